"""What the writes share: a replay and what it stores, locking a match for
a write, the host's version, players by name and their colours, one-time
form tokens."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

from django.db import IntegrityError, models, transaction
from django.db.models import F, OuterRef, Subquery

from matches import colours, games, snapshot
from matches.engine.board import Board
from matches.engine.board import Match as EngineMatch
from matches.engine.errors import RuleError
from matches.engine.names import clean_name, initials, name_key, own_initials
from matches.models import Event, HostVersion, Match, Player, PlayerFigures

T = TypeVar("T")


@dataclass(frozen=True)
class Replayed:
    """A match as the engine took it, and the board replaying it gave; for a
    step, ``before`` is the stored snapshot head the replay went on from
    (``match`` then holds only the new events) and ``version`` the match's
    version whose head that is."""

    match: EngineMatch
    board: Board
    before: dict[str, Any] | None = None
    version: int | None = None

    @cached_property
    def taken(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """``(head, entries)`` of the snapshot: every live event's entry, or
        for a step the new events' (``snapshot.step``)."""
        if self.before is None:
            data = snapshot.take(self.match, self.board)
            return snapshot.head(data), data["events"]
        return snapshot.step(self.before, self.match, self.board)


def replay(match: Match, events: list[dict] | None = None, **changes: Any) -> Replayed:
    """Replay ``match`` from the start: its live events, or ``events`` in
    match-file shape; ``changes`` replace fields of the engine's match (its
    ``rules``). ``match`` has its seats and events (``for_replay``)."""
    engine_match = match.engine_match(events)
    if changes:
        engine_match = EngineMatch(**{**engine_match.__dict__, **changes})
    return Replayed(engine_match, games.replay(engine_match))


def host_changed(host_id: int) -> None:
    """Move the host's version on: what a page cache keeps of their lists
    (home, history, players) is kept under it. Every write to a host's
    matches or players calls it, in its transaction."""
    if HostVersion.objects.filter(host_id=host_id).update(version=F("version") + 1):
        return
    # The host's first write: a list kept before it was kept under version 0
    # (``selectors.host_version`` of no row), so the first version is 1.
    _, created = HostVersion.objects.get_or_create(host_id=host_id, defaults={"version": 1})
    if not created:  # made meanwhile by another write of theirs: move on from it
        HostVersion.objects.filter(host_id=host_id).update(version=F("version") + 1)


def player_for(host_id: int, name: str) -> Player:
    """The host's player of that name (any letter case, as names compare:
    ``name_key``), created if new."""
    key = name_key(name)
    player = Player.objects.filter(host_id=host_id, key=key).first()
    if player is not None:
        return player
    letters = own_initials(name, initials_taken(host_id))
    try:
        # Nested, so that on PostgreSQL the transaction outlives a refusal.
        with transaction.atomic():
            return Player.objects.create(host_id=host_id, name=clean_name(name), initials=letters)
    except IntegrityError:
        # Another request created the same new name meanwhile: theirs it is.
        return Player.objects.get(host_id=host_id, key=key)


def players_for(host_id: int, names: list[str]) -> dict[str, Player]:
    """The host's players for these names, by ``name_key``: one read, and one
    write for the names new to the host (each created as first spelled)."""
    keys: dict[str, str] = {}
    for name in names:
        keys.setdefault(name_key(name), clean_name(name))
    found = {player.key: player for player in Player.objects.filter(host_id=host_id, key__in=keys)}
    new = {
        key: Player(host_id=host_id, name=name, key=key)
        for key, name in keys.items()
        if key not in found
    }
    taken = initials_taken(host_id) if new else set()
    for player in new.values():
        player.initials = own_initials(player.name, taken)
        taken.add(player.initials)
    try:
        with transaction.atomic():
            Player.objects.bulk_create(new.values())
    except IntegrityError:
        # Another request made one of these names meanwhile: one at a time.
        return {key: player_for(host_id, name) for key, name in keys.items()}
    return {**found, **new}


def initials_taken(host_id: int) -> set[str]:
    """The initials the host's players have."""
    return set(Player.objects.filter(host_id=host_id).values_list("initials", flat=True))


def colours_used(host_id: int) -> Counter[str]:
    """How many of the host's players have each colour."""
    players = Player.objects.filter(host_id=host_id).exclude(colour="")
    return Counter(players.values_list("colour", flat=True))


