"""The command line outside a terminal: a closed pipe, and no terminal at all.

* ``gin-tui export | head`` (or stats, sim...): when the reader has gone, the
  command stops quietly (status 141, nothing on standard error) instead of a
  BrokenPipeError traceback.
* ``gin-tui stats > /dev/full`` (or a closed standard output): the command
  ends with one line on standard error saying why, and status 1.
* ``gin-tui </dev/null`` (cron, a pipe): the game cannot be played without a
  terminal; it says so in one line and exits with status 2 at once, instead of
  spinning.  The commands that only print still work into a pipe.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ginrummy_tui.engine import PRESETS, Action, apply
from ginrummy_tui.engine.cards import card
from ginrummy_tui.storage.history import open_history
from ginrummy_tui.tui import scenarios

TIMEOUT = 60  # a spinning command is a failure, not a hang of the suite


def _env(home) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TEXTUAL_DRIVER", "GIN_TUI_WEB")}
    env["GIN_TUI_HOME"] = str(home)
    env["PYTHONPATH"] = os.getcwd() + os.pathsep + env.get("PYTHONPATH", "")
    return env


@pytest.fixture
def home(tmp_path):
    """A data directory with one recorded match, so that every command has something to print."""
    s = scenarios.match_point()
    hist = open_history(tmp_path).history
    recorder = hist.recorder("m1")
    recorder.observe(s)
    recorder.observe(apply(apply(s, Action("draw stock")), Action("knock", card("KD"))))
    hist.close()
    return tmp_path


def _closed_pipe_run(args: list[str], home) -> subprocess.CompletedProcess:
    """Run ``gin-tui args`` with standard output into a pipe whose reader is already gone."""
    r, w = os.pipe()
    os.close(r)
    try:
        return subprocess.run(
            [sys.executable, "-m", "ginrummy_tui", *args],
            stdout=w, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
            env=_env(home), timeout=TIMEOUT, text=True,
        )
    finally:
        os.close(w)


@pytest.mark.parametrize(
    "args",
    [
        ["stats"],
        ["stats", "--json"],
        ["export"],
        ["export", "--format", "text"],
        ["export", "--list"],
        ["sim", "--matches", "1", "--jobs", "1"],
    ],
    ids=" ".join,
)
def test_a_command_writing_into_a_closed_pipe_stops_quietly(args, home):
    done = _closed_pipe_run(args, home)
    assert done.stderr == "", done.stderr
    assert done.returncode == 141


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["stats", "--help"]], ids=" ".join)
def test_help_into_a_closed_pipe_is_quiet_too(args, home):
    done = _closed_pipe_run(args, home)  # argparse itself ignores the closed pipe: it said status 0
    assert done.stderr == "" and done.returncode == 141


PRINTING = [
    ["stats"],
    ["stats", "--json"],
    ["export", "--format", "text"],
    ["export", "--list"],
    ["export", "--match", "last"],
    ["sim", "--hands", "1"],
    ["--version"],
    ["--help"],
    ["stats", "--help"],
    ["host", "--server-only", "--port", "0"],
]


@pytest.mark.parametrize("args", PRINTING, ids=" ".join)
def test_a_command_writing_to_a_full_disk_says_so_in_one_line(args, home):
    """It was a traceback for stats, export and sim, and status 0 for --help and --version; then
    "gin-tui: cannot write the output" for every command, where its other lines name it."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "ginrummy_tui", *args],
            stdout=full, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=_env(home), timeout=TIMEOUT, text=True,
        )
    assert done.returncode == 1
    said = f"gin-tui {args[0]}" if args[0] in ("stats", "export", "sim", "host") and "--help" not in args else "gin-tui"
    assert done.stderr.splitlines()[-1:] == [f"{said}: cannot write the output: No space left on device"], done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("args", PRINTING, ids=" ".join)
def test_a_command_without_standard_output_says_so_in_one_line(args, home):
    done = subprocess.run(
        ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "ginrummy_tui", *args],
        stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=_env(home), timeout=TIMEOUT, text=True,
    )
    assert done.returncode == 1
    said = f"gin-tui {args[0]}" if args[0] in ("stats", "export", "sim", "host") and "--help" not in args else "gin-tui"
    assert done.stderr.splitlines()[-1:] == [f"{said}: cannot write the output: standard output is closed"], done.stderr
    assert "Traceback" not in done.stderr


def test_export_into_head_prints_its_first_lines_and_nothing_else(home):
    done = subprocess.run(
        f"{sys.executable} -m ginrummy_tui export --format text | head -n 2",  # (JSON Lines: one line a match)
        shell=True, capture_output=True, text=True, env=_env(home), timeout=TIMEOUT,
    )
    assert done.stderr == ""
    assert len(done.stdout.splitlines()) == 2


@pytest.mark.parametrize("args", [[], ["--new", "--seed", "3"], ["join", "127.0.0.1:9", "--code", "ABCD-EFGH"]], ids=str)
def test_without_a_terminal_the_game_says_so_in_one_line_and_exits_2(args, home):
    assert "not a terminal" in _refused_without_a_terminal(args, home)


