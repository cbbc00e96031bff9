"""The addresses links.py fills in are the ones Django's reverse gives, and the
benchmark's floors (bench/bench.py) cost what they say."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.links import MATCH_PAGES, event_url, match_url, match_urls
from matches.models import new_public_id


@pytest.mark.parametrize("name", MATCH_PAGES)
def test_a_match_page_is_where_reverse_puts_it(name):
    public_id = new_public_id()
    assert match_url(name, public_id) == reverse(f"matches:{name}", args=[public_id])
    assert match_urls(public_id)[name] == reverse(f"matches:{name}", args=[public_id])


@pytest.mark.parametrize("name", ["fix", "edit", "delete", "restore"])
@pytest.mark.parametrize("event_id", [1, 42, 987654321])
def test_an_event_page_is_where_reverse_puts_it(name, event_id):
    public_id = new_public_id()
    assert event_url(name, public_id, event_id) == reverse(
        f"matches:{name}", args=[public_id, event_id]
    )


@pytest.mark.django_db
def test_the_benchmarks_floors_are_served_only_when_the_bench_turns_them_on(client):
    assert client.get("/bench/floor/").status_code == 404
    assert client.get("/bench/host-floor/").status_code == 404


@pytest.mark.django_db
def test_the_benchmarks_floors_answer_with_the_work_of_any_page_and_of_a_hosts(
    client, django_assert_num_queries, turn_on
):
    from tests.factories import UserFactory

    turn_on(BENCH_FLOORS=True)
    with django_assert_num_queries(0):
        assert client.get("/bench/floor/").content == b"ok\n"
    client.force_login(UserFactory())
    # A host's page reads the session, with its user, before anything of its own.
    with django_assert_num_queries(1):
        assert client.get("/bench/host-floor/").content == b"ok True\n"
