"""What the pages say of a match: its rows, its history, what a change did
(why it closed: ``reasons``). Read from the replay (or its stored snapshot),
never worked out again; a game's own words come from its folder (``Game.words``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from matches import games, snapshot
from matches.engine.board import Board, Deal, HandResult
from matches.engine.errors import RuleError
from matches.engine.names import name_key
from matches.marks import Mark, table_marks
from matches.phrases import listed, names
from matches.reasons import close_reason
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


def own_board(board: Board) -> dict[str, Any]:
    """What the game's own part of the board shows, its refusals worded."""
    return words_of(board.game).board_parts(board, refusal_words)


def final_lines_of(match: Any, head: dict[str, Any]) -> list[str]:
    """``final_lines`` of a stored snapshot head of ``match``."""
    return final_lines(snapshot.board(match.house_rules(), {**head, "events": []}))


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
    # Not seated without leaving the table (a game's out player): no "left" mark.
    out: bool = False

    @property
    def left(self) -> str:
        """A player away from the table: "left after hand 12" (it explains a
        place below a lower total), "left before hand 1"."""
        if self.left_after is None:
            return mark_words()["left"]
        if self.left_after == 0:
            return _("left before hand 1")
        return _("left after hand %(number)s") % {"number": self.left_after}

    @property
    def marks(self) -> list[str]:
        """The small words under the name: "wins", "leader", "deals",
        "left after hand 12", the game's own, and on an open match how far a
        seated player is from the line."""
        return [word for word, _dealer in self._marks()]

    def _marks(self) -> list[tuple[str, bool]]:
        """``marks``, each with whether it is the dealer's."""
        said = mark_words()
        # The game's own first: what only it says (who is out, say) must not
        # be the part a narrow column cuts off.
        words = [(word, False) for word in self.extra]
        words += [
            (word, dealer)
            for word, shown, dealer in (
                (said["wins"], self.winner, False),
                (said["leader"], self.leader, False),
                (said["deals"], self.deals, True),
                (self.left, not self.seated and not self.out, False),
            )
            if shown
        ]
        if self.seated and not self.place and self.to_line is not None:
            # "to go" under either scheme: a longer phrase wraps six rows off a phone.
            if self.to_line > 0:
                # Translators: under a player's name: the points they lack to reach the line.
                to_go = _("%(points)s to go") % {"points": self.to_line}
            elif self.to_line == 0:
                # Translators: under a player's name: their total is the line exactly.
                to_go = _("at the line")
            else:
                # Translators: under a player's name: their total is past the line.
                to_go = _("over the line")
            words.append((to_go, False))
        return words

    @property
    def mark_parts(self) -> list[tuple[str, bool]]:
        """``marks`` as drawn, separators included: (text, whether it is the
        dealer's mark). The dealer's mark is drawn apart (static/js/waiting.js
        hides it while hands wait on the phone), holding one separator next
        to it, so hidden it leaves none astray."""
        marks = self._marks()
        dealer_first = bool(marks) and marks[0][1]
        parts = []
        for at, (mark, dealer) in enumerate(marks):
            if dealer:
                text = f"{mark}{' · ' if len(marks) > 1 else ''}" if at == 0 else f" · {mark}"
                parts.append((text, True))
            else:
                separator = " · " if at and not (at == 1 and dealer_first) else ""
                parts.append((f"{separator}{mark}", False))
        return parts


def mark_words() -> dict[str, str]:
    """The marks a board and the followed board write under a player's name."""
    return {
        # Translators: under a player's name on a closed match: the winner.
        "wins": _("wins"),
        # Translators: under a player's name: the best total so far.
        "leader": _("leader"),
        # Translators: under a player's name: they deal the next hand.
        "deals": pgettext("deal of the cards", "deals"),
        # Translators: under a player's name: they left the table.
        "left": _("left"),
    }


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
        to_line=None if board.target is None else board.target - board.totals[name],
        deals=board.next_hand is not None and board.next_hand.dealer == name,
        place=place,
        winner=board.winner == name,
        extra=tuple(words_of(board.game).board_marks(board, name)),
        left_after=None if seated else left_after,
        out=not seated and left_after is None,
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


# The events every game has but hands; any other is a game's own.
SHARED_KINDS = ("target", "leave", "join")


def deal_notes(rules: Any, deal: Deal | None) -> list[str]:
    """What the game says of a deal before who deals it ("Deal 3 of 7: two
    runs"); nothing for most games, or for no deal."""
    return [] if deal is None else words_of(rules.game).deal_notes(rules, deal.number)


