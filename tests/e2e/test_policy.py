"""The Content Security Policy holds in the browser: the pages run under it
without a violation (every browser test checks that, tests/e2e/conftest.py),
and what it forbids is refused and noticed."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import enter_hand, htmx_settled, messages, open_board, save
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


def test_a_save_swaps_a_board_whose_boxes_carry_a_style_attribute_without_a_violation(
    page: Page, live_server: LiveServer, host, policy_violations
) -> None:
    """Something outside the page (a browser's autofill, an extension, a
    test driver) may leave ``style=""`` on a box; htmx, settling the swapped
    board, would copy it onto the new box, an inline style the policy
    refuses. htmx settles no style here (``attributesToSettle``)."""
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    # Through the style object, which the policy allows: it leaves style="".
    page.evaluate(
        """() => document.querySelectorAll('#board input, #board button').forEach((box) => {
            box.style.color = 'red';
            box.style.removeProperty('color');
        })"""
    )
    assert page.locator("#board input[style='']").count() > 3
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(messages(page)).to_contain_text("Saved hand 1")
    htmx_settled(page)
    page.wait_for_timeout(200)  # the console messages arrive after the refusal
    assert list(policy_violations) == []
