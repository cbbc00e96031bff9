"""The Gin Rummy engine (docs/gin.md): the worked examples, the checks and
their messages, and properties over generated matches.

The expected figures are worked out from docs/gin.md by hand; the properties
restate its rules (who wins a hand, who deals next) in their own words
rather than calling the engine's helpers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.engine.board import Join, Leave, LineMove, Match
from matches.engine.errors import RuleError
from matches.games import replay
from matches.games.gin.rules import GinRules
from matches.games.gin.table import GinHand
from matches.games.rummy.rules import RummyRules
from matches.words import located, refusal
from tests.refusals import refused_with

AB = ("Alice", "Ben")


def gin(*events: object, first_dealer: str | None = None, **rules: object) -> Match:
    return Match(
        rules=GinRules(**rules),  # type: ignore[arg-type]
        players=AB,
        events=list(events),
        first_dealer=first_dealer,
    )


def knock(knocked: str | None, big_gin: bool = False, **deadwood: object) -> GinHand:
    return GinHand(knocked=knocked, deadwood=deadwood, big_gin=big_gin)


DRAWN = knock(None)


# The worked examples of docs/gin.md --------------------------------------------


def test_example_1_a_knock_scores_the_difference():
    board = replay(gin(knock("Alice", Alice=7, Ben=22)))
    assert board.totals == {"Alice": 15, "Ben": 0}
    assert (board.hands[0].result, board.hands[0].winner) == ("knock", "Alice")


@pytest.mark.parametrize(("ben", "score"), [(5, 27), (7, 25)])
def test_examples_2_and_3_an_undercut_scores_the_difference_and_the_bonus(ben, score):
    board = replay(gin(knock("Alice", Alice=7, Ben=ben)))
    assert board.totals == {"Alice": 0, "Ben": score}
    assert (board.hands[0].result, board.hands[0].winner) == ("undercut", "Ben")
    assert board.hands_won == {"Alice": 0, "Ben": 1}


@pytest.mark.parametrize(
    ("big_gin", "result", "score"), [(False, "gin", 56), (True, "big_gin", 62)]
)
def test_example_4_gin_and_big_gin_add_their_bonus(big_gin, result, score):
    board = replay(gin(knock("Alice", big_gin, Alice=0, Ben=31)))
    assert board.totals == {"Alice": score, "Ben": 0}
    assert board.hands[0].result == result


def test_example_4_a_gin_cannot_be_undercut_even_against_no_deadwood():
    board = replay(gin(knock("Alice", Alice=0, Ben=0)))
    # Alice wins the hand with the gin bonus alone.
    assert board.totals == {"Alice": 25, "Ben": 0}
    assert board.hands_won == {"Alice": 1, "Ben": 0}


def test_a_gin_with_a_bonus_of_0_against_no_deadwood_is_still_won():
    board = replay(gin(knock("Alice", Alice=0, Ben=0), gin_bonus=0))
    assert board.totals == {"Alice": 0, "Ben": 0}
    assert board.hands[0].winner == "Alice" and board.hands_won["Alice"] == 1


EXAMPLE_5 = (knock("Alice", Alice=5, Ben=20), DRAWN, knock("Ben", Ben=3, Alice=30))


@pytest.mark.parametrize(
    ("deal", "dealers"),
    [
        ("loser", ["Ben", "Ben", "Ben", "Alice"]),
        ("alternate", ["Ben", "Alice", "Alice", "Ben"]),
        ("winner", ["Ben", "Alice", "Alice", "Ben"]),
    ],
)
def test_example_5_the_deal_follows_the_rule_and_stays_after_a_drawn_hand(deal, dealers):
    board = replay(gin(*EXAMPLE_5, first_dealer="Ben", deal=deal))
    assert [hand.dealer for hand in board.hands] + [board.next_hand.dealer] == dealers
    assert [hand.deal.first_player for hand in board.hands] == [
        "Alice" if dealer == "Ben" else "Ben" for dealer in dealers[:3]
    ]
    assert board.next_hand.cards_each == 10
    assert board.hands[1].result == "drawn" and board.hands[1].scores == {"Alice": 0, "Ben": 0}
    assert board.hands_played == 3 and board.next_hand.number == 4


def test_example_6_the_final_score_adds_boxes_and_the_game_bonus():
    board = replay(
        gin(
            knock("Alice", Alice=2, Ben=30),
            knock("Ben", Ben=5, Alice=15),
            knock("Alice", Alice=4, Ben=30),
            knock("Ben", Ben=4, Alice=24),
            knock("Alice", Alice=5, Ben=30),
            knock("Alice", Alice=1, Ben=26),
        )
    )
    assert board.totals == {"Alice": 104, "Ben": 30}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "target")
    assert board.hands_won == {"Alice": 4, "Ben": 2}
    assert board.final == {"Alice": 304, "Ben": 80}
    assert board.margin == 224


EXAMPLE_7 = (
    knock("Alice", Alice=0, Ben=12),
    knock("Alice", Alice=0, Ben=12),
    knock("Alice", Alice=2, Ben=40),
)


@pytest.mark.parametrize(
    ("shutout", "alice"),
    [("double_total", 574), ("double_points", 399), ("game_bonus_200", 387), ("none", 287)],
)
def test_example_7_a_shutout_by_each_rule(shutout, alice):
    board = replay(gin(*EXAMPLE_7, shutout=shutout))
    assert board.totals == {"Alice": 112, "Ben": 0}
    assert board.final == {"Alice": alice, "Ben": 0}
    assert board.margin == alice


def test_example_8_a_knock_over_the_limit_is_refused():
    with pytest.raises(RuleError) as refused:
        replay(gin(knock("Alice", Alice=11, Ben=22)))
    assert (
        located(refused.value)
        == "event 0: Alice knocked with 11 points of deadwood; the most is 10"
    )
    assert refused.value.player == "Alice"


# The final score --------------------------------------------------------------


def test_the_margin_can_be_negative_when_the_losers_boxes_outweigh_the_bonus():
    board = replay(
        gin(*[knock("Ben", Ben=1, Alice=2)] * 4, knock("Alice", Alice=0, Ben=98), box_bonus=100)
    )
    assert board.winner == "Alice"
    assert board.final == {"Alice": 323, "Ben": 404}
    assert board.margin == -81


def test_an_open_match_and_a_tie_at_the_hand_limit_have_no_final():
    open_board = replay(gin(knock("Alice", Alice=2, Ben=22)))
    assert (open_board.final, open_board.margin) == (None, None)
    tie = replay(gin(knock("Alice", Alice=2, Ben=22), knock("Ben", Ben=3, Alice=23), hand_limit=2))
    assert (tie.status, tie.winner, tie.closed_by) == ("closed", None, "hand_limit")
    assert (tie.final, tie.margin) == (None, None)


def test_the_hand_limit_closes_for_the_leader_with_a_drawn_hand_counted():
    board = replay(
        gin(knock("Alice", Alice=2, Ben=22), DRAWN, knock("Ben", Ben=3, Alice=13), hand_limit=3)
    )
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "hand_limit")
    assert board.final == {"Alice": 145, "Ben": 35}
    assert board.margin == 110


def test_moving_the_line_reopens_and_closes_a_gin_match():
    raised = replay(gin(*EXAMPLE_7, LineMove(200)))
    assert (raised.status, raised.final, raised.next_hand.dealer) == ("open", None, "Ben")
    lowered = replay(gin(*EXAMPLE_7, LineMove(200), LineMove(100)))
    assert (lowered.status, lowered.winner, lowered.margin) == ("closed", "Alice", 574)


# The checks -------------------------------------------------------------------


CARD_HELP = "a card is a rank (A, 2 to 10, J, Q, K) and an optional suit (S, H, D, C)"
ONE_DECK = "with 1 deck there"
REFUSED = [
    (
        knock("Alice", Alice=1, Ben=20),
        {"knock_limit": 0},
        "Alice knocked with 1 point of deadwood; the most is 0",
    ),
    (
        knock("Alice", True, Alice=4, Ben=20),
        {},
        "big gin needs Alice's deadwood to be 0 (all eleven cards melded)",
    ),
    (knock(None, True), {}, "nobody knocked, so the hand cannot be big gin"),
    (knock(None, Alice=3, Ben=4), {}, "nobody knocked, so the hand is drawn and has no deadwood"),
    (knock("Alice", Alice=2), {}, "Ben's deadwood is missing"),
    (
        knock("Alice", Alice=2, Ben=99),
        {},
        "Ben's deadwood of 99 points is more than ten unmatched cards can hold (98)",
    ),
    (knock("Alice", Alice=2, Ben=-1), {}, "Ben's deadwood must be 0 or more"),
    (
        knock("Alice", Alice=2, Ben=True),
        {},
        "Ben's deadwood must be a whole number of points or a list of cards",
    ),
    (
        knock("Alice", Alice=2, Ben=["KH", "kh"]),
        {},
        f"Ben's K♥ is one too many: {ONE_DECK} is 1 of each card, and Ben holds 2",
    ),
    (
        knock("Alice", Alice=["2"] * 5, Ben=3),
        {},
        f"Alice's 2 is one too many: {ONE_DECK} are 4 2s, and Alice holds 5",
    ),
    (
        knock("Alice", Alice=["2"] * 7, Ben=3),
        {},
        f"3 2s too many: {ONE_DECK} are 4 2s, and Alice holds 7",
    ),
    (knock("Alice", Alice=2, Ben=["X"]), {}, f"Ben's cards: 'X' is not a card ({CARD_HELP})"),
    (knock("Zed", Alice=2, Ben=20), {}, "Zed is not at the table"),
    (
        GinHand("Alice", {"Alice": 2, "Ben": 20}, big_gin="yes"),  # type: ignore[arg-type]
        {},
        "big_gin must be true or false",
    ),
    (Leave("Ben"), {}, "Gin Rummy is a game for two: nobody can leave or join"),
    (Join("Cara"), {}, "Gin Rummy is a game for two: nobody can leave or join"),
]


@pytest.mark.parametrize(("event", "rules", "message"), REFUSED)
def test_each_check_refuses_with_its_message(event, rules, message):
    with pytest.raises(RuleError) as refused:
        replay(gin(event, **rules))
    assert refusal(refused.value) == message
    assert refused.value.index == 0


def test_a_name_given_twice_in_any_case_is_refused():
    hand = GinHand("alice", {"Alice": 2, "Ben": 20, "ALICE": 3})
    with refused_with("Alice's deadwood is given twice"):
        replay(gin(hand))


def test_deadwood_counts_cards_at_their_points_with_aces_at_1():
    board = replay(gin(knock("Alice", Alice=["A", "2S", "3H"], Ben=["KH", "QS", "JD", "AC"])))
    assert board.hands[0].deadwood == {"Alice": 6, "Ben": 31}
    assert board.totals == {"Alice": 25, "Ben": 0}


def test_a_gin_match_seats_exactly_two():
    for players in (["Alice"], ["Alice", "Ben", "Cara"]):
        with pytest.raises(RuleError) as refused:
            replay(Match(rules=GinRules(), players=players))
        assert located(refused.value) == (
            "players: Gin Rummy is a game for two: a match needs exactly 2 players"
        )


@pytest.mark.parametrize("key", [k for k in GinRules.names() if k not in ("shutout", "deal")])
def test_each_number_rule_is_refused_outside_its_range(key):
    low = {"target": 100, "hand_limit": 1}.get(key, 0)
    problems = replace(GinRules(), **{key: low - 1}).problems()
    assert [problem.field for problem in problems] == [key]
    high = {"target": 1000, "hand_limit": 150, "knock_limit": 10, "game_bonus": 500}.get(key)
    high = high or {"box_bonus": 100}.get(key, 50)
    assert refusal(problems[0]).endswith(f"must be a whole number from {low} to {high}")


def test_the_defaults_are_those_of_the_house_rules_table():
    assert GinRules() == GinRules(
        target=100,
        knock_limit=10,
        gin_bonus=25,
        big_gin_bonus=31,
        undercut_bonus=25,
        game_bonus=100,
        box_bonus=25,
        shutout="double_total",
        deal="alternate",
        hand_limit=150,
    )
    assert (GinRules.game, RummyRules.game) == ("gin", "rummy")


def test_a_gin_hand_in_a_rummy_match_is_refused():
    with refused_with("event 0: an event is a hand"):
        replay(Match(rules=RummyRules(), players=AB, events=[knock("Alice", Alice=2, Ben=9)]))


# Properties -------------------------------------------------------------------

PROPERTY_SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def gin_matches(draw: st.DrawFn) -> Match:
    """A valid Gin match: house rules, a first dealer and hands (some drawn,
    some gin or big gin), the line moved now and then, stopping where the
    match closes."""
    rules = GinRules(
        target=draw(st.sampled_from([100, 150, 250])),
        knock_limit=draw(st.integers(0, 10)),
        gin_bonus=draw(st.integers(0, 50)),
        big_gin_bonus=draw(st.integers(0, 50)),
        undercut_bonus=draw(st.integers(0, 50)),
        deal=draw(st.sampled_from(["alternate", "winner", "loser"])),
        shutout=draw(st.sampled_from(["double_total", "double_points", "game_bonus_200", "none"])),
        hand_limit=draw(st.integers(1, 30)),
    )
    first_dealer = draw(st.sampled_from(AB))
    events: list[object] = []
    for _ in range(draw(st.integers(0, 30))):
        board = replay(Match(rules=rules, players=AB, events=events, first_dealer=first_dealer))
        if board.status == "closed":
            if board.closed_by == "hand_limit" or not draw(st.booleans()):
                break
            events.append(LineMove(min(1000, max(board.totals.values()) + 50)))
            continue
        kind = draw(st.sampled_from(["knock", "knock", "gin", "big_gin", "drawn", "line"]))
        if kind == "drawn":
            events.append(DRAWN)
            continue
        if kind == "line":
            events.append(LineMove(draw(st.sampled_from([100, 200, 300, 1000]))))
            continue
        knocker = draw(st.sampled_from(AB))
        other = AB[1 - AB.index(knocker)]
        k = 0 if kind != "knock" else draw(st.integers(0, rules.knock_limit))
        o = draw(st.integers(0, 98))
        events.append(knock(knocker, kind == "big_gin", **{knocker: k, other: o}))
    return Match(rules=rules, players=AB, events=events, first_dealer=first_dealer)


@PROPERTY_SETTINGS
@given(gin_matches())
def test_one_player_wins_each_hand_not_drawn_and_the_other_scores_0(match):
    board = replay(match)
    for hand in board.hands:
        if hand.knocked is None:
            assert hand.winner is None and hand.scores == {"Alice": 0, "Ben": 0}
            continue
        loser = AB[1 - AB.index(hand.winner)]
        assert hand.scores[loser] == 0
        k, o = (
            hand.deadwood[hand.knocked],
            hand.deadwood[loser if hand.winner == hand.knocked else hand.winner],
        )
        # docs/gin.md: the knocker wins a gin, or a knock with less deadwood.
        assert (hand.winner == hand.knocked) == (k == 0 or k < o)
    assert sum(board.hands_won.values()) == sum(h.knocked is not None for h in board.hands)


@PROPERTY_SETTINGS
@given(gin_matches())
def test_the_next_dealer_follows_the_rule_from_the_last_hand_won(match):
    board = replay(match)
    dealers = [hand.dealer for hand in board.hands]
    if board.next_hand is not None:
        dealers.append(board.next_hand.dealer)
    expected = match.first_dealer
    for number, dealer in enumerate(dealers):
        assert dealer == expected, f"hand {number + 1}"
        if number == len(board.hands):
            break
        winner = board.hands[number].winner
        if winner is None:
            continue  # the same dealer deals again after a drawn hand
        other = AB[1 - AB.index(dealer)]
        loser = AB[1 - AB.index(winner)]
        expected = {"alternate": other, "winner": winner, "loser": loser}[match.rules.deal]


@PROPERTY_SETTINGS
@given(gin_matches(), st.data())
def test_a_prefix_replays_the_same_and_going_on_from_it_gives_the_whole(match, data):
    whole = replay(match)
    cut = data.draw(st.integers(0, len(match.events)))
    part = replay(replace(match, events=match.events[:cut]))
    shared = len(part.hands)
    assert part.hands == whole.hands[:shared]
    rest = replay(replace(match, events=match.events[cut:]), part.position)
    assert part.hands + rest.hands == whole.hands
    for name in (
        "totals",
        "status",
        "winner",
        "closed_by",
        "next_hand",
        "hands_won",
        "final",
        "margin",
        "position",
    ):
        assert getattr(rest, name) == getattr(whole, name), name
