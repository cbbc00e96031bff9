from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings

# Playwright's sync API runs an event loop in the test's thread, and Django
# refuses database access from a thread with a running loop. The browser tests
# touch the database from that thread only through fixtures and live_server.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_configure(config: pytest.Config) -> None:
    # Hosts are made by the hundred: the real hasher would take seconds each
    # time. The tests check who may log in, not how hard a hash is to break.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# Playwright may not download its own browsers here: the tests drive Debian's
# Chromium. The flags let it run as root in a container, without a GPU, and keep
# it from calling home on a machine whose network refuses such connections.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # The scoreboard is kept on a phone: a 390x844 touch screen at 3x density.
    return {
        **browser_context_args,
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 3,
    }


@pytest.fixture
def host(client: Any) -> Any:
    """A signed-in host: the test client is logged in as a new user."""
    from tests.factories import UserFactory

    user = UserFactory()
    client.force_login(user)
    return user


@pytest.fixture(autouse=True)
def _pages_forgotten() -> Any:
    """Each test starts with no kept page parts, as a restarted server does:
    a rolled-back test may hand the next one the same host and match ids at
    the same versions, which a real database never does."""
    from django.core.cache import caches

    caches["pages"].clear()
    yield


@pytest.fixture(autouse=True)
def _language_forgotten() -> Iterator[None]:
    """Each test ends in the site's language: the test client's requests
    leave the language of the last one active in this thread (Django's
    LocaleMiddleware does not undo it), and a command run by a later test
    would answer in it."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture
def turn_on() -> Iterator[Callable[..., None]]:
    """Turn on addresses a setting serves (``turn_on(ADMIN_ENABLED=True)``,
    ``BENCH_FLOORS``): the settings are changed and scoreboard/urls.py, which
    reads them once, as a server does at its start, is read again; after the
    test, both are as they were."""
    import importlib

    from django.test import override_settings
    from django.urls import clear_url_caches

    import scoreboard.urls

    changed: list[override_settings] = []

    def read_urls_again() -> None:
        importlib.reload(scoreboard.urls)
        clear_url_caches()

    def turn_on(**flags: bool) -> None:
        changed.append(override_settings(**flags))
        changed[-1].enable()
        read_urls_again()

    yield turn_on
    for change in reversed(changed):
        change.disable()
    if changed:
        read_urls_again()
