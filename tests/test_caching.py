"""The boards cache (scoreboard.caching.KeptAsGiven): Django's local-memory
cache, keeping each value itself."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from matches.drawn import DrawnBoard
from scoreboard.caching import KeptAsGiven


@pytest.fixture
def cache() -> KeptAsGiven:
    kept = KeptAsGiven("test-kept-as-given", {"TIMEOUT": 60, "OPTIONS": {"MAX_ENTRIES": 3}})
    kept.clear()
    yield kept
    kept.clear()


def test_the_boards_cache_keeps_values_as_given() -> None:
    assert isinstance(caches["boards"], KeptAsGiven)


def test_a_read_gives_the_value_kept_not_a_copy(cache: KeptAsGiven) -> None:
    board = DrawnBoard(html="<div>board</div>", title="Ann, Ben")
    cache.set("board", board)
    assert cache.get("board") is board
    assert cache.get("other", "none") == "none"


def test_add_keeps_only_what_is_not_kept(cache: KeptAsGiven) -> None:
    assert cache.add("key", ("first",)) is True
    assert cache.add("key", ("second",)) is False
    assert cache.get("key") == ("first",)


def test_incr_adds_to_the_value_kept(cache: KeptAsGiven) -> None:
    cache.set("count", 2)
    assert cache.incr("count", 3) == 5
    assert cache.get("count") == 5
    with pytest.raises(ValueError, match="not found"):
        cache.incr("missing")


def test_an_expired_value_is_gone(cache: KeptAsGiven) -> None:
    cache.set("brief", "value", timeout=-1)
    assert cache.get("brief") is None
    assert cache.add("brief", "again") is True


def test_the_least_recently_used_go_first_when_full(cache: KeptAsGiven) -> None:
    for name in ("a", "b", "c"):
        cache.set(name, name)
    cache.get("a")  # read: now the most recently used
    cache.set("d", "d")  # full: a third of the entries go, the least recently used
    assert cache.get("b") is None
    assert [cache.get(name) for name in ("a", "c", "d")] == ["a", "c", "d"]


def test_a_long_key_with_spaces_is_kept_without_a_warning(
    cache: KeptAsGiven, recwarn: pytest.WarningsRecorder
) -> None:
    key = "board: " + "x" * 300
    cache.set(key, "drawn")
    assert cache.get(key) == "drawn"
    assert not recwarn.list
