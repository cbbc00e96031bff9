"""`make bench`: every page's cost as a ratio to a trivial view, served the
way `make run` serves it (scripts/serve: gunicorn, DEBUG off), on loopback.

Data is built in-process through the services for the first match, then
copied with bulk inserts: a 6-player match at 148 hands and a pool of copies
of it (each timed save records hand 149 on the next copy), a Gin Rummy match
of 148 hands and its pool, a host with 10,000 matches, and the same pages at
1 match and 1 hand. Requests are sent by wrk
(bench/wrk.lua), closed-loop on one kept-alive connection, in rounds that
interleave each page with the floor; a page's ratio is the median of its
per-round ratios, and the figure reported is the median of three runs.
Queries are counted in-process with Django's query capture (transaction
control not counted). Writes
bench/results.json and prints a table.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchdata import (  # noqa: E402
    CONTRACT_HANDS,
    EIGHT,
    GIN_PLAYERS,
    HANDS,
    PLAYERS,
    RUMMY_SAVES,
    SAVES,
    build,
    hand_form,
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def setup_django(data: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from django.core.management.utils import get_random_secret_key

    from scoreboard.serving import write_secret_key

    # The key the server will read too: the sessions made here log it in.
    write_secret_key(data / ".secret_key", get_random_secret_key())
    os.environ.update(
        DJANGO_SETTINGS_MODULE="scoreboard.settings",
        DATABASE_URL=f"sqlite:///{data / 'bench.sqlite3'}",
        SECRET_KEY_FILE=str(data / ".secret_key"),
        STATIC_ROOT=str(data / "static"),
        DEBUG="false",
        SECURE_COOKIES="false",
        # In-process pages (the query counts) draw uncollected static files.
        STATIC_STORAGE="plain",
        # The floors every page is measured against, here and in the server
        # started below (it inherits this environment): served only when asked.
        BENCH_FLOORS="true",
    )
    import django

    django.setup()


class Page:
    """One named page: how to make its next request (method, path, body,
    headers); with ``warm``, the request the phone made before it, sent
    untimed before each (a save: the board the hand was typed on)."""

    def __init__(self, name: str, make: Any, warm: Any = None) -> None:
        self.name = name
        self.make = make
        self.warm = warm


def board_before(request: tuple[str, str, bytes, dict]) -> tuple[str, str, bytes, dict]:
    """The board a save's form was on: the GET of its match's page."""
    path = request[1]
    return "GET", path[: path.index("/hands/") + 1], b"", {}


def pages(data: dict[str, Any], size: str) -> list[Page]:
    from urllib.parse import urlencode

    side = data[size]
    hands = HANDS if size == "big" else 1
    # Each save of a Rummy hand takes its own copies of the pool, in turn.
    pools = {name: iter(side["pool"][at::SAVES]) for at, name in enumerate(RUMMY_SAVES)}
    pools["gin_record_hand"] = iter(side["gin_pool"])
    for prefix in ("pool", "r500", "contract"):
        pools[f"{prefix}_record_hand"] = iter(side[f"{prefix}_pool"])
    deals = CONTRACT_HANDS if size == "big" else 1

    def post(path: str, form: dict[str, str], htmx: bool) -> tuple[str, str, bytes, dict]:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if htmx:
            headers["HX-Request"] = "true"
        return "POST", path, urlencode(form).encode(), headers

    def board_and_save(prefix: str, key: str, players: list[str], number: int) -> list[Page]:
        """A game's board (``<prefix>_match``) and a save by htmx of hand
        ``number`` on a fresh copy (``<prefix>_record_hand``)."""
        return [
            Page(
                f"{prefix}_match", lambda: ("GET", f"/matches/{side[f'{prefix}_match']}/", b"", {})
            ),
            Page(
                f"{prefix}_record_hand",
                lambda: post(
                    f"/matches/{next(pools[f'{prefix}_record_hand'])}/hands/",
                    hand_form(key, players, number),
                    True,
                ),
                board_before,
            ),
        ]

    def record(name: str, htmx: bool, path: str = "hands/") -> Any:
        return lambda: post(
            f"/matches/{next(pools[name])}/{path}", hand_form("rummy", PLAYERS, hands + 1), htmx
        )

    return [
        Page("floor", lambda: ("GET", "/bench/floor/", b"", {})),
        # The floor of a host's page: the session and the user read, nothing else.
        Page("host_floor", lambda: ("GET", "/bench/host-floor/", b"", {})),
        Page("match", lambda: ("GET", f"/matches/{side['match']}/", b"", {})),
        # A save follows the board it was typed on (opened untimed just before).
        Page("record_hand", record("record_hand", True), board_before),
        Page("record_hand_nojs", record("record_hand_nojs", False), board_before),
        # A hand that waited on the phone, sent by static/js/waiting.js (JSON).
        Page("record_waiting", record("record_waiting", False, "hands/waiting/"), board_before),
        # A save by htmx to a process that never drew that match's board (it
        # was opened through another one, behind a load balancer).
        Page("record_hand_cold", record("record_hand_cold", True)),
        Page(
            "preview",
            lambda: post(
                f"/matches/{side['match']}/hands/preview/",
                hand_form("rummy", PLAYERS, hands + 1),
                True,
            ),
        ),
        Page("home", lambda: ("GET", "/", b"", {})),
        Page("history", lambda: ("GET", "/history/", b"", {})),
        Page("sheet", lambda: ("GET", f"/matches/{side['match']}/sheet/", b"", {})),
        Page("players", lambda: ("GET", "/players/", b"", {})),
        Page("poll_changed", lambda: ("GET", f"/s/{side['token']}/poll/", b"", {})),
        Page(
            "poll_unchanged",
            lambda: ("GET", f"/s/{side['token']}/poll/", b"", {"If-None-Match": side["etag"]}),
        ),
        Page("entries", lambda: ("GET", f"/matches/{side['match']}/entries/", b"", {})),
        # The same loop on a Gin Rummy match of as many hands.
        Page("gin_match", lambda: ("GET", f"/matches/{side['gin']}/", b"", {})),
        Page(
            "gin_record_hand",
            lambda: post(
                f"/matches/{next(pools['gin_record_hand'])}/hands/",
                hand_form("gin", GIN_PLAYERS, hands + 1),
                True,
            ),
            board_before,
        ),
        Page(
            "gin_preview",
            lambda: post(
                f"/matches/{side['gin']}/hands/preview/",
                hand_form("gin", GIN_PLAYERS, hands + 1),
                True,
            ),
        ),
        Page("gin_sheet", lambda: ("GET", f"/matches/{side['gin']}/sheet/", b"", {})),
        # And on a Pool Rummy match of six players and as many hands; on a
        # Rummy 500 match of eight (two boxes each); on a Contract match of
        # eight players and ten deals, eight played.
        *board_and_save("pool", "pool", PLAYERS, hands + 1),
        *board_and_save("r500", "rummy500", EIGHT, hands + 1),
        *board_and_save("contract", "contract", EIGHT, deals + 1),
    ]


def header_lines(session: str, csrf: str) -> list[str]:
    """The headers a logged-in phone sends: cookies, CSRF token, gzip accepted."""
    return [
        "Host: 127.0.0.1",
        f"Cookie: sessionid={session}; csrftoken={csrf}",
        f"X-CSRFToken: {csrf}",
        "Accept-Encoding: gzip",
    ]


def request_line(label: str, request: tuple[str, str, bytes, dict], common: list[str]) -> str:
    method, path, body, headers = request
    fields = [label, method, path, body.decode(), *common]
    fields += [f"{name}: {value}" for name, value in headers.items()]
    if any("\t" in field or "\n" in field for field in fields):
        raise ValueError(f"bench: a tab or newline in the request for {label}")
    return "\t".join(fields)


def run_wrk(port: int, lines: list[str], work: Path) -> list[tuple[str, int, float, int]]:
    """Send ``lines`` in order through wrk (bench/wrk.lua); returns each answer's
    (label, status, latency in seconds, body bytes)."""
    requests, answers = work / "requests.tsv", work / "answers.tsv"
    requests.write_text("\n".join(lines) + "\n")
    answers.unlink(missing_ok=True)
    command = [
        "wrk",
        "-t1",
        "-c1",
        "-d600s",
        "-s",
        str(ROOT / "bench" / "wrk.lua"),
        f"http://127.0.0.1:{port}",
        "--",
        str(requests),
        str(answers),
    ]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=660)
    if not answers.exists():
        raise SystemExit(f"bench: wrk gave no answers\n{finished.stdout}{finished.stderr}")
    answered = []
    for row in answers.read_text().splitlines():
        label, status, took, size = row.split("\t")
        if int(status) >= 400:
            raise SystemExit(f"bench: {label} answered {status}")
        answered.append((label, int(status), float(took) / 1e6, int(size)))
    return answered


def measure(
    port: int, data: dict[str, Any], rounds: int, per_round: int, work: Path
) -> dict[str, Any]:
    """One run: for each size, rounds of (floor, page) blocks of ``per_round``
    requests for every page, all through one wrk connection."""
    results: dict[str, Any] = {}
    for size in ("big", "small"):
        common = header_lines(data["sessions"][size], uuid.uuid4().hex)
        named = {page.name: page for page in pages(data, size)}
        floor = named["floor"]
        lines = [request_line("warmup", floor.make(), common) for _ in range(per_round)]
        for round_ in range(rounds):
            for page in named.values():
                lines += [
                    request_line(f"{round_}|{page.name}|floor", floor.make(), common)
                    for _ in range(per_round)
                ]
                for _ in range(per_round):
                    request = page.make()
                    if page.warm is not None:
                        lines.append(request_line("warmup", page.warm(request), common))
                    lines.append(request_line(f"{round_}|{page.name}|page", request, common))
        blocks: dict[tuple[str, str, str], list[float]] = {}
        gz_bytes: dict[str, int] = {}
        for label, _status, took, size_bytes in run_wrk(port, lines, work):
            if label == "warmup":
                continue
            round_, name, part = label.split("|")
            blocks.setdefault((round_, name, part), []).append(took)
            if part == "page":
                gz_bytes[name] = size_bytes
        for name in named:
            times = sorted(t for r in range(rounds) for t in blocks[(str(r), name, "page")])
            ratios = [
                statistics.median(blocks[(str(r), name, "page")])
                / statistics.median(blocks[(str(r), name, "floor")])
                for r in range(rounds)
            ]
            results.setdefault(name, {})[size] = {
                "median_ms": statistics.median(times) * 1000,
                "p95_ms": times[math.ceil(0.95 * len(times)) - 1] * 1000,
                "rps": len(times) / sum(times),
                "gz_bytes": gz_bytes[name],
                "ratio": statistics.median(ratios),
            }
    return results


TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE SAVEPOINT")


def count_queries(data: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Queries and uncompressed bytes per request, in-process with Django's
    query capture, each after its page's untimed request as the timed runs
    send it: {page: {"queries": n, "bytes": n}}. A write's transaction
    control (BEGIN, COMMIT, savepoints) is not counted: it reads and writes
    nothing, and databases differ in whether they show it."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.get(pk=data["users"]["big"]))
    counts = {}
    spare = {
        "pool": data["big"]["pool"][-3 * SAVES :],
        "gin_pool": data["big"]["gin_pool"][-3:],
        "pool_pool": data["big"]["pool_pool"][-3:],
        "r500_pool": data["big"]["r500_pool"][-3:],
        "contract_pool": data["big"]["contract_pool"][-3:],
    }
    for page in pages({**data, "big": {**data["big"], **spare}}, "big"):
        method, path, body, headers = page.make()
        extra = {f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()}
        if page.warm:  # as the timed runs: the board a save was typed on, opened first
            client.get(page.warm((method, path, body, headers))[1])
        with CaptureQueriesContext(connection) as queries:
            if method == "GET":
                response = client.get(path, **extra)
            else:
                response = client.generic(method, path, body, headers["Content-Type"], **extra)
        expected = 304 if page.name == "poll_unchanged" else None
        if response.status_code >= 400 or (expected and response.status_code != expected):
            raise SystemExit(f"bench: {page.name} answered {response.status_code} in-process")
        counted = [each for each in queries if not each["sql"].startswith(TRANSACTION_CONTROL)]
        counts[page.name] = {"queries": len(counted), "bytes": len(response.content)}
    return counts


def main() -> None:
    # The in-process query counts draw pages before any collectstatic.
    warnings.filterwarnings("ignore", message="No directory at")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--per-round", type=int, default=10)
    options = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("bench: wrk is missing; install Debian's package: apt-get install wrk")

    data_dir = Path(tempfile.mkdtemp(prefix="rummy-bench-"))
    try:
        setup_django(data_dir)
        pool = SAVES * options.runs * options.rounds * options.per_round + 6 * SAVES
        started = time.perf_counter()
        data = build(pool)
        print(f"bench: data built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        queries = count_queries(data)

        port = free_port()
        env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "WORKERS": "1",
            "THREADS": "4",
            "PYTHON": sys.executable,
        }
        env.pop("STATIC_STORAGE", None)
        server_cmd = [str(ROOT / "scripts" / "serve")]
        client_core = None
        if shutil.which("taskset") and (os.cpu_count() or 1) >= 2:
            # The server on one core, this client on another.
            server_cmd = ["taskset", "-c", "1", *server_cmd]
            client_core = {0}
        log = (data_dir / "serve.log").open("w")
        server = subprocess.Popen(
            server_cmd,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            if client_core:
                os.sched_setaffinity(0, client_core)
            deadline = time.monotonic() + 120
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit((data_dir / "serve.log").read_text()) from None
                    time.sleep(0.3)
            runs = []
            for run in range(options.runs):
                # Each run takes its own copies from the pool.
                offset = run * options.rounds * options.per_round * SAVES
                trimmed = {
                    **data,
                    **{
                        size: {
                            **data[size],
                            "pool": data[size]["pool"][offset:],
                            "gin_pool": data[size]["gin_pool"][offset // SAVES :],
                            "pool_pool": data[size]["pool_pool"][offset // SAVES :],
                            "r500_pool": data[size]["r500_pool"][offset // SAVES :],
                            "contract_pool": data[size]["contract_pool"][offset // SAVES :],
                        }
                        for size in ("big", "small")
                    },
                }
                runs.append(measure(port, trimmed, options.rounds, options.per_round, data_dir))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
            log.close()
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)

    results = {"machine": machine(), "pages": {}}
    for name in runs[0]:
        big = [run[name]["big"] for run in runs]
        small = [run[name]["small"] for run in runs]
        median = {key: statistics.median(each[key] for each in big) for key in big[0]}
        results["pages"][name] = {
            **{key: round(value, 3) for key, value in median.items()},
            **queries[name],
            "ratio_small": round(statistics.median(each["ratio"] for each in small), 3),
        }
    (ROOT / "bench" / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(table(results))


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def table(results: dict[str, Any]) -> str:
    head = (
        "page",
        "median ms",
        "p95 ms",
        "req/s",
        "queries",
        "bytes",
        "gz bytes",
        "ratio",
        "ratio 1/1",
    )
    rows = [head]
    for name, page in results["pages"].items():
        rows.append(
            (
                name,
                f"{page['median_ms']:.1f}",
                f"{page['p95_ms']:.1f}",
                f"{page['rps']:.0f}",
                str(page["queries"]),
                str(int(page["bytes"])),
                str(int(page["gz_bytes"])),
                f"{page['ratio']:.1f}",
                f"{page['ratio_small']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [
        "| " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) + " |"
        for row in rows
    ]
    lines.insert(1, "| " + " | ".join("-" * width for width in widths) + " |")
    return f"Machine: {results['machine']}\n" + "\n".join(lines)


if __name__ == "__main__":
    main()
