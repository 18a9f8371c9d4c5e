"""What the play-by-mail tests share: the gateway's SMTP server on a real socket, and a
real SMTP sink (aiosmtpd) standing for the relay that replies are handed to. A module
of its own, not the folder's conftest, so that tests import it by a name no other
folder uses."""

from __future__ import annotations

import smtplib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from pathlib import Path

from nomicon.mail.book import MailBook
from nomicon.mail.gateway import Gateway
from nomicon.mail.sink import Sink
from nomicon.mail.smtp import GatewayServer, Relay, send_outbox
from nomicon.service import GameService
from nomicon.store import SqlStore

# The small game played by mail of the kernel's tests, under the name they import it by.
sys.path.insert(0, str(Path(__file__).resolve().parent / "kernel"))

DOMAIN = "nomicon.localhost"
ALICE, BOB = "alice@example.org", "bob@example.org"
#: Inside the first turn of an Infinite Nomic game started at NOON.
NOON = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    """The service's and the book's clock, moved by the tests."""

    def __init__(self, now: datetime) -> None:
        self.at = now

    def __call__(self) -> datetime:
        return self.at


@dataclass
class Post:
    """A game with a gateway: send mail to it over SMTP, read the replies at the sink."""

    service: GameService
    book: MailBook
    gateway: Gateway
    server: GatewayServer
    sink: Sink
    game: str

    @property
    def address(self) -> str:
        return self.gateway.address_of(self.game)

    def send(self, text: str, *, sender: str = ALICE, message_id: str | None = "<m1@example.org>",
             subject: str = "orders", headers: dict[str, str] | None = None) -> None:
        message = EmailMessage()
        message["From"] = sender
        message["To"] = self.address
        message["Subject"] = subject
        if message_id is not None:
            message["Message-ID"] = message_id
        for name, value in (headers or {}).items():
            message[name] = value
        message.set_content(text)
        self.send_raw(message.as_bytes(policy=policy.SMTP), sender)

    def send_raw(self, raw: bytes, sender: str = ALICE) -> None:
        with smtplib.SMTP(self.server.host, self.server.port, timeout=60) as smtp:
            smtp.sendmail(sender, [self.address], raw)

    def deliver(self) -> tuple[int, int]:
        """Hand the outbox to the sink."""
        return send_outbox(self.book, Relay(self.sink.host, self.sink.port))

    def reply_text(self, to: str = ALICE, index: int = -1) -> str:
        replies = self.sink.to(to)
        assert replies, f"no reply to {to}"
        body = replies[index].get_body(("plain",))
        assert body is not None
        return str(body.get_content()).replace("\r\n", "\n")


def make_post(store: SqlStore, clock: Clock, service: GameService, game: str) -> Iterator[Post]:
    book = MailBook(store, now=clock)
    gateway = Gateway(service, book, domain=DOMAIN)
    with Sink() as sink, GatewayServer(gateway, "127.0.0.1", 0) as server:
        yield Post(service, book, gateway, server, sink, game)
