"""The host's pages through Django's test client: what a host sees after each
step, what is stored, and who may see what."""

from __future__ import annotations

import html
import re
import uuid

import pytest
from django.urls import reverse

from matches.models import Event, Match, Player
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.factories import board as stored_board

pytestmark = pytest.mark.django_db

SCHEMES = ["highest_wins", "penalty"]


def url(name: str, match: Match, **kwargs) -> str:
    return reverse(f"matches:{name}", kwargs={"public_id": match.public_id, **kwargs})


def text(response) -> str:
    """The visible words of a page, with tags and extra spaces removed."""
    page = response.content.decode()
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip())


def totals_on(response) -> dict[str, int]:
    page = response.content.decode()
    return {
        name: int(points.replace('<span class="minus">\u2212</span>', "-"))
        for name, points in re.findall(
            r'data-player="([^"]+)">((?:-|<span class="minus">\u2212</span>)?\d+)<', page
        )
    }


def leaders_on(page: str) -> list[str]:
    """The players whose row of the score sheet is marked as the leader."""
    rows = re.findall(r'<tr class="player([^"]*)".*?<span class="name"[^>]*>([^<]+)<', page, re.S)
    return [name for classes, name in rows if "leader" in classes.split()]


def hand_post(match: Match, went_out: str, token: uuid.UUID | None = None, rummy=False, **left):
    """The hand form as a browser would send it, drawn for the next hand."""
    board = stored_board(match)
    seated = board.seated
    data = {
        "token": str(token or uuid.uuid4()),
        "hand_number": str(board.hands_played + 1),
        "went_out": "nobody" if went_out is None else str(seated.index(went_out)),
    }
    if rummy:
        data["rummy"] = "on"
    for position, name in enumerate(seated):
        data[f"left_{position}"] = str(left.get(name, ""))
        data[f"seat_{position}"] = name
    return data


# Accounts ---------------------------------------------------------------------------


def test_it_welcomes_a_newcomer_with_sign_up_in_one_tap(client):
    response = client.get(reverse("matches:home"))
    assert response.status_code == 200
    assert "One phone keeps the score for the whole Rummy table" in text(response)
    page = response.content.decode()
    assert f'href="{reverse("matches:signup")}"' in page
    assert f'href="{reverse("login")}"' in page


def test_it_sends_a_stranger_to_log_in(client):
    response = client.get(reverse("matches:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_it_signs_up_a_host_and_logs_them_in(client):
    response = client.post(
        reverse("matches:signup"),
        {
            "username": "dana",
            "password1": "a long card table pass",
            "password2": "a long card table pass",
        },
    )
    assert response.status_code == 302
    assert client.get(reverse("matches:home")).status_code == 200


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short pass", "This password is too short. It must contain at least 12 characters."),
        ("password1234", "This password is too common."),
    ],
)
def test_it_refuses_a_weak_password(client, password, message):
    response = client.post(
        reverse("matches:signup"),
        {"username": "dana", "password1": password, "password2": password},
    )
    assert response.status_code == 200
    assert message in text(response)


