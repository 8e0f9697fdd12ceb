"""Statistics: the arithmetic on a hand-made history, the recorder, and the commands."""

from __future__ import annotations

import json
import os
import random

import pytest

from ginrummy_tui.cli import main
from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game
from ginrummy_tui.session.keeper import Keeper
from ginrummy_tui.storage.history import DB_NAME, import_json_history, open_history
from ginrummy_tui.storage.reports import format_text
from ginrummy_tui.storage.stats import compute
from ginrummy_tui.storage.store import SAVE_NAME, Store


def hand(no, kind, knocker, winner, points):
    return {"hand_no": no, "dealer": 1, "kind": kind, "knocker": knocker, "winner": winner, "points": points,
            "deadwood": None, "scores": [0, 0]}


def match(mid, opponent, preset, hands, winner=None, finished=True, replay=False, abandoned=False, hints=0):
    return {
        "format": "gin-tui match", "version": 1, "id": mid, "started": mid, "ended": mid if finished else None,
        "finished": finished, "abandoned": abandoned, "replay": replay, "opponent": opponent, "preset": preset,
        "winner": winner, "hands": hands, "hints": hints, "scores": [0, 0], "totals": [0, 0],
    }


# A hand-made history, oldest first.  Seat 0 is "you".
HISTORY = [
    match("2026-01-01", "standard", "standard", [
        hand(1, "knock", 0, 0, 12),      # you knock and win 12
        hand(2, "undercut", 1, 0, 30),   # the computer knocks, you undercut: +30, undercut given
        hand(3, "gin", 1, 1, 35),        # the computer goes gin
        hand(4, "void", None, None, 0),  # void
        hand(5, "gin", 0, 0, 60),        # your gin
    ], winner=0, hints=2),
    match("2026-01-02", "standard", "standard", [
        hand(1, "undercut", 0, 1, 27),   # you knock and are undercut
        hand(2, "knock", 1, 1, 80),
    ], winner=1),
    match("2026-01-03", "standard", "standard", [hand(1, "gin", 0, 0, 110)], winner=0),
    match("2026-01-04", "standard", "standard", [hand(1, "gin", 0, 0, 105)], winner=0),
    match("2026-01-05", "expert", "multiplayer-1.5", [
        hand(1, "big_gin", 0, 0, 40),
        hand(2, "timeout", None, 1, 0),  # you ran out of time: the match is lost, not a hand
    ], winner=1),
    match("2026-01-06", "expert", "multiplayer-1.5", [hand(1, "knock", 0, 0, 9)], finished=False, abandoned=True),
    match("2026-01-07", "standard", "standard", [hand(1, "gin", 0, 0, 999)], winner=0, replay=True),
    match("2026-01-08", "standard", "standard", [hand(1, "knock", 1, 1, 5)], finished=False),
]


def test_the_arithmetic_on_a_hand_made_history():
    stats = compute(HISTORY)
    std = stats.groups[("standard", "standard")]
    assert (std.matches, std.won, std.lost, std.abandoned) == (4, 3, 1, 0)
    assert std.hands == 10  # 5 + 2 + 1 + 1 + the unfinished match's hand; not the replay
    assert (std.hands_won, std.hands_lost, std.voids) == (5, 4, 1)
    assert (std.knocks, std.gins, std.big_gins) == (2, 3, 0)  # the undercut knock counts as a knock
    assert (std.undercuts_given, std.undercuts_received) == (1, 1)
    assert (std.opponent_knocks, std.opponent_gins) == (3, 1)
    assert std.points == 12 + 30 + 60 + 110 + 105
    assert std.points_against == 35 + 27 + 80 + 5
    assert std.avg_points == (12 + 30 + 60 + 110 + 105) / 10
    assert round(std.avg_net, 2) == round((317 - 147) / 10, 2)
    assert (std.best_streak, std.current_streak) == (2, 2)  # won, lost, won, won
    assert std.hints == 2
    assert round(std.win_rate, 2) == 0.75

    exp = stats.groups[("expert", "multiplayer-1.5")]
    assert (exp.matches, exp.won, exp.lost, exp.abandoned) == (1, 0, 1, 1)
    assert (exp.hands, exp.big_gins, exp.knocks, exp.timeouts_lost) == (2, 1, 1, 1)
    assert (exp.best_streak, exp.current_streak) == (0, 0)

    total = stats.total
    assert (total.matches, total.won, total.hands) == (5, 3, 12)
    assert (total.best_streak, total.current_streak) == (2, 0)  # ... won, won, lost (the expert match)
    assert stats.replays == 1


def test_the_replay_flag_keeps_a_match_out_of_the_figures():
    only_replay = [m for m in HISTORY if m["replay"]]
    stats = compute(only_replay)
    assert stats.groups == {} and stats.total.hands == 0 and stats.replays == 1


def test_the_text_table_shows_every_row_and_column():
    text = format_text(compute(HISTORY))
    heads = text.splitlines()[:2]
    # the head lines are labelled: they read "standard" over "standard"
    assert heads[0].split() == ["Opponent", "expert", "standard", "All"]
    assert heads[1].split() == ["Rules", "mp-1.5", "standard"]
    for label in ("Matches played", "Knocks", "Gins", "Big gins", "You undercut them",
                  "They undercut you", "Void hands", "Points per hand", "Best winning streak",
                  "Current streak"):
        assert label in text
    assert "Undercuts given" not in text  # who undercut whom is said
    assert "(1 practice deal not counted)" in text
    row = next(line for line in text.splitlines() if line.startswith("Matches won"))
    assert row.split()[-3:] == ["0", "3", "3"]  # expert, standard, all


def test_the_text_table_counts_the_matches_lost_on_time():
    """gin-tui stats had no row for them: only stats --json counted them."""
    text = format_text(compute(HISTORY))
    row = next(line for line in text.splitlines() if line.startswith("Matches lost on time"))
    assert row.split()[-3:] == ["1", "0", "1"]  # expert (you ran out of time), standard, all


def test_find_a_match_by_id_prefix_or_last(tmp_path):
    _write_history(tmp_path)
    hist = open_history(tmp_path).history
    assert hist.find("last") == "no matches recorded yet"
    import_json_history(hist)
    assert hist.find("2026-01-03")["id"] == "2026-01-03"
    assert hist.find("last")["id"] == "2026-01-08"
    assert "matches start with" in hist.find("2026-01")
    assert "no match with id" in hist.find("zzz")


# ---------------------------------------------------------------- recording real play


def _play(keeper, state, rng, until=None):
    while not state.over and (until is None or not until(state)):
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
        discards = sorted((a for a in acts if a.kind == "discard"), key=lambda a: -a.card.value)
        state = apply(state, rng.choice(enders) if enders else discards[0] if discards else rng.choice(acts))
        keeper.on_change(state)
    return state


def test_recorded_play_matches_the_score_sheet_and_survives_a_resume(tmp_path):
    rules = PRESETS["standard"].with_options(target=60)
    rng = random.Random(5)
    keeper = Keeper(Store(tmp_path), settings={"ai": "easy"})
    state = new_game(rules, seed=8)
    keeper.start(state)
    state = _play(keeper, state, rng, until=lambda s: len(s.sheet) >= 1 and s.phase == "draw")
    assert not state.over
    # "quit" and resume: a new keeper on the same save records nothing twice
    saved = Store(tmp_path).load().saved
    keeper2 = Keeper(Store(tmp_path), match_id=saved.match_id, settings=saved.settings)
    keeper2.start(saved.state)
    state = _play(keeper2, saved.state, rng)
    records = list(open_history(tmp_path).history.records())
    assert len(records) == 1
    rec = records[0]
    assert rec["finished"] and rec["winner"] == state.winner and rec["opponent"] == "easy"
    assert [h["hand_no"] for h in rec["hands"]] == [r.hand_no for r in state.sheet]
    assert [h["points"] for h in rec["hands"]] == [r.points for r in state.sheet]
    assert all(h.get("moves") for h in rec["hands"])
    assert rec["preset"] == "standard (changed: target 60)"  # named by the options changed, not "custom"
    st = compute(records).groups[("easy", "standard (changed: target 60)")]
    assert st.hands == len(state.sheet)
    assert st.points == sum(r.points for r in state.sheet if r.winner == 0)
    assert st.matches == 1 and st.won == (1 if state.winner == 0 else 0)


def test_a_replay_is_recorded_but_not_counted(tmp_path):
    keeper = Keeper(Store(tmp_path), settings={"ai": "standard"}, replay=True)
    state = new_game(PRESETS["standard"].with_options(target=20), seed=3)
    keeper.start(state)
    _play(keeper, state, random.Random(1))
    stats = open_history(tmp_path).history.stats()
    assert stats.replays == 1 and stats.total.matches == 0 and stats.total.hands == 0


