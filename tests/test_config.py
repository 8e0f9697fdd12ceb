"""The settings file: defaults, round trip, broken files, command-line overrides."""

from __future__ import annotations

import argparse
import errno
import json
import os
import stat
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_tui.engine import PRESETS
from ginrummy_tui.storage.config import (
    SETTINGS_NAME,
    Settings,
    apply_args,
    config_dir,
    load_settings,
    save_settings,
    settings_from_dict,
    with_changes,
)


def _args(**kw):
    base = dict(rules=None, ai=None, pause=None, ascii=None, no_mouse=None, rule=None, theme=None)
    base.update(kw)
    return argparse.Namespace(**base)


def test_no_file_means_defaults_and_no_message(tmp_path):
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert loaded.message() is None
    assert loaded.settings.rules == PRESETS["standard"]


def test_settings_round_trip_with_single_rule_options(tmp_path):
    rules = PRESETS["classic"].with_options(knock_limit=7, timer=20)
    s = Settings(ai="expert", pause=0.0, ascii=True, mouse=False, theme="nord").with_rules(rules)
    assert s.preset == "classic" and dict(s.rule_options) == {"knock_limit": 7, "timer": 20}
    save_settings(tmp_path, s)
    loaded = load_settings(tmp_path)
    assert loaded.message() is None
    assert loaded.settings == s
    assert loaded.settings.rules.knock_limit == 7 and loaded.settings.rules.gin_bonus == 20
    assert loaded.settings.rules.name == "classic"  # the preset they come from


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "empty"),
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\x00", "not text"),
        (b"[1, 2]", "not a settings file"),
        (b"[" * 50000, "nested too deeply"),
        # Python's own words were shown: "Exceeds the limit (4300 digits) ... use sys.set_int_max_str_digits()"
        (b'{"version": ' + b"7" * 5001 + b"}", "not valid JSON (a number in it has far too many digits)"),
    ],
)
def test_a_broken_settings_file_is_moved_aside_and_defaults_used(tmp_path, content, words):
    path = tmp_path / SETTINGS_NAME
    path.write_bytes(content)
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    message = loaded.message()
    assert message is not None and words in message
    assert loaded.moved_to is not None and loaded.moved_to.name.startswith("settings.json.damaged-")
    assert loaded.moved_to.read_bytes() == content
    assert str(loaded.moved_to) in message
    assert "Defaults are used for all settings;" in message
    assert _replaced_by_the_defaults(tmp_path)


def test_a_settings_file_of_a_newer_version_is_left_as_it_is_and_the_defaults_used(tmp_path):
    """A settings file of format 2, otherwise good, was taken for a damaged one:
    renamed settings.json.damaged-<time> and replaced by a format-1 file of the
    defaults, where a newer save or history is left as it is, for that version."""
    path = tmp_path / SETTINGS_NAME
    content = b'{"format": "gin-tui settings", "version": 2, "ai": "expert", "theme": "nord"}'
    path.write_bytes(content)
    for _ in range(2):  # told at every start, as long as the file is there
        loaded = load_settings(tmp_path)
        assert loaded.settings == Settings() and loaded.moved_to is None
        assert loaded.message() == (
            f"Your settings file {path} was written by a newer version of gin-tui (format 2; this one reads 1); "
            "it is kept as it is, for that version. Defaults are used for all settings in this run, "
            "and F2 does not save over it."
        )
        assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_NAME] and path.read_bytes() == content


def test_a_save_of_changes_does_not_write_over_a_settings_file_of_a_newer_version(tmp_path):
    from ginrummy_tui.storage.config import NewerSettings, save_changes

    path = tmp_path / SETTINGS_NAME
    content = b'{"format": "gin-tui settings", "version": 2, "ai": "expert"}'
    path.write_bytes(content)
    with pytest.raises(NewerSettings, match=r"written by a newer version of gin-tui \(format 2; this one reads 1\)"):
        save_changes(tmp_path, lambda now: Settings(ai="easy"))
    assert [p.name for p in tmp_path.iterdir()] == [SETTINGS_NAME] and path.read_bytes() == content


