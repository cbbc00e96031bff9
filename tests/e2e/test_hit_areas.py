"""One thumb at a card table: every control a thumb taps, on every page, has a
hit area of at least 44 x 44 CSS px, on a 390 x 844 phone and on one with
its browser's bars showing (390 x 664)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event
from tests.e2e.board import open_board
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FINGER = 44

# Buttons, links, boxes, lists and disclosure toggles by their own box;
# radios and checkboxes by the label that takes their tap. A link inside a
# sentence ("Already a host? Log in.") is running text, not a target.
TOO_SMALL = """(finger) => {
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && getComputedStyle(e).visibility !== "hidden";
  };
  const inSentence = (link) => {
    const block = link.parentElement;
    return block.textContent.trim().length > link.textContent.trim().length;
  };
  const targets = new Set();
  for (const e of document.querySelectorAll(
    "button, a[href], input:not([type=hidden]), select, textarea, summary"
  )) {
    if (!shown(e) && !(e.matches("input[type=radio], input[type=checkbox]"))) continue;
    if (e.matches("a[href]") && inSentence(e)) continue;
    if (e.matches("input[type=radio], input[type=checkbox]")) {
      const label = e.closest("label") || (e.id && document.querySelector(`label[for="${e.id}"]`));
      if (label && shown(label)) targets.add(label);
      else if (shown(e)) targets.add(e);
      continue;
    }
    targets.add(e);
  }
  return [...targets]
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width < finger - 0.5 || r.height < finger - 0.5)
    .map(([e, r]) => {
      const what = (e.textContent || e.name || "").trim().slice(0, 40);
      return `${e.tagName.toLowerCase()} "${what}": ${r.width.toFixed(0)} x ${r.height.toFixed(0)}`;
    });
}"""


@pytest.fixture(params=[844, 664], ids=["390x844", "390x664"])
def phone(
    request: pytest.FixtureRequest,
    browser: Browser,
    live_server: LiveServer,
    client: Any,
    host: AbstractBaseUser,
) -> Page:
    context = browser.new_context(
        viewport={"width": 390, "height": request.param}, has_touch=True, is_mobile=True
    )
    request.addfinalizer(context.close)
    page = context.new_page()
    page.set_default_timeout(5_000)
    return page


def sign_in(page: Page, client: Any, live_server: LiveServer, user: AbstractBaseUser) -> None:
    client.force_login(user)
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


def test_it_gives_every_control_on_every_page_a_thumb_sized_target(
    phone: Page, client: Any, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    page = phone
    problems: list[str] = []

    def measure(state: str) -> None:
        problems.extend(f"{state}: {each}" for each in page.evaluate(TOO_SMALL, FINGER))

    for path in ("/", reverse("login"), reverse("matches:signup")):
        page.goto(live_server.url + path)
        measure(path)

    sign_in(page, client, live_server, host)
    match = MatchFactory(host=host, target=200)
    record(match, hand("Alice", Ben=60, Cara=60), hand("Ben", Alice=5, Cara=5))
    closed = MatchFactory(host=host, players=["Dan", "Eve"])
    record(closed, hand("Dan", Eve=60), hand("Dan", Eve=60))

    page.goto(live_server.url + reverse("matches:home"))
    measure("home")
    page.goto(live_server.url + reverse("matches:new"))
    measure("new match")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_text("to fix:")).to_be_visible()
    measure("new match, refused")

    open_board(page, live_server, match)
    page.get_by_text("Someone leaves or joins").tap()
    page.get_by_role("button", name="Cards Alice held").tap()
    measure("board, seat tools and card picker open")
    page.get_by_role("link", name="Fix hand 2").tap()
    expect(page.get_by_role("button", name="Save the fix to hand 2")).to_be_visible()
    measure("board, fixing hand 2")
    open_board(page, live_server, match)
    page.get_by_role("button", name="Undo: Hand 2: Ben went out").tap()
    expect(page.get_by_role("button", name="Put it back")).to_be_visible()
    measure("board, an entry taken back")
    open_board(page, live_server, closed)
    measure("board, closed")

    first = Event.objects.filter(match=match).order_by("position").first()
    page.goto(live_server.url + reverse("matches:edit", args=[match.public_id, first.pk]))
    measure("edit a hand")
    page.goto(live_server.url + reverse("matches:entries", args=[match.public_id]))
    measure("every entry")
    fresh = MatchFactory(host=host)
    page.goto(live_server.url + reverse("matches:rules", args=[fresh.public_id]))
    measure("house rules")
    page.goto(live_server.url + "/no/such/page/")
    measure("a missing page")
    page.goto(live_server.url + reverse("matches:history"))
    measure("history")
    page.goto(live_server.url + reverse("matches:import"))
    measure("import")
    from matches import services

    link = services.share_new(match=match)
    open_board(page, live_server, match)
    measure("board, shared")
    page.goto(live_server.url + reverse("matches:shared", args=[link.token]))
    measure("a viewer's board")
    page.goto(live_server.url + reverse("matches:players"))
    measure("players")
    page.get_by_role("link", name="Ben", exact=True).tap()
    page.get_by_role("button", name="Compare").tap()
    expect(page.get_by_text("who placed ahead")).to_be_visible()
    measure("a player, head to head")
    page.get_by_role("link", name="Rename Ben").tap()
    expect(page.get_by_label("New name")).to_be_visible()
    measure("rename")
    page.goto(live_server.url + reverse("matches:sheet", args=[match.public_id]))
    measure("score sheet")
    page.goto(live_server.url + reverse("matches:delete_match", args=[match.public_id]))
    measure("deleting a match")
    open_board(page, live_server, match)
    page.get_by_text("Abandon or delete this match").tap()
    measure("board, abandon or delete open")
    page.get_by_role("button", name="Abandon this match").tap()
    expect(page.get_by_role("button", name="Resume this match")).to_be_visible()
    measure("board, abandoned")

    assert problems == [], "\n".join(problems)
