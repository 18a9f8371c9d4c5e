"""The JSON API under ``/api``, for clients and bots (OpenAPI schema at ``/api/openapi.json``).

Every endpoint but signing up and making a token takes ``Authorization: Bearer
<token>``. Game endpoints answer 404 for an unknown game and 403 for a user who is
not a member or whose role does not allow the request. Errors are ``{"error":
message, ...}``; a refused action carries the engine's reason and the rule that
refused it.
"""

from __future__ import annotations

import copy
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from nomicon.governance import history
from nomicon.governance import preview as previews
from nomicon.kernel.errors import GameError
from nomicon.kernel.timefmt import iso
from nomicon.server import access, charts, live, revert, svg
from nomicon.server.accounts import MAX_PASSWORD, Membership, User
from nomicon.server.auth import bearer_user
from nomicon.server.errors import ERROR_RESPONSES, BadRequest, Forbidden, NotFound
from nomicon.server.forms import plain_json
from nomicon.server.paging import DEFAULT_LIMIT, Limit, link_next
from nomicon.server.site import Site, site_of
from nomicon.store import GameRecord

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)

GameId = Annotated[str, Path(min_length=1, max_length=100, description="The game's id.")]
Authed = Annotated[User, Depends(bearer_user)]


def _site(request: Request) -> Site:
    return site_of(request)


