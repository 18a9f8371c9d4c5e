"""Cool-downs: "that unit/building may not be issued another command until the cool
down time for the command has elapsed".

A cool-down is the kernel's status ``cooling-down`` on the unit or building
(``statuses.<id>.cooling-down``), rather than a ``cooldown_until`` attribute of its
own: the status already has what a cool-down needs and an attribute would have to
build again. Its end is a kernel timer, so a game nobody visited ends it at exactly
its time when it catches up (Nomopoly IV: "if you see a bunch of units have their
cool downs ended at once, it's not a bug"); a pause moves it on with the game's
clock; a transformation keeps it, since it is keyed by the id; and its end is a
``status.ended`` event with its cause, which the rule of the commands framework turns
into ``cooldown.ended`` (with the command that started it) for rules to hook.

The command that started a cool-down is kept on the entity (``last_command``:
``{command, args}``), since a status's end does not carry its data.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from nomicon.kernel.timefmt import parse

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: The status that a cooling-down unit or building has.
STATUS = "cooling-down"
#: The entity's attribute that names the command its cool-down is for.
LAST_COMMAND = "last_command"


def until(ctx: Ctx, eid: str) -> datetime | None:
    """When ``eid`` stops cooling down (None: it is not cooling down)."""
    held = ctx.status(eid, STATUS)
    if held is None or held["until"] is None:
        return None
    return parse(held["until"])


def is_cooling(ctx: Ctx, eid: str) -> bool:
    return until(ctx, eid) is not None


def remaining(ctx: Ctx, eid: str) -> timedelta:
    """How long ``eid`` still cools down (zero when it does not)."""
    end = until(ctx, eid)
    return max(end - ctx.now, timedelta(0)) if end is not None else timedelta(0)


def cooling(ctx: Ctx) -> list[str]:
    """Every unit and building cooling down now."""
    return ctx.holders_of(STATUS)


def start(ctx: Ctx, eid: str, duration: timedelta, *, command: str | None = None,
          args: dict[str, Any] | None = None) -> datetime | None:
    """Make ``eid`` cool down for ``duration`` from now; a cool-down that ends later
    already is kept (two overlapping cool-downs end with the later). No time (a
    command whose "Cool down time: None") starts nothing. Returns the end."""
    current = until(ctx, eid)
    if duration <= timedelta(0):
        return current
    end = ctx.now + duration
    if current is not None and current >= end:
        return current
    if command is not None:
        ctx.set_entity(eid, **{LAST_COMMAND: {"command": command, "args": dict(args or {})}})
    ctx.grant_status(eid, STATUS, until=end, data={"command": command})
    return end


def extend(ctx: Ctx, eid: str, by: timedelta) -> datetime | None:
    """Lengthen the cool-down of ``eid`` by ``by`` ("will have their cool down time
    extended by 1 hour"); None, changing nothing, if it is not cooling down."""
    current = until(ctx, eid)
    held = ctx.status(eid, STATUS)
    if current is None or held is None or by <= timedelta(0):
        return current
    ctx.grant_status(eid, STATUS, until=current + by, data=held["data"], by=held["by"])
    return current + by


def end(ctx: Ctx, eid: str, reason: str) -> bool:
    """End the cool-down of ``eid`` now ("will have its cool down ended"), for
    ``reason``; False if it was not cooling down."""
    return ctx.end_status(eid, STATUS, reason)
