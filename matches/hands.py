"""The forms that record an event: a hand (in any game: its game says which
choices and boxes a hand has), a move of the line, a leave or a join. Each
turns what was typed into a match-file event and lets the game judge it by
replaying: every rule's refusal is the game's, shown here beside the field
or the player it names."""

from __future__ import annotations

import json
import unicodedata
import uuid
from typing import Any

from django import forms
from django.core.validators import MaxLengthValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from matches import services
from matches.display import refusal
from matches.engine.board import HandResult
from matches.engine.cards import JOKER, RANKS, Card
from matches.engine.entry import read_points_text, read_sum, read_whole_number
from matches.engine.errors import RuleError
from matches.engine.game import Game
from matches.engine.names import name_key
from matches.engine.rules import TARGET
from matches.models import Match
from matches.phrases import either
from matches.words import question

# type=text with a numeric keypad: the browser must not swallow a typo
# before the game can name it. The length is bounded in the browser only.
NUMBER_BOX = {"inputmode": "numeric", "autocomplete": "off", "maxlength": "20"}


def number_input(**attrs: Any) -> forms.TextInput:
    return forms.TextInput(attrs={**NUMBER_BOX, **attrs})


def typed_number(text: str) -> int | str | None:
    """What a number box holds: None when empty, an int for ASCII whole
    number text, otherwise the text itself, so the game can say what is
    wrong with it ("target must be a whole number from 100 to 1000")."""
    text = text.strip()
    if not text:
        return None
    number = read_whole_number(text)
    return text if number is None else number


def typed_name(text: str) -> str:
    """A player's name as typed, its spaces as a person means them: a run of
    spaces (or a tab, a no-break space) inside it is one space."""
    return " ".join(text.split())


class NameField(forms.CharField):
    """A box for a player's name (``typed_name``). Its ``max_length`` is
    the browser's limit only: a longer name pasted past it is refused once,
    in the rules' words, naming the seat (``engine.names``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.validators = [
            each for each in self.validators if not isinstance(each, MaxLengthValidator)
        ]

    def to_python(self, value: Any) -> str:
        return typed_name(super().to_python(value))


def plain(text: str) -> str:
    """Text as compared with a word a box takes: outer spaces, letter case
    and accents left out ("Retirada tardía" is "retirada tardia")."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def points_text(value: object) -> str:
    """A stored box back in its box: points, or the cards with spaces."""
    if isinstance(value, list):
        return " ".join(str(card) for card in value)
    return "" if value is None else str(value)


