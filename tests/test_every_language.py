"""Every page in every language the scoreboard offers, through the test
client, for a host and for a visitor: each answers in that language
(``<html lang>``), and no sentence of its English shows where the language
has its own words for it."""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.translation import to_locale

from tests.test_pseudo_locale import Visible, pages, table

pytestmark = pytest.mark.django_db

OTHERS = [code for code, _name in settings.LANGUAGES if code != "en"]


@cache
def english_of(language: str) -> list[str]:
    """The English sentences the language's catalog words otherwise: whole
    sentences with no value in them, long enough to be no name or symbol."""
    path = settings.BASE_DIR / "locale" / to_locale(language) / "LC_MESSAGES" / "django.po"
    with path.open("rb") as file:
        catalog = read_po(file)
    return [
        message.id
        for message in catalog
        if isinstance(message.id, str)
        and len(message.id) >= 20
        and " " in message.id
        and "%" not in message.id
        and "<" not in message.id
        and message.string != message.id
    ]


def shown(html: str) -> str:
    reader = Visible()
    reader.feed(html)
    return re.sub(r"\s+", " ", " ".join(reader.parts))


@pytest.mark.parametrize("language", OTHERS)
def test_every_page_answers_in_each_language_with_none_of_its_english(language):
    host, values, _own = table()
    viewer = Client(HTTP_ACCEPT_LANGUAGE=language)
    viewer.force_login(host)
    visitor = Client(HTTP_ACCEPT_LANGUAGE=language)
    gin = reverse("matches:detail", kwargs={"public_id": values["gin"]})
    english = english_of(language)
    left = {}
    for address in [*pages(values), gin, "/accounts/login/", "/signup/", "/nowhere/"]:
        for who, client in (("host", viewer), ("visitor", visitor)):
            response = client.get(address)
            if not response.get("Content-Type", "").startswith("text/html"):
                continue
            html = response.content.decode()
            if "<html" in html:  # a whole page (the poll answers a part of one)
                assert f'<html lang="{language}">' in html, f"{address} ({who})"
            text = shown(html)
            found = [sentence for sentence in english if sentence in text]
            if found:
                left[f"{address} ({who})"] = found
    assert left == {}


def test_django_s_own_sign_up_words_come_in_hindi_too(client):
    page = client.post(
        "/signup/",
        {"username": "mezbaan", "password1": "short", "password2": "short"},
        HTTP_ACCEPT_LANGUAGE="hi",
    ).content.decode()
    assert "This password is too short" not in page
    assert "यह पासवर्ड बहुत छोटा है। इसमें कम से कम 12 अक्षर होने चाहिए।" in page


def test_a_place_on_the_players_pages_is_plain_text_in_french():
    from django.utils import translation

    from matches.people import place_words

    with translation.override("fr"):
        assert place_words(2, shared=True, left=False) == "=2e"


def test_the_scoring_page_in_french_sets_its_spaces_before_colons_and_semicolons(client):
    from tests.factories import MatchFactory, UserFactory
    from tests.test_board_loop import url

    host = UserFactory()
    client.force_login(host)
    page = client.get(
        url("match_scoring", MatchFactory(host=host)), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    # This match's rules, the list of the games, a worked example's case.
    assert "<dt>Objectif (score à atteindre)\u00a0:</dt><dd>100</dd>" in page
    assert "Rami (Rummy) d’abord\u00a0; <a" in page
    assert "<strong>Tel quel\u00a0:</strong>" in page


def test_german_says_once_as_a_word_and_spanish_names_a_pool_winner_of_any_gender():
    from django.utils import translation
    from django.utils.translation import gettext, ngettext

    with translation.override("de"):
        once = ngettext("rejoined %(count)s time", "rejoined %(count)s times", 1)
        assert once % {"count": 1} == "einmal wieder eingestiegen"
        twice = ngettext("rejoined %(count)s time", "rejoined %(count)s times", 2)
        assert twice % {"count": 2} == "2-mal wieder eingestiegen"
    with translation.override("es"):
        won = gettext("%(winner)s wins: the last player still in, with %(total)s.")
        assert won % {"winner": "Hanna", "total": 60} == (
            "Gana Hanna con 60: nadie más sigue en juego."
        )


@pytest.mark.parametrize(
    ("language", "written"),
    [("es", ["1.º", "2.º", "12.º"]), ("it", ["1º", "2º", "12º"]), ("hi", ["1ला", "2रा", "12वाँ"])],
)
def test_a_place_is_written_as_the_language_writes_an_ordinal(language, written):
    """Django's catalogs write Spanish "1º" (without its full stop), Italian
    "1esimo" and Hindi not at all ("1st"): the project's own say it."""
    from django.utils import translation

    from matches.phrases import ordinal

    with translation.override(language):
        assert [ordinal(n) for n in (1, 2, 12)] == written
