"""The rule author's surface: one module that rule packs import the kernel through,
and the same names from ``nomicon`` itself."""

from __future__ import annotations

import ast
from pathlib import Path

import nomicon
from nomicon import authoring

PACKS = Path(nomicon.__file__).parent / "packs"


def test_rule_packs_reach_the_kernel_only_through_the_authoring_module() -> None:
    reached: list[str] = []
    for path in sorted(PACKS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                       else [a.name for a in node.names] if isinstance(node, ast.Import)
                       else [])
            reached += [f"{path.relative_to(PACKS)}: {m}" for m in modules
                        if m == "nomicon.kernel" or m.startswith("nomicon.kernel.")]
    assert reached == []


def test_the_authoring_names_are_the_kernels_and_nomicon_offers_them_too() -> None:
    from nomicon.kernel.context import Ctx
    from nomicon.kernel.rules import Rule, action, hook

    assert (authoring.Rule, authoring.Ctx, authoring.action, authoring.hook) == (
        Rule, Ctx, action, hook)
    for name in authoring.__all__:
        if name not in ("turns", "iso", "parse"):
            assert getattr(nomicon, name) is getattr(authoring, name), name
    assert nomicon.__version__


def test_sealed_steps_and_seats_are_offered_to_rule_authors() -> None:
    from nomicon.kernel.sealed import Resolved
    from nomicon.kernel.seats import Seat

    assert (authoring.Resolved, authoring.Seat) == (Resolved, Seat)
    assert {"open_step", "open_ballot", "submit", "step", "resolve_step", "leave", "seat",
            "start_bot", "seat_of"} <= set(dir(authoring.Ctx))
