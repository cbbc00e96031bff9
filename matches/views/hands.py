"""Recording a hand: from the board (``hand_record``), from the phone's
waiting hands (``hand_send``), fixing the newest hand in the board's own
form (``hand_fix``), and the preview of what Save will record."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from matches import selectors, services
from matches.display import changes, event_label, refusal, summary
from matches.engine.board import Board, HandResult
from matches.engine.entry import read_whole_number
from matches.engine.errors import RuleError
from matches.engine.rules import Rules
from matches.hands import HandForm
from matches.models import Event, Match
from matches.words import say

from .board import (
    HtmxHttpRequest,
    after_write,
    answers_json,
    board_context,
    host_match,
    host_required,
    posted_token,
    preview_of,
    refused,
    render_board,
    set_aside,
    spare_tokens,
)
from .typed import had_entered, posted_hand_words, posts_hand


@dataclass(frozen=True)
class HandAttempt:
    """What became of a hand form sent to be recorded (``attempt_hand``):
    ``kind`` is "saved"; "again" (its token recorded this same hand before:
    a double tap, a resend after a lost answer); "token" (its token recorded
    another hand: an old form typed anew); "asked" (a probable typing slip
    to confirm first); "invalid" (a box or a choice is wrong); "closed" (the
    match takes no more hands); "set_aside"; or "changed" (the board changed
    since the form was drawn: ``error``). ``earlier``: the event the token
    recorded; ``stored``: the match as the save stored it."""

    kind: str
    earlier: Event | None = None
    stored: Match | None = None
    error: RuleError | None = None
    board: selectors.BoardState | None = None


def attempt_hand(
    request: HtmxHttpRequest, public_id: str
) -> tuple[Match, Board, HandForm, HandAttempt]:
    """Check and record the hand the request sends, unless a check says
    otherwise: the one decision of both ways a hand arrives. The match is
    read once, locked, in the save's transaction; the form is checked on it
    and the hand recorded as checked. Nothing is recorded but on "saved".

    Raises:
        Http404: the host has no such match.
    """
    token = posted_token(request)
    with services.writing(token, public_id=public_id, host_id=request.user.pk) as locked:
        if locked is None:
            raise Http404("No such match.")
        match = locked.match
        board = services.current_board(match)
        form = HandForm(request.POST, match=match, seated=board.seated)
        attempt = _decide(locked, board, form)
        if attempt.kind == "saved" and request.htmx:
            written = selectors.board_of(attempt.stored, written=True)  # type: ignore[arg-type]
            attempt = replace(attempt, board=written)
        return match, board, form, attempt


def _decide(locked: services.Locked, board: Board, form: HandForm) -> HandAttempt:
    """``attempt_hand``'s decision, in its transaction."""
    match = locked.match
    valid = form.is_valid()
    stale = _stale(form, board)
    if match.abandoned is not None or not valid or stale or form.needs_confirming():
        # A form that already saved a hand says so before any other refusal.
        earlier = locked.recorded_here()
        if earlier is not None:
            return HandAttempt("again" if _same_hand(form, earlier) else "token", earlier=earlier)
        if match.abandoned is not None:
            return HandAttempt("set_aside")
        if board.status == "closed":
            return HandAttempt("closed")
        if stale:  # drawn for another hand: say so before asking about a slip
            return HandAttempt("changed", error=stale)
        return HandAttempt("asked" if valid else "invalid")
    try:
        recorded = services.event_record(
            match=match,
            data=form.event_data(),
            token=form.cleaned_data["token"],
            hand_number=form.cleaned_data["hand_number"],
            locked=locked,
            checked=form.checked,
            played=played_at(form.data.get("played_at", "")),
        )
    except RuleError as error:  # the board changed since the form was drawn
        return HandAttempt("changed", error=error)
    if not recorded.created:
        kind = "again" if _same_hand(form, recorded.event) else "token"
        return HandAttempt(kind, earlier=recorded.event)
    return HandAttempt("saved", stored=recorded.match)


def played_at(sent: str) -> datetime | None:
    """When a hand kept on a phone with no connection was entered, as its
    script sends it (``played_at``, ISO 8601 with its zone); None for any
    other save, or a time that does not read as one."""
    try:
        played = parse_datetime(sent[:40])
    except ValueError:
        return None
    return played if played is not None and timezone.is_aware(played) else None


def _stale(form: HandForm, board: Board) -> RuleError | None:
    """The refusal of a form drawn for another hand than the board's next
    (the save checks it again under the lock), or None."""
    sent_for = form.cleaned_data.get("hand_number") if hasattr(form, "cleaned_data") else None
    if sent_for is None or board.next_hand is None:
        return None
    try:
        services.check_hand_number(sent_for, board.next_hand.number)
    except RuleError as error:
        return error
    return None


