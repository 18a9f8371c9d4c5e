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
        "duck-pond", "laser-howitzer", "railway", "musketeer", "scientist", "laboratory",
        "refinery")
}
#: The Dark Lord's types (P29, P39): their hit points are bounded as every type's, and
#: where they stand is :func:`nomicon.packs.nomopoly4.imps.dark_problems`'s to check.
DARK_TYPE_CLASSES = {
    f"{PACK}/{key}": kind for key, kind in (
        ("imps", "imp"), ("minion-imp", "imp"), ("imperial-guard", "imperial-guard"),
        ("dark-portal", "dark-portal"))
}
#: The kinds that are buildings (the rest are units).
BUILDINGS = frozenset({"fort", "guard-tower", "wall", "teleporter", "duck-pond", "railway",
                       "laboratory", "refinery"})


def _in_force(state: dict[str, Any], key: str) -> bool:
    return any(r.get("class") == f"{PACK}/{key}" for r in state.get("rules", {}).values())


def maxima(state: dict[str, Any], types: dict[str, str] | None = None) -> dict[str, int]:
    """Each type's maximum hit points, as the rules in force in ``state`` say (the
    types of ``types``, by default the players' units and buildings)."""
    found: dict[str, int] = {}
    for entry in state.get("rules", {}).values():
        kind = (TYPE_CLASSES if types is None else types).get(entry.get("class", ""))
        if kind is not None:
            found.setdefault(kind, int(entry.get("params", {}).get("max_hp", 100)))
    return found


def one_per_square(state: dict[str, Any]) -> set[str]:
    """The kinds of which a square holds at most one: those whose type rule in force
    declares it (the parameter ``one_per_square``: Guard Tower, Wall, Refinery...)."""
    return {kind for entry in state.get("rules", {}).values()
            if (kind := TYPE_CLASSES.get(entry.get("class", ""))) is not None
            and (entry.get("params") or {}).get("one_per_square")}


def unit_problems(state: dict[str, Any]) -> list[str]:
    """One owner per square, but for anyone's units on a square whose only buildings are
    one player's Railways (P24); at most one of a kind whose type is one per square
    (Guard Tower, Wall, Refinery...), and one Railway from P42; hit points within 1..the
    type's maximum, except above it while Heal Area (P30) is in force without Max HP
    (P32), and for the Dark Lord's types always within it."""
    top = maxima(state)
    uncapped = _in_force(state, "heal-area") and not _in_force(state, "max-hp")
    single = one_per_square(state) | ({"railway"} if _in_force(state, "one-railway-per-square")
                                      else set())
    railways: dict[Any, set[Any]] = defaultdict(set)
    others: dict[Any, set[Any]] = defaultdict(set)
    buildings: dict[Any, set[Any]] = defaultdict(set)
    counts: dict[tuple[Any, str], int] = defaultdict(int)
    problems = []
    for eid, entity in state.get("entities", {}).items():
        kind = entity.get("kind")
        if kind not in top:
            continue
        where, owner = entity.get("location"), entity.get("owner")
        (railways if kind == "railway" else others)[where].add(owner)
        if kind in BUILDINGS and kind != "railway":
            buildings[where].add(owner)
        counts[(where, kind)] += 1
        hp = entity.get("hp")
        if not (isinstance(hp, int) and hp >= 1 and (uncapped or hp <= top[kind])):
            problems.append(f"{eid} has {hp!r} hit points, not 1..{top[kind]}")
    for where in set(railways) | set(others):
        laid, rest = railways.get(where, set()), others.get(where, set())
        if len(laid) > 1 or len(rest) > 1:
            who = sorted(map(str, laid | rest))
            problems.append(f"square {where} holds units or buildings of {', '.join(who)}")
        elif laid and rest and laid != rest and buildings.get(where):
            problems.append(f"square {where} holds a Railway of {min(map(str, laid))} and "
                            f"buildings of {min(map(str, rest))}")
    dark = maxima(state, DARK_TYPE_CLASSES)
    for eid, entity in state.get("entities", {}).items():
        kind, hp = entity.get("kind"), entity.get("hp")
        if kind in dark and not (isinstance(hp, int) and 1 <= hp <= dark[kind]):
            problems.append(f"{eid} has {hp!r} hit points, not 1..{dark[kind]}")
    for (where, kind), count in counts.items():
        if kind in single and count > 1:
            problems.append(f"square {where} holds {count} of {kind}")
    return problems
