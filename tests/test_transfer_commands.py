"""The export and import commands (``export_match``, ``import_match``)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from matches import services
from matches.models import Match, PendingImport, Player
from matches.transfer import (
    IMPORT_MAX_MATCHES,
    import_read,
)
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.refusals import refused_with
from tests.test_board_loop import text, url
from tests.test_snapshot import assert_current
from tests.test_transfer import IMPORT, ROOT, score, upload

pytestmark = pytest.mark.django_db

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
    page = text(client.post(IMPORT, {"file": upload(content)}, follow=True))
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
    with refused_with("the file holds 12 matches"):
        import_read(path.read_text())


def test_an_import_writes_a_few_queries_per_table_not_per_match(
    django_assert_num_queries, django_assert_max_num_queries
):
    """The players' figures are counted from one read of their matches (and
    one read of each player's last results); the matches go in a few inserts
    per table, so a hundred matches cost a few more queries than ten (the
    batches of a long insert), not ten times as many."""
    for count, pinned in ((10, django_assert_num_queries), (100, django_assert_max_num_queries)):
        host = UserFactory()
        checked = import_read(json.dumps(account_file(count)))
        # Players read, their initials taken read and the new ones created,
        # the colours the host's players have read and the new players'
        # written, 4 tables written; for the figures their matches read,
        # each player's last results (9), the figures read and written; the
        # host's version; at a hundred matches, the longer tables take a few
        # inserts each.
        with pinned(3 + 2 + 4 + 1 + 9 + 2 + 1 + (0 if count == 10 else 12)):
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
    # Any other text with a comma is not taken for it: it is not JSON.
    other = text(client.post(IMPORT, {"file": upload(b"hello, this is not json", "notes.txt")}))
    assert "spreadsheet" not in other
    assert "Nothing was imported: the file is not valid JSON" in other
