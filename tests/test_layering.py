"""The engine and the AI never import Textual (or anything of the app)."""

import ast
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1] / "ginrummy_tui"


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_engine_and_ai_never_import_textual_or_the_app():
    files = list((ROOT / "engine").rglob("*.py")) + list((ROOT / "ai").rglob("*.py"))
    assert files
    for f in files:
        for name in _imports(f):
            top = name.split(".")[0]
            assert top not in ("textual", "rich"), f"{f} imports {name}"
            assert not name.startswith("ginrummy_tui.tui"), f"{f} imports {name}"


def test_importing_the_engine_loads_no_textual():
    code = "import sys, ginrummy_tui.engine; print(any(m.split('.')[0] == 'textual' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
