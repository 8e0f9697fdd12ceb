"""The player's settings, kept in a small JSON file.

``settings.json`` lives in the platform's user config directory for
``gin-tui`` or, when ``--data-dir`` / ``GIN_TUI_HOME`` is given, in that
directory (so one directory holds everything of one player).  Command-line
flags (``--rules``, ``--ai``, ``--pause``, ``--ascii``, ``--no-mouse``) apply
to one run; the settings screen changes the file.

A broken settings file gets the same care as a broken save: the program
starts with what could be read (defaults for the rest), says what was wrong,
and moves the file aside with a timestamped name.
"""

from __future__ import annotations

import errno
import json
import os
import re
from collections.abc import Callable, Collection
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ginrummy_tui.storage.files import (
    APP_NAME,
    ENV_HOME,
    NotAFile,
    atomic_write_json,
    format_version,
    json_error_words,
    moved_aside,
    read_regular,
    refuse_unreadable,
    shown_value,
)

SETTINGS_NAME = "settings.json"
SETTINGS_FORMAT = "gin-tui settings"
SETTINGS_VERSION = 1
LEVELS = ("easy", "standard", "expert", "master")
"""The opponent levels (as ``ginrummy_tui.ai.LEVELS``, which starting the app does not import)."""
DEFAULT_THEME = "textual-dark"
MAX_SETTINGS_BYTES = 64 * 1024
"""A settings file is a few hundred bytes: one bigger than this is not read
whole (nor kept), it is set aside."""
MAX_PAUSE = 10.0


def config_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """Where ``settings.json`` lives: the ``--data-dir`` / ``GIN_TUI_HOME``
    directory if one is given, else the user config directory."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get(ENV_HOME)
    if env:
        return Path(env).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


@dataclass(frozen=True)
class Settings:
    """Everything the player can set.  The rules are a preset plus the
    single options changed from it."""

    preset: str = "standard"
    """The rules preset (a key of :data:`~ginrummy_tui.engine.PRESETS`)."""
    rule_options: tuple[tuple[str, Any], ...] = ()
    """Single rule options changed from the preset, as (name, value) pairs."""
    ai: str = "standard"
    """The computer's level: easy, standard, expert or master."""
    pause: float = 0.6
    """Seconds the computer waits after each move, so a person can follow."""
    ascii: bool = False
    """Suits drawn as S H D C."""
    mouse: bool = True
    """Whether the mouse is used."""
    theme: str = DEFAULT_THEME
    """The Textual theme."""
    one_click: bool = False
    """The fast mouse mode: a click on a card throws it (otherwise a click
    selects it, and a second click or a button acts on it)."""
    extra: tuple[tuple[str, Any], ...] = field(default=(), compare=False)
    """Entries of the file this version does not know (kept when saving)."""

    @property
    def rules(self):
        """The :class:`~ginrummy_tui.engine.Rules` these settings give."""
        from ginrummy_tui.engine import PRESETS

        base = PRESETS[self.preset]
        options = dict(self.rule_options)
        return base.with_options(**options) if options else base

    def with_rules(self, rules, preset: str | None = None) -> Settings:
        """These settings with ``rules``, stored as a preset (``preset``, else
        the rules' own, else the closest one) and the options that differ (of
        those the rules use)."""
        from ginrummy_tui.engine import PRESETS

        unused = rules.unused()  # not options of these rules, whatever they hold: never saved

        mine = rules.option_values()

        def diff(name: str) -> tuple[tuple[str, Any], ...]:
            base = PRESETS[name]
            theirs = base.option_values()
            return tuple(
                (f.name, mine[f.name])
                for f in fields(base)
                if f.name != "name" and f.name not in unused and mine[f.name] != theirs[f.name]
            )

        if preset is None:
            if rules.name in PRESETS:
                preset = rules.name
            else:
                order = [self.preset] + [p for p in PRESETS if p != self.preset]
                preset = min(order, key=lambda p: len(diff(p)))
        return replace(self, preset=preset, rule_options=diff(preset))

    def play_settings(self) -> dict[str, Any]:
        """What goes into a save with a match (the rules are in the game itself)."""
        return {"ai": self.ai, "pause": self.pause, "ascii": self.ascii, "mouse": self.mouse, "theme": self.theme}

    def to_dict(self) -> dict[str, Any]:
        """The settings file's contents."""
        data = dict(self.extra)
        data.update(
            {
                "format": SETTINGS_FORMAT,
                "version": SETTINGS_VERSION,
                "rules": {"preset": self.preset, "options": dict(self.rule_options)},
                "ai": self.ai,
                "pause": self.pause,
                "ascii": self.ascii,
                "mouse": self.mouse,
                "theme": self.theme,
            }
        )
        if self.one_click:  # written only when set, so an older file is written back as it was
            data["one_click"] = True
        return data


