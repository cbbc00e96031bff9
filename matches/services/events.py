"""Writes of a match's events: recording a hand, a move of the line, a leave
or a join; taking the newest back and putting it back; editing and deleting
the past. Each replays the match through its game first and stores nothing
when the game refuses (``RuleError``); each stores the replay's snapshot in
its transaction (``store``)."""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from matches import games, snapshot
from matches.engine.board import Board
from matches.engine.board import Match as EngineMatch
from matches.engine.errors import RuleError
from matches.matchfile import event_kind, read_event
from matches.models import Event, Match

from .common import Locked, Replayed, lock, replay
from .store import current_head, store


@dataclass(frozen=True)
class Recorded:
    """What ``event_record`` did: the event, and whether it is new (False:
    the same form had recorded it already); ``match`` is the match as stored
    after it, for the page to draw."""

    event: Event
    created: bool
    match: Match | None = None


@dataclass(frozen=True)
class Undone:
    """What ``event_undo`` did: the event taken back, and whether this
    request took it back (False: an earlier tap of the same button did)."""

    event: Event
    created: bool


@dataclass(frozen=True)
class Change:
    """The board before and after an edit; ``written`` False: the edit gave
    the entry what it said already and nothing was written; ``live``: the
    live events after it, as the write read them (when it says)."""

    before: Board
    after: Board
    written: bool = True
    live: tuple[Event, ...] = ()


class LaterEventImpossible(RuleError):
    """An edit, delete or restore would make a later event impossible:
    ``problem`` is the game's refusal of that event, ``shown_index`` its
    position among the live events as the board shows them now (before the
    change), ``shown`` those events (match-file shape) as the write read
    them: another phone's write since does not change what is named."""

    def __init__(
        self, problem: RuleError, *, shown_index: int, shown: list[dict[str, Any]]
    ) -> None:
        super().__init__("later_impossible", problem=problem)
        self.problem = problem
        self.shown_index = shown_index
        self.shown = shown


@contextmanager
def writing(token: uuid.UUID | None = None, **where: Any) -> Iterator[Locked | None]:
    """A transaction around a write to the match ``where`` finds, locked
    (``lock``, with the form's ``token``): ``None`` when there is none.

    Raises:
        RuleError: ``form_out_of_date``: the token was taken meanwhile by
            another match's event (the same form sent to two matches at the
            same moment); nothing is saved.
    """
    try:
        with transaction.atomic():
            yield lock(token, **where)
    except IntegrityError:
        if token is not None and Event.objects.filter(token=token).exists():
            raise RuleError("form_out_of_date") from None
        raise


def locked_for_replay(match: Match, *, writing: bool = True) -> Match:
    """The match again, locked for this transaction, with everything a
    replay reads (its seats and every event).

    Raises:
        RuleError: ``abandoned``: ``writing`` to a match set aside.
    """
    locked = Match.objects.select_for_update(of=("self",)).for_replay().get(pk=match.pk)
    if writing and locked.abandoned is not None:
        raise RuleError("abandoned")
    return locked


def event_check(*, match: Match, data: dict, replacing: int | None = None) -> Replayed:
    """Replay ``match`` with ``data`` (match-file shape) as its newest event,
    or in place of the live event ``replacing`` (an id), saving nothing.

    A new event is one step from the stored snapshot (the events before it
    are not read); a replacement replays every event (``match`` read with
    ``for_replay``).

    Raises:
        RuleError: the game refuses the event (``player`` and ``field`` say
            where a form shows it), or a replacement would make a later
            event impossible (``LaterEventImpossible``).
        Event.DoesNotExist: ``replacing`` is no live event of the match.
    """
    if replacing is None:
        before = current_head(match)
        step = EngineMatch(
            rules=match.house_rules(),
            players=(),
            events=(read_event(data, before["event_count"], game=match.game),),
        )
        board = games.replay(step, snapshot.position(before, match.game))
        return Replayed(step, board, before, match.version)
    events = match.live_events()
    if not any(event.pk == replacing for event in events):
        raise Event.DoesNotExist
    edited = [Event(pk=e.pk, data=data if e.pk == replacing else e.data) for e in events]
    return _replay_changed(match, edited, next(e for e in edited if e.pk == replacing))


