"""The long, repeated parts of the pages' HTML, built in Python with every
value escaped: the score sheet's rows (a row a player), the history's
entries, the rows of a list of matches (home, history) and the card picker.

Drawn through the template engine they cost milliseconds (a lookup, a filter
and an include per cell); the markup here is the markup the templates drew,
so the pages, their styles and their scripts are unchanged.
"""

from __future__ import annotations

import html as _html
from datetime import datetime
from functools import lru_cache
from typing import Any

from django.forms.utils import ErrorList
from django.utils import timezone, translation
from django.utils.dates import MONTHS_3
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from matches.display import MatchRow, PlayerFigures, short_names
from matches.drawn import slot
from matches.forms import drawn
from matches.links import event_url, match_url, player_url
from matches.scoring.cards import RANKS
from matches.scoring.rules import GIN


def clock(when: datetime) -> str:
    """``when`` (aware, in the zone it is to be read in) as the date filter
    writes "H:i T": "09:30 UTC". Written directly: the filter's machinery
    cost 50 µs a time, a page of a list or of entries draws dozens."""
    zone = when.tzinfo
    # As the filter does: no zone's name in the hour a clock change makes
    # twice (or skips), where the name would not say which.
    ambiguous = zone is None or zone.utcoffset(when.replace(fold=not when.fold)) != zone.utcoffset(
        when
    )
    return f"{when:%H:%M} {'' if ambiguous else when.tzname() or ''}"


def day_and_clock(when: datetime) -> str:
    """``when`` as the date filter writes "j M Y, H:i T": "2 Dec 2026, 09:30
    UTC", its month's name in the active language (``clock``)."""
    month = _month_name(translation.get_language(), when.month)
    return f"{when.day} {month} {when.year}, {clock(when)}"


@lru_cache(maxsize=256)
def _month_name(language: str | None, month: int) -> str:
    """The date filter's "M" for ``month`` in ``language`` (the active one)."""
    return str(MONTHS_3[month]).title()


def escape(value: object) -> str:
    """``value`` as text safe in HTML, quotes too (the standard library's
    escape, which Django's own wraps at several times the cost)."""
    return _html.escape(str(value))


# The picker's buttons say what they add: "Add an ace", "Add a 10".
RANK_WORDS = [
    (
        rank,
        {"A": "an ace", "8": "an 8", "J": "a jack", "Q": "a queen", "K": "a king"}.get(
            rank, f"a {rank}"
        ),
    )
    for rank in RANKS
]


def errors_html(errors: ErrorList) -> str:
    """A field's (or a form's) errors: an alert with a list, its id the one
    the field's ``aria-describedby`` points at; nothing without errors. The
    pages' ``_errors.html`` draws them with this too."""
    if not errors:
        return ""
    field_id = getattr(errors, "field_id", None)
    ident = f' id="{escape(field_id)}_error"' if field_id else ""
    items = "".join(f"<li>{escape(error)}</li>" for error in errors)
    return f'<div class="errors" role="alert"{ident}><ul>{items}</ul></div>'


