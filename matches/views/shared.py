"""The pages of a share link: the board, its poll, the sheet and the big
screen, for anyone holding the link. They need no account, set no session or
CSRF cookie and never write: each is a GET read from the match's stored
snapshot. And the host's own page that shares a board, or stops."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST, require_safe

from matches import selectors, services
from matches.followed import RECENT_SHOWN, followed_board
from matches.models import ShareLink
from matches.sheet import sheet_page

from .board import HtmxHttpRequest, host_match, host_required


def etag(version: int) -> str:
    """The poll's tag: the match's version in the page's language (a
    follower who switches language gets the board drawn again)."""
    return f'"v{version}-{translation.get_language()}"'


def poll_interval(status: str) -> int:
    """Milliseconds between polls: often while the match is open; as often
    once closed, since a move of the line or an edit can reopen it at any
    moment (the unchanged poll costs one indexed lookup)."""
    return settings.FOLLOW_POLL_OPEN_MS


def _plausible(token: str) -> bool:
    """Whether ``token`` could be one of ours (no lookup for anything else)."""
    return token.isascii() and len(token) <= 64


def poll_state(token: str) -> tuple[bool, int] | None:
    """Whether the share link ``token`` is live, and its match's version (a
    count of writes), in one indexed lookup; None when there is no such link."""
    if not _plausible(token):
        return None
    row = ShareLink.objects.filter(token=token).values_list("ended", "match__version").first()
    return None if row is None else (row[0] is None, int(row[1]))


def _link(token: str) -> ShareLink | None:
    if not _plausible(token):
        return None
    return ShareLink.objects.select_related("match").filter(token=token).first()


def _context(link: ShareLink) -> dict[str, Any]:
    match = link.match
    data = selectors.whole_snapshot(match, last_hands=RECENT_SHOWN)
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
    context = sheet_page(link.match, selectors.whole_snapshot(link.match))
    return render(request, "matches/shared_sheet.html", {"link": link, **context})


@require_POST
@host_required
def match_share(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Share the board by a link (``action=new``: a new link, which ends the
    one before) or stop sharing (``action=stop``)."""
    match = host_match(request, public_id)
    if request.POST.get("action") == "stop":
        services.share_stop(match=match)
        messages.success(request, _("Sharing is off: the link no longer shows the board."))
    else:
        ended = ShareLink.objects.filter(match=match, ended=None).exists()
        services.share_new(match=match)
        messages.success(
            request,
            _("A new link is ready; the old one shows the board no more.")
            if ended
            else _("The board is shared: the others scan the code or open the link."),
        )
    return redirect(reverse("matches:detail", args=[match.public_id]) + "#share")
