"""Two phones writing at once, against a database file (settings: an
in-memory SQLite database would ignore the busy timeout)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from matches import scoring, services
from matches.models import Event
from tests.factories import MatchFactory, hand
from tests.factories import board as stored_board

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; each result or exception."""
    start = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(position: int, call: Callable[[], Any]) -> None:
        start.wait()
        try:
            results[position] = call()
        except Exception as error:  # noqa: BLE001 - the test inspects it
            results[position] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_it_runs_on_a_database_file():
    assert connection.vendor != "sqlite" or connection.settings_dict["NAME"] != ":memory:"
    assert "memory" not in str(connection.settings_dict["NAME"])


def test_it_records_one_hand_when_two_phones_send_it_at_the_same_moment():
    match = MatchFactory()
    data = hand("Ben", Alice=23, Cara=18)

    def phone() -> services.Recorded:
        return services.event_record(match=match, data=data, token=uuid.uuid4(), hand_number=1)

    results = at_once(phone, phone)
    recorded = [each for each in results if isinstance(each, services.Recorded)]
    refused = [each for each in results if isinstance(each, scoring.RuleError)]
    assert len(recorded) == 1 and len(refused) == 1, results
    assert "this form was for hand 1, and the next hand is now hand 2" in refused[0].message
    assert Event.objects.filter(match=match).count() == 1
    assert stored_board(match).totals == {"Alice": 0, "Ben": 41, "Cara": 0}


def test_it_records_one_hand_when_one_form_arrives_twice_at_once():
    match = MatchFactory()
    token = uuid.uuid4()

    def tap() -> services.Recorded:
        return services.event_record(
            match=match, data=hand("Ben", Alice=23, Cara=18), token=token, hand_number=1
        )

    results = at_once(tap, tap)
    assert sorted(each.created for each in results) == [False, True], results
    assert Event.objects.filter(match=match).count() == 1
