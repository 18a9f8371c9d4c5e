"""``legal_actions``: probing each action of the rules in force, and what of that is
worked out once per ruleset, not once per question.

``legal_actions`` asks every action of the rules in force whether an actor may take
it now: the rule that handles it, the vetoes, the rule's precondition, the choices of
its arguments. Part of the answer depends only on the ruleset, which never changes (a
change of the rules builds a new one): which rules define the action, which vetoes
apply to it, whether only the admin may take it, the label a refusal cites, and the
fixed part of each argument's description. A :class:`Plan` holds that part for one
action, and :class:`Plans` the plans of a ruleset, with the actions probed for a
player and for the admin.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from nomicon.kernel.errors import Refusal
from nomicon.kernel.rules import ActionDecl, Arg, Rule
from nomicon.kernel.seats import NOT_OFFERED

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

Veto = tuple[Rule, Callable[..., Any]]
#: A random order: a permutation of ``range(n)``.
Order = Callable[[int], list[int]]


class ActionTables(Protocol):
    """What plans are made from: a ruleset's actions, by name, with the rules defining
    each in precedence order, and its vetoes, each with the actions it applies to
    (none: all)."""

    @property
    def actions(self) -> Mapping[str, Sequence[tuple[Rule, ActionDecl]]]: ...
    @property
    def vetoes(self) -> Sequence[tuple[Rule, frozenset[str], Callable[..., Any]]]: ...


@dataclass(frozen=True)
class ArgPlan:
    """One argument's description: ``head``, then its choices (if it has a method
    listing them), then ``tail``; keys in the order ``legal_actions`` gives them.
    ``whole`` is the description of an argument without choices."""

    arg: Arg
    head: dict[str, Any]
    tail: dict[str, Any]
    whole: dict[str, Any]


#: A rule defining an action: the rule, its declaration, the plans of the action's
#: arguments, and the rule's label (what an entry of ``legal_actions`` names).
Candidate = tuple[Rule, ActionDecl, tuple[ArgPlan, ...], str]


@dataclass(frozen=True)
class Plan:
    """One action name of a ruleset."""

    name: str
    #: The rules defining it, in precedence order.
    candidates: tuple[Candidate, ...]
    #: The vetoes that apply to it, in precedence order.
    vetoes: tuple[Veto, ...]
    #: The same without the procedure's answer_first, which refuses only an actor who
    #: has a prompt to answer first.
    vetoes_unprompted: tuple[Veto, ...]
    #: Whether a declaration of the action is for the admin; whether one is not.
    for_admin: bool
    for_players: bool
    #: The candidate that handles the action whatever the state (the first, when it
    #: has no predicate saying when it does), or None.
    direct: Candidate | None


@dataclass(frozen=True)
class Plans:
    """The plans of a ruleset: by action name, and those ``legal_actions`` probes for
    a player and for the admin, in the order of ``ruleset.actions``."""

    by_name: dict[str, Plan]
    for_player: tuple[Plan, ...]
    for_admin: tuple[Plan, ...]
    #: Whether an action lists its forms (``ActionDecl.variants``): one action, then,
    #: may give several entries.
    has_variants: bool = False


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
    return ArgPlan(arg, head, tail, {**head, **tail})


def only_when_prompted(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a veto that refuses only an actor a prompt awaits (the procedure's: a
    blocking prompt is answered first), so probing runs it only for such an actor."""
    setattr(fn, _ONLY_WHEN_PROMPTED, True)
    return fn


# The procedure marks its veto rather than this module naming it: the procedure
# enacts interpretations through the ruleset, which makes plans from this module.
_ONLY_WHEN_PROMPTED = "_nomicon_only_when_prompted"

#: The procedure's actions that answer a prompt, which the admin takes too.
ANSWERS = frozenset({"choose", "choose-many"})


def _answers_first(veto: Veto) -> bool:
    """Whether ``veto`` refuses only an actor a prompt awaits."""
    return getattr(getattr(veto[1], "__func__", veto[1]), _ONLY_WHEN_PROMPTED, False)


def _plan(ruleset: ActionTables, name: str, defined: Sequence[tuple[Rule, ActionDecl]]
          ) -> Plan:
    candidates = tuple((rule, decl, tuple(_arg_plan(arg) for arg in decl.args), rule.label)
                       for rule, decl in defined)
    vetoes = tuple((rule, fn) for rule, names, fn in ruleset.vetoes
                   if not names or name in names)
    return Plan(
        name=name,
        candidates=candidates,
        vetoes=vetoes,
        vetoes_unprompted=tuple(veto for veto in vetoes if not _answers_first(veto)),
        for_admin=any(decl.admin for _, decl in defined),
        for_players=any(not decl.admin for _, decl in defined),
        direct=candidates[0] if candidates[0][1].applies_fn is None else None,
    )


