"""Mail from a mailbox kept anywhere: an IMAP poller.

Each poll reads the unseen messages of the mailbox, hands each to the gateway with the
time the IMAP server received it, and marks it seen. A message handled but not marked
(the connection dropped) is read again at the next poll; its Message-ID is recorded,
so it does not act twice.
"""

from __future__ import annotations

import contextlib
import imaplib
import time
from dataclasses import dataclass
from datetime import UTC, datetime

from nomicon.mail.gateway import Gateway, Handled

__all__ = ["Mailbox", "poll"]

#: Messages read in one poll; the rest wait for the next.
BATCH = 100


@dataclass(frozen=True)
class Mailbox:
    """Where the game's mail is kept."""

    host: str
    port: int
    user: str
    password: str
    folder: str = "INBOX"
    ssl: bool = True


def poll(gateway: Gateway, box: Mailbox, *, timeout: float = 30.0) -> list[Handled]:
    """Handle the unseen messages of ``box``; what became of each."""
    # The standard library's client: polling needs only LOGIN, SELECT, UID SEARCH, FETCH
    # and STORE, it is kept with Python itself, and a synchronous poll fits the gateway,
    # whose store is synchronous.
    client_class = imaplib.IMAP4_SSL if box.ssl else imaplib.IMAP4
    client = client_class(box.host, box.port, timeout=timeout)
    handled: list[Handled] = []
    try:
        client.login(box.user, box.password)
        status, _ = client.select(box.folder)
        if status != "OK":
            raise imaplib.IMAP4.error(f"cannot open the folder {box.folder!r}")
        _, found = client.uid("SEARCH", "UNSEEN")
        uids = [uid.decode("ascii") for uid in (found[0] or b"").split()[:BATCH]]
        for uid in uids:
            _, parts = client.uid("FETCH", uid, "(BODY.PEEK[] INTERNALDATE)")
            raw, received = _message(parts)
            if raw is None:
                continue
            handled.append(gateway.handle(raw, None, received))
            client.uid("STORE", uid, "+FLAGS", "(\\Seen)")
    finally:
        # The messages are handled; the next poll logs in anew.
        with contextlib.suppress(OSError, imaplib.IMAP4.error):
            client.logout()
    return handled


def _message(parts: list[object]) -> tuple[bytes | None, datetime | None]:
    """The message's bytes and receipt time from a FETCH answer."""
    for part in parts:
        if isinstance(part, tuple) and len(part) == 2 and isinstance(part[1], bytes):
            head = part[0] if isinstance(part[0], bytes) else b""
            stamp = imaplib.Internaldate2tuple(head)
            received = datetime.fromtimestamp(time.mktime(stamp), UTC) if stamp else None
            return part[1], received
    return None, None

