"""Every text of the table and of the settings form readable in every theme offered."""

from __future__ import annotations

import io

import pytest
from rich.color import ColorSystem
from rich.console import Console
from rich.segment import Segment

from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.palette import theme_names
from ginrummy_tui.tui.widgets.hand import KEYS
from ginrummy_tui.tui.widgets.key_bar import KeyBar

from .app_helpers import running, settle, until
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


def dimmed(style, fore: tuple[int, int, int], back: tuple[int, int, int]) -> tuple[int, int, int]:
    """``fore`` as the terminal shows it in ``style``: halved toward ``back`` where the style is
    dim (Textual has made dim text a colour of its own but in the ANSI themes, where it leaves
    dim to the terminal)."""
    if not style.dim:
        return fore
    return (fore[0] + back[0]) // 2, (fore[1] + back[1]) // 2, (fore[2] + back[2]) // 2


def segments(app) -> list[Segment]:
    """The segments on screen now, in true colour."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", legacy_windows=False)
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    return list(console.render(update))


def word_contrasts(app) -> dict[str, float]:
    """The lowest contrast of each run of words on screen (letters or digits) against its ground
    (dim words as the terminal shows them)."""
    found: dict[str, float] = {}
    for segment in segments(app):
        style = segment.style
        if style is None or not any(c.isalnum() for c in segment.text):
            continue
        fore, back = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
        assert fore is not None and back is not None, segment
        words = segment.text.strip()
        ground = back.get_truecolor()
        found[words] = min(found.get(words, 99.0), contrast(dimmed(style, fore.get_truecolor(), ground), ground))
    return found


def themes_own_text(app) -> float:
    """The contrast of the theme's text on the theme's panel (21 where the panel is the terminal's own)."""
    from textual.color import Color

    own = app.current_theme.surface
    surface = Color.parse(app.theme_variables["surface"])
    if surface.ansi is not None or (own is not None and own.startswith("ansi_")):  # "transparent" in Textual 8
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


def shown(colour, system: ColorSystem) -> tuple[int, int, int]:
    """``colour`` as a terminal of ``system`` shows it (Rich's downgrade, its default terminal's palette)."""
    return colour.downgrade(system).get_truecolor()


def scroll_bar_contrast(app, widget, system: ColorSystem) -> float:
    """The lowest contrast between the thumb of ``widget``'s vertical scroll bar and the rest of the bar, on screen."""
    bar = widget.vertical_scrollbar
    region = bar.region
    assert region.height > 1 and widget.max_scroll_y > 0, (widget, region)
    w, h = app.size
    lines = list(Segment.split_lines(segments(app)))
    thumb, track = set(), set()
    for y in range(region.y, region.bottom):
        cells = Segment.divide(lines[y], [region.x, region.x + 1])
        cell = list(cells)[1]
        assert cell and cell[0].style is not None
        style = cell[0].style
        if style.reverse:
            assert style.color is not None
            thumb.add(shown(style.color, system))
            if style.bgcolor is not None and cell[0].text.strip():  # the thumb's end: an eighth block of the track's colour
                track.add(shown(style.bgcolor, system))
        else:
            assert style.bgcolor is not None
            track.add(shown(style.bgcolor, system))
    assert thumb and track, (thumb, track)
    return min(contrast(a, b) for a in thumb for b in track)


SYSTEMS = [ColorSystem.TRUECOLOR, ColorSystem.EIGHT_BIT, ColorSystem.STANDARD]


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("no_color", [False, True])
async def test_the_scroll_bar_of_the_settings_stands_out(tmp_path, monkeypatch, no_color, ascii_only):
    """F2 at 46x21: the form's scroll bar was reverse-video colour 23 on colour 22 (1.06:1),
    with NO_COLOR colour 235 on 234, in 16 colours black on black: the form looked cut off."""
    from ginrummy_tui.session.startup import prepare

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    plan = prepare(args_for(tmp_path, ascii=ascii_only), ask=None)
    async with running(plan, size=(46, 21)) as (app, pilot):
        screen = await open_settings(app, pilot)
        for theme in ("textual-dark", "textual-light", "nord"):
            app.theme = theme
            await pilot.pause()
            for system in SYSTEMS:
                ratio = scroll_bar_contrast(app, screen.query_one("#settings"), system)
                assert ratio >= 3, (theme, system, ratio)


async def test_the_scroll_bar_of_the_match_over_screen_stands_out(tmp_path, monkeypatch):
    """The match result at 60x22 scrolls: its scroll bar hardly showed (colour 23 on 22)."""
    from ginrummy_tui.tui import scenarios

    from .test_polish import knock_to_the_match_over, resumed

    monkeypatch.delenv("NO_COLOR", raising=False)
    async with running(resumed(tmp_path, scenarios.match_point(), seed=1), size=(60, 22)) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        scrolled = [w for w in app.screen.query("*") if w.show_vertical_scrollbar and w.max_scroll_y > 0]
        assert scrolled
        for system in SYSTEMS:
            assert scroll_bar_contrast(app, scrolled[0], system) >= 3, system


@pytest.mark.parametrize("no_color", [True, False])
async def test_both_players_bars_of_the_race_stand_out(tmp_path, monkeypatch, no_color):
    """Under NO_COLOR the other player's bars of the race on the match result were drawn red,
    which the lack of colour made grey 237 on the felt's 236: no bar of the computer's to be
    seen, nor its mark in the legend.  Every bar cell reads against its ground, both players'
    there, the player's own still told apart (bold, and on the left); in colour the other's red
    read 2.9:1 on the felt, now a lighter red."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.race import BLOCKS, Race

    from .test_polish import knock_to_the_match_over, resumed

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    async with running(resumed(tmp_path, scenarios.match_point(), seed=1), size=(80, 24)) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        region = app.screen.query_one(Race).region
        assert region.height > 2, region
        # in colour, the game's own theme (the ANSI themes leave green and red to the terminal)
        for theme in theme_names() if no_color else [app.theme]:
            app.theme = theme
            await pilot.pause()
            lines = list(Segment.split_lines(segments(app)))
            bars: dict[bool, list[float]] = {True: [], False: []}  # by bold: the player's, the other's
            for y in range(region.y, region.bottom):
                for segment in list(Segment.divide(lines[y], [region.x, region.right, app.size.width + 1]))[1]:
                    style = segment.style
                    if style is None or not segment.text.strip() or any(c not in BLOCKS for c in segment.text):
                        continue
                    fore, back = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
                    assert fore is not None and back is not None, segment
                    bars[bool(style.bold)].append(contrast(fore.get_truecolor(), back.get_truecolor()))
            assert bars[True] and bars[False], (theme, bars)
            assert min(bars[True] + bars[False]) >= 3, (theme, min(bars[True]), min(bars[False]))


async def test_the_number_keys_on_the_hands_cards_are_readable_on_the_felt():
    """The keys 1..0 on the cards' tops were the outline's grey: colour 246 on the felt in 256 colours, 2.63:1."""
    from ginrummy_tui.tui.widgets.hand import HandView

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        hand = app.table.query_one(HandView)
        rows = list(Segment.split_lines(segments(app)))[hand.region.y:hand.region.bottom]
        keys = [s for row in rows for s in row if s.text in KEYS and s.style is not None]  # the cards' tops
        assert len(keys) >= 9, [s.text for row in rows for s in row]
        for segment in keys:
            style = segment.style
            assert style is not None and style.color is not None and style.bgcolor is not None
            if style.reverse:  # the selected card's outline: gold
                continue
            for system in SYSTEMS:
                ratio = contrast(shown(style.color, system), shown(style.bgcolor, system))
                # 3:1, a large bold sign's bar (in 16 colours the felt is a green where no colour passes 3.95:1)
                assert ratio >= 3, (segment.text, system, ratio)


async def test_the_words_after_a_hand_are_readable_in_every_theme(tmp_path):
    """The summary's "⏎: see the result of the match" was the theme's accent on the felt:
    1.3:1 in ansi-light, 2.8:1 in solarized-light and solarized-dark; its "Laid off" and
    "(was 78 before layoffs)" were dim, which the ANSI themes leave to the terminal: half
    the felt's text, 3.6:1."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .test_polish import resumed

    async with running(resumed(tmp_path, scenarios.match_point(), seed=1), size=(80, 24)) as (app, pilot):
        await pilot.press("s", "k")  # the knock wins the match
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = word_contrasts(app)
            assert any("see the result of the match" in words for words in found), (theme, list(found))
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < 4.5}
            assert not unreadable, (theme, unreadable)


