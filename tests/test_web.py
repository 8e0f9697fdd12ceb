"""``gin-tui serve``: the game in a browser through textual-serve."""

import argparse
import ast
import asyncio
import contextlib
import os
import pathlib
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

from ginrummy_tui.cli import serve as web

ROOT = pathlib.Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_web_module_imports_only_the_standard_library_at_top_level():
    tree = ast.parse((ROOT / "ginrummy_tui" / "cli" / "serve.py").read_text(encoding="utf-8"))
    for node in tree.body:
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        for name in names:
            top = name.split(".")[0]
            assert top == "__future__" or top in sys.stdlib_module_names, name


def test_without_textual_serve_it_says_how_to_install_it(monkeypatch, capsys):
    from ginrummy_tui.cli import main

    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve", "--port", "8123"]) == 2
    err = capsys.readouterr().err
    # what works: gin-tui is not on the package index, so "pip install 'gin-tui[web]'" failed
    assert "gin-tui[web]" not in err
    assert f"{shlex.quote(sys.executable)} -m pip install textual-serve" in err  # into this environment
    assert "from the gin-tui checkout:  pip install -e '.[web]'" in err  # as the README says


def _fake_server(monkeypatch) -> list[dict]:
    """textual-serve's server, standing in: the arguments of each one made (none serves)."""
    served: list[dict] = []

    class Server:
        def __init__(self, *args, **kwargs):
            served.append(kwargs)

        def serve(self):
            pass

    fake = type(sys)("textual_serve.server")
    fake.Server = Server
    monkeypatch.setitem(sys.modules, "textual_serve", type(sys)("textual_serve"))
    monkeypatch.setitem(sys.modules, "textual_serve.server", fake)
    return served


@pytest.mark.parametrize("host", ["", " "])
def test_serve_refuses_an_empty_host_naming_the_addresses_to_use(monkeypatch, capsys, host):
    """gin-tui serve --host '' listened on every address, warning "listening on , not only
    on this machine"."""
    from ginrummy_tui.cli import main

    served = _fake_server(monkeypatch)
    assert main(["serve", "--host", host, "--port", "8123"]) == 2
    assert not served
    assert capsys.readouterr().err == (
        "gin-tui serve: --host needs an address: 127.0.0.1 (this machine only), 0.0.0.0 (every IPv4 address) "
        "or :: (every IPv6 address)\n"
    )


@pytest.mark.parametrize("url", ["notaurl", "example.org", "ftp://example.org/", "http://", "http://[::1"])
def test_serve_refuses_a_public_url_no_browser_opens(monkeypatch, capsys, url):
    """gin-tui serve --public-url notaurl served, saying "open notaurl in a browser"."""
    from ginrummy_tui.cli import main

    served = _fake_server(monkeypatch)
    assert main(["serve", "--public-url", url, "--port", "8123"]) == 2
    assert not served
    assert capsys.readouterr().err == (
        f"gin-tui serve: error: --public-url wants the address browsers open, like https://example.org/gin, "
        f"not {url!r}; see gin-tui serve --help\n"
    )
    assert web._web_address("https://example.org/gin/") and web._web_address("http://[::1]:8000")


def test_options_and_the_command_each_tab_runs():
    from ginrummy_tui.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    args = build_parser().parse_args(["serve", "--host", "::1", "--port", "9000", "--ai", "expert", "--seed", "4"])
    cmd = web.tab_command(args)
    assert cmd.startswith(f"{sys.executable} -m ginrummy_tui.cli.serve --tab")
    assert "--ai expert" in cmd and "--seed 4" in cmd
    assert web.is_loopback("127.0.0.1") and web.is_loopback("::1") and web.is_loopback("localhost")
    assert not web.is_loopback("0.0.0.0") and not web.is_loopback("192.168.1.2")
    assert web.public_host("127.0.0.1") == "127.0.0.1" and web.public_host("::1") == "[::1]"
    assert web.public_host("0.0.0.0") == socket.gethostname()
    bad = argparse.Namespace(host="127.0.0.1", port=0, public_url=None)
    assert web.run(bad) == 2


