"""A replayed board as plain JSON data, stored beside the events.

The stored snapshot is a cache of a replay over a match's events, never a
second truth: it is written from a fresh ``Board`` in the same transaction
as the events it comes from, and it carries ``ENGINE_VERSION`` so that a
change to the scoring makes old snapshots stale (rebuilt by replaying).

A snapshot is its head (where the match stands: seats, totals, places, the
line, status, winner, the next deal) and one entry per live event (what it
did). Lists follow the board's seat order, every player who ever sat, since
a JSON object's key order is not kept by every database (PostgreSQL's
``jsonb``); no name is ever a key, so a rename touches only the name fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from matches import games
from matches.engine.board import Board, HandResult, Join, Leave, LineMove, Match, Position, Seat
from matches.engine.game import named, read_cards, read_deal
from matches.engine.names import name_key, renamer
from matches.engine.rules import Rules
from matches.matchfile import deal_document

# Bump this whenever a change to the engine could change any board, or the
# snapshot's shape changes: every stored snapshot with another number is then
# rebuilt from its events (``migrate`` does it).
ENGINE_VERSION = 5

# The fields of a hand's entry that every game has, and those of them that
# are lists in seat order.
HAND_FIELDS = ("number", "dealer", "first_player", "cards_each")
SEAT_FIELDS = ("scores", "totals", "held", "cards")
NAME_FIELDS = ("dealer", "first_player", "player", "after")


def take(match: Match, board: Board) -> dict[str, Any]:
    """The snapshot of ``board``, the replay of ``match``: its head (see
    ``head_of``) and ``events``, one entry per event in order: a hand
    (``kind`` "hand", its deal, ``scores``, ``totals`` and ``held`` (points)
    in seat order, None for a player not dealt in or not yet seated,
    ``cards`` likewise when any player's points were entered as cards, and
    the game's own fields), a move of the line (``target`` and ``from``,
    points), a leave (``player``) or a join (``player``, ``after``)."""
    entries = _entries(match.events, board, first=0, line=match.rules.target)
    head = head_of(board, len(entries))
    head["figures"] = figures(entries, head, board.rules)
    return {**head, "events": entries}


def step(before: Mapping[str, Any], match: Match, board: Board) -> tuple[dict[str, Any], list]:
    """A step of the snapshot: ``board`` is the replay of ``match`` (only the
    new events) from ``position(before)``.

    Returns:
        ``(head, entries)``: the head after the new events, and their
        entries. The earlier entries stand as they were, unless a newcomer
        sat down (the seats differ from ``before``'s): then the caller has
        them follow the new seats (``reseated``).
    """
    first = before["event_count"]
    entries = _entries(match.events, board, first=first, line=before["target"])
    head = head_of(board, first + len(entries))
    earlier = reseated_figures(before, head)
    head["figures"] = combined(earlier, figures(entries, head, board.rules), head, board.game)
    return head, entries


def head_of(board: Board, event_count: int) -> dict[str, Any]:
    """The head of ``board``'s snapshot after ``event_count`` events."""
    seats = [seat.name for seat in board.seats]
    places: dict[str, list | None] = dict.fromkeys(seats)
    if board.status == "closed":
        places.update({name: [place, shared] for name, place, shared in board.ranking})
    assert board.position is not None
    return {
        "engine": ENGINE_VERSION,
        "seats": seats,
        "seated": [seat.seated for seat in board.seats],
        "left_after": [seat.left_after for seat in board.seats],
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
        **games.game(board.game).head(board, seats),
    }


def _entries(events: Sequence[object], board: Board, *, first: int, line: int) -> list[dict]:
    """The entries of ``events``, replayed into ``board`` from event
    ``first`` on, the line standing at ``line`` (points) before them."""
    seats = [seat.name for seat in board.seats]
    canonical = {name_key(name): name for name in seats}
    hands = {hand.index: hand for hand in board.hands}
    entries: list[dict[str, Any]] = []
    for index, event in enumerate(events, start=first):
        if isinstance(event, LineMove):
            entries.append({"kind": "target", "target": event.target, "from": line})
            line = event.target  # type: ignore[assignment]
        elif isinstance(event, Leave):
            entries.append({"kind": "leave", "player": canonical[name_key(event.player)]})  # type: ignore[arg-type]
        elif isinstance(event, Join):
            after = canonical[name_key(event.after)] if event.after else None  # type: ignore[arg-type]
            player = canonical[name_key(event.player)]  # type: ignore[arg-type]
            entries.append({"kind": "join", "player": player, "after": after})
        elif index in hands:
            entries.append(hand_entry(hands[index], seats, board.game))
        else:
            entries.append(games.game(board.game).own_entry(event, index, board))
    return entries


def hand_entry(hand: HandResult, seats: Sequence[str], game: str) -> dict[str, Any]:
    """One hand's entry (see ``take``), ``seats`` the board's seat order."""
    entry: dict[str, Any] = {
        "kind": "hand",
        **{name: getattr(hand.deal, name) for name in HAND_FIELDS},
    }
    entry.update(games.game(game).entry(hand, seats))
    entry.update(
        scores=[hand.scores.get(name) for name in seats],
        totals=[hand.totals.get(name) for name in seats],
        held=[hand.held.get(name) for name in seats],
    )
    if hand.cards:
        held = hand.cards
        entry["cards"] = [
            [card.code() for card in held[name]] if name in held else None for name in seats
        ]
    return entry


def head(data: Mapping[str, Any]) -> dict[str, Any]:
    """A snapshot without its ``events``: what the app stores with the match."""
    return {key: value for key, value in data.items() if key != "events"}


def reseated(entries: list[dict[str, Any]], old: list[str], new: list[str], game: str) -> list:
    """Entries whose seat-ordered lists follow the seats ``old``, in the seat
    order ``new`` (which holds ``old`` and the newcomers)."""
    if old == new:
        return list(entries)
    where = [old.index(name) if name in old else None for name in new]
    fields = (*SEAT_FIELDS, *games.game(game).seat_fields)
    moved = []
    for entry in entries:
        if entry["kind"] == "hand":
            entry = dict(entry)
            for field in fields:
                if field in entry:
                    values = entry[field]
                    entry[field] = [None if at is None else values[at] for at in where]
        moved.append(entry)
    return moved


def position(data: Mapping[str, Any], game: str) -> Position:
    """Where the match of snapshot ``data`` stands after its last event, for
    the replay to go on from."""
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
        extra=games.game(game).from_head(data, seats),
        left_after={
            name: hands
            for name, hands in zip(seats, data["left_after"], strict=True)
            if hands is not None
        },
    )


