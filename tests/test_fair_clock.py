"""The move clock is fair (issue 13): it never loses a match while the player reads.

Driven by a fake clock (``app.now``) and explicit ticks, never by sleeping:
against the computer the clock stops while any screen covers the table; at
10 s and 5 s the line changes colour and the bell rings; time running out
loses the match with a plain message; a hand that ends closes whatever
covered the table.
"""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import PRESETS, Action, apply, new_game
from ginrummy_tui.engine.cards import card
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.move_clock import URGENT, WARN, ClockBadge, MoveClock, Warnings
from ginrummy_tui.tui.screens.review_screen import ReviewScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.hand import KEYS
from ginrummy_tui.tui.widgets.key_bar import KeyBar
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import review_made, screen_text, settle

SIZE = (80, 24)
TIMED = PRESETS["multiplayer-1.5"]


class FakeClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _timed_app(state=None, **kw):
    app = make_app(state=state or new_game(TIMED, seed=1), pause=0, **kw)
    fake = FakeClock()
    app.now = fake
    bells: list[int] = []
    app.bell = lambda: bells.append(1)
    return app, fake, bells


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


def _badge(app) -> str:
    badges = app.screen.query(ClockBadge)
    return badges.first().text if badges else ""


async def _tick(app, pilot) -> None:
    app._tick_clock()
    await pilot.pause()


def test_the_clock_counts_only_the_players_uncovered_turn():
    fake = FakeClock()
    clock = MoveClock(fake)
    r = clock.update("turn 1", 30, my_turn=True, covered=False)
    assert (r.seconds, r.running, r.warn) == (30, True, None)
    fake.t += 12
    assert clock.update("turn 1", 30, True, False).seconds == 18
    fake.t += 1
    assert clock.update("turn 1", 30, True, covered=True).seconds == 17  # counted up to the cover
    fake.t += 500  # reading the rules for minutes
    r = clock.update("turn 1", 30, True, covered=True)
    assert (r.seconds, r.running, r.expired) == (17, False, False)
    fake.t += 7  # uncovered: counting again from where it stood
    assert clock.update("turn 1", 30, True, False).seconds == 17
    fake.t += 7
    r = clock.update("turn 1", 30, True, False)
    assert r.seconds == 10 and r.warn == 10
    fake.t += 5
    r = clock.update("turn 1", 30, True, False)
    assert r.seconds == 5 and r.warn == 5
    fake.t += 5
    assert clock.update("turn 1", 30, True, False).expired
    # a new turn has the full time again; not the player's turn: no clock
    assert clock.update("turn 2", 30, True, False).seconds == 30
    assert clock.update("turn 3", 30, my_turn=False, covered=False) is None


def test_each_warning_is_given_once_a_turn():
    w = Warnings()
    assert [w.reached("a", x, 30) for x in (20, 10, 9, 8, 5, 4, 0)] == [None, 10, None, None, 5, None, None]
    assert w.reached("b", 3, 30) == 5  # a new turn, already under both marks: one warning, the nearer
    assert Warnings().reached("c", 8, 8) is None  # a limit at or below a mark is not warned for it


async def test_reading_the_rules_for_a_minute_loses_nothing():
    app, fake, bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 30 s to move")
        fake.t += 3
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 27 s to move")
        before = app.session.state
        assert before.current == 0 and before.result is None
        await pilot.press("question_mark")
        await pilot.pause()
        for _ in range(60):  # a minute with the rule sheet open
            fake.t += 1
            await _tick(app, pilot)
        assert app.session.state == before
        assert "⏸ 27 s to move" in _badge(app)  # the stopped clock, on the rule sheet
        await pilot.press("escape")
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 27 s to move")
        # the scores, the settings, the statistics and the quit question stop it too
        for key, back in (("c", "escape"), ("f2", "escape"), ("f3", "escape"), ("q", "n")):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is not app.table, key
            fake.t += 100
            await _tick(app, pilot)
            assert "⏸ 27 s" in _badge(app), (key, [(type(w).__name__, getattr(w, "text", None)) for w in app.screen.children], app.clock_line)
            await pilot.press(back)
            await pilot.pause()
            assert app.screen is app.table, key
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 27 s to move") and not bells


