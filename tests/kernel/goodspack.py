"""A small pack for the ledger's tests: dollars, goods in a basket, fines, a bail-out,
a limit on picking, a cap on what one action moves, a lottery, and a shared-out Bank."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from nomicon.authoring import (
    Arg,
    Ctx,
    Currency,
    Initial,
    Pack,
    Rule,
    RuleParams,
    action,
    hook,
    veto,
)
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import installed
from nomicon.kernel.rules import ActionDecl

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)
BANK = "bank"
FRUIT = ("apple", "pear")


class Money(Rule):
    """Each player starts with 10 dollars and never has fewer than 0. The Bank holds dollars too. A player may pay another player; the admin may fine a player, and a fine is paid to the Bank whether or not the player can afford it."""  # noqa: E501

    key = "money"
    pack = "ledger-test"
    number = 1
    title = "Money"
    currencies = (Currency("dollars", 10, minimum=0),)

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor]

    @action("pay", Arg("to", str, choices="_others"), Arg("amount", int, minimum=1))
    def pay(self, ctx: Ctx, actor: str, to: str, amount: int) -> None:
        ctx.transfer(actor, to, amount, "dollars", "a payment")

    @action("fine", Arg("player", str), Arg("amount", int, minimum=1), admin=True)
    def fine(self, ctx: Ctx, actor: str, player: str, amount: int) -> None:
        ctx.transfer(player, BANK, amount, "dollars", "a fine", forced=True)


class Fruit(Rule):
    """Players hold apples and pears, listed together as their basket, and tickets. A player may pick an apple, or give fruit to another player."""  # noqa: E501

    key = "fruit"
    pack = "ledger-test"
    number = 2
    title = "Fruit"
    currencies = (Currency("apple", kind="good", inventory="basket"),
                  Currency("pear", kind="good", inventory="basket"),
                  Currency("ticket", kind="good"))

    @action("pick")
    def pick(self, ctx: Ctx, actor: str) -> None:
        ctx.gain(actor, 1, "picked an apple", currency="apple")

    @action("give", Arg("to", str), Arg("fruit", str), Arg("count", int, minimum=1))
    def give(self, ctx: Ctx, actor: str, to: str, fruit: str, count: int) -> None:
        ctx.transfer(actor, to, count, fruit, "a gift")


class BailOut(Rule):
    """When a player cannot pay all they must, their partner pays them what is missing, if the partner has it."""  # noqa: E501

    key = "bail-out"
    pack = "ledger-test"
    number = 3
    title = "Bail-out"

    @hook("shortfall")
    def bail_out(self, ctx: Ctx, data: dict[str, Any]) -> None:
        partner = ctx.get(["partners", data["debtor"]], None)
        if partner and ctx.balance(partner, data["currency"]) >= data["missing"]:
            ctx.transfer(partner, data["debtor"], data["missing"], data["currency"],
                         "a bail-out")


class Picking(Rule):
    """A player may pick at most 3 times in any 24 hours."""

    key = "picking"
    pack = "ledger-test"
    number = 4
    title = "Picking"

    class Params(RuleParams):
        times: int = 3
        per: str = "24 hours"

    params: Params

    @veto("pick")
    def limit(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        ctx.rate_limit("pick", actor, self.params.times, self.params.per, what="pick")


class Cap(Rule):
    """No single action may make any player gain or lose more than 20 dollars."""

    key = "cap"
    pack = "ledger-test"
    number = 5
    title = "Cap"

    @hook("batch.closing")
    def cap(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.cap_moves("dollars", 20)

    @action("windfall", Arg("amount", int, minimum=1), Arg("spend", int, minimum=0))
    def windfall(self, ctx: Ctx, actor: str, amount: int, spend: int) -> None:
        """Gain ``amount`` dollars, then spend ``spend`` of them."""
        ctx.gain(actor, amount, "a windfall", currency="dollars")
        ctx.lose(actor, spend, "spent", currency="dollars")


class Lottery(Rule):
    """A player may draw a prize: a pear with weight 3, nothing with weight 0, a ticket with weight 2."""  # noqa: E501

    key = "lottery"
    pack = "ledger-test"
    number = 6
    title = "Lottery"
    PRIZES = (("pear", 3), ("nothing", 0), ("ticket", 2))

    @action("draw")
    def draw(self, ctx: Ctx, actor: str) -> None:
        prize = ctx.pick_weighted(self.PRIZES, f"prize for {actor}")
        ctx.gain(actor, 1, "won the lottery", currency=prize)


class Sharing(Rule):
    """The admin may share out the Bank's dollars evenly among the players; the Bank keeps what remains."""  # noqa: E501

    key = "sharing"
    pack = "ledger-test"
    number = 7
    title = "Sharing"

    @action("share", admin=True)
    def share(self, ctx: Ctx, actor: str) -> None:
        ctx.share_out(BANK, ctx.players(), ctx.balance(BANK, "dollars"), "dollars",
                      "the Bank shares out")


class LedgerPack(Pack):
    id = "ledger-test"
    title = "Ledger test"
    initial = (Initial(Money), Initial(Fruit), Initial(BailOut), Initial(Picking),
               Initial(Cap), Initial(Lottery), Initial(Sharing))

    def setup(self, ctx: Ctx, params: Any) -> None:
        ctx.open_account(BANK)
        ctx.set(["accounts", BANK, "dollars"], 0)
        ctx.set(["partners"], {})


REGISTRY = installed().with_pack(LedgerPack())


def new(players: tuple[str, ...] = ("alice", "bob", "carol"), **kw: Any) -> Game:
    """A game of the ledger's test pack that accepts forced dice."""
    return Game.create("ledger-test", start=START, players=players,
                       secret=dice.secret_from_seed("ledger"), registry=REGISTRY,
                       allow_forced=True, **kw)
