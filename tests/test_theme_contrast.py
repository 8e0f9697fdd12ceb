"""Every text of the table and of the settings form readable in every theme offered."""

from __future__ import annotations

import io

from rich.console import Console
from rich.segment import Segment

from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.palette import theme_names
from ginrummy_tui.tui.widgets.hand import KEYS

from .app_helpers import running, settle
from .test_config_screen import args_for, open_settings


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def segments(app) -> list[Segment]:
    """The segments on screen now, in true colour."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", legacy_windows=False)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return list(console.render(update))


def word_contrasts(app) -> dict[str, float]:
    """The lowest contrast of each run of words on screen (letters or digits) against its ground."""
    found: dict[str, float] = {}
    for segment in segments(app):
        style = segment.style
        if style is None or not any(c.isalnum() for c in segment.text):
            continue
        fore, back = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
        assert fore is not None and back is not None, segment
        words = segment.text.strip()
        found[words] = min(found.get(words, 99.0), contrast(fore.get_truecolor(), back.get_truecolor()))
    return found


def themes_own_text(app) -> float:
    """The contrast of the theme's text on the theme's panel (21 where the panel is the terminal's own)."""
    from textual.color import Color

    surface = Color.parse(app.theme_variables["surface"])
    if surface.ansi is not None:
        return 21.0
    return contrast(Color.parse(app.theme_variables["foreground"]).rgb, surface.rgb)


async def test_the_tables_words_are_readable_in_every_theme():
    """--theme textual-light: the header, "Computer (standard) · 10 cards", "Stock", the
    prompt were the theme's dark text on the dark green felt (1.07:1 to 1.35:1)."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = word_contrasts(app)
            assert any("Stock" in words for words in found), (theme, found)
            # the number keys on the cards' tops are the cards' outline, not words (see the test of their own)
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < 4.5 and words not in KEYS}
            assert not unreadable, (theme, unreadable)


async def test_the_forms_note_on_the_command_line_is_readable_in_every_theme(tmp_path):
    """F2 under textual-light: "From the command line, for this run: ..." was orange on light grey, 1.38:1."""
    from ginrummy_tui.session.startup import prepare

    plan = prepare(args_for(tmp_path, ai="easy"), ask=None)
    async with running(plan) as (app, pilot):
        await open_settings(app, pilot)
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = word_contrasts(app)
            note = [ratio for words, ratio in found.items() if words.startswith("From the command line")]
            assert note, (theme, list(found))
            # 4.5:1, or as readable as the theme's own text on its panel where that is less (solarized-dark's 4.1:1)
            assert min(note) >= min(4.5, themes_own_text(app)) and min(note) >= 3, (theme, note)
