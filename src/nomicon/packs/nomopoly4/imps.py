"""Section XIX, Imps (P29, seed L136-152): the Dark Lord's Imps, and the Magic Mining
Pick that their killers get (Rule 1712, with the items).

An Imp "is not a unit", yet it "may be attacked or be targeted with any command just
like a unit can be": it is a type of the mechanics layer (:class:`~nomicon.mechanics.
units.UnitType`, class ``unit``, owned by no one) so that attacks, damage, kills and
commands treat it as one, and the rules that speak of units leave the Dark Lord's kinds
out by :data:`DARK_KINDS` where the seed means only players' units (INTERPRETATIONS.md,
Rule 1901). It is also an agent (:mod:`nomicon.mechanics.agents`): its priority list is
a parameter of Rule 1901, the behaviours are contributed by the same rule by name, the
spawner counts "every third day" from the rule's enactment.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, ClassVar, Protocol

from pydantic import Field

from nomicon.authoring import Ctx, Rule, adjust, events, hook
from nomicon.boards import numbered, walker
from nomicon.boards.walker import Piece
from nomicon.mechanics import agents, combat, cooldowns, geometry, units
from nomicon.mechanics.agents import AgentKind, AgentParams, Behaviour
from nomicon.mechanics.events import COMMANDED, KILLED, Commanded, Killed
from nomicon.mechanics.units import TypeParams, UnitType
from nomicon.packs.nomopoly4 import squares
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.boxes import box_at, open_box
from nomicon.packs.nomopoly4.ducky import BANK, DARK_LORD, DUCKY
from nomicon.packs.nomopoly4.events import CAKED, DUCKY_CALLED, IMP_TOOK_RESOURCES
from nomicon.packs.nomopoly4.items import ItemParams, ItemRule
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, LOCATIONS, PACK, SNAKE

IMP = "imp"
GUARD = "imperial-guard"
PORTAL = "dark-portal"
#: The Dark Lord's kinds: Imps, and after P39 the Minions and Lairs. They stand apart
#: from the players' units and buildings and are not "units" where the seed means
#: the players' (experience, Soul Gems, cakes).
DARK_KINDS = frozenset({IMP, GUARD, PORTAL})
#: The task of an Imp calling the Rber Ducky.
CALLING = "calling"
PICK = "magic-mining-pick"
#: The cause of an Imping Stick's kills (P36), for which no Magic Mining Pick is given.
IMPING_STICK = "an Imping Stick"
SUPER_MINING = "super-mining"


# -- what the Imps' rules share ------------------------------------------------------------
def is_dark(ctx: Ctx, eid: str) -> bool:
    return (ctx.entity(eid) or {}).get("kind") in DARK_KINDS


def players_units(ctx: Ctx, square: Any) -> list[str]:
    """The units and buildings of players on ``square`` (not Imps, Minions or Lairs)."""
    return [e for e in units.things(ctx, location=square) if not is_dark(ctx, e)]


def empty_squares(ctx: Ctx) -> list[int]:
    """The "empty" squares: no Imp (nor Minion or Lair), unit or building; "players, ?
    boxes and the ducky don't matter"."""
    return [s for s in numbered.layout(ctx).squares() if not units.things(ctx, location=s)]


def players_on(ctx: Ctx, square: Any) -> list[str]:
    return [p for p in ctx.players() if ctx.attr(p, "location") == square]


def where(ctx: Ctx, eid: str) -> int:
    record = ctx.entity(eid)
    assert record is not None, eid
    return int(record["location"])


def apart(rule: Rule, ctx: Ctx, asked: units.Placement) -> units.Placement:
    """The placement check of a rule that keeps the Dark Lord's kinds apart from the
    players' units and buildings, in that rule's name: neither may stand on a square
    holding the other. Between themselves, the owner check does not apply (they are
    no one's)."""
    dark = asked["kind"] in DARK_KINDS
    for other in ctx.entities_at(asked["location"]):
        record = ctx.entity(other)
        if other == asked["entity"] or record is None \
                or units.stats_of(ctx, record["kind"]) is None:
            continue
        if (record["kind"] in DARK_KINDS) != dark:
            what = "an Imp, Minion or Lair" if not dark else "units or buildings"
            return {**asked, "problem": f"square {asked['location']} holds {what} "
                    f"({other}): Imps, Minions and Lairs may not share a square with units or "
                    "buildings", "rule": rule.rid}
    return asked


def pick_for_killer(ctx: Ctx, data: Killed) -> None:
    """"the player who was responsible for destroying it ... receives a Magic Mining
    Pick": the player a dead Imp's kill is credited to (none for damage of no one's;
    none for an Imping Stick's, P36)."""
    killer = data["by_player"]
    if data["kind"] == IMP and killer is not None and ctx.is_player(killer) \
            and data["cause"] != IMPING_STICK and ctx.is_good(PICK):
        ctx.transfer(None, killer, 1, PICK, f"{killer} destroys {data['entity']}")


