"""Every event the code emits of a declared kind carries the kind's fields, no event
of a declared kind is emitted by its bare name (which would skip the check), and
nothing in the code emits or hooks a kind that is declared nowhere.

``ctx.emit`` checks an event's fields when it runs; this reads every call in the
source, so that an emit on a path no game in the tests takes cannot fail in a game.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import nomicon
from nomicon.kernel.eventkind import EventKind

SOURCE = Path(nomicon.__file__).parent
CHECKED = ("emit", "dispatch")
#: ctx.emit's own arguments, which are not fields of the event.
EMIT_ARGUMENTS = {"to", "key"}
#: Modules that emit kinds declared nowhere, and why.
UNDECLARED = {
    "nomicon.boards.walker": "a walk's events carry whatever fields its caller adds, and "
                             "their hooks answer by writing into the data",
}
#: Variables that pass on a kind the code's caller chose, by module.
PASSED_ON = {"nomicon.kernel.context": {"type"}}


def _modules() -> Iterator[tuple[str, ModuleType, ast.Module]]:
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if ".emit(" not in text and ".dispatch(" not in text:
            continue
        parts = path.relative_to(SOURCE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        yield name, importlib.import_module(name), ast.parse(text)


def _calls(tree: ast.Module) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in CHECKED and node.args):
            yield node


def _value(module: ModuleType, node: ast.expr) -> Any:
    """What a name or a dotted name in ``module`` is (None: not a plain name)."""
    if isinstance(node, ast.Name):
        return vars(module).get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _value(module, node.value)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _kinds(module: ModuleType, node: ast.expr) -> list[EventKind[Any]]:
    """The declared kinds a call's first argument may be (both sides of ``a if c else b``,
    every value of a table of kinds ``KINDS[outcome]``)."""
    if isinstance(node, ast.IfExp):
        return _kinds(module, node.body) + _kinds(module, node.orelse)
    if isinstance(node, ast.Subscript):
        table = _value(module, node.value)
        values = list(table.values()) if isinstance(table, dict) else []
        return values if values and all(isinstance(v, EventKind) for v in values) else []
    found = _value(module, node)
    return [found] if isinstance(found, EventKind) else []


def _given(call: ast.Call) -> tuple[set[str], bool] | None:
    """The fields a call gives, and whether it may give more (a ``**`` splat); None when
    they cannot be read from the source (a variable's data)."""
    assert isinstance(call.func, ast.Attribute)
    if call.func.attr == "emit":
        names = {k.arg for k in call.keywords if k.arg is not None} - EMIT_ARGUMENTS
        return names, any(k.arg is None for k in call.keywords)
    data = call.args[1] if len(call.args) > 1 else None
    if isinstance(data, ast.Call):  # the kind's TypedDict: Landed(player=..., ...)
        return ({k.arg for k in data.keywords if k.arg is not None},
                any(k.arg is None for k in data.keywords))
    if isinstance(data, ast.Dict) and all(isinstance(k, ast.Constant) for k in data.keys):
        return {k.value for k in data.keys if isinstance(k, ast.Constant)}, False
    return None


def _declared() -> set[str]:
    """The names of the kinds declared in the kernel's and the packs' events modules."""
    names: set[str] = set()
    for path in sorted(SOURCE.rglob("events.py")):
        parts = path.relative_to(SOURCE.parent).with_suffix("").parts
        module = importlib.import_module(".".join(parts))
        names |= {v.name for v in vars(module).values() if isinstance(v, EventKind)}
    return names


SITES = [(name, module, call) for name, module, tree in _modules() for call in _calls(tree)]
DECLARED = _declared()


def test_the_kernels_and_each_packs_kinds_are_declared() -> None:
    assert {"player.joined", "transfer", "proposal.opened", "landed", "grid.moved",
            "pure-skill.started"} <= DECLARED
    # The mechanisms of the kernel's second floor (DESIGN 3b), and the boards'.
    assert {"entity.created", "entity.destroyed", "status.granted", "status.ended",
            "role.granted", "role.revoked", "player.left", "seat.left", "seat.changed",
            "step.opened", "step.submitted", "step.resolved", "order.received",
            "order.done", "order.failed", "order.skipped", "order.sealed", "update.began",
            "phase.began", "game.paused", "game.resumed", "dice.revealed",
            "event.revealed", "audience.set", "standing-answer.given",
            "schedule.replanned", "board.renumbered", "board.squares-added"} <= DECLARED


@pytest.mark.parametrize(("where", "module", "call"), SITES,
                         ids=[f"{n}:{c.lineno}" for n, _m, c in SITES])
def test_every_event_emitted_is_of_a_declared_kind(where: str, module: ModuleType,
                                                    call: ast.Call) -> None:
    """A kind named by text (``"entity.created"``, an f-string, a constant holding a
    name) skips the check of its fields and says nothing of them to a rule hooking it:
    every emit and dispatch names a declared kind, except where UNDECLARED says why."""
    if where in UNDECLARED:
        return
    first = call.args[0]
    if isinstance(first, ast.Name) and first.id in PASSED_ON.get(where, ()):
        return
    assert _kinds(module, first), (
        f"{where}:{call.lineno}: {ast.unparse(first)} is not a declared kind: declare it "
        "with its fields (nomicon.kernel.events, or the pack's events.py) and emit that")


def test_a_kind_declared_nowhere_is_found() -> None:
    """The check above fails on a bare name, an f-string and a constant holding text."""
    module = ModuleType("example")
    vars(module)["WALKED"] = "walked"
    for text in ('ctx.emit("entity.moved", "")', 'ctx.emit(f"order.{outcome}", "")',
                 'ctx.emit(WALKED, "")'):
        call = next(_calls(ast.parse(text)))
        assert _kinds(module, call.args[0]) == []


def test_every_kind_the_kernels_rules_hook_is_declared() -> None:
    """The kernel's own rules (the procedure, seating, updates, standing answers) and
    the governance rules hook declared kinds only."""
    from nomicon.kernel.rules import Rule

    undeclared = []
    for folder in ("kernel", "governance"):
        for path in sorted((SOURCE / folder).glob("*.py")):
            name = f"nomicon.{folder}.{path.stem}"
            undeclared += _undeclared_hooks(name, importlib.import_module(name), Rule)
    assert undeclared == []


def _undeclared_hooks(name: str, module: ModuleType, base: type) -> list[str]:
    found = []
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, base) and value.__module__ == name:
            found += [f"{value.__name__} hooks {event!r}" for event, _key, _attr in value._hooks
                      if event not in DECLARED]
    return found


@pytest.mark.parametrize(("where", "module", "call"), SITES,
                         ids=[f"{n}:{c.lineno}" for n, _m, c in SITES])
def test_an_event_of_a_declared_kind_carries_its_fields(where: str, module: ModuleType,
                                                         call: ast.Call) -> None:
    first = call.args[0]
    if isinstance(first, ast.Constant):
        assert first.value not in DECLARED, (
            f"{where}:{call.lineno}: {first.value!r} is a declared kind: emit it through "
            "its EventKind, whose fields are checked")
        return
    given = _given(call)
    for kind in _kinds(module, first):
        if given is None:
            continue
        names, more = given
        assert names <= kind.fields, (f"{where}:{call.lineno}: {kind.name!r} has no field "
                                      f"{sorted(names - kind.fields)}")
        if not more:
            assert kind.required <= names, (f"{where}:{call.lineno}: {kind.name!r} needs "
                                            f"{sorted(kind.required - names)}")
