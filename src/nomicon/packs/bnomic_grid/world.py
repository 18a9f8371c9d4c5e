"""The Grid as the rules of B Nomic share it: squares, Grid Objects, players' places,
points, and the time counted in ndays and nweeks.

State (under ``board``): ``width``, ``height``, ``nweek`` (the number of the current
nweek, from 1), ``temperature``, ``squares`` (``"x,y"`` -> substance, depth, wet,
frozen; only squares that differ from the default), ``objects`` (id -> kind,
location ``[x, y]`` or None, airborne target or None, holder, and what the kind
adds), ``flights`` (thing -> thrower and catchers) and ``counters`` (for new ids).

A player's place is ``players.<name>.location``: ``[x, y]``, ``"Limbo"``, or None
while the player is airborne (a thrown Toad). Players are named by their names,
objects by their ids; a Toad carried or thrown as an object is ``toad:<name>``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from nomicon.authoring import parse
from nomicon.boards.grid import LIMBO, Direction, Grid, Square, as_square, key, step
from nomicon.packs.bnomic_grid.events import (
    MOVE_FAILED,
    MOVED,
    OBJECT_DESTROYED,
    OBJECT_MOVED,
    TOAD_DROPPED,
)

if TYPE_CHECKING:
    from nomicon.authoring import Ctx

PACK = "bnomic-grid"
FUND = "gremlin-fund"
POINTS = "points"
TOAD_PREFIX = "toad:"
# Random squares are drawn by rolling for x and for y; after this many draws that
# miss every legal square, one roll chooses among the legal squares listed in order.
TRIES = 50

BIG_ROCK, SIREN, BAIT, PURSE = "big-rock", "siren", "bait", "purse"
YETI, GREMLIN, AIRWAYS, TOWER = "yeti", "gremlin", "elbonian-airways", "radar-tower"
STICK, SHIELD, WAX, EARWAX = "big-stick", "shield", "wax", "earwax"
GUN, BOX = "pinball-gun", "bonus-box"


@dataclass(frozen=True)
class Kind:
    """What the rules say of a kind of Grid Object (A.2: Passable MOs unless said)."""

    label: str
    mobile: bool = True
    passable: bool = True
    carryable: bool = False


KINDS: dict[str, Kind] = {
    BIG_ROCK: Kind("Big Rock", mobile=False, passable=False),
    SIREN: Kind("Siren", mobile=False, passable=False),
    BAIT: Kind("Siren Bait", mobile=False),
    PURSE: Kind("Purse", mobile=False),
    YETI: Kind("Yeti"),
    GREMLIN: Kind("Gremlin"),
    AIRWAYS: Kind("Elbonian Airways", mobile=False),
    TOWER: Kind("Radar Tower", mobile=False),
    STICK: Kind("Big Stick", carryable=True),
    SHIELD: Kind("Shield", carryable=True),
    WAX: Kind("Ball of Wax", carryable=True),
    EARWAX: Kind("Ball of Earwax", carryable=True),
    GUN: Kind("Pinball Gun", mobile=False),
    BOX: Kind("Bonus Box", mobile=False),
}
# Kinds that rules explicitly allow to share a square although some are Impassable:
# a Siren sits on eir Big Rock (E.2.1) and Siren Bait is placed on one (E.2.4).
OVERLAPPING = frozenset({BIG_ROCK, SIREN, BAIT})


def kind(record: dict[str, Any]) -> Kind:
    return KINDS.get(str(record.get("kind")), Kind(str(record.get("kind"))))


# -- the grid and time ----------------------------------------------------------------
def grid(ctx: Ctx) -> Grid:
    return Grid(int(ctx.get(["board", "width"], 20)), int(ctx.get(["board", "height"], 20)))


def nweek(ctx: Ctx) -> int:
    value: int = ctx.get(["board", "nweek"], 1)
    return value


def game_begins(ctx: Ctx) -> bool:
    """Is this the instant the game begins, the start of the 1st nday of nweek 1?"""
    start = ctx.get(["game", "start"], None)
    return isinstance(start, str) and parse(start) == ctx.now


def nday_length(ctx: Ctx) -> timedelta:
    units = ctx.game.time_units()
    length: timedelta = units.get("nday", timedelta(days=1))
    return length


def nweek_length(ctx: Ctx) -> timedelta:
    units = ctx.game.time_units()
    length: timedelta = units.get("nweek", timedelta(days=7))
    return length


def square_label(square: Square | None) -> str:
    return f"({square[0]},{square[1]})" if square else LIMBO


# -- squares --------------------------------------------------------------------------
SQUARE_DEFAULT: dict[str, Any] = {"substance": "Turf", "depth": 0, "wet": False,
                                  "frozen": False}


def square_of(ctx: Ctx, square: Square) -> dict[str, Any]:
    record = ctx.get(["board", "squares", key(square)], None)
    merged = dict(SQUARE_DEFAULT)
    if isinstance(record, dict):
        merged.update(record)
    return merged


def set_square(ctx: Ctx, square: Square, **changes: Any) -> None:
    """Change a square's attributes; a square back to the default has no record."""
    record = {**square_of(ctx, square), **changes}
    if not ctx.state.has(["board", "squares"]):
        ctx.set(["board", "squares"], {})
    if record == SQUARE_DEFAULT:
        ctx.state.delete(["board", "squares", key(square)])
    else:
        ctx.set(["board", "squares", key(square)], record)


