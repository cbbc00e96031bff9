"""Sentences for the board: what a hand did, why a match closed. Read from
the engine's replay, never computed a second time."""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any, NamedTuple

from matches import kept, scoring
from matches.scoring import snapshot as snapshots
from matches.scoring.engine import NAME_MAX, name_key
from matches.scoring.gin import GinHandResult, final_parts
from matches.services import LaterEventImpossible


def signed(points: int) -> str:
    """``+23``, ``0``, ``−25`` (a real minus sign, readable in bad light)."""
    if points > 0:
        return f"+{points}"
    return f"−{-points}" if points < 0 else "0"


# What a Gin hand's result is called at the table (docs/gin.md, "Scoring one hand").
GIN_RESULTS = {
    "gin": "Gin",
    "big_gin": "Big gin",
    "knock": "Knock",
    "undercut": "Undercut",
    "drawn": "Drawn hand",
}


def hand_summary(hand: scoring.HandResult | GinHandResult, rules: Any) -> str:
    """What a hand scored, in one line: "Ben takes 41", "Ben takes 82
    (rummy)", "nobody out: Ben takes 22 (lowest hand)", or under penalty
    "Alice +23, Cara +18" ("Alice +46, Cara +36 (rummy)"); a Gin hand
    "Undercut: Ben scores 27", "Drawn hand: nobody scores". docs/rules.md
    and docs/gin.md, "Scoring one hand"."""
    if isinstance(hand, GinHandResult):
        if hand.winner is None:
            return "Drawn hand: nobody scores"
        return f"{GIN_RESULTS[hand.result]}: {hand.winner} scores {hand.scores[hand.winner]}"
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
    take = hand.scores[hand.went_out]
    return f"{hand.went_out} takes {take}{rummy}"


def hands_won_words(count: int) -> str:
    """ "1 hand won", "3 hands won"."""
    return f"{count} hand{'s' if count != 1 else ''} won"


def gin_ended(knocked: str | None, result: str, winner: str | None) -> str:
    """How a Gin hand ended, in words: "Alice knocked", "Alice knocked and
    Ben undercut", "Alice went gin", "Alice went big gin", "drawn hand"."""
    if knocked is None:
        return "drawn hand"
    if result == "undercut":
        return f"{knocked} knocked and {winner} undercut"
    if result in ("gin", "big_gin"):
        return f"{knocked} went {GIN_RESULTS[result].lower()}"
    return f"{knocked} knocked"


def final_lines(board: scoring.Board) -> list[str]:
    """A won Gin match's final score in words, a line a player, then the
    margin (said plainly when it is negative), from the engine's
    ``final_parts``: "Alice: 104 + 100 for 4 hands won + 100 game bonus =
    304". Empty for Rummy, an open match or one with no winner.
    docs/gin.md, "The final score"."""
    if board.game != scoring.GIN or board.final is None or board.winner is None:
        return []
    parts = final_parts(board.rules, board.totals, board.hands_won, board.winner)
    lines = []
    for name, mine in (parts or {}).items():
        words = []
        for part, points in mine:
            if part == "total":
                words.append(str(points))
            elif part == "boxes":
                won = board.hands_won[name]
                words.append(f"{points} for {hands_won_words(won)}")
            elif part == "game":
                doubled = points != board.rules.game_bonus
                words.append(
                    f"{points} game bonus" + (", doubled for the shutout" if doubled else "")
                )
            elif part == "points_doubled":
                words.append(f"{points} more for the shutout (points doubled)")
        sum_words = " + ".join(words)
        if any(part == "doubled" for part, _ in mine):
            sum_words = f"({sum_words}) × 2 for the shutout"
        lines.append(f"{name}: {sum_words} = {board.final[name]}")
    loser = next(name for name in board.totals if name != board.winner)
    margin = board.margin or 0
    if margin >= 0:
        lines.append(f"{board.winner} wins by {margin}.")
    else:
        lines.append(
            f"The margin is {signed(margin)}: {loser}'s final is {-margin} more than "
            f"{board.winner}'s, from the hands {loser} won. {board.winner} still wins the "
            "match, on the totals."
        )
    return lines


