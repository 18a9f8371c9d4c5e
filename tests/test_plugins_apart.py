"""The core package never imports a plug-in: the plug-ins (``plugins/``) are
distributions of their own, with their own licences, that register packs through the
``nomicon.packs`` entry point, and the core must run without them."""

from __future__ import annotations

import ast
from pathlib import Path

import nomicon

SOURCE = Path(nomicon.__file__).parent
PLUGINS = Path(__file__).parent.parent / "plugins"


def _plugin_packages() -> set[str]:
    """The top-level packages the plug-ins' distributions hold."""
    return {package.name for source in PLUGINS.glob("*/src") for package in source.iterdir()
            if (package / "__init__.py").exists()}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_the_plugins_are_found() -> None:
    assert "nomicon_diplomacy" in _plugin_packages()


def test_no_module_of_the_core_imports_a_plugin() -> None:
    plugins = _plugin_packages()
    offenders = {str(path.relative_to(SOURCE)): sorted(_imports(path) & plugins)
                 for path in sorted(SOURCE.rglob("*.py")) if _imports(path) & plugins}
    assert offenders == {}
    # Nor names one in its text (an import by name at run time, importlib's).
    named = [str(path.relative_to(SOURCE)) for path in sorted(SOURCE.rglob("*.py"))
             if any(name in path.read_text(encoding="utf-8") for name in plugins)]
    assert named == []


def test_a_plugin_imports_nomicon_only_through_authoring() -> None:
    for source in PLUGINS.glob("*/src"):
        for path in sorted(source.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            used = {node.module for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and node.module and not node.level}
            used |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
            core = {name for name in used if name.split(".")[0] == "nomicon"}
            assert core <= {"nomicon.authoring"}, f"{path.relative_to(PLUGINS)}: {core}"
