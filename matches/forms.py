"""The forms of the pages that are no event: a new match and its house
rules, signing up, the history's filters, an import. A game's rules come
from the registry (``matches.games``): the house rules form is the game's
rules, each with its default, its values and its words."""

from __future__ import annotations

import json
import uuid
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from matches import games
from matches.engine.errors import RuleError
from matches.engine.names import check_first_dealer, check_seats
from matches.engine.rules import HAND_LIMIT, TARGET, Rule, Rules
from matches.hands import NameField, number_input, typed_number
from matches.phrases import grouped
from matches.transfer import IMPORT_MAX_BYTES, import_read
from matches.words import file_words, refusal, rule_choices, rule_help, rule_title


def game_of(value: object) -> str:
    """The game a page was asked for (``?game=gin``): a registered game's
    key, or the usual game."""
    return value if isinstance(value, str) and value in games.GAMES else games.DEFAULT


def _is_number(rule: Rule) -> bool:
    return not rule.choices


class RulesForm(forms.Form):
    """Every house rule of ``game``, each with its default chosen and a line
    of help: the line, the game's whole numbers, its choices (radio
    buttons), and the hand limit."""

    # The players a default that follows them is shown for (none does yet
    # among the numbers: Rummy's decks are a choice, "by the players").
    rules_players = 4

    def __init__(self, *args: Any, game: str = games.DEFAULT, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules: type[Rules] = games.game(game).rules
        self.has_line = TARGET.key in self.rules.names()
        # A number whose default follows another rule shows the default of
        # that rule's default.
        filled = self.rules().filled(self.rules_players)
        linked = self.rules.linked_defaults()
        for rule in self.rules.SPEC:
            title = rule_title(game, rule.key)
            if _is_number(rule):
                # Its default, for the page's script: a line left at it is
                # not carried to another game (static/js/app.js).
                attrs = {"data-default": str(getattr(filled, rule.key))}
                if rule.key == self.rules.linked_by:
                    attrs["data-linked"] = json.dumps(linked)
                self.fields[rule.key] = forms.CharField(
                    label=title,
                    initial=str(getattr(filled, rule.key)),
                    required=not rule.optional,
                    widget=number_input(**attrs),
                    help_text=rule_help(game, rule.key),
                )
                continue
            words = rule_choices(game, rule.key)
            self.fields[rule.key] = forms.ChoiceField(
                widget=forms.RadioSelect,
                initial="" if rule.default is None else str(rule.default),
                required=not rule.optional,
                label=title,
                help_text=rule_help(game, rule.key),
                choices=[
                    ("" if value is None else str(value), words[value])
                    for value in ((None,) if rule.optional else ()) + rule.choices
                ],
            )

    def _rules(self, own: bool) -> list[forms.BoundField]:
        shared = (TARGET.key, HAND_LIMIT.key)
        return [
            self[rule.key]
            for rule in self.rules.SPEC
            if rule.key not in shared and _is_number(rule) == own
        ]

    def number_rules(self) -> list[forms.BoundField]:
        """The game's own rules typed as whole numbers, in order."""
        return self._rules(True)

    def radio_rules(self) -> list[forms.BoundField]:
        """The rules chosen with radio buttons, in order."""
        return self._rules(False)

    def _typed_rules(self) -> dict[str, Any]:
        """The rules whose boxes Django accepted, as the game takes them."""
        typed: dict[str, Any] = {}
        for rule in self.rules.SPEC:
            if rule.key not in self.cleaned_data or rule.key in self.errors:
                continue
            value = self.cleaned_data[rule.key]
            if _is_number(rule):
                typed[rule.key] = typed_number(value)
            elif value == "" and rule.optional:
                typed[rule.key] = None
            else:
                typed[rule.key] = type(rule.choices[0])(value)
        return typed

    def house_rules(self) -> Rules:
        """The house rules as typed (once valid)."""
        return self.rules(**self._typed_rules())

    def add_rule_error(self, error: RuleError) -> None:
        """Show a refusal beside the field it concerns."""
        words = refusal(error)
        seat_field = f"player_{error.seat}"
        if error.key == "players" and error.seat is not None and seat_field in self.fields:
            self.add_error(seat_field, words)
        elif error.key == "first_dealer" and "first_dealer" in self.fields:
            self.add_error("first_dealer", words)
        elif error.field in self.fields:
            self.add_error(error.field, words)
        else:
            self.add_error(None, words)

    def clean(self) -> dict[str, Any]:
        """Every bad rule at once, each beside its own field (a rule Django
        refused already keeps Django's words alone)."""
        cleaned = super().clean()
        for error in self.rules(**self._typed_rules()).problems():
            if error.field not in self.errors:
                self.add_rule_error(error)
        return cleaned


class NewMatchForm(RulesForm):
    """A new match: its game, the players in seat order, the first dealer
    and the house rules."""

    token = forms.UUIDField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, known_names: list[str] = (), **kwargs: Any) -> None:  # type: ignore[assignment]
        super().__init__(*args, **kwargs)
        kind = games.game(self.game)
        self.known_names = list(known_names)
        self.seats = kind.high
        self.low = kind.low
        self.count = kind.table.count
        if not self.is_bound:
            self.initial.setdefault("token", uuid.uuid4())
        self.fields["first_dealer"] = forms.ChoiceField(
            # Translators: who deals the first hand, as a refusal names it.
            label=_("First dealer"),
            choices=[
                (str(seat), _("Seat %(number)s") % {"number": seat + 1})
                for seat in range(self.seats)
            ],
            initial="0",
            widget=forms.RadioSelect,
        )
        for seat in range(self.seats):
            self.fields[f"player_{seat}"] = NameField(
                required=False,
                max_length=40,
                label=_("Seat %(number)s") % {"number": seat + 1},
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
        """Every problem at once, each beside its field: the house rules,
        each seat (a gap, no visible name, a name twice, too few players)
        and the first dealer."""
        cleaned = super().clean()
        # A box Django refused (too long) still holds a name: no gap there.
        boxes = [
            cleaned.get(f"player_{seat}", self.data.get(self.add_prefix(f"player_{seat}"), ""))
            for seat in range(self.seats)
        ]
        for error in check_seats(boxes, low=self.low, high=self.seats, count=self.count):
            self.add_rule_error(error)
        # With no players yet, or the first dealer's seat refused already,
        # "the first dealer must be one of the players" would only repeat it.
        dealer_seat = f"player_{int(cleaned.get('first_dealer') or 0)}"
        if "first_dealer" not in self.errors and self.players() and dealer_seat not in self.errors:
            problem = check_first_dealer(self.first_dealer_name(), self.players())
            if problem is not None:
                self.add_rule_error(problem)
        return cleaned


class SignUpForm(UserCreationForm):
    """Django's own sign-up form: a user name, an optional email address (for
    a forgotten password) and a password twice, checked by the password
    validators of the settings."""

    email = forms.EmailField(
        label=gettext_lazy("Email (optional)"),
        required=False,
        help_text=gettext_lazy("Only to send a link if you forget your password."),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def full_clean(self) -> None:
        """Check, then put the page's focus (``autofocus``) on the first box
        with an error, as the page is drawn again: on a phone the password's
        error sat below the fold while Username had the focus."""
        super().full_clean()
        wrong = [name for name in self.fields if name in self.errors]
        if wrong:
            for field in self.fields.values():
                field.widget.attrs.pop("autofocus", None)
            self.fields[wrong[0]].widget.attrs["autofocus"] = True


class HistoryFilterForm(forms.Form):
    """The history's filters: a status and one of the host's players. A
    value that is not one of the choices (an old link, a player merged away)
    is named and ignored, so the page still lists the matches."""

    # The statuses of a match, as the filter offers them.
    STATUSES = (
        ("", gettext_lazy("all")),
        ("open", gettext_lazy("open")),
        ("closed", gettext_lazy("closed")),
        ("abandoned", gettext_lazy("abandoned")),
    )

    status = forms.ChoiceField(choices=STATUSES, required=False)
    player = forms.ChoiceField(required=False)

    def __init__(self, *args: Any, players: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", _("everyone")), *((str(pk), n) for pk, n in players)]
        self.names = {str(pk): name for pk, name in players}

    def filters(self) -> dict[str, str]:
        """The valid filters: ``{"status": ..., "player": id}`` (empty: none)."""
        self.is_valid()
        return {name: value for name, value in self.cleaned_data.items() if value}

    def refused(self) -> list[str]:
        """One sentence per filter that is not applied, naming it."""
        words = []
        if "status" in self.errors:
            choices = ", ".join(str(label) for _value, label in self.STATUSES)
            words.append(
                # Translators: choices lists the statuses offered: "all, open, closed, abandoned".
                _("Status: that is not one of %(choices)s, so it is not applied.")
                % {"choices": choices}
            )
        if "player" in self.errors:
            words.append(_("Player: that is not one of your players, so it is not applied."))
        return words


class ImportForm(forms.Form):
    """A match file or an account file to import. Checking it reads the whole
    file and has each match's game replay it; nothing is saved here
    (``services.matches_import`` saves what ``checked`` holds)."""

    file = forms.FileField(label=gettext_lazy("Match file or all-matches file (.json)"))

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        limit = IMPORT_MAX_BYTES // (1024 * 1024)
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                ngettext(
                    "This file is over %(limit)s MB (%(size)s byte); "
                    "the app imports files of up to %(limit)s MB.",
                    "This file is over %(limit)s MB (%(size)s bytes); "
                    "the app imports files of up to %(limit)s MB.",
                    upload.size,
                )
                % {"limit": limit, "size": grouped(upload.size)}
            )
        raw = upload.read()
        try:
            self.text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _(
                    "This file is not UTF-8 text: export it again from the scoreboard, "
                    "or save it as UTF-8."
                )
            ) from None
        try:
            self.checked = import_read(self.text)
        except RuleError as error:
            raise forms.ValidationError(
                # Translators: problem says what is wrong with the file (no full stop).
                _("Nothing was imported: %(problem)s.") % {"problem": file_words(error)}
            ) from None
        return upload
