"""The finished score sheet of a match and its chart, drawn from the stored
snapshot alone (``matches.scoring.snapshot``): no event is read and nothing is
replayed. Rows are built here in Python, each cell escaped, rather than in
nested template loops: a 149-hand sheet of six players is 900 cells.

Everything here is read-only, so a shared link's viewer can be given the same
sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from matches import games
from matches.display import final_lines_of, place_shown, stopped
from matches.engine.game import Game
from matches.marks import Mark, Table, short_names, table_marks
from matches.phrases import ordinal, signed
from matches.phrases import total as written
from matches.reasons import result_sentence

# The chart: a viewBox in user units, scaled to the screen's width by CSS.
CHART_WIDTH = 360
CHART_HEIGHT = 220
CHART_LEFT = 40  # room for the points on the axis
CHART_RIGHT = 10
CHART_TOP = 10
CHART_BOTTOM = 24  # room for the hand numbers
SERIES = 12  # distinct line styles (colour and dash), one per seat, then again
INNER_WIDTH = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
INNER_HEIGHT = CHART_HEIGHT - CHART_TOP - CHART_BOTTOM


def _foot(first: str, last: str, right: float) -> SafeString:
    """A chart's labels under its first and its last point ("hand 1", a
    date), at the left edge and at ``right``."""
    return format_html(
        '<text class="chart-tick chart-hands" x="{}" y="{}">{}</text>'
        '<text class="chart-tick chart-hands chart-end" x="{}" y="{}">{}</text>',
        CHART_LEFT,
        CHART_HEIGHT - 6,
        first,
        _n(right),
        CHART_HEIGHT - 6,
        last,
    )


def _across(count: int) -> Any:
    """The x of the point ``index`` of ``count`` spread over the chart's width
    (one point alone in the middle)."""

    def x(index: int) -> float:
        if count == 1:
            return CHART_LEFT + INNER_WIDTH / 2
        return CHART_LEFT + INNER_WIDTH * index / (count - 1)

    return x


class Limit(NamedTuple):
    """A total fixed for a whole match that its chart draws across: its
    ``points``, the line's ``title`` ("out at 101") and a sentence that
    ``said`` it to a screen reader."""

    points: int
    title: str
    said: str


@dataclass(frozen=True)
class Sheet:
    """A match's score sheet: the players in seat order (``names``, with
    ``short`` for the column heads and their ``marks``), the body rows as
    HTML, the foot (each player's final total and, once closed, their
    place) and the chart."""

    names: list[str]
    short: list[str]
    marks: dict[str, Mark]
    rows: SafeString
    foot: list[dict[str, Any]]
    chart: SafeString
    hands: int

    @property
    def columns(self) -> list[dict[str, Any]]:
        """The column heads: each player's name, short name, mark and chart style."""
        return [
            {"name": name, "short": short, "mark": self.marks[name], "series": seat % SERIES}
            for seat, (name, short) in enumerate(zip(self.names, self.short, strict=True))
        ]


def sheet(data: dict[str, Any], game: str, table: Table, limit: Limit | None = None) -> Sheet:
    """The sheet of a match of ``game`` from its snapshot ``data``.

    Args:
        data: a stored snapshot: its head and every live entry.
        table: the match, which gives the players' colours and initials.
        limit: the game's total fixed for the match, drawn across the chart.

    Returns:
        A ``Sheet``. A hand's row has its number and dealer ("nobody out"
        where nobody ended it), then per player the take of that hand ("+41",
        points) over the running total, the cell of who ended it saying how
        where the game marks it ("rummy"); a blank for a player not dealt
        in. A move of the line, a leave or a join is a row of words where it
        happened.
    """
    names = data["seats"]
    kind = games.game(game)
    shorts = short_names(names)
    marks = table_marks(names, table)
    dealers = {name: escape(short) for name, short in shorts.items()}
    rows = []
    gone: set[str] = set()  # who left: their join is a return
    for event in data["events"]:
        if event["kind"] == "hand":
            rows.append(_hand_row(event, names, dealers, kind))
        else:
            returned = event["kind"] == "join" and event["player"] in gone
            if event["kind"] == "leave":
                gone.add(event["player"])
            elif returned:
                gone.discard(event["player"])
            rows.append(
                format_html(
                    '<tr class="sheet-note"><td colspan="{}">'
                    '<span class="sheet-note-text">{}</span></td></tr>',
                    len(names) + 1,
                    _note(event, kind.words, returned=returned),
                )
            )
    foot = [
        {
            "name": name,
            "total": data["totals"][seat],
            "place": place_shown(*data["places"][seat]) if data["places"][seat] else "",
            "seated": data["seated"][seat],
            "left": data["left_after"][seat] is not None,
            "winner": data["winner"] == name,
        }
        for seat, name in enumerate(names)
    ]
    return Sheet(
        names=names,
        short=[shorts[name] for name in names],
        marks=marks,
        rows=mark_safe("\n".join(rows)),  # noqa: S308  (every name escaped, the rest numbers)
        foot=foot,
        chart=chart(data, marks, limit),
        hands=data["hands_played"],
    )


