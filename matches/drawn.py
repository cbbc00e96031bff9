"""The board (and the score sheet, the entries) drawn once for each version
of its match, kept in the memory of each server process and filled in per
request; and the host's lists (home, history, players), once for each write
to their matches or players.

A board without a form sent back (the board as it stands: opened, polled by
the host's own phone, or answered after a save) is the same for every
request of the same version of its match, but for a few values each request
must have afresh: the CSRF field and the one-time tokens of its forms. Those
are drawn as slots (``SLOTS``) and filled in on each request. The drawing is
kept under a key made of all it depends on besides the match's stored data
(``key``), and the match's ``version``, which every write moves on: a key is
never stale, so each process can keep its own copy (Django's local-memory
cache, the ``boards`` cache of the settings) with nothing shared between the
processes behind a load balancer.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib import messages
from django.contrib.messages.storage.base import Message
from django.core.cache import caches
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

from matches.scoring import snapshot

# A slot is a name between two NUL characters: no player name, no entry and
# no address can hold one (Django's form fields refuse NUL).
SLOT = re.compile("\x00[^\x00]*\x00")


def slot(name: str) -> str:
    """The slot of the value ``name``, filled in by ``DrawnBoard.with_values``."""
    return f"\x00{name}\x00"


def token_slot(name: str) -> str:
    """The slot of the one-time token ``name`` (one of ``TOKEN_SLOTS``)."""
    return slot(f"token:{name}")


CSRF_SLOT = slot("csrf")
# The one-time tokens of the board's forms, each filled with a fresh token
# per request (the two seat forms share theirs); "spare" holds the ten spare
# tokens for hands that wait on the phone.
TOKEN_SLOTS = ("hand", "line", "seat", "rematch")
TOKEN_SLOTS_DRAWN = tuple(token_slot(name) for name in TOKEN_SLOTS)
SPARE_SLOT = slot("spare")
# Bumped when a change of the board's drawing must not meet drawings kept
# by an older version of the code (a cache shared between processes).
DRAWING = 1


@dataclass(frozen=True)
class DrawnBoard:
    """A board (or a sheet) drawn with slots. ``html``: its markup;
    ``title``: the page's title (its players' names); ``values``: what
    ``filled`` fills in besides the request's own, by slot (a frame's
    values for one version of its match: ``with_values``)."""

    html: str
    title: str
    values: tuple[tuple[str, str], ...] = ()

    def filled(self, csrf_field: str, spare: list[str]) -> SafeString:
        """The board with its ``values``, this request's CSRF field and fresh
        one-time tokens (``spare``: the ten spare tokens, filled in only
        where the board has their slot), in one pass."""
        values = {CSRF_SLOT: csrf_field, SPARE_SLOT: " ".join(spare)}
        values.update(zip(TOKEN_SLOTS_DRAWN, fresh_tokens(len(TOKEN_SLOTS)), strict=True))
        return mark_safe(self.markup(values))  # noqa: S308 (drawn by the templates, escaped there)

    def markup(self, values: dict[str, str]) -> str:
        """This drawing's markup with its ``values`` and ``values`` (each
        escaped already) filled in, in one pass; a slot neither names is
        left as it is."""
        every = {**dict(self.values), **values} if self.values else values
        return SLOT.sub(lambda found: every.get(found.group(0), found.group(0)), self.html)

    def with_values(self, values: dict[str, str]) -> DrawnBoard:
        """This frame with the slots ``values`` names (each value escaped
        already) to be filled in by ``filled``: the frame itself, not a copy,
        so a version's board costs no pass over it before the one that
        fills in the request's own values."""
        return DrawnBoard(self.html, self.title, (*self.values, *values.items()))


def fresh_tokens(count: int) -> list[str]:
    """``count`` fresh one-time form tokens: random UUIDs (version 4) as
    text, as ``str(uuid.uuid4())`` writes them, from one read of the
    system's randomness for all of them."""
    raw = os.urandom(16 * count)
    return [str(uuid.UUID(bytes=raw[at : at + 16], version=4)) for at in range(0, 16 * count, 16)]


def key(request: HttpRequest, match: object, part: str, version: object = None) -> str:
    """The key of ``part`` of ``match``'s pages (``"board:"`` and where focus
    goes, ``"sheet"``) as this request sees it: the match's row and
    ``version`` (moved on by every write), its live share link (its address
    and QR code, drawn for the host and scheme this request came by), and
    the time zone and language its times and words are drawn in."""
    parts = (
        DRAWING,
        part,
        snapshot.ENGINE_VERSION,
        match.public_id,  # type: ignore[attr-defined]: never reused, unlike a row's number
        match.version if version is None else version,  # type: ignore[attr-defined]
        getattr(match, "share_token", None),
        match.abandoned is not None,  # type: ignore[attr-defined]
        *_seen_by(request),
        request.get_host() if getattr(match, "share_token", None) else "",
    )
    return ":".join(str(each) for each in parts)


