"""The statistics screen's figures, worked out ahead of time: the same as
worked out at once, kept only while nothing is written, brought up to date in
the background after each recorded hand."""

from __future__ import annotations

import random
import shutil
import threading
import time

from ginrummy_tui.engine import PRESETS, new_game
from ginrummy_tui.session import keeper as keeper_module
from ginrummy_tui.session.keeper import Keeper
from ginrummy_tui.storage.figures import ReadyFigures, work_out
from ginrummy_tui.storage.history import DB_NAME, SharedHistory, import_json_history
from ginrummy_tui.storage.store import Store

from .test_history import db_of, random_history, write_json_history
from .test_stats import HISTORY, _play


def same(a, b) -> bool:
    return (a.stats.as_dict(), a.recent, a.trend) == (b.stats.as_dict(), b.recent, b.trend)


def wait_for(condition, timeout: float = 10.0) -> None:
    """Wait until ``condition()`` holds (the work is done in another thread)."""
    done = threading.Event()
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        done.wait(0.01)


def test_the_figures_are_those_of_the_history_and_kept_until_something_is_written(tmp_path):
    write_json_history(tmp_path, HISTORY + random_history(random.Random(3), 80))
    hist = db_of(tmp_path)
    import_json_history(hist)
    ready = ReadyFigures(SharedHistory(tmp_path))
    assert ready.ready() is None  # nothing worked out yet
    figures = ready.get()
    assert figures is not None and same(figures, work_out(hist))
    assert figures.stats.total.matches > 0 and figures.recent and figures.trend
    assert ready.get() is figures and ready.ready() is figures and ready.worked_out == 1

    # a match recorded on another connection (the game's, or another gin-tui's)
    later = random_history(random.Random(4), 1)
    later[0].update(id="later", finished=True, replay=False, winner=0)
    write_json_history(tmp_path, later)
    assert import_json_history(hist).imported == 1
    assert ready.ready() is None
    again = ready.get()
    assert ready.worked_out == 2 and same(again, work_out(hist)) and not same(again, figures)
    ready.close()
    hist.close()


def test_without_a_history_there_are_no_figures_and_no_database_is_made(tmp_path):
    ready = ReadyFigures(SharedHistory(tmp_path))
    assert ready.get() is None
    ready.refresh_soon()
    assert not (tmp_path / DB_NAME).exists()


def test_a_recorded_hand_has_the_figures_worked_out_again_in_the_background(tmp_path, monkeypatch):
    monkeypatch.setattr(keeper_module, "FIGURES_DELAY", 0.0)
    keeper = Keeper(Store(tmp_path), settings={"ai": "easy"})
    state = new_game(PRESETS["standard"].with_options(target=60), seed=8)
    keeper.start(state)
    figures = keeper.figures
    assert figures.get() is None  # the app asks for them once it is up: nothing recorded yet
    state = _play(keeper, state, random.Random(5), until=lambda s: len(s.sheet) >= 1)
    wait_for(lambda: figures.ready() is not None)
    assert figures.worked_out >= 1
    hist = db_of(tmp_path)
    assert same(figures.ready(), work_out(hist)) and figures.ready().stats.total.hands == 1
    keeper.close_history()
    hist.close()


def test_a_damaged_database_set_aside_takes_its_figures_with_it(tmp_path):
    write_json_history(tmp_path, HISTORY)
    shared = SharedHistory(tmp_path)
    import_json_history(shared.get())
    ready = ReadyFigures(shared)
    assert ready.get().stats.total.matches > 0
    shared.close()  # damaged for good, nothing of it readable, nothing archived to rebuild it from
    for path in tmp_path.glob(DB_NAME + "*"):
        path.write_bytes(b"damaged" * 1000)
    shutil.rmtree(tmp_path / "archive")
    shared.replace_damaged("damaged, say")
    assert list(tmp_path.glob(DB_NAME + ".damaged-*"))
    assert ready.ready() is None
    assert ready.get().stats.total.matches == 0  # the new database's
    ready.close()
    shared.close()


def test_a_history_that_cannot_be_made_is_tried_and_told_once(tmp_path):
    # With a file above the data directory the database can be neither found nor
    # made: every get() tried again and told the same message again.
    (tmp_path / "a file").write_text("x", encoding="utf-8")
    shared = SharedHistory(tmp_path / "a file" / "gin-tui")
    assert shared.get() is None and shared.get() is None and shared.get() is None
    told = shared.take_messages()
    assert shared.unusable is not None and len(told) == 1, told
