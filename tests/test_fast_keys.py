"""Keys typed quickly, as a fast player types them: a second ⏎ on the end of a hand, a key
held down, Escape and the next key run together by the terminal."""

from __future__ import annotations

import pytest

from ginrummy_tui.cli.play import END_GUARD as GAME_END_GUARD  # the game's (the tests' processes run with none)
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

from .app_helpers import said_on_the_result, screen_text, settle

SIZE = (80, 24)


async def press(app, pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(app, pilot)


async def held_on_the_result(app, pilot, now: list[float], repeats: int, apart: float) -> None:
    """⏎ held down on the match's result: ``repeats`` repeats ``apart`` seconds apart on the
    test's clock ``now``; the result stays, no new match started."""
    for _ in range(repeats):
        now[0] += apart
        await pilot.press("enter")
    await settle(app, pilot)
    assert isinstance(app.screen, MatchOverScreen)
    assert app.session.state.match_no == 1


async def pressed_again(app, pilot, now: list[float], after: float, key: str) -> None:
    """Let go, and ``key`` pressed again ``after`` seconds later: the new match starts."""
    now[0] += after
    await press(app, pilot, key)
    assert isinstance(app.screen, GameScreen)
    assert app.session.state.match_no == 2


def said_under(app) -> str:
    """The words under the end of a hand that say why a key did nothing ("" where none)."""
    line = app.screen.query_one("#summary-said")
    return " ".join(str(line.render()).split()) if line.display else ""


async def test_enter_right_after_the_end_of_a_hand_or_the_result_is_held_back():
    """⏎ pressed the moment the end of a hand appears (right after the knock) is held back and
    the screen says so; after the guard's time ⏎ goes on.  On the match's result, ⏎ pressed
    twice or held does not start a new match unasked."""
    app = make_app(state=scenarios.match_point(), pause=0, end_guard=0.5)
    now = [1000.0]
    app.now = lambda: now[0]  # a fake clock: the guard's time passes only when the test says so
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(app, pilot, "s", "k")
        assert isinstance(app.screen, SummaryScreen)
        await press(app, pilot, "enter")  # at once, as the knock's key came
        assert isinstance(app.screen, SummaryScreen)
        assert said_under(app) == "The hand has just ended: press ⏎ again to go on."
        for key, name in (("space", "Space"), ("n", "n")):
            now[0] += 0.2
            await press(app, pilot, key)
            assert isinstance(app.screen, SummaryScreen), key
            # it said "Space held back, the hand has just ended: Space again goes on."
            assert said_under(app) == f"The hand has just ended: press {name} again to go on.", key
        now[0] += 0.5
        await press(app, pilot, "enter")
        assert isinstance(app.screen, MatchOverScreen)
        await press(app, pilot, "enter")  # the second of a double press
        assert isinstance(app.screen, MatchOverScreen)
        said = said_on_the_result(app)
        assert said == "The result has just come up: press ⏎ again to start a new match.", said
        await held_on_the_result(app, pilot, now, 20, 0.035)  # repeats 35 ms apart, well past the guard's time
        await pressed_again(app, pilot, now, 0.3, "n")


async def test_no_guard_where_the_app_is_made_without_one():
    """The tests' app (and any made without ``end_guard``) takes ⏎ at once, as before."""
    app = make_app(state=scenarios.match_point(), pause=0)
    app.now = lambda: 1000.0
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "k", "enter")
        assert isinstance(app.screen, MatchOverScreen)


