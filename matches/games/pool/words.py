"""Pool Rummy's words: its name, its refusals (by code, as ``matches.words``
asks them), its house rules in words, and its sentences on the board, the
history, the sheet, the hand form and the players' pages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from matches.phrases import names, nothing, rounded

# Translators: the game's name. Keep the English name recognisable, with the
# name card tables use in your language beside it if there is one.
NAME = gettext_lazy("Pool Rummy")


def _closed(v: Mapping[str, Any]) -> str:
    if v["closed_by"] == "split":
        return _("the match is over: the players still in split the pool")
    return _("the match is over: %(winner)s is the last player still in") % {"winner": v["winner"]}


def _charge_bad(v: Mapping[str, Any]) -> str:
    # Translators: drop, middle_drop and wrong_show are written as a match
    # file writes them; keep them as they are.
    return _(
        "%(player)s's charge must be a count of points (0 to 999), cards, or drop, "
        "middle_drop or wrong_show"
    ) % {"player": v["player"]}


def _below_limit(v: Mapping[str, Any]) -> str:
    # Translators: rule is a house rule's name, such as "the drop".
    return _("%(rule)s must be below the limit of %(limit)s") % {
        "rule": RULE_NAMES[v["rule"]],
        "limit": v["limit"],
    }


REFUSALS: dict[str, Any] = {
    "pool.below_limit": _below_limit,
    "pool.rejoin_until_over": gettext_lazy(
        "rejoining must end at %(most)s or less (the limit of %(limit)s less 2), so that a "
        "player who rejoins comes back below the limit"
    ),
    "pool.no_line": gettext_lazy("the limit of a Pool match does not move"),
    "pool.no_join": gettext_lazy(
        "a Pool match keeps the players it started with: an out player may rejoin"
    ),
    "pool.closed": _closed,
    "pool.is_out": gettext_lazy("%(player)s is out (since hand %(hand)s)"),
    "pool.leave_out": gettext_lazy(
        "%(player)s is out already: an out player who does not rejoin simply stays out"
    ),
    "pool.rejoin_in": gettext_lazy("%(player)s is still in, so cannot rejoin"),
    "pool.rejoin_left": gettext_lazy("%(player)s left the match, so cannot rejoin"),
    "pool.rejoin_none": gettext_lazy("%(player)s cannot rejoin: this match allows no rejoining"),
    "pool.rejoin_spent": ngettext_lazy(
        "%(player)s cannot rejoin: a player may rejoin %(most)s time in this match",
        "%(player)s cannot rejoin: a player may rejoin %(most)s times in this match",
        "most",
    ),
    "pool.rejoin_late": gettext_lazy(
        "%(player)s cannot rejoin: %(holder)s has %(total)s, over %(most)s"
    ),
    # Translators: split and true are written as a match file writes them.
    "pool.split_not_true": gettext_lazy("split must be true"),
    "pool.split_early": gettext_lazy("the pool can be split only after the first hand"),
    "pool.split_many": gettext_lazy(
        "the pool can be split only while two or three players are still in (%(count)s are)"
    ),
    "pool.declarer_charged": gettext_lazy(
        "%(player)s declared, so %(player)s is charged nothing (leave their charge out)"
    ),
    "pool.charge_bad": _charge_bad,
    "pool.count_range": gettext_lazy(
        "%(player)s's count must be a whole number from 0 to %(most)s"
    ),
    "pool.cards_count": ngettext_lazy(
        "%(player)s's cards: %(count)s card, but a hand holds 1 to %(most)s",
        "%(player)s's cards: %(count)s cards, but a hand holds 1 to %(most)s",
        "count",
    ),
    "pool.hand_no_declared": gettext_lazy(
        # Translators: declared is written as a match file writes it.
        "a Pool hand needs declared: the player who declared"
    ),
    "pool.hand_no_charges": gettext_lazy(
        # Translators: charges is written as a match file writes it.
        "a Pool hand needs charges: each other player's count, drop, middle_drop or wrong_show"
    ),
    # Translators: what holds the most points a count may have.
    "pool.count_most": gettext_lazy("the largest count"),
}

RULE_NAMES = {
    # Translators: a house rule's name in a sentence, such as "the limit must
    # be a whole number from 50 to 1000".
    "limit": gettext_lazy("the limit"),
    "drop": gettext_lazy("the drop"),
    "middle_drop": gettext_lazy("the middle drop"),
    "full_count": gettext_lazy("the full count"),
    "wrong_show": gettext_lazy("the wrong show"),
    "rejoin_until": gettext_lazy("rejoining until"),
    "max_rejoins": gettext_lazy("the most rejoins"),
    "joker_value": gettext_lazy("a joker's points"),
}

# How each house rule reads to a person (the hand limit is every game's:
# ``matches.words``).
TITLES = {
    # Translators: the total at which a player is out of a Pool Rummy match.
    "limit": gettext_lazy("Limit (out at)"),
    "drop": gettext_lazy("Drop"),
    "middle_drop": gettext_lazy("Middle drop"),
    "full_count": gettext_lazy("Full count"),
    "wrong_show": gettext_lazy("Wrong show"),
    "rejoin": gettext_lazy("Rejoining"),
    "rejoin_until": gettext_lazy("Rejoining until"),
    "max_rejoins": gettext_lazy("Rejoins a player may make"),
    "ace_value": gettext_lazy("Aces count"),
    "joker_value": gettext_lazy("Printed jokers count"),
    "decks": gettext_lazy("Decks"),
}
HELP = {
    "limit": gettext_lazy("A player whose total reaches this is out (50 to 1000; 101 or 201)."),
    "drop": gettext_lazy("Charged for dropping before the first draw (0 to 100)."),
    "middle_drop": gettext_lazy("Charged for dropping later in the hand (0 to 100)."),
    "full_count": gettext_lazy(
        "The most one hand can cost: a bigger count is charged this (1 to 200)."
    ),
    "wrong_show": gettext_lazy("Charged for a declaration that was not valid (0 to 200)."),
    "rejoin": gettext_lazy("Where an out player comes back in."),
    "rejoin_until": gettext_lazy(
        "Rejoining is allowed while nobody still in has more than this (at most the limit less 2)."
    ),
    "max_rejoins": gettext_lazy("How many times one player may rejoin in a match (0 to 10)."),
    "ace_value": gettext_lazy("The points of an ace entered as a card."),
    "joker_value": gettext_lazy("The points of a printed joker entered as a card."),
    "decks": gettext_lazy("Used to check the cards entered; each deck adds two printed jokers."),
}
CHOICES: dict[str, dict[object, Any]] = {
    "rejoin": {
        "above_highest": gettext_lazy("At the highest total still in, plus 1"),
        "at_highest": gettext_lazy("At the highest total still in"),
        "none": gettext_lazy("No rejoining"),
    },
    "ace_value": {
        1: gettext_lazy("1 point"),
        10: gettext_lazy("10 points"),
        11: gettext_lazy("11 points"),
        15: gettext_lazy("15 (round the corner)"),
    },
    "joker_value": {
        0: gettext_lazy("0 points"),
        10: gettext_lazy("10 points"),
        15: gettext_lazy("15 points"),
        20: gettext_lazy("20 points"),
        25: gettext_lazy("25 points"),
        50: gettext_lazy("50 points"),
    },
    "decks": {
        1: gettext_lazy("1 deck"),
        2: gettext_lazy("2 decks"),
        3: gettext_lazy("3 decks"),
    },
}

# A charge given as a word, as the history and the hand form say it.
KIND_WORDS = {
    "drop": gettext_lazy("drop"),
    "middle_drop": gettext_lazy("middle drop"),
    "wrong_show": gettext_lazy("wrong show"),
}


# Sentences of the board, the history, the sheet and the share link.


def charge_words(charge: object, charged: int) -> str:
    """One charge in words: "35", "drop 20", "95: charged 80"."""
    if isinstance(charge, str):
        return f"{KIND_WORDS[charge]} {charged}"
    if charge != charged:
        # Translators: a count over the full count: what was counted, then charged.
        return _("%(count)s: charged %(charged)s") % {"count": charge, "charged": charged}
    return str(charged)


def summary(hand: Any, rules: Any) -> str:
    """What a hand charged, and who it put out: "Ben 35, Cara drop 20, Dev
    middle drop 40", "Ben 95: charged 80 · Ben is out"."""
    charged = ", ".join(
        f"{name} {charge_words(charge, hand.scores[name])}" for name, charge in hand.charges.items()
    )
    return f"{charged} · {out_words(hand.put_out)}" if hand.put_out else charged


