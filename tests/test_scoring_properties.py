"""Properties of the scoring engine over generated, valid matches.

Every expectation here is derived from docs/rules.md, not from the
engine: the seat and dealer model, the points of a card and the end rules are
written out again below from the contract's words. While a valid match is
being generated, the engine's ``replay`` is used only to learn where the
match stands (who is seated, open or closed), so that every next event is
legal.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import snapshot
from matches.engine.board import Board, Join, Leave, LineMove, Match
from matches.engine.errors import RuleError
from matches.engine.names import clean_name, name_key
from matches.games import replay
from matches.games.rummy.rules import RummyRules
from matches.games.rummy.table import Hand

# docs/rules.md, "Cards and leftovers" and "House rules".
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SCHEMES = ("highest_wins", "penalty")
RUMMY_BONUSES = ("double", "flat_25", "none")
STOCK_OUTS = ("lowest_hand", "no_score")
ACE_VALUES = (1, 11, 15)

NAMES = ("Alice", "Ben", "Cara", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo")

PROPERTY_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def card_points(code: str, ace_value: int) -> int:
    """A card's points as the table in docs/rules.md gives them."""
    rank = code[:-1] if code[-1] in SUITS else code
    if rank == "A":
        return ace_value
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def leftover_points(value: int | list[str], ace_value: int) -> int:
    """A leftover entered as a number or as cards, in points."""
    if isinstance(value, int):
        return value
    return sum(card_points(code, ace_value) for code in value)


def cards_dealt(seated: int) -> int:
    """docs/rules.md: 10 with 2 players, 7 with 3 or 4, 6 with 5 or 6."""
    return {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}[seated]


def decks_in_play(rules: RummyRules, starting_players: int) -> int:
    """docs/rules.md: 1 deck for 2 to 4 starting players, 2 for 5 or 6."""
    if rules.decks is not None:
        return rules.decks
    return 1 if starting_players <= 4 else 2


# Strategies ------------------------------------------------------------------


@st.composite
def house_rules(draw: st.DrawFn, *, scheme: str | None = None) -> RummyRules:
    return RummyRules(
        scheme=scheme or draw(st.sampled_from(SCHEMES)),
        # Small lines, so that matches close.
        target=draw(st.integers(100, 300)),
        rummy_bonus=draw(st.sampled_from(RUMMY_BONUSES)),
        stock_out=draw(st.sampled_from(STOCK_OUTS)),
        # Sometimes a small hand limit, so that it closes matches too.
        hand_limit=draw(st.integers(1, 8) if draw(st.integers(0, 3)) == 0 else st.integers(9, 150)),
        ace_value=draw(st.sampled_from(ACE_VALUES)),
        decks=draw(st.sampled_from((None, None, 1, 2))),
    )


@st.composite
def hands(draw: st.DrawFn, *, seated: tuple[str, ...], rules: RummyRules, decks: int) -> Hand:
    """A legal hand for the players seated now."""
    went_out = draw(st.sampled_from((*seated, None)))
    rummy = went_out is not None and draw(st.booleans())
    each = cards_dealt(len(seated))
    # The physical cards in play: no card more often than there are decks.
    pool = [rank + suit for rank in RANKS for suit in SUITS for _ in range(decks)]
    leftovers: dict[str, int | list[str]] = {}
    for name in seated:
        if name == went_out:
            if draw(st.booleans()):
                leftovers[name] = 0  # "absent, or 0"
            continue
        points = draw(st.integers(1, 36))
        if points <= 30:
            leftovers[name] = points
            continue
        cards = []  # 31 to 36: the leftover is entered as cards
        for _ in range(draw(st.integers(1, each))):
            card = pool.pop(draw(st.integers(0, len(pool) - 1)))
            # A card may be noted by rank alone.
            cards.append(card[:-1] if draw(st.booleans()) else card)
        leftovers[name] = cards
    total = sum(leftover_points(value, rules.ace_value) for value in leftovers.values())
    deck_value = 4 * sum(card_points(rank, rules.ace_value) for rank in RANKS)
    assert total <= decks * deck_value  # the generator stays within the deck(s)
    return Hand(went_out=went_out, leftovers=leftovers, rummy=rummy)


