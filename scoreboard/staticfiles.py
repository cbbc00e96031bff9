"""Static files as served: the app's own scripts and style sheet minified
(rjsmin, rcssmin) by ``collectstatic``, then named by their content and
compressed by WhiteNoise as before. Files already minified (``.min.``) and
other apps' files are copied as they are."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from whitenoise.storage import CompressedManifestStaticFilesStorage, CompressedStaticFilesStorage

MINIFIERS = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def ours(path: str) -> bool:
    """Whether ``path`` (as collected) is one of the app's own files to minify."""
    name = Path(path)
    return (
        name.suffix in MINIFIERS
        and ".min." not in name.name
        and (settings.BASE_DIR / "static" / path).is_file()
    )


def minify(storage: Any, paths: dict[str, Any]) -> None:
    """Minify the app's own scripts and style sheet where ``collectstatic``
    copied them, and have what names and compresses them read those copies
    (``paths`` gives each file's source: ``(storage, path)``)."""
    for path in paths:
        if ours(path):
            target = Path(storage.path(path))
            text = target.read_text(encoding="utf-8")
            target.write_text(MINIFIERS[target.suffix](text), encoding="utf-8")
            paths[path] = (storage, path)


class Minified:
    """Minify the app's own files (``minify``) before the storage below it
    in the class's order names and compresses what was collected."""

    def post_process(
        self, paths: dict[str, Any], dry_run: bool = False, **options: Any
    ) -> Iterator[Any]:
        if not dry_run:
            minify(self, paths)
        yield from super().post_process(paths, dry_run=dry_run, **options)  # type: ignore[misc]


class MinifiedManifestStorage(Minified, CompressedManifestStaticFilesStorage):
    """WhiteNoise's storage (content-hashed names, gzip and Brotli) over
    minified copies of the app's own files."""


class MinifiedStorage(Minified, CompressedStaticFilesStorage):
    """The same without hashed names (``STATIC_STORAGE=plain``)."""
