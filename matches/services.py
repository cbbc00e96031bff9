"""Every write that touches the match tables. Each runs in one transaction,
checks the change by replaying the match through the engine first, and
stores nothing when the engine refuses it (``RuleError``). Each also stores,
in the same transaction, the snapshot of the replay it made (``_store``): the
events stay the one source of truth, and the snapshot is their cache."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import cached_property, lru_cache
from typing import Any, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.contrib.humanize.templatetags.humanize import ordinal
from django.db import IntegrityError, connection, models, transaction
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from matches import kept, scoring
from matches.models import (
    SNAPSHOT_COLUMNS,
    Event,
    Match,
    MatchPlayer,
    Player,
    Seat,
    ShareLink,
    rule_columns,
)
from matches.prepared import Prepared
from matches.scoring import snapshot
from matches.scoring.engine import clean_name, name_key
from matches.scoring.matchfile import read_event, read_match, rename_in_event

T = TypeVar("T")


@dataclass(frozen=True)
class Replayed:
    """A match as the engine took it, and the board replaying it gave; for a
    step, ``before`` is the stored snapshot head the replay went on from
    (and ``match`` holds only the new events)."""

    match: scoring.Match
    board: scoring.Board
    before: dict[str, Any] | None = None
    # For a step: the match's ``version`` whose snapshot ``before`` is.
    version: int | None = None

    @cached_property
    def taken(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """``(head, entries)`` of the snapshot: every live event's entry, or
        for a step the new events' (``snapshot.step``)."""
        if self.before is None:
            data = snapshot.take(self.match, self.board)
            return snapshot.head(data), data["events"]
        return snapshot.step(self.before, self.match, self.board)


def _cache(
    match: Match,
    replayed: Replayed,
    players: dict[str, Player],
    earlier: dict[str, MatchPlayer] | None = None,
) -> tuple[dict[str, Any], list[MatchPlayer]]:
    """The cache of ``replayed`` for ``match``, written nowhere yet: the
    match's cached columns (snapshot head, status, hands played, line, engine
    version) and one unsaved ``MatchPlayer`` row per player who ever sat.
    ``players`` maps ``name_key`` to the host's player, for every name; for a
    step, ``earlier`` maps it to the rows before it, whose figures the new
    entries add to."""
    head, entries = replayed.taken
    board = replayed.board
    columns = _match_columns(replayed)
    lowest = board.rules.leader_is_lowest
    kept = snapshot.figures({"seats": head["seats"], "events": entries}, lowest_wins=lowest)
    if earlier is not None:
        for seat, name in enumerate(head["seats"]):
            row = earlier.get(name_key(name))
            if row is not None:
                kept[seat] = _added(row, kept[seat])
    closed = head["status"] == "closed"
    gin = board.game == scoring.GIN
    rows = [
        MatchPlayer(
            match=match,
            player=players[name_key(name)],
            seat=seat,
            total=head["totals"][seat],
            seated=head["seated"][seat],
            place=head["places"][seat][0] if head["places"][seat] else None,
            shared=bool(head["places"][seat] and head["places"][seat][1]),
            won=head["winner"] == name,
            leader=head["leader"] == name,
            closed=closed,
            no_winner=closed and head["winner"] is None,
            gin=gin,
            margin=head["margin"] if gin and head["winner"] == name else None,
            **kept[seat],
        )
        for seat, name in enumerate(head["seats"])
    ]
    return columns, rows


def _match_columns(replayed: Replayed) -> dict[str, Any]:
    """The match's cached columns for ``replayed``: the snapshot head, its
    status, hands played and line as columns, and the engine's version."""
    board = replayed.board
    return {
        "engine_version": snapshot.ENGINE_VERSION,
        "status": board.status,
        "hands_played": board.hands_played,
        "line": board.target,
        "snapshot": replayed.taken[0],
    }


def _write_match(match: Match, columns: dict[str, Any]) -> None:
    """Store the match's cached ``columns`` with one more ``version`` (one
    statement), and set them on ``match`` as stored."""
    match.version += 1
    for name, value in columns.items():
        setattr(match, name, value)
    _write_values(Match, ("version", *columns), [(match.pk, [match.version, *columns.values()])])


def _added(row: MatchPlayer, new: dict[str, Any]) -> dict[str, Any]:
    """A row's figures (``snapshot.figures``) with those of new entries added."""
    bests = [best for best in (row.best_hand, new["best_hand"]) if best is not None]
    added = {
        name: getattr(row, name) + new[name] for name in snapshot.FIGURES if name != "best_hand"
    }
    return {**added, "best_hand": max(bests) if bests else None}


def _table(model: type[models.Model]) -> str:
    """``model``'s table, quoted for the database (the statements written by hand)."""
    return connection.ops.quote_name(model._meta.db_table)


def _column(model: type[models.Model], name: str) -> str:
    """The column of ``model``'s field ``name`` (``"pk"``: its primary key), quoted."""
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    return connection.ops.quote_name(field.column)


def _store(match: Match, replayed: Replayed, *, figures: bool = True) -> bool:
    """Write the cache of ``replayed`` for ``match`` (``_cache``) with one
    more ``version``, and bring the players' figures along (``figures=False``:
    the caller counts them afresh once, after many matches). Called inside
    the transaction of the write the replay checked.

    A step (``replayed.before``) adds the new events' entries (the caller
    saved them with the events), updates the players' rows that changed (one
    statement, run for each row), and reads no earlier entry unless a
    newcomer sat down: then it reseats them (``snapshot.reseated``). A whole
    replay reads the events again as the caller saved them, writes every live
    event's entry that changed and counts the deleted ones, and writes the
    rows anew. Returns True for the usual step (``_store_step``), which
    writes no earlier event's entry."""
    if figures and _store_step(match, replayed):
        return True
    step = replayed.before is not None
    if step:
        old = list(MatchPlayer.objects.filter(match=match).select_related("player"))
        players = {row.player.key: row.player for row in old}
    else:
        players = {seat.player.key: seat.player for seat in match.seats.all()}
    for seat in replayed.board.seats:
        if name_key(seat.name) not in players:
            players[name_key(seat.name)] = _player_for(match.host_id, seat.name)
    earlier = {row.player.key: row for row in old} if step else None
    columns, new = _cache(match, replayed, players, earlier)
    head, entries = replayed.taken
    if not step or head["seats"] != replayed.before["seats"]:
        # Read again: the caller has saved the events as they now stand.
        events = list(match.events.order_by("position").only("pk", "result", "deleted"))
        live = [event for event in events if event.deleted is None]
        columns["deleted_count"] = len(events) - len(live)
        if step:  # a newcomer sat down: the earlier entries follow the seats
            live = live[: replayed.before["event_count"]]
            old_seats = replayed.before["seats"]
            entries = snapshot.reseated([event.result for event in live], old_seats, head["seats"])
        _write_entries(list(zip(live, entries, strict=True)))
    _write_match(match, columns)
    if not step:
        old = list(MatchPlayer.objects.filter(match=match))
    was = {row.player_id: row for row in old}
    if step and len(new) == len(old):  # nobody new sat down: the seats stay
        for row in new:
            row.pk = was[row.player_id].pk
        changed = [
            row
            for row in new
            if any(getattr(row, name) != getattr(was[row.player_id], name) for name in STANDING)
        ]
        _write_fields(MatchPlayer, STANDING, changed)
    else:
        if old:
            MatchPlayer.objects.filter(match=match).delete()
        MatchPlayer.objects.bulk_create(new)
    if figures:
        _keep_player_figures(old, new)
    return False