def test_a_damaged_database_is_set_aside_when_play_records_and_the_match_is_recorded_anew(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"\0garbage" * 2000)
    state = new_game(PRESETS["standard"].with_options(target=20), seed=3)
    keeper = Keeper(Store(tmp_path), match_id="m1", settings={"ai": "standard"})
    keeper.start(state)
    state = _play(keeper, state, random.Random(1))
    assert any("could not be used" in e and "moved to" in e for e in keeper.errors)
    assert list(tmp_path.glob(DB_NAME + ".damaged-*"))
    record = open_history(tmp_path).history.find("m1")
    assert record["finished"] and len(record["hands"]) == len(state.sheet)


# ---------------------------------------------------------------- the commands


def _write_history(root):
    folder = root / "history"
    folder.mkdir(parents=True)
    for m in HISTORY:
        (folder / f"{m['id']}.json").write_text(json.dumps(m))
    (folder / "junk.json").write_text("not json")


def test_gin_tui_stats_prints_a_table_and_json(tmp_path, capsys):
    _write_history(tmp_path)
    assert main(["--data-dir", str(tmp_path), "stats"]) == 0
    out = capsys.readouterr().out
    assert "Matches played" in out and "1 unreadable match record(s) skipped" in out
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"]["matches"] == 5 and data["unreadable_records"] == 1
    group = next(g for g in data["groups"] if g["opponent"] == "standard")
    assert group["won"] == 3 and group["best_streak"] == 2


def test_gin_tui_stats_with_nothing_recorded(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path))
    assert main(["stats"]) == 0
    assert "No games recorded yet" in capsys.readouterr().out


def test_stats_with_nothing_recorded_names_the_command_that_plays_in_that_directory(tmp_path, capsys, monkeypatch):
    """stats --data-dir D on an empty D said "play a match with 'gin-tui'", which records its
    matches in the default directory, not in D."""
    folder = tmp_path / "x" / "c"
    folder.mkdir(parents=True)
    monkeypatch.delenv("GIN_TUI_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    said = "No games recorded yet: the matches played with {} are counted here.\n"
    assert main(["stats", "--data-dir", str(folder)]) == 0
    assert capsys.readouterr() == (said.format(f"gin-tui --data-dir {folder}"), "")
    monkeypatch.chdir(tmp_path)
    assert main(["stats", "--data-dir", "x/c"]) == 0  # the absolute path, as the quit line names it
    assert capsys.readouterr().out == said.format(f"gin-tui --data-dir {folder}")
    monkeypatch.setenv("GIN_TUI_HOME", str(folder))
    assert main(["stats"]) == 0
    assert capsys.readouterr().out == said.format(f"gin-tui --data-dir {folder}")
    monkeypatch.delenv("GIN_TUI_HOME")
    (tmp_path / "xdg" / "gin-tui").mkdir(parents=True)
    assert main(["stats"]) == 0  # the default directory: gin-tui alone
    assert capsys.readouterr().out == said.format("gin-tui")


def test_stats_json_says_null_where_the_table_says_a_dash(tmp_path, capsys, monkeypatch):
    """With no finished match, stats --json said "win_rate": 0.0 where the table says
    "Win rate  -" (and "avg_points": 0.0 with no hand played): nothing to average is null."""
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path))
    assert main(["stats", "--json"]) == 0
    total = json.loads(capsys.readouterr().out)["total"]
    assert total["matches"] == 0 and total["hands"] == 0
    assert total["win_rate"] is None and total["avg_points"] is None and total["avg_net"] is None
    _write_history(tmp_path)
    assert main(["stats", "--json"]) == 0
    total = json.loads(capsys.readouterr().out)["total"]
    assert total["win_rate"] == round(total["won"] / total["matches"], 3) and isinstance(total["avg_points"], float)


