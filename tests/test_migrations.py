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
    migrate("0006_share_links")
    try:
        with connection.cursor() as cursor:
            for name in ("Zoë", "ZOË", "Ben"):
                cursor.execute(
                    "INSERT INTO matches_player (host_id, name, created, played, closed, won,"
                    " no_winner, hands_out, rummies, take, recent)"
                    " VALUES (%s, %s, CURRENT_TIMESTAMP, 0, 0, 0, 0, 0, 0, 0, '[]')",
                    [host.pk, name],
                )
    finally:
        migrate(latest())
    players = list(Player.objects.filter(host=host).order_by("pk"))
    zoe, zoe_again, ben = players
    assert (ben.name, ben.key) == ("Ben", "ben")
    assert (zoe.name, zoe.key) == ("Zoë", "zoë")
    # The second Zoë stays a player of her own, to be merged by the host.
    assert (zoe_again.name, zoe_again.key) == ("ZOË", f"zoë#{zoe_again.pk}")
