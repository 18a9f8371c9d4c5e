"""What is on the Grid: the players (where each is, eir statuses and traits, who
carries whom) and the Grid Objects (their records, where each lies, who holds it).

A player's place is ``players.<name>.location``: ``[x, y]``, ``"Limbo"``, or None
while the player is airborne (a thrown Toad). Grid Objects are kept under
``board.objects`` (id -> kind, location ``[x, y]`` or None, airborne target or None,
holder, and what the kind adds), with ``board.flights`` (thing -> thrower and
catchers) and ``board.counters`` (for new ids). Players are named by their names,
objects by their ids; a Toad carried or thrown as a thing is ``toad:<name>``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nomicon.boards.grid import LIMBO, Square, as_square
from nomicon.packs.bnomic_grid.terms import BOX, TOAD_PREFIX, kind, toad_name

if TYPE_CHECKING:
    from nomicon.authoring import Ctx


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


def carried_toads(ctx: Ctx, player: str) -> list[str]:
    return [p for p in ctx.players() if carrier_of(ctx, p) == player]


# -- Grid Objects ----------------------------------------------------------------------
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


def held(ctx: Ctx, player: str, *kinds: str) -> list[str]:
    """Objects in a player's possession (not worn), of the given kinds or of any."""
    return [oid for oid, rec in objects(ctx).items()
            if rec.get("holder") == player and not rec.get("worn")
            and (not kinds or rec.get("kind") in kinds)]


def possessions(ctx: Ctx, player: str) -> list[str]:
    return [*held(ctx, player), *(TOAD_PREFIX + p for p in carried_toads(ctx, player))]


def is_carryable(ctx: Ctx, thing: str) -> bool:
    name = toad_name(thing)
    if name is not None:
        return ctx.is_player(name) and is_toad(ctx, name)
    record = obj(ctx, thing)
    return record is not None and kind(record).carryable
