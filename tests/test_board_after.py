"""The board after a write: the note saying what it did, places on a closed
match, the leader mark, what a fresh host ran into, and the query counts
bench/bench.py reports."""

from __future__ import annotations

import re
import uuid

import pytest

from matches import games, services
from matches.display import ranking, standings
from matches.engine.board import Board
from matches.engine.board import Match as EngineMatch
from matches.games.rummy.rules import RummyRules
from matches.matchfile import read_event
from matches.models import Match
from matches.services import data_version
from tests.factories import MatchFactory, hand, record
from tests.factories import board as stored_board
from tests.test_board_loop import SCHEMES, live
from tests.test_match_pages import hand_post, text, url

pytestmark = pytest.mark.django_db

# The note after a write ----------------------------------------------------------------------


def test_it_sends_the_note_out_of_band_to_the_live_region(client, host):
    match = MatchFactory(host=host)
    response = client.post(
        url("hand", match), hand_post(match, "Ben", Alice=23, Cara=18), HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="board"')
    assert '<div id="note" hx-swap-oob="innerHTML">' in page
    assert "Saved hand 1: Ben takes 41." in page
    assert 'data-focus="next"' in page


@pytest.mark.parametrize("htmx", [True, False])
def test_the_note_escapes_a_players_name(client, host, htmx):
    match = MatchFactory(host=host, players=["<b>al</b>", "Ben"])
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(
        url("hand", match), hand_post(match, "<b>al</b>", Ben=12), follow=not htmx, **headers
    )
    page = response.content.decode()
    note = page[page.index('<div id="note"') :]
    assert note[: note.index("</div>")].endswith(
        '<ul><li class="success">Saved hand 1: &lt;b&gt;al&lt;/b&gt; takes 12.</li></ul>'
    )
    assert "<b>al</b>" not in page


@pytest.mark.parametrize(
    ("event", "note"),
    [
        ({"target": 200}, "The line is now 200."),
        ({"action": "leave", "player": "Cara"}, "Cara left the table."),
        ({"action": "join", "player": "Dan", "after": "Alice"}, "Dan sat down after Alice."),
    ],
)
def test_it_says_what_a_write_did(client, host, event, note):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    name = "line" if "target" in event else "seats"
    data = {"token": str(uuid.uuid4()), **{key: str(value) for key, value in event.items()}}
    response = client.post(url(name, match), data, follow=True)
    assert note in text(response)


def test_it_focuses_the_result_after_the_winning_hand(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=95))
    response = client.post(
        url("hand", match), hand_post(match, "Alice", Ben=10), HTTP_HX_REQUEST="true"
    )
    assert 'data-focus="result"' in response.content.decode()
    assert "Alice wins" in text(response)


# Places on a closed match ----------------------------------------------------------------------


def board_of(scheme: str, players: list[str], *events, **rules) -> Board:
    return games.replay(
        EngineMatch(
            rules=RummyRules(scheme=scheme, **rules),
            players=players,
            events=[read_event(event, i, game="rummy") for i, event in enumerate(events)],
        )
    )


def places(board: Board) -> list[tuple[str, str, int]]:
    return [(row.place, row.name, row.total) for row in ranking(board)]


def test_it_ranks_a_closed_match_winner_first_under_highest_wins():
    board = board_of(
        "highest_wins",
        ["Alice", "Ben", "Cara", "Dan"],
        hand("Ben", Alice=5, Cara=5, Dan=10),
        {"leave": "Dan"},
        hand("Alice", Ben=50, Cara=50),
    )
    assert board.winner == "Alice"
    assert places(board) == [
        ("1", "Alice", 100),
        ("2", "Ben", 20),
        ("3", "Cara", 0),
        ("4", "Dan", 0),
    ]
    assert [row.marks for row in ranking(board)][0] == ["wins"]
    assert ranking(board)[-1].marks == ["left after hand 1"]  # why Dan ranks last


