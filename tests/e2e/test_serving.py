"""The server `make run` starts, started the same way (scripts/serve, with
HOST=0.0.0.0 over plain HTTP) and reached over loopback only: a host signs
up, logs in and saves a hand; the stylesheet has a hashed name, is cached
for a year and, with the scripts, minified; a missing page is the app's own."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.board import enter_hand, expect_totals, save

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
YEAR = 365 * 24 * 60 * 60
PASSWORD = "a long table password"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """scripts/serve as `make run` runs it, on a free port, with its data in a
    temporary folder. Yields the loopback URL and that folder."""
    data = tmp_path_factory.mktemp("table")
    port = free_port()
    env = {
        name: value
        for name, value in os.environ.items()
        # As a fresh checkout has it: no key, no test-only storage, DEBUG unset.
        if name not in ("SECRET_KEY", "STATIC_STORAGE", "DEBUG", "SECURE_COOKIES", "ALLOWED_HOSTS")
    }
    env.update(
        HOST="0.0.0.0",
        PORT=str(port),
        PYTHON=sys.executable,
        DATABASE_URL=f"sqlite:///{data / 'db.sqlite3'}",
        SECRET_KEY_FILE=str(data / ".secret_key"),
        STATIC_ROOT=str(data / "static"),
        WORKERS="1",
        THREADS="4",
    )
    log = (data / "serve.log").open("w")
    server = subprocess.Popen(
        [str(ROOT / "scripts" / "serve")],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if server.poll() is not None:
                pytest.fail(f"scripts/serve stopped: {(data / 'serve.log').read_text()}")
            try:
                with urllib.request.urlopen(url + "/health/", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"scripts/serve did not answer: {(data / 'serve.log').read_text()}")
            time.sleep(0.3)
        yield url, data
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        log.close()


def test_it_serves_the_table_with_debug_off(page: Page, table_server: tuple[str, Path]) -> None:
    url, data = table_server
    page.goto(url + "/signup/")
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").tap()
    expect(page.get_by_role("heading", name="Your matches")).to_be_visible()

    page.get_by_role("button", name="Log out").tap()
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    page.goto(url + "/accounts/login/")
    page.get_by_label("Username").fill("host")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    expect(page.get_by_role("heading", name="Your matches")).to_be_visible()

    page.get_by_role("link", name="New match").tap()
    page.get_by_role("combobox", name="Seat 1", exact=True).fill("Alice")
    page.get_by_role("combobox", name="Seat 2", exact=True).fill("Ben")
    page.get_by_role("combobox", name="Seat 3", exact=True).fill("Cara")
    page.get_by_role("button", name="Start the match").tap()
    enter_hand(page, "Ben", Alice=23, Cara=18)
    save(page, 1).tap()
    expect_totals(page, Alice=0, Ben=41, Cara=0)

    # The stylesheet: a hashed name, compressed, and cached for a year or more.
    href = page.locator("link[rel=stylesheet]").get_attribute("href")
    assert re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", href or ""), href
    sheet = page.request.get(url + href, headers={"Accept-Encoding": "gzip"})
    assert sheet.ok
    max_age = re.search(r"max-age=(\d+)", sheet.headers["cache-control"])
    assert max_age and int(max_age.group(1)) >= YEAR, sheet.headers["cache-control"]
    assert sheet.headers.get("content-encoding") == "gzip"

    # The app's own style sheet and scripts are served minified (collectstatic,
    # scoreboard/staticfiles.py): no comment is left, and the hand above was
    # saved through them.
    css = page.request.get(url + href).text()
    assert "/*" not in css and len(css) < 0.8 * len((ROOT / "static/css/app.css").read_text())
    for source in page.locator("script[src*='/static/js/']").all():
        script = page.request.get(url + (source.get_attribute("src") or "")).text()
        assert "\n// " not in script and "\n  " not in script, source.get_attribute("src")

    # The key was made once, readable by its owner only; the address printed.
    key = data / ".secret_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert "Open the scoreboard on the phones at the table:" in (data / "serve.log").read_text()

    missing = page.goto(url + "/no/such/page/")
    assert missing is not None and missing.status == 404
    expect(page.get_by_role("heading", name="Nothing here")).to_be_visible()
    expect(page.get_by_role("link", name="Back to your matches")).to_be_visible()


def answer(url: str, path: str, **headers: str) -> http.client.HTTPResponse:
    """The server's answer to a GET of ``path``, whatever its status, body read."""
    address = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def test_its_answers_name_no_server_software_version(table_server: tuple[str, Path]) -> None:
    """gunicorn names itself (``Server: gunicorn``, a line it has no setting
    against) but never its version; nothing else names any software."""
    url, _ = table_server
    for path in ("/health/", "/accounts/login/", "/static/css/app.css", "/no/such/page/"):
        response = answer(url, path)
        assert response.status in (200, 404), (path, response.status)
        assert response.getheader("Server") in (None, "gunicorn"), (path, response.getheaders())
        head = str(response.headers).lower()
        assert not re.search(r"(gunicorn|python|django|whitenoise)\W*\d", head), head
        assert "x-powered-by" not in head


def test_a_host_name_not_ours_is_one_line_in_its_log(table_server: tuple[str, Path]) -> None:
    url, data = table_server
    response = answer(url, "/", Host="evil.example")
    assert response.status == 400
    log = (data / "serve.log").read_text()
    lines = [line for line in log.splitlines() if "evil.example" in line]
    # One line, the refusal (gunicorn's access line of it names no host).
    assert lines == [
        "400 Bad Request (DisallowedHost): GET /: Invalid HTTP_HOST header: 'evil.example'. "
        "You may need to add 'evil.example' to ALLOWED_HOSTS."
    ], log
    assert "Traceback" not in log
