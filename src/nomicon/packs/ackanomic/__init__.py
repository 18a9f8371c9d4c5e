"""Ackanomic: the parent game (``ackanomic``, :mod:`.parent`) and its games.

The parent plays its games and contests as child games with their own rulesets
(rule 1250.1 VI, :mod:`.instances`); the first is the Game of Pure Skill (rule
1250.7), the pack ``ackanomic-goofspiel``. That pack also plays the game on its own
(kept for the benchmarks): a table of players that plays instances of
the game one after another and pays clause 5's payoff into its own ledger. Started
by a rule of another game as a child game (``ctx.start_child("ackanomic-goofspiel",
players=..., referee=...)``), it plays one instance, with the players and referee the
parent chose, whose result is settled into the parent game, whose rules pay clause 5.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Initial, Pack, PackParams
from nomicon.governance.methods import MajorityVote
from nomicon.packs.ackanomic import goofspiel
from nomicon.packs.ackanomic.parent import Ackanomic
from nomicon.packs.ackanomic.upgrades import UPGRADES

__all__ = ["Ackanomic", "AckanomicGoofspiel"]

# The rules whose workings the invariants check: with all of them in force, the spades
# and the packs are conserved.
CORE = frozenset(cls.class_id() for cls in (
    goofspiel.StartingAnInstance, goofspiel.Packs, goofspiel.Rounds, goofspiel.Prize,
    goofspiel.Bidding, goofspiel.Resolution, goofspiel.Announcement, goofspiel.Scoring))


class GoofspielParams(PackParams):
    players: int = Field(3, ge=2, description="players in each game (1250.7 says 3)")
    cards: int = Field(13, ge=1, le=13, description="cards in each pack (a suit: 13)")
    games: int = Field(0, ge=0, description="games the table plays before it closes "
                                            "(0: until the admin ends it)")


class AckanomicGoofspiel(Pack):
    id = "ackanomic-goofspiel"
    title = "Ackanomic: Game of Pure Skill"
    # 2: a round's bids are a sealed step of the kernel and its end the step's
    # deadline; version 1 kept them in each bidder's "bid" and a timer of Rule 43's.
    version = "2"
    upgrades = UPGRADES
    description = ("Ackanomic rule 1250.7 (Goofspiel) on its own: each player bids a card of "
                   "their suit, sealed, for a random spade; the highest single bid takes it. "
                   "Games follow one another; each winner receives 8 points and a Trophy.")
    Params = GoofspielParams
    # An instance has exactly 3 players (Rule 2, the ``players`` parameter's default);
    # the table starts none with fewer members, and seats any number more in turn,
    # the first member left over refereeing (INTERPRETATIONS.md, Rules 2 and 3).
    players = (3, None)
    # Standalone, the table's players change the game's rules by proposals, as
    # Ackanomic's players would through the main game (INTERPRETATIONS.md).
    initial = (*(Initial(cls) for cls in goofspiel.RULES),
               Initial(MajorityVote, number=100, title="Changing these rules"))
    rule_classes = goofspiel.RULES

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, GoofspielParams)
        ctx.set([goofspiel.KEY], goofspiel.new_table(params.players, params.cards,
                                                     params.games))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        game = state.get(goofspiel.KEY)
        if game is None:
            return ["there is no Game of Pure Skill table"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE:
            return []  # the rules that deal, draw and resolve have been changed
        suit = list(range(1, game["cards"] + 1))
        players = state["players"]
        seated = game["seated"]
        if seated and len(seated) != game["seats"]:
            problems.append(f"{len(seated)} players seated for {game['seats']} seats")
        if seated:
            prizes = list(game["prizes"]) + list(game["discarded"])
            prizes += [card for name in seated for card in players[name]["take"]]
            if game["prize"] is not None:
                prizes.append(game["prize"])
            if sorted(prizes) != suit:
                problems.append(f"the spades are not one suit: {sorted(prizes)}")
            resolved = len(game["rounds"])
            for name in seated:
                hand = players[name]["hand"]
                if len(set(hand)) != len(hand) or not set(hand) <= set(suit):
                    problems.append(f"{name}'s pack is not part of one suit: {hand}")
                if len(hand) != game["cards"] - resolved:
                    problems.append(f"{name} holds {len(hand)} cards after {resolved} rounds")
        bids = (state.get("steps") or {}).get(goofspiel.BIDS, {}).get("submissions", {})
        for name, bid in bids.items():
            if name not in seated:
                problems.append(f"{name} has a bid but does not play")
            elif bid not in players[name]["hand"]:
                problems.append(f"{name} bid the {bid}, which is not in their pack")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """Per table: games finished, games without a winner, the mean winning total,
        a player's mean total, and the value of the prizes discarded on tied bids (per
        finished game)."""
        results = state.get(goofspiel.KEY, {}).get("results", [])
        if not results:
            return {"games": 0.0}
        won = [r["totals"][r["winner"]] for r in results if r["winner"] is not None]
        seats = sum(len(r["totals"]) for r in results)
        found = {
            "games": float(len(results)),
            "games_without_winner": float(len(results) - len(won)),
            "mean_total": sum(sum(r["totals"].values()) for r in results) / seats,
            "discarded_value": sum(sum(r["discarded"]) for r in results) / len(results),
        }
        if won:  # measured only where some game had a winner
            found["winning_total"] = sum(won) / len(won)
        return found

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game (one instance): the table's winners, the instance's
        totals, its referee and the rounds it resolved."""
        table = state.get(goofspiel.KEY, {})
        results = table.get("results", [])
        last = results[-1] if results else {}
        return {"winners": list(state.get("winners", [])),
                "scores": dict(last.get("totals", {})), "referee": last.get("referee"),
                "rounds": len(table.get("rounds", []))}

    def greedy_score(self, state: dict[str, Any], actor: str, name: str,
                     args: dict[str, Any]) -> float:
        """For simulations' greedy bot: bid the card nearest in value to the prize."""
        prize = state.get(goofspiel.KEY, {}).get("prize")
        if name != "bid" or prize is None:
            return -1.0
        return -abs(int(args.get("card", 0)) - int(prize))
