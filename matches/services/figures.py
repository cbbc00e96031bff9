"""Each player's figures per game (``PlayerFigures``), kept in step with
their matches' rows (``MatchPlayer``): what a write changed in a match's
rows is added to its players' figures, in the write's transaction, so the
players' pages cost the same after one match or a thousand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F

from matches import games
from matches.models import MatchPlayer, PlayerFigures

RECENT_RESULTS = 5  # a player's last results kept per game
IMPORT_BATCH = 500  # rows a rebuild writes per query

COUNTS = ("played", "closed", "won", "no_winner")
# Rows a write changes one statement each (a bulk update of one row costs
# far more to build); more, in one statement of the columns that changed.
FEW_ROWS = 2
# The columns of a figures row a write keeps in step.
COLUMNS = (*COUNTS, "figures", "recent")
# A player's row of a match (``MatchPlayer``): the columns their part reads.
PART_COLUMNS = ("closed", "won", "no_winner", "figures", "place", "shared", "seated")


@dataclass(frozen=True)
class Part:
    """What one match adds to a player's figures in its game: played
    (always 1), closed, won, no winner, and the game's own figures; and the
    player's result there (place, shared, left), which their last results
    show, so that a change of place alone is kept too."""

    closed: bool = False
    won: bool = False
    no_winner: bool = False
    figures: Mapping[str, Any] = field(default_factory=dict)
    result: tuple[int | None, bool, bool] | None = None

    @classmethod
    def of(cls, row: MatchPlayer | None) -> Part | None:
        """A stored row's part (None: no row)."""
        if row is None:
            return None
        return cls.of_columns({name: getattr(row, name) for name in PART_COLUMNS})

    @classmethod
    def of_columns(cls, row: Mapping[str, Any]) -> Part:
        """The part of a row's columns (``MatchPlayer``'s, by name)."""
        result = (row["place"], row["shared"], not row["seated"])
        return cls(row["closed"], row["won"], row["no_winner"], row["figures"] or {}, result)

    def counts(self) -> dict[str, int]:
        return {
            "played": 1,
            "closed": int(self.closed),
            "won": int(self.won),
            "no_winner": int(self.no_winner),
        }


def keep(game: str, changes: Mapping[int, tuple[Part | None, Part | None]]) -> None:
    """Bring players' figures in ``game`` in line with a match's rows that
    changed: ``changes`` maps a player's id to their row's part before and
    after (None: no row)."""
    changes = {pk: parts for pk, parts in changes.items() if parts[0] != parts[1]}
    if not changes:
        return
    rows = PlayerFigures.objects.select_for_update().filter(player_id__in=changes, game=game)
    stored = {row.player_id: row for row in rows.order_by("player_id")}
    missing = [pk for pk in changes if pk not in stored]
    for pk in missing:
        stored[pk], _ = PlayerFigures.objects.get_or_create(player_id=pk, game=game)
    _apply(game, [(stored[pk], *parts) for pk, parts in changes.items()])


def keep_seats(match: Any, changes: Mapping[int, tuple[Part, Part]]) -> None:
    """``keep`` for the players in the seats ``changes`` names (its keys)
    of ``match``, their figures rows found by their seats in one statement."""
    changes = {seat: parts for seat, parts in changes.items() if parts[0] != parts[1]}
    if not changes:
        return
    rows = list(
        PlayerFigures.objects.select_for_update(of=("self",))
        .filter(
            game=match.game, player__standings__match=match, player__standings__seat__in=changes
        )
        .annotate(seat=F("player__standings__seat"))
        .order_by("player_id")
    )
    if len(rows) != len(changes):  # a player without their row (never but by hand)
        seats = dict(
            MatchPlayer.objects.filter(match=match, seat__in=changes).values_list(
                "seat", "player_id"
            )
        )
        keep(match.game, {seats[seat]: parts for seat, parts in changes.items()})
        return
    _apply(match.game, [(row, *changes[row.seat]) for row in rows])  # type: ignore[attr-defined]


