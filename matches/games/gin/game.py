"""Gin Rummy as the app sees it: its rules, its table, its hands in the match
file, the ``score`` output and the stored snapshot, and its figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from matches.engine.board import Board
from matches.engine.errors import RuleError
from matches.engine.game import Game
from matches.engine.rules import Rules

from .rules import GinRules
from .table import MOST_DEADWOOD, GinBoard, GinHand, GinHandResult, GinTable


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown
    (``matches.words``; this module imports no Django)."""
    return text


class Gin(Game):
    """Gin Rummy, two players for the whole match: one knocks, both show,
    the difference is scored; boxes and bonuses make the final score."""

    key: ClassVar[str] = "gin"
    rules = GinRules
    table = GinTable
    result = GinHandResult
    seat_changes = False
    hand_keys = ("knocked", "big_gin", "deadwood")
    hand_name_keys = ("knocked",)
    hand_points_key = "deadwood"
    entry_fields = ("knocked", "big_gin", "result", "winner")
    name_fields = ("knocked", "winner")
    figures = {
        "hands_won": "count",
        "gins": "count",
        "big_gins": "count",
        "undercuts_given": "count",
        "undercuts_taken": "count",
        "margin": "final",
    }

    chooser = "knocked"
    none_choice = "drawn"
    extra = "big_gin"
    chosen_holds = True  # the knocker's deadwood counts
    none_holds = False  # a drawn hand scores nothing
    # Translators: what a player's box holds (the points of their unmatched
    # cards), in refusals such as "Cara's deadwood is missing".
    what = gettext_noop("deadwood")

    def hand_data(
        self, chosen: str | None, extra: bool, points: dict[str, Any], second: dict | None = None
    ) -> dict:
        hand: dict[str, Any] = {"knocked": chosen, "big_gin": extra}
        if extra and chosen is not None and chosen not in points:
            # All eleven cards melded: the knocker holds no deadwood, typed or not.
            points = {**points, chosen: 0}
        if points or chosen is not None:
            hand["deadwood"] = points
        return {"hand": hand}

    def box_needed(self, name: str, chosen: str | None, extra: bool) -> bool:
        """Both boxes, unless the hand was drawn; a big gin's knocker's may
        stay empty (no deadwood)."""
        return chosen is not None and not (name == chosen and extra)

    def box_most(self, rules: Rules) -> tuple[int, str]:
        return MOST_DEADWOOD, "gin.unmatched"

    def read_hand(self, hand: Mapping[str, Any], index: int) -> GinHand:
        if "knocked" not in hand:
            raise RuleError("gin.hand_no_knocked", index=index)
        deadwood = hand.get("deadwood", {})
        if not isinstance(deadwood, dict):
            raise RuleError("gin.deadwood_not_object", index=index)
        return GinHand(
            knocked=hand["knocked"], deadwood=deadwood, big_gin=hand.get("big_gin", False)
        )

    def hand_document(self, hand: GinHandResult) -> dict[str, Any]:  # type: ignore[override]
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "knocked": hand.knocked,
            "result": hand.result,
            "deadwood": hand.deadwood,
            "scores": hand.scores,
        }

    def board_document(self, board: Board) -> dict[str, Any]:
        assert isinstance(board, GinBoard)
        return {"hands_won": board.hands_won, "final": board.final, "margin": board.margin}

    def head(self, board: Board, seats: Sequence[str]) -> dict[str, Any]:
        assert isinstance(board, GinBoard)
        final = board.final
        return {
            "hands_won": [board.hands_won[name] for name in seats],
            "final": final and [final[name] for name in seats],
            "margin": board.margin,
        }

    def from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        return {"hands_won": dict(zip(seats, head["hands_won"], strict=True))}

    def board_from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        final = head["final"]
        return {
            "hands_won": dict(zip(seats, head["hands_won"], strict=True)),
            "final": final and dict(zip(seats, final, strict=True)),
            "margin": head["margin"],
        }

    def player_figures(
        self,
        entries: Sequence[Mapping[str, Any]],
        seats: Sequence[str],
        *,
        rules: Rules,
        head: Mapping[str, Any],
    ) -> list[dict[str, int | None]]:
        """Per seat: the hands won, those won by gin and by big gin, by
        undercutting the knocker (``undercuts_given``), the knocks undercut
        (``undercuts_taken``), and on the winner's seat of a won match the
        margin (points; None otherwise). A drawn hand counts for nobody."""
        out: list[dict[str, int | None]] = [
            {**dict.fromkeys(self.figures, 0), "margin": None} for _ in seats
        ]
        for entry in entries:
            if entry["kind"] != "hand" or entry["winner"] is None:
                continue
            winner = out[seats.index(entry["winner"])]
            winner["hands_won"] += 1  # type: ignore[operator]
            if entry["result"] == "gin":
                winner["gins"] += 1  # type: ignore[operator]
            elif entry["result"] == "big_gin":
                winner["big_gins"] += 1  # type: ignore[operator]
            elif entry["result"] == "undercut":
                winner["undercuts_given"] += 1  # type: ignore[operator]
                out[seats.index(entry["knocked"])]["undercuts_taken"] += 1  # type: ignore[operator]
        if head.get("winner") is not None and head.get("margin") is not None:
            out[list(head["seats"]).index(head["winner"])]["margin"] = head["margin"]
        return out
