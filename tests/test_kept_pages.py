"""Parts of pages kept as drawn (matches/pages.py): after every kind of
write a page shows what a page drawn afresh shows, each request gets its own
one-time tokens and CSRF field, and a part is drawn for each address, time
zone and filter apart."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from django.core.cache import caches
from django.urls import reverse

from matches import services
from matches.games.rummy.rules import RummyRules
from matches.models import Event, Match, Player
from matches.transfer import export_document
from tests.factories import MatchFactory, UserFactory, gin_hand, hand, record
from tests.test_match_pages import hand_post, text, totals_on, url

pytestmark = pytest.mark.django_db

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def board_of(client, match: Match, **headers) -> str:
    return client.get(url("detail", match), **headers).content.decode()


# The page's own clock, for the offline copy's note: the minute may turn
# between two requests.
NOW = re.compile(r"Offline copy from <time>\d\d:\d\d [A-Z+0-9-]+</time>")


def same_but_tokens(page: str) -> str:
    """``page`` with its one-time tokens, CSRF fields and clock blanked."""
    page = NOW.sub("Offline copy from <time></time>", page)
    return CSRF.sub('name="csrfmiddlewaretoken" value=""', UUID.sub("UUID", page))


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def newest(match: Match, kind: str = "hand") -> Event:
    return Event.objects.filter(match=match, kind=kind, deleted=None).latest("position")


WRITES: list[tuple[str, Callable[[Match], object]]] = [
    ("a hand", lambda m: record(fresh(m), hand("Ben", Alice=23, Cara=18))),
    ("a line move", lambda m: record(fresh(m), {"target": 250})),
    ("a player leaving", lambda m: record(fresh(m), {"leave": "Cara"})),
    ("a player joining", lambda m: record(fresh(m), {"join": "Cara"})),
    ("an undo", lambda m: services.event_undo(match=fresh(m))),
    (
        "a put back",
        lambda m: services.event_restore(
            match=fresh(m),
            event_id=Event.objects.filter(match=m).exclude(deleted=None).latest("deleted").pk,
        ),
    ),
    (
        "an edit",
        lambda m: services.event_edit(
            match=fresh(m), event_id=newest(m).pk, data=hand("Alice", Ben=7, Cara=9)
        ),
    ),
    ("a delete", lambda m: services.event_delete(match=fresh(m), event_id=newest(m).pk)),
    ("sharing", lambda m: services.share_new(match=fresh(m))),
    ("a new link", lambda m: services.share_new(match=fresh(m))),
    ("a stop to sharing", lambda m: services.share_stop(match=fresh(m))),
    (
        "a rename",
        lambda m: services.player_rename(
            player=Player.objects.get(host=m.host, name="Alice"), name="Alicia"
        ),
    ),
    ("abandoning", lambda m: services.match_abandon(match=fresh(m))),
    ("resuming", lambda m: services.match_resume(match=fresh(m))),
    ("a hand that ends it", lambda m: record(fresh(m), hand("Ben", Alicia=250, Cara=90))),
]


SHARING = {"sharing", "a new link", "a stop to sharing"}


# What each page does not show: a write of it leaves the page as it was.
UNSHOWN = {
    "detail": set(),
    "sheet": SHARING,
    "entries": SHARING | {"abandoning", "resuming"},
}


@pytest.mark.parametrize("page", ["detail", "sheet", "entries"])
@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_after_every_kind_of_write_the_page_kept_is_the_page_drawn_afresh(
    client, host, scheme, page
):
    match = MatchFactory(host=host, scheme=scheme)
    record(match, hand("Alice", Ben=10, Cara=5))
    for what, write in WRITES:
        before = client.get(url(page, match)).content.decode()  # kept, as it was
        write(match)
        kept = client.get(url(page, match)).content.decode()
        caches["pages"].clear()
        afresh = client.get(url(page, match)).content.decode()
        assert NOW.search(kept), "the clock blanked is the page's"
        assert same_but_tokens(kept) == same_but_tokens(afresh), what
        if what not in UNSHOWN[page]:
            assert same_but_tokens(kept) != same_but_tokens(before), what
    assert fresh(match).status == "closed"
    assert " wins" in afresh or page == "entries"


LIST_WRITES = [
    *WRITES,
    ("a new match", lambda m: MatchFactory(host=m.host, players=("Dan", "Eve"))),
    (
        "a merge",
        lambda m: services.players_merge(
            keep=Player.objects.get(host=m.host, name="Cara"),
            gone=Player.objects.get(host=m.host, name="Eve"),
        ),
    ),
    ("a match deleted", lambda m: services.match_delete(match=fresh(m))),
]
# What each list shows of those writes: the page changes with each.
LISTED = {
    "home": {"a hand", "a line move", "a rename", "abandoning", "resuming"},
    "history": {"a hand", "a line move", "a rename", "abandoning", "resuming"},
    "players": {"a hand", "a rename", "a merge"},
}
for shown in LISTED.values():
    shown |= {"a hand that ends it", "a new match", "a match deleted"}


@pytest.mark.parametrize("page", ["home", "history", "players"])
def test_after_every_kind_of_write_the_lists_kept_are_the_lists_drawn_afresh(client, host, page):
    match = MatchFactory(host=host)
    record(match, hand("Alice", Ben=10, Cara=5))
    address = reverse(f"matches:{page}")
    for what, write in LIST_WRITES:
        before = client.get(address).content.decode()  # kept, as it was
        write(match)
        kept = client.get(address).content.decode()
        caches["pages"].clear()
        afresh = client.get(address).content.decode()
        assert same_but_tokens(kept) == same_but_tokens(afresh), what
        if what in LISTED[page]:
            assert same_but_tokens(kept) != same_but_tokens(before), what
    assert "Dan" in afresh and "Eve" not in afresh  # merged into Cara


def listed_players(page: str) -> list[str]:
    """The players of each match a list shows, as its rows say them (the
    spaces that keep a player's place, name and total on one line read as
    spaces)."""
    rows = re.findall(r'<span class="match-players">(.*?)</span>\n<span class="match-meta">', page)
    return [re.sub(r"<[^>]+>", "", row).replace("\u00a0", " ") for row in rows]


def test_the_history_kept_is_kept_for_each_filter_apart(client, host):
    open_match = MatchFactory(host=host, players=("Alice", "Ben"))
    closed = MatchFactory(host=host, players=("Cara", "Dan"))
    record(closed, hand("Cara", Dan=100))
    history = reverse("matches:history")
    assert listed_players(client.get(history, {"status": "open"}).content.decode()) == [
        "Alice 0, Ben 0"
    ]
    finished = listed_players(client.get(history, {"status": "closed"}).content.decode())
    assert finished == ["1 Cara 100, 2 Dan 0"]
    record(fresh(open_match), hand("Ben", Alice=100))  # now closed too
    finished = listed_players(client.get(history, {"status": "closed"}).content.decode())
    assert finished == ["1 Cara 100, 2 Dan 0", "1 Ben 100, 2 Alice 0"]  # newest first
    assert listed_players(client.get(history, {"status": "open"}).content.decode()) == []


def test_the_rules_changed_before_the_first_hand_show_on_the_board(client, host):
    match = MatchFactory(host=host)
    assert "line 100" in board_of(client, match)
    services.match_rules_change(match=fresh(match), rules=RummyRules(target=300))
    assert "line 300" in board_of(client, match)


def test_a_hand_another_process_records_shows_on_the_next_board(client, host):
    # Another worker writes through the services and never touches this
    # process's boards: the version it moves on is the key.
    match = MatchFactory(host=host)
    assert totals_on(client.get(url("detail", match))) == {"Alice": 0, "Ben": 0, "Cara": 0}
    record(fresh(match), hand("Ben", Alice=23, Cara=18))
    assert totals_on(client.get(url("detail", match))) == {"Alice": 0, "Ben": 41, "Cara": 0}


def test_every_request_gets_its_own_tokens_and_they_save_the_hand(client, host):
    match = MatchFactory(host=host)
    first, second = board_of(client, match), board_of(client, match)
    assert same_but_tokens(first) == same_but_tokens(second)
    assert set(UUID.findall(first)).isdisjoint(UUID.findall(second))
    spare = re.search(r'data-spare-tokens="([^"]+)"', second).group(1).split()
    assert len(spare) == 10 and len(set(spare)) == 10
    token = re.search(r'name="token" value="([^"]+)" id="id_token"', second)
    assert token is not None
    saved = client.post(
        url("hand", match), hand_post(match, "Ben", token=token.group(1), Alice=23, Cara=18)
    )
    assert saved.status_code == 302
    assert totals_on(client.get(url("detail", match))) == {"Alice": 0, "Ben": 41, "Cara": 0}
    again = client.post(
        url("hand", match), hand_post(match, "Ben", token=token.group(1), Alice=23, Cara=18)
    )
    assert again.status_code == 302
    assert fresh(match).hands_played == 1  # the token saved its hand once


def test_a_sheet_kept_reads_only_who_is_signed_in_and_the_match(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host)
    record(match, *[hand("Ben", Alice=3, Cara=4)] * 6)
    with django_assert_num_queries(4):  # the session, its user, the match, its entries
        drawn = client.get(url("sheet", match)).content.decode()
    with django_assert_num_queries(3):
        kept = client.get(url("sheet", match)).content.decode()
    assert same_but_tokens(kept) == same_but_tokens(drawn)  # the log-out form's CSRF
    assert "6 hands · line 100" in kept


def test_the_share_address_is_drawn_for_the_host_each_phone_came_by(client, host, settings):
    settings.ALLOWED_HOSTS = ["testserver", "rummy.example"]
    match = MatchFactory(host=host)
    link = services.share_new(match=match)
    assert f"http://testserver/s/{link.token}/" in board_of(client, match)
    assert f"http://rummy.example/s/{link.token}/" in board_of(
        client, match, HTTP_HOST="rummy.example"
    )


def test_the_times_are_drawn_in_each_phones_time_zone(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    played = datetime(2026, 12, 2, 9, 30, tzinfo=UTC)
    Event.objects.filter(match=match).update(created=played)  # not a write: no board was drawn
    assert ">09:30 UTC</time>" in board_of(client, match)
    client.cookies["tz"] = "Asia/Kolkata"  # 5 h 30 min ahead of UTC
    assert ">15:00 IST</time>" in board_of(client, match)


def test_a_gin_board_kept_is_the_gin_board_drawn_afresh(client, host):
    match = MatchFactory(host=host, game="gin", players=("Alice", "Ben"))
    board_of(client, match)
    record(fresh(match), gin_hand("Alice", Alice=4, Ben=30))
    kept = board_of(client, match)
    caches["pages"].clear()
    assert same_but_tokens(kept) == same_but_tokens(board_of(client, match))
    assert totals_on(client.get(url("detail", match))) == {"Alice": 26, "Ben": 0}


def test_after_a_save_only_the_new_hand_offers_fix(client, host):
    """The board after a save draws again the entries it drew before (kept
    in the process): the one that was newest no longer offers Fix, the new
    one does, each with what it did."""
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=23, Cara=18))
    before = board_of(client, match)
    assert before.count(">Fix hand 1</a>") == 1
    data = hand_post(fresh(match), "Cara", Alice=5, Ben=7)
    response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    after = response.content.decode()
    assert ">Fix hand 2</a>" in after and "Fix hand 1" not in after
    assert "Hand 2: Cara went out" in after and "Hand 1: Ben went out" in after


def test_a_new_hosts_first_write_reaches_the_lists_it_saw_empty(client):
    """A new account's home, seen empty, is kept; its first write (an import,
    or a first match) must not leave that empty list in view."""
    first = UserFactory()
    played = MatchFactory(host=first, players=["Alice", "Ben", "Cara"], target=100)
    record(played, hand("Ben", Alice=60, Cara=50))
    document = export_document(Match.objects.for_replay().get(pk=played.pk))
    newcomer = UserFactory()
    client.force_login(newcomer)
    assert "No matches yet" in text(client.get(reverse("matches:home")))
    services.matches_import(host=newcomer, checked=services.import_check([document]))
    home = text(client.get(reverse("matches:home")))
    assert "No matches yet" not in home and "Ben 110" in home
    another = UserFactory()
    client.force_login(another)
    assert "No matches yet" in text(client.get(reverse("matches:home")))
    MatchFactory(host=another, players=["Dan", "Eve"])
    assert "Dan 0, Eve 0" in text(client.get(reverse("matches:home")))