def _same_hand(form: HandForm, earlier: Event) -> bool:
    """Whether ``form`` sends the hand ``earlier`` recorded (a board closed
    since does not change that)."""
    try:
        return earlier.data == form.event_data()
    except (KeyError, AttributeError, RuleError):
        return False  # a box that does not read as points: not that hand


def saved_words(form: HandForm, board: Board) -> str:
    return saved_sentence(form.hand_after(), board.rules)


def saved_sentence(hand: HandResult, rules: Rules) -> str:
    """ "Saved hand 12: Ben takes 41." """
    # Translators: summary is the hand as scored: "Ben takes 41", "Drawn hand: nobody scores".
    return _("Saved hand %(number)s: %(summary)s.") % {
        "number": hand.number,
        "summary": summary(hand, rules),
    }


def saved_already(
    request: HtmxHttpRequest, match: Match, event: Event, *, resent: bool = False
) -> tuple[int | None, str]:
    """Say that an earlier tap of this form saved its hand, unless the note
    of that save is still waiting to be shown. ``resent``: the phone sent a
    waiting hand again after losing the answer to its first send, so for
    the phone it is saved now, and said so as any save. Returns the hand's
    number (None when it is not on the board any more) and the words."""
    match = Match.objects.for_replay().get(pk=match.pk)
    board = services.replay_board(match)
    live = [each.pk for each in match.live_events()]
    index = live.index(event.pk) if event.pk in live else None
    hand = next((each for each in board.hands if each.index == index), None)
    if hand is None:
        return None, _("This hand was saved already.")
    if resent:
        said = saved_sentence(hand, board.rules)
    else:
        # Translators: summary is the hand as scored: "Ben takes 41", "Drawn hand: nobody scores".
        said = _("Hand %(number)s was saved already: %(summary)s.") % {
            "number": hand.number,
            "summary": summary(hand, board.rules),
        }
    if not len(messages.get_messages(request)):
        messages.success(request, said)
    return hand.number, said


