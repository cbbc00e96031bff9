"""The web app manifest: a phone can add the board to its home screen and
open it full-screen, starting on the host's matches."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_its_start_page_and_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Rummy Scoreboard" and manifest["short_name"] == "Rummy"
    assert manifest["start_url"] == reverse("matches:home") == "/"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= set(sizes)
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix(static(""))
        assert finders.find(name), f"{name} is not among the static files"
    with open(finders.find("icon-512.png"), "rb") as png:
        header = png.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(header[16:20], "big") == int.from_bytes(header[20:24], "big") == 512


def test_every_page_links_the_manifest_and_a_home_screen_icon(client):
    page = client.get(reverse("login")).content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'rel="apple-touch-icon"' in page and 'name="theme-color"' in page


def test_the_service_worker_is_served_from_the_root_and_asked_for_afresh(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert b'request.mode === "navigate"' in response.content


def test_pages_say_they_differ_for_htmx_and_carry_the_offline_marks(client, host):
    from tests.factories import MatchFactory

    match = MatchFactory(host=host)
    page = client.get(reverse("matches:detail", args=[match.public_id]))
    assert "HX-Request" in page["Vary"]
    html = page.content.decode()
    assert f'data-offline-copy="no" data-who="{host.pk}"' in html
    assert 'data-offline-note role="status" hidden>Offline copy from <time>' in html
    assert html.count('data-offline-copy="no"') == 1
