"""The test suite's own set-up (tests/conftest.py)."""

from __future__ import annotations

from django.contrib.auth.hashers import get_hasher


def test_it_hashes_test_passwords_with_a_fast_hasher() -> None:
    assert get_hasher().algorithm == "md5"
