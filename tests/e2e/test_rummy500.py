"""Rummy 500 on the phone (390 x 844): eight players, each with a melded
and an in-hand box, every box reachable without losing Save or the result
from view; a negative score said plainly before Save and drawn below zero on
the board."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import dealer, expect_totals, leftover, messages, open_board, preview
from tests.e2e.test_layout import expect_no_sideways_scroll
from tests.e2e.test_table_loop import in_view
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EIGHT = ["Alice", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal"]


def melded(page: Page, name: str):
    return page.get_by_role("textbox", name=f"{name}: Melded", exact=True)


def test_eight_players_fill_sixteen_boxes_with_save_and_the_result_in_view(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="New match").tap()
    page.get_by_role("link", name=re.compile("^Rummy 500")).tap()
    expect(page.get_by_role("textbox", name="Target (the line)")).to_have_value("500")
    for seat, name in enumerate(EIGHT, start=1):
        page.get_by_role("combobox", name=f"Seat {seat}", exact=True).fill(name)
    page.get_by_role("button", name="Start the Rummy 500 match").tap()
    expect(dealer(page)).to_have_text("Alice deals, 7 cards each. Ben plays first.")
    match = Match.objects.get(host=host)
    assert (match.game, match.rules["target"]) == ("rummy500", 500)
    expect_no_sideways_scroll(page)

    save = page.locator("button[type=submit].primary.big")
    page.get_by_role("radio", name="Hal", exact=True).tap()
    for at, name in enumerate(EIGHT):
        box = melded(page, name)
        box.tap()
        in_view(page, box)
        in_view(page, save)  # Save rides the foot of the screen, never over the box
        assert box.bounding_box()["y"] + box.bounding_box()["height"] <= save.bounding_box()["y"]
        page.keyboard.type(str(10 + at))
        if name == "Hal":
            expect(leftover(page, name)).to_be_disabled()
            continue
        box = leftover(page, name)
        box.tap()
        in_view(page, box)
        in_view(page, save)
        page.keyboard.type("25" if name == "Cara" else "3")
    expect(preview(page)).to_contain_text("Cara −13")
    expect(preview(page)).to_contain_text("Hal +17")
    # The preview sits just above Save: a short scroll brings it whole into
    # view, clear of Save, still at hand below it.
    page.mouse.wheel(0, 300)
    expect(preview(page)).to_be_in_viewport(ratio=1)
    in_view(page, save)
    assert (
        preview(page).bounding_box()["y"] + preview(page).bounding_box()["height"]
        <= (save.bounding_box()["y"])
    )
    page.screenshot(path="/tmp/r500_preview.png")
    save.tap()
    expect(messages(page)).to_contain_text("Saved hand 1: Alice +7, Ben +8, Cara −13")
    expect_totals(page, Alice=7, Ben=8, Cara=-13, Hal=17)
    in_view(page, messages(page))
    for name in EIGHT:
        expect(page.locator(f'td.points[data-player="{name}"]')).to_be_visible()
    expect_no_sideways_scroll(page)
    page.screenshot(path="/tmp/r500_saved.png")
    stored = Event.objects.get(match=match).data["hand"]
    assert stored["melded"]["Hal"] == 17 and "Hal" not in stored["in_hand"]


def test_the_stock_running_out_is_one_tap_and_cards_go_in_the_in_hand_box(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, game="rummy500", players=EIGHT[:3])
    open_board(page, live_server, match)
    page.get_by_role("radio", name="Nobody went out: the stock ran out").tap()
    for name, value in (("Alice", "20"), ("Ben", "60"), ("Cara", "5")):
        melded(page, name).fill(value)
    leftover(page, "Alice").fill("25")
    leftover(page, "Ben").fill("0")
    page.get_by_role("button", name="Cards Cara held").tap()
    page.get_by_role("button", name="Add a 5").tap()
    # The picker names the player whose hand it counts, not the melded box.
    expect(page.locator(".picker-sum")).to_have_text("Cara: 5 = 5")
    expect(preview(page)).to_contain_text("Will record: Alice −5, Ben +60, Cara 0")
    page.locator("button[type=submit].primary.big").tap()
    expect_totals(page, Alice=-5, Ben=60, Cara=0)
    expect(page.get_by_text("Hand 1: The stock ran out", exact=True).first).to_be_visible()
