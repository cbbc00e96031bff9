"""The house's own rules, checked on the source: each game's words stay in
its folder, the pure rules import no Django, imports go one way, and no
module grows past what a newcomer can read (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from matches import games

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("matches", "scoreboard", "bench", "scripts", "tests")
# The record of the schema as it was: its old column names stay as written.
HISTORY = "migrations"
MOST_LINES = 600


def python_files(*roots: str) -> list[Path]:
    return sorted(path for root in roots for path in (ROOT / root).rglob("*.py") if path.is_file())


def imports_of(path: Path) -> set[str]:
    """The modules ``path`` imports, absolute (``matches.engine.rules``)."""
    tree = ast.parse(path.read_text())
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


OWN_WORDS = {
    "gin": r"deadwood|undercut|knock_limit|big_gin",
    "pool": r"rejoin|middle_drop|wrong_show|full_count|declared",
    "rummy500": r"\"melded\"|\bin_hand\b|going_out_bonus",
    "contract": r"called.off|deals_won|two_sets|four_sets|set_and_run",
}


@pytest.mark.parametrize("game", sorted(OWN_WORDS))
def test_no_game_s_own_words_appear_outside_its_folder(game):
    """A game's words, in code, docstrings and help texts alike: the app
    asks the game, and never names its rules."""
    words = re.compile(OWN_WORDS[game], re.IGNORECASE)
    named = [
        str(path.relative_to(ROOT))
        for path in python_files(*SOURCES)
        if f"games/{game}" not in path.as_posix()
        and HISTORY not in path.parts
        and not path.is_relative_to(ROOT / "tests")
        and words.search(path.read_text())
    ]
    assert named == []


def test_no_python_module_is_over_six_hundred_lines():
    long = [
        f"{path.relative_to(ROOT)}: {lines}"
        for path in python_files(*SOURCES)
        if HISTORY not in path.parts and (lines := len(path.read_text().splitlines())) > MOST_LINES
    ]
    assert long == []


def test_the_pure_rules_import_nothing_of_django_or_the_app():
    """The engine and each game's rules, tables and examples: plain Python."""
    pure = [*python_files("matches/engine")]
    for key in games.GAMES:
        folder = ROOT / "matches" / "games" / key
        pure += [folder / f"{name}.py" for name in ("rules", "table", "game", "examples")]
    for path in pure:
        outside = {
            module
            for module in imports_of(path)
            if module.startswith("django")
            or (
                module.startswith("matches.")
                and not module.startswith(("matches.engine", f"matches.games.{path.parent.name}"))
            )
        }
        assert outside == set(), path.relative_to(ROOT)


@pytest.mark.parametrize(
    ("layer", "below"),
    [
        # The engine knows no game; a game knows the engine, not the app.
        ("matches/engine", {"matches.engine"}),
        # The services write: they know no view, form or page.
        (
            "matches/services",
            {
                "matches.colours",
                "matches.engine",
                "matches.games",
                "matches.models",
                "matches.snapshot",
                "matches.matchfile",
                "matches.services",
                "matches.words",
                "matches.phrases",
            },
        ),
    ],
)
def test_imports_go_one_way(layer, below):
    for path in python_files(layer):
        above = {
            module
            for module in imports_of(path)
            if module.startswith("matches.") and not module.startswith(tuple(below))
        }
        assert above == set(), path.relative_to(ROOT)


def test_a_game_is_named_by_the_registry_alone():
    """Outside the games' folders, no module imports a game's folder: each
    reaches a game through ``matches.games.game(key)``."""
    importers = [
        str(path.relative_to(ROOT))
        for path in python_files("matches", "scoreboard")
        if not path.is_relative_to(ROOT / "matches" / "games")
        and HISTORY not in path.parts
        and any(
            module.startswith(tuple(f"matches.games.{key}" for key in games.GAMES))
            for module in imports_of(path)
        )
    ]
    assert importers == []
