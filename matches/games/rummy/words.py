"""Rummy's words: its name, its refusals and questions (by code, as
``matches.words`` asks them), the rules' names in a sentence."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext, pgettext_lazy

from matches.phrases import decks, hands, nobody, nothing, rounded, signed

# Translators: the game's name. Keep the English name recognisable, with the
# name card tables use in your language beside it if there is one.
NAME = gettext_lazy("Rummy")


def _leftovers_over_deck(v: Mapping[str, Any]) -> str:
    return ngettext(
        # Translators: decks is a count of decks, such as "2 decks".
        "the leftovers add up to %(total)s point, more than the %(most)s points of %(decks)s",
        "the leftovers add up to %(total)s points, more than the %(most)s points of %(decks)s",
        v["total"],
    ) % {"total": v["total"], "most": v["most"], "decks": decks(v["decks"])}


REFUSALS: dict[str, Any] = {
    # Translators: rummy is a key of a match file's hand, as written.
    "rummy.rummy_not_bool": gettext_lazy("rummy must be true or false"),
    "rummy.rummy_nobody_out": gettext_lazy("nobody went out, so the hand cannot be rummy"),
    "rummy.leftovers_over_deck": _leftovers_over_deck,
    "rummy.went_out_leftover": gettext_lazy(
        "%(player)s went out, so %(player)s has no leftover (leave it empty or enter 0)"
    ),
    "rummy.leftover_too_low": gettext_lazy("%(player)s's leftover must be at least 1"),
    "rummy.leftover_over_deck": ngettext_lazy(
        "%(player)s's leftover of %(points)s point is more than the whole deck (%(most)s points)",
        "%(player)s's leftover of %(points)s points is more than the whole deck (%(most)s points)",
        "points",
    ),
    "rummy.hand_no_went_out": gettext_lazy(
        # Translators: went_out and null are written as a match file writes them.
        "a hand needs went_out: the player who went out, or null when nobody did"
    ),
    # Translators: leftovers is a key of a match file's hand, as written.
    "rummy.hand_no_leftovers": gettext_lazy("a hand needs leftovers"),
    # Translators: what holds the most points a leftover may have.
    "rummy.deck": gettext_lazy("the whole deck"),
    # Questions before saving (probable typing slips), not refusals.
    "rummy.slip_cards": ngettext_lazy(
        # Translators: a question before saving: more cards typed than were dealt.
        "%(player)s: %(count)s card, but %(dealt)s were dealt?",
        "%(player)s: %(count)s cards, but %(dealt)s were dealt?",
        "count",
    ),
    "rummy.slip_points": ngettext_lazy(
        # Translators: a question before saving: more points than the cards dealt can hold.
        "%(player)s: %(points)s point in %(dealt)s cards?",
        "%(player)s: %(points)s points in %(dealt)s cards?",
        "points",
    ),
}

# A rule's name in a sentence ("the hand limit must be ..."), where it is
# not its key.
RULE_NAMES: dict[str, Any] = {}

# How each house rule reads to a person: its title, a line of help, and a
# phrase per value (the forms, the house rules page and "How scoring works").
# The line and the hand limit are every game's: ``matches.words``.
TITLES = {
    "scheme": gettext_lazy("Scoring"),
    "rummy_bonus": gettext_lazy("Going rummy"),
    "stock_out": gettext_lazy("When nobody goes out"),
    "ace_value": gettext_lazy("Aces count"),
    "decks": gettext_lazy("Decks"),
}
HELP = {
    "scheme": gettext_lazy("Who scores a hand, and whether the highest or the lowest total leads."),
    "rummy_bonus": gettext_lazy("Going out in one go, with no card laid down before."),
    "stock_out": gettext_lazy(
        "The stock ran out and could not be rebuilt, or the table called the hand off."
    ),
    "ace_value": gettext_lazy(
        "The points of an ace entered as a card, and so the value of the deck."
    ),
    "decks": gettext_lazy("Used to check the cards entered."),
}
CHOICES: dict[str, dict[object, Any]] = {
    "scheme": {
        "highest_wins": gettext_lazy("Highest wins: whoever goes out scores everyone's leftovers"),
        "penalty": gettext_lazy("Penalty: everyone else is charged their leftovers; lowest leads"),
    },
    "rummy_bonus": {
        "double": gettext_lazy("Doubles the hand"),
        "flat_25": gettext_lazy("25 points more (under penalty, 25 off)"),
        "none": gettext_lazy("Counts as usual"),
    },
    "stock_out": {
        "lowest_hand": gettext_lazy("The lowest hand wins the difference from each other player"),
        "no_score": gettext_lazy("Nobody scores; the hand still counts"),
    },
    "ace_value": {
        1: gettext_lazy("1 point"),
        11: gettext_lazy("11 points"),
        # Translators: an ace counted 15, as where it may go round the corner
        # in a run (K A 2).
        15: gettext_lazy("15 (round the corner)"),
    },
    "decks": {
        None: gettext_lazy("By the players who start: 1 for 2 to 4, 2 for 5 or 6"),
        1: gettext_lazy("1 deck"),
        2: gettext_lazy("2 decks"),
    },
}


# Sentences of the board, the history, the sheet and the share link.


def summary(hand: Any, rules: Any) -> str:
    """What a hand scored, in one line: "Ben takes 41", "Ben takes 82
    (rummy)", "nobody out: Ben takes 22 (lowest hand)", or under penalty
    "Alice +23, Cara +18" ("Alice +46, Cara +36 (rummy)")."""
    scored = {name: points for name, points in hand.scores.items() if points}
    charges = ", ".join(f"{name} {signed(points)}" for name, points in scored.items())
    if hand.went_out is None:
        if not scored:
            return _("nobody out: nobody scores")
        if rules.leader_is_lowest:
            # Translators: charges are players' names with their points, such
            # as "Alice +23, Cara +18".
            return _("nobody out (lowest hand): %(charges)s") % {"charges": charges}
        (winner, take), *_others = scored.items()
        return _("nobody out: %(player)s takes %(points)s (lowest hand)") % {
            "player": winner,
            "points": take,
        }
    if rules.leader_is_lowest:
        if not scored:
            return _("nobody is charged (rummy)") if hand.rummy else _("nobody is charged")
        # Translators: charges are players' names with their points, such as
        # "Alice +23, Cara +18".
        return _("%(charges)s (rummy)") % {"charges": charges} if hand.rummy else charges
    shown = {"player": hand.went_out, "points": hand.scores[hand.went_out]}
    if hand.rummy:
        return _("%(player)s takes %(points)s (rummy)") % shown
    return _("%(player)s takes %(points)s") % shown


def ended(hand: Any) -> str:
    """How a hand ended, for its line in the history: "Ben went out, rummy",
    "Nobody went out"."""
    if not hand.went_out:
        return _("Nobody went out")
    if hand.rummy:
        return _("%(player)s went out, rummy") % {"player": hand.went_out}
    return _("%(player)s went out") % {"player": hand.went_out}


def entry_ended(entry: Mapping[str, Any]) -> str:
    """How a stored hand ended, for the share link: "Ben went out with
    rummy", "nobody out"."""
    out = entry["went_out"]
    if not out:
        return _("nobody out")
    if entry["rummy"]:
        return _("%(player)s went out with rummy") % {"player": out}
    return _("%(player)s went out") % {"player": out}


