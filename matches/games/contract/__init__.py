"""Contract Rummy (2 to 8 players), as the app registers it: the game, its words, its examples."""

from __future__ import annotations

from . import examples, words
from .game import ContractGame

GAME = ContractGame(words=words, examples=examples.EXAMPLES)
