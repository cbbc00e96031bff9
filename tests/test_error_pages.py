"""The app's own error pages: in its style, with a way back, never a debug page."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

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


# The server's log (standard error) ---------------------------------------------------------


@pytest.fixture
def server_log() -> Iterator[io.StringIO]:
    """What the server writes to standard error, through the handler that
    LOGGING sets up (its filters and all), caught instead."""
    handlers = {
        handler
        for logger in (logging.getLogger(), logging.getLogger("django.request"))
        for handler in logger.handlers
        if handler.get_name() == "stderr"
    }
    assert handlers, "LOGGING has no stderr handler"
    caught = io.StringIO()
    before = {handler: handler.setStream(caught) for handler in handlers}
    try:
        yield caught
    finally:
        for handler, stream in before.items():
            handler.setStream(stream)


def test_a_host_name_not_ours_is_one_line_in_the_log(client, server_log):
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert server_log.getvalue().splitlines() == [
        "400 Bad Request (DisallowedHost): GET /: Invalid HTTP_HOST header: 'evil.example'. "
        "You may need to add 'evil.example' to ALLOWED_HOSTS."
    ]


def test_an_upload_that_cannot_be_read_is_one_line_in_the_log(client, server_log):
    # multipart/form-data with no boundary: Django cannot read the form.
    response = client.post("/signup/", data="--x\r\n", content_type="multipart/form-data")
    assert response.status_code == 400
    assert server_log.getvalue().splitlines() == [
        "400 Bad Request (MultiPartParserError): POST /signup/: Invalid boundary in multipart: None"
    ]


def test_a_suspicious_form_is_one_line_in_the_log(client, server_log, settings):
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 3
    fields = {f"field{number}": "x" for number in range(5)}
    response = client.post("/signup/", fields)
    assert response.status_code == 400
    assert server_log.getvalue().splitlines() == [
        "400 Bad Request (TooManyFieldsSent): POST /signup/: The number of GET/POST "
        "parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS."
    ]


def test_a_bad_request_stays_one_line_whatever_its_path_holds(server_log):
    from django.core.exceptions import SuspiciousOperation
    from django.test import RequestFactory

    # A path may hold a new line (sent as %0A), and so may the reason.
    request = RequestFactory().post("/m/abc%0Aforged line/")
    try:
        raise SuspiciousOperation("two\nlines")
    except SuspiciousOperation as error:
        logging.getLogger("django.security.SuspiciousOperation").error(
            str(error), exc_info=error, extra={"status_code": 400, "request": request}
        )
    assert server_log.getvalue().splitlines() == [
        "400 Bad Request (SuspiciousOperation): POST /m/abc\\nforged line/: two\\nlines"
    ]


def test_a_missing_page_is_not_logged_and_a_server_error_keeps_its_traceback(client, server_log):
    assert client.get("/no/such/page/").status_code == 404
    assert server_log.getvalue() == ""
    try:
        raise ZeroDivisionError("the scoring divided by zero")
    except ZeroDivisionError as error:
        logging.getLogger("django.request").error(
            "Internal Server Error: /m/x/", exc_info=error, extra={"status_code": 500}
        )
    logged = server_log.getvalue()
    assert logged.startswith("Internal Server Error: /m/x/\nTraceback (most recent call last):")
    assert "ZeroDivisionError: the scoring divided by zero" in logged
