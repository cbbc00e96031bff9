"""The host's pages. Thin: read the request, call a form or a service, render.
Every page of a match answers 404 to anyone but its host."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import redirect_to_login
from django.contrib.messages import get_messages
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import Count, Q
from django.db.models.functions import Lower
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    JsonResponse,
    StreamingHttpResponse,
)
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.backends.utils import csrf_input
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst, slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.middleware import HtmxDetails

from matches import accounts, drawing, drawn, scoring, services
from matches.display import (
    LISTED,
    Listed,
    MatchRow,
    Standing,
    changes,
    close_reason,
    close_reason_of,
    entry_rows,
    event_label,
    event_sentence,
    event_text,
    example_result,
    final_lines,
    final_lines_of,
    hand_summary,
    head_to_head,
    history,
    kept_history,
    leader_sentence,
    match_row,
    player_figures,
    refusal,
    standings,
    undecided_reason,
    undecided_reason_of,
)
from matches.forms import (
    TARGET_PRESETS,
    HandForm,
    HistoryFilterForm,
    ImportForm,
    LineForm,
    NewMatchForm,
    RulesForm,
    SeatForm,
    SignUpForm,
    game_of,
    hand_form_class,
    typed_name,
)
from matches.links import event_url, login_then, match_urls, shared_url
from matches.models import (
    Event,
    HostStamp,
    Match,
    MatchPlayer,
    PendingImport,
    Player,
    ShareLink,
)
from matches.prepared import Prepared
from matches.scoring import snapshot
from matches.scoring.cards import ACE_VALUES, deck_points
from matches.scoring.examples import EXAMPLES, GIN_EXAMPLES
from matches.scoring.rules import (
    GIN,
    MAX_SEATED,
    RULE_CHOICES,
    RULE_HELP,
    RULE_TITLES,
    RUMMY,
    describe,
    rule_keys,
    rules_class,
)
from matches.sheet import places_chart, sheet
from matches.transfer import (
    IMPORT_MAX_BYTES,
    IMPORT_MAX_MATCHES,
    account_export,
    export_csv,
    export_text,
    file_name,
    import_read,
)


class HtmxHttpRequest(HttpRequest):
    """An HttpRequest as HtmxMiddleware leaves it, for type checkers."""

    htmx: HtmxDetails


def host_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """``login_required`` that never loses what was typed: an htmx request
    from a phone whose login expired gets 401 (the page keeps the form and
    says it was not saved); a plain POST goes to log in and back to the
    match page, not to the URL it posted to."""

    @wraps(view)
    def wrapper(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.user.is_authenticated:
            try:
                return view(request, *args, **kwargs)
            except SetAside as refused:
                if _posts_hand(request):
                    return _set_aside_hand(request, refused.match)
                typed = _typed_words(request)
                if typed is not None:
                    return _set_aside_typed(request, refused.match, *typed)
                # Nothing is recorded in a match set aside: say so on its board.
                messages.error(request, services.ABANDONED)
                if request.htmx:
                    return _board_as_it_stands(request, refused.match)
                return redirect("matches:detail", public_id=refused.match.public_id)
        if request.htmx or getattr(view, "answers_json", False):
            return HttpResponse("You are logged out.", status=401, content_type="text/plain")
        if request.method == "GET":
            return redirect_to_login(request.get_full_path())
        back = (
            reverse("matches:detail", kwargs={"public_id": kwargs["public_id"]})
            if "public_id" in kwargs
            else reverse("matches:home")
        )
        return redirect_to_login(back)

    return wrapper


class SetAside(Exception):
    """A page that changes the score was asked of an abandoned match."""

    def __init__(self, match: Match) -> None:
        self.match = match


# A hand saved on a board whose match was set aside on another screen meanwhile.
SET_ASIDE_HAND = (
    "Not saved: this match was set aside as abandoned on another screen. "
    "Resume it to record this hand."
)
SET_ASIDE_HAND_KEPT = (
    "Not saved: this match was set aside as abandoned on another screen. "
    "Your entries are still here: resume the match (open its board in a new tab "
    "and tap Resume this match), then tap Save again."
)
# The same of the line box and the name of who joins, with the button to tap.
SET_ASIDE_TYPED_KEPT = (
    "Not saved: this match was set aside as abandoned on another screen. "
    "What you typed is still here: resume the match (open its board in a new tab "
    "and tap Resume this match), then tap {button} again."
)


def _posts_hand(request: HtmxHttpRequest) -> bool:
    """Whether the request sends a hand form's boxes (a hand saved, fixed or
    edited): a refusal then says what they held, so nothing typed is lost."""
    return request.method == "POST" and "seat_0" in request.POST


def _set_aside_hand(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """A hand form sent to a match set aside on another screen meanwhile:
    nothing is saved, and nothing typed is lost. By htmx, 409 with the
    reason: htmx leaves the form as it is and static/js/app.js shows the
    words (as for a deleted match, 404, or a lost session, 401). Without
    JavaScript, the set-aside board, saying what had been typed."""
    if request.htmx:
        return HttpResponse(SET_ASIDE_HAND_KEPT, status=409, content_type="text/plain")
    messages.error(request, SET_ASIDE_HAND)
    messages.info(request, f"You had entered: {_posted_hand_words(request, match)}.")
    return _refused(request, _board_context(match))


def _typed_words(request: HtmxHttpRequest) -> tuple[str, str] | None:
    """What a form that is not a hand's sent typed, in words, with the
    button that sends it: the line box's new line ("the new line 300",
    "Move") or the name of who joins ("Dan joins", "Joins"); None for a
    form with nothing typed (a button alone: undo, leave, rematch)."""
    if request.method != "POST":
        return None
    target = request.POST.get("target", "").strip()[:20]  # as long as the box takes
    if target:
        return f"the new line {target}", "Move"
    joining = request.POST.get("player", "").strip()[:40]  # as long as a name may be
    if request.POST.get("action") == "join" and joining:
        return f"{joining} joins", "Joins"
    return None


def _set_aside_typed(
    request: HtmxHttpRequest, match: Match, words: str, button: str
) -> HttpResponse:
    """A line move or a join sent to a match set aside on another screen
    meanwhile: as ``_set_aside_hand``, nothing saved and nothing typed
    lost (by htmx, 409 and the form left as it is; without JavaScript, the
    set-aside board saying what was typed)."""
    if request.htmx:
        kept = SET_ASIDE_TYPED_KEPT.format(button=button)
        return HttpResponse(kept, status=409, content_type="text/plain")
    messages.error(request, services.ABANDONED)
    messages.info(request, f"You had entered: {words}.")
    return redirect("matches:detail", public_id=match.public_id)


def _posted_hand_words(request: HtmxHttpRequest, match: Match) -> str:
    """What a hand form sent but not saved held, in words ("Ben went out,
    Alice 23"), for the page that says so: read by the boxes as drawn, the
    seats the form was sent with, not the board's now."""
    drawn_for = tuple(
        request.POST[f"seat_{position}"]
        for position in range(MAX_SEATED)
        if f"seat_{position}" in request.POST
    )
    return hand_form_class(match)(request.POST, match=match, seated=drawn_for).typed_words()


# The lookup of nearly every host's page (``_host_match``), compiled once.
HOST_MATCH = Prepared(
    lambda public_id, host: Match.objects.with_share_token().filter(
        public_id=public_id, host_id=host
    )[:1],
    public_id="\x00public_id",
    host=-8_191,
)


def _host_match(
    request: HtmxHttpRequest, public_id: str, *, writing: bool = False, events: bool = False
) -> Match:
    """The match, if the signed-in user hosts it; else 404. Its row with the
    stored snapshot and its live share link's token (``share_token``, None
    when not shared), in one query; with ``events``, also its seats and every
    event (for the pages that read them all: editing the past).

    Raises:
        SetAside: ``writing`` (a page that changes the score) to an abandoned
            match; ``host_required`` answers with the board and the reason.
    """
    if events:
        match = get_object_or_404(
            Match.objects.with_share_token().for_board(), public_id=public_id, host=request.user
        )
    else:
        match = HOST_MATCH.first(public_id=public_id, host=request.user.pk)
        if match is None:
            raise Http404("No such match.")
    if writing and match.abandoned is not None:
        raise SetAside(match)
    return match


# The columns a list of matches reads (``display.match_row``): no snapshot.
ROW_COLUMNS = ("public_id", "created", "game", "status", "hands_played", "line", "abandoned")


def _listed(queryset: Any) -> Any:
    """Matches for a list: the columns a row shows, without the snapshot's
    JSON or any event (the standings come from ``_rows``)."""
    return queryset.only(*ROW_COLUMNS)


def _rows(matches: list[Match]) -> list[MatchRow]:
    """The list rows of ``matches``, their standings read in one query for
    them all, as plain values."""
    standings: dict[int, list[Listed]] = {match.pk: [] for match in matches}
    found = MatchPlayer.objects.filter(match_id__in=standings).values_list("match_id", *LISTED)
    for match_id, *values in found:
        standings[match_id].append(Listed(*values))
    return [match_row(match, standings[match.pk]) for match in matches]


# The two lists of the home page, each the ORM's query written once.
HOME_OPEN_MATCHES = Prepared(
    lambda host: _listed(Match.objects.filter(host_id=host, status="open", abandoned=None))[
        : HOME_OPEN + 1
    ],
    host=-8_191,
)
# Only an open match can be abandoned: "closed" is every finished one.
HOME_RECENT_MATCHES = Prepared(
    lambda host: _listed(Match.objects.filter(host_id=host, status="closed"))[:HOME_RECENT],
    host=-8_191,
)


@require_GET
@never_cache
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The host's open matches first, then the latest finished ones, and the
    way to the whole history; a newcomer's first page says what the app does
    and offers sign-up in one tap."""
    if not request.user.is_authenticated:
        return render(request, "matches/welcome.html")

    def draw() -> dict[str, Any]:
        open_matches = HOME_OPEN_MATCHES.all(host=request.user.pk)
        recent = HOME_RECENT_MATCHES.all(host=request.user.pk)
        # One query for the standings of both lists.
        rows = _rows([*open_matches[:HOME_OPEN], *recent])
        shown = min(len(open_matches), HOME_OPEN)
        return {
            "open_rows": rows[:shown],
            "more_open": len(open_matches) > HOME_OPEN,
            "recent_rows": rows[shown:],
        }

    return _host_list(request, "matches/home.html", draw)


# What renews when a host's matches or players change (``HostStamp``, by triggers).
HOST_STAMP = Prepared(
    lambda host: HostStamp.objects.filter(host_id=host).values_list("stamp")[:1], host=-8_191
)


def _host_list(
    request: HtmxHttpRequest,
    template: str,
    draw: Callable[[], dict[str, Any]],
    extra: dict[str, Any] | None = None,
) -> HttpResponse:
    """A page of ``template`` around its ``lists`` partial, drawn from
    ``draw()`` once for each write to the host's matches or players (and
    each query, time zone and language), and kept in this process
    (``matches.drawn``). ``extra``: what the page draws outside the list."""
    stamp = HOST_STAMP.values(host=request.user.pk)
    key = drawn.lists_key(request, template, stamp[0] if stamp else None)
    # The stamp was read first: a write meanwhile is drawn now and renewed
    # the stamp, so the next request draws again.
    found = drawn.page(
        lambda: key,
        lambda: drawn.DrawnBoard(
            render_to_string(f"{template}#lists", draw(), request=request), ""
        ),
    )
    context = {"lists_html": mark_safe(found.html), **(extra or {})}  # noqa: S308 (drawn above)
    return render(request, template, context)


def _cursor(text: str) -> tuple[datetime, int] | None:
    """A page's edge from the URL, ``<microseconds since 1970>-<id>``, or None."""
    stamp, _, pk = text.partition("-")
    if not (stamp.isascii() and stamp.isdigit() and pk.isascii() and pk.isdigit()):
        return None
    if len(stamp) > 17 or len(pk) > 12:
        return None
    return datetime.fromtimestamp(int(stamp) / 1e6, tz=UTC), int(pk)


