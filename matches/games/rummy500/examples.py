"""Rummy 500's worked examples, as matches the game replays (the "How
scoring works" page and the tests)."""

from __future__ import annotations

from matches.engine.board import Match
from matches.engine.examples import Case, Example

from .rules import Rummy500Rules
from .table import Rummy500Hand


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown (this
    module imports no Django)."""
    return text


THREE = ("Alice", "Ben", "Cara")
TWO = ("Alice", "Ben")


def hand(went_out: str | None, **boxes: tuple[int, object]) -> Rummy500Hand:
    """A hand: who went out, and each player's (melded, in hand); the one
    who went out is left out of ``in_hand`` when their in hand is None."""
    return Rummy500Hand(
        went_out=went_out,
        melded={name: melded for name, (melded, _held) in boxes.items()},
        in_hand={name: held for name, (_melded, held) in boxes.items() if held is not None},
    )


def r500(*events: object, players: tuple[str, ...] = THREE, **rules: object) -> Match:
    return Match(rules=Rummy500Rules(**rules), players=players, events=list(events))  # type: ignore[arg-type]


# Example 1: Ben goes out having melded 45; Alice 30 and 12; Cara 0 and K Q A JK.
EXAMPLE_1 = hand("Ben", Alice=(30, 12), Ben=(45, None), Cara=(0, ["K", "Q", "A", "JK"]))
# Example 4: Alice 480, Ben 495 after three hands (a hand's boxes add up to
# no more than a deck's points).
TO_480_495 = (hand("Alice", Alice=(160, None), Ben=(170, 5)),) * 3
# Example 5: Alice and Ben on 490 each.
TO_490_490 = (
    *(hand("Alice", Alice=(245, None), Ben=(150, 5)),) * 2,
    hand("Ben", Alice=(1, 1), Ben=(200, None)),
)

EXAMPLES = (
    Example(
        1,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "Ben goes out having melded 45. Alice melded 30 and holds 12; Cara melded nothing "
            "and holds K Q A and a joker."
        ),
        (Case(gettext_noop("as it is"), r500(EXAMPLE_1)),),
    ),
    Example(
        2,
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("The same hand with a going-out bonus of 25."),
        (Case(gettext_noop("with the bonus"), r500(EXAMPLE_1, going_out_bonus=25)),),
    ),
    Example(
        3,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "The stock runs out. Alice melded 20 and holds 25; Ben melded 60 and holds nothing; "
            "Cara melded 5 and holds 5."
        ),
        (
            Case(
                gettext_noop("nobody went out"),
                r500(hand(None, Alice=(20, 25), Ben=(60, 0), Cara=(5, 5))),
            ),
        ),
    ),
    Example(
        4,
        gettext_noop(
            # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
            "Line 500: Alice has 480, Ben 495. Ben goes out having melded 10; Alice melded 40 "
            "and holds 5."
        ),
        (
            Case(
                gettext_noop("both over the line"),
                r500(*TO_480_495, hand("Ben", Alice=(40, 5), Ben=(10, None)), players=TWO),
            ),
        ),
    ),
    Example(
        5,
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("Line 500: Alice and Ben have 490 each, and both score 20."),
        (
            Case(
                gettext_noop("level at the top"),
                r500(*TO_490_490, hand("Alice", Alice=(20, None), Ben=(25, 5)), players=TWO),
            ),
        ),
    ),
    Example(
        6,
        # Translators: a worked example: keep its names (Alice, Ben, Cara); results use them.
        gettext_noop("Ben goes out, but Cara's in-hand count is entered as 0."),
        (
            Case(
                gettext_noop("Cara holding nothing"),
                r500(hand("Ben", Alice=(30, 12), Ben=(45, None), Cara=(0, 0))),
            ),
        ),
    ),
)