def typed(hand: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A hand as entered (match-file shape): each player's points as typed,
    and who ended it in words ("Ben went out", "nobody went out")."""
    went_out = hand.get("went_out")
    ended = _("%(player)s went out") % {"player": went_out} if went_out else _("nobody went out")
    return hand.get("leftovers") or {}, ended


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """A hand's marks on the score sheet, whose cell is marked, and what the
    mark says to a screen reader."""
    marks = []
    if entry["rummy"]:
        marks.append(pgettext("going out in one go", "rummy"))
    if entry["went_out"] is None:
        marks.append(_("nobody out"))
    # Translators: said by a screen reader after the points of who went out.
    return marks, entry["went_out"], _("went out")


def cell_notes(entry: Mapping[str, Any]) -> list[str]:
    """A word in a player's cell of the score sheet (none in this game)."""
    return []


def rules_short(rules: Any) -> str:
    """The scoring in a few words, beside the line: "penalty", "highest wins"."""
    return _("penalty") if rules.leader_is_lowest else _("highest wins")


def rules_sheet(rules: Any) -> str:
    """The scoring on the score sheet: "penalty: lowest wins", "highest wins"."""
    return _("penalty: lowest wins") if rules.leader_is_lowest else _("highest wins")


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
    out = figures.get("hands_out") or 0
    take = figures.get("take") or 0
    best = figures.get("best_hand")
    return [
        (_("No winner"), str(counts["no_winner"]), ""),
        # Translators: how many hands a player went out in ("Went out: 3 hands").
        (_("Went out"), hands(out), ""),
        (_("Average take"), rounded(take, out, "0.1") if out else "–", ""),
        (pgettext("going out in one go", "Rummy"), str(figures.get("rummies") or 0), ""),
        (pgettext("hand of cards", "Best hand"), "–" if best is None else str(best), ""),
    ]


def _chose(token: str) -> str:
    """ "Ben went out": the hand form gives the name; the phone's script is
    given ``{name}`` to fill in (``waiting_chose``)."""
    return _("%(player)s went out") % {"player": token}


# The hand form's words.
FORM = {
    "none_label": gettext_lazy("Nobody: the stock ran out"),
    "chooser_required": gettext_lazy("Choose who went out, or nobody"),
    "extra_label": gettext_lazy("Went out in one go (rummy)"),
    "chose": _chose,
    "none": gettext_lazy("nobody went out"),
    # Translators: the column of the hand form ticking who went out.
    "out_column": gettext_lazy("Out"),
    # Translators: the column of the hand form for each player's leftover.
    "points_column": gettext_lazy("Left in hand"),
    "none_pill": gettext_lazy("Nobody out"),
    "none_pill_label": gettext_lazy("Nobody out: the stock ran out"),
    "extra_pill": pgettext_lazy("going out in one go", "Rummy"),
    "extra_pill_label": gettext_lazy("Rummy: went out in one go"),
    # A hand waiting on the phone, in words (static/js/waiting.js).
    "waiting_unchosen": gettext_lazy("Nobody marked as went out"),
    "waiting_none": gettext_lazy("Nobody went out"),
    "waiting_chose": lazy(_chose, str)("{name}"),
    # Translators: put after "Ben went out" on a hand waiting to be saved;
    # keep the space before it.
    "waiting_extra": pgettext_lazy("going out in one go", " (rummy)"),
}

# The new-match page's words for this game.
NEW = {
    "seats": gettext_lazy("2 to 6 players"),
    "players": gettext_lazy("Players, in seat order (2 to 6)"),
    "help": gettext_lazy("Type names round the table. Tick who deals first."),
    "start": gettext_lazy("Start the match"),
}


def rules_big(rules: Any) -> str:
    """The scoring on the big screen, when it is not the usual: "penalty"."""
    return _("penalty") if rules.leader_is_lowest else ""


# Nothing of its own about the deal to come, or beside a hand's number on
# the score sheet (a game whose deals differ says each one's), nor more for
# its section of the rules page.
deal_notes = row_notes = nothing
scoring_parts = dict


# The spreadsheet export: the columns after a hand's number and dealer, their
# cells for a hand's snapshot entry, and a last row after the hands.
CSV_COLUMNS = (
    pgettext_lazy("a column of the spreadsheet export", "went out"),
    pgettext_lazy("a column of the spreadsheet export", "rummy"),
)


def csv_cells(entry: Mapping[str, Any]) -> list[Any]:
    """Who went out ("nobody"), and whether with rummy ("yes", "no")."""
    rummy = (
        pgettext("went out with rummy, in the spreadsheet export", "yes")
        if entry["rummy"]
        else pgettext("went out with rummy, in the spreadsheet export", "no")
    )
    return [
        entry["went_out"] or nobody(),
        rummy,
    ]


csv_foot = nothing