def _cursor_of(match: Match) -> str:
    return f"{int(match.created.timestamp() * 1e6)}-{match.pk}"


# The host's players, each with their kept figures, by name (the players
# page), the ORM's query written once.
HOSTS_PLAYERS_BY_NAME = Prepared(
    lambda host: Player.objects.filter(host_id=host).order_by(Lower("name"), "pk"), host=-8_191
)
# The host's players for the history's filter, the ORM's query written once.
HOSTS_PLAYERS = Prepared(
    lambda host: Player.objects.filter(host_id=host).values_list("pk", "name"), host=-8_191
)


@require_GET
@host_required
@never_cache
def match_history(request: HtmxHttpRequest) -> HttpResponse:
    """Every match of the host, newest first, a page at a time (newer /
    older, without counting the rows), filtered by status and by player."""
    return _host_list(request, "matches/history.html", lambda: _history(request))


def _history(request: HtmxHttpRequest) -> dict[str, Any]:
    """The history page's list as the request's filters and page ask."""
    players = HOSTS_PLAYERS.rows(host=request.user.pk)
    form = HistoryFilterForm(request.GET, players=players)
    filters = form.filters()
    matches = Match.objects.filter(host=request.user)
    status = filters.get("status")
    if status == "abandoned":
        matches = matches.exclude(abandoned=None)
    elif status:
        matches = matches.filter(status=status, abandoned=None)
    if "player" in filters:
        matches = matches.filter(standings__player_id=int(filters["player"]))
    listed = matches
    older_than = _cursor(request.GET.get("before", ""))
    newer_than = None if older_than else _cursor(request.GET.get("after", ""))
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
    query = {key: value for key, value in filters.items()}
    older = newer = None
    if newer_than:
        # Ordered oldest first to find the newer ones: older ones are asked for.
        has_newer = more
        has_older = bool(page) and (
            listed.filter(
                Q(created__lt=page[-1].created) | Q(created=page[-1].created, pk__lt=page[-1].pk)
            ).exists()
        )
    else:
        has_newer, has_older = bool(older_than), more
    if page and has_older:
        older = "?" + urlencode({**query, "before": _cursor_of(page[-1])})
    if page and has_newer:
        newer = "?" + urlencode({**query, "after": _cursor_of(page[0])})
    return {
        "form": form,
        "rows": _rows(page),
        "older": older,
        "newer": newer,
        "filtered": bool(filters),
        "paged": bool(older_than or newer_than),
        "refused": form.refused(),
        "player_name": form.names.get(filters.get("player", "")),
    }


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """Sign up as a host with Django's own user creation form; an address
    that made, or was refused, too many sign-ups this hour waits."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and accounts.signup_refused(request, form):
        return render(request, "registration/signup.html", {"form": form}, status=429)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        accounts.count_signup(request, made=True)
        login(request, user, backend="matches.accounts.HostBackend")
        return redirect("matches:home")
    if request.method == "POST":
        accounts.count_signup(request, made=False)
    return render(request, "registration/signup.html", {"form": form})


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def match_new(request: HtmxHttpRequest) -> HttpResponse:
    """Create a match: its game first (``?game=gin``), then players in seat
    order, first dealer, house rules."""
    known = list(Player.objects.filter(host=request.user).values_list("name", flat=True))
    asked = request.POST.get("game") if request.method == "POST" else request.GET.get("game")
    # Names and the line typed before the game was switched (static/js/app.js),
    # back in their boxes (checked on Create, as typed ones are).
    carried = {
        f"player_{seat}": name[:40]
        for seat, name in enumerate(request.GET.getlist("name")[:MAX_SEATED])
    }
    if request.GET.get("target"):
        carried["target"] = request.GET["target"][:20]
    form = NewMatchForm(
        request.POST or None, known_names=known, game=game_of(asked), initial=carried
    )
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(
                host=request.user,
                players=form.players(),
                first_dealer=form.first_dealer_name(),
                rules=form.house_rules(),
                token=form.cleaned_data["token"],
            )
        except scoring.RuleError as error:  # the form checked the rest: a stale token
            form.add_rule_error(error)
        else:
            return redirect("matches:detail", public_id=match.public_id)
    return render(request, "matches/new.html", {"form": form, "presets": TARGET_PRESETS})


RECENT = 5  # entries of the history on the board; the history page has them all
HOME_OPEN = 20  # open matches the home page lists, newest first
HOME_RECENT = 5  # finished or abandoned matches under them
HISTORY_PAGE = 20  # matches a page of the history lists
# One-time tokens the board gives for hands that wait on the phone, each
# saved with no connection (static/js/waiting.js): with none left, the phone
# keeps no more until the connection is back.
SPARE_TOKENS = 10


def spare_tokens() -> list[str]:
    """``SPARE_TOKENS`` fresh one-time form tokens, for hands saved with no
    connection (the board's, and each answer to a waiting hand's send)."""
    return drawn.fresh_tokens(SPARE_TOKENS)


# After a write, focus goes to the result of a closed match, else to the first
# "who went out" choice of the next hand (the phone's keyboard stays down).
WRITTEN = "written"


def _board_context(
    match: Match,
    *,
    hand_form: HandForm | None = None,
    line_form: LineForm | None = None,
    seat_form: SeatForm | None = None,
    confirm: dict[str, Any] | None = None,
    fixing: dict[str, Any] | None = None,
    focus: str | None = None,
    confirm_rematch: bool = False,
    confirm_restore: dict[str, Any] | None = None,
    data: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the board's template reads: what ``_board_data`` gives
    (``data``, when the caller has it already), and the forms (``hand_form``
    a form sent back, else a fresh one while the match takes hands), the
    preview of a form sent back and the sheet's lines with the hand form's
    boxes."""
    context = {**(data or _board_data(match, focus=focus))}
    board = context["board"]
    if match.abandoned:
        hand_form = None  # nothing is recorded while it is set aside
    elif hand_form is None and board.status == "open":
        hand_form = hand_form_class(match)(match=match, seated=board.seated)
    preview = None
    if hand_form is not None and hand_form.is_bound and not hand_form.errors:
        # A fix compares every hand (who dealt each), not the board's last few.
        before = board if hand_form.replacing is None else match.board()
        preview = _preview(hand_form, before)
    slips = preview["slips"] if preview else []
    urls = context["urls"]
    context.update(
        {
            "sheet": _sheet(context["rows"], hand_form),
            "hand_form": hand_form,
            "hand_action": (
                event_url("fix", match.public_id, fixing["event"].pk) if fixing else urls["hand"]
            ),
            "fixing": fixing,
            "line_form": line_form or LineForm(match=match, initial={"target": board.target}),
            "confirm": confirm,
            "confirm_rematch": confirm_rematch,
            "confirm_restore": confirm_restore,
            "rematch_token": uuid.uuid4(),
            # One-time tokens for hands saved with no connection (static/js/waiting.js).
            "spare_tokens": (
                " ".join(spare_tokens()) if hand_form is not None and not fixing else ""
            ),
            "slips": slips,
            "preview": preview,
            # A form sent back refused: its preview says why, never nothing.
            "preview_error": _refusal_words(hand_form) if preview is None else None,
            "slips_confirmed": "\n".join(slips),
            "seat_form": seat_form or SeatForm(match=match),
        }
    )
    return context


