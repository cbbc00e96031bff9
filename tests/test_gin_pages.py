"""A Gin Rummy match through the pages, without a browser: the game chosen
first on the new match page, two seats and Gin's house rules, the board's
hand form (who knocked or a drawn hand, big gin, deadwood as points or
cards), the preview, the final score, and every page of the match."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from matches import services
from matches.models import Event, Match
from tests.factories import MatchFactory, figures, gin_hand, record
from tests.factories import board as stored_board
from tests.test_gin_storage import EXAMPLE_6
from tests.test_match_pages import text, totals_on, url

pytestmark = pytest.mark.django_db

NEW = reverse("matches:new")


def gin_post(match: Match, knocked: str | None, big_gin: bool = False, **deadwood) -> dict:
    """The Gin hand form as a browser sends it, drawn for the next hand."""
    board = stored_board(match)
    data = {
        "token": str(uuid.uuid4()),
        "hand_number": str(board.hands_played + 1),
        "knocked": "drawn" if knocked is None else str(board.seated.index(knocked)),
    }
    if big_gin:
        data["big_gin"] = "on"
    for position, name in enumerate(board.seated):
        data[f"left_{position}"] = str(deadwood.get(name, ""))
        data[f"seat_{position}"] = name
    return data


def test_the_new_match_page_offers_the_game_first_and_gin_has_two_seats(client, host):
    rummy = client.get(NEW)
    assert "Rummy 2 to 6 players Gin Rummy 2 players" in text(rummy)
    assert 'name="player_5"' in rummy.content.decode()
    gin = client.get(NEW + "?game=gin")
    page = gin.content.decode()
    assert 'name="player_1"' in page and 'name="player_2"' not in page
    assert 'name="game" value="gin"' in page
    # Gin's own rules, each filled with its default; none of Rummy's.
    for name, default in [
        ("knock_limit", "10"),
        ("gin_bonus", "25"),
        ("big_gin_bonus", "31"),
        ("undercut_bonus", "25"),
        ("game_bonus", "100"),
        ("box_bonus", "25"),
    ]:
        assert f'name="{name}" value="{default}"' in page
    assert 'name="shutout" value="double_total"' in page and 'name="scheme"' not in page
    assert "The winner's whole final score is doubled" in text(gin)


def new_gin(client, **fields) -> Match:
    data = {
        "game": "gin",
        "token": str(uuid.uuid4()),
        "player_0": "Alice",
        "player_1": "Ben",
        "first_dealer": "0",
        "target": "100",
        "hand_limit": "150",
        "knock_limit": "10",
        "gin_bonus": "25",
        "big_gin_bonus": "31",
        "undercut_bonus": "25",
        "game_bonus": "100",
        "box_bonus": "25",
        "shutout": "double_total",
        "deal": "alternate",
        **fields,
    }
    response = client.post(NEW, data)
    assert response.status_code == 302, text(response)
    return Match.objects.get(public_id=response["Location"].rstrip("/").split("/")[-1])


def test_starting_a_gin_match_stores_its_rules(client, host):
    match = new_gin(client, knock_limit="5", deal="loser", first_dealer="1")
    assert match.game == "gin" and (match.rules["knock_limit"], match.rules["deal"]) == (5, "loser")
    board = client.get(url("detail", match))
    assert "Ben deals , 10 cards each. Alice plays first." in text(board)
    assert "line 100 · Gin Rummy" in text(board)
    assert "Knocked" in text(board) and "Deadwood" in text(board)
    assert "Someone leaves or joins" not in text(board)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"knock_limit": "11"}, "the knock limit must be a whole number from 0 to 10"),
        ({"gin_bonus": "x"}, "the gin bonus must be a whole number from 0 to 50"),
        ({"shutout": "triple"}, "Select a valid choice"),
        ({"player_1": ""}, "Gin Rummy is a game for two: a match needs exactly 2 players"),
    ],
)
def test_a_bad_gin_rule_or_seat_is_refused_next_to_its_field(client, host, fields, message):
    data = {"game": "gin", "player_0": "Alice", "player_1": "Ben", "first_dealer": "0"}
    response = client.post(NEW, {**data, **fields})
    assert response.status_code == 200
    assert message in text(response)
    assert not Match.objects.exists()
    assert 'value="Alice"' in response.content.decode()  # what was typed stays


def test_a_hand_saved_from_the_board_says_what_it_scored(client, host):
    match = new_gin(client)
    response = client.post(
        url("hand", match), gin_post(match, "Alice", Alice=7, Ben=5), follow=True
    )
    assert "Saved hand 1: Undercut: Ben scores 27." in text(response)
    assert totals_on(response) == {"Alice": 0, "Ben": 27}
    assert "1 hand won" in text(response)
    # The undercut's winner does not deal: the deal alternates.
    assert "Ben deals , 10 cards each." in text(response)
    assert "Hand 1: Alice knocked and Ben undercut" in text(response)


def test_the_preview_says_what_save_will_record(client, host):
    match = new_gin(client)
    preview = client.post(url("preview", match), gin_post(match, "Alice", Alice=0, Ben="K Q 9 2"))
    assert "Will record: Gin: Alice scores 56" in text(preview)
    assert "Ben 31" in text(preview)
    big = client.post(url("preview", match), gin_post(match, "Alice", True, Alice=0, Ben=31))
    assert "Will record: Big gin: Alice scores 62" in text(big)


def test_a_big_gins_knocker_may_leave_the_box_empty(client, host):
    """A fresh host left the big gin knocker's box empty and was told the
    deadwood was missing: a big gin has none, so an empty box is 0."""
    match = new_gin(client)
    response = client.post(url("hand", match), gin_post(match, "Alice", True, Ben=31), follow=True)
    assert "Saved hand 1: Big gin: Alice scores 62" in text(response)
    assert stored_board(match).totals == {"Alice": 62, "Ben": 0}
    assert Event.objects.get(match=match).data["hand"]["deadwood"] == {"Ben": 31, "Alice": 0}
    # Without big gin an empty knocker's box is still asked for: 0 (gin) or a knock?
    response = client.post(url("hand", match), gin_post(match, "Ben", Alice=20))
    assert "Ben's deadwood is missing" in text(response)


@pytest.mark.parametrize(
    ("knocked", "big_gin", "deadwood", "message"),
    [
        ("Alice", False, {"Alice": 11, "Ben": 20}, "Alice knocked with 11 points of deadwood"),
        ("Alice", False, {"Alice": 3}, "Ben's deadwood is missing"),
        ("Alice", True, {"Alice": 3, "Ben": 20}, "big gin needs Alice's deadwood to be 0"),
        (None, False, {"Alice": 3}, "nobody knocked, so the hand is drawn and has no deadwood"),
        ("Alice", False, {"Alice": 2, "Ben": "KH KH"}, "Ben's K♥ is one too many"),
    ],
)  # fmt: skip
def test_a_bad_hand_is_refused_naming_the_player_and_nothing_is_saved(
    client, host, knocked, big_gin, deadwood, message
):
    match = new_gin(client)
    response = client.post(url("hand", match), gin_post(match, knocked, big_gin, **deadwood))
    assert message in text(response)
    assert stored_board(match).hands_played == 0
    for name, value in deadwood.items():
        position = ["Alice", "Ben"].index(name)
        assert f'name="left_{position}" value="{value}"' in response.content.decode()


def test_no_choice_of_who_knocked_is_refused_with_the_form_kept(client, host):
    match = new_gin(client)
    data = gin_post(match, "Alice", Alice=3, Ben=20)
    del data["knocked"]
    response = client.post(url("hand", match), data)
    assert "Choose who knocked, or a drawn hand" in text(response)
    assert stored_board(match).hands_played == 0


def test_a_drawn_hand_keeps_the_dealer(client, host):
    match = new_gin(client)
    response = client.post(url("hand", match), gin_post(match, None), follow=True)
    assert "Saved hand 1: Drawn hand: nobody scores." in text(response)
    assert "Alice deals , 10 cards each." in text(response)


@pytest.mark.parametrize("margin", ["positive", "negative"])
def test_a_won_match_shows_the_final_score_with_each_bonus_and_the_margin(client, host, margin):
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], box_bonus=100)
    if margin == "positive":
        record(match, *EXAMPLE_6)
        lines = [
            "Alice: 104 + 400 for 4 hands won + 100 game bonus = 604",
            "Ben: 30 + 200 for 2 hands won = 230",
            "Alice wins by 374.",
        ]
    else:
        record(match, *[gin_hand("Ben", Ben=1, Alice=2)] * 4, gin_hand("Alice", Alice=0, Ben=98))
        lines = [
            "Alice: 123 + 100 for 1 hand won + 100 game bonus = 323",
            "Ben: 4 + 400 for 4 hands won = 404",
            "The margin is −81: Ben's final is 81 more than Alice's, from the hands Ben won. "
            "Alice still wins the match, on the totals.",
        ]
    page = text(client.get(url("detail", match)))
    assert "Alice wins" in page and "Final score" in page
    for line in lines:
        assert line in page


def test_a_shutout_says_so_in_the_final_score(client, host):
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(
        match,
        gin_hand("Alice", Alice=0, Ben=12),
        gin_hand("Alice", Alice=0, Ben=12),
        gin_hand("Alice", Alice=2, Ben=40),
    )
    page = text(client.get(url("detail", match)))
    assert "Alice: (112 + 75 for 3 hands won + 100 game bonus) × 2 for the shutout = 574" in page
    assert "Ben: 0 = 0" in page
    assert "Alice wins by 574." in page


def test_fixing_the_last_hand_opens_it_filled_in(client, host):
    match = new_gin(client)
    client.post(url("hand", match), gin_post(match, "Alice", Alice=7, Ben="KH 2S"))
    event = match.events.get()
    page = client.get(url("fix", match, event_id=event.pk)).content.decode()
    assert 'value="0" id="id_knocked_0" checked' in page
    assert 'name="left_0" value="7"' in page
    assert 'name="left_1" value="KH 2S"' in page


def test_every_page_of_a_gin_match_answers(client, host):
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(match, *EXAMPLE_6[:3], gin_hand(None), gin_hand("Ben", True, Ben=0, Alice=["KH"]))
    for name in ("detail", "sheet", "entries", "export", "export_csv", "match_scoring"):
        response = client.get(url(name, match))
        assert response.status_code == 200, name
    sheet = text(client.get(url("sheet", match)))
    assert "big gin" in sheet and "drawn hand" in sheet
    csv = client.get(url("export_csv", match)).content.decode()
    assert csv.splitlines()[0].startswith("\ufeffhand,dealer,knocked,result")
    assert "5,Ben,Ben,big gin,0,41" in csv
    assert client.get(reverse("matches:history")).status_code == 200
    assert client.get(reverse("matches:home")).status_code == 200
    assert client.get(reverse("matches:players")).status_code == 200


def test_how_scoring_works_covers_gin_with_the_engines_results(client, host):
    page = text(client.get(reverse("matches:scoring")))
    for words in [
        "Gin worked examples",
        "An undercut: Hand 1: Undercut: Ben scores 27.",
        "Big gin: Hand 1: Big gin: Alice scores 62.",
        "The loser deals: Hand 3: Knock: Ben scores 27. Dealers: Ben, Ben, Ben; Alice deals "
        "next. Totals: Alice 15, Ben 27.",
        "The deal alternates: Hand 3: Knock: Ben scores 27. Dealers: Ben, Alice, Alice; Ben "
        "deals next.",
        "Alice: 104 + 100 for 4 hands won + 100 game bonus = 304. Ben: 30 + 50 for 2 hands won "
        "= 80. Alice wins by 224.",
        "The points doubled: Hand 3: Knock: Alice scores 38.",
        "Knocking with 11: Refused: Alice knocked with 11 points of deadwood; the most is 10.",
        "Undercut bonus",
    ]:
        assert words in page
    match = new_gin(client, knock_limit="5")
    own = text(client.get(url("match_scoring", match)))
    assert "Knock limit: 5" in own and "Game bonus: 100" in own


def test_the_shared_board_follows_a_gin_match_to_its_final_score(client, host):
    from django.test import Client

    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    link = services.share_new(match=match)
    record(match, *EXAMPLE_6[:5])
    viewer = Client()
    page = text(viewer.get(reverse("matches:shared", args=[link.token])))
    assert "line 100 · Gin Rummy" in page
    assert "3 hands won" in page and "2 hands won" in page
    assert "Hand 5: Alice knocked · Alice +25" in page
    record(match, EXAMPLE_6[5])
    final = text(viewer.get(reverse("matches:shared", args=[link.token])))
    assert "Alice wins" in final
    assert "Alice: 104 + 100 for 4 hands won + 100 game bonus = 304" in final
    assert "Alice wins by 224." in final
    shared_sheet = text(viewer.get(reverse("matches:shared_sheet", args=[link.token])))
    assert "Alice wins by 224." in shared_sheet
    assert viewer.get(reverse("matches:shared_big", args=[link.token])).status_code == 200


def test_a_gin_match_exported_and_imported_is_the_same_match(client, host):
    import json

    from matches import transfer

    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], knock_limit=8)
    record(match, *EXAMPLE_6[:3], gin_hand(None), {"target": 150})
    document = json.loads(client.get(url("export", match)).content)
    assert document["rules"]["game"] == "gin" and document["rules"]["knock_limit"] == 8
    assert document["events"][3] == {"hand": {"knocked": None, "big_gin": False, "deadwood": {}}}
    checked = transfer.import_read(json.dumps(document))
    (imported,) = services.matches_import(host=host, checked=checked)
    again = Match.objects.for_replay().get(pk=imported.pk)
    assert again.game == "gin" and again.rules["knock_limit"] == 8 and again.rules["target"] == 100
    original = stored_board(match)
    copy = stored_board(again)
    for name in ("totals", "hands_won", "target", "next_hand", "hands_played"):
        assert getattr(copy, name) == getattr(original, name), name


def test_the_players_page_keeps_gin_figures_apart_from_rummys(client, host):
    from matches.models import Player
    from tests.factories import hand

    won = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(won, *EXAMPLE_6)  # Alice wins by 224; Ben's two knocks are plain knocks
    other = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(
        other,
        gin_hand("Alice", Alice=5, Ben=3),  # Ben undercuts Alice
        gin_hand("Ben", True, Ben=0, Alice=10),  # Ben's big gin
        gin_hand("Alice", Alice=0, Ben=4),  # Alice's gin
        gin_hand(None),
    )
    rummy = MatchFactory(host=host, players=["Alice", "Cara"])
    record(rummy, hand("Alice", Cara=30))
    alice = Player.objects.get(host=host, name="Alice")
    rummy, gin = figures(alice), figures(alice, "gin")
    assert (rummy["played"], rummy["hands_out"], rummy["take"]) == (1, 1, 30)
    assert (gin["played"], gin["closed"], gin["won"]) == (2, 1, 1)
    assert (gin["hands_won"], gin["gins"], gin["big_gins"]) == (5, 1, 0)
    assert (gin["undercuts_given"], gin["undercuts_taken"], gin["margin"]) == (0, 1, 224)
    ben = Player.objects.get(host=host, name="Ben")
    rummy, gin = figures(ben), figures(ben, "gin")
    assert (rummy["played"], gin["played"], gin["hands_won"], gin["big_gins"]) == (0, 2, 4, 1)
    assert (gin["undercuts_given"], gin["undercuts_taken"]) == (1, 0)

    page = client.get(reverse("matches:players")).content.decode()
    ben_part = page[page.index(">Ben</a>") :]
    ben_part = ben_part[: ben_part.index("</li>")]
    assert (
        "Gin Rummy" in ben_part
        and "Average take" not in ben_part
        and "Rummy</dt>" not in (ben_part.replace("Gin Rummy</dt>", ""))
    )
    alice_part = page[page.index(">Alice</a>") : page.index(">Ben</a>")]
    assert "Average take" in alice_part and "Gin Rummy" in alice_part
    assert "<dt>Average margin</dt><dd>224.0" in alice_part
    assert "<dt>Undercuts taken</dt><dd>1</dd>" in alice_part


def test_a_gin_board_preview_and_save_cost_what_rummys_do(client, host, django_assert_num_queries):
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"], target=1000)
    record(match, *[gin_hand("Alice", Alice=1, Ben=2)] * 30)
    # the session, its user, the match with its snapshot and share link, the entries shown
    with django_assert_num_queries(4):
        client.get(url("detail", match))
    data = gin_post(match, "Ben", Ben=1, Alice=2)
    with django_assert_num_queries(3):
        client.post(url("preview", match), data)
    # as a Rummy save without JavaScript (test_board_loop): no event before it is read
    with django_assert_num_queries(11):
        response = client.post(url("hand", match), data)
    assert response.status_code == 302
    assert stored_board(match).totals == {"Alice": 30, "Ben": 1}


def test_the_history_lists_gin_matches_beside_rummy_ones_marked(client, host):
    gin = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(gin, gin_hand("Alice", Alice=7, Ben=22))
    rummy = MatchFactory(host=host)
    from tests.factories import hand

    record(rummy, hand("Ben", Alice=23, Cara=18))
    page = text(client.get(reverse("matches:history")))
    assert "Alice 15, Ben 0 Open · Alice leads · 1 hand · line 100 · Gin Rummy" in page
    assert "Alice 0, Ben 41, Cara 0 Open · Ben leads · 1 hand · line 100 ·" in page
    assert page.count("Gin Rummy") == 1


def test_the_sheet_shows_the_final_score_and_a_fix_says_what_it_changed(client, host):
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(match, *EXAMPLE_6)
    sheet = text(client.get(url("sheet", match)))
    assert "line 100 · Gin Rummy" in sheet
    assert "Alice: 104 + 100 for 4 hands won + 100 game bonus = 304" in sheet
    assert "Alice wins by 224." in sheet
    assert "Totals 1 104 wins 2 30" in sheet
    csv = client.get(url("export_csv", match)).content.decode()
    assert csv.splitlines()[-1] == "final,,,margin 224,304,80"
    spanish = client.get(url("export_csv", match), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert spanish.splitlines()[0].startswith("\ufeffmano;reparte;llamó;resultado;Alice puntos")
    assert spanish.splitlines()[-1] == "final;;;margen 224;304;80"
    # The last hand fixed: Alice 1, Ben 26 becomes a gin against 26 (51).
    last = Match.objects.get(pk=match.pk).events.order_by("position").last()
    data = gin_post(match, "Alice", Alice=0, Ben=26)
    del data["hand_number"]
    data["version"] = services.data_version(last.data)
    response = client.post(url("fix", match, event_id=last.pk), data, follow=True)
    assert "Totals: Alice 104 → 130." in text(response)
    assert "Final score: Alice 330, Ben 80; margin +250." in text(response)


def test_a_sum_that_mixes_cards_says_deadwood(client, host):
    match = new_gin(client)
    response = client.post(url("hand", match), gin_post(match, "Alice", Alice=2, Ben="10+K"))
    assert "Ben's deadwood: 10+K mixes points and cards" in text(response)


def test_a_seat_change_sent_to_a_gin_match_is_refused_in_the_note(client, host):
    match = new_gin(client)
    data = {"token": str(uuid.uuid4()), "action": "join", "player": "Cara"}
    response = client.post(url("seats", match), data, follow=True)
    assert "Gin Rummy is a game for two: nobody can leave or join" in text(response)
    assert stored_board(match).seated == ("Alice", "Ben")


def test_an_edit_of_an_earlier_gin_hand_that_would_end_the_match_names_the_later_hand(client, host):
    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(match, gin_hand("Alice", Alice=2, Ben=22), gin_hand("Ben", Ben=3, Alice=13))
    first = Match.objects.get(pk=match.pk).events.order_by("position").first()
    page = client.get(url("edit", match, event_id=first.pk)).content.decode()
    assert 'value="0" id="id_knocked_0" checked' in page and 'name="left_1" value="22"' in page
    data = gin_post(match, "Alice", Alice=0, Ben=98)  # a gin of 123 would end the match
    del data["hand_number"]
    data["version"] = services.data_version(first.data)
    response = client.post(url("edit", match, event_id=first.pk), data)
    assert (
        "That would make hand 2 impossible: the match is closed: Alice won when the line of 100 "
        "was crossed" in text(response)
    )
    assert stored_board(match).totals == {"Alice": 20, "Ben": 10}


def test_both_wrong_deadwood_boxes_are_named_at_once(client, host):
    match = new_gin(client)
    response = client.post(url("hand", match), gin_post(match, "Alice", Alice="-2", Ben="lots"))
    assert "Alice's deadwood must be 0 or more" in text(response)
    assert "Ben's deadwood must be a whole number of points or a list of cards" in text(response)
    assert stored_board(match).hands_played == 0


def test_the_sheet_marks_how_a_hand_ended_in_the_cell_of_who_won_it(client, host):
    """ "2 Ben gin" would read as the dealer's gin: the mark stands in the
    winner's cell; a drawn hand's, with no winner, under the dealer."""
    from tests.test_history import sheet_rows

    match = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    record(match, gin_hand("Alice", Alice=7, Ben=22), gin_hand("Ben", Ben=0, Alice=20))
    record(match, gin_hand(None))
    rows = sheet_rows(client.get(url("sheet", match)).content.decode())
    assert rows == [
        ["1 Alice", "+15 15 (won the hand)", "0"],
        ["2 Ben", "15", "+45 45 gin (won the hand)"],
        ["3 Alice drawn hand", "15", "45"],
    ]
