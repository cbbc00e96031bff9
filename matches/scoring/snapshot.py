"""A replayed board as plain JSON data, for storing beside the events.

The stored snapshot is a cache of ``replay`` over a match's events, never a
second source: it is written from a fresh ``Board`` in the same transaction as
the events it comes from, and it carries ``ENGINE_VERSION`` so that a change to
the scoring makes old snapshots stale (they are rebuilt by replaying).

Lists follow the seat order of the board, every player who ever sat (left
players included), because a JSON object's key order is not kept by every
database (PostgreSQL's ``jsonb``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .cards import parse_card
from .engine import (
    Board,
    Deal,
    GinHand,
    Hand,
    HandResult,
    Join,
    Leave,
    LineMove,
    Match,
    Position,
    Seat,
    name_key,
    renamer,
    typing_slips,
)
from .gin import GinHandResult
from .matchfile import deal_document
from .rules import GIN, Rules

# Bump this whenever a change to the engine could change any board, or the
# snapshot's shape changes: every stored snapshot with another number is then
# rebuilt from its events.
ENGINE_VERSION = 3


def take(match: Match, board: Board) -> dict[str, Any]:
    """The snapshot of ``board``, the result of ``replay(match)``.

    Args:
        match: the match as replayed (its events give the line moves and the
            seat changes in the order they happened).
        board: ``replay(match)``.

    Returns:
        A JSON-ready dict: ``engine`` (``ENGINE_VERSION``); ``seats`` (every
        player who ever sat, in seat order), ``seated`` (bools), ``totals``
        (points) and ``places`` (``[place, shared]`` on a closed match, else
        None) in that order; ``dealt_in_last``; ``target`` (the line, points);
        ``hands_played``; ``status``; ``winner``; ``closed_by``; ``leader``;
        ``next_hand`` (``number``, ``dealer``, ``first_player``,
        ``cards_each``, or None once closed); ``deal_from`` (``[name,
        included]``, the board's ``Position``); ``event_count``; and
        ``events``, one entry per live event in order: a hand (``number``,
        ``dealer``, ``first_player``, ``cards_each``, ``went_out``,
        ``rummy``, and ``scores``, ``totals`` and ``leftovers`` (points) in
        seat order, None for a player not dealt in, or not yet seated, and
        ``cards`` the same way when any player's leftover was entered as
        cards), a line move (``target`` and ``from``, points), a leave
        (``player``) or a join (``player``, ``after``).

        A Gin Rummy match's hand entries hold ``knocked``, ``big_gin``,
        ``result`` and ``winner`` instead of ``went_out`` and ``rummy``, and
        ``deadwood`` (points, seat order; None for a drawn hand) instead of
        ``leftovers``; its head adds ``hands_won`` (seat order), ``final``
        (points, seat order, or None) and ``margin`` (docs/gin.md).

        Everything but ``events`` is the head: the app stores it with the
        match and each entry with its event, so that a page reads the head
        and the entries it shows, and a new event adds one entry (``step``).

    docs/rules.md and docs/gin.md, all of them, through the board.
    """
    entries = _entries(match.events, board, first=0, line=match.rules.target)
    return {**_head(board, len(entries)), "events": entries}


def step(before: dict[str, Any], match: Match, board: Board) -> tuple[dict[str, Any], list]:
    """A step of the snapshot: ``board`` is ``replay(match,
    position(before))``, ``match`` holding only the new events.

    Args:
        before: the snapshot's head before the new events (its ``events``,
            if any, are not read).

    Returns:
        ``(head, entries)``: the head after the new events and their entries.
        The earlier entries stand as they were, unless a newcomer sat down
        (the head's ``seats`` differ from ``before``'s): then the caller has
        them follow the new seats (``reseated``). Together they are ``take``
        of the whole match.
    """
    first = before["event_count"]
    entries = _entries(match.events, board, first=first, line=before["target"])
    return _head(board, first + len(entries)), entries


def _head(board: Board, event_count: int) -> dict[str, Any]:
    seats = [seat.name for seat in board.seats]
    places = dict.fromkeys(seats)
    if board.status == "closed":
        places.update({name: [place, shared] for name, place, shared in board.ranking})
    gin = {}
    if board.game == GIN:
        final = board.final
        gin = {
            "hands_won": [board.hands_won[name] for name in seats],
            "final": final and [final[name] for name in seats],
            "margin": board.margin,
        }
    return {
        "engine": ENGINE_VERSION,
        "seats": seats,
        "seated": [seat.seated for seat in board.seats],
        "totals": [board.totals[name] for name in seats],
        "places": [places[name] for name in seats],
        "dealt_in_last": list(board.dealt_in_last),
        "target": board.target,
        "hands_played": board.hands_played,
        "status": board.status,
        "winner": board.winner,
        "closed_by": board.closed_by,
        "leader": board.leader,
        "next_hand": deal_document(board.next_hand),
        "deal_from": [board.position.deal_from, board.position.deal_from_included],
        "event_count": event_count,
        **gin,
    }


def _entries(events: Sequence[object], board: Board, *, first: int, line: int) -> list[dict]:
    """The entries of ``events``, the events replayed into ``board`` from
    event ``first`` on, the line standing at ``line`` (points) before them."""
    seats = [seat.name for seat in board.seats]
    canonical = {name_key(name): name for name in seats}
    hands = {hand.index: hand for hand in board.hands}
    entries: list[dict[str, Any]] = []
    for index, event in enumerate(events, start=first):
        if isinstance(event, Hand | GinHand):
            entries.append(hand_entry(hands[index], seats))
        elif isinstance(event, LineMove):
            entries.append({"kind": "target", "target": event.target, "from": line})
            line = event.target
        elif isinstance(event, Leave):
            entries.append({"kind": "leave", "player": canonical[name_key(event.player)]})
        elif isinstance(event, Join):
            after = canonical[name_key(event.after)] if event.after else None
            entries.append(
                {"kind": "join", "player": canonical[name_key(event.player)], "after": after}
            )
    return entries


def head(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot without its ``events``: what the app stores with the match."""
    return {key: value for key, value in data.items() if key != "events"}


