"""The Textual driver of a browser tab of ``gin-tui serve`` (``cli/serve.py``)."""

from __future__ import annotations

import asyncio

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
    keeps."""

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        width, height = payload.get("width"), payload.get("height")
        if packet_type == "resize" and isinstance(width, int) and isinstance(height, int):
            self._size = (width, height)
            asyncio.run_coroutine_threadsafe(self._resize(Size(width, height)), self._loop)
            return
        super().on_meta(packet_type, payload)

    async def _resize(self, size: Size) -> None:
        self._app.post_message(events.Resize(size, size))
