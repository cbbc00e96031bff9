"""The one error type of the scoring engine."""

from __future__ import annotations


class RuleError(ValueError):
    """A match, a house rule or an event breaks a rule of docs/rules.md.

    ``message`` is written for a person at the card table ("Cara's leftover
    must be at least 1"). ``index`` is the position of the offending event
    (counting from 0) when an event is at fault; ``key`` names the top-level
    part of a match file otherwise (``"rules"``, ``"players"``,
    ``"first_dealer"``). ``player`` and ``field`` say, when they are known,
    which player and which entry the message concerns, so a form can show it
    next to the right input; ``seat`` (counting from 0) is the starting seat
    a ``"players"`` problem concerns. ``others`` are the problems of other
    players found in the same entry (a hand with several wrong boxes), each
    for its own player: the message is the first one's, so a match file
    still gets one line, and a form can show every box's at once.
    """

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        key: str | None = None,
        player: str | None = None,
        field: str | None = None,
        seat: int | None = None,
        others: tuple[RuleError, ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.others = others
        self.index = index
        self.key = key
        self.player = player
        self.field = field
        self.seat = seat

    @property
    def where(self) -> str | None:
        """``"event 4"``, a top-level key such as ``"rules"``, or None."""
        if self.index is not None:
            return f"event {self.index}"
        return self.key

    def at(self, *, index: int | None = None, key: str | None = None) -> RuleError:
        """Return this error placed at an event index or a top-level key."""
        return RuleError(
            self.message,
            index=index if index is not None else self.index,
            key=key if key is not None else self.key,
            player=self.player,
            field=self.field,
            seat=self.seat,
            others=tuple(other.at(index=index, key=key) for other in self.others),
        )

    def __str__(self) -> str:
        where = self.where
        return f"{where}: {self.message}" if where else self.message
