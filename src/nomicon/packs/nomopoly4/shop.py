"""Section XVIII, the Dark Lord's Shop of Terror (P27, seed L155-173): the Shop on a
random square, its trades, Wilt Shrooms, Moldy Mushes, Rotten Mushes and the Star Egg;
the Shop moves every Saturday (Rule 1806, P43, L33).

The Shop is an entity of kind ``shop`` (``entities.shop-of-terror``). Its trades are a
parameter of Rule 1801, so a proposal that adds one (P36, P48) amends it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import BaseModel, Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, every
from nomicon.boards import numbered
from nomicon.mechanics import combat, units
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.events import SHOP_MOVED, SHOP_TRADE
from nomicon.packs.nomopoly4.items import ItemParams, ItemRule, square_of
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, LOCATIONS, PACK, SNAKE

SHOP = "shop-of-terror"
#: The status that keeps a player from using a Star Egg again for a while.
STAR_EGG_LOCKOUT = "star-egg-lockout"


class Trade(BaseModel):
    """One trade of the Shop: the items given, and the dollars or the item received."""

    give: dict[str, int]
    dollars: int = Field(0, ge=0)
    item: str | None = None


def _trades() -> dict[str, Trade]:
    return {
        "wilt-shroom": Trade(give={"wilt-shroom": 1}, dollars=1),
        "moldy-mush": Trade(give={"moldy-mush": 1}, dollars=2),
        "rotten-mush": Trade(give={"rotten-mush": 1}, dollars=3),
        "star-egg": Trade(give={"wilt-shroom": 100, "moldy-mush": 100, "rotten-mush": 100},
                          dollars=0, item="star-egg"),
    }


def shop_square(ctx: Ctx) -> int | None:
    shop = ctx.entity(SHOP)
    return None if shop is None else int(shop["location"])


class ShopOfTerror(Rule):
    """A randomly selected square (chosen after this proposal is implemented) will be known as the "Dark Lord's Shop of Terror". Any player who occupies this square may perform any of the following actions:
    - Trade in a Wilt Shroom for $1
    - Trade in a Moldy Mush for $2
    - Trade in a Rotten Mush for $3
    - Trade in 100 Wilt Shrooms, 100 Moldy Mushes, and 100 Rotten Mushes for a Star Egg"""  # noqa: E501

    key = "shop-of-terror"
    pack = PACK
    number = 1801
    title = "The Dark Lord's Shop of Terror"
    requires = frozenset({SNAKE, LOCATIONS, HAS_DOLLARS})

    class Params(RuleParams):
        trades: dict[str, Trade] = Field(default_factory=_trades,
                                         description="what may be traded in, by name")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.entity(SHOP) is not None:
            return
        square = ctx.pick(list(numbered.layout(ctx).squares()), "the Shop of Terror's square")
        ctx.create_entity("shop", id=SHOP, location=square, cause=self.label)
        ctx.emit(SHOP_MOVED, f"the Dark Lord's Shop of Terror is placed on square {square}",
                 start=None, end=square)

    def on_repeal(self, ctx: Ctx) -> None:
        ctx.destroy_entity(SHOP, cause=f"{self.label} is repealed")

    def _names(self, ctx: Ctx, actor: str) -> list[str]:
        return [name for name, deal in self.params.trades.items()
                if self._shortfall(ctx, actor, deal) is None]

    def _shortfall(self, ctx: Ctx, actor: str, deal: Trade) -> str | None:
        """What the actor lacks for ``deal`` (None: nothing)."""
        for good, count in deal.give.items():
            have = ctx.balance(actor, good) if ctx.is_good(good) else 0
            if have < count:
                return f"it takes {count} {good}; you have {have}"
        if deal.item is not None and ctx.rules.currencies.get(deal.item) is None:
            return f"there is no item {deal.item!r}"
        return None

    def _why_not_trade(self, ctx: Ctx, actor: str, value: Any) -> None:
        deal = self.params.trades.get(value)
        if deal is None:
            ctx.refuse(f"the Shop has no trade {value!r}",
                       detail=f"its trades are {', '.join(self.params.trades)}")
        ctx.refuse(f"you cannot trade in for {value}: {self._shortfall(ctx, actor, deal)}")

    @action("trade-in", Arg("trade", str, "what to trade in (wilt-shroom, star-egg, ...)",
                            choices="_names", explain="_why_not_trade"))
    def trade_in(self, ctx: Ctx, actor: str, trade: str) -> None:
        """Trade items in at the Dark Lord's Shop of Terror."""
        deal = self.params.trades[trade]  # one of the choices (_why_not_trade)
        for good, count in deal.give.items():
            ctx.transfer(actor, None, count, good, f"{actor} trades in at the Shop of Terror")
        # What the Shop pays is made, not taken from the Bank Account of Terror (a
        # ruling, INTERPRETATIONS.md, Rule 1801).
        if deal.dollars:
            ctx.transfer(None, actor, deal.dollars, DOLLARS, f"{actor}'s trade at the Shop")
        if deal.item is not None:
            ctx.transfer(None, actor, 1, deal.item, f"{actor}'s trade at the Shop")
        got = " and ".join(filter(None, [f"${deal.dollars}" if deal.dollars else "",
                                         f"a {deal.item}" if deal.item else ""]))
        ctx.emit(SHOP_TRADE, f"{actor} trades in for {trade} at the Shop of Terror and gets "
                 f"{got or 'nothing'}", player=actor, trade=trade, gave=dict(deal.give),
                 dollars=deal.dollars, item=deal.item)

    @trade_in.check
    def _at_the_shop(self, ctx: Ctx, actor: str) -> None:
        where, shop = square_of(ctx, actor), shop_square(ctx)
        ctx.require(where == shop, f"you are on square {where}, not on the Shop of Terror "
                    f"(square {shop})")


