"""The one error type of the rules: a refusal as data.

A refusal is a ``code`` (``"leftover_too_low"``) and named ``values``
(``player="Cara"``), never a sentence: ``matches.words`` words it, in one
place, for the board, the forms and the ``score`` command alike.
"""

from __future__ import annotations

from typing import Any


class RuleError(ValueError):
    """A match, a house rule or an event breaks a rule.

    Args:
        code: what is wrong, such as ``"leftover_too_low"``; a game's own
            codes start with its key (``"gin.knock_over_limit"``).
        index: the position of the offending event (counting from 0), when
            an event is at fault.
        key: the top-level part of a match file otherwise (``"rules"``,
            ``"players"``, ``"first_dealer"``).
        player: the player the refusal concerns, when known, so a form can
            show it beside that player's box.
        field: the entry it concerns (``"went_out"``, ``"target"``).
        seat: the starting seat (from 0) a ``"players"`` refusal concerns.
        others: the refusals of other players found in the same entry (a
            hand with several wrong boxes), each for its own player; the
            first refusal is this one, so a match file still gets one line.
        values: what the words need (``player`` is one of them when given).
    """

    def __init__(
        self,
        code: str,
        *,
        index: int | None = None,
        key: str | None = None,
        player: str | None = None,
        field: str | None = None,
        seat: int | None = None,
        others: tuple[RuleError, ...] = (),
        **values: Any,
    ) -> None:
        super().__init__(code)
        self.code = code
        self.values = {"player": player, **values} if player is not None else values
        self.index = index
        self.key = key
        self.player = player
        self.field = field
        self.seat = seat
        self.others = others

    @property
    def where(self) -> str | None:
        """``"event 4"``, a top-level key such as ``"rules"``, or None."""
        if self.index is not None:
            return f"event {self.index}"
        return self.key

    def at(self, *, index: int | None = None, key: str | None = None) -> RuleError:
        """This refusal placed at an event ``index`` or a top-level ``key``."""
        values = {name: value for name, value in self.values.items() if name != "player"}
        return RuleError(
            self.code,
            index=index if index is not None else self.index,
            key=key if key is not None else self.key,
            player=self.player,
            field=self.field,
            seat=self.seat,
            others=tuple(other.at(index=index, key=key) for other in self.others),
            **values,
        )

    def __repr__(self) -> str:
        return f"RuleError({self.code!r}, where={self.where!r}, values={self.values!r})"

    def __str__(self) -> str:
        return f"{self.code} {self.values}" if self.values else self.code
