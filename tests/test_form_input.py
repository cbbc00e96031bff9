"""What a host can type, through Django's test client: every bad field of a
new match at once, each next to its field; digits of other scripts and
absurdly long numbers get the field's own message, never a server error;
a leftover counted up as a sum ("10+10+5")."""

from __future__ import annotations

import html
import re
import uuid

import pytest
from django.urls import reverse

from matches import games
from matches.engine.errors import RuleError
from matches.hands import HandForm
from matches.models import Event, Match
from matches.words import located, refusal
from tests.factories import MatchFactory, hand, record
from tests.factories import board as stored_board
from tests.test_entry import BAD_SUMS
from tests.test_match_pages import hand_post, new_match_data, text, url

pytestmark = pytest.mark.django_db

TARGET = "target must be a whole number from 100 to 1000"
HAND_LIMIT = "the hand limit must be a whole number from 1 to 150"
CARA_NOT_A_NUMBER = "Cara's leftover must be a whole number of points or a list of cards"
OTHER_DIGITS = ["²", "①"]
LONG_NUMBER = "9" * 5000


def errors_beside(response, field_id: str) -> list[str]:
    """The messages in the error list that the field ``field_id`` points at."""
    found = re.search(
        rf'<div class="errors" role="alert" id="{field_id}_error">(.*?)</div>',
        response.content.decode(),
        flags=re.S,
    )
    assert found, f"no errors beside {field_id}"
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1))]


# A new match: every bad field at once ----------------------------------------------------


def test_it_names_a_gap_a_name_twice_and_a_bad_target_at_once_each_beside_its_field(client, host):
    data = new_match_data(player_1="", player_2="Cara", player_3="ALICE", target="50")
    response = client.post(reverse("matches:new"), data)
    gap = "Seat 2 has no name: type who sits there, or leave only the last seats empty"
    assert response.context["form"].errors == {
        "player_1": [gap],
        "player_3": ["Alice is named twice"],
        "target": [TARGET],
    }
    assert errors_beside(response, "id_player_1") == [gap]
    assert errors_beside(response, "id_player_3") == ["Alice is named twice"]
    assert errors_beside(response, "id_target") == [TARGET]
    assert 'value="ALICE"' in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"player_2": "\u200b\u200b"}, "player_2", "every player needs a name"),
        ({"player_1": "", "player_2": ""}, "player_1", "a match needs 2 to 6 players"),
        ({"hand_limit": "151"}, "hand_limit", HAND_LIMIT),
        ({"first_dealer": "4"}, "first_dealer", "the first dealer must be one of the players"),
    ],
)
def test_it_names_each_bad_new_match_field_beside_it(client, host, overrides, field, message):
    response = client.post(reverse("matches:new"), new_match_data(**overrides))
    assert response.context["form"].errors == {field: [message]}
    assert message in text(response)
    assert not Match.objects.exists()


def test_a_first_dealer_in_an_empty_seat_is_named_once_by_the_seat(client, host):
    data = new_match_data(player_0="", first_dealer="0")
    response = client.post(reverse("matches:new"), data)
    gap = "Seat 1 has no name: type who sits there, or leave only the last seats empty"
    assert response.context["form"].errors == {"player_0": [gap]}
    assert "the first dealer must be one of the players" not in text(response)
    assert not Match.objects.exists()


def test_it_starts_a_match_with_the_last_seats_empty(client, host):
    client.post(reverse("matches:new"), new_match_data(player_2="", player_5=""))
    assert Match.objects.get().player_names() == ["Alice", "Ben"]


def test_it_names_every_bad_house_rule_at_once_on_the_rules_page(client, host):
    match = MatchFactory(host=host)
    data = {**new_match_data(target="²", hand_limit="0"), "decks": ""}
    response = client.post(url("rules", match), data)
    assert response.context["form"].errors == {"target": [TARGET], "hand_limit": [HAND_LIMIT]}
    assert TARGET in text(response)
    assert HAND_LIMIT in text(response)


