"""The table's keys on the screens over it: each says why it does nothing there, and
how to go back (the score table, the rule sheet and the statistics said nothing), in a
line of the screen's own above its key bar (a toast, at the top right, covered the
screen's words), which goes after a few seconds or at the next key that does something."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.game_screen import LOG_FROM, GameScreen
from ginrummy_tui.tui.screens.moves_screen import MovesScreen
from ginrummy_tui.tui.screens.rules_screen import RulesScreen
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.stats_screen import StatsScreen
from ginrummy_tui.tui.widgets import table_only_line
from ginrummy_tui.tui.widgets.table_only_line import TableOnlyLine

from .app_helpers import frame_rows, said_in_its_line, screen_text, settle

SIZE = (80, 24)
OVER_THE_TABLE = [
    ("c", ScoreScreen, "The table's keys do nothing in the score table: Esc goes back."),
    ("question_mark", RulesScreen, "The table's keys do nothing on the rule sheet: Esc goes back."),
    ("f1", RulesScreen, "The table's keys do nothing on the rule sheet: Esc goes back."),
    ("f3", StatsScreen, "The table's keys do nothing in the statistics: Esc goes back."),
    ("m", MovesScreen, "The table's keys do nothing in the list of turns: Esc goes back."),
]


def _said(app) -> list[str]:
    """The toasts shown so far, each on one line."""
    return [" ".join(str(n.message).split()) for n in app._notifications]


@pytest.mark.parametrize(("key", "screen", "said"), OVER_THE_TABLE)
async def test_the_table_keys_say_why_they_do_nothing_over_the_table(key, screen, said):
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        state = app.session.state
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        assert said_in_its_line(app) is None
        keys = ["t", "p", "s", "d", "g", "h", "l", "o", "3", "minus", "left", "right", "enter", "n", "space"]
        keys += ["tab", "shift+tab"]  # they said nothing, and moved the focus off the screen's frame
        if screen is not RulesScreen:
            keys += ["k", "question_mark", "f1"]  # on the rule sheet k scrolls (below), ? and F1 close it
        if screen is not ScoreScreen:
            keys.append("c")  # which closes the score table
        else:
            keys.remove("enter")  # the score table's own key: nothing to review (below)
        for k in keys:
            app.screen.query_one(TableOnlyLine).clear()  # each key says it anew
            await pilot.press(k)
            await pilot.pause()
            assert isinstance(app.screen, screen)
            assert said_in_its_line(app) == said, k
        focused = app.focused
        await pilot.press("tab")
        assert app.focused is focused  # ↑ ↓ still scroll the frame (or pick a hand in the score table)
        assert app.session.state is state  # the upcard neither taken nor passed
        assert _said(app) == []  # no toast
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize(("key", "screen", "said"), [k for k in OVER_THE_TABLE if k[0] != "f1"])
async def test_a_key_with_no_use_anywhere_says_so_over_the_table(key, screen, said):
    """x, Backspace, F5 and Ctrl+A did nothing over the table and said nothing, where t said
    why the table's keys do nothing there: each says it does nothing there and how to go
    back; a capital letter whose small one is a key of the screen says the keys are lower case."""
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        place = said.removeprefix("The table's keys do nothing ").split(":", 1)[0]
        for k, name in (("x", "'x'"), ("equals_sign", "'='"), ("backspace", "Backspace"), ("f5", "F5"),
                        ("ctrl+a", "Ctrl+A")):
            app.screen.query_one(TableOnlyLine).clear()
            await pilot.press(k)
            await pilot.pause()
            assert isinstance(app.screen, screen)
            assert said_in_its_line(app) == f"{name} does nothing {place}: Esc goes back.", k
        if screen is RulesScreen:  # k scrolls the rule sheet: K says keys are lower case
            app.screen.query_one(TableOnlyLine).clear()
            await pilot.press("K")
            await pilot.pause()
            assert said_in_its_line(app) == "'K' does nothing here: keys are lower case (k), Caps Lock may be on."
        assert _said(app) == []  # no toast
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize(
    ("size", "key", "screen", "said"),
    [
        (size, key, screen, said)
        for size in ((80, 24), (160, 45))
        for key, screen, said in OVER_THE_TABLE
        if key != "f1" and (screen is not MovesScreen or size[0] < LOG_FROM)  # from LOG_FROM m scrolls the log beside the table
    ],
)
async def test_the_line_leaves_the_screens_words_uncovered(size, key, screen, said):
    """The frame's words are all there with the line up, and the line is whole, in ASCII too."""
    for ascii_only in (False, True):
        app = make_app(state=new_game(seed=1), pause=0, ascii=ascii_only)
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press(key)
            await pilot.pause()
            before = frame_rows(app)
            await pilot.press("d")
            await pilot.pause()
            assert said_in_its_line(app) == said
            assert app.screen.query_one("#table-only").region.height == 1  # the words fit a row
            after = frame_rows(app)
            if screen is RulesScreen:  # a frame as tall as the screen: a row shorter, its edge redrawn
                assert after[:-2] == before[: len(after) - 2]
                assert len(after) == len(before) - 1
            else:
                assert after == before
            assert _said(app) == []


