"""A process's own memory cache that keeps each value as given."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache


class KeptAsGiven(LocMemCache):
    """Django's local-memory cache (``LocMemCache``: per process, least
    recently used first out, thread-safe), keeping each value itself instead
    of a pickled copy, so that a read is a lookup and no copy.

    For values that nothing changes once made: strings, numbers, and tuples
    or frozen dataclasses of them. What the ``boards`` cache keeps is only
    that (``matches.drawn``'s drawings, ``matches.kept``'s rows). A reader
    gets the very object kept, as every other reader does.

    Its keys are not checked for memcached's limits (length, spaces), as
    Django's documentation shows for a backend with no such limits: they are
    the app's own, kept in this process only.
    """

    def validate_key(self, key: str) -> None:
        """Take any key (``BaseCache`` warns of what memcached would refuse)."""

    def add(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._set(key, value, timeout)
                return True
            return False

    def get(self, key: str, default: Any = None, version: Any = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                return default
            value = self._cache[key]
            self._cache.move_to_end(key, last=False)
        return value

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            self._set(key, value, timeout)

    def incr(self, key: str, delta: int = 1, version: Any = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if self._has_expired(key):
                self._delete(key)
                raise ValueError(f"Key '{key}' not found")
            value = self._cache[key] + delta
            self._cache[key] = value
            self._cache.move_to_end(key, last=False)
        return value