def hand_result(
    entry: Mapping[str, Any], index: int, seats: Sequence[str], rules: Rules
) -> HandResult:
    """The hand a stored ``entry`` records, as the replay scored it: the
    event at ``index`` among the live ones, its figures in the order of
    ``seats`` (the snapshot's), under ``rules`` (the line as it stands)."""
    shared = {
        "number": entry["number"],
        "index": index,
        "deal": read_deal(entry),
        "scores": named(seats, entry["scores"]),
        "totals": named(seats, entry["totals"]),
        "held": named(seats, entry["held"]),
        "cards": read_cards(seats, entry.get("cards")),
    }
    return games.game(rules.game).hand_from_entry(entry, shared=shared, seats=seats, rules=rules)


def board(rules: Rules, data: Mapping[str, Any]) -> Board:
    """The board a snapshot was taken of, without replaying.

    Args:
        rules: the match's house rules (the decks filled in; the line as it
            stands comes from ``data``).
        data: a current snapshot, whose ``events`` may hold only the last
            entries (of ``event_count``), or none.
    """
    seats = data["seats"]
    rules = rules.with_target(data["target"])
    entries = data.get("events", [])
    first = data["event_count"] - len(entries)
    hands = tuple(
        hand_result(entry, index, seats, rules)
        for index, entry in enumerate(entries, start=first)
        if entry["kind"] == "hand"
    )
    deal = data["next_hand"]
    at = position(data, rules.game)
    game = games.game(rules.game)
    return game.table.board_class(
        rules=rules,
        seats=tuple(
            Seat(name, seated, left)
            for name, seated, left in zip(seats, data["seated"], data["left_after"], strict=True)
        ),
        totals=dict(at.totals),
        hands=hands,
        status=data["status"],
        winner=data["winner"],
        closed_by=data["closed_by"],
        next_hand=deal and read_deal(deal),
        dealt_in_last=at.dealt_in_last,
        earlier_hands=data["hands_played"] - len(hands),
        position=at,
        **game.board_from_head(data, seats),
    )


