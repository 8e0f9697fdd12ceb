"""``--help`` names the themes ``--theme`` takes, as it names the levels of ``--ai``."""

from __future__ import annotations

import re

import pytest

from ginrummy_tui.cli import main
from ginrummy_tui.tui.palette import theme_names


@pytest.mark.parametrize("argv", [["--help"], ["host", "--help"], ["join", "--help"], ["serve", "--help"]], ids=" ".join)
def test_help_lists_every_theme_whole_at_80_columns(argv, monkeypatch, capsys):
    """It said "the Textual theme (e.g. nord, gruvbox)": the names came only after a wrong guess."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(argv)
    text = capsys.readouterr().out
    assert all(len(line) <= 80 for line in text.splitlines())
    block = re.search(r"--theme NAME\s+(.*?)(?:\n  -|\Z)", text, re.S)
    assert block is not None
    words = re.findall(r"[a-z0-9-]+", block.group(1))
    for name in theme_names():  # each whole on its line, never "catppuccin-" and "frappe"
        assert name in words, name