@dataclass(frozen=True)
class Generated:
    """A valid match and ``boards[k]``, the board after its first ``k`` events."""

    match: Match
    boards: tuple[Board, ...]

    @property
    def board(self) -> Board:
        return self.boards[-1]

    def __repr__(self) -> str:
        # A falsifying example shows the match only, not every board.
        return repr(self.match)


@st.composite
def matches(
    draw: st.DrawFn,
    *,
    scheme: str | None = None,
    max_events: int = 25,
    until_closed: bool = False,
) -> Generated:
    """A valid match, built one legal event at a time.

    Each candidate event is chosen for the match as it stands (replaying the
    events so far tells who is seated and whether the match is open). With
    ``until_closed`` hands are added after ``max_events`` until the match
    closes (the hand limit, at most 150, guarantees it does).
    """
    rules = draw(house_rules(scheme=scheme))
    players = tuple(draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True)))
    first_dealer = draw(st.one_of(st.none(), st.sampled_from(players)))
    chosen = players[0] if first_dealer is None else first_dealer
    decks = decks_in_play(rules, len(players))
    length = draw(st.integers(0, max_events))
    # Lines past 300 keep a match open for long: moves there are rarer.
    lines = st.integers(100, 300)
    if not until_closed:
        lines |= st.integers(100, 1000)

    def line(board: Board) -> LineMove:
        # Often right on the top total of the last hand's players: the edge of
        # "at or over the target".
        if board.hands and draw(st.booleans()):
            top = max(board.totals[name] for name in board.hands[-1].scores)
            if 100 <= top <= 1000:
                return LineMove(top)
        return LineMove(draw(lines))

    events: list[Hand | LineMove | Leave | Join] = []

    def build() -> Match:
        return Match(rules=rules, players=players, events=tuple(events), first_dealer=first_dealer)

    boards = [replay(build())]
    ever_sat = list(players)
    while True:
        board = boards[-1]
        if board.status == "closed":
            # Only a move of the line is legal now, and not after the hand limit.
            if board.closed_by == "hand_limit" or len(events) >= length or not draw(st.booleans()):
                break
            events.append(line(board))
            boards.append(replay(build()))
            continue
        if len(events) >= length:
            if not until_closed:
                break
            kind = "hand"
        else:
            seated = board.seated
            # Seats change more often before the first hand, where the
            # chosen first dealer may leave.
            kinds = ["hand", "hand", "hand", "hand", "line"] if board.hands else ["hand", "line"]
            if len(seated) >= 3:
                kinds.append("leave")
            if len(seated) < 6:
                kinds.append("join")
            kind = draw(st.sampled_from(kinds))
        seated = board.seated
        if kind == "hand":
            events.append(draw(hands(seated=seated, rules=rules, decks=decks)))
        elif kind == "line":
            events.append(line(board))
        elif kind == "leave":
            leaving = seated
            if not board.hands and chosen in seated:
                # Often the chosen first dealer, who then does not deal.
                leaving = (chosen, *seated)
            events.append(Leave(draw(st.sampled_from(leaving))))
        else:
            returning = [name for name in ever_sat if name not in seated]
            new = [name for name in NAMES if name not in ever_sat]
            name = draw(st.sampled_from(returning + new))
            after = None
            if name in new:
                ever_sat.append(name)
                after = draw(st.one_of(st.none(), st.sampled_from(seated)))
            events.append(Join(name, after=after))
        boards.append(replay(build()))
    return Generated(build(), tuple(boards))


def input_leftovers(match: Match, hand_index: int) -> dict[str, int]:
    """The leftovers of the hand at event ``hand_index`` as entered, in points
    (the player who went out left out)."""
    event = match.events[hand_index]
    assert isinstance(event, Hand)
    return {
        name: leftover_points(value, match.rules.ace_value)
        for name, value in event.leftovers.items()
        if name != event.went_out
    }


def best(scheme: str, totals: list[int]) -> int:
    """The best total: the highest, or the lowest under penalty."""
    return min(totals) if scheme == "penalty" else max(totals)


# Scoring one hand --------------------------------------------------------------


@PROPERTY_SETTINGS
@given(matches(scheme="highest_wins"))
def test_it_gives_the_whole_take_to_the_player_who_went_out(generated: Generated) -> None:
    match, board = generated.match, replay(generated.match)
    for result in board.hands:
        if result.went_out is None or (result.rummy and match.rules.rummy_bonus != "none"):
            continue
        take = sum(input_leftovers(match, result.index).values())
        assert sum(result.scores.values()) == take
        assert {name for name, score in result.scores.items() if score} <= {result.went_out}
        assert result.scores[result.went_out] == take