def test_it_ranks_a_closed_match_lowest_first_under_penalty_with_shared_places():
    board = board_of(
        "penalty",
        ["Alice", "Ben", "Cara"],
        hand("Alice", Ben=50, Cara=50),
        hand("Alice", Ben=50, Cara=50),
    )
    assert places(board) == [("1", "Alice", 0), ("=2", "Ben", 100), ("=2", "Cara", 100)]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_it_shares_places_at_the_hand_limit_and_first_place_with_no_winner(scheme):
    board = board_of(scheme, ["Alice", "Ben", "Cara"], hand("Cara", Alice=5, Ben=5), hand_limit=1)
    assert board.winner == "Cara"
    if scheme == "highest_wins":
        assert places(board) == [("1", "Cara", 10), ("=2", "Alice", 0), ("=2", "Ben", 0)]
    else:
        assert places(board) == [("1", "Cara", 0), ("=2", "Alice", 5), ("=2", "Ben", 5)]
    tied = board_of(scheme, ["Alice", "Ben"], hand(None, Alice=5, Ben=5), hand_limit=1)
    assert tied.winner is None
    assert places(tied) == [("=1", "Alice", 0), ("=1", "Ben", 0)]


# The leader mark ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", SCHEMES)
def test_it_marks_one_leader_among_those_dealt_in_by_the_scheme(scheme):
    players = ["Alice", "Ben", "Cara"]
    fresh = board_of(scheme, players)
    assert [row.name for row in standings(fresh) if row.leader] == []
    one = board_of(scheme, players, hand("Ben", Alice=23, Cara=18))
    expected = "Ben"  # takes 41, or the only one charged nothing
    assert [row.name for row in standings(one) if row.leader] == [expected]
    shared = board_of(scheme, players, hand("Ben", Alice=5, Cara=5), hand("Alice", Ben=5, Cara=5))
    # highest wins: Ben and Alice on 10; penalty: Alice and Ben on 5.
    assert [row.name for row in standings(shared) if row.leader] == []
    gone = board_of(scheme, players, hand("Ben", Alice=23, Cara=18), {"leave": "Ben"})
    assert [row.name for row in standings(gone) if row.leader] == []


def test_it_fixes_the_winning_hand_and_reopens_the_match(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=50), hand("Alice", Ben=55))  # 105: Alice wins
    board = client.get(url("detail", match))
    assert "Alice wins" in text(board)
    event = live(match)[-1]
    assert "Fix hand 2" in text(board)
    data = hand_post(match, "Alice", Ben=45)
    data["version"] = data_version(event.data)
    response = client.post(url("fix", match, event_id=event.pk), data, follow=True)
    assert "Fixed hand 2: Alice takes 45. Totals: Alice 105 → 95. The match is open again." in (
        text(response)
    )
    assert "Save hand 3" in text(response)


# What a fresh host ran into ------------------------------------------------------------


def test_it_cuts_long_names_keeping_both_ends_so_alike_names_stay_apart(client, host):
    from matches.marks import short_name

    assert short_name("Ben") == "Ben"
    assert short_name("Alexandrina1") == "Alex…na1"
    assert short_name("Alexandrina2") == "Alex…na2"
    assert short_name("Christopher") != short_name("Christophers")
    match = MatchFactory(host=host, players=["Alexandrina1", "Alexandrina2", "Ben"])
    page = client.get(url("detail", match)).content.decode()
    # Beside the hand form's boxes, a character shorter still.
    assert '<span class="short" aria-hidden="true">Ale…na1</span>' in page
    assert '<span class="full visually-hidden">Alexandrina1</span>' in page


def test_names_that_would_be_cut_alike_are_cut_less_on_the_board_and_the_sheet(client, host):
    players = ["Alexandrina Montgomery", "Alexander Montgomery", "Ben"]
    match = MatchFactory(host=host, players=players)
    record(match, hand("Ben", **{"Alexandrina Montgomery": 5, "Alexander Montgomery": 6}))
    board = client.get(url("detail", match)).content.decode()
    shorts = re.findall(r'<span class="short" aria-hidden="true">([^<]+)</span>', board)
    assert shorts == ["Alexandr…ery", "Alexande…ery"]
    sheet = client.get(url("sheet", match)).content.decode()
    assert "Alexandr…ery" in sheet and "Alexande…ery" in sheet and "Alex…ery" not in sheet


