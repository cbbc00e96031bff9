"""The scoring engine against docs/rules.md: every worked example, every rule break
and its message. No database: the engine is plain Python."""

from __future__ import annotations

import pytest

from matches.engine.board import Join, Leave, LineMove, Match
from matches.engine.errors import RuleError
from matches.games import replay
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import Hand
from matches.words import located, refusal

ABC = ["Alice", "Ben", "Cara"]


def play(events, *, players=ABC, first_dealer=None, **rules):
    return replay(
        Match(rules=RummyRules(**rules), players=players, events=events, first_dealer=first_dealer)
    )


def refused(events, *, players=ABC, first_dealer=None, **rules) -> RuleError:
    with pytest.raises(RuleError) as caught:
        play(events, players=players, first_dealer=first_dealer, **rules)
    return caught.value


def ben_out(rummy=False):
    """Worked example 1's hand: Alice holds K, 9, 4 (23), Cara A, J, 5, 2 (18)."""
    return Hand(
        went_out="Ben",
        rummy=rummy,
        leftovers={"Alice": ["KS", "9H", "4D"], "Cara": ["AH", "JH", "5S", "2D"]},
    )


# Worked example 1 and 2 ---------------------------------------------------------


@pytest.mark.parametrize(
    ("scheme", "rummy", "bonus", "expected"),
    [
        ("highest_wins", False, "double", {"Alice": 0, "Ben": 41, "Cara": 0}),
        ("highest_wins", True, "double", {"Alice": 0, "Ben": 82, "Cara": 0}),
        ("highest_wins", True, "flat_25", {"Alice": 0, "Ben": 66, "Cara": 0}),
        ("highest_wins", True, "none", {"Alice": 0, "Ben": 41, "Cara": 0}),
        ("penalty", False, "double", {"Alice": 23, "Ben": 0, "Cara": 18}),
        ("penalty", True, "double", {"Alice": 46, "Ben": 0, "Cara": 36}),
        ("penalty", True, "flat_25", {"Alice": 23, "Ben": -25, "Cara": 18}),
        ("penalty", True, "none", {"Alice": 23, "Ben": 0, "Cara": 18}),
    ],
)
def test_it_scores_worked_examples_1_and_2(scheme, rummy, bonus, expected):
    board = play([ben_out(rummy)], scheme=scheme, rummy_bonus=bonus)
    assert board.hands[0].leftovers == {"Alice": 23, "Cara": 18}
    assert board.hands[0].scores == expected
    assert board.totals == expected


def test_it_keeps_the_cards_a_hand_was_entered_with():
    hand = play([ben_out()]).hands[0]
    assert [str(card) for card in hand.cards["Cara"]] == ["A♥", "J♥", "5♠", "2♦"]


# Worked examples 3 and 4: nobody went out ------------------------------------------


@pytest.mark.parametrize(
    ("scheme", "expected"),
    [
        ("highest_wins", {"Alice": 0, "Ben": 22, "Cara": 0}),
        ("penalty", {"Alice": 7, "Ben": 0, "Cara": 15}),
    ],
)
def test_it_scores_a_stock_out_by_the_lowest_hand(scheme, expected):
    hand = Hand(went_out=None, leftovers={"Alice": 12, "Ben": 5, "Cara": 20})
    assert play([hand], scheme=scheme).hands[0].scores == expected


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_it_scores_nobody_when_two_share_the_lowest_hand(scheme):
    hand = Hand(went_out=None, leftovers={"Alice": 5, "Ben": 5, "Cara": 9})
    board = play([hand], scheme=scheme)
    assert board.hands[0].scores == {"Alice": 0, "Ben": 0, "Cara": 0}
    assert board.hands_played == 1


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_it_scores_nobody_under_no_score_but_counts_the_hand(scheme):
    hand = Hand(went_out=None, leftovers={"Alice": 12, "Ben": 5, "Cara": 20})
    board = play([hand], scheme=scheme, stock_out="no_score")
    assert board.totals == {"Alice": 0, "Ben": 0, "Cara": 0}
    assert board.hands_played == 1
    assert board.next_hand.dealer == "Ben"


# Worked examples 5 to 8: the end of the match ----------------------------------------


def out(went_out, **leftovers):
    return Hand(went_out=went_out, leftovers=leftovers)


