"""Gin Rummy (2 players), as the app registers it: the game, its words and its worked examples."""

from __future__ import annotations

from . import examples, words
from .game import Gin

GAME = Gin(words=words, examples=examples.EXAMPLES)
