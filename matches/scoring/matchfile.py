"""The match file, ``rummy-match/1``: docs/match-format.md (and docs/gin.md,
"The match file and score", for Gin Rummy).

``read_match`` turns a parsed document into a ``Match`` (structure only: the
rules themselves are checked by ``replay``), and ``board_document`` writes a
replayed ``Board`` as the ``score`` command prints it.
"""

from __future__ import annotations

import json
from typing import Any

from .engine import Board, Deal, Event, GinHand, Hand, HandResult, Join, Leave, LineMove, Match
from .errors import RuleError
from .rules import GAME_NAMES, GAMES, GIN, RUMMY, Rules, rule_keys, rules_class

FORMAT = "rummy-match/1"
# Several matches in one file: docs/match-format.md, "Every match at once".
ACCOUNT_FORMAT = "rummy-matches/1"
EVENT_KINDS = ("hand", "target", "leave", "join")
HAND_KEYS = ("went_out", "rummy", "leftovers")
GIN_HAND_KEYS = ("knocked", "big_gin", "deadwood")


class _Object(dict):
    """A JSON object that remembers a key given twice (``json.loads`` would
    keep the last one silently). A leftover typed twice for one player must
    not lose a value without a word: ``items()`` yields every pair, so the
    engine reports "Cara's leftover is given twice" at the right event."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs
        self.repeated = next((key for key, _ in pairs if sum(k == key for k, _ in pairs) > 1), None)

    def items(self) -> Any:
        return iter(self.pairs)


def _refuse_repeated(obj: dict, *, index: int | None = None, key: str | None = None) -> None:
    repeated = getattr(obj, "repeated", None)
    if repeated is not None:
        raise RuleError(f"the key {repeated!r} appears twice", index=index, key=key)


def parse_json(text: str) -> Any:
    """The JSON document of a match file's or an account file's text.

    Raises:
        RuleError: the text is not JSON (the line and column say where), it
            nests too deeply to be one of our files, holds a number of
            thousands of digits, or a lone surrogate escape.
    """
    try:
        # A byte order mark (Windows Notepad writes one) is not part of the text.
        document = json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_Object)
    except json.JSONDecodeError as error:
        raise RuleError(
            f"the file is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise RuleError("the file is not valid JSON: it is nested too deeply") from None
    except ValueError as error:
        if "digits" in str(error):  # Python's limit on the digits of an int
            raise RuleError("the file holds a number of thousands of digits") from None
        raise RuleError(f"the file is not valid JSON: {error}") from None
    try:
        # "\ud800" alone is valid JSON but no character: it could not be
        # shown or stored.
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RuleError(
            "the file has a broken character (a lone \\ud800 to \\udfff escape): "
            "export it again, or mend that text"
        ) from None
    return document


def parse_match_text(text: str) -> Match:
    """Read a match file's text.

    Args:
        text: the JSON document.

    Returns:
        The ``Match`` it describes (not yet replayed).

    Raises:
        RuleError: the text is not JSON, or not a ``rummy-match/1`` document
            (a ``rummy-matches/1`` file of several matches is refused too).

    docs/match-format.md, "Input".
    """
    return read_match(parse_json(text))


def is_account(document: object) -> bool:
    """Whether a parsed file is an account file (``rummy-matches/1``)."""
    return isinstance(document, dict) and document.get("format") == ACCOUNT_FORMAT


def match_documents(document: object) -> list[Any]:
    """The match documents a parsed file holds: itself for a match file, its
    ``matches`` for an account file (``rummy-matches/1``).

    Raises:
        RuleError: an account file whose ``matches`` is not a list.

    docs/match-format.md, "Every match at once".
    """
    if is_account(document):
        _refuse_repeated(document)
        matches = document.get("matches")
        if not isinstance(matches, list):
            raise RuleError("matches must be a list of match files", key="matches")
        return matches
    return [document]


def match_document(
    *,
    rules: Rules,
    players: list[str],
    first_dealer: str,
    events: list[dict[str, Any]],
    created: str | None = None,
    abandoned: str | None = None,
) -> dict[str, Any]:
    """A ``rummy-match/1`` document: every house rule written out (a Gin
    match's with ``"game": "gin"``), the starting seats, the first dealer and
    the events exactly as entered.

    Args:
        created: when the match began (ISO 8601), or None to leave it out.
        abandoned: when it was set aside unfinished (ISO 8601), or None.

    docs/match-format.md, "Input".
    """
    document: dict[str, Any] = {
        "format": FORMAT,
        "rules": _rules_document(rules),
        "players": list(players),
        "first_dealer": first_dealer,
        "events": list(events),
    }
    if created is not None:
        document["created"] = created
    if abandoned is not None:
        document["abandoned"] = abandoned
    return document


def _rules_document(rules: Rules) -> dict[str, Any]:
    written = {name: getattr(rules, name) for name in rule_keys(rules.game)}
    return {"game": GIN, **written} if rules.game == GIN else written


def _read_rules(rules: object) -> Rules:
    """The ``rules`` of a match file: its game, and that game's rules."""
    if not isinstance(rules, dict):
        raise RuleError("rules must be an object", key="rules")
    _refuse_repeated(rules, key="rules")
    game = rules.get("game", RUMMY)
    if game not in GAMES or isinstance(game, bool):
        raise RuleError(f'game must be "{RUMMY}" or "{GIN}"', key="rules")
    keys = rule_keys(game)
    other = GIN if game == RUMMY else RUMMY
    for name, value in rules.items():
        if name == "game":
            continue
        if name not in keys:
            if name in rule_keys(other):
                hint = ' (add "game": "gin" for a Gin Rummy match)' if other == GIN else ""
                raise RuleError(
                    f"{name} is a rule of {GAME_NAMES[other]}, not of {GAME_NAMES[game]}{hint}",
                    key="rules",
                )
            raise RuleError(f"unknown rule {name!r} (the rules are {', '.join(keys)})", key="rules")
        if value is None:
            raise RuleError(f"{name} needs a value; leave it out for the default", key="rules")
    return rules_class(game)(**{name: value for name, value in rules.items() if name != "game"})


def read_match(document: object) -> Match:
    """Turn a parsed ``rummy-match/1`` document into a ``Match``.

    Args:
        document: the JSON document, as ``json.loads`` returns it.

    Returns:
        The ``Match``: house rules (missing keys take their defaults),
        players, first dealer and events.

    Raises:
        RuleError: the document's shape is wrong: ``key`` names the top-level
            key, or ``index`` the event (from 0). Unknown keys in ``rules``,
            an event or a hand are refused; unknown top-level keys are
            ignored.

    docs/match-format.md, "Input".
    """
    if not isinstance(document, dict):
        raise RuleError("a match file is a JSON object")
    _refuse_repeated(document)
    if document.get("format") == ACCOUNT_FORMAT:
        raise RuleError(
            f"this file holds several matches ({ACCOUNT_FORMAT}); give one match file "
            f"({FORMAT}) at a time",
            key="format",
        )
    if document.get("format") != FORMAT:
        raise RuleError(f'format must be "{FORMAT}"', key="format")

    rules = _read_rules(document.get("rules", {}))

    players = document.get("players")
    if not isinstance(players, list):
        raise RuleError("players must be a list of 2 to 6 names", key="players")
    if not all(isinstance(name, str) for name in players):
        raise RuleError("every player's name must be text", key="players")

    first_dealer = document.get("first_dealer")
    if first_dealer is not None and not isinstance(first_dealer, str):
        raise RuleError("first_dealer must be a player's name", key="first_dealer")

    events = document.get("events", [])
    if not isinstance(events, list):
        raise RuleError("events must be a list", key="events")

    return Match(
        rules=rules,
        players=players,
        first_dealer=first_dealer,
        events=[read_event(event, index, game=rules.game) for index, event in enumerate(events)],
    )


def read_event(event: object, index: int, *, game: str = RUMMY) -> Event:
    """Turn one event of a match file into an engine event.

    Args:
        event: ``{"hand": {...}}``, ``{"target": N}``, ``{"leave": NAME}`` or
            ``{"join": NAME}`` with an optional ``"after": NAME``.
        index: the event's position (from 0), for the error.
        game: ``"rummy"`` or ``"gin"``: which keys a hand holds.

    Raises:
        RuleError: the event's shape is wrong (unknown or missing keys, or
            the keys of the other game's hands).

    docs/match-format.md, "Input", ``events``; docs/gin.md, "The match file".
    """
    if not isinstance(event, dict):
        raise RuleError("an event must be an object", index=index)
    _refuse_repeated(event, index=index)
    kinds = [kind for kind in EVENT_KINDS if kind in event]
    if len(kinds) != 1:
        raise RuleError(f"an event holds exactly one of {', '.join(EVENT_KINDS)}", index=index)
    kind = kinds[0]
    allowed = {kind, "after"} if kind == "join" else {kind}
    for key in event:
        if key not in allowed:
            if key == "after":
                raise RuleError("after goes only with join", index=index)
            raise RuleError(f"unknown key {key!r} in a {kind} event", index=index)

    if kind == "target":
        return LineMove(target=event["target"])
    if kind == "leave":
        return Leave(player=event["leave"])
    if kind == "join":
        return Join(player=event["join"], after=event.get("after"))

    hand = event["hand"]
    if not isinstance(hand, dict):
        raise RuleError("a hand must be an object", index=index)
    _refuse_repeated(hand, index=index)
    if game == GIN:
        _check_hand_keys(hand, index, GIN_HAND_KEYS, "a Gin Rummy hand", HAND_KEYS, "Rummy")
        return _read_gin_hand(hand, index)
    _check_hand_keys(hand, index, HAND_KEYS, "a hand", GIN_HAND_KEYS, "Gin Rummy")
    if "went_out" not in hand:
        raise RuleError(
            "a hand needs went_out: the player who went out, or null when nobody did",
            index=index,
        )
    if "leftovers" not in hand:
        raise RuleError("a hand needs leftovers", index=index)
    return Hand(
        went_out=hand["went_out"],
        leftovers=hand["leftovers"],
        rummy=hand.get("rummy", False),
    )


def _check_hand_keys(
    hand: dict[str, Any],
    index: int,
    keys: tuple[str, ...],
    called: str,
    others: tuple[str, ...],
    other_game: str,
) -> None:
    """Refuse a key of a hand that is not one of ``keys`` (the hand is
    ``called`` so in the message), naming the other game for one of its
    ``others``."""
    for key in hand:
        if key in others:
            a_hand = "a Rummy hand" if called == "a hand" else called
            raise RuleError(
                f"{key} belongs to {other_game} hands ({a_hand} has {', '.join(keys)})",
                index=index,
            )
        if key not in keys:
            raise RuleError(
                f"unknown key {key!r} in a hand ({called} has {', '.join(keys)})", index=index
            )


def _read_gin_hand(hand: dict[str, Any], index: int) -> GinHand:
    if "knocked" not in hand:
        raise RuleError(
            "a Gin Rummy hand needs knocked: the player who knocked, or null for a drawn hand",
            index=index,
        )
    deadwood = hand.get("deadwood", {})
    if not isinstance(deadwood, dict):
        raise RuleError("deadwood must be an object: each player's deadwood", index=index)
    return GinHand(knocked=hand["knocked"], deadwood=deadwood, big_gin=hand.get("big_gin", False))


def board_document(board: Board) -> dict[str, Any]:
    """The result of a match as the ``score`` command prints it.

    Args:
        board: a replayed match.

    Returns:
        A JSON-ready dict: ``status``, ``winner``, ``closed_by``, ``target``
        (points), ``hands_played``, ``totals`` (points, seat order), ``hands``
        and ``next_hand`` (None when closed). A Gin match's hands are
        ``number``, ``dealer``, ``knocked``, ``result``, ``deadwood``
        (points) and ``scores``, and ``hands_won``, ``final`` and ``margin``
        follow.

    docs/match-format.md, "Output"; docs/gin.md, "The match file and score".
    """
    document = {
        "status": board.status,
        "winner": board.winner,
        "closed_by": board.closed_by,
        "target": board.target,
        "hands_played": board.hands_played,
        "totals": board.totals,
        "hands": [hand_document(hand) for hand in board.hands],
        "next_hand": deal_document(board.next_hand),
    }
    if board.game == GIN:
        document.update(hands_won=board.hands_won, final=board.final, margin=board.margin)
    return document


def hand_document(hand: Any) -> dict[str, Any]:
    """A scored hand (a ``HandResult``, or a ``GinHandResult``) as the
    ``score`` output writes it."""
    if isinstance(hand, HandResult):
        return {
            "number": hand.number,
            "dealer": hand.dealer,
            "went_out": hand.went_out,
            "rummy": hand.rummy,
            "leftovers": hand.leftovers,
            "scores": hand.scores,
        }
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "knocked": hand.knocked,
        "result": hand.result,
        "deadwood": hand.deadwood,
        "scores": hand.scores,
    }


def deal_document(deal: Deal | None) -> dict[str, Any] | None:
    """A deal as the match file's output writes it: ``number``, ``dealer``,
    ``first_player``, ``cards_each``; None for no next hand (closed)."""
    if deal is None:
        return None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "first_player": deal.first_player,
        "cards_each": deal.cards_each,
    }


def rename_in_event(event: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The match-file event ``event`` with the player ``old`` (compared as the
    engine compares names) called ``new``: who went out or knocked, the
    leftovers' or the deadwood's keys, who left, who joined and after whom.
    Other players are kept as typed."""
    from .engine import renamer

    renamed = renamer(old, new)
    if "hand" in event:
        hand = dict(event["hand"])
        for who in ("went_out", "knocked"):
            if who in hand:
                hand[who] = renamed(hand[who])
        for points in ("leftovers", "deadwood"):
            if isinstance(hand.get(points), dict):
                hand[points] = {renamed(name): value for name, value in hand[points].items()}
        return {**event, "hand": hand}
    changed = dict(event)
    for field in ("leave", "join", "after"):
        if field in changed:
            changed[field] = renamed(changed[field])
    return changed
