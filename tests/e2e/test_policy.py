"""The Content Security Policy holds in the browser: the pages run under it
without a violation (every browser test checks that, tests/e2e/conftest.py),
and what it forbids is refused and noticed."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import open_board
from tests.factories import MatchFactory


def test_an_inline_script_is_refused_and_the_watch_sees_it(
    page: Page, live_server: LiveServer, host, policy_violations
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "document.title = 'taken over'";
            document.head.append(script);
            const sheet = document.createElement("style");
            sheet.textContent = "body { display: none }";
            document.head.append(sheet);
        }"""
    )
    expect(page.locator("body")).to_be_visible()
    assert page.title() != "taken over"
    page.wait_for_timeout(200)  # the console messages arrive after the refusal
    refused = list(policy_violations)
    policy_violations.clear()  # seen, and expected here
    assert any("script-src" in each for each in refused), refused
    assert any("style-src" in each for each in refused), refused
