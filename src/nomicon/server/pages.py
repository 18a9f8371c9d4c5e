"""The pages outside a game: signing up, logging in and out, the lobby, the account."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, Response

from nomicon.kernel.errors import NomiconError
from nomicon.names import BadGameName, game_name
from nomicon.server import access
from nomicon.server.accounts import OBSERVER, PLAYER, AccountError, User
from nomicon.server.auth import CSRF_FIELD, check_csrf, end_session, session_user, start_session
from nomicon.server.errors import BadRequest, Forbidden, status_of
from nomicon.server.forms import read_value, safe_next
from nomicon.server.site import Site, site_of
from nomicon.server.web import login_required, redirect, render

router = APIRouter(include_in_schema=False, default_response_class=HTMLResponse)
LoggedIn = Annotated[User, Depends(login_required)]
MAX_FORM_FIELDS = 60


async def form_of(request: Request) -> dict[str, str]:
    """The submitted form as text fields, its CSRF token checked; files are refused."""
    try:
        form = await request.form(max_files=0, max_fields=MAX_FORM_FIELDS)
    except Exception as exc:  # malformed multipart or url-encoded bodies
        raise BadRequest(f"the form could not be read: {exc}") from None
    fields: dict[str, str] = {}
    for key, value in form.multi_items():
        if not isinstance(value, str):
            raise BadRequest(f"field {key!r} must be text")
        fields[key] = value
    check_csrf(request, fields.get(CSRF_FIELD))
    return fields


Form = Annotated[dict[str, str], Depends(form_of)]


def _site(request: Request) -> Site:
    return site_of(request)


SiteDep = Annotated[Site, Depends(_site)]


# -- signing up, logging in and out --------------------------------------------------
@router.get("/login")
def login_page(request: Request, next: str = "/") -> Response:
    return render(request, "login.html", {"title": "Log in", "next": safe_next(next, "/")})


@router.post("/login")
def log_in(request: Request, form: Form, site: SiteDep) -> Response:
    target = safe_next(form.get("next"), "/")
    try:
        user = site.accounts.authenticate(form.get("name", ""), form.get("password", ""))
    except AccountError as exc:
        return render(request, "login.html", {"title": "Log in", "next": target,
                                              "error": str(exc), "name": form.get("name", "")},
                      status=401)
    response = redirect(target)
    start_session(request, response, user)
    return response


@router.get("/signup")
def signup_page(request: Request) -> Response:
    return render(request, "signup.html", {"title": "Sign up", "name": ""})


@router.post("/signup")
def sign_up(request: Request, form: Form, site: SiteDep) -> Response:
    if not site.settings.allow_signup:
        raise Forbidden("this server does not take new accounts")
    name = form.get("name", "").strip()
    if form.get("password", "") != form.get("again", ""):
        return render(request, "signup.html", {"title": "Sign up", "name": name,
                                               "error": "the two passwords differ"}, status=422)
    try:
        user = site.accounts.sign_up(name, form.get("password", ""))
    except AccountError as exc:
        return render(request, "signup.html", {"title": "Sign up", "name": name,
                                               "error": str(exc)}, status=422)
    response = redirect("/", flash=[f"Welcome, {user.name}."])
    start_session(request, response, user)
    return response


@router.post("/logout")
def log_out(request: Request, form: Form) -> Response:
    response = redirect("/login")
    end_session(request, response)
    return response


# -- the lobby ---------------------------------------------------------------------------
#: Games on a page of the lobby.
LOBBY_PAGE = 30
#: Tokens on a page of the account.
TOKENS_PAGE = 50


def _lobby(request: Request, site: Site, user: User, *, after: str | None = None,
           error: str | None = None, status: int = 200, typed: dict[str, str] | None = None,
           joining: str | None = None, beside: str | None = None) -> Response:
    """A page of the games, newest first, after game ``after`` (None: the newest).

    A refused form is shown again as it was typed (``typed``), with the reason beside
    it: the new game's form, or the join form of game ``joining``; beside the field
    ``beside`` when the reason is about it, else at the top of the form.
    """
    rows = access.games_for(site, user, after, LOBBY_PAGE + 1)
    return render(request, "lobby.html", {
        "title": "Games", "error": error, "games": rows[:LOBBY_PAGE], "after": after,
        "older": rows[LOBBY_PAGE - 1][0].id if len(rows) > LOBBY_PAGE else None,
        "packs": list(site.registry), "typed": typed or {}, "joining": joining,
        "beside": beside,
    }, status=status)


@router.get("/")
def lobby(request: Request, site: SiteDep,
          after: Annotated[str | None, Query(max_length=100)] = None) -> Response:
    user = session_user(request)
    if user is None:
        return render(request, "welcome.html", {"title": "Nomicon"})
    return _lobby(request, site, user, after=after)


@router.post("/games")
def create_game(request: Request, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    """Start a game of a pack; the creator is its admin."""
    try:
        pack = form.get("pack", "")
        params: dict[str, Any] = {}
        for key, text in form.items():
            if key.startswith(f"param.{pack}.") and text.strip():
                params[key.removeprefix(f"param.{pack}.")] = read_value(key, text.strip())
        seed_text = form.get("seed", "").strip()
        seed: int | str | None = None
        if seed_text:
            seed = int(seed_text) if seed_text.lstrip("-").isdigit() else seed_text
        player = form.get("player", "").strip() or None
        game = access.create(site, user, pack, params=params, seed=seed,
                             player=player, name=form.get("name"))
    except NomiconError as exc:
        return _lobby(request, site, user, error=str(exc), status=status_of(exc) or 400,
                      typed=form, beside=_field_of(exc))
    named = game_name(form.get("name"))
    called = f"{named} (game {game.id})" if named else f"Game {game.id}"
    return redirect(f"/games/{game.id}", flash=[f"{called} created; you are its admin."])


def _field_of(exc: NomiconError) -> str | None:
    """The field of the lobby's forms a refusal is about: the player's name the accounts
    refused, or the game's name."""
    if isinstance(exc, AccountError):
        return "player"
    return "name" if isinstance(exc, BadGameName) else None


