"""Random keys, clicks and terminal resizes, as a player hammering the
keyboard and the mouse would send them: the app never crashes or hangs, the
game stays a legal game, and the table always shows the player's real hand."""

from __future__ import annotations

import os
import random

import pytest
from textual import events

from ginrummy_tui.engine import validate
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.widgets.hand import HandView
from ginrummy_tui.tui.widgets.key_bar import KeyBar

from .app_helpers import settle

# Every key the app knows except those that quit (q, y on the question,
# Ctrl+Q, Ctrl+C), plus keys it does not use.
KEYS = list("tpsdkgbhralmo<>?cn1234567890-xz ") + [
    "enter", "escape", "left", "right", "up", "down", "tab", "shift+tab",
    "pageup", "pagedown", "home", "end", "f1", "f2", "f3", "backspace",
]


SIZES = [(80, 24), (80, 24), (120, 40), (60, 24), (100, 30), (160, 45), (50, 16), (30, 8)]
"""Terminal sizes to switch to now and then (the last two are too small to play)."""


KEY_NAMES = {"<": "less_than_sign", ">": "greater_than_sign", "?": "question_mark", "-": "minus", " ": "space"}


def send_key(app, key: str) -> None:
    """Put a key in the app's queue, as the terminal driver does (without
    waiting for it to be handled, as when a player types fast)."""
    app.post_message(events.Key(KEY_NAMES.get(key, key), key if len(key) == 1 else None))


def check(app) -> None:
    session = app.session
    validate(session.state)
    if isinstance(app.screen, GameScreen) and app.table is not None and app.table.v is not None:
        shown = app.table.query_one(HandView).cards
        assert sorted(shown, key=str) == sorted(session.view().hand, key=str)


def clicks_quit(app, x: int, y: int) -> bool:
    """True if a click there is on the key bar's Quit."""
    bars = app.screen.query(KeyBar)
    if not bars or y != app.size.height - 1:
        return False
    span = bars.first().span("q")
    return span is not None and span[0] <= x < span[1]


MOVE_KEYS = {"take upcard": "t", "pass": "p", "draw stock": "s", "draw discard": "d", "big gin": "b"}


def purposeful_keys(app, rng: random.Random) -> list[str]:
    """Keys a player would press to get on with the game: leave a side screen,
    go on after a hand, or make one of the legal moves."""
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.widgets.hand import KEYS as CARD_KEYS

    screen = app.screen
    if isinstance(screen, SummaryScreen):
        return ["enter"]
    if not isinstance(screen, GameScreen):
        return ["escape"] if rng.random() < 0.9 else ["n"]  # n: a new match on the match-over screen
    v = app.session.view()
    legal = [a for a in v.legal_actions if a.kind != "timeout"]
    if not v.my_turn or not legal:
        return []
    a = rng.choice(legal)
    if a.kind in MOVE_KEYS:
        return [MOVE_KEYS[a.kind]]
    i = screen.query_one(HandView).cards.index(a.card)
    return [CARD_KEYS[i], {"discard": "enter", "knock": "k", "gin": "g"}[a.kind]]


STEPS = int(os.environ.get("GIN_TUI_MONKEY_STEPS", "200"))
SEEDS = [int(x) for x in os.environ.get("GIN_TUI_MONKEY_SEEDS", "5").split(",")]
"""Events per run and the seeds; a longer hunt: ``GIN_TUI_MONKEY_STEPS=3000 GIN_TUI_MONKEY_SEEDS=1,2,3``."""


@pytest.mark.paints
@pytest.mark.parametrize("seed", SEEDS)
async def test_random_keys_and_clicks_never_break_the_game(seed, tmp_path, monkeypatch):
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path))  # the settings screen may save here
    rng = random.Random(seed)
    app = make_app(seed=seed, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        hands_seen = {(app.session.state.match_no, app.session.state.hand_no)}
        for step in range(STEPS):
            r = rng.random()
            if isinstance(app.screen, ConfirmQuit):
                send_key(app, "n")  # quitting is tested elsewhere: here the player goes back
            elif r < 0.03:
                await pilot.resize_terminal(*rng.choice(SIZES))
            elif r < 0.2:
                w, h = app.size
                x, y = rng.randrange(w), rng.randrange(h)
                if not clicks_quit(app, x, y):
                    await pilot.click(offset=(x, y))
            elif r < 0.6:
                send_key(app, rng.choice(KEYS))
            else:
                await settle(app, pilot)
                for key in purposeful_keys(app, rng):
                    send_key(app, key)
            if step % 4 == 3:
                await settle(app, pilot)
                assert app.is_running
                check(app)
                hands_seen.add((app.session.state.match_no, app.session.state.hand_no))
        await settle(app, pilot)
        check(app)
    assert app.return_code in (None, 0)
    assert len(hands_seen) >= 3  # the play got through hands, not stuck in one place
