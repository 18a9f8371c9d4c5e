"""Statuses: named conditions a player or an entity is in for a time.

An enchantment, Sick, Hurt, In Reverse, invisible, a Force Field, Chains: a rule
grants a status to a holder, for a time or until it is removed, and rules ask whether
the holder has it. The state keeps ``statuses.<holder>.<name>``::

    {"since": <when granted>, "until": <when it ends, or None>, "by": <who granted
     it: the acting player or the admin; None for the clock>, "data": {...}}

Granting a status the holder has already resets it: its end, its data and who gave
it (``since`` stays: the holder has had it all along). The kernel's timer
``status:<holder>:<name>`` ends it at ``until``, so a game nobody visited ends it at
exactly that time when it catches up; a re-grant replaces that timer, so the old end
never fires. Ending, by the clock or by a rule, is a ``status.ended`` event (with
its cause: ``expired``, or the reason the rule gave), granting a ``status.granted``
event; both are keyed by the status's name, so ``@hook("status.ended", key="Sick")``
reacts to one status and ``@hook("status.ended")`` to all.

A status is held on ``[since, until)``: asked at ``until`` itself, it is over, even
in a batch that runs at that instant before the timer that ends it. During a pause
the game's time stands still (``timers.game_now``), so a status neither runs out nor
shortens; when the game resumes its end moves on with its timer.

A status stays when the rule that granted it is repealed: it is its holder's, and
ends by its clock or when a rule ends it. Statuses are public; a rule that keeps one
secret removes it from views in ``redact``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypedDict

from nomicon.kernel import events, timers
from nomicon.kernel.timefmt import iso, parse

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

#: Where the state keeps statuses.
TABLE = "statuses"


class Status(TypedDict):
    """A status as the state keeps it (times are ISO text)."""

    since: str
    until: str | None
    by: str | None
    data: dict[str, Any]


def timer_key(holder: str, name: str) -> str:
    """The key of the timer that ends ``holder``'s status ``name`` (names hold no
    ``:``, so the key splits back at its last one)."""
    return f"status:{holder}:{name}"


def _check(ctx: Acting, holder: str, name: str) -> None:
    if not isinstance(name, str) or not name or ":" in name or "." in name:
        raise ValueError(f"a status's name is text without ':' or '.', not {name!r}")
    if not (ctx.is_player(holder) or ctx.state.has(["entities", holder])):
        raise ValueError(f"there is no player or entity {holder!r} to be {name}")


def grant(ctx: Acting, holder: str, name: str, *, until: datetime | timedelta | None = None,
          data: dict[str, Any] | None = None, by: str | None = None) -> Status:
    """Give ``holder`` the status ``name`` until ``until`` (a time, or a time from now;
    None: until it is removed), or reset it if they have it; returns the record."""
    _check(ctx, holder, name)
    now = timers.game_now(ctx.state.root, ctx.now)
    held = get(ctx, holder, name)
    end: datetime | None = None
    key = timer_key(holder, name)
    if until is not None:
        end = ctx.now + until if isinstance(until, timedelta) else until
        if end <= ctx.now:
            raise ValueError(f"{holder}'s status {name} would end at {iso(end)}, which is "
                             f"not after now ({iso(ctx.now)})")
        end = timers.set_timer(ctx, key, end, None, timers.STATUS_END,
                               {"holder": holder, "name": name})
    else:
        ctx.state.delete(["timers", key])
    record: Status = {"since": held["since"] if held else iso(now),
                      "until": iso(end) if end is not None else None,
                      "by": by if by is not None else ctx.actor, "data": dict(data or {})}
    if not ctx.state.has([TABLE]):
        ctx.set([TABLE], {})
    if not ctx.state.has([TABLE, holder]):
        ctx.set([TABLE, holder], {})
    ctx.set([TABLE, holder, name], record)
    lasting = f" until {record['until']}" if end is not None else ""
    ctx.emit(events.STATUS_GRANTED, f"{holder} is {name}{lasting}", key=name, holder=holder,
             name=name, until=record["until"], by=record["by"], data=record["data"],
             again=held is not None)
    return record


def get(ctx: Acting, holder: str, name: str) -> Status | None:
    """``holder``'s status ``name`` if they have it now (a copy), else None."""
    record: dict[str, Any] | None = ctx.state.get([TABLE, holder, name], None)
    if record is None:
        return None
    until = record["until"]
    if until is not None and parse(until) <= timers.game_now(ctx.state.root, ctx.now):
        return None  # its end is due at this instant: over, whatever fires first
    return {"since": record["since"], "until": until, "by": record["by"],
            "data": dict(record["data"])}


def holders(ctx: Acting, name: str) -> list[str]:
    """Who has the status ``name`` now, in the order they first got a status."""
    return [holder for holder in ctx.state.get([TABLE], {}) if get(ctx, holder, name)]


def end(ctx: Acting, holder: str, name: str, cause: str) -> bool:
    """End ``holder``'s status ``name`` for ``cause`` (a ``status.ended`` event);
    False, changing nothing, if they do not have it."""
    record = ctx.state.get([TABLE, holder, name], None)
    if record is None:
        return False
    ctx.state.delete(["timers", timer_key(holder, name)])
    ctx.state.delete([TABLE, holder, name])
    if not ctx.state.get([TABLE, holder]):
        ctx.state.delete([TABLE, holder])
    ctx.emit(events.STATUS_ENDED, f"{holder} is no longer {name} ({cause})", key=name,
             holder=holder, name=name, cause=cause, since=record["since"],
             until=record["until"])
    return True


def expire(ctx: Acting, payload: dict[str, Any]) -> None:
    """The kernel timer's handler: the status's time is up."""
    end(ctx, payload["holder"], payload["name"], "expired")


def follow_timers(ctx: Acting) -> None:
    """Set each status's end to its timer's due time (after a pause moved the timers)."""
    for holder, held in ctx.state.get([TABLE], {}).items():
        for name, record in held.items():
            due = ctx.state.get(["timers", timer_key(holder, name), "due"], None)
            if record["until"] is not None and due is not None:
                ctx.set([TABLE, holder, name, "until"], due)