def reseated(entries: list[dict[str, Any]], old: list[str], new: list[str]) -> list[dict]:
    """Entries whose per-seat lists follow the seats ``old``, in the seat
    order ``new`` (which holds ``old`` and the newcomers)."""
    if old == new:
        return list(entries)
    where = [old.index(name) if name in old else None for name in new]
    moved = []
    for entry in entries:
        if entry["kind"] == "hand":
            entry = dict(entry)
            for field in ("scores", "totals", "leftovers", "deadwood", "cards"):
                if field in entry:
                    values = entry[field]
                    entry[field] = [None if at is None else values[at] for at in where]
        moved.append(entry)
    return moved


def hand_entry(hand: HandResult | GinHandResult, seats: list[str]) -> dict[str, Any]:
    """One hand of a snapshot's ``events`` (see ``take``), ``seats`` the
    board's seat order."""
    entry: dict[str, Any] = {
        "kind": "hand",
        "number": hand.number,
        "dealer": hand.dealer,
        "first_player": hand.deal.first_player,
        "cards_each": hand.deal.cards_each,
    }
    if isinstance(hand, GinHandResult):
        entry.update(
            knocked=hand.knocked,
            big_gin=hand.big_gin,
            result=hand.result,
            winner=hand.winner,
            deadwood=[hand.deadwood.get(name) for name in seats],
        )
    else:
        entry.update(
            went_out=hand.went_out,
            rummy=hand.rummy,
            leftovers=[hand.leftovers.get(name) for name in seats],
        )
    entry.update(
        scores=[hand.scores.get(name) for name in seats],
        totals=[hand.totals.get(name) for name in seats],
    )
    if hand.cards:
        held = hand.cards
        entry["cards"] = [
            [card.code() for card in held[name]] if name in held else None for name in seats
        ]
    return entry


