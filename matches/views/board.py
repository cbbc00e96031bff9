"""The board: the page a host keeps the score on, drawn from the match's
stored snapshot (``selectors.board_of``), with the hand form and the forms
that move the line, seat players, take back and put back. Every page of a
match answers 404 to anyone but its host (``host_required``)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import replace
from functools import partial, wraps
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django_htmx.http import push_url
from django_htmx.middleware import HtmxDetails

from matches import pages, selectors
from matches.display import (
    Standing,
    changes,
    deal_notes,
    event_text,
    final_lines,
    history,
    own_board,
    standings,
    summary,
)
from matches.engine.board import Board
from matches.hands import HandForm, LineForm, SeatForm
from matches.marks import Table, marked, short_names, table_marks
from matches.models import Event, Match
from matches.phrases import listed
from matches.reasons import close_reason, undecided_reason
from matches.selectors import BoardState
from matches.words import say

from .typed import (
    SET_ASIDE_HAND,
    SET_ASIDE_KEPT_HAND,
    had_entered,
    posted_hand_words,
    posts_hand,
    typed_words,
)


class HtmxHttpRequest(HttpRequest):
    """An HttpRequest as HtmxMiddleware leaves it, for type checkers."""

    htmx: HtmxDetails


class SetAside(Exception):
    """A page that changes the score was asked of an abandoned match."""

    def __init__(self, match: Match) -> None:
        self.match = match


# After a write, focus goes to the result of a closed match, else to the
# first choice of the next hand (the phone's keyboard stays down).
WRITTEN = "written"
# One-time tokens the board gives for hands that wait on the phone, each
# saved with no connection (static/js/waiting.js).
SPARE_TOKENS = 10
# A board is drawn with these in place of what each answer gets afresh (its
# CSRF field's value, the forms' one-time tokens), so that it can be kept as
# drawn for every phone of its host (``board_page``); ``filled`` puts them in.
CSRF_HOLE = "hole-csrf-token"
TOKEN_HOLES = (
    "hole-hand-token",
    "hole-line-token",
    "hole-seat-token",
    "hole-rematch-token",
    "hole-own-token",
)
SPARE_HOLE = "hole-spare-tokens"
# Characters of a name that fit beside the hand form's boxes and a total of
# four figures on a phone held upright (a longer one, cut so as to tell two
# apart, goes on to a second line).
BESIDE_BOXES = 7


def host_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``login_required`` that never loses what was typed: an htmx request
    (or a script's) from a phone whose login expired gets 401 (the page
    keeps the form and says it was not saved); a plain POST goes to log in
    and back to the match page. A write to a match set aside answers with
    the reason, keeping what was typed (``SetAside``)."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            try:
                return view(request, *args, **kwargs)
            except SetAside as refused:
                return set_aside(request, refused.match)
        if request.htmx or getattr(view, "answers_json", False):
            return HttpResponse(_("You are logged out."), status=401, content_type="text/plain")
        if request.method == "GET":
            return redirect_to_login(request.get_full_path())
        back = (
            reverse("matches:detail", args=[kwargs["public_id"]])
            if "public_id" in kwargs
            else reverse("matches:home")
        )
        return redirect_to_login(back)

    return wrapper


def answers_json(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view that answers scripts only: ``host_required`` then answers
    a logged-out phone with 401, never with the log-in page."""
    view.answers_json = True  # type: ignore[attr-defined]
    return view


