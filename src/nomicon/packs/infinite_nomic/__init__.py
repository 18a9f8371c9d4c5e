"""Infinite Nomic, Round 7: a Discord-played board nomic on a ring of numbered spaces."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Initial, Pack, PackParams
from nomicon.packs.infinite_nomic import board, strategy
from nomicon.packs.infinite_nomic.commerce import Commerce
from nomicon.packs.infinite_nomic.core import (
    GameBoard,
    Information,
    TurnOrder,
    Turns,
    Winning,
)
from nomicon.packs.infinite_nomic.extras import Trampoline
from nomicon.packs.infinite_nomic.features import BANK, COP_CAR, SHOP, Features, is_prime
from nomicon.packs.infinite_nomic.moving import Looping, Moving
from nomicon.packs.infinite_nomic.snakes import SnakesAndLadders
from nomicon.packs.infinite_nomic.tiles import PointsAndTiles
from nomicon.packs.infinite_nomic.upgrades import UPGRADES
from nomicon.packs.infinite_nomic.voting import ProposingAndVoting


class Params(PackParams):
    board_size: int = Field(20, ge=4, le=10_000, description="primary spaces at the start")


class InfiniteNomicR7(Pack):
    id = "infinite-nomic-r7"
    title = "Infinite Nomic, Round 7"
    # 2: Flutes and Houses are goods of the ledger, no longer a player's "items".
    version = "2"
    upgrades = UPGRADES
    description = ("A board nomic played on Discord: a ring of numbered spaces, 1d6 movement, "
                   "points, Jail and Gulag, the Frontier, the Cop Car, snakes and ladders.")
    how_to_play = (
        "Players take turns according to the list of players, starting with the player "
        "on the top of the list and going down (Rule 2). A player may choose to end "
        "their turn at any time during it; a player's turn automatically ends "
        "(\"passes\") 24 hours after it started, and if a player ends their turn, they "
        "have 1 hour to ping the next player (Rule 3).\n\n"
        "A player who does not already have a proposal being voted on may make a "
        "proposal; players may then vote thumbs up or thumbs down during the next 24 "
        "hours (Rule 4).")
    winning_rule = "winning"
    Params = Params
    provides = frozenset({"board:ring", "board:numbered"})
    board = "ring"
    # The game begins when the first player joins (Rule 2), and players share spaces;
    # with one player, that player takes every turn.
    players = (1, None)
    initial = (
        Initial(Winning), Initial(Information), Initial(TurnOrder), Initial(Turns),
        Initial(ProposingAndVoting), Initial(GameBoard), Initial(Moving),
        Initial(PointsAndTiles), Initial(Features), Initial(Looping), Initial(Commerce),
        Initial(SnakesAndLadders),
    )
    rule_classes = (Trampoline,)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, Params)
        ctx.set(["board"], {
            "size": params.board_size,
            "spaces": {str(n): {"features": []} for n in range(1, params.board_size + 1)},
            "cop_car": None,
            "pairs": {},
        })
        ctx.set(["trades"], {})

    def greedy_score(self, state: dict[str, Any], actor: str, name: str,
                     args: dict[str, Any]) -> float:
        """How much the greedy bot likes an action (see strategy.py)."""
        return strategy.greedy_score(state, actor, name, args)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        size = state["board"]["size"]
        spaces = state["board"]["spaces"]
        if sorted(map(int, spaces)) != list(range(1, size + 1)):
            problems.append("the board's spaces are not exactly 1..size")
        order = state["turn"].get("order", [])
        if len(set(order)) != len(order):
            problems.append(f"a player appears twice in the turn order {order}")
        for name, player in state["players"].items():
            # Only what the rules in force declare: a proposal may repeal Rule 5
            # (locations) or Rule 2 (the turn order).
            where = player.get("location")
            if "location" in player and where not in (board.JAIL, board.GULAG) and not (
                    isinstance(where, int) and 1 <= where <= size):
                problems.append(f"{name} is on no space ({where!r})")
            if "location" in player and order and (where == board.GULAG) == (name in order):
                problems.append(f"{name}: in the Gulag exactly when out of the turn order")
            if any(not 1 <= n <= 7 for n in player.get("numbers", [])):
                problems.append(f"{name} holds a Number outside 1..7")
            if player.get("bank", 0) < 0:
                problems.append(f"{name}'s bank account is below 0")
        current = state["turn"].get("current")
        if current is not None and current not in order:
            problems.append(f"the current player {current} is not in the turn order")
        if order and current is None:
            problems.append("players are in the turn order but it is nobody's turn")
        car = state["board"].get("cop_car")
        cars = [int(n) for n, s in spaces.items() if COP_CAR in s["features"]]
        if (car is None and cars) or (car is not None and cars != [car["space"]]):
            problems.append(f"the Cop Car is recorded at {car} but stands on {cars}")
        if "11" in state["rules"] and state["rules"]["11"]["class"].endswith("/features"):
            for n, space in spaces.items():
                k = int(n)
                if (SHOP in space["features"]) != (is_prime(k) and k > 10):
                    problems.append(f"space {k} has the Shop feature wrongly")
                if (BANK in space["features"]) != (k % 7 == 0 and k > 7):
                    problems.append(f"space {k} has the Bank feature wrongly")
        for number, pair in state["board"].get("pairs", {}).items():
            lower, upper = pair["spaces"]
            for space, end in ((lower, "L"), (upper, "U")):
                name = f"{pair['type']} {number}{end}"
                if name not in spaces[str(space)]["features"]:
                    problems.append(f"{name} is missing from space {space}")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """For simulations: the board's size, snakes and ladders, proposals made and
        passed, players in Jail and in the Gulag, Numbers held, points in the bank, and
        Houses built."""
        players = state["players"].values()
        proposals = state.get("proposals", {}).values()
        return {
            "board.size": float(state["board"]["size"]),
            "board.pairs": float(len(state["board"].get("pairs", {}))),
            "proposals.made": float(len(proposals)),
            "proposals.passed": float(sum(p["status"] == "passed" for p in proposals)),
            "players.in_jail": float(sum(p.get("location") == board.JAIL for p in players)),
            "players.in_gulag": float(sum(p.get("location") == board.GULAG for p in players)),
            "numbers.held": float(sum(len(p.get("numbers", [])) for p in players)),
            "bank.stored": float(sum(p.get("bank", 0) for p in players)),
            "houses.built": float(sum(name.startswith("House") for space in
                                      state["board"]["spaces"].values()
                                      for name in space["features"])),
        }