def position(data: dict[str, Any]) -> Position:
    """Where the match of snapshot ``data`` stands after its last event, for
    ``replay`` to go on from."""
    seats = data["seats"]
    deal_from, included = data["deal_from"]
    return Position(
        seats=tuple(seats),
        seated=tuple(name for name, seated in zip(seats, data["seated"], strict=True) if seated),
        totals=dict(zip(seats, data["totals"], strict=True)),
        target=data["target"],
        events=data["event_count"],
        hands_played=data["hands_played"],
        deal_from=deal_from,
        deal_from_included=included,
        dealt_in_last=tuple(data["dealt_in_last"]),
        closed_by=data["closed_by"],
        winner=data["winner"],
        hands_won=dict(zip(seats, data.get("hands_won", ()), strict=False)),
    )


def hand_result(
    entry: dict[str, Any], index: int, seats: Sequence[str], rules: Rules
) -> HandResult | GinHandResult:
    """The hand a snapshot's stored ``entry`` (``hand_entry``) records, as
    ``replay`` scored it: the event at ``index`` among the live ones, its
    figures in the order of ``seats`` (the snapshot's), under ``rules`` (the
    match's, with the line as it stands)."""

    def named(values: list[Any] | None) -> dict[str, Any]:
        return {
            name: value
            for name, value in zip(seats, values or (), strict=False)
            if value is not None
        }

    cards = {
        name: tuple(parse_card(text) for text in held)
        for name, held in named(entry.get("cards")).items()
    }
    deal = Deal(entry["number"], entry["dealer"], entry["first_player"], entry["cards_each"])
    if "knocked" in entry:
        return GinHandResult(
            number=entry["number"],
            index=index,
            deal=deal,
            knocked=entry["knocked"],
            big_gin=entry["big_gin"],
            result=entry["result"],
            winner=entry["winner"],
            deadwood=named(entry["deadwood"]),
            cards=cards,
            scores=named(entry["scores"]),
            totals=named(entry["totals"]),
        )
    leftovers = named(entry["leftovers"])
    return HandResult(
        number=entry["number"],
        index=index,
        deal=deal,
        went_out=entry["went_out"],
        rummy=entry["rummy"],
        leftovers=leftovers,
        cards=cards,
        scores=named(entry["scores"]),
        totals=named(entry["totals"]),
        slips=typing_slips(leftovers, cards, cards_dealt=entry["cards_each"], rules=rules),
    )


def board(rules: Rules, data: dict[str, Any]) -> Board:
    """The board a snapshot was taken of, without replaying.

    Args:
        rules: the match's house rules as the board holds them (the decks
            filled in; the line as it stands comes from ``data``).
        data: a current snapshot (``take``), whose ``events`` may hold only
            the last entries (of ``event_count``), or none.

    Returns:
        The ``Board`` that ``replay`` gave when ``data`` was taken, holding
        the hands among the entries given (the rest counted in
        ``earlier_hands``).
    """
    seats = data["seats"]
    rules = replace(rules, target=data["target"])
    entries = data.get("events", [])
    first = data["event_count"] - len(entries)
    hands = tuple(
        hand_result(entry, index, seats, rules)
        for index, entry in enumerate(entries, start=first)
        if entry["kind"] == "hand"
    )
    deal = data["next_hand"]
    at = position(data)
    return Board(
        rules=rules,
        seats=tuple(Seat(name, seated) for name, seated in zip(seats, data["seated"], strict=True)),
        totals=dict(at.totals),
        hands=hands,
        status=data["status"],
        winner=data["winner"],
        closed_by=data["closed_by"],
        next_hand=deal
        and Deal(deal["number"], deal["dealer"], deal["first_player"], deal["cards_each"]),
        dealt_in_last=at.dealt_in_last,
        earlier_hands=data["hands_played"] - len(hands),
        position=at,
        hands_won=dict(at.hands_won),
        final=data.get("final") and dict(zip(seats, data["final"], strict=True)),
        margin=data.get("margin"),
    )


# The figures ``figures`` counts per player, Rummy's then Gin's.
FIGURES = (
    "hands_out",
    "rummies",
    "take",
    "best_hand",
    "hands_won",
    "gins",
    "big_gins",
    "undercuts_given",
    "undercuts_taken",
)


