"""Nomopoly II, section XIV (Lottery): a draw every two weeks, counted in updates.

Tickets are the ledger's good ``lottery_ticket``; the Pot is the escrow account
``lottery-pot``, so the money in it is counted with everyone's. The Lottery is drawn
in the auction-lottery phase (XXXV.2) of every second update. What the Government
page shows of it (the Pot, the last draws and their winners) is kept under
``orgs.lottery``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Ctx,
    Currency,
    EventKind,
    Rule,
    RuleParams,
    action,
    hook,
)
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.schedule import AUCTION_LOTTERY
from nomicon.packs.nomopoly2.terms import (
    DOLLARS,
    GOVERNMENT,
    PACK,
    fact,
    rule_of,
    set_fact,
)

TICKET = "lottery_ticket"
#: The escrow that holds the Pot.
POT = "lottery-pot"


class LotteryDrawn(TypedDict):
    lottery: int
    tickets: int
    winner: str  # a player, or "government": the Pot rolls over
    pot: int


LOTTERY_DRAWN = EventKind("nomopoly2.lottery-drawn", LotteryDrawn)


def _record(ctx: Ctx) -> dict[str, Any]:
    found: dict[str, Any] = fact(ctx, "lottery", None) or {}
    return found


def _update_number(ctx: Ctx) -> int:
    return int((ctx.get(["update"], None) or {}).get("number", 0))


class TheLottery(Rule):
    """Every two weeks, the Government shall hold a Lottery. The Pot for each Lottery initially starts at $250. During the two-week period preceeding each Lottery, a player may purchase tickets at $50 a piece by notifying the admin, $40 of which will go to the Pot, with the rest going to The Government. For each Lottery, The Government will initially own five tickets."""  # noqa: E501

    key = "the-lottery"
    pack = PACK
    number = 1401
    title = "XIV.1 The Lottery"

    currencies = (Currency(TICKET, kind="good", inventory="items",
                           doc="a ticket for the next Lottery"),)

    class Params(RuleParams):
        every: int = Field(2, ge=1, description="updates between Lotteries (\"every two "
                           "weeks\"); drawn at updates 2, 4, 6...")
        pot: int = Field(250, ge=0, description="the Pot each Lottery starts with")
        price: int = Field(50, ge=0, description="a ticket's price")
        to_pot: int = Field(40, ge=0, description="of each ticket's price, what goes to "
                            "the Pot (the rest to the Government)")
        government_tickets: int = Field(5, ge=0, description="the Government's tickets")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ctx.escrow(POT)
        self.open_lottery(ctx)

    def open_lottery(self, ctx: Ctx) -> None:
        """Start the next Lottery: its $250 comes into the game (the text does not say
        from where: ruling, INTERPRETATIONS.md, XIV), and the Government gets its five
        tickets."""
        pot = ctx.escrow(POT)
        ctx.open_account(GOVERNMENT)
        ctx.transfer(None, pot, self.params.pot, DOLLARS, "the next Lottery's Pot")
        ctx.transfer(None, GOVERNMENT, self.params.government_tickets, TICKET,
                     "the Government's tickets for the next Lottery")
        record = _record(ctx)
        set_fact(ctx, "lottery", {**record, "number": int(record.get("number", 0)) + 1,
                                  "pot": ctx.balance(pot, DOLLARS),
                                  "winners": record.get("winners", [])})

    @action("buy-lottery-tickets", Arg("count", int, "how many tickets", minimum=1))
    def buy(self, ctx: Ctx, actor: str, count: int) -> None:
        """Buy tickets for the next Lottery at $50 each ($40 of each to the Pot)."""
        ctx.require(count >= 1, f"{count} is not a number of tickets to buy")
        cost = count * self.params.price
        ctx.require(ctx.balance(actor, DOLLARS) >= cost,
                    f"{count} tickets cost ${cost}; {actor} has "
                    f"${ctx.balance(actor, DOLLARS)}")
        pot = ctx.escrow(POT)
        pay(ctx, actor, pot, count * self.params.to_pot, "Lottery tickets: to the Pot",
            forced=False)
        pay(ctx, actor, GOVERNMENT, cost - count * self.params.to_pot,
            "Lottery tickets: to the Government", forced=False)
        ctx.transfer(None, actor, count, TICKET, f"{actor} buys Lottery tickets")
        set_fact(ctx, "lottery", {**_record(ctx), "pot": ctx.balance(pot, DOLLARS)})


class TheDraw(Rule):
    """When a Lottery is held, the Admin shall pick one purchased ticket at random (with uniform probability) from among those currently in the game. If a player owns the chosen ticket, then that player shall be awarded the money in the Pot. If The Government owns the chosen ticket, then the money in the Pot shall be added to the initial Pot for the next Lottery."""  # noqa: E501

    key = "the-draw"
    pack = PACK
    number = 1402
    title = "XIV.2 The draw"

    @hook("phase.began", key=AUCTION_LOTTERY)
    def hold(self, ctx: Ctx, data: dict[str, Any]) -> None:
        lottery = rule_of(ctx, TheLottery)
        if lottery is None or _update_number(ctx) % lottery.params.every != 0:
            return
        # Every ticket in the game, one entry each, holders in order of name and the
        # Government's last: the dice pick one with equal chance.
        holders = sorted(p for p in ctx.players() if ctx.balance(p, TICKET) > 0)
        tickets = [h for h in [*holders, GOVERNMENT] for _ in range(ctx.balance(h, TICKET))]
        record = _record(ctx)
        number = int(record.get("number", 1))
        pot = ctx.escrow(POT)
        amount = ctx.balance(pot, DOLLARS)
        if not tickets:
            return
        winner = ctx.pick(tickets, f"Lottery {number}: the winning ticket")
        if winner != GOVERNMENT:
            ctx.release(pot, winner, f"{winner} wins Lottery {number}")
        ctx.emit(LOTTERY_DRAWN, f"Lottery {number}: " + (
            f"{winner} wins the Pot of ${amount}" if winner != GOVERNMENT else
            f"the Government's ticket is drawn; the Pot of ${amount} goes to the next Lottery"),
            lottery=number, tickets=len(tickets), winner=winner, pot=amount)
        set_fact(ctx, "lottery", {**record, "winners": [
            *record.get("winners", []), {"lottery": number, "winner": winner, "pot": amount}]})
        if rule_of(ctx, TicketsExpire) is not None:
            TicketsExpire.expire(ctx, [*holders, GOVERNMENT])
        lottery.open_lottery(ctx)


class TicketsExpire(Rule):
    """After the Lottery is held, all tickets purchased for that Lottery will be removed from the game."""  # noqa: E501

    key = "tickets-expire"
    pack = PACK
    number = 1403
    title = "XIV.3 Tickets expire"

    @staticmethod
    def expire(ctx: Ctx, holders: list[str]) -> None:
        """Remove every ticket from the game (called by the draw)."""
        for holder in holders:
            count = ctx.balance(holder, TICKET)
            if count:
                ctx.transfer(holder, None, count, TICKET, "the Lottery is over")


class LotteryResults(Rule):
    """Lottery winners will be announced by the Admin on the Government Page. The amount of money in the Pot shall also be available on the Government page, and will be updated with the rest of the game."""  # noqa: E501

    key = "lottery-results"
    pack = PACK
    number = 1404
    title = "XIV.4 Lottery results"
    # Kept by the rules above under ``orgs.lottery`` (the Pot, and each draw's winner),
    # which the Government page shows.


def problems(state: dict[str, Any]) -> list[str]:
    """XIV's invariant: the Pot the page shows is the money in the Pot."""
    shown = ((state.get("orgs") or {}).get("lottery") or {}).get("pot")
    held = (state.get("accounts", {}).get(f"escrow:{POT}") or {}).get(DOLLARS)
    if shown is not None and held is not None and shown != held:
        return [f"the Government page shows a Pot of ${shown}, but it holds ${held}"]
    return []


RULES: tuple[type[Rule], ...] = (TheLottery, TheDraw, TicketsExpire, LotteryResults)
