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

README = Path(__file__).resolve().parent.parent / "README.md"


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
