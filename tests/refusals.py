"""Checking a refusal's words: a refusal is a code and values
(``RuleError``), worded by ``matches.words``; the tests check the words a
person at the table reads."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from matches.engine.errors import RuleError
from matches.words import located, question


@contextmanager
def refused_with(words: str) -> Iterator[Any]:
    """``pytest.raises(RuleError, match=words)`` on the refusal as the
    ``score`` command words it ("event 0: Alice's leftover must be at least 1")."""
    with pytest.raises(RuleError) as caught:
        yield caught
    assert re.search(words, located(caught.value)), located(caught.value)


def asked(slips: dict[str, Any]) -> dict[str, str]:
    """A hand's typing-slip questions, worded, by player."""
    return {name: question(each) for name, each in slips.items()}
