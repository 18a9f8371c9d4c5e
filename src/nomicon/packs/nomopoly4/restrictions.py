"""Section XV, Action Restrictions (P04, "The 'Make it hard to break the game rule!' mark 2",
seed L383-389)."""

from __future__ import annotations

from numbers import Number
from typing import Any

from pydantic import Field

from nomicon.authoring import ActionDecl, Ctx, Rule, RuleParams, events, hook, veto
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, PACK

#: Actions whose numbers are free: "You may create proposals with negative numbers or
#: fractions without restrictions." (L386)
FREE_NUMBERS = frozenset({"propose"})
#: What a rule contributes to name a command that Rule 1502 does not count ("this
#: proposal takes priority over rule XV.2", P24's Ride Railway, L195).
EXEMPT = "thirty-a-day.exempt"


def _numbers(value: Any) -> list[Any]:
    """Every number in an action's argument, lists and mappings included."""
    if isinstance(value, bool):
        return []
    if isinstance(value, Number):
        return [value]
    if isinstance(value, dict):
        return [n for item in value.values() for n in _numbers(item)]
    if isinstance(value, list | tuple):
        return [n for item in value for n in _numbers(item)]
    return []


class NoNegativesOrFractions(Rule):
    """When you perform an action you may not select a negative number unless the rule you are using specifically states you may select a negative number.
    Similarly when performing an action you may not select a fraction unless the rule specifically states you may select a fraction.
    You may create proposals with negative numbers or fractions without restrictions."""  # noqa: E501

    key = "no-negatives-or-fractions"
    pack = PACK
    number = 1501
    title = "No negative numbers or fractions"

    @veto()
    def whole_and_not_negative(self, ctx: Ctx, actor: str, decl: ActionDecl,
                               args: dict[str, Any]) -> None:
        # No rule of the pack yet states that its action takes a negative number or a
        # fraction; one that does will be listed here.
        if decl.name in FREE_NUMBERS or decl.admin:
            return
        for name, value in args.items():
            for number in _numbers(value):
                ctx.require(number >= 0, f"{name} may not be negative ({number})")
                ctx.require(number == int(number), f"{name} may not be a fraction ({number})")


class ThirtyADay(Rule):
    """A player may not take the same voluntary action more then 30 times in a given 24 hour period. By this I mean you may not invoke the same action more then 30 times in a given 24 hour period, even if you give different parameters to that action. For example I could create and retract 30 proposals in a day, but not 31 even if each of the proposals are different."""  # noqa: E501

    key = "thirty-a-day"
    pack = PACK
    number = 1502
    title = "Thirty a day"

    class Params(RuleParams):
        times: int = Field(30, ge=0)
        period: str = "24 hours"

    params: Params

    @veto()
    def count(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        # The window is rolling ("a given 24 hour period"); the same action is the same
        # name, whatever its parameters. The admin's actions are not a player's.
        if decl.admin or not ctx.is_player(actor):
            return
        exempt = {value for _rule, value in ctx.contributions(EXEMPT)}
        if decl.name == "command" and args.get("command") in exempt:
            return
        ctx.rate_limit(decl.name, actor, self.params.times, self.params.period,
                       what=f"take the action {decl.name}")


class MostPerAction(Rule):
    """No single action by any player may cause any player to gain or lose more then $100 000."""

    key = "most-per-action"
    pack = PACK
    number = 1503
    title = "At most $100,000 an action"
    requires = frozenset({HAS_DOLLARS})

    class Params(RuleParams):
        most: int = Field(100_000, ge=0)

    params: Params

    @hook(events.BATCH_CLOSING)
    def cap(self, ctx: Ctx, data: events.NoFields) -> None:
        # Everything the action set off counts (the batch's transfers), so a chain of
        # effects cannot get round the cap; events that no player's action caused (the
        # clock) are not "an action by any player".
        if ctx.is_player(ctx.actor):
            ctx.cap_moves(DOLLARS, self.params.most)
