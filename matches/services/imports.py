"""Importing match files: every match checked by its game first, then saved
with its players, rules, seats, events and snapshot in one transaction."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from matches import colours, games
from matches.engine.board import Board
from matches.engine.board import Match as EngineMatch
from matches.engine.errors import RuleError
from matches.engine.names import clean_name, initials, name_key
from matches.matchfile import event_kind, read_match
from matches.models import Event, Match, MatchPlayer, Player, Seat

from . import figures
from .common import Replayed, colours_used, host_changed, players_for, table_colours
from .store import standing

IMPORT_BATCH = 500  # rows an import writes per query
# Dates an imported match may carry: any card table's, and none that a time
# zone could push past what dates can hold.
FIRST_YEAR, LAST_YEAR = 1900, 2200


@dataclass(frozen=True)
class Checked:
    """One match of an import file, checked by its game: the document, the
    engine's match and board, its ``created`` and ``abandoned`` times, when
    each event was recorded, and the colours it gives its players."""

    document: dict
    match: EngineMatch
    board: Board
    created: datetime | None
    abandoned: datetime | None
    times: list[datetime] | None = None
    colours: dict[str, str] = field(default_factory=dict)  # by name_key

    @property
    def names(self) -> list[str]:
        """Every player who ever sat, in seat order."""
        return [seat.name for seat in self.board.seats]


def _file_time(document: dict, key: str) -> datetime | None:
    """The time ``key`` of a match document (ISO 8601), None when absent.

    Raises:
        RuleError: ``time_expected``, ``time_years`` or ``time_future``.
    """
    return _time(document.get(key), key)


def _time(value: object, key: str) -> datetime | None:
    """``_file_time`` of one value under ``key``.

    Raises:
        RuleError: ``time_expected``, ``time_years`` or ``time_future``.
    """
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise RuleError("time_expected", key=key, name=key)
    try:
        when = datetime.fromisoformat(value)
        when = (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone(UTC)
    except (ValueError, OverflowError):
        raise RuleError("time_unreadable", key=key) from None
    if not FIRST_YEAR <= when.year <= LAST_YEAR:
        raise RuleError("time_years", key=key, first=FIRST_YEAR, last=LAST_YEAR)
    # A day's grace for a clock set wrong; a match from the future would
    # head the history for good.
    if when > timezone.now() + timedelta(days=1):
        raise RuleError("time_future", key=key)
    return when


def _event_times(document: dict, events: int) -> list[datetime] | None:
    """The ``times`` of a match document, one per event, None when absent.

    Raises:
        RuleError: ``times_count`` (not one per event), or a time's refusal
            (``_time``), naming the event.
    """
    times = document.get("times")
    if times is None:
        return None
    if not isinstance(times, list) or len(times) != events:
        raise RuleError("times_count", key="times", events=events)
    found = []
    for index, value in enumerate(times):
        try:
            found.append(_time(value, "times"))
        except RuleError as error:
            raise RuleError("times_bad", key="times", event=index, problem=error) from None
    return found  # type: ignore[return-value]


def _file_colours(document: dict, names: list[str]) -> dict[str, str]:
    """The ``colours`` of a match document, by ``name_key``, each the
    palette's nearest (``colours.nearest``); empty when absent.

    Raises:
        RuleError: ``colours_bad`` (not an object), ``colour_stranger`` (a
            name nobody at the table has), ``colour_unreadable`` (not
            ``#rrggbb``), each with ``key="colours"``.
    """
    given = document.get("colours")
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise RuleError("colours_bad", key="colours")
    keys = {name_key(name) for name in names}
    found = {}
    for name, colour in given.items():
        if name_key(name) not in keys:
            raise RuleError("colour_stranger", key="colours", name=name)
        if not colours.is_hex(colour):
            raise RuleError("colour_unreadable", key="colours", name=name)
        found[name_key(name)] = colours.nearest(colour)
    return found


def import_check(documents: list[object], *, several: bool = False) -> list[Checked]:
    """Check every match of an import file with its game, writing nothing.

    Args:
        documents: parsed ``rummy-match/1`` documents.
        several: the file is an account file: a refusal then says which
            match (``import_match``: its number and players).

    Raises:
        RuleError: the first match that breaks a rule or the format.
    """
    checked = []
    for number, document in enumerate(documents, start=1):
        try:
            engine_match = read_match(document)
            board = games.replay(engine_match)
            created = _file_time(document, "created")  # type: ignore[arg-type]
            abandoned = _file_time(document, "abandoned")  # type: ignore[arg-type]
            times = _event_times(document, len(engine_match.events))  # type: ignore[arg-type]
            table = _file_colours(document, list(board.totals))  # type: ignore[arg-type]
            if abandoned is not None and board.status == "closed":
                raise RuleError("import_abandoned_finished", key="abandoned")
            if abandoned is not None and created is not None and abandoned < created:
                raise RuleError("import_abandoned_early", key="abandoned")
        except RuleError as error:
            if not several:
                raise
            players = document.get("players") if isinstance(document, dict) else None
            if not (isinstance(players, list) and all(isinstance(name, str) for name in players)):
                players = None
            raise RuleError("import_match", number=number, players=players, problem=error) from None
        checked.append(
            Checked(document, engine_match, board, created, abandoned, times, table)  # type: ignore[arg-type]
        )
    return checked


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


def already_here(host: AbstractBaseUser, checked: list[Checked]) -> int:
    """How many of an import's matches the host seems to have already: one of
    theirs made at the same moment with the same players in the same seats."""
    times = [each.created for each in checked if each.created is not None]
    if not times:
        return 0
    mine = Match.objects.filter(host=host, created__in=times).prefetch_related("seats__player")
    have = {(match.created, tuple(match.player_names())) for match in mine}
    return sum(
        (each.created, tuple(clean_name(name) for name in each.match.players)) in have
        for each in checked
    )


@transaction.atomic
def matches_import(*, host: AbstractBaseUser, checked: list[Checked]) -> list[Match]:
    """Save checked matches (``import_check``) for ``host``, in one
    transaction: the players (a name the host used before, in any letter
    case, is that player), the rules, the seats, the events exactly as in
    the file, the date and state, and the snapshot, as any write stores it.

    Returns:
        The new matches, in file order.
    """
    players = players_for(host.pk, [name for each in checked for name in each.names])
    newcomers = [player for player in players.values() if not player.colour]
    used = colours_used(host.pk) if newcomers else Counter()
    matches, seats, events, standings = [], [], [], []
    now = timezone.now()
    for each in checked:
        seated = [players[name_key(name)] for name in each.match.players]
        game = games.game(each.match.rules.game)
        # The first dealer as the game reads it, before any event.
        first = game.replay(replace(each.match, events=())).next_hand
        dealer = players[name_key(first.dealer)]  # type: ignore[union-attr]
        # The rules at the start (the line before any move), filled in.
        rules = each.match.rules.checked(len(each.match.players))
        # Replayed as stored: under the host's names for the players, which
        # the snapshot shows ("ben" where the file says "Ben").
        stored = replace(
            each.match,
            rules=rules,
            players=tuple(player.name for player in seated),
            first_dealer=dealer.name,
        )
        board = each.board
        if any(players[name_key(name)].name != name for name in each.names):
            board = game.replay(stored)
        head, entries = Replayed(stored, board).taken
        names = [players[name_key(name)] for name in head["seats"]]
        table = {
            name: each.colours[name_key(name)]
            for name in head["seats"]
            if name_key(name) in each.colours
        }
        match = Match(
            host=host,
            colours=table_colours(head["seats"], names, table, used),
            initials=initials(
                head["seats"],
                {name: player.initials for name, player in zip(head["seats"], names, strict=True)},
            ),
            first_dealer=dealer,
            created=each.created or now,
            abandoned=each.abandoned,
            game=rules.game,
            rules=rules.document(),
            version=1,
            engine_version=head["engine"],
            status=head["status"],
            hands_played=head["hands_played"],
            line=head["target"],
            snapshot=head,
        )
        matches.append(match)
        seats.append(seated)
        datas = each.document.get("events", [])
        times = each.times or [each.created or now] * len(datas)
        events.append(list(zip(datas, entries, times, strict=True)))
        standings.append(
            [
                (players[name_key(name)], standing(head, seat))
                for seat, name in enumerate(head["seats"])
            ]
        )
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
                kind=event_kind(data),
                data=_plain(data),
                result=entry,
                created=when,
            )
            for match, datas in zip(matches, events, strict=True)
            for position, (data, entry, when) in enumerate(datas, start=1)
        ),
        batch_size=IMPORT_BATCH,
    )
    MatchPlayer.objects.bulk_create(
        (
            MatchPlayer(match=match, player=player, **values)
            for match, rows in zip(matches, standings, strict=True)
            for player, values in rows
        ),
        batch_size=IMPORT_BATCH,
    )
    Player.objects.bulk_update(newcomers, ["colour"])
    # The players' figures once, for all the new matches together.
    figures.rebuild(player.pk for player in players.values())
    host_changed(host.pk)
    return matches


def _plain(data: Any) -> Any:
    """An event as parsed (its objects remember their key order and repeats)
    as plain JSON data."""
    return json.loads(json.dumps(data))