def _refused_without_a_terminal(args: list[str], home) -> str:
    """The one line ``gin-tui args`` ends with (status 2, nothing on standard
    output), standard input being no terminal."""
    done = subprocess.run(
        [sys.executable, "-m", "ginrummy_tui", *args],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, env=_env(home), timeout=TIMEOUT,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


@pytest.mark.parametrize(
    "args, says",
    [
        (["--rule", "foo=1"], "gin-tui: --rule foo: unknown rule option (options: knock_limit, "),
        (["--rules", "nope"], "gin-tui: unknown rules preset 'nope': choose one of standard, "),
        (["--rule", "knock_limit=99"], "gin-tui: --rule knock_limit: must be between 0 and "),
        (["--pause", "99"], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got 99; see "),
        (["host", "--rules", "nope"], "gin-tui host: unknown rules preset 'nope': choose one of standard, "),
        (["join", "127.0.0.1:9", "--theme="], "gin-tui join: --theme needs a theme name"),
        (["--theme", "nope"], "gin-tui: unknown theme 'nope': choose one of "),
        (["host", "--theme", "nope"], "gin-tui host: unknown theme 'nope': choose one of "),
    ],
    ids=str,
)
def test_without_a_terminal_a_bad_option_is_refused_first(args, says, home):
    assert _refused_without_a_terminal(args, home).startswith(says)


def test_the_printing_commands_still_work_into_a_pipe(home):
    for args in (["stats"], ["export", "--list"]):
        done = subprocess.run(
            [sys.executable, "-m", "ginrummy_tui", *args],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, env=_env(home), timeout=TIMEOUT,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() and done.stderr == ""


def test_which_commands_need_a_terminal_and_what_counts_as_one(monkeypatch):
    from ginrummy_tui.cli import build_parser, missing_terminal, needs_terminal

    def parsed(*argv):
        return build_parser(list(argv)).parse_args(list(argv))

    assert needs_terminal(parsed()) and needs_terminal(parsed("join", "x:1"))
    assert needs_terminal(parsed("host")) and not needs_terminal(parsed("host", "--server-only"))
    assert not any(needs_terminal(parsed(c)) for c in ("stats", "export", "sim"))

    class Stream:
        def __init__(self, tty):
            self.tty = tty

        def isatty(self):
            if self.tty is None:
                raise ValueError("I/O operation on closed file")
            return self.tty

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    monkeypatch.delenv("GIN_TUI_WEB", raising=False)
    assert missing_terminal(Stream(True), Stream(True), Stream(True)) is None
    assert missing_terminal(Stream(False), Stream(True), Stream(True)) == "standard input"
    assert missing_terminal(Stream(True), Stream(False), Stream(True)) == "standard output"
    assert missing_terminal(Stream(True), Stream(None), Stream(True)) == "standard output"
    assert missing_terminal(Stream(True), Stream(True), Stream(False)) == "standard error"  # where the screen is drawn
    assert missing_terminal(Stream(True), Stream(True), Stream(None)) == "standard error"
    # a browser tab of gin-tui serve: pipes, with Textual's web driver
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert missing_terminal(Stream(False), Stream(False), Stream(False)) is None


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--seed", "1"],
        ["--new", "--seed", "3", "--ai", "easy", "--ascii", "--no-mouse", "--pause", "0"],
        ["--rules", "classic", "--rule", "knock_limit=7", "--rule", "target=50", "--theme", "nord"],
        ["--data-dir", "-", "--hand", "2", "--seed", "9"],
    ],
)
def test_starting_the_game_parses_as_the_whole_parser_does(argv):
    from ginrummy_tui.cli import build_parser, parse_command_line

    assert vars(parse_command_line(argv)) == vars(build_parser(argv).parse_args(argv))


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--seed"], "expected one argument"),
        (["--seed", "x"], "argument --seed: not a whole number: 'x'"),
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["bogus"], "unknown command 'bogus'; the commands: sim, stats, export, host, join, serve"),
        (["--ai", "genius"], "invalid choice: 'genius'"),
        (["--hand", "3"], "--hand K needs --seed N"),  # it once played hand 3 of seed 0's match
        (["--seed", "5", "--hand", "0"], "must be at least 1, got 0"),  # it once dealt a "hand 0"
        (["--seed", "5", "--hand", "-2"], "must be at least 1, got -2"),
        # it once played hand 2,000,000, which could not be saved
        (["--seed", "5", "--hand", "1000001"], "must be at most 1,000,000 (the highest hand a match can be saved at)"),
    ],
)
def test_a_mistake_on_the_game_command_line_is_answered_by_the_whole_parser(argv, says, capsys):
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    # one line, as the game's own refusals: it came after 4 or 5 lines of usage
    assert info.value.code == 2 and says in err and err.startswith("gin-tui: error: ")
    assert err.endswith("; see gin-tui --help\n") and err.count("\n") == 1, err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--paus", "0"], "unrecognized arguments: --paus (did you mean --pause?)"),
        (["--thme", "nord"], "unrecognized arguments: --thme (did you mean --theme?)"),
        (["--data-dr", "/tmp/x"], "unrecognized arguments: --data-dr (did you mean --data-dir?)"),
        (["--paus"], "unrecognized arguments: --paus (did you mean --pause?)"),
        (["--paus", "0", "stats"], "unrecognized arguments: --paus (did you mean --pause?)"),
        (["--seed", "5", "3"], "--seed N takes one value; '3' after '5' is extra"),
        (["--seed=5", "3"], "--seed N takes one value; '3' after '5' is extra"),
        (["--rules", "standard", "classic"], "--rules PRESET takes one value; 'classic' after 'standard' is extra"),
        (["--rule", "knock_limit", "7"],
         "--rule OPTION=VALUE takes one value; '7' after 'knock_limit' is extra (did you mean --rule knock_limit=7?)"),
        # a value after an option that takes none is extra too, not an unknown command
        (["--ascii", "1"], "--ascii takes no value; '1' is extra"),
        (["--new", "3"], "--new takes no value; '3' is extra"),
        (["--new", "bogus"], "--new takes no value; 'bogus' is extra"),
        (["--ascii", "1", "stats"], "--ascii takes no value; '1' is extra"),
        # and one given with = (argparse said "argument --ascii: ignored explicit argument '1'")
        (["--ascii=1"], "--ascii takes no value; '1' is extra"),
        (["--new=1"], "--new takes no value; '1' is extra"),
        (["--no-mouse=", "--seed", "3"], "--no-mouse takes no value; '' is extra"),
        (["--paus=0"], "unrecognized arguments: --paus (did you mean --pause?)"),
        # a word first, or near a command's name, is a command mistyped
        (["bogus"], "unknown command 'bogus'; the commands: sim, stats, export, host, join, serve"),
        (["stast"], "unknown command 'stast' (did you mean stats?); the commands: sim, stats, export, host, join, serve"),
        (["--new", "stast"], "unknown command 'stast' (did you mean stats?); the commands: sim, stats, export, host, "
                             "join, serve"),
        (["--seed", "5", "stast"], "unknown command 'stast' (did you mean stats?); the commands: sim, stats, export, "
                                   "host, join, serve"),
        (["hots", "--port", "0"], "unknown command 'hots' (did you mean host?); the commands: sim, stats, export, "
                                  "host, join, serve"),
    ],
)
def test_a_mistyped_option_or_an_extra_value_is_named_not_taken_for_the_command(argv, says, capsys):
    """gin-tui --paus 0 said "invalid choice: '0' (choose from 'sim', ...)", and so did
    --seed 5 3 of '3' and --rule knock_limit 7 of '7': the word the player had to fix
    was the option or the value before the one named.  A mistyped command said "argument
    COMMAND: invalid choice: 'stast' (choose from ...)": it is an unknown command, with the
    nearest one, as a mistyped option gets."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert err == f"gin-tui: error: {says}; see gin-tui --help\n"


@pytest.mark.parametrize("argv", [["sim", "--matchs", "4"], ["sim", "--matchs=4"], ["sim", "--matches", "2", "--matchs", "4"]])
def test_an_unknown_option_of_a_command_names_its_nearest_option(capsys, argv):
    """It named the value with the option ("--matchs 4"), where the game's own options
    are named alone ("--paus"): the option alone is the word to fix."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit):
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert err == "gin-tui sim: error: unrecognized arguments: --matchs (did you mean --matches?); see gin-tui sim --help\n"


@pytest.mark.parametrize(
    "argv, says",
    [
        (["sim", "--matches", "2", "3"], "--matches N takes one value; '3' after '2' is extra"),
        (["sim", "--a", "expert", "b"], "--a takes one value; 'b' after 'expert' is extra"),
        (["--data-dir", "/tmp/x", "sim", "--matches", "2", "3"], "--matches N takes one value; '3' after '2' is extra"),
        (["export", "--list", "3"], "--list takes no value; '3' is extra"),
        (["stats", "--json", "x"], "--json takes no value; 'x' is extra"),
        (["stats", "--json=1"], "--json takes no value; '1' is extra"),
        (["--json=1", "stats"], "--json takes no value; '1' is extra"),
        (["export", "--list=yes"], "--list takes no value; 'yes' is extra"),
        (["join", "--name", "Ann", "host:1", "CODE", "extra"], "unrecognized arguments: extra"),
        (["stats", "3"], "unrecognized arguments: 3"),
    ],
)
def test_an_extra_value_after_a_command_s_option_is_named_as_extra(capsys, argv, says):
    """sim --matches 2 3 said "unrecognized arguments: 3", and export --list 3 the same,
    where the game's options say "--seed N takes one value; '3' after '5' is extra"."""
    from ginrummy_tui.cli import parse_command_line

    command = next(word for word in argv if word in ("sim", "export", "stats", "join"))
    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err == f"gin-tui {command}: error: {says}; see gin-tui {command} --help\n"


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["--", "stats"], {"command": "stats"}),
        (["--", "stats", "--json"], {"command": "stats", "json": True}),
        (["--seed", "3", "--", "sim"], {"command": "sim", "seed": 3}),
        (["--new", "--"], {"command": None, "new": True}),
        (["--"], {"command": None}),
    ],
)
def test_a_double_dash_ends_the_game_s_options(argv, expected):
    """gin-tui -- stats said "unknown command '--'": -- ends the options, as it does for any command."""
    from ginrummy_tui.cli import parse_command_line

    args = vars(parse_command_line(argv))
    assert {k: args[k] for k in expected} == expected


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--", "bogus"], "unknown command 'bogus'; the commands: sim, stats, export, host, join, serve"),
        (["--", "-x"], "unknown command '-x'; the commands: sim, stats, export, host, join, serve"),
    ],
)
def test_after_a_double_dash_comes_the_command(argv, says, capsys):
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err == f"gin-tui: error: {says}; see gin-tui --help\n"


