"""What always holds of section XII's units and buildings, read from a state alone
(``Pack.invariants``)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from nomicon.packs.nomopoly4.travel import PACK

#: The rule classes of the types, by their kind (the state names a rule's class).
TYPE_CLASSES = {
    f"{PACK}/{kind}": kind for kind in (
        "fort", "warrior", "scv", "monk", "guard-tower", "wall", "teleporter", "mesmer",
        "duck-pond", "laser-howitzer")
}
#: Kinds of which a square holds at most one.
ONE_PER_SQUARE = ("guard-tower", "wall")


def maxima(state: dict[str, Any]) -> dict[str, int]:
    """Each type's maximum hit points, as the rules in force in ``state`` say."""
    found: dict[str, int] = {}
    for entry in state.get("rules", {}).values():
        kind = TYPE_CLASSES.get(entry.get("class", ""))
        if kind is not None:
            found.setdefault(kind, int(entry.get("params", {}).get("max_hp", 100)))
    return found


def unit_problems(state: dict[str, Any]) -> list[str]:
    """One owner per square, at most one Guard Tower and one Wall per square, and hit
    points within 1..the type's maximum."""
    top = maxima(state)
    owners: dict[Any, set[Any]] = defaultdict(set)
    counts: dict[tuple[Any, str], int] = defaultdict(int)
    problems = []
    for eid, entity in state.get("entities", {}).items():
        kind = entity.get("kind")
        if kind not in top:
            continue
        where = entity.get("location")
        owners[where].add(entity.get("owner"))
        counts[(where, kind)] += 1
        hp = entity.get("hp")
        if not (isinstance(hp, int) and 1 <= hp <= top[kind]):
            problems.append(f"{eid} has {hp!r} hit points, not 1..{top[kind]}")
    for where, who in owners.items():
        if len(who) > 1:
            problems.append(f"square {where} holds units or buildings of "
                            f"{', '.join(sorted(map(str, who)))}")
    for (where, kind), count in counts.items():
        if kind in ONE_PER_SQUARE and count > 1:
            problems.append(f"square {where} holds {count} of {kind}")
    return problems
