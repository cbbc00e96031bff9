"""The app's own error pages: in its style, with a way back, never a debug page."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import MatchFactory, UserFactory
from tests.factories import board as stored_board
from tests.test_match_pages import text, url

pytestmark = pytest.mark.django_db


def test_it_shows_its_own_page_for_a_missing_page(client, host):
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "Nothing here" in text(response)
    assert "Back to your matches" in text(response)
    assert "/static/css/app.css" in response.content.decode()


def test_it_shows_its_own_page_for_another_hosts_match(client, host):
    match = MatchFactory(host=UserFactory())
    response = client.get(url("detail", match))
    assert response.status_code == 404
    assert "belongs to another host's match" in text(response)


def test_it_explains_a_csrf_failure_and_saves_nothing(host):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(host)
    match = MatchFactory(host=host)
    response = browser.post(url("line", match), {"target": "200"})
    assert response.status_code == 403
    assert "This page was out of date" in text(response)
    assert "reload the page" in text(response)
    assert stored_board(match).target == 100


def test_it_draws_the_server_error_page_without_a_request():
    # Django renders 500.html with no context at all: it must still draw.
    from django.template.loader import render_to_string

    page = render_to_string("500.html")
    assert "Something went wrong on the server" in page
    assert "Back to your matches" in page


def test_it_shows_its_own_page_for_a_form_address_opened_on_its_own(client, host):
    match = MatchFactory(host=host)
    response = client.get(url("rematch", match))
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert "This address only takes a form" in text(response)
    assert "Back to your matches" in text(response)


def test_a_save_that_waited_too_long_for_the_database_says_busy_and_keeps_nothing(
    client, host, monkeypatch
):
    from django.db import OperationalError

    from matches import services
    from matches.models import Event
    from tests.factories import MatchFactory
    from tests.test_match_pages import hand_post, text, url

    match = MatchFactory(host=host)

    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "event_record", locked)
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.post(
            url("hand", match), hand_post(match, "Ben", Alice=3, Cara=4), **headers
        )
        assert response.status_code == 503
        assert response["Retry-After"] == "5"
        assert "The server was busy: nothing was saved" in text(response)
    assert not Event.objects.filter(match=match).exists()