def test_it_keeps_a_capital_when_undo_names_a_player(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Zed"])
    record(match, {"leave": "Zed"})
    newest = live(match)[-1]
    response = client.post(url("undo", match), {"event": str(newest.pk)}, follow=True)
    assert "Took back \u201cZed left the table\u201d. Put it back below." in text(response)


def test_it_opens_a_fix_with_the_recorded_hand_already_previewed(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=28))
    event = live(match)[-1]
    response = client.get(url("fix", match, event_id=event.pk))
    assert "Will record: Ben takes 51" in text(response)
    edit = client.get(url("edit", match, event_id=event.pk))
    assert "Will record: Ben takes 51" in text(edit)
    assert "at the line" not in text(edit)
    assert "to go" not in text(edit)


def test_it_lists_every_problem_of_the_new_match_form_at_the_top(client, host):
    from django.urls import reverse

    response = client.post(
        reverse("matches:new"),
        {
            "player_0": "Ann",
            "player_2": "ann",
            "first_dealer": "0",
            "target": "50",
            "scheme": "highest_wins",
            "rummy_bonus": "double",
            "stock_out": "lowest_hand",
            "hand_limit": "150",
            "ace_value": "1",
            "decks": "",
        },
    )
    page = text(response)
    assert "Nothing was saved yet. 3 things to fix:" in page
    top = page[page.index("things to fix") : page.index("Players, in seat order")]
    assert "Seat 2: Seat 2 has no name" in top
    assert "Seat 3: Ann is named twice" in top
    assert "Target (the line): target must be a whole number from 100 to 1000" in top


def test_it_names_no_dealer_problem_on_an_empty_new_match_form(client, host):
    from django.urls import reverse

    response = client.post(reverse("matches:new"), {"first_dealer": "0", "target": "100"})
    assert "the first dealer must be one of the players" not in text(response)


# The query counts bench/bench.py reports ----------------------------------------------------


def test_it_previews_and_saves_without_javascript_in_pinned_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host, target=1000)
    record(match, *[hand("Ben", Alice=n, Cara=1) for n in range(1, 30)])
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    # the session, its user, the match with its snapshot and share link: no event read
    with django_assert_num_queries(3):
        client.post(url("preview", match), data)
    # A plain POST: the save and its redirect, no board drawn. The session,
    # its user; the savepoint (a test's transaction; BEGIN outside tests),
    # the match locked with its token's event and next position, the event,
    # the match's head, the standings, the figures of the player who went
    # out read and written, the host's version, the savepoint's release.
    with django_assert_num_queries(11):
        response = client.post(url("hand", match), data)
    assert response.status_code == 302


