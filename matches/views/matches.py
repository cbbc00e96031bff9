"""A host's matches as a whole: the home page and the history, a new match,
its house rules, a rematch, the score sheet, setting a match aside and
deleting it, and how scoring works."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from matches import games, pages, selectors, services
from matches.engine.cards import ACE_VALUES, deck_points
from matches.engine.errors import RuleError
from matches.forms import HistoryFilterForm, NewMatchForm, RulesForm, game_of
from matches.models import Player
from matches.sheet import sheet_page
from matches.words import describe, refusal, rule_choices, rule_help, rule_title, say
from matches.worked import example_result

from .board import (
    HtmxHttpRequest,
    board_context,
    host_match,
    host_required,
    posted_token,
    render_board,
)


@require_GET
@never_cache
def home(request: HtmxHttpRequest) -> HttpResponse:
    """The host's open matches first, then the latest finished ones, and the
    way to the whole history; a newcomer's first page says what the app does
    and offers sign-up in one tap."""
    if not request.user.is_authenticated:
        return render(request, "matches/welcome.html")
    host = request.user.pk
    lists = pages.kept(
        ("home", host, selectors.host_version(host)),
        lambda: render_to_string("matches/home.html#lists", selectors.home_lists(host)),
    )
    return render(request, "matches/home.html", {"lists": lists})


@require_GET
@host_required
@never_cache
def match_history(request: HtmxHttpRequest) -> HttpResponse:
    """Every match of the host, newest first, a page at a time (newer /
    older, without counting the rows), filtered by status and by player."""
    host = request.user.pk
    # The parameters the list reads, no other: a made-up one is no new part.
    asked = tuple(request.GET.get(name, "") for name in ("status", "player", "before", "after"))

    def draw() -> str:
        form = HistoryFilterForm(request.GET, players=selectors.player_names(host))
        filters = form.filters()
        page = selectors.history_page(
            host, filters, request.GET.get("before", ""), request.GET.get("after", "")
        )
        context = {
            "form": form,
            "rows": page.rows,
            "older": page.older,
            "newer": page.newer,
            "filtered": bool(filters),
            "paged": page.paged,
            "refused": form.refused(),
            "player_name": form.names.get(filters.get("player", "")),
        }
        return render_to_string("matches/history.html#lists", context)

    lists = pages.kept(("history", host, selectors.host_version(host), *asked), draw)
    return render(request, "matches/history.html", {"lists": lists})


def _games() -> list[dict[str, str]]:
    """The games a match can be, for the new-match page."""
    return [
        {"key": key, "name": game.words.NAME, "seats": game.words.NEW["seats"]}  # type: ignore[union-attr]
        for key, game in games.GAMES.items()
    ]


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def match_new(request: HtmxHttpRequest) -> HttpResponse:
    """Start a match: its game first (``?game=gin``), then the players in
    seat order, the first dealer, the house rules."""
    known = list(Player.objects.filter(host=request.user).values_list("name", flat=True))
    asked = request.POST.get("game") if request.method == "POST" else request.GET.get("game")
    game = game_of(asked)
    # Names and the line typed before the game was switched (static/js/app.js),
    # back in their boxes (checked on Start, as typed ones are).
    carried = {
        f"player_{seat}": name[:40]
        for seat, name in enumerate(request.GET.getlist("name")[: games.game(game).high])
    }
    if request.GET.get("target"):
        carried["target"] = request.GET["target"][:20]
    form = NewMatchForm(request.POST or None, known_names=known, game=game, initial=carried)
    if request.method == "POST" and form.is_valid():
        try:
            match = services.match_create(
                host=request.user,
                players=form.players(),
                first_dealer=form.first_dealer_name(),
                rules=form.house_rules(),
                token=form.cleaned_data["token"],
            )
        except RuleError as error:  # the form checked the rest: a stale token
            form.add_rule_error(error)
        else:
            return redirect("matches:detail", public_id=match.public_id)
    return render(
        request,
        "matches/new.html",
        {
            "form": form,
            "presets": games.game(game).rules.line_presets,
            "games": _games(),
            "new_words": games.game(game).words.NEW,  # type: ignore[union-attr]
        },
    )


@require_POST
@host_required
def rematch(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Start a new match with the same players, seats and house rules."""
    match = host_match(request, public_id)
    if match.next_match_id is not None:
        # Started already (on this screen or another): open it, ask nothing.
        return redirect("matches:detail", public_id=match.next_match.public_id)  # type: ignore[union-attr]
    if match.status == "open" and not request.POST.get("confirm"):
        # Asked first, here on the server, so it holds with JavaScript off too.
        state = selectors.board_of(match)
        return render_board(request, board_context(state, confirm_rematch=True, focus="confirm"))
    try:
        new = services.match_rematch(match=match, token=posted_token(request))
    except RuleError as error:
        messages.error(request, say(error.code, error.values))
        return redirect("matches:detail", public_id=match.public_id)
    return redirect("matches:detail", public_id=new.public_id)


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def rules_change(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Change the house rules until the first hand is recorded."""
    match = host_match(request, public_id, writing=True)
    rules = match.house_rules()
    initial = {
        name: "" if value is None else str(value) for name, value in rules.document().items()
    }
    form = RulesForm(request.POST or None, initial=initial, game=match.game)
    if request.method == "POST" and form.is_valid():
        try:
            services.match_rules_change(match=match, rules=form.house_rules())
        except RuleError as error:
            form.add_rule_error(error)
        else:
            messages.success(request, _("House rules changed."))
            return redirect("matches:detail", public_id=match.public_id)
    return render(
        request,
        "matches/rules.html",
        {
            "match": match,
            "form": form,
            "presets": match.kind.rules.line_presets,
            "fixed": services.current_board(match).hands_played > 0,
        },
    )


def _rules_explained(game: str, own: dict[str, Any]) -> list[dict[str, Any]]:
    """Each house rule of ``game`` in words, its values with the usual one
    marked and, with ``own`` (a match's rules), the match's own."""
    kind = games.game(game).rules
    defaults = kind()
    return [
        {
            "key": key,
            "title": rule_title(game, key),
            "help": rule_help(game, key),
            "values": [
                {
                    "text": text,
                    "default": value == getattr(defaults, key),
                    "this_match": key in own and own[key] == value,
                }
                for value, text in rule_choices(game, key).items()
            ],
            "this_match": own.get(key),
        }
        for key in kind.names()
    ]


def _examples_explained(game: Any) -> list[dict[str, Any]]:
    """A game's worked examples with the game's result for each case, worked
    out now (a refused case says why), in the page's language (a story and a
    label are marked in the game's pure examples and translated here)."""
    shown = []
    for example in game.examples:
        cases = []
        for case in example.cases:
            label = _(case.label)
            try:
                board = game.replay(case.match)
            except RuleError as error:
                # Translators: reason says why the game refuses the case, without its full stop.
                cases.append((label, _("Refused: %(reason)s.") % {"reason": refusal(error)}))
                continue
            cases.append(
                (label, example_result(board, last_event_was_line=case.ends_with_line_move))
            )
        shown.append({"number": example.number, "story": _(example.story), "cases": cases})
    return shown


@require_GET
def scoring_explained(request: HtmxHttpRequest, public_id: str | None = None) -> HttpResponse:
    """How scoring works: every game's house rules in its own words, how a
    hand scores and the match ends, and the worked examples with the game's
    results, worked out now. For a match (its host only), with its own rules."""
    match = None
    if public_id is not None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        match = host_match(request, public_id)
    rules = services.current_board(match).rules if match is not None else None
    own = rules.document() if rules else {}
    own_game = rules.game if rules else games.DEFAULT
    sections = [
        {
            "key": key,
            "name": game.words.NAME,  # type: ignore[union-attr]
            "template": f"{game.template}/scoring.html",
            "rules": _rules_explained(key, own if rules and rules.game == key else {}),
            "examples": _examples_explained(game),
            "deck_points": [(ace, deck_points(ace)) for ace in ACE_VALUES],
            # What else the game's section shows (Contract's table of contracts).
            **game.words.scoring_parts(),  # type: ignore[union-attr]
        }
        # A match's own game first: its host came for its rules.
        for key, game in sorted(games.GAMES.items(), key=lambda item: item[0] != own_game)
    ]
    return render(
        request,
        "matches/scoring.html",
        {"match": match, "this_match": describe(rules) if rules else [], "sections": sections},
    )


@require_GET
@host_required
@never_cache
def match_sheet(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The score sheet: a row per hand, a column per player, each hand's take
    and the running totals, the line moves and seat changes where they
    happened, the result at the foot, and the chart of the totals. Read from
    the stored snapshot only."""
    match = host_match(request, public_id)

    def draw() -> str:
        context = sheet_page(match, selectors.whole_snapshot(match))
        return render_to_string("matches/sheet.html#sheet", context)

    drawn = pages.kept(("sheet", match.public_id, match.version), draw)
    title = ", ".join(match.snapshot["seats"]) if match.snapshot else ""
    return render(request, "matches/sheet.html", {"sheet_html": drawn, "title": title})


@require_POST
@host_required
def match_abandon(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Set the match aside unfinished; it stays in the history, marked."""
    match = host_match(request, public_id)
    try:
        services.match_abandon(match=match)
    except RuleError as error:
        messages.error(request, say(error.code, error.values))
    else:
        messages.success(request, _("The match is set aside as abandoned. Resume it any time."))
    return redirect("matches:detail", public_id=match.public_id)


@require_POST
@host_required
def match_resume(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Take an abandoned match up again."""
    match = host_match(request, public_id)
    if match.abandoned is None:
        messages.info(request, _("This match is in play already."))
    else:
        services.match_resume(match=match)
        messages.success(request, _("The match is back in play."))
    return redirect("matches:detail", public_id=match.public_id)


@require_http_methods(["GET", "POST"])
@host_required
@never_cache
def match_delete(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """Delete a match for good, after a page that names it and says so."""
    match = host_match(request, public_id)
    (row,) = selectors.match_rows([match])
    names = [name for _place, name, _total, _mark in row.players]
    if request.method == "POST":
        services.match_delete(match=match)
        when = date_format(timezone.localtime(match.created), "DATETIME_FORMAT")
        # Translators: when is the date and time the match began; players, the names.
        said = _("Deleted the match of %(when)s with %(players)s.")
        messages.success(request, said % {"when": when, "players": ", ".join(names)})
        return redirect("matches:history")
    return render(
        request, "matches/delete_match.html", {"match": match, "row": row, "names": names}
    )