def final_lines_of(match: Any, data: dict[str, Any]) -> list[str]:
    """``final_lines`` from a stored snapshot ``data`` of ``match`` (its
    head is enough); empty when the snapshot has no final score."""
    if not data.get("final"):
        return []
    return final_lines(snapshots.board(match.house_rules(), {**data, "events": []}))


def close_reason(board: scoring.Board) -> str:
    """Why a closed match closed, naming the winner or saying "no winner".
    docs/rules.md, "When the match ends"."""
    return _close_reason(
        closed_by=board.closed_by,
        winner=board.winner,
        totals=board.totals,
        dealt_in_last=board.dealt_in_last,
        target=board.target,
        lowest=board.rules.leader_is_lowest,
        hand_limit=board.rules.hand_limit,
    )


def close_reason_of(match: Any, data: dict[str, Any]) -> str:
    """``close_reason`` from a stored snapshot ``data`` of ``match`` (whose
    columns give the scheme and the hand limit)."""
    return _close_reason(
        closed_by=data["closed_by"],
        winner=data["winner"],
        totals=dict(zip(data["seats"], data["totals"], strict=True)),
        dealt_in_last=data["dealt_in_last"],
        target=data["target"],
        lowest=match.house_rules().leader_is_lowest,
        hand_limit=match.hand_limit,
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
            f"{winner} wins with the {best} total, {totals[winner]}, "
            f"once the line of {target} was reached."
        )
    if closed_by == "hand_limit":
        hands = "1 hand" if hand_limit == 1 else f"{hand_limit} hands"
        if winner is None:
            top, tied = _best(totals, dealt_in_last, lowest=lowest)
            return (
                f"No winner: the hand limit of {hands} was reached with "
                f"{_names(tied)} level on {top}."
            )
        return (
            f"{winner} wins with the {best} total, {totals[winner]}, at the hand limit of {hands}."
        )
    return ""


def undecided_reason(board: scoring.Board) -> str:
    """Why an open match goes on though a player dealt into the last hand
    is at or over the line: the best total among them is shared, so the
    line decides nothing yet ("The line of 100 is reached, but Ann and Cy
    share the lowest total, 40: another hand is dealt."); "" otherwise.
    docs/rules.md, "When the match ends", rule 1."""
    return _undecided_reason(
        status=board.status,
        totals=board.totals,
        dealt_in_last=board.dealt_in_last,
        target=board.target,
        lowest=board.rules.leader_is_lowest,
    )


def undecided_reason_of(match: Any, data: dict[str, Any]) -> str:
    """``undecided_reason`` from a stored snapshot ``data`` of ``match``."""
    return _undecided_reason(
        status=data["status"],
        totals=dict(zip(data["seats"], data["totals"], strict=True)),
        dealt_in_last=data["dealt_in_last"],
        target=data["target"],
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
        f"The line of {target} is reached, but {_names(tied)} share the {best} "
        f"total, {top}: another hand is dealt."
    )


def _best(totals: dict[str, int], among: Any, *, lowest: bool) -> tuple[int, list[str]]:
    """The best total among the players ``among`` (the lowest under
    ``penalty``: ``lowest``) and who holds it, in seat order."""
    top = (min if lowest else max)(totals[name] for name in among)
    return top, [name for name in among if totals[name] == top]


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def held_by(hand: scoring.HandResult | GinHandResult) -> tuple[str, ...]:
    """What each player held: "Alice held 23", or with the cards entered,
    "Cara held A J 5 2 (18)"; in Gin, their deadwood."""
    return tuple(
        f"{name} held {' '.join(str(card) for card in hand.cards[name])} ({points})"
        if name in hand.cards
        else f"{name} held {points}"
        for name, points in hand.held_points.items()
    )


