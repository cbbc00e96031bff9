"""Gin Rummy's words: its name, its refusals (by code, as ``matches.words``
asks them), the rules' names in a sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext, pgettext_lazy

from matches.phrases import nothing, rounded, signed

from .table import final_parts

# Translators: the game's name. Keep the English name recognisable, with the
# name card tables use in your language beside it if there is one.
NAME = gettext_lazy("Gin Rummy")


REFUSALS: dict[str, Any] = {
    "gin.players": gettext_lazy("Gin Rummy is a game for two: a match needs exactly 2 players"),
    "gin.no_seat_changes": gettext_lazy("Gin Rummy is a game for two: nobody can leave or join"),
    # Translators: big_gin is a key of a match file's hand, as written.
    "gin.big_gin_not_bool": gettext_lazy("big_gin must be true or false"),
    "gin.big_gin_drawn": gettext_lazy("nobody knocked, so the hand cannot be big gin"),
    "gin.drawn_deadwood": gettext_lazy("nobody knocked, so the hand is drawn and has no deadwood"),
    "gin.deadwood_negative": gettext_lazy("%(player)s's deadwood must be 0 or more"),
    "gin.too_many_cards": ngettext_lazy(
        "%(player)s's cards: %(count)s unmatched card, but %(dealt)s were dealt",
        "%(player)s's cards: %(count)s unmatched cards, but %(dealt)s were dealt",
        "count",
    ),
    "gin.knock_over_limit": ngettext_lazy(
        "%(player)s knocked with %(points)s point of deadwood; the most is %(most)s",
        "%(player)s knocked with %(points)s points of deadwood; the most is %(most)s",
        "points",
    ),
    "gin.deadwood_over": ngettext_lazy(
        "%(player)s's deadwood of %(points)s point is more than ten unmatched cards can hold "
        "(%(most)s)",
        "%(player)s's deadwood of %(points)s points is more than ten unmatched cards can hold "
        "(%(most)s)",
        "points",
    ),
    "gin.big_gin_deadwood": gettext_lazy(
        "big gin needs %(name)s's deadwood to be 0 (all eleven cards melded)"
    ),
    "gin.hand_no_knocked": gettext_lazy(
        # Translators: knocked and null are written as a match file writes them.
        "a Gin Rummy hand needs knocked: the player who knocked, or null for a drawn hand"
    ),
    "gin.deadwood_not_object": gettext_lazy(
        # Translators: the first deadwood is a key of a match file's hand, as written.
        "deadwood must be an object: each player's deadwood"
    ),
    # Translators: what holds the most points deadwood may have.
    "gin.unmatched": gettext_lazy("ten unmatched cards"),
}

RULE_NAMES = {
    # Translators: a house rule's name in a sentence, such as "the knock limit
    # must be a whole number from 0 to 10".
    "knock_limit": gettext_lazy("the knock limit"),
    "gin_bonus": gettext_lazy("the gin bonus"),
    "big_gin_bonus": gettext_lazy("the big gin bonus"),
    "undercut_bonus": gettext_lazy("the undercut bonus"),
    "game_bonus": gettext_lazy("the game bonus"),
    "box_bonus": gettext_lazy("the box bonus"),
}

# How each house rule reads to a person (the line and the hand limit are
# every game's: ``matches.words``).
TITLES = {
    "knock_limit": gettext_lazy("Knock limit"),
    "gin_bonus": gettext_lazy("Gin bonus"),
    "big_gin_bonus": gettext_lazy("Big gin bonus"),
    "undercut_bonus": gettext_lazy("Undercut bonus"),
    "game_bonus": gettext_lazy("Game bonus"),
    "box_bonus": gettext_lazy("Box bonus"),
    "shutout": gettext_lazy("Shutout (the loser won no hand)"),
    "deal": gettext_lazy("Who deals after a hand"),
}
HELP = {
    "knock_limit": gettext_lazy(
        "The most deadwood a knock may hold (0 to 10; 0: only gin ends a hand)."
    ),
    "gin_bonus": gettext_lazy("Added for going gin, with no deadwood (0 to 50)."),
    "big_gin_bonus": gettext_lazy("Added instead for big gin, all eleven cards melded (0 to 50)."),
    "undercut_bonus": gettext_lazy(
        "Added when the other holds no more deadwood than the knocker (0 to 50)."
    ),
    "game_bonus": gettext_lazy("Added to the winner's final score (0 to 500)."),
    "box_bonus": gettext_lazy(
        "Added to each player's final score for every hand they won (0 to 100)."
    ),
    "shutout": gettext_lazy("When the match is won and the loser won no hand at all."),
    "deal": gettext_lazy("After a drawn hand the same player deals again."),
}
CHOICES: dict[str, dict[object, Any]] = {
    "shutout": {
        "double_total": gettext_lazy("The winner's whole final score is doubled"),
        "double_points": gettext_lazy("The winner's points are doubled before the bonuses"),
        "game_bonus_200": gettext_lazy("The winner's game bonus is doubled"),
        "none": gettext_lazy("Nothing more"),
    },
    "deal": {
        "alternate": gettext_lazy("The other player: the deal alternates"),
        "winner": gettext_lazy("The winner of the hand"),
        "loser": gettext_lazy("The loser of the hand"),
    },
}


# Sentences of the board, the history, the sheet and the share link.

# What a hand's result is called at the table, as a heading ("Gin: Ben
# scores 27") and as a mark on the score sheet.
RESULTS = {
    # Translators: a hand's result: the knocker went gin (no deadwood).
    "gin": gettext_lazy("Gin"),
    "big_gin": gettext_lazy("Big gin"),
    "knock": gettext_lazy("Knock"),
    "undercut": gettext_lazy("Undercut"),
    "drawn": gettext_lazy("Drawn hand"),
}
MARKS = {
    # Translators: a hand's result as marked on the score sheet.
    "gin": gettext_lazy("gin"),
    "big_gin": gettext_lazy("big gin"),
    "undercut": gettext_lazy("undercut"),
    "drawn": gettext_lazy("drawn hand"),
}


def hands_won(count: int) -> str:
    """ "1 hand won", "3 hands won"."""
    return ngettext("%(count)s hand won", "%(count)s hands won", count) % {"count": count}


def summary(hand: Any, rules: Any) -> str:
    """What a hand scored: "Undercut: Ben scores 27", "Drawn hand: nobody scores"."""
    if hand.winner is None:
        return _("Drawn hand: nobody scores")
    # Translators: result is the hand's result, such as "Undercut" or "Gin".
    return _("%(result)s: %(player)s scores %(points)s") % {
        "result": RESULTS[hand.result],
        "player": hand.winner,
        "points": hand.scores[hand.winner],
    }


def _ended(knocked: str | None, result: str, winner: str | None) -> str:
    if knocked is None:
        return str(MARKS["drawn"])
    if result == "undercut":
        return _("%(knocked)s knocked and %(winner)s undercut") % {
            "knocked": knocked,
            "winner": winner,
        }
    if result == "gin":
        return _("%(player)s went gin") % {"player": knocked}
    if result == "big_gin":
        return _("%(player)s went big gin") % {"player": knocked}
    return _("%(player)s knocked") % {"player": knocked}


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
    ended = _("%(player)s knocked") % {"player": knocked} if knocked else _("nobody knocked")
    return hand.get("deadwood") or {}, ended


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """How a hand ended on the score sheet but a plain knock, the winner's
    cell marked."""
    marks = [] if entry["result"] == "knock" else [str(MARKS[entry["result"]])]
    # Translators: said by a screen reader after the points of the hand's winner.
    return marks, entry["winner"], _("won the hand")


def cell_notes(entry: Mapping[str, Any]) -> list[str]:
    """A word in a player's cell of the score sheet (none in this game)."""
    return []


