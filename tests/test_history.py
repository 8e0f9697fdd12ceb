"""The match history in SQLite: the same figures as the JSON records gave,
records that round-trip, migrations, damaged databases, the import."""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys

import pytest

from ginrummy_tui.engine import PRESETS, Action, apply, legal_actions, new_game
from ginrummy_tui.storage.history import (
    APPLICATION_ID,
    DB_NAME,
    MIGRATIONS,
    SCHEMA_VERSION,
    History,
    SharedHistory,
    db_path,
    import_json_history,
    open_history,
)
from ginrummy_tui.storage.history_records import decode_moves, encode_moves, export_form, valid_record
from ginrummy_tui.storage.stats import compute

from .test_stats import HISTORY


def load_history(root):
    """The JSON path the statistics took before the database: every record
    file of ``history/`` read, the unreadable ones counted, oldest first."""
    records, bad = [], []
    for p in sorted((root / "history").glob("*.json")):
        try:
            record = json.loads(p.read_text(encoding="utf-8"))
        except ValueError:
            bad.append(p)
            continue
        (records if valid_record(record) else bad).append(record if valid_record(record) else p)
    records.sort(key=lambda r: (str(r.get("started") or ""), r["id"]))
    return records, bad


KINDS = ("knock", "gin", "big_gin", "undercut", "void", "timeout")


def random_history(rng: random.Random, n: int) -> list[dict]:
    """Match records of every shape the statistics distinguish: each kind of
    hand by either seat, finished, abandoned, unfinished, replays, hints, ties
    of the end time, missing times."""
    out = []
    for i in range(n):
        hands = []
        for no in range(1, rng.randint(0, 6) + 1):
            kind = rng.choice(KINDS)
            knocker = None if kind in ("void", "timeout") else rng.choice((0, 1))
            winner = None if kind == "void" else rng.choice((0, 1))
            hands.append({
                "hand_no": no, "dealer": rng.choice((0, 1)), "kind": kind, "knocker": knocker, "winner": winner,
                "points": rng.randint(0, 120), "deadwood": rng.choice((None, [rng.randint(0, 50), 3])),
                "scores": [rng.randint(0, 150), rng.randint(0, 150)],
            })
        finished = rng.random() < 0.6
        day = f"2026-0{rng.randint(1, 3)}-1{rng.randint(0, 3)}"
        out.append({
            "format": "gin-tui match", "version": 1, "id": f"m{i:04d}",
            "started": rng.choice((day, day, None)),
            "ended": rng.choice((day, f"{day}T1{rng.randint(0, 2)}", None)) if finished else None,
            "finished": finished, "abandoned": (not finished) and rng.random() < 0.5,
            "replay": rng.random() < 0.1, "opponent": rng.choice(("easy", "standard", "expert")),
            "preset": rng.choice(("standard", "oklahoma")), "winner": rng.choice((0, 1)) if finished else None,
            "hints": rng.choice((0, 0, 1, 3)), "scores": [0, 0], "totals": [rng.randint(0, 200), rng.randint(0, 200)],
            "hands": hands, "seed": rng.randint(0, 99), "match_no": 1, "rules": {"target": 100, "name": "x"},
        })
    return out


def write_json_history(root, records) -> None:
    folder = root / "history"
    folder.mkdir(parents=True, exist_ok=True)
    for r in records:
        (folder / f"{r['id']}.json").write_text(json.dumps(r))


def db_of(root) -> History:
    opening = open_history(root)
    assert opening.history is not None, opening.messages
    return opening.history


@pytest.mark.parametrize("seed", range(6))
def test_the_database_gives_exactly_the_figures_of_the_json_records(tmp_path, seed):
    rng = random.Random(seed)
    records = HISTORY + random_history(rng, 120)
    write_json_history(tmp_path, records)
    (tmp_path / "history" / "junk.json").write_text("{not json")
    loaded, bad = load_history(tmp_path)
    today = compute(loaded)
    today.unreadable = len(bad)

    hist = db_of(tmp_path)
    report = import_json_history(hist)
    assert report.imported == len(records) and len(report.skipped) == 1
    assert hist.stats().as_dict() == today.as_dict()


def test_every_record_comes_back_from_the_database_as_it_went_in(tmp_path):
    records = HISTORY + random_history(random.Random(9), 60)
    records[3]["unknown_key"] = {"kept": True}
    records[4]["hands"][0]["moves"] = [{"seat": 0, "action": "dance", "card": None}]  # not compact: kept as JSON
    del records[5]["hands"][0]["dealer"]
    write_json_history(tmp_path, records)
    hist = db_of(tmp_path)
    import_json_history(hist)
    by_id = {r["id"]: r for r in records}
    back = list(hist.records())
    assert len(back) == len(records)
    for r in back:
        assert r == by_id[r["id"]]
    assert [r["id"] for r in back] == [r["id"] for r in load_history_order(records)]
    assert [json.loads(line) for line in hist.json_lines()] == [export_form(r) for r in back]  # the fast path
    assert [json.loads(line)["id"] for line in hist.json_lines(since="2026-02-01")] == [
        r["id"] for r in back if (r["started"] or "") >= "2026-02-01"
    ]


def load_history_order(records):
    return sorted(records, key=lambda r: (str(r.get("started") or ""), r["id"]))


def _random_game_records(tmp_path, n):
    """Records of real play (through the old JSON recorder's format)."""
    from ginrummy_tui.storage.history_records import hand_entry

    out = []
    rng = random.Random(4)
    for i in range(n):
        state = new_game(PRESETS["standard"].with_options(target=50), seed=i)
        hands = []
        while not state.over:
            acts = [a for a in legal_actions(state) if a.kind != "timeout"]
            enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
            state = apply(state, rng.choice(enders) if enders else rng.choice(acts))
            if state.result is not None and state.sheet and state.sheet[-1].hand_no not in [h["hand_no"] for h in hands]:
                hands.append(hand_entry(state, state.sheet[-1]))
        out.append(hands)
    return out


def test_the_moves_of_real_hands_have_a_compact_form_that_round_trips(tmp_path):
    seen = 0
    for hands in _random_game_records(tmp_path, 8):
        for h in hands:
            text = encode_moves(h["moves"])
            assert text is not None and decode_moves(text) == h["moves"]
            assert len(text) < len(json.dumps(h["moves"])) / 5
            seen += 1
    assert seen > 8


def test_moves_that_do_not_fit_the_compact_form_are_refused():
    assert encode_moves([{"seat": 2, "action": "pass", "card": None}]) is None
    assert encode_moves([{"seat": 0, "action": "discard", "card": None}]) is None
    assert encode_moves([{"seat": 0, "action": "discard 7H", "card": "7 H"}]) is None
    assert encode_moves("nope") is None
    assert decode_moves(encode_moves([{"seat": 1, "action": "discard 7H", "card": "8C"}])) == [
        {"seat": 1, "action": "discard 7H", "card": "8C"}
    ]


# ---------------------------------------------------------------- the schema


def test_a_new_database_is_wal_with_the_current_schema(tmp_path):
    hist = db_of(tmp_path)
    assert hist.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert hist.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    plans = " ".join(str(r) for r in hist.conn.execute(
        "EXPLAIN QUERY PLAN SELECT * FROM matches WHERE opponent = 'easy' AND preset = 'standard'"))
    assert "matches_level" in plans
    plans = " ".join(str(r) for r in hist.conn.execute("EXPLAIN QUERY PLAN SELECT * FROM matches WHERE started >= '2026'"))
    assert "matches_date" in plans


