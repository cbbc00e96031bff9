"""A Rummy 500 match through the pages, without a browser: its house rules
on the new match page, the hand form (who went out or the stock ran out,
then for each player melded and in hand), the preview with negative scores,
the board's totals below zero, the line up to 5000, and every page of the
match."""

from __future__ import annotations

import csv
import io
import json
import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from matches import services, transfer
from matches.models import Event, Match, Player
from tests.factories import MatchFactory, figures, record
from tests.factories import board as stored_board
from tests.test_match_pages import text, totals_on, url

pytestmark = pytest.mark.django_db

NEW = reverse("matches:new")
THREE = ["Alice", "Ben", "Cara"]
EIGHT = ["Alice", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal"]


def r500_hand(went_out: str | None, **boxes: tuple[int, object]) -> dict:
    """A Rummy 500 hand in match-file shape: each player's (melded, in hand)."""
    return {
        "hand": {
            "went_out": went_out,
            "melded": {name: melded for name, (melded, _) in boxes.items()},
            "in_hand": {name: held for name, (_, held) in boxes.items() if held is not None},
        }
    }


def r500_post(match: Match, went_out: str | None, **boxes: tuple[object, object]) -> dict:
    """The hand form as a browser sends it, drawn for the next hand."""
    board = stored_board(match)
    data = {
        "token": str(uuid.uuid4()),
        "hand_number": str(board.hands_played + 1),
        "went_out": "nobody" if went_out is None else str(board.seated.index(went_out)),
    }
    for position, name in enumerate(board.seated):
        melded, held = boxes.get(name, ("", ""))
        data[f"second_{position}"] = str(melded)
        data[f"left_{position}"] = "" if held is None else str(held)
        data[f"seat_{position}"] = name
    return data


EXAMPLE_1 = r500_hand("Ben", Alice=(30, 12), Ben=(45, None), Cara=(0, ["K", "Q", "A", "JK"]))


def new_r500(client, players=THREE, **fields) -> Match:
    page = client.get(NEW + "?game=rummy500").content.decode()
    assert 'name="game" value="rummy500"' in page
    data = {
        "game": "rummy500",
        "token": str(uuid.uuid4()),
        **{f"player_{seat}": name for seat, name in enumerate(players)},
        "first_dealer": "0",
        "target": "500",
        "going_out_bonus": "0",
        "ace_value": "15",
        "joker_value": "15",
        "decks": "",
        "hand_limit": "150",
        **fields,
    }
    response = client.post(NEW, data)
    assert response.status_code == 302, text(response)
    return Match.objects.get(public_id=response["Location"].rstrip("/").split("/")[-1])


def test_the_new_match_page_offers_rummy_500_for_eight_with_its_rules_filled(client, host):
    assert "Rummy 500 2 to 8 players" in text(client.get(NEW))
    page = client.get(NEW + "?game=rummy500").content.decode()
    for name, default in [("target", "500"), ("going_out_bonus", "0"), ("hand_limit", "150")]:
        assert f'name="{name}" value="{default}"' in page
    assert 'name="player_7"' in page and 'name="player_8"' not in page
    assert "(100 to 5000)" in text(client.get(NEW + "?game=rummy500"))
    # The lines a Rummy 500 table plays to, one tap each.
    for line in (300, 500, 1000):
        assert f'data-set-target="{line}"' in page
    assert 'data-set-target="100"' in client.get(NEW).content.decode()
    match = new_r500(client, EIGHT, target="5000", going_out_bonus="25")
    assert match.player_names() == EIGHT
    assert (match.rules["target"], match.rules["going_out_bonus"]) == (5000, 25)
    assert stored_board(match).rules.decks == 2


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"target": "5001"}, "target must be a whole number from 100 to 5000"),
        ({"going_out_bonus": "101"}, "the going-out bonus must be a whole number from 0 to 100"),
        ({"player_0": ""}, "Seat 1 has no name"),
    ],
)
def test_a_bad_rule_is_refused_next_to_its_field_and_nothing_is_saved(
    client, host, fields, message
):
    data = {
        "game": "rummy500",
        **{f"player_{seat}": name for seat, name in enumerate(THREE)},
        "first_dealer": "0",
        "target": "500",
        "going_out_bonus": "0",
        "ace_value": "15",
        "joker_value": "15",
        "hand_limit": "150",
    }
    response = client.post(NEW, {**data, **fields})
    assert response.status_code == 200
    assert message in text(response)
    assert not Match.objects.exists()


