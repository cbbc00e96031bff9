"""How scoring works: the house rules in the engine's words, the worked
examples with the engine's results, and a match's own settings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_match_pages import text, url

pytestmark = pytest.mark.django_db

# docs/rules.md, "Worked examples (these are tests)", as the page says them.
RESULTS = [
    "As it is: Hand 1: Ben takes 41. Totals: Alice 0, Ben 41, Cara 0.",
    "Going rummy, doubled: Hand 1: Ben takes 82 (rummy). Totals: Alice 0, Ben 82, Cara 0.",
    "Going rummy, plus 25: Hand 1: Ben takes 66 (rummy). Totals: Alice 0, Ben 66, Cara 0.",
    "As it is: Hand 1: Alice +23, Cara +18. Totals: Alice 23, Ben 0, Cara 18.",
    "Going rummy, doubled: Hand 1: Alice +46, Cara +36 (rummy). Totals: Alice 46, Ben 0, Cara 36.",
    "Going rummy, 25 off: Hand 1: Alice +23, Ben −25, Cara +18 (rummy). Totals: Alice 23, "
    "Ben −25, Cara 18.",
    "Highest wins: Hand 1: nobody out: Ben takes 22 (lowest hand). Totals: Alice 0, Ben 22, "
    "Cara 0.",
    "Penalty: Hand 1: nobody out (lowest hand): Alice +7, Cara +15. Totals: Alice 7, Ben 0, "
    "Cara 15.",
    "Highest wins: Hand 1: nobody out: nobody scores. Totals: Alice 0, Ben 0, Cara 0.",
    "The last hand: Hand 3: Alice takes 10. Totals: Alice 105, Ben 60. Alice wins with the "
    "highest total, 105, once the line of 100 was reached.",
    "The last hand: Hand 4: Alice +15, Ben +12. Totals: Alice 105, Ben 107, Cara 50. Cara "
    "wins with the lowest total, 50, once the line of 100 was reached.",
    "The line lowered: The line moved to 100. Totals: Alice 120, Ben 120. The match stays "
    "open: the best total is shared, so another hand is dealt.",
    "Then Ben goes out: Hand 5: Ben takes 7. Totals: Alice 120, Ben 127. Ben wins with the "
    "highest total, 127, once the line of 100 was reached.",
    "Level at the top: Hand 3: Cara takes 12. Totals: Alice 30, Ben 30, Cara 12. No winner: "
    "the hand limit of 3 hands was reached with Alice and Ben level on 30.",
    "Had Alice had 31: Hand 3: Cara takes 12. Totals: Alice 31, Ben 30, Cara 12. Alice wins "
    "with the highest total, 31, at the hand limit of 3 hands.",
]


def test_it_shows_every_worked_example_with_the_engines_result(client):
    page = text(client.get(reverse("matches:scoring")))
    for result in RESULTS:
        assert result in page
    assert "Example 8" in page


def test_it_describes_every_house_rule_from_the_engine(client):
    page = text(client.get(reverse("matches:scoring")))
    for phrase in (
        "Highest wins: whoever goes out scores everyone's leftovers (the usual choice)",
        "25 points more (under penalty, 25 off)",
        "15 (round the corner)",
        "The line: the match ends when someone reaches it (100 to 1000).",
        "340 points a deck with aces at 1, 380 points a deck with aces at 11, 396 points",
    ):
        assert phrase in page


def test_it_shows_the_matchs_own_settings(client, host):
    match = MatchFactory(host=host, target=200, scheme="penalty", ace_value=11)
    record(match, hand("Ben", Alice=23, Cara=18), {"target": 300})
    page = text(client.get(url("match_scoring", match)))
    assert "This match Scoring: Penalty: everyone else is charged their leftovers" in page
    assert "Target (the line): 300" in page  # the line as it stands now
    assert "Aces count: 11 points" in page
    assert "11 points · this match" in page
    assert "How scoring works" in text(client.get(url("detail", match)))


def test_it_answers_404_for_another_hosts_match(client, host):
    match = MatchFactory(host=UserFactory())
    assert client.get(url("match_scoring", match)).status_code == 404


def test_it_links_the_new_match_page_to_it(client, host):
    page = client.get(reverse("matches:new")).content.decode()
    assert f'href="{reverse("matches:scoring")}"' in page


def test_it_says_where_a_player_who_left_is_placed_and_the_board_places_them_so(client):
    page = text(client.get(reverse("matches:scoring")))
    assert (
        "Places at the end: first those dealt into the last hand, by their totals; then "
        "everyone else (a player who left, or who sat down after the last hand), by theirs."
    ) in page
    host = UserFactory()
    client.force_login(host)
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
    record(match, hand("Ben", Alice=28, Cara=30), hand("Cara", Alice=20, Ben=22))
    record(match, {"leave": "Ben"}, hand("Alice", Cara=100))
    board = text(client.get(url("detail", match)))
    # Ben left with 58: placed after Cara, still at the table with 42.
    assert "Place Player Total 1 Alice wins 100 2 Cara 42 3 Ben left after hand 2 58" in board
