"""Rummy 500's words: its name, its refusals (by code, as ``matches.words``
asks them), its house rules in words, and its sentences on the board, the
history, the sheet, the hand form and the players' pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from matches.phrases import decks, hands, nobody, nothing, rounded, signed

# Translators: the game's name. Keep the English name recognisable, with the
# name card tables use in your language beside it if there is one.
NAME = gettext_lazy("Rummy 500")


def _over_deck(v: Mapping[str, Any]) -> str:
    return ngettext(
        # Translators: decks is a count of decks, such as "2 decks".
        "melded and in hand add up to %(total)s point, more than the %(most)s points of %(decks)s",
        "melded and in hand add up to %(total)s points, more than the %(most)s points of %(decks)s",
        v["total"],
    ) % {"total": v["total"], "most": v["most"], "decks": decks(v["decks"])}


REFUSALS: dict[str, Any] = {
    "rummy500.over_deck": _over_deck,
    "rummy500.melded_range": gettext_lazy(
        "%(player)s's melded count must be a whole number from 0 to %(most)s"
    ),
    "rummy500.in_hand_range": gettext_lazy(
        "%(player)s's in-hand count must be a whole number from 0 to %(most)s"
    ),
    "rummy500.cards_count": ngettext_lazy(
        "%(player)s's cards: %(count)s card, but a hand holds at most %(most)s",
        "%(player)s's cards: %(count)s cards, but a hand holds at most %(most)s",
        "count",
    ),
    "rummy500.went_out_holds": gettext_lazy(
        "%(player)s went out, so %(player)s holds no cards (leave the in-hand count empty or "
        "enter 0)"
    ),
    "rummy500.holds_nothing": gettext_lazy(
        "%(player)s did not go out, so %(player)s holds at least one card"
    ),
    "rummy500.hand_no_melded": gettext_lazy(
        # Translators: melded is written as a match file writes it.
        "a Rummy 500 hand needs melded: the points each player laid down"
    ),
    "rummy500.hand_no_in_hand": gettext_lazy(
        # Translators: in_hand is written as a match file writes it.
        "a Rummy 500 hand needs in_hand: the points each player still held"
    ),
    # Translators: what holds the most points a box may have.
    "rummy500.box_most": gettext_lazy("the largest count"),
    # A question before saving (a probable typing slip), not a refusal.
    "rummy500.slip_points": ngettext_lazy(
        # Translators: a question before saving: more points in hand than 13
        # cards can hold (most).
        "%(player)s: %(points)s point in hand, when 13 cards hold at most %(most)s?",
        "%(player)s: %(points)s points in hand, when 13 cards hold at most %(most)s?",
        "points",
    ),
}

# A rule's name in a sentence ("the going-out bonus must be ..."), where it
# is not its key.
RULE_NAMES = {
    # Translators: a house rule's name in a sentence, such as "the going-out
    # bonus must be a whole number from 0 to 100".
    "going_out_bonus": gettext_lazy("the going-out bonus"),
    "joker_value": gettext_lazy("a joker's points"),
}

# How each house rule reads to a person (the hand limit is every game's:
# ``matches.words``).
TITLES = {
    "going_out_bonus": gettext_lazy("Going-out bonus"),
    "ace_value": gettext_lazy("Aces left in hand count"),
    "joker_value": gettext_lazy("Jokers left in hand count"),
    "decks": gettext_lazy("Decks"),
}
HELP = {
    "target": gettext_lazy(
        "The line: the match ends when someone reaches it, highest total winning (100 to 5000)."
    ),
    "going_out_bonus": gettext_lazy("Added to the hand of the player who went out (0 to 100)."),
    "ace_value": gettext_lazy("The points of an ace still held, entered as a card."),
    "joker_value": gettext_lazy("The points of a printed joker still held, entered as a card."),
    "decks": gettext_lazy("Used to check the cards entered; each deck adds two printed jokers."),
}
CHOICES: dict[str, dict[object, Any]] = {
    "ace_value": {
        1: gettext_lazy("1 point"),
        11: gettext_lazy("11 points"),
        15: gettext_lazy("15 points"),
    },
    "joker_value": {
        0: gettext_lazy("0 points"),
        15: gettext_lazy("15 points"),
        20: gettext_lazy("20 points"),
        25: gettext_lazy("25 points"),
        50: gettext_lazy("50 points"),
    },
    "decks": {
        None: gettext_lazy("By the players who start: 1 for 2 to 4, 2 for 5 to 8"),
        1: gettext_lazy("1 deck"),
        2: gettext_lazy("2 decks"),
    },
}


# Sentences of the board, the history, the sheet and the share link.


def summary(hand: Any, rules: Any) -> str:
    """Every player's score for the hand, the plus and minus signs plain:
    "Ben +45, Alice +18, Cara −50"."""
    return ", ".join(f"{name} {signed(points)}" for name, points in hand.scores.items())


def _ended(went_out: str | None) -> str:
    if went_out is None:
        return _("The stock ran out")
    return _("%(player)s went out") % {"player": went_out}


def ended(hand: Any) -> str:
    """How a hand ended: "Ben went out", "The stock ran out"."""
    return _ended(hand.went_out)


def entry_ended(entry: Mapping[str, Any]) -> str:
    """How a stored hand ended (``ended``)."""
    return _ended(entry["went_out"])


def typed(hand: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A hand as entered: each player's melded and in-hand counts as typed
    ("40 − 5", "45" for the one who went out), and who went out."""
    melded = hand.get("melded") if isinstance(hand.get("melded"), Mapping) else {}
    in_hand = hand.get("in_hand") if isinstance(hand.get("in_hand"), Mapping) else {}
    shown: dict[str, str] = {}
    for name in dict.fromkeys([*melded, *in_hand]):
        held = in_hand.get(name)
        held = " ".join(map(str, held)) if isinstance(held, list) else held
        parts = [str(part) for part in (melded.get(name), held) if part not in (None, "")]
        shown[name] = " − ".join(parts)
    went_out = hand.get("went_out")
    return shown, _ended(went_out) if went_out else _("the stock ran out")


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """A hand's marks on the score sheet: who went out, or the stock out."""
    marks = [] if entry["went_out"] else [_("stock ran out")]
    # Translators: said by a screen reader after the points of who went out.
    return marks, entry["went_out"], _("went out")