def plans(ruleset: ActionTables) -> Plans:
    """The plans of every action of ``ruleset``."""
    every = [_plan(ruleset, name, defined) for name, defined in list(ruleset.actions.items())
             if defined]
    # Joining and leaving are not offered: they are how one becomes a player and
    # stops being one. The admin answers prompts too (ANSWERS), and takes the admin's
    # actions; players take the others.
    return Plans(
        by_name={plan.name: plan for plan in every},
        for_player=tuple(p for p in every if p.name not in NOT_OFFERED and p.for_players),
        for_admin=tuple(p for p in every if p.name not in NOT_OFFERED
                        and (p.for_admin or p.name in ANSWERS)),
        has_variants=any(c[1].variants_fn is not None for p in every for c in p.candidates),
    )


def probe(ctx: Ctx, actor: str, plan: Plan, admin: bool, prompted: bool,
          order: Order | None = None) -> list[dict[str, Any]]:
    """The entries of ``legal_actions`` for one action: none if ``actor`` may not take
    it now, one for each form if the action lists its forms (``ActionDecl.variants``).
    The checks are those of :meth:`Game.act <nomicon.kernel.engine.Game.act>` (the rule
    that handles it, the vetoes, the precondition), without arguments, and the
    choices of its arguments. ``prompted``: whether a prompt awaits ``actor``'s
    answer (else the procedure's veto, which would pass, is not run). With ``order``
    (a permutation of ``range(n)`` for any ``n``), at most one form: the first in that
    order, drawn lazily when the action can (``ActionDecl.drawn``)."""
    stack = ctx._running
    candidate = plan.direct
    if candidate is None:
        for each in plan.candidates:
            applies = each[1].applies_fn
            if applies is None:
                candidate = each
                break
            stack.append(each[0])
            try:
                holds = applies(each[0], ctx, actor)
            finally:
                stack.pop()
            if holds:
                candidate = each
                break
        else:
            return []
    rule, decl, arg_plans, label = candidate
    if admin != decl.admin and not (admin and plan.name in ANSWERS):
        return []
    # Performance: this runs for every action of every legal_actions question. The
    # code of each veto, then of the rule, runs in its rule's name as in act(), by
    # putting the rule on top of the running stack rather than entering running()
    # for each; the stack is cut back to where it was however the probe ends.
    depth = len(stack)
    stack.append(rule)
    try:
        given: dict[str, Any] = {}  # the vetoes see no arguments, one dict as in act()
        for veto_rule, veto in plan.vetoes if prompted else plan.vetoes_unprompted:
            stack[depth] = veto_rule
            veto(ctx, actor, decl, given)
        stack[depth] = rule
        if decl.check_fn is not None:
            decl.check_fn(rule, ctx, actor)
        args: dict[str, Any] = {}
        for arg_plan in arg_plans:
            arg = arg_plan.arg
            if arg.choices:
                choices = list(getattr(rule, arg.choices)(ctx, actor))
                if not choices and arg.required:
                    return []
                args[arg.name] = {**arg_plan.head, "choices": choices, **arg_plan.tail}
            else:
                args[arg.name] = dict(arg_plan.whole)
        forms = None if decl.variants_fn is None else _forms(rule, decl, ctx, actor, order)
    except Refusal:
        return []
    finally:
        del stack[depth:]
    if forms is None:
        return [{"name": plan.name, "rule": label, "doc": decl.doc, "args": args,
                 "on_turn": decl.on_turn}]
    return [{"name": plan.name, "rule": label, "doc": decl.doc,
             "args": _form(arg_plans, args, form), "on_turn": decl.on_turn}
            for form in forms]


def _forms(rule: Rule, decl: ActionDecl, ctx: Ctx, actor: str, order: Order | None
           ) -> list[dict[str, list[Any] | None]]:
    """The forms of an action: all of them, or with ``order`` the first in it."""
    assert decl.variants_fn is not None
    if order is None:
        return decl.variants_fn(rule, ctx, actor)
    if decl.drawn_fn is not None:
        return list(itertools.islice(decl.drawn_fn(rule, ctx, actor, order), 1))
    every = decl.variants_fn(rule, ctx, actor)
    return [every[order(len(every))[0]]] if every else []


def _form(arg_plans: Sequence[ArgPlan], args: dict[str, Any],
          form: Mapping[str, list[Any] | None]) -> dict[str, Any]:
    """The arguments of one form of an action: those it names with its choices, the
    others as the action describes them. An argument a form names with choices is
    one the form needs (a command's target), whatever the action says of it."""
    out: dict[str, Any] = {}
    for arg_plan in arg_plans:
        name = arg_plan.arg.name
        if name not in form:
            out[name] = args[name]
        elif form[name] is not None:
            out[name] = {**arg_plan.head, "choices": list(form[name] or ()), **arg_plan.tail}
            if form[name]:
                out[name]["required"] = True
    return out
