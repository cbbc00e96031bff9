"""Security and speed of the match pages, and stale screens: a form drawn
before another screen changed the board."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from matches.models import Event
from tests.factories import MatchFactory, hand, record
from tests.test_match_pages import hand_post, text, url

pytestmark = pytest.mark.django_db

# Security and speed ----------------------------------------------------------------------


def test_it_shows_another_hosts_match_as_not_found(client, host):
    theirs = MatchFactory()
    record(theirs, hand("Ben", Alice=23, Cara=18))
    event = Event.objects.get()
    assert client.get(url("detail", theirs)).status_code == 404
    for name, kwargs in [
        ("hand", {}),
        ("line", {}),
        ("undo", {}),
        ("restore", {"event_id": event.pk}),
    ]:
        assert client.post(url(name, theirs, **kwargs), {"target": "200"}).status_code == 404
    assert Event.objects.filter(deleted__isnull=True).count() == 1
    assert theirs.public_id not in client.get(reverse("matches:home")).content.decode()


def test_it_lists_open_matches_first_with_leader_and_line(client, host):
    closed = MatchFactory(host=host, players=["Dan", "Eve"])
    record(closed, hand("Dan", Eve=100))
    open_match = MatchFactory(host=host, target=200)
    record(open_match, hand("Ben", Alice=23, Cara=18))
    page = text(client.get(reverse("matches:home")))
    assert page.index("Alice 0, Ben 41, Cara 0") < page.index("1 Dan 100, 2 Eve 0")
    assert "Open · Ben leads · 1 hand · line 200" in page
    assert "Closed · Dan won · 1 hand · line 100" in page


def test_it_reads_the_board_in_a_fixed_number_of_queries(client, host, django_assert_num_queries):
    match = MatchFactory(host=host)
    record(match, *[hand("Ben", Alice=2, Cara=3)] * 5)
    # the session, its user, the match with its snapshot and share link, the events
    # shown (the last five and the deleted ones)
    with django_assert_num_queries(4):
        client.get(url("detail", match))


def test_it_lists_matches_in_a_fixed_number_of_queries(client, host, django_assert_num_queries):
    for _ in range(4):
        record(MatchFactory(host=host), hand("Ben", Alice=2, Cara=3))
    # the session, its user, the host's version; drawn: open matches, finished ones,
    # their standings
    with django_assert_num_queries(6):
        client.get(reverse("matches:home"))


# Stale screens ---------------------------------------------------------------------


def test_it_refuses_the_same_hand_from_a_second_tab(client, host):
    match = MatchFactory(host=host)
    tab_a = hand_post(match, "Ben", Alice=23, Cara=18)
    tab_b = hand_post(match, "Ben", Alice=23, Cara=18)
    client.post(url("hand", match), tab_a)
    response = client.post(url("hand", match), tab_b, headers={"HX-Request": "true"})
    assert (
        "The board changed on another screen: this form was for hand 1, and the next hand is "
        "now hand 2." in text(response)
    )
    assert 'value="23"' in response.content.decode()
    assert 'name="hand_number" value="2"' in response.content.decode()
    assert Event.objects.filter(kind="hand").count() == 1


def test_it_keeps_new_entries_typed_into_a_form_that_already_saved(client, host):
    match = MatchFactory(host=host)
    token = uuid.uuid4()
    client.post(url("hand", match), hand_post(match, "Ben", token=token, Alice=23, Cara=18))
    old_form = hand_post(match, "Cara", token=token, Alice=10, Ben=10)
    old_form["hand_number"] = "1"
    response = client.post(url("hand", match), old_form)
    page = response.content.decode()
    assert "This form had already saved a hand, so nothing was saved now." in text(response)
    assert 'value="10"' in page
    assert f'value="{token}"' not in page
    assert Event.objects.count() == 1


def test_it_never_lets_a_browser_keep_a_stale_board(client, host):
    match = MatchFactory(host=host)
    response = client.get(url("detail", match))
    assert "no-store" in response["Cache-Control"]


def test_it_answers_401_to_a_logged_out_phone_so_the_form_stays(client):
    match = MatchFactory()
    response = client.post(
        url("hand", match),
        hand_post(match, "Ben", Alice=23, Cara=18),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 401
    assert not Event.objects.exists()


def test_it_sends_a_logged_out_post_to_log_in_and_back_to_the_board(client):
    match = MatchFactory()
    response = client.post(url("hand", match), hand_post(match, "Ben", Alice=23, Cara=18))
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=" + url("detail", match)


def test_it_takes_back_nothing_when_the_undo_button_is_out_of_date(client, host):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    seen = Event.objects.get()
    record(match, hand("Alice", Ben=5, Cara=5))
    response = client.post(url("undo", match), {"event": seen.pk}, follow=True)
    assert "Nothing was taken back: the board changed on another screen." in text(response)
    assert Event.objects.filter(deleted__isnull=True).count() == 2


def test_it_keeps_the_user_name_but_not_the_passwords_on_a_refused_sign_up(client):
    response = client.post(
        reverse("matches:signup"),
        {"username": "dana", "password1": "short", "password2": "other"},
    )
    page = response.content.decode()
    assert 'name="username" value="dana"' in page
    assert 'value="short"' not in page and 'value="other"' not in page
    assert "The two password fields didn’t match." in text(response)


def test_home_lists_twenty_open_matches_then_the_latest_finished(
    client, host, django_assert_num_queries
):
    for n in range(23):
        MatchFactory(host=host, players=[f"P{n}", "Ben"])
    closed = MatchFactory(host=host, players=["Dan", "Eve"])
    record(closed, hand("Dan", Eve=100))
    page = text(client.get(reverse("matches:home")))
    assert "P22 0, Ben 0" in page and "P3 0, Ben 0" in page
    assert "P2 0, Ben 0" not in page
    assert "Every open match" in page and "All matches: history" in page
    assert page.index("P3 0") < page.index("1 Dan 100")
    # Kept as drawn for this version: the session, its user, the host's version.
    with django_assert_num_queries(3):
        client.get(reverse("matches:home"))


def test_it_sends_pages_compressed(client, host):
    MatchFactory(host=host)
    response = client.get(reverse("matches:home"), HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
