"""B Nomic: The Grid. A 20 by 20 grid with Grid Objects, movement once per nweek,
carrying and throwing, Elbonian Airways, Big Rocks, Sirens, the Yeti, Toads, the Big
Stick, the Shield, Balls of Wax, Radar, Radar Towers and Pinball Guns.

The source is one rule of B Nomic (Rule 301, sections A to G); each section is a
rule here, numbered after it (A.1 is Rule 101, E.2.4 is Rule 504...). What the
Grid takes from the rest of B Nomic (points, ndays and nweeks, Gremlins, Bonus
Boxes, Female players and Cheerleaders, the temperature) is given its smallest
definition in Rules 2 to 7, which say that they are not from the source.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Initial, Pack, PackParams
from nomicon.boards.grid import LIMBO, Grid, as_square
from nomicon.governance.methods import MajorityVote
from nomicon.packs.bnomic_grid import occupants
from nomicon.packs.bnomic_grid.airways import ElbonianAirways, ElbonianThrows
from nomicon.packs.bnomic_grid.bait import SirenBait
from nomicon.packs.bnomic_grid.carry import BigStick, Shield, Toads
from nomicon.packs.bnomic_grid.outside import (
    BonusBoxes,
    Gremlins,
    PlayerTraits,
    Points,
    Time,
    Weather,
    expected_total,
    total_points,
)
from nomicon.packs.bnomic_grid.players import (
    Deference,
    Inventory,
    Movement,
    PlayersOnTheGrid,
    Throwing,
)
from nomicon.packs.bnomic_grid.radar import PinballGuns, Radar, RadarTowers
from nomicon.packs.bnomic_grid.rocks import BigRocks, Yeti
from nomicon.packs.bnomic_grid.sirens import Lovemaking, Sirens
from nomicon.packs.bnomic_grid.squares import GridObjects, GridSquares, TheGrid, ensure_board
from nomicon.packs.bnomic_grid.terms import FUND, KINDS, OVERLAPPING, POINTS, TOAD_PREFIX, kind
from nomicon.packs.bnomic_grid.upgrades import UPGRADES
from nomicon.packs.bnomic_grid.wax import BallsOfWax


class Params(PackParams):
    width: int = Field(20, ge=2, le=20, description="squares along x (the rule says 20)")
    height: int = Field(20, ge=1, le=20, description="squares along y (the rule says 20)")
    temperature: int = Field(10, ge=-100, le=100, description="degrees Celsius at the start")


class BNomicGrid(Pack):
    id = "bnomic-grid"
    title = "B Nomic: The Grid"
    # 2: a hit (grid.hit) is shown to every player and names who gained the points;
    # version 1 showed it to nobody but the admin. 3: the Grid Objects are entities
    # (entities.<id>, no longer board.objects.<id>); the move was first made without
    # raising the version, so a game of version 1 or 2 may be written in either shape.
    version = "3"
    upgrades = UPGRADES
    description = ("A 20x20 grid with Grid Objects that move, are carried and fly: Elbonian "
                   "Airways, Big Rocks, Sirens, the Yeti, Toads, the Big Stick, the Shield, "
                   "Balls of Wax, Radar and Pinball Guns; time counted in nweeks and ndays.")
    how_to_play = (
        "The Grid is 20 units wide by 20 units tall; each unit is an (x,y) coordinate "
        "location, with (1,1) in the lower left-hand corner (A.1). Initially, all Players "
        "are in Limbo; a Player may enter the Grid at a particular (x,y) coordinate "
        "location (B.1).\n\n"
        "Once per nweek, any Player on the Grid may move to a new (x,y) coordinate "
        "location: unless otherwise prescribed by the rules, only to one of the units "
        "surrounding their current location (B.2).")
    Params = Params
    provides = frozenset({"board:grid"})
    board = "grid"
    # Players join into Limbo (B.1), so the Grid's squares set no limit on joining:
    # entering is refused once fewer than two locations are unoccupied.
    players = (1, None)
    initial = (
        Initial(MajorityVote), Initial(Points), Initial(Time), Initial(Weather),
        Initial(Gremlins), Initial(BonusBoxes), Initial(PlayerTraits),
        Initial(TheGrid), Initial(GridObjects), Initial(GridSquares),
        Initial(PlayersOnTheGrid), Initial(Movement), Initial(Inventory), Initial(Throwing),
        Initial(Deference), Initial(ElbonianAirways), Initial(ElbonianThrows),
        Initial(BigRocks), Initial(Sirens), Initial(Lovemaking), Initial(SirenBait),
        Initial(Yeti), Initial(Toads), Initial(BigStick), Initial(Shield), Initial(BallsOfWax),
        Initial(Radar), Initial(RadarTowers), Initial(PinballGuns),
    )

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, Params)
        ensure_board(ctx, params.width, params.height, params.temperature)
        ctx.open_account(FUND)

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """How crowded and enchanted the Grid is, and how rich the Gremlin Fund."""
        objects = state.get("entities") or {}
        kinds = Counter(rec.get("kind") for rec in objects.values() if isinstance(rec, dict))
        players = (state.get("players") or {}).values()
        return {
            "players_on_grid": float(sum(as_square(p.get("location")) is not None
                                         for p in players)),
            "toads": float(sum("Toad" in (p.get("status") or []) for p in players)),
            "big_rocks": float(kinds["big-rock"]),
            "sirens": float(kinds["siren"]),
            "gremlin_fund": float(((state.get("accounts") or {}).get(FUND) or {}).get(POINTS, 0)),
        }

    def invariants(self, state: dict[str, Any]) -> list[str]:
        """What must hold after every action:

        * every player is in Limbo, on a square of the Grid, or (a thrown Toad) in the
          air, with a landing due; no two players who are not Toads share a square;
        * no player and no object is on a square with an Impassable object, except the
          objects that rules allow there (a Siren and Siren Bait on a Big Rock);
        * every object (every entity of the game) is on a square, held by a player,
          in the air with a landing due, or (a Whacked Gremlin) off the Grid; at most
          one Big Stick and one Shield;
        * points are moved only through the ledger: the points of all players and of
          the Gremlin Fund add up to the points the ledger says came in (the opening
          balance, starting points, points created by a rule, the Administrator's
          corrections) less those a rule destroyed; and while the rules in force are
          this pack's own, as written, no rule has created or destroyed a point.
        """
        problems: list[str] = []
        board = state.get("board")
        if not isinstance(board, dict) or "width" not in board:
            return problems  # no Grid in this game (a ruleset without it)
        the_grid = Grid(int(board.get("width", 20)), int(board.get("height", 20)))
        objects: dict[str, Any] = state.get("entities") or {}
        flights: dict[str, Any] = board.get("flights") or {}
        timers: dict[str, Any] = state.get("timers") or {}
        players: dict[str, Any] = state.get("players") or {}
        standing: dict[tuple[int, int], list[str]] = {}
        toads = {n for n, p in players.items() if "Toad" in (p.get("status") or [])}
        for name, player in players.items():
            raw = player.get("location", LIMBO)
            square = as_square(raw)
            if square is not None:
                if not the_grid.contains(square):
                    problems.append(f"{name} is off the Grid at {raw}")
                standing.setdefault(square, []).append(name)
            elif raw is None:
                if TOAD_PREFIX + name not in flights or f"land:{TOAD_PREFIX}{name}" not in timers:
                    problems.append(f"{name} is nowhere: not on the Grid, not in Limbo, "
                                    "not in the air")
            elif raw != LIMBO:
                problems.append(f"{name} has the location {raw!r}")
            carrier = player.get("carried_by")
            if carrier is not None and (carrier not in players or as_square(
                    players[carrier].get("location")) != square):
                problems.append(f"{name} is carried by {carrier} but is not where e is")
        for square, names in standing.items():
            walkers = [n for n in names if n not in toads]
            if len(walkers) > 1:
                problems.append(f"{', '.join(walkers)} share the square {square}")
        impassable = {occupants.object_square(rec) for rec in objects.values()
                      if isinstance(rec, dict) and not kind(rec).passable}
        for square in impassable:
            if square in standing:
                problems.append(f"{', '.join(standing[square])} on the Impassable square "
                                f"{square}")
        for oid, rec in objects.items():
            problems.extend(self._object_problems(oid, rec, the_grid, impassable, players,
                                                  flights, timers))
        kinds = Counter(rec.get("kind") for rec in objects.values() if isinstance(rec, dict))
        for single in ("big-stick", "shield", "yeti"):
            if kinds[single] > 1:
                problems.append(f"there are {kinds[single]} of {single}")
        problems.extend(self._ledger_problems(state))
        return problems

    def _object_problems(self, oid: str, rec: Any, the_grid: Grid,
                         impassable: set[Any], players: dict[str, Any],
                         flights: dict[str, Any], timers: dict[str, Any]) -> list[str]:
        if not isinstance(rec, dict):
            return [f"object {oid} is not a record"]
        where = rec.get("location")
        square = as_square(where)
        holder = where if isinstance(where, str) else None
        airborne = rec.get("airborne")
        places = [square is not None, holder is not None, airborne is not None,
                  bool(rec.get("off_grid"))]
        problems = []
        if where is not None and square is None and holder is None:
            problems.append(f"object {oid} has the location {where!r}")
        if sum(places) != 1:
            problems.append(f"object {oid} is in {sum(places)} places at once (location "
                            f"{where}, airborne {airborne})")
        if square is not None:
            if not the_grid.contains(square):
                problems.append(f"object {oid} is off the Grid at {square}")
            elif square in impassable and rec.get("kind") not in OVERLAPPING:
                problems.append(f"object {oid} ({rec.get('kind')}) is on the Impassable "
                                f"square {square}")
        if holder is not None and holder not in players:
            problems.append(f"object {oid} is held by {holder}, who is not a player")
        if airborne is not None and (oid not in flights or f"land:{oid}" not in timers):
            problems.append(f"object {oid} is in the air with no landing due")
        if holder is not None and rec.get("kind") in KINDS and not KINDS[rec["kind"]].passable:
            problems.append(f"object {oid} is Impassable and held")
        return problems

    def _ledger_problems(self, state: dict[str, Any]) -> list[str]:
        ledger = state.get("ledger")
        if not isinstance(ledger, dict):
            return []
        problems = []
        total = total_points(state.get("accounts") or {})
        expected = expected_total(ledger)
        if total != expected:
            problems.append(f"the points add up to {total}, but the ledger accounts for "
                            f"{expected} ({ledger})")
        if self._as_written(state) and (ledger.get("created") or ledger.get("destroyed")):
            problems.append(f"points were created or destroyed under the rules as written "
                            f"({ledger})")
        balances = [a.get(POINTS) for a in (state.get("accounts") or {}).values()
                    if isinstance(a, dict) and POINTS in a]
        if any(not isinstance(b, int) or b < 0 for b in balances):
            problems.append(f"a points balance is below zero or not a number: {balances}")
        return problems

    def _as_written(self, state: dict[str, Any]) -> bool:
        """Are the rules in force exactly this pack's initial rules, with their own
        parameters (however many there are of them)?"""
        written = {i.cls.class_id(): i.cls.parse_params(i.params).model_dump(mode="json")
                   for i in self.initial}
        return all(entry.get("class") in written
                   and entry.get("params") == written[entry["class"]]
                   for entry in (state.get("rules") or {}).values())
