"""Rummy's words: its name, its refusals and questions (by code, as
``matches.words`` asks them), the rules' names in a sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from matches.phrases import plural, rounded, signed

NAME = "Rummy"


def _decks(count: int) -> str:
    return "1 deck" if count == 1 else f"{count} decks"


REFUSALS: dict[str, Any] = {
    "rummy.rummy_not_bool": "rummy must be true or false",
    "rummy.rummy_nobody_out": "nobody went out, so the hand cannot be rummy",
    "rummy.leftovers_over_deck": lambda v: (
        f"the leftovers add up to {v['total']} points, more than the {v['most']} points of "
        f"{_decks(v['decks'])}"
    ),
    "rummy.went_out_leftover": (
        "{player} went out, so {player} has no leftover (leave it empty or enter 0)"
    ),
    "rummy.leftover_too_low": "{player}'s leftover must be at least 1",
    "rummy.leftover_over_deck": (
        "{player}'s leftover of {points} points is more than the whole deck ({most} points)"
    ),
    "rummy.hand_no_went_out": (
        "a hand needs went_out: the player who went out, or null when nobody did"
    ),
    "rummy.hand_no_leftovers": "a hand needs leftovers",
    "rummy.deck": "the whole deck",
    # Questions before saving (probable typing slips), not refusals.
    "rummy.slip_cards": "{player}: {count} cards, but {dealt} were dealt?",
    "rummy.slip_points": "{player}: {points} points in {dealt} cards?",
}

# A rule's name in a sentence ("the hand limit must be ..."), where it is
# not its key.
RULE_NAMES: dict[str, str] = {}

# How each house rule reads to a person: its title, a line of help, and a
# phrase per value (the forms, the house rules page and "How scoring works").
# The line and the hand limit are every game's: ``matches.words``.
TITLES = {
    "scheme": "Scoring",
    "rummy_bonus": "Going rummy",
    "stock_out": "When nobody goes out",
    "ace_value": "Aces count",
    "decks": "Decks",
}
HELP = {
    "scheme": "Who scores a hand, and whether the highest or the lowest total leads.",
    "rummy_bonus": "Going out in one go, with no card laid down before.",
    "stock_out": "The stock ran out and could not be rebuilt, or the table called the hand off.",
    "ace_value": "The points of an ace entered as a card, and so the value of the deck.",
    "decks": "Used to check the cards entered.",
}
CHOICES: dict[str, dict[object, str]] = {
    "scheme": {
        "highest_wins": "Highest wins: whoever goes out scores everyone's leftovers",
        "penalty": "Penalty: everyone else is charged their leftovers; lowest leads",
    },
    "rummy_bonus": {
        "double": "Doubles the hand",
        "flat_25": "25 points more (under penalty, 25 off)",
        "none": "Counts as usual",
    },
    "stock_out": {
        "lowest_hand": "The lowest hand wins the difference from each other player",
        "no_score": "Nobody scores; the hand still counts",
    },
    "ace_value": {1: "1 point", 11: "11 points", 15: "15 (round the corner)"},
    "decks": {
        None: "By the players who start: 1 for 2 to 4, 2 for 5 or 6",
        1: "1 deck",
        2: "2 decks",
    },
}


# Sentences of the board, the history, the sheet and the share link.


def summary(hand: Any, rules: Any) -> str:
    """What a hand scored, in one line: "Ben takes 41", "Ben takes 82
    (rummy)", "nobody out: Ben takes 22 (lowest hand)", or under penalty
    "Alice +23, Cara +18" ("Alice +46, Cara +36 (rummy)")."""
    scored = {name: points for name, points in hand.scores.items() if points}
    if hand.went_out is None:
        if not scored:
            return "nobody out: nobody scores"
        if rules.leader_is_lowest:
            charges = ", ".join(f"{name} {signed(points)}" for name, points in scored.items())
            return f"nobody out (lowest hand): {charges}"
        (winner, take), *_ = scored.items()
        return f"nobody out: {winner} takes {take} (lowest hand)"
    rummy = " (rummy)" if hand.rummy else ""
    if rules.leader_is_lowest:
        if not scored:
            return f"nobody is charged{rummy}"
        charges = ", ".join(f"{name} {signed(points)}" for name, points in scored.items())
        return f"{charges}{rummy}"
    return f"{hand.went_out} takes {hand.scores[hand.went_out]}{rummy}"


def ended(hand: Any) -> str:
    """How a hand ended, for its line in the history: "Ben went out, rummy",
    "Nobody went out"."""
    return f"{hand.went_out or 'Nobody'} went out{', rummy' if hand.rummy else ''}"


def entry_ended(entry: Mapping[str, Any]) -> str:
    """How a stored hand ended, for the share link: "Ben went out with
    rummy", "nobody out"."""
    out = entry["went_out"]
    return f"{out} went out{' with rummy' if entry['rummy'] else ''}" if out else "nobody out"


