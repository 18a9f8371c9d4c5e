"""``nomicon serve``: the web pages and the JSON API, with uvicorn.

With no games in the store (or with ``--demo``) it first starts a demo game of
Infinite Nomic that bots have played for a few turns, with accounts to log in as:
the demo admin and the three players, all with one password printed on start.
"""

from __future__ import annotations

import random
import secrets
import socket
from dataclasses import dataclass
from datetime import timedelta
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
    db: DbOption = None,
) -> None:
    """Serve the web pages and the JSON API (under /api) until interrupted."""
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
        made = start_demo(site) if demo or not site.store.list_games() else None
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
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning",
                                           timeout_graceful_shutdown=3, proxy_headers=False))
    server.run(sockets=[listener])


def start_demo(site: Site) -> Demo:
    """A demo game played a few turns by bots, and accounts to look at it with."""
    from nomicon.server.accounts import ADMIN, PLAYER, AccountError

    service = site.service
    start = site.now() - timedelta(hours=3)
    game = service.create(PACK, PLAYERS, start=start)
    play_demo(service, game.id, DEMO_TURNS, random.Random())
    password = secrets.token_urlsafe(9)
    admin = _free_account(site.accounts, "demo", password)
    site.accounts.seat(game.id, admin, ADMIN)
    players = []
    for name in PLAYERS:
        try:
            user = site.accounts.sign_up(name, password)
        except AccountError:
            continue  # an account of that name exists already: it is not the demo's
        site.accounts.seat(game.id, user, PLAYER, name)
        players.append(name)
    return Demo(game.id, admin.name, players, password)


def _free_account(accounts: Accounts, base: str, password: str) -> User:
    from nomicon.server.accounts import AccountError

    for n in range(1, 100):
        name = base if n == 1 else f"{base}-{n}"
        try:
            return accounts.sign_up(name, password)
        except AccountError:
            continue
    raise AccountError("no free name for the demo admin")  # pragma: no cover
