"""Two phones of one host at once, on a real gunicorn (three workers): one
takes back the newest entry and puts it back, the other saves hands and
deletes the newest, while three more read the board, the entries, the sheet
and the export. Every answer is a real one: a page read one consistent state
of the match (never a 500), the database was never too busy (never a 503),
and a write that lost a race says so in words. Afterwards the stored
snapshot is what a replay of the stored events gives."""

from __future__ import annotations

import http.client
import re
import uuid

import pytest
from django.conf import settings as django_settings
from django.test import Client

from matches import games, services
from matches.models import Event, Match
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_concurrency import at_once
from tests.test_many_workers import PLAYERS, Phone, gunicorn  # noqa: F401 (a fixture)
from tests.test_match_pages import hand_post, text, totals_on, url

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 12  # what each phone does, in turn; bounded


class Reader(Phone):
    def get(self, path: str, htmx: bool = False) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            headers = {"Cookie": self.cookies, **({"HX-Request": "true"} if htmx else {})}
            connection.request("GET", path, headers=headers)
            answer = connection.getresponse()
            return answer.status, answer.read().decode()
        finally:
            connection.close()

    def send(self, path: str, form: dict[str, str]) -> tuple[int, str]:
        """A form sent by htmx: the answer is the board (or the reason)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(
                "POST",
                path,
                body="&".join(f"{key}={value}" for key, value in form.items()),
                headers={
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": self.cookies,
                    "X-CSRFToken": self.csrf,
                    "HX-Request": "true",
                },
            )
            answer = connection.getresponse()
            return answer.status, answer.read().decode()
        finally:
            connection.close()


def found(pattern: str, page: str) -> str | None:
    match = re.search(pattern, page)
    return match.group(1) if match else None


def test_two_phones_and_three_readers_at_once_get_only_real_answers(gunicorn):  # noqa: F811
    host = UserFactory()
    client = Client()
    client.force_login(host)
    session = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    match = MatchFactory(host=host, players=PLAYERS, target=1000)
    record(match, *[hand("Ben", Alice=1, Cara=2)] * 3)
    board = url("detail", match)

    def undoer() -> list[tuple[str, int, str]]:
        phone, said = Reader(gunicorn, session), []
        for _ in range(ROUNDS):
            status, page = phone.get(board)
            said.append(("board", status, page))
            event = found(r'name="event" value="(\d+)"', page)
            if event:
                status, page = phone.send(url("undo", match), {"event": event})
                said.append(("undo", status, page))
                back = found(r'hx-post="([^"]+/restore/)"', page)
                if back:
                    said.append(("put back", *phone.send(back, {})))
        return said

    def saver() -> list[tuple[str, int, str]]:
        phone, said = Reader(gunicorn, session), []
        for _ in range(ROUNDS):
            status, page = phone.get(board)
            said.append(("board", status, page))
            number = found(r'name="hand_number" value="(\d+)"', page) or "1"
            form = {
                "token": str(uuid.uuid4()),
                "hand_number": number,
                "went_out": "1",
                **{f"seat_{seat}": name for seat, name in enumerate(PLAYERS)},
                "left_0": "3",
                "left_2": "4",
            }
            said.append(("save", *phone.send(url("hand", match), form)))
            newest = found(r"/events/(\d+)/edit/", page)
            if newest:
                deleting = f"/matches/{match.public_id}/events/{newest}/delete/"
                said.append(("delete", *phone.send(deleting, {})))
        return said

    def reader(*names: str):
        def read() -> list[tuple[str, int, str]]:
            phone, said = Reader(gunicorn, session), []
            for _ in range(ROUNDS):
                for name in names:
                    said.append((name, *phone.get(url(name, match))))
            return said

        return read

    results = at_once(undoer, saver, reader("detail", "entries"), reader("sheet"), reader("export"))
    answers = []
    for said in results:
        assert not isinstance(said, Exception), said
        answers += said
    failed = [(what, status, re.sub(r"\s+", " ", page)[:300]) for what, status, page in answers]
    failed = [each for each in failed if each[1] >= 500 or each[1] in (400, 403)]
    assert failed == []
    # A write that lost a race answers in words (a 409's body, or a board saying why).
    refused = [page for what, status, page in answers if status == 409]
    assert all(page.strip() and "<" not in page[:1] for page in refused)
    match = Match.objects.get(pk=match.pk)
    replayed = games.replay(match.engine_match())
    assert match.snapshot["totals"] == [replayed.totals[name] for name in PLAYERS]
    assert match.hands_played == len(replayed.hands)


# The same races, one at a time: the other phone's write lands between this
# page's read of the match and its write.


def raced(monkeypatch, name: str, first) -> None:
    """``services.<name>`` with ``first(match)`` landing just before it."""
    real = getattr(services, name)

    def late(*, match: Match, **kwargs):
        first(Match.objects.get(pk=match.pk))
        return real(match=match, **kwargs)

    monkeypatch.setattr(services, name, late)


def test_a_delete_of_an_entry_another_phone_took_back_meanwhile_says_so(client, host, monkeypatch):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    newest = Event.objects.filter(match=match).latest("position")
    raced(monkeypatch, "event_delete", lambda m: services.event_undo(match=m))
    response = client.post(url("delete", match, event_id=newest.pk), follow=True)
    assert response.status_code == 200
    assert "That entry was deleted on another screen, so nothing was changed." in text(response)
    assert totals_on(response) == {"Alice": 0, "Ben": 41, "Cara": 0}


def test_an_edit_of_an_entry_another_phone_deleted_meanwhile_says_so(client, host, monkeypatch):
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    first = Event.objects.filter(match=match).earliest("position")
    raced(
        monkeypatch,
        "event_edit",
        lambda m: services.event_delete(
            match=Match.objects.for_replay().get(pk=m.pk), event_id=first.pk
        ),
    )
    data = hand_post(match, "Ben", Alice=20, Cara=18)
    response = client.post(url("edit", match, event_id=first.pk), data)
    assert response.status_code == 200
    assert "That entry was deleted on another screen, so nothing was changed." in text(response)
    assert Event.objects.get(pk=first.pk).data == hand("Ben", Alice=23, Cara=18)
