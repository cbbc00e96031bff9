"""The Pool Rummy engine (docs/pool.md): the worked examples, the checks and
their messages, and properties over generated matches.

The expected figures are worked out from the Pool rules by hand; the
properties restate the rules (one declarer, out at the limit, where a
rejoin lands, the places) in their own words rather than calling the
engine's helpers.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import snapshot
from matches.engine.board import Join, Leave, LineMove, Match
from matches.engine.errors import RuleError
from matches.games import replay
from matches.games.pool.rules import PoolRules
from matches.games.pool.table import PoolHand, Rejoin, Split
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import Hand
from matches.words import refusal
from tests.refusals import refused_with

FOUR = ("Alice", "Ben", "Cara", "Dev")


def pool(*events: object, players: tuple[str, ...] = FOUR, **rules: object) -> Match:
    return Match(rules=PoolRules(**rules), players=players, events=list(events))  # type: ignore[arg-type]


def hand(declared: str, **charges: object) -> PoolHand:
    return PoolHand(declared=declared, charges=charges)


# Alice 40, Ben 70, Cara 96, Dev 60 after two hands (example 3's start).
TO_EXAMPLE_3 = (hand("Dev", Alice=40, Ben=70, Cara=80), hand("Alice", Ben=0, Cara=16, Dev=60))
EXAMPLE_3 = (*TO_EXAMPLE_3, hand("Dev", Alice=30, Ben="wrong_show", Cara=5))


# The worked examples --------------------------------------------------------------


def test_example_1_the_declarer_scores_nothing_and_drops_are_charged_their_rule():
    board = replay(pool(hand("Alice", Ben=35, Cara="drop", Dev="middle_drop")))
    assert board.hands[0].scores == {"Alice": 0, "Ben": 35, "Cara": 20, "Dev": 40}
    assert board.totals == {"Alice": 0, "Ben": 35, "Cara": 20, "Dev": 40}
    assert board.hands[0].charges == {"Ben": 35, "Cara": "drop", "Dev": "middle_drop"}


@pytest.mark.parametrize(
    "cara", [95, ["K", "K", "Q", "Q", "J", "J", "10", "9", "9", "8", "JK"]], ids=["count", "cards"]
)
def test_example_2_a_count_over_the_full_count_is_charged_the_full_count(cara):
    board = replay(pool(hand("Ben", Alice=3, Cara=cara, Dev=4)))
    assert board.hands[0].scores["Cara"] == 80
    # As entered: the count before the cap (the cards are 96 with jokers at 0).
    assert board.hands[0].charges["Cara"] == (95 if cara == 95 else 96)


def test_example_3_players_at_or_over_the_limit_are_out_at_that_hand():
    board = replay(pool(*EXAMPLE_3))
    assert board.totals == {"Alice": 70, "Ben": 150, "Cara": 101, "Dev": 60}
    assert board.out == {"Ben": 3, "Cara": 3}
    assert board.seated == ("Alice", "Dev")
    assert board.status == "open"


def test_example_4_rejoins_land_above_the_highest_still_in_and_only_once():
    board = replay(pool(*EXAMPLE_3))
    assert board.may_rejoin == {"Ben": 71, "Cara": 71}
    board = replay(pool(*EXAMPLE_3, Rejoin("Ben")))
    assert board.totals["Ben"] == 71
    assert board.may_rejoin == {"Cara": 72}
    board = replay(pool(*EXAMPLE_3, Rejoin("Ben"), Rejoin("Cara")))
    assert (board.totals["Cara"], board.seated) == (72, FOUR)
    again = (*EXAMPLE_3, Rejoin("Ben"), Rejoin("Cara"), hand("Alice", Ben=5, Cara=30, Dev=10))
    assert replay(pool(*again)).out == {"Cara": 4}
    with refused_with("event 6: Cara cannot rejoin: a player may rejoin 1 time in this match"):
        replay(pool(*again, Rejoin("Cara")))


def test_example_5_nobody_rejoins_while_a_player_still_in_is_over_the_bound():
    events = (
        hand("Cara", Alice=40, Ben=50, Dev=80),
        hand("Cara", Alice=35, Ben=40, Dev=25),
        hand("Alice", Ben=0, Cara=30),
    )
    board = replay(pool(*events))
    assert board.totals == {"Alice": 75, "Ben": 90, "Cara": 30, "Dev": 105}
    assert board.may_rejoin == {}
    assert refusal(board.why_not_rejoin("Dev")) == "Dev cannot rejoin: Ben has 90, over 79"
    with refused_with("event 3: Dev cannot rejoin: Ben has 90, over 79"):
        replay(pool(*events, Rejoin("Dev")))


def test_example_6_the_last_player_still_in_wins():
    board = replay(
        pool(
            hand("Ben", Alice=60, Cara=80, Dev=80),
            hand("Alice", Ben=80, Cara=30, Dev=30),
            hand("Alice", Ben=19),
            hand("Alice", Ben=2),
        )
    )
    assert board.totals["Ben"] == 101
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "last_in")
    assert board.next_hand is None
    # Cara and Dev went out at one hand with equal totals: they share third.
    assert board.places == {"Alice": 1, "Ben": 2, "Cara": 3, "Dev": 3}


def test_example_7_a_split_closes_with_everyone_still_in_sharing_first():
    board = replay(
        pool(
            hand("Alice", Ben=55, Cara=72),
            hand("Ben", Alice=40, Cara=0),
            Split(True),
            players=FOUR[:3],
        )
    )
    assert board.totals == {"Alice": 40, "Ben": 55, "Cara": 72}
    assert (board.status, board.winner, board.closed_by) == ("closed", None, "split")
    assert board.places == {"Alice": 1, "Ben": 1, "Cara": 1}


def test_example_8_pool_201_has_its_own_drops_and_rejoin_bound():
    board = replay(pool(hand("Ben", Alice="drop", Cara="middle_drop", Dev=10), limit=201))
    assert board.hands[0].scores == {"Alice": 25, "Ben": 0, "Cara": 50, "Dev": 10}
    rules = PoolRules(limit=201).checked(4)
    assert (rules.drop, rules.middle_drop, rules.rejoin_until) == (25, 50, 174)
    # Cara out at 201; Ben at 174 still lets her rejoin, at 175.
    out = (
        hand("Alice", Ben=80, Cara=80, Dev=0),
        hand("Alice", Ben=80, Cara=80, Dev=0),
        hand("Alice", Ben=14, Cara=80, Dev=0),
    )
    board = replay(pool(*out, limit=201))
    assert (board.totals["Ben"], board.out) == (174, {"Cara": 3})
    assert board.may_rejoin == {"Cara": 175}
    board = replay(pool(*out[:2], hand("Alice", Ben=15, Cara=80, Dev=0), limit=201))
    assert board.may_rejoin == {}


def test_example_9_rejoining_at_the_highest_comes_back_level_with_it():
    board = replay(
        pool(
            hand("Alice", Ben=64, Cara=80, Dev=0),
            hand("Alice", Ben=0, Cara=30, Dev=0),
            Rejoin("Cara"),
            limit=100,
            rejoin="at_highest",
        )
    )
    assert board.totals["Cara"] == 64


def test_example_10_places_rank_the_latest_out_first_then_by_total():
    events = [hand("Alice", Ben=10, Cara=10, Dev=25)] * 4 + [
        hand("Alice", Ben=10, Cara=10, Dev=20),
        hand("Alice", Ben=10, Cara=10),
        hand("Alice", Ben=44, Cara=50),
    ]
    board = replay(pool(*events))
    assert board.totals == {"Alice": 0, "Ben": 104, "Cara": 110, "Dev": 120}
    assert board.out == {"Dev": 5, "Ben": 7, "Cara": 7}
    assert board.places == {"Alice": 1, "Ben": 2, "Cara": 3, "Dev": 4}


def test_the_app_shows_the_worked_examples_it_is_tested_by():
    from matches.games.pool.examples import EXAMPLES

    boards = {(ex.number, case.label): replay(case.match) for ex in EXAMPLES for case in ex.cases}
    assert boards[(1, "the first hand")].totals == {"Alice": 0, "Ben": 35, "Cara": 20, "Dev": 40}
    assert boards[(4, "then Cara rejoins")].totals["Cara"] == 72
    assert boards[(6, "the last one in")].winner == "Alice"
    assert boards[(9, "Cara rejoins")].totals["Cara"] == 64
    assert boards[(10, "the places")].places == {"Alice": 1, "Ben": 2, "Cara": 3, "Dev": 4}


# Seats, the deal, leaving, the hand limit -------------------------------------------


def test_the_deal_skips_players_who_are_out_and_13_cards_each():
    board = replay(pool(*EXAMPLE_3))
    # Alice, Ben, Cara dealt hands 1 to 3; Ben and Cara are out, so Dev deals.
    assert [h.dealer for h in board.hands] == ["Alice", "Ben", "Cara"]
    assert (board.next_hand.dealer, board.next_hand.first_player) == ("Dev", "Alice")
    assert board.next_hand.cards_each == 13


def test_a_player_who_rejoins_in_the_seat_after_the_last_dealer_deals_next():
    # Cara dealt hand 3; Dev, after her, is still in. Ben rejoins: Dev deals.
    assert replay(pool(*EXAMPLE_3, Rejoin("Ben"))).next_hand.dealer == "Dev"
    # Alice deals hand 4 and puts nobody out; Ben, after her, rejoins and deals hand 5.
    events = (*EXAMPLE_3, hand("Alice", Dev=5), Rejoin("Ben"))
    board = replay(pool(*events))
    assert (board.hands[-1].dealer, board.next_hand.dealer) == ("Dev", "Alice")
    events = (*EXAMPLE_3, hand("Dev", Alice=1), hand("Dev", Alice=1), Rejoin("Ben"))
    board = replay(pool(*events))
    assert [h.dealer for h in board.hands][-2:] == ["Dev", "Alice"]
    assert board.next_hand.dealer == "Ben"


def test_a_player_who_leaves_is_out_for_good_and_ranks_after_those_out_by_the_limit():
    board = replay(pool(*EXAMPLE_3, Leave("Dev")))
    assert board.out == {"Ben": 3, "Cara": 3, "Dev": 3}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "last_in")
    assert board.places == {"Alice": 1, "Ben": 3, "Cara": 2, "Dev": 4}
    with refused_with("event 3: Dev left the match, so cannot rejoin"):
        replay(pool(*TO_EXAMPLE_3, Leave("Dev"), Rejoin("Dev")))


def test_leavers_rank_the_latest_first():
    board = replay(pool(hand("Alice", Ben=5, Cara=5, Dev=5), Leave("Ben"), Leave("Cara")))
    assert (board.status, board.places) == ("open", None)
    assert [name for name, _place, _shared in board.ranking] == ["Alice", "Dev", "Cara", "Ben"]
    board = replay(
        pool(hand("Alice", Ben=5, Cara=5, Dev=5), Leave("Ben"), Leave("Cara"), Leave("Dev"))
    )
    assert board.places == {"Alice": 1, "Ben": 4, "Cara": 3, "Dev": 2}


def test_the_hand_limit_closes_for_the_lowest_still_in_or_for_nobody_when_shared():
    board = replay(pool(hand("Alice", Ben=5, Cara=9, Dev=7), hand_limit=1))
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "hand_limit")
    assert board.places == {"Alice": 1, "Ben": 2, "Dev": 3, "Cara": 4}
    board = replay(pool(hand("Alice", Ben=0, Cara=9, Dev=7), hand_limit=1))
    assert (board.winner, board.closed_by) == (None, "hand_limit")
    assert board.places == {"Alice": 1, "Ben": 1, "Dev": 3, "Cara": 4}


def test_the_last_one_in_decides_when_the_hand_limit_is_reached_too():
    board = replay(pool(*OUT_BEN, players=TWO, hand_limit=2))
    assert (board.winner, board.closed_by) == ("Alice", "last_in")


def test_deleting_the_closing_event_reopens_the_match():
    events = (hand("Alice", Ben=55, Cara=72), Split(True))
    assert replay(pool(*events, players=FOUR[:3])).status == "closed"
    assert replay(pool(*events[:1], players=FOUR[:3])).status == "open"


def test_cards_count_at_the_rules_values_and_jokers_at_theirs():
    board = replay(
        pool(hand("Alice", Ben=["A", "JK", "5"], Cara=["Joker", "k"], Dev=0), joker_value=25)
    )
    # Ace 10, joker 25, five: 40; joker 25, king 10: 35.
    assert board.hands[0].scores == {"Alice": 0, "Ben": 40, "Cara": 35, "Dev": 0}


# House rules ----------------------------------------------------------------------


def test_the_defaults_follow_the_limit():
    assert PoolRules().checked(4).document() == {
        "limit": 101,
        "drop": 20,
        "middle_drop": 40,
        "full_count": 80,
        "wrong_show": 80,
        "rejoin": "above_highest",
        "rejoin_until": 79,
        "max_rejoins": 1,
        "hand_limit": 150,
        "ace_value": 10,
        "joker_value": 0,
        "decks": 2,
    }
    assert PoolRules(limit=61).checked(4).rejoin_until == 59
    assert PoolRules(limit=201, drop=30).checked(4).drop == 30


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"limit": 49}, "the limit must be a whole number from 50 to 1000"),
        ({"limit": 60, "drop": 60}, "the drop must be below the limit of 60"),
        ({"limit": 60, "middle_drop": 70}, "the middle drop must be below the limit of 60"),
        (
            {"rejoin_until": 100},
            "rejoining must end at 99 or less (the limit of 101 less 2), so that a player who "
            "rejoins comes back below the limit",
        ),
        ({"rejoin": "twice"}, "rejoin must be one of above_highest, at_highest, none"),
        ({"ace_value": 2}, "ace_value must be 1, 10, 11 or 15"),
        ({"decks": 4}, "decks must be 1, 2 or 3"),
        ({"joker_value": 5}, "a joker's points must be 0, 10, 15, 20, 25 or 50"),
    ],
)
def test_each_rule_out_of_range_is_refused_naming_it(rules, message):
    with pytest.raises(RuleError) as refused:
        replay(pool(**rules))
    assert refusal(refused.value) == message
    assert refused.value.key == "rules"


# Refusals -------------------------------------------------------------------------

REFUSED = [
    (hand("Alice", Ben=5, Cara=5), "Dev's charge is missing"),
    (hand("Alice", Alice=0, Ben=5, Cara=5, Dev=1), "Alice declared, so Alice is charged nothing"),
    (hand("Zed", Ben=5, Cara=5, Dev=1), "Zed is not at the table"),
    (hand("Alice", Ben=-1, Cara=5, Dev=1), "Ben's count must be a whole number from 0 to 999"),
    (hand("Alice", Ben=1000, Cara=5, Dev=1), "Ben's count must be a whole number from 0 to 999"),
    (
        hand("Alice", Ben="Drop", Cara=5, Dev=1),
        "Ben's charge must be a count of points \\(0 to 999\\), cards, or drop, middle_drop or "
        "wrong_show",
    ),
    (hand("Alice", Ben=True, Cara=5, Dev=1), "Ben's charge must be a count"),
    (
        hand("Alice", Ben=["K"] * 14, Cara=5, Dev=1),
        "Ben's cards: 14 cards, but a hand holds 1 to 13",
    ),
    (hand("Alice", Ben=[], Cara=5, Dev=1), "Ben's cards: 0 cards, but a hand holds 1 to 13"),
    (
        hand("Alice", Ben=["JK", "JK", "JK"], Cara=["joker", "JK"], Dev=1),
        "Cara's printed joker is one too many: with 2 decks there are 4 jokers, "
        "and Ben and Cara hold 5",
    ),
    (hand("Alice", Ben=["JK"], Cara=5, Dev=1), None),
    (LineMove(200), "the limit of a Pool match does not move"),
    (Join("Eve"), "a Pool match keeps the players it started with: an out player may rejoin"),
    (Rejoin("Ben"), "Ben is still in, so cannot rejoin"),
    (Rejoin("Zed"), "Zed is not at the table"),
    (Split(True), "the pool can be split only after the first hand"),
]


@pytest.mark.parametrize(("event", "message"), REFUSED)
def test_each_check_refuses_with_its_message(event, message):
    if message is None:
        assert replay(pool(event)).totals["Ben"] == 0
        return
    with refused_with(f"event 0: {message}"):
        replay(pool(event))


TWO = ("Alice", "Ben")
OUT_BEN = (hand("Alice", Ben=80), hand("Alice", Ben=80))


@pytest.mark.parametrize(
    ("players", "events", "message"),
    [
        (FOUR, (*EXAMPLE_3, hand("Dev", Alice=1, Ben=3)), "event 3: Ben is out \\(since hand 3\\)"),
        (FOUR, (*EXAMPLE_3, hand("Ben", Alice=1, Dev=3)), "event 3: Ben is out \\(since hand 3\\)"),
        (FOUR, (*EXAMPLE_3, Leave("Ben")), "event 3: Ben is out already"),
        (FOUR, (*EXAMPLE_3, Rejoin("Ben"), Rejoin("Ben")), "event 4: Ben is still in"),
        (FOUR, (hand("Alice", Ben=1, Cara=1, Dev=1), Split(True)), "event 1: .*\\(4 are\\)"),
        (TWO, (hand("Alice", Ben=1), Split("yes")), "event 1: split must be true"),
        (
            TWO,
            (hand("Alice", Ben=1), Split(True), hand("Alice", Ben=1)),
            "event 2: the match is over: the players still in split the pool",
        ),
        (
            TWO,
            (*OUT_BEN, Rejoin("Ben")),
            "event 2: the match is over: Alice is the last player still in",
        ),
        (
            FOUR,
            (hand("Alice", Ben=1, Cara=1, Dev=1), Leave("Ben"), Leave("Ben")),
            "event 2: Ben has already left",
        ),
    ],
)
def test_each_check_between_hands_refuses_with_its_message(players, events, message):
    with refused_with(message):
        replay(pool(*events, players=players))


def test_rejoining_can_be_ruled_out():
    with refused_with("event 3: Ben cannot rejoin: this match allows no rejoining"):
        replay(pool(*EXAMPLE_3, Rejoin("Ben"), rejoin="none"))


def test_a_pool_hand_in_a_rummy_match_and_a_rummy_hand_in_a_pool_match_are_refused():
    with refused_with("event 0: an event is a hand"):
        replay(Match(rules=RummyRules(), players=FOUR, events=[hand("Alice", Ben=3)]))
    with refused_with("event 0: an event is a hand"):
        replay(pool(Hand(went_out="Alice", leftovers={"Ben": 3})))


# Properties -----------------------------------------------------------------------

PROPERTY_SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def pool_matches(draw: st.DrawFn) -> Match:
    """A valid Pool match: 2 to 6 players, house rules, and hands (counts,
    cards, drops, wrong shows), with rejoins, leaves and a split now and
    then, stopping where the match closes."""
    players = FOUR + ("Eve", "Fay")
    players = players[: draw(st.integers(2, 6))]
    rules = PoolRules(
        limit=draw(st.sampled_from([101, 201, 100, 61])),
        rejoin=draw(st.sampled_from(["above_highest", "at_highest", "none"])),
        max_rejoins=draw(st.integers(0, 3)),
        full_count=draw(st.sampled_from([80, 60])),
        hand_limit=draw(st.integers(1, 40)),
    )
    events: list[object] = []
    for _ in range(draw(st.integers(0, 40))):
        board = replay(Match(rules=rules, players=players, events=events))
        if board.status == "closed":
            break
        kind = draw(st.sampled_from(["hand"] * 6 + ["rejoin", "leave", "split"]))
        if kind == "rejoin" and board.may_rejoin:
            events.append(Rejoin(draw(st.sampled_from(sorted(board.may_rejoin)))))
        elif kind == "leave" and draw(st.booleans()):
            events.append(Leave(draw(st.sampled_from(board.seated))))
        elif kind == "split" and board.split_allowed and draw(st.booleans()):
            events.append(Split(True))
        else:
            still_in = board.seated
            declared = draw(st.sampled_from(still_in))
            charges = {
                name: draw(
                    st.one_of(
                        st.integers(0, 120),
                        st.sampled_from(["drop", "middle_drop", "wrong_show"]),
                        st.lists(st.sampled_from(["A", "5", "K", "JK"]), min_size=1, max_size=2),
                    )
                )
                for name in still_in
                if name != declared
            }
            # Two decks hold four printed jokers: any more become fives.
            jokers = 0
            for name, charge in charges.items():
                if isinstance(charge, list):
                    jokers += charge.count("JK")
                    if jokers > 4:
                        charges[name] = ["5" if card == "JK" else card for card in charge]
            events.append(PoolHand(declared=declared, charges=charges))
    return Match(rules=rules, players=players, events=events)


@PROPERTY_SETTINGS
@given(pool_matches())
def test_each_hand_has_one_declarer_who_scores_0_and_everyone_else_still_in_is_charged(match):
    board = replay(match)
    for each in board.hands:
        assert each.scores[each.declared] == 0
        assert set(each.charges) == set(each.scores) - {each.declared}
        assert all(0 <= score <= 200 for score in each.scores.values())


@PROPERTY_SETTINGS
@given(pool_matches())
def test_totals_only_grow_but_by_a_rejoin_which_lands_above_the_highest_still_in(match):
    rules = match.rules.checked(len(match.players))
    for cut in range(1, len(match.events) + 1):
        before = replay(replace(match, events=match.events[: cut - 1]))
        after = replay(replace(match, events=match.events[:cut]))
        event = match.events[cut - 1]
        for name in before.totals:
            if isinstance(event, Rejoin) and name == event.player:
                highest = max(before.totals[each] for each in before.seated)
                bump = 0 if rules.rejoin == "at_highest" else 1
                assert after.totals[name] == highest + bump < rules.limit
            else:
                assert after.totals[name] >= before.totals[name]
        # Nobody still in is at or over the limit.
        assert all(after.totals[name] < rules.limit for name in after.seated)


@PROPERTY_SETTINGS
@given(pool_matches())
def test_places_rank_every_player_once_the_match_closes(match):
    board = replay(match)
    if board.status != "closed":
        assert board.places is None
        return
    places = board.places
    assert set(places) == set(match.players)
    assert min(places.values()) == 1
    ordered = sorted(places.values())
    # Places skip after a share: each place is its index in the order plus 1, or shared.
    for at, place in enumerate(ordered):
        assert place == at + 1 or place == ordered[at - 1]
    if board.winner is not None:
        assert places[board.winner] == 1
        assert list(places.values()).count(1) == 1
    for name in board.seated:
        for other in board.out:
            assert places[name] < places[other]


@PROPERTY_SETTINGS
@given(pool_matches(), st.data())
def test_a_prefix_replays_the_same_and_going_on_from_it_gives_the_whole(match, data):
    whole = replay(match)
    cut = data.draw(st.integers(0, len(match.events)))
    part = replay(replace(match, events=match.events[:cut]))
    rest = replay(replace(match, events=match.events[cut:]), part.position)
    assert part.hands + rest.hands == whole.hands
    for name in ("totals", "status", "winner", "closed_by", "next_hand", "out", "rejoins", "left"):
        assert getattr(rest, name) == getattr(whole, name), name
    assert rest.places == whole.places


@PROPERTY_SETTINGS
@given(pool_matches())
def test_the_snapshot_gives_back_the_board_a_replay_gives(match):
    board = replay(match)
    data = snapshot.take(match, board)
    kept = snapshot.board(match.rules, data)
    for name in ("totals", "status", "winner", "closed_by", "next_hand", "out", "rejoins", "left"):
        assert getattr(kept, name) == getattr(board, name), name
    assert kept.places == board.places
    assert kept.may_rejoin == board.may_rejoin
    assert snapshot.position(data, "pool") == board.position