async def test_escape_and_a_key_run_together_close_the_panel_then_the_key_acts():
    """Escape followed at once by s comes from the terminal as Alt+s: over the pile list, the
    list of turns or the settings, the panel stayed open and said "'s' does nothing here", s
    being the draw.  The panel closes, then s draws."""
    from ginrummy_tui.engine.kinds import Phase

    for opener in ("l", "m", "f2"):
        app = make_app(state=scenarios.knock_ready(), pause=0)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            table = app.screen
            assert app.session.view().phase == Phase.DRAW
            await press(app, pilot, opener)
            assert app.screen is not table or table.pile_listed, opener
            await press(app, pilot, "alt+s")
            assert app.screen is table, opener
            assert not table.pile_listed, opener
            assert app.session.view().phase == Phase.DISCARD, opener
            said = [n.message for n in app._notifications] + [screen_text(app)]
            assert not any("does nothing" in words for words in said), (opener, said)


async def test_escape_and_a_key_run_together_on_the_table_the_key_acts():
    """On the table, where Escape does nothing, Alt+c opens the score table (it said "'c' does
    nothing here"); Alt+Shift+S is S, which says that keys are lower case; over the rule sheet
    Alt+c closes it and opens the score table."""
    from ginrummy_tui.tui.screens.rules_screen import RulesScreen
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        table = app.screen
        await press(app, pilot, "alt+c")
        assert isinstance(app.screen, ScoreScreen)
        await press(app, pilot, "escape")
        assert app.screen is table
        await press(app, pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        await press(app, pilot, "alt+c")
        assert isinstance(app.screen, ScoreScreen)
        await press(app, pilot, "escape", "alt+shift+s")
        assert app.screen is table
        assert "keys are lower case (s)" in table.refusal, table.refusal


async def test_enter_in_the_same_burst_as_the_knock_is_held_back():
    """⏎ read with the knock in one burst (typed ahead over SSH, or while the app was busy) came
    to the end of the hand before the screen had started its guard, and dealt the next hand
    unseen; ⏎ twice in one burst on the last hand's end showed the result for an instant and
    started a new match.  A key that reaches the screen before it appears is held back too."""
    from textual import events

    app = make_app(state=scenarios.match_point(), pause=0, end_guard=0.5)
    now = [1000.0]
    app.now = lambda: now[0]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(app, pilot, "s")
        for key, character in (("k", "k"), ("enter", "\r")):  # one read of the terminal: no wait between
            app.post_message(events.Key(key, character))
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen), app.screen
        assert said_under(app) == "The hand has just ended: press ⏎ again to go on."
        now[0] += 0.6
        for key, character in (("enter", "\r"), ("enter", "\r")):  # the result, and a second ⏎ at once
            app.post_message(events.Key(key, character))
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen), app.screen
        assert app.session.state.match_no == 1


