"""A phone in bad light: the dark theme follows the phone, and the screen
stays awake while a board is open."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import open_board, points
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_WAKE_LOCKS = """
window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", {
  value: { request: async (kind) => { window.wakeLocks.push(kind); return { release() {} }; } },
});
"""
NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
SLEEP_HINT = "This phone may dim and sleep during a hand"


def test_it_follows_the_phones_dark_mode(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    page.emulate_media(color_scheme="dark")
    open_board(page, live_server, match)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    ink = points(page, "Alice").evaluate("cell => getComputedStyle(cell).color")
    assert background == "rgb(18, 18, 18)"
    assert ink == "rgb(242, 242, 242)"
    page.emulate_media(color_scheme="light")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"


def test_it_keeps_the_screen_awake_and_takes_the_lock_again_on_return(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.add_init_script(RECORD_WAKE_LOCKS)
    open_board(page, live_server, MatchFactory(host=host))
    page.wait_for_function("() => window.wakeLocks.length === 1")
    assert page.evaluate("window.wakeLocks") == ["screen"]
    # The browser lets go of the lock when the page is hidden; back in view:
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => window.wakeLocks.length === 2")
    expect(page.get_by_text(SLEEP_HINT)).to_be_hidden()


def test_it_says_once_that_the_phone_may_sleep_where_it_cannot_keep_it_awake(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page.add_init_script(NO_WAKE_LOCK)
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    expect(page.get_by_text(SLEEP_HINT)).to_be_visible()
    page.reload()
    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    expect(page.get_by_text(SLEEP_HINT)).to_be_hidden()
