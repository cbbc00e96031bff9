"""A leftover bigger than the cards dealt could hold is probably a typing
slip: the app asks before saving it, and saves it as typed when told to
(docs/rules.md, "Cards and leftovers", last paragraph)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event
from tests.e2e.board import (
    dealer,
    enter_hand,
    enter_hand_to_preview,
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

QUESTION = "Cara: 230 points in 7 cards?"


def test_it_asks_about_a_large_leftover_and_saves_it_when_told_to(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice")
    open_board(page, live_server, match)
    expect(dealer(page)).to_have_text("Alice deals, 7 cards each. Ben plays first.")

    enter_hand_to_preview(page, "Ben", Alice=23, Cara=230)
    expect(preview(page)).to_contain_text("Will record: Ben takes 253")
    expect(preview(page)).to_contain_text(QUESTION)

    save(page, 1).tap()

    question = page.get_by_role("alertdialog")
    expect(question).to_contain_text(QUESTION)
    expect(question).to_contain_text("That is more than the cards dealt could hold.")
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(leftover(page, "Cara")).to_have_value("230")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(history(page)).to_have_count(0)
    assert not Event.objects.filter(match=match).exists()

    question.get_by_role("button", name="Yes, save it as typed").tap()

    expect_totals(page, Alice=0, Ben=253, Cara=0)
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    expect(history(page)).to_have_count(1)
    expect(history(page)).to_contain_text("Cara held 230.")
    assert Event.objects.filter(match=match).count() == 1


def test_it_saves_a_corrected_leftover_without_asking_again(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice")
    open_board(page, live_server, match)
    enter_hand(page, "Ben", Alice=23, Cara=230)
    save(page, 1).tap()
    expect(page.get_by_role("alertdialog")).to_contain_text(QUESTION)

    htmx_settled(page)
    leftover(page, "Cara").fill("23")
    leftover(page, "Cara").blur()  # Done on the keyboard, to read the preview
    expect(preview(page)).to_have_text("Will record: Ben takes 46")
    save(page, 1).tap()

    expect_totals(page, Alice=0, Ben=46, Cara=0)
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    assert Event.objects.filter(match=match).count() == 1


def test_a_question_about_a_box_corrected_since_goes_away(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice")
    open_board(page, live_server, match)
    enter_hand_to_preview(page, "Ben", Alice=23, Cara=230)
    save(page, 1).tap()
    question = page.get_by_role("alertdialog")
    expect(question).to_contain_text(QUESTION)
    htmx_settled(page)  # the new board's preview listens from then on

    leftover(page, "Cara").fill("23")
    expect(preview(page)).to_contain_text("Will record: Ben takes 46")
    expect(page.get_by_role("alertdialog")).to_have_count(0)
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=46, Cara=0)
