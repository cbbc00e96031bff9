"""A Pool Rummy match through the pages, without a browser: its house rules
on the new match page (201's own defaults), the hand form (who declared,
counts, cards with jokers, one tap for a drop), the preview, out and rejoin
on the board, the split, the end and its places, and every page of the
match."""

from __future__ import annotations

import csv
import io
import json
import re
import uuid
import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse

from matches import services, transfer
from matches.models import Event, Match, Player
from tests.factories import MatchFactory, figures, record
from tests.factories import board as stored_board
from tests.test_history import read_chart
from tests.test_match_pages import text, totals_on, url

pytestmark = pytest.mark.django_db

NEW = reverse("matches:new")
FOUR = ["Alice", "Ben", "Cara", "Dev"]


def pool_hand(declared: str, **charges: object) -> dict:
    """A Pool hand in match-file shape."""
    return {"hand": {"declared": declared, "charges": charges}}


# Alice 40, Ben 70, Cara 96, Dev 60; then Dev declares: Ben and Cara are out.
TO_OUT = [
    pool_hand("Dev", Alice=40, Ben=70, Cara=80),
    pool_hand("Alice", Ben=0, Cara=16, Dev=60),
    pool_hand("Dev", Alice=30, Ben="wrong_show", Cara=5),
]

# Dev out at hand 5, Ben and Cara at hand 7: Alice is the last one in.
LAST_IN = [pool_hand("Alice", Ben=10, Cara=10, Dev=25)] * 4 + [
    pool_hand("Alice", Ben=10, Cara=10, Dev=20),
    pool_hand("Alice", Ben=10, Cara=10),
    pool_hand("Alice", Ben=44, Cara=50),
]


def pool_post(match: Match, declared: str, **boxes: object) -> dict:
    """The Pool hand form as a browser sends it, drawn for the next hand."""
    board = stored_board(match)
    data = {
        "token": str(uuid.uuid4()),
        "hand_number": str(board.hands_played + 1),
        "declared": str(board.seated.index(declared)),
    }
    for position, name in enumerate(board.seated):
        data[f"left_{position}"] = str(boxes.get(name, ""))
        data[f"seat_{position}"] = name
    return data


def own(match: Match, kind: str, player: str = "") -> dict:
    return {"token": str(uuid.uuid4()), "kind": kind, "player": player}


def new_pool(client, **fields) -> Match:
    page = client.get(NEW + "?game=pool").content.decode()
    assert 'name="game" value="pool"' in page
    data = {
        "game": "pool",
        "token": str(uuid.uuid4()),
        **{f"player_{seat}": name for seat, name in enumerate(FOUR)},
        "first_dealer": "0",
        "limit": "101",
        "drop": "20",
        "middle_drop": "40",
        "full_count": "80",
        "wrong_show": "80",
        "rejoin": "above_highest",
        "rejoin_until": "79",
        "max_rejoins": "1",
        "hand_limit": "150",
        "ace_value": "10",
        "joker_value": "0",
        "decks": "2",
        **fields,
    }
    response = client.post(NEW, data)
    assert response.status_code == 302, text(response)
    return Match.objects.get(public_id=response["Location"].rstrip("/").split("/")[-1])