def _store_step(match: Match, replayed: Replayed) -> bool:
    """``_store`` of the usual step, a new event in an open match that stays
    open with the same seats (a hand, a leave, a line move that closes
    nothing): nothing read, a statement a table. The match's columns; each
    seat's standing and figures, the new entries' added to the row's (one
    statement, run for each seat); the figures of the players whose changed,
    likewise (the host's stamp is renewed by the database: ``HostStamp``).
    Returns False, having written nothing, for any other write (``_store``
    does it).

    docs/rules.md and docs/gin.md, "Scoring one hand", through
    ``snapshot.figures``."""
    before = replayed.before
    if before is None:
        return False
    head, entries = replayed.taken
    if head["seats"] != before["seats"] or head["status"] != "open" or before["status"] != "open":
        return False
    _write_match(match, _match_columns(replayed))
    seats = head["seats"]
    added = snapshot.figures(
        {"seats": seats, "events": entries},
        lowest_wins=replayed.board.rules.leader_is_lowest,
    )
    gin = replayed.board.game == scoring.GIN
    standings, players = [], []
    for seat, name in enumerate(seats):
        part = added[seat]
        best = part["best_hand"]
        counts = [part[figure] for figure in STEP_COUNTS]
        standings.append(
            [head["totals"][seat], head["seated"][seat], head["leader"] == name, *counts]
            + [best, best, match.pk, seat]
        )
        own = [part[figure] for figure in (GIN_STEP_COUNTS if gin else RUMMY_STEP_COUNTS)]
        if any(own) or best is not None:
            players.append([*own, *([] if gin else [best, best]), match.pk, seat])
    with connection.cursor() as cursor:
        cursor.executemany(_step_standings_sql(connection.vendor), standings)
        if cursor.rowcount != len(seats):
            # The rows are out of line with the snapshot (never, but by hand):
            # said loudly, and the save's transaction rolls back.
            raise IntegrityError(f"match {match.pk} has no standing for each of its seats")
        if players:
            cursor.executemany(_step_players_sql(connection.vendor, gin), players)
    return True


# The figures a step adds to a match's row (``snapshot.figures``, but the best
# hand), and those that the player's own figures add up: Rummy's under the
# same names, Gin's under the names of ``GIN_ADDED``.
STEP_COUNTS = tuple(name for name in snapshot.FIGURES if name != "best_hand")
RUMMY_STEP_COUNTS = ("hands_out", "rummies", "take")
GIN_STEP_COUNTS = ("hands_won", "gins", "big_gins", "undercuts_given", "undercuts_taken")
# Never lower: the best of the best so far and this step's (NULL: none).
KEEP_BEST = "{0} = CASE WHEN {0} IS NULL OR {0} < %s THEN %s ELSE {0} END"


@lru_cache(maxsize=4)
def _step_standings_sql(vendor: str) -> str:
    """``_store_step``'s statement for one seat's row of the match: its
    standing set, this step's figures added."""
    column = {name: _column(MatchPlayer, name) for name in STANDING}
    sets = [f"{column[name]} = %s" for name in ("total", "seated", "leader")]
    sets += [f"{column[name]} = {column[name]} + %s" for name in STEP_COUNTS]
    sets.append(KEEP_BEST.format(column["best_hand"]))
    where = f"{_column(MatchPlayer, 'match')} = %s AND {column['seat']} = %s"
    return f"UPDATE {_table(MatchPlayer)} SET {', '.join(sets)} WHERE {where}"


@lru_cache(maxsize=8)
def _step_players_sql(vendor: str, gin: bool) -> str:
    """``_store_step``'s statement for the player in one seat of the match:
    this step's figures added to theirs (Gin's to their Gin figures)."""
    names = [GIN_ADDED_BY_ROW[name] for name in GIN_STEP_COUNTS] if gin else RUMMY_STEP_COUNTS
    sets = [f"{_column(Player, name)} = {_column(Player, name)} + %s" for name in names]
    if not gin:
        sets.append(KEEP_BEST.format(_column(Player, "best_hand")))
    seat_of = (
        f"SELECT {_column(MatchPlayer, 'player')} FROM {_table(MatchPlayer)} "
        f"WHERE {_column(MatchPlayer, 'match')} = %s AND {_column(MatchPlayer, 'seat')} = %s"
    )
    return (
        f"UPDATE {_table(Player)} SET {', '.join(sets)} WHERE {_column(Player, 'pk')} = ({seat_of})"
    )


def _write_entries(pairs: list[tuple[Event, dict[str, Any]]]) -> None:
    """Give each event its snapshot entry, writing only those that changed."""
    _write_json(
        Event, "result", [(event.pk, entry) for event, entry in pairs if event.result != entry]
    )


# What a write may change in a match's ``MatchPlayer`` row.
STANDING = (
    "seat",
    "total",
    "seated",
    "place",
    "shared",
    "won",
    "leader",
    "closed",
    "no_winner",
    "margin",
    *snapshot.FIGURES,
)


# The figures a MatchPlayer row adds to its player's (``Player.played`` etc.).
ADDED = ("closed", "won", "no_winner", "hands_out", "rummies", "take")
# A Gin match's part of a player's figures: the player's column, the row's.
GIN_ADDED = {
    "gin_closed": "closed",
    "gin_won": "won",
    "gin_no_winner": "no_winner",
    "gin_hands_won": "hands_won",
    "gins": "gins",
    "big_gins": "big_gins",
    "undercuts_given": "undercuts_given",
    "undercuts_taken": "undercuts_taken",
    "gin_margin": "margin",
}
KEPT = ("played", *ADDED, "gin_played", *GIN_ADDED)
# A Gin row's figure, by the player's column it adds to.
GIN_ADDED_BY_ROW = {row: player for player, row in GIN_ADDED.items()}


def _part(row: MatchPlayer | None) -> dict[str, int]:
    """A match's row as what it adds to the player's kept counts: a Rummy
    row to Rummy's, a Gin row to Gin's."""
    part = dict.fromkeys(KEPT, 0)
    if row is None:
        return part
    if row.gin:
        part["gin_played"] = 1
        part.update({name: int(getattr(row, column) or 0) for name, column in GIN_ADDED.items()})
    else:
        part["played"] = 1
        part.update({name: int(getattr(row, name)) for name in ADDED})
    return part


def _keep_player_figures(old: list[MatchPlayer], new: list[MatchPlayer]) -> None:
    """Bring the players' figures in line with a match's new rows: add what
    changed (one update per player whose part changed), and read again what
    cannot be added up (the best hand when it may have gone down, the last
    five results when a closed match is involved). Same transaction."""
    before = {row.player_id: row for row in old}
    after = {row.player_id: row for row in new}
    involved = sorted(set(before) | set(after))
    closed_involved = any(row.closed for row in (*old, *new))
    for player_id in involved:
        was, now = before.get(player_id), after.get(player_id)
        gained, lost = _part(now), _part(was)
        delta = {name: gained[name] - lost[name] for name in KEPT}
        changes: dict[str, Any] = {name: F(name) + step for name, step in delta.items() if step}
        old_best = was.best_hand if was else None
        new_best = now.best_hand if now else None
        if new_best != old_best:
            if old_best is None or (new_best is not None and new_best > old_best):
                changes["best_hand"] = Case(
                    When(
                        Q(best_hand__isnull=True) | Q(best_hand__lt=new_best), then=Value(new_best)
                    ),
                    default=F("best_hand"),
                )
            else:  # it may have gone down: read it again from every match
                changes["best_hand"] = Subquery(
                    MatchPlayer.objects.filter(player_id=player_id)
                    .values("player_id")
                    .annotate(best=Max("best_hand"))
                    .values("best")[:1]
                )
        if changes:
            Player.objects.filter(pk=player_id).update(**changes)
    if closed_involved:
        # One match's rows: its game's last results are the ones that moved.
        gin = any(row.gin for row in (*old, *new))
        field = "gin_recent" if gin else "recent"
        for player_id in involved:
            Player.objects.filter(pk=player_id).update(**{field: _recent(player_id, gin=gin)})


RECENT_RESULTS = 5


def _recent(player_id: int, *, gin: bool = False) -> list[list[Any]]:
    """A player's last five closed Rummy matches (``gin``: Gin Rummy's),
    newest first: ``[public_id, created ISO, place, shared, left]``."""
    rows = (
        MatchPlayer.objects.filter(player_id=player_id, closed=True, gin=gin)
        .select_related("match")
        .only("place", "shared", "seated", "match__public_id", "match__created")
        .order_by("-match__created", "-match_id")[:RECENT_RESULTS]
    )
    return [
        [row.match.public_id, row.match.created.isoformat(), row.place, row.shared, not row.seated]
        for row in rows
    ]


def _replay(match: Match, events: list[dict] | None = None, **changes: object) -> Replayed:
    """Replay ``match`` (its live events, or ``events`` in match-file shape;
    ``changes`` replace fields of the engine's match, such as ``rules``)."""
    engine_match = replace(match.engine_match(events), **changes)
    return Replayed(engine_match, scoring.replay(engine_match))


