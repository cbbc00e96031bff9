"""Refusals in words: the one place that turns a refusal's code and values
(``RuleError``) into a sentence for a person at the card table. The board,
the forms, the import page and the ``score`` command all word them here, so
each says the same. A game's own codes (``"gin.knock_over_limit"``) are
worded by its folder's ``words`` module, through the registry.

A template is a ``str.format`` string of the refusal's values, or a function
of them; a value that is itself a refusal is worded first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib.humanize.templatetags.humanize import ordinal
from django.utils.formats import date_format

from matches import games
from matches.engine.board import Question
from matches.engine.errors import RuleError
from matches.engine.rules import Rules
from matches.phrases import either, names, plural

CARD_HELP = "a card is a rank (A, 2 to 10, J, Q, K) and an optional suit (S, H, D, C)"
TRY_LIST = "type points (10+10+5) or the cards (K 9 4)"
RANK_NAMES = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}
# A shared rule's name in a sentence, where it is not its key.
RULE_NAMES = {"hand_limit": "the hand limit"}
# The shared rules as they read to a person: title and help (a game's own
# are in its folder's words).
TITLES = {"target": "Target (the line)", "hand_limit": "Hand limit"}
HELP = {
    "target": "The line: the match ends when someone reaches it (100 to 1000).",
    "hand_limit": "After this many hands the leader wins (1 to 150).",
}


def decks(count: int) -> str:
    return plural(count, "deck")


def hands(count: int) -> str:
    return plural(count, "hand")


def quoted(text: str) -> str:
    """A box's text in a sentence, cut when long."""
    return text if len(text) <= 40 else f"{text[:39]}…"


def game_name(key: str) -> str:
    return games.game(key).words.NAME  # type: ignore[union-attr]


def rule_name(rule: str) -> str:
    """A house rule's name in a sentence: "the hand limit", "target"."""
    for each in games.GAMES.values():
        if rule in each.rules.names() and rule in each.words.RULE_NAMES:  # type: ignore[union-attr]
            return each.words.RULE_NAMES[rule]  # type: ignore[union-attr]
    return RULE_NAMES.get(rule, rule)


def _held_by(v: Mapping[str, Any]) -> str:
    holders = v["holders"]
    verb = "holds" if len(holders) == 1 else "hold"
    return f"{names(holders)} {verb} {v['count']}"


def _too_many(v: Mapping[str, Any], most: int, cards: str) -> str:
    """The start of the refusal: "Ben's K♥ is one too many", or where more
    are held, how many ("3 kings too many")."""
    over = v["count"] - most
    if over <= 1:
        return f"{v['player']}'s {v['card']} is one too many"
    return f"{over} {cards} too many"


def _card_too_many(v: Mapping[str, Any]) -> str:
    there = "is 1" if v["decks"] == 1 else f"are {v['decks']}"
    return (
        f"{_too_many(v, v['decks'], v['card'])}: with {decks(v['decks'])} there {there} of "
        f"each card, and {_held_by(v)}"
    )


def _rank_too_many(v: Mapping[str, Any]) -> str:
    rank = RANK_NAMES.get(v["rank"], f"{v['rank']}s")
    return (
        f"{_too_many(v, 4 * v['decks'], rank)}: with {decks(v['decks'])} there are "
        f"{4 * v['decks']} {rank}, and {_held_by(v)}"
    )


def _box_too_big(v: Mapping[str, Any]) -> str:
    most = f"{v['most']} points ({say(v['why'])})" if v["why"] else f"{v['most']:,} points"
    return f"{v['player']}'s {v['what']}: {quoted(v['text'])} is too big; the most is {most}"


def _rule_choice(v: Mapping[str, Any]) -> str:
    allowed = v["allowed"]
    if all(isinstance(value, int) for value in allowed):
        return f"{rule_name(v['rule'])} must be {either(allowed)}"
    return f"{rule_name(v['rule'])} must be one of {', '.join(str(each) for each in allowed)}"


def _closed_hand_limit(v: Mapping[str, Any]) -> str:
    cannot = {
        "hand": "no more hands can be recorded",
        "line": "the line cannot be moved",
        "seat": "nobody can leave or join",
    }[v["action"]]
    return f"the match closed at the hand limit of {hands(v['limit'])}, so {cannot}"