def held_by(hand: HandResult, game: str) -> tuple[str, ...]:
    """What each player held: "Alice held 23", or entered as cards, "Cara
    held A J 5 2 (18)"; where the game asks a second box, with it first, in
    the game's words ("Alice melded 30, held 12")."""
    kind = games.game(game)
    second = getattr(hand, kind.second_key) if kind.second_key else {}
    said = []
    for name, points in hand.held.items():
        cards = " ".join(map(str, hand.cards.get(name, ())))
        if name in second:
            both = kind.words.FORM["second_held"]  # type: ignore[union-attr]
            shown = f"{cards} ({points})" if cards else str(points)
            said.append(str(both) % {"player": name, "second": second[name], "held": shown})
        elif cards:
            # Translators: %(cards)s are the cards a player held ("A J 5 2").
            shown = _("%(player)s held %(cards)s (%(points)s)")
            said.append(shown % {"player": name, "cards": cards, "points": points})
        else:
            said.append(_("%(player)s held %(points)s") % {"player": name, "points": points})
    return tuple(said)


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
                    hand_ended(hand.number, words.ended(hand)),
                    hand,
                    words.summary(hand, board.rules),
                    held_by(hand, board.game),
                    event.created,
                )
            )
        elif not any(key in data for key in SHARED_KINDS):
            # A game's own event: its entry says what it did.
            kind = next(iter(data))
            rows.append(
                HistoryRow(event.pk, kind, words.own_sentence(event.result), created=event.created)
            )
        else:
            kind = next(key for key in SHARED_KINDS if key in data)
            returned = kind == "join" and name_key(data["join"]) in gone
            if returned:
                gone.discard(name_key(data["join"]))
            sentence = event_sentence(data, board, returned=returned)
            rows.append(HistoryRow(event.pk, kind, sentence, created=event.created))
    return rows[::-1]


def hand_ended(number: int, ended: str) -> str:
    """A hand's line in a history: "Hand 3: Ben went out"."""
    # Translators: %(ended)s says how the hand ended, in the game's words ("Ben went out").
    return _("Hand %(number)s: %(ended)s") % {"number": number, "ended": ended}


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
        return _("The line moved to %(target)s") % {"target": data["target"]}
    if "leave" in data:
        return _("%(player)s left the table") % {"player": shown(data["leave"])}
    name = shown(data["join"])
    if back:
        points = board.totals[name]
        return ngettext(
            # The English says "points" of 1 too, as it always has.
            "%(player)s is back in their seat, with %(count)s points",
            "%(player)s is back in their seat, with %(count)s points",
            points,
        ) % {"player": name, "count": points}
    if returned:
        return _("%(player)s came back to their seat") % {"player": name}
    if data.get("after"):
        return _("%(player)s sat down after %(other)s") % {
            "player": name,
            "other": shown(data["after"]),
        }
    return _("%(player)s sat down") % {"player": name}


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
        said = {"number": number, "who": who, "held": held}
        if number and held:
            # Translators: %(who)s: how it ended ("Ben went out"); %(held)s: "Alice 23, Cara 18".
            return _("hand %(number)s, where %(who)s (%(held)s)") % said
        if number:
            # Translators: %(who)s: how the hand ended, in the game's words ("Ben went out").
            return _("hand %(number)s, where %(who)s") % said
        if held:
            # Translators: %(who)s: how it ended ("Ben went out"); %(held)s: "Alice 23, Cara 18".
            return _("the hand where %(who)s (%(held)s)") % said
        # Translators: %(who)s: how the hand ended, in the game's words ("Ben went out").
        return _("the hand where %(who)s") % said
    if "target" in data:
        return line_moved(data["target"])
    if not any(key in data for key in SHARED_KINDS):
        return words_of(game).own_label(data)
    spelled = {name_key(name): name for name in seat_order}
    if "leave" in data:
        return leaving(spelled.get(name_key(data["leave"]), data["leave"]))
    joined = spelled.get(name_key(data["join"]), data["join"])
    # Translators: dropped into a sentence ("... taken back"): a player's joining.
    return _("%(player)s sitting down") % {"player": joined}


def _held(value: Any) -> str:
    return " ".join(str(card) for card in value) if isinstance(value, list) else str(value)


def event_label(events: list[dict[str, Any]], index: int) -> str:
    """Event ``index`` of ``events`` as a person at the table names it:
    "hand 4", "the move of the line to 200", "Cara leaving", "Dan joining"."""
    data = events[index]
    if "hand" in data:
        number = sum("hand" in each for each in events[: index + 1])
        return pgettext("hand of cards", "hand %(number)s") % {"number": number}
    if "target" in data:
        return line_moved(data["target"])
    if not any(key in data for key in SHARED_KINDS):
        kind = next(iter(data))
        owner = next(game for game in games.GAMES.values() if kind in game.own_events)
        return owner.words.own_label(data)  # type: ignore[union-attr]
    if "leave" in data:
        return leaving(data["leave"])
    # Translators: dropped into a sentence ("That would make Dan joining impossible").
    return _("%(player)s joining") % {"player": data["join"]}


def line_moved(target: int) -> str:
    """A move of the line, dropped into a sentence: "the move of the line to 200"."""
    # Translators: dropped into a sentence ("That would make ... impossible").
    return _("the move of the line to %(target)s") % {"target": target}


def leaving(name: str) -> str:
    """A player's leave, dropped into a sentence: "Cara leaving"."""
    # Translators: dropped into a sentence ("That would make ... impossible").
    return _("%(player)s leaving") % {"player": name}


