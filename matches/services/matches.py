"""Writes of whole matches: starting one, changing its house rules before
the first hand, a rematch, setting it aside and resuming it, deleting it."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from matches import games
from matches.engine.board import Match as EngineMatch
from matches.engine.board import seat_after
from matches.engine.errors import RuleError
from matches.engine.rules import Rules
from matches.models import Match, MatchPlayer, Seat, ShareLink

from . import figures
from .common import host_changed, once, player_for, replay, with_figures_rows
from .events import locked_for_replay
from .sharing import share_new
from .store import store


@transaction.atomic
def match_create(
    *,
    host: AbstractBaseUser,
    players: list[str],
    first_dealer: str | None,
    rules: Rules,
    token: uuid.UUID | None = None,
) -> Match:
    """Create a match with its starting seats.

    Args:
        host: the user who keeps the score.
        players: the names in seat order (as many as the game seats); a name
            the host used before (in any letter case) is that player.
        first_dealer: the first hand's dealer (None: the first seat).
        rules: the house rules of the match's game (its ``game``); values
            left None are filled in for the table (Rummy's decks).
        token: the one-time token of the form that sent it; a second
            submission returns the match the first one created.

    Raises:
        RuleError: the game refuses the players or the rules (``key`` and
            ``field`` say which), or ``form_out_of_date`` (``token`` is not
            this host's to use); nothing is saved.
    """
    if token is not None:
        earlier = Match.objects.filter(host=host, token=token).first()
        if earlier is not None:
            return earlier
    board = games.replay(EngineMatch(rules=rules, players=players, first_dealer=first_dealer))
    seated = [player_for(host.pk, name) for name in board.seated]
    assert board.next_hand is not None
    dealer = seated[board.seated.index(board.next_hand.dealer)]
    match, created = once(
        lambda: Match.objects.create(
            host=host,
            first_dealer=dealer,
            token=token,
            game=board.rules.game,
            rules=board.rules.document(),
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
    with_figures_rows(seated, match.game)
    stored = Match.objects.for_replay().get(pk=match.pk)
    store(stored, replay(stored))
    match.refresh_from_db()
    return match


@transaction.atomic
def match_rules_change(*, match: Match, rules: Rules) -> Match:
    """Change the house rules of a match with no hand recorded yet (the line
    at the start among them).

    Raises:
        RuleError: ``rules_fixed`` (a hand is recorded: the rules are fixed
            once the first hand is), or the game refuses the rules or the
            events so far under them; nothing changes.
    """
    match = locked_for_replay(match)
    if any(event.kind == "hand" for event in match.live_events()):
        raise RuleError("rules_fixed")
    checked = replay(match, rules=rules)
    match.rules = checked.board.rules.document()
    match.save(update_fields=["rules"])
    store(match, replay(match))
    return match


@transaction.atomic
def match_rematch(*, match: Match, token: uuid.UUID | None = None) -> Match:
    """A new match with the players still at the table, in their seats, the same
    house rules (the line as it stood at the end) and the deal moved one
    seat along from the first dealer of ``match``.

    Returns:
        The new match; when ``match`` has a rematch already (Rematch tapped
        on two phones at once, or a form sent again), that one.

    Raises:
        RuleError: ``form_out_of_date`` (``token`` is another host's).
    """
    # Locked, so that two Rematch taps at once make one next match.
    match = locked_for_replay(match, writing=False)
    if match.next_match_id is not None:
        return Match.objects.get(pk=match.next_match_id)
    board = replay(match).board
    seats = [seat.name for seat in board.seats]
    dealer = seat_after(seats, board.at_table, match.first_dealer.name)
    new = match_create(
        host=match.host,
        players=list(board.at_table),
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
    """Set an open match aside unfinished: kept, marked abandoned, left out
    of win statistics; nothing can be recorded in it until it is resumed.

    Raises:
        RuleError: ``abandoned_already``, or ``abandon_finished`` (a closed
            match is not abandoned); nothing changes.
    """
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.abandoned is not None:
        raise RuleError("abandoned_already")
    if match.status == "closed":
        raise RuleError("abandon_finished")
    match.abandoned = timezone.now()
    match.version += 1
    match.save(update_fields=["abandoned", "version"])
    host_changed(match.host_id)
    return match


@transaction.atomic
def match_resume(*, match: Match) -> Match:
    """Take an abandoned match up again where it stopped; nothing changes
    for one that is not abandoned (a second tap)."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.abandoned is not None:
        match.abandoned = None
        match.version += 1
        match.save(update_fields=["abandoned", "version"])
        host_changed(match.host_id)
    return match


@transaction.atomic
def match_delete(*, match: Match) -> None:
    """Delete a match with its seats, events and snapshot, for good: unlike
    an entry, a deleted match cannot be put back. Its players stay (they
    may have played other matches); their figures no longer count it."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    old = list(MatchPlayer.objects.filter(match=match))
    MatchPlayer.objects.filter(match=match).delete()
    figures.keep(match.game, {row.player_id: (figures.Part.of(row), None) for row in old})
    match.delete()  # its seats, events and share links go with it (cascade)
    host_changed(match.host_id)
