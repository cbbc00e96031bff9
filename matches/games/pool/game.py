"""Pool Rummy as the app sees it: its rules, its table, its hands and its
own events (rejoin, split) in the match file, the ``score`` output and the
stored snapshot, and its figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from matches.engine.board import Board, HandResult
from matches.engine.errors import RuleError
from matches.engine.game import Game, named
from matches.engine.rules import Rules

from .rules import PoolRules
from .table import KINDS, MOST_COUNT, PoolBoard, PoolHand, PoolHandResult, PoolTable, Rejoin, Split


def gettext_noop(text: str) -> str:
    """Marks ``text`` for translation, which is done where it is shown
    (``matches.words``; this module imports no Django)."""
    return text


class Pool(Game):
    """Pool Rummy, 2 to 6 players: one declares, the others are charged, a
    player who reaches the limit is out, and the last still in wins."""

    key: ClassVar[str] = "pool"
    rules = PoolRules
    table = PoolTable
    result = PoolHandResult
    joining = False  # an out player rejoins instead
    board_template = "games/pool/board.html"
    own_events = ("rejoin", "split")
    own_name_events = ("rejoin",)
    hand_keys = ("declared", "charges")
    hand_name_keys = ("declared",)
    hand_points_key = "charges"
    entry_fields = ("declared",)
    seat_fields = ("charges",)
    name_fields = ("declared",)
    figures = {
        "declared": "count",
        "drops": "count",
        "times_out": "count",
        "rejoins": "count",
        "charged": "count",
        "charges": "count",
    }

    chooser = "declared"
    # Translators: what a player's box holds in Pool Rummy (the points
    # charged to them for the hand), in refusals such as "Cara's charge is missing".
    what = gettext_noop("charge")

    def read_own_event(self, kind: str, value: object, index: int) -> object:
        return Rejoin(player=value) if kind == "rejoin" else Split(agreed=value)

    def own_entry(self, event: object, index: int, board: Board) -> dict[str, Any]:
        if isinstance(event, Split):
            return {"kind": "split"}
        assert isinstance(board, PoolBoard)
        name, total = board.rejoined[index]
        return {"kind": "rejoin", "player": name, "total": total}

    def read_hand(self, hand: Mapping[str, Any], index: int) -> PoolHand:
        if "declared" not in hand:
            raise RuleError("pool.hand_no_declared", index=index)
        if "charges" not in hand:
            raise RuleError("pool.hand_no_charges", index=index)
        return PoolHand(declared=hand["declared"], charges=hand["charges"])

    def hand_data(
        self, chosen: str | None, extra: bool, points: dict[str, Any], second: dict | None = None
    ) -> dict:
        return {"hand": {"declared": chosen, "charges": points}}

    def chart_limit(self, rules: Rules) -> int | None:
        assert isinstance(rules, PoolRules)
        return rules.limit

    def box_most(self, rules: Rules) -> tuple[int, str]:
        return MOST_COUNT, "pool.count_most"

    def hand_document(self, hand: PoolHandResult) -> dict[str, Any]:  # type: ignore[override]
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "declared": hand.declared,
            "charges": hand.charges,
            "scores": hand.scores,
        }

    def board_document(self, board: Board) -> dict[str, Any]:
        assert isinstance(board, PoolBoard)
        deal = board.next_hand
        return {
            "next_hand": deal
            and {
                "number": deal.number,
                "dealer": deal.dealer,
                "first_player": deal.first_player,
                "cards_each": deal.cards_each,
                "may_rejoin": board.may_rejoin,
            },
            "limit": board.limit,
            "out": {name: board.out[name] for name in board.totals if name in board.out},
            "rejoins": {name: board.rejoins.get(name, 0) for name in board.totals},
            "places": board.places,
        }

    # The stored snapshot: seat-ordered lists, never names as keys.

    def entry(self, hand: HandResult, seats: Sequence[str]) -> dict[str, Any]:
        assert isinstance(hand, PoolHandResult)
        return {
            **super().entry(hand, seats),
            "put_out": [name in hand.put_out for name in seats],
        }

    def hand_from_entry(
        self,
        entry: Mapping[str, Any],
        *,
        shared: dict[str, Any],
        seats: Sequence[str],
        rules: Rules,
    ) -> HandResult:
        hand = super().hand_from_entry(entry, shared=shared, seats=seats, rules=rules)
        put_out = tuple(name for name, out in zip(seats, entry["put_out"], strict=True) if out)
        return replace(hand, put_out=put_out)  # type: ignore[type-var]

    def head(self, board: Board, seats: Sequence[str]) -> dict[str, Any]:
        assert isinstance(board, PoolBoard)
        return {
            "out": [board.out.get(name) for name in seats],
            "rejoins": [board.rejoins.get(name, 0) for name in seats],
            "left": [seats.index(name) for name in board.left],
        }

    def from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        return {
            "out": named(seats, head["out"]),
            "rejoins": dict(zip(seats, head["rejoins"], strict=True)),
            "left": [seats[at] for at in head["left"]],
        }

    def board_from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        extra = self.from_head(head, seats)
        return {**extra, "left": tuple(extra["left"])}

    def player_figures(
        self,
        entries: Sequence[Mapping[str, Any]],
        seats: Sequence[str],
        *,
        rules: Rules,
        head: Mapping[str, Any],
    ) -> list[dict[str, int | None]]:
        """Per seat: hands declared, drops (either kind), times out by the
        limit, rejoins, and the points charged over how many charges (the
        average charge)."""
        out: list[dict[str, int | None]] = [dict.fromkeys(self.figures, 0) for _ in seats]
        for entry in entries:
            if entry["kind"] == "rejoin":
                out[seats.index(entry["player"])]["rejoins"] += 1  # type: ignore[operator]
            if entry["kind"] != "hand":
                continue
            out[seats.index(entry["declared"])]["declared"] += 1  # type: ignore[operator]
            for at, charge in enumerate(entry["charges"]):
                if charge is None:
                    continue
                mine = out[at]
                mine["drops"] += int(charge in KINDS[:2])  # type: ignore[operator]
                mine["charged"] += entry["scores"][at]  # type: ignore[operator]
                mine["charges"] += 1  # type: ignore[operator]
                mine["times_out"] += int(entry["put_out"][at])  # type: ignore[operator]
        return out
