"""Turn order, as a mechanism the rules of a pack drive.

The kernel does not decide when turns begin or end; rules do. This module keeps the
part every turn-based ruleset shares, under ``turn`` in the state: the order, whose
turn it is, the turn's number and start, and flags the rules set during a turn
(``turn.flags.rolled``...), cleared when the next turn begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nomicon.kernel import events
from nomicon.kernel.timefmt import iso

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx


def order(ctx: Ctx) -> list[str]:
    value: list[str] = ctx.get(["turn", "order"], [])
    return value


def current(ctx: Ctx) -> str | None:
    value: str | None = ctx.get(["turn", "current"], None)
    return value


def flag(ctx: Ctx, name: str, default: Any = None) -> Any:
    return ctx.get(["turn", "flags", name], default)


def set_flag(ctx: Ctx, name: str, value: Any) -> None:
    ctx.set(["turn", "flags", name], value)


def add(ctx: Ctx, player: str) -> None:
    """Put a player at the bottom of the turn order."""
    if player not in order(ctx):
        ctx.set(["turn", "order"], [*order(ctx), player])


def remove(ctx: Ctx, player: str) -> None:
    ctx.set(["turn", "order"], [p for p in order(ctx) if p != player])


def following(ctx: Ctx, player: str, former_order: list[str] | None = None) -> str | None:
    """The player below ``player`` in the order, from the top again after the bottom.

    ``former_order`` is the order in which ``player`` still stood, when they have just
    been removed from it.
    """
    now = order(ctx)
    if not now:
        return None
    if player in now:
        return now[(now.index(player) + 1) % len(now)]
    base = former_order or []
    if player in base:
        after = base[base.index(player) + 1:] + base[: base.index(player)]
        for name in after:
            if name in now:
                return name
    return now[0]


def begin(ctx: Ctx, player: str | None) -> None:
    """Start ``player``'s turn (None: nobody's turn)."""
    ctx.set(["turn", "current"], player)
    ctx.set(["turn", "number"], ctx.get(["turn", "number"], 0) + (1 if player else 0))
    ctx.set(["turn", "started"], iso(ctx.now) if player else None)
    ctx.set(["turn", "flags"], {})
    if player is not None:
        ctx.emit(events.TURN_BEGAN, f"{player}'s turn begins", player=player)
