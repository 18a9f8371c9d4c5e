"""Section XIX again, Minions and Lairs (P39, seed L70-97), which replace the Imps of
P29 (:mod:`.imps`): the frameworks (Rule 1901), the IMPerial Guard (1902), the Dark
Portal (1903) and the Minion Imp (1904). P50 (L2) repeals them, and every Minion and
Lair leaves the board.

Minions are types of class ``unit`` and Lairs of class ``building`` owned by no one
("duplicates of the Unit and Building frameworks"), so commands target them as they
would units and buildings; each Minion kind is an agent kind
(:mod:`nomicon.mechanics.agents`) whose priority list is a parameter.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx, Rule, adjust, events, every, hook
from nomicon.mechanics import agents, combat, geometry, units
from nomicon.mechanics.agents import AgentKind, AgentParams, Behaviour
from nomicon.mechanics.events import AGENTS_SPAWNING, KILLED, AgentsSpawning, Killed
from nomicon.mechanics.units import TypeParams, UnitType
from nomicon.packs.nomopoly4.imps import (
    CALLING,
    DARK_KINDS,
    GUARD,
    IMP,
    PORTAL,
    ImpWays,
    apart,
    call_the_ducky,
    empty_squares,
    pick_for_killer,
    players_units,
    stop_calling_where_no_one_is,
    where,
)
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, LOCATIONS, PACK, SNAKE

#: The kinds that take turns, in no particular order (they act in the order made).
MINIONS = (IMP, GUARD)
NEEDS = frozenset({SNAKE, LOCATIONS, HAS_DOLLARS})


def kind_at(ctx: Ctx, square: int, kind: str) -> list[str]:
    return [e for e in ctx.entities_at(square) if (ctx.entity(e) or {}).get("kind") == kind]


class MinionsAndLairs(Rule):
    """Now that the Dark Lord has established a presence on the Board, he starts preperation for a full-scale invasion.
    Create two new frameworks, "Minions" and "Lairs". These are duplicates of the "Unit" and "Building" frameworks, except that Minions have a list of Priorities. Minions and Lairs may share the same space, but neither may share a space with Units or Buildings. Every day at midnight GMT, each Minion will take the action listed first on it's list of Priorities. If that is not possible, it will take the next on instead, and so on, until either it reaches the end of the list or takes an action. Minions can be the target of Commands that Units could, and Lairs can be the target of commands that Buildings could."""  # noqa: E501

    key = "minions-and-lairs"
    pack = PACK
    number = 1901
    title = "Minions and Lairs"
    requires = NEEDS
    # The daily turn of the Minions is run by the Imp's rule (Rule 1904), whose release
    # of Imps at the same midnight must come first ("This occurs before Miniona attempt
    # to take actions"): one rule's schedules fire in the order it declares them.

    @adjust(units.PLACEMENT)
    def not_with_units(self, ctx: Ctx, asked: units.Placement) -> units.Placement:
        return apart(self, ctx, asked)

    @hook(events.BATCH_CLOSING)
    def continuously(self, ctx: Ctx, data: events.NoFields) -> None:
        stop_calling_where_no_one_is(ctx, frozenset({IMP}))

    def on_repeal(self, ctx: Ctx) -> None:
        # P50: "remove all Minions and Lairs from the Board" (with the section's rules).
        for kind in sorted(DARK_KINDS):
            for eid in ctx.entities_of(kind):
                units.destroy(ctx, eid, cause=f"{self.label} is repealed: Minions and Lairs "
                              "are removed from the game")


class GuardParams(TypeParams, AgentParams):
    max_hp: int = 50
    attack: int = 10
    priorities: tuple[str, ...] = ("attack-adjacent",)


class ImperialGuard(UnitType, AgentKind):
    """New Minion: IMPerial Guard
    Max HP: 50
    Attack strength: 10
    Priorities:
    1) Attack a random adjacent Unit or Building. This attack is carried out as if the IMPerial Guard was ordered to do so via the Attack Command."""  # noqa: E501

    key = "imperial-guard"
    pack = PACK
    number = 1902
    title = "IMPerial Guard"
    requires = NEEDS
    kind = GUARD
    agent_kind = GUARD
    Params = GuardParams
    params: GuardParams
    contributes: ClassVar[dict[str, Any]] = {agents.BEHAVIOURS: {
        "attack-adjacent": Behaviour("_can_attack", "_attack",
                                     "1) attack a random adjacent unit or building"),
    }}

    def _targets(self, ctx: Ctx, guard: str) -> list[str]:
        # "Adjacent" squares, not its own (which holds no unit or building anyway);
        # only targets the Attack command could choose (a Wall shields its square).
        here = where(ctx, guard)
        return [t for s in geometry.near(ctx, here) if s != here
                for t in players_units(ctx, s)
                if combat.targeting_problem(ctx, t, attacker=guard) is None]

    def _can_attack(self, ctx: Ctx, guard: str) -> bool:
        return bool(self._targets(ctx, guard))

    def _attack(self, ctx: Ctx, guard: str) -> None:
        target = ctx.pick(self._targets(ctx, guard), f"the unit or building {guard} attacks")
        combat.attack(ctx, target, attacker=guard, cause=f"{guard}'s attack")


class DarkPortal(UnitType):
    """New Lair: Dark Portal
    Max HP: 100
    Armor: 10
    - Every third day, when Imps would be created, an additional Imp is created on the same square as the Dark Portal."""  # noqa: E501

    key = "dark-portal"
    pack = PACK
    number = 1903
    title = "Dark Portal"
    requires = NEEDS
    kind = PORTAL
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 100
        range: int = 0
        armor: int = 10

    @hook(AGENTS_SPAWNING)
    def another_imp(self, ctx: Ctx, data: AgentsSpawning) -> None:
        if data["kind"] != IMP or units.stats_of(ctx, IMP) is None:
            return
        for portal in ctx.entities_of(PORTAL):
            units.create(ctx, IMP, owner=None, location=where(ctx, portal),
                         cause=f"an Imp comes through the Dark Portal {portal}")


