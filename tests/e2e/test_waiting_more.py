"""Hands that wait on the phone, continued: the phone tries again by
itself, where it cannot keep hands, a hand refused because the match closed,
a double tap offline, log out with no connection, another host on the same
phone, a security check or a server error on the way."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse
from playwright.sync_api import Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Match
from tests.e2e.board import enter_hand, expect_totals, messages, open_board, save
from tests.e2e.test_line import move_the_line
from tests.e2e.test_waiting import (  # noqa: F401 (a fixture)
    SEND,
    browser_context_args,
    first_host_logged_out,
    keep_offline,
    kept,
    kept_with_no_answer,
    recorded,
    sign_in,
    waiting,
)
from tests.factories import MatchFactory, UserFactory, hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_phone_tries_again_every_15_seconds_by_itself(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    page.clock.install()
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    # The Wi-Fi drops without the phone noticing: the Save gets no answer.
    page.context.route("**/hands/**", lambda route: route.abort("internetdisconnected"))
    page.context.route("**/hands/", lambda route: route.abort("internetdisconnected"))
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(waiting(page)).to_contain_text("Hand 1 waits to be sent")
    expect(page.locator("[data-waiting-status]")).to_have_text(
        "No connection yet: the waiting hands are sent by themselves when it is back."
    )
    page.context.unroute("**/hands/**")
    page.context.unroute("**/hands/")
    page.clock.run_for(14_000)
    page.wait_for_timeout(300)  # real time: nothing is due yet
    assert recorded(match) == []
    page.clock.run_for(2_000)
    expect(waiting(page).get_by_role("listitem")).to_have_count(0)
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_when_the_connection_comes_back_a_send_left_hanging_goes_again_at_once(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    page.clock.install()  # the 15 seconds' retry never comes: only "online" can send it
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    # The Save fails, and the phone's send at once gets no answer at all;
    # a send after it goes through.
    held: list[Route] = []

    def first_hangs(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    page.context.route("**/hands/", lambda route: route.abort("internetdisconnected"))
    page.context.route(SEND, first_hangs)
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(waiting(page)).to_contain_text("Hand 1 waits to be sent")
    for _ in range(50):  # bounded: the send leaves at once
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the waiting hand was not sent"
    page.context.unroute("**/hands/")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(waiting(page).get_by_role("listitem")).to_have_count(0)
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_where_the_phone_cannot_keep_hands_save_says_not_saved_and_keeps_the_entries(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    page.add_init_script(
        "IDBFactory.prototype.open = function () { throw new Error('storage is off'); };"
    )
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    page.context.set_offline(True)
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(page.locator("[data-network-error]")).to_have_text(
        "Not saved: no connection. Your entries are still here; tap Save again (a hand "
        "that did get through is not recorded twice)."
    )
    expect(page.get_by_role("textbox", name="Alice", exact=True)).to_have_value("23")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    expect(waiting(page).get_by_role("listitem")).to_have_count(0)
    page.context.set_offline(False)
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_a_hand_refused_because_the_match_closed_goes_once_the_line_moves(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = MatchFactory(host=host, target=100)
    open_board(page, live_server, match)
    # Hand 1 crosses the line; hand 2 was played on, at the table.
    keep_offline(page, ("Ben", {"Alice": 45, "Cara": 56}), ("Cara", {"Alice": 5, "Ben": 7}))
    page.context.set_offline(False)
    item = waiting(page).get_by_role("listitem")
    expect(item).to_have_count(1)
    expect(item.get_by_role("paragraph")).to_have_text(
        "Hand 2 was not saved: the match is closed: Ben won when the line of 100 was crossed; "
        "move the line to reopen it before recording another hand. "
        "You had entered: Cara went out; Alice 5, Ben 7."
    )
    expect(item.get_by_role("button")).to_have_text(["Try again", "Drop hand 2"])
    expect(page.get_by_role("heading", name="Ben wins", level=1)).to_be_visible()
    assert recorded(match) == [(1, hand("Ben", Alice=45, Cara=56))]

    move_the_line(page, now=100, to=200)
    page.get_by_role("button", name="Yes, move the line to 200").tap()
    expect(page.get_by_role("textbox", name="Move the line (now 200)")).to_be_visible()
    waiting(page).get_by_role("button", name="Try again").tap()
    expect(waiting(page).get_by_role("listitem")).to_have_count(0)
    assert recorded(match) == [
        (1, hand("Ben", Alice=45, Cara=56)),
        (2, hand("Cara", Alice=5, Ben=7)),
    ]


def test_a_double_tap_on_save_offline_keeps_one_hand_and_leaves_the_next_form_alone(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    page.context.set_offline(True)
    enter_hand(page, "Ben", Alice=23, Cara=18)
    box = save(page, 1).bounding_box()
    save(page, 1).tap()
    # The finger comes down again at once, where Save was.
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(300)
    expect(waiting(page).get_by_role("listitem")).to_have_count(1)
    expect(page.locator("#hand-form input:checked")).to_have_count(0)
    expect(page.locator("[data-network-error]")).to_be_hidden()  # no empty Save went
    assert kept(page) == 1


def test_other_pages_say_where_hands_wait(host: Any, live_server: LiveServer, page: Page) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    keep_offline(page, ("Ben", {"Alice": 23, "Cara": 18}))
    page.context.route(SEND, lambda route: route.abort("internetdisconnected"))
    page.context.set_offline(False)
    page.goto(live_server.url + reverse("matches:home"))
    note = page.locator(".waiting-elsewhere")
    expect(note).to_have_text(
        "1 hand waits on this phone to be sent from its match's board: open it."
    )
    page.context.unroute(SEND)
    note.get_by_role("link", name="open it").tap()
    expect(page.locator("[data-waiting-status]")).to_have_text("The waiting hand was sent.")
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_log_out_with_no_connection_says_it_needs_one_and_keeps_everything(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    keep_offline(page, ("Ben", {"Alice": 23, "Cara": 18}))
    page.get_by_role("button", name="Log out").tap()
    expect(page.get_by_role("alert").filter(has_text="Not logged out")).to_have_text(
        "Not logged out: logging out needs the connection. Try again once it is back."
    )
    expect(page.get_by_role("button", name="Log out")).to_be_enabled()  # to try again
    assert kept(page) == 1
    page.context.set_offline(False)
    expect(page.locator("[data-waiting-status]")).to_have_text("The waiting hand was sent.")
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_another_host_on_the_same_phone_never_sees_the_first_hosts_waiting_hands(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    # Before the phone sends it, the host's session ends, and someone else
    # signs in on this phone.
    match = first_host_logged_out(page, live_server, host)
    other = UserFactory()
    theirs = MatchFactory(host=other, players=["Dan", "Eve"])
    sign_in(page, live_server, other)
    page.goto(live_server.url + reverse("matches:home"))
    expect(page.get_by_role("link", name=re.compile("Dan"))).to_be_visible()
    expect(page.locator(".waiting-elsewhere")).to_have_count(0)
    open_board(page, live_server, theirs)
    expect(save(page, 1)).to_be_visible()
    expect(waiting(page)).to_be_hidden()
    assert recorded(match) == []

    # The first host signs in again: their hand is still there, and goes.
    Session.objects.all().delete()
    sign_in(page, live_server, host)
    open_board(page, live_server, match)
    expect(page.locator("[data-waiting-status]")).to_have_text("The waiting hand was sent.")
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_a_send_refused_by_the_security_check_keeps_the_hand_and_asks_to_reload(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    """The server refuses a send whose security check expired (403: that
    refusal is Django's CSRF check, tests/test_waiting.py). Answered so on
    every try here: a real expired cookie comes back with any page the phone
    loads meanwhile, and a retry then sends the hand, as it should."""
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    keep_offline(page, ("Ben", {"Alice": 23, "Cara": 18}))
    refusing = [True]

    def expired(route: Route) -> None:
        if refusing[0]:
            route.fulfill(status=403, body="CSRF verification failed.")
        else:
            route.continue_()

    page.context.route(SEND, expired)
    page.context.set_offline(False)
    expect(page.locator("[data-waiting-status]")).to_have_text(
        "Not sent: the page's security check has expired. Reload the page: the waiting "
        "hands are kept."
    )
    expect(waiting(page)).to_contain_text("Hand 1 waits to be sent: Ben went out")
    assert recorded(match) == []
    refusing[0] = False
    page.reload()
    # Sent once, after the reload.
    expect(page.get_by_role("heading", name=re.compile(r"^Record hand 2\b"))).to_be_visible()
    expect(waiting(page)).not_to_contain_text("waits to be sent")
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_a_save_again_after_a_server_error_records_the_hand_once(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)

    def broken_answer(route: Route) -> None:
        route.fetch()  # the server records the hand...
        route.fulfill(status=500, body="")  # ...and the answer is an error page

    page.context.route("**/hands/", broken_answer)
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect(page.locator("[data-network-error]")).to_contain_text(
        "Not saved: the server had a problem."
    )
    page.context.unroute("**/hands/")
    save(page, 1).tap()  # as the message says
    expect(messages(page)).to_have_text("Hand 1 was saved already: Ben takes 41.")
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_a_hand_put_back_in_the_form_is_still_there_after_a_reload(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    keep_offline(page, ("Ben", {"Alice": 23, "Cara": 0}))
    page.context.set_offline(False)
    waiting(page).get_by_role("button", name="Put it back in the form").tap()
    expect(waiting(page)).to_contain_text("Hand 1 is back in the form")
    page.reload()
    item = waiting(page).get_by_role("listitem")
    expect(item.get_by_role("button")).to_have_text(["Put it back in the form", "Drop hand 1"])
    assert kept(page) == 1
    assert recorded(match) == []


def test_another_host_logging_out_keeps_the_first_hosts_waiting_hands(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = first_host_logged_out(page, live_server, host)
    other = UserFactory()
    sign_in(page, live_server, other)
    page.goto(live_server.url + reverse("matches:home"))
    page.get_by_role("button", name="Log out").tap()  # nothing of theirs waits: no question
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert kept(page) == 1
    sign_in(page, live_server, host)
    open_board(page, live_server, match)
    expect(page.locator("[data-waiting-status]")).to_have_text("The waiting hand was sent.")
    assert recorded(match) == [(1, hand("Ben", Alice=23, Cara=18))]


def test_a_hand_of_a_match_deleted_meanwhile_can_be_dropped_from_its_page(
    host: Any, live_server: LiveServer, page: Page
) -> None:
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    kept_with_no_answer(page)
    Match.objects.filter(pk=match.pk).delete()  # on another screen
    page.reload()
    note = page.locator(".waiting-elsewhere")
    expect(note.get_by_role("paragraph")).to_have_text(
        "This match is not here any more, but 1 of its hands waits on this phone: "
        "hand 1 (Ben went out; Alice 23, Cara 18)."
    )
    note.get_by_role("button", name="Drop it").tap()
    expect(note).to_have_count(0)
    assert kept(page) == 0