def out_words(put_out: Any) -> str:
    """Who a hand put out: "Ben and Cara are out"."""
    return ngettext("%(players)s is out", "%(players)s are out", len(put_out)) % {
        "players": names(list(put_out))
    }


def ended(hand: Any) -> str:
    """How a hand ended: "Alice declared"."""
    return _("%(player)s declared") % {"player": hand.declared}


def entry_ended(entry: Mapping[str, Any]) -> str:
    """How a stored hand ended: "Alice declared"."""
    return _("%(player)s declared") % {"player": entry["declared"]}


def typed(hand: Mapping[str, Any]) -> tuple[Mapping[str, Any], str]:
    """A hand as entered: each charge as typed, and who declared."""
    declared = hand.get("declared")
    ended = _("%(player)s declared") % {"player": declared} if declared else _("nobody declared")
    return hand.get("charges") or {}, ended


def sheet_marks(entry: Mapping[str, Any]) -> tuple[list[str], str | None, str]:
    """A hand's marks on the score sheet: the declarer's cell marked."""
    # Translators: said by a screen reader after the points of who declared.
    return [], entry["declared"], _("declared")


def cell_notes(entry: Mapping[str, Any]) -> list[str]:
    """Words in each seat's cell of a hand's row on the score sheet: the
    charge given as a word ("drop", "wrong show") and "out" for each player
    the hand put out, else ""."""
    notes = []
    for charge, out in zip(entry["charges"], entry["put_out"], strict=True):
        words = [str(KIND_WORDS[charge])] if isinstance(charge, str) else []
        if out:
            # Translators: on the score sheet, in the cell of a player the hand put out.
            words.append(_("out"))
        notes.append(" · ".join(words))
    return notes


