"""Each widget's styles are in a ``.tcss`` beside its module, and the app loads every one of them."""

from __future__ import annotations

import importlib
import inspect
import pathlib
import re

from textual.widget import Widget

from ginrummy_tui.tui.app import GinApp

TUI = pathlib.Path(__file__).resolve().parents[1] / "ginrummy_tui" / "tui"
WIDGET_MODULES = sorted((TUI / "widgets").glob("[!_]*.py")) + [TUI / "move_clock.py"]


def _widgets_of(path: pathlib.Path) -> list[type[Widget]]:
    """The widget classes defined in the module at ``path``."""
    name = "ginrummy_tui." + ".".join(path.relative_to(TUI.parent).with_suffix("").parts)
    module = importlib.import_module(name)
    return [
        c for _, c in inspect.getmembers(module, inspect.isclass)
        if issubclass(c, Widget) and c.__module__ == module.__name__
    ]


def _type_names(sheet: pathlib.Path) -> set[str]:
    """The types that ``sheet``'s selectors name (``Race``, ``Screen``...)."""
    text = re.sub(r"/\*.*?\*/", "", sheet.read_text(encoding="utf-8"), flags=re.S)
    selectors = re.findall(r"([^{};]+)\{", text)
    return {t for s in selectors for t in re.findall(r"(?<![\w#.$-])([A-Z]\w*)", s)}


def test_no_widget_carries_its_styles_in_python():
    carrying = [c.__name__ for path in WIDGET_MODULES for c in _widgets_of(path) if "DEFAULT_CSS" in c.__dict__]
    assert not carrying


def test_the_shared_and_the_tables_style_sheets_style_no_widget_of_the_game_by_its_name():
    ours = {c.__name__ for path in WIDGET_MODULES for c in _widgets_of(path)}
    for sheet in (TUI / "app.tcss", TUI / "screens" / "game_screen.tcss"):
        assert not _type_names(sheet) & ours, sheet.name


def test_each_widgets_style_sheet_styles_the_widgets_beside_it_and_the_app_loads_it_first():
    sheets = sorted((TUI / "widgets").glob("*.tcss")) + [TUI / "move_clock.tcss"]
    loaded = [str(p) for p in GinApp.CSS_PATH] if isinstance(GinApp.CSS_PATH, list) else [str(GinApp.CSS_PATH)]
    for sheet in sheets:
        module = sheet.with_suffix(".py")
        assert module.exists(), sheet.name
        own = {c.__name__ for c in _widgets_of(module)}
        named = _type_names(sheet) - {"Screen", "App"}  # where it is: "Screen.-too-narrow > TooSmall"
        assert named and named <= own, (sheet.name, named - own)
        where = str(sheet.relative_to(TUI))
        assert where in loaded and loaded.index(where) < loaded.index("app.tcss"), where
    screens = {str(s.relative_to(TUI)) for s in (TUI / "screens").glob("*.tcss")}
    assert screens <= set(loaded) and all(loaded.index(s) > loaded.index("app.tcss") for s in screens)
    assert {str(s.relative_to(TUI)) for s in sheets} == set(loaded) - {"app.tcss"} - screens