async def test_k_and_j_still_scroll_the_rule_sheet():
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        sheet = app.screen.query_one("#rules")
        await pilot.press("j", "j", "j")
        await pilot.pause()
        assert sheet.scroll_y == 3
        await pilot.press("k")
        await pilot.pause()
        assert sheet.scroll_y == 2
        assert _said(app) == []
        assert said_in_its_line(app) is None


async def test_the_line_goes_at_the_next_key_that_does_something():
    """j scrolls the rule sheet: the line goes; x does nothing at all: it stays; m closes the list of turns."""
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("f1", "d")
        await pilot.pause()
        assert said_in_its_line(app) == "The table's keys do nothing on the rule sheet: Esc goes back."
        await pilot.press("x")
        await pilot.pause()
        assert said_in_its_line(app) is not None
        await pilot.press("j")
        await pilot.pause()
        assert said_in_its_line(app) is None
        assert app.screen.query_one("#rules").scroll_y == 1
        await pilot.press("escape", "m", "d")
        await pilot.pause()
        assert said_in_its_line(app) == "The table's keys do nothing in the list of turns: Esc goes back."
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)
        assert said_in_its_line(app) is None  # a new list, with nothing said yet


async def test_enter_and_r_in_an_empty_score_table_say_there_is_nothing_to_review():
    """Enter in the score table before any hand had ended said "The table's keys do
    nothing in the score table", though Enter and r are the score table's keys (they
    open a hand's review): they say there is nothing to review yet.  A click on the row
    "no hand finished yet" did nothing: a click on a row is what Enter does for the hand
    picked, so it says the same."""
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        for key in ("enter", "r"):
            app.screen.query_one(TableOnlyLine).clear()
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)
            assert said_in_its_line(app) == "No hand of this match has ended yet: there is nothing to review.", key
        await pilot.press("k")
        await pilot.pause()
        assert said_in_its_line(app) == "The table's keys do nothing in the score table: Esc goes back."
        app.screen.query_one(TableOnlyLine).clear()
        table = app.screen.query_one(ScoreTable)
        row = next(y for y, line in enumerate(screen_text(app).splitlines()) if "no hand finished yet" in line)
        await pilot.click(offset=(table.region.x + 4, row))
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert said_in_its_line(app) == "No hand of this match has ended yet: there is nothing to review."


async def test_the_line_goes_after_a_few_seconds(monkeypatch):
    # the line's timer is taken as it is set and run by the test: with a timer of 0.3 s the line
    # had gone on a loaded machine before the test read it
    timers: list[tuple[float, object]] = []

    def set_timer(line, seconds, callback):
        timers.append((seconds, callback))

    monkeypatch.setattr(table_only_line.TableOnlyLine, "set_timer", set_timer)
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("c", "k")
        await pilot.pause()
        assert said_in_its_line(app) == "The table's keys do nothing in the score table: Esc goes back."
        assert [seconds for seconds, _ in timers] == [table_only_line.SHOWN_FOR]
        timers[0][1]()  # its time is up
        await pilot.pause()
        assert said_in_its_line(app) is None
        assert isinstance(app.screen, ScoreScreen)


