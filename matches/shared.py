"""The pages of a share link: the board, its poll, the sheet and the big
screen, for anyone holding the link. They need no account, set no session or
CSRF cookie and never write: every page here is a GET read from the match's
stored snapshot."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

import segno
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET, require_safe

from matches import services
from matches.display import RECENT_SHOWN, final_lines_of, followed_board
from matches.models import ShareLink
from matches.sheet import sheet


@lru_cache(maxsize=256)
def share_qr(url: str) -> SafeString:
    """The share link as a QR code: an inline SVG (segno), drawn here so the
    other phones scan it from the host's screen. Kept once drawn: the board
    draws it with every save."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        scale=6,
        border=2,
        dark="#000",
        light="#fff",
        svgclass="share-qr",
        title="QR code of the share link",
    )
    return mark_safe(out.getvalue().decode())  # noqa: S308  (segno's own SVG of our URL)


def etag(version: int) -> str:
    return f'"v{version}"'


def poll_interval(status: str) -> int:
    """Milliseconds between polls: often while the match is open, seldom
    once closed (a move of the line or an edit can still reopen it)."""
    return settings.FOLLOW_POLL_OPEN_MS if status == "open" else settings.FOLLOW_POLL_CLOSED_MS


def _plausible(token: str) -> bool:
    """Whether ``token`` could be one of ours (no lookup for anything else)."""
    return token.isascii() and len(token) <= 64


@lru_cache(maxsize=4)
def _poll_sql(vendor: str) -> str:
    """The poll's lookup as the ORM writes it, compiled once per kind of
    database (``vendor``); its one parameter is the token."""
    query = ShareLink.objects.filter(token="").values_list("ended", "match__version")[:1].query
    sql, _ = query.sql_with_params()
    return sql


def poll_state(token: str) -> tuple[bool, int] | None:
    """Whether the share link ``token`` is live, and its match's version (a
    count of writes), in one indexed lookup; None when there is no such link.

    The ORM's SQL is compiled once and then run directly: building and
    compiling the query cost ten times the lookup itself, and this runs every
    few seconds on every phone that follows a board.
    """
    if not _plausible(token):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_poll_sql(connection.vendor), [token])
        row = cursor.fetchone()
    return None if row is None else (row[0] is None, int(row[1]))


def _link(token: str) -> ShareLink | None:
    if not _plausible(token):
        return None
    return ShareLink.objects.select_related("match").filter(token=token).first()


def _context(link: ShareLink) -> dict[str, Any]:
    match = link.match
    data = services.current_snapshot(match, last_hands=RECENT_SHOWN)
    following = None
    if match.next_match_id is not None:
        live = ShareLink.objects.filter(match_id=match.next_match_id, ended=None).first()
        following = live and reverse("matches:shared", args=[live.token])
    return {
        "link": link,
        "match": match,
        "view": followed_board(match, data),
        "version": match.version,
        "etag": etag(match.version),
        "interval": poll_interval(data["status"]),
        "following": following,
        "poll_url": reverse("matches:shared_poll", args=[link.token]),
    }


def _gone_context(link: ShareLink | None) -> dict[str, Any]:
    """Why a link shows no board: replaced by a new one, or sharing stopped."""
    stopped = (
        link is not None
        and not ShareLink.objects.filter(match_id=link.match_id, ended=None).exists()
    )
    return {"link": link, "stopped": stopped}


def _gone(request: HttpRequest, link: ShareLink | None) -> HttpResponse:
    return render(
        request, "matches/shared_gone.html", _gone_context(link), status=410 if link else 404
    )


def _shared_page(request: HttpRequest, token: str, template: str) -> HttpResponse:
    link = _link(token)
    if link is None or link.ended is not None:
        return _gone(request, link)
    response = render(request, template, _context(link))
    # A tab brought back, or a phone waking, asks again rather than showing
    # a board kept from before.
    response["Cache-Control"] = "no-store"
    return response


@require_safe  # HEAD too: a link's preview in a chat asks it
def shared_board(request: HttpRequest, token: str) -> HttpResponse:
    """The board of a shared match, following the match by itself."""
    return _shared_page(request, token, "matches/shared.html")


@require_safe  # HEAD too: a link's preview in a chat asks it
def shared_big(request: HttpRequest, token: str) -> HttpResponse:
    """The same board for a tablet or a TV at the table: the totals in type
    readable across the room."""
    return _shared_page(request, token, "matches/shared_big.html")


@require_GET
def shared_poll(request: HttpRequest, token: str) -> HttpResponse:
    """The shared board again if the match changed since the version the page
    holds (``If-None-Match``), else 304 with no body, after one indexed
    lookup and nothing of the session."""
    seen = request.headers.get("If-None-Match", "")
    found = poll_state(token)
    if found is None:
        return HttpResponse(status=404)
    live, version = found
    if live and seen == etag(version):
        response = HttpResponseNotModified()
        response["ETag"] = etag(version)
        return response
    link = _link(token)
    if link is None or link.ended is not None:
        body = render_to_string(
            "matches/shared_gone.html#gone", _gone_context(link), request=request
        )
        return HttpResponse(body, headers={"X-Board-Ended": "1", "Cache-Control": "no-store"})
    context = _context(link)
    big = request.GET.get("big") == "1"
    name = "matches/shared_big.html#board" if big else "matches/shared.html#board"
    response = HttpResponse(render_to_string(name, context, request=request))
    response["ETag"] = context["etag"]
    response["X-Poll-Interval"] = str(context["interval"])
    response["Cache-Control"] = "no-cache"
    return response


@require_safe  # HEAD too: a link's preview in a chat asks it
def shared_sheet(request: HttpRequest, token: str) -> HttpResponse:
    """The score sheet, read-only, for the holders of the link."""
    link = _link(token)
    if link is None or link.ended is not None:
        return _gone(request, link)
    data = services.current_snapshot(link.match)
    return render(
        request,
        "matches/shared_sheet.html",
        {
            "link": link,
            "match": link.match,
            "data": data,
            "sheet": sheet(data),
            "final_lines": final_lines_of(link.match, data),
        },
    )
