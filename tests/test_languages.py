"""Who sees which language: the browser's (Accept-Language), the switcher's
cookie, the host's own choice kept on the account (every device they log in
on), English where nothing matches; ``<html lang>`` names it, and the
scripts' words come in it."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils import translation

from matches.models import Account
from tests.factories import PASSWORD, UserFactory

# German is offered here whether or not its catalogs are in the tree yet:
# these tests are about choosing a language, not about its words.
TWO = [("en", "English"), ("de", "Deutsch")]
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("two_languages")]


@pytest.fixture
def two_languages():
    with override_settings(LANGUAGES=TWO):
        yield


def page_language(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def test_a_visitor_gets_their_browser_s_language_and_english_where_none_matches(client):
    german = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
    assert page_language(german) == "de"
    assert german["Content-Language"] == "de"
    assert "Accept-Language" in german["Vary"]
    japanese = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="ja")
    assert page_language(japanese) == "en"


def test_the_switcher_keeps_the_choice_and_goes_back_to_the_page(client):
    page = client.get("/accounts/login/")
    assert 'name="language"' in page.content.decode()
    assert '<option value="de" lang="de">Deutsch</option>' in page.content.decode()
    switched = client.post("/language/", {"language": "de", "next": "/accounts/login/"})
    assert switched.status_code == 302
    assert switched["Location"] == "/accounts/login/"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    # The cookie wins over the browser's own language.
    again = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en")
    assert page_language(again) == "de"


def test_the_switcher_refuses_a_language_not_offered_and_a_page_elsewhere(client):
    client.post("/language/", {"language": "xx", "next": "https://example.com/"})
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies
    switched = client.post("/language/", {"language": "de", "next": "https://example.com/"})
    assert switched["Location"] == "/"


def test_a_host_s_choice_is_kept_on_the_account_and_follows_them_to_another_phone(client):
    host = UserFactory()
    client.force_login(host)
    page = client.get("/account/")
    assert page.status_code == 200
    saved = client.post("/account/", {"language": "de", "next": "/account/?saved=1"}, follow=True)
    assert Account.objects.get(host=host).language == "de"
    assert page_language(saved) == "de"
    # The page it leads to says so in the language chosen.
    assert "Gespeichert" in saved.content.decode()
    # Another phone, whose browser asks for English, with no cookie of ours:
    # logging in there gives it the host's language.
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    logged_in = other.post("/accounts/login/", {"username": host.username, "password": PASSWORD})
    assert logged_in.status_code == 302
    assert other.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert page_language(other.get("/")) == "de"
    # Back to the browser's language: English for an English browser.
    client.post("/account/", {"language": "", "next": "/account/"})
    assert Account.objects.get(host=host).language == ""
    third = Client(HTTP_ACCEPT_LANGUAGE="en")
    third.post("/accounts/login/", {"username": host.username, "password": PASSWORD})
    assert settings.LANGUAGE_COOKIE_NAME not in third.cookies
    assert page_language(third.get("/")) == "en"


def test_a_phone_logged_in_before_another_chose_takes_the_choice_on_the_account_page(client):
    host = UserFactory()
    client.force_login(host)
    client.post("/account/", {"language": "en", "next": "/account/"})
    assert page_language(client.get("/")) == "en"
    # The host chooses German on another phone; this one still has English.
    other = Client()
    other.force_login(host)
    other.post("/account/", {"language": "de", "next": "/account/"})
    assert page_language(client.get("/")) == "en"
    # Opening the account page here shows the choice in its own language,
    # and this phone keeps it from then on.
    account = client.get("/account/")
    assert page_language(account) == "de"
    assert '<option value="de" lang="de" selected>Deutsch</option>' in account.content.decode()
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert page_language(client.get("/")) == "de"


def test_the_account_page_refuses_a_language_not_offered_and_keeps_the_old_one(client):
    host = UserFactory()
    client.force_login(host)
    client.post("/account/", {"language": "de", "next": "/account/"})
    refused = client.post("/account/", {"language": "xx", "next": "/account/"})
    assert refused.status_code == 200
    # In the host's language (German), naming what was sent.
    assert "xx ist keine gültige Auswahl" in refused.content.decode()
    assert Account.objects.get(host=host).language == "de"


def test_the_account_page_is_the_host_s_only(client):
    response = client.get("/account/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_scripts_words_come_in_the_page_s_language_kept_for_a_year(client):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="de")
    address = re.search(r'<script src="(/words/de/[0-9a-f]+\.js)"', page.content.decode()).group(1)
    words = client.get(address)
    assert words.status_code == 200
    assert words["Content-Type"].startswith("text/javascript")
    assert "immutable" in words["Cache-Control"]
    assert "django.gettext" in words.content.decode()
    assert client.get("/words/xx/0.js").status_code == 404


def test_numbers_are_written_the_language_s_way():
    from django.utils import translation

    from matches.phrases import grouped, rounded

    assert (rounded(245, 4, "0.1"), grouped(125000)) == ("61.3", "125,000")
    with translation.override("de"):
        assert (rounded(245, 4, "0.1"), grouped(125000)) == ("61,3", "125.000")
    with translation.override("hi"):
        assert grouped(12500000) == "1,25,00,000"


def test_a_follower_s_poll_is_tagged_with_the_language_so_a_switch_draws_it_again(client):
    from matches import services
    from tests.factories import MatchFactory

    match = MatchFactory()
    link = services.share_new(match=match)
    poll = f"/s/{link.token}/poll/"
    english = client.get(poll, HTTP_ACCEPT_LANGUAGE="en")
    assert english["ETag"].endswith('-en"')
    assert (
        client.get(poll, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=english["ETag"]).status_code
        == 304
    )
    # The same board, unchanged, asked for in German: drawn again, in German.
    german = client.get(poll, HTTP_ACCEPT_LANGUAGE="de", HTTP_IF_NONE_MATCH=english["ETag"])
    assert german.status_code == 200
    assert german["ETag"].endswith('-de"')
    assert german["Content-Language"] == "de"


def test_a_line_ending_in_another_script_s_full_stop_gets_no_other():
    from matches.display import stopped

    assert stopped("विजेता Alice, 224 के अंतर से।") == "विजेता Alice, 224 के अंतर से।"
    assert stopped("Alice: 104 + 100 game bonus = 304") == "Alice: 104 + 100 game bonus = 304."


def test_places_are_ordinals_of_the_page_s_language_in_plain_text():
    from django.utils import translation

    from matches.phrases import ordinal

    with translation.override("de"):
        assert ordinal(2) == "2."
    with translation.override("en"):
        assert ordinal(2) == "2nd"
    # French puts markup in its own: a chart's text would show it as written.
    with translation.override("fr"):
        assert ordinal(2) == "2e"


def test_a_follower_switches_language_by_get_and_gets_no_other_cookie(client):
    from matches import services
    from tests.factories import MatchFactory

    link = services.share_new(match=MatchFactory())
    board = f"/s/{link.token}/"
    page = client.get(board)
    assert '<form class="language" method="get"' in page.content.decode()
    assert "csrfmiddlewaretoken" not in page.content.decode()
    assert not page.cookies
    switched = client.get("/language/", {"language": "de", "next": board})
    assert switched.status_code == 302 and switched["Location"] == board
    assert list(switched.cookies) == [settings.LANGUAGE_COOKIE_NAME]
    assert page_language(client.get(board, HTTP_ACCEPT_LANGUAGE="en")) == "de"
    elsewhere = client.get("/language/", {"language": "de", "next": "https://example.com/"})
    assert elsewhere["Location"] == "/"


def test_a_new_match_s_line_out_of_range_is_named_in_the_page_s_language(client):
    from tests.test_match_pages import new_match_data

    host = UserFactory()
    client.force_login(host)
    english = client.post("/matches/new/", new_match_data(target="5"))
    assert "target must be a whole number from 100 to 1000" in english.content.decode()
    german = client.post(
        "/matches/new/", new_match_data(target="5"), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert "target" not in german.split('id="id_target_error"')[1].split("</div>")[0]


def test_a_hindi_date_and_time_reads_day_first():
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from django.utils import timezone, translation
    from django.utils.formats import date_format

    when = datetime(2026, 12, 6, 15, 20, tzinfo=ZoneInfo("Asia/Kolkata"))
    with translation.override("hi"), timezone.override(ZoneInfo("Asia/Kolkata")):
        written = date_format(when, "DATETIME_FORMAT")
    # The month's name is Django's own Hindi.
    assert re.fullmatch(r"6 \S+ 2026, 15:20 IST", written), written


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("pt-br", "6 de dezembro de 2026"),
        ("it", "06 dicembre 2026"),
        ("de", "6. Dezember 2026"),
        ("hi", "6 दिसंबर 2026"),
    ],
)
def test_a_date_names_its_month_as_the_language_writes_it(language, written):
    from datetime import date

    from django.utils.formats import date_format

    with translation.override(language):
        assert date_format(date(2026, 12, 6), "DATE_FORMAT") == written