def figures(data: dict[str, Any], *, lowest_wins: bool) -> list[dict[str, int | None]]:
    """Each player's figures in one match, from its snapshot ``data``, in
    seat order (the keys of ``FIGURES``).

    Rummy: ``hands_out`` (hands they went out), ``rummies`` (of those, gone
    rummy), ``take`` (points taken on those hands, summed) and ``best_hand``
    (the most taken on one of them, None if none). The take of a hand is the
    one who went out's score under ``highest_wins``, and under ``penalty``
    (``lowest_wins``) the sum charged to the others. A hand with nobody out
    counts for nobody.

    Gin Rummy: ``hands_won``, ``gins`` and ``big_gins`` (hands won so),
    ``undercuts_given`` (hands won by undercutting the knocker) and
    ``undercuts_taken`` (their knocks that were undercut). A drawn hand
    counts for nobody.

    docs/rules.md and docs/gin.md, "Scoring one hand".
    """
    seats = data["seats"]
    out: list[dict[str, int | None]] = [
        {**dict.fromkeys(FIGURES, 0), "best_hand": None} for _ in seats
    ]
    for event in data["events"]:
        if event["kind"] != "hand":
            continue
        if "knocked" in event:
            if event["winner"] is not None:
                _gin_figures(out, seats, event)
            continue
        if event["went_out"] is None:
            continue
        seat = seats.index(event["went_out"])
        scores = event["scores"]
        if lowest_wins:
            take = sum(score or 0 for index, score in enumerate(scores) if index != seat)
        else:
            take = scores[seat] or 0
        mine = out[seat]
        mine["hands_out"] += 1
        mine["rummies"] += int(event["rummy"])
        mine["take"] += take
        mine["best_hand"] = take if mine["best_hand"] is None else max(mine["best_hand"], take)
    return out


def _gin_figures(out: list[dict[str, Any]], seats: list[str], event: dict[str, Any]) -> None:
    """Add a won Gin hand (an entry) to the players' figures."""
    winner = out[seats.index(event["winner"])]
    winner["hands_won"] += 1
    result = event["result"]
    if result == "gin":
        winner["gins"] += 1
    elif result == "big_gin":
        winner["big_gins"] += 1
    elif result == "undercut":
        winner["undercuts_given"] += 1
        out[seats.index(event["knocked"])]["undercuts_taken"] += 1


def ever_dealt_in(data: dict[str, Any], name: str) -> bool:
    """Whether ``name`` (compared as the engine compares names) was dealt
    into any hand of snapshot ``data``."""
    key = name_key(name)
    seat = next((at for at, each in enumerate(data["seats"]) if name_key(each) == key), None)
    return seat is not None and any(
        event["kind"] == "hand" and event["scores"][seat] is not None for event in data["events"]
    )


def rename_in_snapshot(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The snapshot (or head) ``data`` with the player ``old`` (compared as
    the engine compares names) called ``new``, as replaying the match with
    that player renamed in every event gives it: a name changes no score, no
    seat and no place."""
    renamed = renamer(old, new)
    deal = data["next_hand"]
    result = {
        **data,
        "seats": [renamed(name) for name in data["seats"]],
        "dealt_in_last": [renamed(name) for name in data["dealt_in_last"]],
        "winner": renamed(data["winner"]),
        "leader": renamed(data["leader"]),
        "next_hand": deal
        and {
            **deal,
            "dealer": renamed(deal["dealer"]),
            "first_player": renamed(deal["first_player"]),
        },
        "deal_from": [renamed(data["deal_from"][0]), data["deal_from"][1]],
    }
    if "events" in data:
        result["events"] = [rename_in_entry(entry, old, new) for entry in data["events"]]
    return result


def rename_in_entry(entry: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """One entry of a snapshot's ``events`` with ``old`` called ``new``."""
    renamed = renamer(old, new)
    entry = dict(entry)
    for field in ("dealer", "first_player", "went_out", "knocked", "winner", "player", "after"):
        if field in entry:
            entry[field] = renamed(entry[field])
    return entry