@transaction.atomic
def snapshot_rebuild(match: Match) -> Match:
    """Replay ``match`` and store its snapshot again, for one that is stale
    (made by an older engine, ``snapshot.ENGINE_VERSION``) or missing.

    Returns:
        The match, locked and with its new snapshot.

    Raises:
        RuleError: the stored events break the rules of today's engine.
    """
    locked = _locked(match, writing=False)
    _store(locked, _replay(locked))
    return locked


def current_head(match: Match) -> dict:
    """The stored snapshot head of ``match`` (everything but the entries),
    rebuilt first when an older engine wrote it (or none did)."""
    if not match.snapshot_current:
        rebuilt = snapshot_rebuild(match)
        for name in SNAPSHOT_COLUMNS:
            setattr(match, name, getattr(rebuilt, name))
        match.__dict__.pop("_shown_events", None)
    return match.snapshot


def current_snapshot(match: Match, *, last_hands: int | None = None) -> dict:
    """The whole stored snapshot of ``match``, its head and every live
    event's entry (one query; with ``last_hands``, the entries of that many
    last hands only), rebuilt first when an older engine wrote it: what the
    pages that show every hand (the sheet, the CSV, a shared board) call.
    The head is the one the entries go with (``Match.entries``)."""
    current_head(match)
    entries = match.entries(last_hands=last_hands)
    return {**match.snapshot, "events": entries}


def snapshots_rebuild_stale(*, batch: int = 200) -> int:
    """Rebuild every snapshot an older engine wrote, or none wrote.

    Args:
        batch: matches read at a time.

    Returns:
        How many were rebuilt.
    """
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


def _player_for(host_id: int, name: str) -> Player:
    """The host's player of that name (any letter case, as the engine
    compares names: ``name_key``, stored as ``Player.key``), created if new."""
    key = name_key(name)
    player = Player.objects.filter(host_id=host_id, key=key).first()
    if player is not None:
        return player
    try:
        # Nested, so that on PostgreSQL the transaction outlives a refusal.
        with transaction.atomic():
            return Player.objects.create(host_id=host_id, name=name)
    except IntegrityError:
        # Another request created the same new name meanwhile (the per-host
        # key constraint): theirs is committed now, so it is the one.
        return Player.objects.get(host_id=host_id, key=key)


FORM_OUT_OF_DATE = "This form is out of date: reload the page, then enter it again."


def _once(
    create: Callable[[], T], earlier: models.QuerySet[T], token: uuid.UUID | None
) -> tuple[T, bool]:
    """Create a row a one-time form token names (a match, an event):
    ``(row, True)``; or, when the same form arrived twice at once and the
    other copy created it between our check and our insert, ``(that row,
    False)`` from ``earlier`` (the token's row where this form may find it).

    Raises:
        RuleError: ``FORM_OUT_OF_DATE``, the token is held by a row
            ``earlier`` does not reach (another host's, another match's):
            said plainly, nothing of it shown, nothing saved.
        IntegrityError: another constraint, or no token.
    """
    try:
        # Nested, so that on PostgreSQL the transaction outlives a refusal.
        with transaction.atomic():
            return create(), True
    except IntegrityError:
        if token is None:
            raise
        found = earlier.first()
        if found is None:
            raise scoring.RuleError(FORM_OUT_OF_DATE) from None
        return found, False


@transaction.atomic
def match_create(
    *,
    host: AbstractBaseUser,
    players: list[str],
    first_dealer: str | None,
    rules: scoring.HouseRules,
    token: uuid.UUID | None = None,
) -> Match:
    """Create a match with its starting seats.

    Args:
        host: the user who keeps the score.
        players: 2 to 6 names in seat order; a name the host used before (in
            any letter case) reuses that player.
        first_dealer: the name of the first hand's dealer (None: the first seat).
        rules: the house rules; ``decks`` None takes the default for the
            number of players.
        token: the one-time token of the form that sent it; a second
            submission returns the match the first one created.

    Returns:
        The new ``Match`` (or the one this token created before).

    Raises:
        RuleError: the engine refuses the players or rules (``key`` and
            ``field`` say which), or ``token`` is not this host's to use
            (``FORM_OUT_OF_DATE``); nothing is saved.

    docs/rules.md, "House rules" and "Seats, dealer and deal size".
    """
    if token is not None:
        earlier = Match.objects.filter(host=host, token=token).first()
        if earlier is not None:
            return earlier
    board = scoring.replay(scoring.Match(rules=rules, players=players, first_dealer=first_dealer))
    seated = [_player_for(host.pk, name) for name in board.seated]
    dealer = seated[board.seated.index(board.next_hand.dealer)]
    match, created = _once(
        lambda: Match.objects.create(
            host=host,
            first_dealer=dealer,
            token=token,
            **rule_columns(board.rules),
        ),
        Match.objects.filter(host=host, token=token),
        token,
    )
    if not created:
        return match
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position)
        for position, player in enumerate(seated)
    )
    stored = Match.objects.for_board().get(pk=match.pk)
    _store(stored, _replay(stored))
    match.refresh_from_db()
    return match


@dataclass(frozen=True)
class Recorded:
    """What ``event_record`` did: the event, and whether it was new (False
    when the same form had already recorded it); ``match`` is the match as
    stored after it (its snapshot current), for the page to draw."""

    event: Event
    created: bool
    match: Match | None = None


ABANDONED = "This match is set aside as abandoned: resume it to change the score."


NO_TOKEN = uuid.UUID(int=0)  # no form's: uuid4 never makes it


def _locked_rows(token: uuid.UUID, *, waits: bool, **where: Any) -> models.QuerySet[Match]:
    """The match ``where`` finds, locked (PostgreSQL: its row; SQLite's
    IMMEDIATE transactions hold the write lock already), with its live share
    link's token, the highest position among its events (``top``, None:
    none) and the event a form's ``token`` recorded and that event's match,
    of any host (``earlier``, ``earlier_match``, None: none): one read.
    Where the statement may wait for the row's lock (``waits``), also the
    version it saw before any wait (``seen``, ``_lock``)."""
    rows = Match.objects.select_for_update().with_share_token().filter(**where)
    rows = rows.annotate(**_next_position(token))
    if waits:
        rows = rows.annotate(
            seen=Subquery(Match.objects.filter(pk=OuterRef("pk")).values("version")[:1])
        )
    return rows[:1]


def _next_position(token: uuid.UUID) -> dict[str, Any]:
    """The annotations of a match's row with the highest position among its
    events and the event ``token`` recorded, with its match (``Locked``)."""
    return {
        "top": Subquery(
            Event.objects.filter(match_id=OuterRef("pk"))
            .order_by("-position")
            .values("position")[:1]
        ),
        "earlier": Subquery(Event.objects.filter(token=token).values("pk")[:1]),
        "earlier_match": Subquery(Event.objects.filter(token=token).values("match_id")[:1]),
    }


def _lock_may_wait() -> bool:
    """Whether the statement that locks a match may wait for its lock in
    the middle of reading. SQLite's IMMEDIATE transaction holds the
    database's write lock from its start, so all the statement reads is
    current. PostgreSQL's statement waits for the row's lock and then reads
    the row as it stands, but anything else as it stood before the wait (an
    event the other transaction recorded meanwhile)."""
    return connection.vendor != "sqlite"


SAMPLE_TOKEN = uuid.UUID(int=8_191)


def _locked_lookups(where: Callable[..., dict[str, Any]], **samples: Any) -> dict[bool, Prepared]:
    """``_locked_rows`` of the match ``where(**values)`` filters on, the ORM's
    query written once: for a database where the lock may wait (``True``,
    ``_lock_may_wait``), or not. ``samples`` as ``Prepared`` takes them."""
    return {
        waits: Prepared(
            lambda token, waits=waits, **values: _locked_rows(
                token, waits=waits, **where(**values)
            ),
            token=SAMPLE_TOKEN,
            **samples,
        )
        for waits in (True, False)
    }


