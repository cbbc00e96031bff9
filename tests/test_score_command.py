"""``python manage.py score FILE`` against match files scored by hand.

``tests/data/X.json`` holds a match (docs/rules.md's worked examples 1 to 8,
docs/match-format.md's example and further rules) and ``X.expected.json`` the whole
document the command must print, worked out by hand from docs/rules.md, never by
running the engine. ``tests/data/broken/X.json`` breaks one rule and
``X.expected.txt`` holds the one line the command must write to standard error.

The bulk runs through ``call_command`` to stay fast; a few cases run the real
command line in a subprocess (a file, ``-`` for standard input, a missing file,
a file that is not UTF-8).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
BROKEN = DATA / "broken"

MATCH_FILES = sorted(p for p in DATA.glob("*.json") if not p.name.endswith(".expected.json"))
BROKEN_FILES = sorted(BROKEN.glob("*.json"))

# Broken files whose expected message is the one docs/rules.md / docs/match-format.md call
# for, where the engine still writes something else. Remove an entry once fixed
# (strict xfail fails the suite as soon as the engine is right).
ENGINE_BUGS: dict[str, str] = {}

TEST_ENV = {"DEBUG": "false", "SECRET_KEY": "tests-only-not-a-secret"}


def _params(paths: list[Path]) -> list[object]:
    params = []
    for path in paths:
        marks = []
        if path.stem in ENGINE_BUGS:
            marks.append(pytest.mark.xfail(strict=True, reason=ENGINE_BUGS[path.stem]))
        params.append(pytest.param(path, id=path.stem, marks=marks))
    return params


def score(path: str | Path) -> tuple[int | str | None, str, str]:
    """Run the command in-process: its exit status, standard output and error."""
    stdout, stderr = StringIO(), StringIO()
    try:
        call_command("score", str(path), stdout=stdout, stderr=stderr)
    except SystemExit as exit_:
        return exit_.code, stdout.getvalue(), stderr.getvalue()
    return 0, stdout.getvalue(), stderr.getvalue()


def cli(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """Run ``python manage.py score ARGS`` as a person would, in a subprocess."""
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        cwd=ROOT,
        env={**os.environ, **TEST_ENV},
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def expected_document(path: Path) -> dict[str, object]:
    return json.loads(path.with_name(f"{path.stem}.expected.json").read_text(encoding="utf-8"))


def expected_message(path: Path) -> str:
    return path.with_suffix(".expected.txt").read_text(encoding="utf-8").strip()


# The data files ---------------------------------------------------------------


def test_it_has_an_expected_result_beside_every_data_file() -> None:
    expected = {p.name.removesuffix(".expected.json") for p in DATA.glob("*.expected.json")}
    assert {p.stem for p in MATCH_FILES} == expected
    messages = {p.name.removesuffix(".expected.txt") for p in BROKEN.glob("*.expected.txt")}
    assert {p.stem for p in BROKEN_FILES} == messages
    assert len(MATCH_FILES) >= 20
    assert len(BROKEN_FILES) >= 40
    assert set(ENGINE_BUGS) <= {p.stem for p in BROKEN_FILES}


@pytest.mark.parametrize("path", _params(MATCH_FILES))
def test_it_prints_the_hand_worked_result_of_each_match_file(path: Path) -> None:
    code, out, err = score(path)
    assert (code, err) == (0, "")
    document = json.loads(out)
    expected = expected_document(path)
    assert document == expected
    # Dicts compare without order; docs/match-format.md wants totals in seat order.
    assert list(document["totals"]) == list(expected["totals"])


@pytest.mark.parametrize("path", _params(BROKEN_FILES))
def test_it_refuses_each_broken_file_with_one_line_naming_the_rule(path: Path) -> None:
    code, out, err = score(path)
    assert code not in (0, None)
    assert out == ""
    assert err.strip() == expected_message(path)


# The worked examples of docs/rules.md, in words ---------------------------------

HEADLINES = [
    # file, totals in seat order, status, winner, closed_by
    ("example1_highest_wins", {"Alice": 0, "Ben": 41, "Cara": 0}, "open", None, None),
    ("example1_rummy_double", {"Alice": 0, "Ben": 82, "Cara": 0}, "open", None, None),
    ("example1_rummy_flat25", {"Alice": 0, "Ben": 66, "Cara": 0}, "open", None, None),
    ("example2_penalty", {"Alice": 23, "Ben": 0, "Cara": 18}, "open", None, None),
    ("example2_penalty_rummy_double", {"Alice": 46, "Ben": 0, "Cara": 36}, "open", None, None),
    ("example2_penalty_rummy_flat25", {"Alice": 23, "Ben": -25, "Cara": 18}, "open", None, None),
    ("example3_stock_out_highest_wins", {"Alice": 0, "Ben": 22, "Cara": 0}, "open", None, None),
    ("example3_stock_out_penalty", {"Alice": 7, "Ben": 0, "Cara": 15}, "open", None, None),
    ("example4_tied_lowest", {"Alice": 0, "Ben": 0, "Cara": 0}, "open", None, None),
    ("example4_tied_lowest_penalty", {"Alice": 0, "Ben": 0, "Cara": 0}, "open", None, None),
    ("example5_before_the_last_hand", {"Alice": 95, "Ben": 60}, "open", None, None),
    ("example5_crosses_line", {"Alice": 105, "Ben": 60}, "closed", "Alice", "target"),
    ("example6_penalty_closes", {"Alice": 105, "Ben": 107, "Cara": 50}, "closed", "Cara", "target"),
    (
        "example6_penalty_tie_plays_on",
        {"Alice": 105, "Ben": 107, "Cara": 50, "Dan": 50},
        "open",
        None,
        None,
    ),
    ("example7_line_lowered_tie_stays_open", {"Alice": 120, "Ben": 120}, "open", None, None),
    ("example7_line_lowered", {"Alice": 120, "Ben": 127}, "closed", "Ben", "target"),
    (
        "example8_hand_limit_no_winner",
        {"Alice": 30, "Ben": 30, "Cara": 12},
        "closed",
        None,
        "hand_limit",
    ),
    (
        "example8_hand_limit_alice_wins",
        {"Alice": 31, "Ben": 30, "Cara": 12},
        "closed",
        "Alice",
        "hand_limit",
    ),
]


@pytest.mark.parametrize(
    ("name", "totals", "status", "winner", "closed_by"),
    [pytest.param(*row, id=row[0]) for row in HEADLINES],
)
def test_it_scores_the_worked_examples_of_the_rules(
    name: str,
    totals: dict[str, int],
    status: str,
    winner: str | None,
    closed_by: str | None,
) -> None:
    code, out, _ = score(DATA / f"{name}.json")
    document = json.loads(out)
    assert code == 0
    assert list(document["totals"].items()) == list(totals.items())
    assert (document["status"], document["winner"], document["closed_by"]) == (
        status,
        winner,
        closed_by,
    )
    assert (document["next_hand"] is None) == (status == "closed")


def test_it_lets_the_player_who_joins_after_the_last_dealer_deal_next() -> None:
    # docs/match-format.md's example: Eve sits after Alice, who dealt hand 1.
    document = json.loads(score(DATA / "match_format_example.json")[1])
    assert list(document["totals"]) == ["Alice", "Eve", "Ben", "Cara", "Dan"]
    assert document["hands"][1]["dealer"] == "Eve"
    assert document["hands"][1]["scores"] == {"Alice": 0, "Eve": 0, "Ben": 24, "Dan": 0}
    assert document["totals"]["Ben"] == 65
    assert document["next_hand"] == {
        "number": 3,
        "dealer": "Ben",
        "first_player": "Dan",
        "cards_each": 7,
    }


# Reading the file ---------------------------------------------------------------


def test_it_refuses_a_directory(tmp_path: Path) -> None:
    code, out, err = score(tmp_path)
    assert (code, out) == (1, "")
    assert err.strip() == f"cannot read {tmp_path}: Is a directory"


def test_it_reads_a_file_with_a_utf8_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "notepad.json"
    source = (DATA / "match_format_first_hand.json").read_bytes()
    path.write_bytes(b"\xef\xbb\xbf" + source)
    code, out, err = score(path)
    assert (code, err) == (0, "")
    assert json.loads(out) == expected_document(DATA / "match_format_first_hand.json")


# The real command line ----------------------------------------------------------


def test_it_prints_the_result_on_the_real_command_line() -> None:
    result = cli("tests/data/match_format_first_hand.json")
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout.endswith(b"}\n")
    document = json.loads(result.stdout.decode("utf-8"))
    assert document == expected_document(DATA / "match_format_first_hand.json")
    assert document["totals"] == {"Alice": 0, "Ben": 41, "Cara": 0}


def test_it_reads_the_match_from_standard_input_given_a_dash() -> None:
    result = cli("-", stdin=(DATA / "match_format_example.json").read_bytes())
    assert (result.returncode, result.stderr) == (0, b"")
    document = json.loads(result.stdout.decode("utf-8"))
    assert document == expected_document(DATA / "match_format_example.json")
    assert list(document["totals"]) == ["Alice", "Eve", "Ben", "Cara", "Dan"]


def test_it_writes_names_beyond_ascii_as_utf8() -> None:
    match = {
        "format": "rummy-match/1",
        "players": ["Zoë", "Ben"],
        "events": [{"hand": {"went_out": "zoë", "leftovers": {"Ben": ["Q♥", "7♣️"]}}}],
    }
    result = cli("-", stdin=json.dumps(match, ensure_ascii=False).encode("utf-8"))
    assert (result.returncode, result.stderr) == (0, b"")
    assert json.loads(result.stdout.decode("utf-8"))["totals"] == {"Zoë": 17, "Ben": 0}


def test_it_refuses_a_broken_file_on_the_real_command_line() -> None:
    result = cli("tests/data/broken/leftover_zero.json")
    assert result.returncode == 1
    assert result.stdout == b""
    assert result.stderr.decode("utf-8").strip() == "event 1: Cara's leftover must be at least 1"


def test_it_writes_a_refusal_in_the_language_asked_and_refuses_one_not_offered() -> None:
    english = cli("--lang", "en", "tests/data/broken/leftover_zero.json")
    assert english.stderr.decode("utf-8").strip() == "event 1: Cara's leftover must be at least 1"
    german = cli("--lang", "de", "tests/data/broken/leftover_zero.json")
    assert german.returncode == 1 and german.stdout == b""
    assert german.stderr.decode("utf-8").strip() == (
        "Ereignis 1: die Restpunkte von Cara müssen mindestens 1 sein"
    )
    # The JSON of a good file is the same in every language.
    good = "tests/data/example1_highest_wins.json"
    assert cli("--lang", "de", good).stdout == cli(good).stdout
    unknown = cli("--lang", "xx", "tests/data/broken/leftover_zero.json")
    assert unknown.returncode == 1
    assert unknown.stdout == b""
    assert "--lang must be one of en" in unknown.stderr.decode("utf-8")


def test_it_refuses_broken_standard_input_on_the_real_command_line() -> None:
    result = cli("-", stdin=(BROKEN / "rules_unknown_key_tagret.json").read_bytes())
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr.decode("utf-8").strip() == expected_message(
        BROKEN / "rules_unknown_key_tagret.json"
    )


def test_it_refuses_a_file_that_does_not_exist(tmp_path: Path) -> None:
    missing = tmp_path / "friday.json"
    result = cli(str(missing))
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr.decode("utf-8").strip() == (
        f"cannot read {missing}: No such file or directory"
    )


def test_it_refuses_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"format": "rummy-match/1", "players": ["Zoë", "Ben"]}'.encode("latin-1"))
    result = cli(str(path))
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr.decode("utf-8").strip() == f"{path} is not UTF-8 text"


def test_it_names_standard_input_when_it_is_not_utf8() -> None:
    result = cli("-", stdin='{"players": ["Zoë"]}'.encode("latin-1"))
    assert (result.returncode, result.stdout) == (1, b"")
    assert result.stderr.decode("utf-8").strip() == "standard input is not UTF-8 text"


def test_it_refuses_absurdly_nested_json_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "nested.json"
    path.write_text("[" * 100_000, encoding="utf-8")
    result = cli(str(path))
    assert (result.returncode, result.stdout) == (1, b"")
    lines = result.stderr.decode("utf-8").strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("the file is not valid JSON")
