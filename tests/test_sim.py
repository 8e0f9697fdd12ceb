"""``gin-tui sim``: the figures it prints and its errors."""

from __future__ import annotations

import contextlib
import json

import pytest

from ginrummy_tui.cli import main
from ginrummy_tui.cli.sim import JSON_KEYS, simulate
from ginrummy_tui.engine.words import counted

KEYS = {
    "a", "b", "rules", "seed", "matches", "hands", "wins", "wins_interval", "points", "net_points", "knocks",
    "knocks_undercut", "gins", "big_gins", "undercuts", "voids", "decision_ms",
}
FIRST_KEYS = {  # the keys of the JSON before 5 Dec: a script reading them still finds them, unchanged
    "a", "b", "rules", "matches", "hands", "wins", "points", "knocks", "gins", "big_gins", "undercuts", "voids",
    "decision_ms",
}


def run_json(capsys, *args: str) -> dict:
    assert main(["sim", *args, "--json"]) == 0
    out = capsys.readouterr().out
    return json.loads(out)


def test_json_has_exactly_the_documented_keys(capsys):
    r = run_json(capsys, "--a", "standard", "--b", "easy", "--matches", "4", "--seed", "3")
    assert set(r) == KEYS == set(JSON_KEYS) and FIRST_KEYS <= KEYS
    assert r["a"] == "standard" and r["b"] == "easy" and r["rules"] == "standard"
    assert r["matches"] == 4
    assert r["wins"]["a"] + r["wins"]["b"] == 4
    assert r["hands"] >= 4
    for key in ("wins", "wins_interval", "points", "net_points", "knocks", "knocks_undercut", "gins", "big_gins",
                "undercuts"):  # big gins: the table had them, not the JSON
        assert set(r[key]) == {"a", "b"}
    assert all(r["big_gins"][side] <= r["gins"][side] for side in ("a", "b"))  # gins count big gins too
    assert isinstance(r["voids"], int)
    for side in ("a", "b"):
        assert set(r["decision_ms"][side]) == {"median", "p99"}
        assert 0 <= r["decision_ms"][side]["median"] <= r["decision_ms"][side]["p99"]
    # every hand ends one way: a knock (maybe undercut), a gin or a void
    ends = sum(r["knocks"].values()) + sum(r["gins"].values()) + r["voids"]
    assert ends == r["hands"]


def test_same_seed_same_figures_and_jobs_do_not_change_them(capsys):
    one = run_json(capsys, "--a", "standard", "--b", "easy", "--matches", "6", "--seed", "8")
    two = run_json(capsys, "--a", "standard", "--b", "easy", "--matches", "6", "--seed", "8", "--jobs", "2")
    for key in ("matches", "hands", "wins", "points", "knocks", "gins", "undercuts", "voids"):
        assert one[key] == two[key]


def test_single_hands_and_other_presets(capsys):
    r = run_json(capsys, "--a", "easy", "--b", "standard", "--hands", "10", "--rules", "oklahoma")
    assert r["hands"] == 10 and r["matches"] == 0 and r["rules"] == "oklahoma"
    assert r["wins"]["a"] + r["wins"]["b"] + r["voids"] <= 10


def test_seats_alternate():
    # the same deal played from both seats: a mirror match of one level is exactly even
    r = simulate("standard", "standard", 4, seed=5)
    assert r["wins"]["a"] == r["wins"]["b"] == 2
    assert r["points"]["a"] == r["points"]["b"]


def test_table_output(capsys):
    assert main(["sim", "--a", "standard", "--b", "easy", "--matches", "2"]) == 0
    out = capsys.readouterr().out
    for words in ("matches won", "95% interval (Wilson)", "points per hand", "net points per hand",
                  "knocks (with undercut ones)", "undercut", "gins", "undercuts scored defending",
                  "void hands", "median", "99th"):
        assert words in out


@pytest.mark.parametrize(
    "args",
    [
        ["--matches", "0"],
        ["--matches", "ten"],
        ["--hands", "-3"],
        ["--a", "grandmaster"],
        ["--b", ""],
        ["--jobs", "0"],
        ["--jobs", "-1"],
        ["--jobs", "100000"],  # it started that many processes
        ["--matches", "3", "--hands", "3"],
        ["--seed", "x"],
        ["--frobnicate"],
    ],
)
def test_bad_arguments_exit_2(args, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["sim", *args])
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def test_jobs_are_at_most_four_a_processor(monkeypatch, capsys):
    from ginrummy_tui.cli import parse_command_line

    monkeypatch.setattr("os.cpu_count", lambda: 2)
    assert parse_command_line(["sim", "--jobs", "8"]).jobs == 8
    with pytest.raises(SystemExit) as exc:
        parse_command_line(["sim", "--jobs", "9"])
    assert exc.value.code == 2
    assert "argument --jobs: at most 8 on this machine (4 a processor), got 9" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--matches", "--hands"])