def squares_where(ctx: Ctx, test: Callable[[dict[str, Any]], bool]) -> list[Square]:
    found = []
    for text, record in ctx.get(["board", "squares"], {}).items():
        try:
            x, y = (int(p) for p in text.split(","))
        except ValueError:
            continue
        if isinstance(record, dict) and test({**SQUARE_DEFAULT, **record}):
            found.append((x, y))
    return sorted(found)


# -- players ---------------------------------------------------------------------------
def location(ctx: Ctx, player: str) -> Square | None:
    """The square a player occupies, or None (in Limbo, or airborne)."""
    return as_square(ctx.attr(player, "location", LIMBO))


def on_grid(ctx: Ctx, player: str) -> bool:
    return location(ctx, player) is not None


def status(ctx: Ctx, player: str) -> list[str]:
    found = ctx.attr(player, "status", [])
    return list(found) if isinstance(found, list) else []


def has_status(ctx: Ctx, player: str, name: str) -> bool:
    return name in status(ctx, player)


def add_status(ctx: Ctx, player: str, name: str) -> None:
    if not has_status(ctx, player, name):
        ctx.set_attr(player, "status", [*status(ctx, player), name])


def remove_status(ctx: Ctx, player: str, name: str) -> None:
    if has_status(ctx, player, name):
        ctx.set_attr(player, "status", [s for s in status(ctx, player) if s != name])


def is_toad(ctx: Ctx, player: str) -> bool:
    return has_status(ctx, player, "Toad")


def is_female(ctx: Ctx, player: str) -> bool:
    return bool(ctx.attr(player, "female", False))


def is_cheerleader(ctx: Ctx, player: str) -> bool:
    return bool(ctx.attr(player, "cheerleader", False))


def carrier_of(ctx: Ctx, player: str) -> str | None:
    value = ctx.attr(player, "carried_by", None)
    return value if isinstance(value, str) and ctx.is_player(value) else None


def players_at(ctx: Ctx, square: Square, *, but: str | None = None) -> list[str]:
    """Players on a square (carried Toads included), in joining order."""
    return [p for p in ctx.players() if p != but and location(ctx, p) == square]


def free_players_at(ctx: Ctx, square: Square, *, but: str | None = None) -> list[str]:
    """Players standing on a square by themselves (not carried by anyone)."""
    return [p for p in players_at(ctx, square, but=but) if carrier_of(ctx, p) is None]


# -- objects ---------------------------------------------------------------------------
def objects(ctx: Ctx) -> dict[str, dict[str, Any]]:
    found = ctx.get(["board", "objects"], {})
    return found if isinstance(found, dict) else {}


def obj(ctx: Ctx, oid: str) -> dict[str, Any] | None:
    record = objects(ctx).get(oid)
    return record if isinstance(record, dict) else None


def of_kind(ctx: Ctx, *kinds: str) -> list[str]:
    return [oid for oid, rec in objects(ctx).items() if rec.get("kind") in kinds]


def object_square(record: dict[str, Any]) -> Square | None:
    return as_square(record.get("location"))


