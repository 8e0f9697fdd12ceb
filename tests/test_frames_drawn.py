"""The test processes' headless apps draw a frame only where it is read (conftest's
``frames_drawn_when_read``), and a screen that cannot be drawn still fails its test."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from .app_helpers import screen_text


class Counted(Static):
    """A line that counts how often it is drawn, and can be made to fail to draw."""

    DEFAULT_CSS = "Counted { height: 1; }"

    def __init__(self) -> None:
        super().__init__("first")
        self.drawn = 0
        self.broken = False

    def render(self):
        self.drawn += 1
        if self.broken:
            raise RuntimeError("this line cannot be drawn")
        return super().render()


class One(App[None]):
    def compose(self) -> ComposeResult:
        yield Counted()


async def test_a_frame_is_drawn_where_it_is_read_and_shows_the_latest_words():
    app = One()
    async with app.run_test(size=(30, 3)) as pilot:
        line = app.query_one(Counted)
        await pilot.pause()
        line.update("second")
        await pilot.pause()
        assert line.drawn == 0  # no frame drawn for the driver
        assert "second" in screen_text(app)
        assert line.drawn == 1


@pytest.mark.paints
async def test_a_test_marked_paints_draws_every_frame():
    app = One()
    async with app.run_test(size=(30, 3)) as pilot:
        line = app.query_one(Counted)
        await pilot.pause()
        drawn = line.drawn
        assert drawn >= 1
        line.update("second")
        await pilot.pause()
        assert line.drawn > drawn


async def test_a_screen_that_cannot_be_drawn_still_fails_its_test():
    app = One()
    with pytest.raises(RuntimeError, match="cannot be drawn"):
        async with app.run_test(size=(30, 3)) as pilot:
            app.query_one(Counted).broken = True
            app.query_one(Counted).update("second")
            await pilot.pause()