@dataclass(frozen=True)
class HistoryRow:
    """One event as the history shows it: a hand with its result, or a
    sentence for a move of the line, a leave or a join."""

    event_id: int
    kind: str
    text: str
    hand: scoring.HandResult | GinHandResult | None = None
    summary: str = ""
    held: tuple[str, ...] = ()
    created: Any = None


def history(events: list[Any], board: scoring.Board, first: int = 0) -> list[HistoryRow]:
    """The live events, newest first, each with what it did on the board.

    Args:
        events: the match's live ``Event`` rows in order (their ``data`` in
            match-file shape), all of them or the last ones.
        board: the board of the match, holding (at least) the hands among
            ``events``.
        first: the index among all live events of the first of ``events``.
    """
    hands = {hand.index: hand for hand in board.hands}
    rows = []
    gone: set[str] = set()  # who left among ``events``: their join is a return
    for index, event in enumerate(events, start=first):
        data = event.data
        if "leave" in data:
            gone.add(name_key(data["leave"]))
        if "hand" in data:
            rows.append(_hand_row(event.pk, event.created, hands[index], board.rules))
        else:
            kind = next(key for key in ("target", "leave", "join") if key in data)
            returned = kind == "join" and name_key(data["join"]) in gone
            if returned:
                gone.discard(name_key(data["join"]))
            sentence = event_sentence(data, board, returned=returned)
            rows.append(HistoryRow(event.pk, kind, sentence, created=event.created))
    return rows[::-1]


def _hand_row(
    event_id: int, created: Any, hand: scoring.HandResult | GinHandResult, rules: Any
) -> HistoryRow:
    """The history's row of a hand (``history``): recorded as event
    ``event_id`` at ``created``, scored under ``rules``."""
    if isinstance(hand, GinHandResult):
        what = gin_ended(hand.knocked, hand.result, hand.winner)
    else:
        rummy = ", rummy" if hand.rummy else ""
        what = f"{hand.went_out or 'Nobody'} went out{rummy}"
    return HistoryRow(
        event_id,
        "hand",
        f"Hand {hand.number}: {what}",
        hand,
        hand_summary(hand, rules),
        held_by(hand),
        created,
    )


def kept_history(match: Any, board: scoring.Board, count: int) -> list[HistoryRow] | None:
    """``history`` of ``match``'s last ``count`` live events, newest first,
    from the rows this process keeps of them (``Match.kept_rows``) when each
    is a hand: each row made once per process for what it is, so a board
    after a save makes only the new hand's (``_kept_hand_row``). None when
    the events are not kept, or one of them is not a hand (a hand's row
    depends on that hand alone; a join's on the events around it).

    Args:
        match: the ``Match`` whose board is ``board`` (any ``recent``: only
            its seats, rules and count of events are read).
        count: the events the board lists (``views.RECENT``).
    """
    rows = match.kept_rows(count)
    if rows is None:
        return None
    kind, event_id, created, result = (
        kept.column(name) for name in ("kind", "id", "created", "result")
    )
    if any(row[kind] != "hand" for row in rows):
        return None
    first = match.live_count() - len(rows)
    seats = tuple(seat.name for seat in board.seats)
    history = [
        _kept_hand_row(row[event_id], row[created], row[result], index, seats, board.rules)
        for index, row in enumerate(rows, start=first)
    ]
    return history[::-1]


@lru_cache(maxsize=1024)
def _kept_hand_row(
    event_id: int,
    created: Any,
    entry_json: str,
    index: int,
    seats: tuple[str, ...],
    rules: Any,
) -> HistoryRow:
    """The history's row of a hand from its event's stored values (its id,
    when it was entered, its snapshot entry as JSON text), at ``index``
    among the live events, of a match seating ``seats`` under ``rules``:
    everything the row shows, so a kept row is never stale. Rows and their
    hands are frozen, read by every request that shows them."""
    hand = snapshots.hand_result(json.loads(entry_json), index, seats, rules)
    return _hand_row(event_id, created, hand, rules)


