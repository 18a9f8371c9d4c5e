"""What the gateway keeps in the store: players' addresses, the messages it handled
and the outbox of mail to send (tables ``mail_addresses``, ``mail_received`` and
``mail_outbox``, migration 0008), and how far each game's reports went
(``mail_reports``, migration 0009).

A message is handled once: its Message-ID is recorded, with the reply queued in the
outbox, in one transaction; a copy delivered again finds it recorded. A queued
message has a key (``reply:<message-id>``) and is queued once per key, so it is sent
once per key; the sender marks it sent when the relay accepts it, and otherwise tries
it again later.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.headerregistry import Address
from email.utils import parseaddr

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from nomicon.kernel.errors import NomiconError
from nomicon.store import GameNotFound, SqlStore, Store, StoreError
from nomicon.store.engine import WRITE
from nomicon.store.schema import (
    games,
    mail_addresses,
    mail_outbox,
    mail_received,
    mail_reports,
)

__all__ = ["AddressRefused", "MailBook", "Outgoing", "ReportMark", "Sender", "check_address"]

#: Waits between tries of a message the relay did not take, the last one repeated.
RETRY_AFTER = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30),
               timedelta(hours=2))


class AddressRefused(NomiconError):
    """An address that cannot be registered; the message says why."""


def check_address(text: str) -> str:
    """``text`` as one plain address (``alice@example.org``), lower case."""
    name, addr = parseaddr(text.strip())
    if not addr or name or addr != text.strip():
        raise AddressRefused(f"{text!r} is not one e-mail address (write alice@example.org)")
    try:
        parsed = Address(addr_spec=addr)
    except (ValueError, IndexError) as exc:
        raise AddressRefused(f"{text!r} is not an e-mail address: {exc}") from None
    if not parsed.username or "." not in parsed.domain:
        raise AddressRefused(f"{text!r} is not an e-mail address with a domain")
    return addr.lower()


@dataclass(frozen=True)
class Sender:
    """A registered address: whose it is, and whether mail may be sent to it."""

    game_id: str
    address: str
    player: str
    verified: bool


@dataclass(frozen=True)
class Outgoing:
    """A message in the outbox."""

    key: str
    recipient: str
    message: str
    attempts: int


@dataclass(frozen=True)
class ReportMark:
    """How far a game's reports went: its digest setting, the log reported up to, when,
    and how many reports were made."""

    digest: str | None
    reported_seq: int
    reported_at: datetime | None
    reports: int


class MailBook:
    """The mail tables of ``store``'s database."""

    def __init__(self, store: Store, *, now: Callable[[], datetime] | None = None) -> None:
        if not isinstance(store, SqlStore):
            raise StoreError("play by mail needs a database store")
        self._engine = store.engine
        self._writer = store.engine.execution_options(**{WRITE: True})
        self._now = now or (lambda: datetime.now(UTC))

    def now(self) -> datetime:
        return self._now().astimezone(UTC).replace(microsecond=0)

    @contextmanager
    def _write(self, what: str) -> Iterator[Connection]:
        try:
            with self._writer.begin() as conn:
                yield conn
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"{what} failed: {exc}") from exc

    @contextmanager
    def _read(self, what: str) -> Iterator[Connection]:
        try:
            with self._engine.connect() as conn:
                yield conn
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"{what} failed: {exc}") from exc

    # -- addresses -------------------------------------------------------------
    def register(self, game_id: str, player: str, address: str, *,
                 verified: bool) -> Sender:
        """Register ``address`` as ``player``'s in ``game_id`` (replacing whoever had it
        there)."""
        addr = check_address(address)
        with self._write("register an address") as conn:
            if conn.execute(sa.select(games.c.id).where(games.c.id == game_id)).first() is None:
                raise GameNotFound(game_id)
            conn.execute(sa.delete(mail_addresses).where(
                mail_addresses.c.game_id == game_id, mail_addresses.c.address == addr))
            conn.execute(sa.insert(mail_addresses).values(
                game_id=game_id, address=addr, player=player, verified=verified,
                created=self.now()))
        return Sender(game_id, addr, player, verified)

    def sender(self, game_id: str, address: str) -> Sender | None:
        """Whose ``address`` is in ``game_id`` (None: nobody's). An address a player
        added and has not verified yet is nobody's: until then it may be anyone's."""
        with self._read("look up an address") as conn:
            row = conn.execute(sa.select(mail_addresses).where(
                mail_addresses.c.game_id == game_id,
                mail_addresses.c.address == address.lower())).first()
        if row is None or row.token is not None:
            return None
        return Sender(row.game_id, row.address, row.player, bool(row.verified))

    def addresses(self, game_id: str, player: str | None = None) -> list[Sender]:
        """The registered addresses in ``game_id`` (of ``player`` only, if given)."""
        query = sa.select(mail_addresses).where(mail_addresses.c.game_id == game_id)
        if player is not None:
            query = query.where(mail_addresses.c.player == player)
        with self._read("list addresses") as conn:
            rows = conn.execute(query.order_by(mail_addresses.c.address)).all()
        return [Sender(r.game_id, r.address, r.player, bool(r.verified)) for r in rows]

    def add_unverified(self, game_id: str, player: str, address: str, token: str) -> Sender:
        """Add ``address`` as ``player``'s, unverified until ``token`` (its digest is
        kept) is given back; refused when it is another player's address here (one
        registered by the admin, or verified)."""
        addr = check_address(address)
        with self._write("add an address") as conn:
            if conn.execute(sa.select(games.c.id).where(games.c.id == game_id)).first() is None:
                raise GameNotFound(game_id)
            found = conn.execute(sa.select(mail_addresses).where(
                mail_addresses.c.game_id == game_id, mail_addresses.c.address == addr)).first()
            # Another player's address is refused unless it only waits for its token:
            # then it is nobody's yet, and whoever proves it theirs gets it.
            if found is not None and found.player != player and found.token is None:
                raise AddressRefused(f"{addr} is another player's address in game {game_id}")
            if found is not None and found.verified:
                return Sender(game_id, addr, player, True)
            conn.execute(sa.delete(mail_addresses).where(
                mail_addresses.c.game_id == game_id, mail_addresses.c.address == addr))
            conn.execute(sa.insert(mail_addresses).values(
                game_id=game_id, address=addr, player=player, verified=False,
                created=self.now(), token=token))
        return Sender(game_id, addr, player, False)

    def verify(self, game_id: str, player: str, token: str) -> Sender | None:
        """Mark verified ``player``'s address whose token's digest is ``token`` (None:
        no address of theirs waits for that token)."""
        with self._write("verify an address") as conn:
            row = conn.execute(sa.select(mail_addresses).where(
                mail_addresses.c.game_id == game_id, mail_addresses.c.player == player,
                mail_addresses.c.token == token)).first()
            if row is None:
                return None
            conn.execute(sa.update(mail_addresses).where(
                mail_addresses.c.game_id == game_id, mail_addresses.c.address == row.address)
                .values(verified=True, token=None))
        return Sender(game_id, row.address, player, True)

    def remove(self, game_id: str, player: str, address: str) -> bool:
        """Remove ``player``'s ``address`` (False: it was not theirs)."""
        with self._write("remove an address") as conn:
            gone = conn.execute(sa.delete(mail_addresses).where(
                mail_addresses.c.game_id == game_id, mail_addresses.c.player == player,
                mail_addresses.c.address == address.strip().lower())).rowcount
        return bool(gone)

    # -- messages handled ------------------------------------------------------
    def handled(self, message_id: str) -> str | None:
        """What became of the message of this Message-ID (None: not handled yet)."""
        with self._read("look up a message") as conn:
            row = conn.execute(sa.select(mail_received.c.outcome).where(
                mail_received.c.message_id == message_id)).first()
        return None if row is None else str(row.outcome)

    def record(self, message_id: str, game_id: str | None, sender: str, outcome: str,
               reply: tuple[str, str] | None = None) -> bool:
        """Record the message as handled and queue its reply (recipient, message) with
        it; False, recording nothing, when it was recorded already."""
        now = self.now()
        try:
            with self._writer.begin() as conn:
                conn.execute(sa.insert(mail_received).values(
                    message_id=message_id, game_id=game_id, sender=sender, received=now,
                    outcome=outcome))
                if reply is not None:
                    self._queue(conn, f"reply:{message_id}", game_id, *reply, now)
        except sa.exc.IntegrityError:
            return False  # another copy of the message was handled meanwhile
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"record a message failed: {exc}") from exc
        return True

    # -- the outbox --------------------------------------------------------------
    def queue(self, key: str, game_id: str | None, recipient: str, message: str) -> bool:
        """Queue a message to send; False when one of this key was queued before."""
        try:
            with self._writer.begin() as conn:
                self._queue(conn, key, game_id, recipient, message, self.now())
        except sa.exc.IntegrityError:
            return False
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"queue a message failed: {exc}") from exc
        return True

    @staticmethod
    def _queue(conn: Connection, key: str, game_id: str | None, recipient: str,
               message: str, now: datetime) -> None:
        conn.execute(sa.insert(mail_outbox).values(
            key=key, game_id=game_id, recipient=recipient, message=message, created=now,
            attempts=0, next_try=now))

    def due(self, limit: int = 100) -> list[Outgoing]:
        """Messages to send now, oldest first."""
        with self._read("read the outbox") as conn:
            rows = conn.execute(
                sa.select(mail_outbox).where(mail_outbox.c.sent.is_(None),
                                             mail_outbox.c.next_try <= self.now())
                .order_by(mail_outbox.c.next_try, mail_outbox.c.key).limit(limit)).all()
        return [Outgoing(r.key, r.recipient, r.message, r.attempts) for r in rows]

    def unsent(self) -> int:
        """How many messages wait in the outbox."""
        with self._read("count the outbox") as conn:
            count = conn.execute(sa.select(sa.func.count()).select_from(mail_outbox)
                                 .where(mail_outbox.c.sent.is_(None))).scalar_one()
        return int(count)

    def sent(self, key: str) -> None:
        """The relay took the message of ``key``."""
        with self._write("mark a message sent") as conn:
            conn.execute(sa.update(mail_outbox).where(mail_outbox.c.key == key)
                         .values(sent=self.now()))

    def failed(self, item: Outgoing, error: str) -> None:
        """The relay did not take it: try again later."""
        wait = RETRY_AFTER[min(item.attempts, len(RETRY_AFTER) - 1)]
        with self._write("note a failed sending") as conn:
            conn.execute(sa.update(mail_outbox).where(mail_outbox.c.key == item.key).values(
                attempts=item.attempts + 1, next_try=self.now() + wait,
                last_error=error[:1000]))

    def outbox(self, game_id: str | None = None) -> list[tuple[str, str, bool]]:
        """Every queued message as (key, recipient, sent), oldest first."""
        query = sa.select(mail_outbox.c.key, mail_outbox.c.recipient, mail_outbox.c.sent)
        if game_id is not None:
            query = query.where(mail_outbox.c.game_id == game_id)
        with self._read("read the outbox") as conn:
            rows = conn.execute(query.order_by(mail_outbox.c.created, mail_outbox.c.key)).all()
        return [(r.key, r.recipient, r.sent is not None) for r in rows]

    # -- reports -----------------------------------------------------------------
    def games_with_addresses(self) -> list[str]:
        """The games with at least one verified address: those that reports go to."""
        with self._read("list the games played by mail") as conn:
            rows = conn.execute(sa.select(mail_addresses.c.game_id).distinct()
                                .where(mail_addresses.c.verified.is_(True))
                                .order_by(mail_addresses.c.game_id)).all()
        return [str(r.game_id) for r in rows]

    def report_mark(self, game_id: str) -> ReportMark:
        """How far ``game_id``'s reports went (nothing reported yet: no row)."""
        with self._read("read a game's reports") as conn:
            row = conn.execute(sa.select(mail_reports)
                               .where(mail_reports.c.game_id == game_id)).first()
        if row is None:
            return ReportMark(None, 0, None, 0)
        return ReportMark(row.digest, int(row.reported_seq), row.reported_at, int(row.reports))

    def set_digest(self, game_id: str, digest: str | None, head: int) -> None:
        """Set ``game_id``'s digest (None: none). A game's first digest setting marks
        its log reported up to ``head``, now: its first digest is of what follows."""
        with self._write("set a game's digest") as conn:
            if conn.execute(sa.select(games.c.id).where(games.c.id == game_id)).first() is None:
                raise GameNotFound(game_id)
            found = conn.execute(sa.select(mail_reports.c.reported_at)
                                 .where(mail_reports.c.game_id == game_id)).first()
            if found is None:
                conn.execute(sa.insert(mail_reports).values(
                    game_id=game_id, digest=digest, reported_seq=head,
                    reported_at=self.now(), reports=0))
                return
            values: dict[str, object] = {"digest": digest}
            if found.reported_at is None:
                values["reported_at"] = self.now()
            conn.execute(sa.update(mail_reports).where(mail_reports.c.game_id == game_id)
                         .values(**values))

    def queue_report(self, game_id: str, mark: ReportMark, upto: int, at: datetime,
                     messages: list[tuple[str, str, str]]) -> int:
        """Queue report ``mark.reports + 1`` of ``game_id`` (messages as key, recipient,
        text) and mark the log reported up to ``upto``, in one transaction; how many
        were queued (0 when another gateway made this report meanwhile)."""
        moved = {"reported_seq": upto, "reported_at": at.replace(microsecond=0),
                 "reports": mark.reports + 1}
        try:
            with self._writer.begin() as conn:
                exists = conn.execute(sa.select(mail_reports.c.game_id).where(
                    mail_reports.c.game_id == game_id)).first() is not None
                if not exists:
                    conn.execute(sa.insert(mail_reports).values(game_id=game_id, **moved))
                # Only from the mark read: a report made meanwhile has moved it.
                elif conn.execute(sa.update(mail_reports).where(
                        mail_reports.c.game_id == game_id,
                        mail_reports.c.reports == mark.reports).values(**moved)).rowcount != 1:
                    return 0
                for key, recipient, message in messages:
                    self._queue(conn, key, game_id, recipient, message, self.now())
        except sa.exc.IntegrityError:
            return 0  # the same report was queued meanwhile
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"queue a report failed: {exc}") from exc
        return len(messages)