def sheet_page(match: Any, data: dict[str, Any]) -> dict[str, Any]:
    """What a score sheet page shows of ``match`` from its snapshot ``data``
    (the host's and a share link's alike): the sheet, where the match
    stands, its final lines and how it is scored."""
    rules = match.house_rules()
    value = match.kind.chart_limit(rules)
    words = match.kind.words
    limit = (
        None if value is None else Limit(value, words.rules_short(rules), words.limit_said(rules))
    )
    return {
        "match": match,
        "data": data,
        "sheet": sheet(data, match.game, match, limit),
        "result": result_sentence(match, data),
        "final_lines": final_lines_of(match, data),
        "rules_sheet": words.rules_sheet(rules),
    }


def _hand_row(event: dict[str, Any], names: list[str], dealers: dict[str, str], kind: Game) -> str:
    """A hand's row; ``dealers`` maps a name to its short form, escaped; the
    game's words mark how it ended and whose cell is marked, and the game
    says which scores are written (``Game.take_said``)."""
    words = kind.words
    marks, out, hidden = words.sheet_marks(event)
    # A word in a player's own cell, where the game writes one ("out").
    notes = dict(zip(names, words.cell_notes(event), strict=False))
    mark = f'<span class="sheet-mark">{escape(", ".join(marks))}</span>' if marks else ""
    # How the hand ended ("rummy", "gin") goes in the cell of who ended it,
    # not under the dealer's name, where "3 Cara rummy" read as Cara's rummy.
    ended, mark = (mark, "") if out is not None else ("", mark)
    # What the game says beside the number (Contract's "two sets").
    noted = "".join(
        f'<span class="sheet-row-note">{escape(note)}</span>' for note in words.row_notes(event)
    )
    cells = [
        f'<tr class="sheet-hand-row"><th scope="row"><span class="sheet-hand">{event["number"]}'
        f'</span> <span class="sheet-dealer">{dealers[event["dealer"]]}</span>{noted}{mark}</th>'
    ]
    # Numbers only below: nothing to escape.
    for name, score, total in zip(names, event["scores"], event["totals"], strict=True):
        take = signed(score) if kind.take_said(score) else ""
        if score is None:
            # Not dealt in: sat out, had left, or not yet seated.
            cells.append(
                f'<td class="sheet-out-of-hand">{"" if total is None else written(total)}</td>'
            )
        elif name == out and not notes.get(name):
            cells.append(
                f'<td class="went-out"><span class="sheet-take">{take}'
                f'</span> <span class="sheet-total">{written(total)}</span>{ended}'
                f'<span class="visually-hidden"> ({escape(hidden)})</span></td>'
            )
        else:
            note = notes.get(name)
            cells.append(
                f'<td><span class="sheet-take">{take}</span> '
                f'<span class="sheet-total">{written(total)}</span>'
                + (f'<span class="sheet-mark">{escape(note)}</span>' if note else "")
                + "</td>"
            )
    cells.append("</tr>")
    return "".join(cells)


def _note(event: dict[str, Any], words: Any, *, returned: bool = False) -> str:
    """A sheet's row of words: a move of the line, a leave or a join (a
    ``returned`` player's, who left earlier: "Dan came back to their seat."),
    or the game's own event, in its ``words``."""
    if event["kind"] not in ("target", "leave", "join"):
        return stopped(words.own_sentence(event))
    if event["kind"] == "target":
        moved = {"before": event["from"], "after": event["target"]}
        return _("The line moved from %(before)s to %(after)s.") % moved
    said = {"player": event["player"], "other": event.get("after")}
    if event["kind"] == "leave":
        return _("%(player)s left the table.") % said
    if returned:
        return _("%(player)s came back to their seat.") % said
    if event["after"]:
        return _("%(player)s sat down after %(other)s.") % said
    return _("%(player)s sat down.") % said