# Nothing of its own in a cell of the score sheet, under a name on the
# board, in the final score, in what an edit changed or after an example.
cell_notes = board_marks = final_lines = changes = example_lines = deal_notes = row_notes = nothing
scoring_parts = dict


def rules_short(rules: Any) -> str:
    """The scoring in a few words, beside the line."""
    return str(NAME)


def rules_sheet(rules: Any) -> str:
    return _("Rummy 500: highest wins")


def rules_big(rules: Any) -> str:
    """Nothing more on the big screen: the line is there."""
    return ""


def figure_rows(
    figures: Mapping[str, Any], counts: Mapping[str, int]
) -> list[tuple[str, str, str]]:
    """A player's Rummy 500 figures on the players' pages: (term, value, of)."""
    dealt = figures.get("hands") or 0
    best = figures.get("best_hand")

    def average(key: str) -> str:
        return rounded(figures.get(key) or 0, dealt, "0.1") if dealt else "–"

    # Translators: after an average: over how many hands it is taken.
    of_hands = (
        ngettext("of %(count)s hand", "of %(count)s hands", dealt) % {"count": dealt}
        if dealt
        else ""
    )
    return [
        (_("Average melded"), average("melded"), of_hands),
        (_("Average left in hand"), average("in_hand"), of_hands),
        # Translators: how many hands a player went out in ("Went out: 3 hands").
        (_("Went out"), hands(figures.get("times_out") or 0), ""),
        (_("Highest hand"), "–" if best is None else signed(best), ""),
    ]


def _chose(token: str) -> str:
    """ "Ben went out": the form gives the name; the phone's script fills ``{name}``."""
    return _("%(player)s went out") % {"player": token}


# The hand form's words.
FORM = {
    "none_label": gettext_lazy("Nobody: the stock ran out"),
    "chooser_required": gettext_lazy("Choose who went out, or that the stock ran out"),
    "chose": _chose,
    "none": gettext_lazy("the stock ran out"),
    # Translators: the column of the hand form ticking who went out.
    "out_column": gettext_lazy("Out"),
    # Translators: the column of the hand form for the points each player laid down.
    "second_column": gettext_lazy("Melded"),
    # Translators: the column of the hand form for the points left in each player's hand.
    "points_column": gettext_lazy("In hand"),
    "none_pill": gettext_lazy("Stock ran out"),
    "none_pill_label": gettext_lazy("Nobody went out: the stock ran out"),
    # A hand waiting on the phone, in words (static/js/waiting.js).
    "waiting_unchosen": gettext_lazy("Nobody marked as went out"),
    "waiting_none": gettext_lazy("The stock ran out"),
    "waiting_chose": lazy(_chose, str)("{name}"),
    "waiting_extra": "",
    # Translators: a hand's detail in the history: what a player laid down,
    # then what they held ("12", or cards with their points, "K Q A JK (50)").
    "second_held": gettext_lazy("%(player)s melded %(second)s, held %(held)s"),
}

# The new-match page's words for this game.
NEW = {
    "seats": gettext_lazy("2 to 8 players"),
    "players": gettext_lazy("Players, in seat order (2 to 8)"),
    "help": gettext_lazy("Type names round the table. Tick who deals first."),
    "start": gettext_lazy("Start the Rummy 500 match"),
}


# The spreadsheet export: the columns after a hand's number and dealer, their
# cells for a hand's snapshot entry, and a last row after the hands.
CSV_COLUMNS = (pgettext_lazy("a column of the spreadsheet export", "went out"),)


def csv_cells(entry: Mapping[str, Any]) -> list[Any]:
    """Who went out ("nobody": the stock ran out)."""
    return [entry["went_out"] or nobody()]


csv_foot = nothing