async def test_the_words_of_the_match_result_are_readable_in_every_theme(tmp_path):
    """The race's scale ("128│", "0│"), its hand numbers and "hand" were dim, which the ANSI
    themes leave to the terminal: half the felt's text, 3.6:1."""
    from ginrummy_tui.tui import scenarios

    from .test_polish import knock_to_the_match_over, resumed

    async with running(resumed(tmp_path, scenarios.match_point(), seed=1), size=(80, 24)) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = word_contrasts(app)
            assert "hand" in found and any(words.endswith("│") for words in found), (theme, list(found))
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < 4.5}
            assert not unreadable, (theme, unreadable)


@pytest.mark.parametrize("rules", ["oklahoma", "classic"])
async def test_the_quieter_words_of_the_table_are_readable_in_every_theme(rules):
    """The discard pile's list ("Under it, newest first:"), its key ("l: hide the pile") and an
    Oklahoma hand's terms after the deadwood were dim, which the ANSI themes leave to the
    terminal: half the felt's text, 3.6:1.  Made the felt's muted words, they read 5.8:1 in
    true colour but 3.35:1 in 256 colours, the terminal's nearest grey on its nearest green,
    in every theme."""
    from textual.geometry import Region

    from ginrummy_tui.tui import scenarios

    state = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="2S 5H 9C")
    app = make_app(state=state, pause=0) if rules == "classic" else make_app(rules=rules, seed=2, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        if rules == "classic":
            await pilot.press("l")
            await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = word_contrasts(app)
            said = "Under it, newest first:" if rules == "classic" else "knock at"
            assert any(said in words for words in found), (theme, list(found))
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < 4.5 and words not in KEYS}
            assert not unreadable, (theme, unreadable)
            in_256 = words_in(app, Region(0, 0, *app.size), system=ColorSystem.EIGHT_BIT)
            muted = {words: round(ratio, 2) for words, ratio in in_256.items() if said in words}
            assert muted, (theme, list(in_256))
            assert min(muted.values()) >= 4.5, (theme, "256 colours", muted)


