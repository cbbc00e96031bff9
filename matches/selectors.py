"""Reads for the pages: plain ORM, each returning what a page needs. A page
reads one consistent state of a match: its board is its snapshot head and
the entries read in the same statement (``board_of``), never a head and
entries a write may have come between."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.formats import date_format

from matches import services, snapshot
from matches.display import LISTED, Listed, MatchRow, match_row
from matches.engine.board import Board
from matches.engine.names import alphabetical
from matches.models import (
    Account,
    Event,
    HostVersion,
    Match,
    MatchPlayer,
    Player,
    PlayerFigures,
    ShareLink,
    undone_of,
)
from matches.people import head_to_head

RECENT = 5  # entries of the history on the board; the entries page has them all
DELETED_SHOWN = 20  # deleted entries a board lists, newest first
HOME_OPEN = 20  # open matches the home page lists, newest first
HOME_RECENT = 5  # finished ones under them
HISTORY_PAGE = 20  # matches a page of the history lists
PLAYER_MATCHES = 20  # a player's page lists their newest matches
PLAYER_CHART = 30  # and charts their places in the last finished ones


def language_of(host: Any) -> str:
    """The language a host chose for their pages ("" for the browser's)."""
    return Account.objects.filter(host=host).values_list("language", flat=True).first() or ""


def host_match(host_id: int, public_id: str, *, events: bool = False) -> Match | None:
    """The host's match ``public_id``; with ``events``, also its seats and
    every event (for the pages that replay them: editing the past). None: no
    such match of this host."""
    matches = Match.objects.filter(public_id=public_id, host_id=host_id)
    if events:
        matches = matches.for_replay()
    return matches.first()


@dataclass(frozen=True)
class BoardState:
    """A match as its board shows it, read at one moment: ``match`` (its row
    and snapshot head), its ``board`` with the last ``RECENT`` live events'
    hands, those events (``recent``, in order), the deleted ones (newest
    first, at most ``DELETED_SHOWN`` and one), and how many live events
    there are (``live``)."""

    match: Match
    board: Board
    recent: list[Event]
    deleted: list[Event]
    live: int

    @property
    def undone(self) -> Event | None:
        """The event the undo button can put back, if any."""
        return undone_of(self.recent, self.deleted)


# The columns of a match's row its board shows, read with its events.
BOARD_COLUMNS = (*Match.HEAD_FIELDS, "abandoned", "next_match_id", "rules", "colours", "initials")


def board_of(match: Match, *, written: bool = False) -> BoardState:
    """``match``'s board as stored: its last live events and its newest
    deleted ones, read in one statement with the match's row (and its live
    share link's token), whose head is then the one those events go with (a
    write between two reads would pair an old head with new entries).

    A match with nothing deleted, as its row says, is read by the simpler
    statement of its live events alone.

    ``written``: ``match`` is the row a write has just stored, and the
    caller is still in that write's transaction: its head is current, so the
    events are read without it (with the share link's token), which costs
    half of reading the row again with them."""
    live = Event.objects.filter(match_id=match.pk, deleted=None).order_by("-position")
    if match.deleted_count:
        deleted = Event.objects.filter(match_id=match.pk, deleted__isnull=False)
        events = Event.objects.filter(
            Q(pk__in=live.values("pk")[:RECENT])
            | Q(pk__in=deleted.order_by("-deleted").values("pk")[: DELETED_SHOWN + 1])
        )
    else:
        events = live[:RECENT]
    shared = ShareLink.objects.filter(match=OuterRef("match_id"), ended=None)
    events = events.annotate(share_token=Subquery(shared.values("token")[:1]))
    if written:
        rows = list(events)
        if rows:  # a write leaves at least one event but for an undo of the only one
            match.share_token = rows[0].share_token
            return _state(match, rows)
    rows = list(events.select_related("match"))
    if not rows:  # no event to read it with: the row as it stands now
        had_deleted = match.deleted_count
        match.refresh_from_db(fields=BOARD_COLUMNS)
        if match.deleted_count and not had_deleted:  # deleted meanwhile: read again
            return board_of(match)
        live_link = ShareLink.objects.filter(match=match.pk, ended=None)
        match.share_token = live_link.values_list("token", flat=True).first()
    elif not match.deleted_count and rows[0].match.deleted_count:
        match.deleted_count = rows[0].match.deleted_count  # deleted meanwhile: read again
        return board_of(match)
    else:
        for name in BOARD_COLUMNS:
            setattr(match, name, getattr(rows[0].match, name))
        match.share_token = rows[0].share_token
    if not match.snapshot_current:
        services.current_head(match)  # a stale snapshot: rebuilt, then read again
        return board_of(match)
    return _state(match, rows)


def _state(match: Match, rows: list[Event]) -> BoardState:
    """The board of ``match``'s head with ``rows`` (its last live events and
    newest deleted ones, in any order)."""
    rows.sort(key=lambda event: event.position)
    recent = [event for event in rows if event.deleted is None]
    removed = sorted(
        (event for event in rows if event.deleted is not None),
        key=lambda e: e.deleted,
        reverse=True,
    )
    head = match.snapshot
    board = snapshot.board(
        match.house_rules(), {**head, "events": [event.result for event in recent]}
    )
    return BoardState(match, board, recent, removed, head["event_count"])


def every_hand(match: Match) -> tuple[Board, list[Event]]:
    """``match``'s board with every hand and its live events in order, from
    its snapshot's head and every live entry, read in one statement."""
    rows = _live(match)
    data = {**match.snapshot, "events": [event.result for event in rows]}
    return snapshot.board(match.house_rules(), data), rows


def deleted_of(match: Match, most: int | None) -> list[Event]:
    """``match``'s deleted entries, newest first: the newest ``most`` and
    one (to tell there are more), or every one (``most`` None)."""
    deleted = Event.objects.filter(match_id=match.pk, deleted__isnull=False).order_by("-deleted")
    return list(deleted if most is None else deleted[: most + 1])


def _live(match: Match, *, last_hands: int | None = None) -> list[Event]:
    """``match``'s live events in order (with ``last_hands``, those of that
    many last hands only), read in one statement with the match's row,
    whose head ``match`` then holds (a stale one rebuilt first)."""
    events = Event.objects.filter(match_id=match.pk, deleted=None).select_related("match")
    if last_hands is None:
        rows = list(events.order_by("position"))
    else:
        rows = list(events.filter(kind="hand").order_by("-position")[:last_hands])[::-1]
    if rows:
        for name in (*Match.HEAD_FIELDS, "abandoned"):
            setattr(match, name, getattr(rows[0].match, name))
    if not match.snapshot_current:
        services.current_head(match)
        return _live(match, last_hands=last_hands)
    return rows


def whole_snapshot(match: Match, *, last_hands: int | None = None) -> dict[str, Any]:
    """``match``'s stored snapshot, its head and every live entry (with
    ``last_hands``, the entries of that many last hands only), read in one
    statement: what the sheet, the CSV and a shared board show."""
    rows = _live(match, last_hands=last_hands)
    return {**match.snapshot, "events": [event.result for event in rows]}


# Lists of matches ----------------------------------------------------------------------

ROW_COLUMNS = (
    "public_id",
    "created",
    "game",
    "status",
    "hands_played",
    "line",
    "abandoned",
    "colours",
    "initials",
)


def _listed(matches: Any) -> Any:
    """Matches for a list: the columns a row shows, no snapshot, no event."""
    return matches.only(*ROW_COLUMNS)


def match_rows(matches: list[Match]) -> list[MatchRow]:
    """The list rows of ``matches``, their standings read in one query."""
    standings: dict[int, list[Listed]] = {match.pk: [] for match in matches}
    found = MatchPlayer.objects.filter(match_id__in=standings).values_list("match_id", *LISTED)
    for match_id, *values in found:
        standings[match_id].append(Listed(*values))
    return [match_row(match, standings[match.pk]) for match in matches]


def home_lists(host_id: int) -> dict[str, Any]:
    """The home page's lists: the open matches (newest first), then the
    latest finished ones."""
    open_matches = list(
        _listed(Match.objects.filter(host_id=host_id, status="open", abandoned=None))[
            : HOME_OPEN + 1
        ]
    )
    recent = list(_listed(Match.objects.filter(host_id=host_id, status="closed"))[:HOME_RECENT])
    rows = match_rows([*open_matches[:HOME_OPEN], *recent])
    shown = min(len(open_matches), HOME_OPEN)
    return {
        "open_rows": rows[:shown],
        "more_open": len(open_matches) > HOME_OPEN,
        "recent_rows": rows[shown:],
    }


def _cursor(text: str) -> tuple[datetime, int] | None:
    """A page's edge from the URL, ``<microseconds since 1970>-<id>``, or None."""
    stamp, _, pk = text.partition("-")
    if not (stamp.isascii() and stamp.isdigit() and pk.isascii() and pk.isdigit()):
        return None
    if len(stamp) > 17 or len(pk) > 12:
        return None
    return datetime.fromtimestamp(int(stamp) / 1e6, tz=UTC), int(pk)


def cursor_of(match: Match) -> str:
    return f"{int(match.created.timestamp() * 1e6)}-{match.pk}"


@dataclass(frozen=True)
class HistoryPage:
    """A page of the history: its rows, and the pages either side, if any."""

    rows: list[MatchRow]
    older: str | None
    newer: str | None
    paged: bool


def history_page(host_id: int, filters: dict[str, str], before: str, after: str) -> HistoryPage:
    """A page of the host's matches, newest first, filtered by ``filters``
    (``status``, ``player``), the one after the cursor ``before`` or before
    ``after`` (a page's edge), without counting the rows."""
    matches = Match.objects.filter(host_id=host_id)
    status = filters.get("status")
    if status == "abandoned":
        matches = matches.exclude(abandoned=None)
    elif status:
        matches = matches.filter(status=status, abandoned=None)
    if "player" in filters:
        matches = matches.filter(standings__player_id=int(filters["player"]))
    listed = matches
    older_than = _cursor(before)
    newer_than = None if older_than else _cursor(after)
    if older_than:
        created, pk = older_than
        matches = matches.filter(Q(created__lt=created) | Q(created=created, pk__lt=pk))
    elif newer_than:
        created, pk = newer_than
        matches = matches.filter(Q(created__gt=created) | Q(created=created, pk__gt=pk))
        matches = matches.order_by("created", "id")
    page = list(_listed(matches)[: HISTORY_PAGE + 1])
    more = len(page) > HISTORY_PAGE
    page = page[:HISTORY_PAGE]
    if newer_than:
        page.reverse()
        has_newer = more
        has_older = (
            bool(page)
            and listed.filter(
                Q(created__lt=page[-1].created) | Q(created=page[-1].created, pk__lt=page[-1].pk)
            ).exists()
        )
    else:
        has_newer, has_older = bool(older_than), more
    older = newer = None
    if page and has_older:
        older = "?" + urlencode({**filters, "before": cursor_of(page[-1])})
    if page and has_newer:
        newer = "?" + urlencode({**filters, "after": cursor_of(page[0])})
    return HistoryPage(match_rows(page), older, newer, bool(older_than or newer_than))


# Players ------------------------------------------------------------------------------


def hosts_players(host_id: int) -> list[Player]:
    """The host's players by name (``alphabetical``), each with their
    figures rows (``figures``)."""
    players = Player.objects.filter(host_id=host_id).prefetch_related("figures")
    return sorted(players, key=lambda player: alphabetical(player.name))


def player_names(host_id: int) -> list[tuple[int, str]]:
    """(id, name) of each of the host's players, for a list to choose from
    (``alphabetical``)."""
    names = Player.objects.filter(host_id=host_id).values_list("pk", "name")
    return sorted(names, key=lambda each: alphabetical(each[1]))


def player_page(player: Player, chosen: int | None) -> dict[str, Any]:
    """What a player's page shows: their figures rows, their newest matches,
    their places in the last finished ones, the others to compare with (and
    those never at one table with them, to merge with), and head to head
    against ``chosen`` (a player's id) when it is one."""
    others = sorted(
        Player.objects.filter(host_id=player.host_id).exclude(pk=player.pk),
        key=lambda each: alphabetical(each.name),
    )
    rows = list(
        MatchPlayer.objects.filter(player=player)
        .select_related("match")
        .defer("match__snapshot")
        .order_by("-match__created", "-match_id")[:PLAYER_MATCHES]
    )
    closed = list(
        MatchPlayer.objects.filter(player=player, closed=True)
        .select_related("match")
        .only("place", "match__created", "match__id")
        .order_by("-match__created", "-match_id")[:PLAYER_CHART]
    )
    counts = dict(
        MatchPlayer.objects.filter(match_id__in=[row.match_id for row in closed])
        .values("match_id")
        .annotate(players=Count("pk"))
        .values_list("match_id", "players")
    )
    places = [
        (
            date_format(timezone.localtime(row.match.created), "MONTH_DAY_FORMAT"),
            row.place,
            counts[row.match_id],
        )
        for row in reversed(closed)
    ]
    versus = None
    other = next((each for each in others if each.pk == chosen), None)
    if other is not None:
        both = MatchPlayer.objects.filter(match__standings__player=player).filter(
            match__standings__player=other
        )
        pair = list(
            MatchPlayer.objects.filter(match__in=both.values("match"), player__in=[player, other])
            .select_related("match")
            .defer("match__snapshot")
        )
        versus = head_to_head(player, other, pair)
    # A merge makes two names one person: never two who sat at one table.
    together = set(
        MatchPlayer.objects.filter(match__standings__player=player).values_list(
            "player_id", flat=True
        )
    )
    return {
        "kept": list(PlayerFigures.objects.filter(player=player)),
        "rows": rows,
        "places": places,
        "others": others,
        "mergeable": [each for each in others if each.pk not in together],
        "versus": versus,
    }


def host_version(host_id: int) -> int:
    """The host's version: moved on by every write to their matches or players."""
    found = HostVersion.objects.filter(host_id=host_id).values_list("version", flat=True).first()
    return found or 0


def colour_sharers(player: Player) -> list[str]:
    """The names of the host's other players with ``player``'s colour who
    sat at a table with them, by name."""
    names = (
        Player.objects.filter(host_id=player.host_id, colour=player.colour)
        .exclude(pk=player.pk)
        .filter(standings__match__standings__player=player)
        .values_list("name", flat=True)
        .distinct()
    )
    return sorted(names, key=alphabetical)