def _closed_target(v: Mapping[str, Any]) -> str:
    first = "recording another hand" if v["action"] == "hand" else "anyone leaves or joins"
    return (
        f"the match is closed: {v['winner']} won when the line of {v['target']} was crossed; "
        f"move the line to reopen it before {first}"
    )


def _rule_of_other_game(v: Mapping[str, Any]) -> str:
    hint = ""
    if v["hint"]:
        hint = f' (add "game": "{v["other"]}" for a {game_name(v["other"])} match)'
    return f"{v['rule']} is a rule of {game_name(v['other'])}, not of {game_name(v['game'])}{hint}"


def _a_hand(game: str) -> str:
    """ "a hand" of the default game, "a Gin Rummy hand" of another."""
    return "a hand" if game == games.DEFAULT else f"a {game_name(game)} hand"


def _hand_key_other_game(v: Mapping[str, Any]) -> str:
    return (
        f"{v['name']} belongs to {game_name(v['other'])} hands (a {game_name(v['game'])} hand "
        f"has {', '.join(v['keys'])})"
    )


def _game_unknown(v: Mapping[str, Any]) -> str:
    return f"game must be {either([f'{chr(34)}{key}{chr(34)}' for key in v['games']])}"


def _players_named(v: Mapping[str, Any]) -> str:
    return f" ({', '.join(v['players'])})" if v["players"] else ""


def _players_not_list(v: Mapping[str, Any]) -> str:
    count = str(v["low"]) if v["low"] == v["high"] else f"{v['low']} to {v['high']}"
    return f"players must be a list of {count} names"


