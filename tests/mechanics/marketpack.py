"""A small pack for the order book's tests: dollars, apples and pears, a Public Market
that the dead may not use, and a Dark Lord (no player) who puts what he gets up for
sale at a dollar under the lowest ask, the money going to the Bank of Terror."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    Initial,
    Pack,
    Rule,
    action,
    adjust,
)
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed
from nomicon.mechanics import market
from nomicon.mechanics.market import PublicMarket

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)
PACK = "market-test"
DARK_LORD = "dark-lord"
TERROR = "bank-of-terror"
SECRET = dice.secret_from_seed("market")


class Goods(Rule):
    """Each player starts with 100 dollars, 3 apples and 2 pears, and never has fewer than none of any. A player may be dead."""  # noqa: E501

    key = "goods"
    pack = PACK
    number = 1
    title = "Goods"
    currencies = (Currency("dollars", 100, minimum=0),
                  Currency("apple", 3, kind="good"), Currency("pear", 2, kind="good"))
    attributes = (Attribute("dead", False),)

    @action("die", Arg("player", str), admin=True)
    def die(self, ctx: Ctx, actor: str, player: str) -> None:
        ctx.set_attr(player, "dead", True)


class Market(PublicMarket):
    """Any player who is not dead may use the Public Market's services at any time: submit a Buy Request or a Sell Request, retract a request made by that player, or fulfill a request."""  # noqa: E501

    key = "market"
    pack = PACK
    number = 22
    title = "Public Market"

    def may_trade(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not ctx.attr(actor, "dead"), f"{actor} is dead",
                    detail="only a player who is not dead may use the Public Market")


class DarkLord(Rule):
    """The Dark Lord may be given an item. Then, if there are any sell requests on the Public Market for that item, the Dark Lord submits a sell request on that item at $1 less than the lowest price of all sell requests for it. The money paid for it goes into the Bank of Terror."""  # noqa: E501

    key = "dark-lord"
    pack = PACK
    number = 23
    title = "The Dark Lord"

    @action("endow", Arg("good", str), admin=True)
    def endow(self, ctx: Ctx, actor: str, good: str) -> None:
        """Give the Dark Lord one of ``good`` (as an Imp does, taking it from a box)."""
        ctx.transfer(None, DARK_LORD, 1, good, "an Imp brings it")
        lowest = market.lowest_ask(ctx.state.root, "public", good)
        if lowest is not None and lowest > 1:
            market.place(ctx, "public", market.SELL, good, lowest - 1, maker=DARK_LORD,
                         currency="dollars", proceeds=TERROR)


class Skimming(Rule):
    """One dollar of every payment into an escrow is skimmed off."""

    key = "skimming"
    pack = PACK
    number = 24
    title = "Skimming"

    @adjust("ledger.transfer")
    def skim(self, ctx: Ctx, proposal: dict[str, Any]) -> dict[str, Any]:
        target = proposal["target"] or ""
        if target.startswith("escrow:") and proposal["currency"] == "dollars":
            return {**proposal, "amount": proposal["amount"] - 1}
        return proposal


class MarketPack(Pack):
    id = PACK
    title = "Market test"
    initial = (Initial(Goods), Initial(Market), Initial(DarkLord))
    rule_classes = (Skimming,)

    def setup(self, ctx: Ctx, params: Any) -> None:
        for account in (DARK_LORD, TERROR):
            ctx.open_account(account)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        return market.invariant_failures(state)


REGISTRY = installed().with_pack(MarketPack())


def new(players: tuple[str, ...] = ("alice", "bob", "carol")) -> Game:
    return Game.create(PACK, start=START, players=players,
                       secret=SECRET, registry=REGISTRY)
