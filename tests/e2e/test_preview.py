"""The preview under the hand form: what Save would record, worked out by the
engine under the match's house rules, and nothing stored until Save
(docs/rules.md, worked examples 1 to 3)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event
from tests.e2e.board import (
    enter_hand_to_preview,
    expect_totals,
    history,
    leftover,
    open_board,
    preview,
    save,
)
from tests.factories import MatchFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(
    ("scheme", "plain", "rummy", "nobody_out", "totals"),
    [
        (
            "highest_wins",
            "Will record: Ben takes 41",
            "Will record: Ben takes 82 (rummy)",
            "Will record: nobody out: Ben takes 22 (lowest hand)",
            {"Alice": 0, "Ben": 22, "Cara": 0},
        ),
        (
            "penalty",
            "Will record: Alice +23, Cara +18",
            "Will record: Alice +46, Cara +36 (rummy)",
            "Will record: nobody out (lowest hand): Alice +7, Cara +15",
            {"Alice": 7, "Ben": 0, "Cara": 15},
        ),
    ],
    ids=["highest_wins", "penalty"],
)
def test_it_previews_the_hand_under_the_scheme_and_stores_nothing_until_save(
    page: Page,
    live_server: LiveServer,
    host: AbstractBaseUser,
    scheme: str,
    plain: str,
    rummy: str,
    nobody_out: str,
    totals: dict[str, int],
) -> None:
    match = MatchFactory(host=host, scheme=scheme, first_dealer="Alice")
    open_board(page, live_server, match)
    expect(preview(page)).to_have_text("Fill in the hand to see the score.")

    # Worked examples 1 and 2: Ben goes out, Alice holds 23, Cara 18.
    enter_hand_to_preview(page, "Ben", Alice=23, Cara=18)
    expect(preview(page)).to_have_text(plain)

    going_rummy = page.get_by_role("checkbox", name="Rummy: went out in one go")
    going_rummy.tap()
    expect(preview(page)).to_have_text(rummy)
    going_rummy.tap()
    expect(preview(page)).to_have_text(plain)

    # Worked example 3: nobody out, Alice 12, Ben 5, Cara 20.
    enter_hand_to_preview(page, "Nobody out: the stock ran out", Alice=12, Ben=5, Cara=20)
    expect(going_rummy).to_be_disabled()
    expect(preview(page)).to_have_text(nobody_out)

    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(history(page)).to_have_count(0)
    assert not Event.objects.filter(match=match).exists()

    save(page, 1).tap()

    expect_totals(page, **totals)
    expect(history(page)).to_have_count(1)
    assert Event.objects.filter(match=match).count() == 1


def test_it_previews_a_change_typed_while_an_earlier_preview_was_on_its_way(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    """The preview must never show a hand other than the one Save records.
    (It does today: the preview replaces itself when an answer arrives, and
    the 400 ms wait after the keystroke is lost with the old element.)"""
    match = MatchFactory(host=host, first_dealer="Alice")
    open_board(page, live_server, match)
    enter_hand_to_preview(page, "Ben", Alice=23, Cara=18)
    expect(preview(page)).to_have_text("Will record: Ben takes 41")

    # Slow Wi-Fi: the preview asked for by ticking rummy is still on its way
    # when the host corrects Cara's leftover, keyboard still open.
    held: list[Route] = []
    page.route("**/hands/preview/", lambda route: held.append(route))
    with page.expect_request("**/hands/preview/"):
        page.get_by_role("checkbox", name="Rummy: went out in one go").tap()
    leftover(page, "Cara").fill("20")
    assert len(held) == 1
    # It arrives within the 400 ms the preview waits after a keystroke.
    held[0].continue_()
    page.unroute("**/hands/preview/")

    expect(preview(page)).to_have_text("Will record: Ben takes 86 (rummy)")
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=86, Cara=0)