@pytest.mark.parametrize(
    "argv, says",
    [
        (["serve", "--rules", "nope", "--port", "8123"], "unknown rules preset 'nope': choose one of standard, "),
        (["--rules", "nope", "serve", "--port", "8123"], "unknown rules preset 'nope': choose one of standard, "),
        (["serve", "--rule", "knock_limit=99"], "--rule knock_limit: must be between 0 and 10 (not 99)"),
        (["--rules", "oklahoma", "serve", "--rule", "knock_limit=5"], "--rule knock_limit=5 does not go with Oklahoma"),
        (["--rule", "bogus=1", "serve"], "--rule bogus: unknown rule option (options: knock_limit, "),
        (["serve", "--theme", "nosuch"], "unknown theme 'nosuch': choose one of "),
        (["--theme", "", "serve"], "--theme needs a theme name"),
    ],
)
def test_a_game_option_every_tab_would_refuse_is_refused_before_serving(argv, says, monkeypatch, capsys):
    """Serving started, and each tab then failed on the unknown preset."""
    from textual_serve import server

    from ginrummy_tui.cli import main

    def no_server(*args, **kwargs):
        raise AssertionError("it started serving")

    monkeypatch.setattr(server, "Server", no_server)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gin-tui serve: {says}") and len(err.splitlines()) == 1, err


def test_a_pause_every_tab_would_refuse_is_refused_by_the_parser_before_serving(monkeypatch, capsys):
    from textual_serve import server

    from ginrummy_tui.cli import main

    def no_server(*args, **kwargs):
        raise AssertionError("it started serving")

    monkeypatch.setattr(server, "Server", no_server)
    with pytest.raises(SystemExit) as info:
        main(["--pause", "-1", "serve", "--port", "8123"])
    err = capsys.readouterr().err
    assert info.value.code == 2 and err == (
        "gin-tui serve: error: argument --pause: must be between 0 and 10 seconds, got -1; see gin-tui serve --help\n"
    )


TAB_OPTIONS = ["--rules", "classic", "--rule", "knock_limit=7", "--rule", "target=50", "--seed", "3", "--hand", "2",
               "--pause", "0.25", "--theme", "nord", "--ascii", "--no-mouse"]
"""Every game option ``gin-tui serve`` passes on to its tabs (but --ai), as the game takes them."""


def _tab_argv(argv: list[str]) -> list[str]:
    """What each tab's game is started with, for ``gin-tui`` with ``argv``."""
    from ginrummy_tui.cli import parse_command_line

    parts = shlex.split(web.tab_command(parse_command_line(argv)))
    return parts[parts.index(web.TAB_FLAG) + 1 :]


@pytest.mark.parametrize(
    "argv",
    [
        ["serve", "--ai", "easy", *TAB_OPTIONS],
        ["--ai", "easy", *TAB_OPTIONS, "serve"],
        ["--rules", "classic", "--rule", "knock_limit=7", "--seed", "3", "--pause", "0.25", "--ascii", "serve",
         "--rule", "target=50", "--hand", "2", "--theme", "nord", "--no-mouse", "--ai", "easy"],
    ],
)
def test_every_tab_is_started_with_the_game_options_given_before_serve_or_after_it(argv):
    """--rule, --theme, --ascii and --no-mouse were refused ("the browser tabs
    are not started with it"), and --hand or --pause after serve were unknown."""
    assert _tab_argv(argv) == ["--ai", "easy", *TAB_OPTIONS]


def test_the_options_after_serve_win_but_every_rule_counts():
    """--hand before serve with --seed after it was refused, as if no seed were given."""
    assert _tab_argv(["--seed", "5", "--hand", "2", "--rule", "big_gin=yes", "serve", "--seed", "3",
                      "--rule", "target=50"]) == ["--rule", "big_gin=yes", "--rule", "target=50", "--seed", "3",
                                                  "--hand", "2"]
    assert _tab_argv(["serve", "--seed", "0"]) == ["--seed", "0"]  # 0 is a seed given