def rules_short(rules: Any) -> str:
    """The limit in a few words: "out at 101"."""
    return _("out at %(limit)s") % {"limit": rules.limit}


def limit_said(rules: Any) -> str:
    """The limit as a sentence, under the chart of the totals."""
    # Translators: in the description of the chart of the totals of a Pool Rummy match.
    return _("A player whose total reaches %(limit)s is out.") % {"limit": rules.limit}


def rules_sheet(rules: Any) -> str:
    return _("Pool %(limit)s: lowest wins, out at %(limit)s") % {"limit": rules.limit}


def rules_big(rules: Any) -> str:
    return rules_short(rules)


def close_reason(closed_by: str, winner: str | None, totals: Mapping[str, int]) -> str:
    """Why a Pool match closed: the last player in, or a split."""
    if closed_by == "split":
        return _("The players still in split the pool: they share first place.")
    return _("%(winner)s wins: the last player still in, with %(total)s.") % {
        "winner": winner,
        "total": totals[winner],  # type: ignore[index]
    }


def own_sentence(entry: Mapping[str, Any]) -> str:
    """A rejoin or a split in the history: "Ben rejoined at 71"."""
    if entry["kind"] == "split":
        return _("The players still in split the pool")
    return _("%(player)s rejoined at %(total)s") % {
        "player": entry["player"],
        "total": entry["total"],
    }


def own_label(data: Mapping[str, Any]) -> str:
    """A rejoin or a split dropped into a sentence: "Ben rejoining"."""
    if "split" in data:
        # Translators: dropped into a sentence ("That would make ... impossible").
        return _("the split of the pool")
    # Translators: dropped into a sentence ("That would make ... impossible").
    return _("%(player)s rejoining") % {"player": data["rejoin"]}


def board_parts(board: Any, worded: Any) -> dict[str, Any]:
    """The board's Pool part: who may rejoin at what total, why each other
    player out may not (``worded`` words a refusal), and whether the
    players still in may split the pool."""
    may = board.may_rejoin
    refused = [
        worded(board.why_not_rejoin(name))
        for name in board.out
        if name not in may and name not in board.left
    ]
    return {"rejoin": list(may.items()), "refused": refused, "split": board.split_allowed}


