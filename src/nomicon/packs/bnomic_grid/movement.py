"""Occupancy and movement: who and what may stand on a square, random squares that
a rule allows, and moving players and Grid Objects (carried Toads travel with their
carrier; what a player drops stays or falls).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nomicon.boards.grid import LIMBO, Direction, Square, as_square, step
from nomicon.packs.bnomic_grid.board import grid, square_label
from nomicon.packs.bnomic_grid.events import (
    MOVE_FAILED,
    MOVED,
    OBJECT_MOVED,
    TOAD_DROPPED,
)
from nomicon.packs.bnomic_grid.occupants import (
    carried_toads,
    free_players_at,
    held,
    impassable_at,
    location,
    obj,
    object_square,
    objects_at,
    players_at,
    update,
)
from nomicon.packs.bnomic_grid.terms import IMPASSABLE, kind

if TYPE_CHECKING:
    from nomicon.authoring import Ctx


# -- who may stand where ----------------------------------------------------------------
def may_share(ctx: Ctx, mover: str, occupant: str) -> bool:
    """May two players occupy one square? B.1 says never; rules that say otherwise
    (F.1: Toads) answer through the ``grid.may-share`` adjuster (C: Deference)."""
    answer = ctx.adjust("grid.may-share", {"mover": mover, "occupant": occupant,
                                           "allowed": False})
    return bool(answer and answer["allowed"])


def may_player_occupy(ctx: Ctx, player: str, square: Square) -> bool:
    if not grid(ctx).contains(square) or impassable_at(ctx, square):
        return False
    return all(may_share(ctx, player, other) for other in free_players_at(ctx, square,
                                                                          but=player))


def may_object_occupy(ctx: Ctx, square: Square) -> bool:
    """A Passable Grid Object may enter any square of the Grid without an Impassable
    object (A.2)."""
    return grid(ctx).contains(square) and not impassable_at(ctx, square)


def is_vacant(ctx: Ctx, square: Square) -> bool:
    """No player and no Grid Object (a hidden Bonus Box does not count)."""
    return (grid(ctx).contains(square) and not players_at(ctx, square)
            and not objects_at(ctx, square, hidden=False))


def vacant_squares(ctx: Ctx) -> list[Square]:
    taken = {location(ctx, p) for p in ctx.players()}
    for where in ctx.entity_locations():
        square = as_square(where)
        if square is not None and objects_at(ctx, square, hidden=False):
            taken.add(square)
    return [s for s in grid(ctx).squares() if s not in taken]


def unoccupied_squares(ctx: Ctx) -> list[Square]:
    """Squares with no player and no Impassable object: where a player could stand."""
    taken = {location(ctx, p) for p in ctx.players()}
    for kind_name in sorted(IMPASSABLE):
        for oid in ctx.entities_of(kind_name):
            record = obj(ctx, oid)
            taken.add(object_square(record) if record else None)
    return [s for s in grid(ctx).squares() if s not in taken]


# -- chance ----------------------------------------------------------------------------
# Random squares are drawn by rolling for x and for y; after this many draws that
# miss every legal square, one roll chooses among the legal squares listed in order.
TRIES = 50


def random_square(ctx: Ctx, purpose: str, accept: Callable[[Square], bool], *,
                  around: Square | None = None, radius: int = 0) -> Square | None:
    """A random square that ``accept`` allows (None if there is none).

    Rolls 1dW for x and 1dH for y (around a square: 1d(2r+1) for each offset, the
    roll minus r+1), again until the square is allowed; after TRIES misses, 1dK over
    the allowed squares listed by x and then by y.
    """
    the_grid = grid(ctx)
    pool = the_grid.within(around, radius) if around is not None else list(the_grid.squares())
    allowed = [s for s in pool if accept(s)]
    if not allowed:
        return None
    allowed_set = set(allowed)
    for _ in range(TRIES):
        if around is not None:
            sides = 2 * radius + 1
            dx = ctx.roll(sides, f"{purpose}: x offset 1d{sides}") - radius - 1
            dy = ctx.roll(sides, f"{purpose}: y offset 1d{sides}") - radius - 1
            square = (around[0] + dx, around[1] + dy)
        else:
            square = (ctx.roll(the_grid.width, f"{purpose}: x 1d{the_grid.width}"),
                      ctx.roll(the_grid.height, f"{purpose}: y 1d{the_grid.height}"))
        if square in allowed_set:
            return square
    return ctx.pick(allowed, f"{purpose}: one of {len(allowed)} squares")


# -- moving ----------------------------------------------------------------------------
def relocate_player(ctx: Ctx, player: str, end: Square | str | None, *, how: str,
                    direction: Direction | None = None) -> None:
    """Put a player on a square (or in Limbo, or in the air) and say so; carried Toads
    travel with their carrier (B.3). The ``moved`` event's hooks apply what entering a
    square does (Fire, Frozen squares, Bonus Boxes, Sirens)."""
    start = ctx.attr(player, "location", LIMBO)
    stored: Any = list(end) if isinstance(end, tuple) else end
    ctx.set_attr(player, "location", stored)
    for toad in carried_toads(ctx, player):
        ctx.set_attr(toad, "location", stored)
    square = as_square(stored)
    text = square_label(square) if square or stored is not None else "the air"
    ctx.emit(MOVED, f"{player} {how}: now at {text}", player=player, start=start,
             end=stored, how=how, direction=list(direction) if direction else None)


def move_player(ctx: Ctx, player: str, way: Direction, *, how: str) -> bool:
    """One Move to the consecutive square in direction ``way``; False if the Move
    fails (off the Grid, Impassable, or a square the player may not occupy)."""
    start = location(ctx, player)
    if start is None:
        return False
    end = step(start, way)
    if not may_player_occupy(ctx, player, end):
        ctx.emit(MOVE_FAILED, f"{player} cannot move from {square_label(start)} to "
                              f"{square_label(end)} "
                 f"({how}) and stays", player=player, start=list(start), end=list(end))
        return False
    relocate_player(ctx, player, end, how=how, direction=way)
    return True


def relocate_object(ctx: Ctx, oid: str, end: Square | None, *, how: str,
                    direction: Direction | None = None, holder: str | None = None) -> None:
    record = obj(ctx, oid)
    if record is None:
        return
    start = record.get("location")
    start = start if as_square(start) is not None else None  # not the holder's name
    update(ctx, oid, location=list(end) if end else holder, airborne=None)
    label = kind(record).label
    text = square_label(end) if end else (f"{holder}'s possession" if holder else "nowhere")
    ctx.emit(OBJECT_MOVED, f"the {label} {oid} {how}: now at {text}", object=oid,
             kind=record.get("kind"), start=start, end=list(end) if end else None, how=how,
             direction=list(direction) if direction else None, holder=holder)


def move_object(ctx: Ctx, oid: str, way: Direction, *, how: str) -> bool:
    record = obj(ctx, oid)
    start = object_square(record) if record else None
    if start is None:
        return False
    end = step(start, way)
    if not may_object_occupy(ctx, end):
        ctx.emit(MOVE_FAILED, f"the {kind(record or {}).label} {oid} cannot move to "
                 f"{square_label(end)} ({how}) and stays", object=oid, start=list(start),
                 end=list(end))
        return False
    relocate_object(ctx, oid, end, how=how, direction=way)
    return True


def push(ctx: Ctx, thing: str, way: Direction, times: int, *, how: str) -> None:
    """Move a player or an object ``times`` Moves in one direction, stopping at the
    first Move that fails."""
    for _ in range(times):
        moved = (move_player(ctx, thing, way, how=how) if ctx.is_player(thing)
                 else move_object(ctx, thing, way, how=how))
        if not moved:
            return


def drop_all(ctx: Ctx, player: str, why: str) -> None:
    """Drop every carryable object in a player's possession where e stands (B.3)."""
    here = location(ctx, player)
    for oid in held(ctx, player):
        if not kind(obj(ctx, oid) or {}).carryable:
            continue
        if here is not None:
            relocate_object(ctx, oid, here, how=f"is dropped by {player} ({why})")
        else:
            # Dropped in mid-air, the object Falls: a random legal square (D.1).
            square = random_square(ctx, f"{oid} falls", lambda s: may_object_occupy(ctx, s))
            relocate_object(ctx, oid, square, how=f"falls from {player} ({why})")
    for toad in carried_toads(ctx, player):
        ctx.set_attr(toad, "carried_by", None)
        if here is None:
            ctx.set_attr(toad, "location", LIMBO)
        ctx.emit(TOAD_DROPPED, f"{player} drops the Toad {toad} ({why})", player=player,
                 toad=toad)
