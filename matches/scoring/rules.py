"""House rules of a match: docs/rules.md, "House rules"."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import ACE_VALUES
from .errors import RuleError

HIGHEST_WINS = "highest_wins"
PENALTY = "penalty"
SCHEMES = (HIGHEST_WINS, PENALTY)
RUMMY_BONUSES = ("double", "flat_25", "none")
STOCK_OUTS = ("lowest_hand", "no_score")
DECKS = (1, 2)
TARGET_MIN, TARGET_MAX = 100, 1000
HAND_LIMIT_MIN, HAND_LIMIT_MAX = 1, 150
MIN_SEATED, MAX_SEATED = 2, 6

RULE_KEYS = ("scheme", "target", "rummy_bonus", "stock_out", "hand_limit", "ace_value", "decks")


# How each house rule reads to a person: its title, a line of help, and a
# phrase per value. The forms, the house-rules page and "How scoring works"
# all take their words from here, so a rule reads the same everywhere.
RULE_TITLES = {
    "scheme": "Scoring",
    "target": "Target (the line)",
    "rummy_bonus": "Going rummy",
    "stock_out": "When nobody goes out",
    "hand_limit": "Hand limit",
    "ace_value": "Aces count",
    "decks": "Decks",
}
RULE_HELP = {
    "scheme": "Who scores a hand, and whether the highest or the lowest total leads.",
    "target": f"The line: the match ends when someone reaches it ({TARGET_MIN} to {TARGET_MAX}).",
    "rummy_bonus": "Going out in one go, with no card laid down before.",
    "stock_out": "The stock ran out and could not be rebuilt, or the table called the hand off.",
    "hand_limit": (
        f"After this many hands the leader wins ({HAND_LIMIT_MIN} to {HAND_LIMIT_MAX})."
    ),
    "ace_value": "The points of an ace entered as a card, and so the value of the deck.",
    "decks": "Used to check the cards entered.",
}
RULE_CHOICES: dict[str, dict[object, str]] = {
    "scheme": {
        HIGHEST_WINS: "Highest wins: whoever goes out scores everyone's leftovers",
        PENALTY: "Penalty: everyone else is charged their leftovers; lowest leads",
    },
    "rummy_bonus": {
        "double": "Doubles the hand",
        "flat_25": "Adds 25 points",
        "none": "Counts as usual",
    },
    "stock_out": {
        "lowest_hand": "The lowest hand wins the difference from each other player",
        "no_score": "Nobody scores; the hand still counts",
    },
    "ace_value": {1: "1 point", 11: "11 points", 15: "15 (round the corner)"},
    "decks": {1: "1 deck", 2: "2 decks"},
}
DECKS_BY_PLAYERS = "By players: 1 for 2 to 4, 2 for 5 or 6"


def is_whole_number(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (JSON ``true`` is not a number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_target(target: object) -> int:
    """Check a target (the line), in points.

    Returns:
        ``target``, a whole number from 100 to 1000.

    Raises:
        RuleError: otherwise (``field="target"``).

    docs/rules.md, "House rules" and "Moving the line".
    """
    if not is_whole_number(target) or not TARGET_MIN <= target <= TARGET_MAX:
        raise RuleError(
            f"target must be a whole number from {TARGET_MIN} to {TARGET_MAX}",
            field="target",
        )
    return target


def default_decks(players: int) -> int:
    """Decks in play by default: 1 for 2 to 4 starting players, 2 for 5 or 6."""
    return 1 if players <= 4 else 2


@dataclass(frozen=True)
class HouseRules:
    """The house rules of one match, with the defaults of docs/rules.md.

    ``target`` and ``hand_limit`` are in points and hands. ``decks`` None
    means "by the number of starting players" (see ``default_decks``).
    """

    scheme: str = HIGHEST_WINS
    target: int = 100
    rummy_bonus: str = "double"
    stock_out: str = "lowest_hand"
    hand_limit: int = 150
    ace_value: int = 1
    decks: int | None = None

    @property
    def leader_is_lowest(self) -> bool:
        """True under ``penalty``, where the leader is the lowest total."""
        return self.scheme == PENALTY

    def problems(self) -> list[RuleError]:
        """Every rule whose value docs/rules.md does not allow, so a form can show
        them all at once.

        ``decks`` None (by the number of starting players) is always allowed.

        Returns:
            One ``RuleError`` per bad rule (``key="rules"``, ``field`` the
            rule's name), in the order scheme, rummy_bonus, stock_out,
            target, hand_limit, ace_value, decks; empty when all are fine.

        docs/rules.md, "House rules".
        """
        problems = []
        choices = {
            "scheme": SCHEMES,
            "rummy_bonus": RUMMY_BONUSES,
            "stock_out": STOCK_OUTS,
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                problems.append(
                    RuleError(
                        f"{name} must be one of {', '.join(allowed)}", key="rules", field=name
                    )
                )
        try:
            check_target(self.target)
        except RuleError as error:
            problems.append(error.at(key="rules"))
        if not is_whole_number(self.hand_limit) or not (
            HAND_LIMIT_MIN <= self.hand_limit <= HAND_LIMIT_MAX
        ):
            problems.append(
                RuleError(
                    f"the hand limit must be a whole number from {HAND_LIMIT_MIN} "
                    f"to {HAND_LIMIT_MAX}",
                    key="rules",
                    field="hand_limit",
                )
            )
        if not is_whole_number(self.ace_value) or self.ace_value not in ACE_VALUES:
            problems.append(
                RuleError("ace_value must be 1, 11 or 15", key="rules", field="ace_value")
            )
        if self.decks is not None and (not is_whole_number(self.decks) or self.decks not in DECKS):
            problems.append(RuleError("decks must be 1 or 2", key="rules", field="decks"))
        return problems

    def checked(self, players: int) -> HouseRules:
        """Check every rule and fill in the decks for ``players`` starting players.

        Args:
            players: how many players the match starts with (2 to 6).

        Returns:
            A ``HouseRules`` with ``decks`` set.

        Raises:
            RuleError: the first of ``problems()``: a rule has a value
                docs/rules.md does not allow (``key="rules"``, ``field`` the
                rule's name).

        docs/rules.md, "House rules".
        """
        problems = self.problems()
        if problems:
            raise problems[0]
        decks = default_decks(players) if self.decks is None else self.decks
        return replace(self, decks=decks)


def describe(rules: HouseRules) -> list[tuple[str, str]]:
    """A match's house rules in words, for a person: (title, value) in the
    order of ``RULE_KEYS``, such as ("Target (the line)", "200") and
    ("Going rummy", "Doubles the hand"). ``decks`` None reads "By players"."""
    shown = []
    for key in RULE_KEYS:
        value = getattr(rules, key)
        if key in RULE_CHOICES:
            text = RULE_CHOICES[key].get(value, DECKS_BY_PLAYERS if value is None else str(value))
        else:
            text = str(value)
        shown.append((RULE_TITLES[key], text))
    return shown