def event_sentence(
    data: dict[str, Any], board: scoring.Board, *, back: bool = False, returned: bool = False
) -> str:
    """A move of the line, a leave or a join (match-file shape) as the history
    says it, with names as ``board`` spells them, not as typed ("ben" sat
    down: "Ben"): "The line moved to 200", "Cara left the table", "Dan sat
    down after Alice". ``back``: a join just recorded of a player dealt in
    before (``snapshot.ever_dealt_in``), ``board`` the board after it, so
    their total is told ("Oz is back in their seat, with 54 points").
    ``returned``: a join of a player who left earlier in the list the
    sentence is part of ("Oz came back to their seat")."""
    spelled = {name_key(name): name for name in board.totals}

    def shown(name: str) -> str:
        return spelled.get(name_key(name), name)

    if "target" in data:
        return f"The line moved to {data['target']}"
    if "leave" in data:
        return f"{shown(data['leave'])} left the table"
    name = shown(data["join"])
    if back:
        # Dealt in before: back in their own seat, with their total.
        return f"{name} is back in their seat, with {board.totals[name]} points"
    if returned:
        return f"{name} came back to their seat"
    after = f" after {shown(data['after'])}" if data.get("after") else ""
    return f"{name} sat down{after}"


@dataclass(frozen=True)
class Standing:
    """One line of the board: a player's total (points), how far it is from
    the line (points; zero or less: at or over it), and on a closed match
    their place ("1", "=2": shared places marked "=")."""

    name: str
    total: int
    seated: bool
    leader: bool
    to_line: int | None
    deals: bool = False
    place: str = ""
    winner: bool = False
    boxes: int | None = None  # Gin Rummy: the hands won (None in Rummy)

    @property
    def marks(self) -> list[str]:
        """The small words under the name: "wins", "leader", "deals", "left",
        in Gin the hands won ("2 hands won"), and on an open match how far a
        seated player is from the line."""
        words = [
            word
            for word, shown in (
                ("wins", self.winner),
                ("leader", self.leader),
                ("deals", self.deals),
                ("left", not self.seated),
            )
            if shown
        ]
        if self.boxes:
            words.append(hands_won_words(self.boxes))
        if self.seated and not self.place and self.to_line is not None:
            # "to go" under either scheme: a longer phrase wraps six rows off a phone.
            words.append(
                f"{self.to_line} to go"
                if self.to_line > 0
                else ("at the line" if self.to_line == 0 else "over the line")
            )
        return words


def standings(board: scoring.Board) -> list[Standing]:
    """Every player on the board. An open match: those seated in seat order,
    then those who left (their totals stay on the board). A closed match:
    ``ranking``. The leader mark is the engine's ``Board.leader``."""
    if board.status == "closed":
        return ranking(board)
    rows = [_standing(board, seat.name, seat.seated) for seat in board.seats]
    return [row for row in rows if row.seated] + [row for row in rows if not row.seated]


def _standing(board: scoring.Board, name: str, seated: bool, place: str = "") -> Standing:
    return Standing(
        name=name,
        total=board.totals[name],
        seated=seated,
        leader=board.status == "open" and board.leader == name,
        to_line=board.target - board.totals[name],
        deals=board.next_hand is not None and board.next_hand.dealer == name,
        place=place,
        winner=board.winner == name,
        boxes=board.hands_won.get(name) if board.game == scoring.GIN else None,
    )


def ranking(board: scoring.Board) -> list[Standing]:
    """A closed match's players in their places (the engine's
    ``Board.ranking``), shared places shown "=N" ("=1" on a close with no
    winner).

    Returns:
        One ``Standing`` a player, best place first.
    """
    seated = set(board.seated)
    return [
        _standing(board, name, name in seated, f"={place}" if shared else str(place))
        for name, place, shared in board.ranking
    ]


