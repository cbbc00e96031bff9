"""What the players' pages say of a player: their figures in each game they
played, their last results, and head to head against another player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from matches import games
from matches.models import Player, PlayerFigures
from matches.phrases import ordinal, rounded


@dataclass(frozen=True)
class FiguresBlock:
    """A player's figures in one game, as shown: the game's ``heading`` (""
    when it needs none), the list's ``css`` class, ``rows`` of (term, value,
    what it is "of") and the last results ("won", "=2", "3 left")."""

    game: str
    heading: str
    css: str
    rows: list[tuple[str, str, str]]
    recent: list[dict[str, Any]]


def place_words(place: int, *, shared: bool, left: bool) -> str:
    """A place as the players' pages say it: "1st", "=2nd" (shared), "3rd, left"."""
    shown = ("=" if shared else "") + ordinal(place)
    # Translators: %(place)s is a place in a match ("3rd", "=2nd"): that player left the table.
    return _("%(place)s, left") % {"place": shown} if left else shown


def _results(recent: list[list[Any]]) -> list[dict[str, Any]]:
    """A player's last results as stored, as places (``place_words``)."""
    return [
        {
            "public_id": public_id,
            "place": place_words(place, shared=shared, left=left),
            "won": place == 1 and not shared and not left,
        }
        for public_id, _created, place, shared, left in recent
    ]


def figures_blocks(kept: list[PlayerFigures]) -> list[FiguresBlock]:
    """A player's figures rows (``kept``, any order) as the pages show them:
    a block a game they played, in the registry's order; with none played,
    the usual game's, all nought. A heading names the game, but on the usual
    game's block alone."""
    by_game = {row.game: row for row in kept if row.played}
    if not by_game:
        by_game = {games.DEFAULT: PlayerFigures(game=games.DEFAULT)}
    blocks = []
    for key, game in games.GAMES.items():
        row = by_game.get(key)
        if row is None:
            continue
        counts = {
            "played": row.played,
            "closed": row.closed,
            "won": row.won,
            "no_winner": row.no_winner,
        }
        rate, finished = "–", ""
        if row.closed:
            # Translators: a win rate, in per cent ("61%").
            rate = _("%(percent)s%%") % {"percent": rounded(100 * row.won, row.closed, "1")}
            finished = ngettext(
                # Translators: beside a win rate: of how many finished matches.
                "of %(count)s finished",
                "of %(count)s finished",
                row.closed,
            ) % {"count": row.closed}
        rows = [
            # Translators: a player's figures: the matches they played.
            (_("Played"), str(row.played), ""),
            # Translators: a player's figures: the matches they won.
            (_("Won"), str(row.won), ""),
            (_("Win rate"), rate, finished),
            *game.words.figure_rows(row.figures or {}, counts),  # type: ignore[union-attr]
        ]
        alone = len(by_game) == 1 and key == games.DEFAULT
        blocks.append(
            FiguresBlock(
                game=key,
                heading="" if alone else game.words.NAME,  # type: ignore[union-attr]
                css="figures" if key == games.DEFAULT else f"figures {key}-figures",
                rows=rows,
                recent=_results(row.recent or []),
            )
        )
    return blocks


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the matches both played: ``matches`` (newest first:
    the match and each one's place), and on the closed ones how often each
    placed ahead of the other, or level."""

    first: Player
    second: Player
    matches: list[tuple[Any, str, str]]
    first_ahead: int
    second_ahead: int
    level: int

    @property
    def finished(self) -> int:
        """The closed matches both played."""
        return self.first_ahead + self.second_ahead + self.level

    @property
    def unfinished(self) -> int:
        """The open or abandoned matches both played."""
        return len(self.matches) - self.finished


def _shown(row: Any) -> str:
    if not row.closed:
        if row.match.abandoned:
            # Translators: a match's state, in the list of two players' matches.
            return _("abandoned")
        # Translators: a match's state, in the list of two players' matches.
        return _("open")
    return place_words(row.place, shared=row.shared, left=not row.seated)


def head_to_head(first: Player, second: Player, rows: list[Any]) -> HeadToHead:
    """``rows``: both players' ``MatchPlayer`` rows of the matches both
    played, each with its ``match``."""
    by_match: dict[int, dict[int, Any]] = {}
    for row in rows:
        by_match.setdefault(row.match_id, {})[row.player_id] = row
    matches = []
    ahead = {first.pk: 0, second.pk: 0}
    level = 0
    pairs = sorted(
        by_match.values(), key=lambda pair: next(iter(pair.values())).match.created, reverse=True
    )
    for pair in pairs:
        mine, theirs = pair[first.pk], pair[second.pk]
        matches.append((mine.match, _shown(mine), _shown(theirs)))
        if mine.closed:
            if mine.place < theirs.place:
                ahead[first.pk] += 1
            elif theirs.place < mine.place:
                ahead[second.pk] += 1
            else:
                level += 1
    return HeadToHead(first, second, matches, ahead[first.pk], ahead[second.pk], level)
