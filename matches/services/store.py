"""Storing the cache of a replay: the match's snapshot head and each live
event's entry, the players' rows (``MatchPlayer``) and figures, in the
transaction of the write the replay checked. The events stay the one source
of truth; everything here can be rebuilt from them (``snapshot_rebuild``)."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import (
    BooleanField,
    Case,
    F,
    IntegerField,
    JSONField,
    PositiveSmallIntegerField,
    Value,
    When,
)

from matches import snapshot
from matches.engine.board import Board
from matches.engine.names import name_key
from matches.models import Event, Match, MatchPlayer

from . import figures
from .common import Replayed, host_changed, player_for, replay, seat_colours

# The kind of each column of a standing a step may change, for a value
# written by seat (``_step_standings``).
COLUMN_FIELDS = {
    "total": IntegerField(),
    "seated": BooleanField(),
    "place": PositiveSmallIntegerField(),
    "shared": BooleanField(),
    "won": BooleanField(),
    "leader": BooleanField(),
    "closed": BooleanField(),
    "no_winner": BooleanField(),
    "figures": JSONField(),
}


def standing(head: dict[str, Any], seat: int) -> dict[str, Any]:
    """A player's row of a match (``MatchPlayer``), from its snapshot head:
    every column but the match and the player."""
    name = head["seats"][seat]
    place = head["places"][seat]
    closed = head["status"] == "closed"
    return {
        "seat": seat,
        "total": head["totals"][seat],
        # At the table: not left (a game's out player has not left).
        "seated": head["left_after"][seat] is None,
        "place": place[0] if place else None,
        "shared": bool(place and place[1]),
        "won": head["winner"] == name,
        "leader": head["leader"] == name,
        "closed": closed,
        "no_winner": closed and head["winner"] is None,
        "figures": head["figures"][seat],
    }


def store(match: Match, replayed: Replayed) -> None:
    """Write the cache of ``replayed`` for ``match``, with one more
    ``version``, in the caller's transaction.

    A step (``replayed.before``: the new events only, saved by the caller
    with their entries) writes the match's head and, as one statement, the
    changed columns of its players' rows; it reads no earlier entry unless a
    newcomer sat down (then they follow the new seats: ``snapshot.reseated``).
    A whole replay writes every live event's entry that changed, counts the
    deleted ones and writes the rows anew. Either way the players' figures
    follow (``figures.keep``) and the host's version moves on."""
    head, entries = replayed.taken
    before = replayed.before
    same_seats = before is not None and head["seats"] == before["seats"]
    columns: dict[str, Any] = {
        "engine_version": snapshot.ENGINE_VERSION,
        "status": head["status"],
        "hands_played": head["hands_played"],
        "line": head["target"],
        "snapshot": head,
    }
    if not same_seats:
        # Read again: the caller has saved the events as they now stand.
        events = list(match.events.order_by("position").only("pk", "result", "deleted"))
        live = [event for event in events if event.deleted is None]
        columns["deleted_count"] = len(events) - len(live)
        if before is not None:  # a newcomer sat down: earlier entries follow the seats
            earlier = [event.result for event in live[: before["event_count"]]]
            entries = [
                *snapshot.reseated(earlier, before["seats"], head["seats"], match.game),
                *entries,
            ]
        changed = []
        for event, entry in zip(live, entries, strict=True):
            if event.result != entry:
                event.result = entry
                changed.append(event)
        Event.objects.bulk_update(changed, ["result"], batch_size=500)
    match.version += 1
    for name, value in columns.items():
        setattr(match, name, value)
    Match.objects.filter(pk=match.pk).update(version=match.version, **columns)
    if same_seats:
        _step_standings(match, before, head)  # type: ignore[arg-type]
    else:
        _new_standings(match, head)
    host_changed(match.host_id)


