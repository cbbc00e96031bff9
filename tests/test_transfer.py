"""Export and import: a match as a file and as CSV, every match at once, and
back again, by the pages and by the commands."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import scoring, services
from matches.models import Match, PendingImport, Player
from matches.scoring import Hand, Join, Leave, LineMove
from matches.scoring.matchfile import board_document, parse_match_text
from matches.scoring.rules import RULE_KEYS
from matches.transfer import (
    IMPORT_MAX_BYTES,
    IMPORT_MAX_MATCHES,
    account_export,
    export_document,
    import_read,
)
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_board_loop import text, url
from tests.test_scoring_properties import matches as generated_matches
from tests.test_snapshot import assert_current

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]


def score(document: dict[str, Any]) -> dict[str, Any]:
    """What ``manage.py score`` prints for a document."""
    return board_document(scoring.replay(parse_match_text(json.dumps(document))))


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
    return Match.objects.for_board().get(pk=match.pk)


def import_document(host: Any, document: dict[str, Any]) -> Match:
    checked = services.import_check([document])
    return services.matches_import(host=host, checked=checked)[0]


# Export ----------------------------------------------------------------------------------


def test_a_match_exports_as_the_documented_file(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], first_dealer="Ben")
    Match.objects.filter(pk=match.pk).update(created=datetime(2026, 5, 3, 19, 30, tzinfo=UTC))
    record(match, hand("Ben", Alice=23, Cara=["AH", "JH"]), {"target": 200}, {"leave": "cara"})
    undone = services.event_undo(match=match)
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


def read_csv(response: Any) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")
    return list(csv.reader(io.StringIO(body.removeprefix("\ufeff"))))


def test_the_csv_has_a_row_per_hand_scores_then_totals(client, host):
    match = MatchFactory(host=host, players=["Zoë", "=HYPERLINK(1)", "Cara ♥"], target=300)
    record(match, hand("Zoë", **{"=HYPERLINK(1)": 5, "Cara ♥": 7}))
    record(match, {"leave": "Cara ♥"}, {"join": "@Dan"})
    record(match, hand(None, **{"Zoë": 3, "=HYPERLINK(1)": 4, "@Dan": 9}))
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
    ]
    # Hand 2: nobody out, Zoë lowest takes (4 - 3) + (9 - 3) = 7; Cara had left.
    assert rows[1:] == [
        ["1", "Zoë", "Zoë", "no", "12", "0", "0", "", "12", "0", "0", ""],
        ["2", "'=HYPERLINK(1)", "nobody", "no", "7", "0", "", "0", "19", "0", "0", "0"],
    ]


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
            for name in RULE_KEYS
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
    with pytest.raises(scoring.RuleError) as refused:
        services.import_check([good, bad], several=True)
    assert str(refused.value) == (
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
    page = text(client.post(IMPORT, {"file": upload(json.dumps(document).encode())}))
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


def test_the_import_page_refuses_a_file_over_the_size_limit(client, host):
    big = b" " * (IMPORT_MAX_BYTES + 1)
    page = text(client.post(IMPORT, {"file": upload(big)}))
    assert "This file is over 5 MB (5,242,881 bytes); the app imports files of up to 5 MB." in page


# The commands ---------------------------------------------------------------------------


def test_import_match_and_export_match_commands(tmp_path):
    host = UserFactory(username="thursday")
    path = tmp_path / "sheet.json"
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben"],
        "events": [{"hand": {"went_out": "Ben", "leftovers": {"Alice": 23}}}],
    }
    path.write_text(json.dumps(document))
    out = io.StringIO()
    call_command("import_match", str(path), "--host", "thursday", stdout=out)
    url_path = out.getvalue().strip().splitlines()[-1]
    match = Match.objects.get(host=host)
    assert url_path == f"/matches/{match.public_id}/"
    printed = io.StringIO()
    call_command("export_match", "http://127.0.0.1:8000" + url_path, stdout=printed)
    assert score(json.loads(printed.getvalue())) == score(document)
    with pytest.raises(CommandError, match="no host with the username 'nobody'"):
        call_command("import_match", str(path), "--host", "nobody")
    path.write_text(json.dumps({**document, "players": ["Alice"]}))
    with pytest.raises(
        CommandError, match="nothing was imported: players: a match needs 2 to 6 players"
    ):
        call_command("import_match", str(path), "--host", "thursday")
    assert Match.objects.filter(host=host).count() == 1
    with pytest.raises(CommandError, match="no match 'nope'"):
        call_command("export_match", "nope")


@pytest.mark.django_db(transaction=True)
def test_the_commands_as_a_host_types_them(tmp_path):
    """Through manage.py, on a database of its own, as a user would run them."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "SECRET_KEY": "a test key that is long enough to pass the checks",
        "DEBUG": "true",
    }

    def manage(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert manage("migrate", "-v0").returncode == 0
    made = manage(
        "shell",
        "-c",
        "from django.contrib.auth.models import User; User.objects.create_user('ann')",
    )
    assert made.returncode == 0, made.stderr
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben"],
        "events": [{"hand": {"went_out": "Ben", "leftovers": {"Alice": 23}}}],
    }
    (tmp_path / "sheet.json").write_text(json.dumps(document))
    imported = manage("import_match", str(tmp_path / "sheet.json"), "--host", "ann")
    assert imported.returncode == 0, imported.stderr
    url_path = imported.stdout.strip().splitlines()[-1]
    assert url_path.startswith("/matches/")
    exported = manage("export_match", url_path)
    assert exported.returncode == 0, exported.stderr
    scored = manage("score", "-", stdin=exported.stdout)
    assert json.loads(scored.stdout)["totals"] == {"Alice": 0, "Ben": 23}


