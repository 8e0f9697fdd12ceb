"""``gin-tui serve``: the game in a browser through textual-serve."""

import argparse
import ast
import asyncio
import os
import pathlib
import signal
import socket
import subprocess
import sys
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
    assert "pip install 'gin-tui[web]'" in err


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


@pytest.fixture()
def server(tmp_path):
    port = _free_port()
    env = dict(os.environ, GIN_TUI_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_tui", "serve", "--port", str(port)],
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


def test_serve_answers_with_the_gin_tui_page_on_loopback(server):
    proc, port, page = server
    assert page is not None, "the server did not answer"
    assert web.TITLE in page
    assert f"ws://127.0.0.1:{port}/ws" in page
    # the warning about authentication comes first on stderr
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=10)
    assert "no authentication" in err.decode()


async def _first_screen(port: int, seconds: float = 25.0) -> str:
    import aiohttp

    out = bytearray()
    async with aiohttp.ClientSession() as http:
        async with http.ws_connect(f"http://127.0.0.1:{port}/ws?width=100&height=30") as ws:
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline:
                try:
                    msg = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
                except TimeoutError:
                    break
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


async def _chromium_screenshot(debug_port: int, url: str, seconds: float = 40.0) -> tuple[bytes, bool]:
    """Open ``url`` in the headless browser (over the DevTools protocol), wait
    for the game's first bytes to reach the page, and take a screenshot."""
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
                        return msg.get("result", {})

            await call("Page.enable")
            await call("Page.navigate", url=url)
            started = False
            while time.monotonic() < deadline and not started:
                await asyncio.sleep(0.25)
                r = await call("Runtime.evaluate", expression="document.body.classList.contains('-first-byte')")
                started = r.get("result", {}).get("value") is True
            await asyncio.sleep(2.0)  # let the first full screen arrive and be drawn
            shot = await call("Page.captureScreenshot", format="png")
            return base64.b64decode(shot["data"]), started


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed")
def test_headless_chromium_screenshot_of_the_game(server, tmp_path):
    proc, port, page = server
    assert page is not None
    debug_port = _free_port()
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
    )
    try:
        data, started = asyncio.run(_chromium_screenshot(debug_port, f"http://127.0.0.1:{port}/"))
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()
            browser.wait()
    assert started, "the game never reached the browser"
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20000
    keep = os.environ.get("GIN_TUI_SCREENSHOT_DIR")
    if keep:
        pathlib.Path(keep, "gin-tui-web.png").write_bytes(data)
