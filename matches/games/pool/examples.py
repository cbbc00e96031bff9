"""Pool Rummy's worked examples, as matches the game replays (the "How
scoring works" page and the tests)."""

from __future__ import annotations

from matches.engine.board import Match
from matches.engine.examples import Case, Example

from .rules import PoolRules
from .table import PoolHand, Rejoin, Split


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown (this
    module imports no Django)."""
    return text


FOUR = ("Alice", "Ben", "Cara", "Dev")
THREE = FOUR[:3]


def _hand(declared: str, **charges: object) -> PoolHand:
    return PoolHand(declared=declared, charges=charges)


def _pool(*events: object, players: tuple[str, ...] = FOUR, **rules: object) -> Match:
    return Match(rules=PoolRules(**rules), players=players, events=list(events))  # type: ignore[arg-type]


# Example 3: Alice 40, Ben 70, Cara 96, Dev 60, then Dev declares.
_TO_EXAMPLE_3 = (
    _hand("Dev", Alice=40, Ben=70, Cara=80),
    _hand("Alice", Ben=0, Cara=16, Dev=60),
    _hand("Dev", Alice=30, Ben="wrong_show", Cara=5),
)
# Example 4 goes on: Ben and Cara rejoin; Cara goes out again.
_REJOINS = (*_TO_EXAMPLE_3, Rejoin("Ben"), Rejoin("Cara"))
# Example 5: Alice 75, Ben 90, Cara 30 still in; Dev out.
_EXAMPLE_5 = (
    _hand("Cara", Alice=40, Ben=50, Dev=80),
    _hand("Cara", Alice=35, Ben=40, Dev=25),
    _hand("Alice", Ben=0, Cara=30),
)
# Example 6: Alice 60 and Ben 99 still in, then Alice declares, Ben 2.
_EXAMPLE_6 = (
    _hand("Ben", Alice=60, Cara=80, Dev=80),
    _hand("Alice", Ben=80, Cara=30, Dev=30),
    _hand("Alice", Ben=19),
    _hand("Alice", Ben=2),
)
# Example 10: Dev out at hand 5, Ben and Cara at hand 7.
_EXAMPLE_10 = (
    *[_hand("Alice", Ben=10, Cara=10, Dev=25)] * 4,
    _hand("Alice", Ben=10, Cara=10, Dev=20),
    _hand("Alice", Ben=10, Cara=10),
    _hand("Alice", Ben=44, Cara=50),
)
_CARDS_96 = ["K", "K", "Q", "Q", "J", "J", "10", "9", "9", "8", "JK"]

EXAMPLES = (
    Example(
        1,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop(
            "Pool 101. Alice declares; Ben counts 35, Cara drops, Dev drops in the middle."
        ),
        (
            Case(
                gettext_noop("the first hand"),
                _pool(_hand("Alice", Ben=35, Cara="drop", Dev="middle_drop")),
            ),
        ),
    ),
    Example(
        2,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop("Ben declares and Cara counts 95, more than the full count of 80."),
        (
            Case(gettext_noop("as a count"), _pool(_hand("Ben", Alice=12, Cara=95, Dev=7))),
            Case(
                gettext_noop("as cards, with a printed joker"),
                _pool(_hand("Ben", Alice=12, Cara=_CARDS_96, Dev=7)),
            ),
        ),
    ),
    Example(
        3,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Alice has 40, Ben 70, Cara 96, Dev 60. Dev declares; Alice counts 30, Ben shows "
            "wrongly, Cara counts 5."
        ),
        (Case(gettext_noop("two players out"), _pool(*_TO_EXAMPLE_3)),),
    ),
    Example(
        4,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Going on: the highest still in is Alice's 70, not over 79, so Ben and Cara may rejoin."
        ),
        (
            Case(gettext_noop("Ben rejoins"), _pool(*_TO_EXAMPLE_3, Rejoin("Ben"))),
            Case(gettext_noop("then Cara rejoins"), _pool(*_REJOINS)),
            Case(
                gettext_noop("Cara out again: no second rejoin"),
                _pool(*_REJOINS, _hand("Alice", Ben=5, Cara=30, Dev=10)),
            ),
        ),
    ),
    Example(
        5,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop("Alice has 75, Ben 90, Cara 30; Dev is out."),
        (Case(gettext_noop("too late to rejoin"), _pool(*_EXAMPLE_5)),),
    ),
    Example(
        6,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Alice has 60 and Ben 99, the others out. Alice declares and Ben counts 2."
        ),
        (Case(gettext_noop("the last one in"), _pool(*_EXAMPLE_6)),),
    ),
    Example(
        7,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop("Three still in at 40, 55 and 72 agree to split the pool."),
        (
            Case(
                gettext_noop("a split"),
                _pool(
                    _hand("Alice", Ben=55, Cara=72),
                    _hand("Ben", Alice=40, Cara=0),
                    Split(True),
                    players=THREE,
                ),
            ),
        ),
    ),
    Example(
        8,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop(
            "Pool 201. Ben declares; Alice drops, Cara drops in the middle, Dev counts 10."
        ),
        (
            Case(
                gettext_noop("the 201 drops"),
                _pool(_hand("Ben", Alice="drop", Cara="middle_drop", Dev=10), limit=201),
            ),
        ),
    ),
    Example(
        9,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Chinchón: the limit at 100, rejoining at the highest. Cara is out and the highest "
            "still in is Ben's 64."
        ),
        (
            Case(
                gettext_noop("Cara rejoins"),
                _pool(
                    _hand("Alice", Ben=64, Cara=80, Dev=0),
                    _hand("Alice", Ben=0, Cara=30, Dev=0),
                    Rejoin("Cara"),
                    limit=100,
                    rejoin="at_highest",
                ),
            ),
        ),
    ),
    Example(
        10,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Dev goes out at hand 5 with 120; Ben with 104 and Cara with 110 both at hand 7."
        ),
        (Case(gettext_noop("the places"), _pool(*_EXAMPLE_10)),),
    ),
)
