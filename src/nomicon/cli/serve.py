"""``nomicon serve``: the web pages and the JSON API, with uvicorn.

With no games in the store (or with ``--demo``) it first starts a demo game of
Infinite Nomic that bots have played for a few turns, with accounts to log in as:
the demo admin and the three players, all with one password printed on start. On
every later start the demo accounts get a new password, printed with the address
(the store keeps only a password's hash, so the old one cannot be shown again).
"""

from __future__ import annotations

import random
import secrets
import socket
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from nomicon.cli.app import DbOption, app, console, database, errors, fail, shown_url
from nomicon.cli.demo import PACK, PLAYERS
from nomicon.cli.demo import _play as play_demo

# The web stack (FastAPI, Jinja, uvicorn, the charts) is imported when ``serve`` runs:
# no other command needs it, and ``nomicon --help`` imports every command module.
if TYPE_CHECKING:
    from nomicon.server.accounts import Accounts, User
    from nomicon.server.site import Site

DEMO_TURNS = 6
#: The key of a demo game's record that names its accounts.
DEMO_KEY = "demo"


class LogLevel(StrEnum):
    """uvicorn's log levels; at info and below every request is logged."""

    critical = "critical"
    error = "error"
    warning = "warning"
    info = "info"
    debug = "debug"
    trace = "trace"


@dataclass
class Demo:
    game: str
    admin: str
    players: list[str]
    password: str


@app.command()
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535,
                                      help="The port (0: any free port).")] = 8000,
    demo: Annotated[bool, typer.Option(
        "--demo", help="Start a demo game even when the store has games.")] = False,
    secure_cookies: Annotated[bool, typer.Option(
        "--secure-cookies", help="Mark cookies Secure (behind an HTTPS proxy).")] = False,
    no_signup: Annotated[bool, typer.Option(
        "--no-signup", help="Take no new accounts (log in only).")] = False,
    tick: Annotated[float, typer.Option(
        "--tick", min=0.05, help="Seconds between sweeps for timers that fell due.")] = 10.0,
    max_body: Annotated[int, typer.Option(
        "--max-body-bytes", min=1024, help="The largest request body taken (413 above).")
    ] = 1_048_576,
    mail_domain: Annotated[str, typer.Option(
        "--mail-domain", help="The games' mail domain, as `nomicon mail serve --domain` "
                              "gives it (address tokens are mailed from <game>@DOMAIN).")
    ] = "nomicon.localhost",
    log_level: Annotated[LogLevel, typer.Option(
        "--log-level", case_sensitive=False,
        help="What the server logs: at info, a line for each request (the access log); "
             "at warning, problems only.")] = LogLevel.info,
    db: DbOption = None,
) -> None:
    """Serve the web pages and the JSON API (under /api) until interrupted.

    Every start says how to sign in to the demo game, when the store has one.
    """
    import uvicorn
    from rich.text import Text

    from nomicon.server import Settings, create_app

    url = database(ctx, db)
    settings = Settings(secure_cookies=True if secure_cookies else None,
                        allow_signup=not no_signup, tick_seconds=tick,
                        max_body_bytes=max_body, mail_domain=mail_domain)
    with errors(shown_url(url)):
        application = create_app(url, settings=settings)
        site: Site = application.state.site
        made = start_demo(site) if demo or not site.store.list_games() else renew_demo(site)
    try:
        listener = socket.create_server((host, port))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror}")
    bound = listener.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    out = console()
    out.print(Text(f"Nomicon is serving the games in {shown_url(url)}", style="bold"))
    out.print(Text(f"  http://{shown_host}:{bound}/   (API: http://{shown_host}:{bound}/api/docs)"))
    if made is not None:
        who = ", ".join(made.players)
        out.print(Text(f"Demo game {made.game}: log in as {made.admin} (its admin)"
                       + (f" or as {who} (its players)" if who else "")
                       + f" with the password {made.password}"))
    else:
        out.print(Text("Sign up on the page to play (or start with --demo for a new demo "
                       "game and its accounts)."))
    out.print(Text("Press Ctrl+C to stop."))
    out.file.flush()  # the address must show at once, even when the output is a pipe
    # uvicorn's own logging: its access log writes a line per request at info.
    server = uvicorn.Server(uvicorn.Config(application, log_level=log_level.value,
                                           access_log=True, timeout_graceful_shutdown=3,
                                           proxy_headers=False))
    server.run(sockets=[listener])


def start_demo(site: Site) -> Demo:
    """A demo game played a few turns by bots, and accounts to look at it with."""
    from nomicon.server.accounts import ADMIN, PLAYER, AccountError

    service = site.service
    start = site.now() - timedelta(hours=3)
    password = secrets.token_urlsafe(9)
    admin = _free_account(site.accounts, "demo", password)
    players = []
    for name in PLAYERS:
        try:
            site.accounts.sign_up(name, password)
        except AccountError:
            continue  # an account of that name exists already: it is not the demo's
        players.append(name)
    # The record names the demo's own accounts, whose password a later start renews.
    game = service.create(PACK, PLAYERS, start=start, name="Demo",
                          meta={DEMO_KEY: {"admin": admin.name, "players": players}})
    play_demo(service, game.id, DEMO_TURNS, random.Random())
    site.accounts.seat(game.id, admin, ADMIN)
    for name in players:
        user = site.accounts.user_named(name)
        if user is not None:
            site.accounts.seat(game.id, user, PLAYER, name)
    return Demo(game.id, admin.name, players, password)


def renew_demo(site: Site) -> Demo | None:
    """The newest demo game of the store with a new password for its accounts (None
    when the store has no demo game, or its admin's account is gone)."""
    found = [r for r in site.store.list_games() if isinstance(r.meta.get(DEMO_KEY), dict)]
    if not found:
        return None
    record = max(found, key=lambda r: r.created)
    names = record.meta[DEMO_KEY]
    password = secrets.token_urlsafe(9)
    admin = site.accounts.user_named(str(names.get("admin")))
    if admin is None:
        return None
    site.accounts.set_password(admin, password)
    players = []
    for name in names.get("players") or []:
        user = site.accounts.user_named(str(name))
        if user is not None:
            site.accounts.set_password(user, password)
            players.append(user.name)
    return Demo(record.id, admin.name, players, password)


def _free_account(accounts: Accounts, base: str, password: str) -> User:
    from nomicon.server.accounts import AccountError

    for n in range(1, 100):
        name = base if n == 1 else f"{base}-{n}"
        try:
            return accounts.sign_up(name, password)
        except AccountError:
            continue
    raise AccountError("no free name for the demo admin")  # pragma: no cover
