"""A local SMTP server that keeps what it receives: the relay of the demo and the
tests, where no real mail server is at hand."""

from __future__ import annotations

import threading
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session

from nomicon.mail.smtp import free_port

__all__ = ["Sink"]


class _Keeper:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        message = message_from_bytes(envelope.original_content or b"", policy=policy.default)
        assert isinstance(message, EmailMessage)  # what policy.default makes
        with self.arrived:
            self.messages.append(message)
            self.arrived.notify_all()
        return "250 OK"


class Sink:
    """An SMTP server on ``host`` and a free port, keeping every message it takes."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self._keeper = _Keeper()
        self.host = host
        self.port = free_port(host)
        self.controller = Controller(self._keeper, hostname=host, port=self.port)

    @property
    def messages(self) -> list[EmailMessage]:
        return list(self._keeper.messages)

    def to(self, address: str) -> list[EmailMessage]:
        """The messages taken for ``address``."""
        return [m for m in self.messages if str(m["To"]).lower() == address.lower()]

    def start(self) -> None:
        self.controller.start()

    def stop(self) -> None:
        self.controller.stop()

    def __enter__(self) -> Sink:
        self.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
