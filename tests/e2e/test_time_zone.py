"""Dates and times in the viewer's own time zone, written one way: the first
page (drawn before the phone said its zone) is written again by the phone,
as the server writes every page after it ("30 Jun 2026, 22:30 EDT")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import history, open_board
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ZONE = "America/New_York"
# 02:30 UTC on 1 July is 22:30 on 30 June in New York (EDT, UTC-4).
CREATED = datetime(2026, 7, 1, 2, 30, tzinfo=UTC)


@pytest.fixture
def new_york(
    browser: Browser,
    browser_context_args: dict[str, Any],
    page: Page,
    host: AbstractBaseUser,
) -> Iterator[Page]:
    """A phone in New York, logged in as ``host`` (the same session cookie)."""
    context = browser.new_context(**browser_context_args, timezone_id=ZONE, locale="en-US")
    context.add_cookies(page.context.cookies())
    yield context.new_page()
    context.close()


def clock(when: datetime) -> str:
    """The app's time: "22:30 EDT"."""
    return f"{when:%H:%M} {when.tzname()}"


@pytest.fixture
def match_at_known_instant(host: AbstractBaseUser) -> Match:
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    Match.objects.filter(pk=match.pk).update(created=CREATED)
    Event.objects.filter(match=match).update(created=CREATED)
    return match


def test_it_shows_dates_and_times_in_the_viewers_time_zone(
    new_york: Page, live_server: LiveServer, match_at_known_instant: Match
) -> None:
    local = CREATED.astimezone(ZoneInfo(ZONE))
    assert (local.month, local.day, local.hour) == (6, 30, 22)

    written = f"{local.day} {local:%b} {local.year}, {clock(local)}"
    assert written == "30 Jun 2026, 22:30 EDT"
    # The first page: drawn in UTC, written again by the phone.
    new_york.goto(live_server.url + reverse("matches:home"))
    link = new_york.get_by_role("link").filter(has_text="Alice 0, Ben 41, Cara 0")
    expect(link).to_contain_text(re.compile(rf"\b{written}(?!\S)"))
    expect(link).not_to_contain_text("UTC")
    # The next: drawn in New York by the server, the same way.
    new_york.reload()
    expect(new_york.locator("body")).to_have_attribute("data-zone", ZONE)
    expect(link).to_contain_text(re.compile(rf"\b{written}(?!\S)"))

    open_board(new_york, live_server, match_at_known_instant)
    expect(history(new_york).first.get_by_text(re.compile(rf"^{clock(local)}$"))).to_be_visible()
    expect(history(new_york).first).not_to_contain_text("UTC")
