"""The host's players: every player with their figures, a player's page
(figures, matches, places, head to head), renaming and merging."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from matches import colours, pages, selectors, services
from matches.engine.entry import read_whole_number
from matches.engine.errors import RuleError
from matches.hands import typed_name
from matches.marks import Mark, player_mark
from matches.models import MatchPlayer, Player
from matches.people import figures_blocks
from matches.phrases import names
from matches.sheet import places_chart
from matches.words import refusal, say

from .board import HtmxHttpRequest, host_required


def _host_player(request: HtmxHttpRequest, player_id: int) -> Player:
    return get_object_or_404(Player, pk=player_id, host=request.user)


@require_GET
@host_required
@never_cache
def players(request: HtmxHttpRequest) -> HttpResponse:
    """Every player of the host with their figures: the kept counts only, so
    the page costs the same after 1 match or 1,000."""
    host = request.user.pk

    def draw() -> str:
        everyone = selectors.hosts_players(host)
        rows = [(player, figures_blocks(list(player.figures.all()))) for player in everyone]
        return render_to_string("matches/players.html#lists", {"rows": rows})

    lists = pages.kept(("players", host, selectors.host_version(host)), draw)
    return render(request, "matches/players.html", {"lists": lists})


def pair_marks(versus: Any) -> dict[str, Mark] | None:
    """The marks of two players compared head to head, told apart as at a
    table of theirs: of two with one colour, who had it first keeps it."""
    if not versus:
        return None
    first, second = versus.first, versus.second
    table = colours.at_table(
        [first.name, second.name],
        {},
        {first.name: first.colour, second.name: second.colour},
        first=[each.name for each in colours.who_keeps([first, second])],
    )
    return {
        "first": Mark(player_mark(first).initials, colours.key_of(table[first.name])),
        "second": Mark(player_mark(second).initials, colours.key_of(table[second.name])),
    }


def palette_with_others(others: list[Any]) -> list[tuple[colours.Colour, str]]:
    """Each colour of the palette with who else of the host's players has it
    ("Ben, Cara and 2 more"), so a host sees whom a choice would share with."""
    named: dict[str, list[str]] = {}
    for other in others:
        named.setdefault(other.colour, []).append(other.name)
    shown = []
    for colour in colours.PALETTE:
        names = named.get(colour.hex, [])
        also = ", ".join(names[:2])
        if len(names) > 2:
            more = len(names) - 2
            # Translators: names are two players' names, "Ben, Cara"; count, how many more.
            said = ngettext("%(names)s and %(count)s more", "%(names)s and %(count)s more", more)
            also = said % {"names": also, "count": more}
        shown.append((colour, also))
    return shown


@require_GET
@host_required
@never_cache
def player_detail(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """A player's figures, their newest matches, a chart of their places, and
    head to head against another player (``?with=ID``)."""
    player = _host_player(request, player_id)
    page = selectors.player_page(player, read_whole_number(request.GET.get("with", "")))
    mark = player_mark(player)
    return render(
        request,
        "matches/player.html",
        {
            "player": player,
            "blocks": figures_blocks(page["kept"]),
            "rows": page["rows"],
            "chart": places_chart(page["places"], mark),
            "mark": mark,
            "palette": palette_with_others(page["others"]),
            "places_shown": selectors.PLAYER_CHART,
            "others": page["others"],
            "mergeable": page["mergeable"],
            "versus": page["versus"],
            "pair": pair_marks(page["versus"]),
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
            error = refusal(refused)
            try:  # a merge is offered only when it can be done
                services.players_merge_check(keep=taken, gone=player)
            except RuleError as apart:
                if apart.code == "merge_together":
                    when = apart.values["when"]
                    error = say(
                        "name_taken_together",
                        {"other": taken.name, "name": player.name, "when": when},
                    )
                    taken = None
        except RuleError as refused:
            words = refusal(refused)
            error = words[:1].upper() + words[1:]
        else:
            if player.name == was:
                said = _("The name stays %(name)s: nothing changed.")
                messages.info(request, said % {"name": player.name})
            else:
                said = _("Renamed to %(name)s; every match follows.")
                messages.success(request, said % {"name": player.name})
            return redirect("matches:player", player_id=player.pk)
    return render(
        request,
        "matches/player_rename.html",
        {"player": player, "name": name, "error": error, "taken": taken},
    )


@require_POST
@host_required
def player_colour(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Give a player another colour of the palette (``colour``): kept for
    their later matches, and shown at each of theirs where nobody else at
    that table has it."""
    player = _host_player(request, player_id)
    try:
        services.player_recolour(player=player, colour=request.POST.get("colour", ""))
    except RuleError as refused:
        messages.error(request, say(refused.code, refused.values))
    else:
        # The palette's name of the colour, in the request's language.
        shown = _(colours.BY_HEX[player.colour].name).lower()
        sharers = selectors.colour_sharers(player)
        words = {
            "player": player.name,
            "colour": shown,
            "others": names(sharers) if sharers else "",
        }
        if not sharers:
            # Translators: colour is a colour's name: "red".
            said = _("%(player)s's colour is %(colour)s.")
        elif len(sharers) == 1:
            said = _(
                # Translators: others is the one other player with that colour.
                "%(player)s's colour is %(colour)s. %(others)s has %(colour)s too: at a table "
                "with %(player)s, %(others)s keeps it and %(player)s is shown in a free colour."
            )
        else:
            said = _(
                # Translators: others are the other players with that colour: "Ben and Cara".
                "%(player)s's colour is %(colour)s. %(others)s have %(colour)s too: at a table "
                "with %(player)s, they keep it and %(player)s is shown in a free colour."
            )
        messages.success(request, said % words)
    return redirect("matches:player", player_id=player.pk)  # the note in view, at the top


@require_POST
@host_required
def player_merge(request: HtmxHttpRequest, player_id: int) -> HttpResponse:
    """Merge this player into another (``into``): one person, two names. A
    merge cannot be undone, so it asks first (``confirm``), once it is known
    that it can be done."""
    gone = _host_player(request, player_id)
    into = request.POST.get("into", "")
    if not into.strip():
        said = _("Choose the player %(name)s is merged into.")
        messages.error(request, said % {"name": gone.name})
        return redirect("matches:player", player_id=gone.pk)
    keep = get_object_or_404(Player, pk=read_whole_number(into) or 0, host=request.user)
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
    except RuleError as refused:
        messages.error(request, say(refused.code, refused.values))
        return redirect("matches:player", player_id=gone.pk)
    said = _("%(gone)s is merged into %(keep)s; every match follows.")
    messages.success(request, said % {"gone": name, "keep": keep.name})
    return redirect("matches:player", player_id=keep.pk)
