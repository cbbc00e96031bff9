"""The tables of the scoreboard.

A match is stored as its house rules, its starting seats and its ordered
events, each event exactly as entered (in the shape of a match file's event,
docs/match-format.md). Totals, dealer, status and winner come from replaying the
events through ``matches.scoring`` (``Match.board``). The services keep a cache
of that replay beside the events, written in the same transaction: the head of
the match's ``snapshot`` (with ``status`` and ``hands_played`` as columns, for
lists and filters), each live event's entry of it (``Event.result``) and one
``MatchPlayer`` row per player. Nothing else writes them.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models
from django.utils import timezone

from matches import kept, scoring
from matches.prepared import Prepared
from matches.scoring import snapshot as snapshots
from matches.scoring.cards import ACE_VALUES
from matches.scoring.engine import name_key
from matches.scoring.matchfile import EVENT_KINDS, read_event
from matches.scoring.rules import (
    DECKS,
    GAMES,
    GIN,
    GIN_DEALS,
    GIN_RANGES,
    HAND_LIMIT_MAX,
    HAND_LIMIT_MIN,
    RUMMY,
    RUMMY_BONUSES,
    SCHEMES,
    SHUTOUTS,
    STOCK_OUTS,
    TARGET_MAX,
    TARGET_MIN,
    GinRules,
    HouseRules,
    Rules,
    rule_keys,
    rules_class,
)

DEFAULTS = HouseRules()
GIN_DEFAULTS = GinRules()


def rule_columns(rules: Rules) -> dict[str, Any]:
    """A match's columns for the house rules ``rules`` (checked, so a Rummy
    match's ``decks`` is set): its game and that game's rules. The other
    game's columns keep their defaults."""
    return {"game": rules.game, **{name: getattr(rules, name) for name in rule_keys(rules.game)}}


def new_public_id() -> str:
    """An unguessable id for a match's URLs (128 random bits)."""
    return secrets.token_urlsafe(16)


def _choices(values: tuple[str, ...]) -> list[tuple[str, str]]:
    return [(value, value.replace("_", " ")) for value in values]


class Player(models.Model):
    """One person a host keeps score for, reused across matches."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=40)
    # ``name_key(name)``: what makes two names one player, in any letter
    # case or accent typing; unique per host, so that no database's own case
    # folding (PostgreSQL's is ASCII-only in the C locale) lets a second
    # "Zoë" in beside "ZOË". Set by ``save`` (and by hand for bulk inserts).
    key = models.CharField(max_length=200, editable=False)
    created = models.DateTimeField(default=timezone.now)

    # Their figures over every match, kept by the services with each write
    # from the ``MatchPlayer`` rows (``services._store``); never typed in.
    played = models.PositiveIntegerField(default=0)
    closed = models.PositiveIntegerField(default=0, help_text="closed matches played")
    won = models.PositiveIntegerField(default=0)
    no_winner = models.PositiveIntegerField(default=0, help_text="closed with no winner")
    hands_out = models.PositiveIntegerField(default=0)
    rummies = models.PositiveIntegerField(default=0)
    take = models.BigIntegerField(default=0, help_text="points taken on the hands gone out")
    best_hand = models.IntegerField(null=True, blank=True)
    # The last five closed matches: [public_id, created ISO, place, shared, left].
    recent = models.JSONField(default=list, blank=True)
    # The same of Gin Rummy matches, kept apart (the figures above are
    # Rummy's): docs/gin.md. ``gin_margin`` adds up the margins of the Gin
    # matches they won (points).
    gin_played = models.PositiveIntegerField(default=0)
    gin_closed = models.PositiveIntegerField(default=0)
    gin_won = models.PositiveIntegerField(default=0)
    gin_no_winner = models.PositiveIntegerField(default=0)
    gin_hands_won = models.PositiveIntegerField(default=0)
    gins = models.PositiveIntegerField(default=0)
    big_gins = models.PositiveIntegerField(default=0)
    undercuts_given = models.PositiveIntegerField(default=0, help_text="hands won by undercutting")
    undercuts_taken = models.PositiveIntegerField(default=0, help_text="knocks undercut")
    gin_margin = models.BigIntegerField(default=0)
    gin_recent = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["host", "key"], name="player_key_unique_per_host"),
        ]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, with ``key`` following ``name``."""
        self.key = name_key(self.name)
        fields = kwargs.get("update_fields")
        if fields is not None and "name" in fields:
            kwargs["update_fields"] = {*fields, "key"}
        super().save(*args, **kwargs)


