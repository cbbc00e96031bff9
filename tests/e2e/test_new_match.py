"""Starting a match through the New match form."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Match
from tests.e2e.board import dealer, expect_totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_starts_the_match_of_worked_example_1(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New match").tap()

    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    for seat, name in enumerate(["Alice", "Ben", "Cara"], start=1):
        page.get_by_role("combobox", name=f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("radio", name="Seat 1 deals first").tap()
    expect(page.get_by_role("radio", name="Highest wins")).to_be_checked()
    page.get_by_role("button", name="Start the match").tap()

    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(dealer(page)).to_have_text("Alice deals, 7 cards each. Ben plays first.")
    match = Match.objects.get(host=host)
    assert match.player_names() == ["Alice", "Ben", "Cara"]


def test_switching_the_game_keeps_the_names_and_the_line_typed(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/matches/new/")
    page.get_by_role("combobox", name="Seat 1", exact=True).fill("Alice")
    page.get_by_role("combobox", name="Seat 2", exact=True).fill("Ben & Co")
    line = page.locator("input[name=target]")
    line.fill("200")  # a fresh host's line went back to 100 on the switch
    game = page.get_by_role("navigation", name="Game")
    game.get_by_role("link", name="Gin Rummy").tap()
    expect(page.get_by_role("button", name="Start the Gin match")).to_be_visible()
    expect(page.get_by_role("combobox", name="Seat 1", exact=True)).to_have_value("Alice")
    expect(page.get_by_role("combobox", name="Seat 2", exact=True)).to_have_value("Ben & Co")
    expect(line).to_have_value("200")
    game.get_by_role("link", name="Rummy 2 to 6 players", exact=True).tap()
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
    expect(page.get_by_role("combobox", name="Seat 2", exact=True)).to_have_value("Ben & Co")
    expect(line).to_have_value("200")
    expect(page.get_by_role("combobox", name="Seat 3", exact=True)).to_have_value("")
