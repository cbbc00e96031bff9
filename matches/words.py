"""Refusals in words: the one place that turns a refusal's code and values
(``RuleError``) into a sentence for a person at the card table. The board,
the forms, the import page and the ``score`` command all word them here, so
each says the same. A game's own codes (``"gin.knock_over_limit"``) are
worded by its folder's ``words`` module, through the registry.

A template is a message (``gettext_lazy``, translated when it is worded)
with named placeholders (``%(player)s``) for the refusal's values; a message
counted by one of them (``ngettext_lazy(singular, plural, "points")``: its
form follows that value); or a function of the values that words it then. A
value that is itself a refusal is worded first, and the game's word for what
a box holds (``what``: "leftover") is translated.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.formats import date_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, ngettext_lazy, pgettext_lazy

from matches import card_words, games
from matches.engine.board import Question
from matches.engine.errors import RuleError
from matches.engine.rules import Rules
from matches.json_reasons import json_invalid
from matches.phrases import either, grouped, ordinal

# A shared rule's name in a sentence, where it is not its key.
RULE_NAMES = {
    # Translators: a house rule's name in a sentence, such as "the hand limit
    # must be a whole number from 1 to 150".
    "hand_limit": gettext_lazy("the hand limit"),
    # Translators: the line's name at the start of a refusal of the new-match
    # form ("target must be a whole number from 100 to 1000"); English keeps
    # the house rule's key.
    "target": pgettext_lazy("the line: the score that ends a match", "target"),
}
# The shared rules as they read to a person: title and help (a game's own
# are in its folder's words).
TITLES = {
    # Translators: the line is the score that ends a match.
    "target": gettext_lazy("Target (the line)"),
    "hand_limit": gettext_lazy("Hand limit"),
}
HELP = {
    "target": gettext_lazy("The line: the match ends when someone reaches it (100 to 1000)."),
    "hand_limit": gettext_lazy("After this many hands the leader wins (1 to 150)."),
}


def game_name(key: str) -> str:
    return str(games.game(key).words.NAME)  # type: ignore[union-attr]


def rule_name(rule: str) -> str:
    """A house rule's name in a sentence: "the hand limit", "target"."""
    for each in games.GAMES.values():
        if rule in each.rules.names() and rule in each.words.RULE_NAMES:  # type: ignore[union-attr]
            return str(each.words.RULE_NAMES[rule])  # type: ignore[union-attr]
    return str(RULE_NAMES.get(rule, rule))


def _rule_choice(v: Mapping[str, Any]) -> str:
    allowed = v["allowed"]
    if all(isinstance(value, int) for value in allowed):
        # Translators: rule is a house rule's name ("the hand limit") or its
        # key; values the values allowed, such as "1, 11 or 15".
        return _("%(rule)s must be %(values)s") % {
            "rule": rule_name(v["rule"]),
            "values": either(allowed),
        }
    # Translators: rule is a house rule's name ("the hand limit") or its key;
    # values the values allowed as a match file writes them, such as "double, none".
    return _("%(rule)s must be one of %(values)s") % {
        "rule": rule_name(v["rule"]),
        "values": ", ".join(str(each) for each in allowed),
    }


def _rule_range(v: Mapping[str, Any]) -> str:
    # Translators: rule is a house rule's name ("the hand limit") or its key.
    return _("%(rule)s must be a whole number from %(low)s to %(high)s") % {
        "rule": rule_name(v["rule"]),
        "low": v["low"],
        "high": v["high"],
    }


def _closed_hand_limit(v: Mapping[str, Any]) -> str:
    limit = v["limit"]
    if v["action"] == "hand":
        text = ngettext(
            "the match closed at the hand limit of %(count)s hand, so no more hands can be "
            "recorded",
            "the match closed at the hand limit of %(count)s hands, so no more hands can be "
            "recorded",
            limit,
        )
    elif v["action"] == "line":
        text = ngettext(
            "the match closed at the hand limit of %(count)s hand, so the line cannot be moved",
            "the match closed at the hand limit of %(count)s hands, so the line cannot be moved",
            limit,
        )
    else:
        text = ngettext(
            "the match closed at the hand limit of %(count)s hand, so nobody can leave or join",
            "the match closed at the hand limit of %(count)s hands, so nobody can leave or join",
            limit,
        )
    return text % {"count": limit}


