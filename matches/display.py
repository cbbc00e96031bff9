"""What the pages say of a match: its rows, its history, what a change did,
why it closed. Read from the replay (or its stored snapshot), never worked
out a second time; a game's own words come from its folder (``Game.words``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from matches import games, snapshot
from matches.engine.board import Board, HandResult
from matches.engine.errors import RuleError
from matches.engine.names import NAME_MAX, name_key
from matches.marks import Mark, table_marks
from matches.phrases import names, plural, signed
from matches.services import LaterEventImpossible
from matches.words import refusal as refusal_words


def words_of(game: str) -> Any:
    """The words of ``game`` (its folder's ``words`` module)."""
    return games.game(game).words


def summary(hand: HandResult, rules: Any) -> str:
    """What a hand scored, in one line, in its game's words ("Ben takes 41")."""
    return words_of(rules.game).summary(hand, rules)


def final_lines(board: Board) -> list[str]:
    """The game's final score in words, once won (Gin's bonuses); empty otherwise."""
    return words_of(board.game).final_lines(board)


def final_lines_of(match: Any, head: dict[str, Any]) -> list[str]:
    """``final_lines`` of a stored snapshot head of ``match``."""
    return final_lines(snapshot.board(match.house_rules(), {**head, "events": []}))


# Why a match closed, or goes on --------------------------------------------------


def close_reason(board: Board) -> str:
    """Why a closed match closed, naming the winner or saying "no winner"."""
    return _close_reason(
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
    closed_by: str | None,
    winner: str | None,
    totals: dict[str, int],
    dealt_in_last: Any,
    target: int,
    lowest: bool,
    hand_limit: int,
) -> str:
    best = "lowest" if lowest else "highest"
    if closed_by == "target":
        return (
            f"{winner} wins with the {best} total, {totals[winner]}, "  # type: ignore[index]
            f"once the line of {target} was reached."
        )
    if closed_by == "hand_limit":
        limit = plural(hand_limit, "hand")
        if winner is None:
            top, tied = _best(totals, dealt_in_last, lowest=lowest)
            return (
                f"No winner: the hand limit of {limit} was reached with {names(tied)} "
                f"level on {top}."
            )
        return (
            f"{winner} wins with the {best} total, {totals[winner]}, at the hand limit of {limit}."
        )
    return ""


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
    *, status: str, totals: dict[str, int], dealt_in_last: Any, target: int, lowest: bool
) -> str:
    dealt_in = [name for name in dealt_in_last if name in totals]
    if status != "open" or not any(totals[name] >= target for name in dealt_in):
        return ""
    top, tied = _best(totals, dealt_in, lowest=lowest)
    if len(tied) < 2:
        return ""  # never: one best total closes the match
    best = "lowest" if lowest else "highest"
    return (
        f"The line of {target} is reached, but {names(tied)} share the {best} "
        f"total, {top}: another hand is dealt."
    )


def _best(totals: dict[str, int], among: Any, *, lowest: bool) -> tuple[int, list[str]]:
    """The best total among ``among`` and who holds it, in seat order."""
    top = (min if lowest else max)(totals[name] for name in among)
    return top, [name for name in among if totals[name] == top]


def leader_sentence(
    *, status: str, winner: str | None, leader: str | None, hands_played: int
) -> str:
    """One phrase for a list of matches: "Alice won", "no winner", "Ben
    leads", "no single leader" or "no hands yet"."""
    if status == "closed":
        return f"{winner} won" if winner else "no winner"
    if leader:
        return f"{leader} leads"
    return "no single leader" if hands_played else "no hands yet"


