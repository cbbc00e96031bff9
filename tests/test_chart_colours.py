"""Players' colours stay readable in both themes: every player's line on
the chart, and the line of the match, stands at least 3:1 against the page
(WCAG 2.1's non-text contrast), and the initials on a player's colour 4.5:1
(text), read from the style sheet the phone is served."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from matches import colours

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


def player_colours() -> dict[str, tuple[str, str]]:
    """Each player colour's class: its colour and the colour of the initials on it."""
    found = re.findall(
        r"\.(pc-[a-z]+) \{ --pc: (#[0-9a-f]{6}); --pc-text: (#[0-9a-f]{3,6}); \}", CSS
    )
    return {name: (colour, text) for name, colour, text in found}


def test_the_palette_is_the_style_sheets_and_has_twelve_colours_or_more():
    assert len(colours.PALETTE) >= 12
    assert {name: colour for name, (colour, _) in player_colours().items()} == {
        f"pc-{colour.key}": colour.hex for colour in colours.PALETTE
    }


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_line_of_the_chart_stands_3_to_1_against_the_page(theme):
    values = themes()[theme]
    paper = values["--paper"]
    lines = {
        **{name: colour for name, (colour, _) in player_colours().items()},
        "the line": values["--danger"],
        "a line with no player's colour": values["--accent"],
    }
    weak = {
        name: round(contrast(colour, paper), 2)
        for name, colour in lines.items()
        if contrast(colour, paper) < 3
    }
    assert weak == {}


def test_the_initials_on_every_colour_stand_4_5_to_1():
    weak = {
        name: round(contrast(colour, text), 2)
        for name, (colour, text) in player_colours().items()
        if contrast(colour, text) < 4.5
    }
    assert weak == {}


def test_the_contrast_is_worked_out_as_wcag_says():
    assert round(contrast("#000", "#fff"), 1) == 21.0
    assert round(contrast("#8e24aa", "#121212"), 2) == 2.66  # the purple dark line before