async def test_a_new_match_from_the_settings_gives_its_first_move_the_full_time(tmp_path):
    """25 s on the first deal, then another opponent in the settings: the new
    match's first move (the same match, hand and count of moves) had the 5 s
    left of the old one's, and running out of time loses the match."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for

    plan = prepare(args_for(tmp_path, rules="multiplayer-1.5", rule=None), ask=None)
    app = build_app(plan, pause=0)
    fake = FakeClock()
    app.now = fake
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await _tick(app, pilot)
            old = app.session.state
            assert old.current == 0 and not old.history and _prompt(app).startswith("⏱ 30 s to move")
            fake.t += 25
            await _tick(app, pilot)
            assert _prompt(app).startswith("⏱ 5 s left, or you lose the match")
            await pilot.press("f2")
            await pilot.pause()
            app.screen.query_one("#ai").value = "easy"
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            new = app.session.state
            assert app.screen is app.table and app.session.opponent.level == "easy" and new.seed != old.seed
            assert (new.match_no, new.hand_no, len(new.history), new.current) == (1, 1, 0, 0)
            await _tick(app, pilot)
            assert _prompt(app).startswith("⏱ 30 s to move")
            fake.t += 6
            await _tick(app, pilot)
            assert app.session.state.result is None and _prompt(app).startswith("⏱ 24 s to move")
    finally:
        plan.close()


async def test_warnings_at_10_and_5_seconds_then_time_runs_out_plainly():
    app, fake, bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _tick(app, pilot)
        fake.t += 20
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 10 s to move") and bells == [1]
        assert str(app.clock_rich.style) == WARN
        fake.t += 1
        await _tick(app, pilot)
        assert bells == [1]  # once
        fake.t += 4
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 5 s left, or you lose the match") and bells == [1, 1]
        assert str(app.clock_rich.style) == URGENT
        fake.t += 5
        await _tick(app, pilot)
        await settle(app, pilot)
        s = app.session.state
        assert s.phase == "match_over" and s.winner == 1 and s.result.kind == "timeout"
        text = screen_text(app)
        assert "You took more than 30 s for a move" in text, text
        assert "so you lose the match" in text


async def _run_out(app, fake, pilot) -> None:
    """Let the player's clock run out."""
    await _tick(app, pilot)
    fake.t += 31
    await _tick(app, pilot)
    await settle(app, pilot)
    assert app.session.state.result.kind == "timeout"


async def test_a_hand_lost_on_time_before_any_move_offers_no_review_and_r_says_why():
    """The screen offered "a: replay this deal" alone, but the key bar showed "r Review"."""
    app, fake, _bells = _timed_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await _run_out(app, fake, pilot)
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "a: replay this deal" in text and "r: review" not in text, text
        bar = str(app.screen.query_one(KeyBar).render())
        assert "a Replay deal" in bar and "Review" not in bar, bar  # it showed "r Review", dimmed
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        told = [str(n.message) for n in app._notifications]
        assert told == ["The clock ran out before you made a move in this hand: there is nothing to review."], told


def test_a_hand_with_only_the_other_players_moves_has_no_review_for_the_player():
    from ginrummy_tui.engine.replay import hand_of_match
    from ginrummy_tui.tui.screens.review_screen import no_review

    s = hand_of_match(1, 2, TIMED)  # the player deals hand 2: the computer moves first
    assert s.current == 1
    s = apply(s, Action("draw stock"))
    s = apply(s, Action("discard", s.hands[1][0]))
    s = apply(s, Action("timeout"))
    assert no_review(s, 0) == "The clock ran out before you made a move in this hand: there is nothing to review."
    assert no_review(s, 1) is None