@pytest.mark.parametrize(("key", "screen", "said"), OVER_THE_TABLE)
async def test_q_f2_and_f3_work_over_the_table_as_on_it(key, screen, said):
    """q, F2 and F3 did nothing over the score table, the rule sheet, the statistics and
    the list of turns, and said nothing (Ctrl+Q asked whether to quit): q asks whether
    to quit there too (n goes back to the screen), F2 and F3 open the settings and the
    statistics in the screen's place (F3 on the statistics closes them, as before)."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, screen) and said_in_its_line(app) is None
        for other, opened in (("f2", SettingsScreen), ("f3", StatsScreen)):
            await pilot.press(other)
            await pilot.pause()
            if screen is StatsScreen and other == "f3":
                assert isinstance(app.screen, GameScreen)  # F3 closes the statistics
            else:
                assert isinstance(app.screen, opened), other
                assert [type(s) for s in app.screen_stack[1:]] == [opened]  # in the place of the screen
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, GameScreen)
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen)
        assert said_in_its_line(app) is None and _said(app) == []
        assert app.is_running


async def test_f3_on_the_settings_opens_the_statistics_in_their_place():
    """F3 on F2 opened the statistics on top of the settings (Esc went back to them), while F2
    on the statistics opens in their place: F3 leaves the settings, asking first if changes
    would be lost, and the statistics open in their place."""
    from textual.widgets import Input

    from ginrummy_tui.tui.screens.question import Question
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("f3")
        await settle(app, pilot)
        assert [type(s) for s in app.screen_stack[1:]] == [StatsScreen]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("f2")
        await pilot.pause()
        settings = app.screen
        assert isinstance(settings, SettingsScreen)
        settings.query_one("#rule-target", Input).value = "150"  # a change not saved: F3 asks first
        await pilot.pause()
        await pilot.press("f3")
        await settle(app, pilot)
        assert isinstance(app.screen, Question)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is settings
        await pilot.press("f3")
        await settle(app, pilot)
        await pilot.press("y")
        await settle(app, pilot)
        assert [type(s) for s in app.screen_stack[1:]] == [StatsScreen]


async def test_the_score_table_over_the_match_result_stays_put_when_a_table_key_is_pressed():
    """On the match's result, c then n: the score table's box moved up a row as the line saying
    why came under it, and uncovered the result's own row of the hand picked, reversed, under
    it: a stray copy of the table's row.  The box keeps its place; only the line comes."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, apply, view
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    s = new_game(PRESETS["standard"].with_options(target=1), seed=7)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        box = app.screen.query_one("#scores")
        before, rows = box.region, screen_text(app).splitlines()
        await pilot.press("n")
        await settle(app, pilot)
        line = app.screen.query_one(TableOnlyLine)
        assert line.shown and line.region.y == 22
        assert box.region == before
        after = screen_text(app).splitlines()
        assert after[:22] == rows[:22]  # nothing moved, nothing uncovered: only the line came
        line.clear()
        await pilot.pause()
        assert box.region == before and screen_text(app).splitlines() == rows
        await pilot.press("n")
        await pilot.resize_terminal(80, 22)  # resized while the line shows: centred anew, above it
        await settle(app, pilot)
        assert line.shown and box.region.y == (22 - 2 - box.region.height) // 2


async def test_the_score_table_over_the_match_result_leaves_the_result_s_picked_row_plain():
    """At 80x24, c on the match's result: the result's own row of the hand picked showed just
    under the score table's box, reversed (dimmed), right below the same row in the box: a
    stray copy of it.  While a screen is open over the result, its table draws the hand picked
    plain; back on the result, reversed again."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, apply, view
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    def reversed_rows(table: ScoreTable) -> list[str]:
        console = app.console
        lines = console.render_lines(table.render(), console.options.update_width(table.size.width), pad=False)
        return ["".join(seg.text for seg in line) for line in lines if any(seg.style and seg.style.reverse for seg in line)]

    s = new_game(PRESETS["standard"].with_options(target=1), seed=7)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        result = app.screen
        assert isinstance(result, MatchOverScreen)
        table = result.query_one(ScoreTable)
        assert len(reversed_rows(table)) == 1  # the hand picked, the last
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        assert reversed_rows(app.screen.query_one(ScoreTable)) != []  # the box's own picked row
        assert reversed_rows(table) == []  # the result's, under the box: plain
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is result
        assert len(reversed_rows(table)) == 1
