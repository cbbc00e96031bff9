from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db


def test_it_offers_a_stranger_sign_up_and_log_in_from_home(client: Client) -> None:
    page = client.get("/").content.decode()
    assert "Sign up to keep score" in page
    assert 'href="/accounts/login/"' in page


def test_it_refuses_post_on_the_home_page(client: Client) -> None:
    assert client.post("/").status_code == 405


@pytest.mark.browser
def test_it_loads_the_first_page_with_htmx_in_a_phone_browser(
    live_server: LiveServer, page: Page
) -> None:
    page.goto(live_server.url)
    page.get_by_role("link", name="Sign up to keep score").tap()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    # htmx comes from django-htmx's vendored copy, served from our own static files.
    assert page.evaluate("typeof window.htmx") == "object"
    assert page.evaluate("window.innerWidth") == 390
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
