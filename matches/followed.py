"""The board as the phones following a share link see it, read from the
match's stored snapshot alone: the rows, the line, who deals, the last hands
in words, and once it closed the winner and why."""

from __future__ import annotations

from typing import Any

from matches import snapshot
from matches.display import final_lines, hand_ended, mark_words, place_order, place_shown
from matches.marks import short_names, table_marks
from matches.phrases import signed
from matches.reasons import close_reason_of, undecided_reason_of

RECENT_SHOWN = 5  # hands the shared board lists
BIG_NAME = 8  # characters of a name the big screen shows, held upright


def followed_board(match: Any, data: dict[str, Any]) -> dict[str, Any]:
    """What a shared board shows of ``match`` from its snapshot ``data`` (its
    head, and the entries of at least the last ``RECENT_SHOWN`` hands): each
    row with its player's mark, and the name as the big screen cuts it."""
    seats = data["seats"]
    deal = data["next_hand"]
    rules = match.house_rules()
    kind = match.kind
    words = kind.words
    board = snapshot.board(rules, {**data, "events": []})
    player_marks = table_marks(seats, match)
    shorts = short_names(seats, BIG_NAME)
    said = mark_words()
    rows = []
    for seat, name in enumerate(seats):
        place = data["places"][seat]
        marks = [
            said[word]
            for word, shown in (
                ("wins", data["winner"] == name),
                ("leader", data["status"] == "open" and data["leader"] == name),
                ("deals", deal is not None and deal["dealer"] == name),
                # Away from the table: left (a game's out player is not away).
                ("left", data["left_after"][seat] is not None),
            )
            if shown
        ]
        marks.extend(words.board_marks(board, name))
        rows.append(
            {
                "name": name,
                "short": shorts[name],
                "mark": player_marks[name],
                "total": data["totals"][seat],
                "seated": data["seated"][seat],
                "left": data["left_after"][seat] is not None,
                # Not playing, though still at the table (out for now).
                "out": not data["seated"][seat] and data["left_after"][seat] is None,
                "place": place_shown(*place) if place else "",
                "order": place_order(
                    place[0] if place else None, data["totals"][seat], seat, rules.leader_is_lowest
                ),
                "marks": marks,
            }
        )
    if data["status"] == "closed":
        rows.sort(key=lambda row: row["order"])
    else:
        rows.sort(key=lambda row: (not row["seated"], row["order"]))
    hands = [event for event in data["events"] if event["kind"] == "hand"]
    recent = []
    for event in reversed(hands[-RECENT_SHOWN:]):
        # A word the sheet writes in a player's cell ("drop") goes with it.
        notes = dict(zip(seats, words.cell_notes(event), strict=False))
        scores = ", ".join(
            f"{name} {signed(score)}" + (f" ({notes[name]})" if notes.get(name) else "")
            for name, score in zip(seats, event["scores"], strict=True)
            if kind.take_said(score)
        )
        line = hand_ended(event["number"], words.entry_ended(event))
        recent.append(line + (f" · {scores}" if scores else ""))
    return {
        "rows": rows,
        "status": data["status"],
        "target": data["target"],
        "rules_short": words.rules_short(rules),
        "rules_big": words.rules_big(rules),
        "final": final_lines(board),
        "deal": deal,
        "deal_notes": words.deal_notes(rules, deal["number"]) if deal else [],
        "hands_played": data["hands_played"],
        "recent": recent,
        "winner": data["winner"],
        "reason": close_reason_of(match, data) if data["status"] == "closed" else "",
        "undecided": undecided_reason_of(match, data),
        "last": recent[0] if recent else "",
    }
