"""Nomopoly II, section XXXI (Chains): pounds of Chains that slow a player down.

A player's Chains are her ``chains`` attribute, ``{"pounds", "rusty",
"quiet_weeks"}`` (None: unbound). :func:`award_chains` is the one way Chains are
awarded (the Disputes of section XXVII award them through it). A normal turn's dice
go through the turn's ``nomopoly2.turn-dice`` adjuster (turns.py), which XXXI.3
lowers. The weekly changes (rust, then the loss) come at the end of the update, in
its last phase: the week is over then. A week in which a player was awarded Chains
(``chains_awarded``, the update ending it) changes nothing of hers: it is not a quiet
week, and her Chains, all new normal Chains (XXXI.1), have not yet worn for a week.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Attribute, Ctx, Rule, RuleParams, adjust, hook
from nomicon.packs.nomopoly2.body_events import CHAINS_CHANGED
from nomicon.packs.nomopoly2.schedule import PHANTOM
from nomicon.packs.nomopoly2.terms import PACK, rule_of, week_now
from nomicon.packs.nomopoly2.turns import NORMAL, TURN_DICE

CHAINS = "chains"
CHAINS_AWARDED = "chains_awarded"


def chains_of(ctx: Ctx, player: str) -> dict[str, Any] | None:
    """A player's Chains (``{"pounds", "rusty", "quiet_weeks"}``), None if unbound."""
    found: dict[str, Any] | None = ctx.attr(player, CHAINS, None)
    return found if found and found.get("pounds", 0) > 0 else None


def pounds(ctx: Ctx, player: str) -> int:
    found = chains_of(ctx, player)
    return int(found["pounds"]) if found else 0


def _set(ctx: Ctx, player: str, chains: dict[str, Any] | None, why: str) -> None:
    ctx.set_attr(player, CHAINS, chains)
    weight = int(chains["pounds"]) if chains else 0
    rusty = bool(chains and chains["rusty"])
    ctx.emit(CHAINS_CHANGED, f"{player} is bound by {weight} lb of "
             f"{'Rusty ' if rusty else ''}Chains ({why})" if weight else
             f"{player} loses all Chains ({why})", player=player, pounds=weight, rusty=rusty)


def award_chains(ctx: Ctx, player: str, weight: int, why: str) -> None:
    """Bind ``player`` with ``weight`` more pounds of normal Chains: XXXI.1 makes all
    her Chains normal, and the ten quiet weeks of XXXI.2 start again."""
    if weight <= 0:
        return
    ctx.set_attr(player, CHAINS_AWARDED, week_now(ctx))
    _set(ctx, player, {"pounds": pounds(ctx, player) + weight, "rusty": False,
                       "quiet_weeks": 0}, why)


class Chains(Rule):
    """Players may be bound by Chains, hampering their movement. Chains are weighed in pounds. Chains may or may not be Rusty. A player cannot have some Chains which are Rusty and some which aren't; if a player bound by Rusty Chains is awarded new normal Chains, then all that player's Chains become normal."""  # noqa: E501

    key = "chains"
    pack = PACK
    number = 3101
    title = "XXXI.1 Chains"

    attributes = (Attribute(CHAINS, None, doc="the player's Chains: pounds, rusty, "
                            "quiet_weeks (weeks without new Chains)"),
                  Attribute(CHAINS_AWARDED, None, doc="the week (update) in which the "
                            "player was last awarded Chains"))
    # award_chains() above makes all of a player's Chains normal.


class RustyChains(Rule):
    """If a player is bound by Chains and has lasted 10 consecutive weeks without being awarded more Chains, then his Chains will become Rusty."""  # noqa: E501

    key = "rusty-chains"
    pack = PACK
    number = 3102
    title = "XXXI.2 Rusty Chains"

    class Params(RuleParams):
        weeks: int = Field(10, ge=1, description="weeks without new Chains before they rust")

    params: Params

    # Carried out each week by WeeklyLoss.wear() below, before the loss (Chains that
    # rust this week lose 30 pounds already).

    def rusted(self, chains: dict[str, Any]) -> dict[str, Any]:
        """The Chains after one more quiet week."""
        quiet = int(chains.get("quiet_weeks", 0)) + 1
        return {**chains, "quiet_weeks": quiet,
                "rusty": bool(chains["rusty"]) or quiet >= self.params.weeks}