def test_a_hand_of_melded_and_in_hand_boxes_is_saved_with_a_negative_score_said(client, host):
    match = new_r500(client)
    board = text(client.get(url("detail", match)))
    assert "Alice deals , 7 cards each. Ben plays first." in board
    assert "line 500" in board
    assert "Melded" in board and "In hand" in board and "Stock ran out" in board
    response = client.post(
        url("hand", match),
        r500_post(match, "Ben", Alice=("30", "12"), Ben=("45", ""), Cara=("0", "K Q A JK")),
        follow=True,
    )
    page = text(response)
    assert "Saved hand 1: Alice +18, Ben +45, Cara −50." in page
    assert totals_on(response) == {"Alice": 18, "Ben": 45, "Cara": -50}
    assert "Hand 1: Ben went out" in page
    stored = Event.objects.get(match=match, kind="hand").data
    assert stored == {
        "hand": {
            "went_out": "Ben",
            "melded": {"Alice": 30, "Ben": 45, "Cara": 0},
            "in_hand": {"Alice": 12, "Cara": ["K", "Q", "A", "JK"]},
        }
    }


def test_the_preview_shows_each_players_score_negative_ones_plainly(client, host):
    match = new_r500(client, going_out_bonus="25")
    preview = text(
        client.post(
            url("preview", match),
            r500_post(match, "Ben", Alice=("30", "12"), Ben=("45", ""), Cara=("0", "10+10+15+15")),
        )
    )
    assert "Will record: Alice +18, Ben +70, Cara −50" in preview
    stock_out = text(
        client.post(
            url("preview", match),
            r500_post(match, None, Alice=("20", "25"), Ben=("60", "0"), Cara=("5", "5")),
        )
    )
    assert "Will record: Alice −5, Ben +60, Cara 0" in stock_out


def test_bad_boxes_are_refused_naming_the_player_and_what_was_typed_stays(client, host):
    match = new_r500(client)
    response = client.post(
        url("hand", match),
        r500_post(match, "Ben", Alice=("lots", "12"), Ben=("45", ""), Cara=("", "0")),
    )
    page = text(response)
    assert "Alice's melded count must be a whole number of points" in page
    assert "Cara did not go out, so Cara holds at least one card" in page
    assert "Cara's melded count is missing" in page
    assert 'value="lots"' in response.content.decode()
    assert not Event.objects.filter(match=match).exists()


def test_the_stock_running_out_is_a_tap_and_a_hand_over_the_deck_is_refused(client, host):
    match = new_r500(client)
    response = client.post(
        url("hand", match),
        r500_post(match, None, Alice=("300", "3"), Ben=("100", "5"), Cara=("20", "0")),
    )
    assert "melded and in hand add up to 428 points, more than the 426 points of 1 deck" in text(
        response
    )
    response = client.post(
        url("hand", match),
        r500_post(match, None, Alice=("20", "25"), Ben=("60", "0"), Cara=("5", "5")),
        follow=True,
    )
    assert totals_on(response) == {"Alice": -5, "Ben": 60, "Cara": 0}
    assert "Hand 1: The stock ran out" in text(response)


def test_both_over_the_line_the_higher_wins_and_the_line_moves_up_to_5000(client, host):
    match = MatchFactory(host=host, game="rummy500", players=["Alice", "Ben"])
    reach = r500_hand("Alice", Alice=(160, None), Ben=(170, 5))
    record(match, reach, reach, reach, r500_hand("Ben", Alice=(40, 5), Ben=(10, None)))
    page = text(client.get(url("detail", match)))
    assert "Alice wins" in page
    assert totals_on(client.get(url("detail", match))) == {"Alice": 515, "Ben": 505}
    move = {"token": str(uuid.uuid4()), "target": "5000", "confirm": "on"}
    response = client.post(url("line", match), move)
    assert stored_board(match).target == 5000, text(response)
    response = client.post(url("line", match), {"token": str(uuid.uuid4()), "target": "5001"})
    assert "The new line must be a whole number of points from 100 to 5000" in text(response)


