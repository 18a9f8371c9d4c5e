"""Pausing a game: its clocks stop, and start again where they stopped.

Diplomacy's errata: "No game play shall occur while the game is in a state of
pause, and no time in a state of pause shall count towards any durations in the
game, except for counting towards the pause duration, of course." The admin (the
``pause`` and ``resume`` actions) or a rule (``ctx.pause``, ``ctx.resume``) pauses a
game; the state keeps ``game.paused = {since, reason, by, until}`` while it lasts.

While a game is paused no timer fires (no schedule, countdown, prompt deadline or
status end) but the one that ends the pause, when it was given an end (``until``:
the errata's "3 consecutive days"). When the game resumes, every timer's due time
moves on by the paused span, and with them the deadlines of open prompts and the
ends of statuses: a 73-hour countdown paused after 20 hours still has 53 hours to
run. A schedule on the calendar ("every day at noon") keeps to the calendar instead,
skipping the times the pause covered (``timers.shift``). Pausing and resuming are
events (``game.paused``, ``game.resumed`` with the span in seconds), so rules that
keep times of their own can move them in a hook.

The kernel stops only the clock: what players may still do during a pause is the
rules' to say (a veto that asks ``ctx.is_paused()``), since the referee of a paused
Diplomacy game must still be able to acknowledge a replacement.

A game nobody visits during a pause catches up exactly: the timer that ends the
pause fires at its own time, moves the others on, and they fire at their own times
after it.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from nomicon.kernel import events, statuses, timers
from nomicon.kernel.timefmt import iso, parse

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting


def paused(root: dict[str, Any]) -> dict[str, Any] | None:
    """The record of the pause the game is in (None: it is running)."""
    record: dict[str, Any] | None = root["game"].get("paused")
    return record


def pause(ctx: Acting, reason: str, *, until: datetime | timedelta | None = None) -> None:
    """Pause the game now, for ``reason``; it resumes by itself at ``until`` (a time,
    or a time from now) if given. A game already paused is refused."""
    current = paused(ctx.state.root)
    if current is not None:
        ctx.refuse(f"the game is already paused, since {current['since']} "
                   f"({current['reason']})")
    end: datetime | None = None
    if until is not None:
        end = ctx.now + until if isinstance(until, timedelta) else until
        if end <= ctx.now:
            raise ValueError(f"a pause must end after it begins ({iso(ctx.now)}), "
                             f"not at {iso(end)}")
    record = {"since": iso(ctx.now), "reason": reason, "by": ctx.actor,
              "until": iso(end) if end is not None else None}
    if end is not None:
        timers.set_timer(ctx, timers.PAUSE_END_KEY, end, None, timers.PAUSE_END, {})
    ctx.set(["game", "paused"], record)
    lasting = f" until {record['until']}" if end is not None else ""
    ctx.emit(events.GAME_PAUSED, f"the game is paused{lasting}: {reason}", **record)


def resume(ctx: Acting, reason: str) -> None:
    """Resume a paused game now: every timer, prompt deadline and status end moves on
    by the time it was paused. A game that is not paused is refused."""
    current = paused(ctx.state.root)
    if current is None:
        ctx.refuse("the game is not paused")
    span = ctx.now - parse(current["since"])
    ctx.state.delete(["game", "paused"])
    ctx.state.delete(["timers", timers.PAUSE_END_KEY])
    timers.shift(ctx, span, timers.time_units(ctx.rules))
    statuses.follow_timers(ctx)
    for index, prompt in enumerate(ctx.state.get(["prompts"], [])):
        due = ctx.state.get(["timers", f"prompt:{prompt['id']}", "due"], None)
        if prompt.get("deadline") is not None and due is not None:
            ctx.set(["prompts", index, "deadline"], due)
    ctx.emit(events.GAME_RESUMED, f"the game resumes after {span}: {reason}",
             since=current["since"], span=span.total_seconds(), reason=reason,
             by=ctx.actor)


def end_by_clock(ctx: Acting, payload: dict[str, Any]) -> None:
    """The kernel timer's handler: the pause's time is up."""
    resume(ctx, "the pause's time is up")
