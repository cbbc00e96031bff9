"""Contract Rummy's worked examples, as matches the game replays (the "How
scoring works" page and the tests)."""

from __future__ import annotations

from matches.engine.board import Leave, Match
from matches.engine.examples import Case, Example

from .rules import ContractRules
from .table import ContractHand


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown (this
    module imports no Django)."""
    return text


FOUR = ("Alice", "Ben", "Cara", "Dev")


def deal(went_out: str | None, **charges: object) -> ContractHand:
    return ContractHand(went_out=went_out, charges=charges)


def contract(*events: object, players: tuple[str, ...] = FOUR, **rules: object) -> Match:
    return Match(rules=ContractRules(**rules), players=players, events=list(events))  # type: ignore[arg-type]


# Example 1: Cara goes out; Alice K 7 A, Ben 18, Dev JK 4.
EXAMPLE_1 = deal("Cara", Alice=["K", "7", "A"], Ben=18, Dev=["JK", "4"])
# Example 2: after seven deals Alice 140, Ben 95, Cara 95, Dev 210.
EXAMPLE_2 = (
    *(deal("Ben", Alice=20, Cara=15, Dev=30),) * 6,
    deal(None, Alice=20, Ben=95, Cara=5, Dev=30),
)
# Example 3: two players; after seven deals Alice 60, Ben 95.
EXAMPLE_3 = (
    *(deal("Alice", Ben=15),) * 5,
    deal("Alice", Ben=20),
    deal("Ben", Alice=60),
)
# Example 4: seven deals of a ten-deal match.
EXAMPLE_4 = (deal("Alice", Ben=5, Cara=5, Dev=5),) * 7
# Example 5: Ben leaves after deal 3 with 20, the lowest.
EXAMPLE_5 = (
    deal("Dev", Alice=10, Ben=5, Cara=15),
    deal("Dev", Alice=10, Ben=5, Cara=15),
    deal("Cara", Alice=10, Ben=10, Dev=30),
    Leave("Ben"),
    deal("Alice", Cara=15, Dev=30),
    deal("Alice", Cara=15, Dev=30),
    deal("Cara", Alice=25, Dev=10),
    deal("Dev", Alice=25, Cara=30),
)

EXAMPLES = (
    Example(
        1,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Deal 1 (two sets, 10 cards each): Cara goes out; Alice holds K 7 A, Ben 18 points, "
            "Dev a joker and a 4."
        ),
        (
            Case(gettext_noop("as it is"), contract(EXAMPLE_1)),
            Case(
                gettext_noop("had Dev held two jokers"),
                contract(deal("Cara", Alice=["K", "7", "A"], Ben=18, Dev=["JK", "JK"])),
            ),
        ),
    ),
    Example(
        2,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "After seven deals Alice has 140, Ben 95, Cara 95, Dev 210."
        ),
        (Case(gettext_noop("the last deal"), contract(*EXAMPLE_2)),),
    ),
    Example(
        3,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop("After seven deals Alice has 60, Ben 95."),
        (
            Case(gettext_noop("the last deal"), contract(*EXAMPLE_3, players=FOUR[:2])),
            Case(
                gettext_noop("an eighth deal"),
                contract(*EXAMPLE_3, deal("Alice", Ben=5), players=FOUR[:2]),
            ),
        ),
    ),
    Example(
        4,
        # Translators: a worked example: keep its names (Alice, Ben...); results use them.
        gettext_noop("Ten deals, as in Shanghai: after seven deals comes the eighth."),
        (Case(gettext_noop("seven deals played"), contract(*EXAMPLE_4, deals=10)),),
    ),
    Example(
        5,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben...); results use them.
            "Ben leaves after deal 3 with 20, the lowest total; after deal 7 Alice has 80, "
            "Cara 90, Dev 100."
        ),
        (Case(gettext_noop("the last deal"), contract(*EXAMPLE_5)),),
    ),
)