# The board's rows ------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """One line of the board: a player's total (points), how far it is from
    the line (points; zero or less: at or over it), and on a closed match
    their place ("1", "=2")."""

    name: str
    total: int
    seated: bool
    leader: bool
    to_line: int | None
    deals: bool = False
    place: str = ""
    winner: bool = False
    extra: tuple[str, ...] = ()  # the game's own marks ("2 hands won")
    left_after: int | None = None  # hands played when they left

    @property
    def left(self) -> str:
        """A player away from the table: "left after hand 12" (it explains a
        place below a lower total), "left before hand 1"."""
        if self.left_after is None:
            return "left"
        if self.left_after == 0:
            return "left before hand 1"
        return f"left after hand {self.left_after}"

    @property
    def marks(self) -> list[str]:
        """The small words under the name: "wins", "leader", "deals",
        "left after hand 12", the game's own, and on an open match how far a
        seated player is from the line."""
        words = [
            word
            for word, shown in (
                ("wins", self.winner),
                ("leader", self.leader),
                ("deals", self.deals),
                (self.left, not self.seated),
            )
            if shown
        ]
        words.extend(self.extra)
        if self.seated and not self.place and self.to_line is not None:
            # "to go" under either scheme: a longer phrase wraps six rows off a phone.
            words.append(
                f"{self.to_line} to go"
                if self.to_line > 0
                else ("at the line" if self.to_line == 0 else "over the line")
            )
        return words

    @property
    def mark_parts(self) -> list[tuple[str, bool]]:
        """``marks`` as drawn, separators included: (text, whether it is the
        dealer's mark). The dealer's mark is drawn apart (static/js/waiting.js
        hides it while hands wait on the phone), holding one separator next
        to it, so hidden it leaves none astray."""
        marks = self.marks
        dealer_first = marks[:1] == ["deals"]
        parts = []
        for at, mark in enumerate(marks):
            if mark == "deals":
                text = f"deals{' · ' if len(marks) > 1 else ''}" if at == 0 else " · deals"
                parts.append((text, True))
            else:
                separator = " · " if at and not (at == 1 and dealer_first) else ""
                parts.append((f"{separator}{mark}", False))
        return parts


def standings(board: Board) -> list[Standing]:
    """Every player on the board: an open match's seated players in seat
    order, then those who left (their totals stay); a closed match's in
    their places (``ranking``)."""
    if board.status == "closed":
        return ranking(board)
    rows = [_standing(board, seat.name, seat.seated) for seat in board.seats]
    return [row for row in rows if row.seated] + [row for row in rows if not row.seated]


def _standing(board: Board, name: str, seated: bool, place: str = "") -> Standing:
    left_after = next(seat.left_after for seat in board.seats if seat.name == name)
    return Standing(
        name=name,
        total=board.totals[name],
        seated=seated,
        leader=board.status == "open" and board.leader == name,
        to_line=board.target - board.totals[name],
        deals=board.next_hand is not None and board.next_hand.dealer == name,
        place=place,
        winner=board.winner == name,
        extra=tuple(words_of(board.game).board_marks(board, name)),
        left_after=None if seated else left_after,
    )


def ranking(board: Board) -> list[Standing]:
    """A closed match's players in their places, shared ones shown "=N"."""
    seated = set(board.seated)
    return [
        _standing(board, name, name in seated, f"={place}" if shared else str(place))
        for name, place, shared in board.ranking
    ]


def entry_rows(seated: tuple[str, ...] | list[str]) -> list[Standing]:
    """Rows for a hand form away from the board (the edit page): the players
    dealt into that hand, with no totals."""
    return [
        Standing(name=name, total=0, seated=True, leader=False, to_line=None) for name in seated
    ]


# The history ------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRow:
    """One event as the history shows it: a hand with its result, or a
    sentence for a move of the line, a leave or a join."""

    event_id: int
    kind: str
    text: str
    hand: HandResult | None = None
    summary: str = ""
    held: tuple[str, ...] = ()
    created: Any = None
    # The key its row is kept under as drawn (``pages``), when it is kept.
    kept: str = ""


def held_by(hand: HandResult) -> tuple[str, ...]:
    """What each player held: "Alice held 23", or entered as cards, "Cara
    held A J 5 2 (18)"."""
    return tuple(
        f"{name} held {' '.join(str(card) for card in hand.cards[name])} ({points})"
        if name in hand.cards
        else f"{name} held {points}"
        for name, points in hand.held.items()
    )


def history(events: list[Any], board: Board, first: int = 0) -> list[HistoryRow]:
    """The live events, newest first, each with what it did.

    Args:
        events: the match's live ``Event`` rows in order, all or the last.
        board: the board holding (at least) the hands among ``events``.
        first: the index among all live events of the first of ``events``.
    """
    hands = {hand.index: hand for hand in board.hands}
    words = words_of(board.game)
    rows = []
    gone: set[str] = set()  # who left among ``events``: their join is a return
    for index, event in enumerate(events, start=first):
        data = event.data
        if "leave" in data:
            gone.add(name_key(data["leave"]))
        if "hand" in data:
            hand = hands[index]
            rows.append(
                HistoryRow(
                    event.pk,
                    "hand",
                    f"Hand {hand.number}: {words.ended(hand)}",
                    hand,
                    words.summary(hand, board.rules),
                    held_by(hand),
                    event.created,
                )
            )
        else:
            kind = next(key for key in ("target", "leave", "join") if key in data)
            returned = kind == "join" and name_key(data["join"]) in gone
            if returned:
                gone.discard(name_key(data["join"]))
            sentence = event_sentence(data, board, returned=returned)
            rows.append(HistoryRow(event.pk, kind, sentence, created=event.created))
    return rows[::-1]


def event_sentence(
    data: dict[str, Any], board: Board, *, back: bool = False, returned: bool = False
) -> str:
    """A move of the line, a leave or a join as the history says it, names
    as the board spells them: "The line moved to 200", "Cara left the
    table", "Dan sat down after Alice". ``back``: a join just recorded of a
    player dealt in before (``board`` the board after it: "Oz is back in
    their seat, with 54 points"); ``returned``: a join of a player who left
    earlier in the same list ("Oz came back to their seat")."""
    spelled = {name_key(name): name for name in board.totals}

    def shown(name: str) -> str:
        return spelled.get(name_key(name), name)

    if "target" in data:
        return f"The line moved to {data['target']}"
    if "leave" in data:
        return f"{shown(data['leave'])} left the table"
    name = shown(data["join"])
    if back:
        return f"{name} is back in their seat, with {board.totals[name]} points"
    if returned:
        return f"{name} came back to their seat"
    after = f" after {shown(data['after'])}" if data.get("after") else ""
    return f"{name} sat down{after}"


def event_text(
    data: dict[str, Any], seat_order: list[str], game: str, *, number: int | None = None
) -> str:
    """An event as entered, in words, for one that is not on the board
    (taken back): "the hand where Ben went out (Alice 23, Cara 18)", the
    players in ``seat_order``; with its ``number`` as the board gave it,
    "hand 3, where Ben went out (...)"."""
    if "hand" in data:
        seats = {name_key(name): position for position, name in enumerate(seat_order)}
        points, who = words_of(game).typed(data["hand"])
        held = ", ".join(
            f"{name} {_held(value)}"
            for name, value in sorted(
                points.items(), key=lambda item: seats.get(name_key(item[0]), len(seats))
            )
        )
        hand_words = f"hand {number}, where" if number else "the hand where"
        return f"{hand_words} {who}" + (f" ({held})" if held else "")
    if "target" in data:
        return f"the move of the line to {data['target']}"
    spelled = {name_key(name): name for name in seat_order}
    if "leave" in data:
        return f"{spelled.get(name_key(data['leave']), data['leave'])} leaving"
    return f"{spelled.get(name_key(data['join']), data['join'])} sitting down"


def _held(value: Any) -> str:
    return " ".join(str(card) for card in value) if isinstance(value, list) else str(value)


def event_label(events: list[dict[str, Any]], index: int) -> str:
    """Event ``index`` of ``events`` as a person at the table names it:
    "hand 4", "the move of the line to 200", "Cara leaving", "Dan joining"."""
    data = events[index]
    if "hand" in data:
        return f"hand {sum('hand' in each for each in events[: index + 1])}"
    if "target" in data:
        return f"the move of the line to {data['target']}"
    if "leave" in data:
        return f"{data['leave']} leaving"
    return f"{data['join']} joining"


def refusal(error: RuleError) -> str:
    """A refused write in words; an edit, delete or restore that would make a
    later event impossible names that event as the board showed it to the
    write (``LaterEventImpossible.shown``): "That would make hand 2
    impossible: ..."."""
    if isinstance(error, LaterEventImpossible):
        return (
            f"That would make {event_label(error.shown, error.shown_index)} impossible: "
            f"{refusal_words(error.problem)}"
        )
    return refusal_words(error)


def _moved(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """Each figure that changed, "Ben 41 → 45" (a name missing before: 0)."""
    return [
        f"{name} {before.get(name, 0)} → {value}"
        for name, value in after.items()
        if before.get(name, 0) != value
    ]


def changes(
    before: Board, after: Board, *, removed: int | None = None, added: int | None = None
) -> list[str]:
    """What an edit changed on the board, in short sentences: the line,
    totals, who dealt a hand, who sits at the table, the game's own figures,
    who deals next, and the result. ``removed``: the index among the events
    of an entry deleted (in ``before``); ``added``: of one put back (in
    ``after``): the other hands are compared hand for hand, each named by
    its number and dealer as it was."""
    lines = []
    if before.target != after.target:
        lines.append(f"The line: {before.target} → {after.target}.")
    moved = _moved(before.totals, after.totals)
    if moved:
        lines.append("Totals: " + ", ".join(moved) + ".")
    was = [hand for hand in before.hands if hand.index != removed]
    now = [hand for hand in after.hands if hand.index != added]
    dealers = [
        f"hand {hand.number} {old.dealer} → {hand.dealer}"
        if old.number == hand.number
        else f"hand {old.number}, dealt by {old.dealer}, is now hand {hand.number}, "
        f"dealt by {hand.dealer}"
        for old, hand in zip(was, now, strict=False)
        if old.dealer != hand.dealer
    ]
    if dealers:
        lines.append("Dealers: " + "; ".join(dealers) + ".")
    came = [name for name in after.seated if name not in before.seated]
    went = [name for name in before.seated if name not in after.seated]
    if came:
        lines.append(f"At the table now: {names(came)}.")
    if went:
        lines.append(f"No longer at the table: {names(went)}.")
    lines.extend(words_of(after.game).changes(before, after))
    if before.next_hand and after.next_hand and before.next_hand.dealer != after.next_hand.dealer:
        lines.append(f"{after.next_hand.dealer} deals next (not {before.next_hand.dealer}).")
    if (before.status, before.winner) != (after.status, after.winner):
        if after.status == "closed":
            lines.append(f"The match closes at hand {after.hands_played}: {close_reason(after)}")
        else:
            lines.append("The match is open again.")
    return lines or ["Nothing on the board changed."]


# Lists of matches -------------------------------------------------------------------


class Listed(NamedTuple):
    """One player's stored standing in a match, as a list reads it."""

    seat: int
    total: int
    seated: bool
    place: int | None
    shared: bool
    won: bool
    leader: bool
    name: str


LISTED = ("seat", "total", "seated", "place", "shared", "won", "leader", "player__name")


@dataclass(frozen=True)
class MatchRow:
    """One match in a list (home, history), from its stored standings only:
    ``players`` is ``(place, name, total, mark)`` per player, ranked as the
    board ranks them."""

    match: Any
    players: list[tuple[str, str, int, Mark]]
    sentence: str

    @property
    def game_name(self) -> str:
        """The match's game, named in a list unless it is the usual one."""
        return "" if self.match.game == games.DEFAULT else words_of(self.match.game).NAME


def place_shown(place: int | None, shared: bool) -> str:
    """A place as a board, a list or a sheet shows it: "=1" when shared,
    "" when none (the players' pages say "1st": ``people.place_words``)."""
    if not place:
        return ""
    return f"={place}" if shared else str(place)


def match_row(match: Any, standings: list[Listed]) -> MatchRow:
    """The list row of ``match`` from its stored standings, each player with
    their mark; reads no events."""
    if match.status == "closed":
        rows = sorted(standings, key=lambda row: (row.place or 0, row.seat))
    else:
        rows = sorted(standings, key=lambda row: (not row.seated, row.seat))
    marks = table_marks([row.name for row in sorted(standings)], match)
    players = [
        (place_shown(row.place, row.shared), row.name, row.total, marks[row.name]) for row in rows
    ]
    winner = next((row.name for row in rows if row.won), None)
    leader = next((row.name for row in rows if row.leader), None)
    sentence = leader_sentence(
        status=match.status, winner=winner, leader=leader, hands_played=match.hands_played
    )
    return MatchRow(match, players, sentence)


# Names that fit -----------------------------------------------------------------------

SHORT_NAME = 8  # characters of a name that fit the score sheet's first column on a phone


def short_names(seats: list[str], fits: int = SHORT_NAME) -> dict[str, str]:
    """Each name cut to ``fits`` characters (``short_name``), where two would read
    alike cut elsewhere, as short as tells them apart: first keeping more of
    the end ("Christopher Robinson" and "Christopher Robertson", both
    "Chri…son", become "Chr…nson" and "Chr…tson"), then longer."""
    shorts = {name: short_name(name, fits) for name in seats}
    for limit in range(fits, NAME_MAX + 1):
        seen: dict[str, list[str]] = {}
        for name, short in shorts.items():
            seen.setdefault(short, []).append(name)
        alike = [name for group in seen.values() if len(group) > 1 for name in group]
        if not alike:
            break
        for tail in range(3, limit - 2):
            cut = {name: short_name(name, limit, tail) for name in alike}
            if len(set(cut.values())) == len(cut) and not set(cut.values()) & (
                set(shorts.values()) - {shorts[name] for name in alike}
            ):
                shorts.update(cut)
                break
    return shorts


def short_name(name: str, limit: int = SHORT_NAME, tail: int = 3) -> str:
    """A long name cut to fit the sheet, keeping both ends (the last
    ``tail`` letters): "Alex…na1", "Alex…na2". One character over is kept
    whole: an ellipsis saves nothing there ("Dora Lee", not "Dor…Lee")."""
    if len(name) <= limit + 1:
        return name
    return f"{name[: limit - tail - 1]}…{name[-tail:]}"


def example_result(board: Board, *, last_event_was_line: bool = False) -> str:
    """What the game made of a worked example, in words: the last hand's
    score (or the move of the line, when that came last), the totals, and
    the result once the match is decided."""
    parts = []
    if last_event_was_line:
        parts.append(f"The line moved to {board.target}.")
    elif board.hands:
        last = board.hands[-1]
        parts.append(f"Hand {last.number}: {summary(last, board.rules)}.")
    parts.extend(words_of(board.game).example_lines(board))
    totals = ", ".join(
        f"{name} {signed(total) if total < 0 else total}" for name, total in board.totals.items()
    )
    parts.append(f"Totals: {totals}.")
    if board.status == "closed":
        parts.append(close_reason(board))
        parts.extend(line if line.endswith(".") else f"{line}." for line in final_lines(board))
    elif board.hands and any(total >= board.target for total in board.totals.values()):
        parts.append("The match stays open: the best total is shared, so another hand is dealt.")
    return " ".join(parts)