def board_marks(board: Any, name: str) -> list[str]:
    """Under a name: "can take 37 more", "out at hand 3", "may rejoin at 62",
    "rejoined once"."""
    marks = []
    if name in board.out:
        if name not in board.left:  # one who left is marked so by every game's board
            marks.append(_("out at hand %(hand)s") % {"hand": board.out[name]})
        total = board.may_rejoin.get(name)
        if total is not None:
            marks.append(_("may rejoin at %(total)s") % {"total": total})
    elif board.status == "open":
        marks.append(_("can take %(points)s more") % {"points": board.can_take(name)})
    count = board.rejoins.get(name, 0)
    if count:
        marks.append(
            ngettext("rejoined %(count)s time", "rejoined %(count)s times", count)
            % {"count": count}
        )
    return marks


def final_lines(board: Any) -> list[str]:
    """The places once the match is closed: "=1 Alice, =1 Ben, 3 Cara"."""
    if board.status != "closed":
        return []
    shown = [f"{'=' if shared else ''}{place} {name}" for name, place, shared in board.ranking]
    # Translators: places are such as "=1 Alice, =1 Ben, 3 Cara".
    return [_("Places: %(places)s") % {"places": ", ".join(shown)}]


def changes(before: Any, after: Any) -> list[str]:
    """What an edit changed of who is out."""
    if before.out == after.out:
        return []
    now = ", ".join(f"{name} {after.out[name]}" for name in after.out) or "–"
    # Translators: out is who is out and at which hand, such as "Ben 3, Cara 7".
    return [_("Out at hand: %(out)s.") % {"out": now}]


def example_lines(board: Any) -> list[str]:
    """Who is out and who may rejoin, in a worked example."""
    lines = []
    if board.out:
        out = ", ".join(f"{name} ({board.out[name]})" for name in board.out)
        # Translators: out is who is out with the hand they went out at, such as "Ben (3)".
        lines.append(_("Out: %(out)s.") % {"out": out})
    if board.may_rejoin:
        rejoin = ", ".join(f"{name} {total}" for name, total in board.may_rejoin.items())
        # Translators: rejoin is who may rejoin at which total, such as "Ben 71, Cara 71".
        lines.append(_("May rejoin: %(rejoin)s.") % {"rejoin": rejoin})
    # The places follow once the match is closed (every game's result says them).
    return lines


def figure_rows(
    figures: Mapping[str, Any], counts: Mapping[str, int]
) -> list[tuple[str, str, str]]:
    """A player's Pool figures on the players' pages: (term, value, of)."""
    charges = figures.get("charges") or 0
    average = rounded(figures.get("charged") or 0, charges, "0.1") if charges else "–"
    return [
        (_("Hands declared"), str(figures.get("declared") or 0), ""),
        (_("Drops"), str(figures.get("drops") or 0), ""),
        (_("Times out"), str(figures.get("times_out") or 0), ""),
        (_("Rejoins"), str(figures.get("rejoins") or 0), ""),
        (_("Average charge"), average, ""),
    ]


def _chose(token: str) -> str:
    """ "Ben declared": the form gives the name; the phone's script fills ``{name}``."""
    return _("%(player)s declared") % {"player": token}


# The hand form's words.
FORM = {
    "chooser_required": gettext_lazy("Choose who declared"),
    "chose": _chose,
    # Translators: the column of the hand form ticking who declared.
    "out_column": gettext_lazy("Declared"),
    # Translators: the column of the hand form for each player's charge.
    "points_column": gettext_lazy("Count"),
    "waiting_unchosen": gettext_lazy("Nobody marked as declared"),
    "waiting_chose": lazy(_chose, str)("{name}"),
    "none": gettext_lazy("nobody declared"),
    # A box takes these words too, each written in it by a button.
    "box_words": KIND_WORDS,
}

# The new-match page's words for this game.
NEW = {
    "seats": gettext_lazy("2 to 6 players"),
    "players": gettext_lazy("Players, in seat order (2 to 6)"),
    "help": gettext_lazy("Type names round the table. Tick who deals first."),
    "start": gettext_lazy("Start the Pool match"),
}


# Nothing of its own about the deal to come, or beside a hand's number on
# the score sheet (a game whose deals differ says each one's), nor more for
# its section of the rules page.
deal_notes = row_notes = nothing
scoring_parts = dict


# The spreadsheet export: the columns after a hand's number and dealer, their
# cells for a hand's snapshot entry, and a last row after the hands.
CSV_COLUMNS = (pgettext_lazy("a column of the spreadsheet export", "declared"),)


def csv_cells(entry: Mapping[str, Any]) -> list[Any]:
    """Who declared."""
    return [entry["declared"]]


csv_foot = nothing