SiteDep = Annotated[Site, Depends(_site)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Credentials(_Body):
    name: str = Field(min_length=1, max_length=32)
    password: str = Field(min_length=1, max_length=MAX_PASSWORD)
    label: str = Field("", max_length=100, description="A name for the token (making one).")


class NewGame(_Body):
    pack: str = Field(min_length=1, max_length=100)
    params: dict[str, Any] = Field(default_factory=dict)
    seed: int | str | None = Field(None, description="Reproducible dice (everyone who knows "
                                   "the seed can predict every roll).")
    player: str | None = Field(None, description="Also join the game as this player.")
    name: str | None = Field(None, max_length=200,
                             description="The game's name, shown in lists and on its pages "
                                         "(the id stays its key).")


class Join(_Body):
    role: Literal["player", "observer"] = "player"
    player: str | None = Field(None, description="The player's name (default: yours).")


class Act(_Body):
    action: str = Field(min_length=1, max_length=100)
    args: dict[str, Any] = Field(default_factory=dict)
    as_admin: bool = Field(False, description="Act as the game's admin (admins only).")


class Preview(_Body):
    amendment: list[Any]


class Draft(_Body):
    sentence: str = Field(min_length=1, max_length=2000,
                          description="A change of the rules in words, e.g. 'Repeal rule 11'.")


class Revert(_Body):
    seq: int = Field(ge=1, description="An event of the batch to revert, with all after it.")


def summary(record: GameRecord, membership: Membership | None) -> dict[str, Any]:
    meta = record.meta
    return {
        "id": record.id, "name": meta.get("name"), "pack": record.pack,
        "title": meta.get("title"),
        "created": iso(record.created), "status": meta.get("status"),
        "players": meta.get("players", []), "head": record.head,
        "commitment": meta.get("commitment"), "reverted_from": meta.get("reverted_from"),
        "parent": record.parent, "children": meta.get("children", []),
        "role": membership.role if membership else None,
        "player": membership.player if membership else None,
    }


# -- accounts ---------------------------------------------------------------------
@router.post("/users", status_code=201, tags=["accounts"])
def sign_up(body: Credentials, site: SiteDep) -> dict[str, Any]:
    """Make an account; answers a first API token."""
    if not site.settings.allow_signup:
        raise Forbidden("this server does not take new accounts")
    user = site.accounts.sign_up(body.name, body.password)
    return {"user": user.name, "token": site.accounts.new_token(user, body.label or "api")}


@router.post("/tokens", status_code=201, tags=["accounts"])
def make_token(body: Credentials, site: SiteDep) -> dict[str, Any]:
    """A new API token for the account with this name and password."""
    user = site.accounts.authenticate(body.name, body.password)
    return {"user": user.name, "token": site.accounts.new_token(user, body.label)}


@router.get("/tokens", tags=["accounts"])
def tokens(user: Authed, site: SiteDep, request: Request, response: Response,
           after: Annotated[str | None, Query(min_length=12, max_length=12,
                                              pattern="^[0-9a-f]{12}$",
                                              description="The id of the last token of the "
                                              "previous page.")] = None,
           limit: Limit = DEFAULT_LIMIT) -> list[dict[str, Any]]:
    """Your API tokens, oldest first, a page of at most ``limit``: each one's id (to
    revoke it), label and when it was made; never the token itself. A full page names
    the next in a ``Link: <...>; rel="next"`` header."""
    found = site.accounts.tokens(user, after, limit)
    if len(found) == limit:
        link_next(request, response, after=found[-1].id, limit=limit)
    return [{"id": t.id, "label": t.label, "created": iso(t.created)} for t in found]


@router.delete("/tokens/current", status_code=204, tags=["accounts"])
def revoke_token(request: Request, user: Authed, site: SiteDep) -> Response:
    """Revoke the token this request was made with."""
    site.accounts.revoke(request.headers["authorization"].partition(" ")[2].strip())
    return Response(status_code=204)


@router.delete("/tokens/{token_id}", status_code=204, tags=["accounts"])
def revoke_token_by_id(token_id: Annotated[str, Path(pattern="^[0-9a-f]{12}$",
                                                     description="The token's id, as "
                                                     "GET /api/tokens lists it.")],
                       user: Authed, site: SiteDep) -> Response:
    """Revoke one of your API tokens by its id."""
    if not site.accounts.revoke_token(user, token_id):
        raise NotFound(f"you have no token {token_id!r}")
    return Response(status_code=204)


@router.get("/me", tags=["accounts"])
def me(user: Authed, site: SiteDep, request: Request, response: Response,
       after: Annotated[str | None, Query(min_length=1, max_length=64,
                                          description="The id of the last game of the "
                                          "previous page.")] = None,
       limit: Limit = DEFAULT_LIMIT) -> dict[str, Any]:
    """Who you are, and a page of the games you are a member of (at most ``limit``, by
    game id). A full page names the next in a ``Link: <...>; rel="next"`` header."""
    mine = site.accounts.memberships(user, after, limit)
    if len(mine) == limit:
        link_next(request, response, after=list(mine)[-1], limit=limit)
    return {"user": user.name,
            "games": [{"game": g, "role": m.role, "player": m.player} for g, m in mine.items()]}


# -- games --------------------------------------------------------------------------
@router.get("/packs", tags=["games"])
def packs(user: Authed, site: SiteDep) -> list[dict[str, Any]]:
    return [{"id": p.id, "title": p.title, "description": p.description, "board": p.board,
             "params": p.Params.model_json_schema()} for p in site.registry]


@router.get("/games", tags=["games"])
def games(user: Authed, site: SiteDep, request: Request, response: Response,
          after: Annotated[str | None, Query(min_length=1, max_length=100,
                                             description="The id of the last game of the "
                                             "previous page.")] = None,
          limit: Limit = DEFAULT_LIMIT) -> list[dict[str, Any]]:
    """Every game, newest first, with your role where you have one: a page of at most
    ``limit``. A full page names the next in a ``Link: <...>; rel="next"`` header; the
    cursor is the last game listed, so games made meanwhile do not shift the pages."""
    found = access.games_for(site, user, after, limit)
    if len(found) == limit:
        link_next(request, response, after=found[-1][0].id, limit=limit)
    return [summary(r, m) for r, m in found]


@router.post("/games", status_code=201, tags=["games"])
def create_game(body: NewGame, user: Authed, site: SiteDep) -> dict[str, Any]:
    """Start a game of a pack; you are its admin."""
    site.registry.pack(body.pack)
    game = access.create(site, user, body.pack, params=plain_json(body.params), seed=body.seed,
                         player=body.player, name=body.name)
    return summary(site.store.get_game(game.id), site.accounts.membership(game.id, user))


@router.get("/games/{game_id}", tags=["games"])
def game_view(game_id: GameId, user: Authed, site: SiteDep) -> dict[str, Any]:
    """The game as you may see it."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        view = game.view(seat.viewer)
    return {"game": summary(site.store.get_game(game_id), seat.membership), "view": view}


@router.post("/games/{game_id}/join", tags=["games"])
def join(game_id: GameId, body: Join, user: Authed, site: SiteDep) -> dict[str, Any]:
    """Join as a player (named as you, or ``player``) or as an observer."""
    seat = access.join(site, game_id, user, body.role, body.player)
    return summary(site.store.get_game(game_id), seat.membership)


@router.get("/games/{game_id}/members", tags=["games"])
def members(game_id: GameId, user: Authed, site: SiteDep, request: Request,
            response: Response,
            after: Annotated[str | None, Query(min_length=1, max_length=32,
                                               description="The name of the last member "
                                               "of the previous page.")] = None,
            limit: Limit = DEFAULT_LIMIT) -> list[dict[str, Any]]:
    """The game's members, a page of at most ``limit`` (in a fixed order, that of their
    accounts). A full page names the next in a ``Link: <...>; rel="next"`` header."""
    access.seat(site, game_id, user)
    found = site.accounts.members(game_id, after, limit)
    if len(found) == limit:
        link_next(request, response, after=found[-1][0].name, limit=limit)
    return [{"user": u.name, "role": m.role, "player": m.player} for u, m in found]


@router.get("/games/{game_id}/legal", tags=["play"])
def legal(game_id: GameId, user: Authed, site: SiteDep,
          as_admin: bool = False) -> list[dict[str, Any]]:
    """What you may do now, with the argument choices (``as_admin``: the admin's actions)."""
    seat = access.seat(site, game_id, user)
    if as_admin:
        seat.actor(as_admin=True)
    with access.reading(site, game_id) as game:
        return access.legal(game, seat, as_admin=as_admin)


@router.post("/games/{game_id}/actions", tags=["play"])
def act(game_id: GameId, body: Act, user: Authed, site: SiteDep,
        idempotency_key: Annotated[str | None, Header(max_length=200)] = None
        ) -> dict[str, Any]:
    """Take an action as your player (or, ``as_admin``, as the admin)."""
    seat = access.seat(site, game_id, user)
    events = access.act(site, seat, body.action, plain_json(body.args), as_admin=body.as_admin,
                        key=idempotency_key)
    return {"ok": True, "events": events}


@router.get("/games/{game_id}/prompts", tags=["play"])
def prompts(game_id: GameId, user: Authed, site: SiteDep) -> list[dict[str, Any]]:
    """The decisions the rules ask of you now."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        view = game.view(seat.viewer, ("prompts",))
    mine = {seat.seat_of, "admin" if seat.is_admin else None} - {None}
    return [p for p in view.get("prompts", []) if p.get("to") in mine]


@router.get("/games/{game_id}/log", tags=["history"])
def log(game_id: GameId, user: Authed, site: SiteDep, request: Request, response: Response,
        after: Annotated[int, Query(ge=0)] = 0,
        limit: Annotated[int, Query(ge=1, le=10_000)] = 1000,
        rolls: bool = False) -> list[dict[str, Any]]:
    """The log as you may read it, oldest first, from the event after seq ``after``
    (``rolls``: only the dice rolls), a page of at most ``limit`` entries.

    The cursor is stable: the next page starts after the last seq of this one, and a
    full page names it in a ``Link: <...>; rel="next"`` header. A page costs what it
    reads, however long the log."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        entries = game.log_for(seat.viewer, after, limit,
                               types=("dice.rolled",) if rolls else None)
    if len(entries) == limit:
        link_next(request, response, after=entries[-1]["seq"], limit=limit)
    return entries


