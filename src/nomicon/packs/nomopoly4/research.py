"""Section XX, Research (P40, seed L40-69): the Laboratory and the Scientist, the
commands that build and recruit them, Research Breakthrough and Counter Research, and
the noon and midnight Central payouts.

Researching and Counter-Researching are statuses of the Scientist (``researching``,
``counter-researching``), granted when the cool-down of the command ends, however it
ends (its time, or the hourly relief of P44). "If the Scientist occupies a square
which does not contain a Laboratory while Researching, it stops Researching" is
checked at the end of every action and timer (so after every move, destruction and
transformation) and again just before each payout; a destroyed Scientist's statuses
end with it (the mechanics layer).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, events, every, hook
from nomicon.mechanics import units
from nomicon.mechanics.commands import CommandParams
from nomicon.mechanics.events import COOLDOWN_ENDED, CooldownEnded
from nomicon.mechanics.units import TypeParams
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.events import RESEARCH_PAID
from nomicon.packs.nomopoly4.travel import PACK
from nomicon.packs.nomopoly4.units.building import Build
from nomicon.packs.nomopoly4.units.framework import NEEDS, Command, square_of
from nomicon.packs.nomopoly4.units.types import _Type

LABORATORY = "laboratory"
SCIENTIST = "scientist"
RESEARCHING = "researching"
COUNTER_RESEARCHING = "counter-researching"


def has_laboratory(ctx: Ctx, square: Any) -> bool:
    return any((ctx.entity(e) or {}).get("kind") == LABORATORY
               for e in units.things(ctx, location=square))


def on_a_laboratory(ctx: Ctx, eid: str) -> bool:
    """Whether ``eid`` is a Scientist that occupies the same square as a Laboratory."""
    record = ctx.entity(eid)
    return (record is not None and record["kind"] == SCIENTIST
            and has_laboratory(ctx, record["location"]))


def stop_off_laboratories(ctx: Ctx, status: str, rule: Rule) -> None:
    """End ``status`` for every Scientist that no longer occupies a square with a
    Laboratory (or is no longer a Scientist: a ruling), in the name of ``rule``."""
    for eid in ctx.holders_of(status):
        if ctx.entity(eid) is not None and not on_a_laboratory(ctx, eid):
            ctx.end_status(eid, status, f"it does not occupy a square that contains a "
                           f"Laboratory ({rule.label})")


def owners_of(ctx: Ctx, status: str) -> Counter[str]:
    """How many Scientists with ``status`` each player owns."""
    found: Counter[str] = Counter()
    for eid in ctx.holders_of(status):
        record = ctx.entity(eid)
        if record is not None and record["owner"] is not None:
            found[str(record["owner"])] += 1
    return found


class Laboratory(_Type):
    """Building: Laboratory
    Maximum Hit Points: 300
    Attack Strength: 0
    Attack Range: 0
    Armor: 0
    Notes: A single square may not contain more than one Laboratory."""

    key = "laboratory"
    number = 2001
    title = "Laboratory"
    kind = LABORATORY
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 300
        range: int = 0
        one_per_square: bool = True


class BuildLaboratory(Build):
    """Command: Build Laboratory
    Can be issued to: SCV
    Cool down time: 2 days
    Effect: The player pays $1000 and receives a Laboratory on the square containing the SCV."""

    key = "build-laboratory"
    number = 2002
    title = "Build Laboratory"
    command = "build-laboratory"
    builds = LABORATORY

    class Params(CommandParams):
        cooldown_hours: float = 48
        price: int = 1000


class Scientist(_Type):
    """Unit: Scientist
    Maximum Hit Points: 40
    Attack Strength: 0
    Attack Range: 1
    Armor: 0
    Speed: 10"""

    key = "scientist"
    number = 2003
    title = "Scientist"
    kind = SCIENTIST

    class Params(TypeParams):
        max_hp: int = 40
        speed: int = 10


class RecruitScientist(Command):
    """Command: Recruit Scientist
    Can be issued to: Laboratory
    Cool down time: 4 days
    Effect: The player pays $1000 and receives a Scientist on the square containing the Laboratory."""  # noqa: E501

    key = "recruit-scientist"
    number = 2004
    title = "Recruit Scientist"
    command = "recruit-scientist"
    issued_to = (LABORATORY,)

    class Params(CommandParams):
        cooldown_hours: float = 96
        price: int = 1000

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        made = units.create(ctx, SCIENTIST, owner=actor, location=square_of(ctx, unit),
                            cause=f"recruited at {unit}", by=actor)
        return {"made": made}


class _Research(Command):
    """Base of Research Breakthrough and Counter Research: issued to a Scientist on a
    Laboratory's square; ``status`` begins when the cool-down ends, ``other`` stops
    when the command is issued, and ``status`` stops off a Laboratory's square."""

    issued_to = (SCIENTIST,)
    status: ClassVar[str] = ""
    other: ClassVar[str] = ""

    class Params(CommandParams):
        cooldown_hours: float = 24

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        found = super().not_issuable(ctx, unit, stats)
        if found is None and not has_laboratory(ctx, square_of(ctx, unit)):
            return f"{unit} does not occupy the same square as a Laboratory"
        return found

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        ctx.end_status(unit, self.other, f"{self.title} is issued to it ({self.label})")
        return {}

    @hook(COOLDOWN_ENDED)
    def begins(self, ctx: Ctx, data: CooldownEnded) -> None:
        # A Scientist that is off a Laboratory's square when it stops cooling down
        # would stop at once: it does not begin (a ruling). One that already has the
        # status keeps it.
        unit = data["entity"]
        if data["command"] != self.command or ctx.status(unit, self.status) is not None:
            return
        if on_a_laboratory(ctx, unit):
            ctx.grant_status(unit, self.status, data={"rule": self.number}, by=data["owner"])

    @hook(events.BATCH_CLOSING)
    def off_laboratory(self, ctx: Ctx, data: events.NoFields) -> None:
        stop_off_laboratories(ctx, self.status, self)


