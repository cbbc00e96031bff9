"""The benchmark's floors: the trivial pages every page is measured against."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
def test_the_benchmarks_floors_answer_with_the_work_of_any_page_and_of_a_hosts(
    client, django_assert_num_queries
):
    from tests.factories import UserFactory

    with django_assert_num_queries(0):
        assert client.get("/bench/floor/").content == b"ok\n"
    client.force_login(UserFactory())
    # A host's page reads the session and its user before anything of its own.
    with django_assert_num_queries(2):
        assert client.get("/bench/host-floor/").content == b"ok True\n"
