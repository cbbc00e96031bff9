"""Recording hands on the board: the worked example, a double tap, a typo and
a lost connection."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, Request, Route, expect
from pytest_django.live_server_helper import LiveServer

from matches import services
from matches.models import Event, Match
from tests.e2e.board import (
    dealer,
    enter_hand,
    expect_entered,
    expect_total,
    expect_totals,
    history,
    leftover,
    messages,
    open_board,
    preview,
    save,
)
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def example_1(page: Page, live_server: LiveServer, host: AbstractBaseUser) -> Match:
    """docs/rules.md example 1 on the board: Alice, Ben, Cara, Alice deals first."""
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], first_dealer="Alice")
    open_board(page, live_server, match)
    expect(dealer(page)).to_have_text("Alice deals, 7 cards each. Ben plays first.")
    return match


def test_it_records_worked_example_1(page: Page, example_1: Match) -> None:
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()

    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Cara plays first.")
    expect(history(page)).to_have_count(1)
    expect(history(page)).to_contain_text("Hand 1: Ben went out Ben takes 41")
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()


def test_a_sum_typed_in_a_box_takes_smaller_type_to_be_read_back(
    page: Page, example_1: Match
) -> None:
    def size(name: str) -> float:
        return leftover(page, name).evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")

    enter_hand(page, "Ben", Alice=23, Cara="10+10+5")
    assert size("Cara") < size("Alice")
    leftover(page, "Cara").fill("25")  # the sum worked out: the usual type again
    assert size("Cara") == size("Alice")


def test_it_records_one_hand_for_a_double_tap_on_save(page: Page, example_1: Match) -> None:
    enter_hand(page, "Ben", Alice=23, Cara=18)
    sent: list[Request] = []
    page.on("request", lambda request: sent.append(request) if request.method == "POST" else None)
    # Hold the first answer so that the second tap lands while it is on its way.
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/hands/", hold)

    save(page, 1).tap()
    # A finger does not wait for the button to be ready: force skips the check.
    save(page, 1).tap(force=True)
    expect(save(page, 1)).to_be_disabled()

    for route in held:
        route.continue_()
    page.unroute("**/hands/")  # lets through any request not yet handed to `hold`
    expect_total(page, "Ben", 41)
    for request in sent:
        request.response()  # every request sent has had its answer
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(history(page)).to_have_count(1)
    assert Event.objects.filter(match=example_1).count() == 1


def test_a_second_tap_on_the_next_hands_save_sends_nothing_and_keeps_the_note(
    page: Page, example_1: Match
) -> None:
    """A quick answer swaps the next hand's Save in under the finger before
    the second tap of a double tap: that tap must not send the empty form,
    whose refusal ("Choose who went out") would replace the note of the save."""
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(messages(page)).to_contain_text("Saved hand 1: Ben takes 41.")
    save(page, 2).tap(force=True)  # the finger comes down again at once
    page.wait_for_timeout(300)
    expect(messages(page)).to_contain_text("Saved hand 1: Ben takes 41.")
    expect(page.get_by_text("Choose who went out, or nobody")).to_have_count(0)
    assert Event.objects.filter(match=example_1).count() == 1
    # Once the board has settled, the next Save works.
    enter_hand(page, "Cara", Alice=5, Ben=5)
    save(page, 2).tap()
    expect(messages(page)).to_contain_text("Saved hand 2")


def test_it_refuses_a_typo_next_to_the_player_and_keeps_the_values(
    page: Page, example_1: Match
) -> None:
    enter_hand(page, "Ben", Alice=23, Cara=0)
    save(page, 1).tap()

    message = "Cara's leftover must be at least 1"
    expect(page.get_by_role("alert")).to_have_text(message)
    # Next to Cara's box: the box is marked wrong and described by the message.
    expect(leftover(page, "Cara")).to_have_accessible_description(message)
    expect(leftover(page, "Cara")).to_have_attribute("aria-invalid", "true")
    expect(leftover(page, "Alice")).not_to_have_attribute("aria-invalid", "true")
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(leftover(page, "Cara")).to_have_value("0")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(save(page, 1)).to_be_visible()
    assert not Event.objects.filter(match=example_1).exists()


def test_a_save_into_a_match_set_aside_on_another_screen_says_so_and_keeps_the_entries(
    page: Page, example_1: Match
) -> None:
    enter_hand(page, "Ben", Alice=23, Cara=18)
    services.match_abandon(match=Match.objects.get(pk=example_1.pk))  # another screen
    save(page, 1).tap()
    expect(page.get_by_role("alert")).to_have_text(
        "Not saved: this match was set aside as abandoned on another screen. "
        "Your entries are still here: resume the match (open its board in a new tab "
        "and tap Resume this match), then tap Save again."
    )
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(leftover(page, "Cara")).to_have_value("18")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    assert not Event.objects.filter(match=example_1).exists()
    # Resumed on the other screen: the same Save records the hand as typed.
    services.match_resume(match=Match.objects.get(pk=example_1.pk))
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)


def test_a_save_into_a_match_deleted_on_another_screen_says_so_and_keeps_the_entries(
    page: Page, example_1: Match
) -> None:
    enter_hand(page, "Ben", Alice=23, Cara=18)
    Match.objects.filter(pk=example_1.pk).delete()  # another screen deleted it
    save(page, 1).tap()
    expect(page.get_by_role("alert")).to_contain_text(
        "Not saved: this match is not here any more (deleted on another screen?)"
    )
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(leftover(page, "Cara")).to_have_value("18")


def test_a_hand_half_typed_is_there_again_after_the_score_sheet_and_back(
    page: Page, example_1: Match
) -> None:
    """The boxes are drawn with autocomplete off, so the browser would not
    put them back: the board keeps them in the tab while the host looks at
    the sheet."""
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    enter_hand(page, "Cara", Alice="20+3", Ben=7)
    page.get_by_role("link", name="Score sheet and chart").tap()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    page.go_back()
    expect_entered(page, "Cara", Alice="20+3", Ben=7)
    expect(preview(page)).to_contain_text("Cara takes 30")
    save(page, 2).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=30)
    # Saved: nothing of it comes back on the next visit.
    page.reload()
    expect(leftover(page, "Alice")).to_have_value("")


def test_a_hand_typed_then_saved_on_another_screen_meanwhile_is_not_put_back_and_says_so(
    page: Page, example_1: Match
) -> None:
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    enter_hand(page, "Cara", Alice=5, Ben=7)
    page.get_by_role("link", name="Score sheet and chart").tap()
    expect(page).to_have_url(re.compile(r"/sheet/$"))
    # Another phone saves hand 2 its own way while this one looks at the sheet.
    services.event_record(
        match=Match.objects.get(pk=example_1.pk),
        data={"hand": {"went_out": "Alice", "rummy": False, "leftovers": {"Ben": 6, "Cara": 4}}},
        token=None,
        hand_number=2,
    )
    page.go_back()
    expect(page.get_by_role("heading", name="Record hand 3")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text(
        "Hand 2 was saved on another screen while you were away, so what you had typed for it "
        "is not in this form (Alice 5, Ben 7). Check the board's last hand."
    )
    # Nothing of hand 2 ticked for hand 3 (the browser would put the choice back).
    expect(page.get_by_role("radio", name="Cara", exact=True)).not_to_be_checked()
    expect(leftover(page, "Alice")).to_have_value("")


def test_a_hand_half_typed_when_the_board_goes_back_a_hand_is_kept_in_view(
    page: Page, example_1: Match
) -> None:
    """A newcomer half typed hand 7, deleted an earlier hand, and found every
    box empty with no word: what was typed is offered, not put in unasked
    (the hand due may be the one taken back)."""
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    enter_hand(page, "Cara", Alice=5, Ben=7)
    history(page).filter(has_text="Hand 1:").get_by_role("link", name="Change").tap()
    page.get_by_role("button", name="Delete hand 1").tap()
    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    kept = page.get_by_role("note")
    expect(kept).to_contain_text(
        "What you had typed for hand 2 is not saved (Alice 5, Ben 7): the board is at hand 1 now."
    )
    expect(leftover(page, "Alice")).to_have_value("")
    kept.get_by_role("button", name="Put it in this form").tap()
    expect_entered(page, "Cara", Alice=5, Ben=7)
    expect(kept).to_have_count(0)
    expect(preview(page)).to_contain_text("Cara takes 12")
    # An undo asks first; taken back anyway, what was typed is kept in view too.
    save(page, 1).tap()
    enter_hand(page, "Alice", Ben=3, Cara=4)
    page.get_by_role("button", name="Undo: Hand 1: Cara went out").tap()
    page.get_by_role("dialog").get_by_role("button", name="Undo anyway").tap()
    expect(kept).to_contain_text("What you had typed for hand 2 is not saved (Ben 3, Cara 4)")
    # The hand taken back saved anew: the next form gets what was typed for it.
    enter_hand(page, "Cara", Alice=5, Ben=7)
    save(page, 1).tap()
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    expect_entered(page, "Alice", Ben=3, Cara=4)
    expect(kept).to_have_count(0)


def test_log_out_with_a_hand_half_typed_asks_first(page: Page, example_1: Match) -> None:
    """A fresh host logged out from the score sheet and lost the hand they
    had typed: log out forgets it, so it asks."""
    enter_hand(page, "Ben", Alice=23)
    page.get_by_role("button", name="Log out").tap()
    ask = page.get_by_role(
        "dialog", name="A hand is half typed and not saved. If you log out now, it is lost."
    )
    expect(ask).to_be_visible()
    ask.get_by_role("button", name="Stay").tap()
    expect(page.get_by_role("dialog")).to_have_count(0)
    expect(leftover(page, "Alice")).to_have_value("23")
    page.get_by_role("button", name="Log out").tap()
    page.get_by_role("dialog").get_by_role("button", name="Log out anyway").tap()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