async def test_a_hand_lost_on_time_after_some_moves_is_reviewed():
    app, fake, _bells = _timed_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        await pilot.press("s")  # draw, then discard the first card
        await pilot.press(KEYS[0], "enter")
        await settle(app, pilot)
        assert [m.seat for m in app.session.state.history] == [0, 0, 1, 1]
        await _run_out(app, fake, pilot)
        assert "r: review your play" in screen_text(app)
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        text = screen_text(app)
        assert "Review of hand 1" in text and "2 decisions; the expert would have made" in text, text


async def test_a_hand_that_ends_waits_behind_what_covered_the_table():
    # the computer (seat 1) goes gin while the player reads the rule sheet: it stays, the end behind it
    s = scenarios.arranged(scenarios.MINE, "AS 2S 3S 4H 5H 6H 7C 8C 9C JD", stock_top="5D TC", discard="2H")
    s = apply(s, Action("draw stock"))
    s = apply(s, Action("discard", card("5D")))  # the computer draws 10♣ next: gin
    app = make_app(state=s, pause=30)  # the computer waits: the rule sheet opens first
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "RulesScreen"
        while app.session.opponent_to_move():  # the computer's moves, as its worker makes them
            app.session.play_opponent(app.session.think())
        app.sync()
        await pilot.pause()
        assert app.session.state.phase == "hand_over"
        assert [type(x).__name__ for x in app.screen_stack] == ["GameScreen", "RulesScreen"]
        await pilot.press("escape")
        await pilot.pause()
        assert [type(x).__name__ for x in app.screen_stack] == ["GameScreen", "SummaryScreen"]
        await pilot.press("enter")  # the next hand: the table, nothing over it
        await pilot.pause()
        assert app.screen is app.table


def _host_clock_app():
    """A game against a person over the network, as the app sees it: the host keeps the
    clock (``session.left``), which runs on; and the bells the app rang."""
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.tui.app import GinApp

    class HostClock(LocalSession):
        """Stands in for a network session: the host keeps the clock, which runs on."""

        computes_opponent = False
        left = 30.0

        def clock(self):
            return (0, self.left, 30) if self.view().my_turn else None

        def status(self, room=74):
            c = self.clock()
            stake = ", or you lose the match" if c and c[1] <= 5 else ""
            return f"⏱ {int(c[1] + 0.999)} s for you{stake}" if c else ""

    session = HostClock(new_game(TIMED, seed=1), opponent=None, opponent_name="Bob")  # a person, over the network
    app = GinApp(AppContext(session=session), pause=0)
    bells: list[int] = []
    app.bell = lambda: bells.append(1)
    return app, session, bells


async def test_over_the_network_the_clock_runs_and_shows_over_every_screen():
    app, session, bells = _host_clock_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, back in (("question_mark", "escape"), ("c", "escape"), ("f2", "escape"), ("f3", "escape"), ("q", "n")):
            await pilot.press(key)
            await pilot.pause()
            session.left -= 4  # it keeps running while the screen is open
            await _tick(app, pilot)
            # and the screen says so: the clock does not wait for it, as it does against the computer
            assert _badge(app) == f"⏱ {int(session.left)} s for you — your move clock runs on while this is open", key
            await pilot.press(back)
            await pilot.pause()
        assert session.left == 10
        await _tick(app, pilot)
        assert bells == [1] and str(app.clock_rich.style) == WARN  # the 10 s warning
        assert _prompt(app).startswith("⏱ 10 s for you ") and "runs on" not in _prompt(app)  # the table is in front


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_over_the_network_a_screen_over_the_table_says_at_once_that_the_move_clock_runs_on(size):
    """With the rule sheet or the scores open on the player's own move the host's clock ran
    on, as it must (the other player waits), down to "⏱ 4 s for you, or you lose the match",
    and the match was lost: nothing on the screen said that the clock does not wait for it."""
    from ginrummy_tui.tui.move_clock import ClockBadge

    app, session, _bells = _host_clock_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await _tick(app, pilot)
        assert not app.screen.query(ClockBadge) and "runs on" not in _prompt(app)  # the table: no screen to say it of
        for key, back in (("question_mark", "escape"), ("c", "escape"), ("m", "escape")):
            session.left = 25.0
            await pilot.press(key)
            await pilot.pause()
            await _tick(app, pilot)  # the first tick over the screen
            badge = app.screen.query_one(ClockBadge)
            shown = badge.text
            assert shown == ("⏱ 25 s for you — your move clock runs on while this is open" if size[0] == 80
                             else "⏱ 25 s for you — runs on while this is open"), (key, shown)
            session.left = 4.0
            await _tick(app, pilot)
            assert badge.text == ("⏱ 4 s for you, or you lose the match — it runs on while this is open"
                                  if size[0] == 80 else "⏱ 4 s, or you lose the match — it runs on"), (key, badge.text)
            assert len(badge.text) <= badge.content_region.width, (key, badge.text, badge.content_region)  # one line, whole
            await pilot.press(back)
            await pilot.pause()
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 4 s for you, or you lose the match")