def _closed_target(v: Mapping[str, Any]) -> str:
    shown = {"winner": v["winner"], "target": v["target"]}
    if v["action"] == "hand":
        return (
            _(
                "the match is closed: %(winner)s won when the line of %(target)s was crossed; "
                "move the line to reopen it before recording another hand"
            )
            % shown
        )
    return (
        _(
            "the match is closed: %(winner)s won when the line of %(target)s was crossed; "
            "move the line to reopen it before anyone leaves or joins"
        )
        % shown
    )


def _rule_of_other_game(v: Mapping[str, Any]) -> str:
    shown = {
        "rule": v["rule"],
        "other": game_name(v["other"]),
        "game": game_name(v["game"]),
        "key": v["other"],
    }
    if v["hint"]:
        return (
            _(
                # Translators: rule is a house rule's key; other and game are games'
                # names ("Gin Rummy"); key is the other game's key in a match file,
                # as written there ("gin").
                '%(rule)s is a rule of %(other)s, not of %(game)s (add "game": "%(key)s" for '
                "a %(other)s match)"
            )
            % shown
        )
    # Translators: rule is a house rule's key; other and game are games' names ("Gin Rummy").
    return _("%(rule)s is a rule of %(other)s, not of %(game)s") % shown


def _hand_key_other_game(v: Mapping[str, Any]) -> str:
    # Translators: name is a key of a match file; other and game are games'
    # names ("Gin Rummy"); keys the keys a hand of game has.
    return _("%(name)s belongs to %(other)s hands (a %(game)s hand has %(keys)s)") % {
        "name": v["name"],
        "other": game_name(v["other"]),
        "game": game_name(v["game"]),
        "keys": ", ".join(v["keys"]),
    }


def _event_of_other_game(v: Mapping[str, Any]) -> str:
    # Translators: name is an event's key in a match file, as written
    # as written; other and game are games' names ("Gin Rummy").
    return _("%(name)s is an event of %(other)s, not of %(game)s") % {
        "name": v["name"],
        "other": game_name(v["other"]),
        "game": game_name(v["game"]),
    }


def _hand_key_unknown(v: Mapping[str, Any]) -> str:
    shown = {"name": repr(v["name"]), "keys": ", ".join(v["keys"])}
    if v["game"] == games.DEFAULT:
        # Translators: name is a key of a match file, keys the keys a hand has.
        return _("unknown key %(name)s in a hand (a hand has %(keys)s)") % shown
    # Translators: name is a key of a match file, game a game's name ("Gin
    # Rummy"), keys the keys a hand of that game has.
    return _("unknown key %(name)s in a hand (a %(game)s hand has %(keys)s)") % {
        **shown,
        "game": game_name(v["game"]),
    }


def _game_unknown(v: Mapping[str, Any]) -> str:
    # Translators: games are the games' keys as a match file writes them,
    # such as '"rummy" or "gin"'.
    return _("game must be %(games)s") % {"games": either([f'"{key}"' for key in v["games"]])}


def _players_not_list(v: Mapping[str, Any]) -> str:
    if v["low"] == v["high"]:
        return ngettext(
            "players must be a list of %(count)s name",
            "players must be a list of %(count)s names",
            v["low"],
        ) % {"count": v["low"]}
    return _("players must be a list of %(low)s to %(high)s names") % {
        "low": v["low"],
        "high": v["high"],
    }


def _rule_unknown(v: Mapping[str, Any]) -> str:
    # Translators: name is the unknown key as written, keys the rules' keys.
    return _("unknown rule %(name)s (the rules are %(keys)s)") % {
        "name": repr(v["name"]),
        "keys": ", ".join(v["keys"]),
    }


