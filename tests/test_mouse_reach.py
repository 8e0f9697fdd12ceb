"""What a player with the mouse alone can reach: the line of what the keys do at the end
of a hand and under the match's result, whose parts each do what their key does when
clicked, as the table's labels ("s: draw", "d: take it") do; the panels over the table,
closed by a click on their "Esc: back" or outside them."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from ginrummy_tui.engine import new_game
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
from ginrummy_tui.tui.screens.moves_screen import MovesScreen
from ginrummy_tui.tui.screens.review_screen import ReviewScreen
from ginrummy_tui.tui.screens.rules_screen import RulesScreen
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.settings_screen import SettingsScreen
from ginrummy_tui.tui.screens.stats_screen import StatsScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.keys_line import KeysLine
from ginrummy_tui.tui.widgets.score_table import ScoreTable

from .app_helpers import review_made, screen_text, settle, terminal_click
from .test_replay_app import _ended_hand


async def click_words(app, pilot, line: KeysLine, words: str) -> None:
    """Click the middle of ``words`` in ``line`` (on the row where they are drawn)."""
    rows = line.plain.split("\n")
    y = next(n for n, row in enumerate(rows) if words in row)
    x = rows[y].index(words) + len(words) // 2
    await pilot.click(line, offset=(x, y))
    await settle(app, pilot)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (50, 22)])
@pytest.mark.parametrize("words", ["⏎/Space: the next hand", "r: review your play", "a: replay this deal"])
async def test_each_part_of_the_end_of_a_hands_line_does_what_its_key_does(size, words):
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        line = app.screen.query_one("#summary-next", KeysLine)
        await click_words(app, pilot, line, words)
        if words.startswith("⏎"):
            assert isinstance(app.screen, GameScreen) and app.session.state.hand_no == 2
        elif words.startswith("r"):
            assert isinstance(app.screen, ReviewScreen)
        else:
            assert isinstance(app.screen, GameScreen) and app.session.replaying


async def test_the_separators_of_the_end_of_a_hands_line_do_nothing():
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        line = app.screen.query_one("#summary-next", KeysLine)
        await pilot.click(line, offset=(line.plain.index("·"), 0))
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen) and not app.session.replaying


@pytest.mark.parametrize("words", ["⏎ or n: play a new match", "↑/↓ and r: review a hand", "q: quit"])
async def test_each_part_of_the_match_results_line_does_what_its_key_does(words):
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(100, 40)) as pilot:  # from 32 rows the line stands above the key bar
        for key in ("s", "k", "enter"):
            await pilot.press(key)
            await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        line = app.screen.query_one("#match-next", KeysLine)
        await click_words(app, pilot, line, words)
        if words.startswith("⏎"):
            assert isinstance(app.screen, GameScreen) and app.session.state.match_no == 2
        elif words.startswith("↑"):
            assert isinstance(app.screen, ReviewScreen)
        else:  # the match is over: nothing to lose, no question
            assert app.return_code == 0


PANELS = [("m", MovesScreen, "#moves-box"), ("c", ScoreScreen, "#scores"), ("question_mark", RulesScreen, "#rules"),
          ("f3", StatsScreen, "#stats")]
"""The panels over the table: their key, their screen, their box."""


@pytest.mark.parametrize(("key", "screen", "box"), PANELS)
async def test_esc_back_in_a_panel_goes_back_when_clicked(key, screen, box):
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press(key)
        await settle(app, pilot)
        assert isinstance(app.screen, screen)
        line = app.screen.query_one(box).query_one(KeysLine)
        assert line.plain == "Esc: back"
        line.scroll_visible(animate=False)  # the end of the rule sheet, a scroll away
        await settle(app, pilot)
        await terminal_click(app, pilot, line, offset=(1, 0))
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize(("key", "screen", "box"), PANELS)
async def test_a_click_outside_a_panel_closes_it_and_one_inside_does_not(key, screen, box):
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(app, pilot)
        state = app.session.state
        await pilot.press(key)
        await settle(app, pilot)
        region = app.screen.query_one(box).region
        await terminal_click(app, pilot, app.screen, offset=(region.x + 1, region.y + 1))  # on the box's words
        assert isinstance(app.screen, screen)
        assert region.x >= 2  # at 120 columns the box stands apart from the screen's edge
        outside = (region.x // 2, region.y + region.height // 2)
        await terminal_click(app, pilot, app.screen, offset=outside)
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state is state  # the click went to no card or pile under the panel


async def test_the_review_of_a_hand_goes_back_on_a_click_outside_it_or_on_esc_back():
    for where in ("outside", "Esc: back"):
        app = make_app(state=scenarios.knocked(), pause=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            await pilot.press("r")
            await review_made(app, pilot)
            assert isinstance(app.screen, ReviewScreen)
            box = app.screen.query_one("#review").region
            if where == "outside":
                assert box.x >= 2
                await terminal_click(app, pilot, app.screen, offset=(box.x // 2, box.y + box.height // 2))
            else:
                await terminal_click(app, pilot, app.screen.query_one("#review-close"), offset=(1, 0))
            await settle(app, pilot)
            assert isinstance(app.screen, SummaryScreen), where


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_the_score_tables_line_says_what_a_click_on_a_row_does(size):
    """A click on a hand's row opens its review at once, as the line under the table says:
    it said "↑/↓ or a click picks another hand".  With one hand played there is no other
    to pick: the line said "↑/↓ pick another" there too."""
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        said = " ".join(str(app.screen.query_one("#scores-pick", Static).render()).split())
        assert said == "Hand 1: ⏎ or r shows its review; a click on its row shows it too."
        table = app.screen.query_one(ScoreTable)
        await terminal_click(app, pilot, table, (4, table.row_lines()[1][0]))
        assert isinstance(app.screen, ReviewScreen)


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
@pytest.mark.parametrize(("key", "opened"), [("F2", SettingsScreen), ("F3", StatsScreen)])
async def test_the_rule_sheets_f2_and_f3_open_the_settings_and_the_statistics_when_clicked(size, key, opened):
    """A player with the mouse alone reaches the settings and the statistics: the key bar's
    "? Rules" opens the sheet, whose rows of F2 and F3 open them in its place when clicked
    (they were in no key bar and on nothing clickable)."""
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await settle(app, pilot)
        sheet = app.screen.query_one("#rules", VerticalScroll)
        sheet.scroll_end(animate=False)
        for _ in range(200):  # up a line at a time to the key's row
            await settle(app, pilot)
            rows = screen_text(app).splitlines()
            found = [n for n, row in enumerate(rows) if row.strip("│ ").startswith(f"{key}  ")]
            if found:
                break
            sheet.scroll_relative(y=-1, animate=False)
        y = found[0]
        await terminal_click(app, pilot, app.screen, offset=(rows[y].index(key), y))
        await settle(app, pilot)
        assert [type(s) for s in app.screen_stack] == [GameScreen, opened]


@pytest.mark.parametrize("field", ["#one-click", "#ascii"])
async def test_a_click_on_the_name_of_a_yes_or_no_setting_turns_it_on_or_off(field):
    """As a label of a box does: a click on "One-click discard" only marked its row."""
    from ginrummy_tui.tui.widgets.field_label import FieldLabel
    from ginrummy_tui.tui.widgets.yes_no_box import YesNoBox

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("f2")
        await settle(app, pilot)
        assert isinstance(app.screen, SettingsScreen)
        box = app.screen.query_one(field, YesNoBox)
        assert box.parent is not None
        label = box.parent.query_one(FieldLabel)
        label.scroll_visible(animate=False)
        await settle(app, pilot)
        before = box.value
        for turn in (1, 2):
            await terminal_click(app, pilot, label, offset=(4, 0))
            await settle(app, pilot)
            assert box.value is (not before if turn == 1 else before), turn
            assert box.has_focus and label.focused  # its row marked, as before


async def open_f2(app, pilot, size: tuple[int, int]) -> SettingsScreen:
    await settle(app, pilot)
    await pilot.press("f2")
    await settle(app, pilot)
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


@pytest.mark.parametrize("field", ["#preset", "#rule-knock_limit", "#rule-gin_bonus", "#ai", "#pause", "#theme"])
async def test_a_click_on_any_settings_name_gives_its_field_the_focus_and_changes_nothing(field):
    """At 120x40 a click on "Rules preset" or "Knock limit (deadwood)", or in the blank columns
    after the name, just left of "10" or "expert", did nothing: only a yes-or-no setting's name
    did.  Any name gives its field the focus (its row marked ▶); a list stays shut, a value as it was."""
    from textual.widgets import Select

    from ginrummy_tui.tui.widgets.field_label import FieldLabel

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_f2(app, pilot, (120, 40))
        if field == "#preset":
            screen.query_one("#rule-target").focus()  # the preset has the focus as the form opens
            await settle(app, pilot)
        target = screen.query_one(field)
        assert target.parent is not None
        label = target.parent.query_one(FieldLabel)
        label.scroll_visible(animate=False)
        await settle(app, pilot)
        value = target.value
        for x in (4, label.region.width - 1):  # on its words, and on the last blank column before the value
            screen.query_one("#ascii").focus()
            await settle(app, pilot)
            await terminal_click(app, pilot, label, offset=(x, 0))
            await settle(app, pilot)
            assert target.has_focus and label.focused, x
            assert target.value == value
            assert not (isinstance(target, Select) and target.expanded)


@pytest.mark.parametrize("field", ["#mouse", "#one-click"])
async def test_a_click_outside_an_open_choice_list_only_closes_it(field, tmp_path):
    """With "Opponent level" open, a click on "Mouse (from next start)" left of the list closed it
    and turned the mouse off, unseen (so did one on another box): it only closes the list."""
    from textual.widgets import Select

    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.widgets.field_label import FieldLabel
    from ginrummy_tui.tui.widgets.yes_no_box import YesNoBox

    from .app_helpers import running
    from .test_config_screen import args_for

    async with running(prepare(args_for(tmp_path, new=True), ask=None), size=(120, 40)) as (app, pilot):
        screen = await open_f2(app, pilot, (120, 40))
        choice = screen.query_one("#ai", Select)
        box = screen.query_one(field, YesNoBox)
        assert box.parent is not None
        label = box.parent.query_one(FieldLabel)
        other = screen.query_one("#rule-big_gin", YesNoBox)  # a box above the list, which covers those below
        before, other_before = box.value, other.value
        for where in (label, other):
            await terminal_click(app, pilot, choice, offset=(2, 0))
            await settle(app, pilot)
            assert choice.expanded
            await terminal_click(app, pilot, where, offset=(1, 0))
            await settle(app, pilot)
            assert not choice.expanded and choice.has_focus, where
            assert box.value is before and other.value is other_before, where
        await terminal_click(app, pilot, label, offset=(4, 0))  # the list shut, the name works as before
        await settle(app, pilot)
        assert box.value is not before and box.has_focus
