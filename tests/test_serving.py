"""Serving the table: the addresses `make run` allows and prints, the secret
key made once, and the health check a load balancer probes."""

from __future__ import annotations

import socket
import stat
from collections import namedtuple

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoreboard import serving

Address = namedtuple("Address", "family address")

# psutil.net_if_addrs() as a laptop on a home Wi-Fi shows it.
INTERFACES = {
    "lo": [Address(socket.AF_INET, "127.0.0.1"), Address(socket.AF_INET6, "::1")],
    "wlan0": [
        Address(socket.AF_INET, "192.168.1.20"),
        Address(socket.AF_INET6, "fe80::1"),
        Address(socket.AF_PACKET, "aa:bb:cc:dd:ee:ff"),
    ],
    "eth0": [Address(socket.AF_INET, "169.254.3.4"), Address(socket.AF_INET, "10.0.0.7")],
    "docker0": [Address(socket.AF_INET, "192.168.1.20")],
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_it_finds_the_addresses_phones_can_open():
    assert serving.lan_addresses(INTERFACES) == ["192.168.1.20", "10.0.0.7"]


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("127.0.0.1", ["localhost", "127.0.0.1", "[::1]"]),
        ("localhost", ["localhost", "127.0.0.1", "[::1]"]),
        ("::1", ["localhost", "127.0.0.1", "[::1]"]),
        ("0.0.0.0", ["localhost", "127.0.0.1", "[::1]", "192.168.1.20", "10.0.0.7"]),
        ("::", ["localhost", "127.0.0.1", "[::1]", "192.168.1.20", "10.0.0.7"]),
        ("192.168.1.20", ["localhost", "127.0.0.1", "[::1]", "192.168.1.20"]),
    ],
)
def test_it_allows_loopback_and_the_lan_addresses_it_listens_on(host, allowed):
    assert serving.allowed_hosts(host, serving.lan_addresses(INTERFACES)) == allowed


def test_it_prints_the_lan_addresses_to_open_on_the_phones():
    addresses = serving.lan_addresses(INTERFACES)
    assert serving.urls_to_open("0.0.0.0", 8000, addresses) == [
        "http://192.168.1.20:8000/",
        "http://10.0.0.7:8000/",
    ]
    assert serving.urls_to_open("127.0.0.1", 8001, addresses) == ["http://127.0.0.1:8001/"]
    assert serving.urls_to_open("0.0.0.0", 8000, []) == ["http://127.0.0.1:8000/"]


