"""Nomopoly II, section XI (Jumpgates): pairs of squares that carry a player across.

A Jumpgate is kept on both its squares: ``board.spaces.<n>.jumpgate`` names the sister
square, and ``board.spaces.<n>.toll`` the toll its owner set for moving from it. No
gate exists at the start (the Jumpgate Builder of section XIX makes them, with
:func:`link`). The carrying is the walker's ``landed`` redirect: "after the other
effects of landing on the square, the player will be transported to the sister
square, landing on it".
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.events import SQUARE_BOUGHT, SquareBought
from nomicon.packs.nomopoly2.money import market_value, pay
from nomicon.packs.nomopoly2.named import holds_money
from nomicon.packs.nomopoly2.terms import (
    DOLLARS,
    GOVERNMENT,
    PACK,
    color_of,
    has_board,
    owner_of,
    square,
)

JUMPGATE, TOLL = "jumpgate", "toll"


def sister_of(ctx: Ctx, number: int) -> int | None:
    """The other square of the Jumpgate ``number`` is part of, if any."""
    found = square(ctx, number).get(JUMPGATE)
    return int(found) if isinstance(found, int) else None


def link(ctx: Ctx, first: int, second: int) -> None:
    """Make squares ``first`` and ``second`` a Jumpgate (for the rules that build one);
    refuses when either is part of a Jumpgate already (XI.1)."""
    ctx.require(first != second, "a Jumpgate is a pair of two squares")
    for number in (first, second):
        ctx.require(has_board(ctx) and board.layout(ctx).exists(number),
                    f"there is no square {number}")
        ctx.require(sister_of(ctx, number) is None,
                    f"square {number} is part of a Jumpgate already")
    ctx.set(["board", "spaces", str(first), JUMPGATE], second)
    ctx.set(["board", "spaces", str(second), JUMPGATE], first)


class Jumpgates(Rule):
    """Certain pairs of squares are known as Jumpgates. A square may not be part of two different Jumpgates."""  # noqa: E501

    key = "jumpgates"
    pack = PACK
    number = 1101
    title = "XI.1 Jumpgates"

    @action("make-jumpgate", Arg("first", int), Arg("second", int), admin=True)
    def make(self, ctx: Ctx, actor: str, first: int, second: int) -> None:
        """Make two squares a Jumpgate (the admin, for the rules that build them)."""
        link(ctx, first, second)


class UsingAJumpgate(Rule):
    """If a player lands (via any rule other than this one) on a Jumpgate square colored the same color as its sister square, then after the other effects of landing on the square, the player will be transported to the sister square, landing on it. The owner of a Jumpgate may set an addition toll to be charged players who move from one square to another; this toll may not exceed $25."""  # noqa: E501

    key = "using-a-jumpgate"
    pack = PACK
    number = 1102
    title = "XI.2 Using a Jumpgate"

    class Params(RuleParams):
        most_toll: int = 25

    params: Params

    @action("set-toll", Arg("square", int), Arg("amount", int))
    def set_toll(self, ctx: Ctx, actor: str, square: int, amount: int) -> None:
        """Set the toll for moving from a Jumpgate square you own (at most $25)."""
        ctx.require(has_board(ctx) and sister_of(ctx, square) is not None,
                    f"square {square} is not a Jumpgate square")
        ctx.require(owner_of(ctx, square) == actor, f"square {square} is not {actor}'s")
        ctx.require(0 <= amount <= self.params.most_toll,
                    f"a toll of ${amount} is not allowed",
                    detail=f"it may not exceed ${self.params.most_toll}")
        ctx.set(["board", "spaces", str(square), TOLL], amount)

    @hook(walker.LANDED)
    def transport(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, here = data.get("player"), data["square"]
        if player is None or not has_board(ctx):
            return
        via = data.get("via") or {}
        if via.get("rule") == self.label:
            return  # landed here through this rule: "via any rule other than this one"
        sister = sister_of(ctx, here)
        if sister is None or color_of(ctx, here) != color_of(ctx, sister):
            return
        # The owner of the square moved from sets and collects the toll (a ruling:
        # the two squares may have different owners after a sale).
        owner, toll = owner_of(ctx, here), int(square(ctx, here).get(TOLL) or 0)
        if toll and holds_money(ctx, owner) and owner != player:
            pay(ctx, player, owner, toll, f"the Jumpgate toll from square {here}")
        walker.redirect(ctx, data, sister, f"the Jumpgate from square {here}")


class BuyingAJumpgate(Rule):
    """When a player wants to purchase a Jumpgate square, he must pay not only for the Jumpgate square, but also for its sister square. The player will then own both squares."""  # noqa: E501

    key = "buying-a-jumpgate"
    pack = PACK
    number = 1103
    title = "XI.3 Buying a Jumpgate"

    @hook(SQUARE_BOUGHT)
    def buy_the_sister(self, ctx: Ctx, data: SquareBought) -> None:
        player, number = data["player"], data["square"]
        sister = sister_of(ctx, number)
        if sister is None or owner_of(ctx, sister) == player:
            return
        ctx.require(owner_of(ctx, sister) is None,
                    f"its sister square {sister} belongs to {owner_of(ctx, sister)}")
        # Refused when she cannot pay both: the purchase of the first is undone with it.
        price = market_value(ctx, sister)
        have = ctx.balance(player, DOLLARS)
        ctx.require(have >= price, f"{player} cannot pay for the sister square {sister} too",
                    detail=f"it costs ${price} more; {player} has ${have}")
        pay(ctx, player, GOVERNMENT, price, f"{player} buys square {sister}, the sister "
            f"of square {number}", forced=False)
        ctx.set(["board", "spaces", str(sister), "owner"], player)
        ctx.emit(SQUARE_BOUGHT, f"{player} buys square {sister} with its sister square "
                 f"{number} for ${price}", player=player, square=sister, price=price)


def jumpgate_problems(state: dict[str, Any]) -> list[str]:
    """Gates are symmetric pairs of existing squares (XI.1)."""
    spaces = state.get("board", {}).get("spaces") or {}
    problems = []
    for number, record in spaces.items():
        sister = record.get(JUMPGATE)
        if sister is None:
            continue
        other = spaces.get(str(sister)) or {}
        if str(sister) == str(number) or other.get(JUMPGATE) != int(number):
            problems.append(f"square {number}'s Jumpgate to {sister} has no way back")
    return problems


RULES: tuple[type[Rule], ...] = (Jumpgates, UsingAJumpgate, BuyingAJumpgate)
