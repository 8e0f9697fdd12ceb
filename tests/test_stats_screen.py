"""The statistics screen: one key (F3) away, with the figures of the data directory."""

from __future__ import annotations

import argparse
import contextlib
import random

import pytest
from textual.widgets import Static

from ginrummy_tui.cli.play import build_app
from ginrummy_tui.session.startup import Plan, prepare
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.stats_screen import StatsScreen
from ginrummy_tui.tui.widgets.trend import Trend

from .app_helpers import screen_text, settle
from .test_history import write_json_history
from .test_stats import HISTORY


def plan_in(root) -> Plan:
    """What ``gin-tui --seed 1 --data-dir ROOT`` plays, prepared (the app not yet built)."""
    args = argparse.Namespace(ai=None, rules=None, seed=1, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(root))
    return prepare(args, ask=None)


@contextlib.asynccontextmanager
async def running_on(plan: Plan, size: tuple[int, int], *, upkeep_ended: bool = False):
    """The app ``gin-tui`` builds on ``plan``, running on a screen of ``size``
    (with ``upkeep_ended``, once the history upkeep has imported the old
    records in the background and ended); gives ``(app, pilot)`` and closes
    the plan afterwards."""
    app = build_app(plan, pause=0)
    async with app.run_test(size=size) as pilot:
        while upkeep_ended and (app.history_upkeep is None or app.history_upkeep.is_alive()):
            await pilot.pause(0.01)
        yield app, pilot
    plan.close()


async def press_f3(app, pilot) -> str:
    """F3 pressed: the text on the screen then."""
    await pilot.press("f3")
    await pilot.pause()
    return screen_text(app)


async def test_f3_shows_the_record_per_opponent_and_escape_closes(tmp_path):
    write_json_history(tmp_path, HISTORY)
    folder = tmp_path / "history"
    plan = plan_in(tmp_path)
    assert (folder / "2026-01-01.json").exists()  # not imported before the app is up
    async with running_on(plan, (100, 40), upkeep_ended=True) as (app, pilot):
        assert not (folder / "2026-01-01.json").exists() and (tmp_path / "archive" / "history" / "2026-01-01.json").exists()
        text = await press_f3(app, pilot)
        assert isinstance(app.screen, StatsScreen)
        assert "Your record" in text
        assert "multiplayer-1.5" in text and "expert" in text
        row = next(line for line in text.splitlines() if "Matches won" in line)
        assert row.split()[-4:-1] == ["0", "3", "3"]
        row = next(line for line in text.splitlines() if "Matches lost on time" in line)
        assert row.split()[-4:-1] == ["1", "0", "1"]  # the expert's match: you ran out of time
        assert "Last matches" in text
        # the trend: one sparkline per level, a bar per finished match (the replay left out)
        trend = app.screen.query_one(Trend).trend
        assert trend == {"expert": [(0, False)], "standard": [(0, True), (0, False), (0, True), (0, True)]}
        for level, n in (("expert", 1), ("standard", 4)):
            line = next(line for line in text.splitlines() if f"vs {level}" in line and "won" in line)
            bars = line.split(f"vs {level}")[1].split()[0]
            assert len(bars) == n and set(bars) <= set("▁▂▃▄▅▆▇█")  # a bar a match
        assert "won 3 of the last 4" in text and "won 0 of the last 1" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_with_nothing_recorded_it_says_so(tmp_path):
    async with running_on(plan_in(tmp_path), (80, 24)) as (app, pilot):
        assert "No games recorded yet" in await press_f3(app, pilot)


async def test_f3_says_the_history_cannot_be_used_not_that_nothing_is_recorded(tmp_path):
    (tmp_path / "history.sqlite3").mkdir()
    async with running_on(plan_in(tmp_path), (100, 30)) as (app, pilot):
        text = " ".join((await press_f3(app, pilot)).split())
        assert "No games recorded yet" not in text
        assert "Your match history cannot be used (it is a directory, not a file)." in text