def _event_kinds(v: Mapping[str, Any]) -> str:
    # Translators: kinds are the keys of a match file's events ("hand, line, leave, join").
    return _("an event holds exactly one of %(kinds)s") % {"kinds": ", ".join(v["kinds"])}


def _file_too_many(v: Mapping[str, Any]) -> str:
    return ngettext(
        "the file holds %(count)s match, and the app imports at most %(most)s at a time; split "
        "its matches list into smaller files (or whoever runs the site can import it whole "
        "with manage.py import_match)",
        "the file holds %(count)s matches, and the app imports at most %(most)s at a time; "
        "split its matches list into smaller files (or whoever runs the site can import it "
        "whole with manage.py import_match)",
        v["count"],
    ) % {"count": grouped(v["count"]), "most": grouped(v["most"])}


def _times_bad(v: Mapping[str, Any]) -> str:
    # Translators: event is the event's index in the file counted from 0;
    # ordinal counts it from 1 ("1st"); problem is a refusal.
    return _("the time of event %(event)s (the file's %(ordinal)s event): %(problem)s") % {
        "event": v["event"],
        "ordinal": ordinal(v["event"] + 1),
        "problem": refusal(v["problem"]),
    }


def _import_match(v: Mapping[str, Any]) -> str:
    shown = {"number": v["number"], "problem": file_words(v["problem"])}
    if v["players"]:
        # Translators: number is the match's place in the file, players its
        # players' names, problem a refusal of it.
        return _("match %(number)s (%(players)s): %(problem)s") % {
            **shown,
            "players": ", ".join(v["players"]),
        }
    # Translators: number is the match's place in the file, problem a refusal of it.
    return _("match %(number)s: %(problem)s") % shown


def _name_taken_together(v: Mapping[str, Any]) -> str:
    return _(
        # Translators: when is the date and time the match was played.
        "%(other)s is already one of your players. %(other)s and %(name)s both played in the "
        "match of %(when)s, so they are two people: choose another name."
    ) % {"other": v["other"], "name": v["name"], "when": date_format(v["when"], "DATETIME_FORMAT")}


def _merge_together(v: Mapping[str, Any]) -> str:
    return _(
        # Translators: when is the date and time the match was played.
        "%(gone)s and %(keep)s both played in the match of %(when)s, so they are two people: "
        "they cannot be merged."
    ) % {"gone": v["gone"], "keep": v["keep"], "when": date_format(v["when"], "DATETIME_FORMAT")}


# Each template: a message of the refusal's values, or a function of them.
Template = Promise | Callable[[Mapping[str, Any]], str]

