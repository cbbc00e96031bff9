"""Many processes serving one database: a real gunicorn (three worker
processes, threads in each) on loopback, pointed at the test database, and
16 phones writing at once. Two phones keep each match and send the same hands
with the same form tokens, as a double tap or a resend from a second phone
would: every hand is recorded once, in order, with no gap in positions.
Runs on SQLite and, under ``make test``, on PostgreSQL."""

from __future__ import annotations

import http.client
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client

from matches import games
from matches.models import Event
from tests.factories import MatchFactory, UserFactory, hand
from tests.test_concurrency import at_once
from tests.test_match_pages import url

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parent.parent
MATCHES = 8
HANDS = 6  # hands each phone sends
PLAYERS = ["Alice", "Ben", "Cara"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """The test database as a ``DATABASE_URL``: the suite's own URL with the
    test database's name in place of its name (SQLite: the test file)."""
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        return f"sqlite:///{name}"
    parts = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    return urllib.parse.urlunsplit(parts._replace(path=f"/{urllib.parse.quote(name)}"))


@pytest.fixture
def gunicorn(tmp_path):
    """A gunicorn on a free loopback port serving the test database."""
    port = free_port()
    with (tmp_path / "gunicorn.log").open("w+b") as log:
        yield from serve(port, log)


def serve(port: int, log: Any) -> Any:
    """Start gunicorn with its errors in ``log``; yield the port; stop it."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DEBUG": "false",
        # The tests' own key: the session the test client made is signed with it.
        "SECRET_KEY": django_settings.SECRET_KEY,
        "SECURE_COOKIES": "false",
        "STATIC_STORAGE": "plain",
        "SERVE_HOST": "127.0.0.1",
    }
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "scoreboard.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--worker-class",
            "gthread",
            "--workers",
            "3",
            "--threads",
            "4",
            "--no-control-socket",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    try:
        for _ in range(150):  # up to 30 s for the workers to boot
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if server.poll() is not None:
                    log.seek(0)
                    pytest.fail(f"gunicorn stopped: {log.read().decode()[-2000:]}")
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not start listening in 30 s")
        yield port
    finally:
        log.seek(0)
        errors = log.read().decode()
        if "Traceback" in errors:
            sys.stderr.write(errors[-6000:])
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


class Phone:
    """A host's phone: its session cookie (made by Django's test client, kept
    in the database), its CSRF cookie, one connection to the server."""

    def __init__(self, port: int, session: str) -> None:
        self.port = port
        self.csrf = uuid.uuid4().hex  # a 32-character secret, as Django's own
        self.cookies = f"{django_settings.SESSION_COOKIE_NAME}={session}; csrftoken={self.csrf}"

    def post(self, path: str, form: dict[str, str]) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(
                "POST",
                path,
                body=urllib.parse.urlencode(form),
                headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": self.cookies,
                    "X-CSRFToken": self.csrf,
                },
            )
            answer = connection.getresponse()
            body = answer.read().decode()
            return answer.status, answer.getheader("Location") or body
        finally:
            connection.close()


def hand_form(number: int, token: uuid.UUID) -> dict[str, str]:
    """Hand ``number`` (from 1): the deal goes round, the others hold a little."""
    out = (number - 1) % len(PLAYERS)
    form = {"token": str(token), "hand_number": str(number), "went_out": str(out)}
    for position, name in enumerate(PLAYERS):
        form[f"seat_{position}"] = name
        form[f"left_{position}"] = "" if position == out else str(number + position)
    return form


def expected_hand(number: int) -> dict:
    out = PLAYERS[(number - 1) % len(PLAYERS)]
    return hand(out, **{name: number + p for p, name in enumerate(PLAYERS) if name != out})


def test_sixteen_phones_on_three_workers_record_every_hand_once(gunicorn):
    host = UserFactory()
    client = Client()
    client.force_login(host)
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    matches = [
        MatchFactory(host=host, players=PLAYERS, target=1000, rummy_bonus="none")
        for _ in range(MATCHES)
    ]
    tokens = [[uuid.uuid4() for _ in range(HANDS)] for _ in matches]
    answers: list[list[tuple[int, str]]] = []

    def keeper(match_index: int):
        def send() -> list[tuple[int, str]]:
            phone = Phone(gunicorn, session)
            path = url("hand", matches[match_index])
            sent = []
            for number in range(1, HANDS + 1):
                form = hand_form(number, tokens[match_index][number - 1])
                sent.append(phone.post(path, form))
            return sent

        return send

    answers = at_once(*(keeper(index // 2) for index in range(2 * MATCHES)))
    for sent in answers:
        assert not isinstance(sent, Exception), sent
        # Recorded, or the same form already recorded: the board either way.
        assert all(status == 302 and body.startswith("/matches/") for status, body in sent), [
            (status, re.sub(r"\s+", " ", body)[:300]) for status, body in sent
        ]
    for match, sent_tokens in zip(matches, tokens, strict=True):
        events = list(Event.objects.filter(match=match).order_by("position"))
        assert [event.position for event in events] == list(range(1, HANDS + 1))
        assert [event.token for event in events] == sent_tokens
        assert [event.data for event in events] == [
            expected_hand(number) for number in range(1, HANDS + 1)
        ]
        board = games.replay(match.engine_match([event.data for event in events]))
        match.refresh_from_db()
        assert match.snapshot["totals"] == [board.totals[name] for name in PLAYERS]
        assert match.hands_played == HANDS


def test_nothing_is_kept_in_one_process():
    """Sessions and the cache live in the database, so every worker and
    every server behind a load balancer sees the same (the boards as drawn
    are the one exception: see the next test)."""
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.cache import cache
    from django.utils.module_loading import import_string

    assert issubclass(import_string(django_settings.SESSION_ENGINE + ".SessionStore"), SessionStore)
    cache.set("signups-127.0.0.1", 3, 60)
    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key FROM rummy_cache")
        keys = [row[0] for row in cursor.fetchall()]
    assert any("signups-127.0.0.1" in key for key in keys)