def sheet_rows(
    lines: list[dict[str, Any]], *, closed: bool, totals: bool, form: Any, slotted: bool = False
) -> SafeString:
    """The rows of the score sheet (``_sheet.html``): a row a player with
    their place (``closed``), name, marks, total (``totals``) and, with a
    hand ``form``, who went out and their leftover box; a row of errors
    under a box that has them.

    Args:
        lines: ``views._sheet``'s lines: ``row`` (a ``display.Standing``),
            ``position`` (their box in the form, or None), ``field`` and
            ``seat`` (the form's boxes), ``checked``.
        slotted: what changes from hand to hand (a row's leader and winner
            marks, its marks, its total) drawn as slots (``row_slot``), for
            ``row_values`` to fill in (the board's frame, ``views``).
    """
    # The radio of who ended the hand: who went out (Rummy) or knocked (Gin).
    chooser = form.chooser if form is not None else ""
    out_invalid = ' aria-invalid="true"' if form is not None and form[chooser].errors else ""
    shorts = short_names([line["row"].name for line in lines])
    html = []
    for at, line in enumerate(lines):
        row = line["row"]
        position = line["position"]
        name = escape(row.name)
        if slotted:
            marked, marks, total = (row_slot(at, part) for part in ROW_PARTS)
        else:
            marked, marks, total = _row_parts(row)
        classes = f"player{marked}"
        classes += " gone" if not row.seated else ""
        classes += " leftover" if position is not None else ""
        seat = f' data-seat="{position}"' if position is not None else ""
        cells = [f'<tr class="{classes}"{seat}>']
        if closed:
            cells.append(f'<td class="place">{escape(row.place)}</td>')
        short = shorts[row.name]
        if short != row.name:
            shown = (
                f'<span class="name cut" title="{name}"><span class="short" aria-hidden="true">'
                f'{escape(short)}</span><span class="full visually-hidden">{name}</span></span>'
            )
        else:
            shown = f'<span class="name">{name}</span>'
        cells.append(f'<th scope="row" class="who">{shown}\n{marks}</th>')
        if totals:
            cells.append(f'<td class="points" data-player="{name}">{total}</td>')
        if form is not None:
            if position is not None:
                field = line["field"]
                box_id = escape(field.id_for_label)
                checked = " checked" if line["checked"] else ""
                cells.append(
                    '<td class="out"><label class="out-choice">\n'
                    f'<input type="radio" name="{chooser}" value="{position}" '
                    f'id="id_{chooser}_{position}"{checked}{out_invalid}>\n'
                    f'<span class="visually-hidden">{name}</span></label></td>\n'
                    '<td class="left"><div class="left-box">\n'
                    f'<label class="visually-hidden" for="{box_id}">{name}</label>\n'
                    # Who sat in the box when the form was drawn (``HandForm``).
                    f'{drawn(field)}<input type="hidden" name="seat_{position}" '
                    f'value="{name}" id="id_seat_{position}">\n'
                    '<button type="button" class="secondary cards-toggle" aria-expanded="false" '
                    'aria-controls="picker" hidden>Cards<span class="visually-hidden"> '
                    f"{name} held</span></button></div></td>"
                )
            else:
                cells.append('<td class="out"></td><td class="left"></td>')
        cells.append("</tr>")
        if position is not None and line["field"].errors:
            errors = errors_html(line["field"].errors)
            cells.append(f'<tr class="row-errors"><td colspan="4">{errors}</td></tr>')
        html.append("".join(cells))
    return mark_safe("\n".join(html))  # noqa: S308 - every value above is escaped


# The parts of a score sheet's row that change from hand to hand: its leader
# and winner classes, its marks under the name, its total.
ROW_PARTS = ("marked", "marks", "total")


def row_slot(at: int, part: str) -> str:
    """The slot of ``part`` (one of ``ROW_PARTS``) of the score sheet's row
    ``at`` (from 0, in the order drawn): a slot of ``matches.drawn``."""
    return slot(f"row:{at}:{part}")


def row_values(rows: list[Any]) -> dict[str, str]:
    """What fills the slots of ``sheet_rows(slotted=True)`` for the
    ``display.Standing`` rows ``rows``, in the order drawn."""
    return {
        row_slot(at, part): value
        for at, row in enumerate(rows)
        for part, value in zip(ROW_PARTS, _row_parts(row), strict=True)
    }


def _row_parts(row: Any) -> tuple[str, str, str]:
    """A row's leader and winner classes (each after a space), its marks
    (the span under the name, or nothing) and its total, as drawn."""
    marked = (" leader" if row.leader else "") + (" winner" if row.winner else "")
    # The dealer's mark in its own span: static/js/waiting.js hides it
    # while hands wait on the phone (the next dealer is not known yet). The
    # span holds one separator next to it, so hidden it leaves none astray:
    # the one before it, or, first of several, the one after it.
    marks_list = row.marks
    dealer_first = marks_list[:1] == ["deals"]
    parts = []
    for at, mark in enumerate(marks_list):
        if mark == "deals":
            inner = f"deals{' · ' if len(marks_list) > 1 else ''}" if at == 0 else " · deals"
            parts.append(f'<span class="dealer-mark">{inner}</span>')
        else:
            separator = " · " if at and not (at == 1 and dealer_first) else ""
            parts.append(f"{separator}{escape(mark)}")
    shown_marks = "".join(parts)
    marks = f'<span class="marks">{shown_marks}</span>' if row.marks else ""
    return marked, marks, str(row.total)