# A match by its row's id; a host's match by its public id (the pages that
# save a hand).
LOCKED_MATCH = _locked_lookups(lambda pk: {"pk": pk}, pk=-8_191)
LOCKED_HOST_MATCH = _locked_lookups(
    lambda public_id, host: {"public_id": public_id, "host_id": host},
    public_id="\x00public_id",
    host=-8_191,
)
# What a second statement reads after the locking one waited for the lock.
AFTER_WAIT = Prepared(
    lambda match, token: (
        Match.objects.filter(pk=match)
        .with_share_token()
        .annotate(**_next_position(token))
        .values_list("top", "earlier", "earlier_match", "share_token")
    ),
    match=-8_191,
    token=SAMPLE_TOKEN,
)


def _lock(lookup: dict[bool, Prepared], token: uuid.UUID | None, **where: Any) -> Locked | None:
    """The match ``lookup`` finds with ``where``, locked, as ``Locked``: one
    statement, and a second only where it waited for another write's lock.

    A write changes the match's ``version`` with its events, in one
    transaction. The locked row is read as it stands after any wait, while
    the row's ``seen`` version is read as everything else in the statement
    was: where they differ, another write committed while this one waited,
    and its events (the next position, a form token's event) are read
    again."""
    waits = _lock_may_wait()
    token = token or NO_TOKEN
    match = lookup[waits].first(**where, token=token)
    if match is None:
        return None
    found = match.__dict__
    locked = Locked(match, found.pop("top"), found.pop("earlier"), found.pop("earlier_match"))
    if waits and found.pop("seen") != match.version:
        *read, match.share_token = AFTER_WAIT.values(match=match.pk, token=token)
        locked = Locked(match, *read)
    return locked


@dataclass(frozen=True)
class Locked:
    """A match read and locked for a write (``match_locked``): its row, with
    its live share link's token (``share_token``); the highest position among
    its events (``top``, None: none yet), deleted ones too, which keep
    theirs; and the event the form's token recorded (``earlier``, None:
    none) and that event's match (``earlier_match``), of any host."""

    match: Match
    top: int | None = None
    earlier: int | None = None
    earlier_match: int | None = None

    def recorded_here(self) -> Event | None:
        """The event of this match that the form's token recorded (a double
        tap, a resend after a lost answer, the back button); None when the
        token recorded nothing here."""
        if self.earlier is None or self.earlier_match != self.match.pk:
            return None
        return Event.objects.get(pk=self.earlier)


def match_locked(*, host_id: int, public_id: str, token: uuid.UUID | None = None) -> Locked | None:
    """The host's match ``public_id``, locked for a write in the caller's
    transaction, read once for everything a new event needs (``Locked``; in
    one statement, two where it waited for another write's lock: ``_lock``), so
    that a page that checks a form on the match records it in the same
    transaction, reading nothing twice (``event_record(locked=...)``).

    Args:
        host_id: the signed-in host's user id.
        public_id: the match's id in its addresses.
        token: the one-time token of the form being saved (None: none).

    Returns:
        The ``Locked`` match, or None when the host has no such match.

    Raises:
        TransactionManagementError: not called inside a transaction.
    """
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("match_locked runs in a transaction")
    return _lock(LOCKED_HOST_MATCH, token, public_id=public_id, host=host_id)


def _locked(match: Match, *, writing: bool = True) -> Match:
    """The match again, locked for this transaction (PostgreSQL: the row;
    SQLite: its IMMEDIATE transactions already take the write lock), with
    everything its board needs: its seats and every event.

    Raises:
        RuleError: ``writing`` to a match that is abandoned.
    """
    locked = Match.objects.select_for_update().get(pk=match.pk)
    if writing and locked.abandoned is not None:
        raise scoring.RuleError(ABANDONED)
    return Match.objects.for_board().get(pk=locked.pk)


def event_check(*, match: Match, data: dict, replacing: int | None = None) -> Replayed:
    """Replay ``match`` with ``data`` as its newest event, or in place of the
    live event ``replacing`` (an id), saving nothing.

    Args:
        match: the match (a new event goes on from its stored snapshot; a
            replacement reads its events, prefetched or not).
        data: the event in match-file shape (``{"hand": {...}}`` etc.).
        replacing: the id of the live event ``data`` would replace.

    Returns:
        The replay: ``board`` is the board as it would stand. A new event's
        replay, checked on the match as locked, is what ``event_record``
        stores (``checked``): the engine judges the hand once.

    Raises:
        RuleError: the engine refuses the event (``player`` and ``field`` say
            where a form should show the message), or, for a replacement, it
            would make a later event impossible (the message names it).
        Event.DoesNotExist: ``replacing`` is not a live event of the match.
    """
    return _check(match, data, replacing)


def _check(match: Match, data: dict, replacing: int | None = None) -> Replayed:
    """``event_check``, keeping the engine's match for ``_store``. A new
    event is one step from the stored snapshot (the events before it are not
    replayed, nor read)."""
    if replacing is None:
        before = current_head(match)
        step = scoring.Match(
            rules=match.house_rules(),
            players=(),
            events=(read_event(data, before["event_count"], game=match.game),),
        )
        board = scoring.replay(step, snapshot.position(before))
        return Replayed(step, board, before, match.version)
    events = match.live_events()
    if not any(event.pk == replacing for event in events):
        raise Event.DoesNotExist
    edited = [Event(pk=e.pk, data=data if e.pk == replacing else e.data) for e in events]
    return _replay_changed(match, edited, next(e for e in edited if e.pk == replacing))


def event_record(
    *,
    match: Match,
    data: dict,
    token: uuid.UUID | None = None,
    hand_number: int | None = None,
    locked: Locked | None = None,
    checked: Replayed | None = None,
    board_recent: int = 0,
) -> Recorded:
    """Record an event (a hand, a move of the line, a leave or a join).

    Args:
        match: the match.
        data: the event in match-file shape, exactly as entered.
        token: the one-time token of the form that sent it. A second
            submission with the same token records nothing and returns the
            first event (a double tap, a resent form, the back button).
        hand_number: the hand the form was drawn for. When the board has
            moved on since (the same hand saved from another phone or tab),
            nothing is recorded.
        locked: ``match`` as ``match_locked`` read it, with ``token``, in
            the caller's transaction: the event is recorded in that
            transaction, which the caller ends (a refusal leaves it to roll
            back). Without it, in a transaction of its own.
        checked: the replay of ``data`` that a form made (``event_check``);
            kept when made on the version of the match locked here, so the
            engine judges the event once, else made again.
        board_recent: the events (a count) a board drawn after the save
            lists: where this process does not keep them, they are read
            with the insert and kept (``matches.kept``); 0: no board is
            drawn.

    Returns:
        ``Recorded(event, created)``.

    Raises:
        RuleError: the engine refuses the event, ``hand_number`` is not the
            next hand any more, the match is abandoned (``ABANDONED``), or
            ``token`` belongs to another match (``FORM_OUT_OF_DATE``);
            nothing is saved.

    docs/rules.md, all of it, through ``scoring.replay``.
    """
    if locked is not None:
        return _event_record(locked, data, token, hand_number, checked, board_recent)
    with transaction.atomic():
        found = _lock(LOCKED_MATCH, token, pk=match.pk)
        if found is None:
            raise Match.DoesNotExist
        return _event_record(found, data, token, hand_number, checked)


def _event_record(
    locked: Locked,
    data: dict,
    token: uuid.UUID | None,
    hand_number: int | None,
    checked: Replayed | None,
    board_recent: int = 0,
) -> Recorded:
    """``event_record``, inside its transaction, on the match as locked."""
    match = locked.match
    if token is not None and locked.earlier is not None:
        earlier = locked.recorded_here()
        if earlier is None:  # another match's form: nothing of it shown
            raise scoring.RuleError(FORM_OUT_OF_DATE)
        return Recorded(earlier, created=False)
    if match.abandoned is not None:
        raise scoring.RuleError(ABANDONED)
    if hand_number is not None:
        check_hand_number(hand_number, current_head(match)["hands_played"] + 1)
    replayed = checked
    if replayed is None or replayed.before is None or replayed.version != match.version:
        replayed = _check(match, data)
    kind = next(iter(key for key in Event.KINDS if key in data))
    if kind == "join":
        _player_for(match.host_id, clean_name(data["join"]))
    _, (entry,) = replayed.taken
    # The token was looked for under the match's lock: the same form sent
    # twice at once waits for the lock and finds its event above. Deleted
    # events keep their positions, so a new one goes after them all.
    # A board drawn after the save shows the last events: read with the
    # insert where this process does not keep them (its board was drawn by
    # another process, or never), so that the board reads none.
    before, public_id = match.version, match.public_id
    earlier = board_recent if board_recent and match.unkept(board_recent) else 0
    event, rows = _insert_event(match, (locked.top or 0) + 1, kind, data, token, entry, earlier)
    if _store(match, replayed):
        # The board after the save reads no event: this process keeps its
        # events once the new version is stored (``matches.kept``).
        version = match.version
        # Robust: the hand is saved whatever becomes of keeping its events.
        if earlier:
            transaction.on_commit(
                lambda: kept.keep_rows(public_id, before, earlier, rows), robust=True
            )
        transaction.on_commit(lambda: kept.appended(public_id, version, event), robust=True)
    return Recorded(event, created=True, match=match)


