"""Why a match closed, or why it goes on though the line is reached, in
whole sentences: read from the board (or a stored snapshot head), never
worked out a second time."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches import games
from matches.engine.board import Board
from matches.phrases import names


def close_reason(board: Board) -> str:
    """Why a closed match closed, naming the winner or saying "no winner"."""
    return _close_reason(
        game=board.game,
        closed_by=board.closed_by,
        winner=board.winner,
        totals=board.totals,
        dealt_in_last=board.dealt_in_last,
        target=board.target,
        lowest=board.rules.leader_is_lowest,
        hand_limit=board.rules.hand_limit,  # type: ignore[attr-defined]
    )


def close_reason_of(match: Any, head: dict[str, Any]) -> str:
    """``close_reason`` of a stored snapshot head of ``match``."""
    rules = match.house_rules()
    return _close_reason(
        game=rules.game,
        closed_by=head["closed_by"],
        winner=head["winner"],
        totals=dict(zip(head["seats"], head["totals"], strict=True)),
        dealt_in_last=head["dealt_in_last"],
        target=head["target"],
        lowest=rules.leader_is_lowest,
        hand_limit=rules.hand_limit,
    )


def _close_reason(
    *,
    game: str,
    closed_by: str | None,
    winner: str | None,
    totals: dict[str, int],
    dealt_in_last: Any,
    target: int | None,
    lowest: bool,
    hand_limit: int,
) -> str:
    if closed_by not in (None, "target", "hand_limit"):
        # A game's own way of ending: its words say why.
        return games.game(game).words.close_reason(closed_by, winner, totals)  # type: ignore[union-attr]
    if closed_by == "target":
        if lowest:
            text = _(
                "%(winner)s wins with the lowest total, %(total)s, "
                "once the line of %(target)s was reached."
            )
        else:
            text = _(
                "%(winner)s wins with the highest total, %(total)s, "
                "once the line of %(target)s was reached."
            )
        return text % {"winner": winner, "total": totals[winner], "target": target}  # type: ignore[index]
    if closed_by != "hand_limit":
        return ""
    if winner is None:
        top, tied = _best(totals, dealt_in_last, lowest=lowest)
        text = ngettext(
            # Translators: %(players)s is a list of players' names ("Ann and Cy").
            "No winner: the hand limit of %(count)s hand was reached "
            "with %(players)s level on %(total)s.",
            "No winner: the hand limit of %(count)s hands was reached "
            "with %(players)s level on %(total)s.",
            hand_limit,
        )
        return text % {"count": hand_limit, "players": names(tied), "total": top}
    if lowest:
        text = ngettext(
            "%(winner)s wins with the lowest total, %(total)s, "
            "at the hand limit of %(count)s hand.",
            "%(winner)s wins with the lowest total, %(total)s, "
            "at the hand limit of %(count)s hands.",
            hand_limit,
        )
    else:
        text = ngettext(
            "%(winner)s wins with the highest total, %(total)s, "
            "at the hand limit of %(count)s hand.",
            "%(winner)s wins with the highest total, %(total)s, "
            "at the hand limit of %(count)s hands.",
            hand_limit,
        )
    return text % {"winner": winner, "total": totals[winner], "count": hand_limit}


def undecided_reason(board: Board) -> str:
    """Why an open match goes on though a player dealt into the last hand is
    at or over the line: the best total among them is shared ("The line of
    100 is reached, but Ann and Cy share the lowest total, 40: another hand
    is dealt."); "" otherwise."""
    return _undecided_reason(
        status=board.status,
        totals=board.totals,
        dealt_in_last=board.dealt_in_last,
        target=board.target,
        lowest=board.rules.leader_is_lowest,
    )


def undecided_reason_of(match: Any, head: dict[str, Any]) -> str:
    """``undecided_reason`` of a stored snapshot head of ``match``."""
    return _undecided_reason(
        status=head["status"],
        totals=dict(zip(head["seats"], head["totals"], strict=True)),
        dealt_in_last=head["dealt_in_last"],
        target=head["target"],
        lowest=match.house_rules().leader_is_lowest,
    )


def _undecided_reason(
    *, status: str, totals: dict[str, int], dealt_in_last: Any, target: int | None, lowest: bool
) -> str:
    dealt_in = [name for name in dealt_in_last if name in totals]
    if status != "open" or target is None or not any(totals[name] >= target for name in dealt_in):
        return ""
    top, tied = _best(totals, dealt_in, lowest=lowest)
    if len(tied) < 2:
        return ""  # never: one best total closes the match
    if lowest:
        text = _(
            # Translators: %(players)s is a list of players' names ("Ann and Cy").
            "The line of %(target)s is reached, but %(players)s share the lowest "
            "total, %(total)s: another hand is dealt."
        )
    else:
        text = _(
            # Translators: %(players)s is a list of players' names ("Ann and Cy").
            "The line of %(target)s is reached, but %(players)s share the highest "
            "total, %(total)s: another hand is dealt."
        )
    return text % {"target": target, "players": names(tied), "total": top}


def _best(totals: dict[str, int], among: Any, *, lowest: bool) -> tuple[int, list[str]]:
    """The best total among ``among`` and who holds it, in seat order."""
    top = (min if lowest else max)(totals[name] for name in among)
    return top, [name for name in among if totals[name] == top]


def result_sentence(match: Any, data: dict[str, Any]) -> str:
    """Where the match stands, in a sentence for the sheet's head."""
    if match.abandoned:
        hands = data["hands_played"]
        if data["target"] is None:
            return ngettext(
                "Abandoned after %(count)s hand.", "Abandoned after %(count)s hands.", hands
            ) % {"count": hands}
        said = ngettext(
            "Abandoned after %(count)s hand; the line stood at %(line)s.",
            "Abandoned after %(count)s hands; the line stood at %(line)s.",
            hands,
        )
        return said % {"count": hands, "line": data["target"]}
    if data["status"] == "closed":
        return close_reason_of(match, data)
    deal = data["next_hand"]
    words = {
        "number": deal["number"],
        "dealer": deal["dealer"],
        "undecided": undecided_reason_of(match, data),
    }
    if words["undecided"]:
        # Translators: undecided says why nobody has won yet, a sentence.
        return _("Still open: hand %(number)s is next, %(dealer)s deals. %(undecided)s") % words
    return _("Still open: hand %(number)s is next, %(dealer)s deals.") % words