async def test_terminal_too_small_is_readable_in_every_theme():
    """"Terminal too small" was the theme's warning colour on the felt: 2.6:1 in solarized, 2.9:1 in ansi-dark."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(30, 10)) as pilot:
        await settle(app, pilot)
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = word_contrasts(app)
            said = [ratio for words, ratio in found.items() if "small" in words]
            assert said, (theme, list(found))
            assert min(said) >= 4.5, (theme, said)


def contrasts_of(app, lines) -> dict[str, float]:
    """The lowest contrast of each of ``lines`` on screen against its ground, the terminal's own
    colours (the ansi themes') as a dark terminal or a light one shows them (dim ones halved toward their ground)."""
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME, MONOKAI

    terminal = MONOKAI if app.current_theme.dark else DEFAULT_TERMINAL_THEME
    found: dict[str, float] = {}
    for segment in segments(app):
        words = segment.text.strip()
        if segment.style is None or words not in lines:
            continue
        fore, back = segment.style.color, segment.style.bgcolor
        assert fore is not None and back is not None, segment
        ground = back.get_truecolor(terminal, foreground=False)
        ratio = contrast(dimmed(segment.style, fore.get_truecolor(terminal, foreground=True), ground), ground)
        found[words] = min(found.get(words, 99.0), ratio)
    return found


async def test_the_notes_are_readable_in_every_theme():
    """A note (a toast) took the felt's light text onto the theme's panel: 1.01:1 in
    textual-light and catppuccin-latte, 1.05:1 in atom-one-light, 1.2:1 in solarized-light
    and rose-pine-dawn, 1.46:1 in ansi-light."""
    from ginrummy_tui.tui import scenarios

    notes = ("Sorted by rank", "Hand 2 again.", "The history is busy.")
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        for note, severity in zip(notes, ("information", "warning", "error"), strict=True):
            app.notify(note, severity=severity, timeout=60)
        await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = contrasts_of(app, notes)
            assert set(found) == set(notes), (theme, found)
            assert min(found.values()) >= 4.5, (theme, found)


@pytest.mark.parametrize(
    ("key", "line"),
    [
        ("c", "Esc: back"),
        ("m", "Esc: back"),
        ("f3", "Esc: back"),
        ("q", "This match is not saved: it ends here."),
    ],
)
async def test_the_quieter_lines_of_the_panels_over_the_table_are_readable_in_every_theme(key, line):
    """The panels' muted text, in the ansi themes half the terminal's text over the felt
    showing through: "Esc: back to the game" under the score sheet, the moves and the
    figures, and the quit question's note, were 1.28:1 in ansi-light.  They read 4.5:1 in
    true colour but not in 256 colours, where the terminal shows the nearest of its colours:
    2.69:1 in catppuccin-mocha, 2.8:1 in solarized-dark, 3.01:1 in catppuccin-frappe,
    catppuccin-macchiato and nord."""
    from textual.geometry import Region

    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press(key)
        await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = contrasts_of(app, (line,))
            assert found, (theme, line)
            # 4.5:1, or as readable as the theme's own text on its panel where that is less (solarized's)
            assert found[line] >= min(4.5, themes_own_text(app)), (theme, found)
            in_256 = words_in(app, Region(0, 0, *app.size), system=ColorSystem.EIGHT_BIT)
            said = {words: round(ratio, 2) for words, ratio in in_256.items() if words == line}
            assert said, (theme, line, list(in_256))
            assert min(said.values()) >= 4.5, (theme, "256 colours", said)


async def test_the_figures_commands_are_readable_in_every_theme():
    """F3's "On the command line: gin-tui stats [--json], gin-tui export" was dimmed: 2.46:1 in
    solarized-light, 3.0:1 in atom-one-dark, 3.1:1 to 3.6:1 in catppuccin-latte, rose-pine-dawn
    and atom-one-light."""
    line = "On the command line: gin-tui stats [--json], gin-tui export"
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("f3")
        await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = contrasts_of(app, (line,))
            assert found, (theme, line)
            assert found[line] >= min(4.5, themes_own_text(app)), (theme, found)


def words_in(app, region, signs: str = "", system: ColorSystem | None = None) -> dict[str, float]:
    """The lowest contrast of each run of words (letters, digits or ``signs``) inside ``region`` against its
    ground, the terminal's own colours as a dark terminal or a light one shows them, dim words
    halved toward their ground; a run in the terminal's own text on a ground the app sets (or
    the reverse) counts as 1:1, as it may be in a terminal of the other kind."""
    from rich.color import ColorType
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME, MONOKAI

    terminal = MONOKAI if app.current_theme.dark else DEFAULT_TERMINAL_THEME
    found: dict[str, float] = {}
    lines = list(Segment.split_lines(segments(app)))
    for y in range(region.y, region.bottom):
        inside = list(Segment.divide(lines[y], [region.x, region.right, app.size.width + 1]))[1]
        for segment in inside:
            style = segment.style
            words = segment.text.strip()
            if style is None or not any(c.isalnum() or c in signs for c in words):
                continue
            fore, back = (style.bgcolor, style.color) if style.reverse else (style.color, style.bgcolor)
            assert fore is not None and back is not None, segment
            if (fore.type == ColorType.DEFAULT) != (back.type == ColorType.DEFAULT):
                ratio = 1.0
            elif system is not None and fore.type != ColorType.DEFAULT:  # as a terminal of ``system`` shows them
                ground = shown(back, system)
                ratio = contrast(dimmed(style, shown(fore, system), ground), ground)
            else:
                ground = back.get_truecolor(terminal, foreground=False)
                ratio = contrast(dimmed(style, fore.get_truecolor(terminal, foreground=True), ground), ground)
            found[words] = min(found.get(words, 99.0), ratio)
    return found


def mouse_on(app, widget) -> None:
    """Move the mouse onto ``widget``'s top left cell as a terminal reports it: to the app."""
    from textual import events

    x, y = widget.region.x, widget.region.y
    app.post_message(events.MouseMove(None, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y))


async def buttons_read_in_every_theme(app, pilot) -> None:
    """Every button of the screen on top reads 4.5:1 or more in every theme: as it is, focused and under
    the mouse, in true colour and in 256 colours (catppuccin-latte's primary button was 4.1:1 there,
    solarized's warning and error buttons 3.8:1).

    In each theme the buttons are seen as they are all at once (none focused, the mouse on the key
    bar), then each under the mouse (none focused) and each focused (the mouse on the key bar): the
    screen drawn in each of these states, its words measured in both colour systems."""
    from textual.widgets import Button

    buttons = list(app.screen.query(Button))
    assert buttons
    bar = app.screen.query_one(KeyBar)
    states = [(None, None), *((button, None) for button in buttons), *((None, button) for button in buttons)]
    for theme in theme_names():
        app.theme = theme
        for hovered, focused in states:
            app.screen.set_focus(focused)
            mouse_on(app, hovered or bar)
            await pilot.pause()
            target = hovered or focused
            for button in buttons if target is None else [target]:
                label = str(button.label)
                state = "hovered" if button is hovered else "focused" if button is focused else "plain"
                assert button.has_focus == (state == "focused") and button.mouse_hover == (state == "hovered"), (
                    theme, label, state)
                for system in (None, ColorSystem.EIGHT_BIT):
                    found = words_in(app, button.region, system=system)
                    assert found.get(label, 0) >= 4.5, (theme, label, state, system, found)


@pytest.mark.parametrize("settings_changed", [False, True])
async def test_the_quit_questions_buttons_are_readable_in_every_theme(settings_changed):
    """"Quit (y)" was 3.2:1 in nord, 3.95:1 in monokai, 3.68:1 in rose-pine-dawn, 3.38:1 in
    atom-one-light, and in ansi-dark and ansi-light the terminal's text on its red; "Back to the
    game (n)" 3.45:1 in atom-one-light, 3.41:1 in solarized, 3.78:1 in textual-dark."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.push_screen(ConfirmQuit("Your match is saved.", settings_changed=settings_changed))
        await pilot.pause()
        await buttons_read_in_every_theme(app, pilot)


async def test_a_questions_buttons_are_readable_in_every_theme():
    """A question's "yes" (Textual's warning colour) and "no" (its primary colour) were Textual's own colours."""
    from ginrummy_tui.tui.screens.question import Question

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.push_screen(Question("Leave without saving them?", "Leave (y)", "Back (n)"))
        await pilot.pause()
        await buttons_read_in_every_theme(app, pilot)


