"""Forms of the match pages. Each one turns what was typed into the engine's
terms and lets the engine judge it: every rule's message is written once, in
``matches.scoring``, and shown here next to the field or player it names."""

from __future__ import annotations

import html
import uuid
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from matches import scoring
from matches.display import refusal
from matches.models import Match
from matches.scoring.cards import ACE_VALUES
from matches.scoring.engine import name_key
from matches.scoring.gin import MOST_DEADWOOD
from matches.scoring.rules import (
    DECKS,
    DECKS_BY_PLAYERS,
    GAMES,
    GIN,
    GIN_DEALS,
    GIN_RANGES,
    MAX_SEATED,
    RULE_CHOICES,
    RULE_HELP,
    RULE_TITLES,
    RUMMY,
    RUMMY_BONUSES,
    SCHEMES,
    SHUTOUTS,
    STOCK_OUTS,
    TARGET_MAX,
    TARGET_MIN,
    GinRules,
    HouseRules,
    rule_keys,
    rules_class,
)
from matches.services import LaterEventImpossible, event_check, file_words
from matches.transfer import IMPORT_MAX_BYTES, import_read

NOBODY = "nobody"
DRAWN = "drawn"  # the "who knocked" choice of a drawn Gin hand
DEFAULTS = HouseRules()  # the defaults of docs/rules.md, "House rules"
GIN_DEFAULTS = GinRules()  # and of docs/gin.md
# The rules only Rummy has, and Gin's whole numbers (docs/gin.md, "House rules").
RUMMY_ONLY = ("scheme", "rummy_bonus", "stock_out", "ace_value", "decks")
GIN_NUMBERS = tuple(GIN_RANGES)


def game_of(value: object) -> str:
    """The game a page was asked for (``?game=gin``, a form's ``game``):
    ``"gin"`` or ``"rummy"`` (anything else reads as Rummy)."""
    return value if value in GAMES else RUMMY


TARGET_PRESETS = (100, 200, 500)


def typed_number(text: str) -> int | str | None:
    """What a number box holds: None when empty, an int for ASCII whole
    number text (``scoring.read_whole_number``), otherwise the text itself,
    so the engine can say what is wrong with it ("target must be a whole
    number from 100 to 1000")."""
    text = text.strip()
    if not text:
        return None
    number = scoring.read_whole_number(text)
    return text if number is None else number


def typed_leftover(
    text: str, *, player: str, what: str = "leftover", most: Callable[[], str] | None = None
) -> int | list[str] | str | None:
    """What ``player``'s leftover box holds, read by the engine
    (``scoring.read_leftover_text``): None when empty, points as an int (a
    sum such as "10+10+5" as its total), the cards as a list, otherwise the
    text itself for the engine to refuse.

    Raises:
        RuleError: a sum that is not one of whole numbers ("10+K").
    """
    return scoring.read_leftover_text(text, player=player, what=what, most=most)


def leftover_text(value: object) -> str:
    """A stored leftover back in its box: points, or the cards with spaces."""
    if isinstance(value, list):
        return " ".join(str(card) for card in value)
    return "" if value is None else str(value)


# type=text with a numeric keypad: the browser must not swallow a typo
# before the engine can name it. The length is bounded in the browser only:
# whatever arrives, however long, gets the engine's message.
NUMBER_BOX = {"inputmode": "numeric", "autocomplete": "off", "maxlength": "20"}


def _number_input(**attrs: Any) -> forms.TextInput:
    return forms.TextInput(attrs={**NUMBER_BOX, **attrs})


def typed_name(text: str) -> str:
    """A player's name as typed in a box, its spaces as a person means them:
    a run of spaces (or a tab, a no-break space) inside it is one space, so
    "Jo  Ann" is the "Jo Ann" already at the table, not a second player who
    looks the same. The engine's ``clean_name`` does the rest."""
    return " ".join(text.split())


class NameField(forms.CharField):
    """A box for a player's name (``typed_name``)."""

    def to_python(self, value: Any) -> str:
        return typed_name(super().to_python(value))