# The columns of a new event, in the order ``_insert_event`` writes them.
EVENT_COLUMNS = ("match", "position", "kind", "data", "token", "created", "result")


@lru_cache(maxsize=8)
def _insert_event_sql(vendor: str, earlier: bool = False) -> str:
    """The statement of ``_insert_event`` on this kind of database: an
    insert that does nothing when the token is held already, and gives the
    new row's id; with ``earlier``, also the live events before it, the
    last of them (``LIMIT``), as one JSON array of their columns (as
    ``kept.column`` orders them, the JSON columns as text: ``_earlier_rows``)."""
    columns = ", ".join(_column(Event, name) for name in EVENT_COLUMNS)
    marks = ", ".join(["%s"] * len(EVENT_COLUMNS))
    returning = _column(Event, "pk")
    if earlier:
        as_text = "::text" if vendor == "postgresql" else ""
        values = ", ".join(
            f"e.{_column(Event, name)}"
            + (as_text if isinstance(Event._meta.get_field(name), models.JSONField) else "")
            for name in kept.names()
        )
        # SQLite's subquery hands its rows on as text: json() reads them back.
        row, agg = (
            (f"json_build_array({values})", "json_agg(earlier.row)")
            if vendor == "postgresql"
            else (f"json_array({values})", "json_group_array(json(earlier.row))")
        )
        match, position, deleted = (
            _column(Event, name) for name in ("match", "position", "deleted")
        )
        returning += (
            f", (SELECT {agg} FROM (SELECT {row} AS row FROM {_table(Event)} e "
            f"WHERE e.{match} = %s AND e.{deleted} IS NULL AND e.{position} < %s "
            f"ORDER BY e.{position} DESC LIMIT %s) earlier)"
        )
    return (
        f"INSERT INTO {_table(Event)} ({columns}) VALUES ({marks}) "
        f"ON CONFLICT DO NOTHING RETURNING {returning}"
    )


def _earlier_rows(found: str | list[Any] | None) -> list[tuple[Any, ...]]:
    """The live events ``_insert_event`` read before the new one (the JSON
    array its statement gives: its text, or on PostgreSQL as the driver
    decodes it), oldest first, each as ``kept`` keeps a row: its columns'
    values as a read of the database gives them, a JSON column's as the
    JSON text ``kept`` writes."""
    rows = []
    for values in json.loads(found) if isinstance(found, str) else found or []:
        row = dict(zip(kept.names(), values, strict=True))
        for name in ("created", "deleted"):
            if row[name] is not None:
                moment = parse_datetime(row[name])
                aware = moment if timezone.is_aware(moment) else moment.replace(tzinfo=UTC)
                row[name] = aware.astimezone(UTC)
        if row["token"] is not None:
            row["token"] = uuid.UUID(row["token"])
        for name in ("data", "result"):
            if row[name] is not None:
                row[name] = json.dumps(json.loads(row[name]))
        rows.append(tuple(row.values()))
    return sorted(rows, key=lambda row: row[kept.column("position")])


def _insert_event(
    match: Match,
    position: int,
    kind: str,
    data: dict,
    token: uuid.UUID | None,
    entry: dict,
    earlier: int = 0,
) -> tuple[Event, list[tuple[Any, ...]]]:
    """Insert a new event at ``position``, its snapshot ``entry`` with it
    (one statement, no savepoint), and return it, with the last ``earlier``
    live events before it, read by the same statement (``_earlier_rows``;
    none when ``earlier`` is 0).

    Raises:
        RuleError: ``FORM_OUT_OF_DATE``, the token was used meanwhile by
            another match's event (the same form sent to two matches at the
            same moment: the lock of one match cannot hold the other back).
        IntegrityError: another row holds the position (never, under the
            match's lock).
    """
    event = Event(match=match, position=position, kind=kind, data=data, token=token, result=entry)
    values = [
        match.pk,
        *(
            Event._meta.get_field(name).get_db_prep_save(getattr(event, name), connection)
            for name in EVENT_COLUMNS[1:]
        ),
    ]
    if earlier:
        values += [match.pk, position, earlier]
    with connection.cursor() as cursor:
        cursor.execute(_insert_event_sql(connection.vendor, bool(earlier)), values)
        row = cursor.fetchone()
    if row is None:
        if token is not None and Event.objects.filter(token=token).exists():
            raise scoring.RuleError(FORM_OUT_OF_DATE)
        raise IntegrityError(f"event position {position} of match {match.pk} is taken")
    event.pk = row[0]
    event._state.adding = False
    event._state.db = connection.alias
    return event, _earlier_rows(row[1]) if earlier else []


def check_hand_number(hand_number: int, next_number: int) -> None:
    """Refuse a form drawn for hand ``hand_number`` when the board's next
    hand is ``next_number`` (another screen recorded or took back a hand).

    Raises:
        RuleError: the numbers differ (the whole form's error).
    """
    if hand_number != next_number:
        raise scoring.RuleError(
            f"The board changed on another screen: this form was for hand {hand_number}, "
            f"and the next hand is now hand {next_number}. Check the board, then tap Save "
            "again if this hand is still to be recorded."
        )


@dataclass(frozen=True)
class Undone:
    """What ``event_undo`` did: the event taken back, and whether this
    request took it back (False: an earlier tap of the same button did)."""

    event: Event
    created: bool


@transaction.atomic
def event_undo(*, match: Match, event_id: int | None = None) -> Undone | None:
    """Take back the newest event; it is kept aside and can be restored.

    Args:
        match: the match.
        event_id: the event the Undo button named (the newest the host saw).
            A second tap of that button takes nothing more back; if something
            newer was recorded since (another screen), nothing is taken back.

    Returns:
        ``Undone(event, created)``, or None when there is nothing to take back.

    Raises:
        RuleError: ``event_id`` is neither the newest event nor the one just
            taken back.

    docs/rules.md, "Editing the past" (deleting the last event always leaves a
    match the rules allow).
    """
    match = _locked(match)
    if event_id is not None:
        undone = match.undone_event()
        if undone is not None and undone.pk == event_id:
            return Undone(undone, created=False)  # the second tap of a double tap
    live = match.live_events()
    if not live:
        return None
    last = live[-1]
    if event_id is not None and last.pk != event_id:
        raise scoring.RuleError(
            "Nothing was taken back: the board changed on another screen. "
            "Check the board, then tap Undo again."
        )
    last.deleted = timezone.now()
    last.save(update_fields=["deleted"])
    _store(match, _replay(match, [event.data for event in live[:-1]]))
    return Undone(last, created=True)


@transaction.atomic
def event_restore(*, match: Match, event_id: int) -> Change:
    """Put a deleted event back in its place.

    Returns:
        The board before and after.

    Raises:
        Event.DoesNotExist: no deleted event of that id in this match.
        RuleError: the match with the event back would break a rule (the
            message names the event that would become impossible); nothing
            changes.

    docs/rules.md, "Editing the past".
    """
    match = _locked(match)
    event, before, after = _restored(match, event_id)
    event.deleted = None
    event.save(update_fields=["deleted"])
    _store(match, after)
    return Change(before, after.board)


def event_restore_check(*, match: Match, event_id: int) -> Change:
    """What putting a deleted event back in its place would do, saving
    nothing (the page asks first when later entries follow it).

    Returns:
        The board before and after.

    Raises:
        Event.DoesNotExist, RuleError: as ``event_restore``.

    docs/rules.md, "Editing the past".
    """
    _, before, after = _restored(match, event_id)
    return Change(before, after.board)