async def test_the_settings_buttons_are_readable_in_every_theme(tmp_path):
    """F2's "Save (ctrl+s)" and "Cancel (esc)" were Textual's own colours."""
    from ginrummy_tui.session.startup import prepare

    plan = prepare(args_for(tmp_path, ai="easy"), ask=None)
    async with running(plan, size=(80, 40)) as (app, pilot):
        await open_settings(app, pilot)
        await buttons_read_in_every_theme(app, pilot)


@pytest.mark.parametrize(
    ("key", "panel"),
    [("q", "#confirm"), ("c", "#scores"), ("m", "#moves-box"), ("f3", "#stats")],
)
async def test_every_word_of_the_panels_over_the_table_is_readable_in_every_theme(key, panel):
    """ansi-light: the quit question's buttons were the terminal's text on its red, and its
    "Back to the game (n)" its blue on the terminal's ground in the middle of the felt; no
    word of the quit question, the score sheet, the moves or the figures may be the
    terminal's own colour on a colour of the app's (or the reverse), nor read less than
    4.5:1 (or the theme's own text on its panel, where that is less)."""
    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("s", "1")  # a move or two in the list of moves
        await settle(app, pilot)
        await pilot.press(key)
        await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = words_in(app, app.screen.query_one(panel).region)
            assert len(found) >= 2, (theme, found)
            least = min(4.5, themes_own_text(app))
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < least}
            assert not unreadable, (theme, unreadable)