def test_it_closes_when_the_line_is_crossed_worked_example_5():
    # Alice to 95 and Ben to 60 in earlier hands, then Alice takes 10.
    early = [out("Alice", Ben=50), out("Alice", Ben=45), out("Ben", Alice=60)]
    board = play([*early], players=["Alice", "Ben"])
    assert board.totals == {"Alice": 95, "Ben": 60}
    assert board.status == "open"
    board = play([*early, out("Alice", Ben=10)], players=["Alice", "Ben"])
    assert board.totals == {"Alice": 105, "Ben": 60}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "target")
    assert board.next_hand is None


def example_6(dan: bool):
    """Penalty: Alice at 90, Ben 95, Cara 50 (and Dan 41), then Cara goes out."""
    if dan:
        players = ["Alice", "Ben", "Cara", "Dan"]
        early = [out("Ben", Alice=45, Cara=25, Dan=41), out("Dan", Alice=45, Ben=95, Cara=25)]
        return players, early, out("Cara", Alice=15, Ben=12, Dan=9)
    early = [out("Ben", Alice=45, Cara=50), out("Cara", Alice=45, Ben=95)]
    return ABC, early, out("Cara", Alice=15, Ben=12)


def test_it_closes_under_penalty_for_the_lowest_total_worked_example_6():
    players, early, last = example_6(dan=False)
    before = play(early, players=players, scheme="penalty")
    assert before.totals == {"Alice": 90, "Ben": 95, "Cara": 50}
    assert before.status == "open"
    board = play([*early, last], players=players, scheme="penalty")
    assert board.totals == {"Alice": 105, "Ben": 107, "Cara": 50}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Cara", "target")


def test_it_deals_another_hand_when_the_lowest_total_is_shared_worked_example_6():
    players, early, last = example_6(dan=True)
    board = play([*early, last], players=players, scheme="penalty")
    assert board.totals == {"Alice": 105, "Ben": 107, "Cara": 50, "Dan": 50}
    assert (board.status, board.winner, board.closed_by) == ("open", None, None)
    assert board.next_hand.number == 4


def test_it_stays_open_when_a_lowered_line_leaves_a_tie_worked_example_7():
    early = [out("Alice", Ben=60, Cara=60), out("Ben", Alice=60, Cara=60)]
    board = play([*early, LineMove(100)], target=200)
    assert board.totals == {"Alice": 120, "Ben": 120, "Cara": 0}
    assert (board.status, board.target) == ("open", 100)
    board = play([*early, LineMove(100), out("Ben", Alice=3, Cara=4)], target=200)
    assert board.totals["Ben"] == 127
    assert (board.status, board.winner, board.closed_by) == ("closed", "Ben", "target")


def test_it_closes_with_no_winner_at_the_hand_limit_worked_example_8():
    hands = [
        out("Alice", Ben=10, Cara=20),
        out("Ben", Alice=10, Cara=20),
        out("Cara", Alice=6, Ben=6),
    ]
    board = play(hands, hand_limit=3, target=500)
    assert board.totals == {"Alice": 30, "Ben": 30, "Cara": 12}
    assert (board.status, board.winner, board.closed_by) == ("closed", None, "hand_limit")
    assert board.next_hand is None


def test_it_closes_with_the_leader_at_the_hand_limit_worked_example_8():
    hands = [
        out("Alice", Ben=11, Cara=20),
        out("Ben", Alice=10, Cara=20),
        out("Cara", Alice=6, Ben=6),
    ]
    board = play(hands, hand_limit=3, target=500)
    assert board.totals == {"Alice": 31, "Ben": 30, "Cara": 12}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "hand_limit")


def test_it_picks_the_lowest_total_at_the_hand_limit_under_penalty():
    hands = [out("Alice", Ben=10, Cara=20), out("Ben", Alice=10, Cara=20)]
    board = play(hands, hand_limit=2, scheme="penalty")
    assert board.totals == {"Alice": 10, "Ben": 10, "Cara": 40}
    assert (board.closed_by, board.winner) == ("hand_limit", None)
    hands[1] = out("Ben", Alice=11, Cara=20)
    board = play(hands, hand_limit=2, scheme="penalty")
    assert (board.closed_by, board.winner) == ("hand_limit", "Ben")


# Moving the line ----------------------------------------------------------------------


def test_it_closes_when_the_line_is_lowered_under_the_leader():
    board = play([out("Alice", Ben=60, Cara=60), LineMove(100)], target=200)
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "target")


def test_it_reopens_when_the_line_is_raised_above_the_winner():
    events = [out("Alice", Ben=60, Cara=60), LineMove(200)]
    board = play(events)
    assert (board.status, board.winner, board.closed_by) == ("open", None, None)
    assert board.target == 200
    assert board.next_hand.dealer == "Ben"


