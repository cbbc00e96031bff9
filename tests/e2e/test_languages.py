"""The phone in German (long words) and in Hindi (another script): every page
fits 390 px across, a typical hand is still five taps at most with the
totals and the next Save in view, and a refusal comes in the host's language."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from matches import services
from matches.models import Match, Player
from tests.e2e.board import leftover, open_board
from tests.e2e.test_layout import expect_no_sideways_scroll
from tests.e2e.test_table_loop import in_view, signed_in
from tests.factories import MatchFactory, UserFactory, hand, record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Six names of 12 characters, the longest the board is laid out for.
NAMES = [
    "Bartholomew1",
    "Christabella",
    "Maximiliano2",
    "Alessandra44",
    "Wilhelmina10",
    "Jürgen Meyer",
]


@pytest.fixture(params=["de", "hi", "es"])
def language(request: pytest.FixtureRequest) -> str:
    assert request.param in dict(settings.LANGUAGES), f"{request.param} is not offered"
    return request.param


@pytest.fixture
def phone(browser: Browser, live_server: LiveServer, language: str) -> Any:
    """A phone whose browser asks for ``language``."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=3,
        locale=language,
    )
    yield context
    context.close()


def said(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def test_every_page_fits_the_phone_in_the_host_s_language(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    host = UserFactory()
    match = MatchFactory(host=host, players=NAMES)
    record(match, hand(NAMES[0], **{name: 12 for name in NAMES[1:]}))
    gin = MatchFactory(host=host, players=NAMES[:2], game="gin")
    link = services.share_new(match=match)
    player = Player.objects.filter(host=host).first()
    page = signed_in(phone, client, live_server, host)
    addresses = [
        reverse("matches:home"),
        reverse("matches:new"),
        reverse("matches:history"),
        reverse("matches:players"),
        reverse("matches:player", kwargs={"player_id": player.pk}),
        reverse("matches:account"),
        reverse("matches:scoring"),
        reverse("matches:import"),
        reverse("matches:detail", kwargs={"public_id": match.public_id}),
        reverse("matches:entries", kwargs={"public_id": match.public_id}),
        reverse("matches:sheet", kwargs={"public_id": match.public_id}),
        reverse(
            "matches:edit",
            kwargs={"public_id": match.public_id, "event_id": match.events.get().pk},
        ),
        reverse("matches:detail", kwargs={"public_id": gin.public_id}),
        reverse("matches:shared", kwargs={"token": link.token}),
        reverse("matches:shared_big", kwargs={"token": link.token}),
    ]
    for address in addresses:
        page.goto(live_server.url + address)
        expect(page.locator("html")).to_have_attribute("lang", language)
        expect_no_sideways_scroll(page)


def test_a_typical_hand_is_five_taps_with_the_result_in_view(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    host = UserFactory()
    match = MatchFactory(host=host, players=NAMES[:4])
    page = signed_in(phone, client, live_server, host)
    open_board(page, live_server, match)
    save = page.locator("button[type=submit].primary.big")
    expect(save).to_have_text(said(language, "Save hand %(number)s") % {"number": 1})
    taps = 0
    page.get_by_role("radio", name=NAMES[1], exact=True).tap()
    taps += 1
    for name, points in ((NAMES[0], "23"), (NAMES[2], "10+10+5"), (NAMES[3], "7")):
        leftover(page, name).tap()
        taps += 1
        page.keyboard.type(points)
    in_view(page, save)
    save.tap()
    taps += 1
    assert taps <= 5
    expect(save).to_have_text(said(language, "Save hand %(number)s") % {"number": 2})
    assert Match.objects.get(pk=match.pk).hands_played == 1
    note = page.locator("#note")
    expect(note).to_contain_text(str(23 + 25 + 7))
    in_view(page, note)
    for name in NAMES[:4]:
        in_view(page, page.locator(f'td.points[data-player="{name}"]'))
    in_view(page, save)
    expect_no_sideways_scroll(page)


def test_a_refusal_names_the_player_in_the_host_s_language(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    host = UserFactory()
    match = MatchFactory(host=host, players=NAMES[:3])
    page = signed_in(phone, client, live_server, host)
    open_board(page, live_server, match)
    page.get_by_role("radio", name=NAMES[1], exact=True).tap()
    leftover(page, NAMES[0]).fill("K K K K K")
    leftover(page, NAMES[2]).fill("7")
    page.locator("button[type=submit].primary.big").tap()
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text(NAMES[0])
    english = "is one too many"
    assert english not in alert.inner_text()
    assert Match.objects.get(pk=match.pk).hands_played == 0
    expect(leftover(page, NAMES[0])).to_have_value("K K K K K")
    expect_no_sideways_scroll(page)


def test_eight_names_keep_their_room_beside_two_boxes_in_the_host_s_language(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    """Rummy 500's two boxes a player: their headings wrap within the
    boxes ("Auf der Hand"), so a name column never shrinks below a name."""
    host = UserFactory()
    # A table's names of up to eight letters, as a newcomer's trial had them
    # (a name one letter longer than seven is kept whole, not cut).
    eight = ["Amélie", "Benoît", "Chloé", "Denis", "Isabelle", "Élodie", "François", "Gaëlle"]
    match = MatchFactory(host=host, players=eight, game="rummy500")
    page = signed_in(phone, client, live_server, host)
    open_board(page, live_server, match)
    for name in eight:
        shown = page.locator("th.who .name").filter(has_text=name).first
        # On one line: never broken inside the name ("Isabell/e").
        lines = shown.evaluate(
            "(e) => e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)"
        )
        assert lines < 1.5, f"{name} takes {lines:.1f} lines"
    # A box still shows three digits whole.
    melded = page.locator("input[name=second_1]")
    melded.fill("120")
    assert melded.evaluate("(e) => e.scrollWidth <= e.clientWidth")
    expect_no_sideways_scroll(page)


def test_the_words_under_each_name_are_never_cut_in_the_host_s_language(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    """Pool's words under a name are the longest ("leader · can take 100
    more · deals" in a longer language): they wrap, every one whole."""
    host = UserFactory()
    four = ["Amélie", "Benoît", "Chloé", "Denis"]
    match = MatchFactory(host=host, players=four, game="pool", first_dealer="Amélie")
    declared = {"hand": {"declared": "Amélie", "charges": {"Benoît": 35, "Chloé": 90, "Denis": 12}}}
    record(match, declared)
    page = signed_in(phone, client, live_server, host)
    open_board(page, live_server, match)
    cut = page.locator(".sheet .who-more").evaluate_all(
        "(all) => all.filter((e) => e.scrollHeight > e.clientHeight + 1"
        " || e.getBoundingClientRect().bottom > e.closest('tr').getBoundingClientRect().bottom + 1)"
        ".map((e) => e.textContent)"
    )
    assert cut == []
    # Amélie leads with nothing taken: the whole of what she can take, 100.
    expect(page.locator("tr.leader .who-more")).to_contain_text("100")
    expect_no_sideways_scroll(page)


# Every word of an element that the screen broke across lines ("Ausgel/egt").
BROKEN_WORDS = """(root) => {
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.checkVisibility()) continue;
    for (const word of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].map((each) => Math.round(each.top)));
      if (tops.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize(
    ("game", "names"),
    [
        ("rummy", ["Anna", "Bernd", "Hanna"]),
        ("gin", ["Anna", "Bernd"]),
        ("pool", ["Anna", "Bernd", "Hanna"]),
        ("rummy500", ["Anna", "Bernd", "Clara", "Dieter", "Eva"]),
        ("contract", ["Anna", "Bernd", "Clara", "Dieter"]),
    ],
)
def test_no_word_of_a_game_s_hand_form_breaks_in_the_host_s_language(
    phone: Any, client: Any, live_server: LiveServer, language: str, game: str, names: list[str]
) -> None:
    """The headings, the names and the words under them keep each word
    whole on the phone: a long heading ("Ausgemacht") never squeezes the
    names to a letter a line."""
    host = UserFactory()
    match = MatchFactory(host=host, players=names, game=game)
    page = signed_in(phone, client, live_server, host)
    open_board(page, live_server, match)
    assert page.locator("table.sheet").evaluate(BROKEN_WORDS) == []
    expect_no_sideways_scroll(page)


@pytest.mark.parametrize(
    "language", [code for code, _ in settings.LANGUAGES if code != "en"], indirect=True
)
def test_no_word_breaks_under_a_player_who_left_or_who_is_out(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    """The notes under a name that hold a number ("left after hand 1",
    "may rejoin at 61") keep the number with its word, and still no word
    breaks."""
    host = UserFactory()
    rummy = MatchFactory(host=host, players=["Anna", "Bernd", "Hanna", "Dieter"])
    record(rummy, hand("Anna", Bernd=5, Hanna=7, Dieter=9), {"leave": "Dieter"})
    pool = MatchFactory(host=host, players=["Anna", "Bernd", "Hanna"], game="pool")
    record(pool, {"hand": {"declared": "Hanna", "charges": {"Anna": 80, "Bernd": 20}}})
    record(pool, {"hand": {"declared": "Hanna", "charges": {"Anna": 30, "Bernd": 40}}})
    page = signed_in(phone, client, live_server, host)
    for match in (rummy, pool):
        open_board(page, live_server, match)
        assert page.locator("table.sheet").evaluate(BROKEN_WORDS) == []
        expect_no_sideways_scroll(page)


def test_no_word_breaks_on_the_fix_form_of_a_finished_pool_match(
    phone: Any, client: Any, live_server: LiveServer, language: str
) -> None:
    """A finished match's fix form adds the places' column beside the names."""
    from matches.models import Event
    from tests.test_board_loop import url

    host = UserFactory()
    match = MatchFactory(host=host, players=["Anna", "Bernd", "Hanna"], game="pool")
    declared = {"hand": {"declared": "Hanna", "charges": {"Anna": 80, "Bernd": 50}}}
    last = {"hand": {"declared": "Hanna", "charges": {"Anna": 30, "Bernd": 55}}}
    record(match, declared, last)
    assert Match.objects.get(pk=match.pk).status == "closed"
    page = signed_in(phone, client, live_server, host)
    event = Event.objects.filter(match=match).order_by("position").last()
    page.goto(live_server.url + url("fix", match, event_id=event.pk))
    sheet = page.locator("table.sheet")
    expect(sheet).to_be_visible()
    assert sheet.evaluate(BROKEN_WORDS) == []
    expect_no_sideways_scroll(page)