class ResearchBreakthrough(_Research):
    """Command: Research Breakthrough
    Can be issued to: a Scientist that occupies the same square as a Laboratory.
    Cool down time: 24 hours.
    Effect: When the Scientist to which this command is issued stops cooling down, it begins Researching. If that Scientist is Counter-Researching when this command is issued, it stops Counter-Researching. If the Scientist occupies a square which does not contain a Laboratory while Researching, it stops Researching."""  # noqa: E501

    key = "research-breakthrough"
    number = 2005
    title = "Research Breakthrough"
    command = "research-breakthrough"
    status = RESEARCHING
    other = COUNTER_RESEARCHING


class CounterResearch(_Research):
    """Command: Counter Research
    Can be issued to: a Scientist that occupies the same square as a Laboratory.
    Cool down time: 24 hours.
    Effect: When the Scientist to which this command is issued stops cooling down, it begins Counter-Researching. If that Scientist is Researching when this command is issued, it stops Researching. If the Scientist occupies a square which does not contain a Laboratory while Counter-Researching, it stops Counter-Researching."""  # noqa: E501

    key = "counter-research"
    number = 2006
    title = "Counter Research"
    command = "counter-research"
    status = COUNTER_RESEARCHING
    other = RESEARCHING


class _Payout(Rule):
    pack = PACK
    requires = NEEDS

    def settle(self, ctx: Ctx, when: str, gains: dict[str, int]) -> None:
        """Pay each player's net gain (made), or take a net loss, which stops at $0
        (the ruling on forced losses), and announce it."""
        paid: dict[str, int] = {}
        for player in sorted(gains):
            net = gains[player]
            if net > 0:
                ctx.transfer(None, player, net, DOLLARS, f"Research at {when} Central "
                             f"({self.label})")
            elif net < 0:
                net = -min(-net, ctx.balance(player, DOLLARS))
                if net:
                    ctx.transfer(player, None, -net, DOLLARS, f"Research at {when} "
                                 f"Central ({self.label})")
            if net:
                paid[player] = net
        researching = sum(owners_of(ctx, RESEARCHING).values())
        counter = sum(owners_of(ctx, COUNTER_RESEARCHING).values())
        ctx.emit(RESEARCH_PAID, f"Research at {when} Central: {researching} Scientists "
                 f"Researching, {counter} Counter-Researching"
                 + "".join(f"; {p} {'+' if n > 0 else '-'}${abs(n)}" for p, n in paid.items()),
                 when=when, researching=researching, counter_researching=counter,
                 dollars=paid)

    def check_laboratories(self, ctx: Ctx) -> None:
        # Checked again at the payout, which may come in the same batch as a move or
        # a destruction (the end of the batch checks too).
        for status in (RESEARCHING, COUNTER_RESEARCHING):
            stop_off_laboratories(ctx, status, self)


