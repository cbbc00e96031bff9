"""The key unique per host, in a migration of its own: PostgreSQL refuses to
alter a table whose rows the same transaction has just updated."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0007_player_key"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="player",
            name="player_name_unique_per_host_any_case",
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("host", "key"), name="player_key_unique_per_host"
            ),
        ),
    ]
