"""Migrations that change what is stored keep every player a host had."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from matches.models import Player
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(target: str) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("matches", target)])


def latest() -> str:
    """The app's newest migration: where a test that went back returns."""
    ((_, name),) = MigrationExecutor(connection).loader.graph.leaf_nodes("matches")
    return name


def test_players_get_their_key_and_those_the_old_constraint_let_in_twice_stay_apart():
    host = UserFactory()
    # Names the old constraint on Lower(name) let in twice on every database:
    # lower() neither expands "ß" nor joins an accent typed as a letter of its
    # own ("e" + U+0308), whether it folds ASCII only (SQLite, PostgreSQL's C
    # locale) or every letter (a UTF-8 locale, which refuses "ZOË" after
    # "Zoë"); the engine's name_key makes one player of each pair.
    migrate("0006_share_links")
    try:
        with connection.cursor() as cursor:
            for name in ("Straße", "Zoë", "STRASSE", "Zoe\u0308", "Ben"):
                cursor.execute(
                    "INSERT INTO matches_player (host_id, name, created, played, closed, won,"
                    " no_winner, hands_out, rummies, take, recent)"
                    " VALUES (%s, %s, CURRENT_TIMESTAMP, 0, 0, 0, 0, 0, 0, 0, '[]')",
                    [host.pk, name],
                )
    finally:
        migrate(latest())
    players = list(Player.objects.filter(host=host).order_by("pk"))
    strasse, zoe, strasse_again, zoe_again, ben = players
    assert (ben.name, ben.key) == ("Ben", "ben")
    assert (strasse.name, strasse.key) == ("Straße", "strasse")
    assert (zoe.name, zoe.key) == ("Zoë", "zoë")
    # The second of each stays a player of their own, to be merged by the host.
    assert (strasse_again.name, strasse_again.key) == ("STRASSE", f"strasse#{strasse_again.pk}")
    assert (zoe_again.name, zoe_again.key) == ("Zoe\u0308", f"zoë#{zoe_again.pk}")


def test_sessions_live_before_the_move_keep_their_host_signed_in(client):
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore as DjangoSessions
    from django.urls import reverse

    from matches.models import HostSession

    host = UserFactory()
    migrate("0012_host_stamp")
    try:
        old = DjangoSessions()  # Django's own table, as before the move
        old[SESSION_KEY] = str(host.pk)
        old[BACKEND_SESSION_KEY] = "matches.accounts.HostBackend"
        old[HASH_SESSION_KEY] = host.get_session_auth_hash()
        old.create()
        gone = DjangoSessions()
        gone.create()
        gone.set_expiry(-1)
        gone.save()
    finally:
        migrate(latest())
    moved = HostSession.objects.get(session_key=old.session_key)
    assert moved.user_id == host.pk
    assert not HostSession.objects.filter(session_key=gone.session_key).exists()
    client.cookies["sessionid"] = old.session_key
    page = client.get(reverse("matches:home"))
    assert f'data-who="{host.pk}"' in page.content.decode()
    # Moved, not copied: a log-out after the move stays one if the
    # migration is ever taken back.
    assert not DjangoSessions().exists(old.session_key)
    client.post(reverse("logout"))
    kept = HostSession.objects.create(
        session_key="k" * 32, session_data=moved.session_data, expire_date=moved.expire_date
    )
    migrate("0012_host_stamp")
    try:
        assert not DjangoSessions().exists(old.session_key)
        assert DjangoSessions().exists(kept.session_key)
    finally:
        migrate(latest())
