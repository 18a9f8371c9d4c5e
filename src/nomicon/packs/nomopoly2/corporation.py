"""Nomopoly II, section XXIII (The Corporation): the Large Factory, the Experimental
Technology Factory, and the Corporation's shares.

The Corporation is the account ``corporation``. Its shares are the ledger's good
``shares``; the shares nobody has bought are held by the Corporation itself (the
"unowned" shares of XXIII.4). What it has collected towards its next dividend and its
share price are kept under ``orgs.shares``.

The Experimental Technologies themselves belong to section XIX: a rule there adds
each one with :func:`register_technology`, and the ETF sells what is registered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypedDict

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    EventKind,
    Rule,
    RuleParams,
    action,
    events,
    hook,
)
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.schedule import PURCHASES
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    PACK,
    SBA,
    dollars,
    fact,
    has_board,
    set_fact,
    square,
)

SHARES = "shares"
#: A player's attribute that V.5's Net Value reads: what her shares cost her.
SHARES_COST = "shares_cost"


@dataclass(frozen=True)
class Technology:
    """An Experimental Technology the ETF sells: its name, its price, and what
    giving one to a buyer does."""

    name: str
    price: int
    deliver: Callable[[Ctx, str], None]


# Filled when the modules of section XIX are imported, and read-only afterwards: a
# registry of code (what each Technology does), not game state, so it is the same in
# every game and in every replay.
TECHNOLOGIES: dict[str, Technology] = {}


def register_technology(technology: Technology) -> None:
    """Offer ``technology`` at the ETF (XXIII.3)."""
    TECHNOLOGIES[technology.name] = technology


class DividendPaid(TypedDict):
    per_share: int
    shares: int
    price: int


DIVIDEND_PAID = EventKind("nomopoly2.dividend-paid", DividendPaid)


def _named(ctx: Ctx, name: str, default: int) -> int:
    named = ctx.get(["game", "params", "named_squares"], None)
    return int((named if isinstance(named, dict) else board.NAMED_SQUARES).get(name, default))


class TheCorporation(Rule):
    """"The Corporation" was formerly part of the Government, but is now an evil rival."""

    key = "the-corporation"
    pack = PACK
    number = 2301
    title = "XXIII.1 The Corporation"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(CORPORATION)


class _Factory(Rule):
    """A square the Corporation owns, a pollutant, that fines whoever lands on it."""

    square_name = ""
    default_square = 0

    class Params(RuleParams):
        fine: int = 0

    params: Params

    def where(self, ctx: Ctx) -> int:
        return _named(ctx, self.square_name, self.default_square)

    def claim(self, ctx: Ctx) -> None:
        number = self.where(ctx)
        # Enacted into another pack's game, a factory is built only where the
        # Corporation exists (its account), on a numbered square.
        if (not has_board(ctx) or not square(ctx, number)
                or ctx.get(["accounts", CORPORATION], None) is None):
            return
        for field, value in (("owner", CORPORATION), ("pollutant", True)):
            if square(ctx, number).get(field) != value:
                ctx.set(["board", "spaces", str(number), field], value)

    def on_enact(self, ctx: Ctx) -> None:
        self.claim(ctx)

    @hook("phase.began", key=PURCHASES)
    def _each_update(self, ctx: Ctx, data: dict[str, Any]) -> None:
        # The board grows between updates (VI.7): a factory beyond its end at the
        # start is built when its square is made.
        self.claim(ctx)

    @hook(walker.LANDED)
    def landed(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, number = data.get("player"), data["square"]
        if (player is None or player not in ctx.players() or number != self.where(ctx)
                or square(ctx, number).get("owner") != CORPORATION):
            return
        # "fined" by the Corporation's own factory: the fine goes to the Corporation,
        # not to the Government as IV.2's fines do (ruling, INTERPRETATIONS.md, XXIII).
        collected = pay(ctx, player, CORPORATION, self.params.fine,
                        f"{player} is fined at {self.square_name}")
        self.after_fine(ctx, player, number, collected)

    def after_fine(self, ctx: Ctx, player: str, number: int, collected: int) -> None:
        """What happens once the fine is collected."""


class TheLargeFactory(_Factory):
    """The Corporation owns The Large Factory at the 22nd square. Any player landing on The Large Factory will be fined $60. After collecting its fine, The Corporation will pay the owners of each adjacent utility half of what it collected. The Large Factory is a pollutant square."""  # noqa: E501

    key = "the-large-factory"
    pack = PACK
    number = 2302
    title = "XXIII.2 The Large Factory"
    square_name = "the Large Factory"
    default_square = 22

    class Params(_Factory.Params):
        fine: int = Field(60, ge=0, description="the fine for landing on the Large Factory")

    def after_fine(self, ctx: Ctx, player: str, number: int, collected: int) -> None:
        # Each adjacent utility's owner gets half of the fine, not a share of one half
        # (ruling, INTERPRETATIONS.md, XXIII); a utility is a square with ``utility``
        # (section XII).
        half = dollars(collected / 2)
        for n in board.layout(ctx).neighbours(number):
            owner = square(ctx, n).get("owner")
            if square(ctx, n).get("utility") and owner not in (None, CORPORATION) and half:
                pay(ctx, CORPORATION, owner, half,
                    f"half of the Large Factory's fine, to the owner of utility {n}")


class TheExperimentalTechnologyFactory(_Factory):
    """The Corportation also owns an Experimental Technology Factory on the 51st square. Anyone landing on the square will be fined $50, but can then purchase any of the Experimental Technologies in the game. That factory is a pollutant."""  # noqa: E501

    key = "the-experimental-technology-factory"
    pack = PACK
    number = 2303
    title = "XXIII.3 The Experimental Technology Factory"
    square_name = "the ETF"
    default_square = 51

    class Params(_Factory.Params):
        fine: int = Field(50, ge=0, description="the fine for landing on the ETF")

    def after_fine(self, ctx: Ctx, player: str, number: int, collected: int) -> None:
        if not TECHNOLOGIES:
            return
        # A mail player cannot answer at once: without a standing answer to
        # "etf-purchase" she buys nothing.
        ctx.prompt(player, ["none", *sorted(TECHNOLOGIES)], "none", handler=self.bought,
                   available="affordable", kind="etf-purchase", deadline=ctx.now,
                   message="buy an Experimental Technology?")

    def affordable(self, ctx: Ctx, prompt: dict[str, Any]) -> list[str]:
        """The Technologies the player can pay for now, and "none"."""
        money = ctx.balance(prompt["to"], DOLLARS)
        return ["none", *(name for name in sorted(TECHNOLOGIES)
                          if TECHNOLOGIES[name].price <= money)]

    def bought(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        technology = TECHNOLOGIES.get(option)
        if technology is None:
            return
        player = prompt["to"]
        pay(ctx, player, CORPORATION, technology.price, f"{player} buys a {option} at the "
            "ETF", forced=False)
        technology.deliver(ctx, player)


def _shares_fact(ctx: Ctx) -> dict[str, Any]:
    found: dict[str, Any] = fact(ctx, "shares", None) or {}
    return found


class Shares(Rule):
    """The Corporation sells shares; there are a fixed number of shares in the game. For every $4000 collected by The Corporation, it will pay each shareholder $1 per share held, paying $1 to the SBA for every unowned share. Each time The Corporation pays dividends, it raises the price of its shares by $1 and issues 1000 more shares."""  # noqa: E501

    key = "shares"
    pack = PACK
    number = 2304
    title = "XXIII.4 Shares"

    currencies = (Currency(SHARES, kind="good", doc="shares of the Corporation"),)
    attributes = (Attribute(SHARES_COST, 0, doc="what the player's shares cost her (V.5)"),)

    class Params(RuleParams):
        initial: int = Field(1000, ge=0, description="the shares in the game at the start "
                             "(undefined in the text)")
        price: int = Field(10, ge=0, description="a share's price at the start (undefined)")
        every: int = Field(4000, ge=1, description="dollars collected for each dividend")
        per_share: int = Field(1, ge=0, description="the dividend on each share")
        rise: int = Field(1, ge=0, description="the price's rise at each dividend")
        issue: int = Field(1000, ge=0, description="shares issued at each dividend")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(CORPORATION)
        if not _shares_fact(ctx):
            ctx.transfer(None, CORPORATION, self.params.initial, SHARES, "the Corporation's "
                         "shares")
            set_fact(ctx, "shares", {"price": self.params.price, "collected": 0,
                                     "dividends": 0})

    @action("buy-shares", Arg("count", int, "how many shares", minimum=1))
    def buy(self, ctx: Ctx, actor: str, count: int) -> None:
        """Buy shares from the Corporation at its price."""
        record = _shares_fact(ctx)
        ctx.require(record, "the Corporation has no shares in this game")
        unowned = ctx.balance(CORPORATION, SHARES)
        ctx.require(count <= unowned, f"the Corporation has only {unowned} unowned shares")
        cost = count * int(record["price"])
        ctx.require(ctx.balance(actor, DOLLARS) >= cost,
                    f"{count} shares cost ${cost}; {actor} has ${ctx.balance(actor, DOLLARS)}")
        # The shares first: a dividend the payment brings about counts them as hers.
        ctx.transfer(CORPORATION, actor, count, SHARES, f"{actor} buys {count} shares")
        pay(ctx, actor, CORPORATION, cost, f"{actor} buys {count} shares", forced=False)
        ctx.set_attr(actor, SHARES_COST, int(ctx.attr(actor, SHARES_COST, 0) or 0) + cost)

    @hook(events.TRANSFER)
    def collected(self, ctx: Ctx, data: events.Transfer) -> None:
        # "For every $4000 collected": every dollar that comes into the Corporation's
        # account counts, from whatever source (ruling, INTERPRETATIONS.md, XXIII).
        if (data["currency"] != DOLLARS or data["target"] != CORPORATION
                or data["source"] == CORPORATION or not _shares_fact(ctx)):
            return
        record = _shares_fact(ctx)
        set_fact(ctx, "shares", {**record, "collected": int(record["collected"])
                                 + data["amount"]})
        self.pay_dividends(ctx)

    def pay_dividends(self, ctx: Ctx) -> None:
        """Pay one dividend for each $4000 collected since the last, while the
        Corporation has the money for it (else it waits for the next money to come
        in: ruling, INTERPRETATIONS.md, XXIII)."""
        while int((record := _shares_fact(ctx))["collected"]) >= self.params.every:
            holders = sorted(p for p in ctx.players() if ctx.balance(p, SHARES) > 0)
            unowned = ctx.balance(CORPORATION, SHARES)
            total = sum(ctx.balance(p, SHARES) for p in holders) + unowned
            if ctx.balance(CORPORATION, DOLLARS) < total * self.params.per_share:
                return
            for holder in holders:
                pay(ctx, CORPORATION, holder, ctx.balance(holder, SHARES)
                    * self.params.per_share, "the Corporation's dividend", forced=False)
            if unowned:
                pay(ctx, CORPORATION, SBA, unowned * self.params.per_share,
                    "the Corporation's dividend on its unowned shares", forced=False)
            price = int(record["price"]) + self.params.rise
            set_fact(ctx, "shares", {**record, "price": price,
                                     "collected": int(record["collected"]) - self.params.every,
                                     "dividends": int(record.get("dividends", 0)) + 1})
            ctx.transfer(None, CORPORATION, self.params.issue, SHARES, "the Corporation "
                         "issues shares")
            ctx.emit(DIVIDEND_PAID, f"the Corporation pays ${self.params.per_share} a share "
                     f"on {total} shares; its shares now cost ${price}",
                     per_share=self.params.per_share, shares=total, price=price)


def problems(state: dict[str, Any]) -> list[str]:
    """XXIII's invariant: the shares' price and the money collected towards the next
    dividend are never below zero."""
    record = (state.get("orgs") or {}).get("shares") or {}
    return [f"the Corporation's {key} is {record[key]}" for key in ("price", "collected")
            if key in record and int(record[key]) < 0]


RULES: tuple[type[Rule], ...] = (
    TheCorporation, TheLargeFactory, TheExperimentalTechnologyFactory, Shares,
)