def _apply(game: str, rows: list[tuple[PlayerFigures, Part | None, Part | None]]) -> None:
    """Add what changed to each figures row (``row``, the part before, the
    part after) and save them: counts and finals add what changed; a best
    is raised, or counted again from every match when it may have gone
    down; the last results are read again when a closed match is involved."""
    kinds = games.game(game).figures
    stored = {row.pk: {name: getattr(row, name) for name in COLUMNS} for row, _, _ in rows}
    again, recent = [], []
    for row, old, new in rows:
        before = old.counts() if old else dict.fromkeys(COUNTS, 0)
        after = new.counts() if new else dict.fromkeys(COUNTS, 0)
        for name in COUNTS:
            setattr(row, name, getattr(row, name) + after[name] - before[name])
        kept = {
            name: row.figures.get(name, None if kind == "best" else 0)
            for name, kind in kinds.items()
        }
        was = old.figures if old else {}
        now = new.figures if new else {}
        for name, kind in kinds.items():
            if kind == "best":
                mine = kept.get(name)
                if now.get(name) is not None and (mine is None or now[name] > mine):
                    kept[name] = now[name]
                elif was.get(name) is not None and was.get(name) == mine and now.get(name) != mine:
                    again.append(row)  # it may have gone down: every match again
            else:
                kept[name] = (kept.get(name) or 0) + (now.get(name) or 0) - (was.get(name) or 0)
        row.figures = kept
        if (old and old.closed) or (new and new.closed):
            recent.append(row)
    for row in again:
        row.figures = {**row.figures, **_bests(row.player_id, game)}
    for row in recent:
        row.recent = results(row.player_id, game)
    # A row a statement where a hand changes one or two; more (a hand that
    # charges everyone) in one statement of the columns that changed.
    if len(rows) > FEW_ROWS:
        changed = [
            name
            for name in COLUMNS
            if any(getattr(row, name) != stored[row.pk][name] for row, _, _ in rows)
        ]
        if changed:
            PlayerFigures.objects.bulk_update([row for row, _, _ in rows], changed)
        return
    for row, _, _ in rows:
        PlayerFigures.objects.filter(pk=row.pk).update(
            **{name: getattr(row, name) for name in COLUMNS}
        )


def _bests(player_id: int, game: str) -> dict[str, Any]:
    """The player's best figures in ``game``, from every match's row."""
    kinds = games.game(game).figures
    bests: dict[str, Any] = {name: None for name, kind in kinds.items() if kind == "best"}
    for figures in MatchPlayer.objects.filter(player_id=player_id, match__game=game).values_list(
        "figures", flat=True
    ):
        for name in bests:
            value = (figures or {}).get(name)
            if value is not None and (bests[name] is None or value > bests[name]):
                bests[name] = value
    return bests


def results(player_id: int, game: str) -> list[list[Any]]:
    """A player's last closed matches of ``game``, newest first:
    ``[public_id, created ISO, place, shared, left]``."""
    rows = (
        MatchPlayer.objects.filter(player_id=player_id, closed=True, match__game=game)
        .select_related("match")
        .only("place", "shared", "seated", "match__public_id", "match__created")
        .order_by("-match__created", "-match_id")[:RECENT_RESULTS]
    )
    return [
        [row.match.public_id, row.match.created.isoformat(), row.place, row.shared, not row.seated]
        for row in rows
    ]


def _tally(game: str, rows: Iterable[Part]) -> dict[str, Any]:
    """The counts and the game's figures over these matches' parts."""
    kinds = games.game(game).figures
    counts = dict.fromkeys(COUNTS, 0)
    figures: dict[str, Any] = {
        name: (None if kind == "best" else 0) for name, kind in kinds.items()
    }
    for part in rows:
        for name, value in part.counts().items():
            counts[name] += value
        for name, kind in kinds.items():
            value = part.figures.get(name)
            if kind == "best":
                if value is not None and (figures[name] is None or value > figures[name]):
                    figures[name] = value
            else:
                figures[name] += value or 0
    return {**counts, "figures": figures}


def _parts(player_ids: Iterable[int]) -> dict[tuple[int, str], list[Part]]:
    """Every match's part of these players, by player and game: one read."""
    found: dict[tuple[int, str], list[Part]] = {}
    rows = MatchPlayer.objects.filter(player_id__in=player_ids).values_list(
        "player_id", "match__game", "closed", "won", "no_winner", "figures"
    )
    for player_id, game, closed, won, no_winner, values in rows:
        found.setdefault((player_id, game), []).append(Part(closed, won, no_winner, values or {}))
    return found


def counted(player_id: int, game: str) -> dict[str, Any]:
    """A player's figures in ``game`` counted afresh from every match's row:
    what ``keep`` keeps up to date, for checking it and for rebuilding."""
    parts = _parts([player_id]).get((player_id, game), [])
    tally = _tally(game, parts)
    return {**tally, "recent": results(player_id, game) if tally["closed"] else []}


def rebuild(player_ids: Iterable[int]) -> None:
    """Count these players' figures afresh in every game they played: their
    matches read once, and a read of last results per player and game with
    a closed match."""
    ids = sorted(set(player_ids))
    counts = {
        key: {**tally, "recent": results(*key) if tally["closed"] else []}
        for key, tally in ((key, _tally(key[1], parts)) for key, parts in _parts(ids).items())
    }
    stored = {
        (row.player_id, row.game): row
        for row in PlayerFigures.objects.select_for_update().filter(player_id__in=ids)
    }
    changed = []
    for key, values in counts.items():
        row = stored.get(key) or PlayerFigures(player_id=key[0], game=key[1])
        for name, value in values.items():
            setattr(row, name, value)
        changed.append(row)
    PlayerFigures.objects.bulk_create(
        [row for row in changed if row.pk is None], batch_size=IMPORT_BATCH
    )
    PlayerFigures.objects.bulk_update(
        [row for row in changed if row.pk is not None],
        [*COUNTS, "figures", "recent"],
        batch_size=IMPORT_BATCH,
    )
    gone = [row.pk for key, row in stored.items() if key not in counts]
    if gone:
        PlayerFigures.objects.filter(pk__in=gone).delete()
