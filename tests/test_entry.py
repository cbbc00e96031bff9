"""Reading what the host types into a box (the engine's ``entry`` module):
whole numbers in any script's digits, a leftover as points, a sum or the cards. No
database: the engine is plain Python."""

from __future__ import annotations

import pytest

from matches.engine.board import Match
from matches.engine.entry import read_points_text, read_sum, read_whole_number
from matches.engine.errors import RuleError
from matches.games import replay
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import Hand
from matches.words import located, refusal

NOT_A_NUMBER = ["", "²", "①", "+5", "5_000", "1e3", "5.0", "--5", "- 5", "9" * 10]


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("23", 23),
        (" -5 ", -5),
        ("0", 0),
        ("9" * 9, 10**9 - 1),
        # The digits a Hindi, an Arabic or a full-width keyboard types.
        ("२३", 23),
        ("١٢", 12),
        ("５", 5),
    ],
)
def test_it_reads_whole_numbers_in_any_script_s_digits(text, number):
    assert read_whole_number(text) == number


@pytest.mark.parametrize("text", [*NOT_A_NUMBER, "9" * 5000])
def test_it_reads_no_other_digits_and_no_long_runs_of_digits(text):
    assert read_whole_number(text) is None


@pytest.mark.parametrize(
    ("text", "total"),
    [("10+10+5", 25), ("10 + 10 + 5", 25), (" 7+ 3 ", 10), ("0+1", 1), ("१०+१०+५", 25)],
)
def test_it_adds_up_a_leftover_counted_aloud(text, total):
    assert read_sum(text) == total
    assert read_points_text(text, player="Cara") == total


@pytest.mark.parametrize("text", ["25", "10+K", "10++5", "+5", "5+", "10+-5", "1²+1", "10+10 5"])
def test_it_reads_no_sum_but_whole_numbers_joined_by_plus(text):
    assert read_sum(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("", None),
        ("  ", None),
        ("23", 23),
        ("-5", -5),
        ("K 9 4", ["K", "9", "4"]),
        ("KH, 9S", ["KH", "9S"]),
        ("1o", "1o"),
        ("²", "²"),
        ("١٢", 12),
    ],
)
def test_it_reads_points_cards_or_leaves_the_text_for_the_engine(text, value):
    assert read_points_text(text, player="Cara") == value


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("1" + "0" * 9, "1" + "0" * 9),
        ("5 + 9999999999", "9999999999"),
        ("9" * 5000, "9" * 39 + "…"),
    ],
)
def test_it_says_a_number_too_long_for_a_box_is_too_big(text, shown):
    with pytest.raises(RuleError) as refused:
        read_points_text(text, player="Cara")
    assert refusal(refused.value) == (
        f"Cara's leftover: {shown} is too big; the most is 999,999,999 points"
    )
    assert refused.value.player == "Cara"
    with pytest.raises(RuleError) as refused:
        read_points_text(text, player="Cara", most=340, why="rummy.deck")
    assert refusal(refused.value).endswith("is too big; the most is 340 points (the whole deck)")


# Sums the engine refuses, with its message for Cara; the page tests reuse them.
BAD_SUMS = [
    (
        "10+K",
        "Cara's leftover: 10+K mixes points and cards; type points (10+10+5) or the cards (K 9 4)",
    ),
    (
        "10++5",
        "Cara's leftover: 10++5 is not a sum of whole numbers; type points (10+10+5) "
        "or the cards (K 9 4)",
    ),
    (
        "+5",
        "Cara's leftover: +5 is not a sum of whole numbers; type points (10+10+5) "
        "or the cards (K 9 4)",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_SUMS)
def test_it_refuses_a_sum_that_is_not_of_whole_numbers_naming_the_player(text, message):
    with pytest.raises(RuleError) as caught:
        read_points_text(text, player="Cara")
    assert (refusal(caught.value), caught.value.player) == (message, "Cara")


def test_it_keeps_a_match_file_as_strict_as_its_format():
    # A sum is read from a box only: in a match file a leftover is a number or cards.
    hand = Hand(went_out="Ben", leftovers={"Alice": 23, "Cara": "10+5"})
    with pytest.raises(RuleError) as caught:
        replay(Match(rules=RummyRules(), players=["Alice", "Ben", "Cara"], events=[hand]))
    assert located(caught.value) == (
        "event 0: Cara's leftover must be a whole number of points or a list of cards"
    )
