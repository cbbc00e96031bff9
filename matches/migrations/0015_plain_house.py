"""The house made plain, part 1 of 3: the host-stamp triggers go (the
services move a host's version on, ``HostVersion``), and the new homes of
what was stored in columns arrive beside them: a match's house rules as one
document (``Match.rules``), each match's figures of its game
(``MatchPlayer.figures``) and each player's figures per game
(``PlayerFigures``)."""

import importlib

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

TRIGGERS = importlib.import_module("matches.migrations.0014_host_stamp_triggers")


def drop_triggers(apps, schema_editor):
    TRIGGERS.backward(apps, schema_editor)


def restore_triggers(apps, schema_editor):
    TRIGGERS.forward(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("matches", "0014_host_stamp_triggers"),
    ]

    operations = [
        migrations.RunPython(drop_triggers, restore_triggers),
        migrations.CreateModel(
            name="HostVersion",
            fields=[
                (
                    "host",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("version", models.PositiveBigIntegerField(default=0)),
            ],
        ),
        migrations.CreateModel(
            name="PlayerFigures",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("game", models.CharField(max_length=20)),
                ("played", models.PositiveIntegerField(default=0)),
                (
                    "closed",
                    models.PositiveIntegerField(default=0, help_text="closed matches played"),
                ),
                ("won", models.PositiveIntegerField(default=0)),
                (
                    "no_winner",
                    models.PositiveIntegerField(default=0, help_text="closed with no winner"),
                ),
                ("figures", models.JSONField(blank=True, default=dict)),
                ("recent", models.JSONField(blank=True, default=list)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="figures",
                        to="matches.player",
                    ),
                ),
            ],
            options={"verbose_name_plural": "player figures"},
        ),
        migrations.AddConstraint(
            model_name="playerfigures",
            constraint=models.UniqueConstraint(
                models.F("player"), models.F("game"), name="player_figures_one_per_game"
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="rules",
            field=models.JSONField(default=dict),
        ),
        migrations.AddField(
            model_name="matchplayer",
            name="figures",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
