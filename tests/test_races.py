"""Races outside hand recording, each through the pages as two phones (or two
taps) send them, released together in threads against a database file, on
SQLite and on PostgreSQL (``make test`` runs both). Each race gets one clean
answer: never a server error, never two of what one tap makes."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches.models import Event, Match, Player
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.factories import board as stored_board
from tests.test_concurrency import at_once
from tests.test_match_pages import hand_post, new_match_data, text, url

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 5  # each race is run this many times: a race lost once is lost


def phone(user: Any) -> Client:
    """A browser signed in as ``user`` (its session stored before the race)."""
    client = Client()
    client.force_login(user)
    return client


def posts(user: Any, path: str, data: dict[str, str], copies: int = 2) -> list[Any]:
    """``copies`` phones of ``user`` posting ``data`` to ``path`` at once."""
    clients = [phone(user) for _ in range(copies)]
    return at_once(*(lambda client=client: client.post(path, data) for client in clients))


def redirects(responses: list[Any]) -> list[str]:
    """Where each response sends the phone; fails on anything but a redirect."""
    assert [response.status_code for response in responses] == [302] * len(responses), responses
    return [response["Location"] for response in responses]


def test_the_same_start_form_twice_at_once_makes_one_match():
    host = UserFactory()
    for _ in range(ROUNDS):
        data = new_match_data(token=str(uuid.uuid4()), player_3="Dan")
        first, second = redirects(posts(host, reverse("matches:new"), data))
        assert first == second
    assert Match.objects.filter(host=host).count() == ROUNDS
    assert sorted(Player.objects.filter(host=host).values_list("name", flat=True)) == [
        "Alice",
        "Ben",
        "Cara",
        "Dan",
    ]


def test_two_new_matches_at_once_with_the_same_new_names_share_the_players():
    for number in range(ROUNDS):
        host = UserFactory()
        one = new_match_data(token=str(uuid.uuid4()), player_0=f"Zoë {number}")
        other = new_match_data(token=str(uuid.uuid4()), player_0=f"ZOË {number}")
        clients = [phone(host), phone(host)]
        responses = at_once(
            lambda client=clients[0], data=one: client.post(reverse("matches:new"), data),
            lambda client=clients[1], data=other: client.post(reverse("matches:new"), data),
        )
        assert len(set(redirects(responses))) == 2
        assert Player.objects.filter(host=host).count() == 3
        seats = {
            tuple(match.player_names()) for match in Match.objects.for_replay().filter(host=host)
        }
        assert len(seats) == 1, seats  # the one who came second joined the first's spelling


def test_the_same_rematch_form_twice_at_once_makes_one_rematch():
    for _ in range(ROUNDS):
        match = MatchFactory(players=["Alice", "Ben"])
        record(match, hand("Ben", Alice=100))
        token = str(uuid.uuid4())
        first, second = redirects(posts(match.host, url("rematch", match), {"token": token}))
        assert first == second
        assert Match.objects.filter(host=match.host).count() == 2
        assert Match.objects.get(pk=match.pk).next_match.public_id in first


def test_rematch_tapped_on_two_phones_at_once_makes_one_rematch():
    match = MatchFactory(players=["Alice", "Ben"])
    record(match, hand("Ben", Alice=100))
    clients = [phone(match.host), phone(match.host)]
    responses = at_once(
        *(
            lambda client=client: client.post(url("rematch", match), {"token": str(uuid.uuid4())})
            for client in clients
        )
    )
    first, second = redirects(responses)
    assert first == second
    assert Match.objects.filter(host=match.host).count() == 2


def test_the_same_new_name_joining_two_matches_at_once_is_one_player():
    for number in range(ROUNDS):
        host = UserFactory()
        tables = [MatchFactory(host=host, players=["Alice", "Ben"]) for _ in range(2)]
        name = f"Dan {number}"
        clients = [phone(host), phone(host)]
        responses = at_once(
            *(
                lambda client=client, table=table, name=name: client.post(
                    url("seats", table),
                    {"token": str(uuid.uuid4()), "action": "join", "player": name, "after": ""},
                )
                for client, table in zip(clients, tables, strict=True)
            )
        )
        redirects(responses)
        assert Player.objects.filter(host=host, name=name).count() == 1
        for table in tables:
            assert stored_board(table).seated == ("Alice", "Ben", name)


def their_match() -> Match:
    """Another host's match, made by a Start form with its token."""
    theirs = MatchFactory(players=["Zed", "Yan"])
    Match.objects.filter(pk=theirs.pk).update(token=uuid.uuid4())
    return Match.objects.get(pk=theirs.pk)


def test_a_start_form_token_of_another_hosts_match_is_out_of_date():
    theirs = their_match()
    mine = UserFactory()
    response = phone(mine).post(reverse("matches:new"), new_match_data(token=str(theirs.token)))
    assert response.status_code == 200
    page = text(response)
    assert "This form is out of date: reload the page, then enter it again." in page
    assert "Zed" not in page and theirs.public_id not in response.content.decode()
    assert not Match.objects.filter(host=mine).exists()


def test_a_hand_form_token_of_another_hosts_hand_is_out_of_date():
    theirs = MatchFactory(players=["Zed", "Yan"])
    token = uuid.uuid4()
    record(theirs, hand("Zed", Yan=44))
    Event.objects.filter(match=theirs).update(token=token)
    mine = MatchFactory(players=["Alice", "Ben"])
    response = phone(mine.host).post(url("hand", mine), hand_post(mine, "Ben", token, Alice=23))
    page = text(response)
    assert "This form is out of date: reload the page, then enter it again." in page
    assert "Zed" not in page and "Yan" not in page
    assert not Event.objects.filter(match=mine).exists()


def test_a_rematch_token_of_another_hosts_match_is_out_of_date():
    theirs = their_match()
    mine = MatchFactory(players=["Alice", "Ben"])
    record(mine, hand("Ben", Alice=100))
    client = phone(mine.host)
    response = client.post(url("rematch", mine), {"token": str(theirs.token)}, follow=True)
    page = text(response)
    assert "This form is out of date: reload the page, then enter it again." in page
    assert "Zed" not in page
    assert Match.objects.filter(host=mine.host).count() == 1
