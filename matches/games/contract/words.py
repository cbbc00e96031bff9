"""Contract Rummy's words: its name, its refusals (by code, as
``matches.words`` asks them), its house rules and contracts in words, and
its sentences on the board, the history, the sheet, the hand form and the
players' pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from matches.phrases import nobody, nothing, rounded

from .rules import CONTRACTS as ALL_CONTRACTS
from .rules import contract_of

# Translators: the game's name. Keep the English name recognisable, with the
# name card tables use in your language beside it if there is one.
NAME = gettext_lazy("Contract Rummy")

# Each deal's contract in words (a set: three of a rank; a run: four or
# more in sequence in one suit).
CONTRACTS = {
    # Translators: a deal's contract in Contract Rummy, the melds a player
    # must lay down first (a set: three cards of a rank; a run: four or more
    # in sequence in one suit).
    "two_sets": gettext_lazy("two sets"),
    "set_and_run": gettext_lazy("a set and a run"),
    "two_runs": gettext_lazy("two runs"),
    "three_sets": gettext_lazy("three sets"),
    "two_sets_and_run": gettext_lazy("two sets and a run"),
    "set_and_two_runs": gettext_lazy("a set and two runs"),
    "three_runs": gettext_lazy("three runs"),
    "four_sets": gettext_lazy("four sets"),
    "three_sets_and_run": gettext_lazy("three sets and a run"),
    "two_sets_and_two_runs": gettext_lazy("two sets and two runs"),
}


def _closed(v: Mapping[str, Any]) -> str:
    return ngettext(
        "the match closed after its %(deals)s deal",
        "the match closed after its %(deals)s deals",
        v["deals"],
    ) % {"deals": v["deals"]}


REFUSALS: dict[str, Any] = {
    "contract.closed": _closed,
    "contract.no_line": gettext_lazy("a Contract match has no line: it ends after its last deal"),
    "contract.no_join": gettext_lazy(
        "%(player)s cannot join: a Contract match keeps its players once it has begun"
    ),
    "contract.leave_too_few": ngettext_lazy(
        "%(player)s cannot leave: at least %(low)s player must stay at the table",
        "%(player)s cannot leave: at least %(low)s players must stay at the table",
        "low",
    ),
    "contract.went_out_charged": gettext_lazy(
        "%(player)s went out, so %(player)s is charged nothing (leave the box empty or enter 0)"
    ),
    "contract.charge_range": gettext_lazy(
        "%(player)s's charge must be a whole number from %(low)s to %(most)s"
    ),
    "contract.hand_no_charges": gettext_lazy(
        # Translators: charges is written as a match file writes it.
        "a Contract deal needs charges: each other player's points left in hand"
    ),
    # Translators: what holds the most points a charge may have.
    "contract.box_most": gettext_lazy("the largest charge"),
    # A question before saving (a probable typing slip), not a refusal.
    "contract.slip_points": ngettext_lazy(
        # Translators: a question before saving: more points than the cards dealt can hold.
        "%(player)s: %(points)s point in %(dealt)s cards?",
        "%(player)s: %(points)s points in %(dealt)s cards?",
        "points",
    ),
}

RULE_NAMES: dict[str, Any] = {}

TITLES = {
    # Translators: how many deals a Contract match has (7, or 10 as in Shanghai).
    "deals": gettext_lazy("Deals"),
    "ace_value": gettext_lazy("Aces left in hand count"),
    "joker_value": gettext_lazy("Jokers left in hand count"),
    "decks": gettext_lazy("Decks"),
}
HELP = {
    "deals": gettext_lazy("Seven deals, each with its contract, or ten as in Shanghai."),
    "ace_value": gettext_lazy("The points of an ace still held, entered as a card."),
    "joker_value": gettext_lazy("The points of a printed joker still held, entered as a card."),
    "decks": gettext_lazy(
        "Used to check the cards entered; each deck beyond the first adds one printed joker."
    ),
}
CHOICES: dict[str, dict[object, Any]] = {
    "deals": {
        7: gettext_lazy("7 deals"),
        10: gettext_lazy("10 deals (Shanghai)"),
    },
    "ace_value": {
        1: gettext_lazy("1 point"),
        11: gettext_lazy("11 points"),
        15: gettext_lazy("15 points"),
    },
    "joker_value": {
        15: gettext_lazy("15 points"),
        20: gettext_lazy("20 points"),
        25: gettext_lazy("25 points"),
        50: gettext_lazy("50 points"),
    },
    "decks": {
        None: gettext_lazy("By the players who start: 2 for 2 to 4, 3 for 5 to 8"),
        2: gettext_lazy("2 decks"),
        3: gettext_lazy("3 decks"),
        4: gettext_lazy("4 decks"),
    },
}


def scoring_parts() -> dict[str, Any]:
    """The "How scoring works" section's table: each deal's contract in
    words with its cards each."""
    return {"contracts": [(CONTRACTS[each.key], each.cards_each) for each in ALL_CONTRACTS]}


def contract_words(number: int) -> str:
    """Deal ``number``'s contract in words: "two sets"."""
    return str(CONTRACTS[contract_of(number).key])


