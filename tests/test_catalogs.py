"""The translations' catalogs (locale/, docs/translating.md), checked on
every run: ``makemessages`` changes nothing (a string marked without its
translations fails here), every entry of every catalog is translated and
none is fuzzy, ``compilemessages`` (GNU msgfmt, which checks each
placeholder) succeeds, and each catalog's language is one the settings know.

These need GNU gettext (``make test`` installs it as it does Chromium)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings
from django.utils.translation import to_locale

LOCALE = settings.BASE_DIR / "locale"
DOMAINS = ("django", "djangojs")


SOURCES = ("matches", "scoreboard", "templates", "static")


def draw_up(folder: Path, **options: object) -> Path:
    """``makemessages`` (the project's, ``options`` as its own) over a copy of
    the app's sources in ``folder``, writing the catalogs of ``folder``/locale:
    run in the tree, it would write the tree's own catalogs."""
    for source in SOURCES:
        shutil.copytree(
            settings.BASE_DIR / source,
            folder / source,
            ignore=shutil.ignore_patterns("__pycache__"),
            dirs_exist_ok=True,
        )
    root = folder / "locale"
    here = Path.cwd()
    os.chdir(folder)
    try:
        with override_settings(LOCALE_PATHS=[root]):
            for domain in DOMAINS:
                call_command("makemessages", domain=domain, verbosity=0, **options)
    finally:
        os.chdir(here)
    return root


def catalogs(root: Path) -> dict[str, str]:
    """Each catalog under ``root`` by its path, without the line that says
    when it was last drawn up."""
    return {
        str(path.relative_to(root)): "".join(
            line
            for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
            if not line.startswith('"POT-Creation-Date:')
        )
        for path in sorted(root.glob("*/LC_MESSAGES/*.po"))
    }


@pytest.fixture(scope="module")
def gettext_tools() -> None:
    for tool in ("xgettext", "msgmerge", "msgfmt"):
        if shutil.which(tool) is None:
            pytest.fail(f"no {tool}: apt-get install gettext (make test does)")


def test_every_catalog_is_a_language_the_settings_know_with_both_domains():
    known = {to_locale(code) for code, _ in settings.ALL_LANGUAGES}
    folders = sorted(LOCALE.glob("*")) if LOCALE.exists() else []
    for folder in folders:
        assert folder.name in known, f"locale/{folder.name} is no language of ALL_LANGUAGES"
        for domain in DOMAINS:
            assert (folder / "LC_MESSAGES" / f"{domain}.po").exists(), (
                f"locale/{folder.name} has no {domain}.po"
            )
    offered = {to_locale(code) for code, _ in settings.LANGUAGES} - {"en"}
    assert offered == {folder.name for folder in folders}


def test_makemessages_leaves_every_catalog_as_it_is(gettext_tools, tmp_path):
    if not LOCALE.exists():
        pytest.skip("no catalog yet")
    shutil.copytree(LOCALE, tmp_path / "locale")
    copy = draw_up(tmp_path, all=True)
    assert catalogs(copy) == catalogs(LOCALE), (
        "the catalogs are not up to date with the marked strings: run make messages, "
        "then translate the new entries"
    )


@pytest.mark.parametrize("path", sorted(LOCALE.glob("*/LC_MESSAGES/*.po")), ids=str)
def test_every_entry_is_translated_and_none_is_fuzzy(path):
    with path.open("rb") as file:
        catalog = read_po(file)
    missing = [
        message.id
        for message in catalog
        if message.id
        and not all(message.string if isinstance(message.string, tuple) else [message.string])
    ]
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert (missing, fuzzy) == ([], [])


TAG = re.compile(r"</?[a-z]+[^>]*>")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]*\}")


@pytest.mark.parametrize("path", sorted(LOCALE.glob("*/LC_MESSAGES/*.po")), ids=str)
def test_a_translation_keeps_its_message_s_tags_placeholders_and_quotes(path):
    """A translation has the same HTML tags and placeholders as its message,
    and no straight double quote the message lacks: a template drops some
    messages into an attribute (aria-label="...") unescaped."""
    with path.open("rb") as file:
        catalog = read_po(file)
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        plural = isinstance(message.id, tuple | list)
        ids = message.id if plural else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            tags = set(TAG.findall(string))
            values = set(PLACEHOLDER.findall(string))
            if not any(tags == set(TAG.findall(each)) for each in ids):
                wrong.append((ids[0], string))
            # A plural's form for one may leave the count unsaid ("the only entry").
            allowed = set().union(*(PLACEHOLDER.findall(each) for each in ids))
            if (values - allowed) if plural else values != set(PLACEHOLDER.findall(ids[0])):
                wrong.append((ids[0], string))
            if '"' in string and '"' not in ids[0]:
                wrong.append((ids[0], string))
    assert wrong == []


def test_compilemessages_succeeds(gettext_tools, tmp_path, monkeypatch):
    if not LOCALE.exists():
        pytest.skip("no catalog yet")
    copy = tmp_path / "locale"
    shutil.copytree(LOCALE, copy)
    # From the copy's folder, so that the tree's own catalogs are left alone.
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[copy]):
        call_command("compilemessages", verbosity=0)
    assert sorted(path.stem for path in copy.glob("*/LC_MESSAGES/*.mo")) == sorted(
        path.stem for path in copy.glob("*/LC_MESSAGES/*.po")
    )