async def test_the_prompt_beside_the_clock_is_never_cut_at_80_columns():
    app, fake, _bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for key in ("p", "s"):  # the upcard offer, then the draw
            await _tick(app, pilot)
            text = _prompt(app)
            assert text.startswith("⏱ ") and "…" not in text, text
            v = app.session.view()
            if v.phase == "upcard" and v.my_turn:
                await pilot.press(key)
                await settle(app, pilot)
        await _tick(app, pilot)
        assert "…" not in _prompt(app), _prompt(app)


async def test_a_theme_reaches_the_colours_of_the_clock_and_of_the_practice_banner():
    """The warning colours are theme variables (gin-warn, gin-urgent,
    gin-urgent-text, with gin-ink on the warning): a theme that sets them
    changes the clock's warnings and the practice banner."""
    from textual.theme import Theme

    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    app, fake, _bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.register_theme(Theme(
            name="gin-clock", primary="#004578", dark=True,
            variables={"gin-warn": "#0000aa", "gin-urgent": "#aa00aa", "gin-urgent-text": "#00ff00", "gin-ink": "#222222"},
        ))
        app.theme = "gin-clock"
        await pilot.pause()
        await _tick(app, pilot)
        fake.t += 20
        await _tick(app, pilot)
        assert str(app.clock_rich.style) == "bold #222222 on #0000aa"
        fake.t += 5
        await _tick(app, pilot)
        assert str(app.clock_rich.style) == "bold #00ff00 on #aa00aa"
        board = app.table.query_one(Scoreboard)
        board.set_practice((("Practice — hand 1 again", "this deal: You 0–0"),))
        assert {str(span.style) for span in board.render().spans} == {"bold #222222 on #0000aa"}


async def test_time_away_after_ctrl_z_does_not_count(monkeypatch):
    # Ctrl+Z hands the terminal back to the shell; minutes there must not run
    # out the move clock against the computer.
    from ginrummy_tui.tui import suspend

    app, fake, _bells = _timed_app()
    stopped: list[float] = []

    def stop_here() -> None:  # instead of SIGTSTP: the shell keeps us for ten minutes, then fg
        stopped.append(fake.t)
        fake.t += 600
        app._resume_signal()

    monkeypatch.setattr(suspend, "can_suspend", lambda _app: True)
    app.action_suspend_process = stop_here
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _tick(app, pilot)
        fake.t += 4
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert stopped and not app._covered()  # back again
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 26 s to move")  # the four seconds before, not the ten minutes
        assert app.session.state.result is None
        fake.t += 2
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 24 s to move")  # and it runs again


