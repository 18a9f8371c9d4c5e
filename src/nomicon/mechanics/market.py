"""An order book: buy and sell requests for goods, with escrow, fills and retractions.

Nomopoly IV's Public Market (XXII): a player may submit a "Buy Request" (the item and
the price; "The player must pay that amount of money immediately") or a "Sell
Request" ("The player loses that item immediately"), retract their own (the money or
item is given back), or fulfil anyone's (the item and the money change hands and the
request "is then removed from the public market"). The Dark Lord, who is not a
player, submits sell requests too, and "the money paid for it goes into the Bank
Account of Terror".

The book works over ledger goods and a currency (``kernel/ledger.py``). Each open
request holds its price times its quantity (a buy) or its quantity of the good (a
sell) in an escrow account of its own, ``escrow:market:<market>:<n>``, so the
ledger's conservation holds and "escrow equals the open requests" can be checked
(:func:`invariant_failures`). A request names its ``maker`` (who placed it, and who
alone may retract it; filling one's own is refused), the ``account`` its escrow came
from (refunds go back there) and the account its ``proceeds`` go to (the money of a
sell, the good of a buy). A player's three are their own name; the Dark Lord's
account is his and his proceeds the Bank Account of Terror's.

The seed's requests are for one item; a ``quantity`` is kept for rulesets that trade
more at once, and a fill may take part of it at the request's price per unit.

The state holds only the open requests (the log holds every one ever made)::

    markets.<market>.next               = n        the number of the last request
    markets.<market>.orders.<n>         = Order    each open request
    markets.<market>.book.<good>.<side>.<n> = price   the open requests by good and side

Best prices are read from the book (the lowest ask, the highest bid; at one price the
older request first), so a page of one good's requests costs what that good holds.

:class:`PublicMarket` is a rule base class that offers the four actions; a pack's
rule subclasses it with the seed's words as its text. The functions below serve a
rule that trades on its own account (the Dark Lord undercutting the lowest ask).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from pydantic import Field

from nomicon.kernel import ledger
from nomicon.kernel.rules import ActionDecl, Arg, Rule, RuleParams, action, veto
from nomicon.mechanics import events

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

MARKETS = "markets"
BUY = "buy"
SELL = "sell"
SIDES = (BUY, SELL)
#: How each market's escrow accounts begin: ``escrow:market:<market>:<n>``.
ESCROW_KEY = "market:"


class Order(TypedDict):
    """An open request as the state keeps it."""

    id: int
    side: str
    good: str
    currency: str
    price: int  # for one unit
    quantity: int  # still open
    maker: str
    account: str
    proceeds: str
    placed: str  # the game's clock when it was placed


@dataclass(frozen=True)
class Page:
    """One page of a good's requests, best first."""

    orders: list[Order]
    page: int
    pages: int
    total: int


# -- where things are ------------------------------------------------------------------
def escrow_account(market: str, number: int) -> str:
    """The escrow account of request ``number`` of ``market``."""
    return f"{ledger.ESCROW}{ESCROW_KEY}{market}:{number}"


def _check_name(market: str) -> None:
    if not market or any(c in market for c in '.:"'):
        raise ValueError(f"a market's name is a non-empty text without dots, colons or "
                         f"quotes, not {market!r}")


# -- reading (on the state's root or a view of it) ---------------------------------------
def _market(root: Mapping[str, Any], market: str) -> Mapping[str, Any]:
    found: Mapping[str, Any] = (root.get(MARKETS) or {}).get(market) or {}
    return found


def open_orders(root: Mapping[str, Any], market: str) -> list[Order]:
    """Every open request of ``market``, oldest first."""
    orders = _market(root, market).get("orders") or {}
    return [orders[key] for key in sorted(orders, key=int)]


def order(root: Mapping[str, Any], market: str, number: int) -> Order | None:
    """Open request ``number`` of ``market``, or None (never made, filled or retracted)."""
    found: Order | None = (_market(root, market).get("orders") or {}).get(str(number))
    return found


def goods(root: Mapping[str, Any], market: str) -> list[str]:
    """The goods that have open requests in ``market``, by name."""
    return sorted(_market(root, market).get("book") or {})