def history_items(
    rows: list[Any], *, public_id: str, tools: bool, fix_event: int | None = None
) -> SafeString:
    """The entries of a history list (``_history.html``), newest first: what
    each did, a hand's take and what each player held, when it was entered,
    and with ``tools`` (a match not set aside) the ways in to change it.

    Args:
        rows: ``display.HistoryRow``s of the match ``public_id``; each links
            to its page to change it ("Change").
        fix_event: the event whose row also offers "Fix hand N" (the newest
            hand, on the board); None: no row does.
    """
    zone = timezone.get_current_timezone()
    language = translation.get_language()
    items = []
    for row in rows:
        hand = row.hand
        event_id = row.event_id
        items.append(
            _history_item(
                row.kind,
                row.text,
                hand and (hand.number, hand.dealer),
                row.summary,
                row.held,
                row.created,
                tools,
                event_url("fix", public_id, event_id) if event_id == fix_event else "",
                event_url("edit", public_id, event_id),
                zone,
                language,
            )
        )
    return mark_safe("\n".join(items))  # noqa: S308 - every value is escaped (``_history_item``)


# A history entry is drawn once for all it shows, in each process: after a
# save, the board's entries but the new one are the ones drawn for the board
# before it (a few hundred entries of some 600 bytes).
@lru_cache(maxsize=2048)
def _history_item(
    kind: str,
    text: str,
    hand: tuple[int, str] | None,
    summary: str,
    held: tuple[str, ...],
    created: datetime | None,
    tools: bool,
    fix_url: str,
    edit_url: str,
    zone: Any,
    language: str | None,
) -> str:
    """One entry of ``history_items``: its words and addresses (``hand``:
    the hand's number and dealer), when it was entered (``created``, shown
    in ``zone``), in ``language``; every value escaped."""
    text = escape(text)
    parts = [f'<li class="{escape(kind)}">\n<span class="what">{text}</span>']
    number, dealer = hand or (None, None)
    if hand:
        held_words = "".join(f" {each}." for each in held)
        parts.append(
            f'\n<span class="summary">{escape(summary)}</span>'
            f'\n<span class="detail">{escape(f"Dealt by {dealer}.{held_words}")}</span>'
        )
    if created:
        # As the date filter writes them ("c" and "H:i T"), in the active time zone.
        when = timezone.localtime(created, zone)
        parts.append(
            f'\n<time class="when" datetime="{when.isoformat()}" data-local="time">'
            f"{escape(clock(when))}</time>"
        )
    if tools:
        parts.append('\n<div class="inline row-tools">')
        if fix_url and hand:  # only the newest hand has one
            fix = escape(fix_url)
            parts.append(
                f'\n<a class="button secondary" href="{fix}" hx-get="{fix}">Fix hand {number}</a>'
            )
        parts.append(
            f'\n<a class="button secondary" href="{escape(edit_url)}">'
            f'Change<span class="visually-hidden"> {text}</span></a></div>'
        )
    parts.append("\n</li>")
    return "".join(parts)


def match_items(rows: list[MatchRow]) -> SafeString:
    """A list of matches, a row each: the players in
    their places with their totals, the status and who leads or won, the
    hands, the line and the date, each a link to the board."""
    html = []
    for row in rows:
        match = row.match
        players = ", ".join(
            (f'<span class="place">{escape(place)}</span> ' if place else "")
            + f"{escape(name)} {total}"
            for place, name, total in row.players
        )
        hands = match.hands_played
        played = f"· {hands} hand{'' if hands == 1 else 's'}" if hands else ""
        when = timezone.localtime(match.created)
        status = match.shown_status
        html.append(
            f'<li>\n<a href="{match_url("detail", match.public_id)}">\n'
            f'<span class="match-players">{players}</span>\n'
            f'<span class="match-meta">\n<strong>{status[:1].upper()}{status[1:]}</strong>\n'
            f"· {escape(row.sentence)}\n{played}\n· line {match.line}\n"
            f"{'· Gin Rummy' + chr(10) if match.game == GIN else ''}"
            f'· <time datetime="{when.isoformat()}" data-local="datetime">'
            f"{escape(day_and_clock(when))}</time>\n</span>\n</a>\n</li>"
        )
    return mark_safe("\n".join(html))  # noqa: S308 - every value above is escaped


@lru_cache(maxsize=1)
def card_picker() -> SafeString:
    """The sheet's one card picker (a row of its own, hidden until a Cards
    button opens it under a player's row: static/js/app.js)."""
    ranks = "".join(
        f'<div class="rank"><button type="button" class="add" data-rank="{rank}" '
        f'aria-label="Add {words}">{rank}</button><button type="button" class="take" '
        f'data-rank="{rank}" aria-label="Take back {words}" hidden></button></div>'
        for rank, words in RANK_WORDS
    )
    return mark_safe(  # noqa: S308 - constant markup
        '<tr class="picker-row" hidden><td colspan="4">'
        '<div class="picker" id="picker" role="group" aria-label="Cards held" hidden>'
        f'<p class="picker-note" hidden></p>{ranks}</div></td></tr>'
    )


