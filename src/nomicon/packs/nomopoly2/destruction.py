"""Nomopoly II, section XVIII (Destruction): squares removed from the board.

:func:`destroy` is the one way a square is destroyed; the rules that destroy (a
Blockbuster, a 'Bot, a fifth renaming, the admin's ``destroy-square`` for what the
rules order and nothing here carries out) call it. It refuses a square named in the
rules or a Lodge (XXVIII.4), asks an insured owner for the $50 of XVIII.4 (a prompt
with a default, which a mail player answers ahead with a standing answer), moves what
stands on the square to the closest Public Property (XXIX.4), and renumbers the board
with :func:`nomicon.boards.numbered.renumber` (the squares keep their identities).

Which numbers are Government-owned is section X's (by number, X.2): it answers the
``nomopoly2.government-owned`` adjuster (``{"square", "government"}``), which XVIII.3
asks about the square that takes the destroyed one's number.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action
from nomicon.boards import numbered, snake
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.body_events import (
    INSURANCE_CLAIMED,
    SQUARE_DESTROYED,
    STATUS_CHANGED,
)
from nomicon.packs.nomopoly2.money import market_value, pay
from nomicon.packs.nomopoly2.ownership import CORPORATE_COLORS, GOVERNMENT_COLORS
from nomicon.packs.nomopoly2.paths import closest
from nomicon.packs.nomopoly2.terms import (
    BEST_FRIEND,
    DOLLARS,
    GOVERNMENT,
    PACK,
    TEAM,
    color_of,
    has_board,
    is_public_property,
    owner_of,
    rule_of,
    square,
)

INSURANCE = "explosive_insurance"
GOVERNMENT_OWNED = "nomopoly2.government-owned"


def why_indestructible(ctx: Ctx, number: int) -> str | None:
    """Why square ``number`` may not be destroyed, or None."""
    if not has_board(ctx) or number not in board.numbers(ctx):
        return f"there is no square {number}"
    if len(board.numbers(ctx)) == 1:
        return "the board shall always contain at least one square (VI.1)"
    if number in board.named_squares(ctx):
        return f"square {number} is named in the rules (XVIII.1)"
    if square(ctx, number).get("lodge"):
        return f"square {number} is a Lodge, which may not be destroyed (XXVIII.4)"
    return None


def is_insured(ctx: Ctx, player: str | None) -> bool:
    return player in ctx.players() and bool(ctx.attr(player, INSURANCE, False))


def destroy(ctx: Ctx, number: int, *, by: str | None, why: str) -> None:
    """Destroy square ``number`` (``by``: the player who destroys it, if any), or
    refuse in the name of the rule that forbids it. An insured owner is asked for
    $50 first; the destruction then waits for the answer."""
    reason = why_indestructible(ctx, number)
    if reason is not None:
        ctx.refuse(f"square {number} cannot be destroyed", detail=reason)
    owner = owner_of(ctx, number)
    insurance = rule_of(ctx, ExplosiveInsurance)
    if owner is not None and is_insured(ctx, owner) and insurance is not None:
        with ctx.running(insurance):  # the prompt is the insurance's question
            insurance.claim(ctx, owner, number, by, why)
        return
    carry_out(ctx, number, by=by, why=why)


def carry_out(ctx: Ctx, number: int, *, by: str | None, why: str) -> None:
    """XVIII.2, .3 and .5: the destruction itself."""
    owner = owner_of(ctx, number)
    others = [n for n in board.numbers(ctx) if n != number]
    # The closest Public Property, measured on the board with the square still in
    # place; without any, the lowest square left (Rule 1802).
    target = closest(ctx, number, [n for n in others if is_public_property(ctx, n)])
    if target is None:
        target = min(others)
    for path in numbered.things_on(ctx, number):
        if path[0] == "entities":
            ctx.move_entity(path[1], target)
        else:
            ctx.set(path, target)
    sister = square(ctx, number).get("jumpgate")
    if sister is not None and str(sister) in (ctx.get(["board", "spaces"], {}) or {}):
        ctx.set(["board", "spaces", str(sister), "jumpgate"], None)
    layout = board.layout(ctx)
    top = layout.last
    numbered.renumber(ctx, snake.destroyed(layout, number), why=why)
    renumbered = top if top != number else None
    ctx.emit(SQUARE_DESTROYED, f"square {number} is destroyed ({why})"
             + (f"; square {top} is now square {number}" if renumbered else ""),
             square=number, by=by, renumbered=renumbered)
    if renumbered is not None:
        _compensate(ctx, number)
    if by is not None and owner is not None and ctx.attr(by, BEST_FRIEND) == owner:
        ctx.set_attr(by, TEAM, None)
        ctx.emit(STATUS_CHANGED, f"{by} destroyed what his Best Friend {owner} owned and "
                 "becomes a Freemason", player=by, status="freemason", on=True,
                 why="XVIII.5")


def _compensate(ctx: Ctx, number: int) -> None:
    """XVIII.3, for the square that has just taken ``number``."""
    owner = owner_of(ctx, number)
    if owner not in ctx.players():
        return
    asked: dict[str, Any] | None = ctx.adjust(GOVERNMENT_OWNED,
                                              {"square": number, "government": False})
    if not asked or not asked.get("government"):
        return
    assert owner is not None
    value = market_value(ctx, number)
    ctx.set(["board", "spaces", str(number), "owner"], GOVERNMENT)
    pay(ctx, GOVERNMENT, owner, value, f"square {number} becomes Government Owned by "
        "destruction")
    if color_of(ctx, number) in CORPORATE_COLORS:
        color = ctx.pick(list(GOVERNMENT_COLORS), f"a Government Color for square {number}")
        ctx.set(["board", "spaces", str(number), "color"], color)


class NamedSquaresStand(Rule):
    """No square that is named in the rules may be destroyed."""

    key = "named-squares-stand"
    pack = PACK
    number = 1801
    title = "XVIII.1 Named squares stand"

    def _destructible(self, ctx: Ctx, actor: str) -> list[int]:
        return [n for n in board.numbers(ctx) if why_indestructible(ctx, n) is None]

    def _explain(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.refuse(f"square {value!r} cannot be destroyed",
                   detail=why_indestructible(ctx, int(value)) if isinstance(value, int)
                   else "give a square's number")

    # The rules that destroy are in other sections (or not built): the admin carries
    # out what they order with this action, as destroy() would.
    @action("destroy-square", Arg("square", int, "the square to destroy",
                                  choices="_destructible", explain="_explain"),
            Arg("by", str, "the player who destroys it, if any", required=False),
            admin=True)
    def destroy_square(self, ctx: Ctx, actor: str, square: int, by: str | None = None
                       ) -> None:
        """Destroy a square as a rule orders (XVIII)."""
        ctx.require(by is None or by in ctx.players(), f"{by!r} is not a player")
        destroy(ctx, square, by=by, why=f"the admin, for {by}" if by else "the admin")


class WhatDestructionDoes(Rule):
    """If a square is destroyed, all players and items currently in that square are moved to the closest Public Property immediately after the destruction. A destroyed square is completely removed from the game, losing all characteristics, including (but not limited to) ownership, color, and market value. Any jumpgates t or from a destroyed square no longer exist. Any other effects dependent on the existence of the square are null and void. When a square is destroyed, if it was not the highest-numbered square, then the highest-numbered square will be renumbered to assume the number of the destroyed square."""  # noqa: E501

    key = "what-destruction-does"
    pack = PACK
    number = 1802
    title = "XVIII.2 What destruction does"
    # Carried out by carry_out() above.


class Compensation(Rule):
    """If the destruction of a square causes a previously player-owned square to become Government Owned, that player shall be paid the market value of the square. If the square was a Corporate Color, the Government will paint it a random Government Color."""  # noqa: E501

    key = "destruction-compensation"
    pack = PACK
    number = 1803
    title = "XVIII.3 Compensation"
    # Carried out by _compensate() above, when section X says the new number is
    # Government Owned.


class ExplosiveInsurance(Rule):
    """A player may buy Explosive Insurance for $500. A player with Explosive Insurance is unaffected by destruction of any sort, as are any squares owned by that player. For each incident of destruction averted, the player will have to pay $50; if the player does not want to pay or if the player does not have enough money to pay, the player will immediately lose the Explosive Insurance."""  # noqa: E501

    key = "explosive-insurance"
    pack = PACK
    number = 1804
    title = "XVIII.4 Explosive Insurance"

    attributes = (Attribute(INSURANCE, False, doc="has Explosive Insurance"),)

    class Params(RuleParams):
        price: int = Field(500, ge=0, description="what the insurance costs")
        claim: int = Field(50, ge=0, description="paid for each incident averted")
        payee: str = Field(GOVERNMENT, description="who sells it (the text does not say)")

    params: Params

    @action("buy-explosive-insurance")
    def buy(self, ctx: Ctx, actor: str) -> None:
        """Buy Explosive Insurance for $500."""
        pay(ctx, actor, self.params.payee, self.params.price,
            f"{actor} buys Explosive Insurance", forced=False)
        ctx.set_attr(actor, INSURANCE, True)

    @buy.check
    def _can_buy(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not ctx.attr(actor, INSURANCE, False),
                    f"{actor} has Explosive Insurance already")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.price, f"{actor} has ${have}, not "
                    f"${self.params.price}", detail="a voluntary action may not make its "
                    "player Bankrupt (XXII.5)")

    def claim(self, ctx: Ctx, player: str, number: int, by: str | None, why: str) -> None:
        """Ask ``player`` to pay $50 to avert the destruction of her square."""
        ctx.prompt(player, ["pay", "drop"], "pay", handler=self.decided,
                   kind="explosive-insurance", deadline=ctx.now, available="_open",
                   data={"square": number, "sid": numbered.square_id(ctx, number),
                         "by": by, "why": why},
                   message=f"pay ${self.params.claim} to avert the destruction of square "
                           f"{number}, or lose your Explosive Insurance?")

    def _open(self, ctx: Ctx, prompt: dict[str, Any]) -> list[str]:
        # "if the player does not have enough money to pay": then only dropping.
        enough = ctx.balance(prompt["to"], DOLLARS) >= self.params.claim
        return ["pay", "drop"] if enough else ["drop"]

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player, data = prompt["to"], prompt["data"]
        number = numbered.number_of(ctx, data["sid"])
        if number is None:
            return  # the square is gone already
        if option == "pay" and ctx.balance(player, DOLLARS) >= self.params.claim:
            pay(ctx, player, self.params.payee, self.params.claim,
                f"{player}'s Explosive Insurance averts the destruction of square {number}",
                forced=False)
            ctx.emit(INSURANCE_CLAIMED, f"{player}'s Explosive Insurance averts the "
                     f"destruction of square {number}", player=player, square=number,
                     kept=True)
            return
        ctx.set_attr(player, INSURANCE, False)
        ctx.emit(INSURANCE_CLAIMED, f"{player} loses the Explosive Insurance; square "
                 f"{number} is destroyed", player=player, square=number, kept=False)
        if why_indestructible(ctx, number) is None:
            carry_out(ctx, number, by=data["by"], why=data["why"])


class BetrayingABestFriend(Rule):
    """If a player destroys that which is owned by his Best Friend, the player becomes an Freemason."""  # noqa: E501

    key = "betraying-a-best-friend"
    pack = PACK
    number = 1805
    title = "XVIII.5 Betraying a Best Friend"
    # Carried out by carry_out() above.


RULES: tuple[type[Rule], ...] = (
    NamedSquaresStand, WhatDestructionDoes, Compensation, ExplosiveInsurance,
    BetrayingABestFriend,
)