@PROPERTY_SETTINGS
@given(matches(scheme="penalty"))
def test_it_charges_every_other_player_their_leftover_under_penalty(
    generated: Generated,
) -> None:
    match, board = generated.match, replay(generated.match)
    for result in board.hands:
        if result.went_out is None or (result.rummy and match.rules.rummy_bonus != "none"):
            continue
        leftovers = input_leftovers(match, result.index)
        assert result.scores == {
            name: 0 if name == result.went_out else leftovers[name] for name in result.scores
        }


@PROPERTY_SETTINGS
@given(matches())
def test_it_applies_the_rummy_bonus_and_the_stock_out_rule(generated: Generated) -> None:
    match, board = generated.match, replay(generated.match)
    rules = match.rules
    for result in board.hands:
        leftovers = input_leftovers(match, result.index)
        others = [name for name in result.scores if name != result.went_out]
        if result.went_out is not None and result.rummy:
            take = sum(leftovers.values())
            if rules.scheme == "highest_wins":
                expected_take = {"double": 2 * take, "flat_25": take + 25, "none": take}
                assert result.scores[result.went_out] == expected_take[rules.rummy_bonus]
                assert all(result.scores[name] == 0 for name in others)
            else:
                factor = 2 if rules.rummy_bonus == "double" else 1
                assert all(result.scores[name] == factor * leftovers[name] for name in others)
                going_out = -25 if rules.rummy_bonus == "flat_25" else 0
                assert result.scores[result.went_out] == going_out
        elif result.went_out is None:
            assert set(leftovers) == set(result.scores)  # everybody dealt in entered one
            lowest = min(leftovers.values())
            holders = [name for name, points in leftovers.items() if points == lowest]
            if rules.stock_out == "no_score" or len(holders) > 1:
                assert set(result.scores.values()) == {0}
            elif rules.scheme == "highest_wins":
                win = sum(points - lowest for points in leftovers.values())
                assert result.scores == {
                    name: win if name == holders[0] else 0 for name in result.scores
                }
            else:
                assert result.scores == {name: leftovers[name] - lowest for name in result.scores}


# Seats, dealer and deal size ---------------------------------------------------


def next_in_circle(order: list[str], after: str) -> str:
    at = order.index(after)
    return order[(at + 1) % len(order)]


@PROPERTY_SETTINGS
@given(matches())
def test_it_deals_from_a_seated_dealer_and_the_next_seated_player_goes_first(
    generated: Generated,
) -> None:
    board = replay(generated.match)
    seat_order = [seat.name for seat in board.seats]
    deals = [(result.deal, list(result.scores)) for result in board.hands]
    if board.next_hand is not None:
        deals.append((board.next_hand, list(board.seated)))
    for deal, seated in deals:
        in_order = [name for name in seat_order if name in seated]
        assert deal.dealer in seated
        assert deal.first_player == next_in_circle(in_order, deal.dealer)


@PROPERTY_SETTINGS
@given(matches())
def test_it_moves_the_deal_along_the_seats_through_leaves_and_joins(
    generated: Generated,
) -> None:
    match = generated.match
    board = replay(match)
    # The table as docs/rules.md describes it, kept independently of the engine.
    seats = list(match.players)
    seated = set(seats)
    chosen = match.first_dealer if match.first_dealer is not None else seats[0]
    last_dealer: str | None = None

    def first_seated_from(start: str, *, include_start: bool) -> str:
        at = seats.index(start)
        for step in range(0 if include_start else 1, len(seats) + 1):
            name = seats[(at + step) % len(seats)]
            if name in seated:
                return name
        raise AssertionError("nobody seated")

    def next_dealer() -> str:
        if last_dealer is None:
            return first_seated_from(chosen, include_start=True)
        return first_seated_from(last_dealer, include_start=False)

    expected: list[tuple[str, list[str]]] = []
    for event in match.events:
        if isinstance(event, Leave):
            seated.discard(event.player)
        elif isinstance(event, Join):
            if event.player not in seats:
                at = len(seats) if event.after is None else seats.index(event.after) + 1
                seats.insert(at, event.player)
            seated.add(event.player)
        elif isinstance(event, Hand):
            last_dealer = next_dealer()
            expected.append((last_dealer, [name for name in seats if name in seated]))
    assert [(r.dealer, list(r.scores)) for r in board.hands] == expected
    assert [seat.name for seat in board.seats] == seats
    assert set(board.seated) == seated
    if board.next_hand is not None:
        assert board.next_hand.dealer == next_dealer()


