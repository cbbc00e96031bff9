"""The house made plain, part 3 of 3: the columns whose values part 2 copied
go, with the rule columns' constraints (a game's rules are checked by the
game), the host stamp (``HostVersion`` instead) and the app's own session
table (Django's own sessions instead: hosts log in once more)."""

from django.db import migrations, models

MATCH_RULES = (
    "ace_value",
    "big_gin_bonus",
    "box_bonus",
    "deal",
    "decks",
    "game_bonus",
    "gin_bonus",
    "hand_limit",
    "knock_limit",
    "rummy_bonus",
    "scheme",
    "shutout",
    "stock_out",
    "target",
    "undercut_bonus",
)
MATCH_CONSTRAINTS = (
    "match_target_range",
    "match_hand_limit_range",
    "match_ace_value",
    "match_decks",
    "match_game",
    "match_knock_limit_range",
    "match_gin_bonus_range",
    "match_big_gin_bonus_range",
    "match_undercut_bonus_range",
    "match_game_bonus_range",
    "match_box_bonus_range",
)
ROW_FIGURES = (
    "best_hand",
    "big_gins",
    "gin",
    "gins",
    "hands_out",
    "hands_won",
    "margin",
    "rummies",
    "take",
    "undercuts_given",
    "undercuts_taken",
)
PLAYER_FIGURES = (
    "best_hand",
    "big_gins",
    "closed",
    "gin_closed",
    "gin_hands_won",
    "gin_margin",
    "gin_no_winner",
    "gin_played",
    "gin_recent",
    "gin_won",
    "gins",
    "hands_out",
    "no_winner",
    "played",
    "recent",
    "rummies",
    "take",
    "undercuts_given",
    "undercuts_taken",
    "won",
)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0016_plain_house_data"),
    ]

    operations = [
        *(migrations.RemoveConstraint(model_name="match", name=name) for name in MATCH_CONSTRAINTS),
        *(migrations.RemoveField(model_name="match", name=name) for name in MATCH_RULES),
        *(migrations.RemoveField(model_name="matchplayer", name=name) for name in ROW_FIGURES),
        *(migrations.RemoveField(model_name="player", name=name) for name in PLAYER_FIGURES),
        migrations.AlterField(
            model_name="match",
            name="game",
            field=models.CharField(default="rummy", max_length=20),
        ),
        migrations.DeleteModel(name="HostSession"),
        migrations.DeleteModel(name="HostStamp"),
    ]
