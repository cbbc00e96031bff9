"""Gin Rummy's words: its name, its refusals (by code, as ``matches.words``
asks them), the rules' names in a sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.phrases import plural, rounded, signed

from .table import final_parts

NAME = "Gin Rummy"

REFUSALS: dict[str, Any] = {
    "gin.players": "Gin Rummy is a game for two: a match needs exactly 2 players",
    "gin.no_seat_changes": "Gin Rummy is a game for two: nobody can leave or join",
    "gin.big_gin_not_bool": "big_gin must be true or false",
    "gin.big_gin_drawn": "nobody knocked, so the hand cannot be big gin",
    "gin.drawn_deadwood": "nobody knocked, so the hand is drawn and has no deadwood",
    "gin.deadwood_negative": "{player}'s deadwood must be 0 or more",
    "gin.too_many_cards": "{player}'s cards: {count} unmatched cards, but {dealt} were dealt",
    "gin.knock_over_limit": lambda v: (
        f"{v['player']} knocked with {v['points']} {'point' if v['points'] == 1 else 'points'} "
        f"of deadwood; the most is {v['most']}"
    ),
    "gin.deadwood_over": (
        "{player}'s deadwood of {points} points is more than ten unmatched cards can hold ({most})"
    ),
    "gin.big_gin_deadwood": "big gin needs {name}'s deadwood to be 0 (all eleven cards melded)",
    "gin.hand_no_knocked": (
        "a Gin Rummy hand needs knocked: the player who knocked, or null for a drawn hand"
    ),
    "gin.deadwood_not_object": "deadwood must be an object: each player's deadwood",
    "gin.unmatched": "ten unmatched cards",
}

RULE_NAMES: dict[str, str] = {
    "knock_limit": "the knock limit",
    "gin_bonus": "the gin bonus",
    "big_gin_bonus": "the big gin bonus",
    "undercut_bonus": "the undercut bonus",
    "game_bonus": "the game bonus",
    "box_bonus": "the box bonus",
}

# How each house rule reads to a person (the line and the hand limit are
# every game's: ``matches.words``).
TITLES = {
    "knock_limit": "Knock limit",
    "gin_bonus": "Gin bonus",
    "big_gin_bonus": "Big gin bonus",
    "undercut_bonus": "Undercut bonus",
    "game_bonus": "Game bonus",
    "box_bonus": "Box bonus",
    "shutout": "Shutout (the loser won no hand)",
    "deal": "Who deals after a hand",
}
HELP = {
    "knock_limit": "The most deadwood a knock may hold (0 to 10; 0: only gin ends a hand).",
    "gin_bonus": "Added for going gin, with no deadwood (0 to 50).",
    "big_gin_bonus": "Added instead for big gin, all eleven cards melded (0 to 50).",
    "undercut_bonus": "Added when the other holds no more deadwood than the knocker (0 to 50).",
    "game_bonus": "Added to the winner's final score (0 to 500).",
    "box_bonus": "Added to each player's final score for every hand they won (0 to 100).",
    "shutout": "When the match is won and the loser won no hand at all.",
    "deal": "After a drawn hand the same player deals again.",
}
CHOICES: dict[str, dict[object, str]] = {
    "shutout": {
        "double_total": "The winner's whole final score is doubled",
        "double_points": "The winner's points are doubled before the bonuses",
        "game_bonus_200": "The winner's game bonus is doubled",
        "none": "Nothing more",
    },
    "deal": {
        "alternate": "The other player: the deal alternates",
        "winner": "The winner of the hand",
        "loser": "The loser of the hand",
    },
}


# Sentences of the board, the history, the sheet and the share link.

# What a hand's result is called at the table.
RESULTS = {
    "gin": "Gin",
    "big_gin": "Big gin",
    "knock": "Knock",
    "undercut": "Undercut",
    "drawn": "Drawn hand",
}


def hands_won(count: int) -> str:
    """ "1 hand won", "3 hands won"."""
    return f"{plural(count, 'hand')} won"


def summary(hand: Any, rules: Any) -> str:
    """What a hand scored: "Undercut: Ben scores 27", "Drawn hand: nobody scores"."""
    if hand.winner is None:
        return "Drawn hand: nobody scores"
    return f"{RESULTS[hand.result]}: {hand.winner} scores {hand.scores[hand.winner]}"


def _ended(knocked: str | None, result: str, winner: str | None) -> str:
    if knocked is None:
        return "drawn hand"
    if result == "undercut":
        return f"{knocked} knocked and {winner} undercut"
    if result in ("gin", "big_gin"):
        return f"{knocked} went {RESULTS[result].lower()}"
    return f"{knocked} knocked"


def ended(hand: Any) -> str:
    """How a hand ended: "Alice knocked", "Alice knocked and Ben undercut",
    "Alice went gin", "drawn hand"."""
    return _ended(hand.knocked, hand.result, hand.winner)


def entry_ended(entry: Mapping[str, Any]) -> str:
    """How a stored hand ended (``ended``)."""
    return _ended(entry["knocked"], entry["result"], entry["winner"])


def typed(hand: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A hand as entered: each player's deadwood as typed, and who knocked."""
    knocked = hand.get("knocked")
    return hand.get("deadwood") or {}, f"{knocked} knocked" if knocked else "nobody knocked"


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """How a hand ended on the score sheet but a plain knock, the winner's
    cell marked."""
    marks = [] if entry["result"] == "knock" else [RESULTS[entry["result"]].lower()]
    return marks, entry["winner"], "won the hand"


