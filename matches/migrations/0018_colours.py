"""Players' colours: every player of every host gets one, and every match
the colours at its table, given as a new seat would have them
(``matches.colours.at_table``): matches in the order they were created,
each seat in turn keeping its player's colour unless someone at the table
has it."""

from collections import Counter

from django.db import migrations, models

from matches.colours import at_table, least_used


def give_colours(apps, schema_editor):
    Player = apps.get_model("matches", "Player")
    Match = apps.get_model("matches", "Match")
    MatchPlayer = apps.get_model("matches", "MatchPlayer")
    own: dict[int, str] = {}
    used: dict[int, Counter] = {}
    for match in Match.objects.order_by("created", "pk").only("pk", "host_id").iterator():
        rows = list(
            MatchPlayer.objects.filter(match_id=match.pk).order_by("seat").select_related("player")
        )
        names = [row.player.name for row in rows]
        mine = {row.player.name: own.get(row.player_id, "") for row in rows}
        host_used = used.setdefault(match.host_id, Counter())
        table = at_table(names, {}, mine, host_used)
        for row in rows:
            own.setdefault(row.player_id, table[row.player.name])
        Match.objects.filter(pk=match.pk).update(colours=table)
    for player in Player.objects.order_by("created", "pk").only("pk", "host_id").iterator():
        host_used = used.setdefault(player.host_id, Counter())
        if player.pk not in own:
            own[player.pk] = least_used((), host_used)
            host_used[own[player.pk]] += 1
        Player.objects.filter(pk=player.pk).update(colour=own[player.pk])


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0017_plain_house_cleanup"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="colours",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="player",
            name="colour",
            field=models.CharField(blank=True, default="", max_length=7),
        ),
        migrations.RunPython(give_colours, migrations.RunPython.noop),
    ]
