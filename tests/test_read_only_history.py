"""A history that cannot be written here (a read-only folder or file, a backup
copy, a read-only mount) is still shown by what only reads it: ``gin-tui
stats``, ``export`` and F3, read as it is, nothing made beside it.

The tests run as root too, whom no mode stops: the history's opening to
record in it is refused as SQLite refuses it in a read-only folder ("attempt to
write a readonly database"), and the reading is SQLite's own read-only one."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from ginrummy_tui.cli import main
from ginrummy_tui.storage.figures import read_only_figures
from ginrummy_tui.storage.history import DB_NAME, MIGRATIONS, SCHEMA_VERSION, History, open_history

from .test_stats import HISTORY
from .test_stats_screen import plan_in, press_f3, running_on


def recorded(root: Path, records=HISTORY[:4]) -> bytes:
    """A history of ``records`` in ``root``, closed as a game leaves it; its bytes."""
    hist = open_history(root).history
    assert hist is not None
    for record in records:
        hist.add_record(record)
    hist.close()
    return (root / DB_NAME).read_bytes()


def readonly_error(root: Path) -> sqlite3.OperationalError:
    """What SQLite says on a write to a database it may only read."""
    scratch = root / "scratch.sqlite3"
    sqlite3.connect(scratch).close()
    conn = sqlite3.connect(f"{scratch.as_uri()}?mode=ro", uri=True)
    try:
        conn.execute("CREATE TABLE t (x)")
    except sqlite3.OperationalError as exc:
        return exc
    finally:
        conn.close()
        scratch.unlink()
    raise AssertionError("SQLite wrote a read-only database")


@pytest.fixture
def read_only(tmp_path, monkeypatch):
    """Called: the history's opening to record in it is refused from then on, as in a read-only folder."""
    error = readonly_error(tmp_path)

    def refused(cls, root, *, wait=True):
        raise error

    return lambda: monkeypatch.setattr(History, "connect", classmethod(refused))


def side_files(root: Path) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name.startswith(DB_NAME + "-"))


def test_gin_tui_stats_shows_a_history_it_cannot_write_and_says_nothing_new_is_recorded(tmp_path, capsys, read_only):
    before = recorded(tmp_path)
    read_only()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    row = next(line for line in out.splitlines() if line.startswith("Matches played"))
    assert row.split()[-1] == "4"
    assert "is only read" in err and "no new match can be recorded in it" in err
    assert "write" not in err and "cannot be used" not in err
    assert (tmp_path / DB_NAME).read_bytes() == before  # nothing brought up to date, repaired or set aside
    assert side_files(tmp_path) == []  # no -shm left beside it (one of the file's mode kept it read-only)


def test_gin_tui_export_lists_a_history_it_cannot_write(tmp_path, capsys, read_only):
    recorded(tmp_path)
    read_only()
    assert main(["export", "--list", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"]
    assert "is only read" in err
    assert main(["export", "--match", "last", "--data-dir", str(tmp_path)]) == 0
    assert '"id":"2026-01-04"' in capsys.readouterr().out


def test_a_history_of_an_earlier_version_it_cannot_bring_up_to_date_is_said_so_with_what_to_do(
    tmp_path, capsys, read_only
):
    conn = sqlite3.connect(tmp_path / DB_NAME)
    for step in range(1, SCHEMA_VERSION):
        conn.executescript(MIGRATIONS[step])
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION - 1}")
    conn.close()
    read_only()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "earlier version of gin-tui and must be brought up to date first" in err
    assert "--data-dir or GIN_TUI_HOME" in err
    assert "write" not in err
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION - 1  # left as it was
    conn.close()


def test_the_figures_of_f3_are_read_from_a_history_it_cannot_write(tmp_path, read_only):
    recorded(tmp_path)
    read_only()
    figures = read_only_figures(tmp_path, "attempt to write a readonly database")
    assert figures.unusable is None
    assert figures.read_only is not None and figures.stats.total.matches == 4
    assert side_files(tmp_path) == []


async def test_f3_shows_a_history_it_cannot_write_with_a_note(tmp_path, read_only):
    recorded(tmp_path)
    read_only()
    async with running_on(plan_in(tmp_path), (100, 40)) as (app, pilot):
        text = " ".join((await press_f3(app, pilot)).split())
        assert "cannot be used" not in text and "write" not in text
        assert "Shown as it is:" in text and "so no new match is recorded in it." in text
        assert "Matches played 4" in text


def test_a_history_file_at_mode_0400_is_shown_by_gin_tui_stats(tmp_path, capsys, monkeypatch):
    """What refuses it is gin-tui's own look at the file's mode, before SQLite opens it: that
    look is made to see the mode 0400 gives another user than root."""
    before = recorded(tmp_path)
    path = os.path.realpath(tmp_path / DB_NAME)
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode, **kw: not (mode & os.W_OK and os.path.realpath(p) == path) and real_access(p, mode, **kw)
    )
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert next(line for line in out.splitlines() if line.startswith("Matches played")).split()[-1] == "4"
    assert "is only read: the file is read-only, so no new match can be recorded in it" in err
    assert (tmp_path / DB_NAME).read_bytes() == before and side_files(tmp_path) == []