def test_help_and_subcommands_still_get_the_whole_parser(capsys):
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit):
        parse_command_line(["--help"])
    assert "export" in capsys.readouterr().out
    assert parse_command_line(["stats"]).command == "stats"


@pytest.mark.parametrize(
    "argv,accepted",
    [
        (["host", "--port", "70000"], "0-65535"),
        (["host", "--port", "-1"], "0-65535"),
        (["host", "--port", "x"], "0-65535"),
        (["serve", "--port", "65536"], "1-65535"),
        (["serve", "--port", "0"], "1-65535"),  # the browser is told the port: serve picks none
    ],
)
def test_a_port_out_of_range_is_refused_before_anything_starts(argv, accepted, capsys):
    """It once got as far as the server, which died with a traceback (bind(): port must be 0-65535);
    serve's --port said 0-65535 where serve itself refused 0 saying 1-65535."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and f"not a port number ({accepted})" in err and "Traceback" not in err


def test_port_zero_still_lets_the_host_pick_one():
    from ginrummy_tui.cli import parse_command_line

    assert parse_command_line(["host", "--port", "0"]).port == 0
    assert parse_command_line(["host"]).port is None  # the saved match's port, else 7531 (cli/host.py)


def test_a_bad_option_without_saving_is_told_on_standard_error(capsys):
    """With --data-dir - the refusal went to standard output."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play

    assert run_play(parse_command_line(["--data-dir", "-", "--rules", "nope"])) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("gin-tui: unknown rules preset 'nope'")


@pytest.mark.parametrize("unsaved", [False, True])
def test_an_unknown_theme_is_refused_naming_the_themes_before_anything_is_touched(
    unsaved, tmp_path, capsys, monkeypatch
):
    """gin-tui --theme nope started the game with a note; it is refused as
    --ai nope or --rules nope are, naming the themes, with status 2."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp
    from ginrummy_tui.tui.palette import theme_names

    monkeypatch.setattr(GinApp, "run", lambda app, *args, **kwargs: pytest.fail("the game started"))

    assert run_play(parse_command_line(["--data-dir", "-" if unsaved else str(tmp_path), "--theme", "nope"])) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"gin-tui: unknown theme 'nope': choose one of {', '.join(theme_names())}\n"
    assert "nord" in theme_names() and "textual-dark" in theme_names()
    assert list(tmp_path.iterdir()) == []  # no lock taken, no settings or save written


@pytest.mark.parametrize(
    "theme, said",
    [("a" * 30, repr("a" * 30)), ("a" * 64, repr("a" * 64)), ("a" * 100, f"{'a' * 64!r}… (100 characters)")],
    ids=["30", "64", "100"],
)
def test_a_long_unknown_theme_is_unknown_not_missing(theme, said, tmp_path, capsys, monkeypatch):
    """--theme with 100 letters said "--theme needs a theme name", though a name was given
    (30 said "unknown theme"): it is an unknown theme, said cut short when very long."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp
    from ginrummy_tui.tui.palette import theme_names

    monkeypatch.setattr(GinApp, "run", lambda app, *args, **kwargs: pytest.fail("the game started"))
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--theme", theme])) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"gin-tui: unknown theme {said}: choose one of {', '.join(theme_names())}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_theme_saved_in_the_settings_that_is_not_known_leaves_the_default_with_a_note(tmp_path):
    """A settings file may name a theme this version does not have: the game
    starts, in the default theme, and says so."""
    import argparse
    import json

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage.config import SETTINGS_NAME
    from ginrummy_tui.tui.palette import theme_names

    (tmp_path / SETTINGS_NAME).write_text(json.dumps({"format": "gin-tui settings", "version": 1, "theme": "gone"}))
    args = argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None, theme=None)
    plan = prepare(args, ask=None)
    try:
        app = build_app(plan)
        assert app.theme == "textual-dark"
        assert f"There is no theme 'gone'; the themes are: {', '.join(theme_names())}." in plan.notes
    finally:
        plan.close()


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--ai", "expert", "host"], "gin-tui host does not take --ai: the other player is a person, not the computer"),
        (["--pause", "99", "host"], "gin-tui host does not take --pause:"),
        (["--seed", "4", "--hand", "2", "host"], "gin-tui host does not take --hand:"),
        (["--rules", "nope", "join", "h:1", "CODE"], "gin-tui join does not take --rules: the host chooses the rules"),
        (["--ai", "easy", "join", "h:1"], "gin-tui join does not take --ai:"),
        (["--seed", "3", "join", "h:1"], "gin-tui join does not take --seed: the host deals the cards"),
        (["--seed", "0", "join", "h:1"], "gin-tui join does not take --seed:"),  # 0 was taken for not given
        (["--pause", "0", "host"], "gin-tui host does not take --pause:"),
        (["--new", "join", "h:1"], "gin-tui join does not take --new:"),
        (["--ai", "expert", "stats"], "gin-tui stats does not take --ai: it plays no game"),
        (["--seed", "3", "export"], "gin-tui export does not take --seed: it plays no game"),
        (["--ai", "master", "sim"], "gin-tui sim does not take --ai: it plays the levels given with --a and --b"),
        (["--rule", "knock_limit=7", "sim"], "gin-tui sim does not take --rule:"),
        (["--data-dir", "/x", "serve"], "gin-tui serve does not take --data-dir: every browser tab plays in a "),
        (["--new", "serve"], "gin-tui serve does not take --new: every browser tab plays a new match"),
    ],
)
def test_a_game_option_before_a_command_that_means_nothing_there_is_refused(argv, says, capsys):
    """They were silently ignored: gin-tui --ai expert host hosted a match against a person,
    gin-tui --ai expert stats showed every level."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.startswith(says) and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv, says",
    [
        (["sim", "--rule", "big_gin=yes"],
         "gin-tui sim does not take --rule: it plays under one of the presets: choose it with --rules\n"),
        (["sim", "--rule=big_gin=yes", "--matches", "1"], "gin-tui sim does not take --rule:"),
        (["sim", "--data-dir", "/x"], "gin-tui sim does not take --data-dir: it records nothing\n"),
        (["stats", "--seed", "3"], "gin-tui stats does not take --seed: it plays no game\n"),
        (["join", "h:1", "--rule", "knock_limit=7"], "gin-tui join does not take --rule: the host chooses the rules\n"),
        (["serve", "--new"], "gin-tui serve does not take --new: every browser tab plays a new match\n"),
    ],
)
def test_a_game_option_after_a_command_that_does_not_take_it_is_refused_saying_why(argv, says, capsys):
    """gin-tui sim --rule big_gin=yes was read as --rules (an abbreviation), and
    said 'unknown rules preset 'big_gin=yes''; after the other commands such an
    option was 'unrecognized', without the reason given before the command."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.startswith(says) and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--name", "Ann", "stats"],
         "gin-tui stats does not take --name: it is an option of gin-tui host and gin-tui join (gin-tui host --name Ann)"),
        (["--name", "Ann"], "gin-tui: --name is an option of gin-tui host and gin-tui join: put it after the command "
                            "(gin-tui host --name Ann)"),
        (["--format", "text", "stats"],
         "gin-tui stats does not take --format: it is an option of gin-tui export (gin-tui export --format text)"),
        (["--since", "2026-01-01", "stats"],
         "gin-tui stats does not take --since: it is an option of gin-tui export (gin-tui export --since 2026-01-01)"),
        (["--port", "5000", "stats"],
         "gin-tui stats does not take --port: it is an option of gin-tui host and gin-tui serve (gin-tui host --port 5000)"),
        (["stats", "--name", "Ann"],
         "gin-tui stats does not take --name: it is an option of gin-tui host and gin-tui join (gin-tui host --name Ann)"),
        (["sim", "--code", "K7QM-3XPD"],
         "gin-tui sim does not take --code: it is an option of gin-tui join (gin-tui join HOST[:PORT] --code K7QM-3XPD)"),
        (["--json"], "gin-tui: --json is an option of gin-tui sim and gin-tui stats: put it after the command "
                     "(gin-tui sim --json)"),
        (["--server-only", "--seed", "3"], "gin-tui: --server-only is an option of gin-tui host: put it after the "
                                           "command (gin-tui host --server-only)"),
        (["--json", "export"], "gin-tui export does not take --json: give --format json (JSON Lines, one match a line, "
                               "is its default; with --list, a JSON line for each line of the list)"),
        (["export", "--list", "--json"], "gin-tui export does not take --json: give --format json (JSON Lines, one "
                                         "match a line, is its default; with --list, a JSON line for each line of the list)"),
    ],
)
def test_another_command_s_option_names_the_commands_that_take_it(argv, says, capsys):
    """gin-tui --name Ann stats (and gin-tui --name Ann) said "unrecognized arguments: --name (did you
    mean --new?)", though --name is an option of host and join; --format text stats, "unrecognized
    arguments: --format"; export --json said nothing of --format json."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    assert info.value.code == 2
    assert capsys.readouterr().err == says + "\n"


@pytest.mark.parametrize(
    "argv, option",
    [(["sim", "--match", "1"], "--match"), (["stats", "--js"], "--js"), (["export", "--li"], "--li"),
     (["host", "--server"], "--server"), (["join", "h:1", "--na", "Bob"], "--na"), (["serve", "--po", "1"], "--po")],
)
def test_no_command_takes_a_shortened_option(argv, option, capsys):
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    assert info.value.code == 2
    assert f"gin-tui {argv[0]}: error: unrecognized arguments: {option}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv", [["stats", "--foo"], ["export", "--foo"], ["sim", "--foo"], ["host", "--foo"], ["join", "h:1", "--foo"],
             ["serve", "--foo"]],
)
def test_an_unknown_option_of_a_command_points_to_that_command_s_help_in_one_line(argv, capsys):
    """It showed the usage of gin-tui itself, whose options are not the command's; then
    the command's usage, lines of it, before the error."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert err == f"gin-tui {argv[0]}: error: unrecognized arguments: --foo; see gin-tui {argv[0]} --help\n"