@pytest.mark.parametrize("typed", OTHER_DIGITS)
def test_it_gives_a_new_matchs_number_boxes_their_own_message(client, host, typed):
    response = client.post(reverse("matches:new"), new_match_data(target=typed, hand_limit=typed))
    assert response.status_code == 200
    assert response.context["form"].errors == {"target": [TARGET], "hand_limit": [HAND_LIMIT]}
    assert not Match.objects.exists()


# Other digits and long numbers: the field's own message -------------------------------------


@pytest.mark.parametrize("typed", OTHER_DIGITS)
def test_it_gives_a_leftover_in_other_digits_the_leftover_message(client, host, typed):
    match = MatchFactory(host=host)
    response = client.post(url("hand", match), hand_post(match, "Ben", Alice=23, Cara=typed))
    assert response.status_code == 200
    assert response.context["hand_form"].errors == {"left_2": [CARA_NOT_A_NUMBER]}
    assert CARA_NOT_A_NUMBER in text(response)
    assert not Event.objects.exists()


@pytest.mark.parametrize("typed", OTHER_DIGITS)
def test_it_previews_a_leftover_in_other_digits_with_the_leftover_message(client, host, typed):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=typed)
    response = client.post(url("preview", match), data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert CARA_NOT_A_NUMBER in text(response)


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("999999999999", "999999999999"),
        ("10+999999999999", "999999999999"),
        (LONG_NUMBER, "9" * 39 + "…"),
    ],
)
def test_it_says_a_leftover_too_big_is_too_big_and_what_the_most_is(client, host, typed, shown):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=typed)
    message = f"Cara's leftover: {shown} is too big; the most is 340 points (the whole deck)"
    response = client.post(url("hand", match), data)
    assert response.status_code == 200
    assert response.context["hand_form"].errors == {"left_2": [message]}
    assert errors_beside(response, "id_left_2") == [message]
    preview = client.post(url("preview", match), data, headers={"HX-Request": "true"})
    assert text(preview) == message
    assert not Event.objects.exists()


def test_a_long_number_in_two_decks_or_in_gin_says_that_games_most(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], decks=2)
    data = hand_post(match, "Ben", Alice=23, Cara="999999999999")
    response = client.post(url("hand", match), data)
    assert errors_beside(response, "id_left_2") == [
        "Cara's leftover: 999999999999 is too big; the most is 680 points (the whole deck)"
    ]
    gin = MatchFactory(host=host, game="gin", players=["Alice", "Ben"])
    data = {
        "token": str(uuid.uuid4()),
        "hand_number": "1",
        "knocked": "0",
        "left_0": "5",
        "seat_0": "Alice",
        "left_1": "10000000000",
        "seat_1": "Ben",
    }
    response = client.post(url("hand", gin), data)
    assert errors_beside(response, "id_left_1") == [
        "Ben's deadwood: 10000000000 is too big; the most is 98 points (ten unmatched cards)"
    ]


@pytest.mark.parametrize("typed", [*OTHER_DIGITS, LONG_NUMBER])
def test_it_reads_who_went_out_only_from_ascii_digits(client, host, typed):
    match = MatchFactory(host=host)
    data = {**hand_post(match, "Ben", Alice=23, Cara=18), "went_out": typed}
    for name in ("hand", "preview"):
        assert client.post(url(name, match), data).status_code == 200
    form = HandForm(data, match=match, seated=stored_board(match).seated)
    assert form.typed_went_out() is None
    assert not form.is_valid()
    assert not Event.objects.exists()


@pytest.mark.parametrize("typed", [*OTHER_DIGITS, "0", "-1"])
def test_it_takes_a_hand_number_in_other_digits_for_an_out_of_date_form(client, host, typed):
    match = MatchFactory(host=host)
    data = {**hand_post(match, "Ben", Alice=23, Cara=18), "hand_number": typed}
    response = client.post(url("hand", match), data)
    assert response.status_code == 200
    assert "hand_number" in response.context["hand_form"].errors
    assert not Event.objects.exists()


