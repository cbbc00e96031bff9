"""The Contract Rummy engine (docs/contract.md): the worked examples, the
checks and their messages, and properties over generated matches.

The expected figures are worked out from the rules by hand; the properties
restate the rules (each deal's contract by its number, the end after exactly
``deals`` deals) in their own words rather than calling the engine's
helpers."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import snapshot
from matches.engine.board import Join, Leave, LineMove, Match
from matches.engine.errors import RuleError
from matches.games import game, replay
from matches.games.contract.examples import (
    EXAMPLE_1,
    EXAMPLE_2,
    EXAMPLE_3,
    EXAMPLE_4,
    EXAMPLE_5,
    contract,
    deal,
)
from matches.games.contract.rules import ContractRules
from matches.games.contract.table import ContractHand
from tests.refusals import asked, refused_with

FOUR = ("Alice", "Ben", "Cara", "Dev")
TWO = ("Alice", "Ben")
EIGHT = (*FOUR, "Eve", "Fay", "Gus", "Hal")

# The contracts and cards each of CONTRACT.md, deal 1 first.
TABLE = [
    ("two sets", 10),
    ("a set and a run", 10),
    ("two runs", 10),
    ("three sets", 10),
    ("two sets and a run", 12),
    ("a set and two runs", 12),
    ("three runs", 12),
    ("four sets", 12),
    ("three sets and a run", 12),
    ("two sets and two runs", 12),
]


def contract_words(key: str) -> str:
    from matches.games.contract.rules import CONTRACT_WORDS

    return CONTRACT_WORDS[key]


# The worked examples --------------------------------------------------------------


def test_example_1_whoever_went_out_scores_nothing_and_the_others_are_charged():
    board = replay(contract(EXAMPLE_1))
    # K 7 A at the defaults: 10 + 7 + 15; JK 4: 15 + 4.
    assert board.hands[0].scores == {"Alice": 32, "Ben": 18, "Cara": 0, "Dev": 19}
    assert contract_words(board.hands[0].contract) == "two sets"
    assert board.hands[0].deal.cards_each == 10
    assert board.leader == "Cara"


def test_example_1_two_decks_hold_one_joker():
    with refused_with(
        "event 0: Dev's printed joker is one too many: with 2 decks there is 1 joker, "
        "and Dev holds 2"
    ):
        replay(contract(deal("Cara", Alice=["K", "7", "A"], Ben=18, Dev=["JK", "JK"])))


def test_example_2_a_shared_lowest_total_closes_with_no_winner_sharing_first():
    board = replay(contract(*EXAMPLE_2))
    assert board.totals == {"Alice": 140, "Ben": 95, "Cara": 95, "Dev": 210}
    assert (board.status, board.winner, board.closed_by) == ("closed", None, "deals")
    assert board.places == {"Ben": 1, "Cara": 1, "Alice": 3, "Dev": 4}


def test_example_3_the_lowest_wins_and_an_eighth_deal_is_refused():
    board = replay(contract(*EXAMPLE_3, players=TWO))
    assert board.totals == {"Alice": 60, "Ben": 95}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "deals")
    assert board.next_hand is None
    with refused_with("event 7: the match closed after its 7 deals"):
        replay(contract(*EXAMPLE_3, deal("Alice", Ben=5), players=TWO))


def test_example_4_with_ten_deals_the_eighth_is_four_sets_of_12_cards():
    board = replay(contract(*EXAMPLE_4, deals=10))
    assert board.status == "open"
    assert (board.next_hand.number, board.next_hand.cards_each) == (8, 12)
    from matches.matchfile import board_document

    assert board_document(board)["next_hand"]["contract"] == "four sets"


def test_example_5_a_player_who_left_ranks_after_everyone_still_playing():
    board = replay(contract(*EXAMPLE_5))
    assert board.totals == {"Alice": 80, "Ben": 20, "Cara": 90, "Dev": 100}
    assert (board.winner, board.closed_by) == ("Alice", "deals")
    assert board.places == {"Alice": 1, "Cara": 2, "Dev": 3, "Ben": 4}


# The rules -----------------------------------------------------------------------


def test_the_house_rules_default_as_the_table_says():
    assert ContractRules().checked(4).document() == {
        "deals": 7,
        "ace_value": 15,
        "joker_value": 15,
        "decks": 2,
    }
    assert ContractRules().checked(5).decks == 3


def test_each_deal_has_its_contract_and_cards_each():
    events = [deal("Alice", Ben=5, Cara=5, Dev=5)] * 9
    board = replay(contract(*events, deals=10))
    for hand, (words, cards) in zip(board.hands, TABLE, strict=False):
        assert (contract_words(hand.contract), hand.deal.cards_each) == (words, cards)
    assert board.next_hand.cards_each == 12


@pytest.mark.parametrize(
    ("events", "words"),
    [
        ([LineMove(200)], "event 0: a Contract match has no line: it ends after its last deal"),
        (
            [deal("Cara", Alice=3, Ben=4, Dev=5), Join("Eve")],
            "event 1: Eve cannot join: a Contract match keeps its players once it has begun",
        ),
        ([deal("Cara", Alice=0, Ben=4, Dev=5)], "Alice's charge must be a whole number from 1"),
        ([deal("Cara", Alice=3, Ben=4, Cara=2, Dev=5)], "Cara went out, so Cara is charged"),
        ([deal("Cara", Alice=3, Ben=4)], "event 0: Dev's charge is missing"),
        ([deal("Cara", Alice=1000, Ben=4, Dev=5)], "from 1 to 999"),
        ([deal("Eve", Alice=3, Ben=4, Dev=5)], "Eve is not at the table"),
        (
            [deal("Cara", Alice=["KH"], Ben=["KH", "KH"], Dev=1)],
            "Ben's K♥ is one too many: with 2 decks there are 2 of each card",
        ),
    ],
)
def test_each_wrong_deal_is_refused_naming_the_player(events, words):
    with refused_with(words):
        replay(contract(*events))


def test_a_called_off_deal_charges_everyone_and_allows_0():
    board = replay(contract(deal(None, Alice=0, Ben=4, Cara=10, Dev=["A"])))
    assert board.hands[0].scores == {"Alice": 0, "Ben": 4, "Cara": 10, "Dev": 15}


def test_a_new_player_may_join_before_the_first_deal_but_not_after():
    board = replay(contract(Join("Eve")))
    assert board.seated == (*FOUR, "Eve")
    assert board.rules.decks == 2  # by the players who started


def test_a_charge_over_the_cards_dealt_at_their_dearest_is_asked_not_refused():
    board = replay(contract(deal("Cara", Alice=151, Ben=150, Dev=5)))
    assert asked(board.hands[0].slips) == {"Alice": "Alice: 151 points in 10 cards?"}
    dear = replay(contract(deal("Cara", Alice=451, Ben=450, Dev=5), joker_value=50))
    # Ten cards at 50 (jokers), 500 at most: no question.
    assert dear.hands[0].slips == {}


def test_deleting_the_last_deal_reopens_the_match():
    board = replay(contract(*EXAMPLE_3[:-1], players=TWO))
    assert (board.status, board.next_hand.number) == ("open", 7)
    assert contract_words("three_runs") == "three runs"


def test_eight_players_sit_and_leaving_keeps_two_at_least():
    assert replay(contract(players=EIGHT)).seated == EIGHT
    with refused_with("Ben cannot leave: at least 2 players must stay seated"):
        replay(contract(Leave("Ben"), players=TWO))


# Properties -------------------------------------------------------------------------

PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def contract_matches(draw: st.DrawFn) -> Match:
    """A Contract match: 2 to 8 players, 7 or 10 deals, deals with charges
    (points or cards, someone out or called off), leaves now and then,
    stopping where the match closes."""
    players = EIGHT[: draw(st.integers(2, 8))]
    rules = ContractRules(
        deals=draw(st.sampled_from([7, 10])),
        ace_value=draw(st.sampled_from([1, 11, 15])),
        joker_value=draw(st.sampled_from([15, 50])),
    )
    events: list[object] = []
    for _ in range(draw(st.integers(0, 12))):
        board = replay(Match(rules=rules, players=players, events=events))
        if board.status == "closed":
            break
        if draw(st.integers(0, 6)) == 0 and len(board.seated) > 2:
            events.append(Leave(draw(st.sampled_from(board.seated))))
            continue
        out = draw(st.one_of(st.none(), st.sampled_from(board.seated)))
        charges: dict[str, object] = {
            name: draw(
                st.one_of(
                    st.integers(1, 120),
                    st.lists(st.sampled_from(["A", "5", "K"]), min_size=1, max_size=3),
                )
            )
            for name in board.seated
            if name != out
        }
        events.append(ContractHand(went_out=out, charges=charges))
        try:
            replay(Match(rules=rules, players=players, events=events))
        except RuleError as error:
            assert error.code == "rank_too_many"
            events.pop()
    return Match(rules=rules, players=players, events=events)


@PROPERTY_SETTINGS
@given(contract_matches())
def test_the_contract_and_cards_each_follow_the_deal_number(match):
    board = replay(match)
    for hand in board.hands:
        words, cards = TABLE[hand.number - 1]
        assert (contract_words(hand.contract), hand.deal.cards_each) == (words, cards)
    if board.next_hand is not None:
        assert board.next_hand.cards_each == TABLE[board.next_hand.number - 1][1]


@PROPERTY_SETTINGS
@given(contract_matches())
def test_the_match_closes_exactly_after_its_deals(match):
    board = replay(match)
    assert (board.status == "closed") == (board.hands_played == match.rules.deals)
    if board.status == "closed":
        lowest = min(board.totals[name] for name in board.seated)
        holders = [name for name in board.seated if board.totals[name] == lowest]
        assert board.winner == (holders[0] if len(holders) == 1 else None)
        assert set(board.places) == set(match.players)
        assert all(board.places[name] == 1 for name in holders)
        more = ContractHand(went_out=board.seated[0], charges={n: 1 for n in board.seated[1:]})
        with refused_with("the match closed after its"):
            replay(replace(match, events=[*match.events, more]))


@PROPERTY_SETTINGS
@given(contract_matches())
def test_whoever_went_out_scores_0_and_totals_never_fall(match):
    board = replay(match)
    for hand in board.hands:
        if hand.went_out is not None:
            assert hand.scores[hand.went_out] == 0
        assert all(score >= 0 for score in hand.scores.values())


@PROPERTY_SETTINGS
@given(contract_matches(), st.data())
def test_a_prefix_replays_the_same_and_going_on_from_it_gives_the_whole(match, data):
    whole = replay(match)
    cut = data.draw(st.integers(0, len(match.events)))
    part = replay(replace(match, events=match.events[:cut]))
    rest = replay(replace(match, events=match.events[cut:]), part.position)
    assert part.hands + rest.hands == whole.hands
    for name in ("totals", "status", "winner", "closed_by", "next_hand", "left", "places"):
        assert getattr(rest, name) == getattr(whole, name), name


@PROPERTY_SETTINGS
@given(contract_matches())
def test_the_snapshot_gives_back_the_board_a_replay_gives(match):
    board = replay(match)
    data = snapshot.take(match, board)
    kept = snapshot.board(match.rules, data)
    for name in ("totals", "status", "winner", "closed_by", "next_hand", "hands", "places"):
        assert getattr(kept, name) == getattr(board, name), name
    assert snapshot.position(data, "contract") == board.position


def test_the_game_is_registered_with_two_to_eight_seats():
    kind = game("contract")
    assert (kind.low, kind.high) == (2, 8)