async def test_a_key_held_back_leaves_a_tall_end_of_a_hand_on_its_headline():
    """At 46x21 the end of a hand is taller than the screen; the words of a ⏎ held back stand
    under it and the screen scrolled down to them for their seconds, the hand's headline
    ("Hand 5: You knocked with K♦.") out of sight, which the guard is there to let the player read."""
    app = make_app(state=scenarios.match_point(), pause=0, end_guard=0.5)
    app.now = lambda: 1000.0
    async with app.run_test(size=(46, 21), notifications=True) as pilot:
        await press(app, pilot, "s", "k")
        assert isinstance(app.screen, SummaryScreen)
        assert "Hand 5: You knocked with K♦." in screen_text(app)
        await press(app, pilot, "enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, SummaryScreen)
        assert said_under(app).startswith("The hand has just ended: press ⏎ again")  # said, under the summary
        assert "Hand 5: You knocked with K♦." in screen_text(app)  # not scrolled to: the headline in sight
        await press(app, pilot, "x")  # a key that does nothing here is scrolled to, as before
        await pilot.pause(0.2)
        assert said_under(app).startswith("'x' does nothing here"), said_under(app)
        assert "'x' does nothing here" in screen_text(app)


def test_textual_names_escape_and_a_digit_a_sign_enter_or_space_as_alt_and_the_key():
    """Textual read Escape and 3 run together as "£" (a Mac's Option+3), Escape and - as "–",
    and Escape and ⏎, Space or < as the key alone, the Escape dropped: the game could not take
    them as Escape then the key.  Read with the game's hook, each is Alt and the key, as Escape
    and a letter is; the key typed alone is still itself."""
    from textual._xterm_parser import XTermParser

    from ginrummy_tui.tui.escape_keys import install

    install()

    def keys(sent: str) -> list[tuple[str, str | None]]:
        parser = XTermParser()
        return [(key.key, key.character) for key in [*parser.feed(sent), *parser.feed("")]]

    assert keys("\x1b3") == [("alt+3", "3")]
    assert keys("\x1b0") == [("alt+0", "0")]
    assert keys("\x1b-") == [("alt+minus", "-")]
    assert keys("\x1b\r") == [("alt+enter", "\r")]
    assert keys("\x1b ") == [("alt+space", " ")]
    assert keys("\x1b<") == [("alt+less_than_sign", "<")]
    assert keys("\x1bs") == [("alt+s", "s")]
    assert keys("3") == [("3", "3")]
    assert keys("£") == [("pound_sign", "£")]  # typed alone (a British keyboard's Shift+3)
    assert keys("<") == [("less_than_sign", "<")]
    assert keys("\r") == [("enter", "\r")]
    assert keys("\x1b\x1b[D") == [("escape", "\x1b"), ("left", None)]


async def test_escape_and_a_digit_enter_or_a_sign_run_together_close_the_panel_then_the_key_acts():
    """Over the list of turns, Escape and 3 run together said "'£' does nothing in the list of
    turns", and Escape and ⏎ or < "The table's keys do nothing in the list of turns", the panel
    left open; on the table, Escape and 3 said "'£' does nothing here".  The panel closes, then
    the key acts on the table: 3 chooses the third card, < moves it left, ⏎ discards it."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        table = app.screen
        hand = table.query_one("#hand")
        await press(app, pilot, "m")
        assert app.screen is not table
        await press(app, pilot, "alt+3")
        assert app.screen is table
        third = hand.cards[2]
        assert hand.selected == third
        await press(app, pilot, "alt+1")  # on the table, where Escape does nothing
        assert hand.selected == hand.cards[0]
        await press(app, pilot, "3", "m", "alt+less_than_sign")
        assert app.screen is table
        assert hand.cards[1] == third and hand.selected == third
        await press(app, pilot, "s", "3")
        thrown = hand.cards[2]
        await press(app, pilot, "m", "alt+enter")
        assert app.screen is table
        assert thrown not in app.session.view().hand  # discarded
        said = [n.message for n in app._notifications] + [screen_text(app), table.refusal]
        assert not any("does nothing" in words or "£" in words for words in said), said


async def test_escape_and_space_run_together_over_the_list_of_turns_of_a_hand_that_ended():
    """Over the list of turns opened from the end of a hand, Escape and Space run together
    close the list, then Space goes on to the next hand, as Space does on the end of a hand."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "s", "k")
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        await press(app, pilot, "m")
        assert app.screen is not summary
        await press(app, pilot, "alt+space")
        assert isinstance(app.screen, GameScreen), app.screen
        assert app.session.view().hand_no == 2


@pytest.mark.parametrize(("key", "opens"), [("f2", "SettingsScreen"), ("f3", "StatsScreen"), ("c", "ScoreScreen")])
@pytest.mark.parametrize("opener", ["q", "question_mark", "m"])
async def test_escape_and_a_key_in_one_read_close_the_quit_question_then_the_key_acts(opener, key, opens):
    """Escape and F2 in one read of the terminal (``tmux send-keys Escape F2``, or 50 ms apart)
    closed the quit question and dropped the F2: it reached the question before the Escape's
    answer was taken, and the question has no use for it.  Over the rule sheet and the list of
    turns the same keys opened the settings.  Everywhere the Escape closes what is open, then
    the key acts: F2 the settings, F3 the statistics, c the score table."""
    from .app_helpers import in_one_read

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        table = app.screen
        await press(app, pilot, opener)
        assert app.screen is not table
        await in_one_read(app, pilot, "escape", key)
        assert [type(s).__name__ for s in app.screen_stack] == ["GameScreen", opens], app.screen_stack


async def test_a_question_says_a_key_it_has_no_use_for_does_nothing(tmp_path):
    """Over the settings with a change, Escape and s run together asked whether to leave them,
    then the s did nothing and said nothing; so did s or x in the quit question.  A question
    says that such a key does nothing here, naming the keys that answer."""
    from textual.widgets import Static

    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.question import Question

    from .app_helpers import running
    from .test_config_screen import args_for, open_settings

    def said(app) -> str:
        """What the question's line says of a key it has no use for, where it shows ("" for none)."""
        lines = app.screen.query("#unused-key").results(Static)
        return " ".join(str(line.content) for line in lines if line.region.height)

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.pause()
        await press(app, pilot, "alt+s")
        assert isinstance(app.screen, Question)
        assert said(app) == "'s' does nothing here: y leaves without saving, n goes back to the settings, where Ctrl+S saves."
        await press(app, pilot, "x")
        assert said(app) == "'x' does nothing here: y leaves without saving, n goes back to the settings, where Ctrl+S saves."
        await press(app, pilot, "ctrl+s")  # the settings' own save: said where it saves
        assert said(app) == "Ctrl+S does nothing here: y leaves without saving, n goes back to the settings, where Ctrl+S saves."
        # Tab moved the focus to "Leave (y)", saying nothing, and ⏎ then left without saving
        focused = app.focused
        await press(app, pilot, "tab")
        assert said(app) == "Tab does nothing here: y leaves without saving, n goes back to the settings, where Ctrl+S saves."
        await press(app, pilot, "shift+tab")
        assert said(app).startswith("Shift+Tab does nothing here: ")
        assert app.focused is focused and focused is not None and focused.id == "no"
        await press(app, pilot, "enter")  # the focused answer: back, the change kept
        assert app.screen is screen
        await press(app, pilot, "escape")
        assert isinstance(app.screen, Question)
        await press(app, pilot, "n")
        assert app.screen is screen  # the change is still there
        await press(app, pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmQuit)
        assert said(app) == ""
        await press(app, pilot, "x")
        assert said(app) == "'x' does nothing here: s saves the settings and quits, y quits, n goes back."
        await press(app, pilot, "n", "escape", "y")
        await press(app, pilot, "q")
        assert isinstance(app.screen, ConfirmQuit)
        await press(app, pilot, "s")  # no settings to save: s is no answer here
        assert isinstance(app.screen, ConfirmQuit)
        assert said(app) == "'s' does nothing here: y quits, n goes back."
        assert "'s' does nothing here" in " ".join(screen_text(app).replace("█", " ").split())


async def test_a_held_enter_whose_repeats_start_late_does_not_pass_the_result_by():
    """⏎ held down on the last hand's end: it shows the match's result, and the terminal repeats
    it from its own delay on, 660 ms for X11 (500 to 660 ms on the usual desktops).  With a guard
    of half a second the first repeat came after it and started a new match, the result gone
    before it was read; the game's guard (``END_GUARD``) outlasts those delays, and each repeat
    in it holds the next back."""
    app = make_app(state=scenarios.match_point(), pause=0, end_guard=GAME_END_GUARD)
    now = [1000.0]
    app.now = lambda: now[0]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(app, pilot, "s", "k")
        assert isinstance(app.screen, SummaryScreen)
        now[0] += 1.0  # the end of the hand read
        await press(app, pilot, "enter")  # held down from here
        assert isinstance(app.screen, MatchOverScreen)
        now[0] += 0.62  # the first repeat after X11's delay (0.66 s), then 25 a second
        await held_on_the_result(app, pilot, now, 30, 0.04)
        await pressed_again(app, pilot, now, 0.5, "enter")


async def test_a_second_press_of_the_key_that_dealt_is_dropped_on_the_new_table():
    """A double click on "⏎ New match" (or ⏎ pressed twice, or held) on the match's result: the
    second ⏎ came to the new match's table as a move refused, with the bell: "✗ The upcard comes
    first. Take 6♣ (t) or pass (p)."  In the guard's time after the deal it is dropped; after
    it, ⏎ is the table's key again."""
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    app = make_app(state=scenarios.match_point(), pause=0, end_guard=0.5)
    now = [1000.0]
    app.now = lambda: now[0]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(app, pilot, "s", "k")
        now[0] += 1.0
        await press(app, pilot, "enter")
        assert isinstance(app.screen, MatchOverScreen)
        now[0] += 1.0
        await press(app, pilot, "enter")  # the new match
        assert isinstance(app.screen, GameScreen) and app.session.state.match_no == 2
        dealt = app.session.state
        for key in ("enter", "enter", "n", "space"):  # the second click, the key held, n, Space
            now[0] += 0.05
            await press(app, pilot, key)
            assert "✗" not in app.table.query_one(PromptLine).plain, key
        assert app.session.state is dealt
        now[0] += 1.0  # then ⏎ is the table's again, and says why it does nothing now
        await press(app, pilot, "enter")
        assert app.table.query_one(PromptLine).plain.startswith("✗"), app.table.query_one(PromptLine).plain


@pytest.mark.parametrize("key", ["enter", "n"])
@pytest.mark.parametrize("to", ["next hand", "new match"])
async def test_a_key_that_deals_pressed_twice_in_one_read_is_dropped_on_the_new_table(key, to):
    """Two ⏎ (or n) read together from the terminal (a slow link, a fast double press), on the
    match's result or the end of a hand: the second came to the new table as a move refused,
    "✗ The upcard comes first.", where two presses apart were dropped. Sent to the result's
    screen on its way out, it reached the table's bindings past the table's check."""
    from textual import events

    from ginrummy_tui.tui.widgets.prompt import PromptLine

    app = make_app(state=scenarios.match_point() if to == "new match" else scenarios.knock_ready(), pause=0,
                   end_guard=0.5)
    now = [1000.0]
    app.now = lambda: now[0]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(app, pilot, "s", "k")
        now[0] += 1.0
        if to == "new match":
            await press(app, pilot, "enter")
            assert isinstance(app.screen, MatchOverScreen)
            now[0] += 1.0
        else:
            assert isinstance(app.screen, SummaryScreen)
        before = app.session.state
        for _ in range(2):  # in one read: both queued before either is handled
            app.post_message(events.Key(key, "\r" if key == "enter" else key))
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.session.state is not before
        assert app.session.view().phase.playing
        assert "✗" not in app.table.query_one(PromptLine).plain, app.table.query_one(PromptLine).plain


async def test_a_click_held_back_is_said_a_click():
    """A double click on "⏎ Next hand" in the key bar as the end of a hand came up: the second
    click, held back, was said "⏎ held back, the hand has just ended: ⏎ again goes on." to a
    player who had pressed no key.  It is said a click; ⏎ itself is still named ⏎."""
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    app = make_app(state=scenarios.match_point(), pause=0, end_guard=0.5)
    now = [1000.0]
    app.now = lambda: now[0]
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await press(app, pilot, "s", "k")
        assert isinstance(app.screen, SummaryScreen)
        bar = app.screen.query_one(KeyBar)
        span, row = bar.span("enter"), bar.row_of("enter")
        assert span is not None and row is not None
        await pilot.click(KeyBar, offset=(span[0], row))
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert said_under(app) == "The hand has just ended: click again to go on."
        await press(app, pilot, "enter")
        assert said_under(app) == "The hand has just ended: press ⏎ again to go on."
        now[0] += 1.0
        await pilot.click(KeyBar, offset=(span[0], row))
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
