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


def state(target: str):
    """The app's models as migration ``target`` left them."""
    executor = MigrationExecutor(connection)
    return executor.loader.project_state([("matches", target)]).apps


def test_the_house_rules_and_the_figures_move_to_their_new_homes_and_nothing_is_lost():
    host = UserFactory()
    migrate("0014_host_stamp_triggers")
    try:
        apps = state("0014_host_stamp_triggers")
        OldPlayer = apps.get_model("matches", "Player")
        OldMatch = apps.get_model("matches", "Match")
        OldRow = apps.get_model("matches", "MatchPlayer")
        recent = [["abc", "2026-11-01T20:00:00+00:00", 1, False, False]]
        alice = OldPlayer.objects.create(
            host_id=host.pk,
            name="Alice",
            key="alice",
            played=2,
            closed=1,
            won=1,
            no_winner=0,
            hands_out=3,
            rummies=1,
            take=60,
            best_hand=30,
            recent=recent,
            gin_played=1,
            gin_closed=1,
            gin_won=1,
            gin_no_winner=0,
            gin_hands_won=4,
            gins=1,
            big_gins=0,
            undercuts_given=1,
            undercuts_taken=0,
            gin_margin=224,
            gin_recent=recent,
        )
        ben = OldPlayer.objects.create(host_id=host.pk, name="Ben", key="ben", played=1)
        rummy = OldMatch.objects.create(
            host_id=host.pk,
            first_dealer=alice,
            game="rummy",
            scheme="penalty",
            target=250,
            rummy_bonus="flat_25",
            stock_out="no_score",
            hand_limit=20,
            ace_value=11,
            decks=2,
        )
        gin = OldMatch.objects.create(
            host_id=host.pk,
            first_dealer=alice,
            game="gin",
            target=150,
            knock_limit=5,
            gin_bonus=20,
            big_gin_bonus=30,
            undercut_bonus=10,
            game_bonus=50,
            box_bonus=20,
            shutout="none",
            deal="loser",
            hand_limit=40,
        )
        OldRow.objects.create(
            match=rummy,
            player=alice,
            seat=0,
            total=12,
            seated=True,
            hands_out=3,
            rummies=1,
            take=60,
            best_hand=30,
        )
        OldRow.objects.create(match=rummy, player=ben, seat=1, total=40, seated=True)
        OldRow.objects.create(
            match=gin,
            player=alice,
            seat=0,
            total=104,
            seated=True,
            gin=True,
            hands_won=4,
            gins=1,
            undercuts_given=1,
            margin=224,
            won=True,
            closed=True,
            place=1,
        )
    finally:
        migrate(latest())
    from matches.models import Match, MatchPlayer, PlayerFigures

    assert Match.objects.get(pk=rummy.pk).rules == {
        "scheme": "penalty",
        "target": 250,
        "rummy_bonus": "flat_25",
        "stock_out": "no_score",
        "hand_limit": 20,
        "ace_value": 11,
        "decks": 2,
    }
    assert Match.objects.get(pk=gin.pk).rules == {
        "target": 150,
        "knock_limit": 5,
        "gin_bonus": 20,
        "big_gin_bonus": 30,
        "undercut_bonus": 10,
        "game_bonus": 50,
        "box_bonus": 20,
        "shutout": "none",
        "deal": "loser",
        "hand_limit": 40,
    }
    rows = {(row.match_id, row.player_id): row.figures for row in MatchPlayer.objects.all()}
    assert rows[(rummy.pk, alice.pk)] == {"hands_out": 3, "rummies": 1, "take": 60, "best_hand": 30}
    assert rows[(rummy.pk, ben.pk)] == {"hands_out": 0, "rummies": 0, "take": 0, "best_hand": None}
    assert rows[(gin.pk, alice.pk)] == {
        "hands_won": 4,
        "gins": 1,
        "big_gins": 0,
        "undercuts_given": 1,
        "undercuts_taken": 0,
        "margin": 224,
    }
    kept = {(row.player_id, row.game): row for row in PlayerFigures.objects.all()}
    assert sorted(kept) == [(alice.pk, "gin"), (alice.pk, "rummy"), (ben.pk, "rummy")]
    alice_rummy, alice_gin = kept[(alice.pk, "rummy")], kept[(alice.pk, "gin")]
    assert (alice_rummy.played, alice_rummy.closed, alice_rummy.won) == (2, 1, 1)
    assert alice_rummy.figures == {"hands_out": 3, "rummies": 1, "take": 60, "best_hand": 30}
    assert alice_rummy.recent == recent
    assert (alice_gin.played, alice_gin.won) == (1, 1)
    assert alice_gin.figures["hands_won"] == 4 and alice_gin.figures["margin"] == 224
    # Every player gets a colour, kept from one match to the next, and every
    # match the colours at its table (0018), none alike.
    alice, ben = Player.objects.get(pk=alice.pk), Player.objects.get(pk=ben.pk)
    assert (alice.colour, ben.colour) == ("#1773d0", "#d06111")
    assert Match.objects.get(pk=rummy.pk).colours == {"Alice": "#1773d0", "Ben": "#d06111"}
    assert Match.objects.get(pk=gin.pk).colours == {"Alice": "#1773d0"}
    # ... and the initials its board showed, which it keeps from now on (0019).
    assert Match.objects.get(pk=rummy.pk).initials == {"Alice": "AL", "Ben": "BE"}
    assert Match.objects.get(pk=gin.pk).initials == {"Alice": "AL"}