# Sentences of the board, the history, the sheet and the share link.


def deal_notes(rules: Any, number: int) -> list[str]:
    """What the board says of the deal to come: "Deal 3 of 7: two runs"."""
    return [
        _("Deal %(number)s of %(deals)s: %(contract)s")
        % {"number": number, "deals": rules.deals, "contract": contract_words(number)}
    ]


def summary(hand: Any, rules: Any) -> str:
    """What a deal charged: "Alice 32, Ben 18, Dev 19", "called off; Alice
    3, Ben 4", "nobody is charged"."""
    charged = ", ".join(f"{name} {points}" for name, points in hand.charges.items())
    if not charged:
        return _("nobody is charged")
    if hand.went_out is None:
        # Translators: charges are players' names with their points, "Alice 3, Ben 4".
        return _("called off; %(charges)s") % {"charges": charged}
    return charged


def _ended(went_out: str | None, contract: str) -> str:
    shown = {"player": went_out, "contract": CONTRACTS[contract]}
    if went_out is None:
        # Translators: contract is the deal's contract, such as "two sets".
        return _("Called off (%(contract)s)") % shown
    # Translators: contract is the deal's contract, such as "two sets".
    return _("%(player)s went out (%(contract)s)") % shown


def ended(hand: Any) -> str:
    """How a deal ended, with its contract: "Cara went out (two sets)"."""
    return _ended(hand.went_out, hand.contract)


def entry_ended(entry: Mapping[str, Any]) -> str:
    """How a stored deal ended (``ended``)."""
    return _ended(entry["went_out"], entry["contract"])


