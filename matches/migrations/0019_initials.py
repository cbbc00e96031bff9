"""Players' initials kept by each table: every match is given the initials
its board showed until now (``matches.engine.names.initials`` over the
players in seat order), and keeps them from now on, whoever joins."""

from django.db import migrations, models

from matches.engine.names import initials


def give_initials(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    MatchPlayer = apps.get_model("matches", "MatchPlayer")
    for match in Match.objects.only("pk").iterator():
        rows = MatchPlayer.objects.filter(match_id=match.pk).order_by("seat")
        names = [row.player.name for row in rows.select_related("player")]
        Match.objects.filter(pk=match.pk).update(initials=initials(names))


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0018_colours"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="initials",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(give_initials, migrations.RunPython.noop),
    ]
