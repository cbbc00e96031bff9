"""Backups with the database's own tools (``manage.py backup`` and
``restore``, run by ``make backup`` and ``make restore``): a backup restored
into an empty database gives back every account, match, share link and
player with the same boards, on SQLite and on PostgreSQL."""

from __future__ import annotations

import io
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client

from matches import services
from matches.models import Event, Match, Player, PlayerFigures, ShareLink
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.factories import board as stored_board
from tests.test_snapshot import assert_current

pytestmark = pytest.mark.django_db(transaction=True)


def tables() -> dict[str, Any]:
    """Everything a restore must give back, as plain values."""
    users = get_user_model().objects.order_by("username")
    return {
        "users": [(user.username, user.password) for user in users],
        "matches": [
            (
                match.public_id,
                match.host.username,
                match.status,
                match.version,
                match.abandoned,
                match.snapshot,
                match.next_match_id,
            )
            for match in Match.objects.select_related("host").order_by("pk")
        ],
        "events": list(Event.objects.order_by("pk").values_list("match_id", "data", "deleted")),
        "links": list(ShareLink.objects.order_by("pk").values_list("match_id", "token", "ended")),
        "players": list(Player.objects.order_by("pk").values_list("name", "key")),
        "figures": list(
            PlayerFigures.objects.order_by("pk").values_list(
                "player__name", "game", "played", "won", "figures", "recent"
            )
        ),
    }


def a_few_tables() -> list[ShareLink]:
    """Two hosts: a finished match with its rematch shared, one with a
    deleted entry, one set aside; returns the live share links."""
    alice = UserFactory(username="alice-host")
    closed = MatchFactory(host=alice, players=["Alice", "Ben", "Zoë"])
    record(closed, hand("Ben", Alice=60, Zoë=50))
    link = services.share_new(match=closed)
    rematch = services.match_rematch(match=closed)
    record(rematch, hand("Zoë", Alice=5, Ben=7))
    other = MatchFactory(host=UserFactory(username="ben-host"), players=["Cara", "Dan"])
    record(other, hand("Dan", Cara=12), hand("Cara", Dan=3))
    services.event_undo(match=other)
    aside = MatchFactory(host=alice, players=["Alice", "Eve"])
    services.match_abandon(match=aside)
    return [link, ShareLink.objects.get(match=rematch, ended=None)]


def shared_page(link: ShareLink) -> str:
    return Client().get(f"/s/{link.token}/").content.decode()


def test_a_backup_restored_into_an_empty_database_gives_everything_back(tmp_path):
    links = a_few_tables()
    before = tables()
    pages = [shared_page(ShareLink.objects.get(pk=link.pk)) for link in links]
    out = io.StringIO()
    call_command("backup", str(tmp_path / "night.bak"), stdout=out)
    assert out.getvalue().strip() == str(tmp_path / "night.bak")

    call_command("flush", interactive=False, verbosity=0)
    assert tables()["matches"] == []
    call_command("restore", str(tmp_path / "night.bak"), stdout=io.StringIO())
    assert tables() == before
    assert [shared_page(ShareLink.objects.get(pk=link.pk)) for link in links] == pages
    # The restored database takes the next hand like any other.
    closed = Match.objects.get(public_id=before["matches"][0][0])
    rematch = Match.objects.get(pk=closed.next_match_id)
    totals = stored_board(rematch).totals
    record(rematch, hand("Ben", Alice=1, Zoë=2))
    assert assert_current(rematch).hands_played == 2
    assert stored_board(rematch).totals == {**totals, "Ben": totals["Ben"] + 3}


def test_restore_refuses_a_database_that_is_not_empty_unless_forced(tmp_path):
    MatchFactory(host=UserFactory(username="first"))
    call_command("backup", str(tmp_path / "one.bak"), stdout=io.StringIO())
    MatchFactory(host=UserFactory(username="second"))
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(tmp_path / "one.bak"))
    assert str(refused.value) == (
        "nothing was restored: this database is not empty (it has accounts or matches): "
        "restoring would replace them all; say --force (make restore FORCE=1) if that is "
        "what you want"
    )
    assert Match.objects.count() == 2
    call_command("restore", str(tmp_path / "one.bak"), "--force", stdout=io.StringIO())
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["first"]
    assert Match.objects.count() == 1


