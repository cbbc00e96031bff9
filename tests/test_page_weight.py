"""What a phone downloads: the board with its styles and scripts on a first
load, and a saved hand's answer by htmx, compressed as they are served
(the page by GZipMiddleware, the static files by WhiteNoise's gzip)."""

from __future__ import annotations

import gzip
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import override_settings

from tests.factories import MatchFactory, hand, record
from tests.test_match_pages import hand_post, url

pytestmark = pytest.mark.django_db

FIRST_LOAD_MOST = 60_000  # bytes, compressed: the board, its CSS and its JavaScript
SAVED_HAND_MOST = 8_000  # bytes, compressed: the board htmx swaps in after Save


def six_player_match(host):
    """A long match of six, shared (its QR code on the board), with entries deleted."""
    names = ["Alexandrina", "Bartholomew", "Cara", "Dan", "Evangeline", "Fay"]
    match = MatchFactory(host=host, players=names, target=1000)
    out = names * 25
    record(match, *[hand(name, **{o: 1 for o in names if o != name}) for name in out[:148]])
    return match


def served(path: str) -> bytes:
    """A static file's bytes as WhiteNoise serves them gzipped (its own gzip)."""
    name = path.split("/static/", 1)[1]
    found = finders.find(name)
    assert found, f"{path} is not a static file"
    with open(found, "rb") as file:
        return gzip.compress(file.read(), compresslevel=9)


@override_settings(
    STORAGES={"staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
)
def test_the_board_with_its_styles_and_scripts_is_under_60_kb_compressed(client, host):
    match = six_player_match(host)
    client.post(url("share", match), {"action": "new"})
    page = client.get(url("detail", match), headers={"accept-encoding": "gzip"})
    assert page["Content-Encoding"] == "gzip"
    html = gzip.decompress(page.content).decode()
    assets = re.findall(r'(?:src|href)="(/static/[^"]+\.(?:js|css))"', html)
    assert any(path.endswith(".css") for path in assets)
    assert any("htmx" in path for path in assets)
    total = len(page.content) + sum(len(served(path)) for path in set(assets))
    assert total < FIRST_LOAD_MOST, f"{total} bytes on a first load"


def test_a_saved_hand_comes_back_in_under_8_kb_compressed(client, host):
    match = six_player_match(host)
    data = hand_post(
        match,
        "Cara",
        **{name: 1 for name in ["Alexandrina", "Bartholomew", "Dan", "Evangeline", "Fay"]},
    )
    answer = client.post(
        url("hand", match), data, headers={"hx-request": "true", "accept-encoding": "gzip"}
    )
    assert "Saved hand 149" in gzip.decompress(answer.content).decode()
    assert len(answer.content) < SAVED_HAND_MOST, f"{len(answer.content)} bytes"