@dataclass
class LoadedSettings:
    """The settings read from a file, and what was wrong with it."""

    settings: Settings
    problems: list[str] = field(default_factory=list)
    moved_to: Path | None = None
    kept: bool = False
    """The good values were written to a clean file in its place."""
    unsaved: str | None = None
    """Why that clean file could not be written, if it could not."""
    unreadable: bool = False
    """Nothing of the file could be read (not JSON, not settings, not a
    file...): every setting is the default."""
    unmoved: str | None = None
    """Why the file could not be moved aside (nor a clean one written): "the
    folder is read-only"; it is read again, and told again, at the next start."""
    newer: Path | None = None
    """The file, written by a newer version of gin-tui: not damaged, it is left
    as it is (never moved aside nor written over), and the defaults used."""

    def message(self) -> str | None:
        """What to tell the player, or None if all was well."""
        if not self.problems:
            return None
        if self.newer is not None:
            why = self.problems[0].removeprefix("it was ")
            return (
                f"Your settings file {self.newer} was {why}; it is kept as it is, for that version. "
                "Defaults are used for all settings in this run, and F2 does not save over it."
            )
        # where the file went comes first: a note cut into parts on a small
        # screen says it in its first part; why follows in a sentence of its
        # own, so that the note is cut between them, not after a colon (where
        # both fit the toasts' room, the first part has them both)
        if self.unreadable:
            head, defaults = "Your settings file could not be used", "Defaults are used for all settings"
            kept, unsaved = "a new one with the defaults takes its place", "a new one could not be written in its place"
        else:
            head, defaults = "Your settings file had problems", "Defaults are used for those settings"
            kept, unsaved = "a new one keeps your other settings", "your other settings could not be written to a new one"
        reasons = "; ".join(self.problems)
        if self.moved_to is not None:
            sentences = [f"{head}, and was moved to {self.moved_to}", f"{reasons[:1].upper()}{reasons[1:]}"]
        else:
            sentences = [f"{head}: {reasons}"]
        # the rule options with bad values say themselves what is used instead
        after = [] if all(problem.startswith(RULES_PROBLEM) for problem in self.problems) else [defaults]
        if self.moved_to is not None and self.kept:
            after.append(kept)
        elif self.moved_to is not None and self.unsaved is not None:
            after.append(f"{unsaved} ({self.unsaved})")
        elif self.moved_to is None and self.unmoved is not None:
            after.append(f"{self.unmoved}, so this note comes back until the file is fixed")
        if after:
            joined = "; ".join(after)
            sentences.append(joined[:1].upper() + joined[1:])
        return ". ".join(sentences) + "."