def typed(hand: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A hand as entered (match-file shape): each player's points as typed,
    and who ended it in words ("Ben went out", "nobody went out")."""
    went_out = hand.get("went_out")
    return hand.get("leftovers") or {}, f"{went_out} went out" if went_out else "nobody went out"


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """A hand's marks on the score sheet, whose cell is marked, and what the
    mark says to a screen reader."""
    marks = []
    if entry["rummy"]:
        marks.append("rummy")
    if entry["went_out"] is None:
        marks.append("nobody out")
    return marks, entry["went_out"], "went out"


def rules_short(rules: Any) -> str:
    """The scoring in a few words, beside the line: "penalty", "highest wins"."""
    return "penalty" if rules.leader_is_lowest else "highest wins"


def rules_sheet(rules: Any) -> str:
    """The scoring on the score sheet: "penalty: lowest wins", "highest wins"."""
    return "penalty: lowest wins" if rules.leader_is_lowest else "highest wins"


def board_marks(board: Any, name: str) -> list[str]:
    """The game's own marks under a name on the board (none in Rummy)."""
    return []


def final_lines(board: Any) -> list[str]:
    """The final score's lines once won (none in Rummy)."""
    return []


def changes(before: Any, after: Any) -> list[str]:
    """What an edit changed of the game's own figures (none in Rummy)."""
    return []


def example_lines(board: Any) -> list[str]:
    """More words for a worked example's result (none in Rummy)."""
    return []


def figure_rows(
    figures: Mapping[str, Any], counts: Mapping[str, int]
) -> list[tuple[str, str, str]]:
    """A player's Rummy figures as the players' pages list them, after
    their matches played, won and win rate: (term, value, what it is "of")."""
    hands = figures.get("hands_out") or 0
    take = figures.get("take") or 0
    best = figures.get("best_hand")
    return [
        ("No winner", str(counts["no_winner"]), ""),
        ("Went out", plural(hands, "hand"), ""),
        ("Average take", rounded(take, hands, "0.1") if hands else "–", ""),
        ("Rummy", str(figures.get("rummies") or 0), ""),
        ("Best hand", "–" if best is None else str(best), ""),
    ]


# The hand form's words.
FORM = {
    "none_label": "Nobody: the stock ran out",
    "chooser_required": "Choose who went out, or nobody",
    "extra_label": "Went out in one go (rummy)",
    "chose": "{} went out",
    "none": "nobody went out",
    "out_column": "Out",
    "points_column": "Left in hand",
    "none_pill": "Nobody out",
    "none_pill_label": "Nobody out: the stock ran out",
    "extra_pill": "Rummy",
    "extra_pill_label": "Rummy: went out in one go",
    # A hand waiting on the phone, in words (static/js/waiting.js).
    "waiting_unchosen": "Nobody marked as went out",
    "waiting_none": "Nobody went out",
    "waiting_chose": "{name} went out",
    "waiting_extra": " (rummy)",
}

# The new-match page's words for this game.
NEW = {
    "seats": "2 to 6 players",
    "players": "Players, in seat order (2 to 6)",
    "help": "Type names round the table. Tick who deals first.",
    "start": "Start the match",
}


def rules_big(rules: Any) -> str:
    """The scoring on the big screen, when it is not the usual: "penalty"."""
    return "penalty" if rules.leader_is_lowest else ""
