"""The finished score sheet on the phone and on paper: a 149-hand sheet of six
players keeps the names in view while the hands scroll, and prints to four
pages with the players' names at the head of each."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from matches.models import Match
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Alice", "Ben", "Cara", "Dan", "Eve", "Fay"]


def long_match(host: AbstractBaseUser, hands: int = 149) -> Match:
    match = MatchFactory(host=host, players=PLAYERS, target=1000)
    record(
        match,
        *[
            hand(PLAYERS[n % 6], **{name: 1 for name in PLAYERS if name != PLAYERS[n % 6]})
            for n in range(hands)
        ],
    )
    return match


def test_the_names_stay_in_view_while_the_hands_scroll(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = long_match(host)
    page.goto(live_server.url + reverse("matches:sheet", args=[match.public_id]))
    sheet = page.get_by_role("region", name="Each hand")
    head = page.get_by_role("columnheader", name="Fay")
    expect(head).to_be_visible()
    # The page scrolled to the sheet, then a thumb's swipe down it, to the last hands.
    sheet.evaluate("element => element.scrollIntoView()")
    sheet.evaluate("element => { element.scrollTop = element.scrollHeight; }")
    last = page.get_by_role("rowheader", name=re.compile(r"^149 "))
    expect(last).to_be_in_viewport()
    box, top = head.bounding_box(), sheet.bounding_box()
    assert abs(box["y"] - top["y"]) < 2, "the names scrolled away with the hands"
    # And across, to the last player: the hand numbers stay.
    sheet.evaluate("element => { element.scrollLeft = element.scrollWidth; }")
    assert abs(last.bounding_box()["x"] - top["x"]) < 2
    # The totals at the foot: Alice went out 25 times and Fay 24, taking 5 each.
    foot = page.locator("tfoot tr")
    expect(foot).to_have_text(re.compile(r"So far\s*125\s*125\s*125\s*125\s*125\s*120"))


def test_only_the_sheet_scrolls_sideways_and_the_chart_is_labelled(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = long_match(host, hands=12)
    record(match, {"target": 1000}, {"leave": "Fay"})
    page.goto(live_server.url + reverse("matches:sheet", args=[match.public_id]))
    # The page itself is exactly the phone's width: a sideways swipe moves the table only.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The hand column leaves room for the players: three of them in view at once.
    assert page.get_by_role("columnheader", name="Hand").bounding_box()["width"] < 100
    # Both ends of the hands axis are painted in a colour other than the page's.
    labels = page.locator("svg.chart text.chart-hands")
    expect(labels).to_have_text(["hand 1", "hand 12"])
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    for fill in labels.evaluate_all("(all) => all.map((e) => getComputedStyle(e).fill)"):
        assert fill != background
    # A note across the table stays readable when the players scroll sideways.
    sheet = page.get_by_role("region", name="Each hand")
    sheet.evaluate("element => { element.scrollLeft = element.scrollWidth; }")
    note = page.get_by_text("Fay left the table.")
    box, view = note.bounding_box(), sheet.bounding_box()
    assert box["x"] >= view["x"] and box["x"] + box["width"] <= view["x"] + view["width"] + 1


def test_the_hand_columns_words_are_never_split(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    """A fresh host read "rumm / y" and "nobod / y out" in the hand column of
    a sheet with many players: the column narrowed by splitting words."""
    players = ["Alice", "Ben", "Cara", "Zoë O'Neil <b>&amp;</b>"]  # the fresh host's table
    match = MatchFactory(host=host, players=players, target=150)
    leftovers = {name: 20 for name in players[1:]}
    record(match, hand("Alice", rummy=True, **leftovers), hand(None, Alice=3, **leftovers))
    page.goto(live_server.url + reverse("matches:sheet", args=[match.public_id]))
    for mark, word in (("rummy", "rummy"), ("nobody out", "nobody")):
        shown = page.locator(".sheet-mark", has_text=mark)
        expect(shown).to_be_visible()
        # The word's letters lie on one line (the mark may wrap at its space).
        boxes = shown.evaluate(
            """(element, word) => {
                const text = element.firstChild;
                const at = text.textContent.indexOf(word);
                const range = document.createRange();
                range.setStart(text, at);
                range.setEnd(text, at + word.length);
                return range.getClientRects().length;
            }""",
            word,
        )
        assert boxes == 1, f"{word!r} was split over {boxes} lines"


def test_a_149_hand_sheet_prints_on_four_pages_with_the_names_on_each(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = long_match(host)
    page.goto(live_server.url + reverse("matches:sheet", args=[match.public_id]))
    page.emulate_media(media="print")
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4", prefer_css_page_size=True)))
    pages = [each.extract_text() for each in pdf.pages]
    assert len(pages) == 4
    for number, text in enumerate(pages, start=1):
        head = text.split("\n")
        assert any(all(name in line for name in PLAYERS) for line in head), (
            f"page {number} has no row of the players' names"
        )
    assert "149" in pages[-1] and "Log out" not in "".join(pages)
    # Headed by the match's game; none of the screen's own foot (the
    # language switcher, the account) on paper.
    assert pages[0].startswith("Score sheet · Rummy")
    assert "Your account" not in "".join(pages) and "Change" not in "".join(pages)
    # The final totals once, at the end: not at the foot of every page.
    assert [text.count("So far") for text in pages] == [0, 0, 0, 1]
