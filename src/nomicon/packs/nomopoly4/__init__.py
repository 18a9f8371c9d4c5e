"""Nomopoly IV: a web-played board nomic whose passed proposals are its history.

The seed is the list of passed proposals without the base rules; the pack runs the
smallest base they presuppose (sections I-XI, :mod:`.base`, each rule saying it is
reconstructed) and replays the proposals through governance (:mod:`.history`).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, model_validator

from nomicon.authoring import Ctx, Initial, Pack, PackParams
from nomicon.boards import numbered
from nomicon.mechanics import market as order_book
from nomicon.packs.nomopoly4 import history as past
from nomicon.packs.nomopoly4 import strategy
from nomicon.packs.nomopoly4.base import (
    DOLLARS,
    DisruptionOfGameplay,
    EndingTheGame,
    Items,
    Layout,
    Money,
    Occupying,
    Order,
    Players,
    Proposals,
    TheAdmin,
    TheBoard,
    TheRules,
    Trade,
    Turns,
)
from nomicon.packs.nomopoly4.boxes import BOX, BoxExpiry, QuestionBoxes
from nomicon.packs.nomopoly4.directions import ForwardsOrBackwards
from nomicon.packs.nomopoly4.ducky import DarkWorld, DuckyTravels, Pies, ducky_square
from nomicon.packs.nomopoly4.experience import ALIVE, DEAD, Experience, ExperienceForTurns, TheDead
from nomicon.packs.nomopoly4.fairy import ExperienceFairy
from nomicon.packs.nomopoly4.impitems import ForceField, ImpingStick, ImpInTheBox
from nomicon.packs.nomopoly4.imps import Imps, MagicMiningPick, dark_problems
from nomicon.packs.nomopoly4.items import (
    Coin,
    Feather,
    FireFlower,
    Frequency,
    Ghost,
    GreenShell,
    LightningBolt,
    Mushroom,
    RedShell,
)
from nomicon.packs.nomopoly4.jumps import Jumps
from nomicon.packs.nomopoly4.market import TheMarket
from nomicon.packs.nomopoly4.minions import DarkPortal, ImperialGuard, MinionImp, MinionsAndLairs
from nomicon.packs.nomopoly4.pages import PAGE as DARK_LORD_PAGE
from nomicon.packs.nomopoly4.research import RESEARCH_RULES, research_problems
from nomicon.packs.nomopoly4.restrictions import MostPerAction, NoNegativesOrFractions, ThirtyADay
from nomicon.packs.nomopoly4.safecracking import Safecracking, safecracking_problems
from nomicon.packs.nomopoly4.shop import (
    MoldyMush,
    RottenMush,
    ShopMoves,
    ShopOfTerror,
    StarEgg,
    WiltShroom,
)
from nomicon.packs.nomopoly4.soulgems import ChargedSoulGem, SoulGem, SoulGemConversion
from nomicon.packs.nomopoly4.squares import Adjacent, Resources, TripleTheBoard
from nomicon.packs.nomopoly4.units import UNIT_RULES
from nomicon.packs.nomopoly4.units.invariants import unit_problems
from nomicon.packs.nomopoly4.units.landrush import FortLandRush
from nomicon.packs.nomopoly4.victory import ExperienceForKills, Victory


class Params(PackParams):
    board_size: int = Field(20, ge=2, le=10_000, description="squares at the start (Rule 701)")
    columns: int = Field(10, ge=1, le=100, description="squares to a row (Rule 702)")
    starting_money: int = Field(2000, ge=0, description="dollars each player starts with "
                                                        "(Rule 401)")
    history: int | None = Field(None, ge=0, le=past.TOTAL,
                                description="start after the first K proposals (P01..PK); "
                                            "default: as many as are built")

    @model_validator(mode="after")
    def _built(self) -> Params:
        if self.history is not None:
            past.first(self.history)  # ValueError: a record is not built yet
        return self


class NomopolyIV(Pack):
    id = "nomopoly-iv"
    title = "Nomopoly IV"
    description = (
        "A board nomic on a numbered snake board (20 squares in rows of ten): dollars, "
        "turns at noon and midnight Central, proposals, and the game's history replayed "
        "proposal by proposal (--param history=K). Built: the reconstructed base "
        f"and proposals {', '.join(r.id for r in past.RECORDS)}: units, buildings and "
        "commands, Jumps in place of turns, the board of 90 squares, ? boxes and items, "
        "the Shop of Terror, the Experience Fairy, railways, Echo, Max HP, the Musketeer, "
        "the victory at level 25, Imps, then Minions and Lairs, the Public Market and "
        "Soul Gems, Safecracking and Research. history=K takes K = 0.."
        f"{past.built_prefix()}; the default is the game as it ended.")
    how_to_play = (
        "Players have a property, Jumps, a non-negative integer (initially zero). Every "
        "day at noon and midnight Central time, each player's Jumps property is increased "
        "by one. A player may, at any time, choose to jump to a square that they do not "
        "currently occupy, and whose distance is less than or equal to their Jumps value; "
        "their Jumps value is then decreased by that distance, and their experience is "
        "increased by 1. If a player's Jumps property is ever 10 or more, that player is "
        "fined $100, and their Jumps value is set to 0.\n\n"
        "If any player's level is 25 or higher, that player is declared the winner.")
    winning_rule = "victory"
    Params = Params
    provides = frozenset({"board:snake"})
    board = "snake"
    players = (1, None)
    pages = (DARK_LORD_PAGE,)
    initial = (
        Initial(TheRules), Initial(TheAdmin), Initial(Players), Initial(Money), Initial(Items),
        Initial(Trade), Initial(TheBoard), Initial(Layout), Initial(Order), Initial(Occupying),
        Initial(Turns), Initial(Proposals), Initial(DisruptionOfGameplay),
        Initial(EndingTheGame),
    )
    rule_classes = (
        Experience, ExperienceForTurns, TheDead, DarkWorld, DuckyTravels, Pies,
        NoNegativesOrFractions, ThirtyADay, MostPerAction, ForwardsOrBackwards, Resources,
        Adjacent, TripleTheBoard,
        # ? boxes, items, the Shop of Terror and the Experience Fairy
        Frequency, QuestionBoxes, Mushroom, Feather, Coin, FireFlower, Ghost, GreenShell,
        RedShell, LightningBolt, BoxExpiry, ShopOfTerror, WiltShroom, MoldyMush, RottenMush,
        StarEgg, ShopMoves, ExperienceFairy,
        # Section XII (P01-P22) and XVI (P19).
        *UNIT_RULES, Jumps,
        # Experience for kills (P35) and the victory (P51).
        ExperienceForKills, Victory,
        # Section XIX, Imps (P29), later Minions and Lairs.
        Imps, MagicMiningPick, ImpInTheBox, ImpingStick, ForceField,
        MinionsAndLairs, ImperialGuard, DarkPortal, MinionImp,
        # Section XXII, the Public Market (P46).
        TheMarket,
        # Soul Gems (P48).
        SoulGem, ChargedSoulGem, SoulGemConversion,
        # Safecracking (P37) and section XX, Research (P40).
        Safecracking, *RESEARCH_RULES,
    )

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, Params)
        numbered.setup(ctx, params.board_size, columns=params.columns)

    def after_rules(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, Params)
        count = past.built_prefix() if params.history is None else params.history
        for record in past.first(count):
            # A window a proposal opened for a while (P18's land rush, a week) was over
            # before the next proposal passed: the seed's history went on past it.
            for rule in list(ctx.rules.rules):
                if isinstance(rule, FortLandRush):
                    with ctx.running(rule):
                        ctx.cancel_timer("fort-land-rush")
                        rule.over(ctx, {})
            past.implement(ctx, record)

    def greedy_score(self, state: dict[str, Any], actor: str, name: str,
                     args: dict[str, Any]) -> float:
        """How much the greedy bot likes an action (see strategy.py)."""
        return strategy.greedy_score(state, actor, name, args)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        board = numbered.layout_of(state["board"])
        spaces = state["board"].get("spaces", {})
        if sorted(map(int, spaces)) != list(board.squares()):
            problems.append(f"the board's squares are not exactly 1..{board.size}")
        ids = [record.get("id") for record in spaces.values()]
        if len(set(ids)) != len(ids):
            problems.append("two squares share an identity")
        for holder, balances in state.get("accounts", {}).items():
            for currency, amount in balances.items():
                if not isinstance(amount, int) or amount < 0:
                    problems.append(f"{holder} holds {amount!r} {currency}")
        for name, player in state["players"].items():
            where = player.get("location")
            if "location" in player and not board.exists(where):
                problems.append(f"{name} is on no square ({where!r})")
            problems += _experience_problems(name, player)
            jumps = player.get("jumps")
            if "jumps" in player and not (isinstance(jumps, int) and 0 <= jumps <= 9):
                problems.append(f"{name} has {jumps!r} Jumps, not 0..9")
        ducky = ducky_square(state)
        if "rber-ducky" in state.get("entities", {}) and not board.exists(ducky):
            problems.append(f"the Rber Ducky is on no square ({ducky!r})")
        for eid, entity in state.get("entities", {}).items():
            where = entity.get("location")
            if where is not None and not board.exists(where):
                problems.append(f"{eid} stands on no square ({where!r})")
        problems += _box_problems(state, board.size)
        problems += unit_problems(state)
        problems += dark_problems(state)
        problems += order_book.invariant_failures(state)
        problems += safecracking_problems(state) + research_problems(state)
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """For simulations: the board's size, proposals made and passed, dollars held
        by players and by the Bank Account of Terror, and the highest level."""
        players = state["players"]
        proposals = state.get("proposals", {}).values()
        accounts = state.get("accounts", {})
        return {
            "board.size": float(state["board"].get("size", 0)),
            "proposals.made": float(len(proposals)),
            "proposals.passed": float(sum(p["status"] == "passed" for p in proposals)),
            "dollars.players": float(sum(accounts.get(p, {}).get(DOLLARS, 0) for p in players)),
            "dollars.terror": float(accounts.get("bank-account-of-terror", {}).get(DOLLARS, 0)),
            "level.highest": float(max((p.get("level", 0) for p in players.values()),
                                       default=0)),
        }


def _box_problems(state: dict[str, Any], squares: int) -> list[str]:
    """Exactly ten ? boxes once Rule 1702 is in force (one a square on a smaller board)
    and at most one on a square. (Items, as every good and money, are never held below
    zero: the accounts' check in :meth:`NomopolyIV.invariants`.)"""
    problems = []
    rule = next((r for r in state.get("rules", {}).values()
                 if r.get("class") == f"{NomopolyIV.id}/question-boxes"), None)
    boxes = [e for e in state.get("entities", {}).values() if e.get("kind") == BOX]
    if rule is not None:
        wanted = min(int((rule.get("params") or {}).get("boxes", 10)), squares)
        if len(boxes) != wanted:
            problems.append(f"{len(boxes)} ? boxes are on the board, not {wanted}")
    squares_with = [e.get("location") for e in boxes]
    if len(set(squares_with)) != len(squares_with):
        problems.append(f"two ? boxes share a square ({sorted(squares_with)})")
    return problems


def _experience_problems(name: str, player: dict[str, Any]) -> list[str]:
    """What is wrong with a player's Experience, Level and State of Being (Rule 1301),
    once they exist."""
    if "experience" not in player:
        return []
    xp, level, state = player["experience"], player.get("level"), player.get("state_of_being")
    problems = []
    if not (isinstance(xp, int) and xp >= 0):
        problems.append(f"{name}'s Experience is {xp!r}, not a non-negative integer")
    elif isinstance(level, int) and xp >= (1 if level == 0 else abs(level) * 10):
        problems.append(f"{name} has {xp} Experience at Level {level}: a level is due")
    if not isinstance(level, int):
        problems.append(f"{name}'s Level is {level!r}, not an integer")
    elif state != (DEAD if level <= 0 else ALIVE):
        problems.append(f"{name} is {state} at Level {level}")
    return problems