def test_a_tab_plays_with_the_options_serve_was_given(monkeypatch):
    """The tab's game (its command run here, its app not shown) plays under
    the rules, deal and look given to gin-tui serve."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui.app import GinApp

    ran: list[GinApp] = []
    monkeypatch.setattr(GinApp, "run", lambda self, *a, **kw: ran.append(self))
    monkeypatch.setenv("GIN_TUI_WEB", "1")  # as textual-serve starts it: drawn in the browser
    assert web._tab_main(_tab_argv(["--rule", "knock_limit=7", "serve", "--ai", "easy", *TAB_OPTIONS[4:]])) == 0
    [app] = ran
    state = app.session.state
    assert state.rules == PRESETS["standard"].with_options(knock_limit=7, target=50)
    assert (state.seed, state.hand_no, app.context.settings.ai) == ("3", 2, "easy")
    assert (app.pause, app.theme, app.ascii_only, app.mouse_enabled) == (0.25, "nord", True, False)


def test_each_tab_gets_a_new_match_in_its_own_temporary_directory(monkeypatch):
    import ginrummy_tui.cli as cli

    seen = []

    def fake_main(argv):
        home = argv[argv.index("--data-dir") + 1]
        seen.append((argv, os.path.isdir(home)))
        return 0

    monkeypatch.setattr(cli, "main", fake_main)
    assert web._tab_main(["--ai", "easy"]) == 0
    assert web._tab_main([]) == 0
    (argv1, existed1), (argv2, existed2) = seen
    assert existed1 and existed2
    assert "--new" in argv1 and argv1[:2] == ["--ai", "easy"]
    home1, home2 = argv1[argv1.index("--data-dir") + 1], argv2[argv2.index("--data-dir") + 1]
    assert home1 != home2
    assert not os.path.exists(home1) and not os.path.exists(home2)


@contextlib.contextmanager
def serving(tmp_path: pathlib.Path, *options: str):
    """``gin-tui serve`` (with ``options``) on a free loopback port, until the
    end of the block; gives its process, its port and its page (None if it
    never answered)."""
    port = _free_port()
    env = dict(os.environ, GIN_TUI_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_tui", "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=tmp_path,
    )
    url = f"http://127.0.0.1:{port}/"
    page = None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                page = resp.read().decode("utf-8")
                break
        except OSError:
            time.sleep(0.2)
    try:
        yield proc, port, page
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture()
def server(tmp_path):
    with serving(tmp_path) as started:
        yield started


def test_serve_answers_with_the_gin_tui_page_on_loopback(server):
    proc, port, page = server
    assert page is not None, "the server did not answer"
    assert web.TITLE in page
    # the page's title, which a browser's tab shows (it had none: the tab showed the address)
    assert re.search(r"<title>\s*gin-tui: Gin Rummy\s*</title>", page), page[:300]
    assert f"ws://127.0.0.1:{port}/ws" in page
    # the warning about authentication comes first on stderr
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=10)
    assert "no authentication" in err.decode()
    # the address to open, not the command each tab runs (textual-serve's banner said "Serving
    # '.../python -m ginrummy_tui.cli.serve --tab' on http://...", before the port was listening)
    said = " ".join(out.decode().split())
    assert f"gin-tui serve: open http://127.0.0.1:{port} in a browser" in said, said
    assert "--tab" not in said and "Serving" not in said


@pytest.mark.parametrize("log", [False, True])
def test_serving_a_page_prints_no_line_of_it_unless_asked_to(tmp_path, log):
    """Every page opened printed textual-serve's lines of its requests (page, style, script,
    picture, icon, the tab's socket), each of "INFO ..." wrapped on two lines, burying the
    lines the player is told. --log prints one line each; the page asks for no icon (the
    browser's /favicon.ico was not found)."""
    with serving(tmp_path, *(["--log"] if log else [])) as (proc, port, page):
        assert page is not None, "the server did not answer"
        style = re.search(r'href="([^"]*/static/css/xterm\.css)"', page)
        assert style, page[:500]
        with urllib.request.urlopen(style.group(1), timeout=10) as resp:
            assert resp.status == 200
        assert "Deadwood" in asyncio.run(_first_screen(port))
        proc.send_signal(signal.SIGINT)
        out, err = (said.decode() for said in proc.communicate(timeout=10))
    assert proc.returncode == 130
    assert "INFO" not in out + err and "aiohttp" not in out + err, out + err
    requests = [line for line in (out + err).splitlines() if '"GET ' in line]
    if not log:
        assert not requests, requests
        assert len(out.splitlines()) <= 2 and len(err.splitlines()) <= 3, out + err  # what the player is told
        assert '<link rel="icon" href="data:," />' in page
        return
    assert all(line.startswith("gin-tui serve: 127.0.0.1 \"GET /") for line in requests), requests
    assert 'gin-tui serve: 127.0.0.1 "GET / HTTP/1.1" 200' in requests, requests
    assert 'gin-tui serve: 127.0.0.1 "GET /static/css/xterm.css HTTP/1.1" 200' in requests, requests
    assert any(re.fullmatch(r'gin-tui serve: 127\.0\.0\.1 "GET /ws\?width=100&height=30 HTTP/1\.1" 101', line)
               for line in requests), requests


@pytest.mark.parametrize("sig, status, said", [(signal.SIGINT, 130, "stopped (Ctrl+C)"),
                                                (signal.SIGTERM, 143, "stopped (SIGTERM)")])
def test_serve_stopped_by_ctrl_c_ends_with_130_as_the_other_commands(tmp_path, sig, status, said):
    """gin-tui serve ended with 0 on Ctrl+C, where sim, join and host --server-only end with 130."""
    with serving(tmp_path) as (proc, _port, page):
        assert page is not None, "the server did not answer"
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=10)
        assert proc.returncode == status
        assert f"gin-tui serve: {said}." in err.decode()


