"""Entering a hand fast and safely: cards instead of points, the preview from
the engine before saving, and the question about a probable typing slip."""

from __future__ import annotations

import html
import re
import uuid

import pytest

from matches.models import Event
from tests.factories import MatchFactory
from tests.test_match_pages import hand_post, text, totals_on, url

pytestmark = pytest.mark.django_db

SCHEMES = ["highest_wins", "penalty"]


def test_it_adds_up_cards_typed_or_picked_in_a_box(client, host):
    match = MatchFactory(host=host)
    client.post(url("hand", match), hand_post(match, "Ben", Alice="K 9 4", Cara="AH, JH 5 2"))
    page = client.get(url("detail", match))
    assert totals_on(page) == {"Alice": 0, "Ben": 41, "Cara": 0}
    assert "Alice held K 9 4 (23). Cara held A♥ J♥ 5 2 (18)." in text(page)
    stored = Event.objects.get().data["hand"]["leftovers"]
    assert stored == {"Alice": ["K", "9", "4"], "Cara": ["AH", "JH", "5", "2"]}


def test_it_counts_aces_at_the_matchs_ace_value(client, host):
    match = MatchFactory(host=host, ace_value=15)
    client.post(url("hand", match), hand_post(match, "Ben", Alice="A A", Cara="3"))
    assert totals_on(client.get(url("detail", match)))["Ben"] == 33


def test_it_names_a_card_that_is_not_a_card(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("hand", match), hand_post(match, "Ben", Alice="K 9 Z", Cara="3"))
    assert "Alice's cards: 'Z' is not a card" in text(response)
    assert 'value="K 9 Z"' in response.content.decode()
    assert not Event.objects.exists()


def test_it_refuses_a_fifth_king(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("hand", match), hand_post(match, "Ben", Alice="K K K", Cara="K K"))
    # Across the hands, not in Cara's own: a fresh host read "a hand holds at most 4".
    assert (
        "Cara's K is one too many: with 1 deck there are 4 kings, and Alice and Cara hold 5"
        in text(response)
    )
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("scheme", "went_out", "rummy", "left", "expected"),
    [
        (
            "highest_wins",
            "Ben",
            False,
            {"Alice": 23, "Cara": "A J 5 2"},
            "Will record: Ben takes 41",
        ),
        (
            "highest_wins",
            "Ben",
            True,
            {"Alice": 23, "Cara": 18},
            "Will record: Ben takes 82 (rummy)",
        ),
        (
            "highest_wins",
            None,
            False,
            {"Alice": 12, "Ben": 5, "Cara": 20},
            "Will record: nobody out: Ben takes 22 (lowest hand)",
        ),
        ("penalty", "Ben", False, {"Alice": 23, "Cara": 18}, "Will record: Alice +23, Cara +18"),
        (
            "penalty",
            "Ben",
            True,
            {"Alice": 23, "Cara": 18},
            "Will record: Alice +46, Cara +36 (rummy)",
        ),
    ],
)
def test_it_previews_the_hand_from_the_engine(
    client, host, scheme, went_out, rummy, left, expected
):
    match = MatchFactory(host=host, scheme=scheme, rummy_bonus="double")
    response = client.post(
        url("preview", match),
        hand_post(match, went_out, rummy=rummy, **left),
        headers={"HX-Request": "true"},
    )
    page = text(response)
    assert page.startswith(expected)
    # Only the words of the preview: the element itself stays on the page.
    assert response.content.decode().lstrip().startswith("<strong>Will record:")
    assert "<html" not in response.content.decode()
    assert not Event.objects.exists()


def test_the_preview_says_a_box_read_as_cards_with_the_cards_as_read(client, host):
    match = MatchFactory(host=host)
    # "2,5" (a decimal where a comma is one) reads as the cards 2 and 5.
    response = client.post(url("preview", match), hand_post(match, "Ben", Alice="2,5", Cara=9))
    assert text(response) == "Will record: Ben takes 16 Alice 7 (2 5)"


def test_it_previews_nothing_until_the_hand_adds_up(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("preview", match), hand_post(match, "Ben", Alice=23))
    assert text(response) == "Fill in the hand to see the score."


def test_it_previews_what_is_wrong_once_everything_is_filled_in(client, host):
    match = MatchFactory(host=host)
    response = client.post(url("preview", match), hand_post(match, "Ben", Alice=23, Cara=0))
    assert text(response) == "Cara's leftover must be at least 1"


def test_the_preview_escapes_every_name_it_shows(client, host):
    match = MatchFactory(host=host, players=["<b>al</b>", "Ben", "Cara"])
    counted = client.post(
        url("preview", match), hand_post(match, "<b>al</b>", Ben="K 9 4", Cara=101)
    ).content.decode()
    # Each name escaped, and led by its player's badge.
    assert counted == (
        '<strong>Will record: <span class="mark pc-blue" data-initials="BA" aria-hidden="true">'
        "</span>&lt;b&gt;al&lt;/b&gt; takes 124</strong>\n"
        '<span class="counted"><span class="mark pc-orange" data-initials="BE" '
        'aria-hidden="true"></span>Ben 23 (K 9 4)</span>\n'
        '<span class="slip">Cara: 101 points in 7 cards?</span>'
    )
    wrong = client.post(
        url("preview", match), hand_post(match, "Ben", **{"<b>al</b>": 0}, Cara=3)
    ).content.decode()
    assert (
        wrong
        == '<span class="slip">&lt;b&gt;al&lt;/b&gt;&#x27;s leftover must be at least 1</span>'
    )


def test_it_asks_before_saving_a_leftover_the_dealt_cards_could_not_hold(client, host):
    match = MatchFactory(host=host)
    token = uuid.uuid4()
    data = hand_post(match, "Ben", token=token, Alice=23, Cara=230)
    response = client.post(url("hand", match), data, headers={"HX-Request": "true"})
    assert "Cara: 230 points in 7 cards?" in text(response)
    assert "Yes, save it as typed" in text(response)
    assert 'value="230"' in response.content.decode()
    assert not Event.objects.exists()
    answer = slip_answer(response)
    # "Yes" confirms the questions it showed, not a different number typed since.
    response = client.post(url("hand", match), {**data, "left_2": "231", "confirm_slips": answer})
    assert "Cara: 231 points in 7 cards?" in text(response)
    assert not Event.objects.exists()
    # The answer holds though the host's pages changed language since it was asked.
    client.post(url("hand", match), {**data, "confirm_slips": answer}, HTTP_ACCEPT_LANGUAGE="fr")
    assert totals_on(client.get(url("detail", match)))["Ben"] == 253


def slip_answer(response) -> str:
    """What the page's "Yes, save it as typed" button sends."""
    found = re.search(r'name="confirm_slips" value="([^"]*)"', response.content.decode())
    assert found is not None, "no question asked"
    return html.unescape(found.group(1))


def test_it_shows_the_typing_slip_in_the_preview(client, host):
    match = MatchFactory(host=host, players=["Alice", "Ben"])
    response = client.post(url("preview", match), hand_post(match, "Ben", Alice=101))
    assert "Alice: 101 points in 10 cards?" in text(response)