def _restored(match: Match, event_id: int) -> tuple[Event, scoring.Board, Replayed]:
    """The deleted event ``event_id`` of ``match``, the board before, and the
    replay with it back in its place."""
    event = Event.objects.get(match=match, pk=event_id, deleted__isnull=False)
    restored = sorted([*match.live_events(), event], key=lambda each: each.position)
    return event, match.board(), _replay_changed(match, restored, event)


@dataclass(frozen=True)
class Change:
    """The board before and after an edit, so the page can say what changed;
    ``written`` False: the edit gave the entry what it said already, and
    nothing was written (``after`` is ``before``)."""

    before: scoring.Board
    after: scoring.Board
    written: bool = True


class LaterEventImpossible(scoring.RuleError):
    """An edit, delete or restore would make a later event impossible
    (docs/rules.md, "Editing the past"). ``shown_index`` is that later event's
    position among the live events as the board shows them now (before the
    change); ``message`` is the engine's refusal of it. The display layer
    words it for the page (``display.refusal``)."""

    def __init__(self, message: str, *, shown_index: int) -> None:
        super().__init__(message)
        self.shown_index = shown_index


def _replay_changed(match: Match, events: list[Event], changed: Event) -> Replayed:
    """Replay ``events`` (with ``changed`` among them, or just removed).

    Raises:
        RuleError: the engine's refusal of the changed event itself.
        LaterEventImpossible: the change would make a later event impossible.
    """
    datas = [event.data for event in events]
    try:
        return _replay(match, datas)
    except scoring.RuleError as error:
        if error.index is not None and events[error.index].pk != changed.pk:
            shown = [event.pk for event in match.live_events()]
            raise LaterEventImpossible(
                error.message, shown_index=shown.index(events[error.index].pk)
            ) from None
        raise


def data_version(data: dict) -> str:
    """A short fingerprint of an event as stored: an edit page sends back the
    one it was drawn from, so an edit made meanwhile elsewhere is not lost."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


@transaction.atomic
def event_edit(*, match: Match, event_id: int, data: dict, version: str | None = None) -> Change:
    """Replace what an earlier event says; everything after it is recomputed.

    Args:
        match: the match.
        event_id: a live event of that match.
        data: the event as now entered, in match-file shape.
        version: ``data_version`` of the event as the edit page showed it.

    Returns:
        The board before and after; ``written`` False, with nothing
        written, when the entry says ``data`` already (saved again as it was).

    Raises:
        Event.DoesNotExist: no live event of that id in this match.
        RuleError: the edited event breaks a rule, it would make a later
            event impossible (the message names that event), or it was
            changed on another screen since ``version``; nothing changes.

    docs/rules.md, "Editing the past".
    """
    match = _locked(match)
    current = next((event for event in match.live_events() if event.pk == event_id), None)
    if current is not None and current.data == data:
        before = match.board()
        return Change(before, before, written=False)
    if current is not None and version is not None and data_version(current.data) != version:
        raise scoring.RuleError(
            "This entry was changed on another screen since you opened it; it now shows "
            "that change. Check it, then save again."
        )
    before = match.board()
    after = _check(match, data, replacing=event_id)
    Event.objects.filter(pk=event_id).update(data=data)
    _store(match, after)
    return Change(before, after.board)


@transaction.atomic
def event_delete(*, match: Match, event_id: int) -> Change:
    """Delete an event: it never happened (later dealers shift). It is kept
    aside and can be restored.

    Raises:
        Event.DoesNotExist: no live event of that id in this match.
        RuleError: without it a later event would be impossible (the message
            names that event); nothing changes.

    docs/rules.md, "Editing the past".
    """
    match = _locked(match)
    events = match.live_events()
    event = next((each for each in events if each.pk == event_id), None)
    if event is None:
        raise Event.DoesNotExist
    before = match.board()
    after = _replay_changed(match, [each for each in events if each.pk != event_id], event)
    event.deleted = timezone.now()
    event.save(update_fields=["deleted"])
    _store(match, after)
    return Change(before, after.board)


@transaction.atomic
def match_rules_change(*, match: Match, rules: scoring.HouseRules) -> Match:
    """Change the house rules of a match that has no hand recorded yet.

    Args:
        match: the match.
        rules: the new house rules (``target`` is the line at the start).

    Raises:
        RuleError: a hand is recorded already (the rules are fixed once the
            first hand is), or the engine refuses the rules or the events
            recorded so far under them; nothing changes.

    docs/rules.md, "House rules" (the last paragraph).
    """
    match = _locked(match)
    live = match.live_events()
    if any(event.kind == "hand" for event in live):
        raise scoring.RuleError("The house rules are fixed once the first hand is recorded.")
    checked = _replay(match, rules=rules)
    columns = rule_columns(checked.board.rules)
    for name, value in columns.items():
        setattr(match, name, value)
    match.save(update_fields=list(columns))
    _store(match, checked)
    return match


@transaction.atomic
def match_rematch(*, match: Match, token: uuid.UUID | None = None) -> Match:
    """A new match with the players still seated, in their seats, the same
    house rules (the line as it stood at the end) and the deal moved one seat
    along from the first dealer of ``match``.

    Returns:
        The new ``Match``; when ``match`` has a rematch already (Rematch
        tapped on two phones at once, or a form sent again), that one.

    Raises:
        RuleError: ``token`` is another host's (``FORM_OUT_OF_DATE``).

    docs/rules.md, "Seats, dealer and deal size".
    """
    # Locked, so that two Rematch taps at once make one next match.
    match = _locked(match, writing=False)
    if match.next_match_id is not None:
        return Match.objects.get(pk=match.next_match_id)
    board = match.board(recent=0)
    dealer = scoring.seat_after(
        [seat.name for seat in board.seats], board.seated, match.first_dealer.name
    )
    new = match_create(
        host=match.host,
        players=list(board.seated),
        first_dealer=dealer,
        rules=board.rules,
        token=token,
    )
    if match.next_match_id != new.pk:
        # The phones following this match are shown the way to the next one.
        Match.objects.filter(pk=match.pk).update(next_match=new, version=F("version") + 1)
        if ShareLink.objects.filter(match=match, ended=None).exists():
            share_new(match=new)
    return new


@transaction.atomic
def match_abandon(*, match: Match) -> Match:
    """Set an open match aside unfinished: it is kept, marked abandoned, left
    out of win statistics, and nothing can be recorded in it until it is
    resumed (``match_resume``).

    Raises:
        RuleError: the match is closed (a finished match is not abandoned) or
            already abandoned; nothing changes.
    """
    match = _locked(match, writing=False)
    if match.abandoned is not None:
        raise scoring.RuleError("This match is abandoned already.")
    if match.status == "closed":
        raise scoring.RuleError("This match is finished, so it cannot be abandoned.")
    match.abandoned = timezone.now()
    match.version += 1
    match.save(update_fields=["abandoned", "version"])
    return match


@transaction.atomic
def match_resume(*, match: Match) -> Match:
    """Take an abandoned match up again where it stopped. Resuming a match that
    is not abandoned changes nothing (a second tap)."""
    match = _locked(match, writing=False)
    if match.abandoned is not None:
        match.abandoned = None
        match.version += 1
        match.save(update_fields=["abandoned", "version"])
    return match


@transaction.atomic
def match_delete(*, match: Match) -> None:
    """Delete a match with its seats, events and snapshot, for good: unlike an
    entry, a deleted match cannot be restored. Its players stay (they may have
    played other matches)."""
    match = _locked(match, writing=False)
    old = list(MatchPlayer.objects.filter(match=match))
    MatchPlayer.objects.filter(match=match).delete()
    _keep_player_figures(old, [])
    match.delete()  # its seats, events and share links go with it (cascade)


# Import ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Checked:
    """One match of an import file, checked by the engine: the document, the
    engine's match and board, and its ``created`` and ``abandoned`` times."""

    document: dict
    match: scoring.Match
    board: scoring.Board
    created: datetime | None
    abandoned: datetime | None

    @property
    def names(self) -> list[str]:
        """Every player who ever sat, in seat order."""
        return [seat.name for seat in self.board.seats]


TIME_EXPECTED = "expected a date and time such as 2026-05-03T19:30:00Z"
# Dates an imported match may carry: any card table's, and none that a time
# zone could push past what dates can hold.
FIRST_YEAR, LAST_YEAR = 1900, 2200


