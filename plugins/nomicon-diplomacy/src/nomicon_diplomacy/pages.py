"""The Diplomacy map (Ackanomic rule 1250.14) as a page of the pack's own: the board of
the phase to be played with its units, the powers and their supply centres, the
orders the viewer may see for this phase, and the orders of the last phase resolved
with their results, drawn on its map too.

Every section reads the viewer's view. This phase's orders are a sealed step: a
player's view holds their own orders only, the referee's everyone's, an observer's
none, so nobody's page shows another player's orders before the phase is resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Picture, Section
from nomicon_diplomacy import adjudication
from nomicon_diplomacy.play import ORDERS, map_svg
from nomicon_diplomacy.start import KEY

View = Mapping[str, Any]
SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}


def _table(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = view.get(KEY) or {}
    return found


def _step(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = (view.get("steps") or {}).get(ORDERS) or {}
    return found


def phase_name(phase: str) -> str:
    """``S1901M`` as a player reads it: ``Spring 1901, movement``."""
    if len(phase) != 6 or phase[0] not in SEASONS:
        return phase.lower() if phase == "COMPLETED" else phase
    kind = adjudication.PHASE_KINDS.get(phase[-1], "movement")
    return f"{SEASONS[phase[0]]} {phase[1:5]}, {kind}"


def _players_of(view: View) -> dict[str, str]:
    """Each power's player."""
    return {power: player for player, power in (_table(view).get("countries") or {}).items()}


def _game(view: View) -> dict[str, Any]:
    table = _table(view)
    position = table.get("position")
    if position is None:
        return {}
    facts: dict[str, Any] = {
        "Phase": phase_name(adjudication.phase_of(position)),
        "Referee": table.get("referee") or "nobody",
    }
    step = _step(view)
    if step:
        waiting = [p for p in step.get("players", []) if p not in step.get("submitted", [])]
        facts["Orders due by"] = step.get("deadline") or "no deadline"
        facts["Ordered"] = ", ".join(step.get("submitted", [])) or "nobody yet"
        facts["Still to order"] = ", ".join(waiting) or "nobody"
    if table.get("stage") == "ended":
        facts["Winners"] = ", ".join(table.get("winners", [])) or "none"
    return facts


def _powers(view: View) -> list[dict[str, Any]]:
    position = _table(view).get("position")
    if position is None:
        return []
    players, counts = _players_of(view), adjudication.centres(position)
    return [{"power": power.title(), "player": players.get(power, ""),
             "supply centres": counts.get(power, 0),
             "units": ", ".join(adjudication.units_of(position, power)) or "none"}
            for power in adjudication.POWERS]


def _map(view: View) -> Picture | None:
    position = _table(view).get("position")
    if position is None:
        return None
    phase = phase_name(adjudication.phase_of(position))
    return Picture(adjudication.render(position),
                   f"The map of {phase}, with every power's units; the table of powers "
                   "lists them.")


def _my_orders(view: View) -> list[dict[str, Any]]:
    """The orders of this phase that the view holds: the viewer's own (the referee's
    view: everyone's)."""
    countries = _table(view).get("countries") or {}
    given = _step(view).get("submissions") or {}
    return [{"power": str(countries.get(player, "")).title(), "player": player,
             "orders": "; ".join(orders) or "none: every unit holds"}
            for player, orders in given.items()]


def _last(view: View) -> Mapping[str, Any] | None:
    phases = _table(view).get("phases") or []
    found: Mapping[str, Any] | None = phases[-1] if phases else None
    return found


def _last_orders(view: View) -> list[dict[str, Any]]:
    """The last phase resolved: each order the adjudicator took with its results (none:
    it succeeded), then each unit affected without an order."""
    last = _last(view)
    if last is None:
        return []
    players, results = _players_of(view), dict(last.get("results") or {})
    rows = []
    for power, orders in (last.get("orders") or {}).items():
        for order in orders:
            unit = " ".join(order.split()[:2])
            found = results.pop(unit, [])
            rows.append({"phase": last["phase"], "power": power.title(),
                         "player": players.get(power, ""), "order": order,
                         "result": ", ".join(found) or "succeeds"})
    for unit, found in results.items():
        rows.append({"phase": last["phase"], "power": "", "player": "",
                     "order": f"{unit} (no order: holds)", "result": ", ".join(found)})
    return rows


def _last_map(view: View) -> Picture | None:
    last = _last(view)
    if last is None:
        return None
    return Picture(map_svg(dict(view)),
                   f"The map of {phase_name(last['phase'])} with its orders drawn on it; "
                   "the table of the last phase's orders lists them.")


MAP = PackPage("map", "Diplomacy map", (
    Section("The game", _game, parts=(KEY, "steps"), empty="The game has not begun."),
    Section("The map", _map, parts=(KEY,), empty="The game has not begun.",
            about="IV: Standard Diplomacy shall be played, except that no physical board "
                  "and pieces shall be used (athough it is permissible, but not required, "
                  "for a web page to be maintained that simulates such)."),
    Section("Powers", _powers, parts=(KEY,), empty="The game has not begun."),
    Section("Your orders this phase", _my_orders, parts=(KEY, "steps"),
            actions=("orders", "hold"),
            empty="You have given no orders this phase.",
            about="Orders are sealed: a player sees their own and the referee everyone's "
                  "until the phase is resolved."),
    Section("Orders of the last phase", _last_orders, parts=(KEY,),
            empty="No phase has been resolved yet."),
    Section("The last phase on the map", _last_map, parts=(KEY,),
            empty="No phase has been resolved yet."),
))