@pytest.mark.parametrize("command", ["host", "join", "sim", "stats", "export", "serve"])
def test_every_game_option_before_a_command_is_taken_there_or_refused(command):
    from ginrummy_tui.cli import NOT_TAKEN, build_parser

    parser = build_parser([command])
    sub = parser._subparsers._group_actions[0].choices[command]
    taken = {o for a in sub._actions for o in a.option_strings}
    game = {o for a in parser._actions for o in a.option_strings if o.startswith("--") and o not in ("--help", "--version")}
    for option in game:
        assert (option in taken) != (option in NOT_TAKEN[command]), option


@pytest.mark.parametrize(
    "argv, expected",
    [
        (["--rules", "oklahoma", "--seed", "7", "--new", "--ascii", "--data-dir", "/x", "host"],
         {"rules": "oklahoma", "seed": 7, "new": True, "ascii": True, "data_dir": "/x"}),
        (["--no-mouse", "--data-dir", "/x", "join", "h:1"], {"no_mouse": True, "data_dir": "/x"}),
        (["--rules", "oklahoma"], {"rules": "oklahoma", "command": None}),
    ],
)
def test_a_game_option_host_or_join_takes_works_before_it_as_after_it(argv, expected):
    from ginrummy_tui.cli import parse_command_line

    args = vars(parse_command_line(argv))
    assert {k: args[k] for k in expected} == expected


@pytest.mark.parametrize("argv", [["host", "--data-dir", "-"], ["--data-dir", "-", "host"],
                                  ["join", "h:1", "--data-dir", "-"], ["--data-dir", "-", "join", "h:1"]])
def test_host_and_join_refuse_to_play_unsaved_with_data_dir_dash(argv, capsys, tmp_path, monkeypatch):
    """--data-dir - (nothing read or saved) made a directory named '-' where
    gin-tui host was started, and saved the hosted match in it."""
    from ginrummy_tui.cli import parse_command_line

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    command = "host" if "host" in argv else "join"
    assert info.value.code == 2 and err.startswith(f"gin-tui {command} does not take --data-dir -: ")
    assert err.count("\n") == 1 and not (tmp_path / "-").exists()


def _in_a_terminal(home, command: str, **env: str) -> tuple[int, str]:
    """Run the shell ``command`` with a pseudo-terminal as its standard input,
    output and error (the command may close or move them); its status and
    what it wrote on the terminal.  Killed after :data:`TIMEOUT`."""
    import pty
    import select

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        ["sh", "-c", command], stdin=slave, stdout=slave, stderr=slave, env={**_env(home), **env}, start_new_session=True
    )
    os.close(slave)
    out = b""
    try:
        while True:
            ready, _, _ = select.select([master], [], [], TIMEOUT)
            if not ready:
                proc.kill()
                break
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal's other side closed: the command ended
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(master)
    return proc.wait(TIMEOUT), out.decode(errors="replace").replace("\r\n", "\n")


GAME = f"exec {sys.executable} -m ginrummy_tui --seed 1"


@pytest.mark.parametrize("term", ["dumb", "unknown", "DUMB"])
def test_a_terminal_that_cannot_show_the_game_is_refused_in_one_line(home, term):
    status, out = _in_a_terminal(home, GAME, TERM=term)
    assert status == 2
    # one message, broken between words at the terminal's 80 columns
    assert " ".join(out.split()) == (
        f"gin-tui: this terminal (TERM={term}) cannot show the game; play it in one that can, "
        "such as xterm (gin-tui stats, export and sim work without)"
    )
    assert all(len(line) <= 80 for line in out.splitlines())


@pytest.mark.parametrize("command", ["host --data-dir -", "join 127.0.0.1:7531 --data-dir -"])
def test_a_command_refusing_data_dir_dash_says_so_broken_between_words(home, command):
    """gin-tui host --data-dir - printed its refusal in one line, which the terminal broke
    inside a word ("...to be resume" / "d with its join code"), where the game's other
    messages are broken between words at its 80 columns."""
    status, out = _in_a_terminal(home, f"exec {sys.executable} -m ginrummy_tui {command}", TERM="xterm")
    name = command.split()[0]
    assert status == 2
    assert " ".join(out.split()).startswith(f"gin-tui {name} does not take --data-dir -: "), out
    assert all(len(line) <= 80 for line in out.splitlines()), out
    assert len(out.splitlines()) > 1, out


def test_with_standard_error_closed_the_game_says_so_on_the_terminal(home):
    status, out = _in_a_terminal(home, GAME + " 2>&-", TERM="xterm")
    assert status == 2
    assert " ".join(out.split()) == (
        "gin-tui: standard error is not a terminal (the game draws its screen there); the game needs one to play "
        "(gin-tui stats, export and sim work without)"
    )
    assert all(len(line) <= 80 for line in out.splitlines())


@pytest.mark.parametrize("command", ["join 127.0.0.1:9", "host --port 0"])
def test_a_command_without_a_terminal_says_so_under_its_own_name(home, command):
    """gin-tui join </dev/null said "gin-tui: standard input is not a terminal", where every
    other line of it begins "gin-tui join:"."""
    status, out = _in_a_terminal(home, f"exec {sys.executable} -m ginrummy_tui {command} </dev/null", TERM="xterm")
    assert status == 2
    name = command.split()[0]
    assert " ".join(out.split()) == (
        f"gin-tui {name}: standard input is not a terminal; the game needs one to play "
        "(gin-tui stats, export and sim work without)"
    )


