"""Export and import: a match as its match file or as CSV, every match of
the host as one file, and importing match files (checked first, saved on a
second tap)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from matches import selectors, services
from matches.display import leader_sentence
from matches.forms import ImportForm
from matches.models import PendingImport
from matches.phrases import grouped
from matches.transfer import (
    IMPORT_MAX_BYTES,
    IMPORT_MAX_MATCHES,
    account_export,
    export_csv,
    export_text,
    file_name,
    import_read,
)

from .board import HtmxHttpRequest, host_match, host_required

PENDING_MOST = 3  # checked files waiting for Import, per host
PENDING_KEPT = timedelta(days=1)  # an upload not saved by then is dropped


def _attachment(response: HttpResponse, name: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
@host_required
def match_export(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The match as a ``rummy-match/1`` file, to keep or to import elsewhere."""
    match = host_match(request, public_id, events=True)
    response = HttpResponse(export_text(match), content_type="application/json; charset=utf-8")
    return _attachment(response, file_name(match, "json"))


@require_GET
@host_required
def match_export_csv(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The match as CSV for a spreadsheet: a row per hand."""
    match = host_match(request, public_id, events=True)
    data = selectors.whole_snapshot(match)
    times = [event.created.isoformat() for event in match.live_events()]
    response = HttpResponse(
        export_csv(data, match.game, times), content_type="text/csv; charset=utf-8"
    )
    return _attachment(response, file_name(match, "csv"))


@require_GET
@host_required
def account_export_view(request: HtmxHttpRequest) -> StreamingHttpResponse:
    """Every match of the host as one ``rummy-matches/1`` file, streamed."""
    response = StreamingHttpResponse(
        account_export(request.user), content_type="application/json; charset=utf-8"
    )
    who = slugify(request.user.get_username()) or "host"
    name = f"rummy-matches-{who}-{timezone.now():%Y-%m-%d}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _checked_row(checked: services.Checked) -> dict[str, Any]:
    board = checked.board
    return {
        "names": checked.names,
        "hands": board.hands_played,
        "status": "abandoned" if checked.abandoned else board.status,
        "sentence": leader_sentence(
            status=board.status,
            winner=board.winner,
            leader=board.leader,
            hands_played=board.hands_played,
        ),
        "created": checked.created,
    }


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def match_import(request: HtmxHttpRequest) -> HttpResponse:
    """Import a match file or an all-matches file: each match's game checks
    the whole file first, then the page shows what it holds and how its
    names join the host's players, and a second tap saves it."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        PendingImport.objects.filter(
            host=request.user, created__lt=timezone.now() - PENDING_KEPT
        ).delete()
        # A file checked and never imported is kept a day, and only the last
        # few of a host's: checking one big file again and again does not
        # fill the database (and every backup).
        waiting = PendingImport.objects.filter(host=request.user, imported__isnull=True)
        stale = list(waiting.order_by("-created").values_list("pk", flat=True)[PENDING_MOST - 1 :])
        PendingImport.objects.filter(pk__in=stale).delete()
        pending = PendingImport.objects.create(
            host=request.user,
            token=uuid.uuid4(),
            name=form.cleaned_data["file"].name[:200],
            text=form.text,
        )
        # The page that asks is an address of its own: Back or a reload
        # there never sends the file again.
        return redirect("matches:import_confirm", token=pending.token)
    return render(
        request,
        "matches/import.html",
        {
            "form": form,
            "max_mb": IMPORT_MAX_BYTES >> 20,
            "max_matches": grouped(IMPORT_MAX_MATCHES),
        },
    )


def _imported(pending: PendingImport) -> HttpResponse:
    """Where an import that is done leads: its match, or the history."""
    if len(pending.imported) == 1:
        return redirect("matches:detail", public_id=pending.imported[0])
    return redirect("matches:history")


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def import_confirm(request: HtmxHttpRequest, token: uuid.UUID) -> HttpResponse:
    """What a checked file holds and how its names join the host's players,
    asking to import it (GET); saving it (POST). A second tap, or this page
    opened again once it is done, saves nothing more."""
    pending = get_object_or_404(PendingImport, host=request.user, token=token)
    if request.method == "GET":
        if pending.imported is not None:
            messages.info(request, _("That file was imported already; nothing more was saved."))
            return _imported(pending)
        checked = import_read(pending.text)
        return render(
            request,
            "matches/import.html",
            {
                "form": None,
                "pending": pending,
                "checked": [_checked_row(each) for each in checked],
                "names": services.import_names(request.user, checked),
                "already": services.already_here(request.user, checked),
            },
        )
    # Checked before the transaction: the replays take a while, and other
    # saves wait for the transaction (SQLite: the whole file).
    checked = import_read(pending.text) if pending.imported is None else []
    with transaction.atomic():
        pending = get_object_or_404(
            PendingImport.objects.select_for_update(), host=request.user, token=token
        )
        if pending.imported is None:
            made = services.matches_import(host=request.user, checked=checked)
            pending.imported = [match.public_id for match in made]
            pending.text = ""
            pending.save(update_fields=["imported", "text"])
            count = len(made)
            said = ngettext("Imported %(count)s match.", "Imported %(count)s matches.", count)
            messages.success(request, said % {"count": count})
        else:
            messages.info(request, _("That file was imported already; nothing more was saved."))
    return _imported(pending)
