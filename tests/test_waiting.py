"""Hands that waited on the phone (static/js/waiting.js) and are sent by
themselves once the connection is back: the answer says saved or refused,
with the server's reason, and nothing is recorded twice or without the
host's word."""

from __future__ import annotations

import re
import uuid

import pytest
from django.test import Client

from matches import services
from matches.models import Event
from matches.words import say
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.factories import board as stored_board
from tests.test_match_pages import hand_post, url

pytestmark = pytest.mark.django_db


def send(client: Client, match, data: dict):
    return client.post(url("hand_send", match), data, headers={"Accept": "application/json"})


def recorded(match) -> list[dict]:
    return [event.data for event in Event.objects.filter(match=match).order_by("position")]


def answer(response) -> dict:
    """The JSON answer, its fresh spare tokens checked and set apart."""
    found = response.json()
    spare = found.pop("spare_tokens")
    assert len(set(spare)) == 10 and all(uuid.UUID(token) for token in spare)
    return found


def test_it_records_a_waiting_hand_and_says_what_it_scored(client, host):
    match = MatchFactory(host=host)
    response = send(client, match, hand_post(match, "Ben", Alice=23, Cara=18))
    assert response.status_code == 200
    assert answer(response) == {
        "outcome": "saved",
        "hand": 1,
        "message": "Saved hand 1: Ben takes 41.",
    }
    assert recorded(match) == [hand("Ben", Alice=23, Cara=18)]
    assert stored_board(match).totals == {"Alice": 0, "Ben": 41, "Cara": 0}
    # The board's note says it too, once the phone draws the board again.
    assert "Saved hand 1: Ben takes 41." in client.get(url("detail", match)).content.decode()