REFUSALS: dict[str, str | Callable[[Mapping[str, Any]], str]] = {
    # Cards and boxes.
    "card_number": f"{{text}} is not a card ({CARD_HELP})",
    "card_not_text": f'each card must be written as text, such as "KH" ({CARD_HELP})',
    "card_unknown": f"{{text!r}} is not a card ({CARD_HELP})",
    "card_too_many": _card_too_many,
    "rank_too_many": _rank_too_many,
    "box_too_big": _box_too_big,
    "box_mixed": lambda v: (
        f"{v['player']}'s {v['what']}: {quoted(v['text'])} mixes points and cards; {TRY_LIST}"
    ),
    "box_not_sum": lambda v: (
        f"{v['player']}'s {v['what']}: {quoted(v['text'])} is not a sum of whole numbers; "
        f"{TRY_LIST}"
    ),
    # Names and seats.
    "name_too_long": "a name has at most {most} characters (this one has {length})",
    "name_control": "a name cannot hold a tab, a new line or another control character",
    "name_missing": "every player needs a name",
    "name_twice": "{name} is named twice",
    "players_count": "a match needs {low} to {high} players",
    "seat_gap": (
        "Seat {number} has no name: type who sits there, or leave only the last seats empty"
    ),
    "first_dealer_missing": "the first dealer must be one of the players",
    "first_dealer_stranger": "{name} is not one of the players",
    # House rules.
    "rule_choice": _rule_choice,
    "rule_range": lambda v: (
        f"{rule_name(v['rule'])} must be a whole number from {v['low']} to {v['high']}"
    ),
    "rules_missing": "the house rules are missing",
    "target_range": "target must be a whole number from {low} to {high}",
    # Replaying events.
    "event_unknown": "an event is a hand, a move of the line, a leave or a join",
    "closed_hand_limit": _closed_hand_limit,
    "closed_target": _closed_target,
    "role_not_a_name": "{role} must be a player's name",
    "not_at_table": "{name} is not at the table",
    "already_left": "{player} has already left the table",
    "left_not_dealt_in": "{player} has left the table and was not dealt in",
    "points_not_mapping": "{points} must map each player to their {what}",
    "points_twice": "{player}'s {what} is given twice",
    "points_missing": "{player}'s {what} is missing",
    "cards_bad": "{player}'s cards: {problem}",
    "points_not_number": "{player}'s {what} must be a whole number of points or a list of cards",
    "leave_too_few": (
        "{player} cannot leave: at least {low} players must stay seated (a newcomer joins first)"
    ),
    "join_no_name": "the player joining needs a name",
    "join_name_bad": "the player joining: {problem}",
    "join_seated": "{player} is already seated",
    "join_full": "{player} cannot join: the table is full ({high} players are seated)",
    "join_returning_after": "{player} returns to their own seat, so no seat can be chosen",
    "join_after_unseated": "{name} cannot sit after {after}: {after} is not seated",
    # The match file.
    "key_twice": "the key {name!r} appears twice",
    "json_invalid": "the file is not valid JSON: {reason} (line {line}, column {column})",
    "json_too_deep": "the file is not valid JSON: it is nested too deeply",
    "json_huge_number": "the file holds a number of thousands of digits",
    "json_unreadable": "the file is not valid JSON: {reason}",
    "json_surrogate": (
        "the file has a broken character (a lone \\ud800 to \\udfff escape): "
        "export it again, or mend that text"
    ),
    "matches_not_list": "matches must be a list of match files",
    "rules_not_object": "rules must be an object",
    "game_unknown": _game_unknown,
    "rule_of_other_game": _rule_of_other_game,
    "rule_unknown": lambda v: f"unknown rule {v['name']!r} (the rules are {', '.join(v['keys'])})",
    "rule_null": "{name} needs a value; leave it out for the default",
    "file_not_object": "a match file is a JSON object",
    "file_is_account": (
        "this file holds several matches ({several}); give one match file ({one}) at a time"
    ),
    "format_wrong": 'format must be "{format}"',
    "players_not_list": _players_not_list,
    "player_not_text": "every player's name must be text",
    "first_dealer_not_text": "first_dealer must be a player's name",
    "events_not_list": "events must be a list",
    "event_not_object": "an event must be an object",
    "event_kinds": lambda v: f"an event holds exactly one of {', '.join(v['kinds'])}",
    "event_after": "after goes only with join",
    "event_key_unknown": "unknown key {name!r} in a {kind} event",
    "hand_not_object": "a hand must be an object",
    "hand_key_other_game": _hand_key_other_game,
    "hand_key_unknown": lambda v: (
        f"unknown key {v['name']!r} in a hand ({_a_hand(v['game'])} has {', '.join(v['keys'])})"
    ),
    # Reading a file.
    "file_not_utf8": "{name} is not UTF-8 text",
    "file_unreadable": "cannot read {name}: {reason}",
    "file_csv": (
        "this is a CSV file, the spreadsheet export: only the match files (.json) "
        "that Export match file and Export every match give can be imported"
    ),
    "file_no_match": "the file holds no match",
    "file_too_many": lambda v: (
        f"the file holds {v['count']:,} matches, and the app imports at most {v['most']:,} at "
        "a time; split its matches list into smaller files (or whoever runs the site can "
        "import it whole with manage.py import_match)"
    ),
    "time_expected": "{name} must be a date and time such as 2026-05-03T19:30:00Z",
    "time_unreadable": "expected a date and time such as 2026-05-03T19:30:00Z",
    "time_years": "expected a date from the year {first} to {last}",
    "time_future": "a date in the future; an imported match keeps the date it was played",
    "times_count": "times must be a list of one time per event ({events} events here)",
    "times_bad": lambda v: (
        f"the time of event {v['event']} (the file's {ordinal(v['event'] + 1)} event): "
        f"{refusal(v['problem'])}"
    ),
    "colours_bad": "colours must be an object giving a player's name its colour, such as "
    '{{"Ana": "#1773d0"}}',
    "colour_stranger": "colours gives a colour to {name}, who never sits at this table",
    "colour_unreadable": 'the colour of {name} must be written #rrggbb, such as "#1773d0"',
    "import_abandoned_finished": "a finished match cannot be abandoned; leave abandoned out",
    "import_abandoned_early": "a match cannot be abandoned before it was created",
    "import_match": lambda v: f"match {v['number']}{_players_named(v)}: {file_words(v['problem'])}",
    # The app's own refusals of a write.
    "form_out_of_date": "This form is out of date: reload the page, then enter it again.",
    "abandoned": "This match is set aside as abandoned: resume it to change the score.",
    "board_changed": (
        "The board changed on another screen: this form was for hand {sent}, and the next hand "
        "is now hand {next}. Check the board, then tap Save again if this hand is still to be "
        "recorded."
    ),
    "undo_changed": (
        "Nothing was taken back: the board changed on another screen. "
        "Check the board, then tap Undo again."
    ),
    "edited_elsewhere": (
        "This entry was changed on another screen since you opened it; it now shows that "
        "change. Check it, then save again."
    ),
    "rules_fixed": "The house rules are fixed once the first hand is recorded.",
    "abandoned_already": "This match is abandoned already.",
    "abandon_finished": "This match is finished, so it cannot be abandoned.",
    "later_impossible": "{problem}",
    "name_taken": (
        "{other} is already one of your players. Merge {name} into {other} if they are the "
        "same person."
    ),
    "name_taken_together": lambda v: (
        f"{v['other']} is already one of your players. {v['other']} and {v['name']} both played "
        f"in the match of {date_format(v['when'], 'DATETIME_FORMAT')}, so they are two people: "
        "choose another name."
    ),
    "rename_bad": "the new name: {problem}",
    "colour_unknown": "Choose one of the colours shown.",
    "merge_same": "Choose two different players to merge.",
    "merge_together": lambda v: (
        f"{v['gone']} and {v['keep']} both played in the match of "
        f"{date_format(v['when'], 'DATETIME_FORMAT')}, so they are two people: they cannot be "
        "merged."
    ),
}


