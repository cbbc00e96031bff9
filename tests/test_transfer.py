"""Export and import: a match as a file and as CSV, every match at once, and
back again, by the pages and by the commands."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import games, services
from matches.engine.board import Join, Leave, LineMove
from matches.engine.errors import RuleError
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import Hand
from matches.json_reasons import JSON_REASONS
from matches.matchfile import board_document, parse_match_text
from matches.models import Event, Match, PendingImport, Player
from matches.transfer import (
    IMPORT_MAX_BYTES,
    account_export,
    export_document,
)
from matches.words import located
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_board_loop import text, url
from tests.test_scoring_properties import matches as generated_matches

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]


def score(document: dict[str, Any]) -> dict[str, Any]:
    """What ``manage.py score`` prints for a document."""
    return board_document(games.replay(parse_match_text(json.dumps(document))))


def file_event(event: Any) -> dict[str, Any]:
    """An engine event in match-file shape."""
    if isinstance(event, Hand):
        return {
            "hand": {
                "went_out": event.went_out,
                "rummy": event.rummy,
                "leftovers": dict(event.leftovers),
            }
        }
    if isinstance(event, LineMove):
        return {"target": event.target}
    if isinstance(event, Leave):
        return {"leave": event.player}
    assert isinstance(event, Join)
    return {"join": event.player, **({"after": event.after} if event.after else {})}


def stored(match: Match) -> Match:
    return Match.objects.for_replay().get(pk=match.pk)


def import_document(host: Any, document: dict[str, Any]) -> Match:
    checked = services.import_check([document])
    return services.matches_import(host=host, checked=checked)[0]


# Export ----------------------------------------------------------------------------------


def test_a_match_exports_as_the_documented_file(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], first_dealer="Ben")
    Match.objects.filter(pk=match.pk).update(created=datetime(2026, 5, 3, 19, 30, tzinfo=UTC))
    record(match, hand("Ben", Alice=23, Cara=["AH", "JH"]), {"target": 200}, {"leave": "cara"})
    undone = services.event_undo(match=match)
    for minute, event in enumerate(Event.objects.filter(match=match).order_by("position")):
        Event.objects.filter(pk=event.pk).update(
            created=datetime(2026, 5, 3, 19, 31 + minute, tzinfo=UTC)
        )
    response = client.get(url("export", match))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="rummy-2026-05-03-alice-ben-cara.json"'
    )
    assert json.loads(response.content) == {
        "format": "rummy-match/1",
        "rules": {
            "scheme": "highest_wins",
            "target": 100,
            "rummy_bonus": "double",
            "stock_out": "lowest_hand",
            "hand_limit": 150,
            "ace_value": 1,
            "decks": 1,
        },
        "players": ["Alice", "Ben", "Cara"],
        "first_dealer": "Ben",
        # The entry taken back is not exported.
        "events": [
            {
                "hand": {
                    "went_out": "Ben",
                    "rummy": False,
                    "leftovers": {"Alice": 23, "Cara": ["AH", "JH"]},
                }
            },
            {"target": 200},
        ],
        "created": "2026-05-03T19:30:00+00:00",
        # When each was recorded, in the events' order.
        "times": ["2026-05-03T19:31:00+00:00", "2026-05-03T19:32:00+00:00"],
        # Each player's colour, given in the palette's order to a host's first players.
        "colours": {"Alice": "#1773d0", "Ben": "#d06111", "Cara": "#248e24"},
    }
    assert undone.event.data == {"leave": "cara"}


def test_score_reads_an_export_and_ignores_the_dates(host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    services.match_abandon(match=match)
    document = export_document(stored(match))
    assert "abandoned" in document
    assert score(document)["totals"] == {"Alice": 0, "Ben": 41, "Cara": 0}


def test_score_refuses_a_file_of_several_matches(tmp_path, capsys):
    path = tmp_path / "all.json"
    path.write_text(json.dumps({"format": "rummy-matches/1", "matches": []}))
    with pytest.raises(SystemExit):
        call_command("score", str(path))
    assert capsys.readouterr().err.strip() == (
        "format: this file holds several matches (rummy-matches/1); give one match file "
        "(rummy-match/1) at a time"
    )


def read_csv(response: Any, delimiter: str = ",") -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body.removeprefix("\ufeff")), delimiter=delimiter))


def test_the_csv_has_a_row_per_hand_scores_then_totals(client, host):
    match = MatchFactory(host=host, players=["Zoë", "=HYPERLINK(1)", "Cara ♥"], target=300)
    record(match, hand("Zoë", **{"=HYPERLINK(1)": 5, "Cara ♥": 7}))
    record(match, {"leave": "Cara ♥"}, {"join": "@Dan"})
    record(match, hand(None, **{"Zoë": 3, "=HYPERLINK(1)": 4, "@Dan": 9}))
    for minute, event in enumerate(Event.objects.filter(match=match).order_by("position")):
        when = datetime(2026, 5, 3, 19, 31 + minute, tzinfo=UTC)
        Event.objects.filter(pk=event.pk).update(created=when)
    response = client.get(url("export_csv", match))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = read_csv(response)
    assert rows[0] == [
        "hand",
        "dealer",
        "went out",
        "rummy",
        "Zoë score",
        "'=HYPERLINK(1) score",
        "Cara ♥ score",
        "'@Dan score",
        "Zoë total",
        "'=HYPERLINK(1) total",
        "Cara ♥ total",
        "'@Dan total",
        "time",
    ]
    # Hand 2: nobody out, Zoë lowest takes (4 - 3) + (9 - 3) = 7; Cara had left.
    # Each hand's time is when it was recorded (the 4th entry: a leave and a join between).
    assert rows[1:] == [
        [
            "1",
            "Zoë",
            "Zoë",
            "no",
            "12",
            "0",
            "0",
            "",
            "12",
            "0",
            "0",
            "",
            "2026-05-03T19:31:00+00:00",
        ],
        [
            "2",
            "'=HYPERLINK(1)",
            "nobody",
            "no",
            "7",
            "0",
            "",
            "0",
            "19",
            "0",
            "0",
            "0",
            "2026-05-03T19:34:00+00:00",
        ],
    ]


def test_the_csv_speaks_the_page_s_language(client, host):
    """A spreadsheet is read by the table: its headings and words are in the
    host's language, the numbers as they are, and where a decimal is written
    with a comma, the cells are split at semicolons (as German spreadsheets
    expect); English and Hindi keep the comma."""
    match = MatchFactory(host=host, players=["Anna", "Bernd"], target=300)
    record(match, hand("Anna", rummy=True, Bernd=7), hand(None, Anna=3, Bernd=5))
    german = client.get(url("export_csv", match), HTTP_ACCEPT_LANGUAGE="de")
    assert german.content.decode().startswith("\ufeffRunde;Geber;ausgemacht;")
    rows = read_csv(german, delimiter=";")
    assert rows[0] == [
        "Runde",
        "Geber",
        "ausgemacht",
        "Hand-Rommé",
        "Anna Punkte",
        "Bernd Punkte",
        "Anna gesamt",
        "Bernd gesamt",
        "Zeit",
    ]
    # Hand 1: Anna out with rummy takes Bernd's 7 doubled; hand 2: nobody out,
    # Anna lowest takes 5 - 3.
    assert [row[:8] for row in rows[1:]] == [
        ["1", "Anna", "Anna", "ja", "14", "0", "14", "0"],
        ["2", "Bernd", "niemand", "nein", "2", "0", "16", "0"],
    ]
    hindi = client.get(url("export_csv", match), HTTP_ACCEPT_LANGUAGE="hi").content.decode()
    assert hindi.splitlines()[0].startswith("\ufeffराउंड,डीलर,")


def test_the_whole_account_streams_and_imports_into_a_fresh_account(client, host):
    first = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
    record(first, hand("Ben", Alice=60, Cara=50))
    second = MatchFactory(host=host, players=["Dan", "Eve"], scheme="penalty", target=150)
    record(second, {"join": "Fay", "after": "Dan"}, hand("Fay", Dan=12, Eve=3), {"target": 200})
    third = MatchFactory(host=host, players=["Gus", "Hal"])
    services.match_abandon(match=third)
    MatchFactory(players=["Not", "Mine"])
    response = client.get(reverse("matches:export_all"))
    assert response.streaming
    body = b"".join(response.streaming_content)
    if response.get("Content-Encoding") == "gzip":
        import gzip

        body = gzip.decompress(body)
    document = json.loads(body)
    assert document["format"] == "rummy-matches/1"
    assert [m["players"] for m in document["matches"]] == [
        ["Alice", "Ben", "Cara"],
        ["Dan", "Eve"],
        ["Gus", "Hal"],
    ]

    fresh = UserFactory()
    checked = services.import_check(document["matches"], several=True)
    made = services.matches_import(host=fresh, checked=checked)
    for original, copy in zip((first, second, third), made, strict=True):
        again = export_document(stored(copy))
        assert again == export_document(stored(original))
        assert score(again) == score(export_document(stored(original)))
    copies = Match.objects.filter(host=fresh).order_by("pk")
    assert [(m.status, m.shown_status) for m in copies] == [
        ("closed", "closed"),
        ("open", "open"),
        ("open", "abandoned"),
    ]
    assert sorted(Player.objects.filter(host=fresh).values_list("name", flat=True)) == [
        "Alice",
        "Ben",
        "Cara",
        "Dan",
        "Eve",
        "Fay",
        "Gus",
        "Hal",
    ]


def test_the_streamed_export_reads_matches_a_batch_at_a_time(host, django_assert_max_num_queries):
    for _ in range(3):
        MatchFactory(host=host)
    import matches.transfer as transfer

    old = transfer.EXPORT_BATCH
    transfer.EXPORT_BATCH = 2
    try:
        pieces = account_export(host)
        assert next(pieces).startswith('{"format": "rummy-matches/1"')
        with django_assert_max_num_queries(4):  # one batch: matches, dealers, seats, events
            next(pieces)
        rest = "".join(pieces)
    finally:
        transfer.EXPORT_BATCH = old
    assert rest.count('"format": "rummy-match/1"') == 2


# Round trip --------------------------------------------------------------------------------


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    generated=st.sampled_from(["highest_wins", "penalty"]).flatmap(
        lambda scheme: generated_matches(scheme=scheme, max_events=20)
    ),
    created=st.datetimes(
        min_value=datetime(1950, 1, 1), max_value=datetime(2026, 1, 1), timezones=st.just(UTC)
    ),
)
def test_export_then_import_gives_the_same_match(generated, created):
    engine_match = generated.match
    document = {
        "format": "rummy-match/1",
        # Every rule, decks included: a generated match may use two decks.
        "rules": {
            name: getattr(engine_match.rules, name)
            for name in RummyRules.names()
            if getattr(engine_match.rules, name) is not None
        },
        "players": list(engine_match.players),
        "first_dealer": engine_match.first_dealer,
        "events": [file_event(event) for event in engine_match.events],
        "created": created.isoformat(),
    }
    host = UserFactory()
    imported = stored(import_document(host, document))
    exported = export_document(imported)
    assert score(exported) == score(document)
    assert exported["players"] == list(engine_match.players)
    assert exported["created"] == created.isoformat()
    again = export_document(stored(import_document(UserFactory(), exported)))
    assert again == exported
    assert imported.snapshot["totals"] == list(generated.board.totals.values())


# Import: refusals save nothing ------------------------------------------------------------


def test_a_broken_match_in_an_account_file_saves_nothing_and_is_named():
    good = {"format": "rummy-match/1", "players": ["Alice", "Ben"], "events": []}
    bad = {
        "format": "rummy-match/1",
        "players": ["Cara", "Dan"],
        "events": [{"hand": {"went_out": "Cara", "leftovers": {"Dan": 0}}}],
    }
    host = UserFactory()
    with pytest.raises(RuleError) as refused:
        services.import_check([good, bad], several=True)
    assert located(refused.value) == (
        "match 2 (Cara, Dan): event 0 (the file's 1st event): Dan's leftover must be at least 1"
    )
    assert not Match.objects.filter(host=host).exists()


def upload(content: bytes, name: str = "match.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content, content_type="application/json")


IMPORT = reverse("matches:import")


def test_the_import_page_shows_the_file_then_saves_it_once(client, host):
    Player.objects.create(host=host, name="ben")
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben", "Cara"],
        "events": [{"hand": {"went_out": "Ben", "leftovers": {"Alice": 23, "Cara": 18}}}],
        "created": "2026-05-03T19:30:00Z",
    }
    page = text(client.post(IMPORT, {"file": upload(json.dumps(document).encode())}, follow=True))
    assert "match.json holds 1 match, and it follows the rules." in page
    assert "look like matches you have already" not in page
    assert "“Ben” joins your “ben”" in page and "“Alice” is a new player" in page
    assert "An export leaves out deleted entries" in page
    assert "Open · Ben leads · 1 hand · 3 May 2026, 19:30 UTC" in page
    assert not Match.objects.filter(host=host).exists()
    pending = PendingImport.objects.get(host=host)
    confirm = reverse("matches:import_confirm", args=[pending.token])
    response = client.post(confirm, follow=True)
    assert "Imported 1 match." in text(response)
    match = Match.objects.get(host=host)
    assert match.created == datetime(2026, 5, 3, 19, 30, tzinfo=UTC)
    assert match.player_names() == ["Alice", "ben", "Cara"]
    assert match.snapshot["totals"] == [0, 41, 0]
    # The same button again: nothing more.
    again = client.post(confirm, follow=True)
    assert "That file was imported already; nothing more was saved." in text(again)
    assert Match.objects.filter(host=host).count() == 1
    # Back to the page that asked (its own address: the file is never sent
    # again): it says the file is in, and leads to the match.
    back = client.get(confirm, follow=True)
    assert "That file was imported already; nothing more was saved." in text(back)
    assert back.redirect_chain[-1][0] == reverse("matches:detail", args=[match.public_id])
    assert Match.objects.filter(host=host).count() == 1


def test_another_host_cannot_save_someone_elses_upload(client, host):
    other = UserFactory()
    pending = PendingImport.objects.create(
        host=other, token="5f2c1a34-6b1e-4d4e-9a51-0c1d2e3f4a5b", text="{}"
    )
    response = client.post(reverse("matches:import_confirm", args=[pending.token]))
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe{", "This file is not UTF-8 text"),
        (
            b'{"format": ',
            "Nothing was imported: the file is not valid JSON: "
            "Expecting value (line 1, column 12).",
        ),
        (
            b"[" * 100_000 + b"]" * 100_000,
            "Nothing was imported: the file is not valid JSON: it is nested too deeply.",
        ),
        (
            b'{"format": "rummy-matches/1", "matches": []}',
            "Nothing was imported: the file holds no match.",
        ),
        (
            b'{"format": "rummy-match/1", "players": ["A", "B"], "created": "yesterday"}',
            "Nothing was imported: created: expected a date and time such as 2026-05-03T19:30:00Z.",
        ),
        (
            json.dumps(
                {
                    "format": "rummy-match/1",
                    "players": ["A", "B"],
                    "events": [{"hand": {"went_out": "A", "leftovers": {"B": 100}}}],
                    "abandoned": "2026-05-03T19:30:00Z",
                }
            ).encode(),
            "Nothing was imported: abandoned: a finished match cannot be abandoned; "
            "leave abandoned out.",
        ),
        (
            b'{"format": "rummy-match/1", "players": ["\\ud800", "B"]}',
            "Nothing was imported: the file has a broken character "
            "(a lone \\ud800 to \\udfff escape): export it again, or mend that text.",
        ),
        (
            b'{"format": "rummy-match/1", "players": ["A", "B"], "target": ' + b"9" * 5000 + b"}",
            "Nothing was imported: the file holds a number of thousands of digits.",
        ),
        (
            b'{"format": "rummy-match/1", "players": ["A", "B"], '
            b'"created": "2199-05-03T19:30:00Z"}',
            "Nothing was imported: created: a date in the future; an imported match keeps the "
            "date it was played.",
        ),
        (
            b'{"format": "rummy-match/9", "players": ["A", "B"]}',
            'Nothing was imported: format must be "rummy-match/1".',
        ),
        (
            # The event by its index, and as people count.
            json.dumps(
                {
                    "format": "rummy-match/1",
                    "players": ["A", "B"],
                    "events": [
                        {"hand": {"went_out": "A", "leftovers": {"B": 10}}},
                        {"hand": {"went_out": "A", "leftovers": {"B": 0}}},
                    ],
                }
            ).encode(),
            "Nothing was imported: event 1 (the file's 2nd event): B's leftover must be at "
            "least 1.",
        ),
        (
            b'{"format": "rummy-match/1", "rules": {"game": "gin"}, "players": ["A", "B", "C"]}',
            "Nothing was imported: players: Gin Rummy is a game for two: a match needs exactly "
            "2 players.",
        ),
    ],
)
def test_the_import_page_refuses_a_bad_file_with_a_message(client, host, content, message):
    response = client.post(IMPORT, {"file": upload(content)})
    assert response.status_code == 200
    assert message in text(response)
    assert not PendingImport.objects.exists() and not Match.objects.exists()


@pytest.mark.parametrize(
    "broken",
    [
        "",
        "{",
        '{"a" 1}',
        "[1 2]",
        '"abc',
        '"a\x01"',
        '"\\q"',
        '"\\u12"',
        "1 2",
        '{"a": 1,}',
        "[1,]",
    ],
)
def test_every_reason_the_json_reader_gives_has_words_to_translate(broken):
    with pytest.raises(json.JSONDecodeError) as stopped:
        json.loads(broken)
    assert stopped.value.msg in JSON_REASONS


def test_a_file_that_is_not_json_is_refused_in_the_page_s_language(client, host):
    page = text(client.post(IMPORT, {"file": upload(b'{"format": ')}, HTTP_ACCEPT_LANGUAGE="fr"))
    assert (
        "Rien n’a été importé : le fichier n’est pas du JSON valide : "
        "une valeur était attendue (ligne 1, colonne 12)."
    ) in page


def test_an_empty_file_is_refused_in_the_page_s_own_words(client, host):
    page = text(client.post(IMPORT, {"file": upload(b"")}, HTTP_ACCEPT_LANGUAGE="es"))
    # Spanish says "archivo" for a file on every page of the app.
    assert "El archivo enviado está vacío." in page
    assert not Match.objects.exists()


def test_the_import_page_refuses_a_file_over_the_size_limit(client, host):
    big = b" " * (IMPORT_MAX_BYTES + 1)
    page = text(client.post(IMPORT, {"file": upload(big)}))
    assert "This file is over 5 MB (5,242,881 bytes); the app imports files of up to 5 MB." in page


def test_an_import_keeps_when_each_entry_was_recorded(client, host):
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben", "Cara"],
        "events": [
            {"hand": {"went_out": "Ben", "leftovers": {"Alice": 5, "Cara": 7}}},
            {"target": 200},
        ],
        "created": "2026-05-03T19:30:00Z",
        "times": ["2026-05-03T19:41:00Z", "2026-05-03T21:05:00+02:00"],
    }
    match = import_document(host, document)
    assert [event.created for event in Event.objects.filter(match=match).order_by("position")] == [
        datetime(2026, 5, 3, 19, 41, tzinfo=UTC),
        datetime(2026, 5, 3, 19, 5, tzinfo=UTC),
    ]
    # The board's entries show them, and an export writes them back.
    board = client.get(url("detail", match)).content.decode()
    assert 'datetime="2026-05-03T19:41:00+00:00"' in board
    assert export_document(stored(match))["times"] == [
        "2026-05-03T19:41:00+00:00",
        "2026-05-03T19:05:00+00:00",
    ]
    # Without times, each entry takes the match's date.
    del document["times"]
    other = import_document(host, document)
    assert {event.created for event in Event.objects.filter(match=other)} == {
        datetime(2026, 5, 3, 19, 30, tzinfo=UTC)
    }


@pytest.mark.parametrize(
    ("times", "message"),
    [
        (["2026-05-03T19:41:00Z"], "times must be a list of one time per event (2 events here)"),
        (
            ["2026-05-03T19:41:00Z", "yesterday"],
            "times: the time of event 1 (the file's 2nd event): expected a date and time such as "
            "2026-05-03T19:30:00Z",
        ),
    ],
)
def test_an_import_refuses_times_it_cannot_keep_naming_them(client, host, times, message):
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben"],
        "events": [{"hand": {"went_out": "Ben", "leftovers": {"Alice": 5}}}, {"target": 200}],
        "times": times,
    }
    response = client.post(IMPORT, {"file": upload(json.dumps(document).encode())})
    assert f"Nothing was imported: {message}." in text(response)
    assert not PendingImport.objects.exists() and not Match.objects.exists()