def _file_time(document: dict, key: str) -> datetime | None:
    value = document.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise scoring.RuleError(
            f"{key} must be a date and time such as 2026-05-03T19:30:00Z", key=key
        )
    try:
        when = datetime.fromisoformat(value)
        when = (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):
        raise scoring.RuleError(TIME_EXPECTED, key=key) from None
    if not FIRST_YEAR <= when.year <= LAST_YEAR:
        raise scoring.RuleError(
            f"expected a date from the year {FIRST_YEAR} to {LAST_YEAR}", key=key
        )
    # A day's grace for a clock set wrong; a match from the future would
    # head the history for good.
    if when > timezone.now() + timedelta(days=1):
        raise scoring.RuleError(
            "a date in the future; an imported match keeps the date it was played", key=key
        )
    return when


def import_check(documents: list[object], *, several: bool = False) -> list[Checked]:
    """Check every match of an import file with the engine, writing nothing.

    Args:
        documents: parsed ``rummy-match/1`` documents (``matchfile.match_documents``).
        several: the file is an account file: messages then say which match.

    Returns:
        One ``Checked`` per match, in file order.

    Raises:
        RuleError: the first match that breaks a rule or the format; the
            message names the match (in an account file: its number and
            players), the event and the rule.

    docs/match-format.md, all of it.
    """
    checked = []
    for number, document in enumerate(documents, start=1):
        try:
            engine_match = read_match(document)
            board = scoring.replay(engine_match)
            created = _file_time(document, "created")
            abandoned = _file_time(document, "abandoned")
            if abandoned is not None and board.status == "closed":
                raise scoring.RuleError(
                    "a finished match cannot be abandoned; leave abandoned out", key="abandoned"
                )
            if abandoned is not None and created is not None and abandoned < created:
                raise scoring.RuleError(
                    "a match cannot be abandoned before it was created", key="abandoned"
                )
        except scoring.RuleError as error:
            if not several:
                raise
            players = document.get("players") if isinstance(document, dict) else None
            named = ""
            if isinstance(players, list) and all(isinstance(name, str) for name in players):
                named = f" ({', '.join(players)})"
            raise scoring.RuleError(f"match {number}{named}: {file_words(error)}") from None
        checked.append(Checked(document, engine_match, board, created, abandoned))
    return checked


def file_words(error: scoring.RuleError) -> str:
    """A file's refusal as the Import page says it: the event by its index
    counted from 0, as the match file's format and the ``score`` command
    name it, and which one that is counted as people count ("event 0 (the
    file's 1st event): Alice's leftover must be at least 1")."""
    if error.index is None:
        # "format must be ...", not "format: format must be ...".
        return error.message if error.key and error.message.startswith(error.key) else str(error)
    return f"{error.where} (the file's {ordinal(error.index + 1)} event): {error.message}"


def import_names(host: AbstractBaseUser, checked: list[Checked]) -> list[tuple[str, str | None]]:
    """How an import's names map to the host's players: ``(name in the file,
    the host's player it joins, or None for a new player)``, each name once,
    in the order the file gives them."""
    known = dict(Player.objects.filter(host=host).values_list("key", "name"))
    seen: dict[str, tuple[str, str | None]] = {}
    for each in checked:
        for name in each.names:
            seen.setdefault(name_key(name), (name, known.get(name_key(name))))
    return list(seen.values())


@transaction.atomic
def matches_import(*, host: AbstractBaseUser, checked: list[Checked]) -> list[Match]:
    """Save checked matches (``import_check``) for ``host``, in one
    transaction: the players (a name the host used before, in any letter
    case, joins that player), the rules, the seats, the events exactly as
    in the file, the date and state, and the snapshot, as any write does.

    Returns:
        The new matches, in file order.

    Raises:
        RuleError: a match no longer replays the same once stored (it
            cannot, unless the engine changed in between); nothing is saved.
    """
    players = _players_for(host.pk, [name for each in checked for name in each.names])
    matches, seats, events, standings = [], [], [], []
    now = timezone.now()
    for each in checked:
        seated = [players[name_key(name)] for name in each.match.players]
        # The first dealer as the engine reads it, before any event.
        first = scoring.replay(replace(each.match, events=())).next_hand.dealer
        dealer = players[name_key(first)]
        # The rules at the start (the line before any move), decks filled in.
        rules = each.match.rules.checked(len(each.match.players))
        match = Match(
            host=host,
            first_dealer=dealer,
            created=each.created or now,
            abandoned=each.abandoned,
            version=1,
            **rule_columns(rules),
        )
        # Replayed as stored: under the host's names for the players, which
        # the snapshot shows ("ben" where the file says "Ben"); the check's
        # replay is that already when the file spells every name so.
        stored = replace(
            each.match,
            rules=rules,
            players=tuple(player.name for player in seated),
            first_dealer=dealer.name,
        )
        board = each.board
        if any(players[name_key(name)].name != name for name in each.names):
            board = scoring.replay(stored)
        replayed = Replayed(stored, board)
        columns, rows = _cache(match, replayed, players)
        for name, value in columns.items():
            setattr(match, name, value)
        matches.append(match)
        seats.append(seated)
        events.append(list(zip(each.document.get("events", []), replayed.taken[1], strict=True)))
        standings.append(rows)
    Match.objects.bulk_create(matches, batch_size=IMPORT_BATCH)
    Seat.objects.bulk_create(
        (
            Seat(match=match, player=player, position=position)
            for match, seated in zip(matches, seats, strict=True)
            for position, player in enumerate(seated)
        ),
        batch_size=IMPORT_BATCH,
    )
    Event.objects.bulk_create(
        (
            Event(
                match=match,
                position=position,
                kind=next(kind for kind in Event.KINDS if kind in data),
                data=json.loads(json.dumps(data)),
                result=entry,
            )
            for match, datas in zip(matches, events, strict=True)
            for position, (data, entry) in enumerate(datas, start=1)
        ),
        batch_size=IMPORT_BATCH,
    )
    MatchPlayer.objects.bulk_create(
        (row for rows in standings for row in rows), batch_size=IMPORT_BATCH
    )
    # The players' figures once, for all the new matches together.
    player_figures_rebuild(sorted({player.pk for player in players.values()}))
    return matches


IMPORT_BATCH = 500  # rows an import writes per query


def _players_for(host_id: int, names: list[str]) -> dict[str, Player]:
    """The host's players for these names, by ``name_key``: one read, and
    one write for the names new to the host (each created once, as the file
    first spells it)."""
    keys: dict[str, str] = {}
    for name in names:
        keys.setdefault(name_key(name), clean_name(name))
    found = {player.key: player for player in Player.objects.filter(host_id=host_id, key__in=keys)}
    new = {
        key: Player(host_id=host_id, name=name, key=key)
        for key, name in keys.items()
        if key not in found
    }
    try:
        with transaction.atomic():
            Player.objects.bulk_create(new.values())
    except IntegrityError:
        # Another request made one of these names meanwhile: one at a time.
        return {key: _player_for(host_id, name) for key, name in keys.items()}
    return {**found, **new}


# Players' figures ------------------------------------------------------------------


def player_figures(player_id: int) -> dict[str, Any]:
    """A player's figures counted afresh from their ``MatchPlayer`` rows:
    what ``_keep_player_figures`` keeps up to date, for checking it and for
    ``rebuild_figures``."""
    rummy, gin = Q(gin=False), Q(gin=True)
    # Named apart from the columns: an aggregate called "closed" would be
    # what the next one's Sum("closed") refers to.
    totals = MatchPlayer.objects.filter(player_id=player_id).aggregate(
        sum_played=Count("pk", filter=rummy),
        **{f"sum_{name}": Sum(Cast(name, IntegerField()), filter=rummy) for name in ADDED},
        sum_gin_played=Count("pk", filter=gin),
        **{
            f"sum_{name}": Sum(Cast(column, IntegerField()), filter=gin)
            for name, column in GIN_ADDED.items()
        },
        best_hand=Max("best_hand", filter=rummy),
    )
    figures = {name: totals[f"sum_{name}"] or 0 for name in KEPT}
    figures["best_hand"] = totals["best_hand"]
    # Each game's last results, read only for a game they played.
    figures["recent"] = _recent(player_id) if figures["played"] else []
    figures["gin_recent"] = _recent(player_id, gin=True) if figures["gin_played"] else []
    return figures