def _check_rules(raw: Any, problems: list[str]) -> tuple[str, tuple[tuple[str, Any], ...]]:
    from ginrummy_tui.engine import PRESETS, Rules

    if not isinstance(raw, dict):
        problems.append("the rules are not readable")
        return "standard", ()
    preset = raw.get("preset", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:  # (a list is not even hashable)
        problems.append(f"unknown rules preset {preset!r}")
        preset = "standard"
    options = raw.get("options", {})
    if not isinstance(options, dict):
        problems.append("the rule options are not readable")
        return preset, ()
    good: dict[str, Any] = {}
    bad: list[tuple[str, str]] = []
    known = {f.name for f in fields(Rules)} - {"name"}
    for key, value in options.items():
        if key not in known:
            problems.append(f"unknown rule option {key!r}")
            continue
        try:
            candidate = {**PRESETS[preset].to_dict(), **good, key: value}
            Rules.from_dict(candidate)
        except (ValueError, TypeError) as exc:
            bad.append((key, _option_problem(key, value, exc)))
            continue
        good[key] = value
    if bad:  # one clause for them all, saying what is used instead
        used = asdict(PRESETS[preset].with_options(**good))
        kept = _listed([f"{key} {_shown(used[key])}" for key, _ in bad])
        verb = "is" if len(bad) == 1 else "are"
        problems.append(
            f"{RULES_PROBLEM}{_listed([why for _, why in bad])}, so the {preset} rules' {kept} {verb} used instead"
        )
    return preset, in_force(preset, good)


RULES_PROBLEM = "in its rules, "
"""How the problem of the rule options with bad values starts: it says what is used instead."""


def _shown(value: Any) -> str:
    """A rule's value as the settings file has it ('abc', 0, true), "none" for no value (no timer)."""
    if value is None:
        return "none"
    return repr(value) if isinstance(value, str) else json.dumps(value)


def _listed(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _option_problem(key: str, value: Any, exc: Exception) -> str:
    """Why the rule option ``key`` of the settings file, ``value``, is refused (``exc``
    says it), in a few words with its value: "knock_limit 'abc' is not a whole
    number", "target 0 must be at least 1"."""
    from ginrummy_tui.engine import Rules
    from ginrummy_tui.engine.rules import NEXT_DEALER_CHOICES

    shown = f"{key} {_shown(value)}"
    must = re.fullmatch(rf"{re.escape(key)} (must .*?)(?: \(not [^()]*\))?", str(exc))
    if must is not None:
        return f"{shown} {must.group(1)}"
    default = {f.name: f.default for f in fields(Rules)}.get(key)
    if key == "next_dealer":
        return f"{shown} must be one of {', '.join(NEXT_DEALER_CHOICES)}"
    if isinstance(default, bool):
        return f"{shown} must be true or false"
    if isinstance(default, int):
        return f"{shown} is not a whole number"
    return f"{shown}: {exc}"


def in_force(preset: str, options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The rule ``options`` (good together on ``preset``) that the rules take and use:
    those the rules do not use as the others set them (:meth:`~ginrummy_tui.engine.Rules.unused`)
    are left out, the rules keeping the preset's: a knock limit with Oklahoma on (each
    hand's upcard sets the limit; a settings file from the settings screen may hold one,
    kept while the form dimmed it), a shutout (on or off) where there is no game bonus
    to double, a Big Gin bonus without Big Gin, an undercut bonus or a tie's
    undercut where no hand may be knocked (a settings file of an earlier version may
    hold one)."""
    from ginrummy_tui.engine import PRESETS

    rules = PRESETS[preset].with_options(**options)
    unused = rules.unused()
    values = rules.option_values()
    return tuple((name, value) for name, value in options.items() if values[name] == value and name not in unused)


def settings_from_dict(data: Any, themes: Collection[str] | None = None) -> tuple[Settings, list[str]]:
    """Settings from the file's contents, keeping every good value; the
    problems found are listed (never raises).  ``themes``: the names of the
    themes there are, when known (a theme not among them is a problem)."""
    problems: list[str] = []
    unreadable = _not_settings(data)
    if unreadable is not None:
        return Settings(), [unreadable]
    default = Settings()
    values: dict[str, Any] = {}
    if "rules" in data:
        values["preset"], values["rule_options"] = _check_rules(data["rules"], problems)
    ai = data.get("ai", default.ai)
    if ai in LEVELS:
        values["ai"] = ai
    else:
        problems.append(f"unknown opponent level {ai!r}")
    pause = data.get("pause", default.pause)
    if isinstance(pause, (int, float)) and not isinstance(pause, bool) and 0 <= pause <= MAX_PAUSE:
        values["pause"] = float(pause)
    else:
        problems.append(f"the pause must be between 0 and {MAX_PAUSE:g} seconds (not {pause!r})")
    for name, default_value in (("ascii", default.ascii), ("mouse", default.mouse), ("one_click", default.one_click)):
        value = data.get(name, default_value)
        if isinstance(value, bool):
            values[name] = value
        else:
            problems.append(f"{name} must be true or false (not {value!r})")
    theme = data.get("theme", default.theme)
    if not isinstance(theme, str) or not 0 < len(theme) <= 64:
        problems.append(f"the theme is not readable ({theme!r})")
    elif themes is not None and theme not in themes:
        problems.append(f"unknown theme {theme!r}")
    else:
        values["theme"] = theme
    known = {"format", "version", "rules", "ai", "pause", "ascii", "mouse", "theme", "one_click"}
    extra = tuple((k, v) for k, v in data.items() if k not in known)
    return Settings(**values, extra=extra), problems


def _newer(data: Any) -> bool:
    """Whether the settings ``data`` were written by a newer version of gin-tui
    (a ``version`` higher than this one reads): not damaged, only not for this one."""
    version = format_version(data.get("version")) if isinstance(data, dict) else None
    return version is not None and version > SETTINGS_VERSION


def _not_settings(data: Any) -> str | None:
    """Why nothing of the file's contents ``data`` can be read as settings,
    or None when its values can be (each checked on its own)."""
    if not isinstance(data, dict):
        return "it is not a settings file"
    if data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
        return "it is not a gin-tui settings file"
    version = format_version(data.get("version", SETTINGS_VERSION))
    if version is None:  # none a gin-tui could have written (a 401-digit number, 0): damaged
        return f"its version is not readable ({shown_value(data.get('version'))})"
    if version > SETTINGS_VERSION:
        return f"it was written by a newer version of gin-tui (format {version}; this one reads {SETTINGS_VERSION})"
    return None


def load_settings(directory: Path, themes: Collection[str] | None = None) -> LoadedSettings:
    """Read ``settings.json`` from ``directory``; never raises, never waits
    (a named pipe in its place is not read).  A file with problems, or
    something that is not a file, is moved aside (timestamped) and its good
    values are kept: written to a clean file in its place (the defaults, when
    nothing of it could be read).  ``themes``: the
    names of the themes there are (the display knows them), so that a theme
    there is not is repaired as the other bad values are."""
    read = _read_settings(directory, themes)
    if read is None:
        return LoadedSettings(Settings())
    loaded, aside = read
    return _set_aside(Path(directory), loaded) if aside else loaded


def _read_settings(directory: Path, themes: Collection[str] | None) -> tuple[LoadedSettings, bool] | None:
    """What ``settings.json`` in ``directory`` holds, and whether it is to be
    set aside (it has problems, and is not only unreadable for now: no read
    permission); None when there is none.  Nothing is moved or written,
    nothing waited on."""
    path = Path(directory) / SETTINGS_NAME
    try:
        raw = read_regular(path, MAX_SETTINGS_BYTES + 1, follow=True)
    except FileNotFoundError:
        return None
    except NotAFile as exc:  # a directory, a named pipe...: set aside, never waited on
        return _unreadable(exc.strerror or "it is not a file"), True
    except OSError as exc:  # left where it is: it may be read again once the reason is mended
        return _unreadable(f"it cannot be read ({exc.strerror or exc})"), False
    try:
        if len(raw) > MAX_SETTINGS_BYTES:
            raise ValueError(f"it is far too big to be a settings file (more than {MAX_SETTINGS_BYTES} bytes)")
        if not raw.strip():
            raise ValueError("it is empty")
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise ValueError("it is not text") from None
        except ValueError as exc:  # not JSON, or a number of thousands of digits
            raise ValueError(f"it is not valid JSON ({json_error_words(exc)})") from None
        unreadable = _not_settings(data)
        if unreadable is not None and _newer(data):  # not damaged: kept as it is, for that version
            return LoadedSettings(Settings(), [unreadable], unreadable=True, newer=path), False
        if unreadable is not None:
            raise ValueError(unreadable)
        loaded = LoadedSettings(*settings_from_dict(data, themes))
    except RecursionError:
        loaded = _unreadable("it is not a settings file (nested too deeply)")
    except ValueError as exc:
        loaded = _unreadable(str(exc))
    except Exception as exc:  # never let a settings file stop the game
        loaded = _unreadable(f"it is not readable ({type(exc).__name__})")
    return loaded, bool(loaded.problems)


def asks_ascii(directory: Path) -> bool:
    """True when ``settings.json`` in ``directory`` asks for ASCII alone
    (``"ascii": true``): for what the command says before the game reads its
    settings.  Only read: nothing is moved aside or written, nothing waited
    on; False for a file that is missing or has any problem (the game tells
    of those once it reads the file)."""
    data = _settings_json(directory)
    return data is not None and data.get("ascii") is True


def _settings_json(directory: Path) -> dict[str, Any] | None:
    """The JSON object of ``settings.json`` in ``directory``, only read (nothing
    moved aside, written or waited on); None for a file that is missing, too
    big, unreadable, not JSON, or not an object of settings."""
    try:
        raw = read_regular(Path(directory) / SETTINGS_NAME, MAX_SETTINGS_BYTES + 1, follow=True)
        if len(raw) > MAX_SETTINGS_BYTES:
            return None
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # missing, not a file, unreadable, not JSON
        return None
    return data if _not_settings(data) is None else None


def _unreadable(problem: str) -> LoadedSettings:
    """A settings file of which nothing could be read, for ``problem``: the defaults."""
    return LoadedSettings(Settings(), [problem], unreadable=True)


def _set_aside(directory: Path, loaded: LoadedSettings) -> LoadedSettings:
    """Move the settings file with problems aside and write a clean one in
    its place with the values that were good (the defaults for the others),
    so they are not lost and the file is there to be read next time.  Where
    it cannot be moved (a read-only folder), the note says why, and that it
    comes back at every start until the file is fixed."""
    try:
        loaded.moved_to = moved_aside(directory / SETTINGS_NAME)
    except OSError as exc:  # left where it is: read, and told of, again at every start
        read_only = exc.errno in (errno.EACCES, errno.EROFS)
        loaded.unmoved = (
            "the folder is read-only" if read_only else f"it could not be moved aside ({exc.strerror or exc})"
        )
    if loaded.moved_to is not None:
        try:
            save_settings(directory, loaded.settings)
            loaded.kept = True
        except OSError as exc:
            loaded.unsaved = exc.strerror or str(exc)
    return loaded


def with_changes(saved: Settings, before: Settings, after: Settings) -> Settings:
    """``saved`` (the settings file's) with what changed from ``before`` to
    ``after`` (on the settings screen), and nothing else: a choice of the
    command line for one run (in ``before``, left as it was) is not made
    permanent.  The rules change option by option; a new preset brings its
    own options."""
    from ginrummy_tui.engine import PRESETS, Rules

    now, then = asdict(after), asdict(before)
    changes = {
        f.name: now[f.name]
        for f in fields(Settings)
        if f.name not in ("preset", "rule_options", "extra") and now[f.name] != then[f.name]
    }
    out = replace(saved, **changes)
    if after.preset == before.preset and after.rules == before.rules:
        return out
    preset = after.preset if after.preset != before.preset else saved.preset
    rules_now, rules_then = after.rules.option_values(), before.rules.option_values()
    changed = {
        f.name: rules_now[f.name]
        for f in fields(Rules)
        if f.name != "name" and rules_now[f.name] != rules_then[f.name]
    }
    start = saved.rules if preset == saved.preset else PRESETS[preset]
    try:
        rules = start.with_options(**changed)
    except ValueError:  # these options together are refused on this base: the form's rules, whole
        rules = after.rules
    return out.with_rules(rules, preset=preset)  # an option the rules do not use is not saved


class NewerSettings(OSError):
    """The settings file was written by a newer version of gin-tui: it is not
    written over (:func:`save_changes`); the message says which format."""


@dataclass
class SavedSettings:
    """What :func:`save_changes` wrote, and what became of the file it found."""

    settings: Settings
    """The settings written."""
    problems: list[str] = field(default_factory=list)
    """What was wrong with the file found there (empty when nothing was)."""
    moved_to: Path | None = None
    """Where that file went, set aside before the new one was written."""
    unreadable: bool = False
    """Nothing of it could be read (not JSON, not settings, not a file)."""

    def message(self) -> str | None:
        """What to say of the file found, before "Settings saved": where it went
        first, then why, as the start says it (:meth:`LoadedSettings.message`);
        None when it was fine."""
        if self.moved_to is None or not self.problems:
            return None
        reasons = "; ".join(self.problems)
        if self.unreadable:
            head, after = "Your settings file could not be used", "A new one holds the settings saved here"
        else:
            head = "Your settings file had problems"
            after = "A new one keeps your other settings"
            if not all(problem.startswith(RULES_PROBLEM) for problem in self.problems):
                after = "Defaults are used for those settings; a new one keeps your other settings"
        return f"{head}, and was moved to {self.moved_to}. {reasons[:1].upper()}{reasons[1:]}. {after}."


def save_changes(
    directory: Path, change: Callable[[Settings | None], Settings], themes: Collection[str] | None = None
) -> SavedSettings:
    """Write to ``settings.json`` in ``directory`` the settings ``change`` makes of
    those it holds now (None when it holds none that can be read), read just
    before, so that what another gin-tui saved there, or the player wrote by
    hand, since this one read the file is kept; returns what was written.  A
    file found with problems (not JSON, a bad value, not a file) is first moved
    aside, as at the start (:func:`load_settings`), its good values kept and
    the problems said (:meth:`SavedSettings.message`), never written over.
    Atomically, as :func:`save_settings` (raises ``OSError`` if it cannot:
    the file that may not be read too; :class:`NewerSettings` for a file of
    a newer version of gin-tui, left as it is for that version)."""
    read = _read_settings(directory, themes)
    now: Settings | None = None
    saved = SavedSettings(Settings())
    if read is not None:
        loaded, aside = read
        if loaded.newer is not None:
            raise NewerSettings(loaded.problems[0].removeprefix("it was "))
        if aside:
            saved.moved_to = moved_aside(Path(directory) / SETTINGS_NAME)
            saved.problems, saved.unreadable = loaded.problems, loaded.unreadable
        if not loaded.unreadable:
            now = loaded.settings
    saved.settings = change(now)
    save_settings(directory, saved.settings)
    return saved


def save_settings(directory: Path, settings: Settings) -> None:
    """Write ``settings.json`` atomically (raises ``OSError`` if it cannot).
    A settings file there that cannot be read is left as it is
    (:class:`~ginrummy_tui.storage.files.UnreadableFile`): what it holds
    would be lost."""
    path = Path(directory) / SETTINGS_NAME
    refuse_unreadable(path, follow=True)
    atomic_write_json(path, settings.to_dict())


def check_preset(name: str) -> None:
    """Raises ``ValueError`` naming the presets when ``name`` (``--rules``) is none of them."""
    from ginrummy_tui.engine import PRESETS

    if name not in PRESETS:
        raise ValueError(f"unknown rules preset {name!r}: choose one of {', '.join(PRESETS)}")


def apply_args(settings: Settings, args: Any) -> Settings:
    """``settings`` with the command line's choices for this run on top.
    Raises ``ValueError`` with a clear message for a bad value."""
    from ginrummy_tui.engine import PRESETS

    changes: dict[str, Any] = {}
    preset = getattr(args, "rules", None)
    if preset is not None:
        check_preset(preset)
        changes["preset"] = preset
        changes["rule_options"] = ()
    ai = getattr(args, "ai", None)
    if ai is not None:
        if ai not in LEVELS:
            raise ValueError(f"unknown opponent level {ai!r}: choose one of {', '.join(LEVELS)}")
        changes["ai"] = ai
    pause = getattr(args, "pause", None)
    if pause is not None:
        if not 0 <= pause <= MAX_PAUSE:
            raise ValueError(f"--pause must be between 0 and {MAX_PAUSE:g} seconds")
        changes["pause"] = float(pause)
    rule_texts = getattr(args, "rule", None) or []
    if rule_texts:
        base = replace(settings, **changes)
        options = dict(base.rule_options)
        given = parse_rule_options(rule_texts)
        options.update(given)
        try:
            rules = PRESETS[base.preset].with_options(**options)
        except ValueError as exc:
            raise ValueError(rule_refusal(str(exc), given)) from None
        unused = [name for name in rules.unused() if name in given]  # an option that would change nothing
        if unused:
            saved = dict(base.rule_options)
            raise ValueError("; ".join(
                _unused_refusal(name, rule_texts, given, base.preset, saved, preset) for name in unused
            ))
        changes["rule_options"] = in_force(base.preset, options)
    return apply_look(replace(settings, **changes), args)


def _given_text(texts: list[str], name: str, value: Any) -> str:
    """``--rule`` as the player gave option ``name`` among ``texts`` (the last time), e.g.
    "--rule big_gin=no"; "--rule name=value" when it is not among them."""
    asked = [t.strip() for t in texts if t.partition("=")[0].strip().replace("-", "_") == name]
    return f"--rule {asked[-1] if asked else f'{name}={value}'}"


def _unused_refusal(
    name: str, texts: list[str], given: dict[str, Any], preset: str, saved: dict[str, Any], chosen: str | None
) -> str:
    """Why ``--rule`` ``name`` is refused where the rules do not use it
    (:meth:`~ginrummy_tui.engine.Rules.unused`), and what to do instead: the option
    given (among ``texts``, as ``given`` reads them) would change nothing, and a match
    with it would be named and counted apart as one of changed rules.  ``preset``: the
    preset of the rules (``chosen``: with ``--rules``, else the settings file's, whose
    options changed from it are ``saved``)."""
    from ginrummy_tui.engine.rules import option_words

    def by(option: str, value: Any) -> str:  # what set the option that makes it unused: --rule, the settings, the preset
        if option in given:
            return _given_text(texts, option, given[option])
        if option in saved:
            return f"{option_words(option, value)} in your settings, F2"
        return f"{preset} rules"

    if name == "knock_limit":
        return _oklahoma_limit_refusal(texts, given, chosen)
    if name == "shutout":
        return (
            f"--rule shutout: shutout needs a game bonus: {preset} rules have none (game bonus 0), "
            "so there is nothing to double; add --rule game_bonus=N (classic has 100), or leave out --rule shutout"
        )
    asked = _given_text(texts, name, given[name])
    if name == "big_gin_bonus":
        return (
            f"{asked}: Big Gin is not allowed ({by('big_gin', False)}), so no hand scores its bonus; "
            "leave out --rule big_gin_bonus, or add --rule big_gin=yes to allow Big Gin"
        )
    words = "the undercut bonus" if name == "undercut_bonus" else "whether a tie is an undercut"
    return (
        f"{asked}: knocking is not allowed ({by('knock_limit', 0)}), only gin ends a hand and gin is never "
        f"undercut, so {words} changes nothing; leave out --rule {name}, or give a knock limit above 0"
    )


def _oklahoma_limit_refusal(texts: list[str], given: dict[str, Any], preset: str | None) -> str:
    """Why ``--rule knock_limit`` is refused with Oklahoma on (by ``--rule
    oklahoma=...`` among ``texts``, ``--rules`` ``preset`` or the settings file),
    and what to do instead."""
    limit = given["knock_limit"]
    if given.get("oklahoma") is True:
        asked = [t.strip() for t in texts if t.partition("=")[0].strip().replace("-", "_") == "oklahoma"]
        by = f"--rule {asked[-1] if asked else 'oklahoma=true'}"
    elif preset is not None:
        by = f"--rules {preset}"
    else:
        by = "on in your settings, F2"
    return (
        f"--rule knock_limit={limit} does not go with Oklahoma ({by}): each hand's first upcard "
        "sets the knock limit there; leave out --rule knock_limit, or add --rule oklahoma=false "
        f"to play with a knock limit of {limit}"
    )


def check_theme(name: str) -> None:
    """Raises ``ValueError`` when ``name`` (``--theme``) names nothing: one given, however
    long, is left to the check that names the themes there are
    (:func:`ginrummy_tui.cli.play.refuse_theme`), not said to be missing."""
    if not name:
        raise ValueError("--theme needs a theme name")


def apply_look(settings: Settings, args: Any) -> Settings:
    """``settings`` with the command line's display choices for this run on
    top (``--theme``, ``--ascii``, ``--no-mouse``): those of every game in the
    terminal, against the computer or over the network.  ``ascii_for`` (the
    terminal's encoding, set by ``gin-tui`` where it cannot write the suits and
    lines) asks for ASCII as ``--ascii`` does, for this run.  Raises ``ValueError``
    with a clear message for a bad value."""
    changes: dict[str, Any] = {}
    theme = getattr(args, "theme", None)
    if theme is not None:
        check_theme(theme)
        changes["theme"] = theme
    if getattr(args, "ascii", None) or getattr(args, "ascii_for", None):  # ascii_for: a terminal that cannot show the suits
        changes["ascii"] = True
    if getattr(args, "no_mouse", None):
        changes["mouse"] = False
    return replace(settings, **changes)


def timer_seconds(text: str, words: bool = True) -> int | None:
    """A move timer as the player gives it (``--rule timer=``, the settings
    screen): whole seconds, 1 to :data:`~ginrummy_tui.engine.rules.MAX_TIMER`;
    0 (or, with ``words``, none or off): no timer (None).  Nothing given is
    refused, as any other number left empty is.  Raises ``ValueError`` saying
    what it takes, in the same words wherever it is given (the settings
    screen's field takes digits only: ``words`` false, and "none" is not offered)."""
    from ginrummy_tui.engine.rules import MAX_TIMER

    given = text.strip()
    if words and given.lower() in ("none", "off"):
        return None
    seconds = whole_number(given)
    if seconds is None or not 0 <= seconds <= MAX_TIMER:
        off = "0 or none" if words else "0"
        said = said_value(given) if seconds is None else str(seconds)  # a number said as a number, as a rule's
        raise ValueError(f"must be 1 to {MAX_TIMER:,} seconds, or {off} for no timer (not {said})")
    return seconds or None


LONGEST_SAID = 24
"""The most digits of a whole number said whole in a refusal (a longer one is a :class:`LongNumber`)."""
SAID_DIGITS = 20
"""The digits of a number too long to be said whole that a refusal says (:class:`LongNumber`)."""


class LongNumber(int):
    """A whole number given with more than :data:`LONGEST_SAID` digits (``--hand``, ``--rule
    target=``...): far above anything an option takes, it is said by its first digits and
    how many there are, where a refusal says it ("must be at most 10000 points (not
    99999999999999999999… (5,000 digits))"), not whole (nor refused by ``int``, which
    reads 4,300 digits at most, as "Exceeds the limit (4300 digits)").  Its value is
    of its size (a power of ten), which is all a bound's check needs."""

    said: str

    def __new__(cls, sign: str, digits: str) -> LongNumber:
        number = super().__new__(cls, (-1 if sign == "-" else 1) * 10 ** (len(digits) - 1))
        number.said = f"{sign if sign == '-' else ''}{digits[:SAID_DIGITS]}… ({len(digits):,} digits)"
        return number

    def __str__(self) -> str:
        return self.said

    __repr__ = __str__


def whole_number(text: str) -> int | None:
    """``text`` as a whole number, as ``int`` reads it (" 7", "+7", "1_000"), a
    :class:`LongNumber` when it has more than :data:`LONGEST_SAID` digits (leading
    zeros left out); None when it is none."""
    body = text.strip()
    sign = body[:1] if body[:1] in ("+", "-") else ""
    if body[len(sign):].isdecimal():
        digits = body[len(sign):].lstrip("0")
        return LongNumber(sign, digits) if len(digits) > LONGEST_SAID else int(sign + (digits or "0"))
    try:
        return int(text)
    except ValueError:
        return None


def said_value(text: str, most: int = 24) -> str:
    """``text`` quoted in a refusal: whole when short, else its start and how long it
    is (as :func:`ginrummy_tui.cli.shown_value` quotes an option's value)."""
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}… ({len(text):,} characters)"


def rule_refusal(problems: str, given: dict[str, Any]) -> str:
    """The rules' refusal of ``--rule`` options (``problems``, "knock_limit must be between 0 and
    10 (not 11)", several joined by "; "), each said as the option's other refusals are: "--rule
    knock_limit: must be between 0 and 10 (not 11)" (it read "--rule: knock_limit must be ...",
    beside "--rule knock_limit: a whole number, not 'abc'")."""
    said = []
    for problem in problems.split("; "):
        name, _, rest = problem.partition(" ")
        said.append(f"--rule {name}: {rest}" if name in given and rest else f"--rule: {problem}")
    return "; ".join(said)


def parse_rule_options(texts: list[str]) -> dict[str, Any]:
    """``["knock_limit=7", "big_gin=yes", "timer=none"]`` as rule options.
    Raises ``ValueError`` naming the bad one."""
    from ginrummy_tui.engine import Rules

    kinds = {f.name: f for f in fields(Rules) if f.name != "name"}
    defaults = Rules().option_values()
    out: dict[str, Any] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        name = name.strip().replace("-", "_")
        raw = raw.strip()
        if not sep or not name:
            raise ValueError(f"--rule {text.strip() or repr(text)}: write it as OPTION=VALUE, e.g. knock_limit=7")
        if name not in kinds:
            raise ValueError(f"--rule {name}: unknown rule option (options: {', '.join(kinds)})")
        default = defaults[name]
        low = raw.lower()
        if name == "timer":
            try:
                value: Any = timer_seconds(raw)
            except ValueError as exc:
                raise ValueError(f"--rule timer: {exc}") from None
        elif isinstance(default, bool):
            if low in ("yes", "true", "on", "1"):
                value = True
            elif low in ("no", "false", "off", "0"):
                value = False
            else:
                raise ValueError(f"--rule {name}: must be yes or no (not {said_value(raw)})")
        elif isinstance(default, str):
            value = raw
        else:
            value = whole_number(raw)  # a long one is said cut short by the rules' refusal of it
            if value is None:
                raise ValueError(f"--rule {name}: must be a whole number (not {said_value(raw)})")
        out[name] = value
    return out


# ---------------------------------------------------------------- for the settings screen

RULE_OPTION_HELP: tuple[tuple[str, str], ...] = (
    ("knock_limit", "Knock limit (deadwood)"),
    ("gin_bonus", "Gin bonus"),
    ("undercut_bonus", "Undercut bonus"),
    ("tie_is_undercut", "A tie is an undercut"),
    ("big_gin", "Big Gin allowed"),
    ("big_gin_bonus", "Big Gin bonus"),
    ("target", "Target score"),
    ("upcard_offer", "Upcard offer first"),
    ("next_dealer", "Who deals next"),
    ("box_bonus", "Box bonus (per hand won)"),
    ("game_bonus", "Game bonus (match winner)"),
    ("shutout", "Shutout: game bonus twice"),
    ("oklahoma", "Oklahoma (upcard = limit)"),
    ("void_stock", "Void: stock down to"),
    ("timer", "Move timer, s (0: none)"),
)
"""The single rule options the settings screen offers, with their labels."""
