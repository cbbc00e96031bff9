"""Pool Rummy (101 and 201, 2 to 6 players), as the app registers it: the
game, its words and its worked examples."""

from __future__ import annotations

from . import examples, words
from .game import Pool

GAME = Pool(words=words, examples=examples.EXAMPLES)