def test_matches_and_hands_are_at_most_a_million(option, capsys):
    from ginrummy_tui.cli import parse_command_line

    assert vars(parse_command_line(["sim", option, "1000000"]))[option[2:]] == 1_000_000
    with pytest.raises(SystemExit) as exc:  # 99999999999 was taken, and its list of matches filled the memory
        parse_command_line(["sim", option, "99999999999"])
    assert exc.value.code == 2
    assert f"argument {option}: must be at most 1,000,000, got 99999999999" in capsys.readouterr().err


def test_unknown_preset_exits_2(capsys):
    assert main(["sim", "--rules", "backgammon", "--matches", "1"]) == 2
    assert "unknown rules preset" in capsys.readouterr().err


@pytest.mark.parametrize(
    "output, says",
    [
        (None, "standard output is closed"),  # >&-: Python starts with no sys.stdout
        ("/dev/full", "No space left on device"),
    ],
)
def test_sim_without_a_writable_standard_output_says_so_before_playing(output, says, monkeypatch, capsys):
    """gin-tui sim >&- (or > /dev/full) played every match before finding it could not print them."""
    import ginrummy_tui.cli.sim as sim

    def played(*args, **kwargs):
        raise AssertionError("it played the matches")

    monkeypatch.setattr(sim, "simulate", played)
    with contextlib.ExitStack() as stack:
        stdout = None if output is None else stack.enter_context(open(output, "w"))
        monkeypatch.setattr("sys.stdout", stdout)
        assert main(["sim", "--matches", "1000"]) == 1
    assert capsys.readouterr().err == f"gin-tui sim: cannot write the output: {says}\n"


@pytest.mark.parametrize("before", [True, False], ids=["before sim", "after sim"])
def test_seed_and_rules_before_sim_work_as_after_it(before, monkeypatch, capsys):
    """gin-tui --seed 5 --rules oklahoma sim played seed 1 under the standard rules, without a word."""
    import ginrummy_tui.cli.sim as sim

    asked: list[tuple[int, str]] = []

    def fake(a, b, count, *, seed, preset, **kw):
        asked.append((seed, preset))
        return simulate(a, b, 1, seed=seed, preset=preset, single_hands=True)

    monkeypatch.setattr(sim, "simulate", fake)
    options = ["--seed", "5", "--rules", "oklahoma"]
    command = ["sim", "--a", "easy", "--b", "easy", "--hands", "1", "--json"]
    assert main(options + command if before else command + options) == 0
    assert asked == [(5, "oklahoma")]
    assert main(["sim", "--a", "easy", "--b", "easy", "--hands", "1", "--json"]) == 0
    assert asked[-1] == (1, "standard")  # the defaults


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--hands", "3"], "3 single hands played\n"),
        (["--hands", "1"], "1 single hand played\n"),
        (["--matches", "1"], "1 match, "),
    ],
)
def test_the_second_line_says_what_was_played(args, says, capsys):
    """With --hands 300 it read "300 hands, 300 hands played"."""
    assert main(["sim", "--a", "easy", "--b", "easy", "--rules", "classic", "--seed", "3", *args]) == 0
    first, second = capsys.readouterr().out.splitlines()[:2]
    assert first == "easy (a) against easy (b), rules classic, seed 3"
    assert (second + "\n").startswith(says)
    if "--matches" in args:
        assert second.endswith(" hands played") and "1 matches" not in second


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    import os

    found: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as f:
            found += [int(n) for n in f.read().split()]
    return found


