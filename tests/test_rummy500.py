"""The Rummy 500 engine (docs/rummy500.md): the worked examples, the checks
and their messages, and properties over generated matches.

The expected figures are worked out from the rules by hand; the properties
restate the rules (melded less in hand, plus the bonus; the deck holds
every point counted) in their own words rather than calling the engine's
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
from matches.games.rummy500.examples import EXAMPLE_1, TO_480_495, TO_490_490, hand, r500
from matches.games.rummy500.rules import Rummy500Rules
from matches.games.rummy500.table import Rummy500Hand
from tests.refusals import refused_with

THREE = ("Alice", "Ben", "Cara")
TWO = ("Alice", "Ben")
EIGHT = ("Alice", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal")

# The worked examples --------------------------------------------------------------


def test_example_1_melded_counts_for_and_in_hand_against_every_player():
    board = replay(r500(EXAMPLE_1))
    assert board.hands[0].scores == {"Alice": 18, "Ben": 45, "Cara": -50}
    assert board.totals == {"Alice": 18, "Ben": 45, "Cara": -50}
    # K Q A JK at the defaults: 10 + 10 + 15 + 15.
    assert board.hands[0].in_hand == {"Alice": 12, "Ben": 0, "Cara": 50}
    assert board.leader == "Ben"


def test_example_2_the_going_out_bonus_goes_to_who_went_out():
    board = replay(r500(EXAMPLE_1, going_out_bonus=25))
    assert board.totals == {"Alice": 18, "Ben": 70, "Cara": -50}


def test_example_3_when_the_stock_runs_out_anyone_may_hold_nothing():
    board = replay(r500(hand(None, Alice=(20, 25), Ben=(60, 0), Cara=(5, 5))))
    assert board.hands[0].scores == {"Alice": -5, "Ben": 60, "Cara": 0}
    assert board.hands[0].went_out is None


def test_example_4_both_over_the_line_the_higher_total_wins():
    before = replay(r500(*TO_480_495, players=TWO))
    assert before.totals == {"Alice": 480, "Ben": 495}
    board = replay(r500(*TO_480_495, hand("Ben", Alice=(40, 5), Ben=(10, None)), players=TWO))
    assert board.totals == {"Alice": 515, "Ben": 505}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "target")


def test_example_5_level_at_the_top_over_the_line_deals_another_hand():
    before = replay(r500(*TO_490_490, players=TWO))
    assert before.totals == {"Alice": 490, "Ben": 490}
    board = replay(r500(*TO_490_490, hand("Alice", Alice=(20, None), Ben=(25, 5)), players=TWO))
    assert board.totals == {"Alice": 510, "Ben": 510}
    assert (board.status, board.winner) == ("open", None)
    assert board.next_hand.number == 5


def test_example_6_a_player_who_did_not_go_out_holds_at_least_one_card():
    with refused_with("event 0: Cara did not go out, so Cara holds at least one card"):
        replay(r500(hand("Ben", Alice=(30, 12), Ben=(45, None), Cara=(0, 0))))


# The rules -----------------------------------------------------------------------


def test_the_house_rules_default_as_the_table_says():
    rules = Rummy500Rules().checked(3)
    assert rules.document() == {
        "target": 500,
        "going_out_bonus": 0,
        "ace_value": 15,
        "joker_value": 15,
        "decks": 1,
        "hand_limit": 150,
    }
    assert Rummy500Rules().checked(5).decks == 2
    assert Rummy500Rules().checked(4).decks == 1


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"target": 99}, "target must be a whole number from 100 to 5000"),
        ({"target": 5001}, "target must be a whole number from 100 to 5000"),
        ({"going_out_bonus": 101}, "the going-out bonus must be a whole number from 0 to 100"),
        ({"ace_value": 10}, "must be 1, 11 or 15"),
        ({"joker_value": 10}, "a joker's points must be 0, 15, 20, 25 or 50"),
        ({"decks": 3}, "must be 1 or 2"),
        ({"hand_limit": 0}, "the hand limit must be a whole number from 1 to 150"),
    ],
)
def test_each_house_rule_out_of_its_range_is_refused_by_name(rules, words):
    with refused_with(words):
        replay(r500(**rules))


def test_a_line_of_5000_is_allowed_and_the_line_moves_within_100_to_5000():
    assert replay(r500(LineMove(5000), target=5000)).target == 5000
    with refused_with("event 0: target must be a whole number from 100 to 5000"):
        replay(r500(LineMove(5001)))


def test_cards_each_are_13_with_two_players_and_7_with_three_to_eight():
    assert replay(r500(players=TWO)).next_hand.cards_each == 13
    assert replay(r500()).next_hand.cards_each == 7
    assert replay(r500(players=EIGHT)).next_hand.cards_each == 7
    # Down to two after a leave: 13 again.
    assert replay(r500(Leave("Cara"))).next_hand.cards_each == 13


def test_eight_players_sit_and_a_ninth_is_refused():
    board = replay(r500(players=EIGHT))
    assert board.seated == EIGHT
    with refused_with("event 0: Ivy cannot join: the table is full \\(8 players are seated\\)"):
        replay(r500(Join("Ivy"), players=EIGHT))
    with refused_with("a match needs 2 to 8 players"):
        replay(r500(players=(*EIGHT, "Ivy")))


def test_a_newcomer_joins_at_0_and_the_deal_goes_round_as_in_rummy():
    board = replay(r500(EXAMPLE_1, Join("Dev", after="Alice")))
    assert board.totals == {"Alice": 18, "Dev": 0, "Ben": 45, "Cara": -50}
    # Dev sits after Alice, who dealt: Dev deals next, as in Rummy.
    assert (board.next_hand.dealer, board.next_hand.first_player) == ("Dev", "Ben")


def test_totals_may_go_below_zero_and_the_highest_leads():
    board = replay(r500(hand("Alice", Alice=(10, None), Ben=(0, 80), Cara=(0, 90))))
    assert board.totals == {"Alice": 10, "Ben": -80, "Cara": -90}
    assert board.ranking[0] == ("Alice", 1, False)


def test_aces_and_jokers_in_hand_count_their_house_values():
    board = replay(
        r500(
            hand("Ben", Alice=(0, ["A", "JK"]), Ben=(10, None), Cara=(0, ["a", "Joker"])),
            ace_value=1,
            joker_value=50,
        )
    )
    assert board.hands[0].in_hand == {"Alice": 51, "Ben": 0, "Cara": 51}


@pytest.mark.parametrize(
    ("events", "words"),
    [
        (
            [hand("Ben", Alice=(30, 12), Ben=(45, 5), Cara=(0, 4))],
            "event 0: Ben went out, so Ben holds no cards",
        ),
        (
            [
                hand(
                    "Ben",
                    Alice=(30, ["2"] * 3 + ["3"] * 4 + ["4"] * 4 + ["5"] * 3),
                    Ben=(4, None),
                    Cara=(0, 4),
                )
            ],
            "event 0: Alice's cards: 14 cards, but a hand holds at most 13",
        ),
        (
            [hand(None, Alice=(300, 3), Ben=(100, 5), Cara=(20, 0))],
            "event 0: melded and in hand add up to 428 points, more than the 426 points of 1 deck",
        ),
        (
            [hand("Ben", Alice=(-1, 3), Ben=(4, None), Cara=(0, 4))],
            "event 0: Alice's melded count must be a whole number from 0 to 999",
        ),
        (
            [hand("Ben", Alice=(1, 1000), Ben=(4, None), Cara=(0, 4))],
            "event 0: Alice's in-hand count must be a whole number from 0 to 999",
        ),
        (
            [hand("Ben", Alice=(1, ["JK", "JK"]), Ben=(4, None), Cara=(0, ["JK"]))],
            "event 0: Cara's printed joker is one too many",
        ),
        (
            [hand("Ben", Alice=(1, ["KH"]), Ben=(4, None), Cara=(0, ["KH"]))],
            "event 0: Cara's K♥ is one too many",
        ),
        (
            [hand("Dev", Alice=(1, 1), Ben=(4, 2), Cara=(0, 3))],
            "event 0: Dev is not at the table",
        ),
        (
            [Rummy500Hand(went_out="Ben", melded={"Alice": 1, "Ben": 4}, in_hand={"Alice": 1})],
            "event 0: Cara's melded count is missing",
        ),
        (
            [
                Rummy500Hand(
                    went_out="Ben", melded={"Alice": 1, "Ben": 4, "Cara": 0}, in_hand={"Alice": 1}
                )
            ],
            "event 0: Cara's in-hand count is missing",
        ),
        (
            [
                Rummy500Hand(
                    went_out="Ben",
                    melded={"Alice": 1, "ALICE": 2, "Ben": 4, "Cara": 0},
                    in_hand={"Alice": 1, "Cara": 2},
                )
            ],
            "event 0: Alice's melded count is given twice",
        ),
    ],
)
def test_each_wrong_hand_is_refused_naming_the_player(events, words):
    with refused_with(words):
        replay(r500(*events))


def test_a_lone_joker_at_0_points_is_no_card_held_when_someone_went_out():
    with refused_with("event 0: Cara did not go out, so Cara holds at least one card"):
        replay(r500(hand("Ben", Alice=(30, 12), Ben=(45, None), Cara=(0, ["JK"])), joker_value=0))
    # When the stock ran out it counts 0.
    board = replay(r500(hand(None, Alice=(30, 12), Ben=(45, 0), Cara=(0, ["JK"])), joker_value=0))
    assert board.hands[0].scores["Cara"] == 0


def test_every_wrong_box_of_a_hand_is_named_at_once():
    with pytest.raises(RuleError) as caught:
        replay(r500(hand("Ben", Alice=(-1, 0), Ben=(4, None), Cara=(0, 1000))))
    wrong = [(each.code, each.player) for each in (caught.value, *caught.value.others)]
    assert wrong == [
        ("rummy500.melded_range", "Alice"),
        ("rummy500.holds_nothing", "Alice"),
        ("rummy500.in_hand_range", "Cara"),
    ]


def test_two_decks_hold_twice_the_points_and_four_jokers():
    rules = Rummy500Rules(decks=2)
    assert rules.deck_most == 852
    assert Rummy500Rules(joker_value=50).deck_most == 396 + 100
    board = replay(
        r500(hand("Ben", Alice=(1, ["JK", "JK", "JK"]), Ben=(4, None), Cara=(0, ["JK"])), decks=2)
    )
    assert board.hands[0].in_hand["Alice"] == 45


def test_the_hand_limit_closes_with_the_highest_total_winning():
    board = replay(r500(hand("Ben", Alice=(30, 12), Ben=(45, None), Cara=(0, 5)), hand_limit=1))
    assert (board.status, board.winner, board.closed_by) == ("closed", "Ben", "hand_limit")


def test_a_rummy_500_hand_in_a_rummy_match_is_refused_naming_its_game():
    from matches.matchfile import read_match

    with refused_with("event 0: melded belongs to Rummy 500 hands"):
        read_match(
            {
                "format": "rummy-match/1",
                "players": ["Alice", "Ben"],
                "events": [{"hand": {"went_out": "Ben", "melded": {}, "leftovers": {}}}],
            }
        )


# Properties -------------------------------------------------------------------------

PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def r500_matches(draw: st.DrawFn) -> Match:
    """A Rummy 500 match: 2 to 8 players, house rules, and hands (counts and
    cards, someone out or the stock out), with leaves, joins and moves of
    the line now and then; a hand the deck could not hold is kept too (the
    deck check refuses it)."""
    players = EIGHT[: draw(st.integers(2, 8))]
    rules = Rummy500Rules(
        target=draw(st.sampled_from([100, 500, 1000])),
        going_out_bonus=draw(st.sampled_from([0, 25, 100])),
        ace_value=draw(st.sampled_from([1, 11, 15])),
        joker_value=draw(st.sampled_from([0, 15, 50])),
        hand_limit=draw(st.integers(1, 30)),
    )
    events: list[object] = []
    newcomers = iter(("Ivy", "Jo", "Kit"))
    for _ in range(draw(st.integers(0, 25))):
        board = replay(Match(rules=rules, players=players, events=events))
        if board.status == "closed":
            break
        kind = draw(st.sampled_from(["hand"] * 8 + ["leave", "join", "line"]))
        if kind == "leave" and len(board.seated) > 2:
            events.append(Leave(draw(st.sampled_from(board.seated))))
        elif kind == "join" and len(board.seated) < 8:
            events.append(Join(next(newcomers, "Lou")))
            if "Lou" in board.totals:
                events.pop()
        elif kind == "line":
            events.append(LineMove(draw(st.sampled_from([200, 700]))))
        else:
            out = draw(st.one_of(st.none(), st.sampled_from(board.seated)))
            melded = {name: draw(st.integers(0, 120)) for name in board.seated}
            in_hand: dict[str, object] = {}
            for name in board.seated:
                if name == out:
                    continue
                in_hand[name] = draw(
                    st.one_of(
                        st.integers(1 if out else 0, 90),
                        st.lists(st.sampled_from(["A", "5", "K"]), min_size=1, max_size=3),
                    )
                )
            events.append(Rummy500Hand(went_out=out, melded=melded, in_hand=in_hand))
            try:
                replay(Match(rules=rules, players=players, events=events))
            except RuleError as error:
                assert error.code in ("rummy500.over_deck", "rank_too_many")
                # The deck check refuses it: the next hand melds less.
                events.pop()
    return Match(rules=rules, players=players, events=events)


def _points(value: object, rules: Rummy500Rules) -> int:
    if isinstance(value, list):
        values = {"A": rules.ace_value, "5": 5, "K": 10}
        return sum(values[card] for card in value)
    return value  # type: ignore[return-value]


@PROPERTY_SETTINGS
@given(r500_matches())
def test_a_hands_score_is_melded_less_in_hand_plus_the_bonus_for_going_out(match):
    board = replay(match)
    hands = [event for event in match.events if isinstance(event, Rummy500Hand)]
    assert len(hands) == len(board.hands)
    for entered, scored in zip(hands, board.hands, strict=True):
        for name, melded in entered.melded.items():
            held = _points(entered.in_hand.get(name, 0), match.rules)
            bonus = match.rules.going_out_bonus if name == entered.went_out else 0
            assert scored.scores[name] == melded - held + bonus


@PROPERTY_SETTINGS
@given(r500_matches())
def test_the_deck_holds_every_point_of_each_hand_and_a_point_more_is_refused(match):
    board = replay(match)
    rules = board.rules
    # A deck is 4 x (15 + 54 + 30) + two jokers at no less than 15, per deck.
    deck = (rules.decks or 1) * (4 * (15 + 54 + 30) + 2 * max(15, rules.joker_value))
    for each in board.hands:
        counted = sum(each.melded.values()) + sum(each.in_hand.values())
        assert counted <= deck
    if board.status == "open":
        seated = board.seated
        over = Rummy500Hand(
            went_out=None,
            melded={seated[0]: deck - 1, **{name: 0 for name in seated[1:]}},
            in_hand={name: 2 if name == seated[1] else 0 for name in seated},
        )
        with refused_with("melded and in hand add up to"):
            replay(replace(match, events=[*match.events, over]))


@PROPERTY_SETTINGS
@given(r500_matches())
def test_the_match_closes_only_over_the_line_with_one_highest_or_at_the_hand_limit(match):
    board = replay(match)
    if board.status == "open":
        return
    dealt_in = board.dealt_in_last
    best = max(board.totals[name] for name in dealt_in)
    if board.closed_by == "target":
        assert best >= board.target
        assert [name for name in dealt_in if board.totals[name] == best] == [board.winner]
    else:
        assert board.closed_by == "hand_limit"
        assert board.hands_played == board.rules.hand_limit


@PROPERTY_SETTINGS
@given(r500_matches(), st.data())
def test_a_prefix_replays_the_same_and_going_on_from_it_gives_the_whole(match, data):
    whole = replay(match)
    cut = data.draw(st.integers(0, len(match.events)))
    part = replay(replace(match, events=match.events[:cut]))
    rest = replay(replace(match, events=match.events[cut:]), part.position)
    assert part.hands + rest.hands == whole.hands
    for name in ("totals", "status", "winner", "closed_by", "next_hand"):
        assert getattr(rest, name) == getattr(whole, name), name


@PROPERTY_SETTINGS
@given(r500_matches())
def test_the_snapshot_gives_back_the_board_a_replay_gives(match):
    board = replay(match)
    data = snapshot.take(match, board)
    kept = snapshot.board(match.rules, data)
    for name in ("totals", "status", "winner", "closed_by", "next_hand", "hands"):
        assert getattr(kept, name) == getattr(board, name), name
    assert snapshot.position(data, "rummy500") == board.position


def test_the_game_is_registered_with_two_to_eight_seats():
    kind = game("rummy500")
    assert (kind.low, kind.high) == (2, 8)
