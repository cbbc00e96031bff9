"""A worked example's result in words, as the "How scoring works" page shows
it: worked out by the game from the example's match, never typed in."""

from __future__ import annotations

from django.utils.translation import gettext as _

from matches.display import final_lines, stopped, summary, words_of
from matches.engine.board import Board
from matches.phrases import signed
from matches.reasons import close_reason


def example_result(board: Board, *, last_event_was_line: bool = False) -> str:
    """What the game made of a worked example, in words: the last hand's
    score (or the move of the line, when that came last), the totals, and
    the result once the match is decided."""
    parts = []
    if last_event_was_line:
        parts.append(_("The line moved to %(target)s.") % {"target": board.target})
    elif board.hands:
        last = board.hands[-1]
        said = {"number": last.number, "summary": summary(last, board.rules)}
        # Translators: %(summary)s is what the hand scored, in the game's words ("Ben takes 41").
        parts.append(_("Hand %(number)s: %(summary)s.") % said)
    parts.extend(words_of(board.game).example_lines(board))
    totals = ", ".join(
        f"{name} {signed(total) if total < 0 else total}" for name, total in board.totals.items()
    )
    # Translators: %(totals)s lists each player's total ("Ann 40, Ben 23").
    parts.append(_("Totals: %(totals)s.") % {"totals": totals})
    if board.status == "closed":
        parts.append(close_reason(board))
        parts.extend(stopped(line) for line in final_lines(board))
    elif (
        board.hands
        and board.target is not None
        and any(total >= board.target for total in board.totals.values())
    ):
        parts.append(_("The match stays open: the best total is shared, so another hand is dealt."))
    return " ".join(parts)
