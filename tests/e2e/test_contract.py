"""Contract Rummy on the phone (390 x 844): a match started from the New
match page, the board saying the deal, its contract and the cards each, a
deal entered with cards and a sum, a charge too dear for the cards asked
about before saving, and the last deal closing the match with its places."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import dealer, expect_totals, leftover, messages, open_board, preview
from tests.e2e.test_layout import expect_no_sideways_scroll
from tests.e2e.test_table_loop import in_view
from tests.factories import MatchFactory, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Alice", "Ben", "Cara", "Dev"]


def deal(went_out: str | None, **charges: object) -> dict:
    return {"hand": {"went_out": went_out, "charges": charges}}


def test_a_contract_match_says_each_deal_and_takes_one_with_cards_and_a_sum(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New match").tap()
    page.get_by_role("link", name=re.compile("^Contract Rummy")).tap()
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_role("combobox", name=f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the Contract match").tap()
    expect(dealer(page)).to_have_text(
        "Deal 1 of 7: two sets. Alice deals, 10 cards each. Ben plays first."
    )
    assert Match.objects.get(host=host).game == "contract"

    save = page.locator("button[type=submit].primary.big")
    page.get_by_role("radio", name="Cara", exact=True).tap()
    page.get_by_role("button", name="Cards Alice held").tap()
    for card in ("a king", "a 7", "an ace"):
        page.get_by_role("button", name=f"Add {card}").tap()
    leftover(page, "Ben").fill("10+8")
    leftover(page, "Dev").fill("JK 4")
    expect(preview(page)).to_contain_text("Will record: Alice 32, Ben 18, Dev 19")
    in_view(page, save)
    save.tap()
    expect(messages(page)).to_have_text("Saved hand 1: Alice 32, Ben 18, Dev 19.")
    expect_totals(page, Alice=32, Ben=18, Cara=0, Dev=19)
    expect(dealer(page)).to_contain_text("Deal 2 of 7: a set and a run. Ben deals, 10 cards")
    in_view(page, dealer(page))
    expect_no_sideways_scroll(page)


def test_a_dear_charge_is_asked_and_the_last_deal_shows_the_places(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, game="contract", players=FOUR)
    record(match, *[deal("Ben", Alice=20, Cara=15, Dev=30)] * 6)
    open_board(page, live_server, match)
    expect(dealer(page)).to_contain_text("Deal 7 of 7: three runs. Cara deals, 12 cards each.")
    page.get_by_role("radio", name="Called off", exact=False).first.tap()
    leftover(page, "Alice").fill("20")
    leftover(page, "Ben").fill("195")
    leftover(page, "Cara").fill("5")
    leftover(page, "Dev").fill("30")
    page.locator("button[type=submit].primary.big").tap()
    expect(page.locator("#slips-text")).to_contain_text("Ben: 195 points in 12 cards?")
    assert not Event.objects.filter(match=match, position__gt=6).exists()
    leftover(page, "Ben").fill("95")
    page.locator("button[type=submit].primary.big").tap()
    expect(page.get_by_role("heading", name="No winner")).to_be_visible()
    expect(page.get_by_text("Places: =1 Ben, =1 Cara, 3 Alice, 4 Dev")).to_be_visible()
    expect_no_sideways_scroll(page)