@router.get("/games/{game_id}/dice", tags=["history"])
def dice(game_id: GameId, user: Authed, site: SiteDep) -> dict[str, Any]:
    """The dice's seed commitments, revealed secrets, and how to check every roll."""
    access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        view = game.view("observer", ())
    return {"count": view["dice"]["count"], "epochs": view["dice"]["epochs"],
            "verify": f"nomicon verify {game_id}"}


@router.get("/games/{game_id}/rules", tags=["rules"])
def rules(game_id: GameId, user: Authed, site: SiteDep) -> list[dict[str, Any]]:
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        view = game.view(seat.viewer, ("rules",))
    return sorted(view["rules"].values(), key=lambda e: int(e["number"]))


def _rule_entry(site: Site, game_id: str, user: User, number: int) -> dict[str, Any]:
    access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        entry: dict[str, Any] | None = copy.deepcopy(
            game.state.root["rules"].get(str(number)))
    if entry is None:
        raise NotFound(f"there is no Rule {number} in force in game {game_id}")
    return entry


@router.get("/games/{game_id}/rules/{number}/history", tags=["rules"])
def rule_history(game_id: GameId, number: int, user: Authed,
                 site: SiteDep) -> list[dict[str, Any]]:
    """Every version of a rule in force."""
    versions: list[dict[str, Any]] = _rule_entry(site, game_id, user, number).get("history", [])
    return versions