class LeftoverBox(forms.TextInput):
    """A player's box of the hand form (``NUMBER_BOX``), room for a whole
    hand of cards typed with suits ("10H 10D ..."). A class, so that each
    form's dozen boxes are made afresh rather than deep-copied.

    Its keypad is the phone's (``tel``): digits as large as the number
    pad's, and a ``+`` for a sum (10+10+5), which an iPhone's number pad
    (``numeric``) lacks; cards go in by the Cards button beside it."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({**NUMBER_BOX, "inputmode": "tel", "maxlength": "200", **(attrs or {})})


def drawn(bound: forms.BoundField) -> SafeString:
    """A text or hidden box as its Django widget draws it (type, name, value,
    the widget's attributes, id, and ``aria-invalid``/``aria-describedby``
    with errors), without the widget's template: a sheet draws a dozen, at
    tens of microseconds each through the template engine."""
    widget = bound.field.widget
    attrs = {"type": widget.input_type, "name": bound.html_name}
    value = widget.format_value(bound.value())
    if value is not None:
        attrs["value"] = value
    given = dict(widget.attrs)
    if bound.auto_id and "id" not in given:  # as ``as_widget`` gives it
        given["id"] = bound.auto_id
    attrs.update(bound.build_widget_attrs(given))
    # As flatatt writes them (True alone, False left out), with the standard
    # library's escape: flatatt's format_html_join costs more than the rest.
    written = "".join(
        f" {name}" if value is True else f' {name}="{html.escape(str(value))}"'
        for name, value in attrs.items()
        if value is not False and value is not None
    )
    return mark_safe(f"<input{written}>")  # noqa: S308 - every value escaped


def drawn_choice(bound: forms.BoundField) -> SafeString:
    """A single choice (``Select``) as its Django widget draws it (name, the
    widget's attributes, id, ``aria-invalid`` with errors, and the chosen
    option ``selected``), without the widget's templates: one per option
    through the template engine made the history's list of players the
    dearest part of its page."""
    widget = bound.field.widget
    attrs = {"name": bound.html_name, **bound.build_widget_attrs(dict(widget.attrs))}
    if bound.auto_id and "id" not in widget.attrs:  # as ``as_widget`` adds it
        attrs.setdefault("id", bound.auto_id)
    written = "".join(
        f" {name}" if value is True else f' {name}="{html.escape(str(value))}"'
        for name, value in attrs.items()
        if value is not False and value is not None
    )
    chosen = set(widget.format_value(bound.value()))
    options = "".join(
        f'<option value="{html.escape(str(value))}"'
        f"{' selected' if str(value) in chosen else ''}>{html.escape(str(label))}</option>"
        for value, label in bound.field.choices
    )
    return mark_safe(f"<select{written}>{options}</select>")  # noqa: S308 - every value escaped


class SharedField:
    """A form field that no form changes, shared by every form of its class
    as it stands rather than deep-copied for each form, as Django copies a
    form's declared fields (a hidden field: no form sets its choices,
    widget or label). Put first among a field's bases."""

    def __deepcopy__(self, memo: dict[int, Any]) -> SharedField:
        return self


class SharedUUIDField(SharedField, forms.UUIDField):
    """A ``UUIDField`` shared by every form of its class (``SharedField``)."""


class SharedCharField(SharedField, forms.CharField):
    """A ``CharField`` shared by every form of its class (``SharedField``)."""


