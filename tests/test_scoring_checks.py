"""The engine's checks of what is typed: cards, typing slips asked about,
house rules and players, every problem of a form at once, and what the board
says so that templates decide no rule."""

from __future__ import annotations

import pytest

from matches.engine.board import Join, Leave, LineMove
from matches.engine.cards import Card, deck_points, most_points_in, parse_card
from matches.engine.errors import RuleError
from matches.engine.names import check_first_dealer, check_players, check_seats
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import rummy_possible
from matches.words import located, refusal
from tests.refusals import asked, refused_with
from tests.test_scoring import ABC, out, play, refused

# Cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("10H", Card("10", "H")),
        ("Th", Card("10", "H")),
        ("Q♠", Card("Q", "S")),
        ("q♠\ufe0f", Card("Q", "S")),
        ("K", Card("K")),
        ("a♦", Card("A", "D")),
        (" 7c ", Card("7", "C")),
    ],
)
def test_it_reads_cards_as_the_match_format_writes_them(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["1S", "ZH", "11H", "KX", "", "H", "10HH"])
def test_it_refuses_what_is_not_a_card(text):
    with refused_with("is not a card"):
        parse_card(text)


@pytest.mark.parametrize(("ace", "points"), [(1, 340), (11, 380), (15, 396)])
def test_it_values_a_deck_by_the_ace(ace, points):
    assert deck_points(ace) == points


@pytest.mark.parametrize(("ace", "take"), [(1, 12), (11, 22), (15, 26)])
def test_it_counts_aces_at_the_house_value(ace, take):
    board = play([out("Ben", Alice=["A", "KH"], Cara=1)], ace_value=ace)
    assert board.totals["Ben"] == take


# Typing slips: asked, not refused ----------------------------------------------------------


def test_it_asks_about_a_leftover_more_than_the_dealt_cards_could_hold():
    board = play([out("Ben", Alice=70, Cara=230)])
    assert asked(board.hands[0].slips) == {"Cara": "Cara: 230 points in 7 cards?"}
    assert board.totals["Ben"] == 300


def test_it_asks_about_more_cards_than_were_dealt():
    hand = out("Alice", Ben=["2", "3", "4", "5", "6", "7", "8", "9", "2", "3", "4"])
    board = play([hand], players=["Alice", "Ben"])
    assert asked(board.hands[0].slips) == {"Ben": "Ben: 11 cards, but 10 were dealt?"}


# House rules and players -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"scheme": "lowest"}, "rules: scheme must be one of highest_wins, penalty"),
        ({"rummy_bonus": "triple"}, "rules: rummy_bonus must be one of double, flat_25, none"),
        ({"stock_out": "x"}, "rules: stock_out must be one of lowest_hand, no_score"),
        ({"target": 50}, "rules: target must be a whole number from 100 to 1000"),
        ({"hand_limit": 0}, "rules: the hand limit must be a whole number from 1 to 150"),
        ({"hand_limit": 151}, "rules: the hand limit must be a whole number from 1 to 150"),
        ({"ace_value": 2}, "rules: ace_value must be 1, 11 or 15"),
        ({"decks": 3}, "rules: decks must be 1 or 2"),
    ],
)
def test_it_refuses_house_rules_outside_the_table(rules, message):
    assert located(refused([], **rules)) == message


@pytest.mark.parametrize(
    ("players", "first_dealer", "message"),
    [
        (["Alice"], None, "players: a match needs 2 to 6 players"),
        (["A", "B", "C", "D", "E", "F", "G"], None, "players: a match needs 2 to 6 players"),
        (["Alice", "alice "], None, "players: Alice is named twice"),
        (["Alice", " "], None, "players: every player needs a name"),
        (["Alice", "Ben"], "Zed", "first_dealer: Zed is not one of the players"),
    ],
)
def test_it_refuses_a_table_that_cannot_be_seated(players, first_dealer, message):
    assert located(refused([], players=players, first_dealer=first_dealer)) == message


# Every problem at once, for a form ------------------------------------------------


def problems(errors: list[RuleError]) -> list[tuple[int | None, str]]:
    return [(error.seat, refusal(error)) for error in errors]


def test_it_names_every_problem_with_the_starting_players_and_its_seat():
    assert problems(check_players(["Alice", "\u200b", "ALICE ", "Ben", "ben"], low=2, high=6)) == [
        (1, "every player needs a name"),
        (2, "Alice is named twice"),
        (4, "Ben is named twice"),
    ]
    assert problems(check_players(["Alice"], low=2, high=6)) == [
        (1, "a match needs 2 to 6 players")
    ]
    assert problems(check_players(list("ABCDEFG"), low=2, high=6)) == [
        (6, "a match needs 2 to 6 players")
    ]
    assert check_players(["Alice", "Ben"], low=2, high=6) == []


def test_it_refuses_the_first_problem_with_the_starting_players_when_replaying():
    error = refused([], players=["Alice", " ", "alice"])
    assert (located(error), error.seat) == ("players: every player needs a name", 1)