def test_a_token_sent_twice_counts_as_sent_and_records_once(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    send(client, match, data)
    # The answer was lost: the phone sends it again, and again once the
    # board has moved on (the form's hand number is out of date by then).
    # For the phone its hand is saved now, and said so as any save: "was
    # saved already" read as another screen's doing.
    for _ in range(2):
        again = send(client, match, data)
        assert again.status_code == 200
        assert answer(again) == {
            "outcome": "saved",
            "hand": 1,
            "message": "Saved hand 1: Ben takes 41.",
        }
    assert "was saved already" not in client.get(url("detail", match)).content.decode()
    assert recorded(match) == [hand("Ben", Alice=23, Cara=18)]


def test_a_token_that_saved_another_hand_is_refused_and_records_nothing(client, host):
    match = MatchFactory(host=host)
    first = hand_post(match, "Ben", Alice=23, Cara=18)
    send(client, match, first)
    other = {**hand_post(match, "Cara", Alice=5, Ben=7), "token": first["token"]}
    response = send(client, match, other)
    assert response.status_code == 409
    assert answer(response) == {
        "outcome": "refused",
        "kind": "token",
        "message": "Its one-time code had saved another hand already.",
        "next_hand": 2,
        "confirm_slips": "",
    }
    assert recorded(match) == [hand("Ben", Alice=23, Cara=18)]


def test_a_hand_recorded_before_its_match_was_set_aside_counts_as_sent(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    send(client, match, data)
    services.match_abandon(match=match)
    response = send(client, match, data)
    assert answer(response)["outcome"] == "saved"
    assert recorded(match) == [hand("Ben", Alice=23, Cara=18)]


def test_it_refuses_a_hand_whose_number_another_phone_used(client, host):
    match = MatchFactory(host=host)
    mine = hand_post(match, "Cara", Alice=5, Ben=7)  # drawn for hand 1
    record(match, hand("Ben", Alice=23, Cara=18))  # another phone's hand 1
    response = send(client, match, mine)
    assert response.status_code == 409
    assert answer(response) == {
        "outcome": "refused",
        "kind": "taken",
        "message": "another screen recorded hand 1 meanwhile",
        "next_hand": 2,
        "confirm_slips": "",
    }
    assert recorded(match) == [hand("Ben", Alice=23, Cara=18)]
    # The host's choice: save it as the next hand.
    response = send(client, match, {**mine, "hand_number": "2"})
    assert answer(response) == {
        "outcome": "saved",
        "hand": 2,
        "message": "Saved hand 2: Cara takes 12.",
    }
    assert recorded(match) == [hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7)]


def test_it_names_the_player_whose_box_is_wrong(client, host):
    match = MatchFactory(host=host)
    response = send(client, match, hand_post(match, "Ben", Alice=23, Cara=0))
    assert response.status_code == 409
    found = answer(response)
    assert (found["kind"], found["message"]) == ("invalid", "Cara's leftover must be at least 1")
    assert found["next_hand"] == 1
    assert recorded(match) == []


def test_it_asks_about_a_typing_slip_and_saves_on_the_hosts_word(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=230)
    response = send(client, match, data)
    assert response.status_code == 409
    found = answer(response)
    assert (found["kind"], found["message"]) == ("asked", "Cara: 230 points in 7 cards?")
    # The answer to send back names the player and the slip, in no language.
    assert found["confirm_slips"].startswith("Cara ")
    assert recorded(match) == []
    response = send(client, match, {**data, "confirm_slips": found["confirm_slips"]})
    assert answer(response)["outcome"] == "saved"
    assert stored_board(match).totals["Ben"] == 253


@pytest.mark.parametrize("scheme", ["highest_wins", "penalty"])
def test_it_refuses_a_hand_for_a_closed_match_with_no_next_hand(client, host, scheme):
    match = MatchFactory(host=host, scheme=scheme, target=100)
    data = hand_post(match, "Cara", Alice=5, Ben=7)
    # Ben's take of 160, or Alice's 110 under penalty, crosses the line.
    record(match, hand("Ben", Alice=110, Cara=50))
    assert stored_board(match).status == "closed"
    response = send(client, match, data)
    assert response.status_code == 409
    found = answer(response)
    assert (found["kind"], found["next_hand"]) == ("closed", None)
    assert found["message"] == (
        "the match is closed: Ben won when the line of 100 was crossed; move the line to "
        "reopen it before recording another hand"
    )
    assert len(recorded(match)) == 1


def test_it_refuses_a_hand_for_a_match_set_aside(client, host):
    match = MatchFactory(host=host)
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    services.match_abandon(match=match)
    response = send(client, match, data)
    assert response.status_code == 409
    found = answer(response)
    assert (found["kind"], found["message"], found["next_hand"]) == (
        "set_aside",
        say("abandoned"),
        None,
    )
    assert recorded(match) == []


def test_a_logged_out_phone_gets_401_and_nothing_is_saved(client):
    match = MatchFactory()
    response = send(client, match, hand_post(match, "Ben", Alice=23, Cara=18))
    assert response.status_code == 401
    assert recorded(match) == []


def test_another_host_gets_404(client, host):
    match = MatchFactory(host=UserFactory())
    response = send(client, match, hand_post(match, "Ben", Alice=23, Cara=18))
    assert response.status_code == 404
    assert recorded(match) == []


def test_it_needs_the_csrf_token(host):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    match = MatchFactory(host=host)
    response = send(strict, match, hand_post(match, "Ben", Alice=23, Cara=18))
    assert response.status_code == 403
    assert recorded(match) == []


def test_the_board_gives_ten_spare_tokens_for_hands_that_wait(client, host):
    match = MatchFactory(host=host)
    page = client.get(url("detail", match)).content.decode()
    spare = re.search(r'data-spare-tokens="([^"]+)"', page).group(1).split()
    assert len(spare) == 10 and len(set(spare)) == 10
    own = re.search(r'name="token" value="([^"]+)"', page).group(1)
    assert own not in spare
    assert all(uuid.UUID(token) for token in spare)
    assert f'data-send-url="{url("hand_send", match)}"' in page
    # A fix of a recorded hand never waits on the phone: no spare tokens.
    record(match, hand("Ben", Alice=23, Cara=18))
    event = Event.objects.get(match=match)
    fixing = client.get(url("fix", match, event_id=event.pk)).content.decode()
    assert "data-spare-tokens" not in fixing


def test_a_waiting_hand_is_sent_in_a_fixed_number_of_queries(
    client, host, django_assert_num_queries
):
    match = MatchFactory(host=host)
    record(match, *[hand("Ben", Alice=1, Cara=1) for _ in range(5)])
    data = hand_post(match, "Ben", Alice=23, Cara=18)
    # as a save without JavaScript (test_board_loop)
    with django_assert_num_queries(11):
        response = send(client, match, data)
    assert answer(response)["outcome"] == "saved"


def test_a_stale_hand_is_refused_as_taken_before_any_typing_slip_question(client, host):
    match = MatchFactory(host=host)
    mine = hand_post(match, "Ben", Alice=23, Cara=230)  # for hand 1, with a slip
    record(match, hand("Cara", Alice=5, Ben=7))  # another phone's hand 1
    found = answer(send(client, match, mine))
    assert (found["kind"], found["message"], found["next_hand"]) == (
        "taken",
        "another screen recorded hand 1 meanwhile",
        2,
    )
    assert recorded(match) == [hand("Cara", Alice=5, Ben=7)]


def test_a_hand_ahead_of_the_board_says_which_hand_is_next(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Cara", Alice=5, Ben=7))
    ahead = {**hand_post(match, "Ben", Alice=23, Cara=18), "hand_number": "3"}
    found = answer(send(client, match, ahead))
    assert (found["kind"], found["message"], found["next_hand"]) == (
        "taken",
        "the board's next hand is hand 2 (a hand was taken back?)",
        2,
    )
    assert recorded(match) == [hand("Cara", Alice=5, Ben=7)]


@pytest.mark.parametrize(
    ("dealer", "leader", "shown", "while_waiting"),
    [
        ("Alice", None, "deals · 100 to go", "100 to go"),
        ("Ben", "Ben", "leader · deals · 59 to go", "leader · 59 to go"),
    ],
)
def test_the_dealers_marks_leave_no_separator_astray_while_hands_wait(
    client, host, dealer, leader, shown, while_waiting
):
    match = MatchFactory(host=host, first_dealer="Alice")  # Ben deals after one hand
    if leader:
        record(match, hand("Ben", Alice=23, Cara=18))
    page = client.get(url("detail", match)).content.decode()
    marks = re.search(
        rf'{dealer}</span>\s*<span class="who-more"><span class="mark [^>]*></span>'
        r'<span class="marks">(.*?)</span></span></th>',
        page,
        re.S,
    ).group(1)

    def read(markup: str) -> str:
        return " ".join(re.sub(r"<[^>]+>", "", markup).split())

    assert read(marks) == shown
    # static/js/waiting.js hides the dealer's mark while hands wait.
    assert read(re.sub(r'<span class="dealer-mark">.*?</span>', "", marks)) == while_waiting


def test_a_hand_kept_offline_is_recorded_at_the_time_it_was_entered(client, host):
    """The phone sends when each waiting hand was entered (played_at): the
    history says then, not when the connection came back; never a time in
    the future, nor one before the entry recorded last (a phone's clock can
    be wrong, the order stays)."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Match

    match = MatchFactory(host=host)
    Match.objects.filter(pk=match.pk).update(created=timezone.now() - timedelta(hours=2))
    entered = timezone.now() - timedelta(minutes=12)
    data = hand_post(match, "Ben", Alice=23, Cara=18, token=uuid.uuid4())
    send(client, match, {**data, "played_at": entered.isoformat()})
    first = Event.objects.get(match=match)
    assert abs((first.created - entered).total_seconds()) < 1
    # A clock ahead of the server: now. Behind the last entry: just after it.
    data = hand_post(match, "Cara", Alice=5, Ben=5, token=uuid.uuid4())
    data["hand_number"] = "2"
    before = timezone.now()
    send(client, match, {**data, "played_at": (before + timedelta(hours=3)).isoformat()})
    second = Event.objects.filter(match=match).order_by("position").last()
    assert before <= second.created <= timezone.now()
    data = hand_post(match, "Alice", Ben=5, Cara=5, token=uuid.uuid4())
    data["hand_number"] = "3"
    send(client, match, {**data, "played_at": (entered - timedelta(minutes=30)).isoformat()})
    third = Event.objects.filter(match=match).order_by("position").last()
    assert third.created == second.created
    # Without it (a Save with the connection up), or unreadable: now.
    data = hand_post(match, "Ben", Alice=5, Cara=5, token=uuid.uuid4())
    data["hand_number"] = "4"
    send(client, match, {**data, "played_at": "yesterday"})
    fourth = Event.objects.filter(match=match).order_by("position").last()
    assert fourth.created >= third.created and fourth.created >= before
