"""Rummy 500 as the app sees it: its rules, its table, its hands in the
match file, the ``score`` output and the stored snapshot, and its figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from matches.engine.errors import RuleError
from matches.engine.game import Game
from matches.engine.rules import Rules

from .rules import Rummy500Rules
from .table import (
    IN_HAND,
    MELDED,
    MOST_POINTS,
    Rummy500Hand,
    Rummy500HandResult,
    Rummy500Table,
)


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown
    (``matches.words``; this module imports no Django)."""
    return text


# Translators: what a player's box holds in Rummy 500 (the points of the
# cards they laid down), in refusals such as "Cara's melded count is missing".
gettext_noop("melded count")
# Translators: what a player's box holds in Rummy 500 (the points of the
# cards still in their hand), in refusals such as "Cara's in-hand count is missing".
gettext_noop("in-hand count")


class Rummy500(Game):
    """Rummy 500, 2 to 8 players: everyone scores every hand, melded less
    in hand, and the first over the line with the highest total wins."""

    key: ClassVar[str] = "rummy500"
    rules = Rummy500Rules
    deal_goes_round = True
    table = Rummy500Table
    result = Rummy500HandResult
    zero_said = True
    hand_keys = ("went_out", "melded", "in_hand")
    hand_name_keys = ("went_out",)
    hand_points_key = "in_hand"
    # The form's second box a player, a whole number (``second_key``).
    second_key = "melded"
    second_what = MELDED
    entry_fields = ("went_out",)
    seat_fields = ("melded",)
    name_fields = ("went_out",)
    figures = {
        "hands": "count",
        "melded": "count",
        "in_hand": "count",
        "times_out": "count",
        "best_hand": "best",
    }

    chooser = "went_out"
    none_choice = "nobody"
    what = IN_HAND

    def read_hand(self, hand: Mapping[str, Any], index: int) -> Rummy500Hand:
        if "melded" not in hand:
            raise RuleError("rummy500.hand_no_melded", index=index)
        if "in_hand" not in hand:
            raise RuleError("rummy500.hand_no_in_hand", index=index)
        return Rummy500Hand(
            went_out=hand.get("went_out"), melded=hand["melded"], in_hand=hand["in_hand"]
        )

    def hand_data(
        self, chosen: str | None, extra: bool, points: dict[str, Any], second: dict | None = None
    ) -> dict:
        return {"hand": {"went_out": chosen, "melded": second or {}, "in_hand": points}}

    def box_most(self, rules: Rules) -> tuple[int, str]:
        return MOST_POINTS, "rummy500.box_most"

    def hand_document(self, hand: Rummy500HandResult) -> dict[str, Any]:  # type: ignore[override]
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "went_out": hand.went_out,
            "melded": hand.melded,
            "in_hand": hand.in_hand,
            "scores": hand.scores,
        }

    def player_figures(
        self,
        entries: Sequence[Mapping[str, Any]],
        seats: Sequence[str],
        *,
        rules: Rules,
        head: Mapping[str, Any],
    ) -> list[dict[str, int | None]]:
        """Per seat: hands dealt in, the points melded and left in hand over
        them (the averages), the hands they went out, and their highest
        score of one hand (None: no hand yet)."""
        out: list[dict[str, int | None]] = [
            {"hands": 0, "melded": 0, "in_hand": 0, "times_out": 0, "best_hand": None}
            for _ in seats
        ]
        for entry in entries:
            if entry["kind"] != "hand":
                continue
            for at, score in enumerate(entry["scores"]):
                if score is None:
                    continue
                mine = out[at]
                mine["hands"] += 1  # type: ignore[operator]
                mine["melded"] += entry["melded"][at]  # type: ignore[operator]
                mine["in_hand"] += entry["held"][at] or 0  # type: ignore[operator]
                best = mine["best_hand"]
                mine["best_hand"] = score if best is None else max(best, score)
            if entry["went_out"] is not None:
                out[seats.index(entry["went_out"])]["times_out"] += 1  # type: ignore[operator]
        return out