def _seen_by(request: HttpRequest) -> tuple[str, str | None, str]:
    """How this request sees its pages: the time zone and language their
    times and words are drawn in, and the scheme it came by. Read once per
    request (a page's keys ask three times, and each read of the active
    time zone or language costs microseconds), kept on the request:
    neither changes once the middleware has set them."""
    seen = getattr(request, "_drawn_seen_by", None)
    if seen is None:
        seen = (timezone.get_current_timezone_name(), translation.get_language(), request.scheme)
        request._drawn_seen_by = seen  # type: ignore[attr-defined]
    return seen


def frame_key(request: HttpRequest, match: object, part: str, frame: tuple[object, ...]) -> str:
    """The key of the frame of ``part`` of ``match``'s pages: as ``key``, but
    for the match's version, what the frame shows of it (``frame``, a tuple
    of plain values), hashed."""
    shown = hashlib.blake2b(repr(frame).encode(), digest_size=16).hexdigest()
    return key(request, match, f"frame:{part}", version=shown)


# The slots of a page drawn around its board (``around``): the board, the
# note of what the last change did, the page's clock, the CSRF token.
BODY_SLOT = slot("body")
NOTE_SLOT = slot("note")
TIME_SLOT = slot("time")
CSRF_TOKEN_SLOT = slot("csrf_token")


def around(request: HttpRequest, template: str, title: str, body: str, csrf_token: str) -> str:
    """The page ``template`` (``matches/match.html``) around ``body`` (its
    board, drawn already) for this request: drawn once for each title, host
    and language in this process, with slots for the note of what the last
    change did (this request's messages), the page's clock, and the CSRF
    token (``csrf_token``, masked for this response)."""

    def draw() -> DrawnBoard:
        context = {
            "title": title,
            "board_html": mark_safe(BODY_SLOT),  # noqa: S308 - a slot
            "note_html": mark_safe(NOTE_SLOT),  # noqa: S308 - a slot
            "page_time": TIME_SLOT,
            "csrf_token": CSRF_TOKEN_SLOT,
        }
        return DrawnBoard(render_to_string(template, context, request=request), title)

    named = hashlib.blake2b(title.encode(), digest_size=16).hexdigest()  # any characters
    host = request.user.pk  # type: ignore[union-attr]
    parts = (DRAWING, "around", template, named, host, translation.get_language())
    shell = page(lambda: ":".join(str(each) for each in parts), draw)
    values = {
        BODY_SLOT: body,
        NOTE_SLOT: _note(request, template),
        TIME_SLOT: f"{timezone.localtime():%H:%M}",
        CSRF_TOKEN_SLOT: csrf_token,
    }
    return shell.markup(values)


def _note(request: HttpRequest, template: str) -> str:
    """The note of what the last change did: this request's messages
    (``note``; nothing when there are none)."""
    return note(messages.get_messages(request))


def note(found: Iterable[Message]) -> str:
    """The note's list of ``found`` (a request's messages), each with its
    level's classes and a capital first letter, escaped, as a template
    draws ``{{ message|capfirst }}``; "" for none. Written directly: the
    template engine cost a board after a save 0.07 ms for these few lines."""
    items = "".join(
        f'<li class="{html.escape(each.tags)}">{html.escape(capfirst(str(each)))}</li>'
        for each in found
    )
    return f"<ul>{items}</ul>" if items else ""


# The query parameters the host's lists read (the history's filters and page).
LIST_PARAMETERS = ("status", "player", "before", "after")


def lists_key(request: HttpRequest, page: str, stamp: object) -> str:
    """The key of the host's list ``page`` (home, history, players) as this
    request asks for it: the host, their ``HostStamp`` (renewed by every
    write to their matches or players; None before the first), the query
    (the history's filters and page), and the time zone and language."""
    parts = (
        DRAWING,
        "lists",
        page,
        request.user.pk,  # type: ignore[union-attr]
        stamp,
        timezone.get_current_timezone_name(),
        translation.get_language(),
        # The parameters a list reads, no other: a made-up one is no new key.
        "&".join(f"{name}={request.GET[name]}" for name in LIST_PARAMETERS if name in request.GET),
    )
    return ":".join(str(each) for each in parts)


def page(key: Callable[[], str], draw: Callable[[], DrawnBoard]) -> DrawnBoard:
    """The drawing kept in this process under ``key()``; else ``draw()``,
    kept under ``key()`` asked again once drawn (a drawing that had to read
    its match's row again shows that version, and is kept under it)."""
    found = _kept(key())
    if found is None:
        found = draw()
        _keep(key(), found)
    return found


def _kept(board_key: str) -> DrawnBoard | None:
    """The board or sheet kept under ``board_key`` in this process, if any."""
    return caches["boards"].get(board_key)


def _keep(board_key: str, board: DrawnBoard) -> None:
    """Keep ``board`` (or a sheet) under ``board_key`` in this process's memory."""
    caches["boards"].set(board_key, board)