@router.get("/games/{game_id}/rules/{number}/diff", tags=["rules"])
def rule_diff(game_id: GameId, number: int, user: Authed, site: SiteDep,
              old: Annotated[int, Query(alias="from", ge=1)],
              new: Annotated[int, Query(alias="to", ge=1)]) -> dict[str, Any]:
    """A unified diff of a rule between two of its versions."""
    entry = _rule_entry(site, game_id, user, number)
    try:
        text = history.version_diff(entry, old, new)
    except KeyError as exc:
        raise BadRequest(str(exc.args[0])) from None
    return {"rule": number, "from": old, "to": new, "diff": text}


@router.get("/games/{game_id}/proposals", tags=["rules"])
def proposals(game_id: GameId, user: Authed, site: SiteDep, request: Request,
              response: Response,
              after: Annotated[int, Query(ge=0, le=2**31, description="The id of the last "
                                          "proposal of the previous page.")] = 0,
              limit: Limit = DEFAULT_LIMIT) -> dict[str, Any]:
    """The proposals as you may see them, by id, oldest first, from the one after
    ``after``: a page of at most ``limit``, keyed by id. A full page names the next in
    a ``Link: <...>; rel="next"`` header."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        found: dict[str, Any] = game.view(seat.viewer, ("proposals",)).get("proposals", {})
    ids = sorted(int(key) for key in found if int(key) > after)[:limit]
    if len(ids) == limit:
        link_next(request, response, after=ids[-1], limit=limit)
    return {str(i): found[str(i)] for i in ids}


@router.post("/games/{game_id}/preview", tags=["rules"])
def preview(game_id: GameId, body: Preview, user: Authed, site: SiteDep) -> dict[str, Any]:
    """What an amendment would change now, as you may see it (nothing is changed)."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        return previews.preview(game, plain_json(body.amendment), seat.viewer)


@router.post("/games/{game_id}/draft", tags=["rules"])
def draft(game_id: GameId, body: Draft, user: Authed, site: SiteDep) -> dict[str, Any]:
    """An amendment drafted from a sentence, for its author to confirm:
    ``{"amendment": [...]}``, ``{"candidates": [{description, amendment}...]}`` when the
    sentence can be read several ways, or ``{"declined": why}`` (nothing is changed)."""
    from nomicon.governance.drafting import draft as drafting

    access.seat(site, game_id, user)
    # The rules, their titles and parameters are public: every seat drafts alike.
    with access.reading(site, game_id) as game:
        drafted = drafting(game, body.sentence)
    found = drafted.to_json()
    if drafted.amendment is not None:
        found["description"] = drafted.description
    return found


@router.get("/games/{game_id}/chart", tags=["history"])
def chart(game_id: GameId, user: Authed, site: SiteDep) -> list[dict[str, Any]]:
    """Each player's scores and balances over time, as you saw them: at most
    120 moments spread over the game, whatever its length."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        found = charts.series(site.store, game, seat.viewer)
    return [{"measure": s.measure, "currency": s.currency, "times": s.times,
             "values": s.values} for s in found]


@router.get("/games/{game_id}/board.svg", tags=["games"],
            responses={200: {"content": {"image/svg+xml": {}}}})
def board(game_id: GameId, user: Authed, site: SiteDep) -> Response:
    """The board as you see it, drawn as SVG."""
    seat = access.seat(site, game_id, user)
    with access.reading(site, game_id) as game:
        drawing = svg.draw(game.pack.board, game.view(seat.viewer), seat.viewer)
    if not drawing:
        raise NotFound(f"game {game_id} has no board")
    return Response(drawing, media_type="image/svg+xml")


@router.post("/games/{game_id}/revert", tags=["admin"])
def revert_batch(game_id: GameId, body: Revert, user: Authed, site: SiteDep) -> dict[str, Any]:
    """Revert the action holding event ``seq`` and everything after it (admins only):
    the game continues as a new game; the old one is archived with a link."""
    seat = access.seat(site, game_id, user)
    seat.actor(as_admin=True)
    try:
        new_id = revert.revert(site, game_id, body.seq, by=user.name)
    except GameError as exc:
        raise BadRequest(str(exc)) from None
    return {"game": new_id, "archived": game_id}


@router.get("/games/{game_id}/live", tags=["games"], response_class=StreamingResponse)
def live_stream(game_id: GameId, request: Request, user: Authed,
                site: SiteDep) -> StreamingResponse:
    """Server-sent events: ``head`` whenever the game changes; ``ended`` (with the
    reason) when the token is revoked or the account leaves the game."""
    access.seat(site, game_id, user)
    token = request.headers.get("authorization", "").partition(" ")[2].strip()
    return live.stream(request, site, game_id, user, lambda: site.accounts.bearer(token),
                       "API token")
