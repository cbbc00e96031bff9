"""The phone's offline copy (static/js/sw.js): a board reloaded with no
connection shows the last copy, marked stale with the time it was drawn;
htmx answers are never kept as pages; logging out leaves nothing of the host
on the phone. The connection is cut by aborting every request, the service
worker's too: Playwright's offline switch does not reach those."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import enter_hand, expect_totals, messages, save
from tests.factories import MatchFactory, UserFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page: Page, live_server: LiveServer, user: Any) -> None:
    """``user`` signs in on this phone (a session of theirs in its cookies)."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


def signed_in_page(browser: Browser, live_server: LiveServer, user: Any) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(5_000)
    sign_in(page, live_server, user)
    return page


def controlled(page: Page) -> None:
    """Wait until the service worker looks after the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def wait_until(page: Page, script: str, arg: object = None, tries: int = 100) -> None:
    """Wait until the page's async ``script`` resolves true: polled here,
    as ``wait_for_function`` takes the promise an async function returns for
    a true answer at once."""
    for _ in range(tries):
        if page.evaluate(script, arg):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {script}")


def kept_pages(page: Page) -> list[str]:
    """The addresses the phone keeps a copy of, but the static files, the
    scripts' words and the note of the kept pages' language."""
    return page.evaluate(
        """async () => {
            const urls = [];
            for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const request of await cache.keys()) urls.push(request.url);
            }
            const files = ["/static/", "/words/", "/language-of-kept-pages"];
            const kept = (url) => !files.some((start) => new URL(url).pathname.startsWith(start));
            return urls.filter(kept);
        }"""
    )


def test_a_reload_with_no_connection_shows_the_last_board_marked_stale(
    browser: Browser, live_server: LiveServer
) -> None:
    user = UserFactory()
    match = MatchFactory(host=user)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = signed_in_page(browser, live_server, user)
    board = live_server.url + reverse("matches:detail", args=[match.public_id])
    page.goto(board)
    controlled(page)
    page.reload()  # through the service worker now: its copy is kept
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(page.locator("[data-offline-note]")).to_be_hidden()
    assert kept_pages(page) == [board]

    # A save by htmx goes to the server, and is never kept as a page; the copy
    # of the board is drawn again after it, with no reload.
    enter_hand(page, "Cara", Alice=5, Ben=5)
    save(page, 2).tap()
    expect(messages(page)).to_contain_text("Saved hand 2")
    wait_until(
        page,
        """async (address) => {
            const kept = await caches.match(address);
            return kept !== undefined && (await kept.text()).includes('data-player="Cara">10<');
        }""",
        board,
    )
    assert kept_pages(page) == [board]

    # No connection: every request the page or its service worker sends fails.
    # The copy shows the board as the phone showed it last: hand 2 in.
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.reload()
    expect_totals(page, Alice=0, Ben=41, Cara=10)
    note = page.locator("[data-offline-note]")
    expect(note).to_be_visible()
    expect(note).to_have_text(
        re.compile(r"^Offline copy from \d\d:\d\d [A-Z+0-9-]+: totals may be out of date\.$")
    )


def test_the_very_first_page_a_phone_opens_is_kept_for_a_reload_with_no_connection(
    browser: Browser, live_server: LiveServer
) -> None:
    user = UserFactory()
    match = MatchFactory(host=user)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = signed_in_page(browser, live_server, user)
    board = live_server.url + reverse("matches:detail", args=[match.public_id])
    page.goto(board)  # before any service worker: no reload through it
    # Bounded, and long enough for a loaded machine: the worker fetches them.
    wait_until(
        page, "async (address) => (await caches.match(address)) !== undefined", board, tries=300
    )
    wait_until(  # and its styles and scripts, kept as the page asked
        page,
        """async () => {
            const files = await caches.open("static-v1");
            const kept = (await files.keys()).map((request) => new URL(request.url).pathname);
            return ["/app.css", "/app.js", "/waiting.js", "htmx"].every(
                (name) => kept.some((path) => path.includes(name.replace("/", "")))
            );
        }""",
        tries=300,
    )
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.reload()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(page.locator("[data-offline-note]")).to_be_visible()


def test_log_out_leaves_nothing_of_the_host_on_the_phone(
    browser: Browser, live_server: LiveServer
) -> None:
    user = UserFactory()
    match = MatchFactory(host=user)
    page = signed_in_page(browser, live_server, user)
    board = live_server.url + reverse("matches:detail", args=[match.public_id])
    page.goto(board)
    controlled(page)
    page.reload()
    page.evaluate(
        "() => new Promise((done) => { const open = indexedDB.open('rummy-test');"
        " open.onsuccess = () => { open.result.close(); done(); }; })"
    )
    assert kept_pages(page) == [board]
    assert page.evaluate("() => localStorage.length") == 1  # whose pages they are
    page.get_by_role("button", name="Log out").tap()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    # Not even the log-in page shown since: account pages are never kept.
    assert "/accounts/login/" in page.url
    assert kept_pages(page) == []
    assert page.evaluate("async () => (await indexedDB.databases()).length") == 0
    assert page.evaluate("() => localStorage.length") == 0


def test_the_first_page_a_phone_opens_keeps_its_styles_and_scripts_for_the_copy(
    browser: Browser, live_server: LiveServer
) -> None:
    """A copy shown with no connection has the styles and the scripts (which
    say it is a copy) of the first page the phone opened, kept by the
    service worker as they are fetched or as the page names them."""
    user = UserFactory()
    match = MatchFactory(host=user)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = signed_in_page(browser, live_server, user)
    board = live_server.url + reverse("matches:detail", args=[match.public_id])
    page.goto(board)
    controlled(page)
    wait_until(
        page,
        """async () => {
            const files = await caches.open("static-v1");
            const kept = (await files.keys()).map((request) => new URL(request.url).pathname);
            return ["/app.css", "/app.js", "/waiting.js", "htmx"].every(
                (name) => kept.some((path) => path.includes(name.replace("/", "")))
            );
        }""",
    )
    page.reload()  # through the service worker: the page itself is kept now
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.reload()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(page.locator("[data-offline-note]")).to_be_visible()  # its script ran
    border = page.locator("[data-offline-note]").evaluate(
        "(note) => getComputedStyle(note).borderLeftStyle"
    )
    assert border == "solid"  # and its styles are there


def test_another_host_signing_in_on_the_phone_finds_no_copy_of_the_first_hosts_boards(
    browser: Browser, live_server: LiveServer
) -> None:
    first, second = UserFactory(), UserFactory()
    first_match, second_match = MatchFactory(host=first), MatchFactory(host=second)
    record(second_match, hand("Ben", Alice=23, Cara=18))
    page = signed_in_page(browser, live_server, first)
    first_board = live_server.url + reverse("matches:detail", args=[first_match.public_id])
    page.goto(first_board)
    controlled(page)
    page.reload()
    assert kept_pages(page) == [first_board]

    sign_in(page, live_server, second)  # on the same phone
    second_board = live_server.url + reverse("matches:detail", args=[second_match.public_id])
    page.goto(second_board)
    wait_until(page, "async (address) => (await caches.match(address)) !== undefined", second_board)
    assert kept_pages(page) == [second_board]
    # and the second host's board is there with no connection, styles and all
    page.context.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.reload()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(page.locator("[data-offline-note]")).to_be_visible()
