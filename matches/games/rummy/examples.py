"""Rummy's worked examples, as matches the game replays (the "How scoring
works" page and the tests)."""

from __future__ import annotations

from matches.engine.board import LineMove, Match
from matches.engine.examples import Case, Example

from .rules import RummyRules
from .table import Hand


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown (this
    module imports no Django)."""
    return text


THREE = ("Alice", "Ben", "Cara")


def _hand(went_out: str | None, rummy: bool = False, **leftovers: object) -> Hand:
    return Hand(went_out=went_out, leftovers=leftovers, rummy=rummy)


def _rules(**rules: object) -> RummyRules:
    return RummyRules(**rules)  # type: ignore[arg-type]


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
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("Three players, highest wins. Ben goes out; Alice holds K 9 4, Cara A J 5 2."),
        (
            Case(gettext_noop("as it is"), _one_hand(_ben_out())),
            Case(gettext_noop("going rummy, doubled"), _one_hand(_ben_out(True))),
            Case(
                gettext_noop("going rummy, plus 25"),
                _one_hand(_ben_out(True), rummy_bonus="flat_25"),
            ),
        ),
    ),
    Example(
        2,
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("The same hand under penalty scoring."),
        (
            Case(gettext_noop("as it is"), _one_hand(_ben_out(), scheme="penalty")),
            Case(gettext_noop("going rummy, doubled"), _one_hand(_ben_out(True), scheme="penalty")),
            Case(
                gettext_noop("going rummy, 25 off"),
                _one_hand(_ben_out(True), scheme="penalty", rummy_bonus="flat_25"),
            ),
        ),
    ),
    Example(
        3,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "Nobody goes out; the lowest hand wins the difference. Alice holds 12, Ben 5, Cara 20."
        ),
        (
            Case(gettext_noop("highest wins"), _one_hand(_hand(None, Alice=12, Ben=5, Cara=20))),
            Case(
                gettext_noop("penalty"),
                _one_hand(_hand(None, Alice=12, Ben=5, Cara=20), scheme="penalty"),
            ),
        ),
    ),
    Example(
        4,
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("Nobody goes out, and two share the lowest hand: Alice 5, Ben 5, Cara 9."),
        (Case(gettext_noop("highest wins"), _one_hand(_hand(None, Alice=5, Ben=5, Cara=9))),),
    ),
    Example(
        5,
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("Highest wins, line 100: Alice has 95, Ben 60. Alice goes out taking 10."),
        (
            Case(
                gettext_noop("the last hand"),
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
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "Penalty, line 100: Alice has 90, Ben 95, Cara 50. Cara goes out; "
            "Alice holds 15, Ben 12."
        ),
        (
            Case(
                gettext_noop("the last hand"),
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
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "Highest wins, line 200: Alice and Ben both have 120. The host lowers the line to 100, "
            "then Ben goes out taking 7."
        ),
        (
            Case(gettext_noop("the line lowered"), _both_at_120(LineMove(100))),
            Case(
                gettext_noop("then Ben goes out"),
                _both_at_120(LineMove(100), _hand("Ben", Alice=7)),
            ),
        ),
    ),
    Example(
        8,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "A hand limit of 3, line 500, highest wins: after three hands Alice has 30, Ben 30, "
            "Cara 12."
        ),
        (
            Case(gettext_noop("level at the top"), _three_hands(alice_took=30)),
            Case(gettext_noop("had Alice had 31"), _three_hands(alice_took=31)),
        ),
    ),
)