@pytest.mark.parametrize("typed", [*OTHER_DIGITS, LONG_NUMBER])
def test_it_gives_a_line_in_other_digits_the_line_message(client, host, typed):
    match = MatchFactory(host=host)
    response = client.post(url("line", match), {"token": str(uuid.uuid4()), "target": typed})
    assert response.status_code == 200
    line = "The new line must be a whole number of points from 100 to 1000"
    assert response.context["line_form"].errors == {"target": [line]}
    assert line in text(response)
    assert not Event.objects.exists()


@pytest.mark.parametrize("action", ["edit", "delete", "restore"])
def test_it_answers_404_to_an_event_id_too_long_for_the_database(client, host, action):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    event = Event.objects.get()
    assert url(action, match, event_id=event.pk).endswith(f"/{event.pk}/{action}/")
    too_long = url("detail", match) + f"events/{'9' * 19}/{action}/"
    if action == "edit":
        assert client.get(too_long).status_code == 404
    assert client.post(too_long, {"went_out": "nobody"}).status_code == 404
    assert client.get(url("detail", match) + f"events/{'²'}/edit/").status_code == 404


# A leftover counted up as a sum --------------------------------------------------------------


@pytest.mark.parametrize("typed", ["10+10+5", "10 + 10 + 5"])
def test_it_records_a_sum_as_its_total(client, host, typed):
    match = MatchFactory(host=host)
    client.post(url("hand", match), hand_post(match, "Ben", Alice=23, Cara=typed))
    assert Event.objects.get().data["hand"]["leftovers"] == {"Alice": 23, "Cara": 25}
    assert stored_board(match).totals["Ben"] == 48


def test_a_leftover_box_brings_up_a_keypad_with_a_plus_for_sums(client, host):
    """``inputmode="tel"``: the dial pad has ``+``; an iPhone's number pad
    (``numeric``) has only digits, so a sum could not be typed. The line box,
    which takes only a number, keeps the number pad."""
    match = MatchFactory(host=host)
    page = client.get(url("detail", match)).content.decode()
    box = re.search(r'<input type="text" name="left_0"[^>]*>', page).group(0)
    assert 'inputmode="tel"' in box
    line = re.search(r'<input type="text" name="target"[^>]*>', page).group(0)
    assert 'inputmode="numeric"' in line


def test_it_tells_the_preview_which_boxes_were_sums(host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice="K 9 4", Cara=" 10 + 10 + 5 ")
    form = HandForm(data, match=match, seated=stored_board(match).seated)
    assert form.is_valid(), form.errors
    assert form.sums() == {"Cara": "10 + 10 + 5"}
    assert form.hand_after().leftovers == {"Alice": 23, "Cara": 25}
    assert HandForm(match=match, seated=stored_board(match).seated).sums() == {}


@pytest.mark.parametrize(("typed", "message"), BAD_SUMS)
def test_it_refuses_a_sum_that_is_not_of_whole_numbers_beside_the_player(
    client, host, typed, message
):
    match = MatchFactory(host=host)
    response = client.post(url("hand", match), hand_post(match, "Ben", Alice=23, Cara=typed))
    assert response.context["hand_form"].errors == {"left_2": [message]}
    assert message in text(response)
    assert f'value="{typed}"' in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_every_wrong_box_of_a_hand_is_named_at_once_and_nothing_is_saved(client, host, scheme):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"], scheme=scheme)
    data = hand_post(match, "Ben", Alice="ten", Cara="-4", Dan="")
    response = client.post(url("hand", match), data)
    left = {name: f"id_left_{seat}" for seat, name in enumerate(["Alice", "Ben", "Cara", "Dan"])}
    assert errors_beside(response, left["Alice"]) == [
        "Alice's leftover must be a whole number of points or a list of cards"
    ]
    assert errors_beside(response, left["Cara"]) == ["Cara's leftover must be at least 1"]
    assert errors_beside(response, left["Dan"]) == ["Dan's leftover is missing"]
    assert 'value="ten"' in response.content.decode()  # what was typed stays in its box
    assert not Event.objects.filter(match=match).exists()


