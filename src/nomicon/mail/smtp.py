"""Mail over SMTP: the gateway's embedded server (``aiosmtpd``) that a real mail server
relays the games' addresses to, and the sender that hands the outbox to a relay.

The server takes mail only for addresses in the gateway's domain (anything else is
refused at ``RCPT TO``, so it relays nothing) and up to :data:`MAX_MESSAGE` bytes.
"""

from __future__ import annotations

import asyncio
import smtplib
import socket
from dataclasses import dataclass
from email import message_from_string, policy
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from nomicon.mail.book import MailBook
from nomicon.mail.gateway import Gateway

__all__ = ["MAX_MESSAGE", "GatewayServer", "Relay", "free_port", "send_outbox"]

#: The largest message taken (bytes): room for a 20 MB attachment, which is not read.
MAX_MESSAGE = 32 * 1024 * 1024


def free_port(host: str) -> int:
    """A port free on ``host`` now."""
    # aiosmtpd's controller checks that its server is up by connecting to the port it
    # was given, so it cannot be given port 0: ask the system for a free one first.
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class _Handler:
    """aiosmtpd's handler: recipients checked at RCPT, the message handled at DATA."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway

    async def handle_RCPT(self, server: SMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        if address.lower().rpartition("@")[2] != self.gateway.domain:
            return f"550 5.7.1 not a game address of {self.gateway.domain}"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        # The store is synchronous: the message is handled off the server's loop.
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, self.gateway.handle, raw, list(envelope.rcpt_tos))
        return "250 OK"


class GatewayServer:
    """The embedded SMTP server on ``host``:``port`` (port 0: a free one), handing each
    message to ``gateway``. ``start`` and ``stop``, or use it as a context manager."""

    def __init__(self, gateway: Gateway, host: str = "127.0.0.1", port: int = 8025) -> None:
        self.port = port or free_port(host)
        self.host = host
        self.controller = Controller(_Handler(gateway), hostname=host, port=self.port,
                                     data_size_limit=MAX_MESSAGE)

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def __enter__(self) -> GatewayServer:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


@dataclass(frozen=True)
class Relay:
    """The mail server that outgoing mail is handed to."""

    host: str
    port: int = 25

    @classmethod
    def parse(cls, text: str) -> Relay:
        """``HOST:PORT`` (or ``HOST``, port 25)."""
        host, sep, port = text.rpartition(":")
        if not sep:
            return cls(text)
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"{text!r} is not HOST:PORT")
        return cls(host, int(port))


def send_outbox(book: MailBook, relay: Relay, *, timeout: float = 30.0) -> tuple[int, int]:
    """Hand the messages due in the outbox to ``relay``: (sent, failed). One that is not
    taken stays in the outbox and is tried again later (:data:`book.RETRY_AFTER`)."""
    due = book.due()
    if not due:
        return 0, 0
    sent = failed = 0
    try:
        smtp = smtplib.SMTP(relay.host, relay.port, timeout=timeout)
    except (OSError, smtplib.SMTPException) as exc:
        for item in due:
            book.failed(item, f"cannot reach {relay.host}:{relay.port}: {exc}")
        return 0, len(due)
    with smtp:
        for item in due:
            message: Any = message_from_string(item.message, policy=policy.default)
            try:
                smtp.send_message(message, to_addrs=[item.recipient])
            except (OSError, smtplib.SMTPException) as exc:
                book.failed(item, str(exc))
                failed += 1
                continue
            book.sent(item.key)
            sent += 1
    return sent, failed
