"""No folder of the code imports itself in a circle.

STYLE: "Files of one folder that import each other in a circle ...: a lower module
should not need a higher one; pass what it needs or move the shared piece down."

Each package folder is a graph: its modules, its subpackages (each one node, standing
for everything inside it) and its ``__init__``; an edge for every import between two
of them, wherever it is written. Imports under ``if TYPE_CHECKING:`` and inside
functions count too: a circle that only the annotations or a deferred import close
is still two modules that each need the other to be read.

Written with ``ast`` and the standard library's ``graphlib`` (which finds a cycle and
names it) rather than an import linter: import-linter's ``acyclic_siblings`` contract
checks the same thing, but is not among the project's dependencies, and the whole
check is the short walk below.
"""

from __future__ import annotations

import ast
import graphlib
from collections import defaultdict
from pathlib import Path

import nomicon

#: A folder's graph: each node, and the nodes it imports.
Graph = dict[str, set[str]]


def _modules(src: Path, package: str) -> dict[str, Path]:
    """Every module of ``package`` (whose folder is ``src``) by dotted name; a
    subpackage by its own name (the file is its ``__init__.py``)."""
    found: dict[str, Path] = {}
    for path in sorted(src.rglob("*.py")):
        parts = [package, *path.relative_to(src).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of ``modules`` that module ``name`` imports anywhere in its file."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # from . import x, from ..kernel import y
                base = ".".join(here.split(".")[: len(here.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            # "from package import name": the submodule if there is one, else the package.
            out.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names)
    return {module for module in out if module in modules}


def _place(name: str, path: Path) -> list[str]:
    """Where a module sits: its package's parts, then the module (``__init__`` for a
    package's own file)."""
    parts = name.split(".")
    return [*parts, "__init__"] if path.name == "__init__.py" else parts


def import_graphs(src: Path, package: str) -> dict[str, Graph]:
    """The import graph of each folder of ``package``, by dotted folder name.

    An import between two modules is an edge in the deepest folder holding both,
    between the files or subpackages of that folder they are in.
    """
    modules = _modules(src, package)
    graphs: dict[str, Graph] = defaultdict(lambda: defaultdict(set))
    for name, path in modules.items():
        source = _place(name, path)
        for target_name in _imported(name, path, modules) - {name}:
            target = _place(target_name, modules[target_name])
            shared = 0
            while source[shared] == target[shared]:
                shared += 1
            folder = ".".join(source[:shared])
            graphs[folder][source[shared]].add(target[shared])
    return graphs


def circles(graphs: dict[str, Graph]) -> dict[str, str]:
    """One circle of each folder that has any, as ``a -> b -> a`` (``a`` imports ``b``)."""
    found: dict[str, str] = {}
    for folder, graph in sorted(graphs.items()):
        try:
            graphlib.TopologicalSorter(graph).prepare()
        except graphlib.CycleError as exc:
            # graphlib lists each node before the one that imports it.
            found[folder] = " -> ".join(reversed(exc.args[1]))
    return found


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_no_folder_of_nomicon_imports_itself_in_a_circle() -> None:
    found = circles(import_graphs(Path(nomicon.__file__).parent, "nomicon"))
    assert found == {}, "import circles:\n" + "\n".join(
        f"  {folder}: {circle}" for folder, circle in found.items())


def test_a_circle_closed_by_type_checking_and_relative_imports_is_found(
        tmp_path: Path) -> None:
    src = _write(tmp_path / "game", {
        "__init__.py": "",
        "engine.py": "from game.context import Ctx\n",
        "context.py": "from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n    from . import engine\n",
        "dice.py": "",
    })
    assert circles(import_graphs(src, "game")) == {"game": "context -> engine -> context"}


def test_a_deferred_import_and_a_subpackage_close_a_circle_too(tmp_path: Path) -> None:
    src = _write(tmp_path / "site", {
        "__init__.py": "",
        "pages.py": "from site.svg.board import draw\n",
        "svg/__init__.py": "",
        "svg/board.py": "def draw():\n    from ..pages import title\n",
    })
    assert circles(import_graphs(src, "site")) == {"site": "pages -> svg -> pages"}


def test_imports_that_only_go_down_make_no_circle(tmp_path: Path) -> None:
    src = _write(tmp_path / "game", {
        "__init__.py": "from game.engine import Game\n",
        "engine.py": "from game import context\nfrom game.dice import roll\n",
        "context.py": "import game.dice\n",
        "dice.py": "",
    })
    graphs = import_graphs(src, "game")
    assert circles(graphs) == {}
    assert graphs["game"] == {"__init__": {"engine"}, "engine": {"context", "dice"},
                              "context": {"dice"}}