def _database_at(path, version: int) -> None:
    """A database as a gin-tui with schema ``version`` left it."""
    conn = sqlite3.connect(path, isolation_level=None)
    for step in range(1, version + 1):
        conn.executescript(MIGRATIONS[step])
    conn.execute(f"PRAGMA user_version={version}")
    conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
    conn.close()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_every_earlier_schema_is_migrated_with_its_matches_kept(tmp_path, version):
    _database_at(tmp_path / DB_NAME, version)
    # matches written by that version (the tables of version 1 are in every version)
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("INSERT INTO matches (uid, started, finished, opponent, preset, winner, hints) "
                 "VALUES ('old', '2026-01-01', 1, 'easy', 'standard', 0, 2)")
    conn.execute("INSERT INTO hands VALUES (1, 0, 1, 0, 'gin', 0, 0, 31, 0, 9, 31, 0)")
    conn.commit()
    conn.close()
    hist = db_of(tmp_path)
    assert hist.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    stats = hist.stats()
    t = stats.groups[("easy", "standard")]
    assert (t.matches, t.won, t.gins, t.points, t.hints) == (1, 1, 1, 31, 2)
    # what the later versions added works on the migrated file
    state = new_game(PRESETS["standard"], seed=1)
    rec = hist.recorder("new")
    rec.observe(state)
    rec.add_hint(state)
    assert hist.conn.execute("SELECT count(*) FROM hints").fetchone()[0] == 1


def test_the_migrations_take_an_empty_file_to_the_same_schema_as_each_step_in_turn(tmp_path):
    db_of(tmp_path / "a")
    _database_at(tmp_path / "b.sqlite3", 1)
    (tmp_path / "b").mkdir()
    (tmp_path / "b.sqlite3").rename(tmp_path / "b" / DB_NAME)
    db_of(tmp_path / "b")

    def schema(root):
        conn = sqlite3.connect(root / DB_NAME)
        return sorted(conn.execute("SELECT type, name, sql FROM sqlite_master"))

    assert schema(tmp_path / "a") == schema(tmp_path / "b")


def test_a_match_recorded_with_a_seed_has_it_in_the_seed_column_as_its_text(tmp_path):
    """The game's seeds are text, which the INTEGER column did not keep: the seed
    went to the row's other entries (``extra='{"seed":"27331312"}'``) and the
    ``seed`` column was NULL for every match the game recorded."""
    hist = db_of(tmp_path)
    state = new_game(PRESETS["standard"], seed=27331312)
    rec = hist.recorder("20261203-091642-f13d")
    rec.add_hint(state)
    assert hist.read("SELECT seed, typeof(seed), extra FROM matches") == [("27331312", "text", None)]
    assert hist.find("last")["seed"] == "27331312"
    assert json.loads(next(hist.json_lines()))["seed"] == "27331312"
    # a seed of 40 digits stays whole (a number column would keep 15 of them)
    hist.recorder("20261203-101642-aaaa").add_hint(new_game(PRESETS["standard"], seed=10**39 + 1))
    assert hist.read("SELECT seed FROM matches WHERE uid = '20261203-101642-aaaa'") == [(str(10**39 + 1),)]


def test_a_history_of_version_3_has_its_seeds_moved_to_the_seed_column(tmp_path):
    """Version 3 kept the game's seeds in ``extra``: they move to the column,
    ``--seed N --hand K`` still finds who dealt, and the export gives every record
    as it went in (a number a record had for its seed stays a number)."""
    from ginrummy_tui.storage.history import recorded_dealer
    from ginrummy_tui.storage.reports import format_match

    _database_at(tmp_path / DB_NAME, 3)
    conn = sqlite3.connect(tmp_path / DB_NAME)
    for uid, seed, extra in (
        ("20261201-100000-aaaa", None, '{"seed":"5"}'),
        ("20261201-110000-bbbb", None, '{"seed":"7","unknown_key":{"kept":true}}'),
        ("20261201-120000-cccc", 9, None),
    ):
        conn.execute(
            "INSERT INTO matches (uid, started, finished, opponent, preset, seed, match_no, winner, extra) "
            "VALUES (?, ?, 1, 'standard', 'classic', ?, 1, 0, ?)",
            (uid, uid[:8], seed, extra),
        )
    mid = conn.execute("SELECT id FROM matches WHERE uid = '20261201-100000-aaaa'").fetchone()[0]
    # hand 1 dealt by the computer and won by the player, who deals hand 2 (won by the computer)
    conn.execute("INSERT INTO hands VALUES (?, 0, 1, 1, 'gin', 0, 0, 31, 0, 9, 31, 0)", (mid,))
    conn.execute("INSERT INTO hands VALUES (?, 1, 2, 0, 'knock', 1, 1, 10, 12, 2, 31, 10)", (mid,))
    conn.commit()
    conn.close()

    hist = db_of(tmp_path)
    assert hist.read("SELECT uid, seed, extra FROM matches ORDER BY uid") == [
        ("20261201-100000-aaaa", "5", None),
        ("20261201-110000-bbbb", "7", '{"unknown_key":{"kept":true}}'),
        ("20261201-120000-cccc", "9", '{"seed":9}'),
    ]
    records = {r["id"]: r for r in hist.records()}
    assert [records[uid]["seed"] for uid in sorted(records)] == ["5", "7", 9]
    assert records["20261201-110000-bbbb"]["unknown_key"] == {"kept": True}
    assert [json.loads(line)["seed"] for line in hist.json_lines()] == ["5", "7", 9]
    assert "   Seed: 5\n" in format_match(records["20261201-100000-aaaa"])
    hist.stats()  # the figures read the new table (its indexes, its trigger)
    hist.recorder("20261203-091642-f13d", opponent="easy").observe(
        apply(new_game(PRESETS["multiplayer-1.5"], seed=3), Action("timeout"))
    )
    assert hist.read("SELECT timeouts_lost, seed FROM tallies, matches WHERE tallies.opponent = 'easy' "
                     "AND matches.opponent = 'easy'") == [(1, "3")]
    hist.close()
    assert recorded_dealer(tmp_path, 5, 2)[0] == 0
    assert recorded_dealer(tmp_path, 5, 3)[0] == 1  # hand 3 not recorded: the winner of hand 2 deals it
    assert recorded_dealer(tmp_path, 7, 2)[0] is None


# ---------------------------------------------------------------- damaged databases


def _one_match(root):
    hist = db_of(root)
    write_json_history(root, HISTORY[:2])
    import_json_history(hist)
    hist.close()


def _set_aside(root):
    return sorted(p.name for p in root.iterdir() if ".damaged-" in p.name)


def test_a_file_that_is_not_sqlite_is_set_aside_and_a_new_history_started(tmp_path):
    (tmp_path / DB_NAME).write_text("these are not the matches you are looking for")
    opening = open_history(tmp_path)
    assert opening.history is not None and opening.history.stats().total.matches == 0
    assert "not a SQLite database" in opening.messages[0] and "moved to" in opening.messages[0]
    assert _set_aside(tmp_path)[0].startswith(DB_NAME + ".damaged-")