@pytest.mark.parametrize("by_env", [False, True], ids=["--data-dir", "GIN_TUI_HOME"])
def test_stats_and_export_say_a_data_dir_given_does_not_exist(by_env, tmp_path, capsys, monkeypatch):
    """stats --data-dir /tmp/typo/a/b said "No games recorded yet: play a match with 'gin-tui'.",
    and export printed nothing, as if the directory were an empty one: a typo went unseen."""
    where = tmp_path / "typo" / "a" / "b"
    option = [] if by_env else ["--data-dir", str(where)]
    if by_env:
        monkeypatch.setenv("GIN_TUI_HOME", str(where))
    # one line for both (export said "no matches recorded: ...", stats --json the why alone)
    line = f"No games recorded yet: {where} does not exist (no match was played with it as the data directory)."
    assert main(["stats", *option]) == 0
    assert capsys.readouterr() == (f"{line}\n", "")
    assert main(["stats", "--json", *option]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["total"]["matches"] == 0 and err == f"gin-tui stats: {line}\n"
    assert main(["export", *option]) == 0
    assert capsys.readouterr() == ("", f"gin-tui export: {line}\n")  # standard output: the data
    assert not (tmp_path / "typo").exists()


def test_gin_tui_export_json_lines_text_and_one_match(tmp_path, capsys):
    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines == sorted(HISTORY, key=lambda m: m["id"]) and "junk.json" in err
    assert main(["export", "--data-dir", str(tmp_path), "--match", "2026-01-02", "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Match 2026-01-02") and "Hand 1: undercut" in text and "Hand 2: knock" in text
    assert main(["export", "--data-dir", str(tmp_path), "--match", "nope"]) == 1
    assert "no match with id 'nope'" in capsys.readouterr().err


def test_gin_tui_export_with_an_empty_match_id_finds_no_match(tmp_path, capsys):
    folder = tmp_path / "history"
    folder.mkdir()
    (folder / "2026-01-02.json").write_text(json.dumps(HISTORY[1]))  # one match: '' must not pick it
    for argv in (["--match", ""], ["--match", "", "--format", "text"]):
        assert main(["export", "--data-dir", str(tmp_path), *argv]) == 1
        out, err = capsys.readouterr()
        assert out == "" and "no match with id ''" in err
    assert main(["export", "--data-dir", str(tmp_path), "--match", "2026"]) == 0  # a start of the id still does
    assert json.loads(capsys.readouterr().out)["id"] == "2026-01-02"


def test_gin_tui_export_since_a_date_and_the_list(tmp_path, capsys):
    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path), "--since", "2026-01-06"]) == 0
    ids = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
    assert ids == ["2026-01-06", "2026-01-07", "2026-01-08"]
    assert main(["export", "--data-dir", str(tmp_path), "--since", "2026-01-06", "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in listed] == ids
    assert "  1 hand  0-0  abandoned" in listed[0] and "(practice deal)" in listed[1]  # it said "1 hands"
    assert main(["export", "--data-dir", str(tmp_path), "--since", "yesterday"]) == 2
    assert "--since wants a date" in capsys.readouterr().err
    # the calendar's first day, a date: every match (it was refused, "wants a date like 2026-11-30")
    assert main(["export", "--data-dir", str(tmp_path), "--since", "0001-01-01", "--list"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == len(_listed_all(tmp_path, capsys)) and not err


def _listed_all(tmp_path, capsys) -> list[str]:
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    return capsys.readouterr().out.splitlines()


def test_gin_tui_export_since_a_date_after_every_match_says_none_since_then(tmp_path, capsys):
    _write_history(tmp_path)
    for argv in (["--list"], ["--format", "text"]):
        assert main(["export", "--data-dir", str(tmp_path), "--since", "2030-01-01", *argv]) == 0
        assert capsys.readouterr().out == "No matches recorded since 2030-01-01.\n"  # it said 'recorded yet'


@pytest.mark.parametrize(("zone", "day", "ids"), [
    ("Etc/GMT+10", "2026-12-05", ["m2", "m3"]),  # ten hours west: m1 began at 22:21 on the 4th there, m3 at midnight
    ("Etc/GMT+10", "2026-12-04", ["m1", "m2", "m3"]),
    ("UTC", "2026-12-05", ["m1", "m2", "m3"]),
    ("Etc/GMT-10", "2026-12-06", ["m2"]),  # ten hours east: m2 began at 00:30 on the 6th there
])
def test_export_since_takes_the_day_of_the_players_time_zone(tmp_path, capsys, monkeypatch, zone, day, ids):
    """--since compared the day with the UTC start: ten hours west of Greenwich,
    --since 2026-12-05 listed matches that began there on the 4th."""
    import time

    folder = tmp_path / "history"
    folder.mkdir()
    for mid, started in (("m1", "2026-12-05T08:21:00Z"), ("m2", "2026-12-05T14:30:00Z"), ("m3", "2026-12-05T10:00:00Z")):
        record = match(mid, "easy", "standard", [hand(1, "knock", 0, 0, 10)], winner=0)
        (folder / f"{mid}.json").write_text(json.dumps({**record, "started": started, "ended": started}))
    monkeypatch.setenv("TZ", zone)
    time.tzset()
    try:
        assert main(["export", "--data-dir", str(tmp_path), "--since", day, "--list"]) == 0
        listed = capsys.readouterr().out.splitlines()
    finally:
        monkeypatch.undo()
        time.tzset()
    assert sorted(line.split()[0] for line in listed) == ids


def test_export_since_keeps_a_match_recorded_with_its_date_alone_from_that_day(tmp_path, capsys, monkeypatch):
    import time

    _write_history(tmp_path)  # started: dates alone
    monkeypatch.setenv("TZ", "Etc/GMT-10")
    time.tzset()
    try:
        assert main(["export", "--data-dir", str(tmp_path), "--since", "2026-01-07", "--list"]) == 0
        listed = capsys.readouterr().out.splitlines()
    finally:
        monkeypatch.undo()
        time.tzset()
    assert [line.split()[0] for line in listed] == ["2026-01-07", "2026-01-08"]


def test_export_help_says_since_is_a_local_day(capsys):
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    assert "local time zone" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("argv", [["--match", "last", "--list"], ["--match", "last", "--since", "2026-01-06"]])
def test_gin_tui_export_refuses_options_that_do_not_go_with_one_match(argv, tmp_path, capsys):
    """They were ignored: the match was exported whatever --list or --since said.  Then
    refused without "; see gin-tui export --help", which the parser's other mistakes end with."""
    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path), *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"gin-tui export: error: {argv[2]} does not go with --match, which exports that one match; "
                   "see gin-tui export --help\n")


def test_gin_tui_export_and_stats_with_nothing_recorded_create_nothing(tmp_path, capsys):
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    assert main(["export", "--data-dir", str(tmp_path)]) == 0
    assert main(["export", "--data-dir", str(tmp_path), "--match", "last"]) == 1
    assert "No matches recorded yet." in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_gin_tui_stats_on_a_damaged_database_says_so_and_starts_again(tmp_path, capsys):
    _write_history(tmp_path)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    capsys.readouterr()
    (tmp_path / DB_NAME).write_bytes(b"not a database at all" * 100)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "not a SQLite database" in err and "moved to" in err, (err, sorted(p.name for p in tmp_path.iterdir()))
    assert "a new history has been started, rebuilt from the 8 matches in archive/" in err  # their records kept there
    assert "Matches played" in out


def test_the_text_table_fits_80_columns_with_every_level_and_preset():
    records = []
    n = 0
    for opp in ("easy", "standard", "expert"):
        for preset in ("standard", "multiplayer-1.5", "classic", "oklahoma"):
            n += 1
            records.append(match(f"m{n}", opp, preset, [hand(1, "knock", 0, 0, 20)], winner=0))
    stats = compute(records)
    assert len(stats.groups) == 12
    text = format_text(stats)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80, text
    # every pair and the total are there, each column headed by level over preset
    heads = [(a, b) for a, b in zip(lines, lines[1:]) if a.startswith("Opponent ")]
    assert all(b.split()[0] == "Rules" for _, b in heads)
    pairs = [(x, y) for a, b in heads for x, y in zip(a.split()[1:], b.split()[1:])]
    assert len(pairs) == 12 and ("expert", "mp-1.5") in pairs and ("easy", "oklahoma") in pairs
    assert any(line.split()[-1:] == ["All"] for line in lines)
    won = [line for line in lines if line.startswith("Matches won")]
    assert sum(len(line.split()) - 2 for line in won) == 13  # 12 pairs and All, one each
    # a wide terminal shows more side by side
    assert len(format_text(stats, width=160).splitlines()) < len(lines)


def test_the_stats_screen_table_fits_its_width_cutting_no_figure():
    # At 46 columns the screen's table cut every figure off ("vs standar", "37.")
    from ginrummy_tui.tui.screens.stats_screen import stats_renderable

    records = [match("m1", "standard", "standard", [hand(1, "gin", 0, 0, 37)], winner=0)]
    for n, (opp, preset) in enumerate((("easy", "classic"), ("expert", "multiplayer-1.5")), start=2):
        records.append(match(f"m{n}", opp, preset, [hand(1, "knock", 0, 0, 20)], winner=0))
    stats = compute(records)
    for width in (40, 74, 200):
        group = stats_renderable(stats, width=width)
        lines = [line for part in group.renderables[1:] for line in part.plain.splitlines()]
        assert max(len(line) for line in lines) <= width, "\n".join(lines)
        won = [line for line in lines if line.startswith("Matches won")]
        assert sum(len(line.split()) - 2 for line in won) == 4, "\n".join(lines)  # three pairs and All
        assert any(line.startswith("Points per hand") and "37.0" in line for line in lines)
    wide = [line for part in stats_renderable(stats, width=200).renderables[1:] for line in part.plain.splitlines()]
    assert "vs standard" in wide[0] and "standard rules" in wide[1]  # the long heads where they fit


def test_the_tables_say_who_undercut_whom_as_right_for_a_person_as_for_the_computer(tmp_path, capsys):
    """The rows said 'You undercut the computer' above the network column too, where the opponent is a person."""
    from ginrummy_tui.storage.stats import NETWORK
    from ginrummy_tui.tui.screens.stats_screen import stats_renderable

    _write_history(tmp_path)
    person = match("2026-01-09", NETWORK, "standard", [
        hand(1, "undercut", 1, 0, 30),  # they knock, you undercut them
        hand(2, "undercut", 0, 1, 27),  # you knock, they undercut you
        hand(3, "undercut", 0, 1, 25),
    ], winner=1)
    (tmp_path / "history" / "2026-01-09.json").write_text(json.dumps(person))
    stats = compute([*HISTORY, person])
    assert main(["--data-dir", str(tmp_path), "stats"]) == 0
    text = capsys.readouterr().out
    screen = "\n".join(line for part in stats_renderable(stats, width=74).renderables[1:] for line in part.plain.splitlines())
    for table, width in ((text, 80), (screen, 74)):
        assert "computer" not in table.lower(), table
        assert max(len(line) for line in table.splitlines()) <= width, table
        heads = table.splitlines()[0].split()
        assert heads == ["Opponent", "expert", "network", "standard", "All"], table  # every column side by side
        given = next(line for line in table.splitlines() if line.startswith("You undercut them"))
        received = next(line for line in table.splitlines() if line.startswith("They undercut you"))
        assert given.split()[-4:] == ["0", "1", "1", "2"] and received.split()[-4:] == ["0", "2", "1", "3"], table


def test_stats_and_export_say_when_the_data_directory_cannot_be_used(tmp_path, capsys):
    import os
    from pathlib import Path

    a_file = tmp_path / "a-file"
    a_file.write_text("not a directory")
    unusable = [(a_file, "Not a directory"), (a_file / "below", "Not a directory")]
    if os.path.isdir("/proc/self"):  # Linux: no directory can be made in /proc
        unusable.append((Path("/proc/gin-tui-test"), "no directory can be made in /proc"))
    for where, why in unusable:
        for command in (["stats"], ["stats", "--json"], ["export"], ["export", "--list"]):
            assert main([*command, "--data-dir", str(where)]) == 1, (command, where)
            out, err = capsys.readouterr()
            assert out == ""  # not "No games recorded yet", nor an empty JSON
            assert err == f"gin-tui {command[0]}: the data directory {where} cannot be used ({why})\n"
    # a directory not made yet is fine (nothing recorded), and is not left behind
    assert main(["stats", "--data-dir", str(tmp_path / "new" / "dir")]) == 0
    assert "No games recorded yet" in capsys.readouterr().out
    assert not (tmp_path / "new").exists()


def test_a_match_ended_on_time_is_listed_as_lost_on_time(tmp_path, capsys):
    """gin-tui export --list and F3's last matches said '0-0 lost' of a match lost when the move clock ran out."""
    from ginrummy_tui.tui.screens.stats_screen import recent_renderable

    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path), "--since", "2026-01-05", "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].startswith("2026-01-05") and listed[0].endswith("  1 hand  0-0  lost on time"), listed
    assert "on time" not in "".join(listed[1:])
    recent = open_history(tmp_path).history.recent(10)
    lines = {r["id"]: line for r in recent for line in [str(recent_renderable([r]).renderables[1])]}
    assert lines["2026-01-05"].endswith("0-0 lost on time") and lines["2026-01-04"].endswith("0-0 won")


def _doubled_hands():
    """A hand ended each way (knock, gin, big gin, undercut) under Oklahoma rules
    with a spade upcard, which doubles the hand's score."""
    from dataclasses import replace

    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.engine.kinds import Kind
    from ginrummy_tui.tui import scenarios

    rules = PRESETS["oklahoma"].with_options(big_gin=True)
    mine = "7H 8H 9H QS QH QC 2C 3C 4C 5C"
    starts = {
        "knock": (scenarios.knock_ready(rules=rules), Action(Kind.KNOCK, card("KD"))),
        "gin": (scenarios.gin_ready(rules=rules), Action(Kind.GIN, card("KD"))),
        "big_gin": (scenarios.arranged(mine, "JH QD 6C 7C KS KC 2D 6S 9S JS", stock_top="TH", discard="JD",
                                       rules=rules), Action(Kind.BIG_GIN)),
        "undercut": (scenarios.arranged("7H 8H 9H QS QH QC 2D 3S 4S KD", "5C 6C 7C 8C 9C TC JC 2H 3H AD",
                                        stock_top="AS", discard="JD", rules=rules), Action(Kind.KNOCK, card("KD"))),
    }
    for kind, (state, end) in starts.items():
        state = replace(state, multiplier=2, knock_limit=10)
        ended = apply(apply(state, Action(Kind.DRAW_STOCK)), end)
        assert ended.sheet[-1].kind == kind and ended.result is not None and ended.result.multiplier == 2
        yield kind, ended


def test_gin_tui_export_text_tells_how_each_hand_s_points_add_up_as_the_summary_does(tmp_path, capsys):
    """An Oklahoma spade hand was told "undercut, deadwood 9-4: Computer (expert) +60", without
    the "× 2" that makes it 60; the summary said "((undercut bonus 25 + 9 − 4) × 2)"."""
    from rich.console import Console, Group

    from ginrummy_tui.engine import view
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.tui.screens.summary_screen import summary_lines

    folder = tmp_path / "history"
    folder.mkdir()
    summaries = {}
    for kind, ended in _doubled_hands():
        console = Console(width=100, record=True, color_system=None)
        console.print(Group(*summary_lines(view(ended, 0), "Computer").lines))
        line = next(ln for ln in console.export_text().splitlines() if " score" in ln and "× 2" in ln)
        line = line.rstrip()
        assert line.endswith(" for the spade upcard"), line  # the summary says why; the export, the working alone
        line = line.removesuffix(" for the spade upcard")
        summaries[kind] = (ended.sheet[-1].points, line[line.index("  (") :])
        # one pair of brackets: "(undercut bonus 25 + 9 − 4) × 2", not "((undercut bonus 25 + 9 − 4) × 2)"
        assert "((" not in line and summaries[kind][1].endswith(") × 2"), line
        record = seat_record(view(ended, 0), f"2026-01-0{len(summaries)}-{kind}", opponent="expert")
        (folder / f"{record['id']}.json").write_text(json.dumps(record))
    assert main(["export", "--data-dir", str(tmp_path), "--format", "text"]) == 0
    text = capsys.readouterr().out
    for kind, (points, how) in summaries.items():
        assert f" +{points}{how}  (score " in text, (kind, how, text)


def test_a_record_whose_deadwood_is_not_numbers_is_exported_without_its_working():
    """A record of another make (imported JSON) with deadwood as text stopped gin-tui export
    --format text with a TypeError while it worked out how the points add up."""
    from ginrummy_tui.engine import view
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match

    kind, ended = next(_doubled_hands())
    record = seat_record(view(ended, 0), "2026-01-01-odd", opponent="expert")
    good = format_match(record)
    assert ") × 2  (score " in good and "((" not in good, good
    for h in record["hands"]:
        h["deadwood"] = [str(n) for n in h["deadwood"]]
    odd = format_match(record)
    assert "× 2" not in odd and f"+{ended.sheet[-1].points}  (score " in odd, odd


def test_a_hand_ended_by_the_move_clock_is_not_counted_as_played_anywhere(tmp_path, capsys):
    """A match lost on time in its first hand: gin-tui stats said 'Hands 0',
    gin-tui export --list '1 hand', and the text told it as 'Hand 1'."""
    from ginrummy_tui.storage.reports import format_match

    timed = [match("2026-02-01", "standard", "multiplayer-1.5", [hand(1, "timeout", None, 1, 0)], winner=1)]
    folder = tmp_path / "history"
    folder.mkdir()
    (folder / "2026-02-01.json").write_text(json.dumps(timed[0]))
    assert main(["stats", "--data-dir", str(tmp_path), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert stats["total"]["hands"] == 0 and stats["total"]["timeouts_lost"] == 1, stats
    assert listed == ["2026-02-01  standard/multiplayer-1.5  0 hands  0-0  lost on time"], listed
    record = open_history(tmp_path).history.find("last")
    assert isinstance(record, dict)
    text = format_match(record)
    assert "  In hand 1: You ran out of time" in text and "  Hand 1:" not in text, text


def test_the_text_export_of_a_match_with_bonuses_shows_them_as_the_score_sheet_does():
    """A classic match: the hands' lines ended at "(score 101-23)", then
    "Result: You won 281-43" with nothing to say where the 180 and 20 came from."""
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS, Action, Kind, Phase, apply, view
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui import scenarios

    start = replace(scenarios.match_point(), rules=PRESETS["classic"])
    over = apply(apply(start, Action(Kind.DRAW_STOCK)), Action(Kind.KNOCK, card("KD")))
    assert over.phase == Phase.MATCH_OVER and over.winner == 0 and over.bonuses[0] > 0 and over.bonuses[1] > 0
    lines = format_match(seat_record(view(over, 0), "m1", opponent="standard")).splitlines()
    (t0, t1), (s0, s1) = over.totals, over.scores
    # named, as the score sheet names them: it said "Bonuses: You +160, Computer (standard) +40"
    assert (t0 - s0, t1 - s1) == (3 * 20 + 100, 2 * 20)
    assert lines[-2:] == [
        f"  Bonuses: boxes You +60, Computer (standard) +40; game You +100  (total {t0}-{t1})",
        f"  Result: You won {t0}-{t1}",
    ], lines
    won = apply(apply(scenarios.match_point(), Action(Kind.DRAW_STOCK)), Action(Kind.KNOCK, card("KD")))
    plain = format_match(seat_record(view(won, 0), "m2", opponent="standard"))
    assert "Bonuses" not in plain  # no bonus in the standard rules: no line


def test_one_match_is_exported_as_json_as_every_match_is(tmp_path, capsys):
    """gin-tui export wrote compact JSON, gin-tui export --match last the same
    record with spaces after every comma and colon."""
    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path)]) == 0
    every = capsys.readouterr().out.splitlines()
    for wanted, line in (("last", every[-1]), ("2026-01-01", every[0])):
        assert main(["export", "--data-dir", str(tmp_path), "--match", wanted]) == 0
        assert capsys.readouterr().out == line + "\n"