class MatchQuerySet(models.QuerySet["Match"]):
    def with_share_token(self) -> MatchQuerySet:
        """Each match with ``share_token``, its live share link's (None when
        not shared), in the same query."""
        live = ShareLink.objects.filter(match=models.OuterRef("pk"), ended=None)
        return self.annotate(share_token=models.Subquery(live.values("token")[:1]))

    def for_board(self) -> MatchQuerySet:
        """Everything ``Match.board`` reads, in three queries for any number of matches."""
        return self.select_related("first_dealer").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player")),
            # Live and deleted events alike: the board needs the live ones,
            # the undo button the newest deleted one.
            models.Prefetch("events", queryset=Event.objects.order_by("position")),
        )


class Match(models.Model):
    """A match: the host who keeps it, its house rules (docs/rules.md, "House
    rules") and its starting seats; its events are ``Event`` rows."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches"
    )
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    created = models.DateTimeField(default=timezone.now)
    # Values, ranges and defaults from the engine's rules module. ``game``
    # says whose rules the match plays by: Rummy's columns, or Gin's
    # (docs/gin.md); the target and the hand limit are both games'.
    game = models.CharField(max_length=10, choices=_choices(GAMES), default=RUMMY)
    scheme = models.CharField(max_length=20, choices=_choices(SCHEMES), default=DEFAULTS.scheme)
    target = models.PositiveSmallIntegerField(
        default=DEFAULTS.target, help_text="the line at the start"
    )
    rummy_bonus = models.CharField(
        max_length=10, choices=_choices(RUMMY_BONUSES), default=DEFAULTS.rummy_bonus
    )
    stock_out = models.CharField(
        max_length=20, choices=_choices(STOCK_OUTS), default=DEFAULTS.stock_out
    )
    hand_limit = models.PositiveSmallIntegerField(default=DEFAULTS.hand_limit)
    ace_value = models.PositiveSmallIntegerField(default=DEFAULTS.ace_value)
    decks = models.PositiveSmallIntegerField(default=GinRules.decks)
    knock_limit = models.PositiveSmallIntegerField(default=GIN_DEFAULTS.knock_limit)
    gin_bonus = models.PositiveSmallIntegerField(default=GIN_DEFAULTS.gin_bonus)
    big_gin_bonus = models.PositiveSmallIntegerField(default=GIN_DEFAULTS.big_gin_bonus)
    undercut_bonus = models.PositiveSmallIntegerField(default=GIN_DEFAULTS.undercut_bonus)
    game_bonus = models.PositiveSmallIntegerField(default=GIN_DEFAULTS.game_bonus)
    box_bonus = models.PositiveSmallIntegerField(default=GIN_DEFAULTS.box_bonus)
    shutout = models.CharField(
        max_length=20, choices=_choices(SHUTOUTS), default=GIN_DEFAULTS.shutout
    )
    deal = models.CharField(max_length=10, choices=_choices(GIN_DEALS), default=GIN_DEFAULTS.deal)
    first_dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # The one-time token of the form that created it: a double tap on
    # "Start the match" or "Rematch" creates one match.
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    # When the host set it aside unfinished (None: in play, or closed).
    abandoned = models.DateTimeField(null=True, blank=True)

    # The cache of the replay (matches.scoring.snapshot), written by the
    # services with every write: ``snapshot`` is its head (the entries are
    # the events' ``result``). ``version`` counts the writes.
    version = models.PositiveIntegerField(default=0, editable=False)
    engine_version = models.PositiveIntegerField(default=0, editable=False)
    status = models.CharField(
        max_length=10, choices=[("open", "open"), ("closed", "closed")], default="open"
    )
    hands_played = models.PositiveIntegerField(default=0)
    line = models.PositiveSmallIntegerField(default=0, help_text="the line as it stands")
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    # How many of its events are deleted or taken back (they can be put
    # back), written with the snapshot: a board without any reads only its
    # last entries.
    deleted_count = models.PositiveIntegerField(default=0, editable=False)
    # The rematch started from this match, for the phones following it.
    next_match = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name_plural = "matches"
        indexes = [
            # The history: a host's matches newest first, by status.
            models.Index(fields=["host", "-created", "-id"], name="match_host_created"),
            models.Index(fields=["host", "status", "-created", "-id"], name="match_host_status"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(target__gte=TARGET_MIN, target__lte=TARGET_MAX),
                name="match_target_range",
            ),
            models.CheckConstraint(
                condition=models.Q(hand_limit__gte=HAND_LIMIT_MIN, hand_limit__lte=HAND_LIMIT_MAX),
                name="match_hand_limit_range",
            ),
            models.CheckConstraint(
                condition=models.Q(ace_value__in=ACE_VALUES), name="match_ace_value"
            ),
            models.CheckConstraint(condition=models.Q(decks__in=DECKS), name="match_decks"),
            models.CheckConstraint(condition=models.Q(game__in=GAMES), name="match_game"),
            *(
                models.CheckConstraint(
                    condition=models.Q(**{f"{name}__lte": high}), name=f"match_{name}_range"
                )
                for name, (_, high) in GIN_RANGES.items()
            ),
        ]

    def __str__(self) -> str:
        return f"{self.created:%Y-%m-%d} {', '.join(self.player_names())}"

    def house_rules(self) -> Rules:
        """The house rules as the engine takes them (the starting target):
        Rummy's, or Gin's for a Gin match."""
        rules = rules_class(self.game)
        return rules(**{name: getattr(self, name) for name in rule_keys(self.game)})

    @property
    def is_gin(self) -> bool:
        """Whether this is a Gin Rummy match (docs/gin.md)."""
        return self.game == GIN

    def player_names(self) -> list[str]:
        """The starting players' names, in seat order (the prefetched seats,
        else one query)."""
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            seats = self.seats.all()
        else:
            seats = self.seats.select_related("player")
        return [seat.player.name for seat in seats]

    def engine_match(self, events: list[dict] | None = None) -> scoring.Match:
        """This match for the engine; ``events`` (match-file shape) replace
        the stored live events when given."""
        if events is None:
            events = [event.data for event in self.live_events()]
        return scoring.Match(
            rules=self.house_rules(),
            players=self.player_names(),
            first_dealer=self.first_dealer.name,
            events=[read_event(data, index, game=self.game) for index, data in enumerate(events)],
        )

    def live_events(self) -> list[Event]:
        """The events that happened, in order (uses prefetched events)."""
        return [event for event in self.events.all() if event.deleted is None]

    def deleted_events(self) -> list[Event]:
        """Events deleted or taken back, newest first: they can be restored."""
        deleted = [event for event in self.events.all() if event.deleted is not None]
        return sorted(deleted, key=lambda event: event.deleted, reverse=True)

    def undone_event(self) -> Event | None:
        """The event most recently taken back, if nothing has been recorded
        after it: the one the undo button can restore."""
        events = list(self.events.all())
        deleted = [event for event in events if event.deleted is not None]
        if not deleted:
            return None
        newest = max(deleted, key=lambda event: event.deleted)
        live = [event.position for event in events if event.deleted is None]
        return newest if not live or newest.position > max(live) else None

    @property
    def shown_status(self) -> str:
        """ "open", "closed" or "abandoned", from the stored snapshot."""
        return "abandoned" if self.abandoned else self.status

    @property
    def snapshot_current(self) -> bool:
        """Whether the stored snapshot is today's engine's (else it is rebuilt
        by replaying: ``services.current_snapshot``)."""
        return self.snapshot is not None and self.engine_version == snapshots.ENGINE_VERSION

    def live_count(self) -> int:
        """How many events happened (the stored snapshot's, else the events')."""
        if self.snapshot_current:
            return self.snapshot["event_count"]
        return len(self.live_events())

    def entries(self, *, last_hands: int | None = None) -> list[dict[str, Any]]:
        """Every live event's stored entry of the snapshot, in order (the
        prefetched events, else one query for the entries alone); with
        ``last_hands``, only the entries of that many last hands. The head
        (``snapshot``) is read again when a write came between it and them
        (``_in_step``): read it after this."""
        if last_hands is None and "events" in getattr(self, "_prefetched_objects_cache", {}):
            return [event.result for event in self.live_events()]
        live = self.events.filter(deleted=None)
        if last_hands is None:
            rows = live.order_by("position")
        else:
            rows = live.filter(kind="hand").order_by("-position")[:last_hands]
        found = self._in_step(lambda: list(rows.values_list("result", "match__version")))
        entries = [result for result, _ in found]
        return entries if last_hands is None else entries[::-1]

    def _in_step(self, read: Callable[[], list[Any]]) -> list[Any]:
        """``read()``: rows of this match's events that end with the match's
        version as stored when they were read. A write that came between
        this match's row and them (another phone's hand, a rename) would
        pair an old head with new entries: the head is read again, and
        them, a few times at most."""
        for _ in range(3):
            rows = read()
            if all(row[-1] == self.version for row in rows):
                break
            self.refresh_from_db(fields=SNAPSHOT_COLUMNS)
            self.__dict__.pop("_shown_events", None)
        return rows

    def board(self, *, recent: int | None = None) -> scoring.Board:
        """The board: totals (points), hands, dealer, status and winner, the
        engine's replay of the stored events, read from the stored snapshot
        of that replay (replayed afresh when an older engine wrote it).
        docs/rules.md, all of it.

        Args:
            recent: only the hands among the last ``recent`` events are in
                ``Board.hands`` (the rest counted in ``earlier_hands``); None:
                every hand.

        Raises:
            RuleError: the stored events break a rule (only if the rules
                changed under stored data; services never store such events).
        """
        if not self.snapshot_current:
            return scoring.replay(self.engine_match())
        if recent is None:
            entries = self.entries()
        else:
            entries = [event.result for event in self.board_events(recent).recent] if recent else []
        return snapshots.board(self.house_rules(), {**self.snapshot, "events": entries})

    def _all_stand(self) -> bool:
        """Whether none of the match's events is taken back, its snapshot
        this engine's: its board's events are its last live ones."""
        return self.snapshot_current and not self.deleted_count

    def board_events(self, recent: int) -> BoardEvents:
        """The events the board shows, in one query (kept for the next call):
        the last ``recent`` live ones and every deleted one (never the whole
        list)."""
        kept = self.__dict__.setdefault("_shown_events", {})
        if recent not in kept:
            kept[recent] = self._board_events(recent)
        return kept[recent]

    def kept_rows(self, recent: int) -> tuple[tuple[Any, ...], ...] | None:
        """The board's last ``recent`` events as this process keeps them
        (``kept.recent_rows``: rows of stored values, oldest first), when
        every event stands and the snapshot is this engine's; else None."""
        return kept.recent_rows(self, recent) if self._all_stand() else None

    def unkept(self, recent: int) -> bool:
        """Whether this process would keep the board's last ``recent``
        events of this version (every event stands, the snapshot is this
        engine's: ``kept``) but keeps none."""
        return self._all_stand() and kept.recent_rows(self, recent) is None

    def _board_events(self, recent: int) -> BoardEvents:
        if self._all_stand():
            found = kept.recent(self, recent)
            if found is not None:  # this process keeps them (``matches.kept``)
                return BoardEvents(found, [], None)

        def read() -> list[tuple[Event, int]]:
            if self._all_stand():
                # An index's last rows only, by a lookup written once.
                rows = _newest_events(recent).all(match=self.pk)[::-1]
            else:
                newest = self.events.filter(deleted=None).order_by("-position")
                shown = newest.values("pk")[:recent]
                deleted = models.Q(deleted__isnull=False)
                at = models.F("match__version")
                rows = self.events.filter(deleted | models.Q(pk__in=shown)).annotate(at=at)
            return [(event, event.at) for event in rows]

        found = self._in_step(read)
        rows = [event for event, _ in found]
        live = [event for event in rows if event.deleted is None]
        # Kept only when the rows are this version's: their versions say so,
        # and as many as its snapshot counts (no row has no version to say it).
        if (
            self._all_stand()
            and all(at == self.version for _, at in found)
            and len(live) == min(recent, self.live_count())
        ):
            kept.keep(self, recent, live)
        deleted = sorted(
            (event for event in rows if event.deleted is not None),
            key=lambda event: event.deleted,
            reverse=True,
        )
        undone = None
        if deleted and (not live or deleted[0].position > live[-1].position):
            undone = deleted[0]
        return BoardEvents(live, deleted, undone)