async def test_f3_draws_the_figures_worked_out_ahead_and_never_stale_ones(tmp_path, monkeypatch):
    from ginrummy_tui.storage.history import History, import_json_history, open_history

    from .test_history import random_history

    queries = []
    stats = History.stats
    monkeypatch.setattr(History, "stats", lambda self: queries.append(1) or stats(self))
    write_json_history(tmp_path, HISTORY)
    async with running_on(plan_in(tmp_path), (100, 40), upkeep_ended=True) as (app, pilot):
        figures = app.context.keeper.figures
        assert figures.worked_out == 1 and len(queries) == 1  # by the start-up upkeep, after the import
        row = next(line for line in (await press_f3(app, pilot)).splitlines() if "Matches played" in line)
        assert row.split()[-2] == "5" and len(queries) == 1  # drawn, not worked out again
        await pilot.press("escape")
        await pilot.pause()
        # another gin-tui records a match: F3 works the figures out again at once
        other = open_history(tmp_path).history
        later = random_history(random.Random(4), 1)
        later[0].update(id="later", finished=True, replay=False, winner=0)
        write_json_history(tmp_path, later)
        assert import_json_history(other).imported == 1
        other.close()
        row = next(line for line in (await press_f3(app, pilot)).splitlines() if "Matches played" in line)
        assert row.split()[-2] == "6" and len(queries) == 2 and figures.worked_out == 2


async def test_f3_with_matches_over_the_network_names_no_level_or_computer_for_them(tmp_path):
    """The trend's title said 'against each level' above the network line, and the rows 'the computer'."""
    from ginrummy_tui.storage.stats import NETWORK

    from .test_stats import hand, match

    person = match("2026-01-09", NETWORK, "standard", [hand(1, "undercut", 1, 0, 30)], winner=0)
    write_json_history(tmp_path, [*HISTORY, person])
    async with running_on(plan_in(tmp_path), (100, 60), upkeep_ended=True) as (app, pilot):
        await press_f3(app, pilot)
        box = app.screen.query_one("#stats").region  # F3's words, not the table's behind them
        text = "\n".join(screen_text(app).splitlines()[box.y : box.bottom])
        assert "vs network" in text and "won 1 of the last 1" in text
        assert "your margin in the last matches against each opponent, oldest first" in text
        assert "level" not in text and "computer" not in text.lower(), text


async def test_without_saving_the_statistics_read_no_history(monkeypatch):
    """gin-tui --data-dir -: F3 read the history of the default data
    directory, and moved it aside when it could not read it; then it named
    the commands on the command line, which read that other directory."""
    from ginrummy_tui.storage.files import data_dir

    from .test_config_screen import unsaved_app

    history = data_dir() / "history.sqlite3"
    history.parent.mkdir(parents=True)
    history.write_bytes(b"not a database")
    app = unsaved_app(monkeypatch)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(app, pilot)
        await press_f3(app, pilot)
        assert isinstance(app.screen, StatsScreen)
        await pilot.pause()
        said = " ".join(screen_text(app).split())
        assert "Your match history cannot be used (nothing is read or recorded with --data-dir -)." in said
        # no commands on another data directory's figures ("gin-tui stats [--json], gin-tui export")
        assert "On the command line" not in said and "gin-tui stats" not in said, said
        assert not app.screen.query("#stats-cli")
    assert [p.name for p in history.parent.iterdir()] == ["history.sqlite3"]
    assert history.read_bytes() == b"not a database"


async def test_f3_at_80_columns_keeps_the_trend_heading_off_the_scroll_bar_and_says_there_is_more_below(tmp_path):
    """At 80x24 the trend's heading ran up to the scroll bar ("…oldest first▂▂"), and that
    the figures go on below the frame was shown only by the scroll bar's two-column mark."""
    write_json_history(tmp_path, HISTORY)
    async with running_on(plan_in(tmp_path), (80, 24), upkeep_ended=True) as (app, pilot):
        await press_f3(app, pilot)
        await pilot.pause()
        frame = app.screen.query_one("#stats")
        bar = frame.vertical_scrollbar.region
        assert frame.show_vertical_scrollbar and frame.max_scroll_y > 0
        bottom = screen_text(app).splitlines()[bar.bottom]  # the frame's bottom edge
        assert bottom.rstrip().endswith("more below: ↓/PgDn ─╯")
        seen = False
        while True:  # every row keeps a blank column before the scroll bar, the heading's too
            lines = screen_text(app).splitlines()
            rows = lines[bar.y:bar.bottom]
            assert all(row[bar.x - 1] == " " for row in rows), "\n".join(rows)
            seen = seen or any(row.lstrip("│ ").startswith("Trend  ") and "oldest first" in row for row in rows)
            if frame.scroll_y >= frame.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert seen  # the heading still says how to read the bars
        await pilot.pause()
        assert "more below" not in screen_text(app).splitlines()[bar.bottom]  # at the end: nothing more
        await pilot.press("pageup")
        await pilot.pause()
        assert "more below: ↓/PgDn" in screen_text(app).splitlines()[bar.bottom]


