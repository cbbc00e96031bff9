"""The board between hands: taking a hand back, who leads under each scheme,
and the close of the match."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import (
    dealer,
    enter_hand,
    expect_totals,
    history,
    open_board,
    save,
    total,
)
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_takes_a_hand_back_and_puts_it_back(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    open_board(page, live_server, match)
    expect_totals(page, Alice=0, Ben=41, Cara=0)

    page.get_by_role("button", name="Undo: Hand 1: Ben went out").tap()

    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(dealer(page)).to_have_text("Alice deals, 7 cards each. Ben plays first.")
    expect(
        page.get_by_text("Taken back: hand 1, where Ben went out (Alice 23, Cara 18).")
    ).to_be_visible()
    expect(history(page)).to_have_count(0)

    page.get_by_role("button", name="Put it back").tap()

    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Cara plays first.")
    expect(history(page)).to_have_count(1)
    expect(page.get_by_role("button", name="Put it back")).to_have_count(0)


@pytest.mark.parametrize(
    ("scheme", "leader", "totals"),
    [
        ("highest_wins", "Ben", {"Alice": 32, "Ben": 41, "Cara": 0}),
        ("penalty", "Cara", {"Alice": 23, "Ben": 30, "Cara": 20}),
    ],
)
def test_it_marks_the_leader_by_the_scheme(
    page: Page,
    live_server: LiveServer,
    host: AbstractBaseUser,
    scheme: str,
    leader: str,
    totals: dict[str, int],
) -> None:
    match = MatchFactory(host=host, scheme=scheme)
    record(match, hand("Ben", Alice=23, Cara=18))
    open_board(page, live_server, match)

    enter_hand(page, "Alice", Ben=30, Cara=2)
    save(page, 2).tap()

    expect_totals(page, **totals)
    leaders = page.get_by_role("rowheader").filter(has_text=re.compile(r"\bleader\b"))
    expect(leaders).to_have_count(1)
    expect(total(page, leader).get_by_role("rowheader")).to_have_text(
        re.compile(rf"^\s*{leader}\s*leader")
    )


def test_it_closes_the_match_and_names_the_winner(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    open_board(page, live_server, match)

    for number, (went_out, left) in enumerate(
        [("Alice", {"Ben": 50}), ("Alice", {"Ben": 45}), ("Ben", {"Alice": 60})], start=1
    ):
        enter_hand(page, went_out, **left)
        save(page, number).tap()
        expect(save(page, number + 1)).to_be_visible()
    expect_totals(page, Alice=95, Ben=60)
    enter_hand(page, "Alice", Ben=10)
    save(page, 4).tap()

    expect(page.get_by_role("heading", name="Alice wins", level=1)).to_be_visible()
    expect(
        page.get_by_text(
            "Alice wins with the highest total, 105, once the line of 100 was reached."
        )
    ).to_be_visible()
    expect_totals(page, Alice=105, Ben=60)
    expect(page.get_by_role("radio")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile(r"^Save hand"))).to_have_count(0)
    expect(dealer(page)).to_have_count(0)
