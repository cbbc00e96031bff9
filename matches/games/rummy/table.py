"""Scoring a hand of Rummy, and the table that replays a Rummy match: the
shared replay (``matches.engine.table``) with Rummy's hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from matches.engine.board import HandEvent, HandResult, Question
from matches.engine.cards import Card, check_cards, most_points_in
from matches.engine.errors import RuleError
from matches.engine.table import Table, refuse_all

from .rules import HIGHEST_WINS, RummyRules


@dataclass(frozen=True)
class Hand(HandEvent):
    """One hand, played out: ``went_out`` is the player who went out, or None
    when nobody did (the stock ran out, or the table called the hand off);
    ``leftovers`` maps players to their leftover, a whole number of points
    or the cards they held (texts such as ``"KH"`` or ``Card`` values)."""

    went_out: object
    leftovers: Mapping[str, object]
    rummy: object = False


@dataclass(frozen=True, kw_only=True)
class RummyHand(HandResult):
    """A Rummy hand as scored: who went out (None: nobody), whether rummy;
    ``held`` are the leftovers, in points, of every player dealt in but the
    one who went out."""

    went_out: str | None
    rummy: bool

    @property
    def leftovers(self) -> dict[str, int]:
        return self.held


def cards_each(seated: int) -> int:
    """Cards dealt to each player with ``seated`` players: 10 with 2, 7 with
    3 or 4, 6 with 5 or 6."""
    if seated <= 2:
        return 10
    return 7 if seated <= 4 else 6


def rummy_possible(went_out: str | None) -> bool:
    """Whether a hand can be rummy: only when someone went out."""
    return went_out is not None


def score_hand(
    *,
    rules: RummyRules,
    dealt_in: Sequence[str],
    went_out: str | None,
    rummy: bool,
    leftovers: Mapping[str, int],
) -> dict[str, int]:
    """Score one hand whose leftovers have been checked.

    Args:
        rules: the match's house rules (``scheme``, ``rummy_bonus``,
            ``stock_out``).
        dealt_in: every player dealt into the hand, in seat order.
        went_out: the player who went out, or None when nobody did.
        rummy: whether ``went_out`` went rummy.
        leftovers: points left in each hand, for every player dealt in but
            ``went_out``.

    Returns:
        Each dealt-in player's score for the hand (points), in seat order:
        under ``highest_wins`` what they gain, under ``penalty`` what they
        are charged (a negative charge is a bonus).
    """
    scores = dict.fromkeys(dealt_in, 0)
    highest_wins = rules.scheme == HIGHEST_WINS
    if went_out is None:
        if rules.stock_out != "lowest_hand":
            return scores
        lowest = min(leftovers.values())
        holders = [name for name, points in leftovers.items() if points == lowest]
        if len(holders) > 1:
            return scores
        if highest_wins:
            scores[holders[0]] = sum(points - lowest for points in leftovers.values())
        else:
            for name, points in leftovers.items():
                scores[name] = points - lowest
        return scores

    bonus = rules.rummy_bonus if rummy else "none"
    if highest_wins:
        take = sum(leftovers.values())
        if bonus == "double":
            take *= 2
        elif bonus == "flat_25":
            take += 25
        scores[went_out] = take
    else:
        for name, points in leftovers.items():
            scores[name] = points * 2 if bonus == "double" else points
        if bonus == "flat_25":
            scores[went_out] = -25
    return scores


def typing_slips(
    leftovers: Mapping[str, int],
    cards: Mapping[str, Sequence[Card]],
    *,
    cards_dealt: int,
    rules: RummyRules,
) -> dict[str, Question]:
    """Leftovers that are almost surely typing slips, to confirm before
    saving (not errors): more cards than were dealt (``slip_cards``), or
    more points than the cards dealt could hold (``slip_points``)."""
    most = most_points_in(cards_dealt, ace_value=rules.ace_value, decks=rules.decks or 1)
    slips = {}
    for name, points in leftovers.items():
        held = cards.get(name)
        if held is not None and len(held) > cards_dealt:
            slips[name] = Question(
                "rummy.slip_cards", {"player": name, "count": len(held), "dealt": cards_dealt}
            )
        elif points > most:
            slips[name] = Question(
                "rummy.slip_points", {"player": name, "points": points, "dealt": cards_dealt}
            )
    return slips


class RummyTable(Table):
    """A Rummy match part-way through a replay: its hands, and players
    leaving and joining (the shared way)."""

    rules_class: ClassVar[type[RummyRules]] = RummyRules
    hand_type = Hand
    rules: RummyRules

    def cards_each(self) -> int:
        return cards_each(len(self.seated))

    def hand(self, hand: Hand, index: int) -> None:
        self.require_open("hand")
        deal = self.next_deal()
        dealt_in = self.seat_order_seated()
        went_out = None if hand.went_out is None else self.seated_player(hand.went_out, "went_out")
        if not isinstance(hand.rummy, bool):
            raise RuleError("rummy.rummy_not_bool", field="rummy")
        if hand.rummy and not rummy_possible(went_out):
            raise RuleError("rummy.rummy_nobody_out", field="rummy")
        given = self.given(hand.leftovers, "leftovers", "leftover")

        leftovers: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        decks = self.rules.decks or 1
        deck = self.rules.whole_deck
        # Every player's box is read before any is refused: the first
        # problem is the refusal, with the others' (``RuleError.others``).
        problems: list[RuleError] = []
        for name in dealt_in:
            try:
                read = self._leftover(given, name, went_out, deck)
            except RuleError as error:
                problems.append(error)
                continue
            if read is not None:
                leftovers[name], held = read
                if held is not None:
                    cards[name] = held
        # The cards read are checked against the deck even beside a wrong
        # box: a card one too many is refused on the same Save.
        try:
            check_cards(cards, decks=decks)
        except RuleError as error:
            problems.append(error)
        refuse_all(problems)

        if sum(leftovers.values()) > deck:
            raise RuleError(
                "rummy.leftovers_over_deck",
                field="leftovers",
                total=sum(leftovers.values()),
                most=deck,
                decks=decks,
            )
        scores = score_hand(
            rules=self.rules,
            dealt_in=dealt_in,
            went_out=went_out,
            rummy=hand.rummy,
            leftovers=leftovers,
        )
        for name, score in scores.items():
            self.totals[name] += score
        self.hands.append(
            RummyHand(
                number=deal.number,
                index=index,
                deal=deal,
                went_out=went_out,
                rummy=hand.rummy,
                held=leftovers,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
                slips=typing_slips(leftovers, cards, cards_dealt=deal.cards_each, rules=self.rules),
            )
        )
        self.deal_from, self.deal_from_included = deal.dealer, False
        self.dealt_in_last = tuple(dealt_in)
        self.end()

    def _leftover(
        self, given: dict[str, Any], name: str, went_out: str | None, deck: int
    ) -> tuple[int, tuple[Card, ...] | None] | None:
        """``name``'s leftover (points, and the cards when entered as cards);
        None for the one who went out. ``deck``: the points of the deck(s).

        Raises:
            RuleError: missing, not points or cards, under 1, more than the
                deck, or points for the one who went out.
        """
        if name == went_out:
            if name in given:
                points, held = self.read_given(given, name, "leftover")
                if points != 0 or held:
                    raise RuleError("rummy.went_out_leftover", player=name)
            return None
        points, held = self.read_given(given, name, "leftover")
        if points < 1:
            raise RuleError("rummy.leftover_too_low", player=name)
        if points > deck:
            raise RuleError("rummy.leftover_over_deck", player=name, points=points, most=deck)
        return points, held