def rules_short(rules: Any) -> str:
    return str(NAME)


def rules_sheet(rules: Any) -> str:
    return str(NAME)


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
        words = [_final_part(part, points, name, board) for part, points in mine]
        sum_words = " + ".join(word for word in words if word)
        if any(part == "doubled" for part, _points in mine):
            # Translators: sum is the sum of a final score's parts, such as "104
            # + 100 for 4 hands won + 100 game bonus".
            sum_words = _("(%(sum)s) × 2 for the shutout") % {"sum": sum_words}
        # Translators: a label and what it labels, as "Seat 2: Ann is there twice" or
        # "Alice: 104 + 100 for 4 hands won = 204"; French puts a space before the colon.
        said = _("%(label)s: %(text)s") % {
            "label": name,
            "text": f"{sum_words} = {board.final[name]}",
        }
        lines.append(said)
    loser = next(name for name in board.totals if name != board.winner)
    margin = board.margin or 0
    if margin >= 0:
        lines.append(
            _("%(winner)s wins by %(margin)s.") % {"winner": board.winner, "margin": margin}
        )
    else:
        text = _(
            # Translators: margin is signed, such as "−20"; more is how much more
            # the loser's final score is.
            "The margin is %(margin)s: %(loser)s's final is %(more)s more than %(winner)s's, "
            "from the hands %(loser)s won. %(winner)s still wins the match, on the totals."
        )
        lines.append(
            text
            % {"margin": signed(margin), "loser": loser, "more": -margin, "winner": board.winner}
        )
    return lines


