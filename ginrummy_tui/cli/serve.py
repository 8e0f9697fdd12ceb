"""``gin-tui serve``: the same game in a web browser, through textual-serve.

Each browser tab that opens the page gets its own game: textual-serve starts
one process per connection, and that process (``python -m ginrummy_tui.cli.serve
--tab ...``) plays a fresh match in a temporary data directory that it
removes when the tab closes, so tabs never share or overwrite a save.

textual-serve is an optional extra (``pip install -e '.[web]'`` from the
checkout, or ``pip install textual-serve`` into the game's environment); it is
imported only when the command runs.  Only the standard library is imported
at module level, since the command-line parser imports this module at
start-up.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable
from typing import Protocol

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
TITLE = "gin-tui: Gin Rummy"
"""The page title (what a browser tab shows)."""
INSTALL_HINT = "pip install -e '.[web]'"
"""How the README installs the extra, from the checkout (gin-tui is not on the package index)."""
TAB_FLAG = "--tab"
TAB_DRIVER = "ginrummy_tui.tui.tab_driver:TabDriver"
"""The Textual driver of a tab (textual-serve names Textual's own web driver, whose first
size could reach the game after the browser's)."""

TAB_END_SECONDS = 10.0
"""How long stopping the server waits for the open tabs' games to end (a game ends within
a few seconds of its tab closing, whatever it was doing)."""

_FORWARDED = ("ai", "rules", "rule", "seed", "hand", "dealer", "pause", "theme", "ascii", "no_mouse")
"""The game's options passed on to the game of every tab (their names in the parsed arguments)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``gin-tui serve``.  The game's options given after
    ``serve`` land where those given before it do (the ones after win), but
    ``--rule``, which adds up: before ``serve`` and after it, every one counts."""
    from ginrummy_tui.cli import PAUSE_RANGE, THEMES, hand_number, pause_seconds, seed_number, served_port

    parser.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS", help=f"address to listen on (default {DEFAULT_HOST})")
    parser.add_argument(
        "--port", type=served_port, default=DEFAULT_PORT, metavar="PORT", help=f"port to listen on, 1-65535 (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--public-url", default=None, metavar="URL", help="the address browsers use, when behind a proxy"
    )
    parser.add_argument("--log", action="store_true",
                        help="print a line on standard error for each request served (pages, files, tabs)")
    parser.add_argument("--ai", choices=("easy", "standard", "expert", "master"), default=argparse.SUPPRESS,
                        help="the computer's level in every tab (default standard)")
    parser.add_argument("--rules", metavar="PRESET", default=argparse.SUPPRESS,
                        help="rules preset for every tab: standard, multiplayer-1.5, classic, oklahoma (default standard)")
    # its own name: argparse would put the ones after 'serve' in the place of those before it
    parser.add_argument("--rule", action="append", dest="serve_rule", default=argparse.SUPPRESS, metavar="OPTION=VALUE",
                        help="change one rule option of the preset in every tab, e.g. --rule knock_limit=7 (repeatable)")
    parser.add_argument("--seed", type=seed_number, default=argparse.SUPPRESS, metavar="N", help="seed for every tab's deal")
    parser.add_argument("--hand", type=hand_number, default=argparse.SUPPRESS, metavar="K",
                        help="with --seed: every tab plays hand K of that match's deals")
    parser.add_argument("--dealer", choices=("you", "computer"), default=argparse.SUPPRESS,
                        help="with --hand: who deals hand K in every tab")
    parser.add_argument("--pause", type=pause_seconds, default=argparse.SUPPRESS, metavar="SECONDS",
                        help=f"pause after each computer move in every tab, {PAUSE_RANGE} (default 0.6 s)")
    parser.add_argument("--theme", default=argparse.SUPPRESS, metavar="NAME",
                        help=f"the colours of every tab, one of {THEMES}")
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help="draw every tab in ASCII alone: cards (suits S H D C), lines, signs")
    parser.add_argument("--no-mouse", action="store_true", default=argparse.SUPPRESS, help="every tab ignores the mouse")
    parser.epilog = ("The game's options work before 'serve' as after it. They are checked as the game checks "
                     "them before anything is served, and every tab is started with them.")


def is_loopback(host: str) -> bool:
    """True for addresses only this machine can reach (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def public_host(host: str) -> str:
    """The host name to put in the page's links for a listening address."""
    if host in ("0.0.0.0", "::", ""):
        import socket

        return socket.gethostname()
    return f"[{host}]" if ":" in host else host


def _tab_options(args: argparse.Namespace) -> dict[str, object]:
    """The game options every tab is started with, by their names in the
    parsed arguments: those given before ``serve`` and after it (``--rule``:
    the ones before, then the ones after)."""
    given = vars(args)
    rules = [*(given.get("rule") or []), *given.get("serve_rule", [])]
    options: dict[str, object] = {}
    for name in _FORWARDED:
        value = rules or None if name == "rule" else given.get(name)
        if value is not None and value is not False:  # not given (0 is a value given)
            options[name] = value
    return options