def test_a_match_file_still_names_the_first_wrong_box_of_a_hand():
    from matches.matchfile import read_match

    file = {
        "format": "rummy-match/1",
        "players": ["Alice", "Ben", "Cara"],
        "first_dealer": "Alice",
        "events": [{"hand": {"went_out": "Ben", "leftovers": {"Alice": -1}}}],
    }
    with pytest.raises(RuleError) as refused:
        games.replay(read_match(file))
    assert located(refused.value) == "event 0: Alice's leftover must be at least 1"
    assert [refusal(other) for other in refused.value.others] == ["Cara's leftover is missing"]


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_a_bad_sum_a_card_too_many_and_a_plain_mistake_are_named_on_one_save(client, host, scheme):
    """A sum the form cannot read and a card one too many used to hide every
    other wrong box until the next Save."""
    players = ["Alice", "Ben", "Cara", "Dan"]  # four players: one deck
    match = MatchFactory(host=host, players=players, scheme=scheme)
    left = {name: f"id_left_{seat}" for seat, name in enumerate(players)}
    data = hand_post(match, "Alice", Ben="10+", Cara="+5", Dan="10-5")
    response = client.post(url("hand", match), data)
    assert errors_beside(response, left["Ben"]) == [
        "Ben's leftover: 10+ is not a sum of whole numbers; type points (10+10+5) or the "
        "cards (K 9 4)"
    ]
    assert errors_beside(response, left["Cara"]) == [
        "Cara's leftover: +5 is not a sum of whole numbers; type points (10+10+5) or the "
        "cards (K 9 4)"
    ]
    assert errors_beside(response, left["Dan"]) == [CARA_NOT_A_NUMBER.replace("Cara", "Dan")]
    data = hand_post(match, "Alice", Ben="-3", Cara="KH KH", Dan="5")
    response = client.post(url("hand", match), data)
    assert errors_beside(response, left["Ben"]) == ["Ben's leftover must be at least 1"]
    assert errors_beside(response, left["Cara"]) == [
        "Cara's K♥ is one too many: with 1 deck there is 1 of each card, and Cara holds 2"
    ]
    assert 'value="KH KH"' in response.content.decode()
    assert not Event.objects.filter(match=match).exists()


def test_a_new_match_page_puts_names_carried_from_the_other_game_in_their_seats(client, host):
    """The game's link carries the names typed (static/js/app.js): Gin has
    two seats, so a third name waits for Rummy; a name is cut to a seat's 40
    characters, and escaped."""
    new = reverse("matches:new")
    page = client.get(new, {"game": "gin", "name": ["Alice", "<b>Ben</b>", "Cara"]})
    drawn = page.content.decode()
    assert re.search(r'name="player_0"[^>]*value="Alice"', drawn)
    assert re.search(r'name="player_1"[^>]*value="&lt;b&gt;Ben&lt;/b&gt;"', drawn)
    assert 'name="player_2"' not in drawn
    page = client.get(new, {"game": "rummy", "name": ["A" * 50, "Ben"]})
    assert re.search(r'name="player_0"[^>]*value="' + "A" * 40 + '"', page.content.decode())
    # The line typed too, as typed (Create checks it): escaped, cut to its box.
    page = client.get(new, {"game": "gin", "target": "250"})
    assert re.search(r'name="target"[^>]*value="250"', page.content.decode())
    page = client.get(new, {"game": "rummy", "target": '"><b>9' + "9" * 40})
    assert re.search(r'name="target"[^>]*value="&quot;&gt;&lt;b&gt;9{15}"', page.content.decode())
    assert not Match.objects.exists()