def check_hand_number(hand_number: int, next_number: int) -> None:
    """Refuse a form drawn for hand ``hand_number`` when the board's next
    hand is ``next_number`` (another screen recorded or took back a hand):
    ``board_changed``."""
    if hand_number != next_number:
        raise RuleError("board_changed", sent=hand_number, next=next_number)


def event_record(
    *,
    match: Match,
    data: dict,
    token: uuid.UUID | None = None,
    hand_number: int | None = None,
    locked: Locked | None = None,
    checked: Replayed | None = None,
    played: datetime | None = None,
) -> Recorded:
    """Record an event (a hand, a move of the line, a leave or a join).

    Args:
        match: the match.
        data: the event in match-file shape, exactly as entered.
        token: the one-time token of the form that sent it: a second
            submission records nothing and returns the first event.
        hand_number: the hand the form was drawn for; when the board has
            moved on since, nothing is recorded.
        locked: ``match`` as ``writing`` locked it, with ``token``: the event
            is recorded in that transaction, which the caller ends. Without
            it, in a transaction of its own.
        checked: the replay a form made of ``data`` (``event_check``), kept
            when made on the version locked here: the game judges it once.
        played: when it was entered, for one kept on a phone with no
            connection and sent later (``played_time``); None: now.

    Raises:
        RuleError: the game refuses the event, ``board_changed``,
            ``abandoned``, or ``form_out_of_date`` (the token is another
            match's); nothing is saved.
    """
    if locked is not None:
        return _record(locked, data, token, hand_number, checked, played)
    with writing(token, pk=match.pk) as found:
        if found is None:
            raise Match.DoesNotExist
        return _record(found, data, token, hand_number, checked, played)


def _record(
    locked: Locked,
    data: dict,
    token: uuid.UUID | None,
    hand_number: int | None,
    checked: Replayed | None,
    played: datetime | None = None,
) -> Recorded:
    match = locked.match
    if token is not None and locked.earlier is not None:
        earlier = locked.recorded_here()
        if earlier is None:  # another match's form: nothing of it shown
            raise RuleError("form_out_of_date")
        return Recorded(earlier, created=False)
    if match.abandoned is not None:
        raise RuleError("abandoned")
    if hand_number is not None:
        check_hand_number(hand_number, current_head(match)["hands_played"] + 1)
    replayed = checked
    if replayed is None or replayed.before is None or replayed.version != match.version:
        replayed = event_check(match=match, data=data)
    _, (entry,) = replayed.taken
    kind = event_kind(data)
    # Deleted events keep their positions: a new one goes after them all.
    event = Event.objects.create(
        match=match,
        position=(locked.top or 0) + 1,
        kind=kind,
        data=data,
        token=token,
        result=entry,
        created=played_time(match, played),
    )
    store(match, replayed)
    return Recorded(event, created=True, match=match)


def played_time(match: Match, played: datetime | None) -> datetime:
    """When an event entered at ``played`` (by the phone's clock) is said to
    be recorded: then, but never in the future, before the match began or
    before the entry recorded last (a phone's clock may be wrong; the
    entries keep their order); now when None."""
    now = timezone.now()
    if played is None or played >= now:
        return now
    last = (
        Event.objects.filter(match=match).order_by("-position").values_list("created", flat=True)
    ).first()
    return max(played, match.created, last or match.created)


@transaction.atomic
def event_undo(*, match: Match, event_id: int | None = None) -> Undone | None:
    """Take back the newest event; it is kept aside and can be put back.

    Args:
        event_id: the event the Undo button named (the newest the host saw).
            A second tap of that button takes nothing more back.

    Returns:
        ``Undone``, or None when there is nothing to take back.

    Raises:
        RuleError: ``undo_changed``: ``event_id`` is neither the newest event
            nor the one just taken back (another screen recorded meanwhile).
    """
    match = locked_for_replay(match)
    if event_id is not None:
        undone = match.undone_event()
        if undone is not None and undone.pk == event_id:
            return Undone(undone, created=False)
    live = match.live_events()
    if not live:
        return None
    last = live[-1]
    if event_id is not None and last.pk != event_id:
        raise RuleError("undo_changed")
    last.deleted = timezone.now()
    last.save(update_fields=["deleted"])
    store(match, replay(match, [event.data for event in live[:-1]]))
    return Undone(last, created=True)


