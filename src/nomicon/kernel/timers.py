"""Timers and schedules: what the clock does to a game.

A timer is a record in ``timers.<key>`` of the state: when it is due, the rule
(``rid``) and method (``handler``) to run, a payload, for a recurring schedule the
phrase it repeats by (``every``) and the time it counts from (``anchor``, when it is
not the game's start), and, for a one-shot timer set when another of its rule's is
due at the same instant, its place among them (``n``). The engine fires the timers
due before any later input, each in a batch of its own at its own time (see
``Game._catch_up``); this module keeps the records, plans schedules and runs a fired
timer's handler.

The kernel's own timers have no rule: a prompt's deadline applies the prompt's
default, a status's end ends it (``statuses``), and a pause's end resumes the game
(``pausing``).

**Order.** Timers due at one instant fire in a defined order, never by their keys:
the kernel's first (in the order they were set), then each rule's in the ruleset's
order (precedence, then number: the order its hooks run in); within a rule, its
schedules in the order the class declares them, then its other timers in the order
they were set.

**Anchors.** A schedule counts ("every third day", "every 6 hours") from the game's
start, or from the rule's enactment when the rule says so (``@every(...,
anchor="enactment")``). A schedule held in a rule's parameter (``@every(param=...)``)
is planned again when an amendment changes the parameter, counting from the same
anchor.

**Pauses.** While the game is paused (``game.paused``, see ``pausing``) its clock
stands still: only the timer that ends the pause can fire, and when the game resumes
every other timer moves on by the span of the pause, except that a schedule on the
calendar keeps to the calendar (:func:`shift`). The game's time during a pause is
the time the pause began (:func:`game_now`), so a timer set during a pause is kept
as due that long after the pause began and gets its whole delay once the game
resumes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from nomicon.kernel import events
from nomicon.kernel.errors import InvalidRuleChange
from nomicon.kernel.schedule import Schedule, ScheduleError, parse_schedule
from nomicon.kernel.timefmt import iso, parse

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting, RulesInForce
    from nomicon.kernel.rules import Every, Rule

#: The context a kernel timer's handler is given: whatever the engine runs it in.
C = TypeVar("C", bound="Acting")

#: The handler of the kernel's timer that applies a prompt's default at its deadline.
PROMPT_DEADLINE = "prompt-deadline"
#: The handler of the kernel's timer that ends a status at its expiry.
STATUS_END = "status-end"
#: The handler, and the key, of the kernel's timer that ends a pause.
PAUSE_END = "pause-end"
PAUSE_END_KEY = "game:resume"


def game_now(root: dict[str, Any], now: datetime) -> datetime:
    """The game's time at ``now``: ``now`` itself, or while the game is paused the time
    the pause began (a paused game's clock stands still)."""
    paused = root["game"].get("paused")
    return parse(paused["since"]) if paused else now


def set_timer(ctx: Acting, key: str, due: datetime, rid: str | None, handler: str,
              payload: dict[str, Any]) -> datetime:
    """Record the one-shot timer ``key`` (replacing one of that key), due at ``due``;
    returns the due time kept, which during a pause is taken back by the time already
    paused (so that, shifted on resume, the timer keeps its whole delay)."""
    kept = due - (ctx.now - game_now(ctx.state.root, ctx.now))
    _record(ctx, key, kept, rid, handler, payload)
    return kept


def _record(ctx: Acting, key: str, due: datetime, rid: str | None, handler: str,
            payload: dict[str, Any], every: str | None = None,
            anchor: datetime | None = None) -> None:
    root = ctx.state.root
    record: dict[str, Any] = {"key": key, "due": iso(due), "rid": rid, "handler": handler,
                              "payload": payload}
    # A record keeps the shape that code before anchors and orders gave it unless it
    # needs more, so that a log that code wrote re-executes the same (verify): an
    # anchor only when it is not the game's start, and the order a timer was set in
    # (n) only when another one-shot timer of its rule is due at the same instant.
    if every:
        record["every"] = every
        if anchor is not None and anchor != parse(root["game"]["start"]):
            record["anchor"] = iso(anchor)
    else:
        tied = [t for t in root.get("timers", {}).values()
                if t["rid"] == rid and t["due"] == record["due"] and t["key"] != key
                and not t.get("every")]
        if tied:
            record["n"] = 1 + max(int(t.get("n", 0)) for t in tied)
    ctx.set(["timers", key], record)


def time_units(ruleset: RulesInForce) -> dict[str, Any]:
    """The units the rules define for schedules (``nday``, ``nweek``...)."""
    units: dict[str, Any] = {}
    for _, value in ruleset.contributions("time_units"):
        units.update(value)
    return units


def schedule_key(rule: Rule, method: str) -> str:
    return f"every:{rule.rid}:{method}"


def phrase_of(rule: Rule, spec: Every) -> str | None:
    """The schedule phrase of ``spec`` for ``rule``: its own, or its parameter's value
    (None or empty: no schedule)."""
    if spec.param is None:
        return spec.phrase
    value = getattr(rule.params, spec.param)
    return str(value) if value else None


def _schedule(rule: Rule, phrase: str, anchor: datetime, units: dict[str, Any]) -> Schedule:
    try:
        return parse_schedule(phrase, anchor=anchor, units=units)
    except ScheduleError as exc:
        raise InvalidRuleChange(f"{rule.label}: {exc}") from None


def schedule_rule(ctx: Acting, rule: Rule, units: dict[str, Any]) -> None:
    """Start the recurring schedules ``rule`` declares, as it is enacted: each counts
    from the game's start or from now, as it says."""
    root = ctx.state.root
    now = game_now(root, ctx.now)
    for spec, method in rule._schedules:
        phrase = phrase_of(rule, spec)
        if not phrase:
            continue
        anchor = parse(root["game"]["start"]) if spec.anchor == "start" else now
        nxt = _schedule(rule, phrase, anchor, units).next_after(now)
        _record(ctx, schedule_key(rule, method), nxt, rule.rid, method, {}, phrase, anchor)


def replan_rule(ctx: Acting, old: Rule, rule: Rule, units: dict[str, Any]) -> None:
    """Plan again the schedules that ``rule`` holds in parameters an amendment changed
    (``old``: the rule before it): each next firing follows the new phrase, counted
    from the same anchor; a parameter emptied stops its schedule."""
    root = ctx.state.root
    now = game_now(root, ctx.now)
    for spec, method in rule._schedules:
        if spec.param is None:
            continue
        before, after = phrase_of(old, spec), phrase_of(rule, spec)
        if before == after:
            continue
        key = schedule_key(rule, method)
        record = root["timers"].get(key)
        if not after:
            ctx.state.delete(["timers", key])
            ctx.emit(events.SCHEDULE_REPLANNED, f"{rule.label}: {spec.param} is empty; the "
                     f"schedule of {method} stops", rule=rule.number, method=method,
                     every=None, due=None)
            continue
        anchor = _anchor_of(ctx, rule, spec, record)
        nxt = _schedule(rule, after, anchor, units).next_after(now)
        if record is None:
            _record(ctx, key, nxt, rule.rid, method, {}, after, anchor)
        else:  # the same timer, so its place among its rule's timers stays
            ctx.set(["timers", key, "every"], after)
            ctx.set(["timers", key, "anchor"], iso(anchor))
            ctx.set(["timers", key, "due"], iso(nxt))
        ctx.emit(events.SCHEDULE_REPLANNED, f"{rule.label}: {spec.param} is now {after!r}; "
                 f"{method} next runs at {iso(nxt)}", rule=rule.number, method=method,
                 every=after, due=iso(nxt))


def _anchor_of(ctx: Acting, rule: Rule, spec: Every, record: dict[str, Any] | None) -> datetime:
    """Where a schedule of ``rule`` counts from: its timer's anchor if it has one, else
    the game's start or the rule's enactment (the first version in its history)."""
    root = ctx.state.root
    if record is not None and record.get("anchor"):
        return parse(record["anchor"])
    if spec.anchor == "enactment":
        for entry in root["rules"].values():
            if entry["rid"] == rule.rid and entry.get("history"):
                return parse(entry["history"][0]["time"])
    return parse(root["game"]["start"])


def next_timer(root: dict[str, Any], ruleset: RulesInForce | None = None) -> dict[str, Any] | None:
    """The timer that fires next (None: there is none): the first due, and of those due
    at one instant, the first in the order the module docstring gives (``ruleset``
    places rules' timers; without it, they go in the order they were set). While the
    game is paused, only the timer that ends the pause."""
    timers: dict[str, Any] = root.get("timers", {})
    if not timers:
        return None
    if root["game"].get("paused"):
        found: dict[str, Any] | None = timers.get(PAUSE_END_KEY)
        return found
    # Times are compared as times: the text of one with microseconds sorts wrongly.
    first: datetime | None = None
    ties: list[dict[str, Any]] = []
    for timer in timers.values():
        due = parse(timer["due"])
        if first is None or due < first:
            first, ties = due, [timer]
        elif due == first:
            ties.append(timer)
    if len(ties) == 1:
        return ties[0]
    return min(ties, key=_placing(ruleset))


def _placing(ruleset: RulesInForce | None) -> Callable[[dict[str, Any]], tuple[int, int, int, str]]:
    """The sort key of timers due at one instant."""
    rank = {rule.rid: i for i, rule in enumerate(ruleset.rules)} if ruleset else {}
    declared: dict[str, list[str]] = {}

    def place(timer: dict[str, Any]) -> tuple[int, int, int, str]:
        rid = timer.get("rid")
        n = int(timer.get("n", 0))
        if rid is None:
            return (-1, 0, n, timer["key"])
        rule = ruleset.by_rid.get(rid) if ruleset else None
        if rule is not None and timer.get("every"):
            if rid not in declared:
                declared[rid] = [method for _spec, method in rule._schedules]
            if timer["handler"] in declared[rid]:
                return (rank[rid], 0, declared[rid].index(timer["handler"]), timer["key"])
        return (rank.get(rid, len(rank)), 1, n, timer["key"])

    return place


def next_due(root: dict[str, Any]) -> datetime | None:
    """When the next timer falls due (None: no timer, or the game is not active: over,
    or archived after a revert)."""
    timer = next_timer(root)
    if timer is None or root["game"]["status"] != "active":
        return None
    return parse(timer["due"])


def shift(ctx: Acting, span: timedelta, units: dict[str, Any]) -> None:
    """Move the timers on as a pause of ``span`` ends now. A one-shot timer keeps the
    time it had left, and so does a counted schedule ("every 6 hours", "once per
    nweek"), whose anchor moves with it. A schedule on the calendar ("every day at
    noon") keeps to the calendar: it fires at its first time at or after the later of
    its due time and now, so a short pause moves nothing and the times a pause
    covered are not made up."""
    root = ctx.state.root
    for key, timer in list(root.get("timers", {}).items()):
        if key == PAUSE_END_KEY:
            continue
        due = parse(timer["due"])
        if timer.get("every"):
            anchor = parse(timer.get("anchor") or root["game"]["start"])
            try:
                sched = parse_schedule(timer["every"], anchor=anchor, units=units)
            except ScheduleError:
                sched = None  # its unit went with a repealed rule: it fails when it fires
            if sched is not None and sched.step is None:
                due = sched.next_after(max(due, ctx.now) - timedelta(microseconds=1))
            else:
                due += span
                ctx.set(["timers", key, "anchor"], iso(anchor + span))
        else:
            due += span
        ctx.set(["timers", key, "due"], iso(due))


def run(ctx: C, timer: dict[str, Any], ruleset: RulesInForce,
        kernel: Mapping[str, Callable[[C, dict[str, Any]], None]]) -> None:
    """Run a fired timer in its batch: plan a schedule's next firing (or forget a
    one-shot timer), then call its handler: a kernel timer's from ``kernel``, a rule's
    in its rule's name (a repealed rule's timer just goes)."""
    key = timer["key"]
    if timer.get("every"):
        anchor = parse(timer.get("anchor") or ctx.state.root["game"]["start"])
        sched = parse_schedule(timer["every"], anchor=anchor, units=time_units(ruleset))
        ctx.set(["timers", key, "due"], iso(sched.next_after(ctx.now)))
    else:
        ctx.state.delete(["timers", key])
    payload = timer.get("payload", {})
    if timer["rid"] is None:
        handler = kernel.get(timer["handler"])
        if handler is not None:
            handler(ctx, payload)
        return
    rule = ruleset.by_rid.get(timer["rid"])
    if rule is None:
        ctx.state.delete(["timers", key])
        return
    with ctx.running(rule):
        getattr(rule, timer["handler"])(ctx, payload)
