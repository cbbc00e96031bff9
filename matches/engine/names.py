"""Players' names: how a name is shown, what makes two names one player, and
the checks of a table's starting seats."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Mapping, Sequence

from .errors import RuleError

NAME_MAX = 40  # characters in a player's name


def clean_name(name: str) -> str:
    """A player's name as shown: outer spaces and invisible characters (a
    zero-width space pasted with it) removed, accents composed (NFC)."""
    if name.isascii():  # nothing invisible, nothing to compose
        return name.strip()
    visible = "".join(char for char in name if unicodedata.category(char) != "Cf")
    return unicodedata.normalize("NFC", visible).strip()


def name_key(name: str) -> str:
    """What makes two names the same player: without regard to case, outer
    spaces, invisible characters or how an accent was typed."""
    return unicodedata.normalize("NFKC", clean_name(name)).casefold()


def alphabetical(name: str) -> tuple[str, str]:
    """A name's place in a list by name, as people look one up: accents and
    case aside ("Dédé" between "Dave" and "Dudu", "Élodie" among the E's),
    then by them, so the order is always the same."""
    bare = "".join(
        char for char in unicodedata.normalize("NFKD", name) if not unicodedata.combining(char)
    )
    return bare.casefold(), name_key(name)


def renamer(old: str, new: str) -> Callable[[object], object]:
    """A function that gives ``new`` for ``old`` (compared as names are,
    ``name_key``) and any other value back as it is."""
    key = name_key(old)

    def renamed(name: object) -> object:
        return new if isinstance(name, str) and name_key(name) == key else name

    return renamed


def name_problem(name: str) -> RuleError | None:
    """What is wrong with a name as shown (``clean_name``): ``name_too_long``
    or ``name_control`` (a tab, a new line or another control character);
    None if nothing is."""
    if len(name) > NAME_MAX:
        return RuleError("name_too_long", most=NAME_MAX, length=len(name))
    if any(unicodedata.category(char) == "Cc" for char in name):
        return RuleError("name_control")
    return None


def _name_problems(players: Sequence[tuple[int, object]]) -> list[RuleError]:
    """The problems of ``(seat, name)`` pairs: no visible name, a name too
    long or with control characters, or the same player as an earlier seat."""
    problems = []
    seen: dict[str, str] = {}
    for seat, raw in players:
        name = clean_name(raw) if isinstance(raw, str) else ""
        problem = name_problem(name) if name else RuleError("name_missing")
        if problem is None and name_key(name) in seen:
            problem = RuleError("name_twice", name=seen[name_key(name)])
        if problem is None:
            seen[name_key(name)] = name
            continue
        problems.append(RuleError(problem.code, key="players", seat=seat, **problem.values))
    return problems


def check_players(
    players: object, *, low: int, high: int, count: str = "players_count"
) -> list[RuleError]:
    """Check a match's starting players, as a match file lists them.

    Args:
        players: the names in seat order.
        low, high: how many players the game seats.
        count: the code of the refusal of too few or too many (a game may
            word its own).

    Returns:
        Every problem, in order: the number of players (``count``, at the
        first missing seat or the first seat too many), then each seat's
        name. Each has ``key="players"`` and ``seat`` (None when ``players``
        is not a list). Empty when the table can be seated.
    """
    if not isinstance(players, list | tuple):
        return [RuleError(count, key="players", low=low, high=high)]
    problems = []
    if not low <= len(players) <= high:
        seat = min(len(players), high)
        problems.append(RuleError(count, key="players", seat=seat, low=low, high=high))
    return problems + _name_problems(list(enumerate(players)))


def check_seats(
    boxes: Sequence[str], *, low: int, high: int, count: str = "players_count"
) -> list[RuleError]:
    """Check the starting players as typed into numbered seats (a new-match
    form): the seats after the last name may stay empty; an empty seat before
    a name is a gap (``seat_gap``).

    Returns:
        Every problem in seat order, each with ``key="players"`` and ``seat``
        (from 0); ``count`` at the first empty seat when too few are named.
    """
    named = [seat for seat, text in enumerate(boxes) if text.strip()]
    seats = named[-1] + 1 if named else 0
    problems = []
    if not low <= seats <= high:
        problems.append(RuleError(count, key="players", seat=min(seats, high), low=low, high=high))
    for seat in range(seats):
        if seat not in named:
            problems.append(RuleError("seat_gap", key="players", seat=seat, number=seat + 1))
    problems += _name_problems([(seat, boxes[seat]) for seat in named])
    return sorted(problems, key=lambda problem: problem.seat)


def check_first_dealer(first_dealer: object, players: Sequence[str]) -> RuleError | None:
    """Check the dealer of the first hand, one of ``players`` (compared by
    ``name_key``): None when they are; else ``first_dealer_missing`` (no
    name) or ``first_dealer_stranger`` (``name``), with ``key="first_dealer"``."""
    if not isinstance(first_dealer, str) or not clean_name(first_dealer):
        return RuleError("first_dealer_missing", key="first_dealer")
    keys = {name_key(name) for name in players if isinstance(name, str)}
    if name_key(first_dealer) not in keys:
        return RuleError("first_dealer_stranger", key="first_dealer", name=first_dealer)
    return None


VIRAMA = 9  # the combining class of the sign that joins two consonants in Indic scripts


def _letters(text: str) -> list[str]:
    """The letters (and digits) of ``text`` as a reader sees them: each with
    the first vowel sign or accent written after it, and consonants joined
    by a virama kept together: "सीता" is "सी" and "ता", not "स" and "त";
    "क्षमा" is "क्ष" and "मा", never a half letter "क्"."""
    letters: list[str] = []
    after_letter = joining = signed = False
    for char in text:
        if char.isalnum():
            if joining:
                letters[-1] += char
            else:
                letters.append(char.upper())
                signed = False
            after_letter, joining = True, False
        elif after_letter and unicodedata.category(char).startswith("M"):
            if unicodedata.combining(char) == VIRAMA:
                letters[-1] += char
                joining = True
            elif not signed:
                letters[-1] += char
                signed = True
        else:
            after_letter = joining = False
    return letters


def _second_letters(name: str) -> list[str]:
    """The letters that may follow a name's first in its initials, in the
    order they are tried: the last word's, then the rest of the name's."""
    words = [word for word in name.split() if _letters(word)]  # "😀 Zoë" is one word
    rest = _letters(name)[1:]
    return _letters(words[-1]) + rest if len(words) > 1 else rest


def own_initials(name: str, taken: Collection[str] = ()) -> str:
    """A player's own initials, none of ``taken`` (the host's other
    players'): the first letters of the first and the last word ("Cara
    Nolan": "CN"), or the first two of a one-word name ("Ana": "AN"); where
    those are taken, the first letter with the last word's next letters in
    turn ("Cara Nolan" after "Chris Nash": "CO"), then with a number ("C2")."""
    first = (_letters(name) or [name.strip()[:1] or "?"])[0]
    tried = [first + letter for letter in _second_letters(name) or [""]]
    tried += [f"{first}{number}" for number in range(2, len(taken) + 3)]
    return next(each for each in tried if each not in taken)


def initials(names: Sequence[str], *kept: Mapping[str, str]) -> dict[str, str]:
    """Two letters for each name, none alike among ``names``: the first
    letters of the first and the last word ("Cara Nolan": "CN"), or the
    first two of a one-word name ("Ana": "AN"). Where two would be alike,
    the last word's next letters decide, at the first one that tells them
    apart: "Christopher Robinson" and "Christopher Robertson" are "CI" and
    "CE". What still clashes takes, in seat order, its next letter nobody
    has, or a number ("A2").

    ``kept``: initials given already, by name, first the table's, then
    each player's own: a name keeps its letters from the first that has
    them free, and the others take letters none of them has (a player who
    joins late adapts: nobody's initials change under them)."""
    given: dict[str, str] = {}
    for letters in kept:
        for name in names:
            if name not in given and letters.get(name) and letters[name] not in given.values():
                given[name] = letters[name]
    new = [name for name in names if name not in given]
    firsts = {name: (_letters(name) or [name.strip()[:1] or "?"])[0] for name in new}
    seconds = {name: _second_letters(name) or [""] for name in new}
    at = dict.fromkeys(new, 0)

    def shown(name: str) -> str:
        letters = seconds[name]
        return firsts[name] + letters[min(at[name], len(letters) - 1)]

    for _ in range(len(new)):  # each round moves one group of alike on
        groups: dict[str, list[str]] = {}
        for name in new:
            groups.setdefault(shown(name), []).append(name)
        alike = next((group for group in groups.values() if len(group) > 1), None)
        if alike is None:
            break
        start = min(at[name] for name in alike) + 1
        longest = max(len(seconds[name]) for name in alike)
        apart = next(
            (
                index
                for index in range(start, longest)
                if len({tuple(seconds[name][index : index + 1]) for name in alike}) > 1
            ),
            None,
        )
        if apart is None:
            break
        for name in alike:
            at[name] = apart
    for name in new:
        tried = [shown(name)] + [firsts[name] + letter for letter in seconds[name]]
        tried += [f"{firsts[name]}{number}" for number in range(2, len(names) + 2)]
        given[name] = next(each for each in tried if each not in given.values())
    return {name: given[name] for name in names}
