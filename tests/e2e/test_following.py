"""Everyone at the table follows the board: a viewer's phone opened from the
share link changes by itself when the host saves a hand, learns when its link
was replaced and when its connection dropped; the QR code on the host's
screen reads as the link; the big screen fits a TV."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from matches import services
from matches.models import Match, ShareLink
from tests.e2e.board import enter_hand, open_board, save
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def quick_polls(settings) -> None:
    settings.FOLLOW_POLL_OPEN_MS = 500


def viewer_page(
    browser: Browser, width: int = 390, height: int = 844, locale: str = "en-US"
) -> Page:
    """Another phone at the table: no account, no cookies."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=True,
        is_mobile=width < 800,
        locale=locale,
    )
    return context.new_page()


def viewer_total(page: Page, name: str):
    return page.locator("#totals tbody tr").filter(has_text=name).locator("td.points")


def test_the_viewer_follows_the_host_without_a_reload(
    page: Page, browser: Browser, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    open_board(page, live_server, match)
    page.get_by_text("Share the board with the table").tap()
    page.get_by_role("button", name="Share the board").tap()
    link = page.locator(".share-url a")
    expect(link).to_be_visible()
    address = link.inner_text()
    token = ShareLink.objects.get(match=match, ended=None).token
    assert address == f"{live_server.url}/s/{token}/"

    viewer = viewer_page(browser)
    viewer.goto(address)
    expect(viewer_total(viewer, "Ben")).to_have_text("0")
    open_board(page, live_server, match)
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(viewer_total(viewer, "Ben")).to_have_text("41", timeout=10_000)
    expect(viewer.get_by_text("Hand 1: Ben went out")).to_be_visible()
    assert viewer.context.cookies() == [] or all(
        cookie["name"] not in ("sessionid", "csrftoken") for cookie in viewer.context.cookies()
    )

    # A new link: the old one's page says so by itself.
    services.share_new(match=Match.objects.get(pk=match.pk))
    expect(viewer.get_by_role("heading", name="This link was replaced")).to_be_visible(
        timeout=10_000
    )
    viewer.context.close()


def test_a_viewer_whose_connection_drops_is_told_the_board_may_be_stale(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    link = services.share_new(match=match)
    viewer = viewer_page(browser)
    viewer.goto(live_server.url + reverse("matches:shared", args=[link.token]))
    expect(viewer_total(viewer, "Alice")).to_have_text("0")
    viewer.context.set_offline(True)
    stale = viewer.get_by_role("status").filter(has_text="may be out of date since")
    expect(stale).to_be_visible(timeout=15_000)
    viewer.context.set_offline(False)
    expect(stale).to_be_hidden(timeout=15_000)
    viewer.context.close()


def test_the_qr_code_reads_as_the_share_link(
    page: Page, live_server: LiveServer, host: AbstractBaseUser, tmp_path: Path
) -> None:
    match = MatchFactory(host=host)
    link = services.share_new(match=match)
    open_board(page, live_server, match)
    code = page.locator(".share-code svg")
    expect(code).to_be_visible()
    shot = tmp_path / "code.png"
    code.screenshot(path=str(shot))
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, timeout=30
    )
    assert read.stdout.strip() == live_server.url + reverse("matches:shared", args=[link.token])


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (1080, 1920)])
def test_the_big_screen_fits_a_tv_with_totals_read_across_the_room(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser, width: int, height: int
) -> None:
    # Six players, one with the longest name the form takes, totals of three digits.
    names = [
        "Bartholomew1",
        "A" * 20 + " " + "B" * 19,
        "Maximiliano2",
        "Alessandra44",
        "Jo",
        "Fitz",
    ]
    match = MatchFactory(host=host, players=names, target=1000)
    record(match, hand("Jo", **{name: 60 for name in names if name != "Jo"}))
    link = services.share_new(match=match)
    screen = viewer_page(browser, width, height)
    screen.goto(live_server.url + reverse("matches:shared_big", args=[link.token]))
    expect(screen.locator(".big-totals li")).to_have_count(6)
    sizes = screen.evaluate(
        "() => ({w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight,"
        " font: parseFloat(getComputedStyle(document.querySelector('.big-points')).fontSize)})"
    )
    assert sizes["w"] <= width and sizes["h"] <= height, f"a scrollbar at {width}x{height}: {sizes}"
    assert sizes["font"] >= 0.08 * height
    expect(screen.get_by_text(re.compile(r"A+ B+ deals 6 cards"))).to_be_visible()
    # Each total on one line: its box no taller than one line of its type.
    lines = (
        "(all) => all.map((e) =>"
        " e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).fontSize))"
    )
    for box in screen.locator(".big-points").evaluate_all(lines):
        assert box < 1.6
    screen.context.close()


@pytest.mark.parametrize(("width", "height"), [(1920, 1080), (390, 844)])
def test_the_big_screen_says_who_won_as_large_as_the_ranking(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser, width: int, height: int
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=100)
    record(match, hand("Ben", Alice=60, Cara=60))
    link = services.share_new(match=match)
    screen = viewer_page(browser, width, height)
    screen.goto(live_server.url + reverse("matches:shared_big", args=[link.token]))
    result = screen.locator(".big-line")
    expect(result).to_have_text(re.compile(r"^Ben wins · line 100"))
    size = "(e) => parseFloat(getComputedStyle(e).fontSize)"
    ranking = screen.locator(".big-name").first.evaluate(size)
    assert result.evaluate(size) >= ranking
    sizes = screen.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert sizes[0] <= width and sizes[1] <= height, f"a scrollbar at {width}x{height}: {sizes}"
    screen.context.close()


