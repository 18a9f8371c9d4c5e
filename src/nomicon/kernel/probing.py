"""What ``legal_actions`` works out once per ruleset, not once per question.

``legal_actions`` asks every action of the rules in force whether an actor may take
it now: the rule that handles it, the vetoes, the rule's precondition, the choices of
its arguments. Part of the answer depends only on the ruleset, which never changes (a
change of the rules builds a new one): which rules define the action, which vetoes
apply to it, whether only the admin may take it, and the fixed part of each
argument's description. A :class:`Plan` holds that part for one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nomicon.kernel.rules import ActionDecl, Arg, Rule

if TYPE_CHECKING:
    from nomicon.kernel.acting import RulesInForce

Veto = tuple[Rule, Callable[..., Any]]


@dataclass(frozen=True)
class ArgPlan:
    """One argument's description: ``head``, then its choices (if it has a method
    listing them), then ``tail``; keys in the order ``legal_actions`` gives them."""

    arg: Arg
    head: dict[str, Any]
    tail: dict[str, Any]


@dataclass(frozen=True)
class Plan:
    """One action name of a ruleset."""

    name: str
    #: The rules defining it, in precedence order, with their declarations and the
    #: plans of their arguments.
    candidates: tuple[tuple[Rule, ActionDecl, tuple[ArgPlan, ...]], ...]
    #: The vetoes that apply to it, in precedence order.
    vetoes: tuple[Veto, ...]
    #: Whether a declaration of the action is for the admin; whether one is not.
    for_admin: bool
    for_players: bool


def _arg_plan(arg: Arg) -> ArgPlan:
    head: dict[str, Any] = {"type": arg.type.__name__, "required": arg.required}
    if arg.doc:
        head["doc"] = arg.doc
    tail: dict[str, Any] = {}
    if arg.minimum is not None:
        tail["minimum"] = arg.minimum
    if arg.maximum is not None:
        tail["maximum"] = arg.maximum
    if not arg.required:
        tail["default"] = arg.default
    return ArgPlan(arg, head, tail)


def plans(ruleset: RulesInForce) -> list[Plan]:
    """The plan of every action of ``ruleset``, in the order of ``ruleset.actions``."""
    out = []
    for name, candidates in list(ruleset.actions.items()):
        out.append(Plan(
            name=name,
            candidates=tuple((rule, decl, tuple(_arg_plan(arg) for arg in decl.args))
                             for rule, decl in candidates),
            vetoes=tuple((rule, fn) for rule, names, fn in ruleset.vetoes
                         if not names or name in names),
            for_admin=any(decl.admin for _, decl in candidates),
            for_players=any(not decl.admin for _, decl in candidates),
        ))
    return out
