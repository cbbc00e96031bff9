"""The pages on a 390px phone: nothing scrolls sideways, and every control on
the board is big enough for a finger (44px tall at least)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches import services
from matches.models import Player
from tests import factories
from tests.e2e.board import open_board
from tests.factories import MatchFactory, UserFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 390
FINGER = 44  # px, the smallest comfortable tap target


# The boxes that their content overflows, later (mostly inner) ones first:
# where a page got too wide, for the failure message.
TOO_WIDE = """[...document.querySelectorAll("body *")]
    .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1)
    .reverse()
    .map(e => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}px in ${e.clientWidth}px`)
"""


def expect_no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"{page.url} is {width}px wide: {page.evaluate(TOO_WIDE)}"


def test_it_never_scrolls_sideways_on_a_phone(page: Page, live_server: LiveServer) -> None:
    user = UserFactory()
    match = MatchFactory(host=user)
    record(match, hand("Ben", Alice=23, Cara=18))

    page.goto(live_server.url + "/signup/")
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    expect_no_sideways_scroll(page)

    page.goto(live_server.url + "/accounts/login/")
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    expect_no_sideways_scroll(page)
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(factories.PASSWORD)
    page.get_by_role("button", name="Log in").tap()

    expect(page.get_by_role("heading", name="Your matches")).to_be_visible()
    expect_no_sideways_scroll(page)

    page.get_by_role("link", name="New match").tap()
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    expect_no_sideways_scroll(page)

    open_board(page, live_server, match)
    expect(page.get_by_role("heading", name="Record hand 2")).to_be_visible()
    expect_no_sideways_scroll(page)


def test_it_wraps_a_long_name_rather_than_scroll_sideways(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    # A real surname, one word of 35 letters; the New match form takes 40.
    long_name = "Wolfeschlegelsteinhausenbergerdorff"
    match = MatchFactory(host=host, players=[long_name, "Ben"])
    record(match, hand(long_name, Ben=10))

    page.goto(live_server.url + "/")
    expect(page.get_by_role("link", name=re.compile(long_name))).to_be_visible()
    expect_no_sideways_scroll(page)

    open_board(page, live_server, match)
    expect(page.get_by_role("radio", name=long_name)).to_be_visible()
    expect_no_sideways_scroll(page)


def short_targets(page: Page) -> list[str]:
    """Every visible control on the page under a finger's height: buttons,
    links and boxes by their own box, radios and checkboxes by the label row
    they sit in (the whole row takes the tap)."""
    short = []
    for role in ("button", "link", "textbox", "combobox"):
        for control in page.get_by_role(role).all():
            box = control.bounding_box()
            if box and box["height"] < FINGER:
                short.append(f"{role} {control.text_content() or ''!r}: {box['height']:.0f}px")
    for role in ("radio", "checkbox"):
        for control in page.get_by_role(role).all():
            label = control.locator("xpath=ancestor::label")
            target = label if label.count() else control
            box = target.bounding_box()
            if box and box["height"] < FINGER:
                name = label.text_content() if label.count() else ""
                short.append(f"{role} {name!r}: {box['height']:.0f}px")
    return short


def test_it_gives_every_control_on_the_board_a_finger_sized_target(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, target=200)
    record(match, hand("Alice", Ben=60, Cara=60), hand("Ben", Alice=5, Cara=5))
    open_board(page, live_server, match)
    # Every tool at once: the hand form, undo, put back and the line.
    page.get_by_role("button", name="Undo: Hand 2: Ben went out").tap()
    expect(page.get_by_role("button", name="Put it back")).to_be_visible()
    expect_no_sideways_scroll(page)
    assert short_targets(page) == []

    # The question before a move of the line ends the match.
    page.get_by_role("textbox", name="Move the line (now 200)").fill("100")
    page.get_by_role("button", name="Move", exact=True).tap()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    expect_no_sideways_scroll(page)
    assert short_targets(page) == []


def test_the_words_under_each_name_are_shown_whole_beside_the_boxes(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    players = ["Christopher Robinson", "Christopher Robertson", "Ann", "Dave", "Bob"]
    match = MatchFactory(host=host, players=players, target=500, first_dealer="Bob")
    robins = {"Christopher Robinson": 40, "Christopher Robertson": 39}
    record(match, hand("Ann", **robins, Dave=4, Bob=44), hand("Bob", **robins, Dave=4, Ann=6))
    record(match, {"leave": "Bob"}, hand("Ann", **robins, Dave=4))
    open_board(page, live_server, match)
    # Ann leads and deals, three figures to go; Bob left after hand 2.
    expect(page.locator("tr.leader .who-more")).to_have_text(
        re.compile(r"leader · deals · \d+ to go")
    )
    clipped = page.locator(".sheet .who-more, .sheet .marks").evaluate_all(
        "(all) => all.filter((e) => e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent)"
    )
    assert clipped == []
    expect(page.locator("tr.gone .who-more")).to_have_text("left after hand 2")


# Every piece of text shown (its own text, not its children's) under 14px,
# the chart's drawing aside (an SVG scales with the screen), and every piece
# of text closer than 4px to the screen's edge.
SMALL_OR_AT_THE_EDGE = """(least) => {
    const found = [];
    for (const e of document.querySelectorAll("body *")) {
        if (e.closest("svg, .visually-hidden, [hidden]")) continue;
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const box = e.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const size = parseFloat(getComputedStyle(e).fontSize);
        const text = e.textContent.trim().slice(0, 30);
        if (size < least) found.push(`${size}px: ${text}`);
        if (box.left < 4 || box.right > innerWidth - 4) found.push(`at the edge: ${text}`);
    }
    return found;
}"""


def test_no_text_is_under_14px_or_touches_the_screen_edge(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara", "Dan"], target=300)
    record(match, hand("Ben", rummy=True, Alice=23, Cara=18, Dan=7), {"leave": "Dan"})
    open_board(page, live_server, match)
    page.get_by_role("button", name=re.compile("^Cards")).first.tap()
    pages = {"board": page.url}
    problems = {"board": page.evaluate(SMALL_OR_AT_THE_EDGE, 14)}
    link = services.share_new(match=match)
    ben = Player.objects.get(host=host, name="Ben")
    for name, address in (
        ("sheet", reverse("matches:sheet", args=[match.public_id])),
        ("player", reverse("matches:player", args=[ben.pk])),
        ("shared", reverse("matches:shared", args=[link.token])),
        ("home", reverse("matches:home")),
    ):
        pages[name] = live_server.url + address
        page.goto(pages[name])
        problems[name] = page.evaluate(SMALL_OR_AT_THE_EDGE, 14)
    assert {name: found for name, found in problems.items() if found} == {}
