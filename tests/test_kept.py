"""The last events of a version of a match, kept by the process
(matches.kept): a board drawn from them is the board drawn from the
database, a save's board after its commit reads no event, and nothing is
kept of a save that did not commit."""

from __future__ import annotations

import contextlib

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import RequestFactory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import display, kept, scoring, services, views
from matches.models import Event, Match
from tests.factories import MatchFactory, UserFactory, gin_hand, hand, record
from tests.test_gin_pages import gin_post
from tests.test_match_pages import hand_post, text, url
from tests.test_snapshot import NAMES, apply_write, stored
from tests.test_snapshot import WRITES as RANDOM_WRITES


def whole_board(match: Match) -> str:
    """The board of ``match`` as stored, drawn whole (no frame, no kept board)."""
    request = RequestFactory().get("/")
    request.user = match.host
    data = views._board_data(match, focus=views.WRITTEN)
    return views._board_frame(request, match, data, slotted=False).html


def drop_kept(match: Match) -> None:
    caches["boards"].delete(kept._key(match.public_id, match.version))


@pytest.mark.django_db(transaction=True)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), scheme=st.sampled_from(["highest_wins", "penalty"]))
def test_a_board_drawn_from_kept_events_is_the_board_read_from_the_database(data, scheme):
    """After any writes, each opened before by the board (which keeps its
    events), the board drawn from the events the process keeps for the
    version (made by the save itself after a hand) is the board drawn from
    a read of the database."""
    host = UserFactory()
    match = MatchFactory(host=host, players=NAMES[:3], scheme=scheme, target=1000)
    hands = ["hand"] * data.draw(st.integers(min_value=0, max_value=7))
    writes = data.draw(st.lists(st.sampled_from(RANDOM_WRITES), min_size=1, max_size=12))
    for write in [*hands, *writes]:
        if write == "delete_match":
            continue
        whole_board(stored(match))  # the board the host had open keeps its events
        with contextlib.suppress(scoring.RuleError):
            apply_write(data, match, write)
        current = stored(match)
        events = kept.recent(current, views.RECENT)
        if events is None:
            continue
        from_kept = whole_board(current)
        drop_kept(current)
        assert kept.recent(current, views.RECENT) is None
        read = stored(match)
        assert from_kept == whole_board(read), write
        assert columns(events) == columns(read.board_events(views.RECENT).recent), write


def columns(events: list[Event]) -> list[tuple[object, ...]]:
    """Each event's stored columns, as the database gives them."""
    return [
        tuple(getattr(event, field.attname) for field in Event._meta.concrete_fields)
        for event in events
    ]


@pytest.mark.django_db(transaction=True)
def test_a_hand_saved_after_the_board_opened_is_drawn_from_what_the_save_knew(
    client, django_assert_num_queries
):
    host = UserFactory()
    client.force_login(host)
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 8)])
    client.get(url("detail", match))
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    # As a plain save (test_board_loop), and no event read for the board:
    # the session with its user; BEGIN, the match locked, the event, the
    # match, the standings, the player who went out, COMMIT.
    with django_assert_num_queries(8):
        response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    page = text(response)
    assert "Saved hand 8: Ben takes 41" in page
    # The board's last five entries, hands 8 to 4, the newest as saved.
    assert "Hand 8: Ben went out Ben takes 41 Dealt by Ben. Alice held 23. Cara held 18." in page
    assert "Hand 4: Ben went out Ben takes 5 Dealt by Alice. Alice held 4." in page
    assert "Hand 3:" not in page
    current = stored(match)
    assert whole_board(current) == (drop_kept(current) or whole_board(stored(match)))


@pytest.mark.django_db(transaction=True)
def test_a_save_rolled_back_keeps_nothing_of_its_version():
    match = MatchFactory(target=1000)
    record(match, hand("Ben", Alice=2, Cara=3))
    whole_board(stored(match))
    version = stored(match).version
    with contextlib.suppress(RuntimeError), transaction.atomic():
        services.event_record(match=stored(match), data=hand("Ben", Alice=23, Cara=18))
        raise RuntimeError("the request failed after the save")
    assert caches["boards"].get(kept._key(match.public_id, version + 1)) is None
    assert stored(match).version == version
    # The next save, of another hand, makes that version: its board shows that hand.
    record(stored(match), hand("Alice", Ben=5, Cara=7))
    assert kept.recent(stored(match), views.RECENT)[-1].data == hand("Alice", Ben=5, Cara=7)
    assert "Alice went out" in whole_board(stored(match))


@pytest.mark.django_db
def test_a_version_keeps_as_many_events_as_the_board_asked_for():
    match = MatchFactory(target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 4)])
    current = stored(match)
    current.board_events(2)
    assert [event.position for event in kept.recent(current, 2)] == [2, 3]
    assert [event.position for event in kept.recent(current, 1)] == [3]
    assert kept.recent(current, 0) == []
    assert kept.recent(current, 3) is None  # two kept of three: the third is not known
    current.board_events(5)
    assert [event.position for event in kept.recent(stored(match), 5)] == [1, 2, 3]


@pytest.mark.django_db
def test_a_match_read_before_another_write_keeps_nothing_its_rows_cannot_vouch_for():
    match = MatchFactory(target=1000)
    record(match, hand("Ben", Alice=2, Cara=3))
    held = stored(match)  # a request's copy, then another phone takes the hand back
    services.event_undo(match=stored(match))
    held.board_events(views.RECENT)  # no row left to say it is out of date
    assert kept.recent(held, views.RECENT) is None


