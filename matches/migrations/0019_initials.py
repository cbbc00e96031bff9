"""Players' initials, and when a colour was chosen: every player of every host gets their own, none alike
among that host's players (``matches.engine.names.own_initials``, players
in the order they were created), and every match keeps its players'
initials at its table."""

from django.db import migrations, models

from matches.engine.names import initials, own_initials


def give_initials(apps, schema_editor):
    Player = apps.get_model("matches", "Player")
    Match = apps.get_model("matches", "Match")
    MatchPlayer = apps.get_model("matches", "MatchPlayer")
    taken: dict[int, set[str]] = {}
    for player in Player.objects.order_by("created", "pk").only("pk", "host_id", "name"):
        host_taken = taken.setdefault(player.host_id, set())
        player.initials = own_initials(player.name, host_taken)
        host_taken.add(player.initials)
        Player.objects.filter(pk=player.pk).update(initials=player.initials)
    for match in Match.objects.only("pk").iterator():
        rows = MatchPlayer.objects.filter(match_id=match.pk).order_by("seat")
        own = {row.player.name: row.player.initials for row in rows.select_related("player")}
        Match.objects.filter(pk=match.pk).update(initials=initials(list(own), own))


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0018_colours"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="initials",
            field=models.CharField(blank=True, default="", max_length=4),
        ),
        migrations.AddField(
            model_name="player",
            name="colour_chosen",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="match",
            name="initials",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(give_initials, migrations.RunPython.noop),
    ]
