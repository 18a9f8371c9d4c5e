"""What a player sees of the Grid through eir Radar (G.1, G.2), worked out from the
player's view: used where the Bonus Boxes are hidden from players (F.1's view of
them, Rule 6) and where the board is drawn. It reads the rules in force from the view,
so it needs no rule class (and the rules that hide the Boxes need not import Radar's).
"""

from __future__ import annotations

from typing import Any

from nomicon.boards.grid import as_square, distance
from nomicon.packs.bnomic_grid.terms import BOX, PACK, TOWER

#: The class ids of G.1 Radar and G.2 Radar Towers (``<pack>/<key>``).
RADAR = f"{PACK}/radar"
RADAR_TOWERS = f"{PACK}/radar-towers"


def _rule_params(view: dict[str, Any], class_id: str) -> dict[str, Any] | None:
    for entry in (view.get("rules") or {}).values():
        if isinstance(entry, dict) and entry.get("class") == class_id:
            params = entry.get("params")
            return params if isinstance(params, dict) else {}
    return None


def radar_reach(view: dict[str, Any], viewer: str) -> int | None:
    """How far the viewer's Radar reaches (None: no Radar, or not on the Grid)."""
    if _rule_params(view, RADAR) is None:
        return None
    me = (view.get("players") or {}).get(viewer)
    here = as_square(me.get("location")) if isinstance(me, dict) else None
    if here is None or not isinstance(me, dict):
        return None
    reach = me.get("radar", 2)
    reach = reach if isinstance(reach, int) else 2
    towers = _rule_params(view, RADAR_TOWERS)
    if towers is not None and any(
            isinstance(rec, dict) and rec.get("kind") == TOWER
            and as_square(rec.get("location")) == here
            for rec in (view.get("entities") or {}).values()):
        reach += int(towers.get("bonus", 3))
    return reach


def radar_reveals(view: dict[str, Any], viewer: str) -> set[str]:
    """The Bonus Boxes whose place the viewer's Radar reveals (G.1, G.2)."""
    reach = radar_reach(view, viewer)
    me = (view.get("players") or {}).get(viewer)
    here = as_square(me.get("location")) if isinstance(me, dict) else None
    if reach is None or here is None:
        return set()
    found = set()
    for oid, rec in (view.get("entities") or {}).items():
        square = as_square(rec.get("location")) if isinstance(rec, dict) else None
        if isinstance(rec, dict) and rec.get("kind") == BOX and square is not None \
                and distance(square, here) <= reach:
            found.add(oid)
    return found
