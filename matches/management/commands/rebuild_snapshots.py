"""``python manage.py rebuild_snapshots``: replay matches and store their
snapshots again (``migrate`` does it for stale ones by itself)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.utils.translation import ngettext

from matches import services
from matches.models import Match, Player


class Command(BaseCommand):
    help = (
        "Replay matches and store their snapshots again: the stale ones (made by an "
        "older scoring engine), or with --all every match, and then count every "
        "player's figures afresh."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--all", action="store_true", help="rebuild every match, not only stale ones"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            every = list(Match.objects.values_list("pk", flat=True))
            for pk in every:
                services.snapshot_rebuild(Match(pk=pk))
            count = len(every)
        else:
            count = services.snapshots_rebuild_stale()
        said = ngettext("rebuilt %(count)s snapshot", "rebuilt %(count)s snapshots", count)
        self.stdout.write(said % {"count": count})
        if options["all"]:
            players = list(Player.objects.values_list("pk", flat=True))
            services.player_figures_rebuild(players)
            said = ngettext(
                "counted the figures of %(count)s player afresh",
                "counted the figures of %(count)s players afresh",
                len(players),
            )
            self.stdout.write(said % {"count": len(players)})
