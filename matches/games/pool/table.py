"""Scoring a hand of Pool Rummy, out and rejoin, the end of the match and
the places, and the table that replays a Pool match: one player declares
and scores nothing, every other player still in is charged, a player whose
total reaches the limit is out, an out player may rejoin while nobody is
close to the limit, and the last player still in wins. Lowest is best."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from matches.engine.board import Board, HandEvent, HandResult, Join, Leave, LineMove, Position
from matches.engine.cards import Card, check_cards
from matches.engine.errors import RuleError
from matches.engine.rules import is_whole_number
from matches.engine.table import Table, refuse_all

from .rules import CARDS_EACH, PoolRules

# A charge given as a word: what the player did instead of showing a count.
KINDS = ("drop", "middle_drop", "wrong_show")
MOST_COUNT = 999
MOST_CARDS = 13


@dataclass(frozen=True)
class PoolHand(HandEvent):
    """One hand as entered: ``declared`` is the player who declared (went
    out); ``charges`` maps every other player still in to their count (a
    whole number of points, or their cards) or one of ``KINDS``."""

    declared: object
    charges: Mapping[str, object]


@dataclass(frozen=True)
class Rejoin:
    """``player``, out, comes back in between hands."""

    player: object


@dataclass(frozen=True)
class Split:
    """The players still in agree to share the pool (``agreed`` is ``true``)."""

    agreed: object


@dataclass(frozen=True, kw_only=True)
class PoolHandResult(HandResult):
    """A Pool hand as scored: who declared, each charge as entered (a count
    in points before the cap, or one of ``KINDS``), and who went out by it
    (their total reached the limit). ``scores`` are what each was charged."""

    declared: str
    charges: dict[str, int | str]
    put_out: tuple[str, ...] = ()


def ranked(
    totals: Mapping[str, int],
    still_in: Sequence[str],
    out: Mapping[str, int],
    left: Sequence[str],
    *,
    split: bool = False,
) -> dict[str, tuple[int, bool]]:
    """Every player's place (POOL.md, Places), best first: the players still
    in by total, lowest first (all sharing first place after a split); then
    those out by the limit, the latest out first, those out at the same hand
    by total; then those who left, the latest first. Equal totals share a
    place only within one group, and the next place skips.

    Returns:
        ``{name: (place, shared)}``.
    """
    groups: list[tuple[list[str], bool]] = [(list(still_in), split)]
    by_limit = [name for name in out if name not in left]
    for hand in sorted({out[name] for name in by_limit}, reverse=True):
        groups.append(([name for name in by_limit if out[name] == hand], False))
    leavers = sorted(left, key=lambda name: (out[name], left.index(name)), reverse=True)
    groups.extend(([name], False) for name in leavers)
    places: dict[str, tuple[int, bool]] = {}
    start = 1
    for names, all_share in groups:
        # sorted is stable: equal totals keep their seat order.
        ordered = sorted(names, key=totals.__getitem__)
        for name in ordered:
            equal = ordered if all_share else [n for n in ordered if totals[n] == totals[name]]
            places[name] = (start + ordered.index(equal[0]), len(equal) > 1)
        start += len(names)
    return places


def rejoin_problem(
    rules: PoolRules,
    *,
    name: str,
    totals: Mapping[str, int],
    still_in: Sequence[str],
    rejoins: Mapping[str, int],
    left: Sequence[str],
) -> RuleError | None:
    """Why ``name`` may not rejoin now (POOL.md, Out, rejoin), or None: they
    are still in, they left, the match allows no rejoining, they have
    rejoined ``max_rejoins`` times, or a player still in is above
    ``rejoin_until``."""
    rules = rules.filled()
    if name in still_in:
        return RuleError("pool.rejoin_in", player=name, field="rejoin")
    if name in left:
        return RuleError("pool.rejoin_left", player=name, field="rejoin")
    if rules.rejoin == "none":
        return RuleError("pool.rejoin_none", player=name, field="rejoin")
    if rejoins.get(name, 0) >= rules.max_rejoins:
        return RuleError("pool.rejoin_spent", player=name, field="rejoin", most=rules.max_rejoins)
    highest = max(totals[each] for each in still_in)
    if highest > rules.rejoin_until:  # type: ignore[operator]
        holder = next(each for each in still_in if totals[each] == highest)
        return RuleError(
            "pool.rejoin_late",
            player=name,
            field="rejoin",
            holder=holder,
            total=highest,
            most=rules.rejoin_until,
        )
    return None


def rejoin_total(rules: PoolRules, totals: Mapping[str, int], still_in: Sequence[str]) -> int:
    """The total a player rejoins at: the highest still in, plus 1 unless
    the rules say ``at_highest``."""
    highest = max(totals[each] for each in still_in)
    return highest if rules.rejoin == "at_highest" else highest + 1


@dataclass(frozen=True, kw_only=True)
class PoolBoard(Board):
    """A Pool board: ``out`` the hand at which each player now out went out
    (for a player who left, the hands played when they left); ``rejoins``
    how often each player rejoined; ``left`` who left, in order;
    ``rejoined`` the total each rejoin of this replay gave, by event index."""

    out: dict[str, int] = field(default_factory=dict)
    rejoins: dict[str, int] = field(default_factory=dict)
    left: tuple[str, ...] = ()
    rejoined: dict[int, tuple[str, int]] = field(default_factory=dict)

    @property
    def limit(self) -> int:
        return self.rules.limit  # type: ignore[attr-defined]

    def can_take(self, name: str) -> int:
        """How many more points ``name`` can take before they are out."""
        return self.limit - 1 - self.totals[name]

    def why_not_rejoin(self, name: str) -> RuleError | None:
        """Why ``name`` (out, not left) may not rejoin now; None if they may."""
        if self.status == "closed":
            return RuleError("pool.closed", closed_by=self.closed_by, winner=self.winner)
        return rejoin_problem(
            self.rules,  # type: ignore[arg-type]
            name=name,
            totals=self.totals,
            still_in=self.seated,
            rejoins=self.rejoins,
            left=self.left,
        )

    @property
    def may_rejoin(self) -> dict[str, int]:
        """Each player who may rejoin now, with the total they would come back at."""
        if self.status == "closed":
            return {}
        total = rejoin_total(self.rules, self.totals, self.seated)  # type: ignore[arg-type]
        return {
            name: total
            for name in self.totals
            if name in self.out and self.why_not_rejoin(name) is None
        }

    @property
    def split_allowed(self) -> bool:
        """Whether the table may split the pool now (two or three still in)."""
        return self.status == "open" and self.hands_played > 0 and 2 <= len(self.seated) <= 3

    @property
    def ranking(self) -> tuple[tuple[str, int, bool], ...]:
        places = ranked(
            self.totals, self.seated, self.out, self.left, split=self.closed_by == "split"
        )
        return tuple((name, place, shared) for name, (place, shared) in places.items())

    @property
    def places(self) -> dict[str, int] | None:
        """Each player's place once the match is closed, else None."""
        if self.status != "closed":
            return None
        return {name: place for name, place, _shared in self.ranking}