def test_the_new_match_page_offers_pool_with_its_rules_filled_and_201s_defaults_linked(
    client, host
):
    assert "Pool Rummy 2 to 6 players" in text(client.get(NEW))
    page = client.get(NEW + "?game=pool").content.decode()
    for name, default in [
        ("limit", "101"),
        ("drop", "20"),
        ("middle_drop", "40"),
        ("full_count", "80"),
        ("wrong_show", "80"),
        ("rejoin_until", "79"),
        ("max_rejoins", "1"),
    ]:
        assert f'name="{name}" value="{default}"' in page
    # The limit carries the defaults it gives (static/js/app.js fills them in).
    linked = json.loads(page.split('data-linked="')[1].split('"')[0].replace("&quot;", '"'))
    assert linked["drop"] == {"*": 20, "201": 25}
    assert linked["rejoin_until"]["201"] == 174 and linked["rejoin_until"]["61"] == 59
    assert 'name="target"' not in page and "The line" not in text(client.get(NEW + "?game=pool"))
    match = new_pool(client, limit="201", drop="25", middle_drop="50", rejoin_until="174")
    assert match.rules["limit"] == 201 and match.rules["drop"] == 25


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"limit": "40"}, "the limit must be a whole number from 50 to 1000"),
        ({"limit": "60", "drop": "60"}, "the drop must be below the limit of 60"),
        ({"rejoin_until": "100"}, "rejoining must end at 99 or less"),
        ({"player_0": ""}, "Seat 1 has no name"),
    ],
)
def test_a_bad_pool_rule_is_refused_next_to_its_field_and_nothing_is_saved(
    client, host, fields, message
):
    data = {
        "game": "pool",
        **{f"player_{seat}": name for seat, name in enumerate(FOUR)},
        "first_dealer": "0",
        "limit": "101",
        "rejoin": "above_highest",
        "ace_value": "10",
        "joker_value": "0",
        "decks": "2",
        "full_count": "80",
        "wrong_show": "80",
        "max_rejoins": "1",
        "hand_limit": "150",
    }
    response = client.post(NEW, {**data, **fields})
    assert response.status_code == 200
    assert message in text(response)
    assert not Match.objects.exists()


def test_a_hand_with_a_count_a_drop_and_cards_is_saved_and_said(client, host):
    match = new_pool(client)
    board = text(client.get(url("detail", match)))
    assert "Alice deals , 13 cards each. Ben plays first." in board
    assert "out at 101" in board and "line" not in board.split("Record hand 1")[1][:40]
    assert "can take 100 more" in board
    response = client.post(
        url("hand", match),
        pool_post(match, "Alice", Ben="35", Cara="drop", Dev="K Q JK 5"),
        follow=True,
    )
    page = text(response)
    assert "Saved hand 1: Ben 35, Cara drop 20, Dev 25." in page
    assert totals_on(response) == {"Alice": 0, "Ben": 35, "Cara": 20, "Dev": 25}
    assert "can take 65 more" in page and "can take 100 more" in page
    assert "Hand 1: Alice declared" in page
    stored = Event.objects.get(match=match, kind="hand").data
    assert stored == {
        "hand": {
            "declared": "Alice",
            "charges": {"Ben": 35, "Cara": "drop", "Dev": ["K", "Q", "JK", "5"]},
        }
    }


def test_the_preview_says_what_is_charged_and_who_will_be_out(client, host):
    match = new_pool(client)
    record(match, pool_hand("Alice", Ben=70, Cara=5, Dev=5))
    preview = text(
        client.post(
            url("preview", match), pool_post(match, "Cara", Alice=3, Ben=95, Dev="middle drop")
        )
    )
    assert "Will record: Alice 3, Ben 95: charged 80, Dev middle drop 40 · Ben is out" in preview


def test_a_bad_charge_is_refused_naming_the_player_and_nothing_is_saved(client, host):
    match = new_pool(client)
    response = client.post(url("hand", match), pool_post(match, "Alice", Ben="1000", Cara="drop"))
    page = text(response)
    assert "Ben's count must be a whole number from 0 to 999" in page
    assert "Dev's charge is missing" in page
    assert 'value="1000"' in response.content.decode()  # what was typed stays
    assert not Event.objects.filter(match=match).exists()


def test_out_players_rejoin_from_the_board_and_a_refused_rejoin_says_why(client, host):
    match = new_pool(client)
    record(match, *TO_OUT)
    page = text(client.get(url("detail", match)))
    assert "out at hand 3" in page
    assert "may rejoin at 71" in page
    assert "Ben rejoins at 71" in page and "Cara rejoins at 71" in page
    response = client.post(url("own_event", match), own(match, "rejoin", "Ben"), follow=True)
    page = text(response)
    assert "Ben rejoined at 71." in page
    assert totals_on(response)["Ben"] == 71
    assert "Cara rejoins at 72" in page
    # Alice takes 10 more: 80, over 79. Cara may no longer rejoin, and the board says why.
    record(match, pool_hand("Dev", Alice=10, Ben=1))
    page = text(client.get(url("detail", match)))
    assert "Cara cannot rejoin: Alice has 80, over 79" in page
    response = client.post(url("own_event", match), own(match, "rejoin", "Cara"), follow=True)
    assert "Cara cannot rejoin: Alice has 80, over 79" in text(response)
    assert Event.objects.filter(match=match, kind="rejoin").count() == 1


