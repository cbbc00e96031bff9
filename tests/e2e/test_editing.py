"""Putting the past right from the history: editing an early hand, deleting
one and putting it back, and an edit refused because a later hand could not
have happened (docs/rules.md, "Editing the past")."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Match
from tests.e2e.board import (
    dealer,
    expect_totals,
    history,
    htmx_settled,
    leftover,
    messages,
    open_board,
)
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TOTALS = {"Alice": 10, "Ben": 41, "Cara": 10}
ALICE_DEALS = "Alice deals, 7 cards each. Ben plays first."


@pytest.fixture
def three_hands(page: Page, live_server: LiveServer, host: AbstractBaseUser) -> Match:
    """Dealt by Alice, Ben and Cara: Ben takes 41, Alice 10, Cara 10."""
    match = MatchFactory(host=host, first_dealer="Alice")
    record(
        match,
        hand("Ben", Alice=23, Cara=18),
        hand("Alice", Ben=5, Cara=5),
        hand("Cara", Alice=4, Ben=6),
    )
    open_board(page, live_server, match)
    expect_totals(page, **TOTALS)
    expect(dealer(page)).to_have_text(ALICE_DEALS)
    return match


def change(page: Page, what: str) -> None:
    """Tap "Change" on a line of the history: its edit page."""
    history(page).filter(has_text=what).get_by_role("link", name="Change").tap()


def edit_hand_1(page: Page) -> None:
    change(page, "Hand 1:")
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(leftover(page, "Cara")).to_have_value("18")
    expect(leftover(page, "Ben")).to_be_disabled()


def test_it_edits_an_early_hand_and_says_what_changed(page: Page, three_hands: Match) -> None:
    edit_hand_1(page)

    page.get_by_role("radio", name="Cara", exact=True).tap()
    expect(leftover(page, "Cara")).to_be_disabled()
    leftover(page, "Ben").fill("10")
    # The same live preview as the board's, and what the edit does to the board.
    expect(page.locator("#hand-preview")).to_have_text(
        "Will record: Cara takes 33 If saved: Totals: Ben 41 → 0, Cara 10 → 43."
    )
    page.get_by_role("button", name="Save the change").tap()

    expect(messages(page)).to_have_text("Hand 1 changed. Totals: Ben 41 → 0, Cara 10 → 43.")
    expect_totals(page, Alice=10, Ben=0, Cara=43)
    expect(history(page).last).to_contain_text("Hand 1: Cara went out Cara takes 33")
    expect(history(page).last).to_contain_text("Alice held 23. Ben held 10.")
    expect(history(page)).to_have_count(3)
    expect(dealer(page)).to_have_text(ALICE_DEALS)


def test_it_refuses_an_edit_that_makes_a_later_hand_impossible(
    page: Page, live_server: LiveServer, three_hands: Match
) -> None:
    edit_hand_1(page)

    # Ben would take 105 in hand 1 and win: hand 2 could not have been dealt.
    leftover(page, "Alice").fill("60")
    leftover(page, "Cara").fill("45")
    page.get_by_role("button", name="Save the change").tap()

    expect(page.get_by_role("alert")).to_have_text(
        "That would make hand 2 impossible: the match is closed: Ben won when the line of "
        "100 was crossed; move the line to reopen it before recording another hand"
    )
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    expect(leftover(page, "Alice")).to_have_value("60")
    expect(leftover(page, "Cara")).to_have_value("45")

    page.get_by_role("link", name="Back to the board").tap()
    expect_totals(page, **TOTALS)
    expect(history(page).last).to_contain_text("Hand 1: Ben went out Ben takes 41")
    expect(dealer(page)).to_have_text(ALICE_DEALS)
    expect(messages(page)).to_have_text("")


def test_it_deletes_a_hand_and_puts_it_back(page: Page, three_hands: Match) -> None:
    change(page, "Hand 1:")
    page.get_by_role("button", name="Delete hand 1").tap()

    # The hands after it move up one: the deal moves back one seat, said
    # hand by hand as each was numbered and dealt.
    expect(messages(page)).to_have_text(
        "Hand 1 deleted. Totals: Ben 41 → 0. Dealers: hand 2, dealt by Ben, is now hand 1, "
        "dealt by Alice; hand 3, dealt by Cara, is now hand 2, dealt by Ben. "
        "Cara deals next (not Alice)."
    )
    expect_totals(page, Alice=10, Ben=0, Cara=10)
    expect(dealer(page)).to_have_text("Cara deals, 7 cards each. Alice plays first.")
    expect(history(page)).to_have_count(2)
    expect(history(page).last).to_contain_text("Hand 1: Alice went out")
    deleted = page.get_by_role("region", name="Deleted").get_by_role("listitem")
    expect(deleted).to_have_count(1)
    expect(deleted).to_contain_text("Hand 1, where Ben went out (Alice 23, Cara 18) deleted at")

    deleted.get_by_role("button", name="Put back").tap()
    # It goes back before the two hands recorded since: the board asks first.
    question = page.get_by_role("alertdialog")
    expect(question).to_contain_text(
        "Putting back the hand where Ben went out (Alice 23, Cara 18) puts it in its place, "
        "before the 2 entries recorded after it. Totals: Ben 0 → 41."
    )
    expect(question.get_by_role("button", name="Yes, put it back")).to_be_focused()
    htmx_settled(page)
    expect_totals(page, Alice=10, Ben=0, Cara=10)
    question.get_by_role("button", name="Yes, put it back").tap()

    expect_totals(page, **TOTALS)
    expect(dealer(page)).to_have_text(ALICE_DEALS)
    expect(history(page)).to_have_count(3)
    expect(history(page).last).to_contain_text("Hand 1: Ben went out Ben takes 41")
    expect(page.get_by_role("region", name="Deleted")).to_have_count(0)
