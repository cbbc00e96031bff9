"""Entering a hand by the cards held, with the card picker: the app adds the
cards up (docs/rules.md, "Cards and leftovers")."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event
from tests.e2e.board import (
    expect_totals,
    history,
    htmx_settled,
    leftover,
    open_board,
    preview,
    save,
)
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_picker(page: Page, name: str) -> Locator:
    """Tap "Cards" beside ``name``'s box: the picker of the cards they held."""
    toggle = page.get_by_role("button", name=f"Cards {name} held")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    return page.get_by_role("group", name=f"Cards {name} held")


def went_out(page: Page, name: str) -> None:
    """Tap who went out, last: the tap asks for the preview at once. (A card
    tapped while an earlier preview arrives is left out of the preview:
    test_preview.py.)"""
    htmx_settled(page)
    page.get_by_role("radio", name=name, exact=True).tap()


def test_it_records_a_hand_entered_by_cards(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice")
    open_board(page, live_server, match)

    alice = open_picker(page, "Alice")
    alice.get_by_role("button", name="Add a king").tap()
    alice.get_by_role("button", name="Add a queen").tap()  # a slip of the finger
    expect(leftover(page, "Alice")).to_have_value("K Q")
    alice.get_by_role("button", name="Take back Q").tap()
    # The last card left is the one Take back names now.
    expect(alice.get_by_role("button", name="Take back K")).to_be_visible()
    alice.get_by_role("button", name="Add a 9").tap()
    alice.get_by_role("button", name="Add a 4").tap()
    expect(leftover(page, "Alice")).to_have_value("K 9 4")
    # How many of a card are picked is on its button.
    expect(alice.get_by_role("button", name="Add a king, 1 picked")).to_have_text("K×1")
    expect(alice.get_by_role("button", name="Add a queen", exact=True)).to_have_text("Q")

    cara = open_picker(page, "Cara")
    for rank in ("an ace", "a jack", "a 7", "a 5", "a 2", "a 5"):
        cara.get_by_role("button", name=f"Add {rank}").tap()
    cara.get_by_role("button", name="Take back 5").tap()
    expect(leftover(page, "Cara")).to_have_value("A J 7 5 2")
    cara.get_by_role("button", name="Take back 2").tap()
    cara.get_by_role("button", name="Take back 5").tap()
    cara.get_by_role("button", name="Take back 7").tap()
    cara.get_by_role("button", name="Add a 5").tap()
    cara.get_by_role("button", name="Add a 2").tap()
    expect(leftover(page, "Cara")).to_have_value("A J 5 2")
    went_out(page, "Ben")

    expect(preview(page)).to_contain_text("Will record: Ben takes 41")
    # Each box given as cards, with the cards as read.
    expect(preview(page).locator(".counted")).to_have_text("Alice 23 (K 9 4) · Cara 18 (A J 5 2)")
    expect_totals(page, Alice=0, Ben=0, Cara=0)
    assert not Event.objects.filter(match=match).exists()

    save(page, 1).tap()

    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(history(page)).to_have_count(1)
    expect(history(page)).to_contain_text("Alice held K 9 4 (23).")
    expect(history(page)).to_contain_text("Cara held A J 5 2 (18).")


def test_no_card_moves_as_cards_are_picked(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    # A long name: the words of the sum take more lines as it grows.
    long = "Christopher Robertson"
    match = MatchFactory(host=host, players=[long, "Ben"], first_dealer="Ben")
    open_board(page, live_server, match)
    picker = open_picker(page, long)
    king = picker.get_by_role("button", name=re.compile("^Add a king"))
    before = king.bounding_box()
    for rank in ("an ace", "a 9", "a 10", "a queen", "a jack", "a 10", "an 8", "a 7"):
        picker.get_by_role("button", name=re.compile(f"^Add {rank}")).tap()
        # A quick next tap lands where the last did: nothing has moved.
        assert king.bounding_box() == before, rank
    expect(leftover(page, long)).to_have_value("A 9 10 Q J 10 8 7")


def test_it_counts_aces_at_the_house_value(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice", ace_value=15)
    open_board(page, live_server, match)

    alice = open_picker(page, "Alice")
    alice.get_by_role("button", name="Add an ace").tap()
    alice.get_by_role("button", name="Add an ace").tap()
    expect(alice.get_by_role("button", name="Add an ace, 2 picked")).to_have_text("A×2")
    open_picker(page, "Cara").get_by_role("button", name="Add a 5").tap()
    went_out(page, "Ben")

    expect(preview(page)).to_contain_text("Will record: Ben takes 35")
    # Alice's two aces counted; Cara's lone 5 reads as 5 points, which says itself.
    expect(preview(page).locator(".counted")).to_have_text("Alice 30 (A A)")

    save(page, 1).tap()

    expect_totals(page, Alice=0, Ben=35, Cara=0)
    expect(history(page)).to_contain_text("Alice held A A (30).")
