from __future__ import annotations

import os
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import UserFactory

# Requests a service worker sends pass Playwright's routing too (Chromium), so
# that a test can cut the connection: the offline switch does not reach them.
# Read when Playwright starts, after this module is imported.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

# A page that does not show what a test waits for fails in seconds, not 30.
TIMEOUT_MS = 5_000
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(autouse=True)
def policy_violations(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every Content Security Policy violation any page of the test reports
    (Chromium prints each to the console): the test fails on one. Each
    browser context the test opens, its own and any more, is watched."""
    seen: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            seen.append(message.text)

    original = Browser.new_context

    def new_context(self: Browser, *args: Any, **kwargs: Any) -> BrowserContext:
        context = original(self, *args, **kwargs)
        context.on("console", watch)
        return context

    monkeypatch.setattr(Browser, "new_context", new_context)
    yield seen
    assert not seen, f"the page broke its Content Security Policy: {seen}"


@pytest.fixture
def page(page: Page) -> Page:
    page.set_default_timeout(TIMEOUT_MS)
    return page


@pytest.fixture
def host(client: Client, live_server: LiveServer, page: Page) -> AbstractBaseUser:
    """A host signed in in the browser: a session made by the test client,
    its cookie handed to the browser, so tests that are not about logging in
    skip the login form."""
    user = UserFactory()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    return user


@pytest.fixture(params=[844, 664], ids=["390x844", "390x664"])
def phone(request: pytest.FixtureRequest, browser: Browser, live_server: LiveServer) -> Any:
    """A phone of that height (664: a real phone with its browser's bars)."""
    context = browser.new_context(
        viewport={"width": 390, "height": request.param},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=3,
    )
    yield context
    context.close()