def _replaced_by_the_defaults(directory) -> bool:
    """Whether the settings file of ``directory`` is a clean one with the default settings."""
    path = directory / SETTINGS_NAME
    return path.is_file() and json.loads(path.read_text()) == Settings().to_dict() and (
        load_settings(directory).message() is None
    )


def test_bad_values_are_dropped_one_by_one_and_the_good_ones_kept(tmp_path):
    (tmp_path / SETTINGS_NAME).write_text(
        json.dumps(
            {
                "format": "gin-tui settings",
                "version": 1,
                "rules": {"preset": "oklahoma", "options": {"gin_bonus": 30, "knock_limit": -4, "wings": 2}},
                "ai": "grandmaster",
                "pause": 0.25,
                "ascii": "yes",
                "mouse": False,
                "theme": "gruvbox",
            }
        )
    )
    loaded = load_settings(tmp_path)
    s = loaded.settings
    assert s.preset == "oklahoma" and dict(s.rule_options) == {"gin_bonus": 30}
    assert s.ai == "standard" and s.pause == 0.25 and s.ascii is False and s.mouse is False and s.theme == "gruvbox"
    message = loaded.message()
    for words in ("knock_limit", "'wings'", "'grandmaster'", "ascii must be true or false"):
        assert words in message
    # the next save writes a clean file
    save_settings(tmp_path, s)
    assert load_settings(tmp_path).message() is None


def test_the_good_values_of_a_file_set_aside_are_written_back(tmp_path):
    content = json.dumps(
        {"format": "gin-tui settings", "version": 1, "rules": {"preset": "classic", "options": {"knock_limit": 7}},
         "ai": "expert", "pause": 0.25, "theme": "nord", "mouse": "sometimes"}
    )
    (tmp_path / SETTINGS_NAME).write_text(content)
    loaded = load_settings(tmp_path)
    message = loaded.message()
    assert message is not None and "mouse must be true or false" in message.lower() and "keeps your other settings" in message
    assert loaded.moved_to is not None and loaded.moved_to.read_text() == content
    again = load_settings(tmp_path)  # the next run: a clean file with what was good
    assert again.message() is None and again.settings == loaded.settings
    s = again.settings
    assert (s.preset, dict(s.rule_options), s.ai, s.pause, s.theme, s.mouse) == (
        "classic", {"knock_limit": 7}, "expert", 0.25, "nord", True
    )


def test_a_file_that_is_not_json_is_set_aside_and_replaced_by_the_defaults(tmp_path):
    """A settings file that was not JSON was moved aside and nothing took its
    place, though the note said "Defaults are used for those settings", as of a
    file with a few bad values."""
    (tmp_path / SETTINGS_NAME).write_text('{"ai": "master", "pause": 2')
    loaded = load_settings(tmp_path)
    assert loaded.moved_to is not None
    assert loaded.message() == (
        f"Your settings file could not be used, and was moved to {loaded.moved_to}. It is not valid JSON "
        "(a comma was expected at line 1, column 28). Defaults are used for all settings; "
        "a new one with the defaults takes its place."
    )
    assert _replaced_by_the_defaults(tmp_path)


def test_a_file_with_nothing_good_in_it_is_replaced_by_the_defaults(tmp_path):
    (tmp_path / SETTINGS_NAME).write_text(json.dumps({"ai": "grandmaster", "pause": "fast"}))
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings() and loaded.moved_to is not None
    assert (loaded.message() or "").endswith("; a new one keeps your other settings.")
    assert _replaced_by_the_defaults(tmp_path)


def test_a_directory_in_the_settings_files_place_is_set_aside(tmp_path):
    (tmp_path / SETTINGS_NAME).mkdir()
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    message = loaded.message()
    assert message is not None and "it is a directory, not a file" in message.lower()
    assert loaded.moved_to is not None and loaded.moved_to.is_dir() and str(loaded.moved_to) in message
    assert _replaced_by_the_defaults(tmp_path)
    save_settings(tmp_path, Settings(ai="easy"))  # the settings screen can save again
    assert load_settings(tmp_path).settings.ai == "easy"


