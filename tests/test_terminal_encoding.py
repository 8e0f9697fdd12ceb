"""A terminal whose encoding cannot write the game's signs (a locale that is not
UTF-8): the game plays in ASCII by itself, saying so once, and the commands'
own lines neither stop with a traceback nor show escapes."""

from __future__ import annotations

import argparse
import codecs
import io
import subprocess
import sys

import pytest

from ginrummy_tui.cli.terminal_encoding import ascii_note, json_escaped, narrow_encoding, utf8_locale
from ginrummy_tui.storage.config import Settings, apply_args

from .test_cli_pipes import TIMEOUT, _env, home  # noqa: F401  (home: a fixture)
from .test_terminal import TMUX, Tmux, _gin_tui

LATIN_1 = {"PYTHONIOENCODING": "iso-8859-1"}
"""Python writes the terminal in ISO-8859-1, as under ``LANG=en_US.ISO-8859-1``
(without a locale of that name having to be installed)."""


def _stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding)


def test_an_encoding_without_the_suits_and_lines_is_told_apart():
    assert narrow_encoding([_stream("utf-8"), _stream("utf-8")]) is None
    narrow = narrow_encoding([_stream("utf-8"), _stream("iso-8859-1")])
    assert narrow is not None and codecs.lookup(narrow).name == "iso8859-1"
    assert narrow_encoding([_stream("ascii")]) is not None
    assert narrow_encoding([None, object()]) is None  # closed, or no encoding to tell


def test_the_note_names_the_variable_that_chose_the_encoding():
    both = {"LC_ALL": "en_US.ISO-8859-1", "LANG": "en_US.ISO-8859-1"}
    assert utf8_locale(both) == ("LC_ALL", "en_US.UTF-8")
    assert utf8_locale({"LANG": "de_DE@euro"}) == ("LANG", "de_DE.UTF-8")
    assert utf8_locale({"LC_CTYPE": "", "LANG": "POSIX"}) == ("LANG", "C.UTF-8")
    assert utf8_locale({}) == ("LANG", "C.UTF-8")
    assert ascii_note("ISO-8859-1", {"LANG": "en_US.ISO-8859-1"}) == (
        "Your terminal's encoding (ISO-8859-1) cannot show the suits and lines: playing in ASCII, "
        "as --ascii does. A UTF-8 locale (LANG=en_US.UTF-8) shows them."
    )


def test_asked_by_the_encoding_the_settings_are_in_ascii_for_this_run_only():
    from ginrummy_tui.session.startup import resume_command

    args = argparse.Namespace(ascii=None, ascii_for="ISO-8859-1", data_dir="/tmp/d")
    assert apply_args(Settings(), args).ascii
    assert "--ascii" not in resume_command(args)  # the next run looks at its own terminal


def test_json_keeps_its_data_in_ascii_escapes():
    import json

    text = json.dumps({"name": "Zoë 李小龍 🂡"}, ensure_ascii=False)
    assert json_escaped(text).isascii()
    assert json.loads(json_escaped(text)) == {"name": "Zoë 李小龍 🂡"}


def _run(args: list[str], home) -> subprocess.CompletedProcess:  # noqa: F811
    return subprocess.run(
        [sys.executable, "-m", "ginrummy_tui", *args],
        capture_output=True, stdin=subprocess.DEVNULL, env={**_env(home), **LATIN_1}, timeout=TIMEOUT,
    )


@pytest.mark.parametrize("args", [["export", "--format", "text"], ["stats"], ["--help"], ["--rule", "x"]], ids=" ".join)
def test_the_commands_write_in_ascii_where_the_encoding_cannot_write_the_signs(args, home):  # noqa: F811
    """``export --format text`` stopped with a UnicodeEncodeError on "−"."""
    done = _run(args, home)
    assert b"Traceback" not in done.stderr
    assert done.stdout.isascii() and done.stderr.isascii()
    assert b"\\u" not in done.stdout + done.stderr  # no escapes in place of the signs
    assert done.returncode == (2 if args[0] == "--rule" else 0), done.stderr


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed (.ci/run installs it)")
def test_the_game_plays_in_ascii_and_says_why(tmp_path):
    """The table was made of escapes ("\\u250c\\u2500") in such a terminal."""
    env = {"GIN_TUI_HOME": str(tmp_path / "home"), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm-256color", **LATIN_1}
    t = Tmux(f"env -u NO_COLOR -u TEXTUAL_DRIVER {_gin_tui()} --seed 1 --pause 0", 80, 24, env)
    try:
        screen = t.wait_for("Take the upcard 9D (t) or pass (p).")
        assert "+---+" in screen and "\\u" not in screen
        t.wait_for("Your terminal's encoding")  # the note, once
    finally:
        t.close()
    settings = tmp_path / "home" / "settings.json"
    assert not settings.exists() or '"ascii": true' not in settings.read_text()



async def test_ascii_turned_off_in_the_settings_keeps_the_table_in_ascii_where_the_terminal_cannot_show_the_suits(
    tmp_path, monkeypatch
):
    """On a terminal whose encoding cannot write the suits, F2 said "From the command line, for this
    run: ASCII only yes (saved: no)", which no option had asked; turning ASCII off there and saving
    drew every suit and line as "?". The form says why the table is in ASCII, the setting is saved
    for other terminals, and the table stays in ASCII in this one, saying so."""
    from ginrummy_tui.cli import Output
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.widgets.hand import HandView

    from .app_helpers import running, settle
    from .test_config_screen import args_for, open_settings, saved_settings
    from .test_settings_match_question import notes

    monkeypatch.setattr(Output, "narrow", "ISO-8859-1")
    plan = prepare(args_for(tmp_path, ascii_for="ISO-8859-1"), ask=None)
    async with running(plan) as (app, pilot):
        assert app.ascii_only
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#run-only").render()).split())
        assert line == (
            "Your terminal's encoding (ISO-8859-1) cannot show the suits and lines: the table stays in ASCII "
            "in it (ASCII only is saved as no)."
        )
        screen.query_one("#ascii").value = False
        screen.query_one("#theme").value = "nord"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.ascii_only and app.table.query_one(HandView).ascii_only
        assert app.theme == "nord"
        data = saved_settings(tmp_path)
        assert data["ascii"] is False and data["theme"] == "nord"  # for the terminals that can show them
        assert (
            "Settings saved. Your terminal's encoding (ISO-8859-1) cannot show the suits and lines: the table "
            "stays in ASCII in it." in notes(app)
        )
        screen = await open_settings(app, pilot)  # opened again: the same words, ASCII still on the form
        assert screen.query_one("#ascii").value
        assert "cannot show the suits and lines" in str(screen.query_one("#run-only").render())
