"""Lookups written once by the ORM and run with new values
(matches.prepared) find what the ORM's own queries find."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone

from matches import scoring, services, views
from matches.models import Event, Match, Player
from matches.models import HostSession as Session
from matches.prepared import Prepared
from matches.sessions import LIVE_SESSION
from tests.factories import MatchFactory, UserFactory, hand, record

pytestmark = pytest.mark.django_db


def test_the_host_match_lookup_finds_the_hosts_match_with_its_share_link_and_no_other():
    alice, ben = UserFactory(), UserFactory()
    match = MatchFactory(host=alice)
    record(match, hand("Ben", Alice=23, Cara=18))
    link = services.share_new(match=match)
    found = views.HOST_MATCH.first(public_id=match.public_id, host=alice.pk)
    assert found == match
    assert found.share_token == link.token
    assert found.snapshot["totals"] == [0, 41, 0]  # JSON read as the ORM reads it
    assert found.created == Match.objects.get(pk=match.pk).created
    assert views.HOST_MATCH.first(public_id=match.public_id, host=ben.pk) is None
    assert views.HOST_MATCH.first(public_id="nothing-here", host=alice.pk) is None


def test_the_home_lists_keep_their_constants_and_take_the_host():
    alice = UserFactory()
    open_match = MatchFactory(host=alice)
    closed = MatchFactory(host=alice)
    record(closed, hand("Ben", Alice=60, Cara=50))  # past the line of 100
    MatchFactory()  # another host's
    assert views.HOME_OPEN_MATCHES.all(host=alice.pk) == [open_match]
    assert views.HOME_RECENT_MATCHES.all(host=alice.pk) == [closed]


def test_the_locked_lookup_finds_the_tokens_event_in_any_match():
    match, theirs = MatchFactory(), MatchFactory()
    token = uuid.uuid4()

    def locked(of, token):
        with transaction.atomic():
            found = services.match_locked(host_id=of.host_id, public_id=of.public_id, token=token)
            return found.match, found.top, found.earlier, found.earlier_match

    assert locked(match, token) == (match, None, None, None)
    recorded = services.event_record(match=match, data=hand("Ben", Alice=3, Cara=4), token=token)
    record(match, hand("Ben", Alice=3, Cara=4))
    assert locked(match, token) == (match, 2, recorded.event.pk, match.pk)
    assert locked(match, uuid.uuid4())[1:] == (2, None, None)
    # Another match's token is found with its match, for the refusal.
    assert locked(theirs, token) == (theirs, None, recorded.event.pk, match.pk)
    # Another host's match is not found, whatever its id.
    with transaction.atomic():
        assert (
            services.match_locked(host_id=theirs.host_id, public_id=match.public_id, token=None)
            is None
        )


def test_the_session_lookup_takes_the_time_as_a_value(client):
    client.force_login(UserFactory())
    key = client.session.session_key
    assert LIVE_SESSION.first(key=key, now=timezone.now()).session_key == key
    later = timezone.now() + timedelta(weeks=3)
    assert LIVE_SESSION.first(key=key, now=later) is None
    assert Session.objects.filter(session_key=key, expire_date__gt=later).first() is None


def test_samples_that_cannot_be_told_apart_are_refused():
    lookup = Prepared(lambda a, b: Match.objects.filter(target=a, hand_limit=b), a=7, b=7)
    with pytest.raises(ValueError, match="cannot tell which value"):
        lookup.first(a=1, b=2)


def test_the_players_lookup_gives_the_hosts_players_in_the_orms_order():
    alice = UserFactory()
    MatchFactory(host=alice, players=("Cara", "alice", "Ben"))
    MatchFactory(players=("Zed", "Yan"))  # another host's
    expected = list(Player.objects.filter(host=alice).values_list("pk", "name"))
    assert views.HOSTS_PLAYERS.rows(host=alice.pk) == expected
    by_name = views.HOSTS_PLAYERS_BY_NAME.all(host=alice.pk)
    assert [player.name for player in by_name] == ["alice", "Ben", "Cara"]
    assert sorted(name for _, name in expected) == ["Ben", "Cara", "alice"]


def token_taken_meanwhile(monkeypatch) -> tuple[Match, uuid.UUID]:
    """A match, and a token that another match's save took meanwhile: the
    locked read finds no earlier event for it, as if that other match's
    event were not committed yet."""
    match, theirs = MatchFactory(), MatchFactory()
    token = uuid.uuid4()
    services.event_record(match=theirs, data=hand("Ben", Alice=3, Cara=4), token=token)
    original = services._lock

    def blind(*args, **kwargs):
        return replace(original(*args, **kwargs), earlier=None, earlier_match=None)

    monkeypatch.setattr(services, "_lock", blind)
    return match, token


def test_a_token_another_match_took_at_the_same_moment_is_refused_and_nothing_is_saved(
    monkeypatch,
):
    # Two matches are each locked by their own save, so neither check sees
    # the other's event: the unique index is what refuses the second.
    match, token = token_taken_meanwhile(monkeypatch)
    with pytest.raises(scoring.RuleError, match="out of date"):
        services.event_record(match=match, data=hand("Ben", Alice=3, Cara=4), token=token)
    assert not Event.objects.filter(match=match).exists()
    assert Match.objects.get(pk=match.pk).hands_played == 0


def test_a_page_whose_token_another_match_took_meanwhile_can_go_on_in_its_transaction(
    monkeypatch,
):
    # A page records in its own transaction (the save's): the refusal leaves
    # that transaction usable (PostgreSQL aborts one whose statement failed).
    match, token = token_taken_meanwhile(monkeypatch)
    with transaction.atomic():
        locked = services.match_locked(
            host_id=match.host_id, public_id=match.public_id, token=token
        )
        with pytest.raises(scoring.RuleError, match="out of date"):
            services.event_record(
                match=match, data=hand("Ben", Alice=3, Cara=4), token=token, locked=locked
            )
        assert Match.objects.get(pk=match.pk).hands_played == 0
    assert not Event.objects.filter(match=match).exists()


def test_a_lookup_that_changes_its_value_is_refused():
    lookup = Prepared(lambda name: Player.objects.filter(name__contains=name), name="\x00n")
    with pytest.raises(ValueError, match="takes no value as given"):
        lookup.all(name="Al")
