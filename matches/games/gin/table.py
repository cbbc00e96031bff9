"""Scoring a hand of Gin Rummy, who deals next, the final score with its
bonuses, and the table that replays a Gin match: two seats for the whole
match, the hands won (boxes) counted beside the totals."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from matches.engine.board import Board, HandEvent, HandResult, Join, Leave, Position
from matches.engine.cards import Card, check_cards
from matches.engine.errors import RuleError
from matches.engine.table import Table, refuse_all

from .rules import GinRules

GIN_CARDS = 10  # cards dealt to each player
# The most deadwood ten cards with no meld among them can hold: two each of
# king, queen, jack, ten and nine.
MOST_DEADWOOD = 98
Result = Literal["gin", "big_gin", "knock", "undercut", "drawn"]
RESULTS: tuple[Result, ...] = ("gin", "big_gin", "knock", "undercut", "drawn")


@dataclass(frozen=True)
class GinHand(HandEvent):
    """One hand of Gin Rummy, shown down: ``knocked`` is the player who
    knocked (or went gin), or None for a drawn hand; ``deadwood`` maps both
    players to their deadwood, a whole number of points or their unmatched
    cards (empty for a drawn hand); ``big_gin``: all eleven cards melded."""

    knocked: object
    deadwood: Mapping[str, object]
    big_gin: object = False


@dataclass(frozen=True, kw_only=True)
class GinHandResult(HandResult):
    """A Gin hand as scored: who knocked (None: drawn), big gin, the
    ``result`` (one of ``RESULTS``) and its ``winner`` (None: drawn);
    ``held`` is both players' deadwood (empty for a drawn hand)."""

    knocked: str | None
    big_gin: bool
    result: Result
    winner: str | None

    @property
    def deadwood(self) -> dict[str, int]:
        return self.held


@dataclass(frozen=True, kw_only=True)
class GinBoard(Board):
    """A Gin board: ``hands_won`` counts each player's hands won (the
    boxes); once the match is won, ``final`` gives each player's final score
    and ``margin`` the winner's final minus the loser's (points, may be
    negative); both None otherwise."""

    hands_won: dict[str, int] = field(default_factory=dict)
    final: dict[str, int] | None = None
    margin: int | None = None


def score_gin_hand(
    *,
    rules: GinRules,
    knocked: str,
    other: str,
    knocked_deadwood: int,
    other_deadwood: int,
    big_gin: bool = False,
) -> tuple[Result, str, dict[str, int]]:
    """Score one Gin hand whose deadwood has been checked.

    Args:
        rules: the house rules (``gin_bonus``, ``big_gin_bonus``,
            ``undercut_bonus``).
        knocked: who knocked (or went gin), *K*; ``other`` the other, *O*.
        knocked_deadwood: *K*'s deadwood *k*, points.
        other_deadwood: *O*'s deadwood *o* after laying off, points.
        big_gin: *K* melded all eleven cards (only with *k* = 0).

    Returns:
        ``(result, winner, scores)``: gin (*k* = 0: *o* plus the gin or big
        gin bonus), knock (*k* < *o*: *o* - *k*) or undercut (*O* scores
        *k* - *o* plus the undercut bonus); both players' scores, points.
    """
    k, o = knocked_deadwood, other_deadwood
    if k == 0:
        result: Result = "big_gin" if big_gin else "gin"
        bonus = rules.big_gin_bonus if big_gin else rules.gin_bonus
        winner, points = knocked, o + bonus
    elif k < o:
        result, winner, points = "knock", knocked, o - k
    else:
        result, winner, points = "undercut", other, k - o + rules.undercut_bonus
    scores = {knocked: 0, other: 0}
    scores[winner] = points
    return result, winner, scores


def next_gin_dealer(rules: GinRules, dealer: str, other: str, winner: str | None) -> str:
    """Who deals after a hand: after a drawn hand (``winner`` None) the same
    dealer; otherwise the other player (``alternate``), the hand's winner,
    or its loser, by the ``deal`` rule."""
    if winner is None:
        return dealer
    if rules.deal == "winner":
        return winner
    if rules.deal == "loser":
        return other if winner == dealer else dealer
    return other


def shutout(hands_won: Mapping[str, int], winner: str | None) -> bool:
    """Whether a won match is a shutout: the loser won no hand."""
    if winner is None:
        return False
    return all(count == 0 for name, count in hands_won.items() if name != winner)


def final_parts(
    rules: GinRules,
    totals: Mapping[str, int],
    hands_won: Mapping[str, int],
    winner: str | None,
) -> dict[str, list[tuple[str, int]]] | None:
    """Each player's final score in the parts it adds up from, in order:
    ``"total"``, ``"boxes"`` (``box_bonus`` per hand won), ``"game"`` (the
    winner's ``game_bonus``; doubled under ``game_bonus_200`` in a
    shutout), ``"points_doubled"`` (the total again, ``double_points``) and
    ``"doubled"`` (all of the above again, ``double_total``); a part worth 0
    is left out, but the total. None with no winner."""
    if winner is None:
        return None
    parts: dict[str, list[tuple[str, int]]] = {}
    doubled = shutout(hands_won, winner)
    for name, total in totals.items():
        mine = [("total", total), ("boxes", rules.box_bonus * hands_won.get(name, 0))]
        if name == winner:
            if doubled and rules.shutout == "double_points":
                mine.append(("points_doubled", total))
            bonus = rules.game_bonus * (2 if doubled and rules.shutout == "game_bonus_200" else 1)
            mine.append(("game", bonus))
            if doubled and rules.shutout == "double_total":
                mine.append(("doubled", sum(points for _, points in mine)))
        parts[name] = [mine[0], *(part for part in mine[1:] if part[1])]
    return parts