class NoonResearch(_Payout):
    """Every day at noon Central, each player gains $50 for each Scientist they own that is Researching."""  # noqa: E501

    key = "noon-research"
    number = 2007
    title = "Research at noon"

    class Params(RuleParams):
        schedule: str = "every day at noon Central"
        dollars: int = Field(50, ge=0, description="for each Scientist Researching")

    params: Params

    @every(param="schedule")
    def pay(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self.check_laboratories(ctx)
        researching = owners_of(ctx, RESEARCHING)
        if researching:
            self.settle(ctx, "noon", {p: n * self.params.dollars for p, n in researching.items()})


class MidnightCounterResearch(_Payout):
    """Every day at midnight Central, each player gains $25 for each Scientist they own that is Counter-Researching. In addition, if the total number of Scientists Counter-Researching (regardless of owner) exceeds the total number of Scientists Researching (regardless of owner), each player loses $25 for each Scientist they own that is Researching and each player gains $25 for each Scientist they own that is Counter-Researching."""  # noqa: E501

    key = "midnight-counter-research"
    number = 2008
    title = "Counter Research at midnight"

    class Params(RuleParams):
        schedule: str = "every day at midnight Central"
        dollars: int = Field(25, ge=0, description="for each Scientist Counter-Researching")
        swing: int = Field(25, ge=0, description="lost per Scientist Researching and gained "
                                                 "per Scientist Counter-Researching when "
                                                 "Counter-Researchers outnumber Researchers")

    params: Params

    @every(param="schedule")
    def pay(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self.check_laboratories(ctx)
        researching = owners_of(ctx, RESEARCHING)
        counter = owners_of(ctx, COUNTER_RESEARCHING)
        if not counter:
            return  # nothing is gained, and no one outnumbers anyone
        p = self.params
        # Each player's gains and losses at midnight are settled as one sum (a ruling),
        # so a loss is taken from what the same payout gives.
        gains = {player: n * p.dollars for player, n in counter.items()}
        if sum(counter.values()) > sum(researching.values()):
            for player, n in counter.items():
                gains[player] += n * p.swing
            for player, n in researching.items():
                gains[player] = gains.get(player, 0) - n * p.swing
        self.settle(ctx, "midnight", gains)


#: Section XX, in the order of its numbers.
RESEARCH_RULES: tuple[type[Rule], ...] = (
    Laboratory, BuildLaboratory, Scientist, RecruitScientist, ResearchBreakthrough,
    CounterResearch, NoonResearch, MidnightCounterResearch)


def research_problems(state: dict[str, Any]) -> list[str]:
    """A Researching or Counter-Researching Scientist is a Scientist on a square with a
    Laboratory, and not both at once. (One Laboratory a square: ``unit_problems``.)"""
    entities = state.get("entities", {})
    labs = {e.get("location") for e in entities.values() if e.get("kind") == LABORATORY}
    problems = []
    for holder, held in (state.get("statuses") or {}).items():
        doing = [s for s in (RESEARCHING, COUNTER_RESEARCHING) if s in (held or {})]
        if not doing:
            continue
        record = entities.get(holder) or {}
        if record.get("kind") != SCIENTIST or record.get("location") not in labs:
            problems.append(f"{holder} is {doing[0]} but is not a Scientist on a square "
                            "with a Laboratory")
        if len(doing) > 1:
            problems.append(f"{holder} is both Researching and Counter-Researching")
    return problems
