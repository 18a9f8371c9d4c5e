"""Nomopoly II, sections IV (Money) and V (Prices).

Money is the ledger's ``dollars``, held by the players and by the organisations
(``government``, ``corporation``, ``sba``), never below $0. Every amount is rounded to
the nearest dollar, half away from zero, before it reaches the ledger (IV.4). A fine,
rent or any payment the rules force on a player that she cannot afford is a forced
transfer: the ledger asks the rules to settle the shortfall, and IV.5's cascade does
(the Team pays, else her squares go to the Government, else Bad Credit and bad debt).

Market value is one function, :func:`market_value`, that later rules extend through
the ``nomopoly2.market-value`` adjuster (see its docstring).
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Attribute,
    Ctx,
    Currency,
    Rule,
    RuleParams,
    action,
    adjust,
    events,
    hook,
)
from nomicon.boards import numbered
from nomicon.packs.nomopoly2.events import BANKRUPT
from nomicon.packs.nomopoly2.terms import (
    BAD_CREDIT,
    DOLLARS,
    GOVERNMENT,
    ORGANISATIONS,
    PACK,
    TEAM,
    WHITE,
    color_of,
    dollars,
    has_board,
    is_pollutant,
    is_public_property,
    owner_of,
    rule_of,
    square,
)

#: The adjuster through which rules change a square's market value. Each gets
#: ``{"square": n, "rate": dollars per ordinal, "extra": dollars added, "halved": bool}``
#: and returns it changed; the value is ``(rate * n + extra)``, halved when
#: ``halved`` (V.3: "one-half of what the other rules contribute"), rounded (IV.4).
MARKET_VALUE = "nomopoly2.market-value"


# -- IV. Money ----------------------------------------------------------------------

class StartingMoney(Rule):
    """Each player starts the game with $1000 of Nomopoly money."""

    key = "starting-money"
    pack = PACK
    number = 401
    title = "IV.1 Starting money"

    currencies = (Currency(DOLLARS, 1000, minimum=0, doc="Nomopoly money"),)

    def on_enact(self, ctx: Ctx) -> None:
        for account in ORGANISATIONS:
            ctx.open_account(account)


def fine(ctx: Ctx, player: str, amount: float | int, reason: str) -> int:
    """IV.2: a fine (or a loss to the admin or the Government) goes to the Government;
    forced, so a player who cannot pay it is Bankrupt (IV.5). Returns what was paid."""
    ctx.open_account(GOVERNMENT)  # a game these rules were enacted into may lack it
    return ctx.transfer(player, GOVERNMENT, dollars(amount), DOLLARS, reason, forced=True)


def pay(ctx: Ctx, payer: str, payee: str | None, amount: float | int, reason: str, *,
        forced: bool = True) -> int:
    """IV.2: a payment from one entity to another (``payee`` None: out of the game).
    Forced by default (rent, a penalty); a voluntary payment (``forced=False``) the
    payer cannot afford is refused (XXII.5)."""
    if payee in ORGANISATIONS:
        ctx.open_account(payee)
    return ctx.transfer(payer, payee, dollars(amount), DOLLARS, reason, forced=forced)


def award(ctx: Ctx, player: str, amount: float | int, reason: str) -> int:
    """IV.3: money a player "gets" or "is awarded" comes into the game."""
    return ctx.transfer(None, player, dollars(amount), DOLLARS, reason)


class FinesAndPayments(Rule):
    """If a non-Bankrupt player "is fined" or "loses" some amount of money to the admin or The Government, then the amount is subtracted from the player's money and added to The Government's money. If a player (She) "pays" or "gives" some amount of money to another entity in Nomopoly (He), then the amount is subtracted from Her money and added to His money."""  # noqa: E501

    key = "fines-and-payments"
    pack = PACK
    number = 402
    title = "IV.2 Fines and payments"
    # Carried out by fine() and pay() above, which every rule of the pack uses.


class Awards(Rule):
    """If a player "gets" or "is awarded" some amount of money, the amount is added to the player's total."""  # noqa: E501

    key = "awards"
    pack = PACK
    number = 403
    title = "IV.3 Awards"
    # Carried out by award() above.


class Rounding(Rule):
    """All amounts of money are rounded to the nearest dollar."""

    key = "rounding"
    pack = PACK
    number = 404
    title = "IV.4 Rounding"
    # Every amount goes through terms.dollars (half away from zero) before the ledger.


