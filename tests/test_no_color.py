"""``NO_COLOR`` counts only when it is set and not empty (no-color.org)."""

from __future__ import annotations

import os

import pytest
from textual.app import App

from ginrummy_tui.cli import main


@pytest.mark.parametrize(("value", "colourless"), [("", False), ("1", True)])
def test_an_empty_no_color_leaves_the_colours_on(monkeypatch, capsys, tmp_path, value, colourless):
    """``NO_COLOR= gin-tui`` played without colours: Textual takes any value for set."""
    monkeypatch.setenv("NO_COLOR", value)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert ("NO_COLOR" in os.environ) == colourless  # what Textual, and serve's tabs, will read
    assert App().no_color == colourless