def test_a_split_asks_first_and_closes_with_everyone_still_in_sharing_first(client, host):
    match = MatchFactory(host=host, game="pool", players=["Alice", "Ben", "Cara"])
    record(match, pool_hand("Alice", Ben=55, Cara=72), pool_hand("Ben", Alice=40, Cara=0))
    board = text(client.get(url("detail", match)))
    assert "Split the pool…" in board and "Yes, split the pool" in board
    response = client.post(url("own_event", match), own(match, "split"), follow=True)
    page = text(response)
    assert "The players still in split the pool." in page
    assert "No winner" in page
    assert "Places: =1 Alice, =1 Ben, =1 Cara" in page
    assert stored_board(match).places == {"Alice": 1, "Ben": 1, "Cara": 1}


def test_the_last_player_in_wins_with_the_places_shown(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *LAST_IN)
    page = text(client.get(url("detail", match)))
    assert "Alice wins" in page
    assert "Alice wins: the last player still in, with 0." in page
    assert "Places: 1 Alice, 2 Ben, 3 Cara, 4 Dev" in page
    sheet = text(client.get(url("sheet", match)))
    assert "Alice wins: the last player still in, with 0." in sheet


def test_deleting_a_hand_a_later_rejoin_needs_is_refused_naming_the_rejoin(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT, {"rejoin": "Ben"})
    third = Event.objects.filter(match=match, kind="hand").order_by("position")[2]
    response = client.post(url("delete", match, event_id=third.pk), follow=True)
    assert "That would make Ben rejoining impossible: Ben is still in, so cannot rejoin" in text(
        response
    )
    assert Event.objects.filter(match=match, deleted__isnull=True).count() == 4


def test_every_page_of_a_pool_match_answers(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT, {"rejoin": "Ben"}, {"leave": "Dev"})
    for name in ("detail", "sheet", "entries", "export", "export_csv", "match_scoring"):
        response = client.get(url(name, match))
        assert response.status_code == 200, name
    sheet = text(client.get(url("sheet", match)))
    assert "Ben rejoined at 71." in sheet
    # Hand 3 in Ben's cell: the wrong show charged 80, and he is out at 150.
    cell = '<span class="sheet-take">+80</span> <span class="sheet-total">150</span>'
    drawn = client.get(url("sheet", match)).content.decode()
    assert f'{cell}<span class="sheet-mark">wrong show · out</span>' in drawn
    csv_text = client.get(url("export_csv", match)).content.decode()
    rows = list(csv.reader(io.StringIO(csv_text.lstrip("\ufeff"))))
    assert rows[0][:3] == ["hand", "dealer", "declared"]
    assert rows[3][:3] == ["3", "Cara", "Dev"]
    # The rejoin has a row of its own, so that Ben's totals add up: 150, then 71.
    assert rows[3][7:11] == ["70", "150", "101", "60"]
    assert rows[4][:-1] == ["", "", "Ben rejoined at 71", "", "", "", "", "70", "71", "101", "60"]
    assert len(rows) == 5
    entries = text(client.get(url("entries", match)))
    assert "Ben rejoined at 71" in entries and "Dev left the table" in entries
    rejoin = Event.objects.get(match=match, kind="rejoin")
    edit = client.get(url("edit", match, event_id=rejoin.pk))
    assert edit.status_code == 200
    for name in ("history", "home", "players"):
        assert client.get(reverse(f"matches:{name}")).status_code == 200