def _ranked(root: Mapping[str, Any], market: str, good: str, side: str) -> list[str]:
    """The keys of the open requests for ``good`` on ``side``, best first: the lowest
    ask or the highest bid, and at one price the older request first."""
    if side not in SIDES:
        raise ValueError(f"a request is a {BUY!r} or a {SELL!r}, not {side!r}")
    prices: Mapping[str, int] = ((_market(root, market).get("book") or {}).get(good)
                                 or {}).get(side) or {}
    sign = 1 if side == SELL else -1
    return sorted(prices, key=lambda key: (sign * prices[key], int(key)))


def best(root: Mapping[str, Any], market: str, good: str, side: str) -> Order | None:
    """The best open request for ``good`` on ``side`` (the lowest sell request, the
    highest buy request), or None."""
    ranked = _ranked(root, market, good, side)
    return order(root, market, int(ranked[0])) if ranked else None


def lowest_ask(root: Mapping[str, Any], market: str, good: str) -> int | None:
    """The lowest price of the sell requests for ``good`` (None: there are none)."""
    found = best(root, market, good, SELL)
    return None if found is None else found["price"]


def highest_bid(root: Mapping[str, Any], market: str, good: str) -> int | None:
    """The highest price of the buy requests for ``good`` (None: there are none)."""
    found = best(root, market, good, BUY)
    return None if found is None else found["price"]


