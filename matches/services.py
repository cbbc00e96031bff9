"""Every write that touches the match tables. Each runs in one transaction,
checks the change by replaying the match through the engine first, and
stores nothing when the engine refuses it (``RuleError``)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from matches import scoring
from matches.models import Event, Match, Player, Seat


def _player_for(host_id: int, name: str) -> Player:
    """The host's player of that name (any letter case), created if new."""
    player = Player.objects.filter(host_id=host_id, name__iexact=name).first()
    return player or Player.objects.create(host_id=host_id, name=name)


@transaction.atomic
def match_create(
    *,
    host: AbstractBaseUser,
    players: list[str],
    first_dealer: str | None,
    rules: scoring.HouseRules,
) -> Match:
    """Create a match with its starting seats.

    Args:
        host: the user who keeps the score.
        players: 2 to 6 names in seat order; a name the host used before (in
            any letter case) reuses that player.
        first_dealer: the name of the first hand's dealer (None: the first seat).
        rules: the house rules; ``decks`` None takes the default for the
            number of players.

    Returns:
        The new ``Match``.

    Raises:
        RuleError: the engine refuses the players or rules (``key`` and
            ``field`` say which); nothing is saved.

    RULES.md, "House rules" and "Seats, dealer and deal size".
    """
    board = scoring.replay(scoring.Match(rules=rules, players=players, first_dealer=first_dealer))
    seated = [_player_for(host.pk, name) for name in board.seated]
    dealer = seated[board.seated.index(board.next_hand.dealer)]
    rules = board.rules
    match = Match.objects.create(
        host=host,
        scheme=rules.scheme,
        target=rules.target,
        rummy_bonus=rules.rummy_bonus,
        stock_out=rules.stock_out,
        hand_limit=rules.hand_limit,
        ace_value=rules.ace_value,
        decks=rules.decks,
        first_dealer=dealer,
    )
    Seat.objects.bulk_create(
        Seat(match=match, player=player, position=position)
        for position, player in enumerate(seated)
    )
    return match


@dataclass(frozen=True)
class Recorded:
    """What ``event_record`` did: the event, and whether it was new (False
    when the same form had already recorded it)."""

    event: Event
    created: bool


def _locked(match: Match) -> Match:
    """The match again, locked for this transaction (PostgreSQL: the row;
    SQLite: its IMMEDIATE transactions already take the write lock), with
    everything its board needs."""
    locked = Match.objects.select_for_update().get(pk=match.pk)
    return Match.objects.for_board().get(pk=locked.pk)


def event_check(*, match: Match, data: dict) -> scoring.Board:
    """Replay ``match`` with ``data`` added as its newest event, saving nothing.

    Args:
        match: a match fetched with ``Match.objects.for_board()``.
        data: the event in match-file shape (``{"hand": {...}}`` etc.).

    Returns:
        The board as it would stand after the event.

    Raises:
        RuleError: the engine refuses the event (``player`` and ``field``
            say where a form should show the message).
    """
    live = [event.data for event in match.live_events()]
    return scoring.replay(match.engine_match([*live, data]))


@transaction.atomic
def event_record(*, match: Match, data: dict, token: uuid.UUID | None = None) -> Recorded:
    """Record an event (a hand, a move of the line, a leave or a join).

    Args:
        match: the match.
        data: the event in match-file shape, exactly as entered.
        token: the one-time token of the form that sent it. A second
            submission with the same token records nothing and returns the
            first event (a double tap, a resent form, the back button).

    Returns:
        ``Recorded(event, created)``.

    Raises:
        RuleError: the engine refuses the event; nothing is saved.

    RULES.md, all of it, through ``scoring.replay``.
    """
    match = _locked(match)
    if token is not None:
        earlier = Event.objects.filter(match=match, token=token).first()
        if earlier is not None:
            return Recorded(earlier, created=False)
    event_check(match=match, data=data)
    kind = next(iter(key for key in Event.KINDS if key in data))
    if kind == "join":
        _player_for(match.host_id, data["join"].strip())
    # Deleted events keep their positions, so a new event goes after them all.
    position = (Event.objects.filter(match=match).aggregate(top=Max("position"))["top"] or 0) + 1
    try:
        with transaction.atomic():
            event = Event.objects.create(
                match=match, position=position, kind=kind, data=data, token=token
            )
    except IntegrityError:
        # Another process recorded the same form between our check and insert.
        if token is None:
            raise
        return Recorded(Event.objects.get(token=token), created=False)
    return Recorded(event, created=True)


@transaction.atomic
def event_undo(*, match: Match) -> Event | None:
    """Take back the newest event; it is kept aside and can be restored.

    Returns:
        The event taken back, or None when there is none.

    RULES.md, "Editing the past" (deleting the last event always leaves a
    match the rules allow).
    """
    match = _locked(match)
    last = Event.objects.live().filter(match=match).last()
    if last is not None:
        last.deleted = timezone.now()
        last.save(update_fields=["deleted"])
    return last


@transaction.atomic
def event_restore(*, match: Match, event_id: int) -> Event:
    """Put a deleted event back in its place.

    Raises:
        Event.DoesNotExist: no deleted event of that id in this match.
        RuleError: the match with the event back would break a rule (the
            message names the event that would become impossible); nothing
            changes.

    RULES.md, "Editing the past".
    """
    match = _locked(match)
    event = Event.objects.get(match=match, pk=event_id, deleted__isnull=False)
    restored = sorted([*match.live_events(), event], key=lambda each: each.position)
    scoring.replay(match.engine_match([each.data for each in restored]))
    event.deleted = None
    event.save(update_fields=["deleted"])
    return event