@transaction.atomic
def player_figures_rebuild(player_ids: list[int]) -> None:
    """Count these players' figures afresh from their matches' rows."""
    for player_id in player_ids:
        Player.objects.filter(pk=player_id).update(**player_figures(player_id))


# Rename and merge --------------------------------------------------------------------


class NameTaken(scoring.RuleError):
    """A rename to a name another of the host's players has: ``other`` is
    that player, whom the host may merge into instead."""

    def __init__(self, message: str, *, other: Player) -> None:
        super().__init__(message, key="name")
        self.other = other


def _check_new_name(player: Player, name: object) -> str:
    problems = scoring.check_players([name, "someone else"])
    problems = [problem for problem in problems if problem.seat == 0]
    if problems:
        raise scoring.RuleError(f"the new name: {problems[0].message}", key="name")
    return clean_name(name)


def _matches_of(player: Player) -> list[int]:
    return list(
        MatchPlayer.objects.filter(player=player).values_list("match_id", flat=True).distinct()
    )


def _lock_matches(match_ids: list[int]) -> None:
    """Lock these matches' rows, in the order of their keys, before a change
    of their players writes anything: a save locks its match before it
    writes its players' figures (and the host's stamp, renewed by the
    database), so a change that wrote a player first and then waited for
    one of their matches could wait for a save that waits for it
    (PostgreSQL would cancel one of the two)."""
    ordered = sorted(match_ids)
    for start in range(0, len(ordered), REWRITE_BATCH):
        batch = ordered[start : start + REWRITE_BATCH]
        list(Match.objects.select_for_update().filter(pk__in=batch).order_by("pk").values("pk"))


def _rewrite(match_ids: list[int], old: str, new: str) -> None:
    """Call ``old`` ``new`` in the stored entries of these matches and in
    their snapshots, a few queries for any number of matches: a name changes
    no score, so the snapshot is what a replay would give (tested). The
    caller has locked them (``_lock_matches``): a hand saved meanwhile comes
    after the rename, not between its reading of the entries and its
    writing of the heads."""
    for start in range(0, len(match_ids), REWRITE_BATCH):
        batch = match_ids[start : start + REWRITE_BATCH]
        matches = list(Match.objects.filter(pk__in=batch).only("pk", "snapshot"))
        changed, results = [], []
        for event in Event.objects.filter(match_id__in=batch).only("pk", "data", "result"):
            data = rename_in_event(event.data, old, new)
            if data != event.data:
                event.data = data
                changed.append(event)
            if event.result is not None:
                result = snapshot.rename_in_entry(event.result, old, new)
                if result != event.result:
                    results.append((event.pk, result))
        _write_json(Event, "data", [(event.pk, event.data) for event in changed])
        _write_json(Event, "result", results)
        _write_json(
            Match,
            "snapshot",
            [
                (match.pk, snapshot.rename_in_snapshot(match.snapshot, old, new))
                for match in matches
                if match.snapshot is not None
            ],
        )
        Match.objects.filter(pk__in=batch).update(version=F("version") + 1)


REWRITE_BATCH = 200  # matches whose entries a rename reads at a time


def _write_json(model: type[models.Model], name: str, rows: list[tuple[int, object]]) -> None:
    """Set the JSON field ``name`` of many rows, ``(pk, value)``, in one
    statement run for each row (``executemany``): Django's ``bulk_update``
    spends seconds building its CASE expression for thousands of entries."""
    _write_values(model, (name,), [(pk, (value,)) for pk, value in rows])


def _write_fields(model: type[models.Model], names: tuple[str, ...], rows: list[Any]) -> None:
    """Save the fields ``names`` of these model instances, as ``_write_json``
    does (a few rows' CASE expressions cost ``bulk_update`` milliseconds)."""
    _write_values(model, names, [(row.pk, [getattr(row, name) for name in names]) for row in rows])


@lru_cache(maxsize=32)
def _update_sql(model: type[models.Model], names: tuple[str, ...], vendor: str) -> str:
    """``_write_values``'s statement for the fields ``names`` of ``model``
    on this kind of database, written once."""
    sets = ", ".join(f"{_column(model, name)} = %s" for name in names)
    return f"UPDATE {_table(model)} SET {sets} WHERE {_column(model, 'pk')} = %s"


def _write_values(model: type[models.Model], names: tuple[str, ...], rows: list[Any]) -> None:
    """``UPDATE`` the fields ``names`` of rows ``(pk, values)``, one statement
    run for each row (``executemany``)."""
    if not rows:
        return
    fields = [model._meta.get_field(name) for name in names]
    sql = _update_sql(model, names, connection.vendor)
    with connection.cursor() as cursor:
        cursor.executemany(
            sql,
            [
                [
                    *(
                        f.get_db_prep_save(v, connection)
                        for f, v in zip(fields, values, strict=True)
                    ),
                    pk,
                ]
                for pk, values in rows
            ],
        )


@transaction.atomic
def player_rename(*, player: Player, name: str) -> Player:
    """Give a player another name; every match they played follows (the
    stored entries, the snapshots, the figures).

    Raises:
        RuleError: the name is empty or too long (``key="name"``).
        NameTaken: another of the host's players has that name (in any letter
            case): merging is the way to join the two.
    """
    cleaned = _check_new_name(player, name)
    others = Player.objects.filter(host_id=player.host_id, key=name_key(cleaned))
    other = others.exclude(pk=player.pk).first()
    if other is not None:
        raise NameTaken(
            f"{other.name} is already one of your players. Merge {player.name} into "
            f"{other.name} if they are the same person.",
            other=other,
        )
    old = player.name
    if cleaned == old:
        return player
    matches = _matches_of(player)
    _lock_matches(matches)
    player.name = cleaned
    player.save(update_fields=["name"])
    _rewrite(matches, old, cleaned)
    return player


@transaction.atomic
def players_merge(*, keep: Player, gone: Player) -> Player:
    """Make ``gone`` and ``keep`` one person, named as ``keep``: every match
    ``gone`` played is now ``keep``'s (entries, seats, snapshots, figures),
    and ``gone`` is removed.

    Raises:
        RuleError: they are the same player, of different hosts, or both sat
            in one match ("Ben and Benjamin both played on 3 May"); nothing
            changes.
    """
    players_merge_check(keep=keep, gone=gone)
    matches = _matches_of(gone)
    _lock_matches(matches)
    Seat.objects.filter(player=gone).update(player=keep)
    Match.objects.filter(first_dealer=gone).update(first_dealer=keep)
    _rewrite(matches, gone.name, keep.name)
    # Their rows become keep's, and so do their figures.
    MatchPlayer.objects.filter(player=gone).update(player=keep)
    gone.delete()
    player_figures_rebuild([keep.pk])
    keep.refresh_from_db()
    return keep


def players_merge_check(*, keep: Player, gone: Player) -> None:
    """Refuse a merge ``players_merge`` would refuse, writing nothing: a
    page asks before it merges, and says first when it cannot.

    Raises:
        RuleError: they are the same player, of different hosts, or both sat
            in one match.
    """
    if keep.pk == gone.pk or keep.host_id != gone.host_id:
        raise scoring.RuleError("Choose two different players to merge.")
    shared = (
        Match.objects.filter(standings__player=keep)
        .filter(standings__player=gone)
        .order_by("created")
        .first()
    )
    if shared is not None:
        day = timezone.localtime(shared.created)
        raise scoring.RuleError(
            f"{gone.name} and {keep.name} both played in the match of {day.day} "
            f"{day:%b %Y, %H:%M}, so they are two people: they cannot be merged."
        )


# Sharing ------------------------------------------------------------------------------


@transaction.atomic
def share_new(*, match: Match) -> ShareLink:
    """A new share link for ``match``; the one before, if any, ends at once
    (its page says it was replaced)."""
    Match.objects.select_for_update().filter(pk=match.pk).first()
    ShareLink.objects.filter(match=match, ended=None).update(ended=timezone.now())
    return ShareLink.objects.create(match=match)


@transaction.atomic
def share_stop(*, match: Match) -> None:
    """Stop sharing ``match``: its link ends at once."""
    ShareLink.objects.filter(match=match, ended=None).update(ended=timezone.now())