def requests(root: Mapping[str, Any], market: str, good: str, side: str, *,
             page: int = 1, per_page: int = 20) -> Page:
    """Page ``page`` (from 1) of the open requests for ``good`` on ``side``, best first."""
    if page < 1 or per_page < 1:
        raise ValueError(f"pages count from 1 and hold at least one request, not page "
                         f"{page} of {per_page}")
    ranked = _ranked(root, market, good, side)
    pages = max(1, -(-len(ranked) // per_page))
    chosen = ranked[(page - 1) * per_page: page * per_page]
    found = [order(root, market, int(key)) for key in chosen]
    return Page([o for o in found if o is not None], page, pages, len(ranked))


def best_offers(root: Mapping[str, Any], market: str) -> dict[str, dict[str, Order | None]]:
    """For each good with open requests (by name), its best sell and buy requests:
    what the market's main page shows."""
    return {good: {SELL: best(root, market, good, SELL), BUY: best(root, market, good, BUY)}
            for good in goods(root, market)}


def page_of(root: Mapping[str, Any], market: str, good: str | None = None, *,
            page: int = 1, per_page: int = 20) -> dict[str, Any]:
    """What a web page of the market shows: the best offers of every good and, for
    ``good``, a page of its sell and of its buy requests, best first."""
    out: dict[str, Any] = {"market": market, "best": best_offers(root, market)}
    if good is not None:
        for side in SIDES:
            found = requests(root, market, good, side, page=page, per_page=per_page)
            out[side] = {"orders": found.orders, "page": found.page, "pages": found.pages,
                         "total": found.total}
        out["good"] = good
    return out


# -- changing ------------------------------------------------------------------------------
def place(ctx: Ctx, market: str, side: str, good: str, price: int, *, maker: str,
          currency: str, quantity: int = 1, account: str | None = None,
          proceeds: str | None = None, lowest_price: int = 1) -> int:
    """Place a request in ``market`` in the running rule's name and put its money (a
    buy) or its good (a sell) in escrow; returns its number. Refused, with nothing
    changed, when the good is not one, the price or quantity is out of bounds or the
    ``account`` (by default the maker's) cannot cover it."""
    _check_name(market)
    if side not in SIDES:
        raise ValueError(f"a request is a {BUY!r} or a {SELL!r}, not {side!r}")
    account = maker if account is None else account
    proceeds = account if proceeds is None else proceeds
    what = f"a {side} request for {quantity} {good} at {price} {currency}"
    ctx.require(ctx.is_good(good), f"{good!r} is not a good that can be traded")
    ctx.require(price >= lowest_price, f"{what}: the price is at least {lowest_price} "
                f"{currency}")
    ctx.require(quantity >= 1, f"{what}: a request is for at least one {good}")
    held, due = ((currency, price * quantity) if side == BUY else (good, quantity))
    have = ctx.balance(account, held)
    ctx.require(have >= due, f"{what} needs {due} {held}", detail=f"{account} has {have}")
    number = int(ctx.get([MARKETS, market, "next"], 0)) + 1
    _ensure(ctx, [MARKETS, market, "orders"])
    ctx.set([MARKETS, market, "next"], number)
    escrow = ctx.escrow(f"{ESCROW_KEY}{market}:{number}")
    moved = ctx.transfer(account, escrow, due, held,
                         f"{side} request #{number} on the {market} market")
    # A rule that adjusts transfers (a tax) must not leave a request holding other than
    # what it offers: the book's escrow would no longer equal its open requests.
    ctx.require(moved == due, f"{what}: the rules would put {moved} {held} in escrow, "
                f"not the {due} it needs")
    record = Order(id=number, side=side, good=good, currency=currency, price=price,
                   quantity=quantity, maker=maker, account=account, proceeds=proceeds,
                   placed=ctx.get(["game", "clock"]))
    ctx.set([MARKETS, market, "orders", str(number)], dict(record))
    _ensure(ctx, [MARKETS, market, "book", good, side])
    ctx.set([MARKETS, market, "book", good, side, str(number)], price)
    ctx.emit(events.MARKET_PLACED, f"{maker} asks to {side} {quantity} {good} at {price} "
             f"{currency} each (request #{number} on the {market} market)",
             market=market, order=number, side=side, good=good, currency=currency,
             price=price, quantity=quantity, maker=maker, account=account, proceeds=proceeds)
    return number


def _open(ctx: Ctx, market: str, number: int) -> Order:
    found = order(ctx.state.root, market, number)
    if found is None:
        ctx.refuse(f"there is no open request #{number} on the {market} market",
                   detail="it was never made, or was filled or retracted")
    return found


def retract(ctx: Ctx, market: str, number: int, *, by: str) -> Order:
    """Take back request ``number`` for its maker ``by`` and return its escrow to the
    account it came from; returns the request as it was. Refused when it is not open
    or ``by`` did not make it."""
    found = _open(ctx, market, number)
    ctx.require(found["maker"] == by, f"request #{number} is {found['maker']}'s; only its "
                "maker may retract it")
    ctx.release(escrow_account(market, number), found["account"],
                f"{found['side']} request #{number} on the {market} market retracted")
    _close(ctx, market, found)
    ctx.emit(events.MARKET_RETRACTED, f"{by} retracts request #{number} to {found['side']} "
             f"{found['quantity']} {found['good']} at {found['price']} {found['currency']}",
             market=market, order=number, side=found["side"], good=found["good"],
             currency=found["currency"], price=found["price"], quantity=found["quantity"],
             maker=found["maker"], account=found["account"])
    return found


def fill(ctx: Ctx, market: str, number: int, *, by: str, account: str | None = None,
         into: str | None = None, quantity: int | None = None) -> int:
    """Fill ``quantity`` (by default all) of request ``number`` for ``by``, paying from
    ``account`` (by default ``by``'s) and receiving into ``into`` (by default
    ``account``: the Dark Lord's takings go to the Bank Account of Terror); returns
    what was filled.

    A sell request: the filler pays its price per unit to the request's proceeds
    account and receives the good from escrow. A buy request: the filler gives the
    good to the request's proceeds account and receives its price per unit from
    escrow. A request filled whole is removed. Refused when it is not open, is
    ``by``'s own, or the filler cannot cover it.
    """
    found = _open(ctx, market, number)
    account = by if account is None else account
    into = account if into is None else into
    quantity = found["quantity"] if quantity is None else quantity
    ctx.require(found["maker"] != by, f"request #{number} is {by}'s own; a request is "
                "filled by someone else", detail="retract it instead")
    ctx.require(1 <= quantity <= found["quantity"],
                f"request #{number} has {found['quantity']} {found['good']} open, so "
                f"{quantity} cannot be filled")
    good, currency, side = found["good"], found["currency"], found["side"]
    cost = found["price"] * quantity
    gives, due = (currency, cost) if side == SELL else (good, quantity)
    have = ctx.balance(account, gives)
    ctx.require(have >= due, f"filling request #{number} needs {due} {gives}",
                detail=f"{account} has {have}")
    escrow = escrow_account(market, number)
    reason = f"{side} request #{number} on the {market} market filled by {by}"
    if side == SELL:
        ctx.transfer(account, found["proceeds"], cost, currency, reason)
        expected, taken = quantity, ctx.transfer(escrow, into, quantity, good, reason)
    else:
        ctx.transfer(account, found["proceeds"], quantity, good, reason)
        expected, taken = cost, ctx.transfer(escrow, into, cost, currency, reason)
    ctx.require(taken == expected, f"filling request #{number}: the rules would take "
                f"{taken} out of its escrow, not {expected}")
    remaining = found["quantity"] - quantity
    if remaining:
        ctx.set([MARKETS, market, "orders", str(number), "quantity"], remaining)
    else:
        ctx.release(escrow, None, reason)  # closes the escrow, which holds nothing now
        _close(ctx, market, found)
    ctx.emit(events.MARKET_FILLED, f"{by} fills request #{number}: {quantity} {good} for "
             f"{cost} {currency}" + (f" ({remaining} still open)" if remaining else ""),
             market=market, order=number, side=side, good=good, currency=currency,
             price=found["price"], quantity=quantity, remaining=remaining,
             maker=found["maker"], proceeds=found["proceeds"], by=by, account=account,
             into=into)
    return quantity


def _ensure(ctx: Ctx, path: list[str]) -> None:
    """Make the dicts along ``path`` that are not there yet."""
    for depth in range(1, len(path) + 1):
        if not isinstance(ctx.get(path[:depth]), dict):
            ctx.set(path[:depth], {})


def _close(ctx: Ctx, market: str, found: Order) -> None:
    """Remove an open request and its place in the book (an emptied bucket goes too,
    or the book would keep every good ever traded)."""
    key = str(found["id"])
    ctx.state.delete([MARKETS, market, "orders", key])
    good, side = found["good"], found["side"]
    book = [MARKETS, market, "book", good]
    if len(ctx.get([*book, side])) > 1:
        ctx.state.delete([*book, side, key])
    elif len(ctx.get(book)) > 1:
        ctx.state.delete([*book, side])
    else:
        ctx.state.delete(book)


# -- checks -----------------------------------------------------------------------------
def invariant_failures(root: Mapping[str, Any]) -> list[str]:
    """How the markets' escrow differs from their open requests (empty when every
    open request's escrow holds exactly its money or good, and no market escrow
    holds anything for a request that is not open), and how the book differs from
    the open requests."""
    problems: list[str] = []
    accounts: Mapping[str, Mapping[str, int]] = root.get("accounts") or {}
    expected: dict[str, dict[str, int]] = {}
    for market, record in (root.get(MARKETS) or {}).items():
        book: dict[tuple[str, str, str], int] = {}
        for key, found in (record.get("orders") or {}).items():
            held = (found["currency"], found["price"] * found["quantity"]) \
                if found["side"] == BUY else (found["good"], found["quantity"])
            expected[escrow_account(market, int(key))] = {held[0]: held[1]}
            book[(found["good"], found["side"], key)] = found["price"]
        indexed = {(good, side, key): price
                   for good, sides in (record.get("book") or {}).items()
                   for side, keys in sides.items() for key, price in keys.items()}
        if indexed != book:
            problems.append(f"the {market} market's book {sorted(indexed.items())} is not "
                            f"its open requests {sorted(book.items())}")
    prefix = f"{ledger.ESCROW}{ESCROW_KEY}"
    for account in sorted(set(expected) | {a for a in accounts if a.startswith(prefix)}):
        holds = {c: n for c, n in (accounts.get(account) or {}).items() if n}
        if holds != expected.get(account, {}):
            problems.append(f"{account} holds {holds or 'nothing'}, but its open request "
                            f"needs {expected.get(account) or 'nothing (none is open)'}")
    return problems


def _due(found: Mapping[str, Any]) -> tuple[str, int]:
    """What filling all of request ``found`` takes from the filler: the money for a
    sell request, the goods for a buy request."""
    if found["side"] == SELL:
        return found["currency"], found["price"] * found["quantity"]
    return found["good"], found["quantity"]


def _covers(ctx: Ctx, actor: str, found: Mapping[str, Any]) -> bool:
    gives, due = _due(found)
    return ctx.balance(actor, gives) >= due


# -- the rule ------------------------------------------------------------------------------
class MarketParams(RuleParams):
    """What a market rule says: the market's name, the currency it trades in, the
    goods it trades (none named: every good in force) and the lowest price."""

    market: str = "public"
    currency: str = "dollars"
    goods: tuple[str, ...] = ()
    lowest_price: int = Field(1, ge=0)


class PublicMarket(Rule):
    """Base of a rule that runs an order book: players may submit buy and sell
    requests, retract their own, and fill anyone else's.

    Four actions rather than one ``market`` action with a verb: each has its own
    arguments (a good and a price; a request's number), so each is validated, listed
    by ``legal_actions`` with its own choices, and drawn as its own form (the seed's
    "Buy" and "Sell" buttons beside each request are ``market-fill``).
    Subclasses give the rule's words and may refuse a player in :meth:`may_trade`.
    """

    Params: ClassVar[type[RuleParams]] = MarketParams
    params: MarketParams

    def may_trade(self, ctx: Ctx, actor: str) -> None:
        """Refuse (``ctx.refuse``) a player who may not use the market now; by default
        every player may."""

    @veto("market-buy", "market-sell", "market-fill", "market-retract")
    def _may_use(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        # A veto, so that legal_actions leaves out what a player may not do at all.
        self.may_trade(ctx, actor)

    def _goods(self, ctx: Ctx, actor: str) -> list[str]:
        named = self.params.goods or tuple(ctx.rules.currencies)
        return sorted(g for g in named if ctx.is_good(g))

    def _fillable(self, ctx: Ctx, actor: str) -> list[int]:
        # Only what the actor could fill whole: the form lists an order without a
        # quantity, which fills all of it, so listing more would offer a refusal.
        return [o["id"] for o in open_orders(ctx.state.root, self.params.market)
                if o["maker"] != actor and _covers(ctx, actor, o)]

    def _own(self, ctx: Ctx, actor: str) -> list[int]:
        return [o["id"] for o in open_orders(ctx.state.root, self.params.market)
                if o["maker"] == actor]

    def _why_not_fill(self, ctx: Ctx, actor: str, number: int) -> None:
        found = _open(ctx, self.params.market, number)
        ctx.require(found["maker"] != actor, f"request #{number} is {actor}'s own; a "
                    "request is filled by someone else", detail="retract it instead")
        gives, due = _due(found)
        have = ctx.balance(actor, gives)
        ctx.require(have >= due, f"filling request #{number} needs {due} {gives}",
                    detail=f"{actor} has {have}")

    def _why_not_retract(self, ctx: Ctx, actor: str, number: int) -> None:
        found = _open(ctx, self.params.market, number)
        ctx.refuse(f"request #{number} is {found['maker']}'s; only its maker may retract it")

    def _why_not_good(self, ctx: Ctx, actor: str, good: str) -> None:
        ctx.refuse(f"{good!r} is not traded on the {self.params.market} market",
                   detail=f"it trades {', '.join(self._goods(ctx, actor)) or 'nothing'}")

    def _place(self, ctx: Ctx, actor: str, side: str, good: str, price: int,
               quantity: int | None) -> None:
        place(ctx, self.params.market, side, good, price, maker=actor,
              currency=self.params.currency, quantity=1 if quantity is None else quantity,
              lowest_price=self.params.lowest_price)

    @action("market-buy", Arg("good", str, choices="_goods", explain="_why_not_good"),
            Arg("price", int, minimum=0), Arg("quantity", int, required=False, minimum=1))
    def market_buy(self, ctx: Ctx, actor: str, good: str, price: int,
                   quantity: int | None = None) -> None:
        """Submit a buy request: the money is paid into escrow at once."""
        self._place(ctx, actor, BUY, good, price, quantity)

    @action("market-sell", Arg("good", str, choices="_goods", explain="_why_not_good"),
            Arg("price", int, minimum=0), Arg("quantity", int, required=False, minimum=1))
    def market_sell(self, ctx: Ctx, actor: str, good: str, price: int,
                    quantity: int | None = None) -> None:
        """Submit a sell request: the good goes into escrow at once."""
        self._place(ctx, actor, SELL, good, price, quantity)

    @action("market-fill", Arg("order", int, choices="_fillable", explain="_why_not_fill"),
            Arg("quantity", int, required=False, minimum=1))
    def market_fill(self, ctx: Ctx, actor: str, order: int,
                    quantity: int | None = None) -> None:
        """Fill another's request: buy what a sell request offers, or sell what a buy
        request asks for."""
        fill(ctx, self.params.market, order, by=actor, quantity=quantity)

    @action("market-retract", Arg("order", int, choices="_own", explain="_why_not_retract"))
    def market_retract(self, ctx: Ctx, actor: str, order: int) -> None:
        """Retract one's own request: its money or good is given back."""
        retract(ctx, self.params.market, order, by=actor)