class WiltShroom(ItemRule):
    """Item: Wilt Shroom
    Frequency: 50
    Effect upon use: None (but the player still loses the item after using it)"""

    key = "wilt-shroom"
    pack = PACK
    number = 1802
    title = "Wilt Shroom"
    item = "wilt-shroom"

    class Params(ItemParams):
        frequency: int = Field(50, ge=0)

    params: Params


class MoldyMush(ItemRule):
    """Item: Moldy Mush
    Frequency: 45
    Effect upon use: None (but the player still loses the item after using it)"""

    key = "moldy-mush"
    pack = PACK
    number = 1803
    title = "Moldy Mush"
    item = "moldy-mush"

    class Params(ItemParams):
        frequency: int = Field(45, ge=0)

    params: Params


class RottenMush(ItemRule):
    """Item: Rotten Mush
    Frequency: 40
    Effect upon use: None (but the player still loses the item after using it)"""

    key = "rotten-mush"
    pack = PACK
    number = 1804
    title = "Rotten Mush"
    item = "rotten-mush"

    class Params(ItemParams):
        frequency: int = Field(40, ge=0)

    params: Params


class StarEgg(ItemRule):
    """Item: Star Egg
    Frequency: 0
    Effect upon use: All units and buildings on the same square as the player lose 100 hit points. The player does not lose this item after using it. After using a Star Egg, that player may not again use a Star Egg for 7 days."""  # noqa: E501

    key = "star-egg"
    pack = PACK
    number = 1805
    title = "Star Egg"
    item = "star-egg"
    used_up = False

    class Params(ItemParams):
        frequency: int = Field(0, ge=0)
        damage: int = Field(100, ge=0)
        lockout_days: int = Field(7, ge=1)

    params: Params

    def check(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> None:
        square_of(ctx, actor)
        held = ctx.status(actor, STAR_EGG_LOCKOUT)
        ctx.require(held is None, "you may not use a Star Egg again for 7 days after using one",
                    detail=f"until {held['until'] if held else ''}")

    def effect(self, ctx: Ctx, actor: str, args: dict[str, Any]) -> str:
        square = square_of(ctx, actor)
        hit = units.things(ctx, location=square)
        # Not an attack: no armor, and a Wall does not shield the others (a ruling,
        # INTERPRETATIONS.md, Rule 1805); the user's own units are hit too.
        for target in hit:
            combat.damage(ctx, target, self.params.damage, by_player=actor, cause="a Star Egg")
        ctx.grant_status(actor, STAR_EGG_LOCKOUT,
                         until=timedelta(days=self.params.lockout_days))
        return f"{len(hit)} units and buildings on square {square} lose {self.params.damage} " \
               "hit points"


class ShopMoves(Rule):
    """Every Saturday at midnight GMT the Dark Lords Shop of Terror will have its location changed to a different random square on the board."""  # noqa: E501

    key = "shop-moves"
    pack = PACK
    number = 1806
    title = "The Shop of Terror moves"
    requires = frozenset({SNAKE})

    class Params(RuleParams):
        schedule: str = "every Saturday at 00:00 GMT"

    params: Params

    @every(param="schedule")
    def relocate(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        start = shop_square(ctx)
        if start is None:
            return
        others = [s for s in numbered.layout(ctx).squares() if s != start]
        if not others:
            return  # a board of one square has no different square
        end = ctx.pick(others, "the Shop of Terror's new square")
        ctx.move_entity(SHOP, end)
        ctx.emit(SHOP_MOVED, f"the Dark Lord's Shop of Terror moves from square {start} to "
                 f"square {end}", start=start, end=end)