async def test_every_word_and_sign_of_the_settings_is_readable_in_every_theme(tmp_path):
    """F2: in ansi-light the "yes" and "no" beside the boxes were the felt's light text on the
    terminal's own ground (1.25:1 on a light terminal); the X in a box was the theme's green
    on its panel, 2.1:1 to 3.2:1 in atom-one-light, textual-light and catppuccin-latte; a
    choice list's arrow was half the theme's text, 1.2:1 in solarized-dark when focused; the
    focused box's words, the open list's cursor and a field's value selected were Textual's
    cursor colours (2.2:1 to 3.8:1 in several themes), the open list's options the theme's
    text on its panel tinted (3.2:1 in atom-one-dark).  Nothing reads less than 4.5:1, or the
    theme's own text on its panel where that is less."""
    from textual.widgets import Checkbox, Input, Select

    from ginrummy_tui.session.startup import prepare

    plan = prepare(args_for(tmp_path, ai="easy"), ask=None)
    async with running(plan, size=(80, 50)) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings")
        box, choice, field = screen.query(Checkbox).first(), screen.query(Select).first(), screen.query(Input).first()
        assert box.value  # its X shown
        for theme in theme_names():
            app.theme = theme
            for focused in (None, box, choice, field):
                screen.set_focus(focused)
                await pilot.pause()
                assert screen.focused is focused, (theme, focused)
                least = min(4.5, themes_own_text(app))
                found = words_in(app, form.region, signs="▼X")
                assert {"yes", "X", "▼"} <= set(found), (theme, found)
                unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < least}
                assert not unreadable, (theme, focused, unreadable)
        screen.set_focus(choice)
        await pilot.press("enter")  # the list open, seen in every theme
        await pilot.pause()
        overlay = choice.query_one("SelectOverlay")
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            assert overlay.has_focus, theme
            least = min(4.5, themes_own_text(app))
            found = words_in(app, overlay.region)
            assert len(found) >= 3, (theme, found)
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < least}
            assert not unreadable, (theme, "open", unreadable)


