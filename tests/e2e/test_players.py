"""A player's page on the phone: head to head in view after Compare."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Player
from tests.factories import MatchFactory, gin_hand, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_compare_opens_on_the_comparison(page: Page, live_server: LiveServer, host) -> None:
    for went_out in ("Alice", "Ben", "Alice", "Cara"):
        match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
        others = {name: 50 for name in ("Alice", "Ben", "Cara") if name != went_out}
        record(match, hand(went_out, **others))
    # A second game's figures too: the comparison starts below the fold.
    gin = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(gin, gin_hand("Alice", Alice=7, Ben=22))
    alice = Player.objects.get(host=host, name="Alice")
    page.goto(live_server.url + reverse("matches:player", args=[alice.pk]))
    comparison = page.get_by_role("heading", name="Head to head")
    expect(comparison).not_to_be_in_viewport()
    page.get_by_label("Against").select_option(label="Ben")
    page.get_by_role("button", name="Compare").tap()
    expect(page.get_by_text("who placed ahead")).to_be_in_viewport()
    expect(comparison).to_be_in_viewport()
    assert page.evaluate("() => window.scrollY") > 0  # the page was moved to it
