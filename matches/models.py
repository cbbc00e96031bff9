"""The tables of the scoreboard.

A match is stored as its game, its house rules (one document, as the match
file holds them), its starting seats and its ordered events, each event
exactly as entered (a match file's event). Totals, dealer, status and winner
come from replaying the events through the match's game (``Match.replay``).
The services keep a cache of that replay beside the events, written in the
same transaction: the match's ``snapshot`` head (with ``status``,
``hands_played`` and ``line`` as columns, for lists and filters), each live
event's entry (``Event.result``), one ``MatchPlayer`` row per player, and
each player's figures per game (``PlayerFigures``). Nothing else writes them.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from matches import games, snapshot
from matches.engine.board import Match as EngineMatch
from matches.engine.game import Game
from matches.engine.names import name_key
from matches.engine.rules import Rules
from matches.matchfile import read_event


def new_public_id() -> str:
    """An unguessable id for a match's URLs (128 random bits)."""
    return secrets.token_urlsafe(16)


def new_share_token() -> str:
    """An unguessable token for a share link (192 random bits)."""
    return secrets.token_urlsafe(24)


class Player(models.Model):
    """One person a host keeps score for, reused across matches."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=40)
    # ``name_key(name)``: what makes two names one player, in any letter
    # case or accent typing; unique per host, so that no database's own case
    # folding lets a second "Zoë" in beside "ZOË". Set by ``save`` (and by
    # hand for bulk inserts).
    key = models.CharField(max_length=200, editable=False)
    created = models.DateTimeField(default=timezone.now)
    # Their colour (``matches.colours``, "#rrggbb"), given when first seated
    # and kept for later matches; the host may change it on their page.
    colour = models.CharField(max_length=7, blank=True, default="")
    # When the host chose it (None: given when first seated). At a table
    # where two have one colour, who had theirs first keeps it.
    colour_chosen = models.DateTimeField(null=True, blank=True)
    # Their initials (``engine.names.own_initials``), none alike among the
    # host's players, so that every page and every match shows them the
    # same; they follow a new name.
    initials = models.CharField(max_length=4, blank=True, default="")

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


class PlayerFigures(models.Model):
    """A player's figures in one game, over every match of that game they
    played: matches played, closed, won and closed with no winner, the
    game's own figures (``figures``, as the game counts them:
    ``Game.figures``), and the last five results (``recent``: ``[public_id,
    created ISO, place, shared, left]``, newest first). Kept by the
    services with each write (``services.figures``); never typed in."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="figures")
    game = models.CharField(max_length=20)
    played = models.PositiveIntegerField(default=0)
    closed = models.PositiveIntegerField(default=0, help_text="closed matches played")
    won = models.PositiveIntegerField(default=0)
    no_winner = models.PositiveIntegerField(default=0, help_text="closed with no winner")
    figures = models.JSONField(default=dict, blank=True)
    recent = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name_plural = "player figures"
        constraints = [
            models.UniqueConstraint("player", "game", name="player_figures_one_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game}"


class MatchQuerySet(models.QuerySet["Match"]):
    def for_replay(self) -> MatchQuerySet:
        """With everything a replay of every event reads: the first dealer,
        the seats with their players and every event (deleted ones too), in
        three queries for any number of matches."""
        return self.select_related("first_dealer").prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("player")),
            models.Prefetch("events", queryset=Event.objects.order_by("position")),
        )


