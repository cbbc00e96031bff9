"""Gin Rummy on the phone: a match started from the New match page and
played to its final score with a knock, an undercut, a gin, a big gin, a
drawn hand and a fixed typo; a shutout, a negative margin and a close at the
hand limit; and the table loop (after Save the note, both totals and the
next Save in view) at 390 x 844 and 390 x 664."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import (
    dealer,
    expect_totals,
    history,
    leftover,
    messages,
    open_board,
    points,
    preview,
    save,
)
from tests.e2e.test_table_loop import in_view, signed_in
from tests.factories import MatchFactory, gin_hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def knock(page: Page, knocked: str, big_gin: bool = False, **deadwood: int | str) -> None:
    """Fill the Gin hand form as a host does: tap who knocked, type the deadwood."""
    page.get_by_role("radio", name=knocked, exact=True).tap()
    if big_gin:
        page.get_by_role("checkbox", name="Big gin: all eleven cards melded").tap()
    for name, value in deadwood.items():
        leftover(page, name).fill(str(value))


def drawn(page: Page) -> None:
    page.get_by_role("radio", name="Drawn hand: nobody knocked").tap()


def final_score(page: Page) -> Any:
    return page.get_by_role("region", name=re.compile(r"wins$")).get_by_role("listitem")


def test_a_gin_match_from_the_new_match_page_to_its_final_score(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New match").tap()
    page.get_by_role("link", name=re.compile("^Gin Rummy")).tap()
    expect(page.get_by_role("combobox", name="Seat 3", exact=True)).to_have_count(0)
    expect(page.get_by_role("textbox", name="Knock limit")).to_have_value("10")
    expect(page.get_by_role("radio", name="The other player: the deal alternates")).to_be_checked()
    page.get_by_role("combobox", name="Seat 1", exact=True).fill("Alice")
    page.get_by_role("combobox", name="Seat 2", exact=True).fill("Ben")
    page.get_by_role("button", name="Start the Gin match").tap()

    expect(page.get_by_role("heading", name=re.compile("^Record hand 1"))).to_be_visible()
    expect(dealer(page)).to_have_text("Alice deals, 10 cards each. Ben plays first.")
    match = Match.objects.get(host=host)
    assert match.game == "gin"

    # Hand 1, an undercut: the preview says so before Save.
    knock(page, "Alice", Alice=7, Ben=5)
    leftover(page, "Ben").blur()
    expect(preview(page)).to_contain_text("Will record: Undercut: Ben scores 27")
    save(page, 1).tap()
    expect(messages(page)).to_have_text("Saved hand 1: Undercut: Ben scores 27.")
    expect_totals(page, Alice=0, Ben=27)
    expect(dealer(page)).to_have_text("Ben deals, 10 cards each. Alice plays first.")

    # Hand 2, a gin, Ben's deadwood typed as his cards.
    knock(page, "Alice", Alice=0, Ben="K Q 9 2")
    save(page, 2).tap()
    expect(messages(page)).to_have_text("Saved hand 2: Gin: Alice scores 56.")
    expect_totals(page, Alice=56, Ben=27)

    # Hand 3, drawn: no deadwood to type, and the same dealer deals again.
    drawn(page)
    expect(leftover(page, "Alice")).to_be_disabled()
    expect(page.get_by_role("checkbox", name="Big gin: all eleven cards melded")).to_be_disabled()
    save(page, 3).tap()
    expect(messages(page)).to_have_text("Saved hand 3: Drawn hand: nobody scores.")
    expect(dealer(page)).to_have_text("Alice deals, 10 cards each. Ben plays first.")

    # Hand 4 with a typo (31 for 13), fixed in place.
    knock(page, "Ben", Ben=3, Alice=31)
    save(page, 4).tap()
    expect_totals(page, Alice=56, Ben=55)
    page.get_by_role("link", name="Fix hand 4").tap()
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    leftover(page, "Alice").fill("13")
    page.get_by_role("button", name="Save the fix to hand 4").tap()
    expect(messages(page)).to_have_text("Fixed hand 4: Knock: Ben scores 10. Totals: Ben 55 → 37.")
    expect_totals(page, Alice=56, Ben=37)

    # Hand 5, a big gin over the line: the final score, each bonus shown.
    knock(page, "Alice", True, Alice=0, Ben=20)
    save(page, 5).tap()
    winner = page.get_by_role("heading", name="Alice wins", level=1)
    expect(winner).to_be_visible()
    expect(final_score(page)).to_have_text(
        [
            "Alice: 107 + 50 for 2 hands won + 100 game bonus = 257",
            "Ben: 37 + 50 for 2 hands won = 87",
            "Alice wins by 170.",
        ]
    )
    # "Final score" stands apart from the sentence above it.
    said = page.locator(".result > p").first.bounding_box()
    heading = page.locator(".result .final-heading").bounding_box()
    assert heading["y"] >= said["y"] + said["height"] + 6
    expect(history(page).first).to_contain_text("Hand 5: Alice went big gin")
    results = [event.result["result"] for event in Event.objects.filter(match=match)]
    assert results == ["undercut", "gin", "drawn", "knock", "big_gin"]


def test_a_shutout_a_negative_margin_and_the_hand_limit_close_on_the_board(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    shutout = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(shutout, gin_hand("Alice", Alice=0, Ben=12), gin_hand("Alice", Alice=0, Ben=12))
    open_board(page, live_server, shutout)
    knock(page, "Alice", Alice=2, Ben=40)
    save(page, 3).tap()
    expect(final_score(page)).to_have_text(
        [
            "Alice: (112 + 75 for 3 hands won + 100 game bonus) × 2 for the shutout = 574",
            "Ben: 0 = 0",
            "Alice wins by 574.",
        ]
    )

    negative = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], box_bonus=100)
    record(negative, *[gin_hand("Ben", Ben=1, Alice=2)] * 4)
    open_board(page, live_server, negative)
    knock(page, "Alice", Alice=0, Ben=98)
    save(page, 5).tap()
    expect(final_score(page).last).to_have_text(
        "The margin is −81: Ben's final is 81 more than Alice's, from the hands Ben won. "
        "Alice still wins the match, on the totals."
    )

    limit = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], hand_limit=3)
    record(limit, gin_hand("Alice", Alice=2, Ben=22), gin_hand(None))
    open_board(page, live_server, limit)
    knock(page, "Ben", Ben=3, Alice=13)
    save(page, 3).tap()
    expect(page.get_by_role("heading", name="Alice wins", level=1)).to_be_visible()
    expect(page.get_by_text("at the hand limit of 3 hands")).to_be_visible()
    expect(final_score(page).first).to_have_text(
        "Alice: 20 + 25 for 1 hand won + 100 game bonus = 145"
    )


def test_a_refused_hand_names_the_player_and_keeps_what_was_typed(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    open_board(page, live_server, match)
    knock(page, "Alice", Alice=11, Ben=20)
    save(page, 1).tap()
    expect(page.get_by_role("alert").filter(has_text="Alice knocked with 11")).to_be_visible()
    expect(leftover(page, "Alice")).to_have_value("11")
    expect(leftover(page, "Ben")).to_have_value("20")
    assert not Event.objects.filter(match=match).exists()


def test_after_save_the_note_both_totals_and_the_next_save_are_in_view(
    phone: Any, client: Any, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page = signed_in(phone, client, live_server, host)
    names = ["Bartholomew1", "Christabella"]
    match = MatchFactory(host=host, game="gin", players=names, target=1000)
    record(match, *[gin_hand(names[0], **{names[0]: 2, names[1]: 30})] * 5)
    open_board(page, live_server, match)
    knock(page, names[1], **{names[1]: 4, names[0]: 9})
    save(page, 6).tap()
    expect(messages(page)).to_contain_text("Saved hand 6: Knock: Christabella scores 5.")
    expect(save(page, 7)).to_be_visible()
    in_view(page, messages(page))
    for name in names:
        in_view(page, points(page, name))
    in_view(page, save(page, 7))
    expect(page.get_by_role("radio", name=names[0], exact=True)).to_be_focused()