def _figure(term: str, value: object, *, wide: bool = False, of: str = "") -> str:
    extra = f' <span class="of">{escape(of)}</span>' if of else ""
    wide_class = ' class="wide"' if wide else ""
    return f"<div{wide_class}><dt>{term}</dt><dd>{escape(str(value))}{extra}</dd></div>"


def _last_results(results: Any) -> str:
    shown = ", ".join("won" if result["won"] else result["place"] for result in results)
    return shown or "none yet"


def _figures_of(css: str, game: str, figures: list[str]) -> str:
    """One game's list of figures; ``game``: its heading ("" for none)."""
    heading = f'<div class="wide"><dt>{game}</dt><dd></dd></div>' if game else ""
    return f'<dl class="{css}">{heading}{"".join(figures)}</dl>'


def _rate(rate: str, finished: int) -> str:
    """A win rate and, once a match finished, what it is "of"."""
    return _figure("Win rate", rate, of=f"of {finished} finished" if finished else "")


def player_figures(figures: PlayerFigures) -> str:
    """A player's figures as templates/matches/_player_figures.html draws
    them (a test compares the two): Rummy's and Gin Rummy's apart, each once
    played. Drawn in Python for the players page, a block for each player."""
    player = figures.player
    parts = []
    if player.played or not player.gin_played:
        hands = player.hands_out
        rummy = [
            _figure("Played", player.played),
            _figure("Won", player.won),
            _rate(figures.win_rate, player.closed),
            _figure("No winner", player.no_winner),
            _figure("Went out", f"{hands} hand{'' if hands == 1 else 's'}"),
            _figure("Average take", figures.average_take),
            _figure("Rummy", player.rummies),
            _figure("Best hand", figures.best_hand),
            _figure("Last results", _last_results(figures.recent), wide=True),
        ]
        parts.append(_figures_of("figures", "Rummy" if player.gin_played else "", rummy))
    if player.gin_played:
        margin_of = f"of {player.gin_won} won" if player.gin_won else ""
        gin = [
            _figure("Played", player.gin_played),
            _figure("Won", player.gin_won),
            _rate(figures.gin_win_rate, player.gin_closed),
            _figure("Hands won", player.gin_hands_won),
            _figure("Gins", player.gins),
            _figure("Big gins", player.big_gins),
            _figure("Undercuts given", player.undercuts_given),
            _figure("Undercuts taken", player.undercuts_taken),
            _figure("Average margin", figures.gin_margin, of=margin_of),
            _figure("Last results", _last_results(figures.gin_recent), wide=True),
        ]
        parts.append(_figures_of("figures gin-figures", "Gin Rummy", gin))
    return "".join(parts)


def player_items(rows: list[PlayerFigures]) -> SafeString:
    """The players page's list: each player's name, a link to their page,
    and their figures (``player_figures``)."""
    return mark_safe(  # noqa: S308 - every value is escaped
        "\n".join(
            f'<li>\n<h2><a href="{player_url(row.player.pk)}">{escape(row.player.name)}</a></h2>\n'
            f"{player_figures(row)}\n</li>"
            for row in rows
        )
    )


def preview_words(preview: dict[str, Any] | None, error: object = None) -> SafeString:
    """What Save would record (``views._preview``: the summary, the points
    counted, what a fix changes, the typing-slip questions), else the refusal
    ``error``, else the prompt to fill the hand in: the hand preview's words,
    every value escaped as a template escapes it. Drawn directly: the preview
    is answered at every pause in typing, and a template cost it 0.05 ms."""
    if preview:
        parts = [f"<strong>Will record: {conditional_escape(preview['summary'])}</strong>"]
        if preview["counted"]:
            parts.append(f'<span class="counted">{conditional_escape(preview["counted"])}</span>')
        parts += [
            f'<span class="counted">{conditional_escape(line)}</span>'
            for line in preview["changes"]
        ]
        parts += [
            f'<span class="slip">{conditional_escape(question)}</span>'
            for question in preview["slips"]
        ]
        return mark_safe("\n".join(parts))  # noqa: S308 - every value escaped
    if error:
        return mark_safe(f'<span class="slip">{conditional_escape(error)}</span>')  # noqa: S308
    return mark_safe("Fill in the hand to see the score.")  # noqa: S308 - no value