def test_closed_standard_descriptors_get_dev_null_so_no_data_file_takes_them(tmp_path):
    """A lock opened on descriptor 2 would take what is written to standard
    error (SQLite guards its own files so, not the files gin-tui opens)."""
    code = (
        "import os; from ginrummy_tui.cli import main; main(['stats']); "
        "fd = os.open(os.path.join(os.environ['GIN_TUI_HOME'], 'current.json.lock'), os.O_RDWR | os.O_CREAT); "
        "os.write(1, f'{fd} '.encode() + ' '.join(os.readlink(f'/proc/self/fd/{n}') for n in (0, 2)).encode())"
    )
    done = subprocess.run(
        f"exec {sys.executable} -c \"{code}\" <&- 2>&-",
        shell=True, capture_output=True, text=True, env=_env(tmp_path), timeout=TIMEOUT,
    )
    assert done.stdout.endswith(f"3 {os.devnull} {os.devnull}"), done


@pytest.mark.parametrize("argv", [["stats", "--data-dir", "-"], ["--data-dir", "-", "stats"],
                                  ["export", "--data-dir", "-"], ["--data-dir", "-", "export", "--list"]])
def test_stats_and_export_refuse_data_dir_dash(argv, capsys, tmp_path, monkeypatch):
    """--data-dir - (no data directory) read a directory named '-' where they were run."""
    from ginrummy_tui.cli import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "-").mkdir()
    with pytest.raises(SystemExit) as info:
        main(argv)
    out, err = capsys.readouterr()
    what = "shows the statistics" if "stats" in argv else "exports the matches"
    assert info.value.code == 2 and out == ""
    assert err.endswith(f" does not take --data-dir -: it {what} recorded there: give a directory\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize("argv", [["stats"], ["export", "--list"], ["host"], ["join", "h:1"]])
def test_gin_tui_home_dash_is_refused_as_data_dir_dash_is(argv, capsys, tmp_path, monkeypatch):
    """GIN_TUI_HOME=- made (and read) a directory named '-' where the command was run."""
    from ginrummy_tui.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIN_TUI_HOME", "-")
    with pytest.raises(SystemExit) as info:
        main(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.startswith(f"gin-tui {argv[0]} does not take GIN_TUI_HOME=-: ")
    assert err.count("\n") == 1 and not (tmp_path / "-").exists()


def test_gin_tui_home_dash_plays_without_saving_as_data_dir_dash_does(tmp_path, monkeypatch):
    """GIN_TUI_HOME=- played and saved in a directory named '-'; --data-dir D still names D."""
    from ginrummy_tui.cli import parse_command_line

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIN_TUI_HOME", "-")
    assert parse_command_line([]).data_dir == "-"
    assert parse_command_line(["--seed", "3"]).data_dir == "-"
    assert parse_command_line(["--data-dir", "d"]).data_dir == "d"
    monkeypatch.setenv("GIN_TUI_HOME", "d")
    assert parse_command_line([]).data_dir is None  # the directory the variable names, as before


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--data-dir", ""], "gin-tui: --data-dir '' names no directory: give one, or - to play without saving\n"),
        (["stats", "--data-dir", ""], "gin-tui stats: --data-dir '' names no directory: give one\n"),
        (["--data-dir", "", "export"], "gin-tui export: --data-dir '' names no directory: give one\n"),
        (["host", "--data-dir", ""], "gin-tui host: --data-dir '' names no directory: give one\n"),
        (["join", "h:1", "--data-dir="], "gin-tui join: --data-dir '' names no directory: give one\n"),
    ],
)
def test_an_empty_data_dir_is_refused(argv, says, capsys):
    """--data-dir '' used the default data directory, without a word."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    assert info.value.code == 2 and capsys.readouterr().err == says


def test_the_game_without_saving_plays_the_rule_options_and_theme_given(monkeypatch, capsys):
    """gin-tui --data-dir - --rule knock_limit=7 --theme nord played the standard
    rules in the default theme without a word: both were left out, and a bad
    value of either was not refused as the saved game refuses it."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp

    ran: list[GinApp] = []
    monkeypatch.setattr(GinApp, "run", lambda self, *a, **kw: ran.append(self))
    argv = ["--data-dir", "-", "--rules", "classic", "--rule", "knock_limit=7", "--theme", "nord"]
    assert run_play(parse_command_line(argv)) == 0
    [app] = ran
    assert app.session.view().rules == PRESETS["classic"].with_options(knock_limit=7) and app.theme == "nord"
    for bad, says in [
        (["--theme", ""], "--theme needs a theme name"),
        (["--theme", "nosuch"], "unknown theme 'nosuch': choose one of "),
        (["--rule", "knock_limit=99"], "--rule knock_limit: "),
    ]:
        assert run_play(parse_command_line(["--data-dir", "-", *bad])) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.startswith(f"gin-tui: {says}") and len(ran) == 1


@pytest.mark.parametrize("command", [None, "sim", "stats", "export", "host", "join", "serve"])
def test_no_help_shows_an_option_by_its_internal_name(command, capsys):
    """gin-tui serve --help showed --seed SERVE_SEED: an option with no metavar of
    its own is shown by the upper-case name the program keeps it under."""
    import argparse

    from ginrummy_tui.cli import build_parser, parse_command_line

    with pytest.raises(SystemExit):
        parse_command_line([command, "--help"] if command else ["--help"])
    shown = capsys.readouterr().out
    parser = build_parser([command] if command else [])
    if command:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    for action in parser._actions:
        if action.option_strings and action.nargs != 0 and action.choices is None:
            assert action.metavar is not None, f"{action.option_strings[0]} is shown as {action.dest.upper()}"
        if "_" in action.dest:
            assert action.dest.upper() not in shown


@pytest.mark.parametrize("command", [[], ["sim"], ["host"], ["serve"]])
@pytest.mark.parametrize(
    "seed, says",
    [
        ("7" * 5000, "a seed has at most 40 digits, this one 5,000"),
        ("7" * 41, "a seed has at most 40 digits, this one 41"),
        ("x" * 5000, "not a whole number: 'xxxxxxxxxxxxxxxxxxxxxxxx'… (5,000 characters)"),
    ],
)
def test_a_seed_far_too_long_is_refused_without_being_said_whole(command, seed, says, capsys):
    """--seed with 5000 digits was refused by echoing all of them (and one of 4000 was played)."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line([*command, "--seed", seed])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1 and len(err) < 200, err
    assert f"argument --seed: {says}; see gin-tui " in err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--pause", "11"], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got 11; see gin-tui --help\n"),
        (["--pause", "-1"], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got -1; see gin-tui --help\n"),
        (["--pause=nan"], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got nan; see gin-tui --help\n"),
        (["--pause", "inf"], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got inf; see gin-tui --help\n"),
        (["--pause", "1e999"], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got 1e999; see "),
        (["--pause", "9" * 5000], "gin-tui: error: argument --pause: must be between 0 and 10 seconds, got "
                                  "'999999999999999999999999'… (5,000 characters); see gin-tui --help\n"),
        (["--pause", "soon"], "gin-tui: error: argument --pause: not a number of seconds: 'soon'; see gin-tui --help\n"),
        (["serve", "--pause", "11"],
         "gin-tui serve: error: argument --pause: must be between 0 and 10 seconds, got 11; see gin-tui serve --help\n"),
        (["--pause", "11", "serve"],
         "gin-tui serve: error: argument --pause: must be between 0 and 10 seconds, got 11; see gin-tui serve --help\n"),
        (["--pause", "11", "host"], "gin-tui host does not take --pause:"),  # not taken at all, said first
    ],
    ids=str,
)
def test_a_pause_out_of_its_bounds_is_refused_by_the_parser_with_the_value_given(argv, says, capsys):
    """gin-tui --pause 11 (-1, nan, inf) said "gin-tui: --pause must be between 0 and 10
    seconds", unlike every other mistake on the command line, and without the value given."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.startswith(says) and err.count("\n") == 1, err


