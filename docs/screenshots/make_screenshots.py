"""Regenerate the screenshots of the README: ``python docs/screenshots/make_screenshots.py``.

Both come from arranged deals (see ``ginrummy_tui/tui/scenarios.py``), so they
only change when the app's look does.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app

HERE = Path(__file__).resolve().parent


async def shoot(name: str, state, keys: list[str], size: tuple[int, int], title: str) -> None:
    app = make_app(state=state, pause=0)
    async with app.run_test(size=size) as pilot:
        for key in keys:
            await pilot.press(key)
            for _ in range(100):
                await pilot.pause()
                await app.workers.wait_for_complete()
                if not app.busy:
                    break
        await pilot.pause()
        (HERE / name).write_text(app.export_screenshot(title=title), encoding="utf-8")
        print("wrote", HERE / name)


async def main() -> None:
    await shoot("table.svg", scenarios.knock_ready(), ["s"], (80, 24), "gin-tui: a knock is offered")
    await shoot("hand-summary.svg", scenarios.knocked(), [], (80, 24), "gin-tui: the end of a hand")


if __name__ == "__main__":
    asyncio.run(main())