def typed(hand: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A deal as entered: each charge as typed, and who went out."""
    went_out = hand.get("went_out")
    ended = (
        _("%(player)s went out") % {"player": went_out}
        if went_out
        else _("the deal was called off")
    )
    charges = hand.get("charges")
    return charges if isinstance(charges, Mapping) else {}, ended


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """A deal's marks on the score sheet: called off, or who went out."""
    marks = [] if entry["went_out"] else [_("called off")]
    # Translators: said by a screen reader after the points of who went out.
    return marks, entry["went_out"], _("went out")


def row_notes(entry: Mapping[str, Any]) -> list[str]:
    """Beside a deal's number on the score sheet: its contract."""
    return [str(CONTRACTS[entry["contract"]])]


# Nothing of its own in a cell of the score sheet, under a name on the
# board or after an example (its places follow from ``final_lines``).
cell_notes = board_marks = example_lines = nothing


def changes(before: Any, after: Any) -> list[str]:
    """What an edit changed of the contracts: a deal deleted (or put back)
    moves the deals after it, each now played under its new number's."""
    if before.hands_played == after.hands_played:
        return []
    fewer, more = sorted((before.hands, after.hands), key=len)
    # The first deal that is not the same deal as before: the one deleted
    # (or put back); any deal after it moved to another number.
    first = next(
        (
            at
            for at, (one, other) in enumerate(zip(fewer, more, strict=False))
            if (one.went_out, one.scores) != (other.went_out, other.scores)
        ),
        len(fewer),
    )
    if first < len(fewer):
        return [_("Each deal after it now has the contract of its new number.")]
    return []


def rules_short(rules: Any) -> str:
    """The match's length in a few words: "7 deals, lowest wins"."""
    return ngettext("%(deals)s deal, lowest wins", "%(deals)s deals, lowest wins", rules.deals) % {
        "deals": rules.deals
    }


def rules_sheet(rules: Any) -> str:
    return _("Contract Rummy: %(short)s") % {"short": rules_short(rules)}


def rules_big(rules: Any) -> str:
    return rules_short(rules)


def close_reason(closed_by: str, winner: str | None, totals: Mapping[str, int]) -> str:
    """Why a Contract match closed: its last deal, the lowest total winning."""
    if winner is None:
        return _(
            "After the last deal the lowest total is shared: those who share it share first "
            "place, and nobody wins alone."
        )
    return _("%(winner)s wins with the lowest total, %(total)s, after the last deal.") % {
        "winner": winner,
        "total": totals[winner],
    }


def final_lines(board: Any) -> list[str]:
    """The places once the match is closed: "=1 Ben, =1 Cara, 3 Alice"."""
    if board.status != "closed":
        return []
    shown = [f"{'=' if shared else ''}{place} {name}" for name, place, shared in board.ranking]
    # Translators: places are such as "=1 Alice, =1 Ben, 3 Cara".
    return [_("Places: %(places)s") % {"places": ", ".join(shown)}]


def figure_rows(
    figures: Mapping[str, Any], counts: Mapping[str, int]
) -> list[tuple[str, str, str]]:
    """A player's Contract figures on the players' pages: (term, value, of)."""
    charges = figures.get("charges") or 0
    average = rounded(figures.get("charged") or 0, charges, "0.1") if charges else "–"
    return [
        (_("Deals won"), str(figures.get("deals_won") or 0), ""),
        (_("Average charge"), average, ""),
    ]


def _chose(token: str) -> str:
    """ "Ben went out": the form gives the name; the phone's script fills ``{name}``."""
    return _("%(player)s went out") % {"player": token}


# The hand form's words.
FORM = {
    "none_label": gettext_lazy("Nobody: the deal was called off"),
    "chooser_required": gettext_lazy("Choose who went out, or that the deal was called off"),
    "chose": _chose,
    "none": gettext_lazy("the deal was called off"),
    # Translators: the column of the hand form ticking who went out.
    "out_column": gettext_lazy("Out"),
    # Translators: the column of the hand form for each player's charge.
    "points_column": gettext_lazy("Left in hand"),
    "none_pill": gettext_lazy("Called off"),
    "none_pill_label": gettext_lazy("Nobody went out: the deal was called off"),
    "waiting_unchosen": gettext_lazy("Nobody marked as went out"),
    "waiting_none": gettext_lazy("Called off"),
    "waiting_chose": lazy(_chose, str)("{name}"),
    "waiting_extra": "",
}

# The new-match page's words for this game.
NEW = {
    "seats": gettext_lazy("2 to 8 players"),
    "players": gettext_lazy("Players, in seat order (2 to 8)"),
    "help": gettext_lazy("Type names round the table. Tick who deals first."),
    "start": gettext_lazy("Start the Contract match"),
}


# The spreadsheet export: the columns after a hand's number and dealer, their
# cells for a hand's snapshot entry, and a last row after the hands.
CSV_COLUMNS = (
    pgettext_lazy("a column of the spreadsheet export", "contract"),
    pgettext_lazy("a column of the spreadsheet export", "went out"),
)


def csv_cells(entry: Mapping[str, Any]) -> list[Any]:
    """The deal's contract, and who went out ("nobody": called off)."""
    return [
        str(CONTRACTS[entry["contract"]]),
        entry["went_out"] or nobody(),
    ]


csv_foot = nothing
