"""Export: a match as a ``rummy-match/1`` file or as CSV, and every match of a
host as one ``rummy-matches/1`` file, streamed (docs/match-format.md). Reads
only; the import, which writes, is ``services.import_check`` and
``services.matches_import``."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q
from django.utils.formats import get_format
from django.utils.text import slugify
from django.utils.translation import pgettext

from matches import games, services
from matches.engine.errors import RuleError
from matches.matchfile import (
    ACCOUNT_FORMAT,
    is_account,
    match_document,
    match_documents,
    parse_json,
)
from matches.models import Match

# Largest import file the Import page reads, in bytes: a 150-hand match of
# six players is about 40 KB, a 10-hand one of four about 1 KB.
IMPORT_MAX_BYTES = 5 * 1024 * 1024
# Most matches the Import page saves at once. The save is one transaction,
# and on SQLite every other table's save waits for it (up to the database's
# 20 s timeout, then a "server busy" page): 1,000 matches of 34 hands take
# about 5.5 s to save on two idle cores, after about 4 s of checking done
# outside the transaction. ``manage.py import_match`` takes any number.
IMPORT_MAX_MATCHES = 1000
# A spreadsheet reads a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Matches read from the database at a time by the whole-account export.
EXPORT_BATCH = 50


def import_read(text: str, *, limited: bool = True) -> list[services.Checked]:
    """Read an import file's text and check every match in it with the
    engine (``services.import_check``), writing nothing: what the Import page
    and ``manage.py import_match`` both do before saving.

    Args:
        text: the file, a ``rummy-match/1`` or ``rummy-matches/1`` document.
        limited: refuse more than ``IMPORT_MAX_MATCHES`` matches (the page;
            the command, run by whoever runs the site, takes any number).

    Returns:
        One ``services.Checked`` per match, in file order.

    Raises:
        RuleError: not JSON, nested too deeply, not a match file, no match,
            too many matches, or the first match that breaks a rule
            (docs/match-format.md).
    """
    try:
        document = parse_json(text)
    except RuleError:
        # The spreadsheet export, by the first cells it always has ("hello,
        # world" is text that is not JSON, and is refused as that).
        if text.removeprefix("\ufeff").lstrip().startswith("hand,dealer,"):
            raise RuleError("file_csv") from None
        raise
    documents = match_documents(document)
    if not documents:
        raise RuleError("file_no_match")
    if limited and len(documents) > IMPORT_MAX_MATCHES:
        raise RuleError("file_too_many", count=len(documents), most=IMPORT_MAX_MATCHES)
    return services.import_check(documents, several=is_account(document))


def export_document(match: Match) -> dict[str, Any]:
    """The ``rummy-match/1`` document of a stored match: its house rules (the
    line at the start), starting seats, first dealer and live events exactly
    as entered, with ``created``, when each event was recorded (``times``),
    the players' colours and, when set aside, ``abandoned``. Deleted entries are left out.

    Args:
        match: a match fetched with ``Match.objects.for_replay()``.
    """
    live = match.live_events()
    return match_document(
        rules=match.house_rules(),
        players=match.player_names(),
        first_dealer=match.first_dealer.name,
        events=[event.data for event in live],
        created=match.created.isoformat(),
        abandoned=match.abandoned.isoformat() if match.abandoned else None,
        times=[event.created.isoformat() for event in live],
        colours=match.colours,
    )


def export_text(match: Match) -> str:
    """``export_document`` as the JSON text of a file (UTF-8, indented)."""
    return json.dumps(export_document(match), indent=2, ensure_ascii=False) + "\n"


def file_name(match: Match, extension: str) -> str:
    """``rummy-2026-05-03-alice-ben-cara.json``: the date and the players."""
    names = slugify("-".join(match.player_names()))[:60].strip("-") or "match"
    return f"rummy-{match.created:%Y-%m-%d}-{names}.{extension}"


def cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as typed: text that it would read as a
    formula (``=1+2``, ``@SUM``) gets a leading apostrophe."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(data: dict[str, Any], game: str, times: list[str] | None = None) -> str:
    """A match of ``game`` as CSV, in the page's language (separated by
    semicolons where it writes decimals with a comma): a row per hand
    (hand number, dealer, the game's own columns: who went out and rummy,
    or who knocked and the result), then each player's score in that hand
    (points; blank when not dealt in), then each player's running total (blank before they sat
    down), then when it was recorded (ISO 8601), and the game's last row
    (Gin's final scores). Starts with a UTF-8 byte-order mark, so
    spreadsheets read accents and suit symbols.

    Args:
        data: a match's stored snapshot, its head and every entry.
        times: when each entry was recorded, in the entries' order.
    """
    words = games.game(game).words
    names = data["seats"]
    out = io.StringIO()
    out.write("\ufeff")
    # Where a decimal is written with a comma, spreadsheets split a line at
    # semicolons (a comma-separated file would open as one column).
    comma = get_format("DECIMAL_SEPARATOR") == ","
    writer = csv.writer(out, delimiter=";" if comma else ",", lineterminator="\r\n")
    # Translators: a column of the spreadsheet export; player is a name.
    score = pgettext("a column of the spreadsheet export", "%(player)s score")
    # Translators: a column of the spreadsheet export; player is a name.
    total = pgettext("a column of the spreadsheet export", "%(player)s total")
    writer.writerow(
        [
            pgettext("a column of the spreadsheet export", "hand"),
            pgettext("a column of the spreadsheet export", "dealer"),
            *map(str, words.CSV_COLUMNS),  # type: ignore[union-attr]
        ]
        + [cell(score % {"player": name}) for name in names]
        + [cell(total % {"player": name}) for name in names]
        + [pgettext("a column of the spreadsheet export", "time")]
    )
    kind = games.game(game)
    totals: list[int | None] = [None] * len(names)
    for index, event in enumerate(data["events"]):
        time = times[index] if times else ""
        if event["kind"] in kind.own_events:
            # The game's own event in words where the game's columns start,
            # with the totals after it: a total it set adds up down the column.
            if "total" in event:
                totals[names.index(event["player"])] = event["total"]
            writer.writerow(
                ["", "", cell(words.own_sentence(event))]  # type: ignore[union-attr]
                + [""] * (len(words.CSV_COLUMNS) - 1)  # type: ignore[union-attr]
                + [""] * len(names)
                + ["" if total is None else total for total in totals]
                + [time]
            )
        if event["kind"] != "hand":
            continue
        totals = list(event["totals"])
        writer.writerow(
            [event["number"], cell(event["dealer"])]
            + [
                cell(value) if isinstance(value, str) else value
                for value in words.csv_cells(event)  # type: ignore[union-attr]
            ]
            + ["" if score is None else score for score in event["scores"]]
            + ["" if total is None else total for total in totals]
            + [time]
        )
    foot = words.csv_foot(data)  # type: ignore[union-attr]
    if foot:
        writer.writerow(foot)
    return out.getvalue()


def account_export(host: AbstractBaseUser) -> Iterator[str]:
    """Every match of ``host``, oldest first (by date, then as stored), as one
    ``rummy-matches/1`` document, in pieces: a few matches are read from the
    database at a time, so the download never sits whole in memory.

    Yields:
        Pieces of the JSON text; joined, they are the document.

    docs/match-format.md, "Every match at once".
    """
    yield f'{{"format": "{ACCOUNT_FORMAT}", "matches": [\n'
    mine = Match.objects.for_replay().filter(host=host).order_by("created", "pk")
    after = None
    first = True
    while True:
        page = mine
        if after is not None:
            created, pk = after
            page = mine.filter(Q(created__gt=created) | Q(created=created, pk__gt=pk))
        batch = list(page[:EXPORT_BATCH])
        if not batch:
            break
        for match in batch:
            text = json.dumps(export_document(match), ensure_ascii=False)
            yield ("" if first else ",\n") + text
            first = False
        after = (batch[-1].created, batch[-1].pk)
    yield "\n]}\n"