class Bankruptcy(Rule):
    """If a player is fined, loses, pays, or gives some amount of money greater than the amount of money she has, that player is Bankrupt. If the player is a member of a Team, and if that player's Team has enough money collectively to pay the debt, then the player's Teammates will each pay an equal amount to the Bankrupt player, the minimum amount for the player to pay his debts. (This may cause other Teammates to go Bankrupt.) After paying, if all the player's Teammates agree, the player can be removed from the Team and turned into a Freemason. If a Bankrupt player is not a member of a Team with enough funds to pay the debt, and the player owns squares, then all squares owned by that player become owned by the Government, the player is paid market value for all of those squares and must then attempt to pay off the debt. If a Bankrupt player is not a member of a Team with enough funds to pay the debt, and the player owns no squares, then the money she has is paid to her creditors, the player is marked with a Bad Credit Rating, and the payment is considered to have been written off as bad debt."""  # noqa: E501

    key = "bankruptcy"
    pack = PACK
    number = 405
    title = "IV.5 Bankruptcy"

    attributes = (Attribute(BAD_CREDIT, False, doc="the player has a Bad Credit Rating"),)

    @hook(events.SHORTFALL)
    def settle(self, ctx: Ctx, data: events.Shortfall) -> None:
        debtor, missing = data["debtor"], data["missing"]
        if data["currency"] != DOLLARS or debtor not in ctx.players():
            return
        ctx.emit(BANKRUPT, f"{debtor} is Bankrupt: {missing} dollars short ({data['reason']})",
                 player=debtor, missing=missing, reason=data["reason"])
        team = ctx.attr(debtor, TEAM)
        mates = sorted(p for p in ctx.players() if p != debtor and team is not None
                       and ctx.attr(p, TEAM) == team)
        if mates and sum(ctx.balance(p, DOLLARS) for p in mates) >= missing:
            # "each pay an equal amount ..., the minimum amount for the player to pay
            # his debts": the shortfall divided among them, rounded up so it is covered.
            share = math.ceil(missing / len(mates))
            for mate in mates:
                ctx.transfer(mate, debtor, share, DOLLARS, f"{debtor}'s Team pays her debt",
                             forced=True)
            return
        squares = owned_squares(ctx, debtor)
        if squares:
            for n in squares:
                value = market_value(ctx, n)
                ctx.set(["board", "spaces", str(n), "owner"], GOVERNMENT)
                _government_pays(ctx, debtor, value, f"square {n} taken by the Government "
                                 "for bankruptcy")
            if ctx.balance(debtor, DOLLARS) >= data["due"]:
                return
        # No Team to pay and no squares (left): what she has goes to her creditor and
        # the rest is bad debt (the ledger writes it off).
        ctx.set_attr(debtor, BAD_CREDIT, True)


def _government_pays(ctx: Ctx, player: str, amount: int, reason: str) -> None:
    # The Government cannot hold less than $0 (Appendix A): what it lacks of a payment
    # the rules oblige it to make comes into the game, logged as its deficit.
    ctx.open_account(GOVERNMENT)
    have = ctx.balance(GOVERNMENT, DOLLARS)
    if have < amount:
        ctx.transfer(None, GOVERNMENT, amount - have, DOLLARS, "Government deficit")
    ctx.transfer(GOVERNMENT, player, amount, DOLLARS, reason)


def owned_squares(ctx: Ctx, holder: str) -> list[int]:
    """The numbers of the squares ``holder`` owns, in order."""
    if not has_board(ctx):
        return []
    return [n for n in numbered.layout(ctx).squares() if owner_of(ctx, n) == holder]


class BadCredit(Rule):
    """Anyone with a Bad Credit Rating may remove it by paying $200."""

    key = "bad-credit"
    pack = PACK
    number = 406
    title = "IV.6 Bad Credit"

    class Params(RuleParams):
        fee: int = Field(200, ge=0, description="what removing a Bad Credit Rating costs")

    params: Params

    @action("clear-bad-credit")
    def clear(self, ctx: Ctx, actor: str) -> None:
        """Pay $200 to remove your Bad Credit Rating."""
        pay(ctx, actor, GOVERNMENT, self.params.fee, "removing a Bad Credit Rating",
            forced=False)
        ctx.set_attr(actor, BAD_CREDIT, False)

    @clear.check
    def _has_bad_credit(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, BAD_CREDIT, False), f"{actor} has no Bad Credit Rating")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.fee, f"{actor} has ${have}, not ${self.params.fee}",
                    detail="a voluntary action may not make its player Bankrupt (XXII.5)")