def _newer_history(root) -> bytes:
    """A history written by a newer gin-tui (a higher schema version); its bytes."""
    _one_match(root)
    conn = sqlite3.connect(root / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    conn.close()
    return (root / DB_NAME).read_bytes()


def test_a_newer_schema_is_left_as_it_is_and_not_used(tmp_path):
    """A history of a newer gin-tui was moved aside as damaged and a new one started:
    running an older version once lost the newer one's history."""
    before = _newer_history(tmp_path)
    opening = open_history(tmp_path)
    assert opening.history is None and opening.unusable is not None
    assert "newer version of gin-tui" in opening.unusable and "left as it is" in opening.unusable
    assert opening.told()[-1].endswith("; this match is not recorded.")
    assert not _set_aside(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(DB_NAME)) == [DB_NAME]
    assert (tmp_path / DB_NAME).read_bytes() == before  # not even switched to WAL


@pytest.mark.parametrize("argv", [["stats"], ["stats", "--json"], ["export"], ["export", "--list"]])
def test_stats_and_export_refuse_a_newer_history_touching_nothing(tmp_path, capsys, argv):
    """gin-tui stats and export moved a newer gin-tui's history aside as damaged and said
    "No games recorded yet"."""
    from ginrummy_tui.cli import main

    before = _newer_history(tmp_path)
    assert main([*argv, "--data-dir", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "newer version of gin-tui" in err and str(tmp_path / DB_NAME) in err
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(DB_NAME)) == [DB_NAME]
    assert (tmp_path / DB_NAME).read_bytes() == before


def test_another_programs_database_is_not_taken_for_a_history(tmp_path):
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("CREATE TABLE notes (x)")
    conn.close()
    opening = open_history(tmp_path)
    assert "not a gin-tui history" in opening.messages[0]
    assert opening.history is not None


def _damage_pages(root) -> None:
    """Scribble over every page of a history but the first (the header stays a SQLite one)."""
    hist = db_of(root)
    hist.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    pages = hist.conn.execute("PRAGMA page_count").fetchone()[0]
    hist.close()
    assert pages > 2
    raw = bytearray((root / DB_NAME).read_bytes())
    for page in range(1, pages):
        raw[page * 4096 + 20 : page * 4096 + 80] = b"\xa5" * 60
    (root / DB_NAME).write_bytes(bytes(raw))


def test_a_database_that_fails_the_integrity_check_is_set_aside_and_rebuilt_from_the_archive(tmp_path):
    _one_match(tmp_path)  # the two records imported are kept in archive/history/
    _damage_pages(tmp_path)
    opening = open_history(tmp_path, check=True)
    assert opening.messages and "could not be used" in opening.messages[0]
    assert opening.messages[0].endswith("; a new history has been started, rebuilt from the 2 matches in archive/.")
    assert opening.history is not None and opening.history.stats().total.matches == 2
    assert _set_aside(tmp_path)


def test_a_database_that_fails_the_integrity_check_with_nothing_archived_starts_anew(tmp_path):
    _one_match(tmp_path)
    _damage_pages(tmp_path)
    for path in (tmp_path / "archive" / "history").iterdir():
        path.unlink()
    opening = open_history(tmp_path, check=True)
    assert opening.messages and opening.messages[0].endswith("; a new history has been started.")
    assert opening.history is not None and opening.history.stats().total.matches == 0


def _garble_schema(root) -> None:
    """Damage the file so that SQLite's error message is not valid UTF-8 (it quotes the schema)."""
    path = root / DB_NAME
    data = path.read_bytes()
    assert b"uid TEXT NOT NULL UNIQUE," in data
    path.write_bytes(data.replace(b"uid TEXT NOT NULL UNIQUE,", b"uid TEXT NOT NULL \xd3\xd3IQUE,"))


def test_a_database_whose_error_text_is_not_utf8_is_set_aside_as_damaged(tmp_path):
    _one_match(tmp_path)
    _garble_schema(tmp_path)
    opening = open_history(tmp_path)
    assert opening.messages and opening.messages[0].startswith(
        "Your match history could not be used: the database is damaged (what SQLite said about it is not readable text)."
    )
    assert opening.history is not None and opening.history.stats().total.matches == 2  # from archive/history/
    assert _set_aside(tmp_path)


@pytest.mark.parametrize("command", [["stats"], ["export"]])
def test_stats_and_export_set_aside_a_database_whose_error_text_is_not_utf8(tmp_path, command):
    _one_match(tmp_path)
    _garble_schema(tmp_path)
    done = _child("", tmp_path, *command)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "the database is damaged" in done.stderr and "moved to" in done.stderr
    assert _set_aside(tmp_path)


def test_a_data_directory_that_cannot_be_written_is_said_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    opening = open_history(blocker)
    assert opening.history is None and opening.unusable and "cannot be used" in opening.told()[0]


def test_a_history_that_may_not_be_read_says_permission_denied(tmp_path, unreadable):
    """A history file at mode 0200 was said unusable in SQLite's words, "unable
    to open database file", as if it were damaged or missing: now the reason is
    the system's, Permission denied, and the file is left as it was."""
    _one_match(tmp_path)
    before = (tmp_path / DB_NAME).read_bytes()
    unreadable(tmp_path / DB_NAME)
    opening = open_history(tmp_path)
    assert opening.history is None and opening.unusable == "Permission denied"
    assert opening.told() == [
        f"Your match history {tmp_path / DB_NAME} cannot be used (Permission denied); this match is not recorded: "
        f"make it readable and writable (chmod u+rw {tmp_path / DB_NAME}) or choose another folder with --data-dir "
        "or GIN_TUI_HOME."
    ]
    assert unreadable.read_bytes(tmp_path / DB_NAME) == before
    assert not list(tmp_path.glob("*.damaged-*"))


def test_an_old_record_that_may_not_be_read_is_left_in_place_saying_permission_denied(tmp_path, unreadable):
    """An old JSON record at mode 0200 was moved aside as damaged and said
    "could not be read": it is left where it is, said so (Permission denied),
    and imported once it may be read."""
    write_json_history(tmp_path, HISTORY[:2])
    record = tmp_path / "history" / f"{HISTORY[0]['id']}.json"
    unreadable(record)
    hist = db_of(tmp_path)
    report = import_json_history(hist)
    assert report.imported == 1 and not report.skipped
    assert report.message() == (
        f"1 old match record(s) in {record.parent} could not be read: Permission denied ({record.name}). "
        "They were left where they are, and are imported once they may be read."
    )
    assert [p.name for p in (tmp_path / "history").iterdir()] == [record.name]


# ---------------------------------------------------------------- what is in the database's place

CHILD_TIMEOUT = 60
"""A child that waits on a named pipe fails its test instead of hanging the suite."""


def _child(code: str, root, *args: str) -> subprocess.CompletedProcess:
    """Run ``code`` (``root`` is ``sys.argv[1]``), or ``gin-tui args`` if no code, in a process of its own."""
    env = {**os.environ, "GIN_TUI_HOME": str(root)}
    command = [sys.executable, "-c", code, str(root)] if code else [sys.executable, "-m", "ginrummy_tui", *args]
    return subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=CHILD_TIMEOUT, stdin=subprocess.DEVNULL
    )


@pytest.mark.parametrize("make, kind", [(os.mkdir, "a directory"), (os.mkfifo, "a named pipe (FIFO)")])
def test_a_directory_or_pipe_in_the_databases_place_is_said_unusable_and_left_alone(tmp_path, make, kind):
    make(tmp_path / DB_NAME)
    code = (
        "import sys; from pathlib import Path; from ginrummy_tui.storage.history import open_history; "
        "o = open_history(Path(sys.argv[1])); print(o.history is None); print(o.unusable); print(o.told()[-1])"
    )
    done = _child(code, tmp_path)
    assert done.returncode == 0, done.stderr
    none, why, told = done.stdout.splitlines()
    assert none == "True" and why == f"it is {kind}, not a file"
    assert told == f"Your match history {tmp_path / DB_NAME} cannot be used ({why}); this match is not recorded."
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]  # left as it was


@pytest.mark.parametrize("make, kind", [(os.mkdir, "a directory"), (os.mkfifo, "a named pipe (FIFO)")])
@pytest.mark.parametrize("command", [["stats"], ["stats", "--json"], ["export"], ["export", "--list"]])
def test_stats_and_export_say_the_history_file_cannot_be_used_and_fail(tmp_path, make, kind, command):
    make(tmp_path / DB_NAME)
    done = _child("", tmp_path, *command)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        f"gin-tui {command[0]}: the history file {tmp_path / DB_NAME} cannot be used (it is {kind}, not a file)\n"
    )


