"""The words the Grid's rules share: the pack's id, the Gremlin Fund and the points
paid into it, how a carried Toad is named among things, and the kinds of Grid Object
with what the rules say of each kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

PACK = "bnomic-grid"
FUND = "gremlin-fund"
POINTS = "points"
TOAD_PREFIX = "toad:"

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

#: The Impassable kinds (any other kind, one an Administrator makes up too, is Passable).
IMPASSABLE = frozenset(name for name, what in KINDS.items() if not what.passable)

# Kinds that rules explicitly allow to share a square although some are Impassable:
# a Siren sits on eir Big Rock (E.2.1) and Siren Bait is placed on one (E.2.4).
OVERLAPPING = frozenset({BIG_ROCK, SIREN, BAIT})


def kind(record: dict[str, Any]) -> Kind:
    return KINDS.get(str(record.get("kind")), Kind(str(record.get("kind"))))


def toad_name(thing: str) -> str | None:
    return thing[len(TOAD_PREFIX):] if thing.startswith(TOAD_PREFIX) else None
