"""Damage, destruction and points: Grid Objects destroyed, dice sums of damage, and
points paid or lost (into the Gremlin Fund unless a rule says to whom), never more
than a player has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nomicon.packs.bnomic_grid.occupants import obj
from nomicon.packs.bnomic_grid.terms import FUND, POINTS, kind

if TYPE_CHECKING:
    from nomicon.authoring import Ctx


# -- damage and destruction -------------------------------------------------------------
def destroy(ctx: Ctx, oid: str, why: str, *, by: str | None = None,
            to: list[str] | None = None) -> None:
    """Remove an object from the game (``by``: the player who did it, if one did;
    ``to``: who may read of it; None: everyone)."""
    record = obj(ctx, oid)
    if record is None:
        return
    if ctx.state.has(["board", "flights", oid]):
        ctx.state.delete(["board", "flights", oid])
    ctx.cancel_timer(f"land:{oid}")
    ctx.destroy_entity(oid, cause=why, by=by, to=to,
                       message=f"the {kind(record).label} {oid} is destroyed ({why})")


def roll_sum(ctx: Ctx, count: int, sides: int, purpose: str) -> int:
    """NdK as N rolls of 1dK, each labelled with its place in the sum."""
    return sum(ctx.roll(sides, f"{purpose} {count}d{sides} ({i} of {count})")
               for i in range(1, count + 1))


# -- points ----------------------------------------------------------------------------
def has_points(ctx: Ctx) -> bool:
    return POINTS in ctx.rules.currencies


def balance(ctx: Ctx, account: str) -> int:
    return ctx.balance(account, POINTS) if has_points(ctx) else 0


def require_points(ctx: Ctx, player: str, amount: int, what: str) -> None:
    """Refuse (in the running rule's name) unless the player can pay ``amount``."""
    ctx.require(has_points(ctx), "there are no points in this game")
    have = balance(ctx, player)
    ctx.require(have >= amount, f"{what} costs {amount} points; you have {have}")


def charge(ctx: Ctx, player: str, amount: int, what: str) -> None:
    """A price paid in full into the Gremlin Fund."""
    require_points(ctx, player, amount, what)
    ctx.open_account(FUND)
    ctx.transfer(player, FUND, amount, POINTS, what)


def lose_at_most(ctx: Ctx, player: str, amount: int, why: str, to: str | None = None) -> int:
    """A loss of up to ``amount`` points, never more than the player has, to a player
    or (by default) to the Gremlin Fund. Returns what was lost."""
    if not has_points(ctx) or amount <= 0:
        return 0
    lost = min(amount, max(balance(ctx, player), 0))
    if lost <= 0:
        return 0
    target = to if to is not None else FUND
    ctx.open_account(target)
    return ctx.transfer(player, target, lost, POINTS, why)