def test_it_prints_the_address_with_a_qr_code(monkeypatch, capsys):
    monkeypatch.setattr(serving, "lan_addresses", lambda: ["192.168.1.20"])
    from matches.management.commands import table_address

    monkeypatch.setattr(table_address, "lan_addresses", lambda: ["192.168.1.20"])
    port = free_port()
    call_command("table_address", host="0.0.0.0", port=str(port))
    out = capsys.readouterr().out
    assert (
        f"Open the scoreboard on the phones at the table:\n  http://192.168.1.20:{port}/\n" in out
    )
    assert "█" in out or "▀" in out  # the QR code, drawn in the terminal
    port = free_port()
    call_command("table_address", host="127.0.0.1", port=str(port))
    out = capsys.readouterr().out
    assert out == (
        f"The scoreboard is at http://127.0.0.1:{port}/\n"
        "That is this computer only. For the phones at the table: HOST=0.0.0.0 make run\n"
    )
    if socket.has_ipv6:
        call_command("table_address", host="[::1]", port=str(port))
        assert f"http://[::1]:{port}/" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("port", "abc", "PORT must be a whole number from 1 to 65535; got 'abc'"),
        ("port", "99999", "PORT must be a whole number from 1 to 65535; got '99999'"),
        ("workers", "0", "WORKERS must be a whole number from 1 to 64; got '0'"),
        ("threads", "-3", "THREADS must be a whole number from 1 to 256; got '-3'"),
        ("host", "nonsense", "HOST must be an address of this computer"),
    ],
)
def test_it_refuses_a_bad_serving_value_naming_it(option, value, message):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError) as refused:
        call_command(
            "table_address", **{"host": "127.0.0.1", "port": str(free_port()), option: value}
        )
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize("listening_on", ["127.0.0.1", "0.0.0.0"])
def test_it_refuses_a_port_already_in_use(listening_on):
    from django.core.management.base import CommandError

    with socket.socket() as taken:
        taken.bind((listening_on, 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(CommandError) as refused:
            call_command("table_address", host="127.0.0.1", port=str(port))
    assert str(refused.value).startswith(f"PORT {port} is in use on 127.0.0.1")


def test_a_port_whose_last_connections_wait_out_time_wait_serves_again_at_once(capsys):
    # A server just stopped (Ctrl-C, a restart) leaves its side of the last
    # connections in TIME_WAIT for a minute: `make run` must start again at once.
    with socket.socket() as listener:
        # As gunicorn listens (gunicorn.sock); Linux lets a port whose
        # connections wait out TIME_WAIT be bound again only when both the
        # old socket and the new one say so.
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        phone = socket.create_connection(("127.0.0.1", port))
        served, _ = listener.accept()
        served.close()  # the server's side closes first: it is the one kept waiting
        phone.recv(1)
        phone.close()
    assert time_wait_on(port), "the test left no connection in TIME_WAIT"
    call_command("table_address", host="127.0.0.1", port=str(port))
    assert f"The scoreboard is at http://127.0.0.1:{port}/" in capsys.readouterr().out


def time_wait_on(port: int) -> bool:
    """Whether a TCP connection from local ``port`` is in TIME_WAIT (state 06
    in /proc/net/tcp, the port in hexadecimal)."""
    with open("/proc/net/tcp") as table:
        rows = [line.split() for line in table.readlines()[1:]]
    return any(row[1].endswith(f":{port:04X}") and row[3] == "06" for row in rows)


def test_it_makes_the_secret_key_once_readable_by_its_owner_only(tmp_path, settings):
    path = tmp_path / ".secret_key"
    settings.SECRET_KEY_FILE = path
    settings.SECRET_KEY_FROM_ENVIRONMENT = False
    call_command("secret_key")
    first = path.read_text()
    assert len(first.strip()) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    call_command("secret_key")
    assert path.read_text() == first


def test_it_replaces_an_empty_key_file_and_refuses_a_missing_folder(tmp_path, settings):
    from django.core.management.base import CommandError

    path = tmp_path / ".secret_key"
    path.write_text("")
    settings.SECRET_KEY_FILE = path
    settings.SECRET_KEY_FROM_ENVIRONMENT = False
    call_command("secret_key")
    assert len(path.read_text().strip()) >= 50
    settings.SECRET_KEY_FILE = tmp_path / "no-such-folder" / ".secret_key"
    with pytest.raises(CommandError, match="SECRET_KEY_FILE is in a folder that does not exist"):
        call_command("secret_key")


def test_it_makes_no_key_file_when_the_environment_has_a_key(tmp_path, settings):
    settings.SECRET_KEY_FILE = tmp_path / ".secret_key"
    settings.SECRET_KEY_FROM_ENVIRONMENT = True
    call_command("secret_key")
    assert not settings.SECRET_KEY_FILE.exists()


@pytest.mark.django_db
def test_it_answers_the_health_check_by_ip_over_plain_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/health/", HTTP_HOST="10.0.0.7")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    # Every other page still checks the host and redirects to HTTPS.
    assert client.get("/", HTTP_HOST="localhost").status_code == 301
    assert client.get("/", HTTP_HOST="10.0.0.7").status_code == 400


@pytest.mark.django_db
def test_it_says_when_the_database_does_not_answer(client, monkeypatch):
    from django.db import DatabaseError
    from django.db.models import QuerySet

    def broken(*args, **kwargs):
        raise DatabaseError("down")

    monkeypatch.setattr(QuerySet, "exists", broken)
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.content == b"database unavailable\n"


# Pages leave compressed ----------------------------------------------------------


@pytest.mark.django_db
def test_a_page_leaves_compressed_when_the_phone_takes_gzip(client, host):
    import gzip

    page = client.get(reverse("matches:home"), headers={"accept-encoding": "gzip"})
    assert page["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in page["Vary"]
    assert b"Your matches" in gzip.decompress(page.content)
    plain = client.get(reverse("matches:home"), headers={"accept-encoding": "identity"})
    assert not plain.has_header("Content-Encoding")