async def test_f3_says_there_is_more_below_in_ascii_with_ascii_suits(tmp_path):
    write_json_history(tmp_path, HISTORY)
    async with running_on(plan_in(tmp_path), (80, 24), upkeep_ended=True) as (app, pilot):
        app.ascii_only = True
        await press_f3(app, pilot)
        await pilot.pause()
        frame = app.screen.query_one("#stats")
        assert "more below: Down/PgDn" in screen_text(app).splitlines()[frame.vertical_scrollbar.region.bottom]


def test_the_trend_heading_gives_way_to_the_room():
    from ginrummy_tui.tui.screens.stats_screen import trend_heading

    assert trend_heading(93).plain == "Trend  your margin in the last matches against each opponent, oldest first"
    assert trend_heading(73).plain == "Trend  your margin in the last matches, oldest first"
    assert trend_heading(10).plain == "Trend"


async def test_f3_with_ascii_suits_is_ascii_alone_trend_bars_too(tmp_path):
    """With ASCII suits the statistics still drew the trend's bars in block signs
    ("vs master ▁█ won 1 of the last 2 · -6 a match")."""
    write_json_history(tmp_path, HISTORY)
    async with running_on(plan_in(tmp_path), (100, 30), upkeep_ended=True) as (app, pilot):
        app.ascii_only = True
        await press_f3(app, pilot)
        await pilot.pause()
        frame = app.screen.query_one("#stats")
        seen = []
        while True:
            seen.append(screen_text(app))
            if frame.scroll_y >= frame.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        text = "\n".join(seen)
        assert "vs " in text and " a match" in text  # the trend was shown
        assert text.isascii(), "".join(sorted({ch for ch in text if not ch.isascii()}))
        row = next(line for line in text.splitlines() if "vs " in line and " a match" in line)
        import re

        found = re.search(r"vs \w+\s+(\S+)\s+won \d+ of the last (\d+), [+-]\d+ a match", row)
        assert found, row  # a bar a match, in ASCII signs, then the summary with a comma
        bars, matches = found.groups()
        assert len(bars) == int(matches) and set(bars) <= set("_.-=#"), row


async def test_f3_names_the_commands_on_the_data_directory_the_game_uses(tmp_path):
    """With ``--data-dir D`` F3 ended with "On the command line: gin-tui stats
    [--json], gin-tui export", which, run as printed, read the default
    directory: the commands now name D, quoted as the resume line quotes it."""
    import shlex

    from ginrummy_tui.session.startup import resume_command

    root = tmp_path / "tc data"
    plan = plan_in(root)
    args = argparse.Namespace(data_dir=str(root), ascii=True)
    app = build_app(plan, pause=0, command=resume_command(args))
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(app, pilot)
        await press_f3(app, pilot)
        hint = str(app.screen.query_one("#stats-cli", Static).content)
    plan.close()
    where = shlex.quote(str(root.absolute()))
    assert hint == f"On the command line: gin-tui stats --data-dir {where} [--json], gin-tui export --data-dir {where}"