def damaged_save(match_id: str, how: str) -> str:
    """The text of a save of the match ``match_id`` that cannot be used: its
    game is not one (``how`` "not a game"), or the file is cut short after 200
    bytes ("cut short"), its match id still whole in them."""
    from ginrummy_tui.engine import state_to_dict
    from ginrummy_tui.storage.store import SAVE_FORMAT

    data = {"format": SAVE_FORMAT, "version": 1, "saved_at": "2026-01-08T10:00:00Z", "match_id": match_id,
            "replay": False, "settings": {"ai": "easy"}, "ui": {}, "state": "not a game"}
    if how == "not a game":
        return json.dumps(data)
    data["state"] = state_to_dict(new_game(PRESETS["standard"], seed=1))
    text = json.dumps(data, separators=(",", ":"))[:200]
    assert f'"match_id":"{match_id}"' in text
    return text


@pytest.mark.parametrize("how", ["not a game", "cut short"])
@pytest.mark.parametrize("name", ["current.json", "separate-20260108.json"])
def test_a_match_whose_save_was_damaged_is_listed_as_abandoned_not_unfinished(tmp_path, capsys, name, how):
    """The match of a save set aside as damaged stayed "unfinished" in
    gin-tui export --list for good, though it can never be finished; also a
    separate match's save, left by a second copy of the game, taken up at start;
    also a save cut short, whose match id was not read from what is left."""
    import argparse

    from ginrummy_tui.session.keeper import start_history_upkeep
    from ginrummy_tui.session.startup import prepare

    _write_history(tmp_path)  # 2026-01-08: a match left unfinished
    (tmp_path / name).write_text(damaged_save("2026-01-08", how))
    args = argparse.Namespace(ai=None, rules=None, seed=None, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    try:
        said = "Your saved match" if name == SAVE_NAME else f"The separate match in {tmp_path / name}"
        assert plan.notes[0].startswith(f"{said} could not be used"), plan.notes
        told: list[str] = []
        worker = start_history_upkeep(plan.keeper, told.append)
        assert worker is not None
        worker.join(60)
    finally:
        plan.close()
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    listed = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert listed["2026-01-08"].endswith("  abandoned"), listed
    assert listed["2026-01-01"].endswith("  won")  # the others as they were


def damaged_save_after_moves(match_id: str, how: str, moves: int = 6) -> str:
    """The text of a save of the match ``match_id`` after ``moves`` moves of its
    first hand (none of the player's when ``moves`` is 0), no hand ended, that
    cannot be used: cut short after 700 bytes ("cut short"), its match id still
    whole in them, or whole JSON with a card twice ("duplicate card")."""
    from ginrummy_tui.engine import state_to_dict
    from ginrummy_tui.storage.store import SAVE_FORMAT

    state = new_game(PRESETS["classic"], seed=5)
    while len(state.history) < moves:
        state = apply(state, legal_actions(state)[0])
    assert not state.sheet and any(m.seat == 0 for m in state.history) == bool(moves)
    game = state_to_dict(state)
    if how == "duplicate card":
        game["stock"][0] = game["hands"][0][0]
    data = {"format": SAVE_FORMAT, "version": 1, "saved_at": "2026-01-09T10:00:00Z", "match_id": match_id,
            "replay": False, "settings": {"ai": "expert"}, "ui": {}, "state": game}
    text = json.dumps(data, separators=(",", ":"))
    if how == "cut short":
        text = text[:700]
        assert f'"match_id":"{match_id}"' in text and '"history"' not in text
    return text


@pytest.mark.parametrize(("how", "moves"), [("cut short", 6), ("duplicate card", 6), ("duplicate card", 0)])
def test_a_damaged_save_of_a_match_with_moves_but_no_hand_ended_is_recorded_abandoned(tmp_path, capsys, how, moves):
    """A match whose save was damaged before any hand of it ended had no row, and none was
    made: gin-tui export --list said "No matches recorded yet." and the statistics showed no
    abandoned match, where the same match given up with --new was recorded abandoned.  A
    whole file that shows no move of the player counts as nothing, as --new counts it."""
    import argparse

    from ginrummy_tui.session.keeper import start_history_upkeep
    from ginrummy_tui.session.startup import prepare

    (tmp_path / "current.json").write_text(damaged_save_after_moves("20260109-100000-abcd", how, moves))
    args = argparse.Namespace(ai=None, rules=None, seed=None, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    try:
        assert plan.notes[0].startswith("Your saved match could not be used"), plan.notes
        worker = start_history_upkeep(plan.keeper, lambda _said: None)
        assert worker is not None
        worker.join(60)
    finally:
        plan.close()
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    listed = capsys.readouterr().out
    if not moves:
        assert listed == "No matches recorded yet.\n"
        return
    assert listed == "20260109-100000-abcd  expert/classic  0 hands  0-0  abandoned\n"
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["total"]["abandoned"] == 1 and figures["total"]["matches"] == 0, figures["total"]


# ---------------------------------------------------------------- changed rules, named


CHANGED = {  # name: the rules, changed from a preset
    "classic (changed: target 40)": PRESETS["classic"].with_options(target=40),
    "classic (changed: target 50)": PRESETS["classic"].with_options(target=50),
    "standard (changed: void at 10 cards left in the stock)": PRESETS["standard"].with_options(void_stock=10),
    "multiplayer-1.5 (changed: target 50)": PRESETS["multiplayer-1.5"].with_options(target=50),
    "classic (changed: big gin allowed, target 40, no upcard offer, box bonus 30, move timer 45 s)": (
        PRESETS["classic"].with_options(target=40, big_gin=True, timer=45, upcard_offer=False, box_bonus=30)
    ),
}


def _write_records(root, records) -> None:
    folder = root / "history"
    folder.mkdir(parents=True)
    for r in records:
        (folder / f"{r['id']}.json").write_text(json.dumps(r))


def _changed_records(with_rules: bool = True) -> list[dict]:
    """Matches played by the rules of :data:`CHANGED` and by a preset, as an earlier version
    recorded them: "custom" for every rules changed (with the rules, if ``with_rules``)."""
    records = []
    for n, rules in enumerate([*CHANGED.values(), PRESETS["classic"]], start=1):
        for opp, winner in (("easy", 0), ("expert", 1)):
            changed = rules != PRESETS[rules.name]
            r = match(f"2026-03-{n:02d}-{opp}", opp, "custom" if changed else rules.name,
                      [hand(1, "knock", 0, 0, 10 * n), hand(2, "gin", 1, 1, 25)], winner=winner)
            if with_rules:  # named "custom", as the rules of an earlier version were once changed
                r["rules"] = {**rules.to_dict(), "name": "custom"} if changed else rules.to_dict()
            records.append(r)
    return records


def test_changed_rules_are_named_and_kept_apart_in_the_statistics_and_the_export(tmp_path, capsys, monkeypatch):
    """gin-tui stats had one "custom" column for classic to 40, standard voided at 10 cards and
    multiplayer-1.5 to 50 alike, and the export said "Rules: custom"."""
    records = _changed_records()
    _write_records(tmp_path, records)
    hist = open_history(tmp_path).history
    import_json_history(hist)
    stats = hist.stats()
    names = {name for _opp, name in stats.groups}
    assert names == {*CHANGED, "classic"}
    assert stats.as_dict() == compute(records).as_dict()  # the records' own figures, named alike
    assert stats.groups[("easy", "classic (changed: target 40)")].points == 10
    assert stats.groups[("easy", "classic (changed: target 50)")].points == 20
    hist.close()

    monkeypatch.setenv("COLUMNS", "80")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "custom" not in out and max(len(line) for line in out.splitlines()) <= 80, out
    notes = out.split("\n\n")[-1].splitlines()
    assert notes[:3] == [
        "[1] classic rules (changed: big gin allowed, target 40, no upcard offer, box",
        "    bonus 30, move timer 45 s)",
        "[2] classic rules (changed: target 40)",
    ], out
    heads = [line.split()[1:] for line in out.splitlines() if line.startswith("Rules ")]
    assert heads[0][:5] == ["classic", "classic", "[1]", "classic", "[2]"], heads  # classic, then its changes
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    assert {g["preset"] for g in json.loads(capsys.readouterr().out)["groups"]} == {*CHANGED, "classic"}
    assert main(["export", "--data-dir", str(tmp_path)]) == 0
    exported = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["preset"] for r in exported[:2]] == ["classic (changed: target 40)"] * 2
    assert {r["preset"] for r in exported} == {*CHANGED, "classic"}  # (the rules' every option beside it)
    for argv in (["export", "--format", "text"], ["export", "--list"]):
        assert main([*argv, "--data-dir", str(tmp_path)]) == 0
        out = capsys.readouterr().out
        assert "custom" not in out and "classic (changed: target 40)" in out, (argv, out)
    assert main(["export", "--format", "text", "--match", "2026-03-01-easy", "--data-dir", str(tmp_path)]) == 0
    assert "   Rules: classic (changed: target 40)   " in capsys.readouterr().out


def test_the_json_export_names_changed_rules_by_their_preset_and_the_options_changed(tmp_path, capsys):
    """The JSON export wrote ``"rules": {"name": "custom", ...}`` for rules changed from a preset,
    without the preset or which options were changed; now the rules are named by their preset
    and ``rules_changed`` gives the options changed with their values, by both paths of the
    export (a record with other entries goes the slow one) and for ``--match``."""
    from ginrummy_tui.engine.rules import Rules
    from ginrummy_tui.storage.rule_words import rules_name

    changed = PRESETS["classic"].with_options(gin_bonus=30, target=10)
    assert changed.name == "classic"
    name = rules_name(changed)
    assert name == "classic (changed: gin bonus 30, target 10)"
    records = []
    for n, (rules, extra) in enumerate([(changed, None), (changed, {"note": 1}), (PRESETS["classic"], None),
                                        (None, None)], start=1):
        r = match(f"2026-04-{n:02d}", "easy", rules_name(rules) if rules else "custom",
                  [hand(1, "gin", 0, 0, 40)], winner=0)
        if rules is not None:
            r["rules"] = rules.to_dict()
        r.update(extra or {})
        records.append(r)
    _write_records(tmp_path, records)
    hist = open_history(tmp_path).history
    import_json_history(hist)
    hist.close()

    assert main(["export", "--data-dir", str(tmp_path)]) == 0
    exported = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["id"] for r in exported] == [r["id"] for r in records]
    for r in exported[:2]:
        assert r["preset"] == name  # the readable name, as the statistics and the text export say it
        assert r["rules"]["name"] == "classic" and r["rules_changed"] == {"gin_bonus": 30, "target": 10}
        back = Rules.from_dict(r["rules"])  # the rules themselves, every option, read back
        assert back.gin_bonus == 30 and back.target == 10 and back.box_bonus == 20 and rules_name(back) == name
    assert exported[1]["note"] == 1
    assert exported[2]["rules"]["name"] == "classic" and exported[2]["rules_changed"] == {}
    assert exported[2]["preset"] == "classic"
    assert "rules" not in exported[3] and "rules_changed" not in exported[3]  # kept none: nothing to tell
    assert exported[3]["preset"] == "changed rules"
    assert "custom" not in json.dumps(exported)
    assert main(["export", "--match", "2026-04-01", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out) == exported[0]


def test_matches_recorded_as_custom_by_an_earlier_version_are_named_by_their_rules(tmp_path):
    """A history of an earlier version groups every changed rules under "custom" (the matches
    and the tallies of their hands): opened, they are named by the rules each match kept,
    "changed rules" for a match that kept none, with the same figures as their records give."""
    from ginrummy_tui.storage.history_schema import TALLY_FILL

    records = _changed_records()
    records[0].pop("rules")  # an old record without its rules
    _write_records(tmp_path, records)
    hist = open_history(tmp_path).history
    import_json_history(hist)
    with hist.transaction() as conn:  # as an earlier version wrote them
        conn.execute("UPDATE matches SET preset = 'custom' WHERE preset != 'classic'")
        conn.execute("DELETE FROM tallies")
        conn.execute(TALLY_FILL.format(where=""))
    assert {row[0] for row in hist.read("SELECT preset FROM tallies")} == {"custom", "classic"}
    hist.close()

    hist = open_history(tmp_path).history
    stats = hist.stats()
    assert {name for _opp, name in stats.groups} == {*CHANGED, "classic", "changed rules"}
    assert stats.as_dict() == compute(records).as_dict()
    assert stats.groups[("easy", "changed rules")].points == 10  # the first match, which kept no rules
    assert {row[0] for row in hist.read("SELECT preset FROM tallies")} == {*CHANGED, "classic", "changed rules"}
    assert [r["preset"] for r in hist.records()][:2] == ["changed rules", "classic (changed: target 40)"]
    text = format_text(stats)
    assert "custom" not in text and "changed [1]" in text
    assert "[1] changed rules (which ones, an earlier version did not record)" in text


def test_the_stats_screen_names_changed_rules_in_full_where_they_fit_and_by_a_mark_elsewhere():
    from ginrummy_tui.tui.screens.stats_screen import stats_renderable

    stats = compute(_changed_records())
    for width in (40, 74):
        group = stats_renderable(stats, width=width)
        lines = [line for part in group.renderables[1:] for line in part.plain.splitlines()]
        assert "custom" not in "\n".join(lines)
        assert max(len(line) for line in lines[:-6]) <= width, "\n".join(lines)  # the table; the notes wrap
        assert "[2] classic rules (changed: target 40)" in lines and "classic [2]" in "\n".join(lines)
    one = compute(_changed_records()[2:3])  # one column: its full name fits
    lines = [line for part in stats_renderable(one, width=74).renderables[1:] for line in part.plain.splitlines()]
    assert lines[:2] == ["vs easy".rjust(len(lines[0])), lines[1]] and lines[1].endswith("classic rules (changed: target 50)")


def test_the_statistics_and_the_export_name_changed_rules_after_the_preset_chosen():
    """The default with Big Gin and no upcard offer was kept and exported as
    "multiplayer-1.5 (changed: no move timer)", a preset the player never chose."""
    from ginrummy_tui.storage.rule_words import exported_rules, rules_name

    mine = PRESETS["standard"].with_options(big_gin=True, upcard_offer=False)
    assert rules_name(mine) == "standard (changed: big gin allowed, no upcard offer)"
    rules, changed = exported_rules(mine.to_dict())
    assert rules["name"] == "standard" and changed == {"big_gin": True, "upcard_offer": False}


def test_an_old_classic_record_is_counted_with_new_classic_ones():
    """A classic match from before the shutout option (rules without it) was filed in a row of
    its own, "classic (changed: no shutout)", and exported as changed: the player changed nothing."""
    from ginrummy_tui.engine import from_json, to_json, view
    from ginrummy_tui.engine import parse_action as A
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.rule_words import exported_rules

    from .engine_helpers import rig

    def won(old: bool):
        s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
                discard="6S", phase="draw", current=0, rules=PRESETS["classic"], scores=(95, 0))
        data = json.loads(to_json(s))
        if old:
            data["rules"].pop("shutout", None)
        s = from_json(json.dumps(data))
        return apply(apply(s, A("draw stock")), A("gin KD"))

    records = [seat_record(view(won(old), 0), f"m{old}", opponent="standard") for old in (True, False)]
    assert [r["preset"] for r in records] == ["classic", "classic"]
    old_rules = records[0]["rules"] | {}
    old_rules.pop("shutout", None)  # as a record of before holds them
    assert exported_rules(old_rules) == ({**old_rules, "name": "classic"}, {})
    old_record = records[0] | {"rules": old_rules}
    stats = compute([old_record, records[1]])
    assert list(stats.groups) == [("standard", "classic")], stats.groups
    assert stats.groups[("standard", "classic")].matches == 2


