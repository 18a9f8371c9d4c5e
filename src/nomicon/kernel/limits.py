"""Sliding limits: "a player may not take the same action more than 30 times in a
given 24 hour period".

The state keeps, for each limit and holder, the times of their uses still inside the
window (``limits.<key>.<holder>``: a list of ISO times, oldest first). A use stops
counting once the window's length has passed since it; the list never holds more
than the uses that still count, so asking costs the same at any age of the game.

Why not a rate-limiting library: the uses are part of the game's state (replayed
from the log, rolled back with a refused action) and counted on the game's clock,
while such libraries keep their own buckets on the wall clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from nomicon.kernel import timers
from nomicon.kernel.schedule import parse_duration
from nomicon.kernel.timefmt import iso, parse

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting

LIMITS = "limits"


def _window(ctx: Acting, per: str) -> timedelta:
    return parse_duration(per, units=timers.time_units(ctx.rules))


def recent_uses(ctx: Acting, key: str, holder: str, per: str) -> list[datetime]:
    """The times ``holder`` used ``key`` in the ``per`` (a length of time in the rules'
    words, "24 hours") before now, oldest first."""
    start = ctx.now - _window(ctx, per)
    return [t for t in map(parse, ctx.state.get([LIMITS, key, holder], [])) if t > start]


def uses_left(ctx: Acting, key: str, holder: str, times: int, per: str) -> int:
    """How many more times ``holder`` may use ``key`` now."""
    return max(0, times - len(recent_uses(ctx, key, holder, per)))


def count_use(ctx: Acting, key: str, holder: str, times: int, per: str,
              what: str | None = None) -> None:
    """Count one use of ``key`` (an action's name...) by ``holder`` now, or refuse it,
    in the running rule's name, when ``holder`` has used it ``times`` times in the
    ``per`` before now. ``what`` says the use in the refusal (default: ``key``)."""
    if times < 0:
        raise ValueError(f"a limit of {times} uses makes no sense")
    used = recent_uses(ctx, key, holder, per)
    if len(used) >= times:
        # The use that must stop counting before another is allowed.
        freed = used[len(used) - times] + _window(ctx, per) if times else None
        ctx.refuse(f"{holder} may {what or key} at most {times} times in any {per}",
                   detail=f"used {len(used)} times since {iso(used[0])}"
                          + (f"; next allowed at {iso(freed)}" if freed else "")
                   if used else None)
    if ctx.state.get([LIMITS], None) is None:
        ctx.state.set([LIMITS], {})
    if ctx.state.get([LIMITS, key], None) is None:
        ctx.state.set([LIMITS, key], {})
    ctx.state.set([LIMITS, key, holder], [*map(iso, used), iso(ctx.now)])