def refusal(error: RuleError) -> str:
    """A refused write in words; an edit, delete or restore that would make a
    later event impossible names that event as the board showed it to the
    write (``LaterEventImpossible.shown``): "That would make hand 2
    impossible: ..."."""
    if isinstance(error, LaterEventImpossible):
        # Translators: %(event)s names an entry ("hand 2", "Cara leaving"); %(problem)s: why.
        return _("That would make %(event)s impossible: %(problem)s") % {
            "event": event_label(error.shown, error.shown_index),
            "problem": refusal_words(error.problem),
        }
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
        line = {"before": before.target, "after": after.target}
        lines.append(_("The line: %(before)s → %(after)s.") % line)
    moved = _moved(before.totals, after.totals)
    if moved:
        # Translators: %(totals)s lists the totals that changed ("Ben 41 → 45, Cara 0 → 12").
        lines.append(_("Totals: %(totals)s.") % {"totals": ", ".join(moved)})
    was = [hand for hand in before.hands if hand.index != removed]
    now = [hand for hand in after.hands if hand.index != added]
    dealers = [
        _dealt(old, hand) for old, hand in zip(was, now, strict=False) if old.dealer != hand.dealer
    ]
    if dealers:
        # Translators: %(dealers)s lists the hands dealt by another ("hand 2 Ben → Cara").
        lines.append(_("Dealers: %(dealers)s.") % {"dealers": listed(dealers)})
    came = [name for name in after.seated if name not in before.seated]
    went = [name for name in before.seated if name not in after.seated]
    if came:
        # Translators: %(players)s is a list of players' names ("Ann and Cy").
        lines.append(_("At the table now: %(players)s.") % {"players": names(came)})
    if went:
        # Translators: %(players)s is a list of players' names ("Ann and Cy").
        lines.append(_("No longer at the table: %(players)s.") % {"players": names(went)})
    lines.extend(words_of(after.game).changes(before, after))
    if before.next_hand and after.next_hand and before.next_hand.dealer != after.next_hand.dealer:
        dealer = {"player": after.next_hand.dealer, "other": before.next_hand.dealer}
        lines.append(_("%(player)s deals next (not %(other)s).") % dealer)
    if (before.status, before.winner) != (after.status, after.winner):
        if after.status == "closed":
            closed = {"number": after.hands_played, "reason": close_reason(after)}
            # Translators: %(reason)s is why it closed ("Ann wins with the lowest total, ...").
            lines.append(_("The match closes at hand %(number)s: %(reason)s") % closed)
        else:
            lines.append(_("The match is open again."))
    return lines or [_("Nothing on the board changed.")]


def _dealt(old: HandResult, hand: HandResult) -> str:
    """A hand dealt by another after an edit: "hand 2 Ben → Cara", or when
    its number moved, "hand 3, dealt by Ben, is now hand 2, dealt by Cara"."""
    if old.number == hand.number:
        same = {"number": hand.number, "before": old.dealer, "after": hand.dealer}
        # Translators: a hand's dealer before and after an edit.
        return _("hand %(number)s %(before)s → %(after)s") % same
    moved = {"old": old.number, "before": old.dealer, "new": hand.number, "after": hand.dealer}
    return _("hand %(old)s, dealt by %(before)s, is now hand %(new)s, dealt by %(after)s") % moved


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


def leader_sentence(
    *, status: str, winner: str | None, leader: str | None, hands_played: int
) -> str:
    """One phrase for a list of matches: "Alice won", "no winner", "Ben
    leads", "no single leader" or "no hands yet"."""
    if status == "closed":
        # Translators: how a closed match ended, in a list of matches.
        return _("%(player)s won") % {"player": winner} if winner else _("no winner")
    if leader:
        # Translators: who is ahead in an open match, in a list of matches.
        return _("%(player)s leads") % {"player": leader}
    # Translators: how an open match stands, in a list of matches: the best total is shared.
    return _("no single leader") if hands_played else _("no hands yet")


def place_shown(place: int | None, shared: bool) -> str:
    """A place as a board, a list or a sheet shows it: "=1" when shared,
    "" when none (the players' pages say "1st": ``people.place_words``)."""
    if not place:
        return ""
    return f"={place}" if shared else str(place)


def place_order(place: int | None, total: int, seat: int, lowest: bool) -> tuple[int, int, int]:
    """Where a player stands in a closed match's list, as its board ranks
    them: by place, a shared place by total (the best first: the lowest
    where the ``lowest`` total leads), then by seat; with no place (an open
    match), by seat."""
    if not place:
        return (0, 0, seat)
    return (place, total if lowest else -total, seat)


def match_row(match: Any, standings: list[Listed]) -> MatchRow:
    """The list row of ``match`` from its stored standings, each player with
    their mark; reads no events."""
    if match.status == "closed":
        lowest = match.kind.rules.leader_is_lowest  # the game's, not this match's rules
        rows = sorted(
            standings, key=lambda row: place_order(row.place, row.total, row.seat, lowest)
        )
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


# The full stops of the languages written: a line ending in one gets no other.
STOPS = (".", "।", "。", "!", "?", "…")


def stopped(line: str) -> str:
    return line if line.endswith(STOPS) else f"{line}."
