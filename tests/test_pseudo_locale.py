"""Every page under a pseudo-language whose every message is its English
wrapped in ⟦ ⟧: whatever a page shows outside the brackets (a word of
English) was left unmarked for translation. The catalog is drawn up afresh
from the code by ``makemessages``, so a string marked today is in it."""

from __future__ import annotations

import re
import shutil
import uuid
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import django
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.conf import settings
from django.test import Client, override_settings
from django.urls import reverse

from matches import services
from matches.models import Event, Match, PendingImport, Player
from matches.transfer import export_text
from tests.factories import MatchFactory, UserFactory, gin_hand, hand, record
from tests.test_authorization import SCRIPTS, every_pattern
from tests.test_catalogs import draw_up
from tests.test_match_pages import hand_post, new_match_data

pytestmark = pytest.mark.django_db

PSEUDO = "xx"
# Names no English word could be taken for: what is left of them on a page is theirs.
NAMES = ["Qwyx", "Zorvath", "Jüpp"]
# Django's own catalogs have no pseudo-language: its month and day names stay English.
DJANGO_WORDS = set(
    re.findall(
        r"\w+",
        """January February March April May June July August September October November
        December Jan Feb Mar Apr Aug Sept Oct Nov Dec Monday Tuesday Wednesday Thursday
        Friday Saturday Sunday AM PM""",
    )
)


EXAMPLE_NAMES = ["Alice", "Ben", "Cara", "Dan", "Eve"]
DJANGO_ROOT = Path(django.__file__).parent
ENGLISH_PLURALS = "nplurals=2; plural=(n != 1);"


def wrapped(text: str) -> str:
    return f"⟦{text}⟧" if text else text


@pytest.fixture(scope="module")
def pseudo_catalog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """locale/xx with every message of the code, each wrapped, compiled."""
    if shutil.which("xgettext") is None:
        pytest.fail("no xgettext: apt-get install gettext (make test does)")
    root = draw_up(tmp_path_factory.mktemp("pseudo"), locale=[PSEUDO], no_wrap=True)
    for po in root.glob(f"{PSEUDO}/LC_MESSAGES/*.po"):
        text = po.read_text(encoding="utf-8")
        po.write_text(text.replace("nplurals=INTEGER; plural=EXPRESSION;", ENGLISH_PLURALS))
        with po.open("rb") as file:
            catalog = read_po(file, locale="en")
        if po.stem == "django":
            # Django's own words on our pages (the log-in form's, a password's
            # rules): its catalogs have every real language, not this one.
            for own in DJANGO_ROOT.glob(f"**/locale/en/LC_MESSAGES/{po.stem}.po"):
                with own.open("rb") as file:
                    for message in read_po(file, locale="en"):
                        if message.id and message.id not in catalog:
                            catalog[message.id] = message
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple | list):
                message.string = tuple(wrapped(each) for each in message.id)
            else:
                message.string = wrapped(message.id)
        with po.with_suffix(".mo").open("wb") as file:
            write_mo(file, catalog)
    return root


