import atexit
import os
import shutil
import tempfile

import pytest

from ginrummy_tui.storage.files import ENV_HOME

# Snapshot and app tests must not depend on the developer's terminal settings.
# (The snapshot plugin's own TEXTUAL_SNAPSHOT_* variables stay: with ``-n`` the
# test processes find the run's snapshot directory through them.)
for _var in list(os.environ):
    if _var.startswith("TEXTUAL_SNAPSHOT_"):
        continue
    if _var.startswith("TEXTUAL_") or _var in ("NO_COLOR", "COLORTERM", "FORCE_COLOR"):
        del os.environ[_var]

# Nor on the files of the user running them: every test process gets its own
# empty data, settings, state and cache directories (a settings file left by
# playing on this machine had changed what the settings screen said), and
# GIN_TUI_HOME, which would take the place of them all, is not followed.
USER_DIRS = (
    ("XDG_DATA_HOME", "data"),
    ("XDG_CONFIG_HOME", "config"),
    ("XDG_STATE_HOME", "state"),
    ("XDG_CACHE_HOME", "cache"),
)
_HOME = tempfile.mkdtemp(prefix="gin-tui-tests-")
atexit.register(shutil.rmtree, _HOME, True)
for _var, _sub in USER_DIRS:
    os.environ[_var] = os.path.join(_HOME, _sub)
os.environ.pop(ENV_HOME, None)


@pytest.fixture(autouse=True)
def own_user_dirs(tmp_path_factory, monkeypatch):
    """Each test has directories of its own, too: settings saved in the default
    place by one test are not what the next one finds there."""
    home = tmp_path_factory.mktemp("gin-tui-tests-")
    for var, sub in USER_DIRS:
        monkeypatch.setenv(var, str(home / sub))

# The game refuses a terminal that cannot show it (TERM=dumb, as in some
# editors' shells): the tests that start it as if in a terminal need one.
if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
    os.environ["TERM"] = "xterm"


@pytest.fixture
def unreadable(monkeypatch):
    """``unreadable(path)``: the file at ``path`` made writable but not readable
    (mode 0200), and seen so by this process even when it runs as root (who
    reads any file): opening it for reading raises the ``PermissionError`` the
    system gives another user, and ``os.access`` says it may not be read.
    What the program does with that error is its own code's, unchanged.
    ``unreadable.read_bytes(path)`` gives what the file holds, for any user."""
    import errno

    denied: set[str] = set()
    real_open, real_access = os.open, os.access

    def is_denied(path) -> bool:
        try:
            return os.path.realpath(os.fspath(path)) in denied
        except TypeError:  # a descriptor
            return False

    def fake_open(path, flags, mode=0o777, *, dir_fd=None):
        if dir_fd is None and is_denied(path) and (flags & os.O_ACCMODE) != os.O_WRONLY:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
        return real_open(path, flags, mode, dir_fd=dir_fd)

    def fake_access(path, mode, **kw):
        if is_denied(path) and mode & os.R_OK:
            return False
        return real_access(path, mode, **kw)

    monkeypatch.setattr(os, "open", fake_open)
    monkeypatch.setattr(os, "access", fake_access)

    class Deny:
        def __call__(self, path) -> None:
            os.chmod(path, 0o200)
            denied.add(os.path.realpath(os.fspath(path)))

        def read_bytes(self, path) -> bytes:
            """What the file holds, for a test to check it is unchanged: read
            with its mode put back for a moment, as any user may then read it
            (a user other than root may not read a file at 0200)."""
            mode = os.stat(path).st_mode & 0o7777
            os.chmod(path, 0o600)
            try:
                with open(path, "rb") as file:
                    return file.read()
            finally:
                os.chmod(path, mode)

    return Deny()


@pytest.fixture(autouse=True)
def unicode_output(monkeypatch):
    """The command line's messages as without --ascii, whatever a test before
    this one in the same process ran with."""
    from ginrummy_tui.cli import Output

    monkeypatch.setattr(Output, "ascii_only", False)


@pytest.fixture(autouse=True)
def no_end_guard(monkeypatch):
    """The game run from its command line in the test's process takes ⏎ on the end of a hand
    at once, as the app the tests make does: the tests press keys as soon as a screen is up
    (the guard is tested with ``make_app(end_guard=...)``)."""
    from ginrummy_tui.cli import play

    monkeypatch.setattr(play, "END_GUARD", 0.0)


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: three test processes a core.  Most tests of the app spend their time
    waiting on its timers and on processes they start (the host, a terminal), not on
    the processor: on 2 cores the whole suite took 587 s with 2 processes and 462 s
    with 4, side by side on the same machine; later, with two games played beside it,
    562 s with 4 and 496 s with 6."""
    return 3 * (os.cpu_count() or 1)


def pytest_collection_finish(session):
    """What each test process holds once its tests are collected (the modules, the
    tests and their parameters) is kept out of the collector's rounds: a full round
    walked it all again for every app a test made and let go."""
    import gc

    gc.collect()
    gc.freeze()


@pytest.fixture(autouse=True, scope="session")
def styles_parsed_once():
    """Each app parses its style sheets again (Textual keeps what it parsed per app), and
    the tests make an app each: a sheet with the same text, the same theme variables and
    the same place is parsed once a test process.  What a parse gives depends on nothing
    else, and the rules it gives are not changed once made."""
    from textual.css.stylesheet import Stylesheet

    parse = Stylesheet._parse_rules
    parsed: dict[tuple, list] = {}

    def parse_once(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(self._variables.items())))
        rules = parsed.get(key)
        if rules is None:
            rules = parsed[key] = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
        return rules

    Stylesheet._parse_rules = parse_once
    yield
    Stylesheet._parse_rules = parse


def _unpainted_refresh(screen) -> None:
    """A headless app's refresh of the screen on top: the layout is done (before this), the
    frame is not drawn, as its driver would throw it away; what is to be drawn is drawn by
    whoever reads the screen (``screen_text``, a screenshot), the whole screen at once."""
    app = screen.app
    screen._compositor._dirty_regions.clear()
    screen._dirty_widgets.clear()
    app._update_mouse_over(screen)


@pytest.fixture(autouse=True)
def frames_drawn_when_read(request, monkeypatch):
    """The apps the tests run headless do not draw the frames nobody sees (a third of the
    processor time of the tests of the table's sizes went to drawing them).  Each app still
    draws its whole screen once as the test lets it go, so that a screen that cannot be drawn
    fails the test; a test marked ``paints`` (the random keys of ``test_monkey``) draws every
    frame, as in a terminal."""
    if request.node.get_closest_marker("paints"):
        return
    from textual.app import App
    from textual.screen import Screen

    refresh = Screen._compositor_refresh
    shutdown = App._shutdown

    def compositor_refresh(self) -> None:
        app = self.app
        if app.is_headless and not app.is_inline and self is app.screen:
            _unpainted_refresh(self)
        else:
            refresh(self)

    async def shutdown_drawn(self) -> None:
        error: Exception | None = None
        if self.is_headless and self._running and self.screen_stack:
            try:
                self.screen._compositor.render_update(full=True, screen_stack=self._background_screens)
            except Exception as exc:  # the app is let go all the same, then the test fails
                error = exc
        await shutdown(self)
        if error is not None:
            raise error

    monkeypatch.setattr(Screen, "_compositor_refresh", compositor_refresh)
    monkeypatch.setattr(App, "_shutdown", shutdown_drawn)
