"""The kinds of event that the game mechanisms emit or dispatch, with their fields.

A pack's rule hooks them as it hooks the kernel's::

    from nomicon.mechanics import events as mechanics

    @hook(mechanics.MARKET_FILLED)
    def on_filled(self, ctx: Ctx, data: mechanics.MarketFilled) -> None: ...
"""

# No ``from __future__ import annotations`` here: under it Python 3.11 takes a
# TypedDict's NotRequired fields for required ones (EventKind refuses such a kind).

from typing import TypedDict

from nomicon.kernel.eventkind import EventKind

# -- the order book (market.py) ----------------------------------------------------------


class MarketPlaced(TypedDict):
    """A buy or sell request was placed, its money or good put in escrow."""

    market: str
    order: int
    side: str  # "buy" or "sell"
    good: str
    currency: str
    price: int  # for one unit
    quantity: int
    maker: str  # who placed it: a player or a non-player participant
    account: str  # whose money or good the escrow holds, and where a refund goes
    proceeds: str  # where what the request earns goes


class MarketFilled(TypedDict):
    """Some or all of a request was filled: the good and the money changed hands."""

    market: str
    order: int
    side: str
    good: str
    currency: str
    price: int
    quantity: int  # filled now
    remaining: int  # still open after this fill (0: the request is removed)
    maker: str
    proceeds: str
    by: str  # who filled it
    account: str  # the filler's account, which paid or received


class MarketRetracted(TypedDict):
    """A request was taken back by its maker and its escrow returned."""

    market: str
    order: int
    side: str
    good: str
    currency: str
    price: int
    quantity: int  # what was still open
    maker: str
    account: str  # where the escrow went back to


MARKET_PLACED = EventKind("market.placed", MarketPlaced)
MARKET_FILLED = EventKind("market.filled", MarketFilled)
MARKET_RETRACTED = EventKind("market.retracted", MarketRetracted)