def test_the_shared_board_follows_a_pool_match(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    link = services.share_new(match=match)
    record(match, *TO_OUT)
    viewer = Client()
    page = text(viewer.get(reverse("matches:shared", args=[link.token])))
    assert "out at 101" in page
    assert "Hand 3: Dev declared · Alice +30, Ben +80 (wrong show · out), Cara +5 (out)" in page
    for name in ("shared_sheet", "shared_big"):
        assert viewer.get(reverse(f"matches:{name}", args=[link.token])).status_code == 200
    # A viewer of the link is sent to log in: nothing is written.
    assert viewer.post(url("own_event", match), own(match, "rejoin", "Ben")).status_code == 302
    assert not Event.objects.filter(match=match, kind="rejoin").exists()


def test_another_host_cannot_rejoin_a_player_of_my_match(client, host):
    from tests.factories import UserFactory

    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT)
    other = Client()
    other.force_login(UserFactory())
    assert other.post(url("own_event", match), own(match, "rejoin", "Ben")).status_code == 404
    assert not Event.objects.filter(match=match, kind="rejoin").exists()


def test_a_pool_match_exported_and_imported_is_the_same_match(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR, max_rejoins=2)
    record(match, *TO_OUT, {"rejoin": "Ben"})
    document = json.loads(client.get(url("export", match)).content)
    assert document["rules"]["game"] == "pool" and document["rules"]["max_rejoins"] == 2
    assert {"rejoin": "Ben"} in document["events"]
    (imported,) = services.matches_import(
        host=host, checked=transfer.import_read(json.dumps(document))
    )
    copy = Match.objects.for_replay().get(pk=imported.pk)
    assert stored_board(copy).totals == stored_board(match).totals
    assert [event.kind for event in copy.live_events()] == ["hand", "hand", "hand", "rejoin"]


def test_the_players_page_keeps_pool_figures(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT, {"rejoin": "Ben"})
    ben = figures(Player.objects.get(host=host, name="Ben"), "pool")
    assert (ben["declared"], ben["times_out"], ben["rejoins"]) == (0, 1, 1)
    assert (ben["charges"], ben["charged"]) == (3, 150)
    page = text(
        client.get(reverse("matches:player", args=[Player.objects.get(host=host, name="Ben").pk]))
    )
    assert "Times out 1" in page and "Rejoins 1" in page and "Average charge 50" in page


def test_the_stored_snapshot_of_a_pool_match_is_what_a_replay_gives(client, host):
    from tests.test_snapshot import assert_current

    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT, {"rejoin": "Ben"}, pool_hand("Alice", Ben=5, Dev=1))
    assert_current(match)
    record(match, {"leave": "Dev"}, pool_hand("Ben", Alice=3), {"split": True})
    assert_current(match)
    # Undo the split: the match is open again, and the snapshot follows.
    split = Event.objects.get(match=match, kind="split")
    services.event_undo(match=match, event_id=split.pk)
    assert stored_board(match).status == "open"
    assert_current(match)


def test_a_rematch_seats_everyone_but_those_who_left(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *LAST_IN)
    response = client.post(url("rematch", match), {"token": str(uuid.uuid4())}, follow=True)
    rematch = Match.objects.exclude(pk=match.pk).get()
    assert rematch.player_names() == FOUR
    assert "Ben deals , 13 cards each." in text(response)


def test_the_players_pages_say_out_players_placed_not_left(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT, {"leave": "Dev"})
    ben = Player.objects.get(host=host, name="Ben")
    page = text(client.get(reverse("matches:player", args=[ben.pk])))
    # Alice is left alone when Dev leaves: Cara, Ben (out at hand 3), then Dev.
    assert "Last results 3rd Places over time" in page
    dev = Player.objects.get(host=host, name="Dev")
    assert "4th, left" in text(client.get(reverse("matches:player", args=[dev.pk])))


@pytest.mark.parametrize(
    ("language", "typed", "saved"),
    [("en", "Middle Drop", "middle_drop"), ("es", "retirada tardia", "middle_drop")],
)
def test_a_box_takes_its_words_in_any_case_and_without_accents(
    client, host, language, typed, saved
):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    client.cookies["django_language"] = language
    client.post(url("hand", match), pool_post(match, "Alice", Ben=typed, Cara=1, Dev=2))
    assert Event.objects.get(match=match).data["hand"]["charges"]["Ben"] == saved


