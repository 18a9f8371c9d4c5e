"""What is on the Grid: the players (where each is, eir statuses and traits, who
carries whom) and the Grid Objects (their records, where each lies, who holds it).

A player's place is ``players.<name>.location``: ``[x, y]``, ``"Limbo"``, or None
while the player is airborne (a thrown Toad). Grid Objects are the game's entities,
``entities.<id>``: ``kind``; ``location``, the square ``[x, y]`` it lies on, the
name of the player in whose possession it is (it travels with em, B.3), or None (in
the air, or a Whacked Gremlin off the Grid); ``owner``, the player who bought or
built it (Siren Bait, a Pinball Gun, a Radar Tower), else None; ``airborne``, the
target of a throw, or None; and what the kind adds. ``board.flights`` holds what is
in the air (thing -> target, thrower and catchers). Players are named by their
names, objects by their ids; a Toad carried or thrown as a thing is ``toad:<name>``:
a Toad is a player, and stays one.
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
# Grid Objects are the game's entities (``entities.<id>``), and the kernel's indexes
# answer what lies on a square, what a player holds and every object of a kind.


def obj(ctx: Ctx, oid: str) -> dict[str, Any] | None:
    return ctx.entity(oid)


def of_kind(ctx: Ctx, kind_name: str) -> list[str]:
    return ctx.entities_of(kind_name)


def object_square(record: dict[str, Any]) -> Square | None:
    return as_square(record.get("location"))


def objects_at(ctx: Ctx, square: Square, *, hidden: bool = True) -> list[str]:
    """Ids of the objects on a square. ``hidden=False`` leaves out Bonus Boxes, which
    are hidden from the players and so never stop anything."""
    return [oid for oid in ctx.entities_at(list(square))
            if hidden or _kind_name(ctx, oid) != BOX]


def _kind_name(ctx: Ctx, oid: str) -> str | None:
    record = ctx.entity(oid)
    return None if record is None else str(record["kind"])


def impassable_at(ctx: Ctx, square: Square) -> bool:
    return any(not kind(record).passable for oid in objects_at(ctx, square)
               if (record := ctx.entity(oid)) is not None)


def create(ctx: Ctx, kind_name: str, *, cause: str, by: str | None = None,
           oid: str | None = None, location: Square | None = None, holder: str | None = None,
           owner: str | None = None, to: list[str] | None = None, **fields: Any) -> str:
    """A new Grid Object on a square, held by a player, or nowhere yet; ``owner``: the
    player who bought or built it."""
    place: Any = list(location) if location else holder
    return ctx.create_entity(kind_name, id=oid, owner=owner, location=place, cause=cause,
                             by=by, to=to, airborne=None, **fields)


def update(ctx: Ctx, oid: str, **fields: Any) -> None:
    ctx.set_entity(oid, **{name: list(value) if isinstance(value, tuple) else value
                           for name, value in fields.items()})


def held(ctx: Ctx, player: str, *kinds: str) -> list[str]:
    """Objects in a player's possession (not worn), of the given kinds or of any."""
    return [oid for oid in ctx.entities_at(player)
            if (record := ctx.entity(oid)) is not None and not record.get("worn")
            and (not kinds or record["kind"] in kinds)]


def worn(ctx: Ctx, player: str) -> list[str]:
    """Objects a player wears (wax in eir ears)."""
    return [oid for oid in ctx.entities_at(player)
            if (record := ctx.entity(oid)) is not None and record.get("worn")]


def possessions(ctx: Ctx, player: str) -> list[str]:
    return [*held(ctx, player), *(TOAD_PREFIX + p for p in carried_toads(ctx, player))]


def is_carryable(ctx: Ctx, thing: str) -> bool:
    name = toad_name(thing)
    if name is not None:
        return ctx.is_player(name) and is_toad(ctx, name)
    record = obj(ctx, thing)
    return record is not None and kind(record).carryable
