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