class EventForm(forms.Form):
    """A form for one event of ``match``: ``clean`` replays the match with
    the event (``services.event_check``) and puts the game's refusal beside
    its field. Subclasses give ``event_data``. Once valid, ``board_after``
    is the board as it would stand and ``checked`` the replay that gave it
    (a new event's, for ``services.event_record`` to store)."""

    token = forms.UUIDField(widget=forms.HiddenInput, required=False)

    def __init__(
        self, *args: Any, match: Match, replacing: int | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.replacing = replacing
        # Where the event stands among the live ones once recorded.
        if replacing is None:
            self.event_index = services.current_head(match)["event_count"]
        else:
            self.event_index = [event.pk for event in match.live_events()].index(replacing)
        if not self.is_bound:
            self.initial.setdefault("token", uuid.uuid4())

    def event_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def renew_token(self) -> None:
        """A fresh one-time token, keeping what was typed: the old one
        recorded something else already."""
        self.data = self.data.copy()
        self.data["token"] = str(uuid.uuid4())

    def field_for(self, error: RuleError) -> str | None:
        """The field a refusal belongs beside (None: the whole form)."""
        return error.field if error.field in self.fields else None

    def refusal_words(self, error: RuleError) -> str:
        return refusal(error)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.errors:
            try:
                self.checked = services.event_check(
                    match=self.match, data=self.event_data(), replacing=self.replacing
                )
                self.board_after = self.checked.board
            except RuleError as error:
                self.add_error(self.field_for(error), self.refusal_words(error))
                for other in error.others:  # every wrong box at once, each by its player
                    self.add_error(self.field_for(other), self.refusal_words(other))
        return cleaned


class PointsBox(forms.TextInput):
    """A player's box of the hand form: the phone's dial pad (digits as large
    as the number pad's, and a ``+`` for a sum), room for a hand of cards."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({**NUMBER_BOX, "inputmode": "tel", "maxlength": "200", **(attrs or {})})


class HandForm(EventForm):
    """One hand of the match's game: who ended it (``chooser``: a seat
    number, or the game's ``none_choice``), the game's checkbox (``extra``),
    and a box for each player dealt in (``left_N``, N their seat in the
    hand), as points, a sum or cards. The game judges it."""

    out_of_date = gettext_lazy(
        "This form is out of date: reload the page, then enter the hand again."
    )
    # The card picker's buttons say what they add: "Add an ace", "Add a 10".
    ranks = list(
        zip(
            RANKS,
            (
                # Translators: the cards the card picker's buttons add ("Add an ace").
                gettext_lazy("an ace"),
                gettext_lazy("a 2"),
                gettext_lazy("a 3"),
                gettext_lazy("a 4"),
                gettext_lazy("a 5"),
                gettext_lazy("a 6"),
                gettext_lazy("a 7"),
                gettext_lazy("an 8"),
                gettext_lazy("a 9"),
                gettext_lazy("a 10"),
                gettext_lazy("a jack"),
                gettext_lazy("a queen"),
                gettext_lazy("a king"),
            ),
            strict=True,
        )
    )

    @property
    def picker_cards(self) -> list[tuple[str, str, int]]:
        """The card picker's buttons: each rank, what its button adds, and
        its points in this match (for the sum the picker shows as cards
        are tapped; the server counts them again)."""
        rules = self.match.house_rules()
        cards = [(rank, words, Card(rank).points(rules.ace_value)) for rank, words in self.ranks]
        joker_value = getattr(rules, "joker_value", None)
        if joker_value is not None:
            # Translators: the card the card picker's button adds ("Add a printed joker").
            cards.append((JOKER, gettext_lazy("a printed joker"), joker_value))
        return cards

    # Sent by "save it as typed" once the host has seen the typing-slip
    # question (asked, never refused).
    confirm_slips = forms.CharField(required=False, widget=forms.HiddenInput)
    # The hand the form was drawn for: a form for hand 10 does not record
    # hand 11 after another phone saved hand 10.
    hand_number = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, seated: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game: Game = self.match.kind
        self.words = self.game.words.FORM  # type: ignore[union-attr]
        self.chooser, self.extra = self.game.chooser, self.game.extra
        self.seated = tuple(seated)
        # Who sat in each box when the form was drawn (``seat_N``, hidden
        # beside the box): if a seat changed since (another tab), the boxes
        # would belong to other players.
        self.seats_changed = self.is_bound and self._drawn_for() != list(seated)
        if self.seats_changed:
            self._follow_the_players()
        self.fields[self.chooser] = forms.ChoiceField(
            widget=forms.RadioSelect,
            choices=[
                *((str(position), name) for position, name in enumerate(self.seated)),
                *(
                    [(self.game.none_choice, self.words["none_label"])]
                    if self.game.none_choice
                    else []
                ),
            ],
            error_messages={"required": self.words["chooser_required"]},
        )
        if self.extra:
            self.fields[self.extra] = forms.BooleanField(
                required=False, label=self.words["extra_label"]
            )
        for position, name in enumerate(self.seated):
            if self.game.second_key:
                # The dial pad, as the points box: a sum needs its "+".
                self.fields[f"second_{position}"] = forms.CharField(
                    required=False, label=name, widget=number_input(inputmode="tel")
                )
            self.fields[f"left_{position}"] = forms.CharField(
                required=False, label=name, widget=PointsBox
            )

    @property
    def chooser_field(self) -> forms.BoundField:
        """Who ended the hand, as a bound field."""
        return self[self.chooser]

    @property
    def extra_field(self) -> forms.BoundField | None:
        """The game's checkbox beside it, as a bound field (None: it has none)."""
        return self[self.extra] if self.extra else None

    @property
    def box_words(self) -> list[tuple[str, str]]:
        """The words a box takes besides points and cards, each one tap
        (the word as shown, what the button says)."""
        return [(str(word), str(label)) for word, label in self.words.get("box_words", {}).items()]

    def _box_word(self, text: str) -> str | None:
        """The game's word a box holds (as its button wrote it, or as a
        match file writes it, in any letter case, with or without accents),
        or None."""
        said = plain(text)
        for word, shown in self.words.get("box_words", {}).items():
            if said in (plain(str(shown)), plain(word), plain(word.replace("_", " "))):
                return word
        return None

    def typed_went_out(self, seats: list[str] | tuple[str, ...] | None = None) -> str | None:
        """The player ticked as ending the hand, from what was sent
        (``seats``: the boxes' players, by default the form's); None for
        nobody or no tick."""
        seats = self.seated if seats is None else seats
        chosen = read_whole_number(self.data.get(self.chooser, ""))
        return seats[chosen] if chosen is not None and 0 <= chosen < len(seats) else None

    def clean_hand_number(self) -> int | None:
        """The hand the form was drawn for, or None when not sent."""
        text = self.cleaned_data["hand_number"]
        if not text:
            return None
        number = read_whole_number(text)
        if number is None or number < 1:
            # Shown as "this form is out of date": a browser never sends it.
            raise forms.ValidationError(
                forms.IntegerField.default_error_messages["invalid"], code="invalid"
            )
        return number

    def sums(self) -> dict[str, str]:
        """The players whose box holds a sum, with the sum as typed:
        ``{"Cara": "10+10+5"}``."""
        return {name: text for _, name, text in self.typed_boxes() if read_sum(text) is not None}

    def typed_boxes(self, box: str = "left") -> list[tuple[int, str, str]]:
        """(position, player, text) for every box (``box``: ``"second"``,
        the second boxes), as sent."""
        return [
            (position, name, self.data.get(f"{box}_{position}", "").strip())
            for position, name in enumerate(self.seated)
        ]

    def _drawn_for(self) -> list[str]:
        """Who sat in each box when the form was drawn."""
        return [
            self.data[f"seat_{position}"]
            for position in range(self.game.high)
            if f"seat_{position}" in self.data
        ]

    def _follow_the_players(self) -> None:
        """A seat changed since the form was drawn: move what was typed to
        the same players' boxes, so nothing lands under the wrong name."""
        old = self._drawn_for()
        data = self.data.copy()
        out_name = self.typed_went_out(old)
        for position, name in enumerate(self.seated):
            data[f"seat_{position}"] = name
            was = old.index(name) if name in old else None
            for box in ("left", "second"):
                data[f"{box}_{position}"] = (
                    self.data.get(f"{box}_{was}", "") if was is not None else ""
                )
        if out_name is not None:
            data[self.chooser] = str(self.seated.index(out_name)) if out_name in self.seated else ""
        self.data = data

    def clean(self) -> dict[str, Any]:
        if self.seats_changed:
            raise forms.ValidationError(
                _(
                    "The players at the table changed since this form was opened: "
                    "check the names and save again."
                )
            )
        return super().clean()

    def field_for(self, error: RuleError) -> str | None:
        if self.game.box_of(error, self.seated):
            box = "second" if self._box(error)[1] else "left"
            return f"{box}_{self.seated.index(error.player)}"  # type: ignore[arg-type]
        return super().field_for(error)

    def slips(self) -> dict[str, str]:
        """Typing-slip questions for the hand as entered (once valid), in words,
        each under its answer: player, code and values, the same in any language."""
        questions = {}
        for name, each in (self.hand_after().slips if hasattr(self, "board_after") else {}).items():
            values = json.dumps(each.values, sort_keys=True, default=str)
            questions[f"{name} {each.code} {values}"] = question(each)
        return questions

    @staticmethod
    def confirming(asked: dict[str, str]) -> str:
        """What "save it as typed" sends back for the questions ``asked`` (``slips``)."""
        return "\n".join(asked)

    def hand_after(self) -> HandResult:
        """This hand as the game scored it (once valid)."""
        index = self.event_index
        return next(hand for hand in self.board_after.hands if hand.index == index)

    def needs_confirming(self) -> bool:
        """A valid hand with a slip not yet confirmed (``confirming``; only those shown)."""
        confirmed = set(self.cleaned_data.get("confirm_slips", "").split("\n"))
        return not set(self.slips()) <= confirmed

    def _read_points(self) -> tuple[dict[str, Any], list[RuleError]]:
        """Each player's box as the game takes it (empty boxes left out),
        and the refusal of each box that cannot be read ("Cara's leftover:
        10+K mixes points and cards")."""
        most, why = self.game.box_most(self.match.house_rules())
        points, refused = {}, []
        for position, name in enumerate(self.seated):
            word = self._box_word(self.cleaned_data.get(f"left_{position}", ""))
            if word is not None:
                points[name] = word
                continue
            try:
                value = read_points_text(
                    self.cleaned_data.get(f"left_{position}", ""),
                    player=name,
                    what=self.game.what,
                    most=most,
                    why=why,
                )
            except RuleError as error:
                refused.append(error)
                continue
            if isinstance(value, str) and self.box_words:
                # Neither points, cards nor one of the box's words: name those.
                labels = [label for _word, label in self.box_words]
                refused.append(
                    RuleError(
                        "box_word_unknown", player=name, what=self.game.what, words=either(labels)
                    )
                )
                continue
            if value is not None:
                points[name] = value
        return points, refused

    def _read_second(self) -> tuple[dict[str, int], list[RuleError]]:
        """Each player's second box (where the game asks one) as a whole
        number (typed, or a sum), empty ones left out, and the refusal of
        each that is neither."""
        numbers, refused = {}, []
        for position, name in enumerate(self.seated):
            text = self.cleaned_data.get(f"second_{position}", "").strip()
            if not text:
                continue
            number = read_whole_number(text)
            number = read_sum(text) if number is None else number
            if number is None:
                what, key = self.game.second_what, self.game.second_key
                refused.append(RuleError("box_not_number", player=name, what=what, field=key))
                continue
            numbers[name] = number
        return numbers, refused

    def _box(self, error: RuleError) -> tuple[str | None, bool]:
        """Whose box a refusal is about, and whether it is their second."""
        return error.player, bool(self.game.second_key) and error.field == self.game.second_key

    def _refused_boxes(self, boxes: tuple[dict, dict], refused: list[RuleError]) -> RuleError:
        """Every wrong box at once when some cannot be read: the game checks
        the hand with the boxes read, and its refusals of the other boxes
        join theirs, so one Save names them all."""
        unread = {self._box(error) for error in refused}
        try:
            services.event_check(
                match=self.match, data=self.event_data(boxes), replacing=self.replacing
            )
        except RuleError as error:
            refused += [
                each
                for each in (error, *error.others)
                if each.player is not None and self._box(each) not in unread
            ]
        first, *rest = refused
        first.others = tuple(rest)
        return first

    def event_data(self, boxes: tuple[dict, dict] | None = None) -> dict[str, Any]:
        """The hand in match-file shape, exactly as entered (``boxes``: the
        boxes and the second boxes as read already).

        Raises:
            RuleError: a box that cannot be read, with every other wrong
                box's refusal in ``others`` (``_refused_boxes``).
        """
        chosen = self.cleaned_data[self.chooser]
        if boxes is None:
            points, refused = self._read_points()
            second, refused_second = self._read_second()
            if refused + refused_second:
                raise self._refused_boxes((points, second), refused + refused_second)
        else:
            points, second = boxes
        return self.game.hand_data(
            None if chosen == self.game.none_choice else self.seated[int(chosen)],
            self.cleaned_data.get(self.extra, False),
            points,
            second if self.game.second_key else None,
        )

    def typed_words(self) -> str:
        """What the host typed, in words: "Alice went out, Ben 23"."""
        chosen = self.typed_went_out()
        # A game's second box first ("Alice 40 − 5"), in seat order.
        boxes = []
        for (_at, name, left), (*_seat, second) in zip(
            self.typed_boxes(), self.typed_boxes("second"), strict=True
        ):
            shown = " − ".join(text for text in (second, left) if text)
            if shown:
                boxes.append(f"{name} {shown}")
        first = self.words["chose"](chosen) if chosen else self.words["none"]
        return ", ".join([first, *boxes])

    def filled_in(self) -> bool:
        """Who ended the hand is chosen and every box needed has something."""
        if not self.data.get(self.chooser):
            return False
        chosen = self.typed_went_out()
        extra = bool(self.data.get(self.extra))
        seconds = not self.game.second_key or all(text for *_, text in self.typed_boxes("second"))
        return seconds and all(
            text
            for _, name, text in self.typed_boxes()
            if self.game.box_needed(name, chosen, extra)
        )

    def initial_for(self, hand: dict[str, Any], seated: tuple[str, ...]) -> dict[str, Any]:
        """The form's values for a recorded hand (match-file shape, names in
        any case), ``seated`` the players dealt in: the data a form bound to
        it is sent."""
        points = hand.get(self.game.hand_points_key) or {}
        by_name = {name_key(name): value for name, value in points.items()}
        chosen = name_key(hand.get(self.chooser) or "")
        data: dict[str, Any] = {self.chooser: self.game.none_choice}
        for position, name in enumerate(seated):
            if name_key(name) == chosen:
                data[self.chooser] = str(position)
            value = by_name.get(name_key(name))
            words = self.words.get("box_words", {})
            data[f"left_{position}"] = (
                str(words[value])
                if isinstance(value, str) and value in words
                else points_text(value)
            )
            data[f"seat_{position}"] = name
        if self.game.second_key:
            seconds = hand.get(self.game.second_key) or {}
            by_name = {name_key(name): value for name, value in seconds.items()}
            for position, name in enumerate(seated):
                data[f"second_{position}"] = points_text(by_name.get(name_key(name)))
        if hand.get(self.extra):
            data[self.extra] = "on"
        return data


class LineForm(EventForm):
    """Move the line (the target)."""

    target = forms.CharField(
        label=pgettext_lazy("the line: the score that ends a match", "New line"),
        widget=number_input(),
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: it shares the board page with the hand form.
        kwargs.setdefault("auto_id", "line_%s")
        super().__init__(*args, **kwargs)
        # What the line box takes: the game's range of the line.
        line = next((rule for rule in self.match.kind.rules.SPEC if rule.key == "target"), TARGET)
        self.line_range = {"low": line.low, "high": line.high}
        # Here, not on the field: its range is filled in the language of the request.
        self.fields["target"].error_messages["required"] = (
            _("Type the new line: a whole number of points from %(low)s to %(high)s")
            % self.line_range
        )

    def refusal_words(self, error: RuleError) -> str:
        """The check of the target in the page's words: the box is the new line."""
        if error.field == "target" and not isinstance(error, services.LaterEventImpossible):
            return (
                _("The new line must be a whole number of points from %(low)s to %(high)s")
                % self.line_range
            )
        return super().refusal_words(error)

    def event_data(self) -> dict[str, Any]:
        return {"target": typed_number(self.cleaned_data["target"])}


class SeatForm(EventForm):
    """A player leaves the table or joins it between hands."""

    action = forms.ChoiceField(choices=[("leave", "leave"), ("join", "join")])
    player = NameField(
        label=gettext_lazy("Who"),
        max_length=40,
        error_messages={"required": gettext_lazy("Type the name of the player leaving or joining")},
    )
    after = NameField(label=gettext_lazy("Sits after"), max_length=40, required=False)

    def field_for(self, error: RuleError) -> str | None:
        if error.field == "after":
            return "after"
        return "player" if error.field in ("leave", "join") or error.player else None

    def event_data(self) -> dict[str, Any]:
        player = self.cleaned_data["player"].strip()
        if self.cleaned_data["action"] == "leave":
            return {"leave": player}
        after = self.cleaned_data.get("after", "").strip()
        return {"join": player, **({"after": after} if after else {})}


class OwnEventForm(EventForm):
    """One of the game's own events between hands, from a button on the
    board: its ``kind``, and the ``player`` it names, if any."""

    kind = forms.CharField()
    player = NameField(max_length=40, required=False)

    def clean_kind(self) -> str:
        kind = self.cleaned_data["kind"]
        if kind not in self.match.kind.own_events:
            raise forms.ValidationError(self.out_of_date)
        return kind

    # A form the board draws: a kind it does not know is an old page.
    out_of_date = HandForm.out_of_date

    def event_data(self) -> dict[str, Any]:
        kind = self.cleaned_data["kind"]
        if kind in self.match.kind.own_name_events:
            return {kind: self.cleaned_data["player"]}
        return {kind: True}
