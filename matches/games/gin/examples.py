"""Gin Rummy's worked examples, as matches the game replays (the "How
scoring works" page and the tests)."""

from __future__ import annotations

from matches.engine.board import Match
from matches.engine.examples import Case, Example

from .rules import GinRules
from .table import GinHand


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown (this
    module imports no Django)."""
    return text


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

EXAMPLES = (
    Example(
        1,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("Alice knocks with 7; Ben, after laying off, holds 22."),
        (Case(gettext_noop("a knock"), _gin(_knock("Alice", Alice=7, Ben=22))),),
    ),
    Example(
        2,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("Alice knocks with 7; Ben holds 5."),
        (Case(gettext_noop("an undercut"), _gin(_knock("Alice", Alice=7, Ben=5))),),
    ),
    Example(
        3,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("Alice knocks with 7; Ben holds 7 too."),
        (Case(gettext_noop("still an undercut"), _gin(_knock("Alice", Alice=7, Ben=7))),),
    ),
    Example(
        4,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("Alice goes gin; Ben holds 31."),
        (
            Case(gettext_noop("gin"), _gin(_knock("Alice", Alice=0, Ben=31))),
            Case(gettext_noop("big gin"), _gin(_knock("Alice", True, Alice=0, Ben=31))),
        ),
    ),
    Example(
        5,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("Ben deals hand 1 and Alice wins it; hand 2 is drawn; Ben wins hand 3."),
        (
            Case(
                gettext_noop("the loser deals"), _gin(*_EXAMPLE_5, first_dealer="Ben", deal="loser")
            ),
            Case(gettext_noop("the deal alternates"), _gin(*_EXAMPLE_5, first_dealer="Ben")),
        ),
    ),
    Example(
        6,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("The line at 100: Alice wins four hands for 104 in all, Ben two for 30."),
        (Case(gettext_noop("boxes and the game bonus"), _gin(*_EXAMPLE_6)),),
    ),
    Example(
        7,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("The line at 100: Alice wins three hands for 112, Ben none (a shutout)."),
        (
            Case(gettext_noop("the whole final doubled"), _gin(*_EXAMPLE_7)),
            Case(gettext_noop("the points doubled"), _gin(*_EXAMPLE_7, shutout="double_points")),
            Case(
                gettext_noop("the game bonus doubled"), _gin(*_EXAMPLE_7, shutout="game_bonus_200")
            ),
        ),
    ),
    Example(
        8,
        # Translators: a worked example: keep its names (Alice, Ben); results use them.
        gettext_noop("Alice knocks with 11 under the usual knock limit of 10."),
        (Case(gettext_noop("knocking with 11"), _gin(_knock("Alice", Alice=11, Ben=22))),),
    ),
)
