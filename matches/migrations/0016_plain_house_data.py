"""The house made plain, part 2 of 3: what the columns held, copied to its
new homes, nothing lost. The rule columns of each match become its rules
document; a Rummy or Gin row's figure columns its figures; a player's Rummy
and Gin columns their figures per game. The keys are written out here as
they were: a later game must not change what this copies."""

from django.db import migrations

RULES = {
    "rummy": ("scheme", "target", "rummy_bonus", "stock_out", "hand_limit", "ace_value", "decks"),
    "gin": (
        "target",
        "knock_limit",
        "gin_bonus",
        "big_gin_bonus",
        "undercut_bonus",
        "game_bonus",
        "box_bonus",
        "shutout",
        "deal",
        "hand_limit",
    ),
}
ROW_FIGURES = {
    "rummy": ("hands_out", "rummies", "take", "best_hand"),
    "gin": ("hands_won", "gins", "big_gins", "undercuts_given", "undercuts_taken", "margin"),
}
# A player's columns per game: (played, closed, won, no_winner, recent), and
# each figure's column.
PLAYER_COUNTS = {
    "rummy": ("played", "closed", "won", "no_winner", "recent"),
    "gin": ("gin_played", "gin_closed", "gin_won", "gin_no_winner", "gin_recent"),
}
PLAYER_FIGURES = {
    "rummy": {
        "hands_out": "hands_out",
        "rummies": "rummies",
        "take": "take",
        "best_hand": "best_hand",
    },
    "gin": {
        "hands_won": "gin_hands_won",
        "gins": "gins",
        "big_gins": "big_gins",
        "undercuts_given": "undercuts_given",
        "undercuts_taken": "undercuts_taken",
        "margin": "gin_margin",
    },
}
BATCH = 500


def forward(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    MatchPlayer = apps.get_model("matches", "MatchPlayer")
    Player = apps.get_model("matches", "Player")
    PlayerFigures = apps.get_model("matches", "PlayerFigures")

    matches = []
    for match in Match.objects.order_by("pk").iterator(chunk_size=BATCH):
        game = match.game if match.game in RULES else "rummy"
        match.rules = {key: getattr(match, key) for key in RULES[game]}
        matches.append(match)
    Match.objects.bulk_update(matches, ["rules"], batch_size=BATCH)

    rows = []
    for row in MatchPlayer.objects.order_by("pk").iterator(chunk_size=BATCH):
        game = "gin" if row.gin else "rummy"
        row.figures = {name: getattr(row, name) for name in ROW_FIGURES[game]}
        rows.append(row)
    MatchPlayer.objects.bulk_update(rows, ["figures"], batch_size=BATCH)

    figures = []
    for player in Player.objects.order_by("pk").iterator(chunk_size=BATCH):
        for game, (played, closed, won, no_winner, recent) in PLAYER_COUNTS.items():
            if not getattr(player, played):
                continue
            figures.append(
                PlayerFigures(
                    player=player,
                    game=game,
                    played=getattr(player, played),
                    closed=getattr(player, closed),
                    won=getattr(player, won),
                    no_winner=getattr(player, no_winner),
                    figures={
                        name: getattr(player, column)
                        for name, column in PLAYER_FIGURES[game].items()
                    },
                    recent=getattr(player, recent),
                )
            )
    PlayerFigures.objects.bulk_create(figures, batch_size=BATCH)


def backward(apps, schema_editor):
    """Going back: the rules and the figures to their columns again."""
    Match = apps.get_model("matches", "Match")
    MatchPlayer = apps.get_model("matches", "MatchPlayer")
    Player = apps.get_model("matches", "Player")
    for match in Match.objects.order_by("pk").iterator(chunk_size=BATCH):
        for key, value in (match.rules or {}).items():
            setattr(match, key, value)
        match.save()
    for row in MatchPlayer.objects.select_related("match").iterator(chunk_size=BATCH):
        row.gin = row.match.game == "gin"
        for key, value in (row.figures or {}).items():
            setattr(row, key, value)
        row.save()
    for player in Player.objects.prefetch_related("figures").iterator(chunk_size=BATCH):
        for kept in player.figures.all():
            columns = PLAYER_COUNTS.get(kept.game)
            if columns is None:
                continue
            for column, value in zip(
                columns,
                (kept.played, kept.closed, kept.won, kept.no_winner, kept.recent),
                strict=True,
            ):
                setattr(player, column, value)
            for name, column in PLAYER_FIGURES[kept.game].items():
                setattr(player, column, kept.figures.get(name, getattr(player, column)))
        player.save()


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0015_plain_house"),
    ]

    operations = [migrations.RunPython(forward, backward)]