def _board_data(match: Match, *, focus: str | None = None) -> dict[str, Any]:
    """What the board shows of ``match`` as stored, with no form: its board
    with the last entries (one query), the sheet's rows, the history, the
    undo and put-back buttons, the share link, and the values that change
    from hand to hand as the template draws them (``_board_values``)."""
    entries = match.live_count()
    # Its last hands as this process keeps them (after a save, the ones the
    # board before it showed and the new one): only a new hand's row is made.
    board = match.board(recent=0)
    rows = kept_history(match, board, RECENT)
    deleted_events: list[Event] = []
    undone = None
    if rows is None:
        shown = match.board_events(RECENT)  # read, and kept when every event stands
        rows = kept_history(match, board, RECENT)
        if rows is None:
            board = match.board(recent=RECENT)
            rows = history(shown.recent, board, first=entries - len(shown.recent))
            deleted_events, undone = shown.deleted, shown.undone
    newest = rows[0] if rows else None
    fix_row = newest if newest is not None and newest.kind == "hand" else None
    token = _share_token(match)
    share = None
    if token is not None:
        share = {
            "token": token,
            "path": shared_url("shared", token),
            "big": shared_url("shared_big", token),
        }
    public_id = match.public_id
    urls = match_urls(public_id)
    next_hand = board.next_hand
    deleted, deleted_more = _deleted(public_id, deleted_events, board, undone)
    shown_focus = ("result" if board.status == "closed" else "next") if focus == WRITTEN else focus
    return {
        "match": match,
        "urls": urls,
        "board": board,
        "rows": standings(board),
        "share": share,
        "undone": undone,
        "undone_text": undone and event_text(undone.data, list(board.totals)),
        "undone_url": undone and event_url("restore", public_id, undone.pk),
        "close_reason": close_reason(board),
        "undecided": undecided_reason(board),
        "final_lines": final_lines(board),
        "history": rows,
        "more_history": entries > RECENT or bool(deleted_events),
        "one_entry": entries == 1,
        "undo_row": newest,
        "login_url": login_then(urls["detail"]),
        "deleted": deleted,
        "deleted_more": deleted_more,
        "known_names": sorted(set(board.totals) - set(board.seated)),
        "closed": board.status == "closed",
        "focus": shown_focus,
        "focus_attr": _focus_attr(shown_focus),
        # What changes from hand to hand, as the template draws it (a slot
        # of the board's frame each: ``BOARD_SLOTS``).
        "hand_number": str(next_hand.number) if next_hand else "",
        "deal": next_hand
        and format_html(
            "<strong>{} deals</strong>, {} cards each. {} plays first.",
            next_hand.dealer,
            next_hand.cards_each,
            next_hand.first_player,
        ),
        "entries": str(entries),
        "history_items": drawing.history_items(
            rows,
            public_id=public_id,
            tools=not match.abandoned,
            fix_event=fix_row and fix_row.event_id,
        ),
        "undo_event": str(newest.event_id) if newest else "",
        "undo_text": newest.text if newest else "",
    }


def _share_token(match: Match) -> str | None:
    """The token of ``match``'s live share link (None: not shared), as read
    with its row (``with_share_token``), else read now and kept on it."""
    if not hasattr(match, "share_token"):
        match.share_token = (  # type: ignore[attr-defined]
            ShareLink.objects.filter(match=match, ended=None)
            .values_list("token", flat=True)
            .first()
        )
    return match.share_token  # type: ignore[attr-defined]


# Deleted entries a board or the entries page lists, newest first: a match
# with many deletions keeps a short list, the rest counted.
DELETED_SHOWN = 20


def _deleted(
    public_id: str,
    deleted: list[Event],
    board: scoring.Board,
    undone: Event | None = None,
    *,
    shown_most: int | None = DELETED_SHOWN,
) -> tuple[list[dict[str, Any]], int]:
    """Deleted entries that can be put back, but ``undone``, the one just
    taken back (it has its own button): the newest ``DELETED_SHOWN``, each
    with the hand it was as the board numbered it (kept in its entry) and
    when it was deleted, written as the entries' times are; and how many
    older ones are not listed (``shown_most`` None: every one is). Read
    from the rows at hand: no query."""
    rows = [event for event in deleted if event is not undone]
    shown = []
    for event in rows[:shown_most]:
        number = (event.result or {}).get("number") if event.kind == "hand" else None
        text = event_text(event.data, list(board.totals), number=number)
        when = timezone.localtime(event.deleted)
        shown.append(
            {
                "pk": event.pk,
                "text": capfirst(text),
                "url": event_url("restore", public_id, event.pk),
                "when": when.isoformat(),
                "clock": drawing.clock(when),
            }
        )
    return shown, len(rows) - len(shown)


def _sheet(rows: list[Standing], form: HandForm | None) -> list[dict[str, Any]]:
    """The board's rows, each with the hand form's boxes for that player
    (``position`` None: not in this hand, or no form)."""
    seated = list(form.seated) if form is not None else []
    chosen = str(form[form.chooser].value()) if form is not None else ""
    lines = []
    for row in rows:
        position = seated.index(row.name) if row.name in seated else None
        line: dict[str, Any] = {"row": row, "position": position}
        if position is not None:
            line["field"] = form[f"left_{position}"]
            line["checked"] = chosen == str(position)
        lines.append(line)
    return lines


