"""The loop the host repeats forty times a night, on a phone held at the
table: after Save the note, every total and the next Save are on the screen
with no scrolling; a typo is fixed in one tap; a double tap on Undo takes back
one entry."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import (
    enter_hand,
    expect_total,
    expect_totals,
    history,
    htmx_settled,
    leftover,
    messages,
    open_board,
    points,
    save,
    total,
)
from tests.factories import PASSWORD, MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Names of 12 characters, the longest the board is laid out for.
NAMES = [
    "Bartholomew1",
    "Christabella",
    "Maximiliano2",
    "Alessandra44",
    "Wilhelmina10",
    "Fitzgerald12",
]


def in_view(page: Page, locator: Locator) -> None:
    """The element's box lies wholly inside the phone's screen as it is now."""
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None, f"{locator} is not shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (
        f"{locator} spans {box['y']:.0f} to {box['y'] + box['height']:.0f}px of a {height}px screen"
    )


def signed_in(context: Any, client: Any, live_server: LiveServer, user: AbstractBaseUser) -> Page:
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(5_000)
    return page


def seeded(host: AbstractBaseUser, players: int, scheme: str) -> Match:
    """A match some way in: three-digit totals, and negative ones under
    penalty (going rummy pays -25 there)."""
    names = NAMES[:players]
    match = MatchFactory(
        host=host, players=names, scheme=scheme, target=1000, rummy_bonus="flat_25"
    )
    for number in range(5):
        out = names[0]
        others = {name: 20 + number for name in names[1:]}
        record(match, hand(out, rummy=scheme == "penalty", **others))
    return match


@pytest.mark.parametrize(
    ("players", "scheme"),
    [(2, "highest_wins"), (4, "penalty"), (6, "highest_wins"), (6, "penalty")],
)
def test_it_shows_the_note_every_total_and_the_next_save_after_save(
    phone: Any,
    client: Any,
    live_server: LiveServer,
    host: AbstractBaseUser,
    players: int,
    scheme: str,
) -> None:
    page = signed_in(phone, client, live_server, host)
    match = seeded(host, players, scheme)
    names = NAMES[:players]
    open_board(page, live_server, match)
    for name in names:
        in_view(page, points(page, name))
    in_view(page, save(page, 6))

    enter_hand(page, names[1], **{name: 7 for name in names if name != names[1]})
    # The note's live region stays on the page across swaps (so it is announced).
    page.evaluate("document.getElementById('note').dataset.kept = 'yes'")
    save(page, 6).tap()

    expect(messages(page)).to_contain_text("Saved hand 6:")
    expect(messages(page)).to_have_attribute("data-kept", "yes")
    expect(messages(page)).to_have_attribute("role", "status")
    expect(save(page, 7)).to_be_visible()
    in_view(page, messages(page))
    for name in names:
        in_view(page, points(page, name))
    in_view(page, save(page, 7))
    # Focus on the first "who went out" choice: the phone's keyboard stays down.
    expect(page.get_by_role("radio", name=names[0], exact=True)).to_be_focused()
    if scheme == "penalty":
        expect_total(page, names[0], -125 + 7)


def test_it_shows_the_winner_in_view_after_the_winning_hand(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, players=NAMES[:6], target=100)
    record(match, hand(NAMES[0], **{name: 15 for name in NAMES[1:6]}))  # 75
    open_board(page, live_server, match)
    # The page scrolled down (say the history was being read) before Save.
    enter_hand(page, NAMES[0], **{name: 6 for name in NAMES[1:6]})
    page.mouse.wheel(0, 600)
    save(page, 2).tap()

    winner = page.get_by_role("heading", name=f"{NAMES[0]} wins", level=1)
    expect(winner).to_be_visible()
    in_view(page, winner)
    expect(winner).to_be_focused()
    # The final totals rank the players: the winner first, with place 1.
    expect(page.get_by_role("table").get_by_role("rowheader").first).to_contain_text(NAMES[0])
    expect(total(page, NAMES[0]).get_by_role("cell").first).to_have_text("1")
    expect(total(page, NAMES[1]).get_by_role("cell").first).to_have_text("=2")
    in_view(page, points(page, NAMES[0]))


def test_it_fixes_a_typo_in_the_last_hand_by_retyping_only_the_wrong_digits(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice")
    open_board(page, live_server, match)
    enter_hand(page, "Ben", Alice=23, Cara=28)  # 18, a slip of the finger
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=51, Cara=0)

    page.mouse.wheel(0, 800)  # the button sits below the form: the page is scrolled
    page.get_by_role("link", name="Fix hand 1").tap()

    fixing = page.get_by_role("heading", name=re.compile("^Fix hand 1"))
    expect(fixing).to_be_visible()
    page.wait_for_function("() => window.scrollY === 0")
    in_view(page, fixing)
    expect(page.get_by_role("radio", name="Alice", exact=True)).to_be_focused()
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(leftover(page, "Cara")).to_have_value("28")
    leftover(page, "Cara").fill("18")
    expect(page.locator("#hand-preview")).to_contain_text("Totals: Ben 51 → 41.")
    page.get_by_role("button", name="Save the fix to hand 1").tap()

    expect(messages(page)).to_have_text("Fixed hand 1: Ben takes 41. Totals: Ben 51 → 41.")
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(save(page, 2)).to_be_visible()
    expect(history(page)).to_have_count(1)
    expect(history(page)).to_contain_text("Cara held 18.")
    expect(page.get_by_role("region", name="Deleted")).to_have_count(0)
    expect(page.get_by_role("button", name="Put it back")).to_have_count(0)
    stored = Event.objects.get(match=match)
    assert stored.deleted is None
    assert stored.data["hand"]["leftovers"]["Cara"] == 18


def test_it_takes_back_one_entry_for_a_double_tap_on_undo(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=5))
    open_board(page, live_server, match)

    undo = page.get_by_role("button", name=re.compile("^Undo: Hand 2"))
    undo.tap()
    # The second tap of a double tap lands where Undo was, on whatever the
    # board now shows there, before the finger is lifted for good.
    expect(page.get_by_role("button", name="Put it back")).to_be_visible()
    page.get_by_role("button", name=re.compile("^Undo: ")).tap(force=True)
    page.get_by_role("button", name="Put it back").tap(force=True)
    page.wait_for_timeout(300)

    expect_totals(page, Alice=0, Ben=41, Cara=0)
    expect(messages(page)).to_contain_text("Took back hand 2: Cara went out.")
    expect(history(page)).to_have_count(1)
    assert Event.objects.filter(match=match, deleted__isnull=False).count() == 1
    # Once the board has settled, Undo works again, naming what it takes back.
    page.get_by_role("button", name="Undo: Hand 1: Ben went out").tap()
    expect_totals(page, Alice=0, Ben=0, Cara=0)


def test_undo_asks_first_when_a_hand_is_half_typed_and_keeps_it_on_keep_typing(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    open_board(page, live_server, match)
    enter_hand(page, "Cara", Alice=5)
    page.get_by_role("button", name=re.compile("^Undo: Hand 1")).tap()
    question = page.get_by_role("dialog")
    expect(question).to_contain_text(
        "A hand is half typed and not saved. Undo clears it from the form."
    )
    question.get_by_role("button", name="Keep typing").tap()
    expect(page.get_by_role("textbox", name="Alice", exact=True)).to_have_value("5")
    assert not Event.objects.filter(match=match, deleted__isnull=False).exists()
    page.get_by_role("button", name=re.compile("^Undo: Hand 1")).tap()
    page.get_by_role("dialog").get_by_role("button", name="Undo anyway").tap()
    expect_totals(page, Alice=0, Ben=0, Cara=0)
    expect(page.get_by_role("textbox", name="Alice", exact=True)).to_have_value("")


def test_it_sends_one_csrf_token_equal_to_the_cookie_after_a_log_in_in_another_tab(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    other = page.context.new_page()
    other.goto(live_server.url + "/accounts/login/")
    other.get_by_label("Username").fill(host.username)
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Log in").tap()
    expect(other.get_by_role("heading", name="Your matches")).to_be_visible()
    other.close()

    enter_hand(page, "Ben", Alice=23, Cara=18)
    with page.expect_request("**/hands/") as sent:
        save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    cookie = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    assert sent.value.headers["x-csrftoken"] == cookie


def test_it_empties_the_box_of_who_went_out_and_gives_it_back_on_a_change_of_mind(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    for name, points_ in (("Alice", 23), ("Ben", 5), ("Cara", 18)):
        leftover(page, name).fill(str(points_))
    page.get_by_role("radio", name="Ben", exact=True).tap()

    expect(leftover(page, "Ben")).to_be_disabled()
    expect(leftover(page, "Ben")).to_have_value("")
    expect(page.locator("#hand-preview")).to_have_text("Will record: Ben takes 41")
    page.get_by_role("radio", name="Alice", exact=True).tap()
    expect(leftover(page, "Ben")).to_have_value("5")
    expect(leftover(page, "Alice")).to_have_value("")
    expect(page.locator("#hand-preview")).to_have_text("Will record: Alice takes 23")


def test_it_says_a_card_replaces_the_points_typed(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    leftover(page, "Alice").fill("10")
    page.get_by_role("button", name="Cards Alice held").tap()
    picker = page.get_by_role("group", name="Cards Alice held")
    expect(picker).to_contain_text("Tapping a card replaces the 10 typed here.")
    picker.get_by_role("button", name="Add a king").tap()
    expect(leftover(page, "Alice")).to_have_value("K")
    expect(picker).not_to_contain_text("replaces")


def test_it_drops_the_last_refusal_once_the_preview_says_the_hand_adds_up(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    enter_hand(page, "Ben", Alice=0, Cara=18)
    save(page, 1).tap()
    refusal = page.get_by_role("listitem").filter(has_text="Alice's leftover must be at least 1")
    expect(refusal).to_be_visible()
    # The preview says it too, as long as the boxes hold what was refused.
    expect(page.locator("#hand-preview")).to_have_text("Alice's leftover must be at least 1")
    # As a host reading the screen: the board has settled before the next key
    # (a preview asked for mid-swap is lost: test_preview.py), then Done.
    htmx_settled(page)
    leftover(page, "Alice").fill("23")
    htmx_settled(page)
    leftover(page, "Alice").blur()
    expect(page.locator("#hand-preview")).to_have_text("Will record: Ben takes 41")
    expect(refusal).to_be_hidden()
    expect(leftover(page, "Alice")).not_to_have_attribute("aria-invalid", "true")


def test_a_reload_during_a_fix_keeps_the_fix_and_what_was_typed(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    match = MatchFactory(host=host, first_dealer="Alice")
    record(match, hand("Ben", Alice=23, Cara=28))
    open_board(page, live_server, match)
    board_address = page.url
    page.get_by_role("link", name="Fix hand 1").tap()
    expect(page.get_by_role("heading", name=re.compile("^Fix hand 1"))).to_be_visible()
    assert page.url != board_address and "/fix/" in page.url  # the address says which hand
    leftover(page, "Cara").fill("18")
    page.get_by_role("radio", name="Cara", exact=True).tap()
    leftover(page, "Ben").fill("7")

    page.reload()
    expect(page.get_by_role("heading", name=re.compile("^Fix hand 1"))).to_be_visible()
    expect(page.get_by_role("radio", name="Cara", exact=True)).to_be_checked()
    expect(leftover(page, "Ben")).to_have_value("7")
    expect(leftover(page, "Alice")).to_have_value("23")
    page.get_by_role("button", name="Save the fix to hand 1").tap()

    expect(messages(page)).to_contain_text("Fixed hand 1: Cara takes 30.")
    expect_totals(page, Alice=0, Ben=0, Cara=30)
    expect(page).to_have_url(board_address)
    # Fixed and saved: a fix opened again shows what is recorded, nothing kept.
    page.get_by_role("link", name="Fix hand 1").tap()
    expect(leftover(page, "Ben")).to_have_value("7")
    expect(leftover(page, "Alice")).to_have_value("23")
    expect(page.get_by_role("radio", name="Cara", exact=True)).to_be_checked()
    # The way out stands clear of Save, its edge nowhere under it.
    leave = page.get_by_role("link", name="Leave hand 1 as it was")
    leave.scroll_into_view_if_needed()
    save_box = page.get_by_role("button", name="Save the fix to hand 1").bounding_box()
    assert leave.bounding_box()["y"] >= save_box["y"] + save_box["height"] + 4
    leave.tap()
    expect(page).to_have_url(board_address)
    # Back and forth by the phone's Back button: each address shows its page.
    page.get_by_role("link", name="Fix hand 1").tap()
    expect(page.get_by_role("heading", name=re.compile("^Fix hand 1"))).to_be_visible()
    page.go_back()
    expect(page).to_have_url(board_address)
    expect(save(page, 2)).to_be_visible()
    kept = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('htmx'))")
    assert kept == []  # no board kept in the phone's storage by htmx


def test_the_card_picker_keeps_save_in_view_and_sums_the_cards(
    phone: Any, client: Any, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    """Six players, the picker opened under the last one's row on a short
    phone: Save stays on the screen, and the picker writes the cards in
    full with their sum as they are tapped (an ace is 1 under the default)."""
    page = signed_in(phone, client, live_server, host)
    names = NAMES[:6]
    match = MatchFactory(host=host, players=names)
    open_board(page, live_server, match)
    last = names[-1]
    toggle = page.get_by_role("button", name=f"Cards {last} held")
    toggle.tap()
    picker = page.get_by_role("group", name=f"Cards {last} held")
    expect(picker).to_contain_text(f"Tap the cards {last} held.")
    for rank in ("a king", "a queen", "a 5", "an ace"):
        picker.get_by_role("button", name=f"Add {rank}").tap()
    expect(picker).to_contain_text(f"{last}: K Q 5 A = 26")
    in_view(page, picker.get_by_role("button", name="Add a king"))
    in_view(page, save(page, 1))
    picker.get_by_role("button", name="Take back A").tap()
    expect(picker).to_contain_text(f"{last}: K Q 5 = 25")
    in_view(page, save(page, 1))
