"""The benchmark's floors: the trivial pages every page is measured against,
served only when the bench turns them on."""

from __future__ import annotations

import pytest


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
    # A host's page reads the session and its user before anything of its own.
    with django_assert_num_queries(2):
        assert client.get("/bench/host-floor/").content == b"ok True\n"