def leader_sentence(
    *, status: str, winner: str | None, leader: str | None, hands_played: int
) -> str:
    """One phrase for a list of matches: "Alice won", "no winner", "Ben
    leads", "no single leader" or "no hands yet". The arguments are the
    board's (``Board.status``, ``winner``, ``leader``, ``hands_played``), as
    replayed or as stored in the snapshot."""
    if status == "closed":
        return f"{winner} won" if winner else "no winner"
    if leader:
        return f"{leader} leads"
    return "no single leader" if hands_played else "no hands yet"


class Listed(NamedTuple):
    """One player's stored standing in a match, as a list reads it (one
    query for every match of the list, no model built)."""

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
    ``players`` is ``(place, name, total)`` per player, ranked as the board
    ranks them (a closed match by place, "=N" for a shared one; an open one in
    seat order, seated players first)."""

    match: Any
    players: list[tuple[str, str, int]]
    sentence: str


def match_row(match: Any, standings: list[Listed]) -> MatchRow:
    """The list row of ``match`` from its stored ``standings`` (``LISTED``
    of its ``MatchPlayer`` rows); reads no events and no snapshot."""
    if match.status == "closed":
        rows = sorted(standings, key=lambda row: (row.place or 0, row.seat))
    else:
        rows = sorted(standings, key=lambda row: (not row.seated, row.seat))
    players = [
        (f"={row.place}" if row.shared else str(row.place or ""), row.name, row.total)
        for row in rows
    ]
    winner = next((row.name for row in rows if row.won), None)
    leader = next((row.name for row in rows if row.leader), None)
    sentence = leader_sentence(
        status=match.status, winner=winner, leader=leader, hands_played=match.hands_played
    )
    return MatchRow(match, players, sentence)


def event_text(
    data: dict[str, Any], seat_order: list[str] = (), *, number: int | None = None
) -> str:
    """An event as entered (match-file shape), in words, for one that is not
    on the board (taken back): "the hand where Ben went out (Alice 23, Cara
    18)", the players in ``seat_order`` (PostgreSQL's jsonb keeps no key
    order); a hand's ``number`` as the board gave it, when known ("hand 3,
    where Ben went out (...)")."""
    if "hand" in data:
        hand = data["hand"]
        seats = {name_key(name): position for position, name in enumerate(seat_order)}
        if "knocked" in hand:
            points, knocked = hand.get("deadwood") or {}, hand.get("knocked")
            who = f"{knocked} knocked" if knocked else "nobody knocked"
        else:
            points, went_out = hand["leftovers"], hand.get("went_out")
            who = f"{went_out} went out" if went_out else "nobody went out"
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
    # Named as the board spells them ("eve" typed, "Eve" shown).
    spelled = {name_key(name): name for name in seat_order}
    if "leave" in data:
        return f"{spelled.get(name_key(data['leave']), data['leave'])} leaving"
    return f"{spelled.get(name_key(data['join']), data['join'])} sitting down"


def _held(value: Any) -> str:
    return " ".join(str(card) for card in value) if isinstance(value, list) else str(value)


def event_label(events: list[dict[str, Any]], index: int) -> str:
    """Name event ``index`` of ``events`` (match-file shape) as a person at
    the table would: "hand 4", "the move of the line to 200", "Cara
    leaving", "Dan joining". Used to say which later event an edit would
    make impossible (docs/rules.md, "Editing the past")."""
    data = events[index]
    if "hand" in data:
        return f"hand {sum('hand' in each for each in events[: index + 1])}"
    if "target" in data:
        return f"the move of the line to {data['target']}"
    if "leave" in data:
        return f"{data['leave']} leaving"
    return f"{data['join']} joining"