class EngineForm(forms.Form):
    """A form for one event of ``match``: ``clean`` replays the match with
    the event added and places the engine's ``RuleError`` next to its field.
    Subclasses give ``event_data``. On success ``board_after`` is the board
    as it would stand, and ``checked`` the replay that gave it (a new
    event's, for ``services.event_record`` to store)."""

    token = SharedUUIDField(widget=forms.HiddenInput, required=False)

    def __init__(
        self, *args: Any, match: Match, replacing: int | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.replacing = replacing
        # Where the event stands among the live ones once recorded.
        if replacing is None:
            self.event_index = match.live_count()
        else:
            self.event_index = [event.pk for event in match.live_events()].index(replacing)
        if not self.is_bound:
            self.initial.setdefault("token", uuid.uuid4())

    def event_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def renew_token(self) -> None:
        """Give a bound form a fresh one-time token, keeping what was typed:
        its old token already recorded something else."""
        self.data = self.data.copy()
        self.data["token"] = str(uuid.uuid4())

    def field_for(self, error: scoring.RuleError) -> str | None:
        """The field an engine error belongs next to (None: the whole form)."""
        return error.field if error.field in self.fields else None

    def refusal_words(self, error: scoring.RuleError, shown: list[dict[str, Any]]) -> str:
        """What the form says of an engine error (``display.refusal``)."""
        return refusal(error, shown)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            try:
                self.checked = event_check(
                    match=self.match, data=self.event_data(), replacing=self.replacing
                )
                self.board_after = self.checked.board
            except scoring.RuleError as error:
                # Only a refusal that names a later event reads the events.
                later = isinstance(error, LaterEventImpossible)
                shown = [event.data for event in self.match.live_events()] if later else []
                self.add_error(self.field_for(error), self.refusal_words(error, shown))
                for other in error.others:  # every wrong box at once, each by its player
                    self.add_error(self.field_for(other), self.refusal_words(other, shown))
        return cleaned


@lru_cache(maxsize=256)
def _players_fields(form: type[HandForm], seated: tuple[str, ...]) -> dict[str, forms.Field]:
    """``form.players_fields(seated)``, made once for each table and shared
    by every form of it: a form's fields are deep-copied from its class
    because a form may change them, and these are never changed (a save's
    form made a dozen afresh, a tenth of the time the save took to check)."""
    return form.players_fields(seated)


class HandForm(EngineForm):
    """One hand: who went out (or nobody), rummy, and a leftover for every
    other player dealt in. docs/rules.md, "Scoring one hand" and the checks of
    "Cards and leftovers".

    ``chooser`` names the radio of who ended the hand and ``extra`` the
    checkbox beside it, so that the board draws either game's form; a
    player's box is ``left_N`` (their seat in the hand) in both games.
    """

    # A hidden field refused (a browser never sends it so): said once, here.
    out_of_date = "This form is out of date: reload the page, then enter the hand again."
    chooser = "went_out"
    extra = "rummy"
    none_choice = NOBODY
    none_label = "Nobody: the stock ran out"
    chooser_required = "Choose who went out, or nobody"
    extra_label = "Went out in one go (rummy)"
    points_key = "leftovers"  # where a stored hand keeps each player's box
    points_word = "leftover"  # what a box holds, in messages
    chose_words, none_words = "{} went out", "nobody went out"

    # Sent by the "save it as typed" button once the host has seen the
    # typing-slip question (docs/rules.md: asked, never refused).
    confirm_slips = SharedCharField(required=False, widget=forms.HiddenInput)
    # The hand the form was drawn for: a form for hand 10 does not record
    # hand 11 after another phone saved hand 10.
    hand_number = SharedCharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, seated: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seated = seated
        # Who sat in each box when the form was drawn (``seat_N``, hidden
        # beside the box: drawing.sheet): if a seat changed since (another
        # tab), the boxes would belong to other players.
        self.seats_changed = self.is_bound and self._drawn_for() != list(seated)
        if self.seats_changed:
            self._follow_the_players()
        self.fields.update(_players_fields(type(self), tuple(seated)))

    @classmethod
    def players_fields(cls, seated: tuple[str, ...]) -> dict[str, forms.Field]:
        """The fields that name the players in ``seated``: who ended the
        hand (``chooser``: seat numbers, not names, as values, since a
        player may be called "nobody"), the ``extra`` checkbox, and a box
        (``left_N``) for each."""
        return {
            cls.chooser: forms.ChoiceField(
                widget=forms.RadioSelect,
                choices=[
                    *((str(position), name) for position, name in enumerate(seated)),
                    (cls.none_choice, cls.none_label),
                ],
                error_messages={"required": cls.chooser_required},
            ),
            cls.extra: forms.BooleanField(required=False, label=cls.extra_label),
            **{
                f"left_{position}": forms.CharField(required=False, label=name, widget=LeftoverBox)
                for position, name in enumerate(seated)
            },
        }

    def typed_went_out(self, seats: list[str] | tuple[str, ...] | None = None) -> str | None:
        """The player ticked as went out (in Gin: as the knocker), read from
        what was sent (``seats``: the boxes' players, by default the form's);
        None for nobody (a drawn hand) or no tick."""
        seats = self.seated if seats is None else seats
        chosen = scoring.read_whole_number(self.data.get(self.chooser, ""))
        return seats[chosen] if chosen is not None and 0 <= chosen < len(seats) else None

    def clean_hand_number(self) -> int | None:
        """The hand the form was drawn for, or None when not sent."""
        text = self.cleaned_data["hand_number"]
        if not text:
            return None
        number = scoring.read_whole_number(text)
        if number is None or number < 1:
            # Shown as "this form is out of date": a browser never sends it.
            raise forms.ValidationError(
                forms.IntegerField.default_error_messages["invalid"], code="invalid"
            )
        return number

    def sums(self) -> dict[str, str]:
        """The players whose box holds a sum of points, with the sum as
        typed: ``{"Cara": "10+10+5"}``. Their leftover is the sum's total
        (``hand_after().leftovers["Cara"] == 25``), so a preview can show
        "Cara 25 (10+10+5)". docs/rules.md, "Cards and leftovers"."""
        return {
            name: text for _, name, text in self.typed_boxes() if scoring.read_sum(text) is not None
        }

    def typed_boxes(self) -> list[tuple[int, str, str]]:
        """(position, player, text) for every leftover box, as sent."""
        return [
            (position, name, self.data.get(f"left_{position}", "").strip())
            for position, name in enumerate(self.seated)
        ]

    def _drawn_for(self) -> list[str]:
        """Who sat in each box when the form was drawn."""
        return [
            self.data[f"seat_{position}"]
            for position in range(MAX_SEATED)
            if f"seat_{position}" in self.data
        ]

    def _follow_the_players(self) -> None:
        """A seat changed since the form was drawn (another tab): move what
        was typed to the same players' boxes, so nothing lands under the
        wrong name when the form comes back."""
        old = self._drawn_for()
        data = self.data.copy()
        out_name = self.typed_went_out(old)
        for position, name in enumerate(self.seated):
            data[f"seat_{position}"] = name
            was = old.index(name) if name in old else None
            data[f"left_{position}"] = self.data.get(f"left_{was}", "") if was is not None else ""
        if out_name is not None:
            data[self.chooser] = str(self.seated.index(out_name)) if out_name in self.seated else ""
        self.data = data

    def clean(self) -> dict[str, Any]:
        if self.seats_changed:
            raise forms.ValidationError(
                "The players at the table changed since this form was opened: "
                "check the names and save again."
            )
        return super().clean()

    def field_for(self, error: scoring.RuleError) -> str | None:
        if error.player in self.seated and error.field != "went_out":
            return f"left_{self.seated.index(error.player)}"
        return super().field_for(error)

    def slips(self) -> dict[str, str]:
        """Typing-slip questions for the hand as entered (after ``is_valid``)."""
        return self.hand_after().slips if hasattr(self, "board_after") else {}

    def hand_after(self) -> scoring.HandResult:
        """This hand as the engine scored it (after ``is_valid``)."""
        return next(hand for hand in self.board_after.hands if hand.index == self.event_index)

    def needs_confirming(self) -> bool:
        """A valid hand with a probable typing slip the host has not confirmed:
        "save it as typed" confirms the questions it showed, no others."""
        confirmed = set(self.cleaned_data.get("confirm_slips", "").split("\n"))
        return not set(self.slips().values()) <= confirmed

    def typed_points(self) -> dict[str, Any]:
        """Each player's box in the engine's terms (empty boxes left out).

        Raises:
            RuleError: a box that cannot be read ("Cara's leftover: 10+K
                mixes points and cards"), with the refusal of every other
                wrong box in ``others``: those the form cannot read, and what
                the engine says of the rest (``_refused_boxes``).
        """
        points, refused = {}, []
        for position, name in enumerate(self.seated):
            try:
                value = typed_leftover(
                    self.cleaned_data.get(f"left_{position}", ""),
                    player=name,
                    what=self.points_word,
                    most=self.most_words,
                )
            except scoring.RuleError as error:
                refused.append(error)
                continue
            if value is not None:
                points[name] = value
        if refused:
            raise self._refused_boxes(points, refused)
        return points

    def _refused_boxes(
        self, points: dict[str, Any], refused: list[scoring.RuleError]
    ) -> scoring.RuleError:
        """Every wrong box at once, when some cannot be read (``refused``):
        the engine checks the hand with the boxes read (``points``), and its
        refusals of other players' boxes join theirs, so that one Save names
        them all. The engine's words about the unread players (a missing
        leftover) are left out: their own refusal says what is wrong."""
        unread = {error.player for error in refused}
        try:
            event_check(match=self.match, data=self.event_data(points), replacing=self.replacing)
        except scoring.RuleError as error:
            refused += [
                each
                for each in (error, *error.others)
                if each.player is not None and each.player not in unread
            ]
        first, *rest = refused
        return scoring.RuleError(
            first.message, player=first.player, field=first.field, others=tuple(rest)
        )

    def most_words(self) -> str:
        """The most a player's box can hold, in words, as the engine's
        refusal of more says it: the whole deck (or decks) in play."""
        return f"{self.match.house_rules().whole_deck} points (the whole deck)"

    def event_data(self, points: dict[str, Any] | None = None) -> dict[str, Any]:
        """The hand in match-file shape, exactly as entered (``points``: the
        boxes as read already, ``typed_points``)."""
        went_out = self.cleaned_data["went_out"]
        return {
            "hand": {
                "went_out": None if went_out == NOBODY else self.seated[int(went_out)],
                "rummy": self.cleaned_data.get("rummy", False),
                "leftovers": self.typed_points() if points is None else points,
            }
        }

    def typed_words(self) -> str:
        """What the host typed, in words: "Alice went out, Ben 23" ("Alice
        knocked, ..." in Gin)."""
        chosen = self.typed_went_out()
        boxes = [f"{name} {text}" for _, name, text in self.typed_boxes() if text]
        return ", ".join([self.chose_words.format(chosen) if chosen else self.none_words, *boxes])

    def box_needed(self, name: str, chosen: str | None) -> bool:
        """Whether ``name``'s box must be filled when ``chosen`` ended the
        hand (None: nobody): everyone's but the one who went out."""
        return name != chosen

    def filled_in(self) -> bool:
        """Who ended the hand is chosen and every box needed has something in it."""
        if not self.data.get(self.chooser):
            return False
        chosen = self.typed_went_out()
        return all(text for _, name, text in self.typed_boxes() if self.box_needed(name, chosen))

    @classmethod
    def initial_for(cls, hand: dict[str, Any], seated: tuple[str, ...]) -> dict[str, Any]:
        """The form's values for a recorded hand (match-file shape, names in
        any case), ``seated`` the players dealt in; the checkbox's as a bool."""
        points = hand.get(cls.points_key) or {}
        by_name = {name_key(name): value for name, value in points.items()}
        chosen = name_key(hand.get(cls.chooser) or "")
        initial: dict[str, Any] = {
            cls.extra: hand.get(cls.extra, False),
            cls.chooser: cls.none_choice,
        }
        for position, name in enumerate(seated):
            if name_key(name) == chosen:
                initial[cls.chooser] = str(position)
            initial[f"left_{position}"] = leftover_text(by_name.get(name_key(name)))
        return initial


class GinHandForm(HandForm):
    """One Gin hand: who knocked (or a drawn hand), big gin, and both
    players' deadwood, as points or cards. docs/gin.md, "Deadwood" and
    "Scoring one hand"; the engine judges it."""

    chooser = "knocked"
    extra = "big_gin"
    none_choice = DRAWN
    none_label = "Drawn hand: nobody knocked"
    chooser_required = "Choose who knocked, or a drawn hand"
    extra_label = "Big gin (all eleven cards melded)"
    points_key = "deadwood"
    points_word = "deadwood"
    chose_words, none_words = "{} knocked", "a drawn hand"

    def field_for(self, error: scoring.RuleError) -> str | None:
        if error.player in self.seated:
            return f"left_{self.seated.index(error.player)}"
        return error.field if error.field in self.fields else None

    def most_words(self) -> str:
        return f"{MOST_DEADWOOD} points (ten unmatched cards)"

    def slips(self) -> dict[str, str]:
        return {}  # a Gin hand's checks are all refusals (docs/gin.md, "Deadwood")

    def event_data(self, points: dict[str, Any] | None = None) -> dict[str, Any]:
        knocked = self.cleaned_data["knocked"]
        hand: dict[str, Any] = {
            "knocked": None if knocked == DRAWN else self.seated[int(knocked)],
            "big_gin": self.cleaned_data.get("big_gin", False),
        }
        points = self.typed_points() if points is None else points
        knocker = hand["knocked"]
        if hand["big_gin"] and knocker is not None and knocker not in points:
            # All eleven cards melded: the knocker holds no deadwood, typed or not.
            points = {**points, knocker: 0}
        if points or knocked != DRAWN:
            hand["deadwood"] = points
        return {"hand": hand}

    def box_needed(self, name: str, chosen: str | None) -> bool:
        """Both boxes, unless the hand was drawn (nobody knocked); a big gin's
        knocker's may stay empty (no deadwood)."""
        return chosen is not None and not (name == chosen and bool(self.data.get(self.extra)))


def hand_form_class(match: Match) -> type[HandForm]:
    """The hand form of ``match``'s game."""
    return GinHandForm if match.is_gin else HandForm


# What the line box takes, in the page's words (the engine's check_target).
LINE_WORDS = f"a whole number of points from {TARGET_MIN} to {TARGET_MAX}"


class LineForm(EngineForm):
    """Move the line (the target). docs/rules.md, "Moving the line"."""

    target = forms.CharField(
        label="New line",
        widget=_number_input(),
        error_messages={"required": f"Type the new line: {LINE_WORDS}"},
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: it shares the board page with the hand form.
        kwargs.setdefault("auto_id", "line_%s")
        super().__init__(*args, **kwargs)

    def refusal_words(self, error: scoring.RuleError, shown: list[dict[str, Any]]) -> str:
        """The engine's check of the target (``field="target"``) in the page's
        words: the box is the new line."""
        if error.field == "target" and not isinstance(error, LaterEventImpossible):
            return f"The new line must be {LINE_WORDS}"
        return super().refusal_words(error, shown)

    def event_data(self) -> dict[str, Any]:
        return {"target": typed_number(self.cleaned_data["target"])}


class SeatForm(EngineForm):
    """A player leaves the table or joins it between hands. docs/rules.md, "Seats,
    dealer and deal size"."""

    action = forms.ChoiceField(choices=[("leave", "leave"), ("join", "join")])
    player = NameField(
        label="Who",
        max_length=40,
        error_messages={"required": "Type the name of the player leaving or joining"},
    )
    after = NameField(label="Sits after", max_length=40, required=False)

    def field_for(self, error: scoring.RuleError) -> str | None:
        if error.field == "after":
            return "after"
        return "player" if error.field in ("leave", "join") or error.player else None

    def event_data(self) -> dict[str, Any]:
        player = self.cleaned_data["player"].strip()
        if self.cleaned_data["action"] == "leave":
            return {"leave": player}
        after = self.cleaned_data.get("after", "").strip()
        return {"join": player, **({"after": after} if after else {})}


def _choices(values: tuple[Any, ...], labels: dict[Any, str]) -> list[tuple[str, str]]:
    return [(str(value), labels[value]) for value in values]


class RulesForm(forms.Form):
    """Every house rule of docs/rules.md, "House rules", with its default
    pre-selected and a one-line explanation; with ``game="gin"``, those of
    docs/gin.md instead."""

    scheme = forms.ChoiceField(
        widget=forms.RadioSelect,
        initial=DEFAULTS.scheme,
        label=RULE_TITLES["scheme"],
        choices=_choices(SCHEMES, RULE_CHOICES["scheme"]),
    )
    target = forms.CharField(
        label=RULE_TITLES["target"],
        initial=str(DEFAULTS.target),
        widget=_number_input(),
        help_text=RULE_HELP["target"],
    )
    rummy_bonus = forms.ChoiceField(
        widget=forms.RadioSelect,
        initial=DEFAULTS.rummy_bonus,
        label=RULE_TITLES["rummy_bonus"],
        choices=_choices(RUMMY_BONUSES, RULE_CHOICES["rummy_bonus"]),
    )
    stock_out = forms.ChoiceField(
        widget=forms.RadioSelect,
        initial=DEFAULTS.stock_out,
        label=RULE_TITLES["stock_out"],
        choices=_choices(STOCK_OUTS, RULE_CHOICES["stock_out"]),
    )
    hand_limit = forms.CharField(
        label=RULE_TITLES["hand_limit"],
        initial=str(DEFAULTS.hand_limit),
        widget=_number_input(),
        help_text=RULE_HELP["hand_limit"],
    )
    ace_value = forms.ChoiceField(
        widget=forms.RadioSelect,
        initial=str(DEFAULTS.ace_value),
        label=RULE_TITLES["ace_value"],
        choices=_choices(ACE_VALUES, RULE_CHOICES["ace_value"]),
    )
    decks = forms.ChoiceField(
        widget=forms.RadioSelect,
        initial="",
        required=False,
        label=RULE_TITLES["decks"],
        choices=[("", DECKS_BY_PLAYERS)] + _choices(DECKS, RULE_CHOICES["decks"]),
    )

    def __init__(self, *args: Any, game: str = RUMMY, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        if game != GIN:
            return
        for name in RUMMY_ONLY:
            del self.fields[name]
        for name in GIN_NUMBERS:
            self.fields[name] = forms.CharField(
                label=RULE_TITLES[name],
                initial=str(getattr(GIN_DEFAULTS, name)),
                widget=_number_input(),
                help_text=RULE_HELP[name],
            )
        for name, values in (("shutout", SHUTOUTS), ("deal", GIN_DEALS)):
            self.fields[name] = forms.ChoiceField(
                widget=forms.RadioSelect,
                initial=getattr(GIN_DEFAULTS, name),
                label=RULE_TITLES[name],
                help_text=RULE_HELP[name],
                choices=_choices(values, RULE_CHOICES[name]),
            )

    @property
    def is_gin(self) -> bool:
        return self.game == GIN

    def radio_rules(self) -> list[forms.BoundField]:
        """The house rules chosen with radio buttons, in the order shown."""
        names = ("shutout", "deal") if self.is_gin else RUMMY_ONLY
        return [self[name] for name in names]

    def number_rules(self) -> list[forms.BoundField]:
        """Gin's bonuses and knock limit, typed as whole numbers (none in Rummy)."""
        return [self[name] for name in GIN_NUMBERS] if self.is_gin else []

    def _typed_rules(self) -> dict[str, Any]:
        """The rules whose boxes Django accepted, in the engine's terms."""
        data = self.cleaned_data
        read = {
            "target": typed_number,
            "hand_limit": typed_number,
            "ace_value": int,
            "decks": lambda decks: int(decks) if decks else None,
            **dict.fromkeys(GIN_NUMBERS, typed_number),
        }
        return {
            name: read.get(name, str)(data[name])
            for name in rule_keys(self.game)
            if name in data and name not in self.errors
        }

    def house_rules(self) -> scoring.HouseRules | GinRules:
        """The house rules as typed (after ``is_valid``)."""
        return rules_class(self.game)(**self._typed_rules())

    def add_rule_error(self, error: scoring.RuleError) -> None:
        """Show an engine error next to the field it concerns."""
        seat_field = f"player_{error.seat}"
        if error.key == "players" and error.seat is not None and seat_field in self.fields:
            self.add_error(seat_field, error.message)
        elif error.key == "first_dealer" and "first_dealer" in self.fields:
            self.add_error("first_dealer", error.message)
        elif error.field in self.fields:
            self.add_error(error.field, error.message)
        else:
            self.add_error(None, error.message)

    def clean(self) -> dict[str, Any]:
        """Every bad rule at once, each next to its own field (a rule Django
        already refused keeps Django's message alone)."""
        cleaned = super().clean()
        for error in rules_class(self.game)(**self._typed_rules()).problems():
            self.add_rule_error(error)
        return cleaned


class NewMatchForm(RulesForm):
    """A new match: its game, players in seat order, the first dealer and the
    house rules (a Gin match: two seats and Gin's rules)."""

    token = forms.UUIDField(widget=forms.HiddenInput, required=False)

    first_dealer = forms.ChoiceField(
        choices=[(str(seat), f"Seat {seat + 1}") for seat in range(MAX_SEATED)],
        initial="0",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, known_names: list[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.known_names = list(known_names)
        self.seats = 2 if self.is_gin else MAX_SEATED
        if not self.is_bound:
            self.initial.setdefault("token", uuid.uuid4())
        for seat in range(self.seats):
            self.fields[f"player_{seat}"] = NameField(
                required=False,
                max_length=40,
                label=f"Seat {seat + 1}",
                widget=forms.TextInput(attrs={"list": "known-names", "autocomplete": "off"}),
            )

    def seat_fields(self) -> list[tuple[forms.BoundField, str]]:
        """(name field, first-dealer radio value) per seat."""
        return [(self[f"player_{seat}"], str(seat)) for seat in range(self.seats)]

    def players(self) -> list[str]:
        return [
            name
            for seat in range(self.seats)
            if (name := self.cleaned_data.get(f"player_{seat}", "").strip())
        ]

    def first_dealer_name(self) -> str:
        seat = int(self.cleaned_data.get("first_dealer") or 0)
        return self.cleaned_data.get(f"player_{seat}", "").strip()

    def clean(self) -> dict[str, Any]:
        """Every problem at once, each next to its field: the house rules
        (``RulesForm.clean``), each seat (``scoring.check_seats``: a gap, no
        visible name, a name twice, fewer than 2 players) and the first
        dealer (``scoring.check_first_dealer``)."""
        cleaned = super().clean()
        # A box Django refused (too long) still holds a name: no gap there.
        boxes = [
            cleaned.get(f"player_{seat}", self.data.get(self.add_prefix(f"player_{seat}"), ""))
            for seat in range(self.seats)
        ]
        seat_errors = scoring.check_seats(boxes, game=self.game)
        for error in seat_errors:
            self.add_rule_error(error)
        # With no players yet, or the first dealer's seat refused already (a
        # gap: "Seat 1 has no name"), "the first dealer must be one of the
        # players" would only repeat the seat's own message.
        dealer_seat = f"player_{int(cleaned.get('first_dealer') or 0)}"
        if "first_dealer" not in self.errors and self.players() and dealer_seat not in self.errors:
            problem = scoring.check_first_dealer(self.first_dealer_name(), self.players())
            if problem is not None:
                self.add_rule_error(problem)
        return cleaned


class SignUpForm(UserCreationForm):
    """Django's own sign-up form: a user name, an optional email address
    (for a forgotten password) and a password twice, checked by the password
    validators of the settings (12 characters at least, not a common one,
    not one character repeated)."""

    email = forms.EmailField(
        label=_("Email (optional)"),
        required=False,
        help_text=_("Only to send a link if you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class HistoryFilterForm(forms.Form):
    """The history's filters: a status and one of the host's players. A value
    that is not one of the choices (an old link, a player merged away) is
    named and ignored, so the page still lists the matches."""

    STATUSES = (("", "all"), ("open", "open"), ("closed", "closed"), ("abandoned", "abandoned"))

    status = forms.ChoiceField(choices=STATUSES, required=False)
    player = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "everyone"), *((str(pk), n) for pk, n in players)]
        self.names = {str(pk): name for pk, name in players}

    def filters(self) -> dict[str, str]:
        """The valid filters: ``{"status": ..., "player": id}`` (empty: none)."""
        self.is_valid()
        return {name: value for name, value in self.cleaned_data.items() if value}

    def refused(self) -> list[str]:
        """One sentence per filter that is not applied, naming it."""
        words = []
        if "status" in self.errors:
            choices = ", ".join(label for _, label in self.STATUSES)
            words.append(f"Status: that is not one of {choices}, so it is not applied.")
        if "player" in self.errors:
            words.append("Player: that is not one of your players, so it is not applied.")
        return words


class ImportForm(forms.Form):
    """A match file or an account file to import. Checking it reads the
    whole file and has the engine replay every match in it; nothing is saved
    here (``services.matches_import`` saves what ``checked`` holds)."""

    file = forms.FileField(label="Match file or all-matches file (.json)")

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        limit = IMPORT_MAX_BYTES // (1024 * 1024)
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                f"This file is over {limit} MB ({upload.size:,} bytes); "
                f"the app imports files of up to {limit} MB."
            )
        raw = upload.read()
        try:
            self.text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                "This file is not UTF-8 text: export it again from the scoreboard, "
                "or save it as UTF-8."
            ) from None
        try:
            self.checked = import_read(self.text)
        except scoring.RuleError as error:
            raise forms.ValidationError(f"Nothing was imported: {file_words(error)}.") from None
        return upload