def test_a_followers_last_hands_are_numbered_once_by_their_hands(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], target=500)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    link = services.share_new(match=match)
    viewer = viewer_page(browser)
    viewer.goto(live_server.url + reverse("matches:shared", args=[link.token]))
    hands = viewer.get_by_role("list").filter(has_text="Hand 2:").get_by_role("listitem")
    expect(hands).to_have_text([re.compile(r"^Hand 2: Cara went out"), re.compile(r"^Hand 1: ")])
    # No second numbering ("1. Hand 2: ..."): the list draws no markers.
    markers = hands.evaluate_all("(all) => all.map((e) => getComputedStyle(e).listStyleType)")
    assert markers == ["none", "none"]
    viewer.context.close()


@pytest.mark.parametrize(("width", "height", "shown"), [(1280, 720, "whole"), (390, 844, "cut")])
def test_the_big_screen_shows_a_long_name_whole_where_it_has_room(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser, width, height, shown
) -> None:
    players = ["Christopher Robinson", "Christopher Robertson", "Ben"]
    match = MatchFactory(host=host, players=players, target=500)
    # Three-figure totals, which leave the names the least room.
    record(match, hand("Ben", **{"Christopher Robinson": 121, "Christopher Robertson": 119}))
    link = services.share_new(match=match)
    screen = viewer_page(browser, width, height)
    screen.goto(live_server.url + reverse("matches:shared_big", args=[link.token]))
    first = screen.locator(".big-name").first
    if shown == "whole":  # a TV: the whole name
        expect(first).to_have_text(re.compile("Christopher Robinson$"))
        expect(first.locator(".big-short")).to_be_hidden()
    else:  # a phone held upright: cut, the two still apart, the whole name read out
        expect(first.locator(".big-short")).to_have_text("Chr…nson")
        expect(screen.locator(".big-name").nth(1).locator(".big-short")).to_have_text("Chr…tson")
        expect(first.locator(".big-whole")).to_have_text("Christopher Robinson")
    # Nothing is cut again at the edge: the two stay apart in full view.
    for name in screen.locator(".big-name").all():
        assert name.evaluate("(e) => e.scrollWidth <= e.clientWidth"), name.inner_text()
    screen.context.close()


def test_a_total_below_zero_shows_its_minus_sign_as_large_as_its_digits_across_the_room(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"], game="rummy500")
    went_out = {"went_out": "Alice", "melded": {"Alice": 40, "Ben": 10, "Cara": 0}}
    record(match, {"hand": {**went_out, "in_hand": {"Ben": 5, "Cara": 75}}})
    link = services.share_new(match=match)
    screen = viewer_page(browser, 1920, 1080)
    screen.goto(live_server.url + reverse("matches:shared_big", args=[link.token]))
    cara = screen.locator(".big-totals li").filter(has_text="Cara").locator(".big-points")
    expect(cara).to_have_text("−75")
    sizes = cara.evaluate(
        "(e) => [getComputedStyle(e).fontSize,"
        " getComputedStyle(e.querySelector('.minus')).fontSize]"
    )
    assert sizes[0] == sizes[1]
    screen.context.close()


def test_the_big_screen_lists_every_player_with_those_who_left(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    eight = ["Alice", "Ben", "Cara", "Dev", "Eve", "Fay", "Gus", "Hal"]
    match = MatchFactory(host=host, players=eight, game="rummy500")
    melded = dict.fromkeys(eight, 5)
    in_hand = {name: 3 for name in eight if name != "Alice"}
    record(match, {"hand": {"went_out": "Alice", "melded": melded, "in_hand": in_hand}})
    record(match, {"leave": "Hal"}, {"join": "Ivy"})
    link = services.share_new(match=match)
    screen = viewer_page(browser, 1920, 1080)
    screen.goto(live_server.url + reverse("matches:shared_big", args=[link.token]))
    # Nine rows: the eight at the table and Hal, who left.
    expect(screen.locator(".big-totals li")).to_have_count(9)
    expect(screen.locator(".big-totals li.left")).to_contain_text("Hal")
    sizes = screen.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
    )
    assert sizes[0] <= 1920 and sizes[1] <= 1080, f"a scrollbar: {sizes}"
    screen.context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_a_name_stays_whole_beside_the_longer_words_for_who_left(
    browser: Browser, live_server: LiveServer, host: AbstractBaseUser, width: int, height: int
) -> None:
    """On a TV the words sit beside the name; on a phone held upright,
    under it: never cut ("Benoît (a…")."""
    match = MatchFactory(host=host, players=["Amélie", "Benoît", "Chloé"], target=100)
    record(match, hand("Benoît", Amélie=28, Chloé=30), {"leave": "Benoît"})
    record(match, hand("Amélie", Chloé=100))  # Amélie wins: the places are shown
    link = services.share_new(match=match)
    screen = viewer_page(browser, width, height, locale="fr")
    screen.goto(live_server.url + reverse("matches:shared_big", args=[link.token]))
    left = screen.locator(".big-totals li.left .big-name")
    expect(left).to_have_text("3. Benoît (a quitté la table)")
    assert left.evaluate("(e) => e.scrollWidth <= e.clientWidth"), "the name is cut"
    screen.context.close()