@pytest.fixture
def pseudo(pseudo_catalog: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(settings.BASE_DIR)
    with override_settings(
        LOCALE_PATHS=[pseudo_catalog], LANGUAGES=[("en", "English"), (PSEUDO, "Pseudo")]
    ):
        yield


class Visible(HTMLParser):
    """The words a person reads or hears: text outside scripts and styles,
    and the attributes read aloud or shown."""

    READ = {"aria-label", "title", "placeholder", "alt", "data-confirm", "aria-description"}

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        values = dict(attrs)
        for name, value in attrs:
            if value and name in self.READ:
                self.parts.append(value)
        if tag == "meta" and values.get("name") == "description":
            self.parts.append(values.get("content") or "")
        if tag == "input" and values.get("type") in ("submit", "button"):
            self.parts.append(values.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def unmarked(html: str, allowed: set[str]) -> set[str]:
    """The words of ``html`` outside every ⟦ ⟧ and not in ``allowed``."""
    reader = Visible()
    reader.feed(html)
    # Addresses (the share link's) are no words.
    text = re.sub(r"\S*/\S*", " ", " ".join(reader.parts))
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    return {word for word in re.findall(r"[^\W\d_]{2,}", text) if word not in allowed}


def table() -> tuple[Any, dict[str, Any], set[str]]:
    """A host with an open Rummy match of 3 hands, a finished one, an open
    Gin match, a share link: the values every page's address needs, and the
    words that are the table's own (names, initials, the host's name)."""
    host = UserFactory()
    match = MatchFactory(host=host, players=NAMES)
    record(
        match,
        hand("Qwyx", Zorvath=23, **{"Jüpp": 18}),
        hand("Zorvath", rummy=True, Qwyx=5, **{"Jüpp": 12}),
        hand(None, Qwyx=7, Zorvath=9, **{"Jüpp": 3}),
    )
    over = MatchFactory(host=host, players=NAMES[:2], target=100)
    record(over, hand("Qwyx", Zorvath=120))
    gin = MatchFactory(host=host, players=NAMES[:2], game="gin")
    record(gin, gin_hand("Qwyx", Qwyx=4, Zorvath=30))
    link = services.share_new(match=match)
    pending = PendingImport.objects.create(
        host=host, token=uuid.uuid4(), text=export_text(match), name="table.json"
    )
    values = {
        "import": pending.token,
        "public_id": match.public_id,
        "event_id": match.events.first().pk,
        "player_id": Player.objects.filter(host=host).first().pk,
        "token": link.token,
    }
    own = {host.username, *" ".join(NAMES).split()}
    own |= {each.initials for each in Player.objects.filter(host=host)}
    return host, values | {"gin": gin.public_id, "over": over.public_id}, own


def pages(values: dict[str, Any]) -> list[str]:
    """Every page of the app that answers a GET, for these values."""
    found = []
    for name, pattern in every_pattern():
        if name in SCRIPTS or name.startswith("admin") or name in ("floor", "host_floor"):
            continue
        keys = list(pattern.pattern.converters)
        if not all(key in values for key in keys):
            continue
        kwargs = {key: values[key] for key in keys}
        if name == "matches:import_confirm":
            kwargs["token"] = values["import"]
        found.append(reverse(name, kwargs=kwargs))
    return found


def test_every_page_shows_no_word_left_unmarked(pseudo):
    host, values, own = table()
    # Each language is offered by its own name (the switcher); the worked
    # examples' players keep their names in every language.
    allowed = own | DJANGO_WORDS | {"English", "Pseudo", *EXAMPLE_NAMES}
    visitor = Client(HTTP_ACCEPT_LANGUAGE=PSEUDO)
    viewer = Client(HTTP_ACCEPT_LANGUAGE=PSEUDO)
    viewer.force_login(host)
    gin = reverse("matches:detail", kwargs={"public_id": values["gin"]})
    over = reverse("matches:detail", kwargs={"public_id": values["over"]})
    left: dict[str, set[str]] = {}
    for address in [*pages(values), gin, over, "/accounts/login/", "/signup/", "/nowhere/"]:
        for client in (viewer, visitor):
            response = client.get(address)
            if response.get("Content-Type", "").startswith("text/html") and response.content:
                words = unmarked(response.content.decode(), allowed)
                if words:
                    left[f"{address} ({'host' if client is viewer else 'visitor'})"] = words
    assert left == {}, "\n".join(
        f"{page}: {' '.join(sorted(words))}" for page, words in left.items()
    )


def test_refusals_and_form_errors_are_marked_and_name_the_player(pseudo):
    host, values, own = table()
    allowed = own | DJANGO_WORDS | {"English", "Pseudo"}
    viewer = Client(HTTP_ACCEPT_LANGUAGE=PSEUDO)
    viewer.force_login(host)
    match = Match.objects.get(public_id=values["public_id"])
    gin = Match.objects.get(public_id=values["gin"])
    answers = {
        "five kings": viewer.post(
            reverse("matches:hand", kwargs={"public_id": match.public_id}),
            hand_post(match, "Qwyx", Zorvath="K K K K K", **{"Jüpp": "12"}),
        ),
        "not a number": viewer.post(
            reverse("matches:preview", kwargs={"public_id": match.public_id}),
            hand_post(match, "Qwyx", Zorvath="lots", **{"Jüpp": "12"}),
            headers={"HX-Request": "true"},
        ),
        "gin": viewer.post(
            reverse("matches:hand", kwargs={"public_id": gin.public_id}),
            hand_post(gin, "Qwyx", Qwyx="", Zorvath="999"),
        ),
        "new match": viewer.post(
            reverse("matches:new"), new_match_data(target="5", player_1="", hand_limit="x")
        ),
        "first dealer": viewer.post(reverse("matches:new"), new_match_data(first_dealer="4")),
    }
    for what, answer in answers.items():
        assert answer.status_code == 200, what
        page = answer.content.decode()
        assert "⟦" in page and unmarked(page, allowed) == set(), what
    assert "Zorvath" in re.search(
        r'role="alert"[^>]*>(.*?)</div>', page_of(answers["five kings"]), re.S
    ).group(1)
    assert Event.objects.filter(match=match).count() == 3


def page_of(answer: Any) -> str:
    return answer.content.decode()
