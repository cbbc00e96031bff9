"""Pool Rummy's house rules: keys, defaults and the values each takes. The
defaults of the drops and of how long a player may rejoin follow the limit:
101 and 201 are the two pools played."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from matches.engine.errors import RuleError
from matches.engine.rules import HAND_LIMIT, Rule, Rules

REJOINS = ("above_highest", "at_highest", "none")
ACE_VALUES = (1, 10, 11, 15)
JOKER_VALUES = (0, 10, 15, 20, 25, 50)
DECKS = (1, 2, 3)
CARDS_EACH = 13
# The limit whose own defaults differ: the 201 pool.
POOL_201 = 201
LIMIT_LOW = 50


def limit_defaults(limit: int) -> dict[str, int]:
    """The drops and the rejoin bound a ``limit`` (points) takes by default:
    25, 50 and 174 for 201; else 20, 40 and 79, the bound lowered to
    ``limit`` - 2 when the limit is 81 or less."""
    if limit == POOL_201:
        return {"drop": 25, "middle_drop": 50, "rejoin_until": 174}
    return {"drop": 20, "middle_drop": 40, "rejoin_until": min(79, limit - 2)}


@dataclass(frozen=True)
class PoolRules(Rules):
    """The house rules of a Pool Rummy match, in points but ``rejoin`` (how
    an out player comes back), ``max_rejoins`` (times), ``hand_limit``
    (hands) and ``decks``. ``drop``, ``middle_drop`` and ``rejoin_until``
    None mean "by the limit" (``limit_defaults``), filled in when checked."""

    game: ClassVar[str] = "pool"
    SPEC: ClassVar[tuple[Rule, ...]] = (
        Rule("limit", 101, low=LIMIT_LOW, high=1000),
        Rule("drop", None, low=0, high=100, optional=True),
        Rule("middle_drop", None, low=0, high=100, optional=True),
        Rule("full_count", 80, low=1, high=200),
        Rule("wrong_show", 80, low=0, high=200),
        Rule("rejoin", "above_highest", choices=REJOINS),
        Rule("rejoin_until", None, low=0, high=1000, optional=True),
        Rule("max_rejoins", 1, low=0, high=10),
        HAND_LIMIT,
        Rule("ace_value", 10, choices=ACE_VALUES),
        Rule("joker_value", 0, choices=JOKER_VALUES),
        Rule("decks", 2, choices=DECKS),
    )
    leader_is_lowest: ClassVar[bool] = True
    linked_by: ClassVar[str] = "limit"

    @classmethod
    def linked_defaults(cls) -> dict[str, dict[str, Any]]:
        """The drops' and the rejoin bound's defaults by limit (``limit_defaults``)."""
        usual = limit_defaults(LIMIT_LOW + 100)
        rule = cls.spec("limit")
        linked: dict[str, dict[str, Any]] = {key: {"*": value} for key, value in usual.items()}
        for limit in range(rule.low, rule.high + 1):  # type: ignore[arg-type]
            for key, value in limit_defaults(limit).items():
                if value != usual[key]:
                    linked[key][str(limit)] = value
        return linked

    limit: int = 101
    drop: int | None = None
    middle_drop: int | None = None
    full_count: int = 80
    wrong_show: int = 80
    rejoin: str = "above_highest"
    rejoin_until: int | None = None
    max_rejoins: int = 1
    hand_limit: int = 150
    ace_value: int = 10
    joker_value: int = 0
    decks: int = 2

    @property
    def target(self) -> None:
        """No line: a Pool match ends when one player is still in."""
        return None

    def with_target(self, target: object) -> PoolRules:
        """The same rules: the limit of a Pool match does not move."""
        return self

    def filled(self, players: int = 0) -> PoolRules:
        """With the drops and the rejoin bound the limit gives, where not chosen."""
        defaults = limit_defaults(self.limit)
        chosen = {key: value for key, value in defaults.items() if getattr(self, key) is None}
        return replace(self, **chosen) if chosen else self

    def problems(self) -> list[RuleError]:
        """Each rule's own problems, then the checks across them: the drops
        below the limit, and the rejoin bound at most the limit - 2, so that
        a player who rejoins comes back below the limit."""
        found = super().problems()
        if found:
            return found
        rules = self.filled()
        limit = rules.limit
        for key in ("drop", "middle_drop"):
            if getattr(rules, key) >= limit:
                found.append(
                    RuleError("pool.below_limit", key="rules", field=key, rule=key, limit=limit)
                )
        if rules.rejoin_until > limit - 2:  # type: ignore[operator]
            found.append(
                RuleError(
                    "pool.rejoin_until_over",
                    key="rules",
                    field="rejoin_until",
                    rule="rejoin_until",
                    limit=limit,
                    most=limit - 2,
                )
            )
        return found
