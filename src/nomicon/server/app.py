"""The web application: the JSON API under ``/api`` and the pages, on FastAPI.

    app = create_app("sqlite:///nomicon.db")
    uvicorn.run(app)

``create_app`` opens the store at once (a URL or path; default ``$NOMICON_DB`` or
``nomicon.db``) and closes it when the application shuts down. ``registry`` chooses
the installed packs (tests add packs with ``Registry.with_pack``); ``clock`` is the
wall clock, injected like everywhere else in Nomicon.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import anyio
from argon2 import PasswordHasher
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from nomicon.kernel.errors import NomiconError
from nomicon.kernel.pack import Registry, installed
from nomicon.server import api, builder_pages, charts, game_pages, mail_routes, market_api, pages
from nomicon.server.accounts import Accounts
from nomicon.server.errors import details, message_of, status_of
from nomicon.server.game_pages import NotMember
from nomicon.server.limits import BodyLimit
from nomicon.server.site import Clock, Settings, Site
from nomicon.server.web import LoginRequired, redirect, render
from nomicon.service import GameService
from nomicon.store import StoreError, open_store

log = logging.getLogger("nomicon.server")

# Plotly draws its charts with inline styles; nothing else needs more than 'self'.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
       "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
       "form-action 'self'")


def _wall_clock() -> datetime:
    return datetime.now(UTC)


def create_app(store_url: str | None = None, registry: Registry | None = None,
               clock: Clock | None = None, *, settings: Settings | None = None,
               hasher: PasswordHasher | None = None) -> FastAPI:
    """The application over the store at ``store_url``."""
    clock = clock or _wall_clock
    store = open_store(store_url)
    chosen = registry or installed()
    site = Site(store=store, service=GameService(store, now=clock, registry=chosen),
                accounts=Accounts(store, now=clock, hasher=hasher), registry=chosen,
                settings=settings or Settings(), clock=clock)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tasks:
            if site.settings.tick_seconds:
                tasks.start_soon(_ticker, site)
            try:
                yield
            finally:
                tasks.cancel_scope.cancel()
        store.close()

    # The interactive documentation pages FastAPI offers load their scripts from a CDN;
    # /api/docs is a page of our own, made from the same OpenAPI schema.
    app = FastAPI(title="Nomicon", summary="Games of Nomic with executable rules",
                  version="0.1.0", openapi_url="/api/openapi.json", docs_url=None,
                  redoc_url=None, swagger_ui_oauth2_redirect_url=None, lifespan=lifespan)
    app.state.site = site
    app.include_router(api.router)
    app.include_router(market_api.router)
    app.include_router(pages.router)
    app.include_router(mail_routes.api_router)
    app.include_router(mail_routes.page_router)
    app.include_router(game_pages.router)
    app.include_router(builder_pages.router)

    @app.get("/api/docs", include_in_schema=False)
    def api_docs(request: Request) -> Response:
        schema = app.openapi()
        return render(request, "api_docs.html", {"title": "The JSON API", "schema": schema,
                                                 "operations": operations(schema)})

    @app.get("/vendor/plotly.min.js", include_in_schema=False)
    def plotly_js() -> FileResponse:
        return FileResponse(charts.plotly_js(), media_type="text/javascript",
                            headers={"Cache-Control": "public, max-age=86400"})

    app.mount("/static", StaticFiles(packages=[("nomicon.server", "static")]), name="static")
    _handle_errors(app)
    app.add_middleware(BodyLimit, cap=site.settings.max_body_bytes)

    @app.middleware("http")
    async def headers(request: Request,
                      call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    return app


def operations(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The API's operations from its OpenAPI schema, grouped by tag, for the docs page."""
    found = []
    for path, methods in schema.get("paths", {}).items():
        for method, operation in methods.items():
            body = (operation.get("requestBody") or {}).get("content", {}).get(
                "application/json", {}).get("schema", {})
            found.append({
                "method": method.upper(), "path": path,
                "tag": (operation.get("tags") or ["other"])[0],
                "summary": operation.get("summary", ""),
                "description": operation.get("description", ""),
                "parameters": [p for p in operation.get("parameters", [])
                               if p.get("in") in ("query", "header")],
                "body": body.get("$ref", "").rsplit("/", 1)[-1],
            })
    return found


def _is_api(request: Request) -> bool:
    return request.url.path == "/api" or request.url.path.startswith("/api/")


def _problem(request: Request, status: int, message: str, body: dict[str, object]) -> Response:
    if _is_api(request):
        headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
        return JSONResponse(body, status_code=status, headers=headers)
    return render(request, "error.html", {"title": "Something went wrong", "status": status,
                                          "message": message}, status=status)


def _handle_errors(app: FastAPI) -> None:
    @app.exception_handler(LoginRequired)
    async def login_first(request: Request, exc: LoginRequired) -> Response:
        if _is_api(request):
            return _problem(request, 401, str(exc), details(exc))
        return redirect(f"/login?next={exc.path}" if exc.path != "/" else "/login")

    @app.exception_handler(NotMember)
    async def not_member(request: Request, exc: NotMember) -> Response:
        return render(request, "join.html", {"title": "Join the game", "game_id": exc.game_id,
                                             "message": str(exc)}, status=403)

    async def ours(request: Request, exc: Exception) -> Response:
        status = status_of(exc) or 500
        if status >= 500:
            log.warning("%s %s: %s", request.method, request.url.path, exc)
        return _problem(request, status, message_of(exc), details(exc))

    app.add_exception_handler(NomiconError, ours)
    app.add_exception_handler(StoreError, ours)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for error in exc.errors():
            where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "request"
            problems.append(f"{where}: {error.get('msg', 'invalid')}")
        message = "; ".join(problems) or "the request is malformed"
        return _problem(request, 422, message, {"error": message,
                                                "problems": _jsonable(exc.errors())})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        message = str(exc.detail)
        response = _problem(request, exc.status_code, message, {"error": message})
        for key, value in (exc.headers or {}).items():
            response.headers[key] = value
        return response


def _jsonable(errors: object) -> object:
    """Validation errors without the raw input values (which may not be JSON)."""
    if not isinstance(errors, list | tuple):
        return []
    return [{"loc": [str(p) for p in e.get("loc", ())], "msg": str(e.get("msg", "")),
             "type": str(e.get("type", ""))} for e in errors if isinstance(e, dict)]


# -- timers in games nobody visits -----------------------------------------------------------
async def _ticker(site: Site) -> None:
    assert site.settings.tick_seconds
    while True:
        await anyio.sleep(site.settings.tick_seconds)
        await anyio.to_thread.run_sync(tick, site)


def tick(site: Site) -> list[str]:
    """Fire the timers that have fallen due in games nobody is visiting; the games in
    which a timer fired.

    The store answers which games have a timer due from an indexed column, so a
    sweep costs what is due, not the number of games; several servers may sweep one
    store at once, and each due timer still fires once (see
    :meth:`~nomicon.service.GameService.fire_due`). At most ``tick_batch`` games a
    sweep: the rest are due in the next one, with the longest due first.
    """
    now = site.now()
    moved = []
    for game_id in site.store.due_games(now, limit=site.settings.tick_batch):
        try:
            if site.service.fire_due(game_id, now):
                moved.append(game_id)
        except (NomiconError, StoreError) as exc:
            log.warning("timers of game %s: %s", game_id, exc)
    return moved