@PROPERTY_SETTINGS
@given(matches())
def test_it_deals_ten_seven_or_six_cards_by_the_players_seated(generated: Generated) -> None:
    board = replay(generated.match)
    by_players = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
    for result in board.hands:
        assert result.deal.cards_each == by_players[len(result.scores)]
    if board.next_hand is not None:
        assert board.next_hand.cards_each == by_players[len(board.seated)]


# The list of events --------------------------------------------------------------


@PROPERTY_SETTINGS
@given(matches())
def test_it_agrees_with_itself_on_every_prefix_of_the_events(generated: Generated) -> None:
    match = generated.match
    full = replay(match)
    # generated.boards[cut] is the replay of the first ``cut`` events alone.
    for cut, prefix in enumerate(generated.boards):
        assert len(prefix.hands) == sum(isinstance(event, Hand) for event in match.events[:cut])
        for early, late in zip(prefix.hands, full.hands, strict=False):
            assert early.index == late.index
            assert early.deal == late.deal
            assert early.scores == late.scores
            assert early.totals == late.totals
        if prefix.hands:
            assert prefix.hands[-1].totals.items() <= prefix.totals.items()


@PROPERTY_SETTINGS
@given(matches(), st.data())
def test_going_on_from_a_position_gives_the_board_of_the_whole_replay(
    generated: Generated, data: st.DataObject
) -> None:
    """A step: the board of the first events' position, replayed on with the
    rest, is the board of every event replayed from the start, holding only
    the hands since."""
    match = generated.match
    full = replay(match)
    cut = data.draw(st.integers(0, len(match.events)))
    start = generated.boards[cut].position
    # Going on needs the decks in the rules, as the app stores them.
    rules = replace(match.rules, decks=full.rules.decks)
    stepped = replay(replace(match, rules=rules, events=match.events[cut:]), start)
    since = len(stepped.hands)
    assert since == sum(isinstance(event, Hand) for event in match.events[cut:])
    assert stepped.hands == full.hands[len(full.hands) - since :]
    assert replace(stepped, hands=full.hands, earlier_hands=0) == full
    assert stepped.hands_played == full.hands_played


@PROPERTY_SETTINGS
@given(matches(), st.data())
def test_a_snapshot_stepped_on_and_read_back_is_the_whole_replay(
    generated: Generated, data: st.DataObject
) -> None:
    """The snapshot of a step (the first events' head, as stored, and the
    rest replayed from its position) equals the snapshot of the whole
    replay, and the board read back from it, without replaying, equals the
    replay's board: every hand, or only those of the last entries given."""
    match = generated.match
    full = replay(match)
    whole = stored(snapshot.take(match, full))
    cut = data.draw(st.integers(0, len(match.events)))
    before = stored(snapshot.take(replace(match, events=match.events[:cut]), generated.boards[cut]))
    rules = replace(match.rules, decks=full.rules.decks)  # as the app stores them
    rest = replace(match, rules=rules, events=match.events[cut:])
    stepped = replay(rest, snapshot.position(snapshot.head(before), "rummy"))
    head, entries = snapshot.step(snapshot.head(before), rest, stepped)
    earlier = snapshot.reseated(before["events"], before["seats"], head["seats"], "rummy")
    assert stored({**head, "events": earlier + entries}) == whole
    assert snapshot.board(rules, whole) == full
    recent = data.draw(st.integers(0, 6))
    last = whole["events"][max(0, len(whole["events"]) - recent) :]
    read = snapshot.board(rules, {**snapshot.head(whole), "events": last})
    indices = range(len(match.events) - recent, len(match.events))
    assert read.hands == tuple(hand for hand in full.hands if hand.index in indices)
    assert replace(read, hands=full.hands, earlier_hands=0) == full


def stored(data: dict) -> dict:
    """``data`` as the database gives it back (JSON: tuples become lists)."""
    return json.loads(json.dumps(data))