def chart(data: dict[str, Any], marks: dict[str, Mark], limit: Limit | None = None) -> SafeString:
    """The totals after each hand as an SVG line chart, drawn on the server.

    Args:
        data: a stored snapshot (a stored snapshot with every entry).
        marks: the players' marks: each line is in its player's colour.
        limit: a total fixed for the match (Pool's limit): drawn and
            labelled as the line is, where the game has no line.

    Returns:
        An ``<svg>`` element (HTML-safe): one polyline per player (a point
        per hand they had a total in, at that total in points), the line as
        it stood at each hand and as it stands now, after the last (dashed),
        the points axis labelled at 0 and at its top, and a title and
        description for screen readers. Empty when no hand is recorded.
    """
    hands = [event for event in data["events"] if event["kind"] == "hand"]
    if not hands:
        return mark_safe("")
    names = data["seats"]
    target = data["target"]
    title = pgettext("the line: the score that ends a match", "the line")
    lines = _line_by_hand(data)
    if limit is not None and target is None:
        target, title = limit.points, limit.title
        lines = [target] * len(hands)
    low = min(0, *(t for hand in hands for t in hand["totals"] if t is not None))
    drawn = [line for line in lines if line is not None]
    high = max(*drawn, *(t for hand in hands for t in hand["totals"] if t is not None), 1)
    inner_w, inner_h = INNER_WIDTH, INNER_HEIGHT
    x = _across(len(hands))

    def y(points: int) -> float:
        return CHART_TOP + inner_h * (high - points) / (high - low)

    parts = [
        format_html(
            '<line class="chart-axis" x1="{}" y1="{}" x2="{}" y2="{}"/>',
            CHART_LEFT,
            _n(y(low)),
            CHART_LEFT + inner_w,
            _n(y(low)),
        )
    ]
    if low < 0:
        # Totals below zero (a game where a hand can cost more than it
        # gives) are drawn under a line at zero.
        parts.append(
            format_html(
                '<line class="chart-zero" x1="{}" y1="{}" x2="{}" y2="{}"/>',
                CHART_LEFT,
                _n(y(0)),
                CHART_LEFT + inner_w,
                _n(y(0)),
            )
        )
    # The line as it stands is labelled where it falls clear of zero and the
    # lowest total; near the top it is labelled rather than the top (a total
    # just past the line: "200" beside the dotted line, not "204" above it).
    near = (high - low) / 10
    ticks = {low, 0}
    if target is None or any(abs(target - tick) <= near for tick in ticks):
        ticks.add(high)
    elif abs(target - high) <= near:
        ticks.add(target)
    else:
        ticks |= {high, target}
    for value in sorted(ticks):
        parts.append(
            format_html(
                '<text class="chart-tick" x="{}" y="{}" data-points="{}">{}</text>',
                CHART_LEFT - 4,
                _n(y(value)),
                value,
                written(value),
            )
        )
    first, last = (
        pgettext("hand of cards", "hand %(number)s") % {"number": number}
        for number in (1, hands[-1]["number"])
    )
    parts.append(_foot(first, last, CHART_LEFT + inner_w))
    if target is not None:
        parts.append(_line(lines, target, x, y, title))
    across = [_n(x(i)) for i in range(len(hands))]  # the same for every player
    for seat, name in enumerate(names):
        points = [
            f"{across[i]},{_n(y(hand['totals'][seat]))}"
            for i, hand in enumerate(hands)
            if hand["totals"][seat] is not None
        ]
        if not points:
            continue
        end_x, end_y = points[-1].split(",")
        parts.append(
            format_html(
                '<polyline class="chart-series series-{} pc-{}" data-player="{}" points="{}">'
                "<title>{}</title></polyline>"
                '<circle class="chart-dot pc-{}" cx="{}" cy="{}" r="3"/>',
                seat % SERIES,
                marks[name].colour,
                name,
                " ".join(points),
                name,
                marks[name].colour,
                end_x,
                end_y,
            )
        )
    ends = ", ".join(
        f"{name} {written(total)}" for name, total in zip(names, data["totals"], strict=True)
    )
    description = ngettext(
        # Translators: %(totals)s lists each player's final total ("Ann 40, Ben 23").
        "Totals after %(count)s hand. Final totals: %(totals)s.",
        "Totals after each of %(count)s hands. Final totals: %(totals)s.",
        len(hands),
    )
    if data["target"] is not None:
        description = ngettext(
            # Translators: %(totals)s lists each player's final total ("Ann 40, Ben 23").
            "Totals after %(count)s hand. Final totals: %(totals)s. The line stands at %(target)s.",
            "Totals after each of %(count)s hands. Final totals: %(totals)s. "
            "The line stands at %(target)s.",
            len(hands),
        )
    description %= {"count": len(hands), "totals": ends, "target": data["target"]}
    if limit is not None:
        description = f"{description} {limit.said}"
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img"'
        ' aria-labelledby="chart-title chart-desc">'
        '<title id="chart-title">{}</title><desc id="chart-desc">{}</desc>{}</svg>',
        CHART_WIDTH,
        CHART_HEIGHT,
        # Translators: the title of the chart of the totals after each hand.
        _("Score progression"),
        description,
        mark_safe("".join(parts)),
    )


