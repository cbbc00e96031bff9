"""Putting the past right: docs/rules.md, "Editing the past", through the services."""

from __future__ import annotations

import pytest

from matches import services
from matches.display import changes, refusal
from matches.engine.errors import RuleError
from matches.models import Event
from tests.factories import MatchFactory, hand, record
from tests.factories import board as stored_board

pytestmark = pytest.mark.django_db


def events_of(match):
    return list(Event.objects.filter(match=match).order_by("position"))


def worded(error, match):
    """The refusal as the page words it, naming events as the board shows them."""
    return refusal(error)


def test_it_recomputes_everything_after_an_edited_hand():
    match = MatchFactory()
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    change = services.event_edit(
        match=match, event_id=first.pk, data=hand("Cara", Alice=23, Ben=10)
    )
    board = stored_board(match)
    assert board.totals == {"Alice": 10, "Ben": 0, "Cara": 33}
    assert change.before.totals == {"Alice": 10, "Ben": 41, "Cara": 0}
    assert changes(change.before, change.after) == ["Totals: Ben 41 → 0, Cara 0 → 33."]


def test_it_shifts_later_dealers_when_an_event_is_deleted():
    match = MatchFactory()
    record(match, hand("Ben", Alice=1, Cara=1), hand("Ben", Alice=1, Cara=1))
    first = events_of(match)[0]
    change = services.event_delete(match=match, event_id=first.pk)
    board = stored_board(match)
    assert [each.dealer for each in board.hands] == ["Alice"]
    assert board.next_hand.dealer == "Ben"
    assert changes(change.before, change.after) == [
        "Totals: Ben 4 → 2.",
        "Ben deals next (not Cara).",
    ]


def test_it_keeps_a_deleted_event_aside_and_restores_it():
    match = MatchFactory()
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    services.event_delete(match=match, event_id=first.pk)
    assert stored_board(match).totals == {"Alice": 10, "Ben": 0, "Cara": 0}
    services.event_restore(match=match, event_id=first.pk)
    board = stored_board(match)
    assert board.totals == {"Alice": 10, "Ben": 41, "Cara": 0}
    assert [each.dealer for each in board.hands] == ["Alice", "Ben"]


def test_it_refuses_an_edit_that_decides_the_match_before_a_later_hand():
    match = MatchFactory()
    record(match, hand("Ben", Alice=23, Cara=18), hand("Alice", Ben=5, Cara=5))
    first = events_of(match)[0]
    with pytest.raises(services.LaterEventImpossible) as caught:
        services.event_edit(match=match, event_id=first.pk, data=hand("Ben", Alice=80, Cara=40))
    assert worded(caught.value, match) == (
        "That would make hand 2 impossible: the match is closed: Ben won when the line of 100 "
        "was crossed; move the line to reopen it before recording another hand"
    )
    assert stored_board(match).totals == {"Alice": 10, "Ben": 41, "Cara": 0}
    assert events_of(match)[0].data == hand("Ben", Alice=23, Cara=18)


def test_it_refuses_to_delete_a_join_a_later_hand_needs():
    match = MatchFactory()
    record(match, {"join": "Dan"}, hand("Dan", Alice=1, Ben=1, Cara=1))
    join = events_of(match)[0]
    with pytest.raises(services.LaterEventImpossible) as caught:
        services.event_delete(match=match, event_id=join.pk)
    assert caught.value.shown_index == 1
    assert (
        worded(caught.value, match) == "That would make hand 1 impossible: Dan is not at the table"
    )
    assert Event.objects.filter(deleted__isnull=True).count() == 2


def test_it_refuses_to_delete_a_join_that_keeps_two_seated():
    match = MatchFactory(players=["Alice", "Ben"])
    record(match, {"join": "Cara"}, {"leave": "Ben"})
    join = events_of(match)[0]
    with pytest.raises(services.LaterEventImpossible) as caught:
        services.event_delete(match=match, event_id=join.pk)
    assert worded(caught.value, match) == (
        "That would make Ben leaving impossible: Ben cannot leave: at least 2 players must "
        "stay seated (a newcomer joins first)"
    )


def test_it_gives_the_engines_own_message_for_the_edited_hand_itself():
    match = MatchFactory()
    record(match, hand("Ben", Alice=23, Cara=18))
    first = events_of(match)[0]
    with pytest.raises(RuleError) as caught:
        services.event_edit(match=match, event_id=first.pk, data=hand("Ben", Alice=23, Cara=0))
    assert refusal(caught.value) == "Cara's leftover must be at least 1"
    assert caught.value.player == "Cara"


def test_it_reports_a_closed_match_reopening_after_an_edit():
    match = MatchFactory()
    record(match, hand("Ben", Alice=60, Cara=50))
    first = events_of(match)[0]
    change = services.event_edit(match=match, event_id=first.pk, data=hand("Ben", Alice=6, Cara=5))
    assert change.before.status == "closed"
    assert changes(change.before, change.after)[-1] == "The match is open again."


def test_an_edit_that_says_what_the_entry_says_writes_nothing():
    match = MatchFactory(players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=23, Cara=28), {"target": 150})
    event = events_of(match)[0]
    version = type(match).objects.get(pk=match.pk).version
    change = services.event_edit(match=match, event_id=event.pk, data=dict(event.data))
    assert not change.written
    assert change.after.totals == change.before.totals == {"Alice": 0, "Ben": 51, "Cara": 0}
    assert type(match).objects.get(pk=match.pk).version == version
    assert services.event_edit(
        match=match, event_id=event.pk, data=hand("Ben", Alice=23, Cara=18)
    ).written


def test_deleting_a_hand_names_each_later_hand_by_its_number_and_dealer_as_it_was(client, host):
    """The hands after a deleted one move up a number, and the deal of each
    one seat back: the message says so hand by hand, each by the number and
    the dealer it had (not the hands that now carry its number), in plain
    words."""
    from django.urls import reverse

    from tests.test_match_pages import text

    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], first_dealer="Alice")
    record(
        match,
        hand("Alice", Ben=5, Cara=5),
        hand("Ben", Alice=5, Cara=5),
        hand("Cara", Alice=5, Ben=5),
        hand("Alice", Ben=5, Cara=5),
    )
    second = Event.objects.filter(match=match, kind="hand").order_by("position")[1]
    response = client.post(
        reverse("matches:delete", args=[match.public_id, second.pk]), follow=True
    )
    assert (
        "Hand 2 deleted. Totals: Ben 10 → 0. Dealers: hand 3, dealt by Cara, is now hand 2, "
        "dealt by Ben; hand 4, dealt by Alice, is now hand 3, dealt by Cara. "
        "Alice deals next (not Ben)."
    ) in text(response)
    note = text(response).split("Hand 2 deleted.")[1].split("Record hand")[0]
    assert "<" not in note and "&" not in note  # no markup, shown or escaped
    response = client.post(
        reverse("matches:restore", args=[match.public_id, second.pk]),
        {"confirm": "yes"},
        follow=True,
    )
    assert (
        "Dealers: hand 2, dealt by Ben, is now hand 3, dealt by Cara; hand 3, dealt by Cara, "
        "is now hand 4, dealt by Alice. Ben deals next (not Alice)."
    ) in text(response)