REFUSALS: dict[str, Template] = {
    # Cards and boxes.
    "card_number": lambda v: card_words.not_a_card(v["text"]),
    "card_not_text": card_words.card_not_text,
    "card_unknown": lambda v: card_words.not_a_card(repr(v["text"])),
    "card_too_many": card_words.card_too_many,
    "rank_too_many": card_words.rank_too_many,
    "joker_too_many": card_words.joker_too_many,
    "box_too_big": lambda v: card_words.box_too_big(v, say(v["why"]) if v["why"] else ""),
    "box_mixed": card_words.box_mixed,
    "box_not_sum": card_words.box_not_sum,
    # Translators: what is what a player's box holds ("melded count").
    "box_not_number": gettext_lazy(
        "%(player)s's %(what)s must be a whole number of points (or a sum, 10+10+5)"
    ),
    # Translators: what is what a player's box holds ("charge"); words are the
    # words the box takes besides points and cards, each a button of the form.
    "box_word_unknown": gettext_lazy("%(player)s's %(what)s must be points, cards, or %(words)s"),
    # Names and seats.
    "name_too_long": ngettext_lazy(
        "a name has at most %(most)s character (this one has %(length)s)",
        "a name has at most %(most)s characters (this one has %(length)s)",
        "most",
    ),
    "name_control": gettext_lazy(
        "a name cannot hold a tab, a new line or another control character"
    ),
    "name_missing": gettext_lazy("every player needs a name"),
    "name_twice": gettext_lazy("%(name)s is named twice"),
    "players_count": ngettext_lazy(
        "a match needs %(low)s to %(high)s player",
        "a match needs %(low)s to %(high)s players",
        "high",
    ),
    "seat_gap": gettext_lazy(
        "Seat %(number)s has no name: type who sits there, or leave only the last seats empty"
    ),
    "first_dealer_missing": gettext_lazy("the first dealer must be one of the players"),
    "first_dealer_stranger": gettext_lazy("%(name)s is not one of the players"),
    # House rules.
    "rule_choice": _rule_choice,
    "rule_range": _rule_range,
    "rules_missing": gettext_lazy("the house rules are missing"),
    "target_range": gettext_lazy("target must be a whole number from %(low)s to %(high)s"),
    # Replaying events.
    "event_unknown": gettext_lazy("an event is a hand, a move of the line, a leave or a join"),
    "closed_hand_limit": _closed_hand_limit,
    "closed_target": _closed_target,
    # Translators: role is a key of a match file's event, such as "went_out".
    "role_not_a_name": gettext_lazy("%(role)s must be a player's name"),
    "not_at_table": gettext_lazy("%(name)s is not at the table"),
    "already_left": gettext_lazy("%(player)s has already left the table"),
    "left_not_dealt_in": gettext_lazy("%(player)s has left the table and was not dealt in"),
    # Translators: points is a key of a match file's hand ("leftovers"); what
    # is what it holds for each player ("leftover").
    "points_not_mapping": gettext_lazy("%(points)s must map each player to their %(what)s"),
    # Translators: what is what a player's box holds ("leftover").
    "points_twice": gettext_lazy("%(player)s's %(what)s is given twice"),
    # Translators: what is what a player's box holds ("leftover").
    "points_missing": gettext_lazy("%(player)s's %(what)s is missing"),
    # Translators: problem is why the cards are refused.
    "cards_bad": gettext_lazy("%(player)s's cards: %(problem)s"),
    "points_not_number": gettext_lazy(
        # Translators: what is what a player's box holds ("leftover").
        "%(player)s's %(what)s must be a whole number of points or a list of cards"
    ),
    "leave_too_few": ngettext_lazy(
        "%(player)s cannot leave: at least %(low)s player must stay seated (a newcomer joins "
        "first)",
        "%(player)s cannot leave: at least %(low)s players must stay seated (a newcomer joins "
        "first)",
        "low",
    ),
    "join_no_name": gettext_lazy("the player joining needs a name"),
    # Translators: problem is why the name is refused.
    "join_name_bad": gettext_lazy("the player joining: %(problem)s"),
    "join_seated": gettext_lazy("%(player)s is already seated"),
    "join_full": ngettext_lazy(
        "%(player)s cannot join: the table is full (%(high)s player is seated)",
        "%(player)s cannot join: the table is full (%(high)s players are seated)",
        "high",
    ),
    "join_returning_after": gettext_lazy(
        "%(player)s returns to their own seat, so no seat can be chosen"
    ),
    "join_after_unseated": gettext_lazy(
        "%(name)s cannot sit after %(after)s: %(after)s is not seated"
    ),
    # The match file.
    "key_twice": lambda v: _("the key %(name)s appears twice") % {"name": repr(v["name"])},
    "json_invalid": json_invalid,
    "json_too_deep": gettext_lazy("the file is not valid JSON: it is nested too deeply"),
    "json_huge_number": gettext_lazy("the file holds a number of thousands of digits"),
    # Translators: reason is why the JSON reader stopped, in its own (English) words.
    "json_unreadable": gettext_lazy("the file is not valid JSON: %(reason)s"),
    "json_surrogate": gettext_lazy(
        "the file has a broken character (a lone \\ud800 to \\udfff escape): "
        "export it again, or mend that text"
    ),
    "matches_not_list": gettext_lazy("matches must be a list of match files"),
    "rules_not_object": gettext_lazy("rules must be an object"),
    "game_unknown": _game_unknown,
    "rule_of_other_game": _rule_of_other_game,
    "rule_unknown": _rule_unknown,
    "rule_null": gettext_lazy("%(name)s needs a value; leave it out for the default"),
    "file_not_object": gettext_lazy("a match file is a JSON object"),
    "file_is_account": gettext_lazy(
        # Translators: several and one are the two formats' names, as a file writes them.
        "this file holds several matches (%(several)s); give one match file (%(one)s) at a time"
    ),
    "format_wrong": gettext_lazy('format must be "%(format)s"'),
    "players_not_list": _players_not_list,
    "player_not_text": gettext_lazy("every player's name must be text"),
    "first_dealer_not_text": gettext_lazy("first_dealer must be a player's name"),
    "events_not_list": gettext_lazy("events must be a list"),
    "event_not_object": gettext_lazy("an event must be an object"),
    "event_kinds": _event_kinds,
    "event_of_other_game": _event_of_other_game,
    "event_after": gettext_lazy("after goes only with join"),
    "event_key_unknown": lambda v: (
        # Translators: name is the unknown key as written; kind the event's
        # kind as a match file writes it ("hand", "join").
        _("unknown key %(name)s in a %(kind)s event") % {"name": repr(v["name"]), "kind": v["kind"]}
    ),
    "hand_not_object": gettext_lazy("a hand must be an object"),
    "hand_key_other_game": _hand_key_other_game,
    "hand_key_unknown": _hand_key_unknown,
    # Reading a file.
    "file_not_utf8": gettext_lazy("%(name)s is not UTF-8 text"),
    # Translators: reason is the system's reason, in its own words.
    "file_unreadable": gettext_lazy("cannot read %(name)s: %(reason)s"),
    "file_csv": gettext_lazy(
        "this is a CSV file, the spreadsheet export: only the match files (.json) "
        "that Export match file and Export every match give can be imported"
    ),
    "file_no_match": gettext_lazy("the file holds no match"),
    "file_too_many": _file_too_many,
    "time_expected": gettext_lazy("%(name)s must be a date and time such as 2026-05-03T19:30:00Z"),
    "time_unreadable": gettext_lazy("expected a date and time such as 2026-05-03T19:30:00Z"),
    "time_years": gettext_lazy("expected a date from the year %(first)s to %(last)s"),
    "time_future": gettext_lazy(
        "a date in the future; an imported match keeps the date it was played"
    ),
    "times_count": gettext_lazy(
        "times must be a list of one time per event (%(events)s events here)"
    ),
    "times_bad": _times_bad,
    "colours_bad": gettext_lazy(
        'colours must be an object giving a player\'s name its colour, such as {"Ana": "#1773d0"}'
    ),
    "colour_stranger": gettext_lazy(
        "colours gives a colour to %(name)s, who never sits at this table"
    ),
    "colour_unreadable": gettext_lazy(
        'the colour of %(name)s must be written #rrggbb, such as "#1773d0"'
    ),
    "import_abandoned_finished": gettext_lazy(
        "a finished match cannot be abandoned; leave abandoned out"
    ),
    "import_abandoned_early": gettext_lazy("a match cannot be abandoned before it was created"),
    "import_match": _import_match,
    # The app's own refusals of a write.
    "form_out_of_date": gettext_lazy(
        "This form is out of date: reload the page, then enter it again."
    ),
    "abandoned": gettext_lazy(
        "This match is set aside as abandoned: resume it to change the score."
    ),
    "board_changed": gettext_lazy(
        "The board changed on another screen: this form was for hand %(sent)s, and the next "
        "hand is now hand %(next)s. Check the board, then tap Save again if this hand is still "
        "to be recorded."
    ),
    "undo_changed": gettext_lazy(
        "Nothing was taken back: the board changed on another screen. "
        "Check the board, then tap Undo again."
    ),
    "edited_elsewhere": gettext_lazy(
        "This entry was changed on another screen since you opened it; it now shows that "
        "change. Check it, then save again."
    ),
    "rules_fixed": gettext_lazy("The house rules are fixed once the first hand is recorded."),
    "abandoned_already": gettext_lazy("This match is abandoned already."),
    "abandon_finished": gettext_lazy("This match is finished, so it cannot be abandoned."),
    "later_impossible": lambda v: refusal(v["problem"]),
    "name_taken": gettext_lazy(
        "%(other)s is already one of your players. Merge %(name)s into %(other)s if they are "
        "the same person."
    ),
    "name_taken_together": _name_taken_together,
    # Translators: problem is why the new name is refused.
    "rename_bad": gettext_lazy("the new name: %(problem)s"),
    "colour_unknown": gettext_lazy("Choose one of the colours shown."),
    "merge_same": gettext_lazy("Choose two different players to merge."),
    "merge_together": _merge_together,
}


