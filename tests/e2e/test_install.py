"""The board can be installed on the phone's home screen: Chromium reports no
installability errors for it over localhost (a secure context). Chromium
only: the check is its DevTools protocol's ``Page.getInstallabilityErrors``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.e2e.board import open_board
from tests.factories import MatchFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_chromium_reports_no_installability_errors_for_the_board(
    playwright: Any,
    browser_type_launch_args: dict[str, Any],
    browser_context_args: dict[str, Any],
    live_server: LiveServer,
    tmp_path: Path,
) -> None:
    user: AbstractBaseUser = UserFactory()
    client = Client()
    client.force_login(user)
    match = MatchFactory(host=user, game="gin", players=["Alice", "Ben"])
    # A profile on disk: Chromium never offers to install from an off-the-record one.
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), **browser_type_launch_args, **browser_context_args
    )
    try:
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": live_server.url,
                }
            ]
        )
        page = context.new_page()
        assert live_server.url.startswith("http://localhost:")
        open_board(page, live_server, match)
        page.get_by_role("heading", name="Record hand 1").wait_for()
        cdp = context.new_cdp_session(page)
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"].endswith("/manifest.webmanifest")
        assert not manifest.get("errors")
    finally:
        context.close()
