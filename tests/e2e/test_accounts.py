"""Signing up as a host in the browser."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_it_signs_up_a_host_through_the_form(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="Sign up to keep score").tap()

    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill("dana")
    password = page.get_by_label("Password", exact=True)
    expect(password).to_have_accessible_description(re.compile("at least 12 characters"))
    password.fill("a long card table pass")
    page.get_by_label("Password confirmation").fill("a long card table pass")
    page.get_by_role("button", name="Sign up").tap()

    expect(page.get_by_role("heading", name="Your matches")).to_be_visible()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    assert get_user_model().objects.filter(username="dana").exists()


def test_a_refused_sign_up_puts_the_box_in_error_in_view_with_the_focus(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/signup/")
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill("a long card table pass")
    page.get_by_label("Password confirmation").fill("a long card table pasS")
    page.get_by_role("button", name="Sign up").tap()

    confirmation = page.get_by_label("Password confirmation")
    expect(confirmation).to_be_focused()
    expect(confirmation).to_be_in_viewport()
    expect(page.get_by_text("The two password fields didn’t match.")).to_be_in_viewport()
    assert not get_user_model().objects.filter(username="dana").exists()
