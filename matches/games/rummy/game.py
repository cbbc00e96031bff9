"""Rummy as the app sees it: its rules, its table, its hands in the match
file, the ``score`` output and the stored snapshot, and its figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from matches.engine.errors import RuleError
from matches.engine.game import Game
from matches.engine.rules import Rules

from .rules import RummyRules
from .table import Hand, RummyHand, RummyTable


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown
    (``matches.words``; this module imports no Django)."""
    return text


class Rummy(Game):
    """Rummy, 2 to 6 players: whoever goes out scores the others' leftovers
    (or, under penalty, the others are charged theirs)."""

    key: ClassVar[str] = "rummy"
    rules = RummyRules
    deal_goes_round = True

    table = RummyTable
    result = RummyHand
    hand_keys = ("went_out", "rummy", "leftovers")
    hand_name_keys = ("went_out",)
    hand_points_key = "leftovers"
    entry_fields = ("went_out", "rummy")
    name_fields = ("went_out",)
    figures = {"hands_out": "count", "rummies": "count", "take": "count", "best_hand": "best"}

    chooser = "went_out"
    none_choice = "nobody"
    extra = "rummy"
    # Translators: what a player's box holds (the points left in their hand
    # when someone goes out), in refusals such as "Cara's leftover is missing".
    what = gettext_noop("leftover")

    def hand_data(
        self, chosen: str | None, extra: bool, points: dict[str, Any], second: dict | None = None
    ) -> dict:
        return {"hand": {"went_out": chosen, "rummy": extra, "leftovers": points}}

    def box_of(self, error: RuleError, seated: Sequence[str]) -> bool:
        return error.player in seated and error.field != "went_out"

    def box_most(self, rules: Rules) -> tuple[int, str]:
        return rules.whole_deck, "rummy.deck"  # type: ignore[attr-defined]

    def read_hand(self, hand: Mapping[str, Any], index: int) -> Hand:
        if "went_out" not in hand:
            raise RuleError("rummy.hand_no_went_out", index=index)
        if "leftovers" not in hand:
            raise RuleError("rummy.hand_no_leftovers", index=index)
        return Hand(
            went_out=hand["went_out"], leftovers=hand["leftovers"], rummy=hand.get("rummy", False)
        )

    def hand_document(self, hand: RummyHand) -> dict[str, Any]:  # type: ignore[override]
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "went_out": hand.went_out,
            "rummy": hand.rummy,
            "leftovers": hand.leftovers,
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
        """Per seat: the hands they went out (``hands_out``), those gone rummy
        (``rummies``), the points taken on them (``take``) and the most taken
        on one (``best_hand``, None if none). The take of a hand is the
        one who went out's score, or where the lowest total leads the sum
        charged to the others. A hand with nobody out counts for nobody."""
        out = [{"hands_out": 0, "rummies": 0, "take": 0, "best_hand": None} for _ in seats]
        for entry in entries:
            if entry["kind"] != "hand" or entry["went_out"] is None:
                continue
            seat = seats.index(entry["went_out"])
            scores = entry["scores"]
            if rules.leader_is_lowest:
                take = sum(score or 0 for at, score in enumerate(scores) if at != seat)
            else:
                take = scores[seat] or 0
            mine = out[seat]
            mine["hands_out"] += 1  # type: ignore[operator]
            mine["rummies"] += int(entry["rummy"])  # type: ignore[operator]
            mine["take"] += take  # type: ignore[operator]
            best = mine["best_hand"]
            mine["best_hand"] = take if best is None else max(best, take)
        return out