def test_backup_and_restore_refuse_what_they_cannot_do_with_a_message(tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_text("Alice 23, Ben 18")
    cases = [
        (("restore", str(tmp_path / "missing.bak")), f"no backup file at {tmp_path}/missing.bak"),
        (("restore", str(junk)), f"{junk} is not a backup of this app"),
        (("backup", str(junk)), f"{junk} exists already: name a new file"),
    ]
    other = tmp_path / "other.bak"
    if connection.vendor == "sqlite":
        other.write_bytes(b"PGDMP\x01\x0f\x00" + b"\x00" * 32)
        wrong = "is a PostgreSQL backup and this database is SQLite"
    else:
        other.write_bytes(b"SQLite format 3\x00" + b"\x00" * 84)
        wrong = "is a SQLite backup and this database is PostgreSQL"
    cases.append((("restore", str(other)), wrong))
    for arguments, message in cases:
        with pytest.raises(CommandError) as refused:
            call_command(*arguments)
        assert message in str(refused.value), arguments


def test_a_backup_is_a_new_file_under_backups_by_default(tmp_path, settings):
    settings.BASE_DIR = tmp_path
    out = io.StringIO()
    call_command("backup", stdout=out)
    made = Path(out.getvalue().strip())
    assert made.parent == tmp_path / "backups"
    assert made.name.startswith("rummy-") and made.stat().st_size > 0


def test_a_backup_is_for_its_owner_only(tmp_path):
    path = tmp_path / "night" / "rummy.bak"
    call_command("backup", str(path), stdout=io.StringIO())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_restore_refuses_a_file_of_another_program_or_cut_short_even_when_forced(tmp_path):
    MatchFactory(host=UserFactory(username="keeper"))
    good = tmp_path / "good.bak"
    call_command("backup", str(good), stdout=io.StringIO())
    short = tmp_path / "short.bak"
    short.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    cases = [(short, "is damaged")]
    if connection.vendor == "sqlite":
        other = tmp_path / "other.sqlite3"
        database = sqlite3.connect(other)
        database.execute("CREATE TABLE t (x)")
        database.commit()
        database.close()
        cases.append((other, "is not a backup of this app (it holds no matches table)"))
    for path, message in cases:
        with pytest.raises(CommandError) as refused:
            call_command("restore", str(path), "--force")
        assert message in str(refused.value), path
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["keeper"]


@pytest.mark.skipif("connection.vendor != 'sqlite'")
def test_a_restore_into_a_new_sqlite_file_is_for_its_owner_only(tmp_path, monkeypatch):
    from matches import backup

    MatchFactory(host=UserFactory(username="keeper"))
    call_command("backup", str(tmp_path / "one.bak"), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    fresh = tmp_path / "new" / "db.sqlite3"
    fresh.parent.mkdir()
    monkeypatch.setattr(backup, "_sqlite_file", lambda: str(fresh))
    monkeypatch.setattr(backup, "call_command", lambda *args, **kwargs: None)  # no migrate here
    backup.restore(tmp_path / "one.bak")
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    database = sqlite3.connect(fresh)
    assert database.execute("SELECT username FROM auth_user").fetchall() == [("keeper",)]
    database.close()


def test_a_backup_from_before_an_upgrade_restores_and_is_brought_up_to_date(tmp_path):
    from tests.test_migrations import latest, migrate

    MatchFactory(host=UserFactory(username="old-keeper"), players=["Zoë", "Ben"])
    executor_targets = [("matches", "0006_share_links"), ("axes", None)]
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(executor_targets)
    try:
        call_command("backup", str(tmp_path / "old.bak"), stdout=io.StringIO())
    finally:
        executor = MigrationExecutor(connection)
        executor.loader.build_graph()
        executor.migrate(executor.loader.graph.leaf_nodes())
    migrate(latest())
    call_command("restore", str(tmp_path / "old.bak"), "--force", stdout=io.StringIO())
    assert Player.objects.get(name="Zoë").key == "zoë"  # 0007 ran again on the restored data
    assert get_user_model().objects.get().username == "old-keeper"
    # django-axes' tables, which the old backup lacked, are there again.
    client = Client()
    client.post("/accounts/login/", {"username": "old-keeper", "password": "wrong"})
    from axes.models import AccessAttempt

    assert AccessAttempt.objects.filter(username="old-keeper").exists()