class Match(models.Model):
    """A match: the host who keeps it, its game and house rules, its starting
    seats (``Seat``) and its events (``Event``), and the cache of their
    replay (the snapshot)."""

    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches"
    )
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    created = models.DateTimeField(default=timezone.now)
    # The match's game (``matches.games``), and its house rules at the start
    # as that game's rules document (the line as it stands is the snapshot's).
    game = models.CharField(max_length=20, default=games.DEFAULT)
    rules = models.JSONField(default=dict)
    first_dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    # The one-time token of the form that created it: a double tap on
    # "Start the match" or "Rematch" creates one match.
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    # When the host set it aside unfinished (None: in play, or closed).
    abandoned = models.DateTimeField(null=True, blank=True)
    # Each player's colour at this table, by name as the events write it
    # ("#rrggbb", ``matches.colours.at_table``): no two alike.
    colours = models.JSONField(default=dict, blank=True)
    # Each player's initials at this table, by name likewise: their own,
    # given when they are seated and kept (``engine.names.initials``).
    initials = models.JSONField(default=dict, blank=True)

    # The cache of the replay (``matches.snapshot``), written by the services
    # with every write: ``snapshot`` is its head (the entries are the events'
    # ``result``). ``version`` counts the writes.
    version = models.PositiveIntegerField(default=0, editable=False)
    engine_version = models.PositiveIntegerField(default=0, editable=False)
    status = models.CharField(
        max_length=10, choices=[("open", "open"), ("closed", "closed")], default="open"
    )
    hands_played = models.PositiveIntegerField(default=0)
    line = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        default=0,
        help_text="the line as it stands (None: the game has none)",
    )
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    # How many of its events are deleted or taken back (they can be put back).
    deleted_count = models.PositiveIntegerField(default=0, editable=False)
    # The rematch started from this match, for the phones following it.
    next_match = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    # The columns a write of the cache sets (``services.store``): a reader
    # that read them with other rows copies them together.
    HEAD_FIELDS = (
        "version",
        "engine_version",
        "status",
        "hands_played",
        "line",
        "snapshot",
        "deleted_count",
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

    def __str__(self) -> str:
        return f"{self.created:%Y-%m-%d} {self.public_id}"

    @property
    def kind(self) -> Game:
        """The match's game, from the registry."""
        return games.game(self.game)

    def house_rules(self) -> Rules:
        """The house rules as the engine takes them (the line at the start)."""
        return self.kind.rules.from_document(self.rules)

    def player_names(self) -> list[str]:
        """The starting players' names, in seat order (the prefetched
        seats, else one query)."""
        return [seat.player.name for seat in self.seats.all()]

    def engine_match(self, events: list[dict] | None = None) -> EngineMatch:
        """This match for the engine; ``events`` (match-file shape) replace
        the stored live events when given."""
        if events is None:
            events = [event.data for event in self.live_events()]
        return EngineMatch(
            rules=self.house_rules(),
            players=self.player_names(),
            first_dealer=self.first_dealer.name,
            events=[read_event(data, index, game=self.game) for index, data in enumerate(events)],
        )

    def live_events(self) -> list[Event]:
        """The events that happened, in order (the prefetched events)."""
        return [event for event in self.events.all() if event.deleted is None]

    def deleted_events(self) -> list[Event]:
        """Events deleted or taken back, newest first: they can be put back."""
        deleted = [event for event in self.events.all() if event.deleted is not None]
        return sorted(deleted, key=lambda event: event.deleted, reverse=True)

    def undone_event(self) -> Event | None:
        """The event most recently taken back, if nothing has been recorded
        after it: the one the undo button can restore."""
        return undone_of(self.live_events(), self.deleted_events())

    @property
    def shown_status(self) -> str:
        """ "open", "closed" or "abandoned"."""
        return "abandoned" if self.abandoned else self.status

    @property
    def snapshot_current(self) -> bool:
        """Whether the stored snapshot is today's engine's (else it is
        rebuilt by replaying: ``services.snapshots``)."""
        return self.snapshot is not None and self.engine_version == snapshot.ENGINE_VERSION


def undone_of(live: list[Event], deleted: list[Event]) -> Event | None:
    """Of a match's ``live`` events (in order) and ``deleted`` ones (newest
    first), the one taken back last when nothing was recorded after it."""
    if not deleted:
        return None
    newest = deleted[0]
    return newest if not live or newest.position > live[-1].position else None


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

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    position = models.PositiveIntegerField()
    # The event's key in the match file ("hand", "leave"; a game's own,
    # of its own): its game says which it takes.
    kind = models.CharField(max_length=10)
    data = models.JSONField()
    token = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    created = models.DateTimeField(default=timezone.now)
    deleted = models.DateTimeField(null=True, blank=True)
    # A live event's entry of the match's snapshot (what it did), written by
    # the services with the match's snapshot head.
    result = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["position"]
        indexes = [
            # The board's deleted entries (the undo and put-back buttons).
            models.Index(fields=["match", "deleted"], name="event_match_deleted"),
        ]
        constraints = [
            models.UniqueConstraint("match", "position", name="event_position_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.position}"


class MatchPlayer(models.Model):
    """One player's place in a match, from the stored snapshot: every player
    who ever sat, in seat order (``seat``), with their total (points),
    whether they were still at the table (had not left), whether they
    lead, on a closed match their place (``shared`` when another holds it too), and
    this match's part of their figures in its game (``figures``). Written
    only by the services, with the snapshot: it lets the lists filter by
    player and show the totals without reading any match's events."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="standings")
    seat = models.PositiveSmallIntegerField()
    total = models.IntegerField()
    seated = models.BooleanField()
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    shared = models.BooleanField(default=False)
    won = models.BooleanField(default=False)
    leader = models.BooleanField(default=False)
    closed = models.BooleanField(default=False)
    no_winner = models.BooleanField(default=False)
    figures = models.JSONField(default=dict, blank=True)

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


class HostVersion(models.Model):
    """A count of the writes to a host's matches and players, moved on by
    the services with each of them (``services.common.host_changed``): the
    key of the host's lists as a page cache keeps them (home, history,
    players), so a kept list is never older than what is stored."""

    host = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    version = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.host_id}: {self.version}"


class Account(models.Model):
    """A host's own settings, kept on the account so that every device they
    log in on uses them: the language of the pages ("" for the browser's)."""

    host = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    language = models.CharField(max_length=10, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.host_id}: {self.language or 'browser'}"