def test_the_game_says_once_its_match_is_not_recorded_when_a_pipe_is_in_the_databases_place(tmp_path):
    os.mkfifo(tmp_path / DB_NAME)
    code = (
        "import sys; from pathlib import Path; from ginrummy_tui.storage.history import SharedHistory; from ginrummy_tui.storage.history_upkeep import upkeep; "
        "shared = SharedHistory(Path(sys.argv[1])); print(upkeep(shared)); "
        "print(shared.get(), shared.take_messages())"
    )
    done = _child(code, tmp_path)
    assert done.returncode == 0, done.stderr
    first, then = done.stdout.splitlines()
    assert "cannot be used (it is a named pipe (FIFO), not a file); this match is not recorded." in first
    assert then == "None []"  # not tried again, not said again


SIDES = ("-wal", "-shm", "-journal")


@pytest.mark.parametrize("make, kind", [(os.mkdir, "a directory"), (os.mkfifo, "a named pipe (FIFO)")])
@pytest.mark.parametrize("suffix", SIDES)
def test_a_directory_or_pipe_in_a_side_files_place_is_moved_aside_never_opened(tmp_path, make, kind, suffix):
    _one_match(tmp_path)
    side = tmp_path / (DB_NAME + suffix)
    make(side)
    code = (
        "import sys; from pathlib import Path; from ginrummy_tui.storage.history import open_history; "
        "o = open_history(Path(sys.argv[1])); print(o.history.stats().total.matches); print(o.told())"
    )
    done = _child(code, tmp_path)
    assert done.returncode == 0, done.stderr
    matches, told = done.stdout.splitlines()
    assert matches == "2"  # the history is read as it was
    moved = [p for p in tmp_path.iterdir() if p.name.startswith(side.name + ".damaged-")]
    assert len(moved) == 1 and (moved[0].is_dir() if make is os.mkdir else stat.S_ISFIFO(moved[0].lstat().st_mode))
    assert told == str([f"{side.name} was {kind}, not a file; it was moved to {moved[0]}."])


@pytest.mark.parametrize("command", [["stats"], ["export", "--list"]])
def test_stats_and_export_never_wait_on_a_pipe_in_the_journals_place(tmp_path, command):
    _one_match(tmp_path)
    os.mkfifo(tmp_path / (DB_NAME + "-journal"))
    done = _child("", tmp_path, *command)
    assert done.returncode == 0, done.stderr
    assert f"{DB_NAME}-journal was a named pipe (FIFO), not a file; it was moved to" in done.stderr
    assert "2" in done.stdout


def test_a_side_file_that_cannot_be_moved_aside_makes_the_history_unusable_naming_it(tmp_path, monkeypatch):
    import ginrummy_tui.storage.files as files

    _one_match(tmp_path)
    (tmp_path / (DB_NAME + "-wal")).mkdir()
    monkeypatch.setattr(files, "move_aside", lambda path, label="damaged": None)
    opening = open_history(tmp_path)
    assert opening.history is None
    assert opening.unusable == f"{DB_NAME}-wal is a directory, not a file"
    shared = SharedHistory(tmp_path)
    assert shared.get() is None and shared.unusable == opening.unusable


def _one_match_in(hist) -> None:
    with hist.transaction() as conn:
        assert hist.put_record(conn, HISTORY[0])


def test_a_link_in_the_databases_place_is_moved_aside_never_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = elsewhere / "shared.sqlite3"
    open_history(elsewhere).history.close()
    (elsewhere / DB_NAME).rename(target)
    before = target.read_bytes()
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).symlink_to(target)
    (data / (DB_NAME + "-wal")).symlink_to(elsewhere / "wal")
    opening = open_history(data)
    try:
        assert opening.history is not None and opening.unusable is None
        assert any("was a symbolic link" in m and "a new history has been started" in m.lower() for m in opening.messages)
        assert not (data / DB_NAME).is_symlink() and (data / DB_NAME).is_file()
        _one_match_in(opening.history)
    finally:
        opening.history.close()
    assert target.read_bytes() == before and not (elsewhere / "wal").exists()
    moved = sorted(p.name for p in data.iterdir() if p.is_symlink())
    assert len(moved) == 2 and all(".link-" in name for name in moved)


def test_the_database_and_its_log_are_private_to_the_user(tmp_path):
    old = os.umask(0o022)
    try:
        hist = open_history(tmp_path).history
        try:
            _one_match_in(hist)
            for name in (DB_NAME, DB_NAME + "-wal", DB_NAME + "-shm"):
                assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o600, name
        finally:
            hist.close()
    finally:
        os.umask(old)
    (tmp_path / DB_NAME).chmod(0o644)  # as an earlier version made it
    open_history(tmp_path).history.close()
    assert stat.S_IMODE((tmp_path / DB_NAME).stat().st_mode) == 0o600


# ---------------------------------------------------------------- the import


def test_the_import_moves_the_files_to_the_archive_and_is_done_once(tmp_path):
    write_json_history(tmp_path, HISTORY)
    (tmp_path / "history" / "junk.json").write_text("not json")
    hist = db_of(tmp_path)
    report = import_json_history(hist)
    assert report.imported == len(HISTORY) and report.message() and "junk.json" in report.message()
    assert sorted(p.name for p in (tmp_path / "archive" / "history").iterdir()) == sorted(
        f"{m['id']}.json" for m in HISTORY
    )
    assert [p.name for p in (tmp_path / "history").glob("*.json")] == []
    assert list((tmp_path / "history").glob("junk.json.damaged-*"))
    # an old record written again (an older gin-tui ran meanwhile) is not counted twice
    write_json_history(tmp_path, HISTORY[:1])
    again = import_json_history(hist)
    assert (again.imported, again.already) == (0, 1)
    assert hist.stats().total.matches == 5


def test_a_named_pipe_among_the_old_records_is_skipped_not_waited_on(tmp_path):
    write_json_history(tmp_path, HISTORY[:2])
    os.mkfifo(tmp_path / "history" / "pipe.json")
    code = (
        "import sys; from pathlib import Path; from ginrummy_tui.storage.history_upkeep import open_for_reading; "
        "hist = open_for_reading(Path(sys.argv[1]), print); print(hist.stats().total.matches); hist.close()"
    )
    done = _child(code, tmp_path)
    assert done.returncode == 0, done.stderr
    *said, matches = done.stdout.splitlines()
    assert matches == "2" and any("could not be read and were skipped (pipe.json)" in line for line in said), said
    assert [p.name.split("-")[0] for p in (tmp_path / "history").iterdir()] == ["pipe.json.damaged"]


def test_the_record_against_one_level_for_the_match_over_screen(tmp_path):
    write_json_history(tmp_path, HISTORY)
    hist = db_of(tmp_path)
    import_json_history(hist)
    # standard: won, lost, won, won (the replay and the unfinished match left out)
    assert hist.level_record("standard", 10) == (4, 3, [True, False, True, True])
    assert hist.level_record("standard", 2) == (4, 3, [True, True])
    assert hist.level_record("easy") == (0, 0, [])
    assert hist.trend(3) == {"expert": [(0, False)], "standard": [(0, False), (0, True), (0, True)]}