class HeavyDice(Rule):
    """When a player bound by Chains rolls dice for a normal turn, every 10 pounds of Chains reduce his total die roll by one pip, to a minimum of one pip."""  # noqa: E501

    key = "heavy-dice"
    pack = PACK
    number = 3103
    title = "XXXI.3 Chains slow the dice"

    class Params(RuleParams):
        pounds_per_pip: int = Field(10, ge=1, description="pounds of Chains per pip lost")

    params: Params

    @adjust(TURN_DICE)
    def lighten(self, ctx: Ctx, turn: dict[str, Any]) -> dict[str, Any]:
        if turn.get("kind") != NORMAL:
            return turn
        less = pounds(ctx, turn["player"]) // self.params.pounds_per_pip
        if not less:
            return turn
        dice = [int(d) for d in turn["dice"]]
        total = max(1, sum(dice) - less)
        # The turn reads the total from the dice: the pips are taken off the last
        # die first, each die down to none, and the first keeps what is left.
        cut = sum(dice) - total
        for i in reversed(range(len(dice))):
            taken = min(cut, dice[i] - (1 if i == 0 else 0))
            dice[i] -= taken
            cut -= taken
        return {**turn, "dice": dice}


class NoTaxi(Rule):
    """Players bound by Chains may not take a Taxi."""

    key = "no-taxi-in-chains"
    pack = PACK
    number = 3104
    title = "XXXI.4 No Taxi in Chains"
    # The Taxi (XXI.4, movement.py) refuses a player bound by Chains.


class HeavyEasyMoves(Rule):
    """Players bound by over 1000 pounds of Chains must pay $1000 each time they wish to take advantage of the rules listed in the Easy Movement section."""  # noqa: E501

    key = "heavy-easy-moves"
    pack = PACK
    number = 3105
    title = "XXXI.5 Easy Moves in heavy Chains"

    class Params(RuleParams):
        over: int = Field(1000, ge=0, description="pounds of Chains above which an Easy "
                          "Move costs the toll")
        toll: int = Field(1000, ge=0, description="what each Easy Move then costs")

    params: Params


def easy_move_toll(ctx: Ctx, player: str) -> int:
    """What XXXI.5 adds to an Easy Move of ``player`` (0 when not over 1000 lb)."""
    rule = rule_of(ctx, HeavyEasyMoves)
    if rule is None or pounds(ctx, player) <= rule.params.over:
        return 0
    return rule.params.toll


class WeeklyLoss(Rule):
    """Each week, each player who is bound by Chains will lose 20 pounds of Chains or 30 pounds of Rusty Chains, losing all Chains when their total weight drops below 10 pounds."""  # noqa: E501

    key = "weekly-loss-of-chains"
    pack = PACK
    number = 3106
    title = "XXXI.6 Chains wear away"

    class Params(RuleParams):
        normal: int = Field(20, ge=0, description="pounds of normal Chains lost a week")
        rusty: int = Field(30, ge=0, description="pounds of Rusty Chains lost a week")
        least: int = Field(10, ge=1, description="below this weight all Chains are lost")

    params: Params

    @hook("phase.began", key=PHANTOM)
    def wear(self, ctx: Ctx, data: dict[str, Any]) -> None:
        rust = rule_of(ctx, RustyChains)
        week = week_now(ctx)
        for player in ctx.players():
            chains = chains_of(ctx, player)
            if chains is None or ctx.attr(player, CHAINS_AWARDED, None) == week:
                continue
            if rust is not None:
                chains = rust.rusted(chains)
            loss = self.params.rusty if chains["rusty"] else self.params.normal
            left = int(chains["pounds"]) - loss
            if left < self.params.least:
                _set(ctx, player, None, "the week's wear")
            else:
                _set(ctx, player, {**chains, "pounds": left}, "the week's wear")


RULES: tuple[type[Rule], ...] = (
    Chains, RustyChains, HeavyDice, NoTaxi, HeavyEasyMoves, WeeklyLoss,
)
