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


def test_statuses_anchored_and_held_schedules_and_pauses_are_the_authors_too() -> None:
    from nomicon.kernel.rules import Every
    from nomicon.kernel.statuses import Status

    assert authoring.Status is Status is nomicon.Status

    @authoring.every(param="payday", anchor="enactment")
    def pay(self: object, ctx: object, payload: object) -> None: ...

    assert pay.__dict__["_nomicon_every"] == Every(None, "payday", "enactment")
    for method in ("grant_status", "status", "has_status", "end_status", "holders_of",
                   "pause", "resume", "is_paused"):
        assert callable(getattr(authoring.Ctx, method)), method


def test_roles_private_rolls_prompts_and_audiences_are_the_authors_too() -> None:
    from nomicon.kernel.audiences import PrivateRoll
    from nomicon.kernel.roles import role

    assert authoring.role is role is nomicon.role
    assert authoring.PrivateRoll is PrivateRoll is nomicon.PrivateRoll
    assert authoring.role("referee") == "role:referee"
    for method in ("grant_role", "revoke_role", "has_role", "role_holders", "private_rolls",
                   "reveal", "audience", "hide_action", "last_seq"):
        assert callable(getattr(authoring.Ctx, method)), method