def _moved(before: dict[str, int], after: dict[str, int]) -> list[str]:
    """Each figure that changed, "Ben 41 → 45" (a name missing before: 0)."""
    return [
        f"{name} {before.get(name, 0)} → {value}"
        for name, value in after.items()
        if before.get(name, 0) != value
    ]


def changes(before: scoring.Board, after: scoring.Board) -> list[str]:
    """What an edit changed on the board, in short sentences: the line
    ("The line: 100 → 150"), totals ("Ben 41 → 45"), who dealt a hand, who
    sits at the table, who deals next, and the result."""
    lines = []
    if before.target != after.target:
        lines.append(f"The line: {before.target} → {after.target}.")
    moved = _moved(before.totals, after.totals)
    if moved:
        lines.append("Totals: " + ", ".join(moved) + ".")
    dealers = [
        f"hand {hand.number} {old.dealer} → {hand.dealer}"
        for old, hand in zip(before.hands, after.hands, strict=False)
        if old.dealer != hand.dealer
    ]
    if dealers:
        lines.append("Dealers: " + ", ".join(dealers) + ".")
    # Who is at the table: a leave or a join taken back or put back.
    came = [name for name in after.seated if name not in before.seated]
    went = [name for name in before.seated if name not in after.seated]
    if came:
        lines.append(f"At the table now: {_names(came)}.")
    if went:
        lines.append(f"No longer at the table: {_names(went)}.")
    won = _moved(before.hands_won, after.hands_won)
    if won:
        lines.append("Hands won: " + ", ".join(won) + ".")
    if (
        before.final
        and after.final
        and (before.final, before.margin) != (after.final, after.margin)
    ):
        finals = ", ".join(f"{name} {points}" for name, points in after.final.items())
        lines.append(f"Final score: {finals}; margin {signed(after.margin or 0)}.")
    if before.next_hand and after.next_hand and before.next_hand.dealer != after.next_hand.dealer:
        lines.append(f"{after.next_hand.dealer} deals next (not {before.next_hand.dealer}).")
    if (before.status, before.winner) != (after.status, after.winner):
        if after.status == "closed":
            lines.append(f"The match closes at hand {after.hands_played}: {close_reason(after)}")
        else:
            lines.append("The match is open again.")
    return lines or ["Nothing on the board changed."]


def refusal(error: scoring.RuleError, events: list[dict[str, Any]]) -> str:
    """The sentence for a refused write. An edit, delete or restore that
    would make a later event impossible names that event as the board shows
    it now: "That would make hand 2 impossible: Cara has left the table ...".

    Args:
        error: the engine's or a service's refusal.
        events: the live events as the board shows them (match-file shape).

    docs/rules.md, "Editing the past".
    """
    if isinstance(error, LaterEventImpossible):
        return (
            f"That would make {event_label(events, error.shown_index)} impossible: {error.message}"
        )
    return error.message


def entry_rows(names: tuple[str, ...] | list[str]) -> list[Standing]:
    """Rows for a hand form away from the board (the edit page): the
    players dealt into that hand, with no totals."""
    return [Standing(name=name, total=0, seated=True, leader=False, to_line=None) for name in names]


SHORT_NAME = 8  # characters of a name that fit the score sheet's first column on a phone


def short_names(names: list[str]) -> dict[str, str]:
    """Each name cut to fit the sheet (``short_name``), cut less where two
    would read alike: "Alexandrina Montgomery" and "Alexander Montgomery",
    both "Alex…ery", become "Alexandr…ery" and "Alexande…ery"."""
    shorts = {name: short_name(name) for name in names}
    limit = SHORT_NAME
    while len(set(shorts.values())) < len(shorts) and limit < NAME_MAX:
        limit += 2
        seen: dict[str, list[str]] = {}
        for name, short in shorts.items():
            seen.setdefault(short, []).append(name)
        for alike in (group for group in seen.values() if len(group) > 1):
            for name in alike:
                shorts[name] = short_name(name, limit)
    return shorts


