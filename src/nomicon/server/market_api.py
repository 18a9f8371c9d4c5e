"""The JSON API of a game's market: what the market pages read, as the viewer's view
shows it. The actions themselves (``market-buy``, ``market-sell``, ``market-fill``,
``market-retract``) go through ``POST /api/games/{id}/actions`` like every other."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request, Response

from nomicon.mechanics import market
from nomicon.server import access, market_pages
from nomicon.server.api import Authed, GameId, SiteDep
from nomicon.server.errors import ERROR_RESPONSES, NotFound
from nomicon.server.market_pages import MarketInfo
from nomicon.server.paging import DEFAULT_LIMIT, Limit, link_next
from nomicon.server.site import Site

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES, tags=["market"])


def _read(site: Site, game_id: str, user: Any) -> tuple[MarketInfo, dict[str, Any]]:
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        info = market_pages.market_of(game.ruleset.rules)
        if info is None:
            raise NotFound(f"game {game_id} has no market: no rule in force runs one")
        return info, game.view(seat.viewer, ("markets",))


@router.get("/games/{game_id}/market")
def best_offers(game_id: GameId, user: Authed, site: SiteDep, request: Request,
                response: Response,
                after: Annotated[str | None, Query(min_length=1, max_length=100,
                                                   description="The last good of the "
                                                   "previous page.")] = None,
                limit: Limit = DEFAULT_LIMIT) -> dict[str, Any]:
    """The market's best offers: for each good with open requests (by name, a page of
    at most ``limit``), its lowest sell request and its highest buy request. A full
    page names the next in a ``Link: <...>; rel="next"`` header."""
    info, view = _read(site, game_id, user)
    rows, following = market_pages.best_offers(view, info.name, after=after, limit=limit)
    if following is not None:
        link_next(request, response, after=following, limit=limit)
    return {"market": info.name, "currency": info.currency, "rule": info.rule,
            "goods": rows}


@router.get("/games/{game_id}/market/{good}")
def good_requests(game_id: GameId, good: Annotated[str, Path(min_length=1, max_length=100)],
                  user: Authed, site: SiteDep, request: Request, response: Response,
                  side: Literal["sell", "buy"] = "sell",
                  page: Annotated[int, Query(ge=1, le=10**6)] = 1,
                  limit: Limit = DEFAULT_LIMIT) -> list[dict[str, Any]]:
    """A page of the open requests for ``good`` on ``side``, best first (the lowest
    sell requests, the highest buy requests; at one price the older first). The
    pages are numbered, as the order book ranks by price; the next is named in a
    ``Link`` header."""
    info, view = _read(site, game_id, user)
    found = market.requests(view, info.name, good, side, page=page, per_page=limit)
    if found.page < found.pages:
        link_next(request, response, page=found.page + 1, side=side, limit=limit)
    return [dict(o) for o in found.orders]