def test_fixing_a_hand_puts_both_boxes_back_as_typed(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    record(match, EXAMPLE_1)
    event = Event.objects.get(match=match, kind="hand")
    page = client.get(url("edit", match, event_id=event.pk)).content.decode()
    assert 'name="second_0" value="30"' in page and 'name="left_0" value="12"' in page
    assert 'name="left_2" value="K Q A JK"' in page and 'name="second_2" value="0"' in page


def test_every_page_of_a_rummy_500_match_answers(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    record(match, EXAMPLE_1, {"join": "Dev"}, {"leave": "Ben"})
    for name in ("detail", "sheet", "entries", "export", "export_csv", "match_scoring"):
        response = client.get(url(name, match))
        assert response.status_code == 200, name
    sheet_page = client.get(url("sheet", match)).content.decode()
    assert "−50" in text(client.get(url("sheet", match)))
    # The chart draws Cara's −50 under a line at zero, its axis labelled −50.
    assert 'class="chart-zero"' in sheet_page and 'data-points="-50"' in sheet_page
    csv_text = client.get(url("export_csv", match)).content.decode()
    rows = list(csv.reader(io.StringIO(csv_text.lstrip("\ufeff"))))
    assert rows[0][:3] == ["hand", "dealer", "went out"]
    assert rows[1][:3] == ["1", "Alice", "Ben"]
    entries = text(client.get(url("entries", match)))
    assert "Dev sat down" in entries and "Ben left the table" in entries
    assert (
        "Alice melded 30, held 12. Ben melded 45, held 0. Cara melded 0, held K Q A JK (50)."
        in entries
    )
    for name in ("history", "home", "players"):
        assert client.get(reverse(f"matches:{name}")).status_code == 200


def test_the_shared_board_and_big_screen_show_all_eight(client, host):
    match = MatchFactory(host=host, game="rummy500", players=EIGHT)
    link = services.share_new(match=match)
    record(
        match,
        r500_hand("Hal", **{name: (10, 1) for name in EIGHT[:-1]}, Hal=(20, None)),
    )
    viewer = Client()
    page = text(viewer.get(reverse("matches:shared", args=[link.token])))
    assert "Hand 1: Hal went out" in page
    big_page = viewer.get(reverse("matches:shared_big", args=[link.token])).content.decode()
    totals = big_page.split('class="big-totals many"')[1].split("</ul>")[0]
    assert totals.count("<li") == 8
    big = text(viewer.get(reverse("matches:shared_big", args=[link.token])))
    assert "line 500" in big


def test_another_host_gets_404_and_a_viewer_writes_nothing(client, host):
    from tests.factories import UserFactory

    match = MatchFactory(host=host, game="rummy500", players=THREE)
    other = Client()
    other.force_login(UserFactory())
    post = r500_post(match, "Ben", Alice=("30", "12"), Ben=("45", ""), Cara=("0", "5"))
    assert other.post(url("hand", match), post).status_code == 404
    assert Client().post(url("hand", match), post).status_code == 302
    assert not Event.objects.filter(match=match).exists()


def test_a_rummy_500_match_exported_and_imported_is_the_same_match(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE, going_out_bonus=25)
    record(match, EXAMPLE_1)
    document = json.loads(client.get(url("export", match)).content)
    assert document["rules"]["game"] == "rummy500" and document["rules"]["going_out_bonus"] == 25
    (imported,) = services.matches_import(
        host=host, checked=transfer.import_read(json.dumps(document))
    )
    copy = Match.objects.for_replay().get(pk=imported.pk)
    assert stored_board(copy).totals == {"Alice": 18, "Ben": 70, "Cara": -50}


def test_the_players_page_keeps_rummy_500_figures(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    record(match, EXAMPLE_1, r500_hand(None, Alice=(20, 25), Ben=(60, 0), Cara=(5, 5)))
    cara = Player.objects.get(host=host, name="Cara")
    kept = figures(cara, "rummy500")
    assert {key: kept[key] for key in ("hands", "melded", "in_hand", "times_out", "best_hand")} == {
        "hands": 2,
        "melded": 5,
        "in_hand": 55,
        "times_out": 0,
        "best_hand": 0,
    }
    page = text(client.get(reverse("matches:player", args=[cara.pk])))
    assert "Average melded 2.5 of 2 hands" in page
    assert "Average left in hand 27.5 of 2 hands" in page
    assert "Highest hand 0" in page
    ben = Player.objects.get(host=host, name="Ben")
    page = text(client.get(reverse("matches:player", args=[ben.pk])))
    assert "Went out 1 hand" in page and "Highest hand +60" in page


def test_the_stored_snapshot_of_a_rummy_500_match_is_what_a_replay_gives(client, host):
    from tests.test_snapshot import assert_current

    match = MatchFactory(host=host, game="rummy500", players=THREE)
    record(match, EXAMPLE_1, {"target": 200}, {"join": "Dev"})
    assert_current(match)
    record(match, r500_hand(None, Alice=(20, 25), Ben=(60, 0), Cara=(5, 5), Dev=(0, 3)))
    assert_current(match)


def test_an_eight_player_save_writes_each_table_in_one_statement(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host, game="rummy500", players=EIGHT, target=5000)
    others = {name: (3, 2) for name in EIGHT[1:]}
    record(match, *[r500_hand("Alice", Alice=(3, None), **others)] * 30)
    with django_assert_num_queries(4):
        client.get(url("detail", match))
    boxes = {name: ("3", "" if name == "Ben" else "2") for name in EIGHT}
    data = r500_post(match, "Ben", **boxes)
    # Every player's standing and figures change, as in Pool: one statement
    # a table, however many players (test_pool_pages: 11 for six).
    with django_assert_num_queries(11):
        response = client.post(url("hand", match), data)
    assert response.status_code == 302
    assert stored_board(match).totals["Ben"] == 30 + 3


def test_undo_says_both_boxes_of_the_hand_taken_back(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    record(match, EXAMPLE_1)
    newest = Event.objects.get(match=match)
    client.post(url("undo", match), {"event": newest.pk})
    page = client.get(url("detail", match))
    assert totals_on(page) == {"Alice": 0, "Ben": 0, "Cara": 0}
    assert (
        "Taken back: hand 1, where Ben went out (Alice 30 − 12, Ben 45, Cara 0 − K Q A JK)."
        in text(page)
    )


def test_an_in_hand_count_no_hand_of_cards_could_hold_is_asked_first(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    data = r500_post(match, "Ben", Alice=("30", "12"), Ben=("45", ""), Cara=("0", "230"))
    page = text(client.post(url("hand", match), data))
    assert "Cara: 230 points in hand, when 13 cards hold at most 195?" in page
    assert not Event.objects.filter(match=match).exists()
    response = client.post(url("hand", match), {**data, "confirm_slips": page and ""})
    assert not Event.objects.filter(match=match).exists(), text(response)


def test_how_scoring_works_for_a_match_starts_with_its_game(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    page = client.get(url("match_scoring", match)).content.decode()
    assert page.index('id="rummy500"') < page.index('id="rummy"')
    general = client.get(reverse("matches:scoring")).content.decode()
    assert general.index('id="rummy"') < general.index('id="rummy500"')


def test_a_total_below_zero_reads_with_a_real_minus_sign_on_the_followers_screens(client, host):
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    link = services.share_new(match=match)
    record(match, EXAMPLE_1)
    minus = '<span class="minus">\u2212</span>50'
    followed = Client().get(reverse("matches:shared", args=[link.token])).content.decode()
    assert f'<td class="points">{minus}</td>' in followed
    big = Client().get(reverse("matches:shared_big", args=[link.token])).content.decode()
    assert f'<span class="big-points">{minus}</span>' in big


def test_a_total_below_zero_has_the_same_minus_sign_on_the_sheet_and_the_match_list(client, host):
    match = MatchFactory(host=host, players=THREE, game="rummy500")
    record(match, EXAMPLE_1)  # Cara holds K Q A JK: 50 in hand, nothing melded
    sheet = client.get(url("sheet", match)).content.decode()
    # Her hand's score and her total, each with a real minus sign.
    assert '<span class="sheet-take">\u221250</span> <span class="sheet-total">\u221250</span>' in (
        sheet
    )
    assert "-50" not in text(client.get(url("sheet", match)))
    home = client.get(reverse("matches:home")).content.decode()
    assert 'Cara\u00a0<span class="minus">\u2212</span>50' in home and "-50" not in home


def test_a_hand_scored_0_is_said_on_the_sheet_and_the_followers_screens(client, host):
    """Everyone scores every hand: a newcomer took Vikram's blank cell and
    his missing name in the last hand's line for a player skipped."""
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    link = services.share_new(match=match)
    record(match, r500_hand("Alice", Alice=(30, None), Ben=(5, 5), Cara=(0, 12)))
    sheet = client.get(url("sheet", match)).content.decode()
    assert '<span class="sheet-take">0</span> <span class="sheet-total">0</span>' in sheet
    followed = text(Client().get(reverse("matches:shared", args=[link.token])))
    assert "Hand 1: Alice went out · Alice +30, Ben 0, Cara \u221212" in followed


def test_what_each_held_ends_with_the_language_s_own_full_stop(client, host):
    """Hindi ends a sentence with "।": the history's lines of what each
    player held did with "." among the "।" of the rest."""
    match = MatchFactory(host=host, game="rummy500", players=THREE)
    record(match, r500_hand("Alice", Alice=(30, None), Ben=(5, 5), Cara=(0, 12)))
    page = text(client.get(url("detail", match), HTTP_ACCEPT_LANGUAGE="hi"))
    assert "Cara: मेल्ड 0, हाथ में 12।" in page and "हाथ में 12." not in page


def test_a_hand_of_a_closed_match_is_fixed_in_the_order_its_players_sat(client, host):
    match = MatchFactory(host=host, game="rummy500", players=["Ben", "Alice"])
    reach = r500_hand("Alice", Alice=(160, None), Ben=(170, 5))
    record(match, reach, reach, reach, r500_hand("Ben", Alice=(40, 5), Ben=(10, None)))

    def rows(page: str) -> list[str]:
        return re.findall(r'<td class="points" data-player="([^"]+)"', page)

    # The closed board: in their places, the winner first.
    assert rows(client.get(url("detail", match)).content.decode()) == ["Alice", "Ben"]
    last = Event.objects.filter(match=match).order_by("position").last()
    fixing = client.get(url("fix", match, event_id=last.pk)).content.decode()
    assert rows(fixing) == ["Ben", "Alice"]