def test_gin_tui_export_into_head_stops_quietly(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    write_json_history(tmp_path, random_history(random.Random(2), 3000))
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    for fmt in ("json", "text"):
        run = subprocess.run(
            f"'{sys.executable}' -m ginrummy_tui export --format {fmt} --data-dir '{tmp_path}' | head -n 2",
            shell=True, capture_output=True, text=True, env=env, timeout=120,
        )
        assert len(run.stdout.splitlines()) == 2
        assert run.stderr.strip() == "" or "Importing 3000" in run.stderr
        assert "Traceback" not in run.stderr and "BrokenPipe" not in run.stderr


def test_records_of_real_play_come_back_whole_by_both_paths_of_the_export(tmp_path):
    records = []
    for i, hands in enumerate(_random_game_records(tmp_path, 6)):
        record = random_history(random.Random(i), 1)[0]
        record.update(id=f"real{i}", hands=hands, rules=PRESETS["standard"].to_dict())
        records.append(record)
    write_json_history(tmp_path, records)
    hist = db_of(tmp_path)
    import_json_history(hist)
    back = list(hist.records())
    assert sorted(back, key=lambda r: r["id"]) == records
    assert all(h.get("moves") and h.get("hands") for r in back for h in r["hands"])
    assert any(h.get("knocker_melds") for r in back for h in r["hands"])
    assert [json.loads(line) for line in hist.json_lines()] == [export_form(r) for r in back]


def test_a_write_that_fails_leaves_nothing_half_done_and_the_next_one_records_it_all(tmp_path, monkeypatch):
    from ginrummy_tui.storage import history as module

    hist = db_of(tmp_path)
    states = list(_states_of_one_match())
    rec = hist.recorder("m1")
    first_hand = next(s for s in states if s.sheet)
    real = module.hand_entry

    def failing(state, record):
        raise OSError("disk full")

    monkeypatch.setattr(module, "hand_entry", failing)
    with pytest.raises(OSError):
        rec.observe(first_hand)  # the new match's row and its first hand: rolled back together
    assert hist.read("SELECT count(*) FROM matches") == [(0,)]
    monkeypatch.setattr(module, "hand_entry", real)
    for s in states:
        rec.observe(s)
    (record,) = list(hist.records())
    assert [h["hand_no"] for h in record["hands"]] == [r.hand_no for r in states[-1].sheet] and record["finished"]
    assert hist.read("SELECT count(*) FROM hands WHERE match NOT IN (SELECT id FROM matches)") == [(0,)]


def _states_of_one_match():
    from .history_child import states

    return states(7)


def test_the_apps_upkeep_sets_a_damaged_history_aside_then_imports_the_old_records(tmp_path):
    from ginrummy_tui.storage.history import SharedHistory
    from ginrummy_tui.storage.history_upkeep import upkeep

    _one_match(tmp_path)
    _damage_pages(tmp_path)
    write_json_history(tmp_path, HISTORY[2:4])
    shared = SharedHistory(tmp_path)
    messages = upkeep(shared)
    assert any("could not be used" in m and "moved to" in m for m in messages)
    assert any("2 earlier match record(s)" in m for m in messages)
    assert _set_aside(tmp_path)
    assert shared.get().stats().total.matches == 4  # the two imported before, rebuilt from archive/history/
    assert upkeep(shared) == []  # once


def test_many_openers_of_a_new_history_at_once_all_get_it(tmp_path):
    """Several connections creating the same new database at the same moment
    (two gin-tui processes finishing their first match, say) all open it:
    SQLite answers "database is locked" to some of them while another switches
    the file to WAL, and that is waited out, not reported as unusable."""
    import threading

    from ginrummy_tui.storage.history import open_history

    for round_no in range(40):
        root = tmp_path / f"r{round_no}"
        barrier = threading.Barrier(6)
        messages: list[str] = []

        def open_one(root=root, barrier=barrier, messages=messages) -> None:
            barrier.wait()
            opening = open_history(root)
            messages.extend(opening.messages)
            if opening.history is not None:
                opening.history.close()

        threads = [threading.Thread(target=open_one) for _ in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert messages == [], f"round {round_no}: {messages}"


def test_giving_a_match_up_marks_when_its_record_last_changed(tmp_path):
    # every other write to a match's row sets "updated"; the mark of a match
    # given up for a new one left the time of its last hand there
    hist = db_of(tmp_path)
    state = new_game(PRESETS["standard"], seed=1)
    state = apply(state, legal_actions(state)[0])
    rec = hist.recorder("given-up")
    rec.observe(state)
    rec.add_hint(state)  # the match has a row
    hist.conn.execute("UPDATE matches SET updated = '2000-01-01T00:00:00+00:00' WHERE uid = 'given-up'")
    hist.conn.commit()
    rec.abandon(state)
    abandoned, ended, updated = hist.conn.execute(
        "SELECT abandoned, ended, updated FROM matches WHERE uid = 'given-up'"
    ).fetchone()
    assert abandoned == 1 and ended is not None
    assert updated == ended


def test_a_match_first_recorded_after_a_restart_keeps_the_start_its_id_says(tmp_path):
    # begun at 09:16:42, quit before any move and resumed: its first record is
    # the clock running out, and the record said it had begun then
    from ginrummy_tui.engine import Action
    from ginrummy_tui.storage.files import match_started
    from ginrummy_tui.storage.reports import format_match

    hist = db_of(tmp_path)
    state = apply(new_game(PRESETS["multiplayer-1.5"], seed=1), Action("timeout"))
    hist.recorder("20261203-091642-f13d").observe(state)
    (record,) = hist.records()
    assert record["started"] == "2026-12-03T09:16:42Z"
    assert "  Started: 2026-12-03T09:16:42Z   Ended: " in format_match(record)
    assert [r["id"] for r in hist.records(since="2026-12-03T09:16:42Z")] == ["20261203-091642-f13d"]
    assert list(hist.records(since="2026-12-03T09:16:43Z")) == []
    # an id of another form (an old record's, a test's) gives no start: the record's is the time of writing
    assert match_started("m1") is None and match_started("2026-12-03") is None
    hist.recorder("m1").observe(state)
    assert next(r for r in hist.records() if r["id"] == "m1")["started"] is not None


def test_a_second_connection_in_the_process_leaves_the_first_ones_locks_alone(tmp_path):
    # The statistics screen opens a second connection beside the game's. The
    # check of the file's first bytes opened and closed the database file
    # itself, which drops every lock the process holds on it (POSIX locks
    # belong to the process): a `gin-tui stats` run meanwhile then believed it
    # was the last user and deleted the log the game was still writing to.
    game = History.connect(tmp_path)
    screen = History.connect(tmp_path)
    try:
        other = (
            "import sqlite3, sys\n"
            "c = sqlite3.connect(sys.argv[1])\n"
            "c.execute('SELECT count(*) FROM sqlite_master').fetchall()\n"
            "c.close()\n"
        )
        subprocess.run([sys.executable, "-c", other, str(tmp_path / "history.sqlite3")], check=True, timeout=60)
        assert (tmp_path / "history.sqlite3-wal").exists() and (tmp_path / "history.sqlite3-shm").exists()
    finally:
        screen.close()
        game.close()


def test_a_file_that_is_not_a_database_is_set_aside_and_a_new_history_started(tmp_path):
    path = tmp_path / "history.sqlite3"
    path.write_bytes(b"these are not the bytes of a database" * 200)
    opening = open_history(tmp_path)
    try:
        assert opening.history is not None
        assert "not a SQLite database" in opening.messages[0] and "moved to" in opening.messages[0]
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith("history.sqlite3.")]
    finally:
        if opening.history is not None:
            opening.history.close()


def test_a_seeds_later_match_told_as_text_says_which_match_of_the_seed_it_is(tmp_path):
    # the second match played on a seed has deals of its own, yet the text said only
    # "Seed: 1", as of the first, which is the one gin-tui --seed 1 deals
    from ginrummy_tui.engine import Action
    from ginrummy_tui.storage.reports import format_match

    hist = db_of(tmp_path)
    first = apply(new_game(PRESETS["multiplayer-1.5"], seed=1), Action("timeout"))
    second = apply(apply(first, Action("new match")), Action("timeout"))
    assert (first.match_no, second.match_no) == (1, 2) and second.seed == first.seed
    hist.recorder("20261203-091642-aaaa").observe(first)
    hist.recorder("20261203-101642-bbbb").observe(second)
    one, two = sorted(hist.records(), key=lambda r: r["id"])
    assert "   Seed: 1\n" in format_match(one)
    assert "   Seed: 1, match 2 (gin-tui --seed deals its match 1)\n" in format_match(two)


# ---------------------------------------------------------------- what a damaged history keeps


def _played_matches(root, n: int = 4) -> list[str]:
    """``n`` matches played and recorded as the game records them, each
    finished match's save in ``archive/`` as the game leaves it; their ids."""
    from ginrummy_tui.storage.store import Store

    from .history_child import states

    hist = db_of(root)
    store = Store(root)
    ids = []
    for i in range(n):
        mid = f"20261205-08{21 + 2 * i:02d}00-a{i:03x}"
        rec = hist.recorder(mid, opponent="easy")
        last = None
        for state in states(100 + i):
            rec.observe(state)
            last = state
        assert store.save_finished(last, match_id=mid, settings={"ai": "easy"}) is not None
        ids.append(mid)
    hist.close()
    return ids


def _everything(hist) -> tuple:
    """What the statistics and the export give of a history (the figures, each record)."""
    records = [{k: v for k, v in r.items() if k not in ("updated",)} for r in hist.records()]
    return hist.stats(), records


def _zero_page_of(root, index: str) -> None:
    """Write zeros over the page that holds ``index`` alone, as ``dd if=/dev/zero ... seek=N`` does."""
    conn = sqlite3.connect(root / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (index,)).fetchone()
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    assert conn.execute(f"SELECT count(*) FROM dbstat WHERE name = '{index}'").fetchone()[0] == 1  # one page
    conn.close()
    with open(root / DB_NAME, "r+b") as fh:
        fh.seek((page - 1) * size)
        fh.write(bytes(size))


def test_a_history_whose_index_is_damaged_keeps_every_match_and_says_so_in_words(tmp_path):
    """A zeroed page that held only the index by date failed the integrity check,
    and the whole history was set aside for a new, empty one, though every row
    could still be read; the message quoted SQLite ("*** in database main ***
    Page 6: btreeInitPage() returns error code 11")."""
    _played_matches(tmp_path)
    shutil.rmtree(tmp_path / "archive")  # what is kept comes from the damaged file alone
    hist = db_of(tmp_path)
    before = _everything(hist)
    hist.close()
    _zero_page_of(tmp_path, "matches_date")
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]
    conn.close()
    opening = open_history(tmp_path, check=True)
    assert opening.history is not None
    (told,) = opening.messages
    assert "could not be used: the database is damaged" in told and "moved to" in told.lower()
    assert told.endswith("; what could still be read of it (4 matches) is kept in a new history."), told
    assert "***" not in told and "Page" not in told and "btree" not in told and "error code" not in told
    assert _everything(opening.history) == before
    opening.history.check()  # the new file is whole
    assert opening.history.read("SELECT count(*) FROM hands") == [(sum(len(r["hands"]) for r in before[1]),)]
    assert len(_set_aside(tmp_path)) == 1  # the damaged file, kept