def test_a_named_pipe_in_the_settings_files_place_is_set_aside_without_waiting(tmp_path):
    os.mkfifo(tmp_path / SETTINGS_NAME)
    code = (
        "import sys; from pathlib import Path; from ginrummy_tui.storage.config import load_settings; "
        "loaded = load_settings(Path(sys.argv[1])); print(loaded.message()); print(loaded.moved_to)"
    )
    # in a process of its own: code that waits on the pipe fails the test instead of hanging the suite
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    message, moved = done.stdout.splitlines()
    assert "it is a named pipe (fifo), not a file" in message.lower() and moved in message
    assert stat.S_ISFIFO(os.lstat(moved).st_mode) and _replaced_by_the_defaults(tmp_path)


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("knock_limit", 11, "knock_limit 11 must be between 0 and 10, so the standard rules' knock_limit 10 is used"),
        ("knock_limit", -1, "knock_limit -1 must be between 0 and 10"),
        ("knock_limit", "abc", "knock_limit 'abc' is not a whole number, so the standard rules' knock_limit 10 is"),
        ("gin_bonus", -5, "gin_bonus -5 must not be negative, so the standard rules' gin_bonus 25 is used"),
        ("undercut_bonus", -5, "undercut_bonus -5 must not be negative"),
        ("big_gin_bonus", -5, "big_gin_bonus -5 must not be negative"),
        ("box_bonus", -5, "box_bonus -5 must not be negative"),
        ("game_bonus", -5, "game_bonus -5 must not be negative"),
        ("target", 0, "target 0 must be at least 1, so the standard rules' target 100 is used instead"),
        ("timer", 0, "timer 0 must be at least 1 second, or none, so the standard rules' timer none is used"),
        ("timer", 10**9, "timer 1000000000 must be at most 3,600 seconds"),
        ("timer", 1e9, "timer 1000000000.0 must be whole seconds, 1 to 3,600, or none"),  # 1e9 in the JSON
        ("shutout", "yes", "shutout 'yes' must be true or false, so the standard rules' shutout false is used"),
        ("void_stock", 11, "void_stock 11 must be between 0 and 10"),
    ],
)
def test_a_rule_value_out_of_range_in_the_settings_file_is_refused_and_the_file_set_aside(
    tmp_path, option, value, words
):
    """The note said "Bad rule option target=0 (target must be at least 1 (not 0))": the
    option twice, brackets in brackets, and not what was used instead."""
    content = json.dumps(
        {"format": "gin-tui settings", "version": 1,
         "rules": {"preset": "standard", "options": {option: value, "tie_is_undercut": False}}}
    ).encode()
    (tmp_path / SETTINGS_NAME).write_bytes(content)
    loaded = load_settings(tmp_path)
    message = loaded.message()
    assert message is not None and f"In its rules, {words}" in message
    assert "(not " not in message and "bad value" not in message
    assert "Defaults are used" not in message  # said of these options: the rules' own
    assert loaded.moved_to is not None and loaded.moved_to.read_bytes() == content
    assert str(loaded.moved_to) in message
    assert dict(loaded.settings.rule_options) == {"tie_is_undercut": False}  # the good option is kept
    assert loaded.settings.rules.knock_limit <= 10 and loaded.settings.rules.target >= 1


def test_the_command_line_overrides_for_one_run():
    s = Settings(ai="easy", pause=1.0)
    got = apply_args(s, _args(rules="classic", ai="expert", pause=0.0, ascii=True, no_mouse=True))
    assert (got.preset, got.ai, got.pause, got.ascii, got.mouse) == ("classic", "expert", 0.0, True, False)
    assert got.rules == PRESETS["classic"]
    assert apply_args(s, _args()) == s
    with pytest.raises(ValueError, match="unknown rules preset 'nope'"):
        apply_args(s, _args(rules="nope"))
    with pytest.raises(ValueError, match="--pause"):
        apply_args(s, _args(pause=-1.0))


