"""A match's entries other than a new hand: moving the line, a player leaving
or joining, taking the newest entry back and putting it back, editing and
deleting the past, and the page of every entry."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from matches import games, pages, selectors, services, snapshot
from matches.display import (
    changes,
    entry_rows,
    event_label,
    event_sentence,
    event_text,
    history,
    refusal,
    stopped,
)
from matches.engine.entry import read_whole_number
from matches.engine.errors import RuleError
from matches.hands import HandForm, LineForm, OwnEventForm, SeatForm
from matches.models import Event
from matches.reasons import close_reason
from matches.words import say

from .board import (
    HtmxHttpRequest,
    after_write,
    board_context,
    deleted_rows,
    event_url,
    host_match,
    host_required,
    match_urls,
    preview_of,
    refusal_words,
    refused,
    render_board,
    sheet_lines,
)
from .hands import GONE, GoneElsewhere, as_it_was, fix_form, gone, live_event, save_edit

# Entries a page of the match's entries shows, newest first.
ENTRIES_PAGE = 50


def already_recorded(form: Any) -> Event | None:
    """The event a resent form's token already recorded (a double tap, the
    back button); None for a fresh form."""
    token = form.cleaned_data.get("token") if hasattr(form, "cleaned_data") else None
    if token is None:
        return None
    return Event.objects.filter(match=form.match, token=token).first()


@require_POST
@host_required
def line_move(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Move the line; a move that would close or reopen the match asks first."""
    match = host_match(request, public_id, writing=True)
    form = LineForm(request.POST, match=match)
    if not form.is_valid():
        if already_recorded(form) is not None:
            return after_write(request, match)
        return refused(request, match, line_form=form)
    before = services.current_board(match)
    after = form.board_after
    if after.target == before.target:
        # A move to where the line stands changes nothing: no entry for it.
        messages.info(
            request,
            _("The line is already %(line)s: nothing was recorded.") % {"line": before.target},
        )
        return after_write(request, match)
    if after.status != before.status and not form.cleaned_data["confirm"]:
        confirm = {
            "target": after.target,
            "token": form.cleaned_data["token"],
            "closes": after.status == "closed",
            "reason": close_reason(after),
        }
        state = selectors.board_of(match)
        return render_board(
            request, board_context(state, line_form=form, confirm=confirm, focus="confirm")
        )
    try:
        recorded = services.event_record(
            match=match, data=form.event_data(), token=form.cleaned_data["token"]
        )
    except RuleError as error:
        form.add_error(form.field_for(error), say(error.code, error.values))
        return refused(request, match, line_form=form)
    if recorded.created:
        words = {"line": after.target}
        if after.status == "closed":
            # Translators: result says how the match ended: "Ben wins with 15 points."
            said = _("The line is now %(line)s. %(result)s")
            words["result"] = close_reason(after)
        elif before.status == "closed":  # reopened: say so, and why
            said = _(
                "The line is now %(line)s. "
                "The match is open again: nobody has won with the line at %(line)s."
            )
        else:
            said = _("The line is now %(line)s.")
        messages.success(request, said % words)
    return after_write(request, match)


