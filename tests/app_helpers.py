"""Shared helpers for the app tests (Pilot)."""

from __future__ import annotations

import contextlib
import io

from rich.console import Console


def screen_text(app) -> str:
    """The characters on screen now."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def _computer_due(app) -> bool:
    """The computer is thinking, or it is its turn and its move is not scheduled yet."""
    session = app.session
    return app.busy or (session.computes_opponent and session.opponent_to_move())


async def settle(app, pilot) -> None:
    """Wait until the computer has made every move it is due to make."""
    for _ in range(200):
        await pilot.pause()
        passing = [w for w in app.workers if w.group != "network"]  # network play's connection runs to the end
        if passing:
            await app.workers.wait_for_complete(passing)
        if not _computer_due(app):
            await pilot.pause()
            if not _computer_due(app):
                return
    raise AssertionError("the computer never finished its turn")


@contextlib.asynccontextmanager
async def running(plan, size: tuple[int, int] = (80, 24)):
    """The app that ``gin-tui`` builds on ``plan`` (saving after every move),
    started and settled; gives
    ``(app, pilot)`` and closes the plan afterwards (the last save, the lock)."""
    from ginrummy_tui.cli.play import build_app

    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            yield app, pilot
    finally:
        plan.close()


class SaidTimers:
    """The timers that take down what the end of a hand or a match's result says about a key
    (``AfterHandScreen._keep_said``), taken as they are set instead of started, for the test
    to run: on a loaded machine a timer of a second had run out before the test looked."""

    def __init__(self, monkeypatch) -> None:
        from ginrummy_tui.tui.screens.after_hand import AfterHandScreen

        self.set: list[float] = []
        """The seconds each timer was set for, in order."""
        self._due: list = []
        real = AfterHandScreen.set_timer
        timers = self

        class Taken:
            def __init__(self, callback) -> None:
                self.callback = callback

            def stop(self) -> None:
                timers._due.remove(self)

        def set_timer(screen, delay, callback=None, *args, **kwargs):
            if callback is not None and callback == screen._said_time_up:
                self.set.append(delay)
                taken = Taken(callback)
                self._due.append(taken)
                return taken
            return real(screen, delay, callback, *args, **kwargs)

        monkeypatch.setattr(AfterHandScreen, "set_timer", set_timer)

    def run_out(self) -> None:
        """The time of the words up now runs out (the one timer not stopped)."""
        assert len(self._due) == 1, self._due
        self._due.pop().callback()


CHARACTERS = {"enter": "\r", "space": " ", "escape": "\x1b", "tab": "\t"}
"""The characters of the named keys that have one (the others, such as down or f2, have none)."""


async def in_one_read(app, pilot, *keys: str) -> None:
    """``keys`` as a terminal's one read brings them (``tmux send-keys Enter Down Enter``, keys
    typed ahead): all of them on their way to the app before it has handled the first, and
    then let the app handle them.  ``pilot.press`` lets the app handle each key before it
    sends the next, which hides what a key still on its way does to the next."""
    from textual import events

    for key in keys:
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
        event = events.Key(key, character)
        event.set_sender(app)
        app._driver.send_message(event)
    await settle(app, pilot)
    await pilot.pause()


async def until(pilot, condition, timeout: float = 10.0) -> None:
    """Let the app run until ``condition()`` holds (checked after each short pause); fail after ``timeout`` s."""
    import time

    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("the app never reached the expected state")
        await pilot.pause(0.02)


async def review_made(app, pilot) -> None:
    """Let the review screen shown (``r`` pressed) make its review, in its
    worker, until it is ready (shown whole, or said it could not be made)."""
    from ginrummy_tui.tui.screens.review_screen import ReviewScreen

    for _ in range(200):
        await app.workers.wait_for_complete()
        await pilot.pause(0.05)
        # the review's own screen: on a loaded machine the keys that open it may still be on their way
        if isinstance(app.screen, ReviewScreen) and app.screen.ready:
            # and laid out and drawn: read at once, a loaded machine's screen still showed the
            # frame with the body's old height, blank
            await pilot.pause()
            await pilot.pause()
            return
    raise AssertionError("the review was never made")


async def words_clear_of_scroll_bar(app, pilot, sheet) -> None:
    """Scroll ``sheet`` (a scrolling frame taller than the screen) from top to
    bottom with Page Down, checking on every row that the column before its
    scroll bar is blank, and that the words' frame reaches the one before it
    (the gap is one column, no more; where the words wrap, and a narrower line
    below them, are theirs)."""
    bar = sheet.vertical_scrollbar.region
    assert sheet.show_vertical_scrollbar and bar.width == 2  # the sheet is taller than the screen
    assert any(child.region.right == bar.x - 1 for child in sheet.children)
    while True:
        lines = screen_text(app).splitlines()
        rows = [lines[y] for y in range(bar.y, bar.bottom)]
        assert all(row[bar.x - 1] == " " for row in rows), "\n".join(rows)
        if sheet.scroll_y >= sheet.max_scroll_y:
            break
        await pilot.press("pagedown")
        await pilot.pause()


def frame_rows(app) -> list[str]:
    """The rows of the screen's frame (its box of words), as drawn, but for its right edge
    and scroll bar (whose thumb is longer when the frame is shorter)."""
    from textual.containers import VerticalScroll

    frame = app.screen.query_one(VerticalScroll).region
    rows = screen_text(app).splitlines()
    return [row[frame.x : frame.right - 4] for row in rows[frame.y : frame.bottom]]


def said_in_its_line(app) -> str | None:
    """The words of the screen's line saying why a key does nothing, as drawn, when it is
    up; it is on rows of its own, right above the key bar and clear of the screen's frame."""
    from textual.containers import VerticalScroll

    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    line = next(iter(app.screen.query("#table-only")), None)
    if line is None or not line.region:
        return None
    assert line.has_class("-shown")
    assert not line.region.overlaps(app.screen.query_one(VerticalScroll).region)
    assert line.region.bottom == app.screen.query_one(KeyBar).region.y
    rows = screen_text(app).splitlines()
    return " ".join(rows[y].strip() for y in range(line.region.y, line.region.bottom))


def said_on_the_result(app) -> str:
    """The words of the match result's line saying why a key did nothing, as drawn ("" while
    it is down); it is under the part that scrolls, clear of it, and above the key bar."""
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    line = app.screen.query_one("#match-said")
    if not line.display or not line.region:
        return ""
    assert app.screen.query_one("#match-over").region.bottom <= line.region.y
    assert line.region.bottom <= app.screen.query_one(KeyBar).region.y
    rows = screen_text(app).splitlines()
    return " ".join(rows[y].strip() for y in range(line.region.y, line.region.bottom))


async def terminal_click(app, pilot, widget, offset: tuple[int, int] = (0, 0), button: int = 1) -> None:
    """Press and release mouse ``button`` at ``offset`` in ``widget`` (a widget or a
    selector on the screen) as a terminal sends them: to the app, which makes the
    ``Click`` (``pilot.click`` gives the screen a ``Click`` of its own, past the app)."""
    from textual import events

    target = app.screen.query_one(widget) if isinstance(widget, str) else widget
    x, y = target.region.x + offset[0], target.region.y + offset[1]
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, button, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause()
