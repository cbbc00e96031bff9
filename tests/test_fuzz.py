"""No input gives a server error: every URL pattern, walked from the
resolver, with hypothesis-made values in the path, the query, the form and
the method (NUL bytes, 5,000-digit numbers, digits of other scripts, 10 KB
strings, bogus ids, wrong methods), as a signed-in host, an anonymous
visitor and a viewer holding a share link. Each answer is 2xx, 3xx or 4xx.
Runs on SQLite and, under ``make test``, on PostgreSQL."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import services
from matches.models import Player
from tests.factories import MatchFactory, UserFactory, hand, record
from tests.test_sharing import every_pattern

pytestmark = pytest.mark.django_db

PATTERNS = [
    (name, pattern)
    for name, pattern in every_pattern()
    # The admin's own pages are Django's; its log-in is walked below as any page
    # where the admin is served (ADMIN on: off in the tests, as by default).
    if not name.startswith("admin:") or name == "admin:login"
]

NASTY = st.sampled_from(
    [
        "\x00",
        "a\x00b",
        "9" * 5000,
        "-1",
        "0",
        "²",
        "①",
        "١٢",
        "٣٠٠",
        "x" * 10_000,
        "",
        " ",
        "%00",
        "../../etc/passwd",
        "<script>alert(1)</script>",
        "'; DROP TABLE matches_match; --",
        "1e309",
        "NaN",
        "🂡🂮",
        "\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"),
        "00000000-0000-0000-0000-000000000000",
        "2026-13-45T99:99:99",
        "true",
        "[]",
        "{}",
    ]
)
VALUES = st.one_of(NASTY, st.text(max_size=50), st.integers().map(str))
FIELDS = st.sampled_from(
    [
        "token",
        "hand_number",
        "went_out",
        "rummy",
        "left_0",
        "left_1",
        "left_2",
        "seat_0",
        "seat_1",
        "action",
        "player",
        "after",
        "target",
        "scheme",
        "rummy_bonus",
        "stock_out",
        "hand_limit",
        "ace_value",
        "decks",
        "first_dealer",
        "player_0",
        "player_1",
        "player_2",
        "confirm",
        "version",
        "replacing",
        "event",
        "name",
        "into",
        "username",
        "password",
        "password1",
        "password2",
        "email",
        "status",
        "before",
        "after",
        "with",
        "big",
        "next",
    ]
)
FORMS = st.dictionaries(FIELDS, st.one_of(VALUES, st.lists(VALUES, max_size=3)), max_size=8)
METHODS = st.sampled_from(["get", "post", "post", "head", "put", "delete", "patch", "options"])
WHO = st.sampled_from(["host", "anonymous", "viewer", "other host"])


@pytest.fixture
def table() -> dict[str, Any]:
    """A host's match with hands and a share link, and the clients who call."""
    host = UserFactory()
    match = MatchFactory(host=host, players=["Alice", "Ben", "Cara"])
    record(match, hand("Ben", Alice=23, Cara=18), hand("Cara", Alice=5, Ben=7))
    link = services.share_new(match=match)
    real = {
        "public_id": match.public_id,
        "event_id": match.events.first().pk,
        "player_id": Player.objects.filter(host=host).first().pk,
        "token": link.token,
        "uidb64": "MQ",
    }
    clients = {"host": Client(), "anonymous": Client(), "viewer": Client(), "other host": Client()}
    clients["host"].force_login(host)
    clients["other host"].force_login(UserFactory())
    clients["viewer"].cookies["share"] = link.token
    return {"real": real, "clients": clients}


def path_for(name: str, pattern: Any, real: dict[str, Any], fuzz: dict[str, str]) -> str:
    """The pattern's path with real values, then some parts replaced raw by
    fuzz (quoted as a browser would send them, so NUL arrives as NUL)."""
    keys = list(pattern.pattern.converters) or re.findall(r"\(\?P<(\w+)>", str(pattern.pattern))
    values = {key: real.get(key, "1") for key in keys}
    try:
        path = reverse(name, kwargs=values)
    except Exception:  # noqa: BLE001 - a pattern of another shape: its bare route
        path = "/" + str(pattern.pattern).lstrip("^").rstrip("$")
    for key, value in fuzz.items():
        if key in values:
            path = path.replace(f"/{quote(str(values[key]), safe='')}/", f"/{quote(value)}/", 1)
    return path


@settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    place=st.integers(min_value=0, max_value=len(PATTERNS) - 1),
    method=METHODS,
    who=WHO,
    path_fuzz=st.dictionaries(
        st.sampled_from(["public_id", "event_id", "player_id", "token", "uidb64"]),
        VALUES,
        max_size=2,
    ),
    query=FORMS,
    form=FORMS,
    headers=st.dictionaries(
        st.sampled_from(["HTTP_IF_NONE_MATCH", "HTTP_HX_REQUEST", "HTTP_COOKIE_TZ"]),
        VALUES,
        max_size=2,
    ),
)
def test_no_input_at_any_url_gives_a_server_error(
    table, place, method, who, path_fuzz, query, form, headers
):
    name, pattern = PATTERNS[place]
    client = table["clients"][who]
    path = path_for(name, pattern, table["real"], path_fuzz)
    if query:
        path += "?" + urlencode(query, doseq=True)
    if "HTTP_COOKIE_TZ" in headers:
        client.cookies["tz"] = quote(headers.pop("HTTP_COOKIE_TZ"))
    call = getattr(client, method)
    if method == "post":
        response = call(path, form, **headers)
    elif method in ("put", "patch", "delete"):
        response = call(path, urlencode(form, doseq=True), **headers)
    else:
        response = call(path, **headers)
    assert response.status_code < 500, f"{method.upper()} {path!r} as {who}: {form!r}"
