"""Who may do what, walked over every URL pattern from the resolver (so a
URL added later is walked too): an anonymous visitor is sent to log in,
another host gets 404 for every page of this host's match, and neither
changes anything. The share-link viewer's walk is in test_sharing.py."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import Event, Match, PendingImport, Player
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_sharing import every_pattern, state

pytestmark = pytest.mark.django_db

# Pages for everyone: no match or player of anyone's is on them.
# The language switcher is everyone's: a visitor chooses the log-in page's language.
PUBLIC = {
    "matches:home",
    "matches:signup",
    "matches:scoring",
    "matches:language",
    "floor",
    "host_floor",
}
# The share link's pages: they read by the token alone (test_sharing.py).
SHARED = {"matches:shared", "matches:shared_poll", "matches:shared_sheet", "matches:shared_big"}
# Pages only the phone's scripts call: a logged-out phone gets 401, never
# the log-in page (static/js/waiting.js keeps the hand and asks to log in).
SCRIPTS = {"matches:hand_send"}


def host_table() -> dict[str, Any]:
    host = UserFactory()
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=23, Cara=18))
    link = services.share_new(match=match)
    pending = PendingImport.objects.create(host=host, token=uuid.uuid4(), text="{}", name="x.json")
    return {
        "public_id": match.public_id,
        "event_id": match.events.first().pk,
        "player_id": Player.objects.filter(host=host).first().pk,
        "token": link.token,
        "import": pending.token,
    }


def host_urls(values: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """(name, path, whether it names one of the host's things) of every page
    of the app that belongs to a host."""
    found = []
    for name, pattern in every_pattern():
        if not name.startswith("matches:") or name in PUBLIC | SHARED:
            continue
        keys = list(pattern.pattern.converters)
        kwargs = {key: values[key] for key in keys}
        if name == "matches:import_confirm":
            kwargs["token"] = values["import"]
        found.append((name, reverse(name, kwargs=kwargs), bool(keys)))
    return found


def test_an_anonymous_visitor_is_sent_to_log_in_from_every_host_page():
    values = host_table()
    visitor = Client()
    before = state()
    login = reverse(settings.LOGIN_URL)
    for name, path, _named in host_urls(values):
        for method in ("get", "post"):
            response = getattr(visitor, method)(path, {"token": values["token"]})
            if response.status_code == 405:
                continue  # a page that takes only the other method
            if name in SCRIPTS:
                assert response.status_code == 401, f"{method.upper()} {path}"
                continue
            assert response.status_code == 302, f"{method.upper()} {path}"
            assert response["Location"].startswith(login), f"{method.upper()} {path}"
    assert state() == before


def test_another_host_gets_404_for_every_page_of_this_hosts_match():
    values = host_table()
    other = Client()
    other.force_login(UserFactory())
    before = state()
    walked = set()
    for name, path, names_a_thing in host_urls(values):
        for method in ("get", "post"):
            response = getattr(other, method)(path, {"token": values["token"], "confirm": "1"})
            if response.status_code == 405:
                continue
            if names_a_thing:
                assert response.status_code == 404, (
                    f"{method.upper()} {path}: {response.status_code}"
                )
                walked.add(name)
            else:  # their own lists and forms: nothing of this host's on them
                assert response.status_code in (200, 302), f"{method.upper()} {path}"
                body = (
                    b"".join(response.streaming_content) if response.streaming else response.content
                )
                assert values["public_id"].encode() not in body, path
    assert state() == before
    assert {"matches:detail", "matches:hand", "matches:sheet", "matches:player"} <= walked


def test_the_admin_changes_and_deletes_nothing(admin_client, turn_on):
    """The admin only reads: a write there would skip the services (the
    snapshot, the players' figures, the versions the pages are kept under)."""
    turn_on(ADMIN_ENABLED=True)
    match = MatchFactory()
    record(match, hand("Ben", Alice=23, Cara=18))
    page = reverse("admin:matches_match_delete", args=[match.pk])
    assert admin_client.post(page, {"post": "yes"}).status_code == 403
    assert Match.objects.filter(pk=match.pk).exists()
    event = Event.objects.get(match=match)
    deleting = reverse("admin:matches_event_delete", args=[event.pk])
    assert admin_client.post(deleting, {"post": "yes"}).status_code == 403
    reading = reverse("admin:matches_match_change", args=[match.pk])
    assert admin_client.get(reading).status_code == 200
