"""Two phones writing at once, against a database file (settings: an
in-memory SQLite database would ignore the busy timeout)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from matches import services, snapshot
from matches.engine.errors import RuleError
from matches.models import Event, Player
from matches.words import refusal
from tests.factories import MatchFactory, figures, hand
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
    refused = [each for each in results if isinstance(each, RuleError)]
    assert len(recorded) == 1 and len(refused) == 1, results
    assert "this form was for hand 1, and the next hand is now hand 2" in refusal(refused[0])
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


def hold_the_save_once_locked(
    monkeypatch: pytest.MonkeyPatch, locked: threading.Event, go_on: threading.Event
) -> None:
    """Make the next save stop between locking its match and writing its
    players' figures (``snapshot.step`` is worked out between the two),
    until ``go_on``; ``locked`` says it got there."""
    step = snapshot.step

    def held(*args: Any, **kwargs: Any) -> Any:
        locked.set()
        go_on.wait(timeout=10)
        return step(*args, **kwargs)

    monkeypatch.setattr(snapshot, "step", held)


@pytest.mark.parametrize("change", ["rename", "merge"])
def test_a_rename_or_merge_during_a_save_waits_for_it_rather_than_deadlocking(
    monkeypatch: pytest.MonkeyPatch, change: str
):
    """A save locks its match, then writes the figures of the player who went
    out; a rename or merge of that player meanwhile must wait for the match
    before it writes the player, or each waits for the other (PostgreSQL
    then cancels one: the save would answer "not saved")."""
    match = MatchFactory()
    ben = match.seats.get(player__name="Ben").player
    benjamin = Player.objects.create(host_id=match.host_id, name="Benjamin")
    locked, go_on = threading.Event(), threading.Event()
    hold_the_save_once_locked(monkeypatch, locked, go_on)

    def save() -> services.Recorded:
        return services.event_record(
            match=match, data=hand("Ben", Alice=23, Cara=18), token=uuid.uuid4(), hand_number=1
        )

    def rename_or_merge() -> Player:
        assert locked.wait(timeout=10)
        # Let the save go on once this change has had time to take what it
        # takes before it waits for the match.
        threading.Timer(0.5, go_on.set).start()
        if change == "rename":
            return services.player_rename(player=ben, name="Benny")
        return services.players_merge(keep=benjamin, gone=ben)

    saved, changed = at_once(save, rename_or_merge)
    assert isinstance(saved, services.Recorded) and saved.created, saved
    assert isinstance(changed, Player), changed
    name = "Benny" if change == "rename" else "Benjamin"
    assert stored_board(match).totals == {"Alice": 0, name: 41, "Cara": 0}
    kept = figures(Player.objects.get(host_id=match.host_id, name=name))
    assert (kept["hands_out"], kept["take"]) == (1, 41)