def rules_short(rules: Any) -> str:
    return NAME


def rules_sheet(rules: Any) -> str:
    return NAME


def board_marks(board: Any, name: str) -> list[str]:
    """The hands a player won, under their name ("2 hands won")."""
    count = board.hands_won.get(name)
    return [hands_won(count)] if count else []


def final_lines(board: Any) -> list[str]:
    """A won match's final score in words, a line a player, then the margin
    (said plainly when it is negative): "Alice: 104 + 100 for 4 hands won +
    100 game bonus = 304". Empty for an open match or one with no winner."""
    if board.final is None or board.winner is None:
        return []
    parts = final_parts(board.rules, board.totals, board.hands_won, board.winner)
    lines = []
    for name, mine in (parts or {}).items():
        words = []
        for part, points in mine:
            if part == "total":
                words.append(str(points))
            elif part == "boxes":
                words.append(f"{points} for {hands_won(board.hands_won[name])}")
            elif part == "game":
                doubled = points != board.rules.game_bonus
                words.append(
                    f"{points} game bonus" + (", doubled for the shutout" if doubled else "")
                )
            elif part == "points_doubled":
                words.append(f"{points} more for the shutout (points doubled)")
        sum_words = " + ".join(words)
        if any(part == "doubled" for part, _ in mine):
            sum_words = f"({sum_words}) × 2 for the shutout"
        lines.append(f"{name}: {sum_words} = {board.final[name]}")
    loser = next(name for name in board.totals if name != board.winner)
    margin = board.margin or 0
    if margin >= 0:
        lines.append(f"{board.winner} wins by {margin}.")
    else:
        lines.append(
            f"The margin is {signed(margin)}: {loser}'s final is {-margin} more than "
            f"{board.winner}'s, from the hands {loser} won. {board.winner} still wins the "
            "match, on the totals."
        )
    return lines


def changes(before: Any, after: Any) -> list[str]:
    """What an edit changed of the hands won and the final score."""
    lines = []
    won = [
        f"{name} {before.hands_won.get(name, 0)} → {count}"
        for name, count in after.hands_won.items()
        if before.hands_won.get(name, 0) != count
    ]
    if won:
        lines.append("Hands won: " + ", ".join(won) + ".")
    if (
        before.final
        and after.final
        and (before.final, before.margin) != (after.final, after.margin)
    ):
        finals = ", ".join(f"{name} {points}" for name, points in after.final.items())
        lines.append(f"Final score: {finals}; margin {signed(after.margin or 0)}.")
    return lines


def example_lines(board: Any) -> list[str]:
    """Who dealt each hand of a worked example, and who deals next."""
    if len(board.hands) < 2:
        return []
    dealers = ", ".join(hand.dealer for hand in board.hands)
    after = f"; {board.next_hand.dealer} deals next" if board.next_hand else ""
    return [f"Dealers: {dealers}{after}."]


def figure_rows(
    figures: Mapping[str, Any], counts: Mapping[str, int]
) -> list[tuple[str, str, str]]:
    """A player's Gin figures as the players' pages list them, after their
    matches played, won and win rate: (term, value, what it is "of")."""
    won = counts["won"]
    margin = rounded(figures.get("margin") or 0, won, "0.1").replace("-", "−") if won else "–"
    return [
        ("Hands won", str(figures.get("hands_won") or 0), ""),
        ("Gins", str(figures.get("gins") or 0), ""),
        ("Big gins", str(figures.get("big_gins") or 0), ""),
        ("Undercuts given", str(figures.get("undercuts_given") or 0), ""),
        ("Undercuts taken", str(figures.get("undercuts_taken") or 0), ""),
        ("Average margin", margin, f"of {won} won" if won else ""),
    ]


# The hand form's words.
FORM = {
    "none_label": "Drawn hand: nobody knocked",
    "chooser_required": "Choose who knocked, or a drawn hand",
    "extra_label": "Big gin (all eleven cards melded)",
    "chose": "{} knocked",
    "none": "a drawn hand",
    "out_column": "Knocked",
    "points_column": "Deadwood",
    "none_pill": "Drawn hand",
    "none_pill_label": "Drawn hand: nobody knocked",
    "extra_pill": "Big gin",
    "extra_pill_label": "Big gin: all eleven cards melded",
    # A hand waiting on the phone, in words (static/js/waiting.js).
    "waiting_unchosen": "Nobody marked as knocked",
    "waiting_none": "Drawn hand",
    "waiting_chose": "{name} knocked",
    "waiting_extra": " (big gin)",
}

# The new-match page's words for this game.
NEW = {
    "seats": "2 players",
    "players": "The two players",
    "help": "Type both names. Tick who deals first.",
    "start": "Start the Gin match",
}


def rules_big(rules: Any) -> str:
    """Nothing more on the big screen: the game's name is on the board."""
    return ""