def test_it_logs_a_host_in(client):
    UserFactory(username="erin")
    response = client.post(
        reverse("login"), {"username": "erin", "password": "correct horse battery staple"}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("matches:home")


# New match ---------------------------------------------------------------------------------


def new_match_data(**overrides):
    data = {
        "player_0": "Alice",
        "player_1": "Ben",
        "player_2": "Cara",
        "first_dealer": "0",
        "scheme": "highest_wins",
        "target": "100",
        "rummy_bonus": "double",
        "stock_out": "lowest_hand",
        "hand_limit": "150",
        "ace_value": "1",
        "decks": "",
    }
    return {**data, **overrides}


def test_it_offers_every_house_rule_with_its_default(client, host):
    response = client.get(reverse("matches:new"))
    page = response.content.decode()
    for name, value in [
        ("scheme", "highest_wins"),
        ("rummy_bonus", "double"),
        ("stock_out", "lowest_hand"),
        ("ace_value", "1"),
        ("decks", ""),
    ]:
        assert re.search(rf'name="{name}" value="{value}"[^>]*checked', page), name
    assert 'name="target" value="100"' in page
    assert 'name="hand_limit" value="150"' in page
    # The default decks follow the players who start (a later join adds none).
    assert "By the players who start: 1 for 2 to 4, 2 for 5 or 6" in page


def test_it_creates_a_match_with_seats_and_first_dealer(client, host):
    response = client.post(reverse("matches:new"), new_match_data(first_dealer="1", target="200"))
    match = Match.objects.get(host=host)
    assert response["Location"] == url("detail", match)
    assert match.player_names() == ["Alice", "Ben", "Cara"]
    board = client.get(url("detail", match))
    assert "Ben deals , 7 cards each. Cara plays first." in text(board)
    assert "line 200" in text(board)
    assert match.rules["decks"] == 1


def test_it_creates_one_match_for_a_double_tap_on_start(client, host):
    data = new_match_data(token=str(uuid.uuid4()))
    first = client.post(reverse("matches:new"), data)
    second = client.post(reverse("matches:new"), data)
    assert Match.objects.count() == 1
    assert first["Location"] == second["Location"]


def test_it_reuses_a_hosts_players_by_name_in_any_case(client, host):
    Player.objects.create(host=host, name="Alice")
    client.post(reverse("matches:new"), new_match_data(player_0="alice"))
    assert Player.objects.filter(host=host).count() == 3
    assert Match.objects.get(host=host).player_names() == ["Alice", "Ben", "Cara"]


def test_it_offers_names_used_before(client, host):
    Player.objects.create(host=host, name="Gran")
    response = client.get(reverse("matches:new"))
    assert '<option value="Gran">' in response.content.decode()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"player_1": "", "player_2": ""}, "a match needs 2 to 6 players"),
        ({"player_2": "ALICE"}, "Alice is named twice"),
        # A run of spaces inside a name is one space: the same person.
        ({"player_0": "Jo Ann", "player_2": "Jo  Ann"}, "Jo Ann is named twice"),
        ({"target": "50"}, "target must be a whole number from 100 to 1000"),
        ({"target": "two hundred"}, "target must be a whole number from 100 to 1000"),
        ({"hand_limit": "0"}, "the hand limit must be a whole number from 1 to 150"),
        ({"first_dealer": "4"}, "the first dealer must be one of the players"),
    ],
)
def test_it_refuses_a_bad_new_match_and_keeps_what_was_typed(client, host, overrides, message):
    response = client.post(reverse("matches:new"), new_match_data(**overrides))
    assert response.status_code == 200
    assert message in text(response)
    assert f'value="{overrides.get("player_0", "Alice")}"' in response.content.decode()
    assert not Match.objects.exists()


def test_a_name_pasted_past_the_box_s_limit_is_refused_once_naming_the_seat(client, host):
    response = client.post(reverse("matches:new"), new_match_data(player_1="B" * 200))
    page = text(response)
    # Listed once at the top and said once beside the box, in the rules' words.
    assert "One thing to fix: Seat 2: a name has at most 40 characters (this one has 200)" in page
    assert page.count("at most 40 characters") == 2, page
    assert "Ensure this value" not in page
    assert not Match.objects.exists()


def test_the_list_of_what_to_fix_puts_the_colon_as_the_language_does(client, host):
    response = client.post(
        reverse("matches:new"), new_match_data(player_1="B" * 200), HTTP_ACCEPT_LANGUAGE="fr"
    )
    # French sets a (no-break) space before a colon.
    assert "Place 2\u00a0: un nom" in response.content.decode()


def test_a_name_typed_with_a_run_of_spaces_is_the_player_with_one(client, host):
    """A fresh host's find: "Cara  Mia" (two spaces) became a second player
    who looks the same as "Cara Mia" on every page."""
    client.post(reverse("matches:new"), new_match_data(player_0="Cara Mia", player_2="Dan"))
    again = new_match_data(player_0="  Cara \t Mia ", player_2="Dan", token=str(uuid.uuid4()))
    client.post(reverse("matches:new"), again)
    assert list(Player.objects.filter(host=host, name__startswith="Cara").values_list("name")) == [
        ("Cara Mia",)
    ]
    newest = Match.objects.filter(host=host).latest("created")
    assert newest.player_names()[0] == "Cara Mia"


