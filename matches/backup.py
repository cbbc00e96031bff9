"""Backups of the whole database with the database's own tools: SQLite's online
backup (through Python's ``sqlite3``, safe while the server runs) and
PostgreSQL's ``pg_dump`` and ``pg_restore``. ``manage.py backup`` and
``manage.py restore`` (``make backup``, ``make restore``) call these.

A backup holds everything: accounts, matches with every entry (deleted ones
too), players, share links, sessions. To move matches between a SQLite and
a PostgreSQL server, export every match and import the file instead."""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection

from matches.models import Match

SQLITE_SUFFIX = ".sqlite3"
POSTGRES_SUFFIX = ".pgdump"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


def default_path(now: datetime | None = None) -> Path:
    """``backups/rummy-20261201-193000.sqlite3`` (or ``.pgdump``), in UTC."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    suffix = SQLITE_SUFFIX if connection.vendor == "sqlite" else POSTGRES_SUFFIX
    return Path(settings.BASE_DIR) / "backups" / f"rummy-{stamp}{suffix}"


def backup(path: Path) -> Path:
    """Copy the whole database into the new file ``path`` (its folder is made
    if missing), while the server may keep running.

    Returns:
        ``path``.

    Raises:
        BackupError: ``path`` exists already, or the tool failed.
    """
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        # Made first, readable by this user only: a backup holds password
        # hashes and the sessions of everyone logged in.
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        raise BackupError(f"{path} exists already: name a new file") from None
    try:
        if connection.vendor == "sqlite":
            _sqlite_copy(_sqlite_file(), str(path))
        else:
            _postgres("pg_dump", "--format=custom", "--no-owner", f"--file={path}")
    except BaseException:
        path.unlink(missing_ok=True)  # no half-made backup left to be trusted
        raise
    return path


def is_empty() -> bool:
    """No account and no match in the database (its tables may exist: a
    database just migrated is empty)."""
    tables = connection.introspection.table_names()
    user_table = get_user_model()._meta.db_table
    if user_table not in tables or Match._meta.db_table not in tables:
        return True
    return not get_user_model().objects.exists() and not Match.objects.exists()


def restore(path: Path, *, force: bool = False) -> None:
    """Replace the database with the backup ``path``, then migrate it (a
    backup from an older version of the app is brought up to date).

    Args:
        path: a file ``backup`` wrote, for the same kind of database.
        force: replace a database that holds accounts or matches.

    Raises:
        BackupError: no such file, a file of the other kind of database or
            not a backup, a database that is not empty without ``force``, or
            the tool failed; the database is left as it was.
    """
    if not path.is_file():
        raise BackupError(f"no backup file at {path}")
    kind = _kind(path)
    here = "sqlite" if connection.vendor == "sqlite" else "postgresql"
    if kind != here:
        raise BackupError(
            f"{path} is a {_NAMES[kind]} backup and this database is {_NAMES[here]}: "
            "to move matches between the two, export every match and import the file"
        )
    _check_backup(path, kind)
    if not force and not is_empty():
        raise BackupError(
            "this database is not empty (it has accounts or matches): restoring would "
            "replace them all; say --force (make restore FORCE=1) if that is what you want"
        )
    connection.close()
    if kind == "sqlite":
        target = _sqlite_file()
        if not os.path.exists(target):
            # A new database file, for this user only (as `make run` makes it).
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        _sqlite_copy(f"file:{path}?mode=ro", target)
    else:
        # The dump as SQL, run by psql in one transaction after emptying the
        # schema: tables a later version added (and the dump lacks) go too,
        # so the migrate below can make them again; a failure changes nothing.
        script = _postgres("pg_restore", "--no-owner", "--no-privileges", "--file=-", str(path))
        _postgres(
            "psql",
            "--quiet",
            "--no-psqlrc",
            "--single-transaction",
            "--set=ON_ERROR_STOP=1",
            database_flag=True,
            stdin="DROP SCHEMA public CASCADE;\nCREATE SCHEMA public;\n" + script,
        )
    call_command("migrate", verbosity=0, interactive=False)


_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}


def _kind(path: Path) -> str:
    """``sqlite`` or ``postgresql``, from the file's first bytes."""
    with path.open("rb") as file:
        start = file.read(16)
    if start.startswith(b"SQLite format 3\x00"):
        return "sqlite"
    if start.startswith(b"PGDMP"):
        return "postgresql"
    raise BackupError(f"{path} is not a backup of this app (neither SQLite nor pg_dump's)")


def _sqlite_copy(source_name: str, target_name: str) -> None:
    """Copy one SQLite database into another with SQLite's online backup
    (pages copied under SQLite's own locks, safe while the server writes)."""
    source = sqlite3.connect(source_name, uri=True)
    try:
        target = sqlite3.connect(target_name, timeout=20)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()


def _check_backup(path: Path, kind: str) -> None:
    """Refuse a file that is not whole, or not a backup of this app (another
    program's SQLite file, a dump of another database)."""
    not_ours = f"{path} is not a backup of this app (it holds no matches table)"
    if kind == "sqlite":
        try:
            database = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                if database.execute("PRAGMA quick_check").fetchone() != ("ok",):
                    raise BackupError(f"{path} is damaged (cut short or changed): not restored")
                tables = {row[0] for row in database.execute("SELECT name FROM sqlite_master")}
            finally:
                database.close()
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{path} is damaged ({error}): not restored") from None
        if not {"django_migrations", Match._meta.db_table} <= tables:
            raise BackupError(not_ours)
        return
    done = subprocess.run(
        [_tool("pg_restore"), "--list", str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BackupError(f"{path} is damaged ({done.stderr.strip()[-300:]}): not restored")
    if f" TABLE public {Match._meta.db_table} " not in done.stdout:
        raise BackupError(not_ours)


def _sqlite_file() -> str:
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or "mode=memory" in name:
        raise BackupError("the database is in memory: there is nothing to back up or restore")
    return name


def _tool(name: str) -> str:
    """PostgreSQL's ``name`` program: the newest version's from Debian's
    packages (not on ``PATH``), else the one on ``PATH``."""
    found = sorted(
        glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
        key=lambda each: int(Path(each).parts[-3]) if Path(each).parts[-3].isdigit() else 0,
    )
    program = found[-1] if found else shutil.which(name)
    if program is None:
        raise BackupError(f"{name} is not installed (Debian: apt-get install postgresql-client)")
    return program


def _postgres(
    name: str, *arguments: str, database_flag: bool = False, stdin: str | None = None
) -> str:
    """Run ``pg_dump``, ``pg_restore`` or ``psql`` on this database, its
    connection given through the ``PG*`` variables (the password never on a
    command line); returns what it printed."""
    params = connection.get_connection_params()
    env = {**os.environ}
    for key, variable in (
        ("host", "PGHOST"),
        ("port", "PGPORT"),
        ("user", "PGUSER"),
        ("password", "PGPASSWORD"),
        ("dbname", "PGDATABASE"),
        ("sslmode", "PGSSLMODE"),
    ):
        if params.get(key):
            env[variable] = str(params[key])
    command = [_tool(name), *arguments]
    if database_flag:
        command.insert(1, f"--dbname={params['dbname']}")
    done = subprocess.run(
        command, env=env, input=stdin, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BackupError(f"{name} failed: {done.stderr.strip()[-1000:]}")
    return done.stdout
