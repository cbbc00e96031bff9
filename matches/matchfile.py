"""The match file, ``rummy-match/1`` (and ``rummy-matches/1``, every match
of an account): reading a parsed document into a match for the engine, and
writing a replayed board as the ``score`` command prints it. Plain Python:
the games' own parts come from the registry (``matches.games``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from matches import games
from matches.engine.board import Board, Deal, Join, Leave, LineMove, Match
from matches.engine.errors import RuleError
from matches.engine.names import renamer
from matches.engine.rules import Rules

FORMAT = "rummy-match/1"
# Several matches in one file: "Every match at once".
ACCOUNT_FORMAT = "rummy-matches/1"
EVENT_KINDS = ("hand", "target", "leave", "join")


class _Object(dict):
    """A JSON object that remembers a key given twice (``json.loads`` would
    keep the last one silently): a leftover typed twice for one player must
    not lose a value without a word. ``items()`` yields every pair, so the
    replay says "Cara's leftover is given twice" at the right event."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        self.pairs = pairs
        self.repeated = next((key for key, _ in pairs if sum(k == key for k, _ in pairs) > 1), None)

    def items(self) -> Any:
        return iter(self.pairs)


def _refuse_repeated(obj: dict, *, index: int | None = None, key: str | None = None) -> None:
    repeated = getattr(obj, "repeated", None)
    if repeated is not None:
        raise RuleError("key_twice", index=index, key=key, name=repeated)


def parse_json(text: str) -> Any:
    """The JSON document of a match file's or an account file's text.

    Raises:
        RuleError: ``json_invalid`` (with the line and column), a document
            nested too deeply, a number of thousands of digits, or a lone
            surrogate escape.
    """
    try:
        # A byte order mark (Windows Notepad writes one) is not part of the text.
        document = json.loads(text.removeprefix("\ufeff"), object_pairs_hook=_Object)
    except json.JSONDecodeError as error:
        raise RuleError(
            "json_invalid", reason=error.msg, line=error.lineno, column=error.colno
        ) from None
    except RecursionError:
        raise RuleError("json_too_deep") from None
    except ValueError as error:
        if "digits" in str(error):  # Python's limit on the digits of an int
            raise RuleError("json_huge_number") from None
        raise RuleError("json_unreadable", reason=str(error)) from None
    try:
        # "\ud800" alone is valid JSON but no character: it could not be
        # shown or stored.
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RuleError("json_surrogate") from None
    return document


def parse_match_text(text: str) -> Match:
    """The match a match file's text describes (not yet replayed).

    Raises:
        RuleError: the text is not JSON, or not a ``rummy-match/1`` document.
    """
    return read_match(parse_json(text))


def is_account(document: object) -> bool:
    """Whether a parsed file is an account file (``rummy-matches/1``)."""
    return isinstance(document, dict) and document.get("format") == ACCOUNT_FORMAT


