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
    from nomicon.kernel import events
    from nomicon.kernel.context import Ctx
    from nomicon.kernel.eventkind import EventKind
    from nomicon.kernel.rules import Rule, action, hook

    assert (authoring.Rule, authoring.Ctx, authoring.action, authoring.hook) == (
        Rule, Ctx, action, hook)
    assert (authoring.EventKind, authoring.events) == (EventKind, events)
    for name in authoring.__all__:
        if name not in ("turns", "entities", "events", "iso", "parse"):
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


def test_the_ledger_and_its_helpers_are_reachable_from_the_authoring_module() -> None:
    from nomicon.kernel import ledger

    assert (authoring.round_money, authoring.split, authoring.Split) == (
        ledger.round_money, ledger.split, ledger.Split)
    assert authoring.round_money(2.5) == 3 and authoring.round_money(-2.5) == -3
    assert authoring.split(7, 2) == authoring.Split(share=3, remainder=1)
    assert authoring.Currency("flute", kind="good", inventory="items").minimum == 0
    # Goods, forced payments, escrow, the per-batch cap, the sliding limit and the
    # weighted pick are what a rule does through its Ctx.
    for method in ("transfer", "lose", "is_good", "share_out", "escrow", "release",
                   "net_moves", "cap_moves", "rate_limit", "uses_left", "pick_weighted"):
        assert callable(getattr(authoring.Ctx, method)), method
    assert "forced" in authoring.Ctx.transfer.__code__.co_varnames


def test_games_played_by_mail_are_written_with_the_authoring_names() -> None:
    from nomicon.kernel.standing import StandingAnswers
    from nomicon.kernel.updates import Phase, Update, admin_prompts_open

    assert (authoring.Update, authoring.Phase, authoring.StandingAnswers,
            authoring.admin_prompts_open) == (Update, Phase, StandingAnswers,
                                              admin_prompts_open)
    assert {"Update", "Phase", "StandingAnswers", "admin_prompts_open"} <= set(
        authoring.__all__) & set(nomicon.__all__)


def test_entities_are_made_and_found_through_the_authoring_names() -> None:
    from nomicon.kernel import entities

    assert authoring.entities is entities
    assert entities.FIXED == ("kind", "owner", "location")
    for method in ("create_entity", "new_entity_id", "entity", "destroy_entity",
                   "move_entity", "set_owner", "set_entity", "entities_at", "owned_by",
                   "entities_of", "entity_locations"):
        assert callable(getattr(authoring.Ctx, method)), method


def test_sealed_steps_and_seats_are_offered_to_rule_authors() -> None:
    from nomicon.kernel.sealed import Resolved
    from nomicon.kernel.seats import Seat

    assert (authoring.Resolved, authoring.Seat) == (Resolved, Seat)
    assert {"open_step", "open_ballot", "submit", "step", "resolve_step", "leave", "seat",
            "start_bot", "seat_of"} <= set(dir(authoring.Ctx))


def test_child_games_are_the_authors_too() -> None:
    from nomicon.kernel import events
    from nomicon.kernel.subgames import ChildRecord, ChildResult, ParentLink

    assert (authoring.ChildRecord, authoring.ParentLink, authoring.ChildResult) == (
        ChildRecord, ParentLink, ChildResult)
    assert nomicon.ChildResult is ChildResult
    for method in ("start_child", "child", "parent"):
        assert callable(getattr(authoring.Ctx, method)), method
    assert (authoring.events.CHILD_SETTLED, authoring.events.PARENT_INPUT) == (
        events.CHILD_SETTLED, events.PARENT_INPUT)
    assert authoring.events.CHILD_SETTLED.fields == {
        "child", "pack", "cause", "winners", "scores", "referee", "rounds", "details"}
    assert callable(authoring.Pack.result)


def test_roles_private_rolls_prompts_and_audiences_are_the_authors_too() -> None:
    from nomicon.kernel.audiences import PrivateRoll
    from nomicon.kernel.roles import role

    assert authoring.role is role is nomicon.role
    assert authoring.PrivateRoll is PrivateRoll is nomicon.PrivateRoll
    assert authoring.role("referee") == "role:referee"
    for method in ("grant_role", "revoke_role", "has_role", "role_holders", "private_rolls",
                   "reveal", "audience", "hide_action", "last_seq"):
        assert callable(getattr(authoring.Ctx, method)), method