def test_the_same_file_again_is_pointed_out_before_it_is_imported_twice(client, host):
    document = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben"],
        "created": "2026-05-03T19:30:00Z",
    }
    content = json.dumps(document).encode()
    client.post(IMPORT, {"file": upload(content)})
    client.post(reverse("matches:import_confirm", args=[PendingImport.objects.get().token]))
    page = text(client.post(IMPORT, {"file": upload(content)}))
    assert "1 of 1 looks like matches you have already (the same date and players)" in page


@pytest.mark.parametrize(
    ("times", "message"),
    [
        (
            {"created": "9999-12-31T23:59:59+00:00"},
            "created: expected a date from the year 1900 to 2200",
        ),
        ({"created": "9999-12-31T23:59:59-14:00"}, "created: expected a date and time such as"),
        ({"created": "0001-01-01T00:00:00+14:00"}, "created: expected a date and time such as"),
        (
            {"created": "2026-05-03T19:30:00Z", "abandoned": "2020-01-01T00:00:00Z"},
            "abandoned: a match cannot be abandoned before it was created",
        ),
    ],
)
def test_dates_out_of_reach_are_refused(client, host, times, message):
    document = {"format": "rummy-match/1", "players": ["Alice", "Ben"], **times}
    page = text(client.post(IMPORT, {"file": upload(json.dumps(document).encode())}))
    assert message in page
    assert not PendingImport.objects.exists()


def test_names_are_checked_alike_on_import(client, host):
    for players, message in (
        (["A" * 41, "Ben"], "a name has at most 40 characters (this one has 41)"),
        (["Z\u0000W", "Ben"], "a name cannot hold a tab, a new line or another control character"),
        (["X\nY", "Ben"], "a name cannot hold a tab, a new line or another control character"),
    ):
        document = {"format": "rummy-match/1", "players": players}
        page = text(client.post(IMPORT, {"file": upload(json.dumps(document).encode())}))
        assert message in page


def test_a_file_of_too_many_matches_is_refused_with_a_way_out(client, host, settings):
    one = {"format": "rummy-match/1", "players": ["Alice", "Ben"]}
    document = {"format": "rummy-matches/1", "matches": [one] * (IMPORT_MAX_MATCHES + 1)}
    page = text(client.post(IMPORT, {"file": upload(json.dumps(document).encode())}))
    assert "the file holds 1,001 matches, and the app imports at most 1,000 at a time" in page
    assert "import it whole with manage.py import_match" in page
    assert not Match.objects.exists()


def account_file(count: int) -> dict[str, Any]:
    """An account file of ``count`` different matches of a few hands each."""
    names = ["Alice", "Ben", "Cara", "Dan"]
    matches = []
    for number in range(count):
        players = [*names[:2], f"Guest {number % 7}"]
        events = [
            hand(
                players[(number + turn) % 3],
                **{n: turn + 1 for n in players if n != players[(number + turn) % 3]},
            )
            for turn in range(number % 4)
        ]
        matches.append({"format": "rummy-match/1", "players": players, "events": events})
    return {"format": "rummy-matches/1", "matches": matches}


def test_the_command_imports_more_matches_than_the_page_takes(tmp_path, monkeypatch):
    monkeypatch.setattr("matches.transfer.IMPORT_MAX_MATCHES", 5)
    user = UserFactory(username="ann")
    path = tmp_path / "all.json"
    path.write_text(json.dumps(account_file(12)))
    out = io.StringIO()
    call_command("import_match", str(path), "--host", "ann", stdout=out)
    assert len(out.getvalue().splitlines()) == 12
    assert Match.objects.filter(host=user).count() == 12
    # Seven guests and the two regulars, each created once.
    assert Player.objects.filter(host=user).count() == 9
    with pytest.raises(scoring.RuleError, match="the file holds 12 matches"):
        import_read(path.read_text())


def test_an_import_writes_a_few_queries_per_table_not_per_match(
    django_assert_num_queries, django_assert_max_num_queries
):
    """The players' figures are counted once per player (three queries
    each); the matches go in a few inserts per table, so a hundred matches
    cost a few more queries than ten (the batches of a long insert), not ten
    times as many."""
    for count, pinned in ((10, django_assert_num_queries), (100, django_assert_max_num_queries)):
        host = UserFactory()
        checked = import_read(json.dumps(account_file(count)))
        # Players read and created, 4 tables written, 3 per player (9) for
        # their figures, three savepoint pairs; at a hundred matches, the
        # longer tables take a few inserts each.
        with pinned(2 + 4 + 3 * 9 + 6 + (0 if count == 10 else 12)):
            made = services.matches_import(host=host, checked=checked)
        assert len(made) == count
        for match in made[:: count // 5]:
            assert_current(match)


def test_checking_files_again_and_again_keeps_only_the_last_few(client, host):
    document = {"format": "rummy-match/1", "players": ["Alice", "Ben"]}
    for number in range(5):
        client.post(IMPORT, {"file": upload(json.dumps(document).encode(), f"try{number}.json")})
    kept = PendingImport.objects.filter(host=host).order_by("created")
    assert [pending.name for pending in kept] == ["try2.json", "try3.json", "try4.json"]
    # The newest still imports.
    client.post(reverse("matches:import_confirm", args=[kept.last().token]))
    assert Match.objects.filter(host=host).count() == 1


def test_a_csv_export_offered_to_import_is_named_for_what_it_is(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Ben", Alice=23))
    csv_file = client.get(url("export_csv", match)).content
    page = text(client.post(IMPORT, {"file": upload(csv_file, "match.csv")}))
    assert (
        "Nothing was imported: this is a CSV file, the spreadsheet export: only the match "
        "files (.json) that Export match file and Export every match give can be imported."
    ) in page