def _final_part(part: str, points: int, name: str, board: Any) -> str:
    """One part of a player's final score in words: "100 for 4 hands won",
    "100 game bonus" (empty for a part said around the sum)."""
    if part == "total":
        return str(points)
    if part == "boxes":
        won = board.hands_won[name]
        return ngettext(
            # Translators: points for the boxes: so much for every hand won.
            "%(points)s for %(count)s hand won",
            "%(points)s for %(count)s hands won",
            won,
        ) % {"points": points, "count": won}
    if part == "game":
        if points != board.rules.game_bonus:
            return _("%(points)s game bonus, doubled for the shutout") % {"points": points}
        return _("%(points)s game bonus") % {"points": points}
    if part == "points_doubled":
        return _("%(points)s more for the shutout (points doubled)") % {"points": points}
    return ""


def changes(before: Any, after: Any) -> list[str]:
    """What an edit changed of the hands won and the final score."""
    lines = []
    won = [
        f"{name} {before.hands_won.get(name, 0)} → {count}"
        for name, count in after.hands_won.items()
        if before.hands_won.get(name, 0) != count
    ]
    if won:
        # Translators: changes are such as "Alice 2 → 3, Ben 1 → 0".
        lines.append(_("Hands won: %(changes)s.") % {"changes": ", ".join(won)})
    if (
        before.final
        and after.final
        and (before.final, before.margin) != (after.final, after.margin)
    ):
        finals = ", ".join(f"{name} {points}" for name, points in after.final.items())
        lines.append(
            # Translators: finals are such as "Alice 304, Ben 90"; margin is signed ("+214").
            _("Final score: %(finals)s; margin %(margin)s.")
            % {"finals": finals, "margin": signed(after.margin or 0)}
        )
    return lines


def example_lines(board: Any) -> list[str]:
    """Who dealt each hand of a worked example, and who deals next."""
    if len(board.hands) < 2:
        return []
    dealers = ", ".join(hand.dealer for hand in board.hands)
    if board.next_hand:
        return [
            # Translators: dealers are who dealt each hand in turn, such as "Ben, Alice, Alice".
            _("Dealers: %(dealers)s; %(next)s deals next.")
            % {"dealers": dealers, "next": board.next_hand.dealer}
        ]
    # Translators: dealers are who dealt each hand in turn, such as "Ben, Alice, Alice".
    return [_("Dealers: %(dealers)s.") % {"dealers": dealers}]


def figure_rows(
    figures: Mapping[str, Any], counts: Mapping[str, int]
) -> list[tuple[str, str, str]]:
    """A player's Gin figures as the players' pages list them, after their
    matches played, won and win rate: (term, value, what it is "of")."""
    won = counts["won"]
    margin = rounded(figures.get("margin") or 0, won, "0.1").replace("-", "−") if won else "–"
    # Translators: after the average margin: over how many matches won.
    of_won = _("of %(count)s won") % {"count": won} if won else ""
    return [
        (_("Hands won"), str(figures.get("hands_won") or 0), ""),
        (_("Gins"), str(figures.get("gins") or 0), ""),
        (_("Big gins"), str(figures.get("big_gins") or 0), ""),
        (_("Undercuts given"), str(figures.get("undercuts_given") or 0), ""),
        (_("Undercuts taken"), str(figures.get("undercuts_taken") or 0), ""),
        (_("Average margin"), margin, of_won),
    ]