# The board ---------------------------------------------------------------------------------


def test_it_records_worked_example_1_and_shows_ben_at_41_dealing_next(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("hand", match), hand_post(match, "Ben", Alice=23, Cara=18))
    assert response["Location"] == url("detail", match)
    page = client.get(url("detail", match))
    assert totals_on(page) == {"Alice": 0, "Ben": 41, "Cara": 0}
    assert "Ben deals , 7 cards each. Cara plays first." in text(page)
    assert "Hand 1: Ben went out Ben takes 41 Dealt by Alice. Alice held 23. Cara held 18." in text(
        page
    )
    assert Event.objects.get().data == {
        "hand": {"went_out": "Ben", "rummy": False, "leftovers": {"Alice": 23, "Cara": 18}}
    }


def test_it_swaps_only_the_board_for_htmx(client, host):
    match = MatchFactory(host=host)
    response = client.post(
        url("hand", match),
        hand_post(match, "Ben", rummy=True, Alice=23, Cara=18),
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert page.lstrip().startswith('<div id="board"')
    assert "<html" not in page
    assert totals_on(response) == {"Alice": 0, "Ben": 82, "Cara": 0}


@pytest.mark.parametrize(
    ("left", "message"),
    [
        ({"Alice": "23", "Cara": "0"}, "Cara's leftover must be at least 1"),
        ({"Alice": "23", "Cara": ""}, "Cara's leftover is missing"),
        ({"Alice": "23", "Cara": "1o"}, "Cara's leftover must be a whole number"),
        ({"Alice": "200", "Cara": "200"}, "the leftovers add up to 400 points"),
        (
            {"Alice": "23", "Cara": "400"},
            "Cara's leftover of 400 points is more than the whole deck",
        ),
    ],
)
def test_it_refuses_a_typo_next_to_the_player_and_keeps_the_values(client, host, left, message):
    match = MatchFactory(host=host)
    response = client.post(
        url("hand", match), hand_post(match, "Ben", **left), headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert message in text(response)
    if "Cara" in message:
        # The message is the error list Cara's box points at (aria-describedby).
        assert 'aria-describedby="id_left_2_error"' in page
        cara_errors = re.search(
            r'<div class="errors" role="alert" id="id_left_2_error">(.*?)</div>', page
        )
        assert message in html.unescape(cara_errors.group(1))
    assert f'value="{left["Alice"]}"' in page
    assert not Event.objects.exists()


def test_it_asks_who_went_out(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    del data["went_out"]
    response = client.post(url("hand", match), data)
    assert "Choose who went out, or nobody" in text(response)
    assert not Event.objects.exists()


def test_it_records_a_hand_once_for_a_repeated_form_token(client, host):
    match = MatchFactory(host=host)
    token = uuid.uuid4()
    for _ in range(3):
        client.post(url("hand", match), hand_post(match, "Ben", token=token, Alice=23, Cara=18))
    assert Event.objects.count() == 1
    assert totals_on(client.get(url("detail", match)))["Ben"] == 41


def test_it_refuses_a_hand_form_drawn_before_the_seats_changed(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"])
    stale = hand_post(match, "Dan", Alice=3, Ben=5, Cara=6)
    record(match, {"leave": "Ben"})
    response = client.post(url("hand", match), stale)
    page = response.content.decode()
    assert "The players at the table changed since this form was opened" in text(response)
    assert not Event.objects.filter(kind="hand").exists()
    # What was typed stays with the same players: Alice 3, Cara 6, Dan went out.
    assert 'name="left_0" value="3"' in page
    assert 'name="left_1" value="6"' in page
    assert re.search(r'name="went_out" value="2"[^>]*checked', page)


def test_it_records_a_stock_out(client, host):
    match = MatchFactory(host=host)
    client.post(url("hand", match), hand_post(match, None, Alice=12, Ben=5, Cara=20))
    page = client.get(url("detail", match))
    assert totals_on(page) == {"Alice": 0, "Ben": 22, "Cara": 0}
    assert "nobody out: Ben takes 22 (lowest hand)" in text(page)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_it_marks_the_leader_by_the_scheme(client, host, scheme):
    match = MatchFactory(host=host, scheme=scheme)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = client.get(url("detail", match)).content.decode()
    # Ben leads either way: 41 taken, or the only one charged nothing.
    assert leaders_on(page) == ["Ben"]
    record(match, hand("Alice", Ben=30, Cara=2))
    page = client.get(url("detail", match))
    leader = leaders_on(page.content.decode())
    if scheme == "highest_wins":
        assert totals_on(page) == {"Alice": 32, "Ben": 41, "Cara": 0}
        assert leader == ["Ben"]
    else:
        assert totals_on(page) == {"Alice": 23, "Ben": 30, "Cara": 20}
        assert leader == ["Cara"]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_it_shows_the_distance_to_the_line(client, host, scheme):
    match = MatchFactory(host=host, scheme=scheme, target=200)
    record(match, hand("Ben", Alice=23, Cara=18))
    page = text(client.get(url("detail", match)))
    if scheme == "highest_wins":
        assert "Ben leader · deals · 159 to go 41" in page
    else:
        assert "Alice 177 to go 23" in page


def test_it_closes_the_match_and_takes_no_more_hands(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    record(match, hand("Alice", Ben=50), hand("Alice", Ben=45), hand("Ben", Alice=60))
    client.post(url("hand", match), hand_post(match, "Alice", Ben=10))
    page = client.get(url("detail", match))
    assert "Alice wins" in text(page)
    assert "Alice wins with the highest total, 105, once the line of 100 was reached." in text(page)
    assert 'id="hand-form"' not in page.content.decode()
    data = hand_post(match, "Alice", Ben=10)
    response = client.post(url("hand", match), data)
    assert (
        "Not saved. The match is closed: Alice won when the line of 100 was crossed; move the "
        "line to reopen it before recording another hand." in text(response)
    )
    assert "You had entered: Alice went out, Ben 10." in text(response)
    assert Event.objects.filter(match=match).count() == 4


def test_it_names_the_winner_at_the_hand_limit(client, host):
    match = MatchFactory(host=host, hand_limit=1)
    record(match, hand("Cara", Alice=10, Ben=10))
    page = text(client.get(url("detail", match)))
    assert "Cara wins with the highest total, 20, at the hand limit of 1 hand." in page
    match2 = MatchFactory(host=host, hand_limit=1, scheme="penalty")
    record(match2, hand("Cara", Alice=10, Ben=10))
    page = text(client.get(url("detail", match2)))
    assert "Cara wins with the lowest total, 0, at the hand limit of 1 hand." in page


def test_it_says_no_winner_when_the_hand_limit_ends_level(client, host):
    match = MatchFactory(host=host, hand_limit=2)
    record(match, hand("Alice", Ben=10, Cara=20), hand("Ben", Alice=10, Cara=20))
    page = text(client.get(url("detail", match)))
    assert (
        "No winner: the hand limit of 2 hands was reached with Alice and Ben level on 30." in page
    )


# Undo and restore ---------------------------------------------------------------------------------


def test_it_takes_the_last_hand_back_and_puts_it_back(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    page = text(client.get(url("detail", match)))
    assert "Undo: Hand 2: Alice went out" in page
    newest = Event.objects.filter(match=match).order_by("position").last()
    client.post(url("undo", match), {"event": newest.pk})
    page = client.get(url("detail", match))
    assert totals_on(page) == {"Alice": 0, "Ben": 41, "Cara": 0}
    assert "Taken back: hand 2, where Alice went out (Ben 5, Cara 5)." in text(page)
    undone = Event.objects.get(deleted__isnull=False)
    client.post(url("restore", match, event_id=undone.pk))
    assert totals_on(client.get(url("detail", match))) == {"Alice": 10, "Ben": 41, "Cara": 0}


def test_it_forgets_the_restore_once_a_new_hand_is_recorded(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    newest = Event.objects.get(match=match)
    client.post(url("undo", match), {"event": newest.pk})
    assert "Taken back" in text(client.get(url("detail", match)))
    record(match, hand("Alice", Ben=5, Cara=5))
    assert "Taken back" not in text(client.get(url("detail", match)))


# Moving the line ---------------------------------------------------------------------------------


def test_it_asks_before_a_move_of_the_line_closes_the_match(client, host):
    match = MatchFactory(host=host, target=200)
    record(match, hand("Alice", Ben=60, Cara=60))
    response = client.post(
        url("line", match),
        {"target": "100", "token": str(uuid.uuid4())},
        headers={"HX-Request": "true"},
    )
    assert "Moving the line to 100 ends the match: Alice wins with the highest total, 120" in text(
        response
    )
    assert not Event.objects.filter(kind="target").exists()
    token = re.search(
        r'name="token" value="([^"]+)">\s*<input type="hidden" name="target" value="100">',
        response.content.decode(),
    )
    client.post(url("line", match), {"target": "100", "confirm": "on", "token": token.group(1)})
    page = text(client.get(url("detail", match)))
    assert "Alice wins" in page


def test_it_asks_before_a_move_reopens_the_match_and_moves_without_asking_otherwise(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Alice", Ben=60, Cara=60))
    response = client.post(url("line", match), {"target": "200", "token": str(uuid.uuid4())})
    assert "Moving the line to 200 reopens the match" in text(response)
    moved = client.post(
        url("line", match),
        {"target": "200", "confirm": "on", "token": str(uuid.uuid4())},
        follow=True,
    )
    assert (
        "The line is now 200. The match is open again: nobody has won with the line at 200."
        in text(moved)
    )
    match2 = MatchFactory(host=host)
    client.post(url("line", match2), {"target": "300", "token": str(uuid.uuid4())})
    assert "line 300" in text(client.get(url("detail", match2)))
    assert "Ben deals" in text(client.get(url("detail", match)))


def test_a_move_to_where_the_line_stands_records_nothing(client, host):
    match = MatchFactory(host=host, target=250)
    record(match, hand("Alice", Ben=6, Cara=6))
    response = client.post(
        url("line", match), {"target": "250", "token": str(uuid.uuid4())}, follow=True
    )
    assert "The line is already 250: nothing was recorded." in text(response)
    assert not Event.objects.filter(kind="target").exists()
    assert "Fix hand 1" in text(response)  # the hand keeps its place under Undo


def test_taking_back_a_move_of_the_line_says_so_in_a_sentence(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Alice", Ben=6, Cara=6), {"target": 250})
    moved = Event.objects.get(kind="target")
    response = client.post(url("undo", match), {"event": moved.pk}, follow=True)
    assert "Took back the line moved to 250. Put it back below." in text(response)


def test_putting_back_a_move_of_the_line_says_the_line_moved(client, host):
    """A fresh host put back a move of the line and read "Nothing on the
    board changed" while the line and every "to go" had moved."""
    match = MatchFactory(host=host, target=100)
    record(match, hand("Alice", Ben=6, Cara=6), {"target": 150})
    moved = Event.objects.get(kind="target")
    client.post(url("undo", match), {"event": moved.pk})
    response = client.post(url("restore", match, event_id=moved.pk), follow=True)
    page = text(response)
    assert "Put back the move of the line to 150. The line: 100 → 150." in page
    assert "Nothing on the board changed" not in page


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("1001", "The new line must be a whole number of points from 100 to 1000"),
        ("two hundred", "The new line must be a whole number of points from 100 to 1000"),
        ("", "Type the new line: a whole number of points from 100 to 1000"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_it_refuses_a_line_out_of_range_naming_the_box_as_the_page_does(
    client, host, typed, message, htmx
):
    match = MatchFactory(host=host)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(
        url("line", match), {"target": typed, "token": str(uuid.uuid4())}, headers=headers
    )
    page = text(response)
    assert f"Move the line (now 100) Move {message}" in page
    assert "target must" not in page
    assert "This field is required" not in page
    assert not Event.objects.exists()


def test_an_edit_of_a_move_of_the_line_says_what_the_new_line_must_be(client, host):
    match = MatchFactory(host=host)
    record(match, {"target": 300})
    event = Event.objects.get(match=match)
    for typed, message in (
        ("", "Type the new line: a whole number of points from 100 to 1000"),
        ("5000", "The new line must be a whole number of points from 100 to 1000"),
    ):
        response = client.post(url("edit", match, event_id=event.pk), {"target": typed})
        assert f"New line {message}" in text(response)
