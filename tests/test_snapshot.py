"""The stored snapshot of a match is a cache of replaying its events: after
every kind of write it equals a fresh replay, and a refused write leaves it
as it was."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from matches import games, selectors, services, snapshot
from matches.engine.errors import RuleError
from matches.games.rummy.rules import RummyRules
from matches.models import Event, Match, MatchPlayer, Player, PlayerFigures
from tests.factories import MatchFactory, UserFactory, figures, hand, record
from tests.factories import board as stored_board

pytestmark = pytest.mark.django_db


def stored(match: Match) -> Match:
    return Match.objects.for_replay().get(pk=match.pk)


def assert_current(match: Match) -> Match:
    """The stored cache of ``match`` equals a fresh replay of its events."""
    fresh = stored(match)
    engine_match = fresh.engine_match()
    board = games.replay(engine_match)
    expected = snapshot.take(engine_match, board)
    # The head with the match, each entry with its live event.
    assert fresh.snapshot == snapshot.head(expected)
    assert [event.result for event in fresh.live_events()] == expected["events"]
    assert fresh.deleted_count == len(fresh.deleted_events())
    assert fresh.engine_version == snapshot.ENGINE_VERSION
    assert (fresh.status, fresh.hands_played, fresh.line) == (
        board.status,
        board.hands_played,
        board.target,
    )
    rows = [
        (row.player.name, row.total, row.seated, row.place, row.shared, row.won, row.leader)
        for row in MatchPlayer.objects.filter(match=fresh).select_related("player")
    ]
    places = dict.fromkeys(board.totals, (None, False))
    if board.status == "closed":
        places.update({name: (place, shared) for name, place, shared in board.ranking})
    assert rows == [
        (
            seat.name,
            board.totals[seat.name],
            seat.left_after is None,  # at the table: not left
            *places[seat.name],
            board.winner == seat.name,
            board.leader == seat.name,
        )
        for seat in board.seats
    ]
    # Each row's part of the figures, and each player's kept figures against a
    # fresh count over all their matches.
    kept = snapshot.figures(expected["events"], expected, board.rules)
    rows = MatchPlayer.objects.filter(match=fresh).select_related("player")
    for row, part in zip(rows, kept, strict=True):
        assert row.figures == part
        assert (row.closed, row.no_winner) == (
            board.status == "closed",
            board.status == "closed" and board.winner is None,
        )
        figures = PlayerFigures.objects.get(player_id=row.player_id, game=fresh.game)
        counted = services.player_figures(row.player_id, fresh.game)
        assert {name: getattr(figures, name) for name in counted} == counted
    return fresh


def test_a_new_match_has_a_snapshot_with_no_hands_and_the_first_dealer():
    match = assert_current(MatchFactory(players=["Alice", "Ben", "Cara"], first_dealer="Ben"))
    assert match.snapshot["totals"] == [0, 0, 0]
    assert match.snapshot["next_hand"] == {
        "number": 1,
        "dealer": "Ben",
        "first_player": "Cara",
        "cards_each": 7,
    }
    assert match.version == 1


def test_a_recorded_hand_is_in_the_snapshot_with_its_scores_in_seat_order():
    match = MatchFactory(players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=23, Cara=18))
    match = assert_current(match)
    assert match.snapshot["totals"] == [0, 41, 0]
    assert selectors.whole_snapshot(match)["events"] == [
        {
            "kind": "hand",
            "number": 1,
            "dealer": "Alice",
            "first_player": "Ben",
            "cards_each": 7,
            "went_out": "Ben",
            "rummy": False,
            "scores": [0, 41, 0],
            "totals": [0, 41, 0],
            "held": [23, None, 18],
        }
    ]
    assert (match.version, match.hands_played) == (2, 1)


def test_cards_entered_are_in_the_snapshot_and_the_board_read_from_it():
    match = MatchFactory(players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=["KH", "9"], Cara=18))
    match = assert_current(match)
    assert selectors.whole_snapshot(match)["events"][0]["cards"] == [["KH", "9"], None, None]
    assert match.snapshot["deal_from"] == ["Alice", False]
    board = stored_board(match)
    assert board.hands[0].leftovers == {"Alice": 19, "Cara": 18}
    assert [str(card) for card in board.hands[0].cards["Alice"]] == ["K♥", "9"]
    assert board.next_hand.dealer == "Ben"


def test_a_closed_match_stores_the_winner_and_the_places_under_penalty():
    match = MatchFactory(players=["Alice", "Ben", "Cara"], scheme="penalty", target=100)
    record(match, hand("Ben", Alice=60, Cara=50), hand("Ben", Alice=30, Cara=55))
    match = assert_current(match)
    assert (match.status, match.snapshot["winner"]) == ("closed", "Ben")
    # Lowest first under penalty: Ben 0, Alice 90, Cara 105.
    assert match.snapshot["places"] == [[2, False], [1, False], [3, False]]
    assert MatchPlayer.objects.get(match=match, won=True).player.name == "Ben"


def test_every_kind_of_write_leaves_the_snapshot_equal_to_a_replay():
    match = MatchFactory(players=["Alice", "Ben", "Cara"], target=200)
    services.match_rules_change(match=match, rules=RummyRules(target=150))
    assert_current(match)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    assert_current(match)
    record(match, {"target": 300})
    assert selectors.whole_snapshot(stored(match))["events"][-1] == {
        "kind": "target",
        "target": 300,
        "from": 150,
    }
    record(match, {"leave": "cara"})
    assert selectors.whole_snapshot(stored(match))["events"][-1] == {
        "kind": "leave",
        "player": "Cara",
    }
    record(match, {"join": "Dan", "after": "Alice"})
    fresh = assert_current(match)
    assert fresh.snapshot["seats"] == ["Alice", "Dan", "Ben", "Cara"]
    assert fresh.snapshot["seated"] == [True, True, True, False]
    record(match, hand("Dan", Alice=4, Ben=6))
    fresh = assert_current(match)
    # Dan sat down after the first two hands: no score, no total there.
    assert [
        e["scores"] for e in selectors.whole_snapshot(fresh)["events"] if e["kind"] == "hand"
    ] == [
        [0, None, 41, 0],
        [0, None, 0, 12],
        [0, 10, 0, None],
    ]
    first = Event.objects.filter(match=match, kind="hand").order_by("position").first()
    services.event_edit(match=match, event_id=first.pk, data=hand("Ben", Alice=3, Cara=4))
    assert assert_current(match).snapshot["totals"] == [0, 10, 7, 12]
    undone = services.event_undo(match=match)
    assert assert_current(match).hands_played == 2
    services.event_restore(match=match, event_id=undone.event.pk)
    assert assert_current(match).hands_played == 3
    services.event_delete(match=match, event_id=first.pk)
    fresh = assert_current(match)
    assert fresh.snapshot["totals"] == [0, 10, 0, 12]
    versions = fresh.version
    rematch = services.match_rematch(match=match)
    assert assert_current(rematch).snapshot["seats"] == ["Alice", "Dan", "Ben"]
    # The phones following the old match are told of the new one.
    assert (stored(match).version, stored(match).next_match_id) == (versions + 1, rematch.pk)


def test_an_imported_match_has_a_snapshot_equal_to_a_replay():
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben", "Cara"],
        "events": [
            {"hand": {"went_out": "Ben", "leftovers": {"Alice": 23, "Cara": 18}}},
            {"join": "Dan", "after": "Alice"},
            {"target": 150},
        ],
    }
    [match] = services.matches_import(host=UserFactory(), checked=services.import_check([document]))
    assert assert_current(match).snapshot["seats"] == ["Alice", "Dan", "Ben", "Cara"]


def test_a_refused_write_changes_neither_the_snapshot_nor_its_version():
    match = MatchFactory(players=["Alice", "Ben"])
    record(match, hand("Ben", Alice=23))
    before = stored(match)
    with pytest.raises(RuleError):
        services.event_record(match=match, data=hand("Ben", Alice=0))
    after = stored(match)
    assert (after.snapshot, after.version) == (before.snapshot, before.version)


def test_a_stale_snapshot_is_rebuilt_by_migrate_and_by_the_command():
    match = MatchFactory(players=["Alice", "Ben"])
    record(match, hand("Ben", Alice=23))
    Match.objects.filter(pk=match.pk).update(engine_version=0, snapshot=None, status="closed")
    assert services.snapshots_rebuild_stale() == 1
    assert assert_current(match).status == "open"
    Match.objects.filter(pk=match.pk).update(snapshot={"engine": 0})
    call_command("rebuild_snapshots", "--all", stdout=(out := __import__("io").StringIO()))
    assert out.getvalue().splitlines()[0] == "rebuilt 1 snapshot"
    assert assert_current(match).snapshot["totals"] == [0, 23]


# Random sequences of writes ------------------------------------------------------------

NAMES = ["Alice", "Ben", "Cara", "Dan", "Eve", "Fay"]
WRITES = [
    "hand",
    "hand",
    "hand",
    "undo",
    "restore",
    "edit",
    "delete",
    "line",
    "leave",
    "join",
    "rematch",
    "abandon",
    "delete_match",
]


def random_hand(data: Any, seated: tuple[str, ...]) -> dict[str, Any]:
    out = data.draw(st.sampled_from([*seated, None]))
    leftovers = {
        name: data.draw(st.integers(min_value=1, max_value=60)) for name in seated if name != out
    }
    rummy = out is not None and data.draw(st.booleans())
    return {"hand": {"went_out": out, "rummy": rummy, "leftovers": leftovers}}


def apply_write(data: Any, match: Match, write: str) -> None:
    current = stored(match)
    board = stored_board(current)
    live = current.live_events()
    if write == "hand":
        services.event_record(match=current, data=random_hand(data, board.seated))
    elif write == "undo":
        services.event_undo(match=current)
    elif write == "restore":
        deleted = current.deleted_events()
        if deleted:
            event = data.draw(st.sampled_from(deleted))
            services.event_restore(match=current, event_id=event.pk)
    elif write in ("edit", "delete") and live:
        event = data.draw(st.sampled_from(live))
        if write == "delete":
            services.event_delete(match=current, event_id=event.pk)
        elif event.kind == "hand":
            new = random_hand(data, tuple(event.data["hand"]["leftovers"]) + (board.seated))
            services.event_edit(match=current, event_id=event.pk, data=new)
    elif write == "line":
        target = data.draw(st.integers(min_value=100, max_value=300))
        services.event_record(match=current, data={"target": target})
    elif write == "leave":
        services.event_record(match=current, data={"leave": data.draw(st.sampled_from(NAMES))})
    elif write == "join":
        services.event_record(match=current, data={"join": data.draw(st.sampled_from(NAMES))})
    elif write == "rematch":
        services.match_rematch(match=current)
    elif write == "abandon":
        if current.abandoned:
            services.match_resume(match=current)
        else:
            services.match_abandon(match=current)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), scheme=st.sampled_from(["highest_wins", "penalty"]))
def test_after_random_writes_the_snapshot_equals_a_replay(data, scheme):
    match = MatchFactory(
        host=UserFactory(),
        players=NAMES[:3],
        scheme=scheme,
        target=data.draw(st.sampled_from([100, 150])),
    )
    host = match.host
    for write in data.draw(st.lists(st.sampled_from(WRITES), min_size=1, max_size=12)):
        if write == "delete_match":
            # Another match of the same players goes: their figures follow.
            other = Match.objects.filter(host=host).exclude(pk=match.pk).first()
            if other is not None:
                services.match_delete(match=other)
                for kept in PlayerFigures.objects.filter(player__host=host):
                    counted = services.player_figures(kept.player_id, kept.game)
                    assert {name: getattr(kept, name) for name in counted} == counted
            continue
        before = stored(match)
        try:
            apply_write(data, match, write)
        except RuleError:
            event(f"{write}: refused")
            after = stored(match)
            assert (after.snapshot, after.version) == (before.snapshot, before.version)
        else:
            event(
                f"{write}: stored" if stored(match).version > before.version else f"{write}: no-op"
            )
        assert_current(match)


def test_a_page_that_read_the_head_before_another_phones_write_reads_it_again():
    """The head is stored with the match and the entries with the events:
    a page whose match row was read before a write from another phone must
    not pair that old head with the new entries (a newcomer reseats them)."""
    match = MatchFactory(players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=23, Cara=18))
    page = Match.objects.get(pk=match.pk)  # the page has read the match's row
    services.event_record(match=stored(match), data={"join": "Dan", "after": "Alice"})
    fresh = stored(match)
    expected = snapshot.take(fresh.engine_match(), games.replay(fresh.engine_match()))
    assert selectors.whole_snapshot(Match.objects.get(pk=match.pk)) == expected
    assert selectors.whole_snapshot(page) == expected
    late = Match.objects.get(pk=match.pk)
    services.event_record(match=stored(match), data=hand("Dan", Alice=5, Ben=5, Cara=5))
    board = selectors.board_of(late).board
    assert board.seated == ("Alice", "Dan", "Ben", "Cara")
    assert board.totals == {"Alice": 0, "Dan": 15, "Ben": 41, "Cara": 0}
    assert [hand.number for hand in board.hands] == [1, 2]


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_hands_saved_from_the_board_store_what_a_replay_gives(client, host, scheme):
    # A save checks the hand once on the match as locked and stores that
    # check (a step written a statement a table): the same cache as a replay.
    from tests.test_match_pages import hand_post, url

    match = MatchFactory(host=host, players=NAMES[:3], scheme=scheme, target=500)
    for went_out, rummy, left in [
        ("Ben", False, {"Alice": 23, "Cara": 18}),
        ("Alice", True, {"Ben": "K Q 2", "Cara": "10+5"}),
        (None, False, {"Alice": 4, "Ben": 6, "Cara": 9}),
        ("Cara", False, {"Alice": 1, "Ben": 2}),
    ]:
        saved = client.post(url("hand", match), hand_post(match, went_out, rummy=rummy, **left))
        assert saved.status_code == 302
        assert_current(match)
    record(match, {"leave": "Ben"})
    client.post(url("hand", match), hand_post(match, "Alice", Cara=30))
    fresh = assert_current(match)
    assert fresh.hands_played == 5
    ben = figures(Player.objects.get(host=host, name="Ben"))
    assert (ben["hands_out"], ben["take"], ben["best_hand"]) == (1, 41, 41)


def test_gin_hands_saved_from_the_board_store_what_a_replay_gives(client, host):
    from tests.test_gin_pages import gin_post
    from tests.test_match_pages import url

    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], target=500)
    for knocked, big_gin, deadwood in [
        ("Alice", False, {"Alice": 5, "Ben": 30}),
        ("Alice", False, {"Alice": 8, "Ben": 3}),  # Ben undercuts
        ("Ben", False, {"Ben": 0, "Alice": 12}),  # gin
        (None, False, {}),  # drawn
        ("Alice", True, {"Alice": 0, "Ben": 20}),  # big gin
    ]:
        saved = client.post(url("hand", match), gin_post(match, knocked, big_gin, **deadwood))
        assert saved.status_code == 302
        assert_current(match)
    assert stored(match).hands_played == 5
    ben = figures(Player.objects.get(host=host, name="Ben"), "gin")
    assert (ben["hands_won"], ben["gins"], ben["undercuts_given"]) == (2, 1, 1)


def test_a_step_whose_standings_are_missing_saves_nothing():
    # A match's rows out of line with its snapshot (only by hand) are said
    # loudly when a step must change one that is missing: the save's
    # transaction rolls back, nothing half-written.
    from django.db import IntegrityError

    match = MatchFactory(players=NAMES[:3])
    record(match, hand("Ben", Alice=23, Cara=18))
    MatchPlayer.objects.filter(match=match, seat=0).delete()  # Alice goes out next
    with pytest.raises(IntegrityError, match="no standing"):
        services.event_record(match=stored(match), data=hand("Alice", Ben=4, Cara=5))
    assert stored(match).hands_played == 1
    assert Event.objects.filter(match=match).count() == 1


def test_a_place_that_moves_with_nothing_else_reaches_the_players_last_results():
    """Deleting a hand can move a player's place in a closed match while
    their counts stay (still closed, still not the winner): their last
    results on their page follow the place."""
    match = MatchFactory(players=["Alice", "Ben", "Cara"], target=100)
    record(match, hand("Alice", Ben=1, Cara=1), hand("Ben", Alice=40, Cara=60))
    cara = Player.objects.get(host=match.host, name="Cara")
    assert PlayerFigures.objects.get(player=cara, game="rummy").recent[0][2:4] == [3, False]
    first = stored(match).live_events()[0]
    services.event_delete(match=stored(match), event_id=first.pk)
    assert PlayerFigures.objects.get(player=cara, game="rummy").recent[0][2:4] == [2, True]
    assert_current(match)