@PROPERTY_SETTINGS
@given(matches())
def test_it_keeps_totals_as_the_sum_of_each_players_hand_scores(generated: Generated) -> None:
    match = generated.match
    board = replay(match)
    # Everybody who has sat so far, each starting at 0.
    running = dict.fromkeys(match.players, 0)
    results = iter(board.hands)
    for event in match.events:
        if isinstance(event, Join):
            running.setdefault(event.player, 0)
        elif isinstance(event, Hand):
            result = next(results)
            for name, score in result.scores.items():
                running[name] += score
            assert result.totals == running
    assert board.totals == running
    assert list(board.totals) == [seat.name for seat in board.seats]


# When the match ends -------------------------------------------------------------


def check_end_rules(board: Board) -> None:
    """docs/rules.md, "When the match ends", on one board."""
    scheme = board.rules.scheme
    if not board.hands:
        assert board.status == "open"
        return
    dealt_in = list(board.hands[-1].scores)
    totals = [board.totals[name] for name in dealt_in]
    top = best(scheme, totals)
    leaders = [name for name in dealt_in if board.totals[name] == top]
    crossed = any(total >= board.target for total in totals)
    if board.closed_by == "target":
        assert board.status == "closed"
        assert crossed
        assert leaders == [board.winner]
        assert board.next_hand is None
    elif board.closed_by == "hand_limit":
        assert board.status == "closed"
        assert len(board.hands) >= board.rules.hand_limit
        assert not (crossed and len(leaders) == 1)
        assert board.winner == (leaders[0] if len(leaders) == 1 else None)
        assert board.next_hand is None
    else:
        assert board.status == "open"
        assert board.winner is None
        assert not crossed or len(leaders) > 1
        assert len(board.hands) < board.rules.hand_limit
        assert board.next_hand is not None


@PROPERTY_SETTINGS
@given(matches())
def test_it_closes_exactly_when_the_end_rules_decide(generated: Generated) -> None:
    # After every event: every board of the match, not only the last one.
    for board in generated.boards:
        check_end_rules(board)


def with_events(match: Match, *events: Hand | LineMove | Leave | Join) -> Match:
    return Match(
        rules=match.rules,
        players=match.players,
        events=(*match.events, *events),
        first_dealer=match.first_dealer,
    )


@PROPERTY_SETTINGS
@given(matches(max_events=12, until_closed=True), st.data())
def test_it_refuses_hands_and_seat_changes_once_the_match_is_closed(
    generated: Generated, data: st.DataObject
) -> None:
    match = generated.match
    board = generated.board
    assert board.status == "closed"
    seated = board.seated
    decks = decks_in_play(match.rules, len(match.players))
    hand = data.draw(hands(seated=seated, rules=match.rules, decks=decks), label="hand")
    refused: list[Hand | LineMove | Leave | Join] = [hand]
    # Only while the match is open may players leave or join.
    if len(seated) < 6:
        refused.append(Join("Newcomer"))
    if len(seated) >= 3:
        refused.append(Leave(seated[0]))
    if board.closed_by == "hand_limit":
        # After the hand limit, not even the line moves.
        refused.append(LineMove(data.draw(st.integers(100, 1000), label="target")))
    for event in refused:
        with pytest.raises(RuleError) as refusal:
            replay(with_events(match, event))
        assert refusal.value.index == len(match.events)
    if board.closed_by == "target" and max(board.totals.values()) < 1000:
        # Until the match reopens: moving the line out of reach reopens it,
        # unless the hand limit has been reached meanwhile.
        reopened = replay(with_events(match, LineMove(1000)))
        assert reopened.status == (
            "closed" if len(board.hands) >= match.rules.hand_limit else "open"
        )
        if reopened.status == "open":
            after = replay(with_events(match, LineMove(1000), hand))
            assert len(after.hands) == len(board.hands) + 1


@given(st.text(max_size=30) | st.text(alphabet=st.characters(max_codepoint=127), max_size=30))
def test_a_name_is_cleaned_as_the_rules_say_whatever_its_characters(name: str) -> None:
    """A name as the board shows it: outer spaces and invisible characters
    (a zero-width space pasted with it) gone, accents composed; and as two
    names are compared, without regard to case or how an accent was typed.
    A name of plain ASCII takes a shortcut to the same result."""
    visible = "".join(char for char in name if unicodedata.category(char) != "Cf")
    expected = unicodedata.normalize("NFC", visible).strip()
    assert clean_name(name) == expected
    assert name_key(name) == unicodedata.normalize("NFKC", expected).casefold()