async def _stopped_with_a_tab_open(proc: subprocess.Popen, port: int, seconds: float = 8.0) -> tuple[list[int], str]:
    """Open a tab, wait for its table, then Ctrl+C the server: the tab's processes as it
    played, and how its socket ended ("closed", or "still open" after ``seconds``)."""
    import aiohttp

    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30") as ws:
            out = bytearray()
            while b"Deadwood" not in out:
                msg = await ws.receive(timeout=30)
                assert msg.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), msg
                if msg.type == aiohttp.WSMsgType.BINARY:
                    out += msg.data
            tabs = _tab_processes(proc.pid)
            proc.send_signal(signal.SIGINT)
            deadline = time.monotonic() + seconds
            while (msg := await _next_message(ws, deadline)) is not None:
                if msg.type not in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
                    return tabs, "closed"
            return tabs, "still open"


def test_ctrl_c_with_a_tab_open_ends_its_game_and_stops_at_once(tmp_path, monkeypatch):
    """Ctrl+C with a tab open left the server and the tab's game running, the tab's keys
    doing nothing, until the browser closed the tab (15 s or more later): then asyncio's
    warning "Loop ... that handles pid N is closed", and only then "stopped (Ctrl+C)"."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # where the tab's game keeps its folder
    with serving(tmp_path, "--pause", "0") as (proc, port, page):
        assert page is not None, "the server did not answer"
        tabs, socket_end = asyncio.run(_stopped_with_a_tab_open(proc, port))
        assert tabs, "no process for the tab"
        assert socket_end == "closed", "the tab's session did not end with Ctrl+C"
        out, err = proc.communicate(timeout=8)
    assert proc.returncode == 130
    said = out.decode() + err.decode()
    assert "gin-tui serve: stopped (Ctrl+C)." in said
    assert "WARNING" not in said and "is closed" not in said, said
    assert not [pid for pid in tabs if os.path.exists(f"/proc/{pid}")], "the tab's game outlived the server"
    assert not list(tmp_path.glob("gin-tui-tab-*")), "the tab's folder was left behind"


async def _next_message(ws, deadline: float):
    """The websocket's next message before ``deadline`` (of ``time.monotonic``); None once it has passed."""
    if time.monotonic() >= deadline:
        return None
    try:
        return await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
    except TimeoutError:
        return None


async def _first_screen(port: int, seconds: float = 25.0) -> str:
    import aiohttp

    out = bytearray()
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30") as ws:
            deadline = time.monotonic() + seconds
            while (msg := await _next_message(ws, deadline)) is not None:
                if msg.type == aiohttp.WSMsgType.BINARY:
                    out += msg.data
                elif msg.type == aiohttp.WSMsgType.TEXT:
                    continue
                else:
                    break
                if b"Deadwood" in out and b"Stock" in out:
                    break
    return out.decode("utf-8", "replace")


def test_a_browser_tab_gets_the_game(server):
    proc, port, page = server
    assert page is not None
    screen = asyncio.run(_first_screen(port))
    assert "Deadwood" in screen


def test_a_browser_tab_plays_with_the_options_serve_was_given(tmp_path):
    with serving(tmp_path, "--seed", "3", "--rule", "knock_limit=7", "--ascii") as (proc, port, page):
        assert page is not None
        screen = re.sub(r"\x1b\[[0-9;?$]*[A-Za-z]", "", asyncio.run(_first_screen(port)))  # the words, no colours
    assert "standard rules (changed" in screen and "knock at 7 or less" in screen
    assert "The upcard is 4C." in screen and not any(suit in screen for suit in "♠♥♦♣")


FELT = (0x0F, 0x3D, 0x2A)
"""The table's background colour (app.tcss): most of the page once the table is drawn."""


def _png_pixels(data: bytes) -> list[tuple[int, int, int]]:
    """The RGB pixels of an 8-bit, non-interlaced PNG (what Chromium's screenshots are)."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        (size,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + size]
        pos += 12 + size
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and interlace == 0 and colour in (2, 6)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        prev = line
    return [tuple(row[x * channels : x * channels + 3]) for row in rows for x in range(width)]  # type: ignore[misc]


def felt_share(png: bytes) -> float:
    """How much of the picture is the table's felt."""
    pixels = _png_pixels(png)
    near = sum(1 for p in pixels if all(abs(a - b) <= 3 for a, b in zip(p, FELT)))
    return near / len(pixels)


