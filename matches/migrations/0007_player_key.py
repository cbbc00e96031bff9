"""Players get ``key`` (the engine's ``name_key`` of their name), unique per
host, in place of the constraint on ``Lower(name)``: the database's case
folding may be ASCII-only, the engine's is not."""

from django.db import migrations, models

from matches.engine.names import name_key


def fill_keys(apps, schema_editor):
    """Each player's key; two players of one host whom the old constraint let
    in under one key (say "Straße" and "STRASSE" on any database, or "Zoë" and
    "ZOË" where lower() folds ASCII only: SQLite, PostgreSQL's C locale) stay
    two players, the second keyed apart until the host merges them on the
    Players page. The keys are the engine's, worked out here rather than by
    the database, so they are the same whatever its locale."""
    Player = apps.get_model("matches", "Player")
    taken = set()
    changed = []
    for player in Player.objects.order_by("pk").only("pk", "host_id", "name"):
        key = name_key(player.name)
        if (player.host_id, key) in taken:
            key = f"{key}#{player.pk}"
        taken.add((player.host_id, key))
        player.key = key
        changed.append(player)
    Player.objects.bulk_update(changed, ["key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0006_share_links"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="key",
            field=models.CharField(default="", editable=False, max_length=200),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
    ]