@router.post("/games/{game_id}/join")
def join(request: Request, game_id: str, form: Form, user: LoggedIn,
         site: SiteDep) -> Response:
    role = form.get("role", PLAYER)
    if role not in (PLAYER, OBSERVER):
        raise BadRequest(f"join as {PLAYER} or {OBSERVER}, not {role!r}")
    try:
        seat = access.join(site, game_id, user, role, form.get("player", "").strip() or None)
    except NomiconError as exc:
        if status_of(exc) == 404:
            raise
        return _lobby(request, site, user, error=str(exc), status=status_of(exc) or 400,
                      typed=form, joining=game_id, beside=_field_of(exc))
    what = f"as {seat.player}" if seat.player else "as an observer"
    return redirect(f"/games/{game_id}", flash=[f"You joined game {game_id} {what}."])


# -- the account -------------------------------------------------------------------------
def _tokens(site: Site, user: User, after: str | None) -> dict[str, Any]:
    """A page of the user's tokens, oldest first, after the token ``after``."""
    found = site.accounts.tokens(user, after, TOKENS_PAGE + 1)
    return {"tokens": found[:TOKENS_PAGE], "after": after,
            "more": found[TOKENS_PAGE - 1].id if len(found) > TOKENS_PAGE else None}


def _mail_games(site: Site, user: User) -> list[Any]:
    """The user's mail addresses in each game they play (the forms are mail_routes')."""
    from nomicon.mail.book import MailBook
    from nomicon.mail.own import by_game

    players = {g: m.player for g, m in site.accounts.memberships(user).items() if m.player}
    return by_game(MailBook(site.store), players)


@router.get("/account")
def account(request: Request, user: LoggedIn, site: SiteDep,
            after: Annotated[str | None, Query(max_length=12)] = None) -> Response:
    return render(request, "account.html", {"title": "Your account", "new": None,
                                            **_tokens(site, user, after),
                                            "mail_games": _mail_games(site, user),
                                            "time_zone": site.accounts.time_zone(user)})


@router.post("/account/tokens")
def new_token(request: Request, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    token = site.accounts.new_token(user, form.get("label", "").strip()[:100])
    return render(request, "account.html", {"title": "Your account", "new": token,
                                            **_tokens(site, user, None),
                                            "mail_games": _mail_games(site, user),
                                            "time_zone": site.accounts.time_zone(user)},
                  status=201)


@router.post("/account/time-zone")
def set_time_zone(request: Request, form: Form, user: LoggedIn, site: SiteDep) -> Response:
    """Choose the time zone the pages show times in."""
    zone = form.get("time_zone", "").strip()
    try:
        site.accounts.set_time_zone(user, zone)
    except AccountError as exc:
        raise BadRequest(str(exc)) from None
    return redirect("/account", flash=[f"Times are shown in {zone}."])


@router.post("/account/tokens/{token_id}/revoke")
def revoke_token(request: Request, token_id: str, form: Form, user: LoggedIn,
                 site: SiteDep) -> Response:
    if not site.accounts.revoke_token(user, token_id):
        raise BadRequest(f"you have no token {token_id!r}")
    return redirect("/account", flash=["The token is revoked."])