def short_name(name: str, limit: int = SHORT_NAME) -> str:
    """A long name cut to fit the sheet, keeping both ends so that
    "Alexandrina1" and "Alexandrina2" stay apart: "Alex…na1", "Alex…na2"."""
    if len(name) <= limit:
        return name
    tail = 3
    return f"{name[: limit - tail - 1]}…{name[-tail:]}"


def example_result(board: scoring.Board, *, last_event_was_line: bool = False) -> str:
    """What the engine made of a worked example, in words: the last hand's
    score (or the move of the line, when that came last), the totals, and the
    result once the match is decided."""
    parts = []
    if last_event_was_line:
        parts.append(f"The line moved to {board.target}.")
    elif board.hands:
        last = board.hands[-1]
        parts.append(f"Hand {last.number}: {hand_summary(last, board.rules)}.")
    if board.game == scoring.GIN and len(board.hands) > 1:
        dealers = ", ".join(hand.dealer for hand in board.hands)
        after = f"; {board.next_hand.dealer} deals next" if board.next_hand else ""
        parts.append(f"Dealers: {dealers}{after}.")
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


@dataclass(frozen=True)
class PlayerFigures:
    """A player's figures as the players page shows them (``Player`` keeps
    them): matches played, won, the win rate over closed matches, closes with
    no winner, hands gone out, the average and best take on those (points),
    rummies, and the last five results, newest first ("1", "=2", "3 left")."""

    player: Any
    win_rate: str
    average_take: str
    best_hand: str
    recent: list[dict[str, str]]
    # Gin Rummy's, kept apart: the win rate over finished Gin matches, the
    # average margin of the Gin matches won (points), the last five results.
    gin_win_rate: str = "–"
    gin_margin: str = "–"
    gin_recent: tuple[dict[str, str], ...] = ()


def rounded(points: int, count: int, step: str) -> str:
    """``points / count`` to the nearest ``step`` ("1", "0.1"), a half
    rounded away from zero as people round (61.25 → "61.3", 62.5 → "63"),
    not to the even digit as Python's ``round`` does."""
    quotient = Decimal(points) / Decimal(count)
    return str(quotient.quantize(Decimal(step), rounding=ROUND_HALF_UP))


def player_figures(player: Any) -> PlayerFigures:
    """The shown figures of a ``Player`` (its kept counts, no query)."""
    win_rate = f"{rounded(100 * player.won, player.closed, '1')}%" if player.closed else "–"
    average = rounded(player.take, player.hands_out, "0.1") if player.hands_out else "–"
    best = str(player.best_hand) if player.best_hand is not None else "–"
    gin_rate = (
        f"{rounded(100 * player.gin_won, player.gin_closed, '1')}%" if player.gin_closed else "–"
    )
    margin = rounded(player.gin_margin, player.gin_won, "0.1") if player.gin_won else "–"
    return PlayerFigures(
        player,
        win_rate,
        average,
        best,
        _results(player.recent),
        gin_rate,
        margin.replace("-", "−"),
        tuple(_results(player.gin_recent)),
    )


