"""Contract Rummy as the app sees it: its rules, its table, its deals in the
match file, the ``score`` output and the stored snapshot, and its figures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from matches.engine.board import Board, Deal
from matches.engine.errors import RuleError
from matches.engine.game import Game
from matches.engine.rules import Rules

from .rules import CONTRACT_WORDS, ContractRules, contract_of
from .table import (
    CHARGE,
    MOST_CHARGE,
    ContractBoard,
    ContractHand,
    ContractHandResult,
    ContractTable,
)


class ContractGame(Game):
    """Contract Rummy, 2 to 8 players: seven deals (or ten), each with its
    contract; whoever goes out scores nothing, the others are charged, and
    the lowest total after the last deal wins."""

    key: ClassVar[str] = "contract"
    rules = ContractRules
    deal_goes_round = True
    table = ContractTable
    result = ContractHandResult
    hand_keys = ("went_out", "charges")
    hand_name_keys = ("went_out",)
    hand_points_key = "charges"
    entry_fields = ("went_out", "contract")
    name_fields = ("went_out",)
    figures = {"deals_won": "count", "charged": "count", "charges": "count"}

    chooser = "went_out"
    none_choice = "nobody"
    what = CHARGE

    def may_join(self, board: Board) -> bool:
        """Players join only before the first deal."""
        return board.hands_played == 0

    def deals_ahead(self, board: Board, count: int) -> list[Deal] | None:
        """The deal goes round, each deal ahead with its own cards each,
        and none past the last."""
        ahead = super().deals_ahead(board, count) or []
        deals = board.rules.deals  # type: ignore[attr-defined]
        return [
            Deal(deal.number, deal.dealer, deal.first_player, contract_of(deal.number).cards_each)
            for deal in ahead
            if deal.number <= deals
        ]

    def read_hand(self, hand: Mapping[str, Any], index: int) -> ContractHand:
        if "charges" not in hand:
            raise RuleError("contract.hand_no_charges", index=index)
        return ContractHand(went_out=hand.get("went_out"), charges=hand["charges"])

    def hand_data(
        self, chosen: str | None, extra: bool, points: dict[str, Any], second: dict | None = None
    ) -> dict:
        return {"hand": {"went_out": chosen, "charges": points}}

    def box_most(self, rules: Rules) -> tuple[int, str]:
        return MOST_CHARGE, "contract.box_most"

    def hand_document(self, hand: ContractHandResult) -> dict[str, Any]:  # type: ignore[override]
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "contract": CONTRACT_WORDS[hand.contract],
            "went_out": hand.went_out,
            "charges": hand.charges,
            "scores": hand.scores,
        }

    def board_document(self, board: Board) -> dict[str, Any]:
        assert isinstance(board, ContractBoard)
        deal = board.next_hand
        return {
            "next_hand": deal
            and {
                "number": deal.number,
                "dealer": deal.dealer,
                "first_player": deal.first_player,
                "cards_each": deal.cards_each,
                "contract": CONTRACT_WORDS[contract_of(deal.number).key],
            },
            "deals": board.deals,
            "places": board.places,
        }

    # The stored snapshot: seat-ordered lists, never names as keys.

    def head(self, board: Board, seats: Sequence[str]) -> dict[str, Any]:
        assert isinstance(board, ContractBoard)
        return {"left": [seats.index(name) for name in board.left]}

    def from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        return {"left": [seats[at] for at in head["left"]]}

    def board_from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        return {"left": tuple(self.from_head(head, seats)["left"])}

    def player_figures(
        self,
        entries: Sequence[Mapping[str, Any]],
        seats: Sequence[str],
        *,
        rules: Rules,
        head: Mapping[str, Any],
    ) -> list[dict[str, int | None]]:
        """Per seat: the deals they went out (won), and the points charged
        over how many charges (the average charge)."""
        out: list[dict[str, int | None]] = [dict.fromkeys(self.figures, 0) for _ in seats]
        for entry in entries:
            if entry["kind"] != "hand":
                continue
            if entry["went_out"] is not None:
                out[seats.index(entry["went_out"])]["deals_won"] += 1  # type: ignore[operator]
            for at, charge in enumerate(entry["held"]):
                if charge is None:
                    continue
                out[at]["charged"] += charge  # type: ignore[operator]
                out[at]["charges"] += 1  # type: ignore[operator]
        return out
