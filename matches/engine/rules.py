"""What every game's house rules share: a rule's key, default and the values
it takes, the checks of a rules document, and the line and the hand limit,
which most games have."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from .errors import RuleError

TARGET_MIN, TARGET_MAX = 100, 1000
HAND_LIMIT_MIN, HAND_LIMIT_MAX = 1, 150


def is_whole_number(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (JSON ``true`` is not a number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_target(target: object, low: int = TARGET_MIN, high: int = TARGET_MAX) -> int:
    """The line, ``target``, when it is a whole number from ``low`` to
    ``high`` points (the game's range; most games' is 100 to 1000); else
    ``target_range`` (``field="target"``)."""
    if not is_whole_number(target) or not low <= target <= high:
        raise RuleError("target_range", field="target", low=low, high=high)
    return target


@dataclass(frozen=True)
class Rule:
    """One house rule: its ``key``, its ``default``, and the values it takes:
    one of ``choices``, or a whole number from ``low`` to ``high``. With
    ``optional``, None is allowed too (the game fills it in: ``Rules.filled``).
    ``during``: it may change while the match runs (the line)."""

    key: str
    default: Any
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    optional: bool = False
    during: bool = False

    def problem(self, value: object) -> RuleError | None:
        """What is wrong with ``value`` for this rule (``rule_choice`` or
        ``rule_range``, ``key="rules"``, ``field`` this rule), or None."""
        if value is None and self.optional:
            return None
        if self.choices:
            # 1.0 or True is no 1: the value must be of the choices' kind.
            if value in self.choices and type(value) is type(self.choices[0]):
                return None
            return RuleError(
                "rule_choice", key="rules", field=self.key, rule=self.key, allowed=self.choices
            )
        if is_whole_number(value) and self.low <= value <= self.high:  # type: ignore[operator]
            return None
        return RuleError(
            "rule_range", key="rules", field=self.key, rule=self.key, low=self.low, high=self.high
        )


TARGET = Rule("target", 100, low=TARGET_MIN, high=TARGET_MAX, during=True)
HAND_LIMIT = Rule("hand_limit", 150, low=HAND_LIMIT_MIN, high=HAND_LIMIT_MAX)


@dataclass(frozen=True)
class Rules:
    """A game's house rules: a frozen dataclass whose fields are the rules of
    ``SPEC``, in its order, with its defaults. ``game`` is the game's key."""

    game: ClassVar[str] = ""
    SPEC: ClassVar[tuple[Rule, ...]] = ()
    # Whether the lowest total leads (penalty scoring), rather than the highest.
    leader_is_lowest: ClassVar[bool] = False
    # The rule whose value gives others their defaults, if any.
    linked_by: ClassVar[str] = ""
    # The lines a table usually plays to, one tap each on the rules' form.
    line_presets: ClassVar[tuple[int, ...]] = (100, 200, 500)

    @classmethod
    def linked_defaults(cls) -> dict[str, dict[str, Any]]:
        """For each rule whose default follows ``linked_by``: its default by
        that rule's value (as text), ``"*"`` for every other value."""
        return {}

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The rules' keys, in their order."""
        return tuple(rule.key for rule in cls.SPEC)

    @classmethod
    def spec(cls, key: str) -> Rule:
        """The rule ``key``."""
        return next(rule for rule in cls.SPEC if rule.key == key)

    @classmethod
    def from_document(cls, document: Mapping[str, Any]) -> Self:
        """The rules a document gives (a match file's ``rules`` without
        ``game``, as stored with a match), unchecked; a missing key takes
        its default. The caller has refused unknown keys."""
        return cls(**{key: document[key] for key in cls.names() if key in document})

    def document(self) -> dict[str, Any]:
        """Every rule, by key: what a match stores and a match file writes."""
        return {key: getattr(self, key) for key in self.names()}

    def problems(self) -> list[RuleError]:
        """Every rule whose value the game does not allow, in the rules'
        order, so a form can show them all at once (``key="rules"``,
        ``field`` the rule); empty when all are fine."""
        found = (rule.problem(getattr(self, rule.key)) for rule in self.SPEC)
        return [problem for problem in found if problem is not None]

    def filled(self, players: int) -> Self:
        """These rules with what depends on the starting players filled in
        (a game may override: Rummy's decks)."""
        return self

    def checked(self, players: int) -> Self:
        """These rules, filled in for ``players`` starting players.

        Raises:
            RuleError: the first of ``problems()``.
        """
        problems = self.problems()
        if problems:
            raise problems[0]
        return self.filled(players)

    def with_target(self, target: int) -> Self:
        """These rules with the line moved to ``target`` (a game with a line)."""
        return replace(self, target=target)  # type: ignore[call-arg]