@pytest.mark.parametrize("value", ["0", "10", "0.5", " 3"])
def test_a_pause_within_its_bounds_is_taken(value):
    from ginrummy_tui.cli import parse_command_line

    assert parse_command_line(["--pause", value]).pause == float(value)
    assert parse_command_line(["serve", "--pause", value]).pause == float(value)


@pytest.mark.parametrize("command", [[], ["serve"]])
def test_the_help_says_the_bounds_of_the_pause(command, capsys):
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.storage.config import MAX_PAUSE

    with pytest.raises(SystemExit):
        parse_command_line([*command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert f"0 to {MAX_PAUSE:g} seconds" in help_text


NINES = "9" * 5000


@pytest.mark.parametrize(
    "argv, says",
    [
        (["host", "--port", "²"], "gin-tui host: error: argument --port: not a port number (0-65535): '²'"),
        (["host", "--port", NINES],
         "gin-tui host: error: argument --port: not a port number (0-65535): '999999999999999999999999'… (5,000 characters)"),
        (["serve", "--port", "²"], "gin-tui serve: error: argument --port: not a port number (1-65535): '²'"),
        (["serve", "--port", NINES],
         "gin-tui serve: error: argument --port: not a port number (1-65535): '999999999999999999999999'… (5,000 characters)"),
        (["--seed", "1", "--hand", NINES], "gin-tui: error: argument --hand: must be at most 1,000,000 (the highest hand "
                                           "a match can be saved at), got 99999999999999999999… (5,000 digits)"),
        (["--seed", "1", "--hand", "9" * 23], "gin-tui: error: argument --hand: must be at most 1,000,000 (the highest "
                                              "hand a match can be saved at), got 99999999999999999999999"),
        (["sim", "--matches", NINES],
         "gin-tui sim: error: argument --matches: must be at most 1,000,000, got 99999999999999999999… (5,000 digits)"),
        (["sim", "--hands", "x" + NINES],
         "gin-tui sim: error: argument --hands: not a whole number: 'x99999999999999999999999'… (5,001 characters)"),
    ],
    ids=lambda x: " ".join(w[:8] for w in x) if isinstance(x, list) else None,
)
def test_an_odd_or_huge_number_is_refused_in_the_usual_words_cut_short(argv, says, capsys):
    """--port ² said "invalid served_port value: '²'" (the name of a function; host: "invalid port value"),
    and a number of 5,000 digits was said whole, or in Python's words: "Exceeds the limit (4300 digits)"."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    command = next((w for w in argv if w in ("host", "serve", "sim")), None)
    assert err == f"{says}; see gin-tui{' ' + command if command else ''} --help\n"


@pytest.mark.parametrize(
    "rule, says",
    [
        (f"knock_limit={NINES}", "--rule knock_limit: must be between 0 and 10 (not 99999999999999999999… (5,000 digits))"),
        (f"target={NINES}", "--rule target: must be at most 10,000 points (not 99999999999999999999… (5,000 digits))"),
        (f"target=-{NINES}", "--rule target: must be at least 1 (not -99999999999999999999… (5,000 digits))"),
        (f"target={'9' * 23}", "--rule target: must be at most 10,000 points (not 99999999999999999999999)"),
        (f"timer={NINES}",
         "--rule timer: must be 1 to 3,600 seconds, or 0 or none for no timer (not 99999999999999999999… (5,000 digits))"),
        (f"target=x{NINES}", "--rule target: must be a whole number (not 'x99999999999999999999999'… (5,001 characters))"),
    ],
    ids=lambda x: x[:20],
)
def test_a_huge_rule_value_is_refused_with_its_bound_cut_short(rule, says, capsys):
    """--rule knock_limit= and target= with 5,000 nines said "must be a whole number (not '99...')"
    with all 5,000 of them, where 23 nines get "must be at most ..."."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play

    assert run_play(parse_command_line(["--data-dir", "-", "--rule", rule])) == 2
    assert capsys.readouterr().err == f"gin-tui: {says}\n"


@pytest.mark.parametrize(
    "address, says",
    [
        (f"127.0.0.1:{NINES}", "not a port number (1-65535): '999999999999999999999999'… (5,000 characters)"),
        ("127.0.0.1:²", "not a port number (1-65535): '²'"),
        ("127.0.0.1:0", "not a port number (1-65535): '0'"),
        ("[::1]:70000", "not a port number (1-65535): '70000'"),
    ],
    ids=lambda x: x[:20],
)
def test_join_refuses_an_odd_port_in_the_usual_words(address, says, capsys):
    """join 127.0.0.1:<5,000 nines> said Python's "Exceeds the limit (4300 digits) for integer
    string conversion ...", and 127.0.0.1:² "invalid literal for int() with base 10: '²'"."""
    from ginrummy_tui.cli import main

    assert main(["join", address, "--data-dir", "/nonexistent/never"]) == 2
    assert capsys.readouterr().err == f"gin-tui join: {says}\n"


@pytest.mark.parametrize(
    "address, says",
    [
        ("http://127.0.0.1:7531",
         "bad address 'http://127.0.0.1:7531': the address is HOST:PORT, without 'http://' (as 'gin-tui host' shows it)"),
        ("127.0.0.1:7531:1",
         "bad address '127.0.0.1:7531:1': the address is HOST:PORT, with one ':'; an IPv6 address goes in brackets: "
         "[::1]:7531"),
    ],
)
def test_join_refuses_a_web_address_or_two_ports_before_connecting(address, says, capsys, monkeypatch):
    """join http://127.0.0.1:7531 (and 127.0.0.1:7531:1) was taken for an IPv6 address and tried,
    saying "cannot reach [http://127.0.0.1:7531]:7531: no such host"."""
    import socket

    from ginrummy_tui.cli import main

    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: pytest.fail("it connected"))
    assert main(["join", address, "--data-dir", "/nonexistent/never"]) == 2
    assert capsys.readouterr().err == f"gin-tui join: {says}\n"


@pytest.mark.parametrize(
    "argv, env, where",
    [
        (["--code", "bad"], None, ""),
        (["bad"], None, ""),  # typed after the address
        ([], "bad", " (taken from GIN_TUI_CODE: set it to the host's code, or unset it to be asked)"),
        ([], " ", " (taken from GIN_TUI_CODE: set it to the host's code, or unset it to be asked)"),
    ],
)
def test_join_refuses_a_given_code_that_cannot_be_one_before_connecting(argv, env, where, capsys, monkeypatch):
    """GIN_TUI_CODE=bad (or ' ', or --code bad) was sent to the host, and join ended with "the host
    refused: wrong join code", where abc typed at the prompt is told at once it is not a code."""
    import socket

    from ginrummy_tui.cli import main

    monkeypatch.setattr(socket, "create_connection", lambda *a, **k: pytest.fail("it connected"))
    if env is None:
        monkeypatch.delenv("GIN_TUI_CODE", raising=False)
    else:
        monkeypatch.setenv("GIN_TUI_CODE", env)
    assert main(["join", "127.0.0.1:9", *argv, "--data-dir", "/nonexistent/never"]) == 2
    assert capsys.readouterr().err == ("gin-tui join: that is not a join code: a code is 8 letters and digits, like "
                                       f"K7QM-3XPD; give the code the host shows{where}\n")


def test_join_still_takes_a_bare_ipv6_address():
    from ginrummy_tui.cli.join import parse_address

    assert parse_address("fe80::1%eth0") == ("fe80::1%eth0", 7531)
    assert parse_address("[fe80::1%eth0]:80") == ("fe80::1%eth0", 80)
    assert parse_address("::ffff:127.0.0.1") == ("::ffff:127.0.0.1", 7531)


def test_a_seed_of_up_to_40_digits_is_taken():
    from ginrummy_tui.cli import parse_command_line

    assert parse_command_line(["--seed", "9" * 40]).seed == int("9" * 40)
    assert parse_command_line(["--seed", "+12"]).seed == 12
    assert parse_command_line(["--seed", "0"]).seed == 0


@pytest.mark.parametrize("command", [[], ["sim"], ["host"], ["serve"]])
@pytest.mark.parametrize("seed", ["-5", "-1", "-" + "9" * 40])
def test_a_negative_seed_is_refused_as_other_bad_seeds_are(command, seed, capsys):
    """docs/playing.md: --seed N, a whole number of up to 40 digits; --seed -5 was taken, and
    dealt another match than seed 5 (the deals come from the seed's text)."""
    from ginrummy_tui.cli import parse_command_line

    for argv in ([*command, "--seed", seed], [*command, f"--seed={seed}"]):
        with pytest.raises(SystemExit) as info:
            parse_command_line(argv)
        err = capsys.readouterr().err
        assert info.value.code == 2 and err.count("\n") == 1, err
        name = " ".join(["gin-tui", *command])
        assert err == f"{name}: error: argument --seed: a seed is 0 or more, this one {seed}; see {name} --help\n"


@pytest.mark.parametrize(
    "argv, says",
    [
        (["serve", "--hand", "3"], "--hand K needs --seed N: it plays hand K of the match dealt with that seed"),
        (["--hand", "3", "serve"], "--hand K needs --seed N: it plays hand K of the match dealt with that seed"),
        (["serve", "--seed", "5", "--dealer", "you"], "--dealer needs --seed N --hand K: it says who deals hand K"),
    ],
    ids=["hand", "hand-before-serve", "dealer"],
)
def test_serve_with_a_hand_and_no_seed_says_so_as_serve(argv, says, capsys):
    """gin-tui serve --hand 3 answered with the usage of the whole game's options;
    then in serve's words, but without the "; see gin-tui serve --help" that every
    other mistake of the parser ends with."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(argv)
    err = capsys.readouterr().err
    assert info.value.code == 2
    assert err == f"gin-tui serve: error: {says}; see gin-tui serve --help\n", err


def test_serve_refusing_its_port_points_to_its_help(capsys):
    """serve's own check of --port (as the parser takes it) ended without "; see gin-tui serve --help"."""
    from ginrummy_tui.cli import parse_command_line, serve

    args = parse_command_line(["serve"])
    args.port = 0
    assert serve.run(args) == 2
    assert capsys.readouterr().err == "gin-tui serve: error: not a port number (1-65535): 0; see gin-tui serve --help\n"


def test_with_ascii_a_commands_messages_are_ascii_alone(capsys):
    """gin-tui --ascii join wrote its notes with an em dash and "…" ("that
    seat is still held — ... (Ctrl+C stops)…"): with --ascii what the command
    says is ASCII alone, the game's signs as its screens write them."""
    import sys

    from ginrummy_tui.cli import Output, main, out, say

    main(["--ascii", "join", "127.0.0.1:9"])  # refused here (no terminal), the option taken
    assert Output.ascii_only
    capsys.readouterr()
    say("gin-tui join: that seat is still held — trying again for 30 s (Ctrl+C stops)…", file=sys.stderr)
    out("Ann 3 · Bob 2 — 7♥ for Zoë")
    said = capsys.readouterr()
    assert said.err.isascii() and said.out.isascii(), said
    assert "held - trying again for 30 s (Ctrl+C stops)...\n" in said.err
    assert said.out == "Ann 3 - Bob 2 - 7H for Zoe\n"
    main(["join", "127.0.0.1:9"])
    assert not Output.ascii_only


def test_the_settings_ascii_makes_the_commands_messages_ascii_too(tmp_path, capsys):
    """ASCII alone chosen in the settings (F2) drew the screens in ASCII but
    left the command's own messages with their dashes and card signs: only
    --ascii governed them. A settings file that asks for it now does too; one
    that does not, or cannot be read, does not, and is left as it was."""
    from ginrummy_tui.cli import Output, main

    settings = tmp_path / "settings.json"
    settings.write_text('{"format": "gin-tui settings", "version": 1, "ascii": true}')
    main(["--data-dir", str(tmp_path), "join", "127.0.0.1:9"])  # refused here (no terminal)
    assert Output.ascii_only
    settings.write_text('{"format": "gin-tui settings", "version": 1, "ascii": false}')
    main(["--data-dir", str(tmp_path), "join", "127.0.0.1:9"])
    assert not Output.ascii_only
    settings.write_text('{"ascii": true,')  # damaged: the game sets it aside, not this look
    main(["--data-dir", str(tmp_path), "join", "127.0.0.1:9"])
    assert not Output.ascii_only
    assert settings.read_text() == '{"ascii": true,' and [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    settings.unlink()
    settings.mkdir()  # not a file: not read, not waited on
    main(["--data-dir", str(tmp_path), "join", "127.0.0.1:9"])
    assert not Output.ascii_only
    capsys.readouterr()


def test_the_settings_ascii_leaves_export_and_stats_as_they_are(tmp_path, capsys):
    """The settings' ASCII suits put gin-tui export's records in ASCII too ("Jose Nunez"
    for "José Ñúñez" in JSON): a choice of the screens' look changed the data exported."""
    from ginrummy_tui.cli import Output, main

    (tmp_path / "settings.json").write_text('{"format": "gin-tui settings", "version": 1, "ascii": true}')
    for command in (["export", "--format", "json"], ["export"], ["stats"]):
        main(["--data-dir", str(tmp_path), *command])
        assert not Output.ascii_only, command
    capsys.readouterr()


@pytest.mark.parametrize(
    "options",
    [["--rules", "oklahoma", "--rule", "knock_limit=5"], ["--rule", "oklahoma=true", "--rule", "knock_limit=5"]],
)
def test_a_knock_limit_with_oklahoma_is_refused_before_anything_starts(options, tmp_path, capsys, monkeypatch):
    """gin-tui --new --rules oklahoma --rule knock_limit=5 started a match whose header said
    "oklahoma rules (changed: knock limit)" while the upcard set the limit."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp

    monkeypatch.setattr(GinApp, "run", lambda app, *args, **kwargs: pytest.fail("the game started"))
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--new", "--ai", "easy", "--seed", "7", *options])) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("gin-tui: --rule knock_limit=5 does not go with Oklahoma (")
    assert "leave out --rule knock_limit, or add --rule oklahoma=false" in err
    assert list(tmp_path.iterdir()) == []  # no lock taken, no settings or save written


@pytest.mark.parametrize(
    "command, says",
    [
        ([], "- plays without reading or saving anything"),
        (["join"], "a directory: - (saving nothing) is refused, as the match is recorded"),
        (["host"], "a directory: - (saving nothing) is refused, as the match is saved"),
        (["join"], "an IPv6 address goes in brackets: [::1]:7531"),
    ],
    ids=lambda x: " ".join(x) if isinstance(x, list) else None,
)
def test_the_help_says_what_data_dir_and_the_host_s_address_take(command, says, capsys):
    """--data-dir's help did not say that - plays without saving (the README does), nor that
    join and host refuse it; join's help did not say that an IPv6 address goes in brackets."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit):
        parse_command_line([*command, "--help"])
    assert says in " ".join(capsys.readouterr().out.split())


def test_the_usage_shows_the_command_may_be_left_out(capsys):
    """gin-tui --help's usage ended "COMMAND ...", as if a command had to be given:
    gin-tui alone plays the game."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(["--help"])
    shown = capsys.readouterr().out
    usage = shown.split("\n\n")[0]
    assert info.value.code == 0
    assert usage.split()[-2:] == ["[COMMAND", "...]"], usage
    assert "\n  COMMAND\n" in shown  # the list of the commands is headed by its name alone


@pytest.mark.parametrize(
    "before, after",
    [
        (["--json", "stats"], ["stats", "--json"]),
        (["--list", "export"], ["export", "--list"]),
        (["--format", "text", "--match=last", "export"], ["export", "--format", "text", "--match", "last"]),
        (["--server-only", "host"], ["host", "--server-only"]),
        (["--name", "Ann", "host"], ["host", "--name", "Ann"]),
        (["--port", "7000", "host"], ["host", "--port", "7000"]),
        (["--rules", "oklahoma", "--port", "7000", "--bind", "0.0.0.0", "host"],
         ["--rules", "oklahoma", "host", "--port", "7000", "--bind", "0.0.0.0"]),
        (["--name", "sim", "host"], ["host", "--name", "sim"]),  # a value that is a command's name
        (["--name", "Bob", "join", "h:1"], ["join", "h:1", "--name", "Bob"]),
        (["--a", "easy", "--hands", "4", "--json", "sim"], ["sim", "--a", "easy", "--hands", "4", "--json"]),
        (["--port", "8001", "--public-url", "http://x/", "serve"], ["serve", "--port", "8001", "--public-url", "http://x/"]),
        (["--port", "7000", "host", "--port", "7001"], ["host", "--port", "7001"]),  # the one after the command wins
    ],
)
def test_a_command_s_own_option_before_its_name_works_as_after_it(before, after):
    """gin-tui --json stats said "unrecognized arguments: --json" although stats
    takes --json, and gin-tui --name Ann host took Ann for the command, though
    the README says an option the command takes works before it as after it."""
    from ginrummy_tui.cli import SUBCOMMANDS, parse_command_line

    parsed = vars(parse_command_line(before))
    assert parsed == vars(parse_command_line(after))
    assert parsed["command"] == next(word for word in after if word in SUBCOMMANDS)


def test_an_unknown_option_before_a_command_is_the_only_one_refused(capsys):
    """Of the options before the command, the one no parser knows is said, not the command's own."""
    from ginrummy_tui.cli import parse_command_line

    with pytest.raises(SystemExit) as info:
        parse_command_line(["--bogus", "--json", "stats"])
    assert info.value.code == 2
    assert capsys.readouterr().err == "gin-tui stats: error: unrecognized arguments: --bogus; see gin-tui stats --help\n"


def test_host_and_serve_help_give_the_defaults_of_their_game_options(monkeypatch, capsys):
    """host --help's --rules and serve --help's --ai, --rules and --pause gave no default,
    where gin-tui --help's do.  A host plays a saved match on under its own rules and a new
    one under standard rules (not the settings' preset); a tab plays in a folder of its own,
    with the first settings."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.storage.config import Settings

    monkeypatch.setenv("COLUMNS", "80")
    first = Settings()
    said = {}
    for command in ("host", "serve"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert all(len(line) <= 80 for line in text.splitlines()), text
        said[command] = " ".join(text.split())
    assert "rules preset: standard, multiplayer-1.5 (30 s move timer), classic, oklahoma " \
        f"(default the saved match's, else {first.preset})" in said["host"], said["host"]
    assert f"the computer's level in every tab (default {first.ai})" in said["serve"], said["serve"]
    assert f"rules preset for every tab: standard, multiplayer-1.5, classic, oklahoma (default {first.preset})" in said["serve"]
    assert f"pause after each computer move in every tab, 0 to 10 seconds (default {first.pause:g} s)" in said["serve"]


def test_host_and_join_help_give_the_defaults_of_name_and_seed(monkeypatch, capsys):
    """host --help's --name and --seed and join --help's --name gave no default: the host's
    seat keeps the saved match's name, else takes the login name (so does a guest), and a new
    match is dealt at random unless --seed is given, a saved one with its own seed."""
    from ginrummy_tui.cli import main

    monkeypatch.setenv("COLUMNS", "80")
    said = {}
    for command in (["host"], ["join", "h:1"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        text = capsys.readouterr().out
        assert all(len(line) <= 80 for line in text.splitlines()), text
        said[command[0]] = " ".join(text.split())
    assert ("--name NAME your name, as the other player sees it (default the saved match's, else your "
            "login name)") in said["host"], said["host"]
    assert ("--seed N seed for a reproducible deal of a new match (default random; a saved match keeps its "
            "own)") in said["host"], said["host"]
    assert "--name NAME your name, as the other player sees it (default your login name)" in said["join"], said["join"]


@pytest.mark.parametrize("xdg", [None, "/srv/data"], ids=["home", "XDG_DATA_HOME"])
def test_the_help_gives_the_defaults_of_the_game_s_options(xdg, monkeypatch, capsys):
    """gin-tui --help gave no defaults for --ai, --rules, --pause and --data-dir (sim --help
    gives its own), and said --ascii draws "suits as S H D C" when it draws everything in ASCII."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.storage.config import Settings

    monkeypatch.setenv("COLUMNS", "80")
    _home_of_ann(monkeypatch, xdg)
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert all(len(line) <= 80 for line in text.splitlines())
    said = " ".join(text.split())
    first = Settings()
    assert f"the computer's level (default the settings' level, {first.ai} at first)" in said
    assert f"(default the settings' preset, {first.preset} at first)" in said
    assert f"pause after each computer move, 0 to 10 seconds (default the settings' pause, {first.pause:g} s at first)" in said
    if sys.platform.startswith("linux"):  # XDG_DATA_HOME named, set or not (it said the one in use alone)
        assert ("--data-dir DIR where saves and statistics live (default GIN_TUI_HOME, else "
                "$XDG_DATA_HOME/gin-tui, else ~/.local/share/gin-tui);") in said
    assert "--ascii draw in ASCII alone: cards (suits as S H D C), lines, signs" in said



@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_DATA_HOME is the Linux directories'")
@pytest.mark.parametrize("xdg", [None, "/srv/data"], ids=["home", "XDG_DATA_HOME"])
@pytest.mark.parametrize("command", [[], ["stats"], ["export"], ["host"], ["join", "h:1"]], ids=lambda c: " ".join(c) or "gin-tui")
def test_every_data_dir_help_names_xdg_data_home(command, xdg, monkeypatch, capsys):
    """Every --data-dir help said "(default GIN_TUI_HOME, else ~/.local/share/gin-tui)", though
    $XDG_DATA_HOME/gin-tui comes in between, as the README says."""
    from ginrummy_tui.cli import main

    _home_of_ann(monkeypatch, xdg)
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "(default GIN_TUI_HOME, else $XDG_DATA_HOME/gin-tui, else ~/.local/share/gin-tui)" in said, said


def test_export_help_says_the_default_format_with_list_and_without(monkeypatch, capsys):
    """It said "JSON Lines, one match a line (default; with --list, one line of the list a match),
    or text", which reads as JSON being the default with --list too, where the list is text."""
    from ginrummy_tui.cli import main

    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert ("--format {json,text} json: JSON Lines, one match a line (the default), or text: readable; with "
            "--list, text (the default), or json: a JSON line for each line of the list") in said, said


def _home_of_ann(monkeypatch, xdg: str | None) -> None:
    """The environment of a player whose home is /home/ann, with ``xdg`` as XDG_DATA_HOME (None: unset)."""
    monkeypatch.setenv("HOME", "/home/ann")
    if xdg is None:
        monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_DATA_HOME", xdg)
