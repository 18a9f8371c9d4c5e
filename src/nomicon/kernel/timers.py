"""Timers and schedules: what the clock does to a game.

A timer is a record in ``timers.<key>`` of the state: when it is due, the rule
(``rid``) and method (``handler``) to run, a payload, and for a recurring schedule
the phrase it repeats by (``every``). The engine fires the timers due before any
later input, each in a batch of its own at its own time (see ``Game._catch_up``);
this module keeps the records and runs a fired timer's handler.

The kernel's own timers have no rule: a prompt's deadline (``prompt-deadline``)
applies the prompt's default.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from nomicon.kernel.schedule import parse_schedule
from nomicon.kernel.timefmt import iso, parse

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx
    from nomicon.kernel.rules import Rule
    from nomicon.kernel.ruleset import Ruleset

#: The handler of the kernel's timer that applies a prompt's default at its deadline.
PROMPT_DEADLINE = "prompt-deadline"

#: What resumes a prompt: ``(ctx, prompt, option, defaulted=...)``.
Resume = Callable[..., None]


def set_timer(ctx: Ctx, key: str, due: datetime, rid: str | None, handler: str,
              payload: dict[str, Any], every: str | None = None) -> None:
    """Record the timer ``key`` (replacing one of that key)."""
    record: dict[str, Any] = {"key": key, "due": iso(due), "rid": rid, "handler": handler,
                              "payload": payload}
    if every:
        record["every"] = every
    ctx.set(["timers", key], record)


def time_units(ruleset: Ruleset) -> dict[str, Any]:
    """The units the rules define for schedules (``nday``, ``nweek``...)."""
    units: dict[str, Any] = {}
    for _, value in ruleset.contributions("time_units"):
        units.update(value)
    return units


def schedule_rule(ctx: Ctx, rule: Rule, units: dict[str, Any]) -> None:
    """Start the recurring schedules ``rule`` declares, anchored at the game's start."""
    anchor = parse(ctx.state.root["game"]["start"])
    for phrase, method in rule._schedules:
        nxt = parse_schedule(phrase, anchor=anchor, units=units).next_after(ctx.now)
        set_timer(ctx, f"every:{rule.rid}:{method}", nxt, rule.rid, method, {}, phrase)


def next_timer(root: dict[str, Any]) -> dict[str, Any] | None:
    """The timer that falls due first (None: there is none)."""
    timers = root.get("timers", {})
    if not timers:
        return None
    first: dict[str, Any] = min(timers.values(), key=lambda t: (t["due"], t["key"]))
    return first


def next_due(root: dict[str, Any]) -> datetime | None:
    """When the next timer falls due (None: no timer, or the game is not active: over,
    or archived after a revert)."""
    timer = next_timer(root)
    if timer is None or root["game"]["status"] != "active":
        return None
    return parse(timer["due"])


def run(ctx: Ctx, timer: dict[str, Any], ruleset: Ruleset, resume: Resume) -> None:
    """Run a fired timer in its batch: plan a schedule's next firing (or forget a
    one-shot timer), then call its handler in its rule's name (a repealed rule's timer
    just goes)."""
    key = timer["key"]
    if timer.get("every"):
        anchor = parse(ctx.state.root["game"]["start"])
        sched = parse_schedule(timer["every"], anchor=anchor, units=time_units(ruleset))
        ctx.set(["timers", key, "due"], iso(sched.next_after(ctx.now)))
    else:
        ctx.state.delete(["timers", key])
    if timer["rid"] is None:
        if timer["handler"] == PROMPT_DEADLINE:
            for prompt in ctx.state.root.get("prompts", []):
                if prompt["id"] == timer["payload"]["id"]:
                    resume(ctx, prompt, prompt["default"], defaulted=True)
                    break
        return
    rule = ruleset.by_rid.get(timer["rid"])
    if rule is None:
        ctx.state.delete(["timers", key])
        return
    with ctx.running(rule):
        getattr(rule, timer["handler"])(ctx, timer.get("payload", {}))
