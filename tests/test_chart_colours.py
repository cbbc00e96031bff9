"""The score sheet's chart stays readable in both themes: every player's
line, and the line of the match, stands at least 3:1 against the page (WCAG
2.1's non-text contrast), read from the style sheet the phone is served."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

CSS = (settings.BASE_DIR / "static" / "css" / "app.css").read_text()


def _properties(block: str) -> dict[str, str]:
    return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{3,6})\s*;", block))


def themes() -> dict[str, dict[str, str]]:
    """The custom properties of the light theme, and the dark theme's over them."""
    light = _properties(CSS.split(":root {", 1)[1].split("}", 1)[0])
    dark_media = CSS.split("@media (prefers-color-scheme: dark)", 1)[1]
    dark = _properties(dark_media.split(":root {", 1)[1].split("}", 1)[0])
    return {"light": light, "dark": {**light, **dark}}


def luminance(colour: str) -> float:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(each * 2 for each in digits)
    channels = [int(digits[at : at + 2], 16) / 255 for at in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def series_colours(values: dict[str, str]) -> dict[str, str]:
    strokes = re.findall(r"\.series-(\d+) \{ stroke: var\((--[\w-]+)\);", CSS)
    assert len(strokes) == 12, strokes  # twelve players' lines
    return {f"series-{number}": values[name] for number, name in strokes}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_line_of_the_chart_stands_3_to_1_against_the_page(theme):
    values = themes()[theme]
    paper = values["--paper"]
    lines = {**series_colours(values), "the line": values["--danger"]}
    weak = {
        name: round(contrast(colour, paper), 2)
        for name, colour in lines.items()
        if contrast(colour, paper) < 3
    }
    assert weak == {}


def test_the_contrast_is_worked_out_as_wcag_says():
    assert round(contrast("#000", "#fff"), 1) == 21.0
    assert round(contrast("#8e24aa", "#121212"), 2) == 2.66  # the purple dark line before