def final_score(
    rules: GinRules,
    totals: Mapping[str, int],
    hands_won: Mapping[str, int],
    winner: str | None,
) -> tuple[dict[str, int] | None, int | None]:
    """``(final, margin)``: each player's final (the sum of their
    ``final_parts``) and the winner's final minus the loser's (may be
    negative); ``(None, None)`` with no winner."""
    parts = final_parts(rules, totals, hands_won, winner)
    if parts is None or winner is None:
        return None, None
    final = {name: sum(points for _, points in mine) for name, mine in parts.items()}
    loser = next(name for name in totals if name != winner)
    return final, final[winner] - final[loser]


def check_deadwood(
    rules: GinRules,
    *,
    knocked: str,
    other: str,
    knocked_deadwood: int,
    other_deadwood: int,
    big_gin: bool = False,
) -> None:
    """Check a hand's deadwood once both players' points are read (whole
    numbers, 0 or more): the knocker's at most ``knock_limit``, the other's
    at most ``MOST_DEADWOOD``, and big gin only with a knocker's 0.

    Raises:
        RuleError: ``gin.knock_over_limit``, ``gin.deadwood_over`` (each
            naming the player) or ``gin.big_gin_deadwood``.
    """
    if knocked_deadwood > rules.knock_limit:
        raise RuleError(
            "gin.knock_over_limit", player=knocked, points=knocked_deadwood, most=rules.knock_limit
        )
    if other_deadwood > MOST_DEADWOOD:
        raise RuleError(
            "gin.deadwood_over", player=other, points=other_deadwood, most=MOST_DEADWOOD
        )
    if big_gin and knocked_deadwood != 0:
        raise RuleError("gin.big_gin_deadwood", field="big_gin", name=knocked)


class GinTable(Table):
    """A Gin Rummy match part-way through a replay."""

    rules_class: ClassVar[type[GinRules]] = GinRules
    hand_type = GinHand
    board_class = GinBoard
    low = high = 2
    count = "gin.players"
    rules: GinRules

    def begin(self, start: Position | None) -> None:
        won = start.extra.get("hands_won", {}) if start is not None else {}
        self.hands_won = {name: won.get(name, 0) for name in self.seats}
        # The deal goes to a named player, not one seat on from the last.
        self.deal_from_included = True

    def cards_each(self) -> int:
        return GIN_CARDS

    def leave(self, leave: Leave) -> None:
        raise RuleError("gin.no_seat_changes", field="leave")

    def join(self, join: Join) -> None:
        raise RuleError("gin.no_seat_changes", field="join")

    def hand(self, hand: GinHand, index: int) -> None:
        self.require_open("hand")
        deal = self.next_deal()
        players = self.seat_order_seated()
        if not isinstance(hand.big_gin, bool):
            raise RuleError("gin.big_gin_not_bool", field="big_gin")
        knocked = None if hand.knocked is None else self.seated_player(hand.knocked, "knocked")
        given = self.given(hand.deadwood, "deadwood", "deadwood")
        deadwood: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        if knocked is None:
            if hand.big_gin:
                raise RuleError("gin.big_gin_drawn", field="big_gin")
            if given:
                raise RuleError("gin.drawn_deadwood", field="deadwood")
            result: Result = "drawn"
            winner = None
            scores = dict.fromkeys(players, 0)
        else:
            other = next(name for name in players if name != knocked)
            # Both boxes are read before either is refused (``RuleError.others``).
            problems: list[RuleError] = []
            for name in players:
                try:
                    deadwood[name], held = self._read(name, given)
                except RuleError as error:
                    problems.append(error)
                    continue
                if held is not None:
                    cards[name] = held
            refuse_all(problems)
            check_cards(cards, decks=1)
            check_deadwood(
                self.rules,
                knocked=knocked,
                other=other,
                knocked_deadwood=deadwood[knocked],
                other_deadwood=deadwood[other],
                big_gin=hand.big_gin,
            )
            result, winner, scores = score_gin_hand(
                rules=self.rules,
                knocked=knocked,
                other=other,
                knocked_deadwood=deadwood[knocked],
                other_deadwood=deadwood[other],
                big_gin=hand.big_gin,
            )
            scores = {name: scores[name] for name in players}
        for name, score in scores.items():
            self.totals[name] += score
        if winner is not None:
            self.hands_won[winner] += 1
        self.hands.append(
            GinHandResult(
                number=deal.number,
                index=index,
                deal=deal,
                knocked=knocked,
                big_gin=hand.big_gin,
                result=result,
                winner=winner,
                held=deadwood,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
            )
        )
        self.deal_from = next_gin_dealer(self.rules, deal.dealer, deal.first_player, winner)
        self.deal_from_included = True
        self.dealt_in_last = tuple(players)
        self.end()

    def _read(self, name: str, given: Mapping[str, object]) -> tuple[int, tuple[Card, ...] | None]:
        """One player's deadwood as points, and their cards if given as cards."""
        points, held = self.read_given(given, name, "deadwood")
        if points < 0:
            raise RuleError("gin.deadwood_negative", player=name)
        if held is not None and len(held) > GIN_CARDS:
            raise RuleError("gin.too_many_cards", player=name, count=len(held), dealt=GIN_CARDS)
        return points, held

    def own_state(self) -> dict[str, Any]:
        return {"hands_won": dict(self.hands_won)}

    def board_extra(self) -> dict[str, Any]:
        final, margin = final_score(self.rules, self.totals, self.hands_won, self.winner)
        return {"hands_won": dict(self.hands_won), "final": final, "margin": margin}
