"""Play by mail: ``mail serve``, ``mail address``, ``mail digest`` and ``mail demo``.

    nomicon mail address GAME alice alice@example.org
    nomicon mail digest GAME weekly
    nomicon mail serve --smtp-host 127.0.0.1 --smtp-port 8025 --relay localhost:25
    nomicon mail demo
"""

from __future__ import annotations

import signal
import time
from typing import TYPE_CHECKING, Annotated

import typer

from nomicon.cli.app import (
    DbOption,
    GameArgument,
    JsonOption,
    app,
    console,
    fail,
    print_json,
    service,
)

# The mail modules (aiosmtpd, the store) are imported in the commands: ``nomicon
# --help`` imports every command module, and needs none of them.
if TYPE_CHECKING:
    from nomicon.mail.smtp import Relay

mail_app = typer.Typer(name="mail", help="Play by mail: orders in, answers out.",
                       no_args_is_help=True, rich_markup_mode=None)
app.add_typer(mail_app, name="mail")

DomainOption = Annotated[str, typer.Option(
    "--domain", help="The games' mail domain: a game's address is <game id>@DOMAIN.")]


def _relay(text: str) -> Relay:
    from nomicon.mail.smtp import Relay

    try:
        return Relay.parse(text)
    except ValueError as exc:
        fail(f"cannot read --relay: {exc}")


@mail_app.command("address")
def address(
    ctx: typer.Context,
    game: GameArgument,
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="The player's name.")],
    mail: Annotated[str, typer.Argument(metavar="ADDRESS", help="Their e-mail address.")],
    unverified: Annotated[bool, typer.Option(
        "--unverified", help="Not known to be theirs: it acts for them, but no mail is "
                             "sent to it.")] = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Register ADDRESS as PLAYER's in GAME: mail from it acts for them."""
    from rich.text import Text

    from nomicon.mail.book import AddressRefused, MailBook

    with service(ctx, db) as svc:
        if player not in svc.open(game).view("admin")["players"]:
            fail(f"there is no player {player!r} in game {game}")
        try:
            sender = MailBook(svc.store).register(game, player, mail,
                                                  verified=not unverified)
        except AddressRefused as exc:
            fail(str(exc))
    if json_out:
        print_json({"game": game, "player": player, "address": sender.address,
                    "verified": sender.verified})
        return
    console().print(Text(f"{sender.address} is {player}'s address in game {game}"
                         f"{'' if sender.verified else ' (unverified: no mail goes to it)'}"))


@mail_app.command("digest")
def digest(
    ctx: typer.Context,
    game: GameArgument,
    every: Annotated[str, typer.Argument(metavar="daily|weekly|off",
                                         help="How often the players receive a digest.")],
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Send GAME's players a daily or weekly digest by mail (off: none). A game with
    weekly updates also reports after each update."""
    from rich.text import Text

    from nomicon.mail.book import MailBook
    from nomicon.mail.reports import DigestRefused, set_digest

    with service(ctx, db) as svc:
        book = MailBook(svc.store)
        try:
            set_digest(svc, book, game, every.lower())
        except DigestRefused as exc:
            fail(str(exc))
        chosen = book.report_mark(game).digest
    if json_out:
        print_json({"game": game, "digest": chosen})
        return
    console().print(Text(f"game {game}: {chosen + ' digest' if chosen else 'no digest'} "
                         "by mail"))


@mail_app.command("serve")
def serve(
    ctx: typer.Context,
    relay: Annotated[str, typer.Option("--relay", metavar="HOST:PORT",
                                       help="The mail server that replies are sent through.")],
    smtp_host: Annotated[str, typer.Option("--smtp-host", metavar="H",
                                           help="The address to take mail on.")] = "127.0.0.1",
    smtp_port: Annotated[int, typer.Option("--smtp-port", metavar="P",
                                           help="The port to take mail on.")] = 8025,
    domain: DomainOption = "nomicon.localhost",
    imap: Annotated[str | None, typer.Option(
        "--imap", metavar="HOST:PORT", help="Also poll this IMAP mailbox (TLS).")] = None,
    imap_user: Annotated[str | None, typer.Option("--imap-user", envvar="NOMICON_IMAP_USER",
                                                  show_envvar=False)] = None,
    imap_password: Annotated[str | None, typer.Option(
        "--imap-password", envvar="NOMICON_IMAP_PASSWORD", show_envvar=False,
        help="(or $NOMICON_IMAP_PASSWORD)")] = None,
    every: Annotated[float, typer.Option(
        "--every", help="Seconds between sendings of the outbox (and IMAP polls).")] = 10.0,
    db: DbOption = None,
) -> None:
    """Take the games' mail over SMTP (and IMAP), act on it, and send the replies and
    the reports due (after updates, and the games' digests)."""
    from rich.text import Text

    from nomicon.cli import render
    from nomicon.mail.book import MailBook
    from nomicon.mail.gateway import Gateway
    from nomicon.mail.imap import Mailbox, poll
    from nomicon.mail.reports import Reports
    from nomicon.mail.smtp import GatewayServer, send_outbox

    chosen = _relay(relay)
    box = None
    if imap is not None:
        where = _relay(imap)
        if not imap_user or not imap_password:
            fail("--imap needs --imap-user and --imap-password")
        box = Mailbox(where.host, where.port, imap_user, imap_password)
    with service(ctx, db) as svc:
        book = MailBook(svc.store)
        gateway = Gateway(svc, book, domain=domain)
        reports = Reports(svc, book, gateway.address_of, render)
        server = GatewayServer(gateway, smtp_host, smtp_port)
        try:
            server.start()
        except (OSError, RuntimeError) as exc:
            fail(f"cannot take mail on {smtp_host}:{smtp_port}: {exc}")
        console().print(Text(f"taking mail for *@{domain} on {smtp_host}:{server.port}; "
                             f"replies go through {chosen.host}:{chosen.port}"))
        # A service manager stops the gateway with SIGTERM: stop as on Ctrl-C, closing
        # the SMTP server and the store rather than dying between two writes.
        signal.signal(signal.SIGTERM, _interrupt)
        try:
            while True:
                if box is not None:
                    try:
                        poll(gateway, box)
                    except OSError as exc:
                        console().print(Text(f"IMAP poll failed: {exc}"))
                with gateway.lock:  # the reports read the games the gateway acts on
                    reports.run()
                send_outbox(book, chosen)
                time.sleep(every)
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
    console().print(Text("the gateway stopped"))


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@mail_app.command("demo")
def demo(ctx: typer.Context, db: DbOption = None) -> None:
    """Start the gateway and a local mail sink, and play a few orders through them."""
    import tempfile

    from rich.text import Text

    from nomicon.mail.demo import play

    out = console()
    # Without --db the demo's game lives in a file of its own, removed afterwards.
    with tempfile.TemporaryDirectory(prefix="nomicon-mail-demo-") as folder, \
            service(ctx, db or f"{folder}/demo.db") as svc:
        play(svc, lambda line: out.print(Text(line)))