def call_the_ducky(ctx: Ctx, imp: str) -> None:
    """The end of 73 hours of calling: the Rber Ducky jumps to the Imp's square."""
    ducky = ctx.entity(DUCKY)
    if ducky is None or ctx.entity(imp) is None:
        return
    start = int(ducky["location"])
    end = walker.land(ctx, Piece.entity(DUCKY), where(ctx, imp), how=f"called by {imp}")
    ctx.set_entity(DUCKY, pied=[])  # a new arrival: whoever is there is caught (Rule 1403)
    ctx.emit(DUCKY_CALLED, f"{imp} has called the Rber Ducky for 73 hours: it jumps from "
             f"square {start} to square {end}", imp=imp, start=start, end=end)


def stop_calling_where_no_one_is(ctx: Ctx, kinds: frozenset[str]) -> None:
    """"continuously at least 1 player at the same square": a calling Imp whose square
    has no player left at the end of an action or timer stops calling."""
    for imp in [e for kind in sorted(kinds) for e in ctx.entities_of(kind)]:
        if agents.task_of(ctx, imp) == CALLING and not players_on(ctx, where(ctx, imp)):
            agents.end_task(ctx, imp, "no player is left on its square")


def take_resources(ctx: Ctx, imp: str, most: int) -> None:
    square = where(ctx, imp)
    account = squares.account(numbered.square_id(ctx, square))
    amount = min(most, ctx.balance(account, DOLLARS))
    ctx.transfer(account, BANK, amount, DOLLARS, f"{imp} takes the resources of square {square}")
    ctx.emit(IMP_TOOK_RESOURCES, f"{imp} takes ${amount} of the resources of square "
             f"{square} to the Bank Account of Terror", imp=imp, square=square, amount=amount)


def has_resources(ctx: Ctx, imp: str) -> bool:
    account = squares.account(numbered.square_id(ctx, where(ctx, imp)))
    return ctx.balance(account, DOLLARS) > 0


def jump_to_empty(ctx: Ctx, imp: str) -> None:
    to = ctx.pick(empty_squares(ctx), f"the empty square {imp} jumps to")
    units.move(ctx, imp, to)


def cakes(ctx: Ctx, imp: str, *, percent: int, damage: int, hours: int) -> None:
    """The Imp's square and every adjacent one: players lose ``percent`` of their
    money to the Bank Account of Terror, the players' units and buildings lose
    ``damage`` hit points (no armor, no Wall) and cool down for ``hours`` more."""
    near = [int(s) for s in geometry.near(ctx, where(ctx, imp))]
    lost: dict[str, int] = {}
    for player in [p for p in ctx.players() if ctx.attr(p, "location") in near]:
        # 5% rounded down (a ruling, INTERPRETATIONS.md, Rule 1901).
        amount = ctx.balance(player, DOLLARS) * percent // 100
        lost[player] = amount
        ctx.transfer(player, BANK, amount, DOLLARS, f"{player} is hit by {imp}'s cakes")
    hit = [e for s in near for e in players_units(ctx, s)]
    for target in hit:
        combat.damage(ctx, target, damage, cause=f"{imp}'s cakes")
        if ctx.entity(target) is None:
            continue
        if cooldowns.is_cooling(ctx, target):
            cooldowns.extend(ctx, target, timedelta(hours=hours))
        else:
            cooldowns.start(ctx, target, timedelta(hours=hours))
    ctx.emit(CAKED, f"{imp} goes crazy and attacks squares {near} with cakes",
             imp=imp, squares=near, players=lost, hit=hit)


# -- what an Imp does, in both of its versions (Rule 1901 of P29, Rule 1904 of P39) ------
class ImpTimes(Protocol):
    """The parameters an Imp's behaviours read (both versions declare them)."""

    calling_hours: int
    resources: int
    cake_percent: int
    cake_damage: int
    cake_hours: int


