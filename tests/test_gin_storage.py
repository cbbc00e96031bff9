"""A Gin Rummy match kept by the app (docs/gin.md): its house rules stored
with the match, its hands recorded, fixed and taken back through the
services, and the stored snapshot always equal to a replay."""

from __future__ import annotations

import pytest

from matches import games, services
from matches.engine.errors import RuleError
from matches.games.gin.rules import GinRules
from matches.models import Match
from matches.words import refusal
from tests.factories import MatchFactory, gin_hand, record
from tests.factories import board as stored_board
from tests.refusals import refused_with
from tests.test_snapshot import assert_current

pytestmark = pytest.mark.django_db

# docs/gin.md, worked example 6: Alice wins four hands for 104, Ben two for 30.
EXAMPLE_6 = [
    gin_hand("Alice", Alice=2, Ben=30),
    gin_hand("Ben", Ben=5, Alice=15),
    gin_hand("Alice", Alice=4, Ben=30),
    gin_hand("Ben", Ben=4, Alice=24),
    gin_hand("Alice", Alice=5, Ben=30),
    gin_hand("Alice", Alice=1, Ben=26),
]


def gin_match(**rules: object) -> Match:
    return MatchFactory(game="gin", players=["Alice", "Ben"], **rules)


def test_a_gin_match_keeps_its_own_house_rules():
    match = gin_match(knock_limit=7, shutout="none", deal="loser", target=250)
    stored = Match.objects.get(pk=match.pk)
    assert stored.game == "gin"
    assert stored.house_rules() == GinRules(knock_limit=7, shutout="none", deal="loser", target=250)
    assert stored.snapshot["hands_won"] == [0, 0]
    assert stored.snapshot["next_hand"]["cards_each"] == 10
    assert_current(stored)


def test_a_gin_match_needs_two_players():
    with refused_with("Gin Rummy is a game for two"):
        MatchFactory(game="gin", players=["Alice", "Ben", "Cara"])
    assert not Match.objects.exists()


def test_recording_worked_example_6_stores_the_final_score():
    match = gin_match()
    for data in EXAMPLE_6:
        record(match, data)
        assert_current(match)
    board = stored_board(match)
    assert board.totals == {"Alice": 104, "Ben": 30}
    assert (board.status, board.winner) == ("closed", "Alice")
    assert board.hands_won == {"Alice": 4, "Ben": 2}
    assert board.final == {"Alice": 304, "Ben": 80}
    assert board.margin == 224
    stored = Match.objects.get(pk=match.pk)
    assert (stored.snapshot["final"], stored.snapshot["margin"]) == ([304, 80], 224)


def test_a_board_read_from_the_snapshot_equals_the_replay():
    match = gin_match()
    record(match, *EXAMPLE_6[:3], gin_hand(None), gin_hand("Ben", True, Ben=[], Alice=["KH", "2S"]))
    stored = Match.objects.for_replay().get(pk=match.pk)
    replayed = games.replay(stored.engine_match())
    read = stored_board(stored)
    for name in ("totals", "hands", "status", "next_hand", "hands_won", "final", "margin"):
        assert getattr(read, name) == getattr(replayed, name), name
    assert read.hands[-1].result == "big_gin" and read.hands[-1].deadwood == {"Alice": 12, "Ben": 0}
    assert read.hands[-1].scores == {"Alice": 0, "Ben": 43}
    # The drawn hand: the same dealer deals again.
    assert read.hands[3].dealer == read.hands[4].dealer


def test_fixing_undoing_and_moving_the_line_keep_the_snapshot_a_replay():
    match = gin_match()
    record(match, *EXAMPLE_6)
    first = Match.objects.get(pk=match.pk).events.order_by("position").first()
    # The first hand becomes an undercut by Ben: 25 + 3 = 28 for Ben.
    services.event_edit(match=match, event_id=first.pk, data=gin_hand("Alice", Alice=5, Ben=2))
    assert_current(match)
    board = stored_board(match)
    assert board.totals == {"Alice": 76, "Ben": 58}
    assert board.status == "open"
    assert board.next_hand.dealer == "Alice"
    services.event_undo(match=match)
    assert_current(match)
    assert stored_board(match).totals == {"Alice": 51, "Ben": 58}
    record(match, {"target": 150})
    assert_current(match)
    assert stored_board(match).target == 150


def test_a_refused_gin_hand_changes_nothing_and_names_the_player():
    match = gin_match()
    before = Match.objects.get(pk=match.pk).version
    with pytest.raises(RuleError) as refused:
        record(match, gin_hand("Alice", Alice=11, Ben=22))
    assert refusal(refused.value) == "Alice knocked with 11 points of deadwood; the most is 10"
    assert Match.objects.get(pk=match.pk).version == before
    with refused_with("nobody can leave or join"):
        record(match, {"leave": "Ben"})
