"""Non-player agents: entities that act on a schedule by the first possible entry of
a priority list.

Nomopoly IV's Minions (XIX): "Every day at midnight GMT, each Minion will take the
action listed first on it's list of Priorities. If that is not possible, it will take
the next on instead, and so on, until either it reaches the end of the list or takes
an action." A later proposal says "Replace Priority #2 for Imps with the following",
so the list is a parameter of the rule of the agents' kind, and such a proposal is a
parameter amendment.

- **Agents** are entities (``kernel/entities.py``) of a kind whose rule subclasses
  :class:`AgentKind`: ``agent_kind`` names the entity kind, and the parameter
  ``priorities`` lists behaviours by name.
- **Behaviours** are contributed by rules by name, under ``agent_behaviours``: each a
  :class:`Behaviour` naming two methods of the contributing rule, ``possible(ctx,
  agent) -> bool`` (which changes nothing) and ``effect(ctx, agent)``. They run in
  the name of the rule that contributes them, so its refusals and events cite it. A
  name that no rule in force contributes (its rule was repealed) is never possible.
- **Order.** Agents act in the order they were made (their creation number in the
  entities' index), whatever their kind or id: an agent made or destroyed by an
  earlier one's action acts, or does not, accordingly (a new one waits for the next
  time). Each turn is an ``agent.acted`` or ``agent.idle`` event, so the log says why.
- **Tasks** that last (an Imp "calling" the Rber Ducky for 73 hours, during which "the
  Imp will take no actions") are kernel statuses on the agent (``kernel/statuses.py``):
  :func:`begin_task` grants one and marks the agent busy, which it is until the status
  ends, by the clock (``expired``) or by a rule (:func:`end_task`). The rule that
  began it hooks ``status.ended`` with the task's name to do what the task achieves.
- **Schedules.** The kind's rule acts on ``acts`` (a schedule phrase; empty: the
  agents act only when another rule calls :func:`act_all`, as a rule that makes
  several kinds act together in one order does) and spawns on ``spawns``, counted
  from the rule's enactment ("every third day" after the Imps were made a rule). The
  spawn is declared first, so at one instant it comes before the agents act and "a
  newly created imp will immediately take an action".
- **Chance** is the game's dice (``ctx.roll``, ``ctx.pick``, ``ctx.pick_weighted``),
  so a replay of the log makes the same choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, ClassVar

from nomicon.kernel import entities
from nomicon.kernel import events as kernel_events
from nomicon.kernel.rules import Rule, RuleParams, every, hook
from nomicon.mechanics import events

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: What rules contribute behaviours under: ``{"agent_behaviours": {name: Behaviour}}``.
BEHAVIOURS = "agent_behaviours"
#: The attribute of an agent that names the task it is busy with.
TASK = "task"


@dataclass(frozen=True)
class Behaviour:
    """A thing an agent may do: the names of two methods of the rule that contributes
    it, ``possible(ctx, agent) -> bool`` and ``effect(ctx, agent)``."""

    possible: str
    effect: str
    doc: str = ""


class AgentParams(RuleParams):
    """What the rule of a kind of agents says: its priority list (behaviours by name,
    the first possible is taken), when its agents act and when one is spawned (empty:
    never), the latter counted from the rule's enactment."""

    priorities: tuple[str, ...] = ()
    acts: str = ""
    spawns: str = ""


# -- behaviours and the rules of kinds -------------------------------------------------------
def behaviours(ctx: Ctx) -> dict[str, tuple[Rule, Behaviour]]:
    """The behaviours rules in force contribute, by name; when two contribute one
    name, the first in the rules' order (precedence, then number)."""
    found: dict[str, tuple[Rule, Behaviour]] = {}
    for rule, named in ctx.contributions(BEHAVIOURS):
        for name, behaviour in named.items():
            found.setdefault(name, (rule, behaviour))
    return found


def kind_rule(ctx: Ctx, kind: str) -> AgentKind | None:
    """The first rule in force that holds the priority list of agents of ``kind``."""
    for rule in ctx.rules.rules:
        if isinstance(rule, AgentKind) and rule.agent_kind == kind:
            return rule
    return None


def in_order(ctx: Ctx, kinds: Sequence[str]) -> list[str]:
    """The agents of ``kinds``, in the order they were made."""
    numbered: list[tuple[int, str]] = []
    for kind in dict.fromkeys(kinds):
        filed: dict[str, int] = ctx.get([*entities.INDEX, "kind", kind]) or {}
        numbered += [(number, eid) for eid, number in filed.items()]
    return [eid for _number, eid in sorted(numbered)]