def _results(recent: list[list[Any]]) -> list[dict[str, Any]]:
    """A player's last results as stored: "1", "=2", "3 left"."""
    return [
        {
            "public_id": public_id,
            "place": (f"={place}" if shared else str(place)) + (" left" if left else ""),
            "won": place == 1 and not shared and not left,
        }
        for public_id, _created, place, shared, left in recent
    ]


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the matches both played: ``matches`` (newest first:
    the match and each one's place), and on the closed ones how often each
    placed ahead of the other, or level."""

    first: Any
    second: Any
    matches: list[tuple[Any, str, str]]
    first_ahead: int
    second_ahead: int
    level: int

    @property
    def finished(self) -> int:
        """The closed matches both played."""
        return self.first_ahead + self.second_ahead + self.level

    @property
    def unfinished(self) -> int:
        """The open or abandoned matches both played."""
        return len(self.matches) - self.finished


def head_to_head(first: Any, second: Any, rows: list[Any]) -> HeadToHead:
    """``rows``: both players' ``MatchPlayer`` rows of the matches both
    played, each with its ``match``."""
    by_match: dict[int, dict[int, Any]] = {}
    for row in rows:
        by_match.setdefault(row.match_id, {})[row.player_id] = row
    matches = []
    ahead = {first.pk: 0, second.pk: 0}
    level = 0
    for pair in sorted(
        by_match.values(), key=lambda pair: next(iter(pair.values())).match.created, reverse=True
    ):
        mine, theirs = pair[first.pk], pair[second.pk]

        def shown(row: Any) -> str:
            if not row.closed:
                return "abandoned" if row.match.abandoned else "open"
            return (f"={row.place}" if row.shared else str(row.place)) + (
                " left" if not row.seated else ""
            )

        matches.append((mine.match, shown(mine), shown(theirs)))
        if mine.closed:
            if mine.place < theirs.place:
                ahead[first.pk] += 1
            elif theirs.place < mine.place:
                ahead[second.pk] += 1
            else:
                level += 1
    return HeadToHead(first, second, matches, ahead[first.pk], ahead[second.pk], level)


RECENT_SHOWN = 5  # hands the shared board lists


def entry_ended(entry: dict[str, Any]) -> str:
    """How a hand of a stored snapshot (an entry) ended, in words: "Ben went
    out with rummy", "nobody out"; in Gin, ``gin_ended``'s."""
    if "knocked" in entry:
        return gin_ended(entry["knocked"], entry["result"], entry["winner"])
    out = entry["went_out"]
    return f"{out} went out{' with rummy' if entry['rummy'] else ''}" if out else "nobody out"


def followed_board(match: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The board as the phones following a share link see it, from the
    stored snapshot ``data`` alone (its head, and the entries of at least
    the last ``RECENT_SHOWN`` hands): ``rows`` (name, total, place, marks),
    the line, the scheme, who deals and how many cards, the last hands in
    words, and on a closed match the winner and why it closed."""
    seats = data["seats"]
    deal = data["next_hand"]
    boxes = data.get("hands_won")  # Gin Rummy's hands won
    rows = []
    for seat, name in enumerate(seats):
        place = data["places"][seat]
        marks = [
            word
            for word, shown in (
                ("wins", data["winner"] == name),
                ("leader", data["status"] == "open" and data["leader"] == name),
                ("deals", deal is not None and deal["dealer"] == name),
                ("left", not data["seated"][seat]),
            )
            if shown
        ]
        if boxes and boxes[seat]:
            marks.append(hands_won_words(boxes[seat]))
        rows.append(
            {
                "name": name,
                "total": data["totals"][seat],
                "seated": data["seated"][seat],
                "place": (f"={place[0]}" if place[1] else str(place[0])) if place else "",
                "order": place[0] if place else seat,
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
        what = entry_ended(event)
        scores = ", ".join(
            f"{name} {signed(score)}"
            for name, score in zip(seats, event["scores"], strict=True)
            if score
        )
        recent.append(f"Hand {event['number']}: {what}" + (f" · {scores}" if scores else ""))
    rules = match.house_rules()
    final = final_lines_of(match, data)
    return {
        "rows": rows,
        "status": data["status"],
        "target": data["target"],
        "lowest": rules.leader_is_lowest,
        "gin": rules.game == scoring.GIN,
        "final": final,
        "deal": deal,
        "hands_played": data["hands_played"],
        "recent": recent,
        "winner": data["winner"],
        "reason": close_reason_of(match, data) if data["status"] == "closed" else "",
        "undecided": undecided_reason_of(match, data),
        "last": recent[0] if recent else "",
    }