async def test_f3_on_a_history_found_damaged_as_it_is_read_shows_the_matches_kept(tmp_path, monkeypatch):
    """F3 found the index of the history by level zeroed as it worked the
    figures out: the history was set aside, the note said its 2 matches were
    kept in a new one, and the screen said no games were recorded yet."""
    import shutil

    from ginrummy_tui.session import keeper as keeper_module

    from .app_helpers import until
    from .test_history import _played_matches, _zero_page_of

    _played_matches(tmp_path, 2)
    shutil.rmtree(tmp_path / "archive")  # what is kept comes from the damaged file alone
    _zero_page_of(tmp_path, "matches_level")
    monkeypatch.setattr(keeper_module, "start_history_upkeep", lambda *args, **kwargs: None)  # F3 finds it
    async with running_on(plan_in(tmp_path), (100, 40)) as (app, pilot):
        text = await press_f3(app, pilot)
        # the note's words, whatever the lines its toast breaks them into
        await until(pilot, lambda: any("(2 matches) is kept" in " ".join(str(n.message).split()) for n in app._notifications))
        text = screen_text(app)
        assert "No games recorded yet" not in text
        row = next(line for line in text.splitlines() if "Matches played" in line)
        assert row.strip("│ ").split()[-1] == "2", text


async def test_the_note_of_a_history_f3_found_damaged_is_raised_on_the_app_s_thread(tmp_path, monkeypatch):
    """F3 reads the history on a thread of its own: the note that it was found damaged and set
    aside was raised from that thread, its toast and timer made off the app's event loop."""
    import shutil
    import threading

    from ginrummy_tui.session import keeper as keeper_module

    from .app_helpers import until
    from .test_history import _played_matches, _zero_page_of

    _played_matches(tmp_path, 2)
    shutil.rmtree(tmp_path / "archive")
    _zero_page_of(tmp_path, "matches_level")
    monkeypatch.setattr(keeper_module, "start_history_upkeep", lambda *args, **kwargs: None)  # F3 finds it
    async with running_on(plan_in(tmp_path), (100, 40)) as (app, pilot):
        raised: list[tuple[str, threading.Thread]] = []
        notify = app.notify

        def recording(message, *args, **kwargs):
            raised.append((" ".join(str(message).split()), threading.current_thread()))
            return notify(message, *args, **kwargs)

        monkeypatch.setattr(app, "notify", recording)
        await press_f3(app, pilot)
        await until(pilot, lambda: any("(2 matches) is kept" in text for text, _ in raised))
        assert {thread for _, thread in raised} == {threading.main_thread()}


def test_f3_in_network_play_closes_the_history_it_opened_to_read(tmp_path, monkeypatch):
    """With no keeper (network play), F3 opened the data directory's history for its read
    and left its connection open, one more at each F3."""
    from types import SimpleNamespace

    from ginrummy_tui.storage import history
    from ginrummy_tui.tui.screens.stats_screen import read_history

    from .test_history import _played_matches

    _played_matches(tmp_path, 2)
    opened: list[history.SharedHistory] = []

    class Kept(history.SharedHistory):
        def __init__(self, root) -> None:
            super().__init__(root)
            opened.append(self)

    monkeypatch.setattr(history, "SharedHistory", Kept)
    app = SimpleNamespace(context=SimpleNamespace(uses_files=True, keeper=None, data_dir=tmp_path), history_upkeep=None)
    told: list[str] = []
    for _ in range(2):
        figures, notes = read_history(app, told)
        assert figures.unusable is None and notes == [] and told == []
    assert len(opened) == 2 and all(shared.opened() is None for shared in opened)


async def test_f3_on_a_terminal_wider_than_its_frame_shows_every_column_and_all(tmp_path):
    """At 120 columns, with more opponent and rules columns than its frame of 100 holds side by
    side, F3 laid them out for 114 columns: the last was cut ("standar"), and "All" was off the
    frame, never seen."""
    from .test_stats import hand, match

    pairs = [(opp, preset) for opp in ("easy", "standard", "expert", "master") for preset in ("standard", "classic")]
    records = [match(f"2026-02-{n:02}", opp, preset, [hand(1, "knock", 0, 0, 10 + n)], winner=0)
               for n, (opp, preset) in enumerate(pairs, start=1)]
    write_json_history(tmp_path, records)
    async with running_on(plan_in(tmp_path), (120, 40), upkeep_ended=True) as (app, pilot):
        text = await press_f3(app, pilot)
        assert isinstance(app.screen, StatsScreen)
        lines = text.splitlines()
        heads = [line for line in lines if line.lstrip("│ ").startswith("Opponent")]
        words = [w for line in heads for w in line.strip("│ ").split()]
        assert words.count("All") == 1, "\n".join(lines)
        for opp in ("easy", "master", "standard", "expert"):
            assert opp in words, "\n".join(lines)
        won = [line for line in lines if line.lstrip("│ ").startswith("Matches won")]
        assert sum(len(line.strip("│ ").split()) - 2 for line in won) == 9, "\n".join(lines)  # eight and All
        assert all(len(line) <= 120 and (not line.strip() or line.rstrip().endswith(("│", "╮", "╯", "Back"))) for line in lines)