@require_POST
@host_required
def seat_change(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """A player leaves the table or joins it, between hands."""
    match = host_match(request, public_id, writing=True)
    form = SeatForm(request.POST, match=match)
    valid = form.is_valid()
    if already_recorded(form) is not None:
        return after_write(request, match)
    if not valid:
        if not match.kind.seat_changes:  # the board has no seat form to show it on
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            return after_write(request, match)
        return refused(request, match, seat_form=form)
    data = form.event_data()
    # Read before the join is saved: was the player joining dealt in before?
    back = "join" in data and snapshot.ever_dealt_in(selectors.whole_snapshot(match), data["join"])
    try:
        recorded = services.event_record(match=match, data=data, token=form.cleaned_data["token"])
    except RuleError as error:
        form.add_error(form.field_for(error), say(error.code, error.values))
        return refused(request, match, seat_form=form)
    if recorded.created:
        sentence = event_sentence(data, form.board_after, back=back)
        # Translators: a sentence without its full stop: "Dan sat down after Alice".
        messages.success(request, _("%(sentence)s.") % {"sentence": sentence})
    return after_write(request, match)


@require_POST
@host_required
def own_event(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """One of the game's own events, from its button on the board (a
    player coming back, say): recorded, or refused in words naming why."""
    match = host_match(request, public_id, writing=True)
    form = OwnEventForm(request.POST, match=match)
    valid = form.is_valid()
    if already_recorded(form) is not None:
        return after_write(request, match)
    if not valid:
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return after_write(request, match)
    try:
        recorded = services.event_record(
            match=match, data=form.event_data(), token=form.cleaned_data["token"]
        )
    except RuleError as error:
        messages.error(request, say(error.code, error.values))
        return after_write(request, match)
    if recorded.created:
        said = match.kind.words.own_sentence(recorded.event.result)  # type: ignore[union-attr]
        messages.success(request, stopped(said))
    return after_write(request, match)


UNDO_NAMED_NOTHING = gettext_lazy(
    "Nothing was taken back: Undo did not say which entry. Check the board, then tap Undo again."
)


@require_POST
@host_required
def event_undo(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Take back the newest event; it can be put back."""
    match = host_match(request, public_id, writing=True, events=True)
    named = read_whole_number(request.POST.get("event", ""))
    if named is None:  # the board's Undo always names the entry it shows
        messages.error(request, UNDO_NAMED_NOTHING)
        return after_write(request, match)
    rows = history(match.live_events(), services.replay_board(match))
    try:
        undone = services.event_undo(match=match, event_id=named)
    except RuleError as error:
        messages.error(request, say(error.code, error.values))
    else:
        if undone is None:
            messages.info(request, _("Nothing to take back yet."))
        elif not undone.created:  # the second tap of a double tap
            messages.info(request, _("That was taken back already: nothing more was taken back."))
        else:
            row = next((row for row in rows if row.event_id == undone.event.pk), None)
            messages.success(request, _took_back(row, undone.event, match.kind))
    return after_write(request, match)


def _took_back(row: Any, event: Event, game: Any) -> str:
    """What Undo took back, as the history said it (``row``; None: put back
    on another screen since this one read the match): "hand 2: Cara went
    out", "the line moved to 250"; a sentence about a player is quoted:
    "Zed left the table"."""
    if row is None:
        return _("Took back the newest entry. Put it back below.")
    if row.kind == "hand":
        # Translators: ended says how the hand ended: "Cara went out".
        said = _("Took back hand %(number)s: %(ended)s. Put it back below.")
        return said % {"number": row.hand.number, "ended": game.words.ended(row.hand)}
    if row.kind == "target":
        said = _("Took back the line moved to %(line)s. Put it back below.")
        return said % {"line": event.data["target"]}
    # Translators: entry is a sentence about a player: "Zed left the table".
    return _("Took back “%(entry)s”. Put it back below.") % {"entry": row.text}


@require_POST
@host_required
def event_restore(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Put an event that was taken back in its place again; one that goes
    back before entries recorded since asks first."""
    match = host_match(request, public_id, writing=True, events=True)
    event = next((each for each in match.events.all() if each.pk == event_id), None)
    if event is None:
        raise Http404("No such event in this match.")
    later = sum(1 for each in match.live_events() if each.position > event.position)
    asks = later and event.deleted is not None and not request.POST.get("confirm")
    try:
        if asks:  # it goes back before entries recorded since: say what it does first
            change = services.event_restore_check(match=match, event_id=event_id)
            confirm_restore = {
                "text": event_text(event.data, list(change.after.totals), match.game),
                "url": event_url("restore", match.public_id, event.pk),
                "later": later,
                "changes": " ".join(
                    changes(change.before, change.after, added=put_back_at(change, event))
                ),
            }
            context = board_context(
                selectors.board_of(match), confirm_restore=confirm_restore, focus="confirm"
            )
            return render_board(request, context)
        change = services.event_restore(match=match, event_id=event_id)
    except Event.DoesNotExist:
        messages.info(request, _("That was already put back."))
    except RuleError as error:
        if isinstance(error, services.LaterEventImpossible):
            # Translators: reason says why, without its full stop.
            said = _("It cannot be put back: %(reason)s.")
        else:
            # Refused itself (not for a later entry): what it needs may be deleted too.
            said = _(
                # Translators: reason says why, without its full stop.
                "It cannot be put back: %(reason)s. If it needs an entry that is deleted too "
                "(someone sitting down), put that back first."
            )
        messages.error(request, said % {"reason": refusal(error)})
    else:
        what, quoted = _restored_words(event, change.live, change.after, match.game)
        words = {
            "entry": what,
            "changes": " ".join(
                changes(change.before, change.after, added=put_back_at(change, event))
            ),
        }
        if quoted:
            # Translators: entry is a sentence about a player ("Eve came back to their
            # seat"); changes says what changed on the board: "At the table now: Eve."
            said = _("Put back “%(entry)s”. %(changes)s")
        else:
            # Translators: entry is the entry put back ("hand 2, where Eve went out
            # (Ann 3, Bob 3)"); changes says what changed on the board: "Totals: Ben 2 → 4."
            said = _("Put back %(entry)s. %(changes)s")
        messages.success(request, said % words)
    return after_write(request, match)


def put_back_at(change: services.Change, event: Event) -> int | None:
    """The index among the live events of an event put back (``change``
    says which those are), None when it does not say."""
    return next((index for index, each in enumerate(change.live) if each.pk == event.pk), None)


def _restored_words(event: Event, live: Sequence[Event], after: Any, game: str) -> tuple[str, bool]:
    """An entry just put back, as the board's history now says it (``live``:
    the live entries with it, as the write read them; ``after``: the board
    since): a hand with the number it now has ("hand 12, where Eli went out
    (...)"), or a leave or a join as its sentence, to be quoted as Undo
    quotes it (the second value: True)."""
    event = next(each for each in live if each.pk == event.pk)  # as it was put back
    row = next(row for row in history(list(live), after) if row.event_id == event.pk)
    if row.kind in ("leave", "join"):
        return row.text, True
    number = row.hand.number if row.hand is not None else None
    return event_text(event.data, list(after.totals), game, number=number), False


def entries_page_of(public_id: str, index: int, count: int) -> str:
    """The address of the page of entries (newest first) listing live entry
    ``index`` of ``count``."""
    path = reverse("matches:entries", args=[public_id])
    number = (count - 1 - index) // ENTRIES_PAGE + 1
    return path if number == 1 else f"{path}?page={number}"


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def event_edit(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Edit an earlier hand, move of the line, leave or join; everything
    after it is worked out again and the board says what changed."""
    match = host_match(request, public_id, writing=True, events=True)
    try:
        index, event = live_event(match, event_id)
    except GoneElsewhere as elsewhere:
        gone(request, match, elsewhere.event)
        return redirect("matches:detail", public_id=match.public_id)
    datas = [each.data for each in match.live_events()]
    label = event_label(datas, index)
    data = request.POST or None
    board = services.replay_board(match) if event.kind == "hand" else None
    seated_before: tuple[str, ...] = ()
    form: HandForm | LineForm | SeatForm | None
    if event.kind not in ("hand", "target", "leave", "join"):
        # A game's own event is deleted, not changed.
        form = None
    elif event.kind == "hand":
        form = fix_form(match, event, index, data, board=board)  # type: ignore[arg-type]
        if data is None:
            form.is_valid()  # bound to what was recorded: the preview shows it
    elif event.kind == "target":
        form = LineForm(data, match=match, replacing=event.pk, initial=dict(event.data))
    else:
        name = event.data[event.kind]
        form = SeatForm(
            data,
            match=match,
            replacing=event.pk,
            initial={"action": event.kind, "player": name, "after": event.data.get("after", "")},
        )
        # Who was seated just before it: whom a leave can name, whom a join can sit after.
        seated_before = games.replay(match.engine_match(datas[:index])).seated
    asked: dict[str, str] = {}  # the slips asked about: each answer's line, and its words
    if request.method == "POST" and form is not None and form.is_valid():
        if isinstance(form, HandForm) and form.needs_confirming():
            asked = form.slips()
        else:
            change = save_edit(request, match, event, form)
            if change is not None and not change.written:  # saved as it was
                messages.info(request, as_it_was(label))
                return redirect("matches:detail", public_id=match.public_id)
            if change is not None:
                changed = " ".join(changes(change.before, change.after))
                # Translators: entry names the entry ("Hand 1", "Alice leaving"); changes
                # says what changed on the board: "Totals: Ben 41 → 0."
                said = _("%(entry)s changed. %(changes)s")
                messages.success(request, said % {"entry": capfirst(label), "changes": changed})
                return redirect("matches:detail", public_id=match.public_id)
    is_hand = isinstance(form, HandForm)
    return render(
        request,
        "matches/edit.html",
        {
            "match": match,
            "event": event,
            "label": label,
            "form": form,
            "sheet": (
                sheet_lines(entry_rows(form.seated), form, match)  # type: ignore[union-attr,arg-type]
                if is_hand
                else []
            ),
            "preview": (
                preview_of(form, board)  # type: ignore[arg-type]
                if board is not None and is_hand and form.is_bound and not form.errors
                else None
            ),
            # A refused change keeps what was typed: its preview says why.
            "preview_error": refusal_words(form) if is_hand else None,  # type: ignore[arg-type]
            "slips": list(asked.values()),
            "slips_confirmed": HandForm.confirming(asked),
            "version": services.data_version(event.data),
            "seated_before": seated_before,
            "entries_url": entries_page_of(match.public_id, index, len(datas)),
        },
    )


@require_POST
@host_required
def event_delete(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Delete an earlier event: it never happened. It can be put back."""
    match = host_match(request, public_id, writing=True, events=True)
    try:
        index, _event = live_event(match, event_id)
    except GoneElsewhere:
        messages.info(request, GONE)
        return after_write(request, match)
    datas = [each.data for each in match.live_events()]
    label = event_label(datas, index)
    try:
        change = services.event_delete(match=match, event_id=event_id)
    except Event.DoesNotExist:  # deleted or taken back on another screen meanwhile
        messages.info(request, GONE)
        return after_write(request, match)
    except RuleError as error:
        # Translators: entry names the entry ("Hand 1", "Dan joining"); reason says why.
        said = _("%(entry)s was not deleted. %(reason)s")
        messages.error(request, said % {"entry": capfirst(label), "reason": refusal(error)})
    else:
        changed = " ".join(changes(change.before, change.after, removed=index))
        # Translators: entry names the entry ("Hand 2"); changes says what changed on the
        # board: "Totals: Ben 10 → 0."
        said = _("%(entry)s deleted. %(changes)s")
        messages.success(request, said % {"entry": capfirst(label), "changes": changed})
    return after_write(request, match)


@require_GET
@host_required
@never_cache
def match_entries(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The match's entries, newest first, ``ENTRIES_PAGE`` a page (``?page=``;
    one that is not a page shows the nearest), each with one way in to
    change it; and on the first page the deleted entries, to put back.

    The entries are drawn from the stored snapshot and kept as drawn for
    the match's version (``pages``); the deleted ones, each a form, are
    drawn each time."""
    match = host_match(request, public_id)
    # The page asked for: not a number, or below 1, the first; past the end, the last.
    asked = max(read_whole_number(request.GET.get("page", "")) or 1, 1)
    number = Paginator(range(match.snapshot["event_count"]), ENTRIES_PAGE).get_page(asked).number

    def draw() -> str:
        board, events = selectors.every_hand(match)
        page = Paginator(history(events, board), ENTRIES_PAGE).get_page(number)
        path = reverse("matches:entries", args=[match.public_id])
        context = {
            "match": match,
            "history": list(page),
            "tools": not match.abandoned,
            "page": page,
            "newer": page.has_previous() and f"{path}?page={page.previous_page_number()}",
            "older": page.has_next() and f"{path}?page={page.next_page_number()}",
        }
        return render_to_string("matches/entries.html#entries", context)

    entries = pages.kept(("entries", match.pk, match.version, number), draw)
    deleted, deleted_more = [], 0
    if number == 1:
        # ``?deleted=all``: every deleted entry, not only the newest ones.
        most = None if request.GET.get("deleted") == "all" else selectors.DELETED_SHOWN
        board = snapshot.board(match.house_rules(), match.snapshot)
        deleted, deleted_more = deleted_rows(
            match, selectors.deleted_of(match, most), board, None, most=most
        )
    context = {
        "match": match,
        "entries": entries,
        "deleted": deleted,
        "deleted_more": deleted_more,
        "urls": match_urls(match.public_id),
    }
    return render(request, "matches/entries.html", context)
