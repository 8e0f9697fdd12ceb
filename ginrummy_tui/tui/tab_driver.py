"""The Textual driver of a browser tab of ``gin-tui serve`` (``cli/serve.py``)."""

from __future__ import annotations

import asyncio
import os
import signal

from textual import events
from textual.drivers.web_driver import WebDriver
from textual.geometry import Size


class TabDriver(WebDriver):
    """Textual's web driver, the browser's sizes taken in the order they came.

    Textual's driver hands the app the tab's first size (the page's) by a longer way
    than the sizes the browser sends after it: a browser resizes the tab as soon as it
    connects, and that size reached the app before the first one, which the app then
    kept, drawing 80x24 in a larger window; the table, told of both sizes at once, was
    redrawn at one then the other without end, and the tab's process outlived the tab.
    Here every size takes the first one's way, so the last one sent is the one the app
    keeps.

    A tab also ends as a game in a terminal does: SIGINT and SIGTERM are left to the
    game's own handlers (``gin-tui``'s, which end the process if the app has not
    closed a few seconds later), where Textual's driver put its own, which only asked
    the app to close; and the tab closing (textual-serve's "quit") is the terminal
    gone, a SIGHUP, where Textual's driver only asked the app to close too.  A tab
    whose app could not close then ran on, its browser tab long gone."""

    GAME_SIGNALS = (signal.SIGINT, signal.SIGTERM)
    """The signals Textual's driver takes over, given back to the game's handlers."""

    def start_application_mode(self) -> None:
        kept = {number: signal.getsignal(number) for number in self.GAME_SIGNALS}
        super().start_application_mode()
        for number, handler in kept.items():
            if self._loop.remove_signal_handler(number) and handler is not None:
                signal.signal(number, handler)

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        hang_up = getattr(signal, "SIGHUP", None)
        if packet_type == "quit" and hang_up is not None:  # the tab was closed: its terminal is gone
            os.kill(os.getpid(), hang_up)
            return
        width, height = payload.get("width"), payload.get("height")
        if packet_type == "resize" and isinstance(width, int) and isinstance(height, int):
            self._size = (width, height)
            asyncio.run_coroutine_threadsafe(self._resize(Size(width, height)), self._loop)
            return
        super().on_meta(packet_type, payload)

    async def _resize(self, size: Size) -> None:
        self._app.post_message(events.Resize(size, size))