def test_a_word_a_box_does_not_take_is_refused_naming_the_words_it_does(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    response = client.post(url("hand", match), pool_post(match, "Alice", Ben="dorp", Cara=1, Dev=2))
    assert "Ben's charge must be points, cards, or drop, middle drop or wrong show" in text(
        response
    )
    assert not Event.objects.filter(match=match).exists()


def test_the_big_screen_marks_who_is_out_and_the_rules_page_names_no_line(client, host):
    match = MatchFactory(host=host, game="pool", players=FOUR)
    link = services.share_new(match=match)
    record(match, *TO_OUT)
    big = text(Client().get(reverse("matches:shared_big", args=[link.token])))
    assert "Ben (out)" in big and "Cara (out)" in big and "Alice (out)" not in big
    rules = text(client.get(url("rules", match)))
    assert "The house rules are fixed once the first hand is recorded." in rules
    assert "line" not in rules.split("House rules")[2]


def test_a_pool_save_that_charges_six_writes_each_table_in_one_statement(
    client, host, django_assert_num_queries
):
    six = ["Alice", "Ben", "Cara", "Dan", "Eve", "Fay"]
    match = MatchFactory(host=host, game="pool", players=six, limit=1000)
    record(match, *[pool_hand("Alice", Ben=1, Cara=1, Dan=1, Eve=1, Fay=1)] * 30)
    with django_assert_num_queries(4):
        client.get(url("detail", match))
    data = pool_post(match, "Ben", Alice=2, Cara=2, Dan=2, Eve=2, Fay=2)
    # Every player's standing and figures change: each table is written in
    # one statement, never one a player, as a Rummy save writes its one or
    # two rows (test_gin_pages: 11).
    with django_assert_num_queries(11):
        response = client.post(url("hand", match), data)
    assert response.status_code == 302
    assert stored_board(match).totals["Alice"] == 2


def test_the_chart_draws_the_limit_across_it_and_says_it(client, host):
    """Pool has no line to move: its chart draws the limit instead, labelled
    on the axis, so the table sees who came close to going out."""
    match = MatchFactory(host=host, game="pool", players=FOUR)
    record(match, *TO_OUT)
    page = client.get(url("sheet", match)).content.decode()
    assert read_chart(page) == {
        "Alice": [40, 40, 70],
        "Ben": [70, 70, 150],
        "Cara": [80, 96, 101],
        "Dev": [0, 60, 60],
    }
    svg = ET.fromstring(re.search(r"<svg class=\"chart\".*?</svg>", page, re.S).group(0))
    (limit,) = [each for each in svg.iter("polyline") if "chart-line" in each.get("class")]
    assert limit.find("title").text == "out at 101"
    ticks = {
        float(tick.get("y")): int(tick.get("data-points"))
        for tick in svg.iter("text")
        if tick.get("data-points") is not None
    }
    assert sorted(ticks.values()) == [0, 101, 150]
    ys = {float(point.split(",")[1]) for point in limit.get("points").split()}
    assert [ticks[y] for y in ys] == [101]
    assert "A player whose total reaches 101 is out." in page


def test_a_shared_first_place_is_listed_as_the_board_ranks_it_everywhere(client, host):
    """After a split the players still in share first place; every list
    shows them as the board does, by total (the lowest first), not by seat."""
    match = MatchFactory(host=host, game="pool", players=["Joost", "Karin", "Lotte"])
    link = services.share_new(match=match)
    record(match, pool_hand("Karin", Joost=40, Lotte=72))
    client.post(url("own_event", match), own(match, "split"))
    order = ["Karin", "Joost", "Lotte"]
    assert "Places: =1 Karin, =1 Joost, =1 Lotte" in text(client.get(url("detail", match)))
    history = text(client.get(reverse("matches:history")))
    viewer = Client()
    followed = text(viewer.get(reverse("matches:shared", args=[link.token])))
    big = text(viewer.get(reverse("matches:shared_big", args=[link.token])))
    for page in (history, followed, big):
        places = page[page.index("=1") :]  # the list of places, not a filter of names
        assert sorted(order, key=places.index) == order
