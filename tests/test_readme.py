"""The README's commands work as written after its install line.

The install puts gin-tui into ``.venv`` without activating it, so a bare
``gin-tui …`` in a command block is "command not found": every command block
calls ``.venv/bin/gin-tui``, and every such command parses with the real
command line (its subcommand and options exist).
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from ginrummy_tui.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def _command_lines() -> list[str]:
    text = README.read_text(encoding="utf-8")
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()  # a comment after the command
            if line:
                lines.extend(part.strip() for part in line.split("&&"))
    return lines


def test_every_gin_tui_command_in_a_command_block_uses_the_venv():
    lines = _command_lines()
    assert any("gin-tui" in line for line in lines)
    bare = [line for line in lines if re.search(r"(^|[\s;|])gin-tui\b", line)]
    assert not bare, f"bare gin-tui (not installed on the PATH by the README's install): {bare}"


def _gin_tui_args() -> list[list[str]]:
    out = []
    for line in _command_lines():
        if line.startswith(".venv/bin/gin-tui"):
            words = shlex.split(re.sub(r"\[([^\]]*)\]", r"\1", line))[1:]  # optional parts, as given
            out.append(words)
    return out


@pytest.mark.parametrize("argv", _gin_tui_args(), ids=lambda a: " ".join(a) or "(play)")
def test_every_documented_command_parses(argv):
    args = build_parser(argv).parse_args(argv)
    assert not getattr(args, "_missing", False) or args.command == "serve"


def test_the_readme_says_which_data_directory_is_used_as_the_game_chooses_it(tmp_path, monkeypatch):
    """The README never said where the match and statistics are kept, nor which of
    --data-dir, GIN_TUI_HOME and the default wins."""
    from ginrummy_tui.storage.files import data_dir

    line = next((line for line in README.read_text(encoding="utf-8").splitlines() if "The data directory is" in line), "")
    order = ["--data-dir DIR", "$GIN_TUI_HOME", "$XDG_DATA_HOME/gin-tui", "~/.local/share/gin-tui"]
    assert all(word in line for word in order), line
    assert [line.index(word) for word in order] == sorted(line.index(word) for word in order)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("GIN_TUI_HOME", "")
    assert data_dir(None) == tmp_path / ".local/share/gin-tui"  # empty: the default
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir(None) == tmp_path / "xdg/gin-tui"
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path / "home"))
    assert data_dir(None) == tmp_path / "home"
    assert data_dir(str(tmp_path / "given")) == tmp_path / "given"


@pytest.mark.parametrize("shot", range(2))
async def test_the_screenshots_of_the_docs_are_the_app_as_it_is(shot, tmp_path):
    """The screenshots in the README and the docs are made by ``docs/screenshots/make_screenshots.py``;
    made again, those of arranged deals are the files as they are (the statistics' was left
    saying "Esc: back to the game" and "esc Close" long after the screen said otherwise)."""
    import importlib.util

    path = ROOT / "docs" / "screenshots" / "make_screenshots.py"
    spec = importlib.util.spec_from_file_location("make_screenshots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    name, deal, keys, size, title = module.SHOTS[shot]
    await module.shoot(name, deal(), keys, size, title, out=tmp_path)
    made = (tmp_path / name).read_text(encoding="utf-8")
    assert made == (path.parent / name).read_text(encoding="utf-8"), f"{name}: run {path.name} again"
