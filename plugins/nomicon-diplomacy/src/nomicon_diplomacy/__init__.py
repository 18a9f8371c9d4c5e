"""Diplomacy (Ackanomic rule 1250.14) as a Nomicon pack, played with the ``diplomacy``
package's adjudicator.

Standalone, ``ackanomic-diplomacy`` is a table of Ackanomic players: one volunteers to
referee, announces the game and opens enrolment, the others enrol, and the game
starts with countries assigned by Nomicon's dice (section III, steps A to F). Started
by a rule of another game as a child game (``ctx.start_child("ackanomic-diplomacy",
players=..., referee=...)``), it starts at step F with the players and referee the
parent chose, and its result (README.md) is settled into the parent, whose rule pays.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Initial, MajorityVote, Pack, PackParams
from nomicon_diplomacy import adjudication, play, start
from nomicon_diplomacy.pages import MAP


class DiplomacyParams(PackParams):
    # B2: a variation of the starting position (a referee's variant, a DATC case).
    units: dict[str, list[str]] | None = Field(
        None, description="units by power to start with (none: the standard opening)")
    centers: dict[str, list[str]] | None = Field(
        None, description="supply centres by power to start with, with units")
    phase: str | None = Field(None, description="the phase to start in, with units")


class Diplomacy(Pack):
    id = start.PACK
    title = "Ackanomic: Diplomacy"
    description = ("Ackanomic rule 1250.14: standard Diplomacy refereed inside Ackanomic, "
                   "orders sealed per phase and adjudicated by the diplomacy package; the "
                   "winners split 8 points and receive the Golden Knife, the referee A$10.")
    # II: at least 2 players and a referee; a table of members, of whom one referees.
    players = (2, None)
    # Standalone, the table's players change the game's rules by proposals, as
    # Ackanomic's players would through the main game (INTERPRETATIONS.md).
    initial = (*(Initial(cls) for cls in (*start.RULES, *play.RULES)),
               Initial(MajorityVote, number=100, title="Changing these rules"))
    rule_classes = (*start.RULES, *play.RULES)
    Params = DiplomacyParams
    # The map, the powers and the orders the viewer may see (pages.py).
    pages = (MAP,)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, DiplomacyParams)
        table = start.new_table()
        if params.units is not None:
            table["variant"] = adjudication.position_with(params.units, params.centers,
                                                          params.phase)
        ctx.set([start.KEY], table)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        table = state.get(start.KEY) or {}
        assigned = list((table.get("countries") or {}).values())
        if len(set(assigned)) != len(assigned):
            problems.append(f"a power is assigned twice: {assigned}")
        if not set(assigned) <= set(adjudication.POWERS):
            problems.append(f"a country is not a power of the map: {assigned}")
        if table.get("referee") is not None and table.get("referee") in (
                table.get("countries") or {}):
            problems.append("the referee plays a country")
        position = table.get("position")
        if position is not None:
            owned = [centre for held in position["centers"].values() for centre in held]
            if len(owned) != len(set(owned)):
                problems.append("a supply centre is controlled by two powers")
            places = [unit.lstrip("*").split()[1].split("/")[0]
                      for units in position["units"].values() for unit in units
                      if not unit.startswith("*")]
            if len(places) != len(set(places)):
                problems.append("two units stand in one province")
        return problems

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: the winners (one, or the co-winners), each player's
        supply centres at the end, the referee and the phases adjudicated (README.md)."""
        table = state.get(start.KEY) or {}
        position = table.get("position")
        counts = adjudication.centres(position) if position is not None else {}
        scores = {player: counts.get(power, 0)
                  for player, power in (table.get("countries") or {}).items()}
        return {"winners": list(table.get("winners", [])), "scores": scores,
                "referee": table.get("referee"), "rounds": len(table.get("phases", []))}