class PoolTable(Table):
    """A Pool match part-way through a replay: its hands, out and rejoin,
    the split, and leaving for good; nobody joins and there is no line."""

    rules_class: ClassVar[type[PoolRules]] = PoolRules
    hand_type = PoolHand
    board_class = PoolBoard
    rules: PoolRules

    def begin(self, start: Position | None) -> None:
        extra = start.extra if start is not None else {}
        self.out: dict[str, int] = dict(extra.get("out", {}))
        self.rejoins: dict[str, int] = {
            name: extra.get("rejoins", {}).get(name, 0) for name in self.seats
        }
        self.left: list[str] = list(extra.get("left", []))
        self.rejoined: dict[int, tuple[str, int]] = {}

    def cards_each(self) -> int:
        return CARDS_EACH

    def own_state(self) -> dict[str, Any]:
        return {"out": dict(self.out), "rejoins": dict(self.rejoins), "left": list(self.left)}

    def board_extra(self) -> dict[str, Any]:
        return {
            "out": dict(self.out),
            "rejoins": dict(self.rejoins),
            "left": tuple(self.left),
            "rejoined": dict(self.rejoined),
        }

    def seated_player(self, name: object, role: str) -> str:
        found = self.lookup(name)
        if found is not None and found in self.out and found not in self.left:
            raise RuleError("pool.is_out", player=found, field=role, hand=self.out[found])
        return super().seated_player(name, role)

    def require_open(self, action: str) -> None:  # type: ignore[override]
        if self.closed_by in ("last_in", "split"):
            raise RuleError("pool.closed", closed_by=self.closed_by, winner=self.winner)
        super().require_open("seat" if action in ("rejoin", "split") else action)  # type: ignore[arg-type]

    # Events.

    def line_move(self, move: LineMove) -> None:
        raise RuleError("pool.no_line", field="target")

    def join(self, join: Join) -> None:
        raise RuleError("pool.no_join", field="join")

    def leave(self, leave: Leave) -> None:
        """A player still in leaves for good: out, never to rejoin."""
        self.require_open("seat")
        found = self.lookup(leave.player)
        if found is not None and found in self.left:
            raise RuleError("already_left", player=found, field="leave")
        if found is not None and found in self.out:
            raise RuleError("pool.leave_out", player=found, field="leave")
        name = self.seated_player(leave.player, "leave")
        played = self.earlier_hands + len(self.hands)
        self.seated.discard(name)
        self.left_after[name] = played
        self.out[name] = played
        self.left.append(name)
        self.end()

    def own_event(self, event: object, index: int) -> bool:
        if isinstance(event, Rejoin):
            self.rejoin(event, index)
        elif isinstance(event, Split):
            self.split(event)
        else:
            return False
        return True

    def rejoin(self, rejoin: Rejoin, index: int) -> None:
        self.require_open("rejoin")
        if not isinstance(rejoin.player, str) or not rejoin.player.strip():
            raise RuleError("role_not_a_name", field="rejoin", role="rejoin")
        name = self.lookup(rejoin.player)
        if name is None:
            raise RuleError("not_at_table", field="rejoin", name=rejoin.player.strip())
        still_in = self.seat_order_seated()
        problem = rejoin_problem(
            self.rules,
            name=name,
            totals=self.totals,
            still_in=still_in,
            rejoins=self.rejoins,
            left=self.left,
        )
        if problem is not None:
            raise problem
        total = rejoin_total(self.rules, self.totals, still_in)
        self.totals[name] = total
        self.seated.add(name)
        del self.out[name]
        self.rejoins[name] += 1
        self.rejoined[index] = (name, total)

    def split(self, split: Split) -> None:
        self.require_open("split")
        if split.agreed is not True:
            raise RuleError("pool.split_not_true", field="split")
        if self.earlier_hands + len(self.hands) == 0:
            raise RuleError("pool.split_early", field="split")
        still_in = len(self.seated)
        if still_in > 3:
            raise RuleError("pool.split_many", field="split", count=still_in)
        self.closed_by, self.winner = "split", None

    def hand(self, hand: PoolHand, index: int) -> None:
        self.require_open("hand")
        deal = self.next_deal()
        still_in = self.seat_order_seated()
        declared = self.seated_player(hand.declared, "declared")
        given = self.given(hand.charges, "charges", "charge")
        if declared in given:
            raise RuleError("pool.declarer_charged", player=declared, field="charges")

        charges: dict[str, int | str] = {}
        scores = dict.fromkeys(still_in, 0)
        held: dict[str, int] = {}
        cards: dict[str, tuple[Card, ...]] = {}
        problems: list[RuleError] = []
        for name in still_in:
            if name == declared:
                continue
            try:
                entered, charged, shown = self._charge(given, name)
            except RuleError as error:
                problems.append(error)
                continue
            charges[name], scores[name] = entered, charged
            if shown is not None:
                held[name] = entered  # type: ignore[assignment]
                if shown:
                    cards[name] = shown
        try:
            check_cards(cards, decks=self.rules.decks)
        except RuleError as error:
            problems.append(error)
        refuse_all(problems)

        put_out = []
        for name, score in scores.items():
            self.totals[name] += score
            if name != declared and self.totals[name] >= self.rules.limit:
                put_out.append(name)
                self.out[name] = deal.number
                self.seated.discard(name)
        self.hands.append(
            PoolHandResult(
                number=deal.number,
                index=index,
                deal=deal,
                declared=declared,
                charges=charges,
                put_out=tuple(put_out),
                held=held,
                cards=cards,
                scores=scores,
                totals=dict(self.totals),
            )
        )
        self.deal_from, self.deal_from_included = deal.dealer, False
        self.dealt_in_last = tuple(still_in)
        self.end()

    def _charge(
        self, given: Mapping[str, object], name: str
    ) -> tuple[int | str, int, tuple[Card, ...] | None]:
        """``name``'s charge: as entered (a count's points before the cap, or
        one of ``KINDS``), what they are charged, and their cards (empty
        for a count as a number; None for a word).

        Raises:
            RuleError: missing, not a charge, a count out of range, too
                many or too few cards.
        """
        if name not in given:
            raise RuleError("points_missing", player=name, what="charge")
        value = given[name]
        if isinstance(value, str):
            if value not in KINDS:
                raise RuleError("pool.charge_bad", player=name, text=value)
            return value, getattr(self.rules, value), None
        if not (is_whole_number(value) or isinstance(value, list | tuple)):
            raise RuleError("pool.charge_bad", player=name, text=value)
        points, shown = self.read_given(given, name, "charge")
        if shown is not None and not 1 <= len(shown) <= MOST_CARDS:
            raise RuleError("pool.cards_count", player=name, count=len(shown), most=MOST_CARDS)
        if not 0 <= points <= MOST_COUNT:
            raise RuleError("pool.count_range", player=name, most=MOST_COUNT)
        return points, min(points, self.rules.full_count), shown or ()

    def end(self) -> None:
        """POOL.md, The end: one player still in wins (``last_in``); at the
        hand limit the lowest total still in wins, no winner when shared."""
        still_in = self.seat_order_seated()
        if len(still_in) == 1:
            self.closed_by, self.winner = "last_in", still_in[0]
            return
        if self.earlier_hands + len(self.hands) >= self.rules.hand_limit:
            lowest = min(self.totals[name] for name in still_in)
            holders = [name for name in still_in if self.totals[name] == lowest]
            self.closed_by, self.winner = "hand_limit", holders[0] if len(holders) == 1 else None
            return
        self.closed_by, self.winner = None, None
