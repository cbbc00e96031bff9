"""The seam between a game and the app: what every game gives, with the
shared way as the default where a game may leave it. Pure Python: a game's
Django parts (its hand form, its partials, its words) sit beside it in its
folder and are named by ``matches.games``'s registry."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

from .board import Board, Deal, HandEvent, HandResult, Match, Position
from .cards import parse_card
from .errors import RuleError
from .rules import Rules
from .table import Table


class Game:
    """One game: its ``key`` (a match's ``game``), its house rules, its table
    (how a hand is scored and the match ends) and its part of the match file
    and of the stored snapshot.

    A hand in the match file is a mapping of the game's ``hand_keys``; in a
    snapshot entry, the game's ``entry_fields`` (scalars) and
    ``seat_fields`` (lists in seat order) sit beside the shared ones (the
    deal, ``scores``, ``totals``, ``held`` and ``cards``); ``name_fields``
    are those that hold a player's name.
    """

    key: ClassVar[str]
    rules: ClassVar[type[Rules]]
    table: ClassVar[type[Table]]
    result: ClassVar[type[HandResult]]
    # Whether players may leave and join between hands; whether a player
    # may join (new, or back in their seat) where they may leave.
    seat_changes: ClassVar[bool] = True
    joining: ClassVar[bool] = True
    # The game's own part of the board (its events' buttons), a template.
    board_template: ClassVar[str] = ""
    # Every player dealt in scores every hand, so a hand's 0 is said ("Ben
    # 0"); else only the hand's takes are (a 0 is nothing taken).
    zero_said: ClassVar[bool] = False
    # The game's own kinds of event beside the shared ones (a hand, a move
    # of the line, a leave, a join), by their key in the match file; those
    # whose value is a player's name.
    own_events: ClassVar[tuple[str, ...]] = ()
    own_name_events: ClassVar[tuple[str, ...]] = ()
    hand_keys: ClassVar[tuple[str, ...]]
    # Where a hand of the match file names players: the fields holding a
    # name, and the one mapping each player to their points.
    hand_name_keys: ClassVar[tuple[str, ...]] = ()
    hand_points_key: ClassVar[str] = ""
    entry_fields: ClassVar[tuple[str, ...]] = ()
    seat_fields: ClassVar[tuple[str, ...]] = ()
    name_fields: ClassVar[tuple[str, ...]] = ()
    # The figures a player keeps per game, each of a kind: a "count" (the
    # entries' add up, and so do the matches'), a "best" (the most of one
    # hand; None: none yet) or a "final" (the match's, from its head, set
    # anew by each step; the matches' add up).
    figures: ClassVar[Mapping[str, str]] = {}

    def __init__(self, *, words: ModuleType | None = None, examples: Sequence[Any] = ()) -> None:
        """``words``: the module that words the game's refusals, results and
        forms (``matches.words`` and the pages ask it); ``examples``: its
        worked examples (``matches.engine.examples``). Its package gives both
        when it registers; its partials are its templates, under
        ``games/<key>/``."""
        self.words = words
        self.examples = tuple(examples)

    def take_said(self, score: int | None) -> bool:
        """Whether a hand's score is written where it is shown (the sheet,
        the followers' line): a take, or any score where everyone scores
        (``zero_said``); never for a player not dealt in (None)."""
        return score is not None and (score != 0 or self.zero_said)

    def chart_limit(self, rules: Rules) -> int | None:
        """A total fixed for the whole match that the chart of the totals
        draws across, as it draws the line (Pool's limit, where a player is
        out); None where there is none. A game with one words it by its
        words' ``rules_short`` (the line's title) and ``limit_said`` (a
        sentence for screen readers)."""
        return None

    def may_join(self, board: Board) -> bool:
        """Whether a player may join ``board`` now (the board offers it)."""
        return self.joining

    @property
    def template(self) -> str:
        """The folder of the game's partials among the templates."""
        return f"games/{self.key}"

    @property
    def low(self) -> int:
        """The fewest players seated at once."""
        return self.table.low

    @property
    def high(self) -> int:
        """The most players seated at once."""
        return self.table.high

    def replay(self, match: Match, start: Position | None = None) -> Board:
        """``Table.replay`` with this game's table."""
        return self.table.replay(match, start)

    # Whether the deal goes round the seats whoever ends a hand, so that the
    # deals ahead are known (``deals_ahead``).
    deal_goes_round: ClassVar[bool] = False

    def deals_ahead(self, board: Board, count: int) -> list[Deal] | None:
        """The ``count`` deals after ``board``'s next hand, for a phone whose
        hands wait for the connection (nothing but hands can wait): where
        the deal goes round, the next seated player after each dealer deals
        the hand after; None when how a hand ends decides who deals next."""
        if not self.deal_goes_round:
            return None
        deal = board.next_hand
        if deal is None:
            return []
        seated = list(board.seated)
        ahead = []
        for _ in range(count):
            dealer = seated[(seated.index(deal.dealer) + 1) % len(seated)]
            first = seated[(seated.index(dealer) + 1) % len(seated)]
            deal = Deal(deal.number + 1, dealer, first, deal.cards_each)
            ahead.append(deal)
        return ahead

    # The match file.

    def read_hand(self, hand: Mapping[str, Any], index: int) -> HandEvent:
        """A hand of the match file (its keys checked: the game's
        ``hand_keys`` only) as the game's hand; its values are checked by
        the replay.

        Raises:
            RuleError: a key the hand needs is missing.
        """
        raise NotImplementedError

    def read_own_event(self, kind: str, value: object, index: int) -> object:
        """One of the game's ``own_events`` of the match file (``{kind:
        value}``) as the game's event; its value is checked by the replay."""
        raise NotImplementedError

    def own_entry(self, event: object, index: int, board: Board) -> dict[str, Any]:
        """The snapshot entry of one of the game's own events, event
        ``index`` of the replay that gave ``board`` (a ``kind`` and what
        the history shows of it)."""
        raise NotImplementedError

    def hand_document(self, hand: HandResult) -> dict[str, Any]:
        """A scored hand as the ``score`` command prints it."""
        raise NotImplementedError

    def board_document(self, board: Board) -> dict[str, Any]:
        """The game's own keys of the ``score`` command's output."""
        return {}

    def rename_hand(self, hand: dict[str, Any], renamed: Callable[[object], object]) -> dict:
        """A hand of the match file with every name passed through ``renamed``."""
        hand = dict(hand)
        for key in self.hand_name_keys:
            if key in hand:
                hand[key] = renamed(hand[key])
        for key in (self.hand_points_key, self.second_key):
            points = hand.get(key) if key else None
            if isinstance(points, Mapping):
                hand[key] = {renamed(name): value for name, value in points.items()}
        return hand

    # The hand form: the choice of who ended the hand (``chooser``: a seat,
    # or ``none_choice``), a checkbox beside it (``extra``), and a box a
    # player (``hand_points_key`` of the hand, each a ``what``). A game may
    # ask a second box a player before it, a whole number every player
    # dealt in fills (``second_key`` of the hand, each a ``second_what``).
    chooser: ClassVar[str] = ""
    none_choice: ClassVar[str] = ""
    extra: ClassVar[str] = ""
    what: ClassVar[str] = ""
    second_key: ClassVar[str] = ""
    second_what: ClassVar[str] = ""
    # Whose box the form greys out, as the phone's script reads it: the
    # chosen player's, unless they hold points too (``chosen_holds``);
    # every one on ``none_choice``, unless all then hold points (``none_holds``).
    chosen_holds: ClassVar[bool] = False
    none_holds: ClassVar[bool] = True

    def hand_data(
        self,
        chosen: str | None,
        extra: bool,
        points: dict[str, Any],
        second: dict[str, Any] | None = None,
    ) -> dict:
        """A hand as the form typed it, in match-file shape: ``chosen`` who
        ended it (None: ``none_choice``), the checkbox, each box read (and
        each second box, where the game asks one)."""
        raise NotImplementedError

    def box_needed(self, name: str, chosen: str | None, extra: bool) -> bool:
        """Whether ``name``'s box must be filled when ``chosen`` ended the hand."""
        return name != chosen

    def box_of(self, error: RuleError, seated: Sequence[str]) -> bool:
        """Whether ``error`` belongs beside its player's box (else beside
        its field, or the whole form)."""
        return error.player in seated

    def box_most(self, rules: Rules) -> tuple[int, str]:
        """The most a box can hold (points) and why, for the refusal of a
        number too long to read."""
        raise NotImplementedError

    # The stored snapshot.

    def entry(self, hand: HandResult, seats: Sequence[str]) -> dict[str, Any]:
        """The game's own fields of a hand's snapshot entry: ``entry_fields``
        as they are, ``seat_fields`` as lists in the order of ``seats``."""
        fields = {name: getattr(hand, name) for name in self.entry_fields}
        for name in self.seat_fields:
            values = getattr(hand, name)
            fields[name] = [values.get(seat) for seat in seats]
        return fields

    def hand_from_entry(
        self,
        entry: Mapping[str, Any],
        *,
        shared: dict[str, Any],
        seats: Sequence[str],
        rules: Rules,
    ) -> HandResult:
        """The hand a snapshot ``entry`` records, as the replay scored it:
        ``shared`` holds the shared fields already read (``number``,
        ``index``, ``deal``, ``scores``, ``totals``, ``held``, ``cards``)."""
        own: dict[str, Any] = {name: entry[name] for name in self.entry_fields}
        for name in self.seat_fields:
            own[name] = named(seats, entry[name])
        return self.result(**shared, **own)

    def head(self, board: Board, seats: Sequence[str]) -> dict[str, Any]:
        """The game's own part of a snapshot's head (seat-ordered lists,
        never names as keys, so a rename touches only name fields)."""
        return {}

    def from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        """``Position.extra`` of a snapshot's head."""
        return {}

    def board_from_head(self, head: Mapping[str, Any], seats: Sequence[str]) -> dict[str, Any]:
        """The game's own fields of the board a snapshot's head records."""
        return {}

    def player_figures(
        self,
        entries: Sequence[Mapping[str, Any]],
        seats: Sequence[str],
        *,
        rules: Rules,
        head: Mapping[str, Any],
    ) -> list[dict[str, int | None]]:
        """Each seat's figures (``figures``) over ``entries``, the snapshot
        entries of some of a match's events, in seat order; ``head`` is the
        match's snapshot head after them."""
        return [dict.fromkeys(self.figures, None) for _ in seats]


def named(seats: Sequence[str], values: Sequence[Any] | None) -> dict[str, Any]:
    """A seat-ordered list as a mapping by name, without the seats it holds None for."""
    return {
        name: value for name, value in zip(seats, values or (), strict=False) if value is not None
    }


def read_deal(entry: Mapping[str, Any]) -> Deal:
    """The deal a snapshot entry (or head's ``next_hand``) records."""
    return Deal(entry["number"], entry["dealer"], entry["first_player"], entry["cards_each"])


def read_cards(seats: Sequence[str], held: Sequence[Any] | None) -> dict[str, tuple]:
    """A snapshot entry's cards (seat-ordered lists of card codes) by name."""
    return {
        name: tuple(parse_card(text, jokers=True) for text in cards)
        for name, cards in named(seats, held).items()
    }
