"""How a game stored by an older version of the Grid is brought to this one."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Upgrade, entities
from nomicon.packs.bnomic_grid.terms import BAIT, GUN, TOWER

#: The kinds whose holder bought them and is their owner: neither can change hands
#: while held (they are not carryable), so the holder is the buyer.
BOUGHT_AND_HELD = frozenset({GUN, BAIT})


def hits_made_public(ctx: Ctx) -> None:
    """Version 2 shows a hit (``grid.hit``) to every player and names who gained the
    points; the state is kept as in version 1."""


def objects_to_entities(ctx: Ctx) -> None:
    """Versions 1 and 2 kept the Grid Objects in ``board.objects`` (a held one with
    ``location`` None and a ``holder``, a Radar Tower with its ``builder``) and their
    ids' counters in ``board.counters``; version 3 keeps them as the game's entities,
    ``entities.<id>``, a held object's ``location`` its holder's name and the buyer or
    builder its ``owner``, with the kernel's indexes and id counters."""
    objects = ctx.get(["board", "objects"])
    if not isinstance(objects, dict):
        return  # entities already (a game of version 2 written after the move)
    # In the order they were made, which the entities' creation numbers keep.
    for oid, record in objects.items():
        fields: dict[str, Any] = dict(record)
        kind = str(fields.pop("kind"))
        holder = fields.pop("holder", None)
        builder = fields.pop("builder", None)
        location = fields.pop("location", None)
        if location is None:
            location = holder
        # Version 2 did not record who bought Siren Bait that lies on a Big Rock, nor
        # whose a Purse was: those have no owner after the upgrade.
        owner = builder if kind == TOWER else holder if kind in BOUGHT_AND_HELD else None
        entities.add(ctx.state, oid, kind, owner, location, fields)
    counters = ctx.get(["board", "counters"])
    if isinstance(counters, dict) and counters:
        if not ctx.state.has(["index", "entities", "next"]):
            ctx.set(["index", "entities", "next"], {})
        for kind, count in sorted(counters.items()):
            ctx.set(["index", "entities", "next", kind], int(count))
    ctx.state.delete(["board", "objects"])
    if counters is not None:
        ctx.state.delete(["board", "counters"])


UPGRADES = (
    Upgrade("1", "2", hits_made_public,
            "a hit is shown to every player and names who gained the points"),
    Upgrade("2", "3", objects_to_entities,
            "the Grid Objects are entities (entities.<id>, no longer board.objects.<id>): a "
            "held object's location is its holder, a Radar Tower's builder, a Pinball Gun's "
            "or Siren Bait's buyer is its owner"),
)