class ImpWays:
    """The behaviours the two Imp rules share: the call of the Rber Ducky, the ? box, the
    resources, the jump and the cakes. Each rule names them in its own priority list."""

    params: ImpTimes
    #: How the log says an Imp empties a ? box (each version's words).
    box_taking: ClassVar[str]

    def _can_call(self, ctx: Ctx, imp: str) -> bool:
        return ctx.entity(DUCKY) is not None and bool(players_on(ctx, where(ctx, imp)))

    def _call(self, ctx: Ctx, imp: str) -> None:
        agents.begin_task(ctx, imp, CALLING, until=timedelta(hours=self.params.calling_hours))

    def _can_open(self, ctx: Ctx, imp: str) -> bool:
        return box_at(ctx, where(ctx, imp)) is not None

    def _open(self, ctx: Ctx, imp: str) -> None:
        box = box_at(ctx, where(ctx, imp))
        assert box is not None
        open_box(ctx, box, to=DARK_LORD, why=f"{imp} {self.box_taking} for the Dark Lord")

    def _can_take(self, ctx: Ctx, imp: str) -> bool:
        return has_resources(ctx, imp)

    def _take(self, ctx: Ctx, imp: str) -> None:
        take_resources(ctx, imp, self.params.resources)

    def _can_jump(self, ctx: Ctx, imp: str) -> bool:
        return bool(empty_squares(ctx))

    def _jump(self, ctx: Ctx, imp: str) -> None:
        jump_to_empty(ctx, imp)

    def _can_cake(self, ctx: Ctx, imp: str) -> bool:
        return True

    def _cake(self, ctx: Ctx, imp: str) -> None:
        cakes(ctx, imp, percent=self.params.cake_percent, damage=self.params.cake_damage,
              hours=self.params.cake_hours)


# -- Rule 1901 ---------------------------------------------------------------------------
class ImpParams(TypeParams, AgentParams):
    """The Imp's stats ("Initial HP: 50 Armor: 0"), its list (1-5) and its times."""

    max_hp: int = 50
    attack: int = 0
    range: int = 0
    armor: int = 0
    priorities: tuple[str, ...] = ("call-the-ducky", "open-the-box", "take-resources",
                                   "jump", "cakes")
    acts: str = "every day at midnight GMT"
    spawns: str = "every third day at midnight GMT"
    calling_hours: int = Field(73, ge=1)
    resources: int = Field(100, ge=0, description="dollars of resources an Imp takes")
    cake_percent: int = Field(5, ge=0, le=100)
    cake_damage: int = Field(10, ge=0)
    cake_hours: int = Field(1, ge=0)


class Imps(ImpWays, UnitType, AgentKind):
    """Imps:
    With his growing power the Dark Lord is now able to release some more of his fiendish minions, the Imps.
    Imp:
    Initial HP: 50
    Armor: 0
    An imp is not a unit. At all times Imps occupy exactly one square on the board. Imps and units or buildings may not both exist on the same square (so you can't move onto a square containing an imp for example). Imps may be attacked or be targeted with any command just like a unit can be. When an Imp runs out of HP it is destroyed and the player who was responsible for destroying it (the owner of the unit that dealt the final blow, the player whom used the item to destroy the imp or any other method of destroying an imp that is added at a later point) receives a Magic Mining Pick (see below).
    Every third day at midnight GMT the Dark Lord will attempt to release an Imp onto the board. If there is a square on the board that does not presently have an imp, a unit or a building (that is a square that is "empty", players, ? boxes and the ducky don't matter) then the Dark Lord will create a new imp at a randomly selected "empty" square. This action occurs before the imps attempt to take their action (so an imp that is created will immediately act).
    Every night at midnight GMT each imp will attempt to take an action. The action attempted will depend on what is currently at the same location as the imp. The imp will only take 1 action according to the following list. The imp will take the first listed legal action:
    1) If the square has one or more players on it the imp will begin calling the Rber Ducky. If for a period of 73 hours there is continuously at least 1 player at the same square as the Imp (it need not be the same player the whole time) then after 73 hours the Rber Ducky will be moved to the same square as the imp. During the 73 hours wait the Imp will take no actions.
    2) If the square contains a ? box then the imp will open the box (just like a player does) and the item will be given to the Dark Lord.
    3) If the square has more then $100 of resources on it then the Imp will remove $100 of it and that money will be added to the Bank Account of Terror. If the square contains between $1 and $100 (inclusive) in resources then the imp will take whatever amount is there (leaving the square then at $0 in resources) again the money is added to the Bank Account of Terror.
    4) If there is an "empty" square on the board then the imp will jump to a randomly selected "empty" square.
    5) If none of the above are possible then the imp will go crazy and attack their square and all adjacent squares with cakes. These cakes cause all players in those squares to lose %5 of their total money, that money is added to the Bank Account of Terror. All units and buildings in those squares will take 10 points of damage (armor and walls have no impact on this damage though walls still take the damage normally). As well all units and buildings that are not presently cooling down will begin cooling down for 1 hour. All units that are currently cooling down will have their cool down time extended by 1 hour."""  # noqa: E501

    key = "imps"
    pack = PACK
    number = 1901
    title = "Imps"
    requires = frozenset({SNAKE, LOCATIONS, HAS_DOLLARS})
    kind = IMP
    agent_kind = IMP
    Params = ImpParams
    params: ImpParams
    box_taking = "opens the ? box"
    contributes: ClassVar[dict[str, Any]] = {agents.BEHAVIOURS: {
        "call-the-ducky": Behaviour("_can_call", "_call", "1) call the Rber Ducky"),
        "open-the-box": Behaviour("_can_open", "_open", "2) open the ? box for the Dark Lord"),
        "take-resources": Behaviour("_can_take", "_take", "3) take resources"),
        "jump": Behaviour("_can_jump", "_jump", "4) jump to an empty square"),
        "cakes": Behaviour("_can_cake", "_cake", "5) go crazy: cakes"),
    }}

    def spawn(self, ctx: Ctx) -> None:
        # "If there is a square on the board that does not presently have an imp, a unit
        # or a building ... then the Dark Lord will create a new imp".
        empty = empty_squares(ctx)
        if empty:
            units.create(ctx, IMP, owner=None, location=ctx.pick(empty, "where an Imp appears"),
                         cause=f"the Dark Lord releases an Imp ({self.label})")

    @adjust(units.PLACEMENT)
    def not_with_units(self, ctx: Ctx, asked: units.Placement) -> units.Placement:
        return apart(self, ctx, asked)

    @hook(KILLED)
    def pick_for_the_killer(self, ctx: Ctx, data: Killed) -> None:
        pick_for_killer(ctx, data)

    @hook(events.BATCH_CLOSING)
    def continuously(self, ctx: Ctx, data: events.NoFields) -> None:
        stop_calling_where_no_one_is(ctx, frozenset({IMP}))

    @hook(events.STATUS_ENDED, key=CALLING)
    def called(self, ctx: Ctx, data: events.StatusEnded) -> None:
        if data["cause"] == "expired" and (ctx.entity(data["holder"]) or {}).get("kind") == IMP:
            call_the_ducky(ctx, data["holder"])