def test_it_reads_seats_typed_in_order_and_leaves_only_the_last_seats_empty():
    assert check_seats(["Alice", "Ben", "", "", "", ""], low=2, high=6) == []
    assert problems(check_seats(["Alice", "", "Ben", "alice", "", ""], low=2, high=6)) == [
        (1, "Seat 2 has no name: type who sits there, or leave only the last seats empty"),
        (3, "Alice is named twice"),
    ]
    assert problems(check_seats(["Alice", "", "", "", "", ""], low=2, high=6)) == [
        (1, "a match needs 2 to 6 players")
    ]
    assert problems(check_seats([""] * 6, low=2, high=6)) == [(0, "a match needs 2 to 6 players")]
    # Invisible characters are typed, but they are no name.
    assert problems(check_seats(["Alice", "\u200b\u200d", "", "", "", ""], low=2, high=6)) == [
        (1, "every player needs a name")
    ]


@pytest.mark.parametrize(
    ("first_dealer", "message"),
    [
        ("", "the first dealer must be one of the players"),
        ("\u200b", "the first dealer must be one of the players"),
        ("Zed", "Zed is not one of the players"),
    ],
)
def test_it_names_a_first_dealer_who_is_not_at_the_table(first_dealer, message):
    error = check_first_dealer(first_dealer, ABC)
    assert (error.key, refusal(error)) == ("first_dealer", message)
    assert check_first_dealer(" cara", ABC) is None


def test_it_names_every_bad_house_rule_at_once_and_refuses_the_first():
    rules = RummyRules(scheme="lowest", target=50, hand_limit=0, ace_value=2, decks=3)
    assert [(error.field, refusal(error)) for error in rules.problems()] == [
        ("scheme", "scheme must be one of highest_wins, penalty"),
        ("target", "target must be a whole number from 100 to 1000"),
        ("hand_limit", "the hand limit must be a whole number from 1 to 150"),
        ("ace_value", "ace_value must be 1, 11 or 15"),
        ("decks", "decks must be 1 or 2"),
    ]
    with pytest.raises(RuleError) as caught:
        rules.checked(3)
    assert located(caught.value) == "rules: scheme must be one of highest_wins, penalty"
    assert RummyRules().problems() == []


# What the board says, so templates decide no rule --------------------------------


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_it_names_no_leader_before_the_first_hand(scheme):
    assert play([], scheme=scheme).leader is None
    assert play([LineMove(200), Join("Dan")], scheme=scheme).leader is None


def test_it_names_the_leader_by_the_scheme():
    hands = [out("Ben", Alice=5, Cara=6), out("Alice", Ben=3, Cara=2)]
    # Highest wins: Alice 5, Ben 11, Cara 0. Penalty: Alice 5, Ben 3, Cara 8.
    assert play(hands).leader == "Ben"
    assert play(hands, scheme="penalty").leader == "Ben"
    assert play(hands[:1], scheme="penalty").leader == "Ben"


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_it_names_no_leader_when_the_best_total_is_shared(scheme):
    hands = [out("Ben", Alice=5, Cara=6), out("Alice", Ben=5, Cara=6)]
    board = play(hands, scheme=scheme)
    best = max if scheme == "highest_wins" else min
    assert sum(total == best(board.totals.values()) for total in board.totals.values()) == 2
    assert board.leader is None


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_it_names_no_leader_when_the_leader_leaves_not_the_second_best(scheme):
    hands = [out("Ben", Alice=5, Cara=6), out("Alice", Ben=3, Cara=2)]
    assert play(hands, scheme=scheme).leader == "Ben"
    assert play([*hands, Leave("Ben")], scheme=scheme).leader is None


def test_it_names_no_newcomer_or_returning_player_leader_before_they_are_dealt_in():
    # Penalty: Alice 5, Ben 3, Cara 8; Dan joins at 0, better, but not dealt in.
    hands = [out("Ben", Alice=5, Cara=6), out("Alice", Ben=3, Cara=2)]
    assert play([*hands, Join("Dan")], scheme="penalty").leader == "Ben"
    # Highest wins: Cara 35 left, Alice 4 and Ben 0 play a hand, Cara returns.
    events = [out("Cara", Alice=5, Ben=30), Leave("Cara"), out("Alice", Ben=4), Join("Cara")]
    board = play(events)
    assert board.totals["Cara"] > board.totals["Alice"]
    assert board.leader == "Alice"


def test_it_lets_the_line_move_unless_the_hand_limit_closed_the_match():
    assert play([]).line_can_move
    assert play([out("Ben", Alice=60, Cara=50)]).closed_by == "target"
    assert play([out("Ben", Alice=60, Cara=50)]).line_can_move
    closed = play([out("Ben", Alice=5, Cara=6)], hand_limit=1)
    assert closed.closed_by == "hand_limit"
    assert not closed.line_can_move


def test_it_lets_the_house_rules_change_until_the_first_hand():
    assert play([]).rules_can_change
    assert play([LineMove(200), Join("Dan"), Leave("Dan")]).rules_can_change
    assert not play([out("Ben", Alice=5, Cara=6)]).rules_can_change


def test_it_allows_rummy_only_when_someone_went_out():
    assert rummy_possible("Ben")
    assert not rummy_possible(None)


def test_it_works_out_the_most_points_in_a_deal_once_per_replay():
    most_points_in.cache_clear()
    play([out("Ben", Alice=5, Cara=6)] * 3 + [out("Alice", Ben=1, Cara=1)] * 3, target=1000)
    assert most_points_in.cache_info().misses == 1