def test_it_refuses_a_hand_while_the_target_has_closed_the_match():
    error = refused([out("Alice", Ben=60, Cara=60), out("Ben", Alice=5, Cara=5)])
    assert error.index == 1
    assert refusal(error) == (
        "the match is closed: Alice won when the line of 100 was crossed; "
        "move the line to reopen it before recording another hand"
    )


def test_it_refuses_to_move_the_line_after_the_hand_limit():
    error = refused([out("Alice", Ben=5, Cara=5), LineMove(300)], hand_limit=1)
    assert located(error) == (
        "event 1: the match closed at the hand limit of 1 hand, so the line cannot be moved"
    )


def test_it_closes_at_the_hand_limit_when_a_raised_line_reopens_the_last_hand():
    board = play([out("Alice", Ben=60, Cara=60), LineMove(200)], hand_limit=1)
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "hand_limit")


@pytest.mark.parametrize("target", [99, 1001, "200", 150.5, True])
def test_it_refuses_a_line_outside_100_to_1000(target):
    error = refused([LineMove(target)])
    assert located(error) == "event 0: target must be a whole number from 100 to 1000"
    assert error.field == "target"


def test_it_lets_only_players_of_the_last_hand_win():
    # Penalty: Dan joins at 0 after the hand, level with Alice's 0. Only the
    # players of the last hand count, so the lowered line closes it for Alice.
    events = [out("Alice", Ben=110, Cara=50), Join("Dan"), LineMove(100)]
    board = play(events, scheme="penalty", target=200)
    assert board.totals == {"Alice": 0, "Ben": 110, "Cara": 50, "Dan": 0}
    assert (board.status, board.winner, board.closed_by) == ("closed", "Alice", "target")


def test_it_counts_a_player_who_left_after_the_last_hand():
    events = [out("Alice", Ben=110, Cara=50), Leave("Alice"), LineMove(100)]
    board = play(events, scheme="penalty", target=200)
    assert (board.status, board.winner) == ("closed", "Alice")


# Seats, dealer and deal size --------------------------------------------------------------


def test_it_deals_round_the_table_from_the_chosen_first_dealer():
    hands = [out("Alice", Ben=1, Cara=1)] * 4
    board = play(hands, first_dealer="Cara")
    assert [hand.dealer for hand in board.hands] == ["Cara", "Alice", "Ben", "Cara"]
    assert board.next_hand.dealer == "Alice"
    assert board.next_hand.first_player == "Ben"


@pytest.mark.parametrize(("count", "cards"), [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_it_deals_by_the_number_of_seated_players(count, cards):
    players = ["Alice", "Ben", "Cara", "Dan", "Eve", "Finn"][:count]
    assert play([], players=players).next_hand.cards_each == cards


def test_it_skips_a_player_who_left_and_keeps_their_total():
    events = [out("Ben", Alice=5, Cara=6), Leave("Cara"), out("Alice", Ben=4)]
    board = play(events)
    # Hand 1 dealt by Alice; Ben would be next; hand 2 by Ben; Cara skipped.
    assert [hand.dealer for hand in board.hands] == ["Alice", "Ben"]
    assert board.next_hand.dealer == "Alice"
    assert board.next_hand.cards_each == 10
    assert board.totals == {"Alice": 4, "Ben": 11, "Cara": 0}
    assert [(seat.name, seat.seated) for seat in board.seats] == [
        ("Alice", True),
        ("Ben", True),
        ("Cara", False),
    ]
    assert board.hands[1].scores == {"Alice": 4, "Ben": 0}


def test_it_gives_a_returning_player_their_total_and_seat():
    events = [out("Cara", Alice=5, Ben=6), Leave("Cara"), out("Alice", Ben=4), Join("cara")]
    board = play(events)
    assert board.totals == {"Alice": 4, "Ben": 0, "Cara": 11}
    assert board.seated == ("Alice", "Ben", "Cara")


def test_it_lets_a_newcomer_in_the_seat_after_the_last_dealer_deal_next():
    events = [out("Ben", Alice=5, Cara=6), Join("Dan", after="Alice")]
    board = play(events)
    assert board.seated == ("Alice", "Dan", "Ben", "Cara")
    assert board.next_hand.dealer == "Dan"
    assert board.next_hand.first_player == "Ben"
    assert board.totals["Dan"] == 0


def test_it_seats_a_newcomer_after_the_last_seat_by_default():
    board = play([Join("Dan")])
    assert board.seated == ("Alice", "Ben", "Cara", "Dan")


def test_it_moves_the_deal_past_a_first_dealer_who_left_before_the_first_hand():
    board = play([Leave("Alice"), out("Ben", Cara=4)])
    assert board.hands[0].dealer == "Ben"


def test_it_moves_the_deal_after_a_hand_nobody_won():
    hand = Hand(went_out=None, leftovers={"Alice": 5, "Ben": 5, "Cara": 9})
    board = play([hand, hand])
    assert [h.dealer for h in board.hands] == ["Alice", "Ben"]


def test_it_keeps_two_players_seated():
    error = refused([Leave("Ben")], players=["Alice", "Ben"])
    assert located(error) == (
        "event 0: Ben cannot leave: at least 2 players must stay seated (a newcomer joins first)"
    )


def test_it_lets_a_newcomer_join_a_two_player_match_before_someone_leaves():
    board = play([Join("Cara"), Leave("Ben")], players=["Alice", "Ben"])
    assert board.seated == ("Alice", "Cara")


def test_it_refuses_a_seventh_player():
    players = ["Alice", "Ben", "Cara", "Dan", "Eve", "Finn"]
    error = refused([Join("Gus")], players=players)
    assert located(error) == "event 0: Gus cannot join: the table is full (6 players are seated)"


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ([Leave("Zed")], "event 0: Zed is not at the table"),
        ([Leave("Cara"), Leave("Cara")], "event 1: Cara has already left the table"),
        ([Join("Ben")], "event 0: Ben is already seated"),
        ([Join("Dan", after="Zed")], "event 0: Dan cannot sit after Zed: Zed is not seated"),
        (
            [Leave("Cara"), Join("Cara", after="Ben")],
            "event 1: Cara returns to their own seat, so no seat can be chosen",
        ),
        ([Join("  ")], "event 0: the player joining needs a name"),
    ],
)
def test_it_refuses_impossible_seat_changes(events, message):
    assert located(refused(events)) == message