def objects_at(ctx: Ctx, square: Square, *, hidden: bool = True) -> list[str]:
    """Ids of the objects on a square. ``hidden=False`` leaves out Bonus Boxes, which
    are hidden from the players and so never stop anything."""
    return [oid for oid, rec in objects(ctx).items()
            if object_square(rec) == square and (hidden or rec.get("kind") != BOX)]


def impassable_at(ctx: Ctx, square: Square) -> bool:
    return any(not kind(objects(ctx)[oid]).passable for oid in objects_at(ctx, square))


def new_id(ctx: Ctx, kind_name: str) -> str:
    n = ctx.get(["board", "counters", kind_name], 0) + 1
    if not ctx.state.has(["board", "counters"]):
        ctx.set(["board", "counters"], {})
    ctx.set(["board", "counters", kind_name], n)
    return f"{kind_name}-{n}"


def create(ctx: Ctx, kind_name: str, *, oid: str | None = None, location: Square | None = None,
           holder: str | None = None, **fields: Any) -> str:
    """A new Grid Object (on a square, held by a player, or nowhere yet)."""
    oid = oid or new_id(ctx, kind_name)
    if not ctx.state.has(["board", "objects"]):
        ctx.set(["board", "objects"], {})
    ctx.set(["board", "objects", oid], {
        "kind": kind_name, "location": list(location) if location else None,
        "airborne": None, "holder": holder, **fields})
    return oid


def update(ctx: Ctx, oid: str, **fields: Any) -> None:
    for name, value in fields.items():
        ctx.set(["board", "objects", oid, name], list(value) if isinstance(value, tuple)
                else value)


def destroy(ctx: Ctx, oid: str, why: str, *, to: list[str] | None = None) -> None:
    """Remove an object from the game (``to``: who may read of it; None: everyone)."""
    record = obj(ctx, oid)
    if record is None:
        return
    ctx.state.delete(["board", "objects", oid])
    if ctx.state.has(["board", "flights", oid]):
        ctx.state.delete(["board", "flights", oid])
    ctx.cancel_timer(f"land:{oid}")
    ctx.emit(OBJECT_DESTROYED, f"the {kind(record).label} {oid} is destroyed ({why})",
             to=to, object=oid, kind=record.get("kind"), why=why)


def held(ctx: Ctx, player: str, *kinds: str) -> list[str]:
    """Objects in a player's possession (not worn), of the given kinds or of any."""
    return [oid for oid, rec in objects(ctx).items()
            if rec.get("holder") == player and not rec.get("worn")
            and (not kinds or rec.get("kind") in kinds)]


def carried_toads(ctx: Ctx, player: str) -> list[str]:
    return [p for p in ctx.players() if carrier_of(ctx, p) == player]


def possessions(ctx: Ctx, player: str) -> list[str]:
    return [*held(ctx, player), *(TOAD_PREFIX + p for p in carried_toads(ctx, player))]


def toad_name(thing: str) -> str | None:
    return thing[len(TOAD_PREFIX):] if thing.startswith(TOAD_PREFIX) else None


def is_carryable(ctx: Ctx, thing: str) -> bool:
    name = toad_name(thing)
    if name is not None:
        return ctx.is_player(name) and is_toad(ctx, name)
    record = obj(ctx, thing)
    return record is not None and kind(record).carryable


# -- who may stand where ------------------------------------------------------------------
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
    taken |= {object_square(rec) for rec in objects(ctx).values() if rec.get("kind") != BOX}
    return [s for s in grid(ctx).squares() if s not in taken]


def unoccupied_squares(ctx: Ctx) -> list[Square]:
    """Squares with no player and no Impassable object: where a player could stand."""
    taken = {location(ctx, p) for p in ctx.players()}
    taken |= {object_square(rec) for rec in objects(ctx).values() if not kind(rec).passable}
    return [s for s in grid(ctx).squares() if s not in taken]


# -- chance --------------------------------------------------------------------------------
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


def roll_sum(ctx: Ctx, count: int, sides: int, purpose: str) -> int:
    """NdK as N rolls of 1dK, each labelled with its place in the sum."""
    return sum(ctx.roll(sides, f"{purpose} {count}d{sides} ({i} of {count})")
               for i in range(1, count + 1))


# -- points ----------------------------------------------------------------------------------
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


# -- moving ------------------------------------------------------------------------------------
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
    update(ctx, oid, location=list(end) if end else None, holder=holder, airborne=None)
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
        if not kind(objects(ctx)[oid]).carryable:
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
