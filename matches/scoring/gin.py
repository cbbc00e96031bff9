"""Gin Rummy: docs/gin.md, as plain Python beside the Rummy rules.

What the two games share is the engine's and is not repeated here: the
seats and names, the line and moving it, the hand limit, ending and
reopening (``decide``), the deal going round, cards and their points. This
module holds what is Gin's own: a hand's deadwood and its score, who deals
after a hand, and the final score with its bonuses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .cards import Card, check_cards
from .engine import Deal, GinHand, Join, Leave, Position, Scored, _Table
from .errors import RuleError
from .rules import GIN, GinRules

GIN_CARDS = 10  # cards dealt to each player
# The most deadwood ten cards with no meld among them can hold: two each of
# king, queen, jack, ten and nine.
MOST_DEADWOOD = 98
Result = Literal["gin", "big_gin", "knock", "undercut", "drawn"]
RESULTS: tuple[Result, ...] = ("gin", "big_gin", "knock", "undercut", "drawn")
NO_SEAT_CHANGES = "Gin Rummy is a game for two: nobody can leave or join"


@dataclass(frozen=True)
class GinHandResult(Scored):
    """A recorded Gin hand as the engine scored it.

    ``knocked`` is who knocked (None for a drawn hand); ``result`` one of
    ``RESULTS``; ``winner`` who scored (None for a drawn hand);
    ``deadwood`` is both players' deadwood in points (empty for a drawn
    hand) and ``cards`` the cards of those entered as cards; ``scores``
    (points) covers both players, ``totals`` are both totals after this hand.
    """

    number: int
    index: int
    deal: Deal
    knocked: str | None
    big_gin: bool
    result: Result
    winner: str | None
    deadwood: dict[str, int]
    cards: dict[str, tuple[Card, ...]]
    scores: dict[str, int]
    totals: dict[str, int]

    @property
    def held_points(self) -> dict[str, int]:
        """What each player held at the end, in points: the deadwood."""
        return self.deadwood


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
        rules: the match's house rules (``gin_bonus``, ``big_gin_bonus``,
            ``undercut_bonus`` are used).
        knocked: the player who knocked (or went gin), *K*.
        other: the other player, *O*.
        knocked_deadwood: *K*'s deadwood *k*, in points.
        other_deadwood: *O*'s deadwood *o*, in points, after laying off.
        big_gin: *K* melded all eleven cards (only with *k* = 0).

    Returns:
        ``(result, winner, scores)``: ``"gin"``, ``"big_gin"``, ``"knock"``
        or ``"undercut"``; the player who scored; both players' scores in
        points (the other's is 0).

    docs/gin.md, "Scoring one hand".
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
    """Who deals after a hand.

    Args:
        rules: the house rules (``deal``: ``alternate``, ``winner`` or
            ``loser``).
        dealer: who dealt the hand; ``other`` the other player.
        winner: who won it, or None for a drawn hand.

    Returns:
        The next dealer: after a drawn hand the same dealer; otherwise the
        other player (``alternate``), the hand's winner, or its loser.

    docs/gin.md, "Seats, dealer, deal".
    """
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
    """Each player's final score in the parts it adds up from, in order.

    Args:
        rules: the house rules (``box_bonus``, ``game_bonus``, ``shutout``).
        totals: both players' totals, in points.
        hands_won: the hands each player won (boxes).
        winner: the match's winner, or None (open, or closed with no winner).

    Returns:
        ``{name: [(part, points), ...]}`` for both players, parts among
        ``"total"``, ``"boxes"`` (``box_bonus`` per hand won), ``"game"``
        (the winner's ``game_bonus``; doubled under ``game_bonus_200`` in a
        shutout), ``"points_doubled"`` (the total again, ``double_points``)
        and ``"doubled"`` (all of the above again, ``double_total``); a part
        worth 0 is left out, but the total. None with no winner.

    docs/gin.md, "When the match ends", "The final score".
    """
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
    """The final score of a Gin match.

    Args:
        rules, totals, hands_won, winner: as for ``final_parts``.

    Returns:
        ``(final, margin)``: each player's final in points (the sum of their
        ``final_parts``: total, plus ``box_bonus`` per hand won, plus the
        winner's ``game_bonus``, with the ``shutout`` rule when the loser
        won no hand) and the winner's final minus the loser's (may be
        negative); ``(None, None)`` with no winner.

    docs/gin.md, "When the match ends", "The final score".
    """
    parts = final_parts(rules, totals, hands_won, winner)
    if parts is None or winner is None:
        return None, None
    final = {name: sum(points for _, points in mine) for name, mine in parts.items()}
    loser = next(name for name in totals if name != winner)
    return final, final[winner] - final[loser]


class GinTable(_Table):
    """A Gin Rummy match part-way through a replay: two seats for the whole
    match, and the hands won (boxes) counted beside the totals."""

    game = GIN
    hand_type = GinHand
    rules: GinRules

    def _begin(self, start: Position | None) -> None:
        won = start.hands_won if start is not None else {}
        self.hands_won = {name: won.get(name, 0) for name in self.seats}
        # The deal goes to a named player, not one seat on from the last.
        self.deal_from_included = True

    def _leave(self, leave: Leave) -> None:
        raise RuleError(NO_SEAT_CHANGES, field="leave")

    def _join(self, join: Join) -> None:
        raise RuleError(NO_SEAT_CHANGES, field="join")

    def _hand(self, hand: GinHand, index: int) -> None:
        self._require_open("hand")
        deal = self.next_deal()
        players = self._seat_order_seated()
        if not isinstance(hand.big_gin, bool):
            raise RuleError("big_gin must be true or false", field="big_gin")
        knocked = None if hand.knocked is None else self._seated_player(hand.knocked, "knocked")
        given = self._given(hand.deadwood, "deadwood", "deadwood")
        deadwood: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        if knocked is None:
            if hand.big_gin:
                raise RuleError("nobody knocked, so the hand cannot be big gin", field="big_gin")
            if given:
                raise RuleError(
                    "nobody knocked, so the hand is drawn and has no deadwood",
                    field="deadwood",
                )
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
            if problems:
                first, *others = problems
                first.others = tuple(others)
                raise first
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
                deadwood=deadwood,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
            )
        )
        self.deal_from = next_gin_dealer(self.rules, deal.dealer, deal.first_player, winner)
        self.deal_from_included = True
        self.dealt_in_last = tuple(players)
        self._decide()

    def _read(self, name: str, given: Mapping[str, object]) -> tuple[int, tuple[Card, ...] | None]:
        """One player's deadwood as points, and their cards if given as cards."""
        points, held = self._read_given(given, name, "deadwood")
        if points < 0:
            raise RuleError(f"{name}'s deadwood must be 0 or more", player=name)
        if held is not None and len(held) > GIN_CARDS:
            raise RuleError(
                f"{name}'s cards: {len(held)} unmatched cards, but {GIN_CARDS} were dealt",
                player=name,
            )
        return points, held

    def _final(self) -> dict[str, Any]:
        final, margin = final_score(self.rules, self.totals, self.hands_won, self.winner)
        return {"final": final, "margin": margin}


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
    numbers, 0 or more).

    Args:
        rules: the house rules (``knock_limit``, points).
        knocked: the knocker; ``other`` the other player.
        knocked_deadwood: the knocker's deadwood, 0 to ``knock_limit`` points.
        other_deadwood: the other's deadwood, 0 to 98 points.
        big_gin: only with a knocker's deadwood of 0.

    Raises:
        RuleError: naming the player (``player``) or ``field="big_gin"``,
            such as "Alice knocked with 11 points of deadwood; the most is 10".

    docs/gin.md, "Deadwood".
    """
    if knocked_deadwood > rules.knock_limit:
        raise RuleError(
            f"{knocked} knocked with {knocked_deadwood} "
            f"{'point' if knocked_deadwood == 1 else 'points'} of deadwood; "
            f"the most is {rules.knock_limit}",
            player=knocked,
        )
    if other_deadwood > MOST_DEADWOOD:
        raise RuleError(
            f"{other}'s deadwood of {other_deadwood} points is more than ten unmatched "
            f"cards can hold ({MOST_DEADWOOD})",
            player=other,
        )
    if big_gin and knocked_deadwood != 0:
        raise RuleError(
            f"big gin needs {knocked}'s deadwood to be 0 (all eleven cards melded)",
            field="big_gin",
        )
