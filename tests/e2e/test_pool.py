"""Pool Rummy on the phone (390 x 844): a match started from the New match
page with 201's defaults filled in by the limit, the table loop (a hand
with a drop in five taps plus digits, the result in view), a count over the
full count said before Save, a player out, rejoining from the board, and a
split that asks first."""

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


def pool_hand(declared: str, **charges: object) -> dict:
    return {"hand": {"declared": declared, "charges": charges}}


def box_word(page: Page, word: str, name: str) -> None:
    """Tap a player's one-tap charge ("drop 20" beside their box)."""
    page.get_by_role("button", name=f"{word} {name}", exact=True).tap()


def test_a_pool_match_starts_with_201s_defaults_and_a_hand_with_a_drop_is_five_taps(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New match").tap()
    page.get_by_role("link", name=re.compile("^Pool Rummy")).tap()
    limit = page.get_by_role("textbox", name="Limit (out at)")
    expect(limit).to_have_value("101")
    expect(page.get_by_role("textbox", name="Drop", exact=True)).to_have_value("20")
    limit.fill("201")
    limit.blur()
    expect(page.get_by_role("textbox", name="Drop", exact=True)).to_have_value("25")
    expect(page.get_by_role("textbox", name="Middle drop")).to_have_value("50")
    expect(page.get_by_role("textbox", name="Rejoining until")).to_have_value("174")
    for seat, name in enumerate(FOUR, start=1):
        page.get_by_role("combobox", name=f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the Pool match").tap()
    expect(dealer(page)).to_have_text("Alice deals, 13 cards each. Ben plays first.")
    match = Match.objects.get(host=host)
    assert (match.game, match.rules["limit"], match.rules["drop"]) == ("pool", 201, 25)

    save = page.locator("button[type=submit].primary.big")
    taps = 0
    page.get_by_role("radio", name="Alice", exact=True).tap()
    taps += 1
    leftover(page, "Ben").tap()
    taps += 1
    page.keyboard.type("35")
    box_word(page, "drop", "Cara")
    taps += 1
    leftover(page, "Dev").tap()
    taps += 1
    page.keyboard.type("10+10+5")
    expect(preview(page)).to_contain_text("Will record: Ben 35, Cara drop 25, Dev 25")
    in_view(page, save)
    save.tap()
    taps += 1
    assert taps <= 5
    expect(messages(page)).to_have_text("Saved hand 1: Ben 35, Cara drop 25, Dev 25.")
    expect_totals(page, Alice=0, Ben=35, Cara=25, Dev=25)
    for name in FOUR:
        in_view(page, page.locator(f'td.points[data-player="{name}"]'))
    in_view(page, save)
    expect_no_sideways_scroll(page)
    assert Event.objects.get(match=match).data["hand"]["charges"]["Cara"] == "drop"


def test_a_count_over_the_full_count_is_said_and_an_out_player_rejoins_from_the_board(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(
        match,
        pool_hand("Dev", Alice=40, Ben=70, Cara=80),
        pool_hand("Alice", Ben=0, Cara=16, Dev=60),
    )
    open_board(page, live_server, match)
    page.get_by_role("radio", name="Dev", exact=True).tap()
    leftover(page, "Alice").fill("30")
    box_word(page, "wrong show", "Ben")
    leftover(page, "Cara").fill("95")
    leftover(page, "Cara").blur()
    expect(preview(page)).to_contain_text(
        "Will record: Alice 30, Ben wrong show 80, Cara 95: charged 80 · Ben and Cara are out"
    )
    page.locator("button[type=submit].primary.big").tap()
    expect_totals(page, Alice=70, Ben=150, Cara=176, Dev=60)
    expect(page.get_by_text("out at hand 3 · may rejoin at 71").first).to_be_visible()
    page.get_by_role("button", name="Ben rejoins at 71").tap()
    expect(messages(page)).to_have_text("Ben rejoined at 71.")
    expect_totals(page, Ben=71)
    expect(page.get_by_role("button", name="Cara rejoins at 72")).to_be_visible()
    expect_no_sideways_scroll(page)


def test_a_split_asks_first_and_ends_the_match_with_shared_places(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, game="pool", players=FOUR[:3])
    record(match, pool_hand("Alice", Ben=55, Cara=72), pool_hand("Ben", Alice=40, Cara=0))
    open_board(page, live_server, match)
    yes = page.get_by_role("button", name="Yes, split the pool")
    expect(yes).to_be_hidden()
    page.get_by_text("Split the pool…").tap()
    yes.tap()
    expect(page.get_by_role("heading", name="No winner")).to_be_visible()
    expect(page.get_by_text("Places: =1 Alice, =1 Ben, =1 Cara")).to_be_visible()
    assert Match.objects.get(pk=match.pk).status == "closed"


def test_a_limit_typed_in_devanagari_digits_gives_its_own_defaults(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/matches/new/?game=pool")
    limit = page.locator("input[name=limit]")
    limit.fill("२०१")
    limit.blur()
    expect(page.locator("input[name=drop]")).to_have_value("25")
    expect(page.locator("input[name=rejoin_until]")).to_have_value("174")
    # A limit of 0101 is 101: the defaults come back.
    limit.fill("0101")
    limit.blur()
    expect(page.locator("input[name=drop]")).to_have_value("20")
    expect(page.locator("input[name=rejoin_until]")).to_have_value("79")
