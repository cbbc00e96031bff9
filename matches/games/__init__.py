"""The games, one folder each, and the one registry that maps a match's
``game`` to its game. Nothing outside a game's folder names its rules: the
app asks the registry.

Adding a game: its folder (like ``rummy/``), its line below, its tests.
"""

from __future__ import annotations

from matches.engine.board import Board, Match, Position
from matches.engine.game import Game

from . import contract, gin, pool, rummy, rummy500

GAMES: dict[str, Game] = {
    each.key: each for each in (rummy.GAME, gin.GAME, pool.GAME, rummy500.GAME, contract.GAME)
}
# The game of a match file that names none.
DEFAULT = rummy.GAME.key


def game(key: str) -> Game:
    """The game registered as ``key``.

    Raises:
        KeyError: no game is.
    """
    return GAMES[key]


def replay(match: Match, start: Position | None = None) -> Board:
    """Replay ``match`` by its rules' game (``Game.replay``)."""
    return GAMES[match.rules.game].replay(match, start)
