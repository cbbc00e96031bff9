from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import UserFactory

# A page that does not show what a test waits for fails in seconds, not 30.
TIMEOUT_MS = 5_000
expect.set_options(timeout=TIMEOUT_MS)


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