def _template(code: str) -> Template:
    if code in REFUSALS:
        return REFUSALS[code]
    key = code.partition(".")[0]
    return games.game(key).words.REFUSALS[code]  # type: ignore[union-attr]


def _shown(values: Mapping[str, Any]) -> dict[str, Any]:
    """A message's values: a refusal worded, the game's word for what a box
    holds ("leftover") translated."""
    shown = {}
    for name, value in values.items():
        if isinstance(value, RuleError):
            value = refusal(value)
        elif name == "what":
            value = card_words.what(values)
        shown[name] = value
    return shown


def say(code: str, values: Mapping[str, Any] | None = None) -> str:
    """The words of ``code`` with ``values``, in the active language. A
    message gets a value that is a refusal worded first; a template function
    gets the values as they are."""
    template = _template(code)
    if callable(template):
        return template(values or {})
    text = str(template)
    # A message without placeholders is not formatted: a "%" in it is a "%".
    # (A counted message reads "" until its values choose its form.)
    if text and "%(" not in text:
        return text
    return template % _shown(values or {})


def refusal(error: RuleError) -> str:
    """A refusal in words: "Cara's leftover must be at least 1"."""
    return say(error.code, error.values)


def located(error: RuleError) -> str:
    """A refusal with where it is, as the ``score`` command prints it:
    "event 4: Cara's leftover must be at least 1"."""
    if error.index is not None:
        # Translators: index is the event's place in the match file, counted from 0.
        return _("event %(index)s: %(problem)s") % {"index": error.index, "problem": refusal(error)}
    if error.key:
        # Translators: key is the part of the match file at fault, as written ("rules").
        return _("%(key)s: %(problem)s") % {"key": error.key, "problem": refusal(error)}
    return refusal(error)


def question(asked: Question) -> str:
    """A question before saving in words: "Cara: 230 points in 7 cards?"."""
    return say(asked.code, asked.values)


def rule_title(game: str, key: str) -> str:
    """A house rule's title: "Target (the line)", "Knock limit" (the game's
    own words first, then every game's)."""
    own = games.game(game).words.TITLES  # type: ignore[union-attr]
    return str(own.get(key) or TITLES[key])


def rule_help(game: str, key: str) -> str:
    """A house rule's line of help."""
    own = games.game(game).words.HELP  # type: ignore[union-attr]
    return str(own.get(key) or HELP[key])


def rule_choices(game: str, key: str) -> dict[object, str]:
    """A house rule's values in words, by value (empty for a number)."""
    choices = games.game(game).words.CHOICES.get(key, {})  # type: ignore[union-attr]
    return {value: str(text) for value, text in choices.items()}


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
    # Translators: index is the event's place in the file counted from 0;
    # ordinal counts it from 1 ("1st"); problem is a refusal.
    return _("event %(index)s (the file's %(ordinal)s event): %(problem)s") % {
        "index": error.index,
        "ordinal": ordinal(error.index + 1),
        "problem": message,
    }