@require_POST
@host_required
def hand_record(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Record a hand. A repeated form token records nothing more; a probable
    typing slip is asked about first; a form drawn for a hand another screen
    has recorded since is refused with what was typed kept."""
    match, board, form, attempt = attempt_hand(request, public_id)
    if attempt.kind == "saved":
        messages.success(request, saved_words(form, board))
        return after_write(request, attempt.stored or match, attempt.board)
    if attempt.kind == "again":
        # The second tap of a double tap, or a resend after a lost answer.
        saved_already(request, match, attempt.earlier)  # type: ignore[arg-type]
        return after_write(request, match)
    if attempt.kind == "token":
        # An old form (the back button) typed anew: keep the entries, say so.
        form.renew_token()
        messages.warning(
            request,
            _(
                "This form had already saved a hand, so nothing was saved now. Check the board; "
                "if these entries are the next hand, tap Save again."
            ),
        )
        return refused(request, match, hand_form=form)
    if attempt.kind == "set_aside":
        return set_aside(request, match)
    if attempt.kind == "closed":
        # No hand form on a closed board: say why, and what was typed.
        for error in form.non_field_errors():
            # Translators: reason is why the match takes no more hands, a sentence.
            said = _("Not saved. %(reason)s.") % {"reason": capfirst(error.removesuffix("."))}
            messages.error(request, said)
        messages.info(request, had_entered(form.typed_words()))
        return refused(request, match)
    if attempt.kind == "changed":
        form.add_error(form.field_for(attempt.error), say(attempt.error.code, attempt.error.values))  # type: ignore[union-attr]
        return refused(request, host_match(request, public_id), hand_form=form)
    return refused(request, match, hand_form=form)  # asked, invalid


@require_POST
@host_required
@answers_json
def hand_send(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """A hand that waited on the phone (no connection when Save was tapped),
    sent by static/js/waiting.js with the form's fields, its one-time token
    and the hand number it was drawn for. Answers JSON, with fresh one-time
    tokens (``spare_tokens``) always:

    - ``{"outcome": "saved", "hand": 12, "message": "Saved hand 12: ..."}``
      when recorded now or by an earlier send of the same token;
    - ``{"outcome": "refused", "kind": ..., "message": ..., "next_hand": 13,
      "confirm_slips": ...}`` (status 409), nothing recorded: ``kind`` is
      "taken", "asked", "invalid", "token", "closed" or "set_aside";
      ``next_hand`` is None when the match takes no more hands.
    """
    match, board, form, attempt = attempt_hand(request, public_id)
    spare = spare_tokens().split()
    if attempt.kind in ("saved", "again"):
        if attempt.kind == "saved":
            number: int | None = form.hand_after().number
            message = saved_words(form, board)
            messages.success(request, message)
        else:
            number, message = saved_already(
                request,
                match,
                attempt.earlier,  # type: ignore[arg-type]
                resent=True,
            )
        return JsonResponse(
            {"outcome": "saved", "hand": number, "message": message, "spare_tokens": spare}
        )
    next_hand = board.next_hand.number if board.next_hand and not match.abandoned else None
    kind, confirm_slips = attempt.kind, ""
    if kind == "changed":
        # Read again: the board may have moved on since it was read.
        played, status, abandoned = Match.objects.values_list(
            "hands_played", "status", "abandoned"
        ).get(pk=match.pk)
        next_hand = played + 1 if status == "open" and abandoned is None else None
        sent_for = form.cleaned_data["hand_number"]
        if abandoned is not None:
            kind, message = "set_aside", say("abandoned")
        elif next_hand is not None and sent_for is not None and sent_for < next_hand:
            kind = "taken"
            # Translators: the phone shows it after "Hand 12 was not saved: ".
            message = _("another screen recorded hand %(number)s meanwhile") % {"number": sent_for}
        elif next_hand is not None and sent_for is not None and sent_for > next_hand:
            kind = "taken"
            # Translators: the phone shows it after "Hand 12 was not saved: ".
            message = _("the board's next hand is hand %(number)s (a hand was taken back?)") % {
                "number": next_hand
            }
        else:
            kind, message = "invalid", say(attempt.error.code, attempt.error.values)  # type: ignore[union-attr]
    elif kind in ("set_aside", "closed"):
        next_hand = None
        errors = form.non_field_errors() or next(iter(form.errors.values()), [""])
        message = say("abandoned") if kind == "set_aside" else errors[0]
    elif kind == "token":
        message = _("Its one-time code had saved another hand already.")
    elif kind == "asked":
        asked = form.slips()
        message, confirm_slips = " ".join(asked.values()), form.confirming(asked)
    else:
        message = next(iter(form.errors.values()))[0]
    answer = {
        "outcome": "refused",
        "kind": kind,
        "message": message,
        "next_hand": next_hand,
        "confirm_slips": confirm_slips,
        "spare_tokens": spare,
    }
    return JsonResponse(answer, status=409)


class GoneElsewhere(Exception):
    """The event was deleted on another screen (``event``)."""

    def __init__(self, event: Event) -> None:
        super().__init__(event.pk)
        self.event = event


def live_event(match: Match, event_id: int) -> tuple[int, Event]:
    """(position among the live events, event) of ``match`` (read
    ``for_replay``).

    Raises:
        GoneElsewhere: the event is in this match but deleted.
        Http404: no such event in this match.
    """
    for index, event in enumerate(match.live_events()):
        if event.pk == event_id:
            return index, event
    for event in match.events.all():
        if event.pk == event_id:
            raise GoneElsewhere(event)
    raise Http404("No such event in this match.")


GONE = gettext_lazy("That entry was deleted on another screen, so nothing was changed.")


def gone(request: HtmxHttpRequest, match: Match, event: Event) -> None:
    """Say that the entry a page changes was deleted on another screen; a
    change of a hand sent meanwhile is not lost without a word."""
    messages.info(request, GONE)
    if event.kind == "hand" and posts_hand(request):
        typed = posted_hand_words(request, match)
        messages.info(
            request,
            _(
                # Translators: typed is the hand the form held, in words: "Ben went out, Alice 23".
                # "All entries" and "Put back" are the labels of the link and the button.
                "You had entered: %(typed)s. To change that hand, "
                "put it back first (All entries, Put back)."
            )
            % {"typed": typed},
        )


def fix_context(match: Match, event: Event, index: int) -> dict[str, Any]:
    """What a fix of ``event`` (live event ``index``) says of it."""
    datas = [each.data for each in match.live_events()]
    return {
        "event": event,
        "label": event_label(datas, index),
        # What was recorded after it, if anything: its note says so.
        "recorded_after": event_label(datas, len(datas) - 1) if index < len(datas) - 1 else None,
        "version": services.data_version(event.data),
        # Who dealt it: the marks beside the names are the next hand's.
        "dealer": (event.result or {}).get("dealer"),
    }


def fix_form(match: Match, event: Event, index: int, data: Any = None, *, board: Board) -> HandForm:
    """The hand form filled in with a recorded hand, to correct it in place.
    Without ``data`` it is bound to what was recorded, so its preview shows
    that hand from the start. ``board``: the match replayed."""
    hand = next(each for each in board.hands if each.index == index)
    form = HandForm(match=match, seated=hand.dealt_in, replacing=event.pk)
    if data is None:
        data = form.initial_for(event.data["hand"], hand.dealt_in)
    return HandForm(data, match=match, seated=hand.dealt_in, replacing=event.pk)


def as_it_was(label: str) -> str:
    """What an edit or a fix saved as it was recorded says ("hand 7")."""
    # Translators: entry names an entry: "Hand 7", "The move of the line to 200", "Cara leaving".
    return _("%(entry)s is as it was: nothing was changed.") % {"entry": capfirst(label)}


def save_edit(
    request: HtmxHttpRequest, match: Match, event: Event, form: Any
) -> services.Change | None:
    """Save a valid edit form over ``event``; on a refusal, put the reason
    beside its field and return None."""
    try:
        return services.event_edit(
            match=match,
            event_id=event.pk,
            data=form.event_data(),
            version=request.POST.get("version"),
        )
    except Event.DoesNotExist:  # deleted on another screen since the page read it
        form.add_error(None, GONE)
        return None
    except RuleError as error:
        form.add_error(form.field_for(error), refusal(error))
        return None


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def hand_fix(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Fix a recorded hand in the board's own hand form, filled in with what
    was recorded: Save replaces it (an edit), so a typo costs only the wrong
    digits and nothing is kept aside."""
    match = host_match(request, public_id, writing=True, events=True)
    try:
        index, event = live_event(match, event_id)
    except GoneElsewhere as elsewhere:
        gone(request, match, elsewhere.event)
        return after_write(request, match)
    if event.kind != "hand":
        raise Http404("Only a hand can be fixed here.")
    fixing = fix_context(match, event, index)
    every = services.replay_board(match)
    state = selectors.board_of(match)
    if request.method == "GET":
        form = fix_form(match, event, index, board=every)
        # To the top, focus on the first choice: the fix starts where a hand does.
        context = board_context(state, hand_form=form, fixing=fixing, focus="next", fix_board=every)
        return render_board(request, context)
    form = fix_form(match, event, index, request.POST, board=every)
    if form.is_valid() and not form.needs_confirming():
        change = save_edit(request, match, event, form)
        if change is not None and not change.written:  # saved as it was
            messages.info(request, as_it_was(fixing["label"]))
            return after_write(request, match)
        if change is not None:
            hand = form.hand_after()
            hand_words = summary(hand, change.after.rules)
            words = {
                "entry": fixing["label"],
                "later": fixing["recorded_after"],
                "hand": hand_words,
                "changes": " ".join(changes(change.before, change.after)),
            }
            if words["later"]:
                said = _(
                    # Translators: entry is the hand fixed ("hand 7"); later, an entry recorded
                    # after it ("hand 8", "Cara leaving"); hand, the hand as scored now; changes
                    # says what changed on the board: "Totals: Ben 51 → 41."
                    "Fixed %(entry)s, though %(later)s was recorded after it: %(hand)s. %(changes)s"
                )
            else:
                # Translators: entry is the hand fixed ("hand 7"); hand, the hand as scored
                # now; changes says what changed on the board: "Totals: Ben 51 → 41."
                said = _("Fixed %(entry)s: %(hand)s. %(changes)s")
            messages.success(request, said % words)
            return after_write(request, match)
    context = board_context(state, hand_form=form, fixing=fixing, focus="error", fix_board=every)
    return render_board(request, context)


def preview_answer(context: dict[str, Any]) -> HttpResponse:
    """The preview's words alone (as ``_preview.html`` draws them in a page)."""
    return HttpResponse(render_to_string("matches/_preview.html#words", context))


@require_POST
@host_required
def hand_preview(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """What the hand form would record, from the game, before saving. With
    ``replacing`` (a recorded hand being fixed or edited), also what that
    does to the board ("Totals: Ben 41 → 45")."""
    match = host_match(request, public_id)
    if match.abandoned is not None:
        # Set aside on another screen: the preview says so (Save then too).
        return preview_answer({"preview_error": say("abandoned")})
    replacing = read_whole_number(request.POST.get("replacing", ""))
    if replacing is None:
        board = services.current_board(match)
        form = HandForm(request.POST, match=match, seated=board.seated)
    else:
        match = host_match(request, public_id, events=True)
        try:
            index, event = live_event(match, replacing)
        except GoneElsewhere:
            return HttpResponse(str(GONE))
        if event.kind != "hand":
            raise Http404("Only a hand has a preview.")
        board = services.replay_board(match)
        form = fix_form(match, event, index, request.POST, board=board)
    context: dict[str, Any] = {}
    if form.is_valid():
        context["preview"] = preview_of(form, board)
    elif form.filled_in():
        # Everything is filled in but something is wrong: say what, now.
        context["preview_error"] = next(iter(form.errors.values()))[0]
    return preview_answer(context)
