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


PROJECT_OBJECTS = ("app", "gin", "session", "opponent", "_ai", "keeper", "context", "screen")
"""Names of the project's own objects: their attributes are declared on their types and read directly."""


def _getattr_on_project_objects(path: pathlib.Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr")
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
        ):
            target = ast.unparse(node.args[0]).lower()
            if any(word in target.split(".")[-1] or target.endswith(word) for word in PROJECT_OBJECTS):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_project_attribute_is_fetched_by_name_from_the_app_the_session_or_an_opponent():
    files = list(ROOT.rglob("*.py"))
    assert len(files) > 50
    found = [line for f in files for line in _getattr_on_project_objects(f)]
    assert found == []