@pytest.mark.django_db(transaction=True)
def test_a_hand_is_saved_and_shown_whatever_becomes_of_keeping_its_events(client, monkeypatch):
    host = UserFactory()
    client.force_login(host)
    match = MatchFactory(host=host, target=1000)
    client.get(url("detail", match))

    def broken(*args, **kwargs):
        raise RuntimeError("the cache failed")

    monkeypatch.setattr(kept, "appended", broken)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "Saved hand 1: Ben takes 41." in text(response)
    assert stored(match).board().totals["Ben"] == 41


def full_history(match: Match) -> list:
    """The board's history of ``match`` made from its events read from the
    database (``display.history``), as when nothing is kept."""
    read = stored(match)
    drop_kept(read)
    board = read.board(recent=views.RECENT)
    shown = read.board_events(views.RECENT).recent
    return display.history(shown, board, first=read.live_count() - len(shown))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("rules", "hands"),
    [
        ({"scheme": "highest_wins"}, [hand("Ben", Alice=n, Cara=2 * n) for n in range(1, 8)]),
        ({"scheme": "penalty"}, [hand("Cara", True, Alice=n, Ben=5) for n in range(1, 8)]),
        (
            {"game": "gin", "players": ["Alice", "Ben"]},
            [gin_hand("Alice", Alice=n % 5, Ben=20 + n) for n in range(1, 8)],
        ),
    ],
    ids=["highest_wins", "penalty", "gin"],
)
def test_the_board_s_history_of_kept_hands_is_the_history_of_its_events(rules, hands):
    """Hands saved one by one, the board opened before each (as at the
    table): the history the board makes from the hands the process keeps
    (each row made once) is the one made from the events in the database,
    row for row, their words and each player's figures; under both schemes
    and in Gin."""
    match = MatchFactory(target=1000, **rules)
    for data in hands:
        whole_board(stored(match))  # the board the host had open keeps its events
        record(stored(match), data)
        current = stored(match)
        rows = display.kept_history(current, current.board(recent=0), views.RECENT)
        assert rows is not None
        assert rows == full_history(current)
    # The newest first, as the board lists them: hands 7 to 3.
    assert [row.hand.number for row in rows] == [7, 6, 5, 4, 3]
    assert rows[0].text == full_history(stored(match))[0].text


@pytest.mark.django_db(transaction=True)
def test_a_board_listing_a_move_of_the_line_makes_its_history_from_the_events():
    """A move of the line among the board's entries: a hand's row depends
    on that hand alone, but not every entry's does, so the board makes its
    history from the events, and says the line moved."""
    match = MatchFactory(target=500)
    record(match, hand("Ben", Alice=3, Cara=4), {"target": 800}, hand("Cara", Alice=5, Ben=6))
    whole_board(stored(match))
    record(stored(match), hand("Alice", Ben=7, Cara=8))
    current = stored(match)
    assert current.kept_rows(views.RECENT) is not None  # kept, but not all hands
    assert display.kept_history(current, current.board(recent=0), views.RECENT) is None
    page = whole_board(current)
    assert "The line moved to 800" in page
    assert "Hand 3: Alice went out" in page


@pytest.mark.django_db(transaction=True)
def test_a_board_after_a_save_makes_only_the_new_hand_s_row():
    """The board opened, a hand saved: of the five rows of the board after
    the save, four are the rows the open board made; one is made anew."""
    match = MatchFactory(target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 8)])
    whole_board(stored(match))
    record(stored(match), hand("Cara", Alice=9, Ben=10))
    made_before = display._kept_hand_row.cache_info().misses
    page = whole_board(stored(match))
    assert display._kept_hand_row.cache_info().misses == made_before + 1
    assert "Hand 8: Cara went out" in page
    assert "Cara takes 19" in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", ["rummy", "gin"])
def test_a_save_whose_board_this_process_never_drew_reads_its_last_events_with_the_insert(
    client, django_assert_num_queries, game
):
    """Behind a load balancer another process drew the board: the save by
    htmx reads the board's last events with its insert, so the board after
    it reads none (8 queries, as a save after the board opened here), and
    what it keeps is what the database holds."""
    host = UserFactory()
    client.force_login(host)
    if game == "gin":
        match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], target=1000)
        record(match, *[gin_hand("Alice", Alice=n % 5, Ben=20 + n) for n in range(1, 8)])
        data = gin_post(match, "Ben", Alice=30, Ben=3)
        saved = "Hand 8: Ben knocked"
    else:
        match = MatchFactory(host=host, target=1000)
        record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 8)])
        data = hand_post(match, "Cara", Alice=23, Ben=18)
        saved = "Hand 8: Cara went out Cara takes 41"
    before = stored(match)
    assert kept.recent(before, views.RECENT) is None  # never drawn here
    with django_assert_num_queries(8):
        response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    page = text(response)
    assert saved in page
    assert "Hand 4:" in page and "Hand 3:" not in page  # the last five: hands 8 to 4
    current = stored(match)
    events = kept.recent(current, views.RECENT)
    assert columns(events) == columns(
        list(Event.objects.filter(match=match).order_by("position"))[-5:]
    )
    assert whole_board(current) == (drop_kept(current) or whole_board(stored(match)))


@pytest.mark.django_db(transaction=True)
def test_a_save_without_javascript_keeps_nothing_of_a_board_it_does_not_draw(client):
    """A plain save answers with a redirect: no board is drawn, so no event
    is read with its insert, and nothing is kept of the version before it."""
    host = UserFactory()
    client.force_login(host)
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 4)])
    before = stored(match)
    client.post(url("hand", match), hand_post(match, "Cara", Alice=23, Ben=18))
    assert stored(match).version == before.version + 1
    assert kept.recent(before, views.RECENT) is None
    assert kept.recent(stored(match), views.RECENT) is None