def test_a_history_with_a_damaged_table_page_keeps_the_matches_it_can_read(tmp_path):
    _played_matches(tmp_path, 3)
    shutil.rmtree(tmp_path / "archive")
    _zero_page_of(tmp_path, "hints_match")  # an empty index: a page of its own
    conn = sqlite3.connect(tmp_path / DB_NAME)
    (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'plays'").fetchone()
    conn.close()
    with open(tmp_path / DB_NAME, "r+b") as fh:  # the moves of the hands, each of many pages: one gone
        fh.seek((page - 1) * 4096)
        fh.write(bytes(4096))
    opening = open_history(tmp_path, check=True)
    assert opening.history is not None and opening.history.stats().total.matches == 3, opening.messages
    assert "(3 matches) is kept" in opening.messages[0]


def test_the_stats_first_read_of_a_damaged_history_shows_the_matches_it_says_it_kept(tmp_path, capsys):
    """The statistics hit a zeroed page of an index as they read (the database
    opened as ever): they said the 2 matches were kept in a new history, then
    "No games recorded yet"; the next run showed them."""
    from ginrummy_tui.cli import main

    _played_matches(tmp_path, 2)
    shutil.rmtree(tmp_path / "archive")  # what is kept comes from the damaged file alone
    hist = db_of(tmp_path)
    before = hist.stats()
    hist.close()
    _zero_page_of(tmp_path, "matches_level")  # read by the statistics
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "what could still be read of it (2 matches) is kept in a new history." in err, err
    assert json.loads(out) == before.as_dict()
    assert len(_set_aside(tmp_path)) == 1


def test_an_export_that_finds_the_history_damaged_before_it_printed_exports_what_was_kept(tmp_path, capsys):
    from ginrummy_tui.cli import main

    ids = _played_matches(tmp_path, 2)
    shutil.rmtree(tmp_path / "archive")
    _zero_page_of(tmp_path, "matches_date")  # read by --since
    assert main(["export", "--list", "--since", "2000-01-01", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "(2 matches) is kept in a new history." in err, err
    assert [line.split()[0] for line in out.splitlines()] == ids


def test_a_damaged_history_is_rebuilt_from_the_archive_every_match_with_its_hands(tmp_path):
    """A history set aside as damaged left the statistics at nothing, though
    archive/<match id>.json still held every finished match whole."""
    ids = _played_matches(tmp_path)
    hist = db_of(tmp_path)
    before = _everything(hist)
    hist.close()
    (tmp_path / DB_NAME).write_bytes(os.urandom(8192))
    opening = open_history(tmp_path, check=True)
    assert opening.history is not None
    (told,) = opening.messages
    assert told.endswith(
        "; a new history has been started, rebuilt from the 4 matches in archive/ (each hand's result, but the cards"
        " and moves of each match's last hand alone, and not the hints you asked for: the saves keep no more)."
    ), told
    stats, records = _everything(opening.history)
    assert [r["id"] for r in records] == ids
    assert stats == before[0]  # every figure
    sheet = ("hand_no", "dealer", "kind", "knocker", "winner", "points", "deadwood", "scores")
    def row(h):  # a void hand's deadwood comes from its cards, which the saves keep of the last hand alone
        return {k: h[k] for k in sheet if not (k == "deadwood" and h["kind"] == "void" and h is not last)}

    for old, new in zip(before[1], records, strict=True):
        last = old["hands"][-1]
        assert [row(h) for h in new["hands"]] == [row(h) for h in old["hands"]]
        assert new["hands"][-1] == old["hands"][-1]  # the last hand whole, its moves too
        assert {k: v for k, v in new.items() if k not in ("hands", "ended")} == {
            k: v for k, v in old.items() if k not in ("hands", "ended")
        }
        assert new["ended"] is not None and new["ended"] >= old["started"]


def test_a_history_emptied_while_the_archive_keeps_the_matches_is_rebuilt_from_it(tmp_path, capsys):
    """An empty file in the history's place (truncated, or written over with
    nothing) is no history: SQLite took it for a new one, and the archive's
    matches were never rebuilt into it."""
    from ginrummy_tui.cli import main

    _played_matches(tmp_path, 2)
    db_of(tmp_path).close()
    for path in tmp_path.glob(DB_NAME + "-*"):
        path.unlink()
    db_path(tmp_path).write_bytes(b"")
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"]["matches"] == 2
    assert f"Your match history {db_path(tmp_path)} was empty: a new one has been started, rebuilt from the 2" in err
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0  # once: it holds them now
    out, err = capsys.readouterr()
    assert json.loads(out)["total"]["matches"] == 2 and "was empty" not in err


def test_a_history_removed_while_the_archive_keeps_the_matches_is_rebuilt_from_it(tmp_path, capsys):
    from ginrummy_tui.cli import main

    _played_matches(tmp_path, 3)
    hist = db_of(tmp_path)
    before = _everything(hist)
    hist.close()
    for path in tmp_path.glob(DB_NAME + "*"):
        path.unlink()
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"]["matches"] == 3
    assert "was missing: a new one has been started, rebuilt from the 3 matches in archive/ (each hand's" in err
    assert _everything(db_of(tmp_path))[0] == before[0]
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().err == ""  # once


def _played_on(state, seed: int):
    """The states after ``state`` to the end of its hand, played by another policy (``seed``)."""
    import random

    from ginrummy_tui.engine import apply, legal_actions

    rng = random.Random(seed)
    hand = state.hand_no
    out = []
    while state.hand_no == hand and len(out) < 500 and not (state.result is not None):
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
        state = apply(state, rng.choice(enders) if enders and rng.random() < 0.5 else rng.choice(acts))
        out.append(state)
    return out


def _tallies(hist):
    return hist.read("SELECT * FROM tallies ORDER BY opponent, preset")


def test_a_hand_played_again_after_its_save_was_lost_replaces_the_one_recorded(tmp_path):
    """The save failed (or the game was killed between the record and the save) after
    hand 2 was recorded: the game resumed at the start of hand 2 and it ended otherwise,
    but the record kept the hand the game had lost, with its hints, so the hands no
    longer added up to the match's score and the statistics counted a hand never kept."""
    states = list(_states_of_one_match())
    start2 = next(n for n, s in enumerate(states) if s.hand_no == 2)
    end2 = next(n for n, s in enumerate(states) if len(s.sheet) == 2)
    lost_run = states[: end2 + 1]
    kept = states[start2]
    again = next(
        run for seed in range(50)
        if (run := _played_on(kept, seed)) and run[-1].result is not None and run[-1].sheet[-1].winner is not None
        and (run[-1].sheet[-1].winner, run[-1].sheet[-1].points) != (states[end2].sheet[-1].winner, states[end2].sheet[-1].points)
    )
    hist = db_of(tmp_path / "a")
    first = hist.recorder("m1")
    for s in lost_run:
        first.observe(s)
    first.add_hint(states[5])  # hand 1: kept
    first.add_hint(states[start2 + 3])  # hand 2 as it was lost
    first.add_hint(states[end2])  # its end, lost too
    resumed = hist.recorder("m1")  # the next start, from the save: hand 2 not played yet
    for s in [kept, *again]:
        resumed.observe(s)
    (record,) = list(hist.records())
    assert [h["points"] for h in record["hands"]] == [r.points for r in again[-1].sheet]
    assert [h["winner"] for h in record["hands"]] == [r.winner for r in again[-1].sheet]
    assert record["hands"][-1]["moves"]  # the hand as it was played again, with its moves
    assert record["scores"] == list(again[-1].scores) and record["hints"] == 1
    assert hist.read("SELECT hand_no FROM hints") == [(1,)]
    # the figures as if only what the game kept had been recorded
    other = db_of(tmp_path / "b")
    only = other.recorder("m1")
    for s in [*states[: start2 + 1], *again]:
        only.observe(s)
    only.add_hint(states[5])
    assert _tallies(hist) == _tallies(other)
    assert hist.stats() == other.stats()


def test_a_match_recorded_as_over_whose_end_was_lost_is_not_counted_finished(tmp_path):
    states = list(_states_of_one_match())
    assert states[-1].over
    last = next(n for n, s in enumerate(states) if s.hand_no == states[-1].hand_no)
    hist = db_of(tmp_path)
    first = hist.recorder("m1")
    for s in states:
        first.observe(s)
    resumed = hist.recorder("m1")
    resumed.observe(states[last])  # the game resumed at the start of the last hand
    (record,) = list(hist.records())
    assert not record["finished"] and record.get("winner") is None
    assert len(record["hands"]) == len(states[last].sheet)
    assert record["scores"] == list(states[last].scores)
    for s in states[last:]:  # and played to the same end: counted once
        resumed.observe(s)
    (record,) = list(hist.records())
    assert record["finished"] and len(record["hands"]) == len(states[-1].sheet)


def test_a_damaged_file_of_a_match_set_aside_is_set_aside_as_damaged_with_a_note_not_archived(tmp_path):
    """abandoned-<id>.json and finished-<id>.json that could not be read went into archive/ as
    the matches' saves, without a word (and were then counted as unreadable archive files)."""
    from ginrummy_tui.storage.history_upkeep import file_abandoned

    given_up = tmp_path / "abandoned-20261207-000000-aaaa.json"
    finished = tmp_path / "finished-20261207-000000-bbbb.json"
    given_up.write_text("garbage\n")
    finished.write_text('{"format": "gin-tui save"')
    told = file_abandoned(tmp_path)
    assert not list(tmp_path.glob("archive/*.json")) and not given_up.exists() and not finished.exists()
    [moved_given_up] = tmp_path.glob(given_up.name + ".damaged-*")
    [moved_finished] = tmp_path.glob(finished.name + ".damaged-*")
    assert moved_given_up.read_text() == "garbage\n"
    assert told == [
        f"The file of a match set aside for a new one, {given_up}, could not be read: the match counts as "
        f"abandoned, and the file was moved to {moved_given_up}. The file is not valid JSON (a value was "
        "expected at line 1, column 1).",
        f"The file of a finished match set aside for a new one, {finished}, could not be read: its end could "
        f"not be recorded from it, so the match counts as abandoned, and the file was moved to {moved_finished}. "
        "The file is cut short (it ends in the middle of the data).",
    ], told
    assert file_abandoned(tmp_path) == []  # once


@pytest.mark.parametrize("recorded", ["to its end", "but its last hand"])
def test_the_note_of_a_damaged_file_of_a_finished_match_says_how_the_match_counts(tmp_path, recorded):
    """A finished match's ``finished-<id>.json``, damaged before it was filed: the note said
    "the match counts as abandoned" where the record, written hand by hand as it was played
    to its end, kept it won or lost (and the statistics showed no match abandoned). The note
    says what the record holds: won or lost as recorded when it ended, or, where its last hand
    had not been recorded and the file cannot tell it, abandoned."""
    from ginrummy_tui.storage.history_upkeep import file_abandoned

    states = list(_states_of_one_match())
    assert states[-1].over
    last = next(n for n, s in enumerate(states) if s.hand_no == states[-1].hand_no)
    hist = db_of(tmp_path)
    rec = hist.recorder("20261207-000000-cccc")
    for state in states if recorded == "to its end" else states[: last + 1]:
        rec.observe(state)
    finished = tmp_path / "finished-20261207-000000-cccc.json"
    finished.write_text('{"format": "gin-tui save", "version": 1, "match_id": "20261207-000000-cccc", "sta')
    (told,) = file_abandoned(tmp_path)
    [moved] = tmp_path.glob(finished.name + ".damaged-*")
    (record,) = list(hist.records())
    if recorded == "to its end":
        assert record["finished"] and not record["abandoned"] and hist.stats().total.abandoned == 0
        how = f"the match counts as {'won' if record['winner'] == 0 else 'lost'}, as it was recorded when it ended"
    else:
        assert record["abandoned"] and not record["finished"] and hist.stats().total.abandoned == 1
        how = "its end could not be recorded from it, so the match counts as abandoned"
    hist.close()
    assert told == (
        f"The file of a finished match set aside for a new one, {finished}, could not be read: {how}, and "
        f"the file was moved to {moved}. The file is cut short (it ends in the middle of the data)."
    ), told


def test_a_history_rebuilt_from_the_archive_keeps_the_hands_of_an_abandoned_match(tmp_path, capsys):
    """A match given up for a new one after a hand counted that hand (24 points, a knock) in
    the statistics; rebuilt from its save in archive/, which keeps the hand, it came back as
    "0 hands 0-0 abandoned": the hands, knocks and points of the lifetime figures went down."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.storage.store import Store

    from .history_child import states

    _played_matches(tmp_path, 1)
    hist = db_of(tmp_path)
    mid = "20261205-090000-b000"
    rec = hist.recorder(mid, opponent="easy")
    given_up = None
    for state in states(300):  # into its second hand, then given up
        rec.observe(state)
        given_up = state
        if len(state.sheet) == 1 and state.phase.playing:
            break
    assert given_up is not None and len(given_up.sheet) == 1 and not given_up.over
    rec.abandon(given_up)
    assert Store(tmp_path).save_finished(given_up, match_id=mid, settings={"ai": "easy"}) is not None
    before = _everything(hist)
    hist.close()
    assert any(r["id"] == mid and r["abandoned"] and len(r["hands"]) == 1 for r in before[1])
    for path in tmp_path.glob(DB_NAME + "*"):
        path.unlink()
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    assert "rebuilt from the 2 matches in archive/" in capsys.readouterr().err
    stats, records = _everything(db_of(tmp_path))
    assert stats == before[0]  # every figure: the hands of the match given up count again
    (again,) = [r for r in records if r["id"] == mid]
    assert again["abandoned"] and not again["finished"] and len(again["hands"]) == 1
    assert again["hands"][0]["points"] == given_up.sheet[0].points


def _scribble_over_plays(root) -> None:
    """Random bytes over the first page of ``plays`` past its header, as a disk
    error leaves it: the statistics still read, the moves do not."""
    conn = sqlite3.connect(root / DB_NAME)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'plays'").fetchone()
    conn.close()
    noise = random.Random(7)
    with open(root / DB_NAME, "r+b") as fh:
        fh.seek((page - 1) * 4096 + 8)
        fh.write(bytes(noise.randrange(256) for _ in range(4000)))


@pytest.mark.parametrize("how", [[], ["--format", "text"], ["--match", "last"], ["--match", "last", "--format", "text"]])
def test_an_export_that_meets_a_damaged_page_of_the_moves_says_so_and_exports_what_was_kept(tmp_path, capsys, how):
    """The matches read, their hands were not: a damaged page of ``plays`` ended
    the export with a traceback ("sqlite3.DatabaseError: database disk image is
    malformed") instead of setting the history aside, as damage anywhere else is."""
    from ginrummy_tui.cli import main

    _played_matches(tmp_path, 3)
    shutil.rmtree(tmp_path / "archive")
    _scribble_over_plays(tmp_path)
    assert main(["export", *how, "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("gin-tui export: Your match history could not be used: the database is damaged"), err
    assert "is kept in a new history." in err and "Traceback" not in err
    assert out.strip()
    assert len(_set_aside(tmp_path)) == 1
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0  # the new history, read again: nothing more to say
    assert capsys.readouterr().err == ""


def test_a_hand_whose_stored_moves_do_not_unpack_leaves_its_match_out_not_a_traceback(tmp_path):
    """Not damage of the file (setting it aside, its salvage carried the row over, and
    the export set the new one aside again, run after run): that match is left out, named."""
    _played_matches(tmp_path, 2)
    hist = db_of(tmp_path)
    with hist.transaction() as conn:
        conn.execute("UPDATE plays SET data = ? WHERE seq = 0 AND match = 1", (b"\x78\x9cnot deflated",))
        (uid,) = conn.execute("SELECT uid FROM matches WHERE id = 1").fetchone()
    assert len(list(hist.json_lines())) == 1
    assert len(list(hist.records())) == 1
    assert hist.hand_moves(uid) == {}
    assert list(hist.left_out) == [uid]
    assert hist.left_out[uid].why == "its record in the history is damaged: a hand's stored data does not unpack"
    hist.close()


def test_the_match_of_a_damaged_file_set_aside_for_a_new_one_is_recorded_as_abandoned(tmp_path, capsys):
    """The note said "the match counts as abandoned", but a file that told nothing of its
    match (``garbage{``) left it out of the record: no row, and gin-tui stats said "No games
    recorded yet".  The id is in the file's name; its rules and opponent are unknown."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.storage.history_upkeep import file_abandoned

    given_up = tmp_path / "abandoned-20261207-000000-aaaa.json"
    given_up.write_text("garbage{")
    (told,) = file_abandoned(tmp_path)
    assert "the match counts as abandoned" in told
    hist = db_of(tmp_path)
    (record,) = list(hist.records())
    assert (record["id"], record["abandoned"], record["finished"], record["hands"]) == (
        "20261207-000000-aaaa", True, False, []
    )
    assert record["preset"] == "unknown rules"
    assert hist.stats().total.abandoned == 1
    hist.close()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "No games recorded yet" not in capsys.readouterr().out
    assert main(["export", "--list", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.split()[0] == "20261207-000000-aaaa"


@pytest.mark.parametrize("change", [
    {"hands": [{"hand_no": 1, "kind": "knock", "knocker": 0, "winner": 0, "points": 5, "moves": "zzz"}]},
    {"hands": [{"hand_no": 1, "kind": "knock", "knocker": 0, "winner": 0, "points": 5, "moves": ["zz"]}]},
    {"hands": [{"hand_no": 1, "kind": "knock", "knocker": 0, "winner": 0, "points": 5, "hands": [[1, 2], []]}]},
    {"hands": [{"hand_no": 1, "kind": "knock", "knocker": 0, "winner": 0, "points": 5, "knocker_melds": "7S"}]},
    {"id": "../../etc/evil"},
    {"id": "a/b"},
], ids=["moves text", "a move not an object", "hands of numbers", "melds text", "id climbing out", "id with a slash"])
def test_a_record_of_the_wrong_shape_is_refused_at_its_import_not_met_by_the_export(change, tmp_path, capsys):
    """A record whose moves were "zzz" was imported, and gin-tui export --format text then stopped on
    "AttributeError: 'str' object has no attribute 'get'"; one whose id was "../../etc/evil" was
    imported under that id."""
    from ginrummy_tui.cli import main

    write_json_history(tmp_path, HISTORY[:2])
    (tmp_path / "history" / "odd.json").write_text(json.dumps({**HISTORY[2], **change}))
    hist = db_of(tmp_path)
    report = import_json_history(hist)
    assert report.imported == 2 and "odd.json" in (report.message() or "")
    assert list((tmp_path / "history").glob("odd.json.damaged-*"))
    assert hist.stats().unreadable == 1
    hist.close()
    assert main(["export", "--format", "text", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert HISTORY[0]["id"] in out and HISTORY[1]["id"] in out and "evil" not in out


def _history_set_aside(root):
    """A history of 2 matches, moved aside as a damaged one is: where it went, and the history's place."""
    from ginrummy_tui.storage.history import db_path

    _played_matches(root, 2)
    path = db_path(root)
    aside = path.with_name("history.sqlite3.damaged-1")
    os.replace(path, aside)
    return aside, path


def test_a_salvage_never_replaces_a_history_another_gin_tui_started_meanwhile(tmp_path, monkeypatch):
    """The salvage looked whether the history's place was free, then renamed its copy there:
    a new history another gin-tui made between the two was replaced, with what it had recorded."""
    from ginrummy_tui.storage.history import salvage

    aside, path = _history_set_aside(tmp_path)
    theirs = b"another gin-tui's new history"
    link, replace = os.link, os.replace

    def made_first(real):
        def placing(src, dst, *args, **kwargs):
            if os.fspath(dst) == os.fspath(path) and not os.path.lexists(path):
                path.write_bytes(theirs)  # the other gin-tui, just before the copy takes the name
            return real(src, dst, *args, **kwargs)
        return placing

    monkeypatch.setattr(os, "link", made_first(link))
    monkeypatch.setattr(os, "replace", made_first(replace))
    assert salvage(aside, path) == 0
    assert path.read_bytes() == theirs
    assert sorted(p.name for p in tmp_path.iterdir() if "salvage" in p.name) == []  # its copy is not left about


def test_a_salvage_where_the_file_system_has_no_hard_links_still_puts_its_copy_in_place(tmp_path, monkeypatch):
    import errno

    from ginrummy_tui.storage.history import salvage

    aside, path = _history_set_aside(tmp_path)

    def no_links(src, dst, *args, **kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    assert salvage(aside, path) == 2
    hist = db_of(tmp_path)
    try:
        assert len(list(hist.records())) == 2
    finally:
        hist.close()
    assert sorted(p.name for p in tmp_path.iterdir() if "salvage" in p.name) == []