def test_it_refuses_seat_changes_while_the_match_is_closed():
    error = refused([out("Alice", Ben=60, Cara=60), Join("Dan")])
    assert error.index == 1
    assert refusal(error).endswith("move the line to reopen it before anyone leaves or joins")


# Checks on a hand's leftovers -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message", "player"),
    [
        (out("Ben", Alice=23), "Cara's leftover is missing", "Cara"),
        (out("Ben", Alice=23, Cara=0), "Cara's leftover must be at least 1", "Cara"),
        (out("Ben", Alice=23, Cara=-4), "Cara's leftover must be at least 1", "Cara"),
        (out("Ben", Alice=23, Cara=[]), "Cara's leftover must be at least 1", "Cara"),
        (
            out("Ben", Alice=23, Cara="18"),
            "Cara's leftover must be a whole number of points or a list of cards",
            "Cara",
        ),
        (
            out("Ben", Alice=23, Cara=18.5),
            "Cara's leftover must be a whole number of points or a list of cards",
            "Cara",
        ),
        (
            out("Ben", Alice=23, Cara=True),
            "Cara's leftover must be a whole number of points or a list of cards",
            "Cara",
        ),
        (
            out("Ben", Alice=23, Cara=18, Ben=5),
            "Ben went out, so Ben has no leftover (leave it empty or enter 0)",
            "Ben",
        ),
        (
            Hand("Ben", {"Alice": 23, "Cara": 18, "alice": 4}),
            "Alice's leftover is given twice",
            "Alice",
        ),
        (
            out("Ben", Alice=23, Cara=["ZH"]),
            "Cara's cards: 'ZH' is not a card (a card is a rank (A, 2 to 10, J, Q, K) "
            "and an optional suit (S, H, D, C))",
            "Cara",
        ),
        (
            out("Ben", Alice=["KS", "5H"], Cara=["KS"]),
            "Cara's K♠ is one too many: with 1 deck there is 1 of each card, and Alice and Cara "
            "hold 2",
            "Cara",
        ),
        (
            out("Ben", Alice=["K", "K", "K"], Cara=["KS", "K"]),
            "Cara's K is one too many: with 1 deck there are 4 kings, and Alice and Cara hold 5",
            "Cara",
        ),
        # Told how many are held in the whole hand, not how many were
        # counted when the first too many was found, and so how many over.
        (
            out("Ben", Alice=["AH", "AH", "AH"], Cara=["AH"]),
            "3 A♥ too many: with 1 deck there is 1 of each card, and Alice and Cara hold 4",
            "Alice",
        ),
        (out("Zed", Alice=23, Cara=18), "Zed is not at the table", None),
        (out("Ben", Alice=23, Cara=18, Zed=4), "Zed is not at the table", None),
    ],
)
def test_it_refuses_a_bad_leftover_naming_the_player(hand, message, player):
    error = refused([hand])
    assert located(error) == f"event 0: {message}"
    assert error.player == player


