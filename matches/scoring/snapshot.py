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

from typing import Any

from .engine import Board, Hand, Join, Leave, LineMove, Match, name_key, renamer
from .matchfile import deal_document

# Bump this whenever a change to the engine could change any board: every
# stored snapshot with another number is then rebuilt from its events.
ENGINE_VERSION = 1


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
        ``cards_each``, or None once closed); and ``events``, one per live
        event in order: a hand (``number``, ``dealer``, ``went_out``,
        ``rummy``, and ``scores`` and ``totals`` in seat order, None for a
        player not dealt in, or not yet seated), a line move (``target`` and
        ``from``, points), a leave (``player``) or a join (``player``,
        ``after``).

    docs/rules.md, all of it, through the board.
    """
    seats = [seat.name for seat in board.seats]
    canonical = {name_key(name): name for name in seats}
    hands = {hand.index: hand for hand in board.hands}
    places = dict.fromkeys(seats)
    if board.status == "closed":
        places.update({name: [place, shared] for name, place, shared in board.ranking})
    line = match.rules.target
    events: list[dict[str, Any]] = []
    for index, event in enumerate(match.events):
        if isinstance(event, Hand):
            hand = hands[index]
            events.append(
                {
                    "kind": "hand",
                    "number": hand.number,
                    "dealer": hand.dealer,
                    "went_out": hand.went_out,
                    "rummy": hand.rummy,
                    "scores": [hand.scores.get(name) for name in seats],
                    "totals": [hand.totals.get(name) for name in seats],
                }
            )
        elif isinstance(event, LineMove):
            events.append({"kind": "target", "target": event.target, "from": line})
            line = event.target
        elif isinstance(event, Leave):
            events.append({"kind": "leave", "player": canonical[name_key(event.player)]})
        elif isinstance(event, Join):
            after = canonical[name_key(event.after)] if event.after else None
            events.append(
                {"kind": "join", "player": canonical[name_key(event.player)], "after": after}
            )
    deal = board.next_hand
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
        "next_hand": deal_document(deal),
        "events": events,
    }


def figures(data: dict[str, Any], *, lowest_wins: bool) -> list[dict[str, int | None]]:
    """Each player's figures in one match, from its snapshot ``data``, in
    seat order: ``hands_out`` (hands they went out), ``rummies`` (of those,
    gone rummy), ``take`` (points taken on those hands, summed) and
    ``best_hand`` (the most taken on one of them, None if none).

    The take of a hand is the one who went out's score under
    ``highest_wins``, and under ``penalty`` (``lowest_wins``) the sum charged
    to the others. A hand with nobody out counts for nobody.

    docs/rules.md, "Scoring one hand".
    """
    seats = data["seats"]
    out = [{"hands_out": 0, "rummies": 0, "take": 0, "best_hand": None} for _ in seats]
    for event in data["events"]:
        if event["kind"] != "hand" or event["went_out"] is None:
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


def rename_in_snapshot(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The snapshot ``data`` with the player ``old`` (compared as the engine
    compares names) called ``new``, as replaying the match with that player
    renamed in every event gives it: a name changes no score, no seat and no
    place."""
    renamed = renamer(old, new)
    events = []
    for event in data["events"]:
        event = dict(event)
        for field in ("dealer", "went_out", "player", "after"):
            if field in event:
                event[field] = renamed(event[field])
        events.append(event)
    deal = data["next_hand"]
    return {
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
        "events": events,
    }