async def _chromium_screenshot(debug_port: int, url: str, seconds: float = 40.0, key: str | None = None
                              ) -> tuple[bytes, float]:
    """Open ``url`` in the headless browser (over the DevTools protocol) and wait
    until the page shows the table (most of it the table's felt); gives the
    screenshot and the share of felt in it.  With ``key``, that key is then typed,
    nothing clicked, and the screenshot is taken once the felt is mostly gone
    (or ``seconds`` have passed)."""
    import base64
    import json

    import aiohttp

    async with aiohttp.ClientSession() as http:
        deadline = time.monotonic() + seconds
        targets = []
        while time.monotonic() < deadline and not targets:
            try:
                async with http.get(f"http://127.0.0.1:{debug_port}/json/list") as resp:
                    targets = [t for t in await resp.json(content_type=None) if t.get("type") == "page"]
            except aiohttp.ClientError:
                await asyncio.sleep(0.2)
        assert targets, "chromium did not start"
        async with http.ws_connect(targets[0]["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            ids = iter(range(1, 10**6))

            async def call(method: str, **params):
                n = next(ids)
                await ws.send_str(json.dumps({"id": n, "method": method, "params": params}))
                while True:
                    msg = json.loads((await ws.receive()).data)
                    if msg.get("id") == n:
                        return msg.get("result", {"error": msg.get("error")})

            async def screenshot(**params) -> bytes:
                # The browser may refuse a screenshot while the page is still
                # loading or laying out; it answers with an error and no picture.
                # Ask again until the deadline, then say what it answered.
                while True:
                    shot = await call("Page.captureScreenshot", format="png", **params)
                    if "data" in shot:
                        return base64.b64decode(shot["data"])
                    assert time.monotonic() < deadline, f"chromium gave no screenshot: {shot}"
                    await asyncio.sleep(0.25)

            await call("Page.enable")
            await call("Page.navigate", url=url)
            small = {"x": 0, "y": 0, "width": 1000, "height": 700, "scale": 0.1}  # a 100x70 picture to look at
            share = 0.0
            while time.monotonic() < deadline and share < 0.5:
                await asyncio.sleep(0.25)
                share = felt_share(await screenshot(clip=small))
            if key is not None and share >= 0.5:
                for kind in ("keyDown", "keyUp"):
                    await call("Input.dispatchKeyEvent", type=kind, key=key, text=key if kind == "keyDown" else "")
                while time.monotonic() < deadline and share >= 0.3:
                    await asyncio.sleep(0.25)
                    share = felt_share(await screenshot(clip=small))
            return await screenshot(), share


@contextlib.contextmanager
def _chromium(tmp_path: pathlib.Path):
    """Headless Chromium until the end of the block; gives the port of its DevTools."""
    debug_port = _free_port()
    # Chromium leaves a folder of its own (a lock and a socket) in $TMPDIR: give it
    # one to remove after. Short, in /tmp: under the test's own tmp_path the socket's
    # path can be longer than a Unix socket's may be.
    own_tmp = tempfile.mkdtemp(prefix="gin-web-", dir="/tmp")
    browser = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'chromium'}",
            "--window-size=1000,700",
            f"--remote-debugging-port={debug_port}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ, TMPDIR=own_tmp),
    )
    try:
        yield debug_port
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()
        shutil.rmtree(own_tmp, ignore_errors=True)


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")
def test_headless_chromium_screenshot_of_the_game(server, tmp_path):
    proc, port, page = server
    assert page is not None
    with _chromium(tmp_path) as debug_port:
        data, share = asyncio.run(_chromium_screenshot(debug_port, f"http://127.0.0.1:{port}/"))
    assert share >= 0.5, f"the page does not show the table (felt on {share:.0%} of it)"
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    keep = os.environ.get("GIN_TUI_SCREENSHOT_DIR")
    if keep:
        pathlib.Path(keep, "gin-tui-web.png").write_bytes(data)