class MagicMiningPick(ItemRule):
    """Item:
    Name: Magic Mining Pick
    Frequency: 20
    Effect upon use: all of the SCV's owned by the player whom uses this pick immediately become enchanted with Super Mining. This enchantment lasts for 3 days. While enchanted with Super Mining an SCV whom is issued the mining command magically mines an extra $50 in resources. In the general case the owner of an SCV issued the mining command will receive $300 but the square they mined from will only lose $250."""  # noqa: E501

    key = "magic-mining-pick"
    pack = PACK
    # In the items' section, not XIX: P39 repeals "all rules in section XIX" while its
    # Imps still give Picks, and P48's Shop sells them (a ruling).
    number = 1712
    title = "Magic Mining Pick"
    item = PICK

    class Params(ItemParams):
        frequency: int = Field(20, ge=0)
        days: int = Field(3, ge=1, description="how long Super Mining lasts")
        extra: int = Field(50, ge=0, description="dollars an enchanted SCV mines besides")

    params: Params

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        # The SCVs the player owns when the pick is used (a ruling).
        scvs = [e for e in units.things(ctx, owner=actor) if ctx.entity(e)["kind"] == "scv"]  # type: ignore[index]
        for scv in scvs:
            ctx.grant_status(scv, SUPER_MINING, until=timedelta(days=self.params.days))
        return f"{len(scvs)} SCVs are enchanted with Super Mining for {self.params.days} days"

    @hook(COMMANDED)
    def super_mining(self, ctx: Ctx, data: Commanded) -> None:
        # "magically mines an extra $50": made, not taken from the square's resources.
        scv = data["entity"]
        if data["command"] == "mine" and ctx.entity(scv) is not None \
                and ctx.has_status(scv, SUPER_MINING):
            ctx.transfer(None, data["owner"], self.params.extra, DOLLARS,
                         f"{scv} mines with Super Mining")


# -- invariants --------------------------------------------------------------------------
def dark_problems(state: dict[str, Any]) -> list[str]:
    """Imps (and Minions and Lairs) never stand on a square with a player's unit or
    building (Rule 1901: "Imps and units or buildings may not both exist on the same
    square")."""
    dark: dict[Any, list[str]] = {}
    theirs: dict[Any, list[str]] = {}
    for eid, entity in state.get("entities", {}).items():
        if entity.get("location") is None:
            continue
        if entity.get("kind") in DARK_KINDS:
            dark.setdefault(entity["location"], []).append(eid)
        elif "hp" in entity:
            theirs.setdefault(entity["location"], []).append(eid)
    return [f"square {square} holds {', '.join(sorted(dark[square]))} and "
            f"{', '.join(sorted(theirs[square]))}" for square in dark if square in theirs]
