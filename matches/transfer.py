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

from matches import services
from matches.models import Match
from matches.scoring import RuleError
from matches.scoring.matchfile import (
    ACCOUNT_FORMAT,
    is_account,
    match_document,
    match_documents,
    parse_json,
)

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
        first = text.removeprefix("\ufeff").lstrip().partition("\n")[0]
        if "," in first and not first.startswith(("{", "[")):
            raise RuleError(
                "this is a CSV file, the spreadsheet export: only the match files (.json) "
                "that Export match file and Export every match give can be imported"
            ) from None
        raise
    documents = match_documents(document)
    if not documents:
        raise RuleError("the file holds no match")
    if limited and len(documents) > IMPORT_MAX_MATCHES:
        raise RuleError(
            f"the file holds {len(documents):,} matches, and the app imports at most "
            f"{IMPORT_MAX_MATCHES:,} at a time; split its matches list into smaller files "
            "(or whoever runs the site can import it whole with manage.py import_match)"
        )
    return services.import_check(documents, several=is_account(document))


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
    rummy; in Gin Rummy who knocked and the result, and a last row of the
    final scores and the margin once won), then each player's score in that
    hand (points; blank when not dealt in), then each player's running
    total (blank before they sat down). Starts with a UTF-8 byte-order mark,
    so spreadsheets read accents and suit symbols.

    Args:
        data: a match's stored snapshot (``matches.scoring.snapshot.take``).

    Returns:
        The CSV text.
    """
    names = data["seats"]
    gin = "hands_won" in data  # a Gin Rummy match: who knocked, and the result
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(
        (
            ["hand", "dealer", "knocked", "result"]
            if gin
            else ["hand", "dealer", "went out", "rummy"]
        )
        + [cell(f"{name} score") for name in names]
        + [cell(f"{name} total") for name in names]
    )
    for event in data["events"]:
        if event["kind"] != "hand":
            continue
        if gin:
            how = [cell(event["knocked"] or "nobody"), event["result"].replace("_", " ")]
        else:
            how = [cell(event["went_out"] or "nobody"), "yes" if event["rummy"] else "no"]
        writer.writerow(
            [event["number"], cell(event["dealer"])]
            + how
            + ["" if score is None else score for score in event["scores"]]
            + ["" if total is None else total for total in event["totals"]]
        )
    if gin and data.get("final"):
        # A won Gin match: each final score under the scores, the margin beside.
        writer.writerow(["final", "", "", f"margin {data['margin']}", *data["final"]])
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