def test_the_page_gives_the_game_the_keys_as_it_loads(server):
    """The page's keys went nowhere (to the page's body) until the player clicked it."""
    _proc, _port, page = server
    assert page is not None
    focusing = re.search(r'window\.addEventListener\("load", .*\.textual-terminal textarea.*\.focus\(\)', page)
    assert focusing, "the page gives the game no keys as it loads"
    assert focusing.start() > page.index("js/textual.js")  # its script makes the terminal first


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")
def test_a_key_typed_in_chromium_without_a_click_reaches_the_game(server, tmp_path):
    """In Chromium, "?" typed once the table shows, the page never clicked, opens the rule
    sheet (the table's felt gone from most of the page); it went nowhere."""
    _proc, port, page = server
    assert page is not None
    with _chromium(tmp_path) as debug_port:
        data, share = asyncio.run(_chromium_screenshot(debug_port, f"http://127.0.0.1:{port}/", key="?"))
    keep = os.environ.get("GIN_TUI_SCREENSHOT_DIR")
    if keep:
        pathlib.Path(keep, "gin-tui-web-key.png").write_bytes(data)
    assert share < 0.3, f"the key did not reach the game (felt still on {share:.0%} of the page)"


def _png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def test_the_table_check_tells_a_blank_page_from_the_table():
    assert felt_share(_png(10, 7, (255, 255, 255))) == 0.0  # a blank page fails the check
    assert felt_share(_png(10, 7, FELT)) == 1.0


def test_a_port_in_use_is_told_in_plain_words_with_the_way_out(capsys):
    """It printed asyncio's own text: "error while attempting to bind on address
    ('127.0.0.1', 8000): address already in use".  Then, with the port taken by
    another server, it printed textual-serve's banner first, "Serving
    '.../python -m ginrummy_tui.cli.serve --tab' on http://127.0.0.1:8000" (that
    other server's address) and "Press Ctrl+C to quit", and the warnings of a
    server that never listened, before the error: now the error alone."""
    from ginrummy_tui.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"gin-tui serve: cannot listen on 127.0.0.1:{port}: the port is in use (another 'gin-tui serve'?); "
                   "choose another with --port N\n")