@pytest.mark.parametrize("as_json", [False, True], ids=["table", "json"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_sim_in_one_line_with_the_figures_of_the_finished_matches(jobs, as_json, tmp_path):
    """Ctrl+C during gin-tui sim printed tracebacks (with --jobs 2 one from each worker
    and one from the main process; with --jobs 1 from deep in the computer's search)
    and ended with the signal.  It says in one line how far it got, prints the
    figures of the matches finished, ends with status 130, as a shell's Ctrl+C,
    and leaves no worker behind.  Run as in a terminal: standard error a terminal
    (its progress bar says when the first matches are done), Ctrl+C sent to the
    command's whole process group, as a terminal sends it."""
    import os
    import pty
    import re
    import select
    import signal
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("TEXTUAL_DRIVER", "GIN_TUI_WEB")}
    env["PYTHONPATH"] = os.getcwd() + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_tui", "sim", "--a", "expert", "--b", "standard", "--matches", "40",
         "--jobs", str(jobs), *(["--json"] if as_json else [])],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave, env=env, cwd=tmp_path,
        start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    err = b""
    try:
        deadline = time.monotonic() + 60
        while not re.search(rb"\] [1-9]\d*/40 ", err):  # the progress bar: some matches done
            assert time.monotonic() < deadline and proc.poll() is None, err
            if select.select([master], [], [], 1)[0]:
                err += os.read(master, 4096)
        workers = _children(proc.pid)
        assert len(workers) == (2 if jobs == 2 else 0)
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl+C
        out, _ = proc.communicate(timeout=30)
        while select.select([master], [], [], 0.5)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # its other side closed
                break
            if not chunk:
                break
            err += chunk
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
    said = err.decode().replace("\r\n", "\n").rsplit("\r", 1)[-1]  # after the progress bar, cleared
    assert proc.returncode == 130, said
    assert "Traceback" not in said and "KeyboardInterrupt" not in said
    m = re.fullmatch(r"gin-tui sim: stopped \(Ctrl\+C\) after (\d+) of 40 matches; the figures are those of the "
                     r"finished ones\.", " ".join(said.split()))  # one message (wrapped at the terminal's width)
    assert m and said.endswith(".\n"), said
    done = int(m.group(1))
    assert done >= 1
    if as_json:
        r = json.loads(out)
        assert r["matches"] == done and r["wins"]["a"] + r["wins"]["b"] == done
    else:
        assert out.decode().startswith(f"expert (a) against standard (b), rules standard, seed 1\n"
                                       f"{counted(done, 'match')}, ")
    for pid in workers:  # the workers were stopped and waited for
        assert not os.path.exists(f"/proc/{pid}")
    with pytest.raises(ProcessLookupError):  # nothing at all of the command is left
        os.killpg(proc.pid, 0)


def test_ctrl_c_while_a_finished_match_is_counted_stops_once_it_is_counted_whole(monkeypatch):
    """The figures printed after Ctrl+C add up: a Ctrl+C that comes while a finished
    match's figures are added to the others' waits until they all are (its count of
    matches added without its winner would not)."""
    import signal

    import ginrummy_tui.cli.sim as sim

    class Interrupting(dict):
        def __getitem__(self, key):
            if key == "wins":  # after the counts of matches and hands, before the wins
                signal.raise_signal(signal.SIGINT)  # to this thread, as a terminal's Ctrl+C comes to it
            return super().__getitem__(key)

    real = sim.play_one
    monkeypatch.setattr(sim, "play_one", lambda job: Interrupting(real(job)) if job[4] == 1 else real(job))
    # Ctrl+C as a terminal's command has it (the sim takes it over only from Python's own
    # handler): another test run before in this process may have left one of its own
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(sim.Stopped) as stopped:
            simulate("easy", "easy", 4, seed=3)
    finally:
        after = signal.signal(signal.SIGINT, before)
    assert after is signal.default_int_handler  # as it was
    r = stopped.value.figures
    assert r["matches"] == 2 and r["wins"]["a"] + r["wins"]["b"] == 2
    assert sum(r["knocks"].values()) + sum(r["gins"].values()) + r["voids"] == r["hands"]


# ---------------------------------------------------------------- what the output says