async def test_ctrl_z_without_a_shell_to_come_back_to_says_so_and_plays_on(monkeypatch):
    from ginrummy_tui.tui import suspend

    app, _fake, _bells = _timed_app()
    monkeypatch.setattr(suspend, "can_suspend", lambda _app: False)
    app.action_suspend_process = lambda: (_ for _ in ()).throw(AssertionError("stopped for good"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("ctrl+z")
        await settle(app, pilot)
        assert any("no shell here to come back from" in str(n.message) for n in app._notifications)
        assert not app._covered()


async def test_a_tick_while_the_app_closes_is_harmless():
    # A tick of the clock that came as the app was closing (the table's parts
    # already gone) raised NoMatches from the table's redraw.
    from rich.text import Text

    from ginrummy_tui.tui.widgets.hand import HandView

    app, _fake, _bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await app.table.query_one(HandView).remove()
        app._show_clock(Text("⏱ 5 s to move"))  # the line changed: the table is asked to redraw
        assert app.clock_line == "⏱ 5 s to move"  # (the clock's own next tick may set it back)
        await pilot.pause()


def test_a_saved_clock_counts_only_for_its_own_move_and_when_it_makes_sense():
    from ginrummy_tui.storage.store import saved_left

    clock = MoveClock(FakeClock())
    clock.update((1, 2, 5), 30, my_turn=True, covered=False)
    clock.left = 12.34
    record = clock.record((1, 2, 5))
    assert record == {"turn": [1, 2, 5], "left": 12.3}
    assert clock.record((1, 2, 6)) is None  # not the move the clock is on
    assert saved_left(record, (1, 2, 5), 30) == 12.3
    for bad in (None, {}, {"turn": [1, 2, 6], "left": 12}, {"turn": [1, 2, 5], "left": "12"},
                {"turn": [1, 2, 5], "left": True}, {"turn": [1, 2, 5], "left": 31}, {"turn": [1, 2, 5], "left": -1},
                {"turn": "1 2 5", "left": 12}, {"turn": [1, 2, 5], "left": float("nan")}):
        assert saved_left(bad, (1, 2, 5), 30) is None, bad


async def test_a_tick_of_the_clock_as_the_app_closes_does_nothing():
    """A tick of the move clock that came after the app's last screen had gone
    raised ScreenStackError (the clock asked which screen was on top)."""
    app, _fake, _bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _tick(app, pilot)
        assert app.clock_line  # the clock runs
    assert not app.screen_stack  # closed: no screen left
    app._tick_clock()  # the interval's last call, late


async def test_the_clock_stops_while_the_terminal_is_too_small():
    """A window below 46x21 hides the table behind "Terminal too small": the
    clock waits, and goes on with the time left once the window is big enough."""
    app, fake, bells = _timed_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await _tick(app, pilot)
        fake.t += 3
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 27 s to move")
        before = app.session.state
        fake.t += 2  # the time before the window shrinks counts
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert app.too_small
        for _ in range(60):  # a minute too small to play
            fake.t += 1
            await _tick(app, pilot)
        assert app.session.state == before
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 25 s to move")
        fake.t += 1
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 24 s to move") and not bells


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_the_last_seconds_of_the_clock_say_in_words_that_the_match_is_at_stake(size, monkeypatch):
    """multiplayer-1.5: the clock turned orange at 10 s and red at 5 s, but its words stayed
    "⏱ 5 s to move": under NO_COLOR nothing said the end was near, nor that running out loses
    the whole match. From 5 s left the line says so, whole on the screen at 46x21 too."""
    monkeypatch.setenv("NO_COLOR", "1")
    app, fake, _bells = _timed_app()
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await _tick(app, pilot)
        fake.t += 20
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 10 s to move"), _prompt(app)  # the first warning: colour and bell
        fake.t += 5.5
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 5 s left, or you lose the match"), _prompt(app)
        shown = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert "⏱ 5 s left, or you lose the match" in shown, screen_text(app)
        fake.t += 1
        await _tick(app, pilot)
        assert _prompt(app).startswith("⏱ 4 s left, or you lose the match"), _prompt(app)