class MinionImpParams(TypeParams, AgentParams):
    max_hp: int = 50
    range: int = 0
    priorities: tuple[str, ...] = ("call-the-ducky", "take-the-box", "become-a-guard",
                                   "take-resources", "jump", "build-a-portal", "cakes")
    acts: str = "every day at midnight GMT"
    spawns: str = "every third day at midnight GMT"
    calling_hours: int = Field(73, ge=1)
    resources: int = Field(100, ge=0)
    cake_percent: int = Field(5, ge=0, le=100)
    cake_damage: int = Field(10, ge=0)
    cake_hours: int = Field(1, ge=0)


class MinionImp(ImpWays, UnitType, AgentKind):
    """New Minion: Imp
    Max HP: 50
    Priorities:
    1) If the Imp's current square contains one or more players, the Imp will begin calling the Rber Ducky. If for the next 73 hours, there is continuously at least one player on that square, then after the 73 hours has expired, the Rber Ducky will jump to that square. During this time, the Imp will take no actions.
    2) If the Imp's current square contains a ? box, the Imp will take the item from the ? box and give it to the Dark Lord.
    3) If there is no IMPerial Guard on the same square as the Imp, the Imp becomes one.
    4) If the Imp's current square has more than $0 in resources, then the Imp will remove $100 of the resources and add that money to the Bank Account of Terror. If the square has less than $100 in resources, then the Imp will take whatever resources are left on that square.
    5) If there is a square on the board that does not currently have an Imp, a building, or a unit, then the Imp will jump to a randomly selected square that does not currently have an Imp, a building, or a unit.
    6) If there is no Dark Portal on the Imp's square already, it builds one.
    7) The Imp will go crazy and attack it's current square and all adjacent squares with cakes, which has the following effects:
    * All players on these squares lose 5% of their money, and that money is added to the Bank Account of Terror.
    * All units and buildings on those squares lose 10 hit points.
    * All units and buildings that are not cooling down will immediately begin cooling down for 1 hour.
    * All units and buildings that are cooling down will have their cool down time extended by 1 hour.
    - When an Imp is destroyed, the player who destroyed it gains a Magic Mining Pick.
    - Every third day at midnight GMT, an Imp will be created on a randomly selected square that does not already contain an Imp or any units or buildings, if possible. This occurs before Miniona attempt to take actions, so a newly created imp will immediately take an action.
    All currently existing Imps are converted to the Minion version. All rules in section XIX are repealed."""  # noqa: E501

    key = "minion-imp"
    pack = PACK
    number = 1904
    title = "Imp (Minion)"
    requires = NEEDS
    kind = IMP
    agent_kind = IMP
    Params = MinionImpParams
    params: MinionImpParams
    box_taking = "takes the ? box's item"
    contributes: ClassVar[dict[str, Any]] = {agents.BEHAVIOURS: {
        "call-the-ducky": Behaviour("_can_call", "_call", "1) call the Rber Ducky"),
        "take-the-box": Behaviour("_can_open", "_open", "2) take the ? box's item"),
        "become-a-guard": Behaviour("_can_become", "_become", "3) become an IMPerial Guard"),
        "take-resources": Behaviour("_can_take", "_take", "4) take resources"),
        "jump": Behaviour("_can_jump", "_jump", "5) jump to an empty square"),
        "build-a-portal": Behaviour("_can_build", "_build", "6) build a Dark Portal"),
        "cakes": Behaviour("_can_cake", "_cake", "7) go crazy: cakes"),
    }}

    # "All currently existing Imps are converted to the Minion version": they are of
    # kind imp, which this rule now declares; nothing else changes (50 hit points both).

    def spawn(self, ctx: Ctx) -> None:
        empty = empty_squares(ctx)
        if empty:
            units.create(ctx, IMP, owner=None, location=ctx.pick(empty, "where an Imp appears"),
                         cause=f"the Dark Lord creates an Imp ({self.label})")

    @every(param="acts")
    def acting(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """Every Minion acts, Imps and IMPerial Guards alike, in the order they were made
        (Rule 1901's "each Minion"), after this rule's release of the same midnight."""
        agents.act_all(ctx, list(MINIONS))

    @hook(KILLED)
    def pick_for_the_killer(self, ctx: Ctx, data: Killed) -> None:
        pick_for_killer(ctx, data)

    @hook(events.STATUS_ENDED, key=CALLING)
    def called(self, ctx: Ctx, data: events.StatusEnded) -> None:
        if data["cause"] == "expired" and (ctx.entity(data["holder"]) or {}).get("kind") == IMP:
            call_the_ducky(ctx, data["holder"])

    def _can_become(self, ctx: Ctx, imp: str) -> bool:
        return units.stats_of(ctx, GUARD) is not None and not kind_at(ctx, where(ctx, imp), GUARD)

    def _become(self, ctx: Ctx, imp: str) -> None:
        units.transform(ctx, imp, GUARD, cause=f"{imp} becomes an IMPerial Guard")

    def _can_build(self, ctx: Ctx, imp: str) -> bool:
        return units.stats_of(ctx, PORTAL) is not None and not kind_at(ctx, where(ctx, imp), PORTAL)

    def _build(self, ctx: Ctx, imp: str) -> None:
        units.create(ctx, PORTAL, owner=None, location=where(ctx, imp),
                     cause=f"{imp} builds a Dark Portal")