def _template(code: str) -> str | Callable[[Mapping[str, Any]], str]:
    if code in REFUSALS:
        return REFUSALS[code]
    key = code.partition(".")[0]
    return games.game(key).words.REFUSALS[code]  # type: ignore[union-attr]


def say(code: str, values: Mapping[str, Any] | None = None) -> str:
    """The words of ``code`` with ``values``. A template string gets a value
    that is a refusal worded first; a template function gets the values as
    they are."""
    template = _template(code)
    if callable(template):
        return template(values or {})
    shown = {
        name: refusal(value) if isinstance(value, RuleError) else value
        for name, value in (values or {}).items()
    }
    return template.format(**shown)


def refusal(error: RuleError) -> str:
    """A refusal in words: "Cara's leftover must be at least 1"."""
    return say(error.code, error.values)


def located(error: RuleError) -> str:
    """A refusal with where it is, as the ``score`` command prints it:
    "event 4: Cara's leftover must be at least 1"."""
    where = error.where
    return f"{where}: {refusal(error)}" if where else refusal(error)


def question(asked: Question) -> str:
    """A question before saving in words: "Cara: 230 points in 7 cards?"."""
    return say(asked.code, asked.values)


def rule_title(game: str, key: str) -> str:
    """A house rule's title: "Target (the line)", "Knock limit"."""
    return TITLES.get(key) or games.game(game).words.TITLES[key]  # type: ignore[union-attr]


def rule_help(game: str, key: str) -> str:
    """A house rule's line of help."""
    return HELP.get(key) or games.game(game).words.HELP[key]  # type: ignore[union-attr]


def rule_choices(game: str, key: str) -> dict[object, str]:
    """A house rule's values in words, by value (empty for a number)."""
    return games.game(game).words.CHOICES.get(key, {})  # type: ignore[union-attr]


def describe(rules: Rules) -> list[tuple[str, str]]:
    """A match's house rules in words, (title, value) in the rules' order:
    ("Target (the line)", "200"), ("Going rummy", "Doubles the hand")."""
    shown = []
    for key in rules.names():
        value = getattr(rules, key)
        choices = rule_choices(rules.game, key)
        shown.append((rule_title(rules.game, key), choices.get(value, str(value))))
    return shown


def file_words(error: RuleError) -> str:
    """A file's refusal as the Import page says it: the event by its index
    counted from 0, as the match file's format and the ``score`` command
    name it, and which one that is counted as people count ("event 0 (the
    file's 1st event): Alice's leftover must be at least 1")."""
    message = refusal(error)
    if error.index is None:
        # "format must be ...", not "format: format must be ...".
        return message if error.key and message.startswith(error.key) else located(error)
    return f"{error.where} (the file's {ordinal(error.index + 1)} event): {message}"