@lru_cache(maxsize=8)
def _newest_events(recent: int) -> Prepared:
    """The lookup of a match's last ``recent`` live events, newest first,
    each with its match's version as stored (``at``)."""
    return Prepared(
        lambda match: (
            Event.objects.filter(match_id=match, deleted=None)
            .order_by("-position")
            .annotate(at=models.F("match__version"))[:recent]
        ),
        match=-8_191,
    )


@dataclass(frozen=True)
class BoardEvents:
    """``Match.board_events``: ``recent`` live events in order, ``deleted``
    ones newest first, and ``undone``, the one the undo button can put back
    (taken back with nothing recorded after it), if any."""

    recent: list[Event]
    deleted: list[Event]
    undone: Event | None


# The cached columns a write stores with the snapshot (``services._store``).
SNAPSHOT_COLUMNS = (
    "version",
    "engine_version",
    "status",
    "hands_played",
    "line",
    "snapshot",
    "deleted_count",
)


class Seat(models.Model):
    """A starting seat: ``position`` 0 is the first seat. Players who join
    later are seated by their join event."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint("match", "position", name="seat_position_unique"),
            models.UniqueConstraint("match", "player", name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"seat {self.position + 1}: {self.player_id}"


class Event(models.Model):
    """One event of a match, exactly as entered, in the shape of a match
    file's event: ``{"hand": {...}}``, ``{"target": N}``, ``{"leave": NAME}``
    or ``{"join": NAME, "after": NAME}``.

    ``position`` orders the events. A deleted (or undone) event keeps its
    row and position, with ``deleted`` set, so it can be restored.
    ``token`` is the one-time token of the form that recorded it: a second
    submission of the same form cannot record it twice.
    """

    KINDS = EVENT_KINDS

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    position = models.PositiveIntegerField()
    kind = models.CharField(max_length=10, choices=[(kind, kind) for kind in KINDS])
    data = models.JSONField()
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    created = models.DateTimeField(default=timezone.now)
    deleted = models.DateTimeField(null=True, blank=True)
    # A live event's entry of the match's snapshot (what it did: scores and
    # totals in the snapshot's seat order), written by the services with the
    # match's snapshot head; a page reads the entries it shows, never all.
    result = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["position"]
        indexes = [
            # The board's deleted entries (the undo and put-back buttons).
            models.Index(fields=["match", "deleted"], name="event_match_deleted"),
        ]
        constraints = [
            models.UniqueConstraint("match", "position", name="event_position_unique"),
            models.CheckConstraint(condition=models.Q(kind__in=EVENT_KINDS), name="event_kind"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.position}"


class MatchPlayer(models.Model):
    """One player's place in a match, from the stored snapshot: every player
    who ever sat, in seat order (``seat``), with their total (points), whether
    they were still seated at the end, whether they lead (``Board.leader``),
    and on a closed match their place (``shared`` when another player holds
    it too). Written only by the
    services, with the snapshot; it lets the history filter by player and
    show the totals without reading any match's events."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="standings")
    seat = models.PositiveSmallIntegerField()
    total = models.IntegerField()
    seated = models.BooleanField()
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    shared = models.BooleanField(default=False)
    won = models.BooleanField(default=False)
    leader = models.BooleanField(default=False)
    # This match's part of the player's figures (``scoring.snapshot.figures``).
    closed = models.BooleanField(default=False)
    no_winner = models.BooleanField(default=False)
    hands_out = models.PositiveIntegerField(default=0)
    rummies = models.PositiveIntegerField(default=0)
    take = models.IntegerField(default=0)
    best_hand = models.IntegerField(null=True, blank=True)
    # A Gin Rummy match's row (its figures are counted apart), its hands won,
    # gins, big gins, undercuts given and taken, and on the winner's row the
    # margin (points; None otherwise).
    gin = models.BooleanField(default=False)
    hands_won = models.PositiveIntegerField(default=0)
    gins = models.PositiveIntegerField(default=0)
    big_gins = models.PositiveIntegerField(default=0)
    undercuts_given = models.PositiveIntegerField(default=0)
    undercuts_taken = models.PositiveIntegerField(default=0)
    margin = models.IntegerField(null=True, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint("match", "seat", name="standing_seat_unique"),
            models.UniqueConstraint("match", "player", name="standing_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.total}"


class PendingImport(models.Model):
    """A file the host uploaded to import, kept between the page that shows
    what it holds and the tap that saves it (so nothing is uploaded twice).
    ``imported`` lists the new matches' public ids once saved: a second tap
    of the same button saves nothing more."""

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token = models.UUIDField(unique=True, editable=False)
    name = models.CharField(max_length=200, blank=True)
    text = models.TextField()
    created = models.DateTimeField(default=timezone.now)
    imported = models.JSONField(null=True, blank=True)

    def __str__(self) -> str:
        return self.name or str(self.token)


def new_share_token() -> str:
    """An unguessable token for a share link (192 random bits)."""
    return secrets.token_urlsafe(24)


class ShareLink(models.Model):
    """A link that lets anyone with it follow a match, read-only. ``ended``
    is set when the host makes a new link or stops sharing: the old link's
    page then says it was replaced. At most one link of a match is live."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="share_links")
    token = models.CharField(max_length=64, unique=True, default=new_share_token, editable=False)
    created = models.DateTimeField(default=timezone.now)
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                "match", condition=models.Q(ended=None), name="share_link_one_live_per_match"
            ),
        ]

    def __str__(self) -> str:
        return f"share link of match {self.match_id}"


class HostStamp(models.Model):
    """A stamp each write to a host's matches or players renews: the key of
    the host's lists as drawn (the home, history and players pages,
    ``matches.drawn``), so a list kept by a process is never older than what
    is stored. Renewed by the database, in the write's transaction, by
    triggers on the ``Match`` and ``Player`` tables (migration 0014): a
    write from anywhere renews it, and costs no statement of its own."""

    host = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    stamp = models.UUIDField(default=uuid.uuid4)

    def __str__(self) -> str:
        return f"{self.host_id}: {self.stamp}"


class HostSession(AbstractBaseSession):
    """A session (``SESSION_ENGINE`` ``matches.sessions``), with the user
    signed in by it (None: nobody yet), kept in step with the session's data
    by every save of it: who is signed in is read with the session."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )

    class Meta(AbstractBaseSession.Meta):
        db_table = "matches_session"

    @classmethod
    def get_session_store_class(cls) -> type[Any]:
        from matches.sessions import SessionStore

        return SessionStore