def test_only_what_changed_on_the_form_goes_onto_the_files_settings():
    saved = Settings(ai="expert", theme="nord", extra=(("sound", True),))
    before = apply_args(saved, _args(ai="easy", ascii=True, rule=["knock_limit=7"]))  # this run's
    assert with_changes(saved, before, before) == saved
    got = with_changes(saved, before, replace(before, pause=0.0))
    assert got == replace(saved, pause=0.0) and got.extra == saved.extra
    got = with_changes(saved, before, before.with_rules(before.rules.with_options(gin_bonus=30)))
    assert got.ai == "expert" and not got.ascii and dict(got.rule_options) == {"gin_bonus": 30}
    # a new preset: its own options, the one-run knock limit left out
    got = with_changes(saved, before, before.with_rules(PRESETS["classic"].with_options(knock_limit=7), "classic"))
    assert got.preset == "classic" and got.rule_options == () and got.ai == "expert"


def test_config_dir_follows_the_data_dir_override(monkeypatch, tmp_path):
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path))
    assert config_dir() == tmp_path
    assert config_dir(str(tmp_path / "x")) == tmp_path / "x"
    monkeypatch.delenv("GIN_TUI_HOME")
    assert config_dir().name == "gin-tui"


def test_unknown_entries_of_a_newer_file_are_kept_when_saving(tmp_path):
    (tmp_path / SETTINGS_NAME).write_text(json.dumps({"format": "gin-tui settings", "version": 1, "sound": True}))
    loaded = load_settings(tmp_path)
    assert loaded.message() is None
    save_settings(tmp_path, loaded.settings)
    assert json.loads((tmp_path / SETTINGS_NAME).read_text())["sound"] is True


def test_single_rule_options_and_the_theme_from_the_command_line():
    got = apply_args(Settings(), _args(rules="classic", rule=["knock_limit=7", "big-gin=yes", "timer=none"],
                                       theme="nord"))
    assert got.preset == "classic" and got.theme == "nord"
    assert got.rules.knock_limit == 7 and got.rules.big_gin is True and got.rules.timer is None
    assert got.rules.gin_bonus == 20  # the rest of the preset stays
    for bad, words in (
        (["knock_limit"], "^--rule knock_limit: write it as OPTION=VALUE, e\\.g\\. knock_limit=7$"),
        (["wings=2"], "^--rule wings: unknown rule option \\(options: knock_limit, "),
        (["target=lots"], "^--rule target: must be a whole number \\(not 'lots'\\)$"),
        (["big_gin=maybe"], "^--rule big_gin: must be yes or no \\(not 'maybe'\\)$"),
        # each option's refusal names it as the others do (it read "--rule: target must be at least 1")
        (["target=0"], "^--rule target: must be at least 1 \\(not 0\\)$"),
        (["knock_limit=11", "gin_bonus=-2"],
         "^--rule knock_limit: must be between 0 and 10 \\(not 11\\); --rule gin_bonus: must not be negative \\(not -2\\)$"),
        # one account of the timer's values, whatever is wrong (it said "a whole number" for
        # abc, leaving out none, and "at least 1 second, or none" for -1, leaving out 0)
        (["timer=1e9"], "--rule timer: must be 1 to 3,600 seconds, or 0 or none for no timer \\(not '1e9'\\)"),
        (["timer=abc"], "--rule timer: must be 1 to 3,600 seconds, or 0 or none for no timer \\(not 'abc'\\)"),
        (["timer=-1"], "--rule timer: must be 1 to 3,600 seconds, or 0 or none for no timer \\(not -1\\)"),
        (["timer="], "--rule timer: must be 1 to 3,600 seconds, or 0 or none for no timer \\(not ''\\)"),  # as gin_bonus= is
        (["timer=1000000000"], "--rule timer: must be 1 to 3,600 seconds, or 0 or none for no timer \\(not 1000000000\\)"),
        (["target=100000000000000000000000"], "^--rule target: must be at most 10,000 points"),
    ):
        with pytest.raises(ValueError, match=words):
            apply_args(Settings(), _args(rule=bad))
    for written, timer in (("0", None), ("none", None), ("off", None), ("45", 45), ("3600", 3600)):
        assert apply_args(Settings(), _args(rule=[f"timer={written}"])).rules.timer == timer


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 500) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.sampled_from(["standard", "classic", "expert", "easy", "knock_limit", "timer"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["format", "version", "rules", "preset", "options", "ai", "pause", "ascii", "mouse",
                         "theme", "knock_limit", "timer", "big_gin", "x"]), inner, max_size=6),
    max_leaves=12,
)