def tab_command(args: argparse.Namespace | None = None) -> str:
    """The shell command textual-serve runs for each browser tab."""
    parts = [sys.executable, "-m", "ginrummy_tui.cli.serve", TAB_FLAG]
    if args is not None:
        for name, value in _tab_options(args).items():
            option = "--" + name.replace("_", "-")
            if value is True:  # --ascii, --no-mouse
                parts.append(option)
            elif isinstance(value, list):  # --rule, once for each
                for each in value:
                    parts += [option, str(each)]
            else:
                parts += [option, str(value)]
    return shlex.join(parts)


def _refused_by_the_game(args: argparse.Namespace) -> str | None:
    """Why the game would refuse the options each tab is started with (an
    unknown rules preset, a bad ``--rule``, a theme there is not...), as
    ``gin-tui`` itself says it; None if it would not."""
    from ginrummy_tui.cli.play import check_game_options

    try:
        check_game_options(argparse.Namespace(**{**dict.fromkeys(_FORWARDED), **_tab_options(args)}))
    except ValueError as exc:
        return str(exc)
    return None


def _web_address(url: str) -> bool:
    """Whether ``url`` is an address a browser opens: http or https, with a host."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
    except ValueError:  # a malformed address ("http://[::1")
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def run(args: argparse.Namespace) -> int:
    """Serve the game until Ctrl+C; 2 when textual-serve is missing or the options are wrong."""
    from ginrummy_tui.cli import address, listen_problem, say

    refused = _refused_by_the_game(args)
    if refused:
        say(f"gin-tui serve: {refused}", file=sys.stderr)
        return 2
    if not args.host.strip():  # '' would listen on every address: say which is meant, as gin-tui host does
        say("gin-tui serve: --host needs an address: 127.0.0.1 (this machine only), 0.0.0.0 (every IPv4 address) "
            "or :: (every IPv6 address)", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:  # as --port takes it (served_port): the browser is told the port
        say(f"gin-tui serve: error: not a port number (1-65535): {args.port}; see gin-tui serve --help", file=sys.stderr)
        return 2
    host = args.host
    public = args.public_url
    if public is not None and not _web_address(public):  # the browser is sent there: "open notaurl" helped nobody
        say(f"gin-tui serve: error: --public-url wants the address browsers open, like https://example.org/gin, "
            f"not {public!r}; see gin-tui serve --help", file=sys.stderr)
        return 2
    if public is None:
        public = f"http://{public_host(host)}:{args.port}"
    try:
        server = _server(tab_command(args), host, args.port, public,
                         lambda: _say_served(host, args.port, public, guessed=args.public_url is None),
                         log=args.log)
    except ImportError:
        say(
            "gin-tui serve needs textual-serve, which is not installed.\n"
            f"Install it into this environment with:  {shlex.quote(sys.executable)} -m pip install textual-serve\n"
            f"(or, from the gin-tui checkout:  {INSTALL_HINT})",
            file=sys.stderr,
        )
        return 2
    try:
        server.serve()
    except OSError as exc:
        problem = listen_problem(exc, "serve", "--host", any_port=False)
        say(f"gin-tui serve: cannot listen on {address(host, args.port)}: {problem}", file=sys.stderr)
        return 1
    return stopped_status(server.stopped_by)


def stopped_status(signum: int | None) -> int:
    """The exit status of ``gin-tui serve`` stopped by the signal ``signum`` (said in a line):
    :data:`~ginrummy_tui.cli.CTRL_C_STATUS` for Ctrl+C, as ``sim``, ``join`` and ``host
    --server-only`` end on it (it ended with 0), 128 + its number for another (143 for
    SIGTERM), as ``host --server-only`` does; 0 when it stopped by itself."""
    import signal

    from ginrummy_tui.cli import say, stopped

    if signum is None:
        return 0
    if signum == signal.SIGINT:
        return stopped("gin-tui serve")
    say(f"gin-tui serve: stopped ({signal.Signals(signum).name}).", file=sys.stderr)
    return 128 + signum


def _say_served(host: str, port: int, public: str, *, guessed: bool) -> None:
    """What the player is told once the port is listening (never before: on a
    port in use, the error alone): the warnings, then the address to open."""
    from ginrummy_tui.cli import address, say

    say(
        "gin-tui serve: warning: there is no authentication; anyone who can reach "
        f"{address(host, port)} can play (and each tab starts a process on this machine).",
        file=sys.stderr,
    )
    if not is_loopback(host):
        say(
            f"gin-tui serve: warning: listening on {host}, not only on this machine (loopback is {DEFAULT_HOST}).",
            file=sys.stderr,
        )
    if guessed and host in ("0.0.0.0", "::", ""):
        say(
            f"gin-tui serve: browsers will be sent to {public}; if other machines know this one by "
            "another name, give it with --public-url.",
            file=sys.stderr,
            keep=(public,),
        )
    say(f"gin-tui serve: open {public} in a browser: each tab plays a match of its own. "
        "Ctrl+C stops serving.", flush=True, keep=(public,))


class _Serving(Protocol):
    stopped_by: int | None
    """The signal that stopped serving (SIGINT for Ctrl+C), None before one came."""

    def serve(self) -> None: ...


FOCUS_SCRIPT = """    <script>
      // textual-serve's script makes the terminal as the page loads (window.onload, set before
      // this): give it the keys, which went nowhere until the player clicked the page.
      window.addEventListener("load", () => document.querySelector(".textual-terminal textarea")?.focus());
    </script>"""
"""What the page runs once loaded so that the keys typed reach the game at once."""

ACCESS_LOG_FORMAT = '%a "%r" %s'
"""A request in ``gin-tui serve --log``'s lines: who asked, what, and the answer's status."""


def _server(command: str, host: str, port: int, public: str, listening: Callable[[], None], *,
            log: bool = False) -> _Serving:
    """textual-serve's server of ``command``, calling ``listening`` once the
    port listens, and printing nothing of its own (textual-serve printed its
    banner, naming the command each tab runs, before binding: on a port in
    use, with the other server's address, before the error); nor a line for
    each request unless ``log`` (textual-serve printed several, of two lines
    each, for every page opened, burying what the player is told)."""
    import asyncio
    import html
    import logging
    import signal

    from aiohttp import web
    from textual_serve.server import Server

    class Served(Server):
        stopped_by: int | None = None
        tabs: set[asyncio.Task[object]]
        """The tasks of the open tabs, each serving one tab's socket while its game runs."""

        def stop_on(self, signum: int) -> None:
            """Stop serving, on the signal ``signum`` (kept: the exit status says it)."""
            self.stopped_by = signum
            self.request_exit()

        async def on_startup(self, app: web.Application) -> None:
            """Nothing: the port is not listening yet."""

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            """A tab, kept among the open ones while it plays (see :meth:`on_shutdown`)."""
            task = asyncio.current_task()
            assert task is not None
            self.tabs.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                self.tabs.discard(task)

        async def on_shutdown(self, app: web.Application) -> None:
            """End every open tab: its game told to quit (the tab closed, for the game) and
            waited for, then its socket closed, which the page shows as the session ended.
            The web server alone waited for the browsers to close their tabs, the games
            running on, before it stopped."""
            for task in self.tabs:
                task.cancel()  # textual-serve's tab, cancelled, ends its game and closes its socket
            if self.tabs:
                await asyncio.wait(self.tabs, timeout=TAB_END_SECONDS)

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            """textual-serve's page, with a title (it had none: a browser's tab showed the address),
            no icon to fetch (the browser asked for /favicon.ico, which the server has not), and
            the keys given to the game as it loads (see :data:`FOCUS_SCRIPT`)."""
            page = await super().handle_index(request)
            if isinstance(page, web.Response) and page.text is not None and "<title>" not in page.text:
                page.text = page.text.replace(
                    "<head>", f'<head>\n    <title>{html.escape(TITLE)}</title>\n    <link rel="icon" href="data:," />', 1)
                page.text = page.text.replace("</body>", f"{FOCUS_SCRIPT}\n  </body>", 1)
            return page

        def serve(self, debug: bool = False) -> None:
            """As textual-serve serves, but telling the player once the port listens."""
            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            for number in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(number, self.stop_on, number)
            web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False, loop=loop,
                        print=lambda *_: listening(), access_log=_access_log() if log else None,
                        access_log_format=ACCESS_LOG_FORMAT)

    def _access_log() -> logging.Logger:
        """The logger of the requests, a line each on standard error."""
        logger = logging.getLogger("ginrummy_tui.serve.access")
        if not logger.handlers:
            handler = logging.StreamHandler(sys.stderr)
            handler.setFormatter(logging.Formatter("gin-tui serve: %(message)s"))
            logger.addHandler(handler)
            logger.setLevel(logging.INFO)
            logger.propagate = False  # not through textual-serve's handler, two lines a request
        return logger

    served = Served(command, host=host, port=port, title=TITLE, public_url=public)
    served.tabs = set()
    return served


def _tab_main(argv: list[str]) -> int:
    """One browser tab: a new match in a temporary data directory, removed at the end."""
    home = tempfile.mkdtemp(prefix="gin-tui-tab-")
    try:
        from ginrummy_tui.cli import main
        from ginrummy_tui.cli.play import GIVING_UP

        GIVING_UP.append(lambda: shutil.rmtree(home, ignore_errors=True))  # a tab that could not close

        return main([*argv, "--new", "--data-dir", home])
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _tab_environment() -> None:
    """The environment of a tab's game, set before Textual is imported (it reads
    ``TEXTUAL_DRIVER`` once): drawn in the browser, through the tab's driver."""
    os.environ.setdefault("GIN_TUI_WEB", "1")
    os.environ["TEXTUAL_DRIVER"] = TAB_DRIVER


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == TAB_FLAG:
        _tab_environment()
        raise SystemExit(_tab_main(sys.argv[2:]))
    print("usage: gin-tui serve [--host HOST] [--port PORT]", file=sys.stderr)
    raise SystemExit(2)
