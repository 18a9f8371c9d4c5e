"""Play by mail on the web: a player's addresses (the API, and the account page) and a
game's digest (the API, for its admin).

The handlers read the request and call :mod:`nomicon.mail.own` and
:mod:`nomicon.mail.reports`; the token that verifies an address is only ever in the
message mailed to that address.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from nomicon.mail.book import MailBook, Sender
from nomicon.mail.own import OwnAddresses
from nomicon.mail.reports import set_digest
from nomicon.server import access
from nomicon.server.accounts import User
from nomicon.server.auth import bearer_user
from nomicon.server.errors import ERROR_RESPONSES, Forbidden
from nomicon.server.pages import Form, LoggedIn
from nomicon.server.site import Site, site_of
from nomicon.server.web import redirect, render

__all__ = ["api_router", "page_router"]

api_router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)
page_router = APIRouter(include_in_schema=False, default_response_class=HTMLResponse)

GameId = Annotated[str, Path(min_length=1, max_length=100, description="The game's id.")]
Authed = Annotated[User, Depends(bearer_user)]


def _site(request: Request) -> Site:
    return site_of(request)


SiteDep = Annotated[Site, Depends(_site)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewAddress(_Body):
    address: str = Field(min_length=3, max_length=254, description="e.g. alice@example.org")


class Token(_Body):
    token: str = Field(min_length=1, max_length=200, description="The token mailed to the "
                       "address.")


class Digest(_Body):
    digest: Literal["daily", "weekly", "off"]


def _own(site: Site) -> OwnAddresses:
    domain = site.settings.mail_domain
    return OwnAddresses(MailBook(site.store, now=site.service.now),
                        lambda game_id: f"{game_id}@{domain}")


def _player(site: Site, game_id: str, user: User) -> str:
    """The player ``user`` plays in the game: addresses are a player's own."""
    player = access.seat(site, game_id, user).player
    if player is None:
        raise Forbidden(f"you play no player in game {game_id}: addresses are players'")
    return player


def _entry(sender: Sender) -> dict[str, Any]:
    return {"address": sender.address, "player": sender.player, "verified": sender.verified}


def _link(request: Request, game_id: str) -> Callable[[str], str]:
    """The web address that verifies a token (the page asks to confirm)."""
    def link(token: str) -> str:
        query = urlencode({"game": game_id, "token": token})
        return f"{request.base_url}account/mail/verify?{query}"
    return link


# -- the API ----------------------------------------------------------------------------
@api_router.get("/games/{game_id}/mail/addresses", tags=["mail"])
def addresses(game_id: GameId, user: Authed, site: SiteDep) -> list[dict[str, Any]]:
    """Your player's mail addresses in the game (only verified ones receive mail)."""
    player = _player(site, game_id, user)
    return [_entry(s) for s in _own(site).mine(game_id, player)]


@api_router.post("/games/{game_id}/mail/addresses", status_code=201, tags=["mail"])
def add_address(game_id: GameId, body: NewAddress, user: Authed, site: SiteDep,
                request: Request) -> dict[str, Any]:
    """Add an address: a token is mailed to it; once the token is given back
    (``.../mail/verify``), mail from the address acts for your player and replies and
    reports are sent to it."""
    player = _player(site, game_id, user)
    return _entry(_own(site).add(game_id, player, body.address, _link(request, game_id)))


@api_router.post("/games/{game_id}/mail/verify", tags=["mail"])
def verify_address(game_id: GameId, body: Token, user: Authed, site: SiteDep
                   ) -> dict[str, Any]:
    """Verify the address that this token was mailed to."""
    player = _player(site, game_id, user)
    return _entry(_own(site).verify(game_id, player, body.token))


@api_router.delete("/games/{game_id}/mail/addresses/{address}", status_code=204,
                   tags=["mail"])
def remove_address(game_id: GameId, address: Annotated[str, Path(max_length=254)],
                   user: Authed, site: SiteDep) -> Response:
    """Remove one of your player's addresses."""
    _own(site).remove(game_id, _player(site, game_id, user), address)
    return Response(status_code=204)


@api_router.put("/games/{game_id}/mail/digest", tags=["mail"])
def put_digest(game_id: GameId, body: Digest, user: Authed, site: SiteDep) -> dict[str, Any]:
    """Send the players a daily or weekly digest by mail, or none (admins only)."""
    seat = access.seat(site, game_id, user)
    if not seat.is_admin:
        raise Forbidden(f"only the admin of game {game_id} sets its digest")
    book = MailBook(site.store, now=site.service.now)
    set_digest(site.service, book, game_id, body.digest)
    return {"game": game_id, "digest": book.report_mark(game_id).digest}


# -- the account page -------------------------------------------------------------------
@page_router.post("/account/mail/add")
def add_page(request: Request, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    game_id = form.get("game", "")
    sender = _own(site).add(game_id, _player(site, game_id, user), form.get("address", ""),
                            _link(request, game_id))
    said = ("It is verified already." if sender.verified else
            "A token was mailed to it: follow its link, or give it here, to verify it.")
    return redirect("/account", flash=[f"{sender.address} is added in game {game_id}. {said}"])


@page_router.get("/account/mail/verify")
def verify_page(request: Request, user: LoggedIn, site: SiteDep,
                game: Annotated[str, Query(max_length=100)] = "",
                token: Annotated[str, Query(max_length=200)] = "") -> Response:
    """The link mailed to an address: a form that verifies it when sent (following a
    link changes nothing, so a mail reader's preview cannot verify it)."""
    return render(request, "account_mail_verify.html", {
        "title": "Verify an address", "game_id": game, "token": token})


@page_router.post("/account/mail/verify")
def verify_form(request: Request, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    game_id = form.get("game", "")
    sender = _own(site).verify(game_id, _player(site, game_id, user), form.get("token", ""))
    return redirect("/account", flash=[f"{sender.address} is verified in game {game_id}."])


@page_router.post("/account/mail/remove")
def remove_page(request: Request, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    game_id = form.get("game", "")
    address = form.get("address", "")
    _own(site).remove(game_id, _player(site, game_id, user), address)
    return redirect("/account", flash=[f"{address} is removed from game {game_id}."])
