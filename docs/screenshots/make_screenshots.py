"""Regenerate the screenshots of the docs: ``python docs/screenshots/make_screenshots.py``.

They come from arranged deals (see ``ginrummy_tui/tui/scenarios.py``) and, for
the statistics, from matches played by the computer on both sides with fixed
seeds, so they only change when the app's look (or the computer's play) does.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app

HERE = Path(__file__).resolve().parent


async def shoot(name: str, state, keys: list[str], size: tuple[int, int], title: str, out: Path = HERE) -> None:
    """Write the screenshot ``name`` into ``out`` (this folder; ``tests/test_readme.py`` makes
    those of the arranged deals elsewhere and compares them with these)."""
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
        (out / name).write_text(app.export_screenshot(title=title), encoding="utf-8")
        print("wrote", out / name)


SHOTS = (
    ("table.svg", scenarios.knock_ready, ["s"], (80, 24), "gin-tui: a knock is offered"),
    ("hand-summary.svg", scenarios.knocked, [], (80, 24), "gin-tui: the end of a hand"),
)
"""The screenshots of arranged deals: name, deal, keys, size, title."""


def played_history(root: Path) -> None:
    """Matches against each level, both seats played by the computer: you are
    the standard player; your opponent's level changes (fixed seeds)."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, Action, apply, new_game, view
    from ginrummy_tui.storage.history import open_history

    hist = open_history(root).history
    assert hist is not None
    for level, count in (("easy", 24), ("standard", 24), ("expert", 8)):
        for i in range(count):
            seed = 1000 + i
            players = (get_opponent("standard", seed), get_opponent(level, seed + 1))
            rec = hist.recorder(f"2026-11-{1 + i % 28:02d}-{level}-{i:02d}", opponent=level)
            state = new_game(PRESETS["standard"], seed=seed)
            while not state.over:
                if state.phase == "hand_over":
                    state = apply(state, Action("next hand"))
                else:
                    state = apply(state, players[state.current].choose(view(state, state.current)))
                rec.observe(state)
    hist.close()


async def shoot_stats(name: str, size: tuple[int, int], title: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        played_history(Path(tmp))
        app = make_app(seed=1, pause=0)
        app.context.data_dir = Path(tmp)
        async with app.run_test(size=size) as pilot:
            for _ in range(100):
                await pilot.pause()
                await app.workers.wait_for_complete()
                if not app.busy:
                    break
            await pilot.press("f3")
            await pilot.pause()
            (HERE / name).write_text(app.export_screenshot(title=title), encoding="utf-8")
            print("wrote", HERE / name)


async def main() -> None:
    for name, deal, keys, size, title in SHOTS:
        await shoot(name, deal(), keys, size, title)
    await shoot_stats("stats.svg", (100, 44), "gin-tui: the statistics (F3)")


if __name__ == "__main__":
    asyncio.run(main())
