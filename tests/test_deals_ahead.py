"""The deals a phone names while its hands wait for the connection are the
deals the engine gives once they arrive (Rummy: the deal goes round the
seats, whoever goes out); Gin names none (who wins may decide the deal)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from matches import games
from matches.engine.board import Join, Leave, Match
from matches.games.gin.rules import GinRules
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import Hand

NAMES = ["Alice", "Ben", "Cara", "Dan", "Eve", "Fay"]


@settings(max_examples=60, deadline=None)
@given(data=st.data(), players=st.integers(min_value=2, max_value=6))
def test_the_deals_ahead_are_the_engines_after_the_waiting_hands(data, players):
    names = NAMES[:players]
    events: list[object] = []
    seated = list(names)
    for _ in range(data.draw(st.integers(min_value=0, max_value=8))):
        if len(seated) > 2 and data.draw(st.booleans()):  # someone leaves between hands
            gone = data.draw(st.sampled_from(seated))
            seated.remove(gone)
            events.append(Leave(gone))
        out = data.draw(st.sampled_from(seated))
        events.append(Hand(out, {name: 1 for name in seated if name != out}))
    if len(seated) < 6 and data.draw(st.booleans()):
        events.append(Join("Gus"))
        seated.append("Gus")
    match = Match(rules=RummyRules(target=1000), players=tuple(names), events=tuple(events))
    game = games.game("rummy")
    board = game.replay(match)
    ahead = game.deals_ahead(board, 4)
    later = []
    for _ in range(4):  # the waiting hands, whoever went out in each
        out = data.draw(st.sampled_from(seated))
        events.append(Hand(out, {name: 1 for name in seated if name != out}))
        later.append(game.replay(replace(match, events=tuple(events))).next_hand)
    assert ahead == later


def test_gin_names_no_deal_ahead():
    match = Match(rules=GinRules(), players=("Alice", "Ben"), events=())
    game = games.game("gin")
    assert game.deals_ahead(game.replay(match), 3) is None
