"""Sharing a board by link: the viewers read it, follow it by polling, and
never write; a new link ends the old one."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from matches import services
from matches.models import Event, Match, MatchPlayer, PendingImport, Player, Seat, ShareLink
from matches.views import shared as shared_views
from tests.factories import MatchFactory, hand, record
from tests.test_board_loop import text, url

pytestmark = pytest.mark.django_db


def shared(host) -> tuple[Match, ShareLink]:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=200)
    record(match, hand("Ben", Alice=23, Cara=18))
    return match, services.share_new(match=match)


def viewer_url(name: str, link: ShareLink) -> str:
    return reverse(f"matches:{name}", args=[link.token])


def test_the_host_shares_the_board_with_a_link_and_a_code(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("share", match), {"action": "new"}, follow=True)
    assert "The board is shared: the others scan the code or open the link." in text(response)
    link = ShareLink.objects.get(match=match, ended=None)
    page = response.content.decode()
    assert f"http://testserver/s/{link.token}/" in page
    assert 'class="share-qr"' in page
    assert len(link.token) >= 22  # at least 128 random bits, base64


def test_a_viewer_reads_the_board_with_no_account_and_no_cookie(host):
    match, link = shared(host)
    viewer = Client()
    response = viewer.get(viewer_url("shared", link))
    assert response.status_code == 200
    page = text(response)
    assert "Alice 0" in page and "Ben 41" in page and "Cara 0" in page
    assert "Ben deals , 7 cards each." in page and "line 200" in page
    assert "Hand 1: Ben went out · Ben +41" in page
    assert not response.cookies, "a viewer is given no session or CSRF cookie"
    assert "csrfmiddlewaretoken" not in response.content.decode()
    sheet = viewer.get(viewer_url("shared_sheet", link))
    assert "+41 41" in text(sheet) and "Delete" not in text(sheet) and not sheet.cookies
    # Where the match stands and how it is scored, as the host's sheet says.
    assert "1 hand · line 200 · highest wins Still open: hand 2 is next, Ben deals." in text(sheet)
    # Printed, it says which game and when, as the host's does.
    assert '<h1 class="print-only">Score sheet · Rummy</h1>' in sheet.content.decode()
    assert f'<time datetime="{match.created.isoformat()}"' in sheet.content.decode()
    big = viewer.get(viewer_url("shared_big", link))
    assert "Ben 41" in text(big) and not big.cookies
    # A chat app's preview of the link asks HEAD first.
    for name in ("shared", "shared_sheet", "shared_big"):
        assert viewer.head(viewer_url(name, link)).status_code == 200


def test_a_new_link_ends_the_old_one_and_stopping_ends_it_too(client, host):
    match, first = shared(host)
    client.post(url("share", match), {"action": "new"})
    second = ShareLink.objects.get(match=match, ended=None)
    old = Client().get(viewer_url("shared", first))
    assert old.status_code == 410
    assert "This link was replaced" in text(
        old
    ) and "Ask the host to show you the new code" in text(old)
    assert Client().get(viewer_url("shared", second)).status_code == 200
    client.post(url("share", match), {"action": "stop"})
    stopped = Client().get(viewer_url("shared", second))
    assert stopped.status_code == 410 and "The host stopped sharing this board" in text(stopped)
    unknown = Client().get(reverse("matches:shared", args=["no-such-link"]))
    assert unknown.status_code == 404 and "No board at this link" in text(unknown)


def test_an_unchanged_board_answers_304_with_one_query_and_nothing_else(
    host, django_assert_num_queries
):
    match, link = shared(host)
    viewer = Client()
    first = viewer.get(viewer_url("shared_poll", link))
    tag = first["ETag"]
    assert tag == f'"v{Match.objects.get(pk=match.pk).version}-en"'
    with django_assert_num_queries(1):
        response = viewer.get(viewer_url("shared_poll", link), headers={"If-None-Match": tag})
    assert response.status_code == 304
    assert response.content == b"" and not response.cookies
    # The language comes from the browser's Accept-Language or the switcher's cookie.
    assert sorted(response["Vary"].split(", ")) == ["Accept-Language", "Cookie"]


def test_the_poll_lookup_tells_a_live_link_an_ended_one_and_none(host):
    match, link = shared(host)
    version = Match.objects.get(pk=match.pk).version
    assert shared_views.poll_state(link.token) == (True, version)
    record(match, {"target": 300})
    assert shared_views.poll_state(link.token) == (True, version + 1)
    ShareLink.objects.filter(pk=link.pk).update(ended=timezone.now())
    assert shared_views.poll_state(link.token) == (False, version + 1)
    assert shared_views.poll_state("no-such-link") is None
    assert shared_views.poll_state("é" * 10) is None


WRITES = {
    "record": lambda m: record(m, hand("Cara", Alice=5, Ben=7)),
    "line": lambda m: record(m, {"target": 300}),
    "leave": lambda m: record(m, {"leave": "Cara"}),
    "join": lambda m: record(m, {"join": "Dan"}),
    "undo": lambda m: services.event_undo(match=m),
    "edit": lambda m: services.event_edit(
        match=m, event_id=m.events.first().pk, data=hand("Ben", Alice=3, Cara=4)
    ),
    "delete": lambda m: services.event_delete(match=m, event_id=m.events.first().pk),
    "abandon": lambda m: services.match_abandon(match=m),
}


@pytest.mark.parametrize("write", sorted(WRITES))
def test_after_every_kind_of_write_the_poll_brings_the_new_board(host, write):
    match, link = shared(host)
    viewer = Client()
    tag = viewer.get(viewer_url("shared_poll", link))["ETag"]
    WRITES[write](match)
    response = viewer.get(viewer_url("shared_poll", link), headers={"If-None-Match": tag})
    assert response.status_code == 200 and response["ETag"] != tag
    board = Match.objects.get(pk=match.pk).snapshot
    for name, total in zip(board["seats"], board["totals"], strict=True):
        assert re.search(
            rf"{name}\b.*?<td class=\"points\">{total}</td>", response.content.decode(), re.S
        )


def test_a_rematch_started_before_the_end_is_pointed_to_from_the_open_board(client, host):
    match, link = shared(host)
    token = "1f3c1a34-6b1e-4d4e-9a51-0c1d2e3f4a5b"
    client.post(url("rematch", match), {"token": token, "confirm": "1"})
    rematch = Match.objects.get(pk=match.pk).next_match
    new_link = ShareLink.objects.get(match=rematch, ended=None)
    # The poll brings the pointer: the rematch changed the old board's version.
    poll = Client().get(
        viewer_url("shared_poll", link), HTTP_IF_NONE_MATCH=f'"v{link.match.version}-en"'
    )
    assert poll.status_code == 200
    assert "The host started a new match with this table: follow it" in text(poll)
    assert reverse("matches:shared", args=[new_link.token]) in poll.content.decode()


def test_a_closed_match_polls_as_often_and_points_to_the_rematch(client, host, settings):
    # A move of the line or an edit can reopen it at any moment: a follower
    # sees that within the open match's interval, not half a minute later.
    match, link = shared(host)
    record(match, hand("Ben", Alice=70, Cara=70), hand("Ben", Alice=10, Cara=10))
    response = Client().get(viewer_url("shared_poll", link))
    assert response["X-Poll-Interval"] == str(settings.FOLLOW_POLL_OPEN_MS) == "2000"
    client.post(url("rematch", match), {"token": "8f3c1a34-6b1e-4d4e-9a51-0c1d2e3f4a5b"})
    rematch = Match.objects.get(pk=match.pk).next_match
    new_link = ShareLink.objects.get(match=rematch, ended=None)
    page = text(Client().get(viewer_url("shared", link)))
    assert "The rematch has started: follow it" in page
    assert (
        reverse("matches:shared", args=[new_link.token])
        in Client().get(viewer_url("shared", link)).content.decode()
    )


# Every URL, walked from the resolver, refuses a viewer who holds only the link ------------


def every_pattern(patterns: Any = None, prefix: str = "") -> list[tuple[str, URLPattern]]:
    """Every URL pattern of the project with its full name, includes walked."""
    found = []
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            namespace = f"{pattern.namespace}:" if pattern.namespace else prefix
            found += every_pattern(pattern.url_patterns, namespace)
        elif pattern.name:
            found.append((f"{prefix}{pattern.name}", pattern))
    return found


def state() -> tuple:
    """Everything a write could change."""
    return (
        list(Match.objects.values_list("pk", "version", "abandoned", "rules", "next_match")),
        list(Event.objects.values_list("pk", "data", "deleted")),
        list(ShareLink.objects.values_list("pk", "ended")),
        list(Player.objects.values_list("pk", "name")),
        Seat.objects.count(),
        MatchPlayer.objects.count(),
        PendingImport.objects.count(),
    )


def test_a_viewer_with_only_the_link_can_write_nothing_at_any_url(host):
    match, link = shared(host)
    event = match.events.first()
    player = Player.objects.filter(host=host).first()
    values = {
        "public_id": match.public_id,
        "event_id": event.pk,
        "player_id": player.pk,
        "token": link.token,
        "uidb64": "MQ",
        "app_label": "matches",
        "model_name": "match",
        "object_id": str(match.pk),
    }
    viewer = Client(enforce_csrf_checks=True)
    viewer.cookies["share"] = link.token
    before = state()
    walked = []
    for name, pattern in every_pattern():
        keys = list(pattern.pattern.converters) or re.findall(r"\(\?P<(\w+)>", str(pattern.pattern))
        try:
            path = reverse(name, kwargs={key: values.get(key, "1") for key in keys})
        except Exception:  # noqa: BLE001  (an admin pattern with another shape)
            continue
        for method in ("get", "post"):
            response = getattr(viewer, method)(path, {"token": link.token, "action": "new"})
            allowed = {302, 401, 403, 404, 405, 410}
            if name.startswith("matches:shared") and method == "get":
                allowed = {200}
            elif method == "get" and not name.startswith("matches:"):
                allowed |= {200}  # the log-in and sign-up pages, the floor
            elif method == "get" and name in ("matches:home", "matches:scoring", "matches:signup"):
                allowed |= {200}  # the welcome page and the rules: no match of anyone's
            assert response.status_code in allowed, (
                f"{method.upper()} {path}: {response.status_code}"
            )
            walked.append(name)
    assert state() == before
    # The walk reached the pages that write.
    assert {"matches:hand", "matches:undo", "matches:share", "matches:delete_match"} <= set(walked)


def test_every_page_open_to_anyone_describes_itself_to_search_engines(host):
    """Every public page (log-in, sign-up, the rules, the welcome, a share
    link's board, sheet and big screen) carries a meta description."""
    match, link = shared(host)
    stranger = Client()
    addresses = [
        reverse("login"),
        reverse("matches:signup"),
        reverse("matches:scoring"),
        reverse("matches:home"),
        reverse("password_reset"),
        *(viewer_url(name, link) for name in ("shared", "shared_sheet", "shared_big")),
    ]
    for address in addresses:
        response = stranger.get(address)
        assert response.status_code == 200, address
        found = re.search(r'<meta name="description" content="([^"]+)">', response.content.decode())
        assert found is not None and len(found.group(1)) > 40, address
