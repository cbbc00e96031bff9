"""Every page, in every state a host meets it in, checked with axe in the
phone's light and dark themes: no serious or critical accessibility
violations, and the totals and the Save button at the enhanced contrast of
7:1 that bad light asks for."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from matches.models import Event, Match
from tests.e2e.board import (
    enter_hand,
    enter_hand_to_preview,
    history,
    open_board,
    preview,
    save,
)
from tests.e2e.test_waiting import keep_offline
from tests.factories import MatchFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Axe()
SERIOUS = ("serious", "critical")
# Read at arm's length in bad light: axe's enhanced (7:1) contrast rule.
BIG_TYPE = ["#totals td.points", "#hand-form button.big"]


@pytest.fixture(autouse=True, params=["light", "dark"])
def theme(request: pytest.FixtureRequest, page: Page) -> str:
    """Every check in both of the phone's themes."""
    page.emulate_media(color_scheme=request.param)
    return request.param


class Audit:
    """Runs axe on each page state shown to it; ``problems`` lists, per
    state, every serious or critical violation with the elements at fault."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.problems: list[str] = []

    def check(self, state: str) -> None:
        violations = AXE.run(self.page).response["violations"]
        present = [selector for selector in BIG_TYPE if self.page.locator(selector).count()]
        if present:
            violations += AXE.run(
                self.page,
                context={"include": [[selector] for selector in present]},
                options={"runOnly": ["color-contrast-enhanced"]},
            ).response["violations"]
        for violation in violations:
            if violation["impact"] not in SERIOUS:
                continue
            where = "; ".join(
                f"{' '.join(node['target'])}: {node['failureSummary']}"
                for node in violation["nodes"]
            )
            dark = self.page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            theme = "dark" if dark else "light"
            self.problems.append(
                f"{state} ({theme}): [{violation['impact']}] {violation['id']}: "
                f"{violation['help']} ({where})"
            )

    def expect_none(self) -> None:
        assert not self.problems, "axe found:\n" + "\n".join(self.problems)


def test_it_finds_no_serious_problems_on_the_account_pages(
    page: Page, live_server: LiveServer
) -> None:
    audit = Audit(page)
    page.goto(live_server.url + "/")
    expect(page.get_by_role("link", name="Sign up to keep score")).to_be_visible()
    audit.check("first page")
    page.goto(live_server.url + reverse("login"))
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    audit.check("log in")
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Log in").tap()
    expect(page.get_by_role("alert")).to_be_visible()
    audit.check("log in, refused")

    page.goto(live_server.url + reverse("matches:signup"))
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    audit.check("sign up")
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill("short")
    page.get_by_label("Password confirmation").fill("other")
    page.get_by_role("button", name="Sign up").tap()
    expect(page.get_by_role("alert").first).to_be_visible()
    audit.check("sign up, refused")
    audit.expect_none()


def test_it_finds_no_serious_problems_on_home_and_new_match(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    audit = Audit(page)
    page.goto(live_server.url + reverse("matches:home"))
    expect(page.get_by_text("No matches yet.")).to_be_visible()
    audit.check("home, no matches")

    page.get_by_role("link", name="New match").tap()
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    audit.check("new match")
    page.get_by_role("combobox", name="Seat 1", exact=True).fill("Alice")
    page.get_by_role("textbox", name="target").fill("50")
    page.get_by_role("button", name="Start the match").tap()
    expect(page.get_by_role("alert").first).to_be_visible()
    audit.check("new match, refused")

    open_match = MatchFactory(host=host)
    record(open_match, hand("Ben", Alice=23, Cara=18))
    closed = MatchFactory(host=host, players=["Dan", "Eve"])
    record(closed, hand("Dan", Eve=60), hand("Dan", Eve=60))
    page.goto(live_server.url + reverse("matches:home"))
    expect(page.get_by_role("link").filter(has_text="Dan won")).to_be_visible()
    audit.check("home, an open and a closed match")
    audit.expect_none()


def test_it_finds_no_serious_problems_on_the_board(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    audit = Audit(page)
    match = MatchFactory(host=host, target=200)
    open_board(page, live_server, match)
    expect(page.get_by_role("heading", name="Record hand 1")).to_be_visible()
    audit.check("board, fresh")

    # Cards, the seat tools and a preview with its typing-slip question.
    page.get_by_role("button", name="Cards Alice held").tap()
    page.get_by_role("button", name="Add a king").tap()
    page.get_by_text("Someone leaves or joins").tap()
    enter_hand_to_preview(page, "Ben", Cara=230)
    expect(preview(page)).to_contain_text("Cara: 230 points in 7 cards?")
    audit.check("board, cards, seat tools and preview with a slip question")
    save(page, 1).tap()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    audit.check("board, slip question after Save")

    enter_hand(page, "Ben", Alice=0, Cara=18)
    save(page, 1).tap()
    expect(page.get_by_role("alert").first).to_be_visible()
    audit.check("board, hand refused")

    enter_hand(page, "Ben", Alice=60, Cara=60)
    save(page, 1).tap()
    expect(history(page)).to_have_count(1)
    audit.check("board, a hand recorded")

    page.get_by_role("textbox", name="Move the line (now 200)").fill("100")
    page.get_by_role("button", name="Move", exact=True).tap()
    expect(page.get_by_role("alertdialog")).to_be_visible()
    audit.check("board, moving the line asks first")
    page.get_by_role("button", name="Yes, move the line to 100").tap()
    expect(page.get_by_role("heading", name="Ben wins")).to_be_visible()
    audit.check("board, closed")

    history(page).filter(has_text="Hand 1:").get_by_role("link", name="Change").tap()
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    page.get_by_role("button", name="Delete hand 1").tap()
    expect(page.get_by_role("region", name="Deleted")).to_be_visible()
    audit.check("board, a deleted event")
    audit.expect_none()


def test_it_finds_no_serious_problems_on_the_edit_and_house_rules_pages(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    audit = Audit(page)
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18), {"target": 200})
    hand_1, line = Event.objects.filter(match=match).order_by("position")

    page.goto(live_server.url + edit_url(match, hand_1))
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    audit.check("edit a hand")
    page.get_by_role("textbox", name="Alice", exact=True).fill("")
    page.get_by_role("button", name="Save the change").tap()
    expect(page.get_by_role("alert")).to_be_visible()
    audit.check("edit a hand, refused")

    page.goto(live_server.url + edit_url(match, line))
    expect(page.get_by_role("heading", name="Edit the move of the line to 200")).to_be_visible()
    audit.check("edit a move of the line")
    page.get_by_role("textbox", name="New line").fill("5")
    page.get_by_role("button", name="Save the change").tap()
    expect(page.get_by_role("alert")).to_be_visible()
    audit.check("edit a move of the line, refused")

    page.goto(live_server.url + reverse("matches:entries", args=[match.public_id]))
    expect(page.get_by_role("heading", name="Every entry")).to_be_visible()
    audit.check("every entry")
    page.goto(live_server.url + reverse("matches:match_scoring", args=[match.public_id]))
    expect(page.get_by_role("heading", name="How scoring works")).to_be_visible()
    audit.check("how scoring works, for a match")
    page.goto(live_server.url + "/no/such/page/")
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
    audit.check("a missing page")

    fresh = MatchFactory(host=host)
    page.goto(live_server.url + reverse("matches:rules", args=[fresh.public_id]))
    expect(page.get_by_role("heading", name="House rules")).to_be_visible()
    audit.check("house rules")
    page.get_by_role("textbox", name="target").fill("5000")
    page.get_by_role("button", name="Save the house rules").tap()
    expect(page.get_by_role("alert")).to_be_visible()
    audit.check("house rules, refused")
    audit.expect_none()


def test_it_finds_no_serious_problems_on_the_history_and_the_sheet(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    audit = Audit(page)
    players = ["Alice", "Ben", "Cara", "Dan", "Eve", "Fay"]
    match = MatchFactory(host=host, players=players, target=200)
    record(match, hand("Ben", Alice=23, Cara=18, Dan=4, Eve=9, Fay=2), {"target": 300})
    record(match, hand(None, Alice=12, Ben=5, Cara=20, Dan=7, Eve=3, Fay=8), {"leave": "Fay"})
    closed = MatchFactory(host=host, players=["Gus", "Hal"])
    record(closed, hand("Gus", Hal=100))
    MatchFactory(host=host, players=["Ivy", "Jo"])

    page.goto(live_server.url + reverse("matches:history"))
    expect(page.get_by_role("heading", name="History")).to_be_visible()
    audit.check("history")
    page.goto(live_server.url + reverse("matches:history") + "?status=abandoned")
    expect(page.get_by_text("No abandoned matches.")).to_be_visible()
    audit.check("history, filtered to nothing")
    page.goto(live_server.url + reverse("matches:sheet", args=[match.public_id]))
    expect(page.get_by_role("img", name="Score progression")).to_be_visible()
    audit.check("the sheet of an open match")
    page.goto(live_server.url + reverse("matches:sheet", args=[closed.public_id]))
    expect(page.get_by_text("Gus wins with the highest total")).to_be_visible()
    audit.check("the sheet of a closed match")
    page.goto(live_server.url + reverse("matches:delete_match", args=[match.public_id]))
    expect(page.get_by_role("heading", name="Delete this match?")).to_be_visible()
    audit.check("deleting a match")
    page.goto(live_server.url + reverse("matches:detail", args=[match.public_id]))
    page.get_by_text("Abandon or delete this match").tap()
    page.get_by_role("button", name="Abandon this match").tap()
    expect(page.get_by_role("heading", name="Abandoned")).to_be_visible()
    audit.check("an abandoned match")

    page.goto(live_server.url + reverse("matches:import"))
    audit.check("import")
    page.get_by_label("Match file or all-matches file").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{"}]
    )
    page.get_by_role("button", name="Check the file").tap()
    expect(page.get_by_role("alert")).to_contain_text("Nothing was imported")
    audit.check("import, refused")
    good = b'{"format": "rummy-match/1", "players": ["Alice", "Zed"]}'
    page.get_by_label("Match file or all-matches file").set_input_files(
        files=[{"name": "good.json", "mimeType": "application/json", "buffer": good}]
    )
    page.get_by_role("button", name="Check the file").tap()
    expect(page.get_by_text("“Alice” joins your “Alice”")).to_be_visible()
    audit.check("import, checked")
    page.get_by_role("button", name="Import 1 match").tap()
    expect(page.get_by_text("Imported 1 match.")).to_be_visible()

    page.goto(live_server.url + reverse("matches:players"))
    expect(page.get_by_role("heading", name="Players")).to_be_visible()
    audit.check("players")
    page.get_by_role("link", name="Ben", exact=True).tap()
    page.get_by_role("button", name="Compare").tap()
    expect(page.get_by_text("who placed ahead")).to_be_visible()
    audit.check("a player, head to head")
    page.get_by_role("link", name="Rename Ben").tap()
    page.get_by_label("New name").fill("alice")
    page.get_by_role("button", name="Rename").tap()
    expect(page.get_by_role("alert")).to_contain_text("Alice is already one of your players")
    audit.check("rename, name taken")
    page.goto(live_server.url + reverse("matches:players"))
    page.get_by_role("link", name="Ivy", exact=True).tap()
    page.get_by_label("Merge Ivy into").select_option("Gus")
    page.get_by_role("button", name="Merge").tap()
    expect(page.get_by_role("heading", name="Merge Ivy into Gus?")).to_be_visible()
    audit.check("merge, asked first")
    audit.expect_none()


def test_it_finds_no_serious_problems_on_the_shared_pages(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    from matches import services

    audit = Audit(page)
    match = MatchFactory(host=host, target=200)
    record(match, hand("Ben", Alice=23, Cara=18), {"leave": "Cara"})
    link = services.share_new(match=match)
    open_board(page, live_server, match)
    audit.check("the board, shared")
    for name, state in (
        ("matches:shared", "a viewer's board"),
        ("matches:shared_sheet", "a viewer's sheet"),
        ("matches:shared_big", "the big screen"),
    ):
        page.goto(live_server.url + reverse(name, args=[link.token]))
        audit.check(state)
    services.share_new(match=match)
    page.goto(live_server.url + reverse("matches:shared", args=[link.token]))
    expect(page.get_by_role("heading", name="This link was replaced")).to_be_visible()
    audit.check("a replaced link")
    audit.expect_none()


def edit_url(match: Match, event: Event) -> str:
    return reverse("matches:edit", args=[match.public_id, event.pk])


def test_it_reports_a_violation_it_finds(page: Page, live_server: LiveServer) -> None:
    """The check itself: a page with an unlabelled box fails it."""
    page.goto(live_server.url + reverse("login"))
    page.evaluate("document.querySelector('label').remove()")
    audit = Audit(page)
    audit.check("log in without its label")
    assert any("[critical] label" in problem for problem in audit.problems), audit.problems


def test_it_holds_the_totals_to_the_enhanced_contrast(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    """The check itself: a big total in grey, fine at 3:1, fails the enhanced 4.5:1."""
    match = MatchFactory(host=host)
    record(match, hand("Ben", Alice=23, Cara=18))
    open_board(page, live_server, match)
    page.evaluate(
        "for (const cell of document.querySelectorAll('#totals td.points'))"
        " cell.style.color = matchMedia('(prefers-color-scheme: dark)').matches"
        " ? '#666' : '#8a8a8a'"
    )
    audit = Audit(page)
    audit.check("board with grey totals")
    assert any("color-contrast-enhanced" in problem for problem in audit.problems), audit.problems


def test_it_finds_no_serious_problems_with_hands_waiting_on_the_phone(
    page: Page, live_server: LiveServer, host: AbstractBaseUser
) -> None:
    audit = Audit(page)
    match = MatchFactory(host=host)
    open_board(page, live_server, match)
    keep_offline(page, ("Cara", {"Alice": 5, "Ben": 7}), ("Alice", {"Ben": 10, "Cara": 4}))
    waiting = page.get_by_role("region", name="Waiting to be sent")
    audit.check("board, two hands waiting")

    record(match, hand("Ben", Alice=23, Cara=18))  # another phone's hand 1
    page.context.set_offline(False)
    expect(waiting.get_by_role("button", name="Save it as hand 2")).to_be_visible()
    audit.check("board, a waiting hand refused")

    page.get_by_role("button", name="Log out").tap()
    expect(page.get_by_role("dialog")).to_be_visible()
    audit.check("log out, asked about the waiting hands")
    audit.expect_none()
