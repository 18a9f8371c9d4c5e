"""The Infinite Nomic board as the rules share it: spaces, features, and moving.

Features are kept as their names on each space (``board.spaces.<n>.features``), the
way the players name them ("Cop Car", "House (alice)", "Snake 1U"); a feature's type
is the longest type name declared by a rule in force that the name starts with.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nomicon.authoring import turns
from nomicon.boards import ring
from nomicon.packs.infinite_nomic.events import (
    BOARD_GREW,
    LANDED,
    MOVED,
    PLACED,
    TURN_ENDED,
    TURN_ENDING,
    Landed,
)

if TYPE_CHECKING:
    from nomicon.authoring import Ctx

JAIL = "Jail"
GULAG = "Gulag"
LOWEST = 1


def size(ctx: Ctx) -> int:
    value: int = ctx.get(["board", "size"])
    return value


def location(ctx: Ctx, player: str) -> Any:
    return ctx.attr(player, "location")


def on_primary(ctx: Ctx, player: str) -> bool:
    return ring.is_space(location(ctx, player), size(ctx))


def features_at(ctx: Ctx, space: int) -> list[str]:
    found: list[str] = ctx.get(["board", "spaces", str(space), "features"], [])
    return found


def add_feature(ctx: Ctx, space: int, name: str) -> None:
    ctx.set(["board", "spaces", str(space), "features"], [*features_at(ctx, space), name])


def remove_feature(ctx: Ctx, space: int, name: str) -> None:
    names = features_at(ctx, space)
    if name in names:
        rest = list(names)
        rest.remove(name)
        ctx.set(["board", "spaces", str(space), "features"], rest)


def spaces_with(ctx: Ctx, name: str) -> list[int]:
    return [int(n) for n, space in ctx.get(["board", "spaces"], {}).items()
            if name in space["features"]]


def feature_types(ctx: Ctx) -> list[str]:
    types: list[str] = []
    for _rule, names in ctx.contributions("feature_types"):
        types.extend(names)
    return types


def type_of(ctx: Ctx, name: str) -> str:
    return type_among(name, feature_types(ctx))


def type_among(name: str, kinds: list[str]) -> str:
    """The type of the feature called ``name`` ("Snake 1U" is a Snake), among ``kinds``:
    the longest that names it, or the name itself."""
    best = name
    matched = 0
    for kind in kinds:
        if (name == kind or name.startswith(kind + " ")) and len(kind) > matched:
            best, matched = kind, len(kind)
    return best


def grow(ctx: Ctx, added: int) -> list[int]:
    """Add primary spaces above the highest; returns the new spaces' numbers."""
    old = size(ctx)
    new = list(range(old + 1, old + added + 1))
    for space in new:
        ctx.set(["board", "spaces", str(space)], {"features": []})
    ctx.set(["board", "size"], old + added)
    if new:
        ctx.emit(BOARD_GREW, f"the board grows from {old} to {old + added} spaces",
                 old_size=old, new_size=old + added, spaces=new)
    return new


def move(ctx: Ctx, player: str, steps: int, *, how: str, roll: int | None = None) -> None:
    """Advance (or, with negative steps, regress) a player along the ring, then land."""
    start = location(ctx, player)
    path = ring.advance(start, steps, size(ctx))
    _arrive(ctx, player, path, how=how, roll=roll)


def move_to(ctx: Ctx, player: str, target: int, *, how: str, roll: int | None = None) -> None:
    """Move straight to a space without wrapping (a ladder up, a snake down); ``roll``
    is the movement roll that led to this move, if one did."""
    start = location(ctx, player)
    lo, hi = sorted((start, target))
    passed = ring.between(lo, hi)
    if target < start:
        passed = tuple(reversed(passed))
    _arrive(ctx, player, ring.Path(start, target, passed, 0), how=how, roll=roll)


def _arrive(ctx: Ctx, player: str, path: ring.Path, *, how: str, roll: int | None) -> None:
    ctx.set_attr(player, "location", path.end)
    ctx.emit(MOVED, f"{player} moves from space {path.start} to space {path.end} ({how})",
             player=player, start=path.start, end=path.end, passed=list(path.passed),
             loops=path.loops, how=how)
    ctx.dispatch(LANDED, Landed(player=player, space=path.end, how=how, roll=roll))


def place(ctx: Ctx, player: str, where: int | str, why: str) -> None:
    """Put a player somewhere without moving them there (no landing, no passing)."""
    ctx.set_attr(player, "location", where)
    ctx.emit(PLACED, f"{player} is placed on {_where(where)} ({why})", player=player,
             where=where, why=why)


def _where(where: int | str) -> str:
    return f"space {where}" if isinstance(where, int) else str(where)


def end_turn(ctx: Ctx, player: str, how: str) -> None:
    """End ``player``'s turn and begin the next player's (Rule 3)."""
    if turns.current(ctx) != player:
        return
    acted = bool(turns.flag(ctx, "acted", False))
    former = list(turns.order(ctx))
    ctx.emit(TURN_ENDING, f"{player}'s turn ends ({how})", player=player, how=how,
             acted=acted)
    following = turns.following(ctx, player, former)
    ctx.emit(TURN_ENDED, f"{player}'s turn has ended", player=player, how=how, acted=acted,
             following=following)
    turns.begin(ctx, following)
