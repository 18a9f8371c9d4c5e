"""Nomopoly II, section XXXIV (Violence and Pain): Hurt players.

Hurt is the player's ``hurt`` (read by :func:`.terms.is_hurt`: a Hurt player rolls
one die, VII.1; the Stores of section XXVI read it to refuse a Hurt buyer, XXXIV.2).
Demolitionville and The Hospital are squares the text names without a number: the
game's ``named_squares`` parameter places them (41 and 17 by default). A Freemason's
Suicide money waits for the Magic Kazoo (XXIV) in section XXIV's account
(``kazoo.associate_with_kazoo``).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Attribute, Ctx, Rule, RuleParams, action, hook
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.base import members, team_of
from nomicon.packs.nomopoly2.body_events import STATUS_CHANGED
from nomicon.packs.nomopoly2.kazoo import KAZOO_FUND, associate_with_kazoo
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.terms import (
    DOLLARS,
    GOVERNMENT,
    HURT,
    LOCATION,
    PACK,
    has_board,
    is_hurt,
)

DEMOLITIONVILLE, HOSPITAL = "Demolitionville", "The Hospital"


def named_square(ctx: Ctx, name: str) -> int | None:
    """The number of a square the rules name, if the game places it on its board."""
    if not has_board(ctx):
        return None
    named = ctx.get(["game", "params", "named_squares"], None)  # none in another pack
    table = named if isinstance(named, dict) else board.NAMED_SQUARES
    number = table.get(name)
    return int(number) if number is not None and int(number) in board.numbers(ctx) else None


def make_hurt(ctx: Ctx, player: str, why: str) -> None:
    """XXXIV.1: ``player`` becomes Hurt (nothing if she is already)."""
    if player not in ctx.players() or is_hurt(ctx, player):
        return
    ctx.set_attr(player, HURT, True)
    ctx.emit(STATUS_CHANGED, f"{player} becomes Hurt ({why})", player=player, status=HURT,
             on=True, why=why)


class Violence(Rule):
    """Players affected by Violence become Hurt."""

    key = "violence"
    pack = PACK
    number = 3401
    title = "XXXIV.1 Violence"

    attributes = (Attribute(HURT, False, doc="Hurt: rolls one die (VII.1), cannot buy "
                            "Products in Stores (XXXIV.2)"),)
    # "Violence" is not defined: the rules that hurt (Suicide, Demolitionville) call
    # make_hurt(); the admin hurts a player affected by other Violence with ``set``.


class NoShoppingWhenHurt(Rule):
    """Hurt players cannot purchase Products in Stores."""

    key = "no-shopping-when-hurt"
    pack = PACK
    number = 3402
    title = "XXXIV.2 No shopping when Hurt"
    # The Stores (XXVI) refuse a buyer whose ``hurt`` is set (terms.is_hurt).


class Suicide(Rule):
    """By committing Suicide, a player becomes Hurt. If a Suicidal player is a member of a Team, then the player splits all his money evenly between his Teammates and himself. If a Suicidal player is a Freemason, then they lose all their money, it becomes associated with The Magic Kazoo, and the first player to play the Kazoo will receive the money."""  # noqa: E501

    key = "suicide"
    pack = PACK
    number = 3403
    title = "XXXIV.3 Suicide"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(KAZOO_FUND)

    @action("commit-suicide")
    def suicide(self, ctx: Ctx, actor: str) -> None:
        """Commit Suicide: become Hurt; your money is split with your Teammates, or
        goes to the Magic Kazoo if you are a Freemason."""
        make_hurt(ctx, actor, "Suicide")
        money = ctx.balance(actor, DOLLARS)
        team = team_of(ctx, actor)
        if team is None:
            if money:
                associate_with_kazoo(ctx, actor, f"{actor}'s Suicide: the money goes to "
                                     "the Magic Kazoo")
            return
        mates = [p for p in members(ctx, team) if p != actor]
        # Evenly between the Teammates and himself: each Teammate gets a share of
        # money / (Teammates + 1), rounded down; the player keeps his share and what
        # is left over.
        share = money // (len(mates) + 1)
        for mate in mates:
            if share:
                pay(ctx, actor, mate, share, f"{actor}'s Suicide: a Teammate's share",
                    forced=False)


class Demolitionville(Rule):
    """Any player occupying Demolitionville will become Hurt."""

    key = "demolitionville"
    pack = PACK
    number = 3404
    title = "XXXIV.4 Demolitionville"

    # "Occupying", however the player got there (a turn, a Taxi, a renumbering): seen
    # when each batch closes.
    @hook("batch.closing")
    def hurt_occupants(self, ctx: Ctx, data: dict[str, Any]) -> None:
        square = named_square(ctx, DEMOLITIONVILLE)
        if square is None:
            return
        for player in ctx.players():
            if ctx.attr(player, LOCATION) == square:
                make_hurt(ctx, player, "occupying Demolitionville")


class TheHospital(Rule):
    """Any Hurt player occupying The Hospital may pay $25 and no longer be Hurt."""

    key = "the-hospital"
    pack = PACK
    number = 3405
    title = "XXXIV.5 The Hospital"

    class Params(RuleParams):
        fee: int = Field(25, ge=0, description="what the Hospital charges")
        payee: str = Field(GOVERNMENT, description="who is paid (the text does not say)")

    params: Params

    @action("go-to-hospital")
    def heal(self, ctx: Ctx, actor: str) -> None:
        """Pay $25 at The Hospital and no longer be Hurt."""
        pay(ctx, actor, self.params.payee, self.params.fee, f"{actor} is treated at The "
            "Hospital", forced=False)
        ctx.set_attr(actor, HURT, False)
        ctx.emit(STATUS_CHANGED, f"{actor} is no longer Hurt (The Hospital)", player=actor,
                 status=HURT, on=False, why="The Hospital")

    @heal.check
    def _hurt_there(self, ctx: Ctx, actor: str) -> None:
        ctx.require(is_hurt(ctx, actor), f"{actor} is not Hurt")
        hospital = named_square(ctx, HOSPITAL)
        ctx.require(hospital is not None, "the board has no Hospital")
        where = ctx.attr(actor, LOCATION)
        ctx.require(where == hospital, f"{actor} is on square {where}, not The Hospital "
                    f"(square {hospital})")
        have = ctx.balance(actor, DOLLARS)
        ctx.require(have >= self.params.fee, f"{actor} has ${have}, not ${self.params.fee}",
                    detail="a voluntary action may not make its player Bankrupt (XXII.5)")


RULES: tuple[type[Rule], ...] = (
    Violence, NoShoppingWhenHurt, Suicide, Demolitionville, TheHospital,
)