def test_the_trend_bars_are_measured_from_an_even_match():
    """One match lost by 32 drew a full bar, as one won by 106 did: each line was scaled from
    its own lowest margin to its highest, which for one match are the same."""
    from rich.color import Color

    from ginrummy_tui.tui.widgets.trend import ASCII_LEVELS, BAR_LEVELS, bars

    red, green = Color.parse("red"), Color.parse("green")
    assert bars([-32.0], red, green).plain == "▁"
    assert bars([106.0], red, green).plain == "█"
    assert bars([0.0], red, green).plain == "▁"
    assert bars([-30.0, -10.0, 0.0, 20.0], red, green, ASCII_LEVELS).plain == "_--#"
    lone = bars([-32.0], red, green)
    assert lone.spans[0].style.color == red  # a loss in the colour of a loss
    assert set(bars([5.0, -5.0, 50.0], red, green).plain) <= set(BAR_LEVELS)


async def test_f3_on_a_history_held_elsewhere_says_no_import_and_shows_the_figures_once_it_is_free(tmp_path, monkeypatch):
    """With the history held by another connection (a sqlite3 shell in exclusive locking mode),
    F3 froze the screen for SQLite's busy timeout twice over (10 s each) before it said
    "... cannot be used (database is locked). (your earlier records are being imported)",
    though there was nothing to import (the upkeep's thread was only waiting); and once the
    history was free again ("The statistics database is free again") the open F3 kept saying
    so until it was closed and opened again."""
    import threading

    from ginrummy_tui.session.keeper import FREE_NOTE
    from ginrummy_tui.storage import history
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens import stats_screen

    from .app_helpers import until
    from .test_history_busy import Held

    monkeypatch.setattr(history, "BUSY_TIMEOUT", 3.0)  # what waits for the lock waits less (10 s in play)
    read_in: list[threading.Thread] = []  # the threads that read the history for F3 (and wait for it)
    read_history = stats_screen.read_history

    def reading(app, told):
        read_in.append(threading.current_thread())
        return read_history(app, told)

    monkeypatch.setattr(stats_screen, "read_history", reading)
    held = Held(tmp_path)
    plan = plan_in(tmp_path)
    plan.state = scenarios.knock_ready()
    try:
        async with running_on(plan, (100, 40)) as (app, pilot):
            await pilot.press("s")  # the A of spades from the stock
            await until(pilot, lambda: app.session.view().phase == "discard", timeout=20)
            await pilot.press("k")  # the hand ends: its record waits for the history
            await until(pilot, lambda: app.session.state.sheet, timeout=20)
            await pilot.pause(0.2)
            text = " ".join((await press_f3(app, pilot)).split())
            # up before the history is read, saying so, where the screen froze the busy timeout twice over
            assert isinstance(app.screen, StatsScreen)
            assert "│ Your record │ │ Reading your match history... Its figures come up here once it is read" in text, text
            await until(pilot, lambda: "cannot be used (database is locked)" in screen_text(app), timeout=20)
            # the screen never froze: what waits for the history is read in a thread of its own
            assert read_in and threading.current_thread() not in read_in, read_in
            text = " ".join(screen_text(app).split())
            assert "Reading" not in text
            assert "being imported" not in text
            held.release()
            held = None
            await until(pilot, lambda: any(str(n.message) == FREE_NOTE for n in app._notifications), timeout=10)
            await until(pilot, lambda: "Matches played" in screen_text(app), timeout=10)
            text = " ".join(screen_text(app).split())
            assert isinstance(app.screen, StatsScreen) and "cannot be used" not in text
            row = next(line for line in screen_text(app).splitlines() if "Hands" in line)
            assert row.split()[-2] == "1"  # the hand that waited, drawn
    finally:
        if held is not None:
            held.release()


