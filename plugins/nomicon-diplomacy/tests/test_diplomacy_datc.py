"""DATC sections 6.A to 6.E through Nomicon: each case's position is the game's starting
variant (B2), each power's player submits the case's orders with the ``orders``
action into the phase's sealed step, and the pack resolves the phase. What the pack
recorded is compared with the library's own adjudication of the same orders, and with
the DATC's expected results (``datc_6a_6e.json``).

An order for a unit of another power is refused by Rule 4 (6.A.6); the library drops
it, so both leave the unit holding.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dipgames import player_of, table
from nomicon.kernel.errors import ActionRefused
from nomicon_diplomacy import adjudication

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "datc_6a_6e.json").read_text(encoding="utf-8"))["cases"]


def test_the_cases_cover_sections_a_to_e() -> None:
    sections = {case["datc"].split(".")[1] for case in CASES}
    assert sections == {"A", "B", "C", "D", "E"}
    assert len({case["datc"].split("/")[0] for case in CASES}) >= 80


def _ours(power: str, order: str, start: dict[str, Any]) -> bool:
    place = adjudication.ordered_province(order)
    return place in {loc.split("/")[0] for loc in adjudication.orderable(start, power)}


def _submit(case: dict[str, Any]) -> tuple[Any, list[str]]:
    units = case.get("units", {})
    start = adjudication.position_with(units, case.get("centers"), case.get("phase"))
    game = table({"units": units, "centers": case.get("centers"), "phase": case.get("phase")})
    refused: list[str] = []
    for power, orders in case.get("orders", {}).items():
        if not adjudication.orderable(start, power):
            # A power with no unit on the board has no player who orders (6.A.6).
            player = player_of(game, power)
            with pytest.raises(ActionRefused) as why:
                game.act(player, "orders", orders=orders)
            assert "Rule 4" in str(why.value) and "nothing to order" in str(why.value)
            refused.extend(orders)
            continue
        mine = [order for order in orders if _ours(power, order, start)]
        for order in orders:
            if order not in mine:
                with pytest.raises(ActionRefused):
                    game.act(player_of(game, power), "orders", orders=[order])
                refused.append(order)
        game.act(player_of(game, power), "orders", orders=mine)
    # The players who were not given orders hold: they submit none.
    step = game.state.root.get("steps", {}).get("diplomacy-orders")
    for player in (step or {}).get("players", []):
        if player not in step["submissions"]:
            game.act(player, "orders", orders=[])
    return game, refused


def _expected(found: list[str], unit: str, result: str, ordered: bool) -> bool:
    if result == "OK":
        return found == []
    if result == "VOID":
        return "void" in found or not ordered
    return result.lower().replace("_", " ") in found


@pytest.mark.parametrize("case", CASES, ids=[case["datc"] for case in CASES])
def test_datc_case(case: dict[str, Any]) -> None:
    game, refused = _submit(case)
    phases = game.state.root["diplomacy"]["phases"]
    assert len(phases) >= 1, f"{case['datc']}: the phase was not resolved"
    ours = phases[0]
    start = adjudication.position_with(case.get("units", {}), case.get("centers"),
                                       case.get("phase"))
    theirs = adjudication.adjudicate(start, case.get("orders", {}))
    # The same adjudication as the library's own, for the same orders.
    assert ours["orders"] == theirs.orders
    assert ours["results"] == {unit: found for unit, found in theirs.results.items() if found}
    after = game.state.root["diplomacy"]["position"] if len(phases) == 1 else None
    if after is not None:
        assert after["units"] == theirs.position["units"]
    # And the DATC's expected result.
    ordered = {order.split()[0] + " " + order.split()[1] for orders in theirs.orders.values()
               for order in orders}
    for check in case.get("results", []):
        found = theirs.results.get(check["unit"], [])
        assert _expected(found, check["unit"], check["result"], check["unit"] in ordered), (
            f"{case['datc']}: {check['unit']} {found}, expected {check['result']}")
    for check in case.get("owners", []):
        owner = adjudication.owner_of(theirs.position, check["unit"])
        if check["owner"] == "*":
            assert owner is not None, f"{case['datc']}: no {check['unit']}"
        else:
            assert owner == check["owner"], f"{case['datc']}: {check['unit']} is {owner}'s"
    for check in case.get("dislodged", []):
        # A dislodged unit with nowhere to retreat is disbanded at once by the library.
        retreating = [unit for units in theirs.position["units"].values() for unit in units]
        assert (f"*{check['unit']}" in retreating
                or "dislodged" in theirs.results.get(check["unit"], [])), (
            f"{case['datc']}: {check['unit']} stays")
    assert set(refused) <= {order for orders in case.get("orders", {}).values()
                            for order in orders}