@pytest.mark.parametrize("preset", [[], {}, ["standard"], 7, None])
def test_a_preset_that_is_not_a_name_is_refused_not_a_crash(preset):
    s, problems = settings_from_dict({"rules": {"preset": preset}})
    assert s.rules.name == "standard" and any("unknown rules preset" in p for p in problems)


@settings(max_examples=200, deadline=None)
@given(data=JSONISH)
def test_any_settings_content_gives_settings_and_never_raises(data):
    s, problems = settings_from_dict(data)
    assert isinstance(s, Settings) and isinstance(problems, list)
    assert s.rules.target >= 1  # always a valid Rules value
    assert s.ai in ("easy", "standard", "expert") and 0 <= s.pause <= 10


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300))
def test_any_settings_file_loads_without_raising(tmp_path, raw):
    (tmp_path / SETTINGS_NAME).write_bytes(raw)
    loaded = load_settings(tmp_path)
    assert isinstance(loaded.settings, Settings)
    assert (loaded.message() is None) == (not loaded.problems)


def test_a_huge_settings_file_is_not_read_whole_but_set_aside(tmp_path):
    from ginrummy_tui.storage.config import MAX_SETTINGS_BYTES

    path = tmp_path / SETTINGS_NAME
    path.write_text('{"ai": "expert", "pad": "' + "x" * (MAX_SETTINGS_BYTES * 4) + '"}')
    loaded = load_settings(tmp_path)
    assert loaded.settings == Settings()
    assert loaded.problems == [f"it is far too big to be a settings file (more than {MAX_SETTINGS_BYTES} bytes)"]
    assert loaded.moved_to is not None and loaded.moved_to.stat().st_size > MAX_SETTINGS_BYTES
    assert _replaced_by_the_defaults(tmp_path)


def test_a_theme_there_is_not_is_repaired_with_the_other_bad_values_once(tmp_path, monkeypatch):
    """A settings file with a bad preset, level, pause, ascii and theme: the
    repair notice named all but the theme, and the clean file written in its
    place kept ``"theme": "nope"``, so every later start said the theme was not there."""
    from ginrummy_tui.cli import play
    from ginrummy_tui.session import startup
    from ginrummy_tui.session.startup import Refused, prepare
    from ginrummy_tui.tui.palette import theme_names

    (tmp_path / SETTINGS_NAME).write_text(json.dumps({
        "format": "gin-tui settings", "version": 1, "rules": {"preset": "bogus"}, "ai": "genius",
        "pause": -1, "ascii": "yes", "mouse": False, "theme": "nope"}))
    args = argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None, themes=theme_names())
    plan.close()
    told = [note for note in plan.notes if note.startswith("Your settings file had problems")]
    assert len(told) == 1 and "unknown theme 'nope'" in told[0], plan.notes
    clean = json.loads((tmp_path / SETTINGS_NAME).read_text())
    assert clean["theme"] == Settings().theme and clean["mouse"] is False  # the good value kept
    again = load_settings(tmp_path, theme_names())
    assert again.message() is None and again.settings.theme == Settings().theme

    # the game checks the settings file's theme so
    asked: dict = {}

    def prepared(args, **kw):
        asked.update(kw)
        raise Refused("", 0)

    monkeypatch.setattr(startup, "prepare", prepared)
    assert play.run_saved_play(args) == 0
    assert asked["themes"] == theme_names()