def match_documents(document: object) -> list[Any]:
    """The match documents a parsed file holds: itself for a match file, its
    ``matches`` for an account file.

    Raises:
        RuleError: an account file whose ``matches`` is not a list.
    """
    if is_account(document):
        _refuse_repeated(document)  # type: ignore[arg-type]
        matches = document.get("matches")  # type: ignore[union-attr]
        if not isinstance(matches, list):
            raise RuleError("matches_not_list", key="matches")
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
    times: list[str] | None = None,
    colours: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A ``rummy-match/1`` document: every house rule written out (with its
    ``game`` but for the default game's), the starting seats, the first
    dealer and the events exactly as entered; ``created`` and ``abandoned``
    (ISO 8601) when given, ``times``, when each event was recorded, and
    ``colours``, each player's ("#rrggbb")."""
    written = rules.document()
    document: dict[str, Any] = {
        "format": FORMAT,
        "rules": written if rules.game == games.DEFAULT else {"game": rules.game, **written},
        "players": list(players),
        "first_dealer": first_dealer,
        "events": list(events),
    }
    if created is not None:
        document["created"] = created
    if abandoned is not None:
        document["abandoned"] = abandoned
    if times is not None:
        document["times"] = list(times)
    if colours:
        document["colours"] = dict(colours)
    return document


def read_rules(rules: object) -> Rules:
    """The ``rules`` of a match file: its game (``game``, the default game
    when left out), and that game's rules, missing keys at their defaults
    (checked by the replay).

    Raises:
        RuleError: not an object, a game not registered, a key of another
            game's rules or of none, a rule given as null.
    """
    if not isinstance(rules, dict):
        raise RuleError("rules_not_object", key="rules")
    _refuse_repeated(rules, key="rules")
    key = rules.get("game", games.DEFAULT)
    if not isinstance(key, str) or key not in games.GAMES:
        raise RuleError("game_unknown", key="rules", games=list(games.GAMES))
    kind = games.game(key).rules
    for name, value in rules.items():
        if name == "game":
            continue
        if name not in kind.names():
            other = next(
                (each for each in games.GAMES.values() if name in each.rules.names()), None
            )
            if other is not None:
                raise RuleError(
                    "rule_of_other_game",
                    key="rules",
                    rule=name,
                    other=other.key,
                    game=key,
                    hint="game" not in rules,
                )
            raise RuleError("rule_unknown", key="rules", name=name, keys=kind.names())
        if value is None:
            raise RuleError("rule_null", key="rules", name=name)
    return kind.from_document({name: value for name, value in rules.items() if name != "game"})


def read_match(document: object) -> Match:
    """Turn a parsed ``rummy-match/1`` document into a ``Match``.

    Raises:
        RuleError: the document's shape is wrong: ``key`` names the top-level
            key, or ``index`` the event (from 0). Unknown keys in ``rules``,
            an event or a hand are refused; unknown top-level keys ignored.
    """
    if not isinstance(document, dict):
        raise RuleError("file_not_object")
    _refuse_repeated(document)
    if document.get("format") == ACCOUNT_FORMAT:
        raise RuleError("file_is_account", key="format", one=FORMAT, several=ACCOUNT_FORMAT)
    if document.get("format") != FORMAT:
        raise RuleError("format_wrong", key="format", format=FORMAT)

    rules = read_rules(document.get("rules", {}))
    game = games.game(rules.game)

    players = document.get("players")
    if not isinstance(players, list):
        raise RuleError("players_not_list", key="players", low=game.low, high=game.high)
    if not all(isinstance(name, str) for name in players):
        raise RuleError("player_not_text", key="players")

    first_dealer = document.get("first_dealer")
    if first_dealer is not None and not isinstance(first_dealer, str):
        raise RuleError("first_dealer_not_text", key="first_dealer")

    events = document.get("events", [])
    if not isinstance(events, list):
        raise RuleError("events_not_list", key="events")

    return Match(
        rules=rules,
        players=players,
        first_dealer=first_dealer,
        events=[read_event(event, index, game=rules.game) for index, event in enumerate(events)],
    )


def event_kind(event: Mapping[str, Any]) -> str:
    """The kind of an event already read (``read_event``): its one key but
    ``after`` ("hand", "join", or a game's own kind)."""
    return next(key for key in event if key != "after")


def read_event(event: object, index: int, *, game: str) -> Any:
    """One event of a match file (``{"hand": {...}}``, ``{"target": N}``,
    ``{"leave": NAME}``, ``{"join": NAME, "after": NAME}``) as the engine's
    event; a hand is read by the game ``game``.

    Raises:
        RuleError: the event's shape is wrong (unknown or missing keys,
            another game's hand keys), ``index`` set.
    """
    if not isinstance(event, dict):
        raise RuleError("event_not_object", index=index)
    _refuse_repeated(event, index=index)
    own = games.game(game)
    known = (*EVENT_KINDS, *own.own_events)
    kinds = [kind for kind in known if kind in event]
    if not kinds and len(event) == 1:
        name = next(iter(event))
        other = next((each for each in games.GAMES.values() if name in each.own_events), None)
        if other is not None:
            raise RuleError(
                "event_of_other_game", index=index, name=name, other=other.key, game=game
            )
    if len(kinds) != 1:
        raise RuleError("event_kinds", index=index, kinds=known)
    kind = kinds[0]
    allowed = {kind, "after"} if kind == "join" else {kind}
    for key in event:
        if key not in allowed:
            if key == "after":
                raise RuleError("event_after", index=index)
            raise RuleError("event_key_unknown", index=index, name=key, kind=kind)

    if kind == "target":
        return LineMove(target=event["target"])
    if kind == "leave":
        return Leave(player=event["leave"])
    if kind == "join":
        return Join(player=event["join"], after=event.get("after"))
    if kind != "hand":
        return own.read_own_event(kind, event[kind], index)

    hand = event["hand"]
    if not isinstance(hand, dict):
        raise RuleError("hand_not_object", index=index)
    _refuse_repeated(hand, index=index)
    for key in hand:
        if key in own.hand_keys:
            continue
        other = next((each for each in games.GAMES.values() if key in each.hand_keys), None)
        if other is not None:
            raise RuleError(
                "hand_key_other_game",
                index=index,
                name=key,
                other=other.key,
                game=game,
                keys=own.hand_keys,
            )
        raise RuleError("hand_key_unknown", index=index, name=key, game=game, keys=own.hand_keys)
    return own.read_hand(hand, index)


def board_document(board: Board) -> dict[str, Any]:
    """The result of a replayed match as the ``score`` command prints it:
    ``status``, ``winner``, ``closed_by``, ``target`` (points),
    ``hands_played``, ``totals`` (points, seat order), ``hands`` (as the game
    writes them) and ``next_hand`` (None when closed), then the game's own
    keys."""
    game = games.game(board.game)
    document = {
        "status": board.status,
        "winner": board.winner,
        "closed_by": board.closed_by,
        "target": board.target,
        "hands_played": board.hands_played,
        "totals": board.totals,
        "hands": [game.hand_document(hand) for hand in board.hands],
        "next_hand": deal_document(board.next_hand),
    }
    document.update(game.board_document(board))
    return document


def deal_document(deal: Deal | None) -> dict[str, Any] | None:
    """A deal as the output writes it: ``number``, ``dealer``,
    ``first_player``, ``cards_each``; None for no next hand (closed)."""
    if deal is None:
        return None
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "first_player": deal.first_player,
        "cards_each": deal.cards_each,
    }


def rename_in_event(event: Mapping[str, Any], old: str, new: str, *, game: str) -> dict[str, Any]:
    """The match-file event ``event`` of a match of ``game`` with the player
    ``old`` (compared as names are) called ``new``; other players are kept as
    typed."""
    renamed = renamer(old, new)
    if "hand" in event:
        hand = event["hand"]
        if not isinstance(hand, dict):
            return dict(event)
        return {**event, "hand": games.game(game).rename_hand(hand, renamed)}
    changed = dict(event)
    for field in ("leave", "join", "after", *games.game(game).own_name_events):
        if field in changed:
            changed[field] = renamed(changed[field])
    return changed