def table_colours(
    seats: list[str], players: list[Player], table: Mapping[str, str], used: Counter[str]
) -> dict[str, str]:
    """The colours at a table of ``seats`` (``colours.at_table``): what
    ``table`` gives, else each player's own, else a free one. A player
    seated for the first time (no colour yet) takes theirs from it: their
    ``colour`` is set here, and the caller saves it."""
    own = {name: player.colour for name, player in zip(seats, players, strict=True)}
    seated = sorted(zip(seats, players, strict=True), key=lambda each: colours.keeping(each[1]))
    first = [name for name, _player in seated]
    given = colours.at_table(seats, table, own, used, first=first)
    for name, player in zip(seats, players, strict=True):
        player.colour = player.colour or given[name]
    return given


def seat_colours(match: Match, seats: list[str], players: list[Player]) -> None:
    """Give a match's seats their colours at its table (``table_colours``)
    and their initials there (those seated before keep theirs), storing the
    match's and a newcomer's."""
    if all(name in match.colours and name in match.initials for name in seats):
        return
    newcomers = [player for player in players if not player.colour]
    used = colours_used(match.host_id) if newcomers else Counter()
    given = table_colours(seats, players, match.colours, used)
    own = {name: player.initials for name, player in zip(seats, players, strict=True)}
    letters = initials(seats, match.initials, own)
    Player.objects.bulk_update(newcomers, ["colour"])
    if (given, letters) != (match.colours, match.initials):
        match.colours, match.initials = given, letters
        Match.objects.filter(pk=match.pk).update(colours=given, initials=letters)


def with_figures_rows(players: list[Player], game: str) -> None:
    """Make sure each player has their figures row for ``game``."""
    PlayerFigures.objects.bulk_create(
        [PlayerFigures(player=player, game=game) for player in players], ignore_conflicts=True
    )


def once(
    create: Callable[[], T], earlier: models.QuerySet[T], token: uuid.UUID | None
) -> tuple[T, bool]:
    """Create a row a one-time form token names (a match): ``(row, True)``;
    or, when the same form arrived twice at once and the other copy created
    it first, ``(that row, False)`` from ``earlier``.

    Raises:
        RuleError: ``form_out_of_date``, the token is held by a row
            ``earlier`` does not reach (another host's): nothing of it shown.
        IntegrityError: another constraint, or no token.
    """
    try:
        with transaction.atomic():
            return create(), True
    except IntegrityError:
        if token is None:
            raise
        found = earlier.first()
        if found is None:
            raise RuleError("form_out_of_date") from None
        return found, False


@dataclass(frozen=True)
class Locked:
    """A match read and locked for a write: its row, the highest position
    among its events (``top``, None: none yet; deleted ones keep theirs) and
    the event a form's token recorded (``earlier``), of any match."""

    match: Match
    top: int | None = None
    earlier: int | None = None

    def recorded_here(self) -> Event | None:
        """The event of this match the form's token recorded (a double tap,
        a resend, the back button); None when it recorded nothing here."""
        if self.earlier is None:
            return None
        event = Event.objects.get(pk=self.earlier)
        return event if event.match_id == self.match.pk else None


NO_TOKEN = uuid.UUID(int=0)  # no form's: uuid4 never makes it


def _with_events(rows: models.QuerySet[Match], token: uuid.UUID) -> models.QuerySet[Match]:
    """``rows`` with the highest position among each match's events
    (``top``) and the event ``token`` recorded (``earlier``)."""
    by_token = Event.objects.filter(token=token)
    return rows.annotate(
        top=Subquery(
            Event.objects.filter(match_id=OuterRef("pk"))
            .order_by("-position")
            .values("position")[:1]
        ),
        earlier=Subquery(by_token.values("pk")[:1]),
    )


def lock(token: uuid.UUID | None = None, **where: Any) -> Locked | None:
    """The match ``where`` finds, locked for the caller's transaction
    (PostgreSQL: its row; SQLite's IMMEDIATE transaction holds the write
    lock already), read in one statement with what a new event needs
    (``Locked``); None when there is no such match.

    Where rows are locked (PostgreSQL), a statement that waited for the
    row's lock reads the row as it stands after the wait, but its subqueries
    as the data stood before: the row's version read by a subquery
    (``seen``) then differs from the row's own, and the events are read
    again, so another write's event is never missed. SQLite's writer waits
    before its transaction begins, so it reads nothing stale."""
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("lock runs in a transaction")
    token = token or NO_TOKEN
    rows = _with_events(Match.objects.select_for_update().filter(**where), token)
    waits = connection.features.has_select_for_update
    if waits:
        rows = rows.annotate(
            seen=Subquery(Match.objects.filter(pk=OuterRef("pk")).values("version")[:1])
        )
    match = rows.first()
    if match is None:
        return None
    found = [match.top, match.earlier]  # type: ignore[attr-defined]
    if waits and match.seen != match.version:  # type: ignore[attr-defined]
        again = _with_events(Match.objects.filter(pk=match.pk), token)
        found = list(again.values_list("top", "earlier").get())
    return Locked(match, *found)