@pytest.mark.parametrize(
    "given, by",
    [
        (dict(rules="oklahoma", rule=["knock_limit=5"]), "--rules oklahoma"),
        (dict(rule=["oklahoma=true", "knock_limit=5"]), "--rule oklahoma=true"),
        (dict(rules="classic", rule=["knock_limit=5", "oklahoma=yes"]), "--rule oklahoma=yes"),
    ],
)
def test_a_knock_limit_with_oklahoma_on_the_command_line_is_refused_saying_why(given, by):
    """--rules oklahoma --rule knock_limit=5 started a match named "oklahoma rules (changed:
    knock limit)" whose limit the upcard set all the same."""
    with pytest.raises(ValueError) as refused:
        apply_args(Settings(), _args(**given))
    assert str(refused.value) == (
        f"--rule knock_limit=5 does not go with Oklahoma ({by}): each hand's first upcard sets the knock "
        "limit there; leave out --rule knock_limit, or add --rule oklahoma=false to play with a knock limit of 5"
    )
    # Oklahoma turned off: the limit is the rules' own
    got = apply_args(Settings(), _args(**{**given, "rule": [*given["rule"], "oklahoma=false"]}))
    assert got.rules.knock_limit == 5 and not got.rules.oklahoma
    # from the settings file: said so
    with pytest.raises(ValueError, match=r"does not go with Oklahoma \(on in your settings, F2\)"):
        apply_args(Settings(preset="oklahoma"), _args(rule=["knock_limit=5"]))


def test_oklahoma_from_the_command_line_leaves_out_the_settings_knock_limit():
    got = apply_args(Settings(rule_options=(("knock_limit", 7),)), _args(rule=["oklahoma=true"]))
    assert got.rules == PRESETS["standard"].with_options(oklahoma=True) and got.rule_options == (("oklahoma", True),)


def test_a_settings_file_with_a_knock_limit_and_oklahoma_is_read_without_the_limit(tmp_path):
    """The settings screen saved the knock limit it dimmed beside Oklahoma, and the
    match was then named "oklahoma rules (changed: knock limit)"."""
    from ginrummy_tui.engine.rules import rules_label

    for preset, options, name in (
        ("oklahoma", {"knock_limit": 5}, "oklahoma"),
        ("standard", {"knock_limit": 5, "oklahoma": True}, "standard (changed: oklahoma)"),
    ):
        text = json.dumps({"format": "gin-tui settings", "version": 1, "rules": {"preset": preset, "options": options}})
        (tmp_path / SETTINGS_NAME).write_text(text)
        loaded = load_settings(tmp_path)
        assert loaded.message() is None and loaded.moved_to is None  # nothing wrong with it: left as it is
        assert (tmp_path / SETTINGS_NAME).read_text() == text
        assert "knock_limit" not in dict(loaded.settings.rule_options)
        assert loaded.settings.rules.knock_limit == 10 and rules_label(loaded.settings.rules) == name
        # saved again (the settings screen), the limit is not written
        save_settings(tmp_path, loaded.settings)
        assert "knock_limit" not in json.loads((tmp_path / SETTINGS_NAME).read_text())["rules"]["options"]


