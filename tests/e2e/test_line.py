"""Moving the line: a move that would end the match asks first."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import (
    dealer,
    enter_hand,
    expect_entered,
    expect_totals,
    htmx_settled,
    leftover,
    open_board,
    preview,
    save,
)
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENDS = (
    "Moving the line to 100 ends the match: Alice wins with the highest total, 120, "
    "once the line of 100 was reached."
)


@pytest.fixture
def alice_at_120(page: Page, live_server: LiveServer, host: AbstractBaseUser) -> Match:
    match = MatchFactory(host=host, target=200)
    record(match, hand("Alice", Ben=60, Cara=60))
    open_board(page, live_server, match)
    expect_totals(page, Alice=120, Ben=0, Cara=0)
    return match


def move_the_line(page: Page, now: int, to: int) -> None:
    page.get_by_role("textbox", name=f"Move the line (now {now})").fill(str(to))
    page.get_by_role("button", name="Move", exact=True).tap()


def test_it_asks_before_moving_the_line_ends_the_match(page: Page, alice_at_120: Match) -> None:
    move_the_line(page, now=200, to=100)

    confirm = page.get_by_role("alertdialog", name=ENDS)
    expect(confirm).to_be_visible()
    # The question and both its answers in view: nothing to scroll for.
    expect(confirm.get_by_role("button", name="Yes, move the line to 100")).to_be_in_viewport()
    expect(confirm.get_by_role("link", name="Keep the line at 200")).to_be_in_viewport()
    assert not Event.objects.filter(match=alice_at_120, kind="target").exists()
    confirm.get_by_role("button", name="Yes, move the line to 100").tap()

    expect(page.get_by_role("heading", name="Alice wins", level=1)).to_be_visible()
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.get_by_role("textbox", name="Move the line (now 100)")).to_be_visible()
    expect(save(page, 2)).to_have_count(0)
    assert Event.objects.filter(match=alice_at_120, kind="target").count() == 1


def test_it_keeps_the_line_when_the_host_says_no(page: Page, alice_at_120: Match) -> None:
    move_the_line(page, now=200, to=100)
    confirm = page.get_by_role("alertdialog", name=ENDS)
    expect(confirm).to_be_visible()

    confirm.get_by_role("link", name="Keep the line at 200").tap()

    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(page.get_by_role("textbox", name="Move the line (now 200)")).to_be_visible()
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Cara plays first.")
    expect(save(page, 2)).to_be_visible()
    expect(page.get_by_role("heading", name="Alice wins")).to_have_count(0)
    assert not Event.objects.filter(match=alice_at_120, kind="target").exists()


def test_a_hand_half_typed_stays_when_the_line_moves_or_a_move_is_refused(
    page: Page, alice_at_120: Match
) -> None:
    enter_hand(page, "Ben", Alice=12)
    leftover(page, "Cara").fill("10+5")
    move_the_line(page, now=200, to=0)  # refused: the message, and the hand as typed
    expect(
        page.get_by_text(re.compile(r"must be a whole number of points from \d+"))
    ).to_be_visible()
    expect(leftover(page, "Cara")).to_have_value("10+5")
    htmx_settled(page)
    move_the_line(page, now=200, to=300)
    expect(page.get_by_role("textbox", name="Move the line (now 300)")).to_be_visible()

    expect_entered(page, "Ben", Alice=12, Cara="10+5")
    expect(preview(page)).to_contain_text("Will record: Ben takes 27")
    save(page, 2).tap()
    expect_totals(page, Alice=120, Ben=27, Cara=0)


def test_a_new_line_sent_after_another_screen_set_the_match_aside_is_kept_and_the_reason_shown(
    page: Page, alice_at_120: Match
) -> None:
    """A fresh host tapped Move after another tab set the match aside and saw
    nothing happen: the reason went to the top of the board, out of view."""
    from matches import services

    services.match_abandon(match=Match.objects.get(pk=alice_at_120.pk))
    box = page.get_by_role("textbox", name="Move the line (now 200)")
    box.scroll_into_view_if_needed()
    move_the_line(page, now=200, to=300)
    reason = page.get_by_role("alert").filter(has_text="Not saved: this match was set aside")
    expect(reason).to_be_in_viewport()
    expect(reason).to_have_text(
        "Not saved: this match was set aside as abandoned on another screen. What you typed is "
        "still here: resume the match (open its board in a new tab and tap Resume this match), "
        "then tap Move again."
    )
    expect(box).to_have_value("300")
    assert not Event.objects.filter(match=alice_at_120, kind="target").exists()