def set_aside(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """A write sent to a match set aside on another screen meanwhile:
    nothing saved, nothing typed lost. By htmx, 409 with the reason (htmx
    leaves the form as it is; static/js/app.js shows the words). Without
    JavaScript, the set-aside board, saying what had been typed."""
    abandoned = say("abandoned")
    if posts_hand(request):
        if request.htmx:
            kept = str(SET_ASIDE_KEPT_HAND)
            return HttpResponse(kept, status=409, content_type="text/plain")
        messages.error(request, SET_ASIDE_HAND)
        messages.info(request, had_entered(posted_hand_words(request, match)))
        return refused(request, match)
    typed = typed_words(request)
    if typed is not None:
        words, kept = typed
        if request.htmx:
            return HttpResponse(kept, status=409, content_type="text/plain")
        messages.error(request, abandoned)
        messages.info(request, had_entered(words))
        return redirect("matches:detail", public_id=match.public_id)
    messages.error(request, abandoned)
    if request.htmx:
        return board_page(request, match, focus=WRITTEN)
    return redirect("matches:detail", public_id=match.public_id)


def posted_token(request: HttpRequest) -> uuid.UUID | None:
    """The one-time token a form sent, if it reads as one."""
    try:
        return uuid.UUID(request.POST.get("token", ""))
    except ValueError:
        return None


def host_match(
    request: HttpRequest, public_id: str, *, writing: bool = False, events: bool = False
) -> Match:
    """The match, if the signed-in user hosts it; else 404. With ``events``,
    its seats and every event too (the pages that replay them).

    Raises:
        SetAside: ``writing`` (a page that changes the score) to a match
            set aside; ``host_required`` answers with the reason.
    """
    match = selectors.host_match(request.user.pk, public_id, events=events)
    if match is None:
        raise Http404("No such match.")
    if writing and match.abandoned is not None:
        raise SetAside(match)
    return match


class MatchUrls(dict):
    """The addresses of a match's pages, by name (``urls.detail``), each
    worked out when first asked for: a board whose parts are kept asks for
    few of them."""

    def __init__(self, public_id: str) -> None:
        super().__init__()
        self.public_id = public_id

    def __missing__(self, name: str) -> str:
        self[name] = url = reverse(f"matches:{name}", args=[self.public_id])
        return url


def match_urls(public_id: str) -> MatchUrls:
    """The addresses of a match's pages the board links to, by name."""
    return MatchUrls(public_id)


def event_url(name: str, public_id: str, event_id: int) -> str:
    """The address of an event's page: ``fix``, ``edit``, ``delete``, ``restore``."""
    return reverse(f"matches:{name}", args=[public_id, event_id])


def spare_tokens() -> str:
    """Fresh one-time form tokens for hands saved with no connection."""
    return " ".join(str(uuid.uuid4()) for _ in range(SPARE_TOKENS))


def filled(markup: str, request: HttpRequest) -> str:
    """A board drawn with holes (``CSRF_HOLE``, ``TOKEN_HOLES``,
    ``SPARE_HOLE``) with this answer's own values in them."""
    markup = markup.replace(CSRF_HOLE, get_token(request))
    for hole in TOKEN_HOLES:
        markup = markup.replace(hole, str(uuid.uuid4()))
    return markup.replace(SPARE_HOLE, spare_tokens())


def deleted_rows(
    state_match: Match,
    deleted: list[Event],
    board: Board,
    undone: Event | None,
    *,
    most: int | None,
) -> tuple[list[dict[str, Any]], int]:
    """Deleted entries that can be put back, but ``undone`` (it has its own
    button): the newest ``most`` (None: every one), each with the hand it
    was as the board numbered it and when it was deleted; and how many older
    ones are not listed (``deleted_count`` of the match says how many in all)."""
    rows = [event for event in deleted if event is not undone]
    total = state_match.deleted_count - (1 if undone is not None else 0)
    shown = []
    seats = list(board.totals)
    for event in rows[:most]:
        number = (event.result or {}).get("number") if event.kind == "hand" else None
        shown.append(
            {
                "pk": event.pk,
                "text": capfirst(event_text(event.data, seats, board.game, number=number)),
                "url": event_url("restore", state_match.public_id, event.pk),
                "when": timezone.localtime(event.deleted),
            }
        )
    return shown, max(total - len(shown), 0)


def sheet_lines(rows: list[Standing], form: HandForm | None, table: Table) -> list[dict[str, Any]]:
    """The board's rows, each with its short name, its player's mark at
    ``table`` (the match) and the hand form's box for that player
    (``position`` None: not in this hand, or no form)."""
    seated = list(form.seated) if form is not None else []
    chosen = str(form[form.chooser].value()) if form is not None else ""
    # A fresh form's boxes are the same for every board of its seats: each
    # row's are kept as drawn (``kept``), keyed by what they show.
    fresh = form is not None and not form.is_bound and not form.initial.keys() - {"token"}
    # Cut to fit beside the hand form's boxes; whole on a board without them.
    names = [row.name for row in rows]
    shorts = short_names(names, BESIDE_BOXES) if form is not None else {n: n for n in names}
    marks = table_marks(names, table)
    lines = []
    for row in rows:
        position = seated.index(row.name) if row.name in seated else None
        line: dict[str, Any] = {
            "row": row,
            "short": shorts[row.name],
            "mark": marks[row.name],
            "position": position,
        }
        if position is not None and form is not None:
            line["field"] = form[f"left_{position}"]
            if form.game.second_key:
                line["second"] = form[f"second_{position}"]
            line["checked"] = chosen == str(position)
        if fresh:
            line["kept"] = pages.key(
                "sheet-boxes",
                form.game.key,  # type: ignore[union-attr]
                row.name,
                position,
                line["mark"],
            )
            line["row_kept"] = pages.key("sheet-row", line["kept"], row, line["short"])
        lines.append(line)
    return lines


def preview_of(form: HandForm, board: Board) -> dict[str, Any]:
    """What a valid hand form will record: the hand as scored, the sentence
    for it (each player named led by their badge), the points of each box
    given as cards or a sum (a box typed as points says itself), the
    typing-slip questions (and the answer that confirms them), and for a
    fix or an edit what it changes on the board."""
    hand = form.hand_after()
    sums = form.sums()
    given = {name: " ".join(map(str, cards)) for name, cards in hand.cards.items()}
    given.update(sums)
    # Each as read: "2,5" is the cards 2 and 5, so "Ben 7 (2 5)".
    counted = [
        f"{name} {points} ({given[name]})" for name, points in hand.held.items() if name in given
    ]
    marks = table_marks(list(board.totals), form.match)
    asked = form.slips()
    return {
        "hand": hand,
        "summary": marked(summary(hand, board.rules), marks),
        "counted": marked(" · ".join(counted), marks),
        "changes": (
            # Translators: changes says what saving would change: "Totals: Ben 51 → 41."
            [_("If saved: %(changes)s") % {"changes": " ".join(changes(board, form.board_after))}]
            if form.replacing is not None
            else []
        ),
        "slips": list(asked.values()),
        "slips_confirmed": form.confirming(asked),
    }


def refusal_words(form: HandForm | None) -> str | None:
    """Every refusal of a hand form sent back, in the order of its boxes,
    for its preview (the boxes keep what was typed, so the preview must not
    go blank, and a second wrong box is not hidden behind the first)."""
    if form is None or not form.is_bound or not form.errors:
        return None
    hidden = {field.name for field in form.hidden_fields()}
    shown = [
        error for name, errors in form.errors.items() if name not in hidden for error in errors
    ]
    return listed(dict.fromkeys(shown)) if shown else form.out_of_date


def board_context(
    state: BoardState,
    *,
    hand_form: HandForm | None = None,
    line_form: LineForm | None = None,
    seat_form: SeatForm | None = None,
    confirm: dict[str, Any] | None = None,
    fixing: dict[str, Any] | None = None,
    focus: str | None = None,
    confirm_rematch: bool = False,
    confirm_restore: dict[str, Any] | None = None,
    fix_board: Board | None = None,
) -> dict[str, Any]:
    """Everything the board's template reads: the board as stored, its
    rows, history, tools, and the forms (``hand_form`` one sent back, else a
    fresh one while the match takes hands)."""
    match, board = state.match, state.board
    public_id = match.public_id
    urls = match_urls(public_id)
    hand_hole, line_hole, seat_hole, rematch_hole, own_hole = TOKEN_HOLES
    if match.abandoned:
        hand_form = None  # nothing is recorded while it is set aside
    elif hand_form is None and board.status == "open":
        hand_form = HandForm(match=match, seated=board.seated, initial={"token": hand_hole})
    preview = None
    if hand_form is not None and hand_form.is_bound and not hand_form.errors:
        # A fix compares every hand (who dealt each), not the board's last few.
        preview = preview_of(hand_form, fix_board or board)
    rows = history(state.recent, board, first=state.live - len(state.recent))
    newest = rows[0] if rows else None
    # The newest hand offers Fix, but not while it is the one being fixed.
    fix_event = (
        newest.event_id if newest is not None and newest.kind == "hand" and not fixing else None
    )
    # Each entry is kept as drawn, keyed by all it shows (whether it offers
    # Fix too): after a save, only the new one and the one before are drawn.
    tools = not match.abandoned
    rows = [
        replace(
            row,
            kept=pages.key("history-row", public_id, row, tools, row.event_id == fix_event),
        )
        for row in rows
    ]
    undone = state.undone
    deleted, deleted_more = deleted_rows(
        match, state.deleted, board, undone, most=selectors.DELETED_SHOWN
    )
    share = None
    token = getattr(match, "share_token", None)
    if token is not None:
        share = {
            "token": token,
            "path": reverse("matches:shared", args=[token]),
            "big": reverse("matches:shared_big", args=[token]),
        }
    shown_focus = ("result" if board.status == "closed" else "next") if focus == WRITTEN else focus
    known_names = sorted(set(board.totals) - set(board.seated))
    # The tools that change seldom, kept as drawn while no form of theirs
    # was sent back, keyed by all they show.
    tools_kept = (line_form, seat_form, confirm) == (None, None, None) and pages.key(
        "board-tools",
        public_id,
        board.line_can_move,
        board.target,
        board.status,
        tuple(board.seated),
        tuple(known_names),
        board.rules_can_change,
    )
    more_kept = not confirm_rematch and pages.key(
        "board-more", public_id, board.status, match.next_match_id, token, bool(match.abandoned)
    )
    slips = preview["slips"] if preview else []
    standing_rows = standings(board)
    if fixing and hand_form is not None:
        # A hand is fixed in the order its players sat, as it was entered,
        # even on a closed board drawn in its places.
        seats = list(hand_form.seated)
        standing_rows.sort(
            key=lambda row: seats.index(row.name) if row.name in seats else len(seats)
        )
    game_words = match.kind.words
    return {
        "match": match,
        "game": match.kind,
        "game_words": game_words,
        "rules_short": game_words.rules_short(board.rules),  # type: ignore[union-attr]
        "urls": urls,
        "board": board,
        "sheet": sheet_lines(standing_rows, hand_form, match),
        "picker_kept": hand_form is not None
        and pages.key("picker", match.game, board.rules.ace_value),
        "deals_ahead": deals_ahead(match, board) if hand_form is not None and not fixing else "",
        "deal_notes": deal_notes(board.rules, board.next_hand),
        "joining": match.kind.may_join(board),
        "closed": board.status == "closed",
        "share": share,
        "undone": undone,
        # The hand taken back was the last: the one after the board's last.
        "undone_text": undone
        and event_text(undone.data, list(board.totals), board.game, number=board.hands_played + 1),
        "undone_url": undone and event_url("restore", public_id, undone.pk),
        "close_reason": close_reason(board),
        "undecided": undecided_reason(board),
        "final_lines": final_lines(board),
        "history": rows,
        "tools": tools,
        "fix_event": fix_event,
        "more_history": state.live > selectors.RECENT or bool(state.deleted),
        "entries": state.live,
        "undo_row": newest,
        "login_url": f"{reverse('login')}?{urlencode({'next': urls['detail']})}",
        "deleted": deleted,
        "deleted_more": deleted_more,
        "known_names": known_names,
        "tools_kept": tools_kept,
        "more_kept": more_kept,
        "focus": shown_focus,
        "hand_number": board.next_hand.number if board.next_hand else "",
        "hand_form": hand_form,
        "hand_action": event_url("fix", public_id, fixing["event"].pk) if fixing else urls["hand"],
        "fixing": fixing,
        "line_form": line_form
        or LineForm(match=match, initial={"target": board.target, "token": line_hole}),
        "seat_form": seat_form or SeatForm(match=match, initial={"token": seat_hole}),
        "confirm": confirm,
        "confirm_rematch": confirm_rematch,
        "confirm_restore": confirm_restore,
        "rematch_token": rematch_hole,
        # The game's own part of the board (its own events' buttons).
        "own": own_board(board) if match.kind.board_template else {},
        "own_token": own_hole,
        "spare_tokens": SPARE_HOLE if hand_form is not None and not fixing else "",
        # Every form's CSRF field, filled in for each answer (``filled``).
        "csrf_token": CSRF_HOLE,
        "preview": preview,
        "preview_error": refusal_words(hand_form) if preview is None else None,
        "slips": slips,
        "slips_confirmed": preview["slips_confirmed"] if preview else "",
    }


def deals_ahead(match: Match, board: Board) -> str:
    """The deals after the board's next hand, as many as the phone can keep
    hands (``SPARE_TOKENS``), for its script to name the dealer while hands
    wait for the connection: JSON, each deal's line as the board draws it
    (``_deal.html``); empty when the game cannot tell them ahead."""
    ahead = match.kind.deals_ahead(board, SPARE_TOKENS)
    if not ahead:
        return ""
    lines = []
    for deal in ahead:
        # Kept by what the line shows: the same few lines come round again.
        notes = tuple(deal_notes(board.rules, deal))
        shown = ("deal", deal.dealer, deal.cards_each, deal.first_player, notes)
        draw = partial(render_to_string, "matches/_deal.html", {"deal": deal, "notes": notes})
        lines.append(pages.kept(shown, draw))
    return json.dumps(lines)


def render_board(
    request: HtmxHttpRequest, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    """The board page of ``context``, drawn afresh."""
    drawn = render_to_string("matches/match.html#board", context, request=request)
    return answer_board(request, ", ".join(context["board"].totals), drawn, status)


def answer_board(
    request: HtmxHttpRequest, title: str, drawn: str, status: int = 200
) -> HttpResponse:
    """The board ``drawn`` (with holes) filled in for this answer: by htmx,
    the board alone and the note of what the last change did in its live
    region outside the board (out of band); else the whole page."""
    board = mark_safe(filled(drawn, request))  # noqa: S308 (drawn by our template)
    if not request.htmx:
        page = {"title": title, "board_html": board}
        return render(request, "matches/match.html", page, status=status)
    note = render_to_string("matches/_note.html#items", {}, request=request)
    return HttpResponse(
        f'{board}<div id="note" hx-swap-oob="innerHTML">{note}</div>', status=status
    )


def board_page(
    request: HtmxHttpRequest,
    match: Match,
    focus: str | None = None,
    *,
    look: bool = True,
    state: selectors.BoardState | None = None,
) -> HttpResponse:
    """The board of ``match`` as stored, with no form sent back: kept as
    drawn for the match's version (and the address it was reached at, the
    focus), so a board opened again, or on another phone of
    its host, is not drawn again. ``look``: ``match`` was read just now, so
    its version may be looked up (after a write it is drawn anew);
    ``state``: the board as the write read it (``selectors.board_of``)."""
    shown = (match.pk, request.build_absolute_uri("/"), focus)
    drawn = pages.get(("board", match.version, *shown)) if look else None
    if drawn is None:
        state = state or selectors.board_of(match)
        context = board_context(state, focus=focus)
        markup = render_to_string("matches/match.html#board", context, request=request)
        drawn = (", ".join(state.board.totals), markup)
        pages.keep(("board", state.match.version, *shown), drawn)
    return answer_board(request, *drawn)


def refused(request: HtmxHttpRequest, match: Match, **forms: Any) -> HttpResponse:
    """The board again with a form's errors (or a question), focus on the
    first of them."""
    forms.setdefault("focus", "error")
    return render_board(request, board_context(selectors.board_of(match), **forms))


def after_write(
    request: HtmxHttpRequest, match: Match, state: selectors.BoardState | None = None
) -> HttpResponse:
    """The board after a write: by htmx, drawn as stored now (``state``: as
    the write read it in its transaction), and at the board's own address
    when the page was at another (a fix's, which its link pushes so that a
    reload keeps the fix); else a redirect to it (POST, redirect, GET)."""
    if not request.htmx:
        return redirect("matches:detail", public_id=match.public_id)
    answer = board_page(request, match, WRITTEN, look=False, state=state)
    board = reverse("matches:detail", args=[match.public_id])
    current = request.htmx.current_url
    return push_url(answer, board) if current and urlsplit(current).path != board else answer


@require_GET
@host_required
@never_cache
def match_detail(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The board: totals, who deals, the hand form, the last hands."""
    match = host_match(request, public_id)
    # Arriving after a write (a redirect with a note): focus as after a swap.
    focus = WRITTEN if messages.get_messages(request) or request.htmx else None
    return board_page(request, match, focus)