async def test_every_word_of_the_figures_is_readable_in_every_theme(tmp_path):
    """F3 at 80x24 with matches played: "more below: ↓/PgDn" was the theme's accent on its panel,
    1.2:1 in textual-light (orange on grey), 1.7:1 in ansi-light, 2.2:1 to 3.6:1 in seven
    other themes; the notes among the figures (the replays not counted, the trend's heading
    and margins, the opponents and rules of the last matches) were dimmed, 2.5:1 to 4.2:1 in
    ten themes, 1.0:1 to 1.2:1 for the margins in the light themes when made the muted text."""
    from .test_history import write_json_history
    from .test_stats import HISTORY
    from .test_stats_screen import plan_in, press_f3, running_on

    write_json_history(tmp_path, HISTORY)
    async with running_on(plan_in(tmp_path), (80, 24), upkeep_ended=True) as (app, pilot):
        await press_f3(app, pilot)
        await pilot.pause()
        frame = app.screen.query_one("#stats")
        for theme in theme_names():
            app.theme = theme
            for end in (False, True):
                frame.scroll_to(y=frame.max_scroll_y if end else 0, animate=False)
                await pilot.pause()
                await pilot.pause()
                found = words_in(app, frame.region)
                said = "standard/standard" if end else "more below: ↓/PgDn"  # a last match's level and rules
                assert said in found, (theme, list(found))
                least = min(4.5, themes_own_text(app))
                unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < least}
                assert not unreadable, (theme, end, unreadable)


async def test_the_stopped_move_clock_over_a_panel_is_readable_in_every_theme():
    """multiplayer-1.5, the score sheet open: "⏸ 30 s to move — the clock waits while this is
    open" at the top of the screen was gold on the theme's ground, 1.0:1 to 1.1:1 in
    solarized-light and textual-light; it reads 4.5:1 in true colour and in 256 colours."""
    from ginrummy_tui.engine import PRESETS, new_game
    from ginrummy_tui.tui.move_clock import ClockBadge

    app = make_app(state=new_game(PRESETS["multiplayer-1.5"], seed=1), pause=0)
    app.now = lambda: 1000.0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        # the clock comes over the sheet at its next tick (a busy machine may take a while)
        await until(pilot, lambda: bool(app.screen.query(ClockBadge)))
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            for system in (None, ColorSystem.EIGHT_BIT):
                found = words_in(app, app.screen.query_one(ClockBadge).region, system=system)
                said = {words: round(ratio, 2) for words, ratio in found.items() if "the clock waits" in words}
                assert said, (theme, list(found))
                assert min(said.values()) >= 4.5, (theme, system, said)


