"""Nomopoly II, section XXX (Contagion): how players become Sick.

Sick is the player's ``sick`` (read by :func:`.terms.is_sick`: a Sick player rolls
one die, VII.1). The weekly counts (pollutants landed on, fines and rent paid) are
kept per update in the player's ``contagion`` attribute, ``{"week", "pollutants",
"paid"}``: a week is the time between two updates. Fines and rent are seen on the
ledger's transfers (forced ones to the Government, and rent).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action, events, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2.body_events import STATUS_CHANGED
from nomicon.packs.nomopoly2.money import fine, pay
from nomicon.packs.nomopoly2.terms import (
    DOLLARS,
    GOVERNMENT,
    LOCATION,
    PACK,
    SICK,
    is_pollutant,
    is_sick,
    rule_of,
    updates_begun,
)

COUNTS = "contagion"


def make_sick(ctx: Ctx, player: str, why: str) -> None:
    """Make ``player`` Sick (nothing if she is already)."""
    if player not in ctx.players() or is_sick(ctx, player):
        return
    ctx.set_attr(player, SICK, True)
    ctx.emit(STATUS_CHANGED, f"{player} becomes Sick ({why})", player=player, status=SICK,
             on=True, why=why)


def _counts(ctx: Ctx, player: str) -> dict[str, int]:
    counts: dict[str, int] = dict(ctx.attr(player, COUNTS, None) or {})
    if counts.get("week") != updates_begun(ctx):
        counts = {"week": updates_begun(ctx), "pollutants": 0, "paid": 0}
    return counts


def _others(ctx: Ctx, actor: str, *, here: bool) -> list[str]:
    spot = ctx.attr(actor, LOCATION)
    return [p for p in ctx.players() if p != actor and not is_sick(ctx, p)
            and (not here or ctx.attr(p, LOCATION) == spot)]


class BigKiss(Rule):
    """A Sick player may give any non-Sick player who occupies the same square a Big Kiss, making the recipient Sick."""  # noqa: E501

    key = "big-kiss"
    pack = PACK
    number = 3001
    title = "XXX.1 Big Kiss"

    attributes = (Attribute(SICK, False, doc="Sick: rolls one die (VII.1), may infect others"),)

    def _kissable(self, ctx: Ctx, actor: str) -> list[str]:
        return _others(ctx, actor, here=True)

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value in ctx.players() and is_sick(ctx, str(value)):
            ctx.refuse(f"{value} is already Sick")
        ctx.refuse(f"{value!r} is not a non-Sick player on {actor}'s square",
                   detail=f"on it: {', '.join(self._kissable(ctx, actor)) or 'nobody'}")

    @action("big-kiss", Arg("player", str, "a non-Sick player on your square",
                            choices="_kissable", explain="_why_not"))
    def kiss(self, ctx: Ctx, actor: str, player: str) -> None:
        """Give a non-Sick player on your square a Big Kiss, making her Sick."""
        make_sick(ctx, player, f"a Big Kiss from {actor}")

    @kiss.check
    def _sick(self, ctx: Ctx, actor: str) -> None:
        ctx.require(is_sick(ctx, actor), f"{actor} is not Sick",
                    detail="only a Sick player gives a Big Kiss")


class BigSneeze(Rule):
    """A Sick player may give any non-Sick player a Big Sneeze, making the recipient Sick. The sneezing player will be fined $5."""  # noqa: E501

    key = "big-sneeze"
    pack = PACK
    number = 3002
    title = "XXX.2 Big Sneeze"

    class Params(RuleParams):
        fine: int = Field(5, ge=0, description="the sneezing player's fine")

    params: Params

    def _sneezable(self, ctx: Ctx, actor: str) -> list[str]:
        return _others(ctx, actor, here=False)

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value in ctx.players() and is_sick(ctx, str(value)):
            ctx.refuse(f"{value} is already Sick")
        ctx.refuse(f"{value!r} is not another non-Sick player",
                   detail=f"non-Sick: {', '.join(self._sneezable(ctx, actor)) or 'nobody'}")

    @action("big-sneeze", Arg("player", str, "a non-Sick player", choices="_sneezable",
                              explain="_why_not"))
    def sneeze(self, ctx: Ctx, actor: str, player: str) -> None:
        """Give any non-Sick player a Big Sneeze, making her Sick; you are fined $5."""
        make_sick(ctx, player, f"a Big Sneeze from {actor}")
        fine(ctx, actor, self.params.fine, f"{actor}'s Big Sneeze")

    @sneeze.check
    def _sick(self, ctx: Ctx, actor: str) -> None:
        ctx.require(is_sick(ctx, actor), f"{actor} is not Sick",
                    detail="only a Sick player gives a Big Sneeze")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.fine, f"{actor} has ${have}, not the ${self.params.fine}"
                    " fine", detail="a voluntary action may not make its player Bankrupt "
                    "(XXII.5)")


class TwoPollutantsAWeek(Rule):
    """Any player who lands on more than one pollutant during one week becomes Sick."""

    key = "two-pollutants-a-week"
    pack = PACK
    number = 3003
    title = "XXX.3 Two pollutants a week"

    attributes = (Attribute(COUNTS, None, doc="this week's pollutants landed on and fines "
                            "and rent paid"),)

    @hook(walker.LANDED)
    def count(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player = data.get("player")
        if player is None or not is_pollutant(ctx, data["square"]):
            return
        counts = _counts(ctx, player)
        counts["pollutants"] += 1
        ctx.set_attr(player, COUNTS, counts)
        if counts["pollutants"] > 1:
            make_sick(ctx, player, "landed on more than one pollutant this week")


def is_fine_or_rent(data: events.Transfer) -> bool:
    """Whether a transfer is a fine (forced, to the Government: IV.2) or rent."""
    reason = data["reason"]
    return bool(data.get("forced")) and (data["target"] == GOVERNMENT
                                         or reason.startswith("rent"))


class FourHundredInAWeek(Rule):
    """Any player who pays more than $400 in fines or rent in one week becomes Sick."""

    key = "four-hundred-in-a-week"
    pack = PACK
    number = 3004
    title = "XXX.4 More than $400 in a week"

    class Params(RuleParams):
        limit: int = Field(400, ge=0, description="a week's fines and rent above this "
                           "make a player Sick")

    params: Params

    @hook(events.TRANSFER)
    def count(self, ctx: Ctx, data: events.Transfer) -> None:
        payer = data["source"]
        if (payer is None or payer not in ctx.players() or data["currency"] != DOLLARS
                or not is_fine_or_rent(data)):
            return
        counts = _counts(ctx, payer)
        counts["paid"] += data["amount"]
        ctx.set_attr(payer, COUNTS, counts)
        if counts["paid"] > self.params.limit:
            make_sick(ctx, payer, f"paid ${counts['paid']} in fines or rent this week")


def is_protected(ctx: Ctx, player: str) -> bool:
    """"Unprotected" is undefined (XXX.5): a player is protected when a rule sets her
    ``protected`` (none does yet)."""
    return bool(ctx.attr(player, "protected", False))


class BiggestSneeze(Rule):
    """A Sick player may sneeze the Biggest Sneeze in the World, infecting every unprotected, non-Sick player in the game. The sneezing player must pay $150 to each player he infects in this manner."""  # noqa: E501

    key = "biggest-sneeze"
    pack = PACK
    number = 3005
    title = "XXX.5 The Biggest Sneeze in the World"

    class Params(RuleParams):
        payment: int = Field(150, ge=0, description="paid to each player infected")

    params: Params

    def _victims(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in _others(ctx, actor, here=False) if not is_protected(ctx, p)]

    @action("biggest-sneeze")
    def sneeze(self, ctx: Ctx, actor: str) -> None:
        """Infect every unprotected, non-Sick player; pay $150 to each."""
        for player in self._victims(ctx, actor):
            make_sick(ctx, player, f"the Biggest Sneeze in the World from {actor}")
            pay(ctx, actor, player, self.params.payment,
                f"{actor}'s Biggest Sneeze infects {player}", forced=False)

    @sneeze.check
    def _sick(self, ctx: Ctx, actor: str) -> None:
        ctx.require(is_sick(ctx, actor), f"{actor} is not Sick",
                    detail="only a Sick player sneezes the Biggest Sneeze")
        victims = self._victims(ctx, actor)
        ctx.require(victims, "there is no unprotected, non-Sick player to infect")
        due = self.params.payment * len(victims)
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= due, f"{actor} has ${have}, not the ${due} owed to "
                    f"{len(victims)} players infected", detail="a voluntary action may not "
                    "make its player Bankrupt (XXII.5)")


def sickness_color(ctx: Ctx) -> str:
    """XXX.6: the Sickness Color now (its rule's parameter; yellow without it)."""
    rule = rule_of(ctx, SicknessColor)
    return rule.params.color if rule is not None else SicknessColor.Params.model_validate({}).color


class SicknessColor(Rule):
    """The Sickness Color is currently Yellow."""

    key = "sickness-color"
    pack = PACK
    number = 3006
    title = "XXX.6 The Sickness Color"

    class Params(RuleParams):
        color: str = Field("yellow", description="the Sickness Color (XVI.5 paints with it)")

    params: Params
    # Read with sickness_color() above.


RULES: tuple[type[Rule], ...] = (
    BigKiss, BigSneeze, TwoPollutantsAWeek, FourHundredInAWeek, BiggestSneeze, SicknessColor,
)
