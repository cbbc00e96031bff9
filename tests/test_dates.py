"""Dates and times read one way everywhere: "3 May 2026, 19:30 UTC" for a
date and time, "19:31 UTC" for a time of day, in every list, board, sheet,
player's page and sentence (scoreboard/formats)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.urls import reverse

from matches import services
from matches.engine.errors import RuleError
from matches.models import Event, Match, Player
from matches.words import refusal
from tests.factories import MatchFactory, hand, record
from tests.test_board_loop import text, url

pytestmark = pytest.mark.django_db

CREATED = datetime(2026, 5, 3, 19, 30, tzinfo=UTC)
TIMES = re.compile(r'<time[^>]*data-local="(datetime|time)"[^>]*>([^<]*)</time>')


def test_every_page_writes_dates_and_times_one_way(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=500)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    Match.objects.filter(pk=match.pk).update(created=CREATED)
    Event.objects.filter(match=match).update(created=datetime(2026, 5, 3, 19, 31, tzinfo=UTC))
    first = Event.objects.filter(match=match).order_by("position").first()
    services.event_delete(match=Match.objects.get(pk=match.pk), event_id=first.pk)
    Event.objects.filter(match=match, deleted__isnull=False).update(
        deleted=datetime(2026, 5, 3, 19, 40, tzinfo=UTC)
    )
    alice = Player.objects.get(host=host, name="Alice")
    seen: dict[str, set[str]] = {"datetime": set(), "time": set()}
    for address in (
        reverse("matches:home"),
        reverse("matches:history"),
        url("detail", match),
        url("entries", match),
        url("sheet", match),
        url("delete_match", match),
        reverse("matches:player", args=[alice.pk]),
    ):
        page = client.get(address).content.decode()
        found = TIMES.findall(page)
        assert found, address
        for kind, shown in found:
            seen[kind].add(shown)
    assert seen == {"datetime": {"3 May 2026, 19:30 UTC"}, "time": {"19:31 UTC", "19:40 UTC"}}
    # In a sentence too.
    ben = Player.objects.get(host=host, name="Ben")
    with pytest.raises(RuleError) as refused:
        services.players_merge(keep=alice, gone=ben)
    assert "in the match of 3 May 2026, 19:30 UTC," in refusal(refused.value)
    deleted = client.post(url("delete_match", match), {"confirm": "yes"}, follow=True)
    assert "Deleted the match of 3 May 2026, 19:30 UTC with Alice, Ben, Cara." in text(deleted)