def figures(
    entries: Sequence[Mapping[str, Any]], head: Mapping[str, Any], rules: Rules
) -> list[dict[str, int | None]]:
    """Each seat's figures of the match's game over ``entries`` (some of its
    snapshot's entries), in the seat order of ``head``: the game's
    ``player_figures``."""
    game = games.game(rules.game)
    return game.player_figures(entries, head["seats"], rules=rules, head=head)


def reseated_figures(before: Mapping[str, Any], head: Mapping[str, Any]) -> list[dict]:
    """The figures of ``before``'s head in the seat order of ``head`` (a
    newcomer has none yet: an empty mapping)."""
    kept = dict(zip(before["seats"], before["figures"], strict=True))
    return [kept.get(name, {}) for name in head["seats"]]


def combined(
    earlier: Sequence[Mapping[str, Any]],
    new: Sequence[Mapping[str, Any]],
    head: Mapping[str, Any],
    game: str,
) -> list[dict[str, int | None]]:
    """Each seat's figures of a match after a step: ``earlier`` (before it)
    and ``new`` (its entries') put together as the game counts them: a
    count adds up, a best is the higher, a final is the new head's."""
    kinds = games.game(game).figures
    out = []
    for before, step in zip(earlier, new, strict=True):
        mine: dict[str, int | None] = {}
        for name, kind in kinds.items():
            old, added = before.get(name), step.get(name)
            if kind == "count":
                mine[name] = (old or 0) + (added or 0)
            elif kind == "best":
                mine[name] = added if old is None else old if added is None else max(old, added)
            else:
                mine[name] = added
        out.append(mine)
    return out


def ever_dealt_in(data: Mapping[str, Any], name: str) -> bool:
    """Whether ``name`` (compared as names are) was dealt into any hand of
    snapshot ``data``."""
    key = name_key(name)
    seat = next((at for at, each in enumerate(data["seats"]) if name_key(each) == key), None)
    return seat is not None and any(
        entry["kind"] == "hand" and entry["scores"][seat] is not None for entry in data["events"]
    )


def rename_in_head(data: Mapping[str, Any], old: str, new: str, game: str) -> dict[str, Any]:
    """The snapshot (or head) ``data`` of a match of ``game`` with the player
    ``old`` called ``new``, as replaying the match with that player renamed gives it: a name changes
    no score, no seat and no place."""
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
        result["events"] = [rename_in_entry(entry, old, new, game) for entry in data["events"]]
    return result


def rename_in_entry(entry: Mapping[str, Any], old: str, new: str, game: str) -> dict[str, Any]:
    """One entry of a snapshot of a match of ``game`` with ``old`` called ``new``."""
    renamed = renamer(old, new)
    entry = dict(entry)
    fields = NAME_FIELDS
    if entry["kind"] == "hand":
        fields = (*fields, *games.game(game).name_fields)
    for field in fields:
        if field in entry:
            entry[field] = renamed(entry[field])
    return entry