def test_it_accepts_zero_or_nothing_for_the_player_who_went_out():
    assert play([out("Ben", Alice=23, Cara=18, Ben=0)]).totals["Ben"] == 41
    assert play([out("Ben", Alice=23, Cara=18, Ben=[])]).totals["Ben"] == 41


def test_it_refuses_leftovers_worth_more_than_the_deck():
    error = refused([out("Ben", Alice=200, Cara=141)])
    assert located(error) == (
        "event 0: the leftovers add up to 341 points, more than the 340 points of 1 deck"
    )
    assert play([out("Ben", Alice=200, Cara=140)]).totals["Ben"] == 340


def test_it_names_the_player_whose_leftover_alone_is_more_than_the_deck():
    error = refused([out("Ben", Alice=23, Cara=100000000000000000000)])
    assert located(error) == (
        "event 0: Cara's leftover of 100000000000000000000 points is more than the whole deck "
        "(340 points)"
    )
    assert error.player == "Cara"


@pytest.mark.parametrize(
    "twin",
    ["Jose\u0301", "José\u200b", " JOSÉ ", "ｊｏｓé"],
)
def test_it_takes_lookalike_names_for_the_same_player(twin):
    assert located(refused([], players=["José", twin])) == "players: José is named twice"


def test_it_allows_two_decks_of_leftovers_with_two_decks():
    board = play([out("Ben", Alice=300, Cara=380)], decks=2)
    assert board.totals["Ben"] == 680
    error = refused([out("Ben", Alice=300, Cara=381)], decks=2)
    assert "more than the 680 points of 2 decks" in refusal(error)


def test_it_allows_each_card_twice_with_two_decks():
    hand = out("Ben", Alice=["KS", "KS", "K", "K"], Cara=["KH", "KH", "KD", "KD"])
    assert play([hand], decks=2).totals["Ben"] == 80
    error = refused([out("Ben", Alice=["KS", "KS"], Cara=["KS"])], decks=2)
    assert (
        refusal(error)
        == "Cara's K♠ is one too many: with 2 decks there are 2 of each card, and Alice and "
        "Cara hold 3"
    )


def test_it_uses_two_decks_by_default_for_five_starting_players():
    players = ["Alice", "Ben", "Cara", "Dan", "Eve"]
    hand = Hand("Ben", {"Alice": ["KS"], "Cara": ["KS"], "Dan": 1, "Eve": 1})
    assert play([hand], players=players).rules.decks == 2


def test_the_decks_by_default_follow_the_players_who_start_not_those_who_join():
    """The house rules' default is "1 deck for 2 to 4 starting players":
    a fifth who joins later does not bring a second deck (the host picks 2
    decks on the house rules when the table adds one)."""
    players = ["Alice", "Ben", "Cara", "Dan"]
    board = play([Join("Eve")], players=players)
    assert board.rules.decks == 1
    error = refused(
        [Join("Eve"), Hand("Ben", {"Alice": ["AS", "AS"], "Cara": 1, "Dan": 1, "Eve": 1})],
        players=players,
    )
    assert refusal(error) == (
        "Alice's A♠ is one too many: with 1 deck there is 1 of each card, and Alice holds 2"
    )


def test_it_refuses_rummy_when_nobody_went_out():
    hand = Hand(went_out=None, rummy=True, leftovers={"Alice": 5, "Ben": 6, "Cara": 7})
    assert located(refused([hand])) == "event 0: nobody went out, so the hand cannot be rummy"


def test_it_needs_every_leftover_when_nobody_went_out():
    hand = Hand(went_out=None, leftovers={"Alice": 5, "Ben": 6})
    assert located(refused([hand])) == "event 0: Cara's leftover is missing"


def test_it_refuses_a_hand_for_a_player_who_left():
    error = refused([Leave("Cara"), out("Ben", Alice=5, Cara=6)])
    assert located(error) == "event 1: Cara has left the table and was not dealt in"


def test_it_reads_names_without_regard_to_case_or_spaces():
    board = play([Hand(" ben ", {"ALICE": 23, "cara": 18})])
    assert board.totals == {"Alice": 0, "Ben": 41, "Cara": 0}