def _chose(token: str) -> str:
    """ "Ben knocked": the hand form gives the name; the phone's script is
    given ``{name}`` to fill in (``waiting_chose``)."""
    return _("%(player)s knocked") % {"player": token}


# The hand form's words.
FORM = {
    "none_label": gettext_lazy("Drawn hand: nobody knocked"),
    "chooser_required": gettext_lazy("Choose who knocked, or a drawn hand"),
    "extra_label": gettext_lazy("Big gin (all eleven cards melded)"),
    "chose": _chose,
    "none": gettext_lazy("a drawn hand"),
    # Translators: the column of the hand form ticking who knocked.
    "out_column": gettext_lazy("Knocked"),
    # Translators: the column of the hand form for each player's deadwood.
    "points_column": gettext_lazy("Deadwood"),
    "none_pill": gettext_lazy("Drawn hand"),
    "none_pill_label": gettext_lazy("Drawn hand: nobody knocked"),
    "extra_pill": gettext_lazy("Big gin"),
    "extra_pill_label": gettext_lazy("Big gin: all eleven cards melded"),
    # A hand waiting on the phone, in words (static/js/waiting.js).
    "waiting_unchosen": gettext_lazy("Nobody marked as knocked"),
    "waiting_none": gettext_lazy("Drawn hand"),
    "waiting_chose": lazy(_chose, str)("{name}"),
    # Translators: put after "Ben knocked" on a hand waiting to be saved;
    # keep the space before it.
    "waiting_extra": gettext_lazy(" (big gin)"),
}

# The new-match page's words for this game.
NEW = {
    "seats": gettext_lazy("2 players"),
    "players": gettext_lazy("The two players"),
    "help": gettext_lazy("Type both names. Tick who deals first."),
    "start": gettext_lazy("Start the Gin match"),
}


def rules_big(rules: Any) -> str:
    """Nothing more on the big screen: the game's name is on the board."""
    return ""


# Nothing of its own about the deal to come, or beside a hand's number on
# the score sheet (a game whose deals differ says each one's), nor more for
# its section of the rules page.
deal_notes = row_notes = nothing
scoring_parts = dict


# The spreadsheet export: the columns after a hand's number and dealer, their
# cells for a hand's snapshot entry, and a last row after the hands.
CSV_COLUMNS = (
    pgettext_lazy("a column of the spreadsheet export", "knocked"),
    pgettext_lazy("a column of the spreadsheet export", "result"),
)
CSV_RESULTS = {
    # Translators: a Gin Rummy hand's result, in a cell of the spreadsheet export.
    "gin": pgettext_lazy("a hand's result, in the spreadsheet export", "gin"),
    "big_gin": pgettext_lazy("a hand's result, in the spreadsheet export", "big gin"),
    "knock": pgettext_lazy("a hand's result, in the spreadsheet export", "knock"),
    "undercut": pgettext_lazy("a hand's result, in the spreadsheet export", "undercut"),
    "drawn": pgettext_lazy("a hand's result, in the spreadsheet export", "drawn"),
}


def csv_cells(entry: Mapping[str, Any]) -> list[Any]:
    """Who knocked ("nobody"), and the hand's result."""
    knocked = entry["knocked"] or pgettext("nobody knocked, in the spreadsheet export", "nobody")
    return [knocked, str(CSV_RESULTS[entry["result"]])]


def csv_foot(head: Mapping[str, Any]) -> list[Any]:
    """A won match: each final score under the scores, the margin beside."""
    if not head.get("final"):
        return []
    # Translators: the last row of the spreadsheet export, beside the final scores.
    final = pgettext("the last row of the spreadsheet export", "final")
    # Translators: the winner's final score less the loser's, in the spreadsheet export.
    margin = pgettext("the last row of the spreadsheet export", "margin %(points)s")
    return [final, "", "", margin % {"points": head["margin"]}, *head["final"]]