def _totals(matches: int, hands: int, wins: tuple[int, int], points: tuple[int, int] = (0, 0),
            undercuts: tuple[int, int] = (0, 0)) -> dict:
    """The totals of a run, as the matches played add them up."""
    from ginrummy_tui.cli.sim import _empty

    total = _empty()
    total.update(matches=matches, hands=hands, wins=list(wins), points=list(points), undercuts=list(undercuts),
                 knocks=[hands // 2, hands - hands // 2 - 1], voids=1)
    total["times"] = [[1.5, 2.5], [0.5, 70.25]]
    return total


def test_the_same_seed_plays_the_same_games_as_before_the_output_changed():
    """The figures of seed 1 as they were before the output said more (only keys were added)."""
    r = simulate("standard", "easy", 6, seed=1)
    assert {k: v for k, v in r.items() if k in FIRST_KEYS - {"decision_ms"}} == {
        "a": "standard", "b": "easy", "rules": "standard", "matches": 6, "hands": 54,
        "wins": {"a": 5, "b": 1}, "points": {"a": 10.37, "b": 3.89}, "knocks": {"a": 42, "b": 9},
        "gins": {"a": 2, "b": 0}, "big_gins": {"a": 0, "b": 0}, "undercuts": {"a": 0, "b": 5}, "voids": 1,
    }


@pytest.mark.parametrize("seed", [None, "7"])
def test_the_seed_is_in_the_table_and_the_json(seed, capsys):
    """Neither said the seed (1 unless given), so a run could not be played again from its output."""
    given = [] if seed is None else ["--seed", seed]
    args = ["sim", "--a", "easy", "--b", "easy", "--hands", "2", *given]
    assert main(args) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"easy (a) against easy (b), rules standard, seed {seed or 1}"
    assert run_json(capsys, *args[1:])["seed"] == int(seed or 1)


def test_the_interval_is_wilson_s_as_in_the_docs():
    """The intervals docs/ai.md quotes are Wilson score intervals: 586 of 1,000 "55.5-61.6%",
    233 of 300 "72.6-82.0%", 1,190 of 2,000 "57.3-61.6%", 613 of 1,000 "58.2-64.3%"."""
    from ginrummy_tui.cli.sim import wilson

    for won, played, says in ((586, 1000, "55.5-61.6"), (233, 300, "72.6-82.0"), (1190, 2000, "57.3-61.6"),
                              (613, 1000, "58.2-64.3")):
        low, high = wilson(won, played)
        assert f"{100 * low:.1f}-{100 * high:.1f}" == says
    assert wilson(0, 6)[0] == 0.0 and wilson(6, 6)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_share_won_has_its_95_percent_interval(capsys):
    """It gave the share of matches won without its interval: 5 (83.3%) of 6 could be anything
    from 43.6% to 97.0%."""
    from ginrummy_tui.cli.sim import _figures, _table, wilson

    r = _figures("master", "expert", "standard", 1, _totals(6, 45, (5, 1)), single_hands=False)
    assert r["wins_interval"] == {"a": [0.4365, 0.9699], "b": [0.0301, 0.5635]}
    table = _table(r, single_hands=False).splitlines()
    assert table[table.index(next(line for line in table if line.startswith("matches won"))) + 1].split() == [
        "95%", "interval", "(Wilson)", "43.6-97.0%", "3.0-56.4%"]
    single = _figures("easy", "easy", "standard", 1, _totals(0, 10, (7, 2)), single_hands=True)
    assert single["wins_interval"]["a"] == [round(x, 4) for x in wilson(7, 10)]  # --hands N: of the hands


def test_the_interval_is_rounded_once_and_reads_symmetric():
    """One win each in 2 matches printed "9.4-90.5%" for both sides: the interval, 9.453-90.547%,
    rounded to 4 places (0.0945, 0.9055) and then to 1 decimal."""
    from ginrummy_tui.cli.sim import _figures, _table

    r = _figures("easy", "easy", "classic", 1, _totals(2, 12, (1, 1)), single_hands=False)
    assert r["wins_interval"] == {"a": [0.0945, 0.9055], "b": [0.0945, 0.9055]}  # the JSON keeps its 4 places
    table = _table(r, single_hands=False).splitlines()
    line = next(line for line in table if line.startswith("  95% interval"))
    assert line.split()[-2:] == ["9.5-90.5%", "9.5-90.5%"]


def test_a_short_run_says_its_share_won_is_not_to_be_trusted(capsys):
    """Nothing said that 6 matches tell little: the table ends saying so, and with --json
    standard error does, while the 95% interval is wider than 10 points."""
    from ginrummy_tui.cli.sim import _figures, _print, _table

    short = _figures("master", "expert", "standard", 1, _totals(6, 45, (5, 1)), single_hands=False)
    said = _table(short, single_hands=False)
    assert said.endswith("\n\nFew matches (6): the share won is known only within its 95% interval, 53\n"
                         "percentage points wide; about 400 matches narrow any share to 10 percentage\n"
                         "points.")
    long = _figures("master", "expert", "standard", 1, _totals(1000, 5954, (613, 387)), single_hands=False)
    assert "Few" not in _table(long, single_hands=False)  # 58.2-64.3%: 6 points wide
    hands = _figures("easy", "easy", "standard", 1, _totals(0, 30, (20, 9)), single_hands=True)
    assert "Few single hands (30): " in _table(hands, single_hands=True)
    capsys.readouterr()
    _print(short, False, True)
    out, err = capsys.readouterr()
    assert json.loads(out)["matches"] == 6  # the JSON alone on standard output
    assert " ".join(err.split()).startswith("gin-tui sim: few matches (6): the share won is known only within its")
    _print(long, False, True)
    assert capsys.readouterr().err == ""


def test_net_points_per_hand_are_printed(capsys):
    """Net points per hand (won less lost), the figure docs/ai.md says to read, was not printed."""
    from ginrummy_tui.cli.sim import _figures, _table

    r = _figures("master", "expert", "standard", 1, _totals(6, 45, (5, 1), points=(601, 382)), single_hands=False)
    assert r["points"] == {"a": 13.36, "b": 8.49}
    assert r["net_points"] == {"a": 4.87, "b": -4.87}
    assert "\nnet points per hand" + " " * 24 + "+4.87" + " " * 13 + "-4.87\n" in _table(r, single_hands=False)
    level = _figures("easy", "easy", "standard", 1, _totals(2, 9, (1, 1), points=(30, 30)), single_hands=False)
    assert level["net_points"] == {"a": 0.0, "b": 0.0}
    assert json.dumps(level["net_points"]) == '{"a": 0.0, "b": 0.0}'  # not -0.0
    close = _figures("easy", "easy", "standard", 1, _totals(2, 1000, (1, 1), points=(30, 31)), single_hands=False)
    assert json.dumps(close["net_points"]) == '{"a": 0.0, "b": 0.0}'  # -0.001, not -0.0


def test_the_knock_and_undercut_rows_say_what_they_count():
    """"knocks" counted the knocks that were undercut without saying so, and "undercuts
    scored" counted each side's undercuts as the defender without saying so."""
    from ginrummy_tui.cli.sim import _figures, _table

    r = _figures("master", "expert", "standard", 1, _totals(6, 45, (5, 1), undercuts=(4, 2)), single_hands=False)
    assert r["knocks_undercut"] == {"a": 2, "b": 4}  # a's knocks undercut: b's undercuts as defender
    rows = {line[:30].strip(): line[30:].split() for line in _table(r, single_hands=False).splitlines()}
    assert rows["knocks (with undercut ones)"] == [str(r["knocks"]["a"]), str(r["knocks"]["b"])]
    assert rows["undercut"] == ["2", "4"]
    assert rows["undercuts scored defending"] == ["4", "2"]


@pytest.mark.parametrize("preset, big_gin", [("standard", False), ("classic", False), ("oklahoma", False),
                                             ("multiplayer-1.5", True)])
def test_big_gins_are_in_the_table_only_under_rules_that_allow_them(preset, big_gin):
    """"gins (with big gins)" and "big gins 0" were printed under standard rules, where big
    gin is not allowed: the rows name big gins only where the rules give its bonus."""
    from ginrummy_tui.cli.sim import _figures, _table

    r = _figures("master", "expert", preset, 1, _totals(6, 45, (5, 1)), single_hands=False)
    rows = {line[:30].strip(): line[30:].split() for line in _table(r, single_hands=False).splitlines()}
    if big_gin:
        assert rows["gins (with big gins)"] == [str(r["gins"]["a"]), str(r["gins"]["b"])] and "big gins" in rows
        assert "gins" not in rows
    else:
        assert rows["gins"] == [str(r["gins"]["a"]), str(r["gins"]["b"])]
        assert not any("big gin" in label for label in rows)


def test_knocks_undercut_match_the_undercuts_of_a_run(capsys):
    r = run_json(capsys, "--a", "expert", "--b", "standard", "--matches", "2", "--seed", "2")
    assert r["undercuts"]["a"] > 0
    assert r["knocks_undercut"] == {"a": r["undercuts"]["b"], "b": r["undercuts"]["a"]}
    assert all(r["knocks_undercut"][s] <= r["knocks"][s] for s in ("a", "b"))


@pytest.mark.parametrize("single", [False, True], ids=["matches", "hands"])
def test_the_table_is_at_most_80_columns_wide(single):
    from ginrummy_tui.cli.sim import _figures, _table

    most = 1_000_000
    total = _totals(0 if single else most, 9_999_999 if single else 7_654_321, (most, 0), points=(99_999_999, 0))
    r = _figures("standard", "standard", "multiplayer-1.5", -123456789, total, single_hands=single)
    for line in _table(r, single_hands=single).splitlines():
        assert len(line) <= 80, line
    lines = _table(r, single_hands=single).splitlines()
    figures = [line for line in lines if line.startswith("matches won" if not single else "hands won")]
    assert figures and figures[0][30:].split()[:2] == ["1000000", "(100.0%)" if not single else "(10.0%)"]


def test_help_says_what_the_output_holds(capsys):
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit):
        parse_command_line(["sim", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    for words in ("95% Wilson interval", "net points", "knocks (with undercut ones)", "as the defender",
                  "wider than 10 percentage points",
                  "the same seed plays the same games, and the output says it",
                  "standard, multiplayer-1.5, classic, oklahoma"):
        assert words in said
    assert "%%" not in said