def _line(lines: list[int], target: int, x: Any, y: Any, title: str) -> str:
    """The line as it stood at each hand (``lines``) and as it stands now
    (``target``), drawn with the chart's ``x`` and ``y``, named ``title``."""
    points = " ".join(f"{_n(x(i))},{_n(y(line))}" for i, line in enumerate(lines))
    end = x(len(lines) - 1)
    if len(lines) == 1:  # one hand: the line across the chart, not a point
        end = CHART_LEFT + INNER_WIDTH
        points = f"{CHART_LEFT},{_n(y(lines[0]))} {_n(end)},{_n(y(lines[0]))}"
    if target != lines[-1]:  # moved since the last hand: it drops (or climbs) there
        points += f" {_n(end)},{_n(y(target))}"
    return format_html(
        '<polyline class="chart-line" points="{}"><title>{}</title></polyline>',
        points,
        title,
    )


def _line_by_hand(data: dict[str, Any]) -> list[int]:
    """The line (points) as it stood when each hand was played."""
    line = next(
        (event["from"] for event in data["events"] if event["kind"] == "target"), data["target"]
    )
    lines = []
    for event in data["events"]:
        if event["kind"] == "target":
            line = event["target"]
        elif event["kind"] == "hand":
            lines.append(line)
    return lines


def _n(value: float) -> str:
    """A coordinate, short: at most one decimal."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def places_chart(results: list[tuple[str, int, int]], mark: Mark) -> SafeString:
    """A player's places over time as an SVG line chart, drawn on the server.

    Args:
        results: ``(date label, place, players in the match)`` per closed
            match, oldest first.
        mark: the player's: the line is in their colour.

    Returns:
        An ``<svg>``: a point per match at its place (1 at the top), with a
        title and a description listing the places for screen readers.
        Empty without results.
    """
    if not results:
        return mark_safe("")
    worst = max(2, *(players for _label, _place, players in results))
    x = _across(len(results))

    def y(place: int) -> float:
        return CHART_TOP + INNER_HEIGHT * (place - 1) / (worst - 1)

    # The axis along the last place, the places up the side and the dates of
    # the first and the last match along the foot (one match: its date).
    parts = [
        format_html(
            '<line class="chart-axis" x1="{}" y1="{}" x2="{}" y2="{}"/>',
            CHART_LEFT,
            _n(y(worst)),
            CHART_LEFT + INNER_WIDTH,
            _n(y(worst)),
        ),
        *(
            format_html(
                '<text class="chart-tick" x="{}" y="{}" data-place="{}">{}</text>',
                CHART_LEFT - 4,
                _n(y(place)),
                place,
                ordinal(place),
            )
            for place in range(1, worst + 1)
        ),
    ]
    if len(results) == 1:
        parts.append(
            format_html(
                '<text class="chart-tick chart-hands chart-middle" x="{}" y="{}">{}</text>',
                _n(x(0)),
                CHART_HEIGHT - 6,
                results[0][0],
            )
        )
    else:
        parts.append(_foot(results[0][0], results[-1][0], CHART_LEFT + INNER_WIDTH))
    points = " ".join(
        f"{_n(x(i))},{_n(y(place))}" for i, (_label, place, _players) in enumerate(results)
    )
    parts.append(
        format_html('<polyline class="chart-series pc-{}" points="{}"/>', mark.colour, points)
    )
    for i, (label, place, _players) in enumerate(results):
        parts.append(
            format_html(
                '<circle class="chart-dot pc-{}" cx="{}" cy="{}" r="3">'
                "<title>{}: {}</title></circle>",
                mark.colour,
                _n(x(i)),
                _n(y(place)),
                label,
                ordinal(place),
            )
        )
    listed = ", ".join(f"{label} {ordinal(place)}" for label, place, _players in results)
    description = ngettext(
        # Translators: %(places)s lists a date and a place for each match ("12 Mar 2nd, ...").
        "Places in %(count)s finished match, oldest first: %(places)s.",
        "Places in %(count)s finished matches, oldest first: %(places)s.",
        len(results),
    ) % {"count": len(results), "places": listed}
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img"'
        ' aria-labelledby="places-title places-desc"><title id="places-title">{}'
        '</title><desc id="places-desc">{}</desc>{}</svg>',
        CHART_WIDTH,
        CHART_HEIGHT,
        # Translators: the title of the chart of a player's places in their matches.
        _("Places over time"),
        description,
        mark_safe("".join(parts)),
    )
