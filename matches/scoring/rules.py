"""House rules of a match: docs/rules.md, "House rules", and docs/gin.md,
"House rules" for Gin Rummy."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .cards import ACE_VALUES, deck_points
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

# The games a match can be: docs/rules.md (Rummy) and docs/gin.md (Gin Rummy).
RUMMY, GIN = "rummy", "gin"
GAMES = (RUMMY, GIN)
GAME_NAMES = {RUMMY: "Rummy", GIN: "Gin Rummy"}
SHUTOUTS = ("double_total", "double_points", "game_bonus_200", "none")
GIN_DEALS = ("alternate", "winner", "loser")
GIN_RULE_KEYS = (
    "target",
    "knock_limit",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "game_bonus",
    "box_bonus",
    "shutout",
    "deal",
    "hand_limit",
)
# The range of each Gin rule that is a whole number, in points (hands for
# the hand limit), and how a message names it.
GIN_RANGES = {
    "knock_limit": (0, 10),
    "gin_bonus": (0, 50),
    "big_gin_bonus": (0, 50),
    "undercut_bonus": (0, 50),
    "game_bonus": (0, 500),
    "box_bonus": (0, 100),
}


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
        "flat_25": "25 points more (under penalty, 25 off)",
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

# Gin Rummy's rules in words (docs/gin.md, "House rules"); the target and the
# hand limit read as for Rummy.
RULE_TITLES.update(
    {
        "knock_limit": "Knock limit",
        "gin_bonus": "Gin bonus",
        "big_gin_bonus": "Big gin bonus",
        "undercut_bonus": "Undercut bonus",
        "game_bonus": "Game bonus",
        "box_bonus": "Box bonus",
        "shutout": "Shutout (the loser won no hand)",
        "deal": "Who deals after a hand",
    }
)
RULE_HELP.update(
    {
        "knock_limit": "The most deadwood a knock may hold (0 to 10; 0: only gin ends a hand).",
        "gin_bonus": "Added for going gin, with no deadwood (0 to 50).",
        "big_gin_bonus": "Added instead for big gin, all eleven cards melded (0 to 50).",
        "undercut_bonus": "Added when the other holds no more deadwood than the knocker (0 to 50).",
        "game_bonus": "Added to the winner's final score (0 to 500).",
        "box_bonus": "Added to each player's final score for every hand they won (0 to 100).",
        "shutout": "When the match is won and the loser won no hand at all.",
        "deal": "After a drawn hand the same player deals again.",
    }
)
RULE_CHOICES.update(
    {
        "shutout": {
            "double_total": "The winner's whole final score is doubled",
            "double_points": "The winner's points are doubled before the bonuses",
            "game_bonus_200": "The winner's game bonus is doubled",
            "none": "Nothing more",
        },
        "deal": {
            "alternate": "The other player: the deal alternates",
            "winner": "The winner of the hand",
            "loser": "The loser of the hand",
        },
    }
)


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


def _choice_problem(name: str, value: object, allowed: tuple[object, ...]) -> RuleError | None:
    """A rule that must be one of ``allowed``, checked (``key="rules"``)."""
    if value in allowed and not isinstance(value, bool):
        return None
    return RuleError(
        f"{name} must be one of {', '.join(str(each) for each in allowed)}",
        key="rules",
        field=name,
    )


def _range_problem(
    name: str, value: object, low: int, high: int, words: str | None = None
) -> RuleError | None:
    """A rule that must be a whole number from ``low`` to ``high``, checked
    (``key="rules"``); ``words`` names it in the message (default: its key)."""
    if is_whole_number(value) and low <= value <= high:
        return None
    return RuleError(
        f"{words or name} must be a whole number from {low} to {high}", key="rules", field=name
    )


def _hand_limit_problem(value: object) -> RuleError | None:
    return _range_problem("hand_limit", value, HAND_LIMIT_MIN, HAND_LIMIT_MAX, "the hand limit")


def _target_problem(target: object) -> RuleError | None:
    try:
        check_target(target)
    except RuleError as error:
        return error.at(key="rules")
    return None


def default_decks(players: int) -> int:
    """Decks in play by default: 1 for 2 to 4 starting players, 2 for 5 or 6."""
    return 1 if players <= 4 else 2


@dataclass(frozen=True)
class HouseRules:
    """The house rules of one match, with the defaults of docs/rules.md.

    ``target`` and ``hand_limit`` are in points and hands. ``decks`` None
    means "by the number of starting players" (see ``default_decks``).
    """

    game: ClassVar[str] = RUMMY

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

    @property
    def whole_deck(self) -> int:
        """The points of every card in play (``decks`` of them; None: one),
        aces at ``ace_value``: the most a hand's leftovers can hold.
        docs/rules.md, "Cards and leftovers"."""
        return (self.decks or 1) * deck_points(self.ace_value)

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
        problems = [
            _choice_problem("scheme", self.scheme, SCHEMES),
            _choice_problem("rummy_bonus", self.rummy_bonus, RUMMY_BONUSES),
            _choice_problem("stock_out", self.stock_out, STOCK_OUTS),
            _target_problem(self.target),
            _hand_limit_problem(self.hand_limit),
        ]
        if not is_whole_number(self.ace_value) or self.ace_value not in ACE_VALUES:
            problems.append(
                RuleError("ace_value must be 1, 11 or 15", key="rules", field="ace_value")
            )
        if self.decks is not None and (not is_whole_number(self.decks) or self.decks not in DECKS):
            problems.append(RuleError("decks must be 1 or 2", key="rules", field="decks"))
        return [problem for problem in problems if problem is not None]

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


@dataclass(frozen=True)
class GinRules:
    """The house rules of a Gin Rummy match, with the defaults of
    docs/gin.md, "House rules".

    ``target`` and every bonus are in points, ``knock_limit`` in points of
    deadwood, ``hand_limit`` in hands. ``shutout`` is one of ``SHUTOUTS``
    and ``deal`` one of ``GIN_DEALS``. Gin is one deck with aces at 1, and
    the highest total leads.
    """

    game: ClassVar[str] = GIN
    decks: ClassVar[int] = 1
    ace_value: ClassVar[int] = 1
    leader_is_lowest: ClassVar[bool] = False

    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    game_bonus: int = 100
    box_bonus: int = 25
    shutout: str = "double_total"
    deal: str = "alternate"
    hand_limit: int = 150

    def problems(self) -> list[RuleError]:
        """Every rule whose value docs/gin.md does not allow.

        Returns:
            One ``RuleError`` per bad rule (``key="rules"``, ``field`` the
            rule's name), in the order of ``GIN_RULE_KEYS``; empty when all
            are fine.

        docs/gin.md, "House rules".
        """
        problems = []
        for name in GIN_RULE_KEYS:
            value = getattr(self, name)
            if name == "target":
                problems.append(_target_problem(value))
            elif name == "hand_limit":
                problems.append(_hand_limit_problem(value))
            elif name == "shutout":
                problems.append(_choice_problem(name, value, SHUTOUTS))
            elif name == "deal":
                problems.append(_choice_problem(name, value, GIN_DEALS))
            else:
                words = f"the {RULE_TITLES[name].lower()}"
                problems.append(_range_problem(name, value, *GIN_RANGES[name], words))
        return [problem for problem in problems if problem is not None]

    def checked(self, players: int) -> GinRules:
        """Check every rule (``players`` is not read: Gin is always two).

        Returns:
            These rules.

        Raises:
            RuleError: the first of ``problems()``.

        docs/gin.md, "House rules".
        """
        problems = self.problems()
        if problems:
            raise problems[0]
        return self


Rules = HouseRules | GinRules


def rule_keys(game: str) -> tuple[str, ...]:
    """The house rules of ``game`` (``RUMMY`` or ``GIN``), in their order."""
    return GIN_RULE_KEYS if game == GIN else RULE_KEYS


def rules_class(game: str) -> type[HouseRules] | type[GinRules]:
    """The house rules type of ``game`` (``RUMMY`` or ``GIN``)."""
    return GinRules if game == GIN else HouseRules


def describe(rules: Rules) -> list[tuple[str, str]]:
    """A match's house rules in words, for a person: (title, value) in the
    order of its game's rules (``rule_keys``), such as ("Target (the line)",
    "200") and ("Going rummy", "Doubles the hand"). ``decks`` None reads "By
    players"."""
    shown = []
    for key in rule_keys(rules.game):
        value = getattr(rules, key)
        if key in RULE_CHOICES:
            text = RULE_CHOICES[key].get(value, DECKS_BY_PLAYERS if value is None else str(value))
        else:
            text = str(value)
        shown.append((RULE_TITLES[key], text))
    return shown