@pytest.mark.parametrize("size", [(80, 24), (46, 21), (120, 40)])
async def test_the_trend_of_thirty_matches_keeps_each_level_on_one_line(tmp_path, size):
    """At 80 columns each level's line of its last 30 matches was broken in two ("won 0 of the
    last 30 · -133" / "a match"), its newest bars cut off for an ellipsis. The summary gets
    shorter, then the oldest bars give way, as the room asks; the newest bar is always drawn."""
    from ginrummy_tui.tui.widgets.trend import BAR_LEVELS

    write_json_history(tmp_path, HISTORY)
    async with running_on(plan_in(tmp_path), size, upkeep_ended=True) as (app, pilot):
        await press_f3(app, pilot)
        await pilot.pause()
        widget = app.screen.query_one(Trend)
        lost = [(-133 + i, False) for i in range(29)] + [(40, True)]  # the newest, a win: a full bar
        widget.trend = {"expert": lost, "standard": [(m, w) for m, w in reversed(lost)], "master": lost[:3]}
        widget.refresh(layout=True)
        await pilot.pause()
        widget.scroll_visible(animate=False)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        for level, results in widget.trend.items():
            [row] = [i for i, line in enumerate(lines) if line.strip("│ ").startswith(f"vs {level} ") and " of " in line]
            line = lines[row]
            won = sum(w for _, w in results)
            assert f"{won} of {'the last ' if size[0] >= 120 else ''}{len(results)}" in line, line
            assert "…" not in line
            below = lines[row + 1].strip("│ ")
            assert not below or below.startswith(("vs ", "Last matches", "╰")), lines[row + 1]  # nothing carried over
            newest = "█" if results[-1][1] else "▁"
            bars_drawn = [c for c in line if c in BAR_LEVELS]
            assert bars_drawn and bars_drawn[-1] == newest, line
            if size[0] >= 80:
                assert len(bars_drawn) == len(results)  # at 80 columns the summary is shortened first


@pytest.mark.parametrize("f3", [False, True], ids=["table", "f3-reading"])
async def test_the_game_closes_at_once_while_the_history_held_elsewhere_is_still_being_opened_or_read(
    tmp_path, monkeypatch, f3
):
    """With the history held by another program (exclusive locking mode), closing the game
    waited for the start-up's opening of it, SQLite's busy timeout (10 s), and with F3 open
    and still reading it as long again (20 s in all): the threads waiting for it now close
    what they open, and the game does not wait for them."""
    from ginrummy_tui.storage import history

    from .test_history_busy import Held

    monkeypatch.setattr(history, "BUSY_TIMEOUT", 600.0)  # a close that waits for the lock waits until it is let go
    held = Held(tmp_path)
    plan = plan_in(tmp_path)
    try:
        app = build_app(plan, pause=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause(0.5)
            if f3:
                assert "Reading your match history..." in await press_f3(app, pilot)
            app.exit()
        plan.close()
        # closed with the history still held: it waited the busy timeout (10 s, 20 s with F3) before
        assert not held.given_up
    finally:
        held.release()


async def test_f3_leaves_out_a_match_whose_rules_name_is_not_text_and_the_game_goes_on(tmp_path):
    """A match whose preset another program wrote as bytes: F3 crashed the app
    (sorting the columns, "'<' not supported between ... 'bytes' and 'str'")."""
    import sqlite3

    from ginrummy_tui.cli import main

    write_json_history(tmp_path, HISTORY)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0  # imported
    conn = sqlite3.connect(tmp_path / "history.sqlite3")
    with conn:
        conn.execute("UPDATE matches SET preset = x'ff' WHERE uid = '2026-01-05'")
    conn.close()
    async with running_on(plan_in(tmp_path), (100, 40), upkeep_ended=True) as (app, pilot):
        text = " ".join((await press_f3(app, pilot)).split())
        assert isinstance(app.screen, StatsScreen)
        assert "Matches played" in text and "vs standard" in text
        await pilot.press("end")  # the notes under the table
        await pilot.pause()
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert "match 2026-01-05 could not be read (its record in the history is damaged: its column preset holds" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
