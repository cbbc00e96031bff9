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
from django.utils.text import slugify

from matches.models import Match
from matches.scoring.matchfile import ACCOUNT_FORMAT, match_document

# Largest import file the app reads, in bytes: a 150-hand match of six
# players is about 40 KB, so this holds hundreds of matches.
IMPORT_MAX_BYTES = 5 * 1024 * 1024
# Most matches one import saves: it holds the database for its whole
# transaction (about 3 s for 200 matches of 30 hands on two cores), and
# the other tables' saves wait for it.
IMPORT_MAX_MATCHES = 200
# A spreadsheet reads a cell that starts with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# Matches read from the database at a time by the whole-account export.
EXPORT_BATCH = 50


def export_document(match: Match) -> dict[str, Any]:
    """The ``rummy-match/1`` document of a stored match: its house rules (the
    line at the start), starting seats, first dealer and live events exactly
    as entered, with ``created`` and, when set aside, ``abandoned``.
    Deleted entries are left out.

    Args:
        match: a match fetched with ``Match.objects.for_board()``.
    """
    return match_document(
        rules=match.house_rules(),
        players=match.player_names(),
        first_dealer=match.first_dealer.name,
        events=[event.data for event in match.live_events()],
        created=match.created.isoformat(),
        abandoned=match.abandoned.isoformat() if match.abandoned else None,
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


def export_csv(data: dict[str, Any]) -> str:
    """A match as CSV: a row per hand (hand number, dealer, who went out,
    rummy), then each player's score in that hand (points; blank when not
    dealt in), then each player's running total (blank before they sat
    down). Starts with a UTF-8 byte-order mark, so spreadsheets read accents
    and suit symbols.

    Args:
        data: a match's stored snapshot (``matches.scoring.snapshot.take``).

    Returns:
        The CSV text.
    """
    names = data["seats"]
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        ["hand", "dealer", "went out", "rummy"]
        + [cell(f"{name} score") for name in names]
        + [cell(f"{name} total") for name in names]
    )
    for event in data["events"]:
        if event["kind"] != "hand":
            continue
        writer.writerow(
            [event["number"], cell(event["dealer"]), cell(event["went_out"] or "nobody")]
            + ["yes" if event["rummy"] else "no"]
            + ["" if score is None else score for score in event["scores"]]
            + ["" if total is None else total for total in event["totals"]]
        )
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
    mine = Match.objects.for_board().filter(host=host).order_by("created", "pk")
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
