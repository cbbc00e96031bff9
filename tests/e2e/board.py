"""The match page as a host sees it, found by role and label: the totals,
who deals, the hand form and the hands so far."""

from __future__ import annotations

import re

from django.urls import reverse
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Match


def open_board(page: Page, live_server: LiveServer, match: Match) -> None:
    page.goto(live_server.url + reverse("matches:detail", kwargs={"public_id": match.public_id}))


def total(page: Page, name: str) -> Locator:
    """The row of the score sheet for ``name``: "Ben leader 41", with the
    boxes of the hand form when one is open."""
    sheet = page.get_by_role("table").filter(has=page.get_by_role("columnheader", name="Player"))
    return sheet.get_by_role("row").filter(
        has=page.get_by_role("rowheader", name=re.compile(rf"^{re.escape(name)}\b"))
    )


def points(page: Page, name: str) -> Locator:
    """The total in big type on ``name``'s row."""
    return total(page, name).locator("td.points")


def expect_total(page: Page, name: str, points_: int) -> None:
    shown = str(points_) if points_ >= 0 else f"−{-points_}"
    expect(points(page, name)).to_have_text(re.compile(rf"^\s*({re.escape(shown)}|{points_})\s*$"))


def expect_totals(page: Page, **totals: int) -> None:
    for name, value in totals.items():
        expect_total(page, name, value)


def dealer(page: Page) -> Locator:
    """The banner under the totals: "Ben deals, 7 cards each. Cara plays first." """
    return page.get_by_role("paragraph").filter(has_text=re.compile(r"deals, \d+ cards each"))


def history(page: Page) -> Locator:
    """The hands (and other events) so far, newest first."""
    return page.get_by_role("region", name="So far").get_by_role("listitem")


def leftover(page: Page, name: str) -> Locator:
    return page.get_by_role("textbox", name=name, exact=True)


def save(page: Page, number: int) -> Locator:
    return page.get_by_role("button", name=f"Save hand {number}")


def enter_hand(page: Page, went_out: str, **leftovers: int | str) -> None:
    """Fill the hand form as a host does: tap who went out, type the leftovers."""
    page.get_by_role("radio", name=went_out, exact=True).tap()
    for name, points in leftovers.items():
        leftover(page, name).fill(str(points))


def expect_entered(page: Page, went_out: str, **leftovers: int | str) -> None:
    """The hand form holds what ``enter_hand`` types: who went out ticked,
    each leftover in its player's box."""
    expect(page.get_by_role("radio", name=went_out, exact=True)).to_be_checked()
    for name, points in leftovers.items():
        expect(leftover(page, name)).to_have_value(str(points))


def preview(page: Page) -> Locator:
    """The line under the hand form that says what Save would record (or what
    is wrong): the status that is neither the messages (a list) nor the
    result of a closed match (a heading)."""
    return (
        page.get_by_role("status")
        .filter(has_not=page.get_by_role("listitem"))
        .filter(has_not=page.get_by_role("heading"))
    )


def messages(page: Page) -> Locator:
    """What the last change did, the note above the board ("Hand 1 changed. ...")."""
    return page.locator("#note")


def htmx_settled(page: Page) -> None:
    """Wait until htmx has no request on its way and has wired up what it last
    swapped in (20 ms after the swap). A preview asked for before then is
    lost: see test_preview.py."""
    page.wait_for_function(
        # A function, not an expression: Playwright would eval an expression,
        # which the page's Content Security Policy forbids.
        "() => !document.querySelector("
        "'.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')"
    )


def enter_hand_to_preview(page: Page, went_out: str, **leftovers: int | str) -> None:
    """``enter_hand``, then Done on the phone's keyboard to read the preview:
    the last box loses focus, which asks for the preview at once. Done is
    tapped once the previews asked for while typing have arrived, as a host
    reading the screen would: a preview that arrives while the host types
    drops the typing after it (test_preview.py)."""
    enter_hand(page, went_out, **leftovers)
    htmx_settled(page)
    if leftovers:
        leftover(page, list(leftovers)[-1]).blur()