def _tab_processes(server_pid: int) -> list[int]:
    """The processes of the tabs ``gin-tui serve`` (of ``server_pid``) runs now."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if web.TAB_FLAG in (entry / "cmdline").read_bytes().decode(errors="replace").split("\0"):
                    found.append(int(entry.name))
    return [pid for pid in found if _descends_from(pid, server_pid)]


def _descends_from(pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            stat = pathlib.Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return False
        pid = int(stat.rsplit(")", 1)[1].split()[1])
    return False


async def _resized_at_once(port: int, sizes: list[tuple[int, int]], seconds: float = 30.0) -> tuple[str, bool]:
    """The screen of a tab that the browser resized to each of ``sizes`` as soon as it
    connected, read until the game is drawn at the last size and then stills (no frame
    for :data:`STILL` seconds), or ``seconds`` pass; and whether it stilled."""
    import aiohttp

    width, height = sizes[-1]
    out = bytearray()
    drawn = False
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24") as ws:
            for w, h in sizes:
                await ws.send_str(f'["resize", {{"width": {w}, "height": {h}}}]')
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                try:
                    msg = await ws.receive(timeout=STILL if drawn else max(0.1, deadline - time.monotonic()))
                except TimeoutError:
                    return out.decode("utf-8", "replace"), drawn
                if msg.type == aiohttp.WSMsgType.BINARY:
                    out += msg.data
                elif msg.type != aiohttp.WSMsgType.TEXT:
                    break
                drawn = b"Deadwood" in out and f"\x1b[{height};".encode() in out
    return out.decode("utf-8", "replace"), False


STILL = 2.0
"""Seconds without a frame after which a tab's screen is still (a tab redrawn without
end sent 50 to 230 frames a second)."""


@pytest.mark.parametrize("sizes", [[(100, 30)], [(100, 30), (90, 24), (100, 24), (80, 30), (120, 40)]])
def test_a_tab_resized_as_it_connects_is_drawn_at_the_last_size_and_ends_with_its_socket(tmp_path, sizes):
    """A browser resizes its tab as soon as the socket opens: that size reached the game
    before the page's first one, which the game kept (80x24 in a larger window), and the
    table was redrawn at one size then the other without end, the tab's process outliving
    the tab."""
    with serving(tmp_path) as (proc, port, page):
        assert page is not None
        screen, still = asyncio.run(_resized_at_once(port, sizes))
        width, height = sizes[-1]
        rows = [int(row) for row in re.findall(r"\x1b\[(\d+);\d+H", screen)]
        assert "Deadwood" in screen and max(rows) == height, max(rows, default=None)
        assert still, f"the tab was still redrawing {len(screen)} characters later"
        deadline = time.monotonic() + 30
        while _tab_processes(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _tab_processes(proc.pid), "the tab's process outlived its socket"



async def _in_a_tab(tmp_path, monkeypatch, act, pause=None, state=None):
    """What a browser tab of gin-tui serve shows once ``act(app, pilot)`` is done (the
    tab's game, a new match in its own data directory, as ``--tab`` starts it): the
    screen's text and the notes.  ``state``: the game the tab starts on, if not a new deal."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare, resume_command

    from .app_helpers import screen_text, settle

    monkeypatch.setenv("GIN_TUI_WEB", "1")  # as the tab is started: drawn in the browser
    args = argparse.Namespace(ai=None, rules=None, seed=1, hand=None, ascii=None, no_mouse=None, pause=pause,
                              new=True, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    if state is not None:
        plan.state = state
    app = build_app(plan, pause=0, command=resume_command(args))
    try:
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await settle(app, pilot)
            await act(app, pilot)
            await settle(app, pilot)
            return screen_text(app), [str(n.message) for n in app._notifications]
    finally:
        plan.close()


async def test_f3_in_a_browser_tab_names_no_command_line(tmp_path, monkeypatch):
    """F3 in a tab ended with "On the command line: gin-tui stats --data-dir
    /tmp/gin-tui-tab-... [--json], ...": a folder on the server, removed when the tab
    closes, and a shell the browser's player does not have."""
    from ginrummy_tui.tui.screens.stats_screen import StatsScreen

    async def f3(app, pilot):
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)

    screen, _notes = await _in_a_tab(tmp_path, monkeypatch, f3)
    assert "Esc" in screen  # the statistics, to their last line
    assert "On the command line" not in screen and "--data-dir" not in screen, screen


async def test_settings_saved_in_a_browser_tab_say_they_last_for_that_tab(tmp_path, monkeypatch):
    """F2's Ctrl+S in a tab said "Settings saved.", as in a terminal, where they are
    kept in a folder removed when the tab closes."""
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    async def save_ascii(app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#ascii").value = True
        await pilot.press("ctrl+s")

    _screen, notes = await _in_a_tab(tmp_path, monkeypatch, save_ascii)
    assert "Settings saved for this browser tab only (it keeps nothing once it is closed)." in notes, notes


async def test_f2_in_a_browser_tab_names_no_command_line_nor_a_saved_value(tmp_path, monkeypatch):
    """F2 in a tab of gin-tui serve --pause 0 said "From the command line, for this run:
    computer's pause 0 s (saved: 0.6 s).": the server's command line, which the tab's
    player never sees, and a saved value in a tab that saves nothing past itself."""
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    said: list[str] = []

    async def f2(app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        said.append(" ".join(str(app.screen.query_one("#run-only").render()).split()))

    screen, _notes = await _in_a_tab(tmp_path, monkeypatch, f2, pause=0.0)  # gin-tui serve --pause 0
    assert said == ["For this tab: computer's pause 0 s."], said
    assert "command line" not in screen and "saved:" not in screen, screen


_STUCK_TAB = """
import sys
from ginrummy_tui.cli import serve
serve._tab_environment()
from textual.app import App

async def _stays(self):  # the app asked to close does not (busy, as a tab redrawn without end was)
    pass

App._on_exit_app = _stays
raise SystemExit(serve._tab_main(sys.argv[1:]))
"""


def _packet(kind: bytes, payload: bytes) -> bytes:
    """A packet on a tab's standard input, as textual-serve writes it."""
    return kind + len(payload).to_bytes(4, "big") + payload


@pytest.mark.parametrize("end", ["tab closed", "SIGTERM"])
def test_a_tab_whose_game_cannot_close_still_ends_with_its_tab_or_on_sigterm(tmp_path, end):
    """Closing the browser tab (textual-serve's "quit") and SIGTERM only asked the tab's
    app to close: one that did not (it was busy redrawing) ran on, its tab gone, until
    kill -9. Now they end it as a terminal's hang-up and SIGTERM end the game: if the
    app has not closed a few seconds later, the process ends, its folder removed."""
    import threading

    env = dict(os.environ, TMPDIR=str(tmp_path), COLUMNS="100", ROWS="30", PYTHONUNBUFFERED="1")
    env.pop("TEXTUAL_DRIVER", None)
    proc = subprocess.Popen([sys.executable, "-c", _STUCK_TAB], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env, cwd=tmp_path)
    drawn = threading.Event()
    out = bytearray()

    def read() -> None:
        assert proc.stdout is not None
        while chunk := proc.stdout.read1(65536):
            out.extend(chunk)
            if b"Deadwood" in out:
                drawn.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert drawn.wait(60), bytes(out[-300:])
        assert list(tmp_path.glob("gin-tui-tab-*"))  # the tab's folder, while it plays
        assert proc.stdin is not None
        if end == "tab closed":
            proc.stdin.write(_packet(b"M", b'{"type": "quit"}'))
            proc.stdin.flush()
        else:
            proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            pytest.fail(f"the tab's process ran on after the {end}")
    assert not list(tmp_path.glob("gin-tui-tab-*")), "the tab's folder was left behind"


async def test_quitting_in_a_browser_tab_names_no_command_to_resume_and_the_sheet_no_shell(tmp_path, monkeypatch):
    """In a tab, the quit question said "Your match is saved: gin-tui --data-dir
    /tmp/gin-tui-tab-... resumes it", and the rule sheet the same beside q, with Ctrl+Z
    "back to the shell that started gin-tui": the folder goes with the tab, and its player
    has no shell on the server."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.rules_screen import RulesScreen

    from .app_helpers import screen_text

    said: list[str] = []

    async def quit_then_sheet(app, pilot):
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        said.append(" ".join(screen_text(app).split()))
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("end")
        await pilot.pause()

    sheet, _notes = await _in_a_tab(tmp_path, monkeypatch, quit_then_sheet)
    assert "A tab keeps nothing: this match ends here." in said[0], said[0]
    assert "--data-dir" not in said[0] and "resumes" not in said[0]
    assert "a tab keeps nothing: this match ends here" in " ".join(sheet.split()), sheet
    assert "--data-dir" not in sheet and "Ctrl+Z" not in sheet and "shell" not in sheet, sheet
    # F3 was "your lifetime statistics", of a folder that goes with the tab
    assert "F3 this tab's statistics (it keeps nothing once it is closed)" in " ".join(sheet.split()), sheet
    assert "lifetime" not in sheet


@pytest.mark.parametrize("key", ["ctrl+c", "q"])
@pytest.mark.parametrize("when", ["mid-hand", "between hands"])
async def test_in_a_browser_tab_ctrl_c_and_q_ask_before_the_match_ends_between_hands_too(tmp_path, monkeypatch, key, when):
    """In a tab Ctrl+C (the browser's key that copies) ended the match at once, as it quits a
    terminal's game, whose match is saved; and q between hands ended it with no question.
    A tab keeps nothing: both ask, mid-hand and between hands, until the match is over."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    from .app_helpers import screen_text, settle, until

    asked: list[str] = []

    async def quit_key(app, pilot):
        if when == "between hands":
            await pilot.press("s")
            await until(pilot, lambda: app.session.view().phase == "discard")
            await pilot.press("k")
            await until(pilot, lambda: app.session.view().phase.ended)
            await settle(app, pilot)
            assert app.session.view().phase == "hand_over"
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit), type(app.screen)
        asked.append(" ".join(screen_text(app).split()))
        await pilot.press("n")
        await pilot.pause()
        assert app.is_running and not isinstance(app.screen, ConfirmQuit)

    await _in_a_tab(tmp_path, monkeypatch, quit_key, state=scenarios.knock_ready() if when == "between hands" else None)
    assert "A tab keeps nothing: this match ends here." in asked[0], asked[0]


async def test_a_browser_tab_too_small_does_not_say_ctrl_c_quits_at_once(tmp_path, monkeypatch):
    """"Terminal too small" mid-hand said "Ctrl+C quits at once" in a tab too, where Ctrl+C
    asks first, as q does."""

    async def shrink(app, pilot):
        await pilot.resize_terminal(40, 15)
        await pilot.pause()

    screen, _notes = await _in_a_tab(tmp_path, monkeypatch, shrink)
    said = " ".join(screen.split())
    assert "Terminal too small: 40×15." in said and "q asks before quitting" in said, said
    assert "Ctrl+C" not in said, said


async def test_f2_in_a_browser_tab_shows_the_mouse_as_the_tab_opened_not_a_choice_for_a_next_start(tmp_path, monkeypatch):
    """F2 in a tab offered "Mouse (from next start)", which a tab never reaches (a reload is
    a new tab, in a new folder): saved, it changed nothing. The tab shows what it opened with."""
    from textual.widgets import Checkbox

    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    async def f2(app, pilot):
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert not list(app.screen.query("#mouse").results(Checkbox))

    screen, _notes = await _in_a_tab(tmp_path, monkeypatch, f2)
    said = " ".join(screen.split())
    assert "from next start" not in said and "Mouse yes: as this tab opened" in said, said
