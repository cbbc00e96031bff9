"""The worked examples of docs/rules.md, "Worked examples (these are tests)",
and of docs/gin.md (``GIN_EXAMPLES``),
as matches the engine replays: the "How scoring works" page shows each one
with the engine's own result, so the page and the engine cannot drift apart
(the tests check the same examples against the numbers in the docs)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .engine import Board, GinHand, Hand, LineMove, Match, replay
from .rules import GinRules, HouseRules

THREE = ("Alice", "Ben", "Cara")


@dataclass(frozen=True)
class Case:
    """One way of playing an example: what differs (``label``, such as
    "going rummy, doubled") and the match that shows it."""

    label: str
    match: Match

    def board(self) -> Board:
        """The engine's replay of this case."""
        return replay(self.match)

    @property
    def ends_with_line_move(self) -> bool:
        """True when the case's last event moves the line rather than plays a hand."""
        return bool(self.match.events) and isinstance(self.match.events[-1], LineMove)


@dataclass(frozen=True)
class Example:
    """A worked example: its number in docs/rules.md, the story in words,
    and its cases."""

    number: int
    story: str
    cases: Sequence[Case]


def _hand(went_out: str | None, rummy: bool = False, **leftovers: object) -> Hand:
    return Hand(went_out=went_out, leftovers=leftovers, rummy=rummy)


def _rules(**rules: object) -> HouseRules:
    return HouseRules(**rules)  # type: ignore[arg-type]


def _one_hand(hand: Hand, **rules: object) -> Match:
    return Match(rules=_rules(**rules), players=THREE, events=[hand])


BEN_OUT = {"Alice": ["K", "9", "4"], "Cara": ["A", "J", "5", "2"]}


def _ben_out(rummy: bool = False) -> Hand:
    return _hand("Ben", rummy, **BEN_OUT)


def _both_at_120(*then: Hand | LineMove) -> Match:
    """Example 7: Alice and Ben on 120 each under a line of 200, then ``then``."""
    reach = [_hand("Alice", Ben=60)] * 2 + [_hand("Ben", Alice=60)] * 2
    return Match(rules=_rules(target=200), players=("Alice", "Ben"), events=[*reach, *then])


def _three_hands(*, alice_took: int) -> Match:
    """Example 8: three hands to the limit; Alice takes ``alice_took`` (points)."""
    return Match(
        rules=_rules(hand_limit=3, target=500),
        players=THREE,
        events=[
            _hand("Alice", Ben=alice_took - 20, Cara=20),
            _hand("Ben", Alice=10, Cara=20),
            _hand("Cara", Alice=6, Ben=6),
        ],
    )


EXAMPLES = (
    Example(
        1,
        "Three players, highest wins. Ben goes out; Alice holds K 9 4, Cara A J 5 2.",
        (
            Case("as it is", _one_hand(_ben_out())),
            Case("going rummy, doubled", _one_hand(_ben_out(True))),
            Case("going rummy, plus 25", _one_hand(_ben_out(True), rummy_bonus="flat_25")),
        ),
    ),
    Example(
        2,
        "The same hand under penalty scoring.",
        (
            Case("as it is", _one_hand(_ben_out(), scheme="penalty")),
            Case("going rummy, doubled", _one_hand(_ben_out(True), scheme="penalty")),
            Case(
                "going rummy, 25 off",
                _one_hand(_ben_out(True), scheme="penalty", rummy_bonus="flat_25"),
            ),
        ),
    ),
    Example(
        3,
        "Nobody goes out; the lowest hand wins the difference. Alice holds 12, Ben 5, Cara 20.",
        (
            Case("highest wins", _one_hand(_hand(None, Alice=12, Ben=5, Cara=20))),
            Case("penalty", _one_hand(_hand(None, Alice=12, Ben=5, Cara=20), scheme="penalty")),
        ),
    ),
    Example(
        4,
        "Nobody goes out, and two share the lowest hand: Alice 5, Ben 5, Cara 9.",
        (Case("highest wins", _one_hand(_hand(None, Alice=5, Ben=5, Cara=9))),),
    ),
    Example(
        5,
        "Highest wins, line 100: Alice has 95, Ben 60. Alice goes out taking 10.",
        (
            Case(
                "the last hand",
                Match(
                    rules=_rules(),
                    players=("Alice", "Ben"),
                    events=[_hand("Alice", Ben=95), _hand("Ben", Alice=60), _hand("Alice", Ben=10)],
                    first_dealer="Alice",
                ),
            ),
        ),
    ),
    Example(
        6,
        "Penalty, line 100: Alice has 90, Ben 95, Cara 50. Cara goes out; Alice holds 15, Ben 12.",
        (
            Case(
                "the last hand",
                Match(
                    rules=_rules(scheme="penalty"),
                    players=THREE,
                    events=[
                        _hand("Cara", Alice=45, Ben=45),
                        _hand("Cara", Alice=45, Ben=49),
                        _hand("Alice", Ben=1, Cara=50),
                        _hand("Cara", Alice=15, Ben=12),
                    ],
                ),
            ),
        ),
    ),
    Example(
        7,
        "Highest wins, line 200: Alice and Ben both have 120. The host lowers the line to 100, "
        "then Ben goes out taking 7.",
        (
            Case("the line lowered", _both_at_120(LineMove(100))),
            Case("then Ben goes out", _both_at_120(LineMove(100), _hand("Ben", Alice=7))),
        ),
    ),
    Example(
        8,
        "A hand limit of 3, line 500, highest wins: after three hands Alice has 30, Ben 30, "
        "Cara 12.",
        (
            Case("level at the top", _three_hands(alice_took=30)),
            Case("had Alice had 31", _three_hands(alice_took=31)),
        ),
    ),
)


