"""Shared helpers for the app tests (Pilot)."""

from __future__ import annotations

import io

from rich.console import Console


def screen_text(app) -> str:
    """The characters on screen now."""
    w, h = app.size
    console = Console(width=w, height=h, file=io.StringIO(), force_terminal=True, record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


async def settle(app, pilot) -> None:
    """Wait until the computer has made every move it is due to make."""
    for _ in range(200):
        await pilot.pause()
        await app.workers.wait_for_complete()
        if not app.busy:
            await pilot.pause()
            if not app.busy:
                return
    raise AssertionError("the computer never finished its turn")