def test_a_shutout_without_a_game_bonus_is_refused_and_never_saved():
    """--rule shutout=true with standard (no game bonus) was taken and named "(changed: shutout
    doubles the game bonus)"; F2 saved it onto the saved standard rules from a classic form."""
    from ginrummy_tui.engine import PRESETS

    s = Settings()
    with pytest.raises(ValueError, match="shutout needs a game bonus: standard rules have none"):
        apply_args(s, _args(rule=["shutout=true"]))
    with pytest.raises(ValueError, match="shutout needs a game bonus"):
        apply_args(s, _args(rules="classic", rule=["game_bonus=0", "shutout=yes"]))
    assert apply_args(s, _args(rule=["game_bonus=50", "shutout=true"])).rules.shutout
    # a classic form (from the command line) on saved standard rules: shutout is not saved there
    saved = Settings().with_rules(PRESETS["standard"].with_options(target=30))
    before = saved.with_rules(PRESETS["classic"].with_options(shutout=False), preset="classic")
    after = before.with_rules(PRESETS["classic"], preset="classic")
    kept = with_changes(saved, before, after)
    assert kept.preset == "standard" and dict(kept.rule_options) == {"target": 30}, kept
    # a settings file that holds one where there is no game bonus: not in force
    read, _ = settings_from_dict({"rules": {"preset": "standard", "options": {"target": 30, "shutout": True}}})
    assert read.rules == PRESETS["standard"].with_options(target=30)


def test_a_string_never_closed_is_said_in_plain_words_once_with_its_line_and_column(tmp_path):
    """A settings file cut in the middle of a string said "it is not valid JSON
    (Unterminated string starting at at line 3)": Python's words, "at" twice,
    and no column."""
    (tmp_path / SETTINGS_NAME).write_text('{\n  "ai": "master",\n  "theme": "nor')
    loaded = load_settings(tmp_path)
    assert loaded.moved_to is not None
    assert loaded.message() == (
        f"Your settings file could not be used, and was moved to {loaded.moved_to}. It is not valid JSON "
        "(a text in double quotes that starts at line 3, column 12 is never closed). Defaults are used for all "
        "settings; a new one with the defaults takes its place."
    )


def test_a_damaged_settings_file_s_note_gives_the_reason_in_its_first_part_at_80x24(tmp_path):
    """At 80x24 the note showed "Your settings file could not be used, and was moved to
    .../settings.json.damaged-...:" alone for 15 s, the reason only after it."""
    import shutil
    import tempfile
    from pathlib import Path

    from ginrummy_tui.tui.note_text import note_parts, toast_rows, toast_text_width

    home = Path(tempfile.mkdtemp(prefix="tg-"))  # a short directory, as the default one is: ~/.config/gin-tui
    try:
        (home / SETTINGS_NAME).write_text('{"ai": "master", "pause": 2')
        loaded = load_settings(home)
    finally:
        shutil.rmtree(home)
    message = loaded.message()
    assert message is not None
    parts = note_parts(message, toast_text_width(80, 24, "warning"), toast_rows(80, 24))
    assert f"was moved to {loaded.moved_to}. It is not valid JSON (a comma was expected at line 1, column 28)." in (
        parts[0]
    ), parts  # where it went and why, together
    assert all(part.endswith(".") for part in parts), parts