def _restored(match: Match, event_id: int) -> tuple[Event, Board, Replayed, list[Event]]:
    """The deleted event ``event_id``, the board before, the replay with it
    back in its place, and the live events with it."""
    event = next(
        (each for each in match.events.all() if each.pk == event_id and each.deleted is not None),
        None,
    )
    if event is None:
        raise Event.DoesNotExist
    restored = sorted([*match.live_events(), event], key=lambda each: each.position)
    replayed = _replay_changed(match, restored, event)
    return event, replay(match).board, replayed, restored


@transaction.atomic
def event_restore(*, match: Match, event_id: int) -> Change:
    """Put a deleted event back in its place.

    Raises:
        Event.DoesNotExist: no deleted event of that id in this match (put
            back already).
        RuleError: the match with it back would break a rule (the refusal
            names the event that would become impossible); nothing changes.
    """
    match = locked_for_replay(match)
    event, before, after, live = _restored(match, event_id)
    event.deleted = None
    event.save(update_fields=["deleted"])
    store(match, after)
    return Change(before, after.board, live=tuple(live))


def event_restore_check(*, match: Match, event_id: int) -> Change:
    """What putting a deleted event back would do, saving nothing (the page
    asks first when later entries follow it); ``match`` read ``for_replay``."""
    _, before, after, live = _restored(match, event_id)
    return Change(before, after.board, live=tuple(live))


def _replay_changed(match: Match, events: list[Event], changed: Event) -> Replayed:
    """Replay ``events`` (``changed`` among them, or just removed).

    Raises:
        RuleError: the game's refusal of the changed event itself.
        LaterEventImpossible: the change would make a later event impossible.
    """
    try:
        return replay(match, [event.data for event in events])
    except RuleError as error:
        if error.index is not None and events[error.index].pk != changed.pk:
            live = match.live_events()
            shown = [event.pk for event in live]
            raise LaterEventImpossible(
                error,
                shown_index=shown.index(events[error.index].pk),
                shown=[event.data for event in live],
            ) from None
        raise


def data_version(data: dict) -> str:
    """A short fingerprint of an event as stored: an edit page sends back the
    one it was drawn from, so an edit made meanwhile elsewhere is not lost."""
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


@transaction.atomic
def event_edit(*, match: Match, event_id: int, data: dict, version: str | None = None) -> Change:
    """Replace what an earlier event says; everything after it is worked out
    again.

    Args:
        version: ``data_version`` of the event as the edit page showed it.

    Returns:
        The board before and after; ``written`` False, nothing written, when
        the entry says ``data`` already.

    Raises:
        Event.DoesNotExist: no live event of that id in this match.
        RuleError: the edited event breaks a rule, would make a later event
            impossible, or was changed on another screen since ``version``
            (``edited_elsewhere``); nothing changes.
    """
    match = locked_for_replay(match)
    current = next((event for event in match.live_events() if event.pk == event_id), None)
    if current is not None and current.data == data:
        before = replay(match).board
        return Change(before, before, written=False)
    if current is not None and version is not None and data_version(current.data) != version:
        raise RuleError("edited_elsewhere")
    before = replay(match).board
    after = event_check(match=match, data=data, replacing=event_id)
    Event.objects.filter(pk=event_id).update(data=data)
    store(match, after)
    return Change(before, after.board)


@transaction.atomic
def event_delete(*, match: Match, event_id: int) -> Change:
    """Delete an event: it never happened (later dealers shift). It is kept
    aside and can be put back.

    Raises:
        Event.DoesNotExist: no live event of that id in this match.
        RuleError: without it a later event would be impossible; nothing
            changes.
    """
    match = locked_for_replay(match)
    events = match.live_events()
    event = next((each for each in events if each.pk == event_id), None)
    if event is None:
        raise Event.DoesNotExist
    before = replay(match).board
    after = _replay_changed(match, [each for each in events if each.pk != event_id], event)
    event.deleted = timezone.now()
    event.save(update_fields=["deleted"])
    store(match, after)
    return Change(before, after.board)
