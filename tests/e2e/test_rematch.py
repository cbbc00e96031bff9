"""A rematch once a match closes: the same players and house rules, every
total at 0, the deal one seat along from the old match's first dealer."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import dealer, enter_hand, expect_totals, open_board, save
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_starts_a_rematch_with_the_same_rules_and_the_next_dealer(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(
        host=host, first_dealer="Alice", scheme="penalty", target=200, ace_value=15
    )
    record(
        match,
        hand("Ben", Alice=60, Cara=60),
        hand("Ben", Alice=60, Cara=50),
        hand("Ben", Alice=60, Cara=50),
    )
    open_board(page, live_server, match)
    expect_totals(page, Alice=180, Ben=0, Cara=160)

    enter_hand(page, "Cara", Alice=25, Ben=10)
    save(page, 4).tap()

    expect(page.get_by_role("heading", name="Ben wins", level=1)).to_be_visible()
    expect_totals(page, Alice=205, Ben=10, Cara=160)
    page.get_by_role("button", name="Rematch: same players, next dealer").tap()

    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    assert match.public_id not in page.url
    expect(page.get_by_role("heading", name="Record hand 1 line 200 · penalty")).to_be_visible()
    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(dealer(page)).to_have_text("Ben deals, 7 cards each. Cara plays first.")

    # The house rules not shown on the board came along too.
    page.get_by_role("link", name="Change the house rules").tap()
    expect(page.get_by_role("heading", name="House rules")).to_be_visible()
    expect(page.get_by_role("radio", name=re.compile(r"^Penalty:"))).to_be_checked()
    expect(page.get_by_role("radio", name="15 (round the corner)")).to_be_checked()
    expect(page.get_by_role("radio", name="Doubles the hand")).to_be_checked()

    # The old match is still there, closed, with its winner.
    page.goto(live_server.url + reverse("matches:home"))
    expect(page.get_by_role("link").filter(has_text="Ben won")).to_have_count(1)
    expect(page.get_by_role("link").filter(has_text="no hands yet")).to_have_count(1)
    open_board(page, live_server, match)
    expect(page.get_by_role("heading", name="Ben wins", level=1)).to_be_visible()