def _step_standings(match: Match, before: dict[str, Any], head: dict[str, Any]) -> None:
    """The rows of a step that seated nobody new: each changed seat's
    changed columns (by seat: no row is read; a hand changes one or two),
    and the players' figures from the heads before and after."""
    old = [standing(before, seat) for seat in range(len(head["seats"]))]
    new = [standing(head, seat) for seat in range(len(head["seats"]))]
    changes = {
        seat: changed
        for seat, (was, now) in enumerate(zip(old, new, strict=True))
        if (changed := {column: value for column, value in now.items() if was[column] != value})
    }
    if len(changes) > figures.FEW_ROWS:
        # Everyone's row changed (each player charged): one statement.
        # Everyone's row changed (each player charged): one statement, each
        # column its value by seat.
        columns = sorted({column for changed in changes.values() for column in changed})
        values = {
            column: Case(
                *(
                    When(
                        seat=seat, then=Value(new[seat][column], output_field=COLUMN_FIELDS[column])
                    )
                    for seat in changes
                ),
                default=F(column),
                output_field=COLUMN_FIELDS[column],
            )
            for column in columns
        }
        written = MatchPlayer.objects.filter(match=match, seat__in=changes).update(**values)
        if written != len(changes):
            raise IntegrityError(f"match {match.pk} lacks a standing of seats {sorted(changes)}")
        changes = {}
    for seat, changed in changes.items():
        if MatchPlayer.objects.filter(match=match, seat=seat).update(**changed) != 1:
            # The rows are out of line with the snapshot (never, but by hand):
            # said loudly, and the write's transaction rolls back.
            raise IntegrityError(f"match {match.pk} has no standing for seat {seat}")
    part = figures.Part.of_columns
    parts = {seat: (part(old[seat]), part(new[seat])) for seat in range(len(new))}
    figures.keep_seats(match, parts)


def _new_standings(match: Match, head: dict[str, Any]) -> None:
    """The rows of a whole replay (or of a step that seated a newcomer):
    written anew from ``head``, and the players' figures moved by what
    changed from the rows before."""
    old = {
        row.player.key: row
        for row in MatchPlayer.objects.filter(match=match).select_related("player")
    }
    players = {key: row.player for key, row in old.items()}
    for seat in match.seats.select_related("player"):
        players.setdefault(seat.player.key, seat.player)
    for name in head["seats"]:
        if name_key(name) not in players:
            players[name_key(name)] = player_for(match.host_id, name)
    seated = [players[name_key(name)] for name in head["seats"]]
    seat_colours(match, head["seats"], seated)
    rows = [
        MatchPlayer(match=match, player=player, **standing(head, seat))
        for seat, player in enumerate(seated)
    ]
    MatchPlayer.objects.filter(match=match).delete()
    MatchPlayer.objects.bulk_create(rows)
    was = {row.player_id: figures.Part.of(row) for row in old.values()}
    now = {row.player_id: figures.Part.of(row) for row in rows}
    figures.keep(match.game, {pk: (was.get(pk), now.get(pk)) for pk in {*was, *now}})


@transaction.atomic
def snapshot_rebuild(match: Match) -> Match:
    """Replay ``match`` and store its snapshot again, for one that is stale
    (an older engine's, ``snapshot.ENGINE_VERSION``) or missing.

    Returns:
        The match, locked, with its new snapshot.

    Raises:
        RuleError: the stored events break the rules of today's engine.
    """
    locked = Match.objects.select_for_update().for_replay().get(pk=match.pk)
    store(locked, replay(locked))
    return locked


def current_head(match: Match) -> dict[str, Any]:
    """The stored snapshot head of ``match``, rebuilt first when an older
    engine wrote it (or none did)."""
    if not match.snapshot_current:
        rebuilt = snapshot_rebuild(match)
        for name in Match.HEAD_FIELDS:
            setattr(match, name, getattr(rebuilt, name))
    return match.snapshot  # type: ignore[return-value]


def snapshots_rebuild_stale(*, batch: int = 200) -> int:
    """Rebuild every snapshot an older engine wrote, or none wrote; returns
    how many were rebuilt."""
    rebuilt = 0
    while True:
        stale = list(
            Match.objects.exclude(engine_version=snapshot.ENGINE_VERSION).values_list(
                "pk", flat=True
            )[:batch]
        )
        if not stale:
            return rebuilt
        for pk in stale:
            snapshot_rebuild(Match(pk=pk))
            rebuilt += 1


def current_board(match: Match) -> Board:
    """``match``'s board as its stored head says (no hand listed), the head
    rebuilt first when stale."""
    head = current_head(match)
    return snapshot.board(match.house_rules(), {**head, "events": []})


def replay_board(match: Match) -> Board:
    """``match``'s board replayed from every live event (``match`` read
    ``for_replay``): every hand listed."""
    return replay(match).board
