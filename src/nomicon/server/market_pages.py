"""What the market pages show: a game's order book (``mechanics/market.py``), read
from the viewer's view, with the forms of the market's actions from
``legal_actions``.

The main page lists each good's best offers (the lowest ask, the highest bid); a
good's page lists its sell and its buy requests, best first, with a Buy button
beside each sell request and a Sell button beside each buy request (the action
``market-fill``) and a Retract button beside the viewer's own (``market-retract``),
each only where ``legal_actions`` offers it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nomicon.kernel.engine import Game
from nomicon.mechanics import market
from nomicon.mechanics.market import PublicMarket
from nomicon.server import access
from nomicon.server.access import Seat
from nomicon.server.forms import ActionForm, action_forms

#: Goods on one page of best offers.
GOODS_PAGE = 30
#: Requests of one side of a good on one page.
REQUESTS_PAGE = 20
ACTIONS = ("market-buy", "market-sell", "market-fill", "market-retract")


@dataclass(frozen=True)
class MarketInfo:
    """A market in force: its name, currency and the rule that runs it."""

    name: str
    currency: str
    rule: str


def market_of(rules: Sequence[Any]) -> MarketInfo | None:
    """The market of the rules in force, or None. A game has one: the market's
    actions name no market, so the first rule in precedence order that runs one
    answers them."""
    for rule in rules:
        if isinstance(rule, PublicMarket):
            return MarketInfo(rule.params.market, rule.params.currency, rule.label)
    return None


def _choices(entries: list[dict[str, Any]], name: str) -> set[int]:
    for entry in entries:
        if entry["name"] == name:
            return {int(c) for c in (entry.get("args") or {}).get("order", {}).get(
                "choices", [])}
    return set()


def _forms(game: Game, seat: Seat) -> tuple[list[ActionForm], set[int], set[int]]:
    """The market's forms that take no request (buy, sell), and the requests the
    viewer may fill and retract now."""
    entries = [e for e in access.legal(game, seat) if e["name"] in ACTIONS]
    placing = action_forms([e for e in entries if e["name"] in ("market-buy", "market-sell")])
    return placing, _choices(entries, "market-fill"), _choices(entries, "market-retract")


def best_offers(view: Mapping[str, Any], name: str, *, after: str | None = None,
                limit: int | None = None) -> tuple[list[dict[str, Any]], str | None]:
    """A page of the goods with open requests, by name after ``after``, each with its
    best sell and buy request; and the cursor of the next page (None: the last)."""
    limit = GOODS_PAGE if limit is None else limit
    goods = [g for g in market.goods(view, name) if after is None or g > after]
    rows = [{"good": good, "sell": market.best(view, name, good, market.SELL),
             "buy": market.best(view, name, good, market.BUY)} for good in goods[:limit]]
    return rows, (goods[limit - 1] if len(goods) > limit else None)


def main_page(game: Game, seat: Seat, view: Mapping[str, Any], info: MarketInfo,
              after: str | None) -> dict[str, Any]:
    """What the market's main page shows."""
    rows, following = best_offers(view, info.name, after=after)
    forms, _fill, retract = _forms(game, seat)
    mine = [o for o in market.open_orders(view, info.name) if o["id"] in retract]
    return {"market": info, "offers": rows, "after": after, "next_after": following,
            "forms": forms, "mine": mine[:REQUESTS_PAGE], "good": None}


def good_page(game: Game, seat: Seat, view: Mapping[str, Any], info: MarketInfo, good: str,
              sell_page: int, buy_page: int) -> dict[str, Any]:
    """What a good's page shows: a page of its sell and of its buy requests."""
    forms, fill, retract = _forms(game, seat)
    sides = {}
    # A good's requests are paged by number, as the order book pages them: they are
    # ranked by price, which a request placed between two reads may fall anywhere in.
    for side, page in ((market.SELL, sell_page), (market.BUY, buy_page)):
        found = market.requests(view, info.name, good, side, page=page,
                                per_page=REQUESTS_PAGE)
        sides[side] = {"orders": found.orders, "page": min(found.page, found.pages),
                       "pages": found.pages, "total": found.total}
    return {"market": info, "good": good, "sides": sides, "fill": fill, "retract": retract,
            "forms": forms, "sell_page": sell_page, "buy_page": buy_page}
