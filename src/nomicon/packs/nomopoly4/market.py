"""Section XXII, the Public Market (P46, seed L24-28), on the mechanics layer's order
book (:class:`nomicon.mechanics.market.PublicMarket`), and the Dark Lord's sell requests:
an Imp's new Priority #2 (an amendment of Rule 1904's list) and, through the same
market, P49's unopened ? boxes (Rule 1711).
"""

from __future__ import annotations

from typing import Any, ClassVar

from nomicon.authoring import Ctx
from nomicon.mechanics import agents, market
from nomicon.mechanics.agents import Behaviour
from nomicon.mechanics.market import PublicMarket
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.boxes import box_at, open_box
from nomicon.packs.nomopoly4.ducky import BANK, DARK_LORD
from nomicon.packs.nomopoly4.experience import DEAD
from nomicon.packs.nomopoly4.imps import where
from nomicon.packs.nomopoly4.travel import PACK


class TheMarket(PublicMarket):
    """Create a new entity called the "Public Market". Any player who is not dead may use the Public Market's services at any time.
    The Public Market allows players to do the following:
    - Submit a "Buy Request". The player specifies an item that he wants to buy and the amount of money he is willing to pay for it. The player must pay that amount of money immediately. - Retract a buy request made by that player. The player is refunded the money he spent for that buy request, and the buy request is removed from the market. - Fulfill a buy request. The player receives the amount of money specified in the buy request, and gives the item to the player that made the buy request. The buy request is then removed from the public market. - Submit a "Sell Request". The player specifies an item that he wants to sell and the amount of money he is willing to sell it for. The player loses that item immediately. - Retract a sell request made by that player. The player is given back the item he lost for that sell request, and the sell request is removed from the market. - Fulfill a sell request. The player receives the item specified in the sell request, and pays the amount of money specified in the sell request to the player that made the sell request. The sell request is then removed from the public market."""  # noqa: E501

    key = "public-market"
    pack = PACK
    number = 2201
    title = "The Public Market"
    # The Imp's Priority #2 as P46 rewrites it (L27): the behaviour is this rule's, and
    # the amendment of Rule 1904's list names it.
    contributes: ClassVar[dict[str, Any]] = {agents.BEHAVIOURS: {
        "take-the-box-and-sell": Behaviour(
            "_can_take_box", "_take_box_and_sell",
            "2) take the ? box's item for the Dark Lord, who sells it $1 under the lowest ask"),
    }}

    def may_trade(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, "state_of_being", None) != DEAD, f"{actor} is dead",
                    detail="only a player who is not dead may use the Public Market")

    def undercut(self, ctx: Ctx, item: str) -> int | None:
        """"if there are currently any sell requests on the Public Market for that item,
        the Dark Lord will submit a sell request ... $1 less than the current lowest
        price", the proceeds to the Bank Account of Terror; returns its number (None:
        no sell request for the item, and he keeps it). Never under the market's
        lowest price, $1 (a ruling)."""
        lowest = market.lowest_ask(ctx.state.root, self.params.market, item)
        if lowest is None:
            return None
        price = max(lowest - 1, self.params.lowest_price)
        return market.place(ctx, self.params.market, market.SELL, item, price,
                            maker=DARK_LORD, currency=DOLLARS, account=DARK_LORD,
                            proceeds=BANK, lowest_price=self.params.lowest_price)

    def _can_take_box(self, ctx: Ctx, imp: str) -> bool:
        return box_at(ctx, where(ctx, imp)) is not None

    def _take_box_and_sell(self, ctx: Ctx, imp: str) -> None:
        box = box_at(ctx, where(ctx, imp))
        assert box is not None
        item, _square = open_box(ctx, box, to=DARK_LORD,
                                 why=f"{imp} takes the ? box's item for the Dark Lord")
        if item:
            self.undercut(ctx, item)
