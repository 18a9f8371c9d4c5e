"""Rule 16: Commerce (the purchase limit, and trades between players)."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Ctx, Rule, action, hook
from nomicon.packs.infinite_nomic.core import PACK
from nomicon.packs.infinite_nomic.events import (
    PURCHASE_CHECK,
    TRADE_CANCELLED,
    TRADE_DECLINED,
    TRADE_DONE,
    TRADE_OFFERED,
    PurchaseCheck,
)


class Commerce(Rule):
    """Players may not buy items if they have 0 or less of the currency being used to buy the item, or if the act of purchasing would cause them to have less than 0 of the currency being used to purchase it. Players may buy, sell, and trade items and currencies with other players. The exchange of items and currency (or currencies) takes place immediately after both players consent to the trade in #public-forum."""  # noqa: E501

    key = "commerce"
    pack = PACK
    number = 16
    title = "Commerce"

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get(["trades"]) is None:  # enacted into a game that keeps no trades yet
            ctx.set(["trades"], {})

    @hook(PURCHASE_CHECK)
    def limit(self, ctx: Ctx, data: PurchaseCheck) -> None:
        have = ctx.balance(data["player"], data["currency"])
        currency = data["currency"]
        ctx.require(have > 0, f"you have {have} {currency}",
                    detail=f"a player with 0 or less {currency} may not buy {data['item']}")
        ctx.require(have - data["price"] >= 0,
                    f"buying {data['item']} for {data['price']} would leave you below 0 {currency}",
                    detail=f"you have {have}")

    # -- trades -----------------------------------------------------------------
    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor]

    def _goods(self, ctx: Ctx, goods: dict[str, Any], what: str) -> dict[str, int]:
        # Items are the ledger's goods; currencies are the rest of what it keeps.
        items = [n for n in ctx.rules.currencies if ctx.is_good(n)]
        currencies = [n for n in ctx.rules.currencies if not ctx.is_good(n)]
        clean: dict[str, int] = {}
        for name, count in goods.items():
            ctx.require(name in ctx.rules.currencies,
                        f"{what}: {name!r} is neither a currency nor an item",
                        detail="currencies: " + ", ".join(currencies)
                        + "; items: " + ", ".join(items))
            ctx.require(isinstance(count, int) and not isinstance(count, bool) and count > 0,
                        f"{what}: the amount of {name} must be a positive whole number")
            clean[name] = count
        return clean

    def _holds(self, ctx: Ctx, player: str, goods: dict[str, int]) -> None:
        for name, count in goods.items():
            have = ctx.balance(player, name)
            ctx.require(have >= count, f"{player} has {have} {name}, not {count}")

    @action("offer", Arg("to", str, "the other player", choices="_others"),
            Arg("give", dict, "what you give, e.g. {points: 3}", required=False, default=None),
            Arg("get", dict, "what you get, e.g. {flute: 1}", required=False, default=None))
    def offer(self, ctx: Ctx, actor: str, to: str, give: dict[str, Any] | None = None,
              get: dict[str, Any] | None = None) -> None:
        """Offer a trade to another player; it happens when they accept."""
        give_clean = self._goods(ctx, give or {}, "give")
        get_clean = self._goods(ctx, get or {}, "get")
        ctx.require(give_clean or get_clean, "the offer is empty")
        self._holds(ctx, actor, give_clean)
        number = len(ctx.get(["trades"], {})) + 1
        ctx.add_record("trades", str(number), {"id": number, "from": actor, "to": to,
                                               "give": give_clean, "get": get_clean,
                                               "status": "open"})
        ctx.emit(TRADE_OFFERED, f"{actor} offers {to} {give_clean} for {get_clean}",
                 offer=number, player=actor, target=to)

    def _offers_to(self, ctx: Ctx, actor: str) -> list[int]:
        """Open offers to ``actor`` that both sides can still carry out."""
        return [t["id"] for t in ctx.with_status("trades", "open") if t["to"] == actor
                and self._has(ctx, t["from"], t["give"]) and self._has(ctx, actor, t["get"])]

    def _offers_to_decline(self, ctx: Ctx, actor: str) -> list[int]:
        return [t["id"] for t in ctx.with_status("trades", "open") if t["to"] == actor]

    def _has(self, ctx: Ctx, player: str, goods: dict[str, int]) -> bool:
        return all(ctx.balance(player, name) >= count for name, count in goods.items())

    def _offers_from(self, ctx: Ctx, actor: str) -> list[int]:
        return [t["id"] for t in ctx.with_status("trades", "open") if t["from"] == actor]

    def _why_not_offer(self, ctx: Ctx, actor: str, offer: Any) -> None:
        trade = ctx.get(["trades", str(offer)], None)
        if trade is None or trade["to"] != actor:
            ctx.refuse(f"there is no offer {offer} to {actor}")
        if trade["status"] != "open":
            ctx.refuse(f"offer {offer} is {trade['status']}")
        self._holds(ctx, trade["from"], trade["give"])
        self._holds(ctx, actor, trade["get"])

    @action("accept", Arg("offer", int, "the offer's number", choices="_offers_to",
                          explain="_why_not_offer"))
    def accept(self, ctx: Ctx, actor: str, offer: int) -> None:
        """Accept a trade offered to you: the exchange happens at once."""
        trade = ctx.get(["trades", str(offer)])
        giver = trade["from"]
        self._holds(ctx, giver, trade["give"])
        self._holds(ctx, actor, trade["get"])
        # Paying currency for items is buying: the purchase limit applies to each side.
        for payer, pays, receives in ((giver, trade["give"], trade["get"]),
                                      (actor, trade["get"], trade["give"])):
            item_names = [n for n in receives if ctx.is_good(n)]
            for name, count in pays.items():
                if not ctx.is_good(name) and item_names:
                    ctx.dispatch(PURCHASE_CHECK, PurchaseCheck(
                        player=payer, price=count, currency=name, item=", ".join(item_names)))
        self._move(ctx, giver, actor, trade["give"])
        self._move(ctx, actor, giver, trade["get"])
        ctx.set_status("trades", str(offer), "accepted")
        ctx.emit(TRADE_DONE, f"{actor} accepts offer {offer} from {giver}", offer=offer,
                 player=actor, target=giver)

    def _move(self, ctx: Ctx, source: str, target: str, goods: dict[str, int]) -> None:
        for name, count in goods.items():
            ctx.transfer(source, target, count, name, "trade")

    @action("decline", Arg("offer", int, "the offer's number", choices="_offers_to_decline"))
    def decline(self, ctx: Ctx, actor: str, offer: int) -> None:
        """Decline a trade offered to you."""
        ctx.set_status("trades", str(offer), "declined")
        ctx.emit(TRADE_DECLINED, f"{actor} declines offer {offer}", offer=offer)

    @action("cancel-offer", Arg("offer", int, "the offer's number", choices="_offers_from"))
    def cancel_offer(self, ctx: Ctx, actor: str, offer: int) -> None:
        """Withdraw a trade you offered."""
        ctx.set_status("trades", str(offer), "cancelled")
        ctx.emit(TRADE_CANCELLED, f"{actor} withdraws offer {offer}", offer=offer)