def test_a_save_whose_answer_was_lost_says_the_hand_was_saved_already(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    # Saved, and its board drawn with the note, but the phone never heard back.
    client.post(url("hand", match), data, headers={"HX-Request": "true"})
    response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    assert "Hand 1 was saved already: Ben takes 41" in text(response)
    assert match.events.count() == 1


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_the_board_says_why_a_match_goes_on_when_the_line_is_reached_with_the_best_total_shared(
    client, host, scheme
):
    """docs/rules.md, "When the match ends", rule 1: the line is reached,
    but the best total among the players dealt in is shared, so another
    hand is dealt; the board says so rather than leave a player over the
    line unexplained."""
    target = 100 if scheme == "penalty" else 500
    match = MatchFactory(host=host, players=["Ann", "Bob", "Cy"], scheme=scheme, target=target)
    if scheme == "penalty":
        # Each other player is charged their own leftover: Bob reaches 100,
        # Ann and Cy share the lowest total.
        record(match, hand("Ann", Bob=50, Cy=20), hand("Cy", Ann=20, Bob=50))
        expected = "The line of 100 is reached, but Ann and Cy share the lowest total, 20"
    else:
        # Ann and Bob take 150 each; the line moved down to 150 decides nothing.
        record(match, hand("Ann", Bob=75, Cy=75), hand("Bob", Ann=75, Cy=75), {"target": 150})
        expected = "The line of 150 is reached, but Ann and Bob share the highest total, 150"
    board = stored_board(match)
    assert board.status == "open"
    page = text(client.get(url("detail", match)))
    assert f"{expected}: another hand is dealt." in page
    # And on the phones that follow the board.
    link = services.share_new(match=Match.objects.get(pk=match.pk))
    followed = text(client.get(f"/s/{link.token}/"))
    assert f"{expected}: another hand is dealt." in followed
    sheet = text(client.get(url("sheet", match)))
    assert f"{expected}: another hand is dealt." in sheet
    big = text(client.get(f"/s/{link.token}/big/"))
    assert f"{expected}: another hand is dealt." in big
    assert ("· penalty" in big) == (scheme == "penalty")
    # The next hand decides it: the note goes with the tie.
    record(match, hand("Ann", Bob=5, Cy=5))
    page = text(client.get(url("detail", match)))
    assert "is reached, but" not in page


def test_undo_and_put_back_of_a_return_name_the_player_as_the_board_does_and_say_what_changed(
    client, host
):
    """A fresh host's find: putting back a rejoin said "Put back eve sitting
    down. Nothing on the board changed." while Eve was seated again."""
    match = MatchFactory(host=host, players=["Ann", "Bob", "Eve"], first_dealer="Ann")
    record(match, hand("Ann", Bob=20, Eve=31), {"leave": "Eve"}, hand("Bob", Ann=5))
    record(match, {"join": "eve"})
    joined = live(match)[-1]
    undone = client.post(url("undo", match), {"event": str(joined.pk)}, follow=True)
    assert "Took back \u201cEve came back to their seat\u201d. Put it back below." in text(undone)
    restored = client.post(url("restore", match, event_id=joined.pk), follow=True)
    page = text(restored)
    assert "Put back \u201cEve came back to their seat\u201d. At the table now: Eve." in page
    assert "Nothing on the board changed" not in page
    assert stored_board(match).seated == ("Ann", "Bob", "Eve")


def test_a_hand_put_back_is_named_by_the_number_it_now_has_and_a_refusal_says_what_to_do(
    client, host
):
    """A fresh host put back "Hand 14" among deleted entries and it came
    back as hand 12, the message naming no number."""
    match = MatchFactory(host=host, players=["Ann", "Bob", "Eve"], target=1000)
    record(match, hand("Ann", Bob=1, Eve=1), hand("Bob", Ann=2, Eve=2), hand("Eve", Ann=3, Bob=3))
    first, second, third = live(match)
    for event in (third, second):  # hands 3 and 2 deleted, newest first
        services.event_delete(match=Match.objects.get(pk=match.pk), event_id=event.pk)
    page = text(client.post(url("restore", match, event_id=third.pk), follow=True))
    assert "Put back hand 2, where Eve went out (Ann 3, Bob 3)." in page
    # A join taken back, then the hand it needs: that hand waits for the join.
    record(match, {"join": "Dan"}, hand("Dan", Ann=4, Bob=4, Eve=4))
    join, dans = live(match)[-2:]
    client.post(url("undo", match), {"event": str(dans.pk)})
    client.post(url("undo", match), {"event": str(join.pk)})
    restore = url("restore", match, event_id=dans.pk)
    refused = text(client.post(restore, {"confirm": "yes"}, follow=True))
    assert (
        "It cannot be put back: Dan is not at the table. If it needs an entry that is deleted "
        "too (someone sitting down), put that back first." in refused
    )


def test_a_player_who_left_is_marked_with_when_which_explains_their_place(client, host):
    """Dan, who left after hand 2 with more points than Cara, ranks below her
    at the end: the board says when he left. Back at the table, the mark goes."""
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"], target=100)
    record(
        match,
        hand("Dan", Alice=5, Ben=5, Cara=10),
        hand("Ben", Alice=2, Cara=3, Dan=4),
        {"leave": "Dan"},
        hand("Alice", Ben=5, Cara=5),
    )
    page = text(client.get(url("detail", match)))
    assert "Dan left after hand 2" in page
    record(match, {"join": "Dan"})
    page = text(client.get(url("detail", match)))
    assert "left after hand" not in page
    record(match, {"leave": "Dan"}, hand("Alice", Ben=50, Cara=50))
    board = stored_board(match)
    assert board.status == "closed"
    dan = ranking(board)[-1]
    assert (dan.name, dan.total, dan.marks) == ("Dan", 20, ["left after hand 3"])
    assert [row.name for row in ranking(board)][-2] == "Cara"  # 0 points, yet above Dan
