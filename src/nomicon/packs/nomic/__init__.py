"""Nomic (blank): a game that starts with one rule, how proposals pass.

Everything else is enacted by proposals, from the rule classes of any installed
pack whose requirements the game meets. It is also where the general voting method
and the other game-independent rule classes live.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Currency, Initial, Pack, Rule, RuleParams, every
from nomicon.governance.judged import AdminJudged
from nomicon.governance.methods import MajorityVote


class Points(Rule):
    """Each player has a number of points, starting at 0."""

    key = "points"
    pack = "nomic"
    number = 2
    title = "Points"
    currencies = (Currency("points", 0),)
    provides = frozenset({"currency:points"})


class WealthTax(Rule):
    """Every day at noon UTC, each player who has at least the threshold of points loses the tax in points."""  # noqa: E501

    key = "wealth-tax"
    pack = "nomic"
    number = 3
    title = "Wealth tax"
    requires = frozenset({"currency:points"})

    class Params(RuleParams):
        threshold: int = Field(10, ge=1)
        tax: int = Field(1, ge=1)

    params: Params

    @every("every day at noon UTC")
    def collect(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        for player in ctx.players():
            if ctx.balance(player, "points") >= self.params.threshold:
                ctx.lose(player, self.params.tax, "wealth tax")


class BlankNomic(Pack):
    id = "nomic"
    title = "Nomic (blank)"
    description = ("A game that starts with a single rule: proposals pass by majority vote. "
                   "Players build the rest by proposals.")
    initial = (Initial(MajorityVote),)
    # The one rule lets a lone player propose and pass (a quorum of 1), and nothing
    # limits how many vote.
    players = (1, None)
    rule_classes = (MajorityVote, AdminJudged, Points, WealthTax)