# -- tasks -------------------------------------------------------------------------------------
def begin_task(ctx: Ctx, agent: str, task: str, *, until: datetime | timedelta,
               data: dict[str, Any] | None = None) -> None:
    """Make ``agent`` busy with ``task`` until ``until`` (a time, or a delay from now):
    a status of that name, whose end (``status.ended`` keyed by ``task``) the rule
    that began it hooks."""
    ctx.grant_status(agent, task, until=until, data=data)
    ctx.set_entity(agent, **{TASK: task})


def task_of(ctx: Ctx, agent: str) -> str | None:
    """The task ``agent`` is busy with now, or None."""
    record = ctx.entity(agent) or {}
    task = record.get(TASK)
    return task if isinstance(task, str) and ctx.has_status(agent, task) else None


def end_task(ctx: Ctx, agent: str, cause: str) -> bool:
    """End ``agent``'s task before its time, for ``cause``; False when it had none."""
    task = task_of(ctx, agent)
    return task is not None and ctx.end_status(agent, task, cause)


# -- acting ------------------------------------------------------------------------------------
def act(ctx: Ctx, agent: str) -> str | None:
    """Let ``agent`` take the first possible entry of its kind's priority list; returns
    the behaviour's name (None: it was busy, or nothing was possible)."""
    record = ctx.entity(agent)
    if record is None:
        return None
    kind = record["kind"]
    rule = kind_rule(ctx, kind)
    if rule is None:
        return None  # no rule in force makes this kind act
    task = task_of(ctx, agent)
    if task is not None:
        with ctx.running(rule):
            ctx.emit(events.AGENT_IDLE, f"{agent} is busy {task} and takes no action",
                     agent=agent, kind=kind, reason=f"busy {task}", task=task)
        return None
    known = behaviours(ctx)
    for priority, name in enumerate(rule.params.priorities, start=1):
        found = known.get(name)
        if found is None:
            continue  # no rule in force contributes it: not possible
        owner, behaviour = found
        with ctx.running(owner):
            if not getattr(owner, behaviour.possible)(ctx, agent):
                continue
            ctx.emit(events.AGENT_ACTED, f"{agent} acts by priority {priority}: {name}",
                     agent=agent, kind=kind, behaviour=name, priority=priority)
            getattr(owner, behaviour.effect)(ctx, agent)
        return name
    with ctx.running(rule):
        ctx.emit(events.AGENT_IDLE, f"{agent} can do nothing on its list of priorities",
                 agent=agent, kind=kind, reason="no priority is possible", task=None)
    return None


def act_all(ctx: Ctx, kinds: Sequence[str]) -> dict[str, str | None]:
    """Let every agent of ``kinds`` act, in the order they were made; returns what
    each did (see :func:`act`)."""
    return {agent: act(ctx, agent) for agent in in_order(ctx, kinds)}


# -- the rule of a kind --------------------------------------------------------------------------
class AgentKind(Rule):
    """Base of the rule of a kind of agents: it holds the kind's priority list
    (``priorities``), makes the agents act on ``acts`` and spawns one on ``spawns``,
    counted from its enactment. A subclass names the entity kind (``agent_kind``), says
    how one is spawned (:meth:`spawn`) and gives the rule's words."""

    agent_kind: ClassVar[str] = ""
    Params: ClassVar[type[RuleParams]] = AgentParams
    params: AgentParams

    def spawn(self, ctx: Ctx) -> None:
        """Make the agents the spawner makes when it is due (by default none)."""

    # Declared before ``acting``: at one instant a rule's schedules fire in the order
    # the class declares them, so the newly spawned act at once.
    @every(param="spawns", anchor="enactment")
    def spawning(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """The spawner is due: this kind's own spawn, then other rules' (a portal)."""
        self.spawn(ctx)
        ctx.dispatch(events.AGENTS_SPAWNING, events.AgentsSpawning(kind=self.agent_kind))

    @every(param="acts")
    def acting(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """The agents of this kind act, in the order they were made."""
        act_all(ctx, [self.agent_kind])

    @hook(kernel_events.STATUS_ENDED)
    def _task_ended(self, ctx: Ctx, data: kernel_events.StatusEnded) -> None:
        # The agent is no longer busy: the mark goes, so a view says what it does now.
        record = ctx.entity(data["holder"])
        if (record is not None and record["kind"] == self.agent_kind
                and record.get(TASK) == data["name"]):
            ctx.set_entity(data["holder"], **{TASK: None})