# docs/gin.md, "Worked examples (these are tests)" ---------------------------------

TWO = ("Alice", "Ben")


def _knock(knocked: str | None, big_gin: bool = False, **deadwood: object) -> GinHand:
    return GinHand(knocked=knocked, deadwood=deadwood, big_gin=big_gin)


def _gin(*hands: GinHand, first_dealer: str | None = None, **rules: object) -> Match:
    return Match(
        rules=GinRules(**rules),  # type: ignore[arg-type]
        players=TWO,
        events=list(hands),
        first_dealer=first_dealer,
    )


_EXAMPLE_5 = (_knock("Alice", Alice=5, Ben=20), _knock(None), _knock("Ben", Ben=3, Alice=30))
_EXAMPLE_6 = (
    _knock("Alice", Alice=2, Ben=30),
    _knock("Ben", Ben=5, Alice=15),
    _knock("Alice", Alice=4, Ben=30),
    _knock("Ben", Ben=4, Alice=24),
    _knock("Alice", Alice=5, Ben=30),
    _knock("Alice", Alice=1, Ben=26),
)
_EXAMPLE_7 = (
    _knock("Alice", Alice=0, Ben=12),
    _knock("Alice", Alice=0, Ben=12),
    _knock("Alice", Alice=2, Ben=40),
)

GIN_EXAMPLES = (
    Example(
        1,
        "Alice knocks with 7; Ben, after laying off, holds 22.",
        (Case("a knock", _gin(_knock("Alice", Alice=7, Ben=22))),),
    ),
    Example(
        2,
        "Alice knocks with 7; Ben holds 5.",
        (Case("an undercut", _gin(_knock("Alice", Alice=7, Ben=5))),),
    ),
    Example(
        3,
        "Alice knocks with 7; Ben holds 7 too.",
        (Case("still an undercut", _gin(_knock("Alice", Alice=7, Ben=7))),),
    ),
    Example(
        4,
        "Alice goes gin; Ben holds 31.",
        (
            Case("gin", _gin(_knock("Alice", Alice=0, Ben=31))),
            Case("big gin", _gin(_knock("Alice", True, Alice=0, Ben=31))),
        ),
    ),
    Example(
        5,
        "Ben deals hand 1 and Alice wins it; hand 2 is drawn; Ben wins hand 3.",
        (
            Case("the loser deals", _gin(*_EXAMPLE_5, first_dealer="Ben", deal="loser")),
            Case("the deal alternates", _gin(*_EXAMPLE_5, first_dealer="Ben")),
        ),
    ),
    Example(
        6,
        "The line at 100: Alice wins four hands for 104 in all, Ben two for 30.",
        (Case("boxes and the game bonus", _gin(*_EXAMPLE_6)),),
    ),
    Example(
        7,
        "The line at 100: Alice wins three hands for 112, Ben none (a shutout).",
        (
            Case("the whole final doubled", _gin(*_EXAMPLE_7)),
            Case("the points doubled", _gin(*_EXAMPLE_7, shutout="double_points")),
            Case("the game bonus doubled", _gin(*_EXAMPLE_7, shutout="game_bonus_200")),
        ),
    ),
    Example(
        8,
        "Alice knocks with 11 under the usual knock limit of 10.",
        (Case("knocking with 11", _gin(_knock("Alice", Alice=11, Ben=22))),),
    ),
)
