"""The last live events of a version of a match, kept by each server process,
so that the board after a save (the host's phone answered by htmx) reads no
event: the save knows them already, the ones the board showed before it and
the one it recorded.

An entry is kept under the match's ``public_id`` (never reused) and
``version`` (moved on by every write), like the boards of
``matches.drawn``: a key is never stale, and each process keeps its own in
Django's local-memory cache (the ``boards`` cache of the settings). Only a
match whose events all stand (none taken back, ``deleted_count`` 0) with a
snapshot of this engine is kept: its board's events are its last live ones
and no other. An entry is made three ways:

- ``keep``: a board read the match's last events from the database;
- ``keep_rows``: a save by htmx in a process that kept nothing of the
  version it locked read them with its insert (``services._insert_event``),
  kept once its transaction has committed;
- ``appended``: a save of the usual step (``services._store_step``: one new
  event, no earlier one rewritten) committed the version after a kept one:
  its events are the kept ones and the new one. The save calls it once its
  transaction has committed, so a version that was never stored is never
  kept.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS

if TYPE_CHECKING:
    from matches.models import Event, Match


def _key(public_id: str, version: int) -> str:
    return f"recent:{public_id}:{version}"


@cache
def names() -> tuple[str, ...]:
    """The event's columns (attribute names), in the order an entry keeps
    them in each row (``recent_rows``); an entry holds them too: one kept
    by code with other columns is not read."""
    from matches.models import Event

    return tuple(field.attname for field in Event._meta.concrete_fields)


@cache
def _json_at() -> tuple[int, ...]:
    """Where the JSON columns are among ``names``."""
    from django.db.models import JSONField

    from matches.models import Event

    return tuple(
        index
        for index, field in enumerate(Event._meta.concrete_fields)
        if isinstance(field, JSONField)
    )


@cache
def column(name: str) -> int:
    """Where the event's column ``name`` (its attribute name: ``"id"``,
    ``"kind"``, ``"result"``) is in a kept row (``recent_rows``)."""
    return names().index(name)


def recent_rows(match: Match, count: int) -> tuple[tuple[Any, ...], ...] | None:
    """The last ``count`` live events of ``match`` as stored at its version,
    oldest first, as this process keeps them: each a row of its columns'
    values (``column``), a JSON column's as its JSON text; None when this
    process does not keep them. A row is the very one kept, and never
    changes: a version's rows are the same objects as the version's before
    it, for the events they share."""
    found = caches["boards"].get(_key(match.public_id, match.version))
    if found is None:
        return None
    kept_names, asked, rows = found
    if kept_names != names():  # kept by code with other columns
        return None
    if count > asked and len(rows) == asked:
        return None  # fewer than asked for are kept, and more may exist
    return rows[-count:] if count else ()


def recent(match: Match, count: int) -> list[Event] | None:
    """The last ``count`` live events of ``match`` as stored at its version,
    oldest first, each with ``at`` its version; None when this process does
    not keep them."""
    from matches.models import Event

    rows = recent_rows(match, count)
    if rows is None:
        return None
    columns, json_at = names(), _json_at()
    events = []
    for kept_values in rows:
        values = list(kept_values)
        for index in json_at:  # decoded as a read decodes it (``_kept_values``)
            if values[index] is not None:
                values[index] = json.loads(values[index])
        event = Event.from_db(DEFAULT_DB_ALIAS, columns, values)
        event.at = match.version
        events.append(event)
    return events


def keep(match: Match, count: int, events: list[Event]) -> None:
    """Keep ``events``, the last ``count`` live events of ``match`` at its
    version as just read (oldest first: fewer when it has fewer)."""
    keep_rows(match.public_id, match.version, count, [_kept_values(event) for event in events])


def keep_rows(public_id: str, version: int, count: int, rows: list[tuple[Any, ...]]) -> None:
    """Keep ``rows``, the last ``count`` live events of version ``version``
    of the match ``public_id`` as just read, oldest first (fewer when it has
    fewer), each a row as ``recent_rows`` gives them (``column``)."""
    if count < 1:
        return
    caches["boards"].set(_key(public_id, version), (names(), count, tuple(rows)))


def appended(public_id: str, version: int, event: Event) -> None:
    """Keep the events of ``version`` of a match as the kept events of the
    version before it with ``event`` (the one new event, which made
    ``version``) after them, if this process keeps those. Called once the
    save committed."""
    found = caches["boards"].get(_key(public_id, version - 1))
    if found is None:
        return
    kept_names, asked, rows = found
    if kept_names != names():
        return
    rows = (*rows, _kept_values(event))[-asked:]
    caches["boards"].set(_key(public_id, version), (kept_names, asked, rows))


def _kept_values(event: Event) -> tuple[Any, ...]:
    """``event``'s values as an entry keeps them: a JSON column's as its JSON
    text, which ``recent`` decodes as a read from the database does (a tuple
    reads back as a list). The cache keeps the entry itself, not a copy
    (``scoreboard.caching.KeptAsGiven``), so an entry holds nothing a reader
    could change: text, numbers, times, ids, in tuples."""
    values = [getattr(event, name) for name in names()]
    for index in _json_at():
        if values[index] is not None:
            values[index] = json.dumps(values[index])
    return tuple(values)