async def test_the_costs_of_a_review_are_readable_in_every_theme():
    """textual-light: "About 12 points lost." was salmon on light grey, 1.9:1 (and a smaller
    cost gold on it); the costs read 4.5:1 in every theme, in true colour and in 256 colours,
    still in their colours."""
    from dataclasses import replace

    from ginrummy_tui.ai.review import replay_history, review_moves
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.review_screen import keeper

    from .app_helpers import review_made
    from .test_review import HAND, MOVES, _made

    made = review_moves(replay_history(_made(**HAND), MOVES), 0, samples=4)
    assert len(made.mistakes) >= 2
    costly, smaller = made.mistakes[:2]
    review = replace(made, mistakes=(replace(costly, cost=12.0), replace(smaller, cost=3.0)))
    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("r")
        await review_made(app, pilot)
        kept = keeper(app)
        assert kept.key is not None
        kept.done = (kept.key, review)  # this review shown, its costs in red and gold
        assert app.screen._show()
        await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            for system in (None, ColorSystem.EIGHT_BIT):
                found = words_in(app, app.screen.query_one("#review").region, system=system)
                costs = {words: round(ratio, 2) for words, ratio in found.items()
                         if len(words) < 20 and any(w in words for w in ("About", "point", "lost"))}
                assert "About 12" in costs and any("3" in words for words in costs), (theme, found)
                assert min(costs.values()) >= 4.5, (theme, system, costs)


async def test_the_grey_lines_of_a_review_are_readable_in_every_theme():
    """How many decisions the expert would have made the same way, a cost under half a point
    ("About even") and how the costs are estimated were dimmed: 2.99:1 in atom-one-dark,
    2.5:1 in solarized, 3.1:1 to 4.2:1 in six other themes; they read 4.5:1 in every theme,
    every other word of the review 4.5:1 or the theme's own text on its panel where that is less."""
    from dataclasses import replace

    from ginrummy_tui.ai.review import replay_history, review_moves
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.review_screen import keeper

    from .app_helpers import review_made
    from .test_review import HAND, MOVES, _made

    made = review_moves(replay_history(_made(**HAND), MOVES), 0, samples=4)
    assert len(made.mistakes) >= 2
    costly, even = made.mistakes[:2]
    review = replace(made, mistakes=(replace(costly, cost=12.0), replace(even, cost=0.1)))
    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("r")
        await review_made(app, pilot)
        kept = keeper(app)
        assert kept.key is not None
        kept.done = (kept.key, review)  # this review shown, a cost of about nothing among its costs
        assert app.screen._show()
        await pilot.pause()
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            found = words_in(app, app.screen.query_one("#review").region)
            grey = {words: round(ratio, 2) for words, ratio in found.items()  # "About even" may wrap after "About"
                    if words in ("About", "About even", "About even.") or words.startswith(("Costs are", f"{review.decisions} decisions"))}
            assert len(grey) == 3, (theme, list(found))
            assert min(grey.values()) >= 4.5, (theme, grey)
            least = min(4.5, themes_own_text(app))
            unreadable = {words: round(ratio, 2) for words, ratio in found.items() if ratio < least}
            assert not unreadable, (theme, unreadable)


def cell_style(lines, x: int, y: int):
    """The style of the cell at ``x``, ``y`` of ``lines`` (the screen's segments split in lines)."""
    cell = list(Segment.divide(lines[y], [x, x + 1]))[1]
    assert cell and cell[0].style is not None, (x, y)
    return cell[0].style


def border_contrasts(app, widget, system: ColorSystem | None = None) -> tuple[float, float, float]:
    """The contrast of ``widget``'s ground with the ground around it, and of its border (the top one,
    or the left one of a box with only that one) with its ground and with the ground around it; the
    terminal's own colours as a dark terminal or a light one shows them, the others as a terminal of
    ``system`` does (true colour where None)."""
    from rich.color import ColorType
    from rich.terminal_theme import DEFAULT_TERMINAL_THEME, MONOKAI

    terminal = MONOKAI if app.current_theme.dark else DEFAULT_TERMINAL_THEME

    def rgb(colour, foreground: bool) -> tuple[int, int, int]:
        if system is None or colour.type in (ColorType.DEFAULT, ColorType.STANDARD):
            return colour.get_truecolor(terminal, foreground=foreground)
        return shown(colour, system)

    lines = list(Segment.split_lines(segments(app)))
    r = widget.region
    if widget.styles.border_top[0] in ("", "none"):  # a left edge only
        y = r.y + 1
        edge, inside, around = (cell_style(lines, x, y) for x in (r.x, r.x + 1, r.x - 1))
    else:
        x = r.x + 2
        y = r.y - 1 if r.y > 0 else r.bottom
        edge, inside, around = (cell_style(lines, x, y) for y in (r.y, r.y + 1, y))
    assert edge.color is not None and edge.bgcolor is not None and inside.bgcolor is not None
    assert around.bgcolor is not None
    line, own, out = rgb(edge.color, True), rgb(edge.bgcolor, False), rgb(around.bgcolor, False)
    return contrast(rgb(inside.bgcolor, False), out), contrast(line, own), contrast(line, out)


