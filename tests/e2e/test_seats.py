"""Players leaving the table and joining it between hands, and who deals
after (docs/rules.md, "Seats, dealer and deal size")."""

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
    htmx_settled,
    leftover,
    open_board,
    save,
    total,
)
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def expect_seats(page: Page, *names: str) -> None:
    """The lines of the board, in order: "Cara (left)" for a player who left
    (marked "left after hand N")."""
    for name in names:
        badge = total(page, name.removesuffix(" (left)")).get_by_text(
            re.compile(r"^left (after hand \d+|before hand 1)$")
        )
        if name.endswith(" (left)"):
            expect(badge).to_be_visible()
        else:
            expect(badge).to_have_count(0)
    rows = page.get_by_role("table").get_by_role("rowheader")
    expect(rows).to_have_text(
        [re.compile(rf"^\s*{name.removesuffix(' (left)')}\b") for name in names]
    )


def seats_tool(page: Page) -> None:
    page.get_by_text("Someone leaves or joins").tap()
    expect(page.get_by_role("button", name="Leaves")).to_be_visible()


def test_it_skips_a_player_who_left_and_deals_to_her_when_she_comes_back(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Eve"], first_dealer="Alice")
    record(match, hand("Cara", Alice=5, Ben=6, Eve=7))  # dealt by Alice
    open_board(page, live_server, match)
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Cara plays first.")

    seats_tool(page)
    page.get_by_role("combobox", name="Who leaves the table").select_option("Cara")
    page.get_by_role("button", name="Leaves").tap()

    # Her total stays on the board, below the players still seated.
    expect_seats(page, "Alice", "Ben", "Eve", "Cara (left)")
    expect_totals(page, Alice=0, Ben=0, Eve=0, Cara=18)
    # Ben still deals hand 2; Cara is skipped. 3 players: 7 cards each.
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Eve plays first.")
    expect(leftover(page, "Cara")).to_have_count(0)

    enter_hand(page, "Ben", Alice=4, Eve=3)
    save(page, 2).tap()

    expect_totals(page, Alice=0, Ben=7, Eve=0, Cara=18)
    expect(dealer(page)).to_have_text("Eve deals, 7 cards each. Alice plays first.")

    seats_tool(page)
    page.get_by_role("combobox", name="Who joins").fill("Cara")
    page.get_by_role("button", name="Joins").tap()

    # Back in her own seat with her total. Ben dealt the last hand and she
    # sits after him, so she deals next.
    expect_seats(page, "Alice", "Ben", "Cara", "Eve")
    expect_totals(page, Alice=0, Ben=7, Cara=18, Eve=0)
    expect(dealer(page)).to_have_text("Cara deals, 7 cards each. Eve plays first.")
    expect(leftover(page, "Cara")).to_be_visible()


def test_it_seats_a_newcomer_after_the_chosen_player(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Eve"], first_dealer="Alice")
    record(match, hand("Cara", Alice=5, Ben=6, Eve=7))  # dealt by Alice
    open_board(page, live_server, match)
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Cara plays first.")

    seats_tool(page)
    page.get_by_role("combobox", name="Who joins").fill("Dan")
    page.get_by_role("combobox", name="Sits after").select_option("Alice")
    page.get_by_role("button", name="Joins").tap()

    # Dan sits after Alice, who dealt the last hand: he deals next. Five
    # players: 6 cards each.
    expect_seats(page, "Alice", "Dan", "Ben", "Cara", "Eve")
    expect_totals(page, Alice=0, Dan=0, Ben=0, Cara=18, Eve=0)
    expect(dealer(page)).to_have_text("Dan deals, 6 cards each. Ben plays first.")
    expect(leftover(page, "Dan")).to_be_visible()


def test_a_hand_half_typed_follows_each_player_when_someone_leaves_or_joins(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    """The README's promise: a hand half typed stays in the form while the
    host seats someone. The boxes go back by player, not by place: Eve's
    row moves up when Cara leaves, and down when Dan sits after Alice."""
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Eve"], first_dealer="Alice")
    record(match, hand("Cara", Alice=5, Ben=6, Eve=7))
    open_board(page, live_server, match)
    enter_hand(page, "Eve", Alice=12, Ben="10+5", Cara=7)
    htmx_settled(page)

    seats_tool(page)
    page.get_by_role("combobox", name="Who leaves the table").select_option("Cara")
    page.get_by_role("button", name="Leaves").tap()
    expect_seats(page, "Alice", "Ben", "Eve", "Cara (left)")
    expect(page.get_by_role("radio", name="Eve", exact=True)).to_be_checked()
    expect(leftover(page, "Alice")).to_have_value("12")
    expect(leftover(page, "Ben")).to_have_value("10+5")
    expect(leftover(page, "Eve")).to_have_value("")
    htmx_settled(page)

    seats_tool(page)
    page.get_by_role("combobox", name="Who joins").fill("Dan")
    page.get_by_role("combobox", name="Sits after").select_option("Alice")
    page.get_by_role("button", name="Joins").tap()
    expect_seats(page, "Alice", "Dan", "Ben", "Eve", "Cara (left)")
    expect(page.get_by_role("radio", name="Eve", exact=True)).to_be_checked()
    expect(leftover(page, "Ben")).to_have_value("10+5")
    expect(leftover(page, "Dan")).to_have_value("")

    leftover(page, "Dan").fill("3")
    save(page, 2).tap()
    # Eve went out: 12 + 15 + 3.
    expect_totals(page, Alice=0, Dan=0, Ben=0, Eve=30, Cara=18)
