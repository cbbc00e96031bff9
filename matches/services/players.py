"""Writes of a host's players: renaming one (every match follows), giving
one another colour, and merging two names of one person."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from matches import colours, snapshot
from matches.engine.errors import RuleError
from matches.engine.names import check_players, clean_name, name_key, own_initials, renamer
from matches.matchfile import rename_in_event
from matches.models import Event, Match, MatchPlayer, Player, Seat

from . import figures
from .common import host_changed, initials_taken

REWRITE_BATCH = 200  # matches whose entries a rename reads at a time


class NameTaken(RuleError):
    """A rename to a name another of the host's players has: ``other`` is
    that player, whom the host may merge into instead."""

    def __init__(self, *, player: Player, other: Player) -> None:
        super().__init__("name_taken", key="name", name=player.name, other=other.name)
        self.other = other


def _check_new_name(name: object) -> str:
    problems = [
        error for error in check_players([name, "someone else"], low=2, high=2) if error.seat == 0
    ]
    if problems:
        raise RuleError("rename_bad", key="name", problem=problems[0])
    return clean_name(name)  # type: ignore[arg-type]


def _matches_of(player: Player) -> list[int]:
    return list(
        MatchPlayer.objects.filter(player=player).values_list("match_id", flat=True).distinct()
    )


def _lock_matches(match_ids: list[int]) -> None:
    """Lock these matches' rows in the order of their keys, before a change
    of their players writes anything: a save locks its match before it
    writes its players' figures, so a change that wrote a player first and
    then waited for one of their matches could wait for a save that waits
    for it."""
    ordered = sorted(match_ids)
    for start in range(0, len(ordered), REWRITE_BATCH):
        batch = ordered[start : start + REWRITE_BATCH]
        list(Match.objects.select_for_update().filter(pk__in=batch).order_by("pk").values("pk"))


def _rewrite(match_ids: list[int], old: str, new: str, letters: str) -> None:
    """Call ``old`` ``new`` in these matches' events as entered, their
    stored entries, their colours and their snapshot heads (a name changes
    no score, so the snapshot is what a replay would give), and give them
    the initials ``letters`` at each table; their versions move on. The
    caller has locked them (``_lock_matches``)."""
    for start in range(0, len(match_ids), REWRITE_BATCH):
        batch = match_ids[start : start + REWRITE_BATCH]
        matches = {
            match.pk: match
            for match in Match.objects.filter(pk__in=batch).only(
                "pk", "game", "snapshot", "colours", "initials"
            )
        }
        changed = []
        for event in Event.objects.filter(match_id__in=batch).only(
            "pk", "match_id", "data", "result"
        ):
            game = matches[event.match_id].game
            data = rename_in_event(event.data, old, new, game=game)
            result = event.result and snapshot.rename_in_entry(event.result, old, new, game)
            if (data, result) != (event.data, event.result):
                event.data, event.result = data, result
                changed.append(event)
        Event.objects.bulk_update(changed, ["data", "result"], batch_size=500)
        renamed = renamer(old, new)
        for match in matches.values():
            if match.snapshot is not None:
                match.snapshot = snapshot.rename_in_head(match.snapshot, old, new, match.game)
            match.colours = {renamed(name): colour for name, colour in match.colours.items()}
            # The renamed player's initials follow, the others keep theirs.
            kept = {renamed(name): each for name, each in match.initials.items()}
            match.initials = {**kept, new: letters} if new in kept else kept
        Match.objects.bulk_update(
            matches.values(), ["snapshot", "colours", "initials"], batch_size=500
        )
        Match.objects.filter(pk__in=batch).update(version=F("version") + 1)


@transaction.atomic
def player_rename(*, player: Player, name: str) -> Player:
    """Give a player another name; every match they played follows.

    Raises:
        RuleError: ``rename_bad``: the name is empty, too long, or holds a
            control character (``key="name"``).
        NameTaken: another of the host's players has that name (any letter
            case): merging is the way to join the two.
    """
    cleaned = _check_new_name(name)
    others = Player.objects.filter(host_id=player.host_id, key=name_key(cleaned))
    other = others.exclude(pk=player.pk).first()
    if other is not None:
        raise NameTaken(player=player, other=other)
    old = player.name
    if cleaned == old:
        return player
    matches = _matches_of(player)
    _lock_matches(matches)
    player.name = cleaned
    player.initials = own_initials(cleaned, initials_taken(player.host_id) - {player.initials})
    player.save(update_fields=["name", "initials"])
    _rewrite(matches, old, cleaned, player.initials)
    host_changed(player.host_id)
    return player


@transaction.atomic
def player_recolour(*, player: Player, colour: str) -> Player:
    """Give a player another colour (``#rrggbb`` of the palette), kept for
    every later match and shown at each of theirs where nobody else at that
    table has it (there the table keeps the one it showed).

    Raises:
        RuleError: ``colour_unknown``: not a colour of the palette
            (``key="colour"``); nothing changes.
    """
    if colour not in colours.BY_HEX:
        raise RuleError("colour_unknown", key="colour")
    if colour == player.colour:
        return player
    matches = _matches_of(player)
    _lock_matches(matches)
    player.colour, player.colour_chosen = colour, timezone.now()
    player.save(update_fields=["colour", "colour_chosen"])
    changed = []
    for match in Match.objects.filter(pk__in=matches).only("pk", "colours"):
        name = next((name for name in match.colours if name_key(name) == player.key), None)
        others = {hex for each, hex in match.colours.items() if each != name}
        if name is not None and colour not in others:
            match.colours[name] = colour
            changed.append(match)
    Match.objects.bulk_update(changed, ["colours"], batch_size=500)
    Match.objects.filter(pk__in=[match.pk for match in changed]).update(version=F("version") + 1)
    host_changed(player.host_id)
    return player


def players_merge_check(*, keep: Player, gone: Player) -> None:
    """Refuse a merge ``players_merge`` would refuse, writing nothing.

    Raises:
        RuleError: ``merge_same`` (the same player, or another host's), or
            ``merge_together`` (both sat in one match).
    """
    if keep.pk == gone.pk or keep.host_id != gone.host_id:
        raise RuleError("merge_same")
    shared = (
        Match.objects.filter(standings__player=keep)
        .filter(standings__player=gone)
        .order_by("created")
        .first()
    )
    if shared is not None:
        raise RuleError(
            "merge_together",
            gone=gone.name,
            keep=keep.name,
            when=timezone.localtime(shared.created),
        )


@transaction.atomic
def players_merge(*, keep: Player, gone: Player) -> Player:
    """Make ``gone`` and ``keep`` one person, named as ``keep``: every match
    ``gone`` played is now ``keep``'s (entries, seats, snapshots, figures),
    and ``gone`` is removed.

    Raises:
        RuleError: as ``players_merge_check``; nothing changes.
    """
    players_merge_check(keep=keep, gone=gone)
    matches = _matches_of(gone)
    _lock_matches(matches)
    Seat.objects.filter(player=gone).update(player=keep)
    Match.objects.filter(first_dealer=gone).update(first_dealer=keep)
    _rewrite(matches, gone.name, keep.name, keep.initials)
    MatchPlayer.objects.filter(player=gone).update(player=keep)
    gone.delete()
    figures.rebuild([keep.pk])
    host_changed(keep.host_id)
    keep.refresh_from_db()
    return keep