def marked(app, widget) -> dict:
    """How ``widget``'s box fails to stand out from the ground around it, in true colour and in 256
    colours: its ground less than 3:1 from that ground, and its border less than 3:1 from its ground
    or from that ground (WCAG's for the parts of a screen that are not text)."""
    failed = {}
    for system in (None, ColorSystem.EIGHT_BIT):
        apart, own, out = border_contrasts(app, widget, system)
        if apart < 3 and min(own, out) < 3:
            failed[str(system)] = (round(apart, 2), round(own, 2), round(out, 2))
    return failed


async def test_the_borders_of_the_panels_over_the_table_stand_out_in_every_theme():
    """A panel whose ground does not stand 3:1 from the felt around it (the dark themes, and the ANSI
    themes, where the felt shows through it) is marked by its border, 3:1 or more from both: in
    ansi-light the borders of the score sheet, the moves, the figures and the quit question were
    1.5:1 to 1.74:1 on their ground and 1.1:1 to 1.3:1 on the felt; in atom-one-dark the panels'
    accent border was 2.94:1 on the panel, in solarized-dark 2.97:1, the quit question's red 2.2:1
    to 2.9:1 on the felt in nord, flexoki, solarized-dark, textual-dark and ansi-dark."""
    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for key, box in (("q", "#confirm"), ("c", "#scores"), ("m", "#moves-box"), ("f3", "#stats")):
            await pilot.press(key)
            await pilot.pause()
            widget = app.screen.query_one(box)
            for theme in theme_names():
                app.theme = theme
                await pilot.pause()
                assert not marked(app, widget), (theme, box, marked(app, widget))
            app.theme = "textual-dark"
            await pilot.press("escape")
            await pilot.pause()


async def test_the_edge_of_the_moves_beside_a_wide_table_stands_out_in_every_theme():
    """The moves beside the table (160 columns) were edged in the theme's panel colour: 1.0:1 to
    1.7:1 on the felt in the dark themes and the ANSI themes."""
    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(app, pilot)
        log = app.screen.query_one("#log")
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            assert not marked(app, log), (theme, marked(app, log))


async def test_the_borders_of_a_question_and_of_an_open_list_stand_out_in_every_theme(tmp_path):
    """ansi-light: a question's border was 3.05:1 on the felt, an open choice list's 1.3:1 on the form,
    in solarized-dark a question's orange 2.6:1 on the felt."""
    from textual.widgets import Select

    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.screens.question import Question

    plan = prepare(args_for(tmp_path, ai="easy"), ask=None)
    async with running(plan, size=(80, 50)) as (app, pilot):
        screen = await open_settings(app, pilot)
        choice = screen.query(Select).first()
        screen.set_focus(choice)
        await pilot.press("enter")  # the list open
        await pilot.pause()
        overlay = choice.query_one("SelectOverlay")
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            assert not marked(app, overlay), (theme, marked(app, overlay))
        app.theme = "textual-dark"
        app.push_screen(Question("Leave without saving them?", "Leave (y)", "Back (n)"))
        await pilot.pause()
        question = app.screen.query_one("#question")
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            assert not marked(app, question), (theme, marked(app, question))


async def test_the_border_of_the_match_result_stands_out_on_the_felt_in_every_theme(tmp_path):
    """The box of "You won the match!" on the felt was the theme's green: 2.37:1 in ansi-light, 2.7:1 in flexoki."""
    from ginrummy_tui.tui import scenarios

    from .test_polish import knock_to_the_match_over, resumed

    async with running(resumed(tmp_path, scenarios.match_point(), seed=1), size=(80, 24)) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        winner = app.screen.query_one("#winner")
        for theme in theme_names():
            app.theme = theme
            await pilot.pause()
            assert not marked(app, winner), (theme, marked(app, winner))