def _render_board(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The board of ``context`` (a form sent back, a question to answer),
    drawn for this request alone."""
    # The CSRF field of the board's dozen forms, masked once for the page.
    token = get_token(request)
    context["csrf_field"] = _csrf_field(token)
    context["focus_attr"] = _focus_attr(context["focus"])
    html = render_to_string("matches/match.html#board", context, request=request)
    return _board_page(request, html, _title(context["board"]), token)


def _csrf_field(token: str) -> SafeString:
    """The hidden CSRF field of a form, as Django's ``csrf_input`` draws it,
    with ``token`` (``get_token``: one masked token for a page's forms)."""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


def _title(board: scoring.Board) -> str:
    """The board page's title: its players' names."""
    return ", ".join(board.totals)


def _board_page(request: HtmxHttpRequest, html: SafeString, title: str, token: str) -> HttpResponse:
    """The board page around the board's ``html`` (``drawn.around``), its
    forms' CSRF ``token`` the board's; by htmx, the board alone and the note
    in its live region outside the board (out of band)."""
    if not request.htmx:
        return HttpResponse(drawn.around(request, "matches/match.html", title, html, token))
    note = drawn.note(get_messages(request))
    return HttpResponse(f'{html}<div id="note" hx-swap-oob="innerHTML">{note}</div>')


def _board_as_it_stands(
    request: HtmxHttpRequest, match: Match, focus: str | None = None
) -> HttpResponse:
    """The board of ``match`` with no form sent back: drawn once for each
    version of the match in this process, and filled in with this request's
    CSRF field and fresh one-time tokens (``matches.drawn``). A version is
    drawn into its frame (``_board_frame``), kept for every version that
    looks the same but for the values that change from hand to hand: after
    a hand is saved, only those are drawn."""
    _share_token(match)

    def draw() -> drawn.DrawnBoard:
        data = _board_data(match, focus=focus)
        frame = drawn.page(
            lambda: drawn.frame_key(request, match, "board", _frame_of(data)),
            lambda: _board_frame(request, match, data),
        )
        return frame.with_values(_board_values(data))

    found = drawn.page(lambda: drawn.key(request, match, f"board:{focus or ''}"), draw)
    token = get_token(request)
    filled = found.filled(_csrf_field(token), spare_tokens())
    return _board_page(request, filled, found.title, token)


def _focus_attr(focus: str | None) -> str:
    """The board's attribute saying where static/js/app.js puts the focus
    once it is swapped in ("next": the next hand's first choice, "result",
    "error", "confirm": a question's answer); nothing for none."""
    return format_html(' data-focus="{}"', focus) if focus else ""


# The board's values that change from hand to hand (``_board_data``), each a
# slot of the board's frame; the sheet's rows have theirs (``drawing.row_slot``).
# Where the focus goes is one too: a board after a save is drawn in the frame
# of the board the phone opened.
BOARD_SLOTS = (
    "hand_number",
    "deal",
    "entries",
    "history_items",
    "undo_event",
    "undo_text",
    "focus_attr",
)


def _board_frame(
    request: HtmxHttpRequest, match: Match, data: dict[str, Any], *, slotted: bool = True
) -> drawn.DrawnBoard:
    """The board as it stands of ``data`` (``_board_data``) drawn with slots:
    the CSRF field and the one-time tokens (filled per request), and
    ``BOARD_SLOTS`` and the sheet's rows' changing parts (filled per version,
    ``_board_values``; with ``slotted`` False, drawn as they are: the whole
    board of this version)."""
    context = _board_context(match, data=data)
    if slotted:
        context.update({name: drawn.slot(name) for name in BOARD_SLOTS})
        context["slotted"] = True
    context["csrf_field"] = mark_safe(drawn.CSRF_SLOT)  # noqa: S308
    html = render_to_string("matches/match.html#board", context, request=request)
    for name, token in _board_tokens(context).items():
        html = html.replace(token, drawn.token_slot(name))
    if context["spare_tokens"]:
        html = html.replace(context["spare_tokens"], drawn.SPARE_SLOT)
    return drawn.DrawnBoard(html, _title(context["board"]))


def _board_values(data: dict[str, Any]) -> dict[str, str]:
    """What fills the slots of a board's frame (``_board_frame``) for the
    version ``data`` shows (``_board_data``), escaped as the template
    escapes them."""
    values = {drawn.slot(name): str(conditional_escape(data[name] or "")) for name in BOARD_SLOTS}
    values.update(drawing.row_values(data["rows"]))
    return values


def _frame_of(data: dict[str, Any]) -> tuple[Any, ...]:
    """Everything a board's frame shows of ``data`` (``_board_data``) but
    its slots: two versions with the same are drawn in the same frame."""
    board, match = data["board"], data["match"]
    undone = data["undone"]
    settled = board.status != "open" or match.abandoned is not None
    # Only what no other part gives: the rules give the game and the line,
    # the status whether a hand comes next, the rows who sits and who left,
    # the history whether there is an Undo.
    return (
        match.abandoned,
        match.next_match_id is not None,  # Rematch or "Open the rematch"
        board.status,
        board.winner,
        data["close_reason"],
        data["undecided"],
        tuple(data["final_lines"]),
        board.rules,
        tuple((row.name, row.seated, row.place) for row in data["rows"]),
        # Frozen once settled: no hand changes them then.
        board.hands_played if settled else board.hands_played > 0,
        bool(data["history"]),
        data["more_history"],
        data["more_history"] and data["one_entry"],  # only its link says "The 1 entry"
        undone and (undone.pk, data["undone_text"], data["undone_url"]),
        board.line_can_move,
        board.rules_can_change,
        tuple((each["pk"], each["text"], each["when"]) for each in data["deleted"]),
        data["deleted_more"],
    )


def _board_tokens(context: dict[str, Any]) -> dict[str, str]:
    """The one-time tokens a board as it stands was drawn with, by slot name
    (``drawn.TOKEN_SLOTS``)."""
    tokens = {"rematch": str(context["rematch_token"])}
    for name, form in (
        ("hand", context["hand_form"]),
        ("line", context["line_form"]),
        ("seat", context["seat_form"]),
    ):
        if form is not None:
            tokens[name] = str(form["token"].value())
    return tokens


@require_GET
@host_required
@never_cache
def match_detail(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The board: totals, who deals, the hand form, the last hands."""
    match = _host_match(request, public_id)
    # Arriving after a write (a redirect with a note): focus as after a swap.
    focus = WRITTEN if messages.get_messages(request) or request.htmx else None
    return _board_as_it_stands(request, match, focus)


def _after_write(
    request: HtmxHttpRequest, match: Match, stored: Match | None = None
) -> HttpResponse:
    """The board after a write: by htmx, drawn from ``stored`` (the match as
    the write stored it) or the match read again; else a redirect to it."""
    if request.htmx:
        # The board shows what was stored.
        fresh = stored or _host_match(request, match.public_id)
        return _board_as_it_stands(request, fresh, WRITTEN)
    return redirect("matches:detail", public_id=match.public_id)


def _refused(request: HtmxHttpRequest, context: dict[str, Any]) -> HttpResponse:
    """The board again with a form's errors, focus on the first of them."""
    context["focus"] = "error"
    return _render_board(request, context)


@dataclass(frozen=True)
class HandAttempt:
    """What became of a hand form sent to be recorded (``_attempt_hand``).

    ``kind`` is one of: "saved"; "again" (its token recorded this same hand
    before: a double tap, a resend after a lost answer); "token" (its token
    recorded another hand: an old form typed anew); "asked" (a probable
    typing slip to confirm first); "invalid" (a box or a choice is wrong:
    the form's errors); "closed" (the match takes no more hands); "set_aside"
    (the match is abandoned); "changed" (the board changed since the form
    was drawn: ``error``). ``earlier``: the event the token recorded;
    ``stored``: the match as the save stored it.
    """

    kind: str
    earlier: Event | None = None
    stored: Match | None = None
    error: scoring.RuleError | None = None


def _attempt_hand(
    request: HtmxHttpRequest, public_id: str, board_recent: int = 0
) -> tuple[Match, scoring.Board, HandForm, HandAttempt]:
    """Check and record the hand the request sends, unless a check says
    otherwise: the one decision of both ways a hand arrives (``hand_record``
    from the board, ``hand_send`` from the phone's waiting hands). The match
    is read once, locked, in the save's transaction; the form is checked on
    it and the hand recorded as checked. docs/rules.md, "Scoring one hand";
    nothing is recorded but on "saved".

    Returns:
        The match (as stored, after a save), its board as the form was
        checked on it, the form, and what became of the hand.

    Raises:
        Http404: the host has no such match.
    """
    token = _posted_token(request)
    with transaction.atomic():
        locked = services.match_locked(host_id=request.user.pk, public_id=public_id, token=token)
        if locked is None:
            raise Http404("No such match.")
        match = locked.match
        board = match.board(recent=0)
        form = hand_form_class(match)(request.POST, match=match, seated=board.seated)
        return match, board, form, _decide(locked, board, form, board_recent)


def _posted_token(request: HtmxHttpRequest) -> uuid.UUID | None:
    """The one-time token a form sent, if it reads as one (the form's own
    check says what is wrong with one that does not)."""
    try:
        return uuid.UUID(request.POST.get("token", ""))
    except ValueError:
        return None


def _decide(
    locked: services.Locked, board: scoring.Board, form: HandForm, board_recent: int = 0
) -> HandAttempt:
    """``_attempt_hand``'s decision, in its transaction (``board_recent``:
    the events of the board drawn after a save, ``services.event_record``)."""
    match = locked.match
    valid = form.is_valid()
    stale = _stale(form, board)
    if match.abandoned is not None or not valid or stale or form.needs_confirming():
        # A form that already saved a hand says so before any other refusal
        # (a valid one's token is the save's own first check).
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
            board_recent=board_recent,
        )
    except scoring.RuleError as error:  # the board changed since the form was drawn
        return HandAttempt("changed", error=error)
    if not recorded.created:
        kind = "again" if _same_hand(form, recorded.event) else "token"
        return HandAttempt(kind, earlier=recorded.event)
    return HandAttempt("saved", stored=recorded.match)


def _stale(form: HandForm, board: scoring.Board) -> scoring.RuleError | None:
    """The refusal of a form drawn for another hand than the board's next
    (the save checks it again under the lock), or None."""
    sent_for = form.cleaned_data.get("hand_number") if hasattr(form, "cleaned_data") else None
    if sent_for is None or board.next_hand is None:
        return None
    try:
        services.check_hand_number(sent_for, board.next_hand.number)
    except scoring.RuleError as error:
        return error
    return None


def _same_hand(form: HandForm, earlier: Event) -> bool:
    """Whether ``form`` sends the hand ``earlier`` recorded; a board that
    closed since (the engine refuses the hand now) does not change that."""
    try:
        return earlier.data == form.event_data()
    except (KeyError, AttributeError, scoring.RuleError):
        return False  # a box that does not read as points: not that hand


@require_POST
@host_required
def hand_record(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Record a hand. A repeated form token records nothing more; a probable
    typing slip is asked about first; a form drawn for a hand that another
    screen has recorded since is refused with what was typed kept."""
    # By htmx the answer is the board: its last events are read with the save.
    match, board, form, attempt = _attempt_hand(request, public_id, RECENT if request.htmx else 0)
    if attempt.kind == "saved":
        hand = form.hand_after()
        messages.success(request, f"Saved hand {hand.number}: {hand_summary(hand, board.rules)}.")
        return _after_write(request, match, attempt.stored)
    if attempt.kind == "again":
        # The second tap of a double tap, or a resend after a lost answer.
        _saved_already(request, match, attempt.earlier)
        return _after_write(request, match)
    if attempt.kind == "token":
        # An old form (the back button) typed anew: keep the entries, say so.
        form.renew_token()
        messages.warning(
            request,
            "This form had already saved a hand, so nothing was saved now. Check the board; "
            "if these entries are the next hand, tap Save again.",
        )
        return _refused(request, _board_context(match, hand_form=form))
    if attempt.kind == "set_aside":
        return _set_aside_hand(request, match)
    if attempt.kind == "closed":
        # No hand form on a closed board: say why, and what was typed, so
        # nothing entered is lost without a word.
        for error in form.non_field_errors():
            ended = "" if error.endswith(".") else "."
            messages.error(request, f"Not saved. {capfirst(error)}{ended}")
        messages.info(request, f"You had entered: {form.typed_words()}.")
        return _refused(request, _board_context(match))
    if attempt.kind == "changed":
        form.add_error(form.field_for(attempt.error), attempt.error.message)
        return _refused(request, _board_context(_host_match(request, public_id), hand_form=form))
    return _refused(request, _board_context(match, hand_form=form))  # asked, invalid


def _answers_json(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view that answers scripts only: ``host_required`` then answers
    a logged-out phone with 401, never with the log-in page."""
    view.answers_json = True  # type: ignore[attr-defined]
    return view


@require_POST
@host_required
@_answers_json
def hand_send(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """A hand that waited on the phone (no connection when Save was tapped),
    sent by static/js/waiting.js with the form's fields, its one-time token
    and the hand number it was drawn for. docs/rules.md, "Scoring one hand".

    Answers JSON, with ``spare_tokens`` (fresh one-time tokens for more
    hands) always:

    - ``{"outcome": "saved", "hand": 12, "message": "Saved hand 12: ..."}``
      when recorded now, or by an earlier send of the same token (both count
      as sent; ``hand`` None when that hand is no longer on the board). The
      message is also left for the board's note.
    - ``{"outcome": "refused", "kind": ..., "message": ..., "next_hand": 13,
      "confirm_slips": ...}`` (status 409), nothing recorded: ``kind`` is
      "taken" (another screen recorded that hand number), "asked" (a
      probable typing slip: send ``confirm_slips`` to save it as typed),
      "invalid" (a box or a choice is wrong), "token" (its token saved
      another hand), "closed" or "set_aside". ``next_hand`` is the board's
      next hand, None when the match takes no more hands.
    """
    match, board, form, attempt = _attempt_hand(request, public_id)
    spare = spare_tokens()
    if attempt.kind in ("saved", "again"):
        if attempt.kind == "saved":
            hand = form.hand_after()
            number: int | None = hand.number
            message = f"Saved hand {hand.number}: {hand_summary(hand, board.rules)}."
            messages.success(request, message)
        else:
            number, message = _saved_already(request, match, attempt.earlier)
        answer = {"outcome": "saved", "hand": number, "message": message, "spare_tokens": spare}
        return JsonResponse(answer)
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
            kind, message = "set_aside", services.ABANDONED
        elif next_hand is not None and sent_for is not None and sent_for < next_hand:
            kind, message = "taken", f"another screen recorded hand {sent_for} meanwhile"
        elif next_hand is not None and sent_for is not None and sent_for > next_hand:
            kind = "taken"
            message = f"the board's next hand is hand {next_hand} (a hand was taken back?)"
        else:
            kind, message = "invalid", attempt.error.message
    elif kind in ("set_aside", "closed"):
        next_hand = None
        errors = form.non_field_errors() or next(iter(form.errors.values()), [""])
        message = services.ABANDONED if kind == "set_aside" else errors[0]
    elif kind == "token":
        message = "Its one-time code had saved another hand already."
    elif kind == "asked":
        slips = form.slips().values()
        message, confirm_slips = " ".join(slips), "\n".join(slips)
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


def _saved_already(request: HtmxHttpRequest, match: Match, event: Event) -> tuple[int | None, str]:
    """Say that an earlier tap of this form saved its hand, unless the note
    of that save is still waiting to be shown. Returns the hand's number
    (None when it is not on the board any more) and the words."""
    board = match.board()
    live = [each.pk for each in match.live_events()]
    index = live.index(event.pk) if event.pk in live else None
    hand = next((each for each in board.hands if each.index == index), None)
    if hand is None:
        return None, "This hand was saved already."
    said = f"Hand {hand.number} was saved already: {hand_summary(hand, board.rules)}."
    if not len(messages.get_messages(request)):
        messages.success(request, said)
    return hand.number, said


def _fix_context(match: Match, event: Event, index: int) -> dict[str, Any]:
    datas = [each.data for each in match.live_events()]
    return {
        "event": event,
        "label": event_label(datas, index),
        # What was recorded after it, if anything (a Fix opened in a tab
        # before another tab or phone saved more): its note says so.
        "recorded_after": event_label(datas, len(datas) - 1) if index < len(datas) - 1 else None,
        "version": services.data_version(event.data),
        # Who dealt it (kept in its entry): the marks beside the names are
        # the next hand's dealer, not this one's.
        "dealer": (event.result or {}).get("dealer"),
    }


def _fix_form(
    match: Match,
    event: Event,
    index: int,
    data: Any = None,
    *,
    board: scoring.Board | None = None,
) -> HandForm:
    """The hand form filled in with a recorded hand, to correct it in place.
    Without ``data`` it is bound to what was recorded, so its preview shows
    that hand from the start. ``board``: the match replayed, when the caller
    has it already."""
    board = board or match.board()
    hand = next(each for each in board.hands if each.index == index)
    form_class = hand_form_class(match)
    initial = form_class.initial_for(event.data["hand"], hand.dealt_in)
    if data is None:
        extra = form_class.extra
        data = {key: value for key, value in initial.items() if key != extra}
        data.update({f"seat_{position}": name for position, name in enumerate(hand.dealt_in)})
        if initial[extra]:
            data[extra] = "on"
    return form_class(data, match=match, seated=hand.dealt_in, replacing=event.pk)


def _as_it_was(label: str) -> str:
    """What an edit or a fix saved as it was recorded says ("hand 7")."""
    return f"{capfirst(label)} is as it was: nothing was changed."


def _save_edit(
    request: HtmxHttpRequest, match: Match, event: Event, form: HandForm | LineForm | SeatForm
) -> services.Change | None:
    """Save a valid edit form over ``event``; on a refusal, put the reason
    next to its field and return None."""
    try:
        return services.event_edit(
            match=match,
            event_id=event.pk,
            data=form.event_data(),
            version=request.POST.get("version"),
        )
    except scoring.RuleError as error:
        shown = [each.data for each in match.live_events()]
        form.add_error(form.field_for(error), refusal(error, shown))
        return None


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def hand_fix(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Fix a recorded hand in the board's own hand form, filled in with what
    was recorded: Save replaces it (an edit, docs/rules.md "Editing the past"), so
    a typo costs only the wrong digits and nothing is kept aside."""
    match = _host_match(request, public_id, writing=True, events=True)
    try:
        index, event = _live_event(match, event_id)
    except GoneElsewhere as gone:
        _gone(request, match, gone)
        return _after_write(request, match)
    if event.kind != "hand":
        raise Http404("Only a hand can be fixed here.")
    fixing = _fix_context(match, event, index)
    if request.method == "GET":
        form = _fix_form(match, event, index)
        # To the top, focus on the first choice: the fix starts where a hand does.
        context = _board_context(match, hand_form=form, fixing=fixing, focus="next")
        return _render_board(request, context)
    form = _fix_form(match, event, index, request.POST)
    if form.is_valid() and not form.needs_confirming():
        change = _save_edit(request, match, event, form)
        if change is not None and not change.written:  # saved as it was
            messages.info(request, _as_it_was(fixing["label"]))
            return _after_write(request, match)
        if change is not None:
            hand = form.hand_after()
            summary = hand_summary(hand, change.after.rules)
            changed = " ".join(changes(change.before, change.after))
            after = fixing["recorded_after"]
            since = f", though {after} was recorded after it" if after else ""
            messages.success(request, f"Fixed {fixing['label']}{since}: {summary}. {changed}")
            return _after_write(request, match)
    return _refused(request, _board_context(match, hand_form=form, fixing=fixing))


@require_POST
@host_required
def hand_preview(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """What the hand form would record, from the engine, before saving. With
    ``replacing`` (a recorded hand being fixed or edited), also what that
    does to the board ("Totals: Ben 41 → 45", "The match closes at hand 30")."""
    match = _host_match(request, public_id)
    if match.abandoned is not None:
        # Set aside on another screen: the preview says so in its own words
        # (Save then says so too, keeping the hand as typed).
        context = {"match": match, "preview_error": services.ABANDONED}
        return _preview_answer(context)
    replacing = scoring.read_whole_number(request.POST.get("replacing", ""))
    # A new hand needs no earlier hand; a fix or an edit compares every one.
    board = match.board(recent=0 if replacing is None else None)
    if replacing is None:
        form = hand_form_class(match)(request.POST, match=match, seated=board.seated)
    else:
        try:
            index, event = _live_event(match, replacing)
        except GoneElsewhere:
            return HttpResponse(GONE)
        if event.kind != "hand":
            raise Http404("Only a hand has a preview.")
        form = _fix_form(match, event, index, request.POST, board=board)
    context: dict[str, Any] = {"match": match, "hand_form": form}
    if form.is_valid():
        context["preview"] = _preview(form, board)
    elif form.filled_in():
        # Everything is filled in but something is wrong: say what, now.
        context["preview_error"] = next(iter(form.errors.values()))[0]
    return _preview_answer(context)


def _refusal_words(form: HandForm | None) -> str | None:
    """The first refusal of a hand form sent back, for its preview (the
    boxes keep what was typed, so the preview must not go blank): a box's
    or the form's own, else the out-of-date form's; None for a form not
    sent back or not refused."""
    if form is None or not form.is_bound or not form.errors:
        return None
    hidden = {field.name for field in form.hidden_fields()}
    for name, errors in form.errors.items():
        if name not in hidden and errors:
            return errors[0]
    return form.out_of_date


def _preview_answer(context: dict[str, Any]) -> HttpResponse:
    """The preview's words (``drawing.preview_words``, as ``_preview.html``
    draws them in a page)."""
    return HttpResponse(drawing.preview_words(context.get("preview"), context.get("preview_error")))


def _preview(form: HandForm, board: scoring.Board) -> dict[str, Any]:
    """What a valid hand form will record: the hand as scored, the sentence
    for it, the points counted from cards or sums, any typing-slip questions,
    and for a fix or an edit what it changes on the board."""
    hand = form.hand_after()
    sums = form.sums()
    # Points worked out from cards or a sum: show every leftover as counted.
    counted = (
        [
            f"{name} {points}" + (f" ({sums[name]})" if name in sums else "")
            for name, points in hand.held_points.items()
        ]
        if hand.cards or sums
        else []
    )
    return {
        "hand": hand,
        "summary": hand_summary(hand, board.rules),
        "counted": " · ".join(counted),
        "changes": (
            ["If saved: " + " ".join(changes(board, form.board_after))]
            if form.replacing is not None
            else []
        ),
        "slips": list(form.slips().values()),
    }


def _already_recorded(form: HandForm | LineForm | SeatForm) -> Event | None:
    """The event a resent form's token already recorded: the second tap of a
    double tap, or the back button. None for a fresh form."""
    token = form.cleaned_data.get("token") if hasattr(form, "cleaned_data") else None
    if token is None:
        return None
    return Event.objects.filter(match=form.match, token=token).first()


@require_POST
@host_required
def line_move(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Move the line; a move that would close or reopen the match asks first."""
    match = _host_match(request, public_id, writing=True)
    form = LineForm(request.POST, match=match)
    if not form.is_valid():
        if _already_recorded(form) is not None:
            return _after_write(request, match)
        return _refused(request, _board_context(match, line_form=form))
    before = match.board(recent=0)
    after = form.board_after
    if after.target == before.target:
        # A move to where the line stands changes nothing: no entry for it.
        messages.info(request, f"The line is already {before.target}: nothing was recorded.")
        return _after_write(request, match)
    if after.status != before.status and not form.cleaned_data["confirm"]:
        confirm = {
            "target": after.target,
            "token": form.cleaned_data["token"],
            "closes": after.status == "closed",
            "reason": close_reason(after),
        }
        return _render_board(request, _board_context(match, line_form=form, confirm=confirm))
    try:
        recorded = services.event_record(
            match=match, data=form.event_data(), token=form.cleaned_data["token"]
        )
    except scoring.RuleError as error:
        form.add_error(form.field_for(error), error.message)
        return _refused(request, _board_context(match, line_form=form))
    if recorded.created:
        result = f" {close_reason(after)}" if after.status == "closed" else ""
        messages.success(request, f"The line is now {after.target}.{result}")
    return _after_write(request, match)


UNDO_NAMED_NOTHING = (
    "Nothing was taken back: Undo did not say which entry. Check the board, then tap Undo again."
)


@require_POST
@host_required
def event_undo(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Take back the newest event; it can be restored."""
    match = _host_match(request, public_id, writing=True, events=True)
    named = scoring.read_whole_number(request.POST.get("event", ""))
    if named is None:  # the board's Undo always names the entry it shows
        messages.error(request, UNDO_NAMED_NOTHING)
        return _after_write(request, match)
    rows = history(match.live_events(), match.board())
    try:
        undone = services.event_undo(match=match, event_id=named)
    except scoring.RuleError as error:
        messages.error(request, error.message)
    else:
        if undone is None:
            messages.info(request, "Nothing to take back yet.")
        elif not undone.created:  # the second tap of a double tap
            messages.info(request, "That was taken back already: nothing more was taken back.")
        else:
            row = next(row for row in rows if row.event_id == undone.event.pk)
            # "hand 2: Cara went out", "the line moved to 250"; a sentence
            # about a player is quoted: "Zed left the table".
            text = (
                f"\u201c{row.text}\u201d"
                if row.kind in ("leave", "join")
                else row.text[:1].lower() + row.text[1:]
            )
            messages.success(request, f"Took back {text}. Put it back below.")
    return _after_write(request, match)


@require_POST
@host_required
def event_restore(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Put an event that was taken back in its place again."""
    match = _host_match(request, public_id, writing=True, events=True)
    event = next((each for each in match.events.all() if each.pk == event_id), None)
    if event is None:
        raise Http404("No such event in this match.")
    later = sum(1 for each in match.live_events() if each.position > event.position)
    asks = later and event.deleted is not None and not request.POST.get("confirm")
    try:
        if asks:  # it goes back before entries recorded since: say what it does first
            change = services.event_restore_check(match=match, event_id=event_id)
            confirm_restore = {
                "text": event_text(event.data, list(change.after.totals)),
                "url": event_url("restore", match.public_id, event.pk),
                "later": later,
                "changes": " ".join(changes(change.before, change.after)),
            }
            context = _board_context(match, confirm_restore=confirm_restore, focus="confirm")
            return _render_board(request, context)
        change = services.event_restore(match=match, event_id=event_id)
    except Event.DoesNotExist:
        messages.info(request, "That was already put back.")
    except scoring.RuleError as error:
        datas = [each.data for each in match.live_events()]
        # Refused itself (not for a later entry): what it needs may be deleted too.
        needs = (
            ""
            if isinstance(error, services.LaterEventImpossible)
            else " If it needs an entry that is deleted too (someone sitting down), "
            "put that back first."
        )
        messages.error(request, f"It cannot be put back: {refusal(error, datas)}.{needs}")
    else:
        what = _restored_words(event, match.live_events(), change.after)
        changed = " ".join(changes(change.before, change.after))
        messages.success(request, f"Put back {what}. {changed}")
    return _after_write(request, match)


def _restored_words(event: Event, live: list[Event], after: scoring.Board) -> str:
    """An entry just put back, as the board's history now says it
    (``history`` over ``live``, the live entries before it was put back,
    with it in its place; ``after``: the board since): a hand with the
    number it now has ("hand 12, where Eli went out (...)"), which may not
    be the one it had when deleted; a leave or a join as its sentence,
    quoted as Undo quotes it ("Eve came back to their seat")."""
    back = sorted([*live, event], key=lambda each: each.position)
    row = next(row for row in history(back, after) if row.event_id == event.pk)
    if row.kind in ("leave", "join"):
        return f"\u201c{row.text}\u201d"
    number = row.hand.number if row.hand is not None else None
    return event_text(event.data, list(after.totals), number=number)


class GoneElsewhere(Exception):
    """The event was deleted on another screen (``event``)."""

    def __init__(self, event: Event) -> None:
        super().__init__(event.pk)
        self.event = event


def _live_event(match: Match, event_id: int) -> tuple[int, Event]:
    """(position among the live events, event).

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


GONE = "That entry was deleted on another screen, so nothing was changed."


def _gone(request: HtmxHttpRequest, match: Match, gone: GoneElsewhere) -> None:
    """Say that the entry a page changes was deleted on another screen; a
    change of a hand sent meanwhile is not lost without a word: what it
    held is said, and where to put the entry back."""
    messages.info(request, GONE)
    if gone.event.kind == "hand" and _posts_hand(request):
        messages.info(
            request,
            f"You had entered: {_posted_hand_words(request, match)}. To change that hand, "
            "put it back first (All entries, Put back).",
        )


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def event_edit(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Edit an earlier hand or move of the line; everything after it is
    recomputed and the board says what changed."""
    match = _host_match(request, public_id, writing=True, events=True)
    try:
        index, event = _live_event(match, event_id)
    except GoneElsewhere as gone:
        _gone(request, match, gone)
        return redirect("matches:detail", public_id=match.public_id)
    datas = [each.data for each in match.live_events()]
    label = event_label(datas, index)
    data = request.POST or None
    board = match.board() if event.kind == "hand" else None  # a hand's preview needs it
    if event.kind == "hand":
        form: HandForm | LineForm | SeatForm = _fix_form(match, event, index, data, board=board)
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
        before = scoring.replay(match.engine_match(datas[:index]))
        seated_before = before.seated
    slips = []
    if request.method == "POST" and form.is_valid():
        if isinstance(form, HandForm) and form.needs_confirming():
            slips = list(form.slips().values())
        else:
            change = _save_edit(request, match, event, form)
            if change is not None and not change.written:  # saved as it was
                messages.info(request, _as_it_was(label))
                return redirect("matches:detail", public_id=match.public_id)
            if change is not None:
                changed = " ".join(changes(change.before, change.after))
                messages.success(request, f"{label.capitalize()} changed. {changed}")
                return redirect("matches:detail", public_id=match.public_id)
    return render(
        request,
        "matches/edit.html",
        {
            "match": match,
            "event": event,
            "label": label,
            "form": form,
            "sheet": _sheet(entry_rows(form.seated), form) if event.kind == "hand" else [],
            "preview": (
                _preview(form, board)
                if board is not None
                and isinstance(form, HandForm)
                and form.is_bound
                and not form.errors
                else None
            ),
            # A refused change keeps what was typed: its preview says why.
            "preview_error": _refusal_words(form) if isinstance(form, HandForm) else None,
            "slips": slips,
            "slips_confirmed": "\n".join(slips),
            "version": services.data_version(event.data),
            "seated_before": seated_before if event.kind in ("leave", "join") else (),
            "entries_url": _entries_page_of(match.public_id, index, len(datas)),
        },
    )


@require_POST
@host_required
def event_delete(request: HtmxHttpRequest, public_id: str, event_id: int) -> HttpResponse:
    """Delete an earlier event: it never happened. It can be put back."""
    match = _host_match(request, public_id, writing=True, events=True)
    try:
        index, _ = _live_event(match, event_id)
    except GoneElsewhere:
        messages.info(request, GONE)
        return _after_write(request, match)
    datas = [each.data for each in match.live_events()]
    label = event_label(datas, index)
    try:
        change = services.event_delete(match=match, event_id=event_id)
    except scoring.RuleError as error:
        messages.error(request, f"{label.capitalize()} was not deleted. {refusal(error, datas)}")
    else:
        changed = " ".join(changes(change.before, change.after))
        messages.success(request, f"{label.capitalize()} deleted. {changed}")
    return _after_write(request, match)


@require_POST
@host_required
def seat_change(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """A player leaves the table or joins it, between hands."""
    match = _host_match(request, public_id, writing=True)
    form = SeatForm(request.POST, match=match)
    valid = form.is_valid()
    if _already_recorded(form) is not None:
        return _after_write(request, match)
    if not valid:
        if match.is_gin:  # the board has no seat form to show the refusal on
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error)
            return _after_write(request, match)
        return _refused(request, _board_context(match, seat_form=form))
    data = form.event_data()
    # Read before the join is saved: was the player joining dealt in before?
    back = "join" in data and snapshot.ever_dealt_in(services.current_snapshot(match), data["join"])
    try:
        recorded = services.event_record(match=match, data=data, token=form.cleaned_data["token"])
    except scoring.RuleError as error:
        form.add_error(form.field_for(error), error.message)
        return _refused(request, _board_context(match, seat_form=form))
    if recorded.created:
        sentence = event_sentence(data, form.board_after, back=back)
        messages.success(request, f"{sentence}.")
    return _after_write(request, match)


@require_POST
@host_required
def rematch(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Start a new match with the same players, seats and house rules."""
    match = _host_match(request, public_id)
    if match.next_match_id is not None:
        # Started already (on this screen or another): open it, ask nothing.
        return redirect("matches:detail", public_id=match.next_match.public_id)
    if match.board(recent=0).status == "open" and not request.POST.get("confirm"):
        # Asked first, here on the server, so it holds with JavaScript off too.
        return _render_board(request, _board_context(match, confirm_rematch=True))
    token = request.POST.get("token", "")
    try:
        token_id = uuid.UUID(token)
    except ValueError:
        token_id = None
    try:
        new = services.match_rematch(match=match, token=token_id)
    except scoring.RuleError as error:
        messages.error(request, error.message)
        return redirect("matches:detail", public_id=match.public_id)
    return redirect("matches:detail", public_id=new.public_id)


# Entries a page of the match's entries shows, newest first: a long match's
# list stays a phone's scroll, and its page costs what a short one's does.
ENTRIES_PAGE = 50


def _entries_page_of(public_id: str, index: int, count: int) -> str:
    """The address of the page of entries (newest first, ``ENTRIES_PAGE`` a
    page) that lists live entry ``index`` of ``count``."""
    path = reverse("matches:entries", args=[public_id])
    number = (count - 1 - index) // ENTRIES_PAGE + 1
    return path if number == 1 else f"{path}?page={number}"


@require_GET
@host_required
@never_cache
def match_entries(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The match's entries, newest first, ``ENTRIES_PAGE`` a page (``?page=``;
    one that is not a page shows the nearest), each with one way in to change
    it; and on the first page the deleted entries, which can be put back."""
    match = _host_match(request, public_id)
    # The page ``?page=`` asks for: not a number, or below 1, the first (as a
    # person typing 0 means); past the end, the last (Django's paginator).
    asked = max(scoring.read_whole_number(request.GET.get("page", "")) or 1, 1)
    number = Paginator(range(match.live_count()), ENTRIES_PAGE).get_page(asked).number
    # ``?deleted=all``: every deleted entry, not only the newest ones.
    every = request.GET.get("deleted") == "all"

    def draw() -> drawn.DrawnBoard:
        nonlocal match
        match = _host_match(request, public_id, events=True)
        board = match.board()
        page = Paginator(history(match.live_events(), board), ENTRIES_PAGE).get_page(number)
        first = page.number == 1
        shown_most = None if every else DELETED_SHOWN
        deleted, deleted_more = (
            _deleted(match.public_id, match.deleted_events(), board, shown_most=shown_most)
            if first
            else ([], 0)
        )
        path = reverse("matches:entries", args=[match.public_id])
        context = {
            "match": match,
            "board": board,
            "history": list(page),
            "page": page,
            "newer": page.has_previous() and f"{path}?page={page.previous_page_number()}",
            "older": page.has_next() and f"{path}?page={page.next_page_number()}",
            "deleted": deleted,
            "deleted_more": deleted_more,
            "urls": match_urls(match.public_id),
            "undone": match.undone_event() if first else None,
            "csrf_field": mark_safe(drawn.CSRF_SLOT),  # noqa: S308 (a slot)
        }
        html = render_to_string("matches/entries.html#entries", context, request=request)
        return drawn.DrawnBoard(html, "")

    # Drawn once for each version of the match and page (``matches.drawn``).
    part = f"entries:{number}:{'all' if every else ''}"
    found = drawn.page(lambda: drawn.key(request, match, part), draw)
    html = found.filled(csrf_input(request), [])
    return render(request, "matches/entries.html", {"entries_html": html})


@require_GET
def scoring_explained(request: HtmxHttpRequest, public_id: str | None = None) -> HttpResponse:
    """How scoring works: every house rule in the engine's own words, the end
    rules, and the worked examples with the engine's results, drawn now.
    For a match (its host only), with that match's own settings."""
    match = None
    if public_id is not None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        match = _host_match(request, public_id)
    rules = match.board(recent=0).rules if match is not None else None
    own = {key: getattr(rules, key) for key in rule_keys(rules.game)} if rules else {}
    game = rules.game if rules else None
    return render(
        request,
        "matches/scoring.html",
        {
            "match": match,
            "this_match": describe(rules) if rules else [],
            "house_rules": _rules_explained(RUMMY, own if game == RUMMY else {}),
            "gin_rules": _rules_explained(GIN, own if game == GIN else {}),
            "examples": _examples_explained(EXAMPLES),
            "gin_examples": _examples_explained(GIN_EXAMPLES),
            "deck_points": {ace: deck_points(ace) for ace in ACE_VALUES},
        },
    )


def _rules_explained(game: str, own: dict[str, Any]) -> list[dict[str, Any]]:
    """Each house rule of ``game`` in words, its values with the default
    marked and, with ``own`` (a match's rules), the match's own."""
    defaults = rules_class(game)()
    return [
        {
            "key": key,
            "title": RULE_TITLES[key],
            "help": RULE_HELP[key],
            "values": [
                {
                    "text": text,
                    "default": value == getattr(defaults, key),
                    "this_match": key in own and own[key] == value,
                }
                for value, text in RULE_CHOICES.get(key, {}).items()
            ],
            "this_match": own.get(key),
        }
        for key in rule_keys(game)
    ]


def _examples_explained(examples: Any) -> list[dict[str, Any]]:
    """The worked examples with the engine's result for each case, drawn
    now (a refused case says why)."""
    shown = []
    for example in examples:
        cases = []
        for case in example.cases:
            try:
                board = case.board()
            except scoring.RuleError as error:
                cases.append((case.label, f"Refused: {error.message}."))
                continue
            cases.append(
                (case.label, example_result(board, last_event_was_line=case.ends_with_line_move))
            )
        shown.append({"number": example.number, "story": example.story, "cases": cases})
    return shown


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def rules_change(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Change the house rules until the first hand is recorded."""
    match = _host_match(request, public_id, writing=True)
    rules = match.house_rules()
    values = {name: getattr(rules, name) for name in rule_keys(match.game)}
    initial = {name: "" if value is None else str(value) for name, value in values.items()}
    form = RulesForm(request.POST or None, initial=initial, game=match.game)
    if request.method == "POST" and form.is_valid():
        try:
            services.match_rules_change(match=match, rules=form.house_rules())
        except scoring.RuleError as error:
            form.add_rule_error(error)
        else:
            messages.success(request, "House rules changed.")
            return redirect("matches:detail", public_id=match.public_id)
    return render(
        request,
        "matches/rules.html",
        {
            "match": match,
            "form": form,
            "presets": TARGET_PRESETS,
            "fixed": not match.board(recent=0).rules_can_change,
        },
    )


@require_GET
@host_required
@never_cache
def match_sheet(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The score sheet: a row per hand, a column per player, each hand's take
    and the running totals, the line moves and seat changes where they
    happened, the result at the foot, and the chart of the totals. Read from
    the stored snapshot only."""
    match = _host_match(request, public_id)

    def draw() -> drawn.DrawnBoard:
        data = services.current_snapshot(match)
        drawing = sheet(data)
        context = {
            "match": match,
            "data": data,
            "sheet": drawing,
            "result": _result_sentence(match, data),
            "final_lines": final_lines_of(match, data),
        }
        html = render_to_string("matches/sheet.html#sheet", context, request=request)
        return drawn.DrawnBoard(html, ", ".join(drawing.names))

    # Drawn once for each version of the match (``matches.drawn``).
    found = drawn.page(lambda: drawn.key(request, match, "sheet"), draw)
    return render(
        request,
        "matches/sheet.html",
        {"sheet_html": mark_safe(found.html), "title": found.title},  # noqa: S308 (drawn above)
    )


def _result_sentence(match: Match, data: dict[str, Any]) -> str:
    if match.abandoned:
        hands = data["hands_played"]
        return (
            f"Abandoned after {hands} hand{'' if hands == 1 else 's'}; "
            f"the line stood at {data['target']}."
        )
    if data["status"] == "closed":
        return close_reason_of(match, data)
    deal = data["next_hand"]
    undecided = undecided_reason_of(match, data)
    return f"Still open: hand {deal['number']} is next, {deal['dealer']} deals." + (
        f" {undecided}" if undecided else ""
    )


@require_POST
@host_required
def match_abandon(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Set the match aside unfinished; it stays in the history, marked."""
    match = get_object_or_404(Match, public_id=public_id, host=request.user)
    try:
        services.match_abandon(match=match)
    except scoring.RuleError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "The match is set aside as abandoned. Resume it any time.")
    return redirect("matches:detail", public_id=match.public_id)


@require_POST
@host_required
def match_resume(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Take an abandoned match up again."""
    match = get_object_or_404(Match, public_id=public_id, host=request.user)
    if match.abandoned is None:
        messages.info(request, "This match is in play already.")
    else:
        services.match_resume(match=match)
        messages.success(request, "The match is back in play.")
    return redirect("matches:detail", public_id=match.public_id)


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def match_delete(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Delete a match for good, after a page that names it and says so."""
    match = get_object_or_404(_listed(Match.objects.filter(host=request.user)), public_id=public_id)
    (row,) = _rows([match])
    if request.method == "POST":
        services.match_delete(match=match)
        names = ", ".join(name for _place, name, _total in row.players)
        when = date_format(timezone.localtime(match.created), "j M Y, H:i")
        messages.success(request, f"Deleted the match of {when} with {names}.")
        return redirect("matches:history")
    names = [name for _place, name, _total in row.players]
    return render(
        request, "matches/delete_match.html", {"match": match, "row": row, "names": names}
    )


# Export and import --------------------------------------------------------------------


def _attachment(response: HttpResponse, name: str) -> HttpResponse:
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@require_GET
@host_required
def match_export(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The match as a ``rummy-match/1`` file, to keep or to import elsewhere."""
    match = _host_match(request, public_id, events=True)
    response = HttpResponse(export_text(match), content_type="application/json; charset=utf-8")
    return _attachment(response, file_name(match, "json"))


@require_GET
@host_required
def match_export_csv(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The match as CSV for a spreadsheet: a row per hand."""
    match = get_object_or_404(
        Match.objects.prefetch_related("seats__player"), public_id=public_id, host=request.user
    )
    response = HttpResponse(
        export_csv(services.current_snapshot(match)), content_type="text/csv; charset=utf-8"
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


PENDING_MOST = 3  # checked files waiting for Import, per host
PENDING_KEPT = timedelta(days=1)  # an upload not saved by then is dropped


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def match_import(request: HtmxHttpRequest) -> HttpResponse:
    """Import a match file or an all-matches file: the engine checks the
    whole file first, then the page shows what it holds and how its names
    join the host's players, and a second tap saves it."""
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        PendingImport.objects.filter(
            host=request.user, created__lt=timezone.now() - PENDING_KEPT
        ).delete()
        # A file checked and never imported is kept a day, and only the last
        # few of a host's: checking the same big file again and again does
        # not fill the database (and every backup).
        waiting = PendingImport.objects.filter(host=request.user, imported__isnull=True)
        stale = list(waiting.order_by("-created").values_list("pk", flat=True)[PENDING_MOST - 1 :])
        PendingImport.objects.filter(pk__in=stale).delete()
        pending = PendingImport.objects.create(
            host=request.user,
            token=uuid.uuid4(),
            name=form.cleaned_data["file"].name[:200],
            text=form.text,
        )
        return render(
            request,
            "matches/import.html",
            {
                "form": None,
                "pending": pending,
                "checked": [_checked_row(each) for each in form.checked],
                "names": services.import_names(request.user, form.checked),
                "already": _already_here(request.user, form.checked),
            },
        )
    return render(
        request,
        "matches/import.html",
        {"form": form, "max_mb": IMPORT_MAX_BYTES >> 20, "max_matches": f"{IMPORT_MAX_MATCHES:,}"},
    )


def _already_here(host: Any, checked: list[services.Checked]) -> int:
    """How many of an import's matches the host seems to have already: one of
    theirs made at the same moment with the same players in the same seats."""
    times = [each.created for each in checked if each.created is not None]
    if not times:
        return 0
    mine = Match.objects.filter(host=host, created__in=times).prefetch_related("seats__player")
    have = {(match.created, tuple(match.player_names())) for match in mine}
    return sum(
        (each.created, tuple(scoring.engine.clean_name(n) for n in each.match.players)) in have
        for each in checked
    )


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


@require_POST
@host_required
def import_confirm(request: HtmxHttpRequest, token: uuid.UUID) -> HttpResponse:
    """Save the import the page showed. A second tap saves nothing more."""
    pending = get_object_or_404(PendingImport, host=request.user, token=token)
    # Checked before the transaction: the engine's replays take a while, and
    # other tables' saves wait for the transaction (SQLite: the whole file).
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
            messages.success(request, f"Imported {count} match{'' if count == 1 else 'es'}.")
        else:
            messages.info(request, "That file was imported already; nothing more was saved.")
    if len(pending.imported) == 1:
        return redirect("matches:detail", public_id=pending.imported[0])
    return redirect("matches:history")


# Players ------------------------------------------------------------------------------

PLAYER_MATCHES = 20  # a player's page lists their newest matches
PLAYER_CHART = 30  # and charts their places in the last finished ones


def _host_player(request: HtmxHttpRequest, player_id: int) -> Player:
    return get_object_or_404(Player, pk=player_id, host=request.user)


@require_GET
@host_required
@never_cache
def players(request: HtmxHttpRequest) -> HttpResponse:
    """Every player of the host with their figures: the kept counts only, so
    the page costs the same after 1 match or 1,000."""

    def draw() -> dict[str, Any]:
        everyone = HOSTS_PLAYERS_BY_NAME.all(host=request.user.pk)
        return {"rows": [player_figures(player) for player in everyone]}

    return _host_list(request, "matches/players.html", draw)


@require_GET
@host_required
@never_cache
def player_detail(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """A player's figures, their newest matches, a chart of their places, and
    head to head against another player (``?with=ID``)."""
    player = _host_player(request, player_id)
    others = [
        p
        for p in Player.objects.filter(host=request.user).order_by(Lower("name"))
        if p.pk != player.pk
    ]
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
    chart = places_chart(
        [
            (
                date_format(timezone.localtime(row.match.created), "j M"),
                row.place,
                counts[row.match_id],
            )
            for row in reversed(closed)
        ]
    )
    versus = None
    chosen = scoring.read_whole_number(request.GET.get("with", ""))
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
    return render(
        request,
        "matches/player.html",
        {
            "figures": player_figures(player),
            "rows": rows,
            "chart": chart,
            "others": others,
            "versus": versus,
        },
    )


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def player_rename(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Rename a player; a name another player has asks whether to merge."""
    player = _host_player(request, player_id)
    error = taken = None
    name = typed_name(request.POST["name"]) if "name" in request.POST else player.name
    if request.method == "POST":
        was = player.name
        try:
            services.player_rename(player=player, name=name)
        except services.NameTaken as refused:
            taken = refused.other
            error = refused.message
        except scoring.RuleError as refused:
            error = capfirst(refused.message)
        else:
            if player.name == was:
                messages.info(request, f"The name stays {player.name}: nothing changed.")
            else:
                messages.success(request, f"Renamed to {player.name}; every match follows.")
            return redirect("matches:player", player_id=player.pk)
    return render(
        request,
        "matches/player_rename.html",
        {"player": player, "name": name, "error": error, "taken": taken},
    )


@require_POST
@host_required
def player_merge(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Merge this player into another (``into``): one person, two names.
    A merge cannot be undone, so it asks first (``confirm``), once it is
    known that it can be done."""
    gone = _host_player(request, player_id)
    into = request.POST.get("into", "")
    if not into.strip():
        messages.error(request, f"Choose the player {gone.name} is merged into.")
        return redirect("matches:player", player_id=gone.pk)
    keep = get_object_or_404(Player, pk=scoring.read_whole_number(into) or 0, host=request.user)
    name = gone.name
    try:
        if request.POST.get("confirm") != "yes":
            services.players_merge_check(keep=keep, gone=gone)
            played = MatchPlayer.objects.filter(player=gone).count()
            return render(
                request,
                "matches/player_merge.html",
                {"gone": gone, "keep": keep, "played": played},
            )
        services.players_merge(keep=keep, gone=gone)
    except scoring.RuleError as refused:
        messages.error(request, refused.message)
        return redirect("matches:player", player_id=gone.pk)
    messages.success(request, f"{name} is merged into {keep.name}; every match follows.")
    return redirect("matches:player", player_id=keep.pk)


# Sharing ------------------------------------------------------------------------------


@require_POST
@host_required
def match_share(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Share the board by a link (``action=new``: a new link, which ends the
    one before) or stop sharing (``action=stop``)."""
    match = get_object_or_404(Match, public_id=public_id, host=request.user)
    if request.POST.get("action") == "stop":
        services.share_stop(match=match)
        messages.success(request, "Sharing is off: the link no longer shows the board.")
    else:
        ended = ShareLink.objects.filter(match=match, ended=None).exists()
        services.share_new(match=match)
        messages.success(
            request,
            "A new link is ready; the old one shows the board no more."
            if ended
            else "The board is shared: the others scan the code or open the link.",
        )
    return redirect(reverse("matches:detail", args=[match.public_id]) + "#share")