def test_a_rule_option_that_would_change_nothing_is_refused_with_why():
    """--rule big_gin_bonus=5 under standard rules (no Big Gin) and --rule undercut_bonus=40 beside
    --rule knock_limit=0 (only gin ends a hand) were taken, and the match named "standard rules
    (changed)", counted apart in the statistics, though no hand could use them."""
    with pytest.raises(ValueError, match=r"^--rule big_gin_bonus=5: Big Gin is not allowed \(standard rules\), so no "
                       r"hand scores its bonus; leave out --rule big_gin_bonus, or add --rule big_gin=yes"):
        apply_args(Settings(), _args(rule=["big_gin_bonus=5"]))
    with pytest.raises(ValueError, match=r"Big Gin is not allowed \(--rule big_gin=no\)"):
        apply_args(Settings(), _args(rules="multiplayer-1.5", rule=["big_gin=no", "big_gin_bonus=40"]))
    with pytest.raises(ValueError) as refused:
        apply_args(Settings(), _args(rule=["knock_limit=0", "undercut_bonus=40", "tie-is-undercut=no"]))
    assert str(refused.value) == (
        "--rule undercut_bonus=40: knocking is not allowed (--rule knock_limit=0), only gin ends a hand and gin is "
        "never undercut, so the undercut bonus changes nothing; leave out --rule undercut_bonus, or give a knock "
        "limit above 0; --rule tie-is-undercut=no: knocking is not allowed (--rule knock_limit=0), only gin ends a "
        "hand and gin is never undercut, so whether a tie is an undercut changes nothing; leave out --rule "
        "tie_is_undercut, or give a knock limit above 0"
    )
    gin_only = Settings(rule_options=(("knock_limit", 0),))  # from the settings file
    with pytest.raises(ValueError, match=r"knocking is not allowed \(gin only in your settings, F2\)"):
        apply_args(gin_only, _args(rule=["undercut_bonus=40"]))
    # where they are used they are taken
    assert apply_args(Settings(), _args(rule=["big_gin=yes", "big_gin_bonus=5"])).rules.big_gin_bonus == 5
    assert apply_args(Settings(), _args(rule=["knock_limit=3", "undercut_bonus=40"])).rules.undercut_bonus == 40
    assert apply_args(Settings(), _args(rules="oklahoma", rule=["undercut_bonus=40"])).rules.undercut_bonus == 40
    # a settings file holding one reads without it, and it is never saved
    read, problems = settings_from_dict({"rules": {"preset": "standard", "options": {
        "knock_limit": 0, "undercut_bonus": 40, "tie_is_undercut": False, "big_gin_bonus": 5}}})
    assert not problems and dict(read.rule_options) == {"knock_limit": 0}
    both = PRESETS["standard"].with_options(knock_limit=0, undercut_bonus=40, big_gin_bonus=5)
    assert dict(Settings().with_rules(both).rule_options) == {"knock_limit": 0}


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (errno.EACCES, "The folder is read-only, so this note comes back until the file is fixed."),
        (errno.EROFS, "The folder is read-only, so this note comes back until the file is fixed."),
        (errno.EIO, "It could not be moved aside (Input/output error), so this note comes back until the file is fixed."),
    ],
)
def test_a_settings_file_with_problems_in_a_read_only_folder_says_its_note_comes_back(tmp_path, monkeypatch, error, says):
    """In a read-only folder the note of a settings file with problems could not move it
    aside nor write a clean one, and did not say so: the same note came back at every start."""
    (tmp_path / SETTINGS_NAME).write_text(json.dumps({
        "format": "gin-tui settings", "version": 1, "rules": {"preset": "standard", "options": {"knock_limit": "abc"}}}))
    real_replace = os.replace

    def refused(src, dst, *args, **kw):
        if os.fspath(src) == os.fspath(tmp_path / SETTINGS_NAME):
            raise OSError(error, os.strerror(error), os.fspath(src))
        return real_replace(src, dst, *args, **kw)

    monkeypatch.setattr(os, "replace", refused)
    loaded = load_settings(tmp_path)
    assert loaded.moved_to is None and (tmp_path / SETTINGS_NAME).exists()
    message = loaded.message()
    assert message is not None
    assert message.startswith("Your settings file had problems: in its rules, knock_limit 'abc' "), message
    assert message.endswith(f" used instead. {says}"), message
    # unreadable whole, the note says the same after the defaults
    (tmp_path / SETTINGS_NAME).write_text("{ not json")
    whole = load_settings(tmp_path).message()
    assert whole is not None and whole.endswith(f"Defaults are used for all settings; {says[:1].lower()}{says[1:]}"), whole


def test_a_settings_file_whose_version_no_gin_tui_could_have_written_is_damaged_not_kept_for_good(tmp_path):
    path = tmp_path / SETTINGS_NAME
    path.write_text('{"format": "gin-tui settings", "version": 1' + "0" * 400 + ', "ai": "expert"}')
    loaded = load_settings(tmp_path)
    assert loaded.moved_to is not None and "1000000" in loaded.moved_to.read_text()
    assert "newer version" not in loaded.message() and "(a number of 401 digits)" in loaded.message()