def test_a_save_cut_short_before_its_rules_is_counted_under_rules_unknown_not_changed_by_an_earlier_version(
    tmp_path, capsys
):
    """A save cut short before its rules (``head -c 300 current.json``) was
    recorded abandoned under "changed rules", which the statistics explained
    as "(which ones, an earlier version did not record)"; this version
    recorded it, and the rules are unknown because the save was damaged."""
    import argparse

    from ginrummy_tui.session.keeper import start_history_upkeep
    from ginrummy_tui.session.startup import prepare

    whole = damaged_save_after_moves("20260109-100000-abcd", "duplicate card")
    text = whole[: whole.index('"gin_bonus"')]  # cut in the middle of the rules
    assert '"match_id":"20260109-100000-abcd"' in text and '"rules"' in text
    (tmp_path / "current.json").write_text(text)
    args = argparse.Namespace(ai=None, rules=None, seed=None, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    try:
        worker = start_history_upkeep(plan.keeper, lambda _said: None)
        assert worker is not None
        worker.join(60)
    finally:
        plan.close()
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    assert capsys.readouterr().out == "20260109-100000-abcd  expert/unknown rules  0 hands  0-0  abandoned\n"
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    told = " ".join(capsys.readouterr().out.split())
    assert "[1] unknown rules (the save was damaged: its rules could not be read)" in told
    assert "earlier version" not in told


@pytest.mark.parametrize("width", [None, 200, 120])
def test_f3_explains_rules_it_cannot_name_under_the_table_as_gin_tui_stats_does(width):
    """F3's wide heads said "vs easy" over "unknown rules" with no word of why
    (gin-tui stats, with its short heads, explains it under the table)."""
    from ginrummy_tui.storage.rule_words import CHANGED_RULES, UNKNOWN_RULES
    from ginrummy_tui.tui.screens.stats_screen import stats_renderable

    records = [
        match("m1", "easy", UNKNOWN_RULES, [], finished=False, abandoned=True),
        match("m2", "easy", "standard", [hand(1, "knock", 0, 0, 10)], winner=0),
        match("m3", "expert", CHANGED_RULES, [hand(1, "gin", 1, 1, 30)], winner=1),
    ]
    parts = stats_renderable(compute(records), width=width).renderables[1:]
    screen = "\n".join(line for part in parts for line in part.plain.splitlines())
    assert "vs easy" in screen and "standard rules" in screen  # the wide heads
    assert "unknown rules [1]" in screen and "changed rules [2]" in screen  # numbered in the columns' order
    told = " ".join(screen.split())
    assert "[1] unknown rules (the save was damaged: its rules could not be read)" in told
    assert "[2] changed rules (which ones, an earlier version did not record)" in told


def test_export_list_in_json_gives_a_json_line_a_match_as_the_list_has_them(tmp_path, capsys):
    """gin-tui export --list --format json printed the text list (status 0, no
    word of the --format ignored): it gives JSON Lines, a match a line, with
    the list's id, opponent, rules, hands, totals and result."""
    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert main(["export", "--data-dir", str(tmp_path), "--list", "--format", "json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len(listed) > 1
    for row, line in zip(rows, listed, strict=True):
        ident, who, hands, score, *result = line.split("  ")
        assert row["id"] == ident and f"{row['opponent']}/{row['preset']}" == who
        assert row["hands"] == int(hands.split()[0]) and "-".join(map(str, row["totals"])) == score
        assert row["result"] == result[0] and row["replay"] == (result[1:] == ["(practice deal)"])
    assert main(["export", "--data-dir", str(tmp_path / "none"), "--list", "--format", "json"]) == 0
    assert capsys.readouterr().out == ""  # JSON Lines of no match: nothing


def test_a_practice_deal_has_one_name_everywhere_and_is_not_the_last_match(tmp_path, capsys):
    """A practice deal (gin-tui --seed N --hand K) was a "replayed deal(s)" to gin-tui stats,
    "(replay)" to export --list and F3, "(in progress, replayed deal)" to the text export, and
    export --match last returned it rather than the last real match; a real match in progress
    was "in progress" in F3 and "unfinished" in the list.  It is a "practice deal" everywhere,
    "unfinished" where it was not played out, as is a real match not finished; F3's last
    matches and --match last leave it out (its id still exports it)."""
    from ginrummy_tui.storage.figures import work_out
    from ginrummy_tui.tui.screens.stats_screen import recent_renderable, stats_renderable

    practice = [
        match("2026-01-09", "easy", "standard", [hand(3, "knock", 0, 0, 9)], finished=False, replay=True),
        match("2026-01-10", "easy", "standard", [hand(3, "knock", 0, 0, 9)], finished=False, replay=True),
    ]
    folder = tmp_path / "history"
    folder.mkdir()
    for m in [*HISTORY, *practice]:
        (folder / f"{m['id']}.json").write_text(json.dumps(m))
    assert main(["--data-dir", str(tmp_path), "stats"]) == 0
    assert "(3 practice deals not counted)" in capsys.readouterr().out
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    listed = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert listed["2026-01-10"].endswith("  1 hand  0-0  unfinished  (practice deal)")
    assert listed["2026-01-08"].endswith("  1 hand  0-0  unfinished")
    assert main(["export", "--data-dir", str(tmp_path), "--match", "last", "--format", "text"]) == 0
    assert capsys.readouterr().out.startswith("Match 2026-01-08  (unfinished)\n")  # the last real match
    assert main(["export", "--data-dir", str(tmp_path), "--match", "2026-01-10", "--format", "text"]) == 0
    assert capsys.readouterr().out.startswith("Match 2026-01-10  (unfinished, practice deal)\n")
    assert main(["export", "--data-dir", str(tmp_path), "--match", "last"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "2026-01-08"

    figures = work_out(open_history(tmp_path).history)
    assert [r["id"] for r in figures.recent] == ["2026-01-08", "2026-01-06", "2026-01-05", "2026-01-04", "2026-01-03"]
    shown = recent_renderable(figures.recent).renderables
    assert shown[1].plain.endswith("0-0 unfinished") and not any("replay" in t.plain for t in shown)
    notes = stats_renderable(figures.stats).renderables[-1].plain
    assert notes == "(3 practice deals not counted)"


def test_export_last_with_practice_deals_alone_says_how_to_export_them(tmp_path, capsys):
    folder = tmp_path / "history"
    folder.mkdir()
    (folder / "2026-01-09.json").write_text(json.dumps(match("2026-01-09", "easy", "standard", [], replay=True)))
    assert main(["export", "--data-dir", str(tmp_path), "--match", "last"]) == 1
    assert "no match recorded yet but practice deals, which --match takes by their id" in capsys.readouterr().err
    assert main(["export", "--data-dir", str(tmp_path), "--match", "2026-01-09"]) == 0
    assert json.loads(capsys.readouterr().out)["replay"] is True


def test_export_of_an_id_too_short_to_pick_one_match_says_to_give_more_of_it(tmp_path, capsys):
    """"more than 5 matches start with '2026-01-0': ..." listed five ids with no word of what to do."""
    _write_history(tmp_path)
    assert main(["export", "--data-dir", str(tmp_path), "--match", "2026-01-0"]) == 1
    err = capsys.readouterr().err
    assert "more than 5 matches start with '2026-01-0': 2026-01-01, " in err
    assert err.rstrip().endswith("2026-01-05; give more of the id")


def _recorded(tmp_path, match_id, state):
    """``state`` played out by the standard opponent on both seats to the hand's end,
    recorded in the history of ``tmp_path`` as the game records it; the end."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import view

    hist = open_history(tmp_path).history
    recorder = hist.recorder(match_id)
    bot = get_opponent("standard", 0)
    recorder.observe(state)
    while state.phase in ("upcard", "draw", "discard"):
        state = apply(state, bot.choose(view(state, state.current)))
        recorder.observe(state)
    hist.close()
    return state


def test_the_export_gives_each_hands_upcard_and_knock_limit(tmp_path, capsys):
    """An Oklahoma hand was exported "× 2" with no word of the upcard that doubled it or of
    the knock limit it set: JSON and text give each hand's upcard (as it was dealt) and its
    knock limit, the text saying how Oklahoma makes them count."""
    seeds = {}
    for seed in range(1, 60):
        dealt = new_game(PRESETS["oklahoma"], seed=seed)
        suit, rank = dealt.discard[0].suit, dealt.discard[0].rank
        if suit == "S" and 1 < rank < 10:
            seeds.setdefault("spade", dealt)
        elif suit != "S" and rank == 1:
            seeds.setdefault("ace", dealt)
    for n, (which, dealt) in enumerate(sorted(seeds.items())):
        upcard = str(dealt.discard[0])
        _recorded(tmp_path, f"2026-01-0{n + 1}-{which}", dealt)
        assert main(["export", "--data-dir", str(tmp_path), "--match", f"2026-01-0{n + 1}-{which}"]) == 0
        [entry] = json.loads(capsys.readouterr().out)["hands"]
        assert (entry["upcard"], entry["knock_limit"]) == (upcard, dealt.knock_limit), which
        assert main(["export", "--data-dir", str(tmp_path), "--match", f"2026-01-0{n + 1}-{which}",
                     "--format", "text"]) == 0
        text = capsys.readouterr().out
        if which == "spade":
            told = f"    Upcard: {upcard}, knock limit {dealt.knock_limit} (Oklahoma: the upcard's count; a spade doubles the hand)"
        else:
            told = f"    Upcard: {upcard}, knock limit 0 (Oklahoma: the upcard's count; gin only)"
        assert told in text.splitlines(), text
    # under standard rules, the same line without Oklahoma's words
    dealt = new_game(PRESETS["standard"], seed=3)
    _recorded(tmp_path, "2026-01-09-standard", dealt)
    assert main(["export", "--data-dir", str(tmp_path), "--match", "2026-01-09-standard", "--format", "text"]) == 0
    assert f"    Upcard: {dealt.discard[0]}, knock limit 10" in capsys.readouterr().out.splitlines()


def test_an_earlier_record_without_upcards_is_exported_as_it_was():
    from ginrummy_tui.storage.reports import format_match

    text = format_match(HISTORY[0])
    assert "Upcard" not in text and "Hand 4: void: no score  (score 0-0)" in text


def test_a_void_hands_deadwood_is_exported_as_its_end_showed_it(tmp_path, capsys):
    """A void hand's end shows each player's deadwood (You 4, Computer 6); the export said
    "deadwood": null, and the text "void: no score"."""
    from dataclasses import replace

    from ginrummy_tui.engine import best_melds
    from ginrummy_tui.engine.kinds import Phase

    start = new_game(PRESETS["standard"], seed=1)
    ended = _recorded(tmp_path, "2026-01-01-void", replace(start, stock=start.stock[-3:], phase=Phase.DRAW))
    assert ended.sheet[-1].kind == "void" and ended.sheet[-1].deadwood is None
    shown = [best_melds(h).deadwood for h in ended.result.hands]
    assert main(["export", "--data-dir", str(tmp_path), "--match", "last"]) == 0
    assert json.loads(capsys.readouterr().out)["hands"][0]["deadwood"] == shown
    assert main(["export", "--data-dir", str(tmp_path), "--match", "last", "--format", "text"]) == 0
    assert f"  Hand 1: void, deadwood {shown[0]}-{shown[1]}: no score  (score 0-0)" in capsys.readouterr().out


def test_the_text_of_a_match_not_finished_ends_with_where_it_was_left():
    """An abandoned match's text ended after its last hand, with no line of where it was left,
    where a finished match ends with its result."""
    from ginrummy_tui.storage.reports import format_match

    abandoned = match("2026-02-02", "standard", "standard", [hand(1, "knock", 1, 1, 17)], finished=False,
                      abandoned=True)
    abandoned["scores"] = [0, 17]
    assert format_match(abandoned).splitlines()[-1] == "  Abandoned after hand 1, You 0 · Computer (standard) 17"
    assert format_match(HISTORY[7]).splitlines()[-1] == "  Unfinished after hand 1, You 0 · Computer (standard) 0"
    nothing = match("2026-02-03", "expert", "standard", [], finished=False, abandoned=True)
    assert format_match(nothing).splitlines()[-1] == "  Abandoned with no hand ended, You 0 · Computer (expert) 0"
    assert "Abandoned" not in format_match(HISTORY[0]) and "Unfinished" not in format_match(HISTORY[0])


def test_a_knock_limit_of_0_is_named_gin_only_and_matches_named_otherwise_before_go_with_it(tmp_path, capsys):
    """Rules with a knock limit of 0 were named "standard (changed: knock limit 0)" on the score
    sheet, in the records and the statistics: now "standard (changed: gin only)", what the rule
    is.  A match an earlier version recorded under the old name goes with those recorded since,
    under the new one, in a history database and in the records read from files alike."""
    import sqlite3

    from ginrummy_tui.storage.rule_words import recorded_rules_name, rules_name, rules_words

    gin_only = PRESETS["standard"].with_options(knock_limit=0)
    assert rules_name(gin_only) == "standard (changed: gin only)"
    assert rules_name(gin_only.with_options(target=40)) == "standard (changed: gin only, target 40)"
    old, new = "standard (changed: knock limit 0)", "standard (changed: gin only)"
    assert recorded_rules_name(old, None) == new
    assert recorded_rules_name("classic (changed: target 40, knock limit 0)", None) == "classic (changed: target 40, gin only)"
    assert recorded_rules_name("standard (changed: knock limit 7)", None) == "standard (changed: knock limit 7)"
    assert rules_words(old) == "standard rules (changed: gin only)"
    before = match("2026-05-01", "easy", old, [hand(1, "gin", 0, 0, 40)], winner=0)
    since = match("2026-05-02", "easy", new, [hand(1, "gin", 1, 1, 30)], winner=1)
    for r in (before, since):
        r["rules"] = gin_only.to_dict()
    assert set(compute([before, since]).groups) == {("easy", new)}  # the records read from files

    _write_records(tmp_path, [before])
    hist = open_history(tmp_path).history
    import_json_history(hist)
    path = hist.path
    hist.close()
    # recorded by an earlier version: under the old name, its tallies with it
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE matches SET preset = ?", (old,))
        db.execute("UPDATE tallies SET preset = ?", (old,))
    db.close()
    hist = open_history(tmp_path).history
    (tmp_path / "history" / f"{since['id']}.json").write_text(json.dumps(since))
    import_json_history(hist)
    stats = hist.stats()
    assert set(stats.groups) == {("easy", new)}
    assert stats.groups[("easy", new)].hands == 2 and stats.groups[("easy", new)].matches == 2
    hist.close()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "knock limit 0" not in out and "gin only" in out, out
    assert main(["export", "--format", "text", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count(f"Rules: {new}") == 2 and "knock limit 0" not in out.replace("Upcard", ""), out


BAD_NAME = os.fsdecode(b"x-\xff\x01bad")
"""A folder's name with a byte that is not UTF-8 and a control character."""


def test_stats_and_export_quote_a_folder_whose_name_a_terminal_cannot_show(tmp_path, capsys):
    """stats --data-dir $'/tmp/x-\\xff\\x01bad/nope' wrote the raw bytes 0xFF and 0x01 to the
    terminal, export "/tmp/x-\\udcff^Abad/nope" (Python's escape and a raw control byte): they
    quote the folder as the quit line does, $'/tmp/x-\\xff\\x01bad/nope'."""
    where = tmp_path / BAD_NAME / "nope"
    quoted = f"$'{tmp_path}/x-\\xff\\x01bad/nope'"
    line = f"No games recorded yet: {quoted} does not exist (no match was played with it as the data directory)."
    assert main(["stats", "--data-dir", str(where)]) == 0
    assert capsys.readouterr() == (f"{line}\n", "")
    assert main(["stats", "--json", "--data-dir", str(where)]) == 0
    assert capsys.readouterr().err == f"gin-tui stats: {line}\n"
    assert main(["export", "--data-dir", str(where)]) == 0
    assert capsys.readouterr() == ("", f"gin-tui export: {line}\n")
    (tmp_path / BAD_NAME).write_text("")  # a file where the folder goes: cannot be used
    for command in ("stats", "export"):
        assert main([command, "--data-dir", str(where)]) == 1
        assert capsys.readouterr().err == f"gin-tui {command}: the data directory {quoted} cannot be used (Not a directory)\n"
    (tmp_path / BAD_NAME).unlink()
    (where / "history.sqlite3").mkdir(parents=True)  # a message of the history's own, the path in it
    assert main(["stats", "--data-dir", str(where)]) == 1
    err = capsys.readouterr().err
    assert f"$'{tmp_path}/x-\\xff\\x01bad/nope/history.sqlite3' cannot be used" in err
    assert all(ch.isprintable() for ch in err.rstrip("\n")), err


def test_a_message_quotes_each_word_a_terminal_cannot_show_and_nothing_else():
    from ginrummy_tui.cli import names_shown, wrapped

    bad = f"/tmp/{BAD_NAME}/current.json"
    assert wrapped(f"gin-tui host: saved in {bad}") == "gin-tui host: saved in $'/tmp/x-\\xff\\x01bad/current.json'"
    assert names_shown(f"saved in {bad}.") == "saved in $'/tmp/x-\\xff\\x01bad/current.json'."
    assert names_shown(f"(replacing {bad}) and 'then'") == "(replacing $'/tmp/x-\\xff\\x01bad/current.json') and 'then'"
    assert names_shown("plain /tmp/a b, é and\nlines") == "plain /tmp/a b, é and\nlines"
    resume = "gin-tui --data-dir $'/tmp/x-\\xff\\x01bad'"  # quoted already: as it is
    assert names_shown(resume) == resume


def _edited_history(root, sql: str) -> None:
    """The hand-made history recorded in ``root``'s database, then changed by ``sql``
    as another program could (SQLite's check of the file still passes)."""
    import sqlite3

    _write_history(root)
    assert main(["stats", "--data-dir", str(root)]) == 0  # imported
    conn = sqlite3.connect(root / DB_NAME)
    conn.executescript(sql)
    conn.commit()
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()


EDITS = {
    "a hand's data that does not unpack": (
        "INSERT INTO plays SELECT id, 0, x'00112233' FROM matches WHERE uid = '2026-01-02'",
        "a hand's stored data does not unpack",
    ),
    "extra that is not JSON": ("UPDATE matches SET extra = '{bad' WHERE uid = '2026-01-02'", "(extra) are not JSON"),
    "extra that is not an object": (
        "UPDATE matches SET extra = '[]' WHERE uid = '2026-01-02'", "(extra) are not a JSON object",
    ),
    "a preset of bytes": ("UPDATE matches SET preset = x'ff' WHERE uid = '2026-01-02'", "its column preset holds bytes"),
    "an opponent of bytes": (
        "UPDATE matches SET opponent = x'00ff' WHERE uid = '2026-01-02'", "its column opponent holds bytes",
    ),
}


@pytest.mark.parametrize("edit", list(EDITS))
def test_a_match_whose_row_does_not_read_is_left_out_named_and_the_rest_exported(edit, tmp_path, capsys):
    sql, why = EDITS[edit]
    _edited_history(tmp_path, sql)
    capsys.readouterr()
    for _ in range(3):  # the history is not set aside, nor copied, run after run
        assert main(["export", "--data-dir", str(tmp_path)]) == 1
        out, err = capsys.readouterr()
        ids = [json.loads(line)["id"] for line in out.splitlines()]
        assert len(ids) == 7 and "2026-01-02" not in ids
        assert "match 2026-01-02 could not be read (its record in the history is damaged: " in err and why in err
        assert "it is not in the export" in err and "damaged (SQLite" not in err
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(DB_NAME)] == [DB_NAME]  # nothing set aside
    assert main(["export", "--format", "text", "--data-dir", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert "2026-01-01" in out and "2026-01-03" in out and "2026-01-02" in err
    assert main(["export", "--match", "2026-01-02", "--data-dir", str(tmp_path)]) == 1
    assert "match 2026-01-02 could not be read" in capsys.readouterr().err
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert "Matches played" in capsys.readouterr().out
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["total"]


@pytest.mark.parametrize("edit", ["a preset of bytes", "an opponent of bytes"])
def test_the_statistics_leave_out_a_match_whose_names_are_not_text_and_say_so(edit, tmp_path, capsys):
    _edited_history(tmp_path, EDITS[edit][0])
    capsys.readouterr()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Matches played" in out and "(match 2026-01-02 could not be read (its record in the history is damaged:" in out
    assert main(["stats", "--json", "--data-dir", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["total"]["matches"] == 4 and data["left_out"] == [
        f"match 2026-01-02 could not be read (its record in the history is damaged: {EDITS[edit][1]}) and is left out"
    ]
    assert main(["export", "--list", "--data-dir", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 7 and "2026-01-02" in err


def test_an_id_that_is_not_text_is_left_out_as_such(tmp_path, capsys):
    _edited_history(tmp_path, "UPDATE matches SET uid = x'ff00' WHERE uid = '2026-01-08'")
    capsys.readouterr()
    assert main(["export", "--data-dir", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 7
    assert "match with an id that is not text could not be read (its record in the history is damaged: " \
        "its column uid holds bytes): it is not in the export." in " ".join(err.split())


def test_rules_that_do_not_read_leave_their_matches_out_the_first_five_named(tmp_path, capsys):
    _edited_history(tmp_path, "INSERT INTO rulesets (text) VALUES ('{}');"
                              "UPDATE matches SET rules = (SELECT min(id) FROM rulesets);"
                              "UPDATE rulesets SET text = '{not json'")
    capsys.readouterr()
    assert main(["export", "--data-dir", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("its rules are not JSON") == 5, err
    assert "3 more matches could not be read either: they are not in the export." in " ".join(err.split())
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(DB_NAME)] == [DB_NAME]  # nothing set aside


@pytest.mark.parametrize(("sql", "why"), [
    ("UPDATE tallies SET hands = 'x'", "its table of figures holds something other than numbers"),
    ("DROP TABLE tallies", "its table tallies is missing"),
])
def test_a_table_of_figures_missing_or_not_numbers_is_set_aside_once_and_the_figures_come_back(sql, why, tmp_path, capsys):
    _edited_history(tmp_path, sql)
    out, _ = capsys.readouterr()
    before = out
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert f"Your match history could not be used: the database is damaged ({why})." in " ".join(err.split())
    assert "(8 matches) is kept in a new history" in " ".join(err.split())
    assert out == before  # every figure, worked out again from the hands
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().err == ""
    assert len([p for p in tmp_path.iterdir() if ".damaged-" in p.name]) == 1