# -- V. Prices ------------------------------------------------------------------------

def market_value(ctx: Ctx, number: int) -> int:
    """The market value of square ``number`` now: V.1's ten dollars per ordinal, as the
    rules in force adjust it (:data:`MARKET_VALUE`)."""
    rule = rule_of(ctx, MarketValue)
    rate = rule.params.rate if rule is not None else MarketValue.Params.model_validate({}).rate
    parts: dict[str, Any] | None = ctx.adjust(
        MARKET_VALUE, {"square": number, "rate": rate, "extra": 0, "halved": False})
    if parts is None:
        return 0
    value = parts["rate"] * number + parts["extra"]
    return dollars(value / 2 if parts["halved"] else value)


class MarketValue(Rule):
    """The default "market value" of a square is ten Nomopoly dollars times the square's ordinal number."""  # noqa: E501

    key = "market-value"
    pack = PACK
    number = 501
    title = "V.1 Market value"

    class Params(RuleParams):
        rate: int = Field(10, ge=0, description="dollars per ordinal number")

    params: Params


class NextToPublicProperty(Rule):
    """The market value of any square adjacent to Public Property is eleven Nomopoly dollars times the square's ordinal number."""  # noqa: E501

    key = "next-to-public-property"
    pack = PACK
    number = 502
    title = "V.2 Next to Public Property"

    class Params(RuleParams):
        rate: int = Field(11, ge=0, description="dollars per ordinal next to Public Property")

    params: Params

    @adjust(MARKET_VALUE)
    def next_to_public(self, ctx: Ctx, parts: dict[str, Any]) -> dict[str, Any]:
        if has_board(ctx) and any(is_public_property(ctx, n) for n in
                                  numbered.layout(ctx).neighbours(parts["square"])):
            parts = {**parts, "rate": self.params.rate}
        return parts


class NextToAPollutant(Rule):
    """The market value of any square which is adjacent to a pollutant square is one-half of what the other rules contribute to its value."""  # noqa: E501

    key = "next-to-a-pollutant"
    pack = PACK
    number = 503
    title = "V.3 Next to a pollutant"

    @adjust(MARKET_VALUE)
    def next_to_pollutant(self, ctx: Ctx, parts: dict[str, Any]) -> dict[str, Any]:
        if has_board(ctx) and any(is_pollutant(ctx, n) for n in
                                  numbered.layout(ctx).neighbours(parts["square"])):
            parts = {**parts, "halved": True}
        return parts


def rent(ctx: Ctx, number: int) -> int:
    """V.4: a tenth of the market value of a non-White square that is neither a Utility
    nor a Store; otherwise nothing."""
    record = square(ctx, number)
    if color_of(ctx, number) == WHITE or record.get("utility") or record.get("store"):
        return 0
    return dollars(market_value(ctx, number) / 10)


class DefaultRent(Rule):
    """The default "rent" for a square is one-tenth its market value if that square is non-White, is not a Utility, and is not a Store. Otherwise, its default rent is zero dollars."""  # noqa: E501

    key = "default-rent"
    pack = PACK
    number = 504
    title = "V.4 Default rent"
    # Computed by rent() above.


def net_value(ctx: Ctx, player: str) -> int:
    """V.5: the market value of her squares, the cost of her Corporate Shares, her cash
    and the price of her Products. Shares (XXIII) and Products (XIX) are counted from
    ``players.<p>.shares_cost`` and ``players.<p>.products_price`` until those sections
    keep them otherwise."""
    squares = sum(market_value(ctx, n) for n in owned_squares(ctx, player))
    return (squares + int(ctx.attr(player, "shares_cost", 0) or 0)
            + ctx.balance(player, DOLLARS) + int(ctx.attr(player, "products_price", 0) or 0))


class NetValue(Rule):
    """A player's Net Value is equal to the sum of the market value of all her squares, the total cost of her Corporate Shares, her cash, and the price of all Products in her possession."""  # noqa: E501

    key = "net-value"
    pack = PACK
    number = 505
    title = "V.5 Net Value"
    # Computed by net_value() above.


RULES: tuple[type[Rule], ...] = (
    StartingMoney, FinesAndPayments, Awards, Rounding, Bankruptcy, BadCredit, MarketValue,
    NextToPublicProperty, NextToAPollutant, DefaultRent, NetValue,
)
