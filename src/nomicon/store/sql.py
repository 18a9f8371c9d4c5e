"""The game store: games, their append-only event logs and state snapshots.

Built on SQLAlchemy Core. Every write runs in one transaction that, on SQLite,
starts with ``BEGIN IMMEDIATE`` (see :mod:`nomicon.store.engine`); on
PostgreSQL the game row is locked with ``SELECT ... FOR UPDATE``. A writer
therefore checks the head and appends under the same lock, and of two writers
racing for the same seq exactly one succeeds; the other gets :class:`SeqConflict`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from . import validate
from .engine import WRITE, create_store_engine, default_url, to_url
from .errors import DuplicateGame, GameNotFound, InvalidInput, SeqConflict, StoreError
from .migrate import upgrade_engine
from .schema import events as events_t
from .schema import games as games_t
from .schema import snapshots as snapshots_t

__all__ = ["GameRecord", "SqlStore", "default_url", "open_store"]


@dataclass
class GameRecord:
    """A game's row. ``head`` is maintained by the store (the seq of the last event)."""

    id: str
    pack: str
    created: datetime  # tz-aware UTC
    meta: dict[str, Any] = field(default_factory=dict)  # players, params, seed commitment...
    secret: str | None = None  # hex seed secret; never shown to players, kept by the store
    head: int = 0


def _record(row: sa.Row[Any]) -> GameRecord:
    return GameRecord(
        id=row.id,
        pack=row.pack,
        created=row.created,
        meta=dict(row.meta),
        secret=row.secret,
        head=row.head,
    )


def _event_rows(game_id: str, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "seq": e["seq"], "time": e["time"], "type": e["type"], "body": e}
        for e in batch
    ]


class SqlStore:
    """Game store on any SQLAlchemy database URL (SQLite now, PostgreSQL-ready).

    Opening the store upgrades the schema to the newest migration. The store is
    safe to share between threads and between processes using the same database.
    """

    def __init__(self, url: str | os.PathLike[str]) -> None:
        self._url = to_url(url)
        self._closed = False
        self._engine: Engine = create_store_engine(self._url)
        self._writer: Engine = self._engine.execution_options(**{WRITE: True})
        try:
            upgrade_engine(self._engine)
        except BaseException:
            self._engine.dispose()
            self._closed = True
            raise

    # -- plumbing -----------------------------------------------------------

    @property
    def url(self) -> str:
        """The database URL (password hidden)."""
        return self._engine.url.render_as_string(hide_password=True)

    @property
    def engine(self) -> Engine:
        """The underlying engine, for diagnostics and tests; do not write through it."""
        return self._engine

    def close(self) -> None:
        """Release every connection. Idempotent; the store is unusable afterwards."""
        if not self._closed:
            self._closed = True
            self._engine.dispose()

    def __enter__(self) -> SqlStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SqlStore({self.url!r})"

    @contextmanager
    def _guard(self, action: str) -> Iterator[None]:
        """Translate SQLAlchemy/driver errors into StoreError subclasses."""
        if self._closed:
            raise StoreError("store is closed")
        try:
            yield
        except sa.exc.DBAPIError as exc:
            raise StoreError(f"{action} failed: {exc.orig}") from exc
        except sa.exc.StatementError as exc:
            # Raised while binding parameters, e.g. by the JSON serialiser.
            if isinstance(exc.orig, TypeError | ValueError):
                raise InvalidInput(f"{action}: cannot store value: {exc.orig}") from exc
            raise StoreError(f"{action} failed: {exc}") from exc
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"{action} failed: {exc}") from exc

    def _read(self) -> Connection:
        """A read-only connection; its transaction is a consistent snapshot on SQLite."""
        return self._engine.connect()

    def _write(self) -> AbstractContextManager[Connection]:
        """A write transaction (``BEGIN IMMEDIATE`` on SQLite), committed on success."""
        return self._writer.begin()

    @staticmethod
    def _head(conn: Connection, game_id: str, *, lock: bool = False) -> int | None:
        stmt = sa.select(games_t.c.head).where(games_t.c.id == game_id)
        if lock:
            stmt = stmt.with_for_update()
        head: int | None = conn.execute(stmt).scalar_one_or_none()
        return head

    def _require_head(self, conn: Connection, game_id: str, *, lock: bool = False) -> int:
        head = self._head(conn, game_id, lock=lock)
        if head is None:
            raise GameNotFound(game_id)
        return head

    # -- games ----------------------------------------------------------------

    def create_game(self, record: GameRecord, events: Sequence[Mapping[str, Any]] = ()) -> None:
        """Store a new game with its first events (seq 1, 2, ...), atomically.

        ``record.head`` is ignored: the stored head is the seq of the last event
        (0 without events). Raises :class:`DuplicateGame` if the id is taken.
        """
        validate.record(record)
        batch = validate.events(events)
        validate.contiguous(record.id, batch, head=0)
        head = batch[-1]["seq"] if batch else 0
        row = {
            "id": record.id,
            "pack": record.pack,
            "created": record.created,
            "meta": dict(record.meta),
            "secret": record.secret,
            "head": head,
        }
        with self._guard("create_game"):
            try:
                with self._write() as conn:
                    if self._head(conn, record.id) is not None:
                        raise DuplicateGame(record.id)
                    conn.execute(sa.insert(games_t), row)
                    if batch:
                        conn.execute(sa.insert(events_t), _event_rows(record.id, batch))
            except sa.exc.IntegrityError:
                # A concurrent creator won (PostgreSQL: unique violation on the id).
                if self._exists(record.id):
                    raise DuplicateGame(record.id) from None
                raise

    def _exists(self, game_id: str) -> bool:
        with self._read() as conn:
            return self._head(conn, game_id) is not None

    def get_game(self, game_id: str) -> GameRecord:
        with self._guard("get_game"), self._read() as conn:
            row = conn.execute(sa.select(games_t).where(games_t.c.id == game_id)).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return _record(row)

    def list_games(self) -> list[GameRecord]:
        """All games, oldest first."""
        stmt = sa.select(games_t).order_by(games_t.c.created, games_t.c.id)
        with self._guard("list_games"), self._read() as conn:
            return [_record(row) for row in conn.execute(stmt)]

    def update_meta(self, game_id: str, meta: Mapping[str, Any]) -> None:
        """Replace the game's meta dict."""
        validate.mapping("meta", meta)
        self._update(game_id, "update_meta", meta=dict(meta))

    def set_secret(self, game_id: str, secret: str | None) -> None:
        if secret is not None and not isinstance(secret, str):
            raise InvalidInput("secret must be a str or None")
        self._update(game_id, "set_secret", secret=secret)

    def _update(self, game_id: str, action: str, **values: Any) -> None:
        stmt = sa.update(games_t).where(games_t.c.id == game_id).values(**values)
        with self._guard(action), self._write() as conn:
            if conn.execute(stmt).rowcount == 0:
                raise GameNotFound(game_id)

    # -- events ---------------------------------------------------------------

    def append(self, game_id: str, events: Sequence[Mapping[str, Any]]) -> int:
        """Append events continuing the log; atomically; returns the new head.

        The first event's seq must be the current head + 1 and the batch must be
        contiguous, otherwise :class:`SeqConflict` is raised and nothing is written.
        """
        batch = validate.events(events)
        if not batch:
            return self.get_game(game_id).head
        first, last = batch[0]["seq"], batch[-1]["seq"]
        validate.contiguous(game_id, batch, head=first - 1)
        with self._guard("append"):
            try:
                with self._write() as conn:
                    head = self._require_head(conn, game_id, lock=True)
                    if head != first - 1:
                        raise SeqConflict(game_id, first - 1, head)
                    conn.execute(sa.insert(events_t), _event_rows(game_id, batch))
                    moved = conn.execute(
                        sa.update(games_t)
                        .where(games_t.c.id == game_id, games_t.c.head == head)
                        .values(head=last)
                    ).rowcount
                    if moved != 1:  # cannot happen under the lock; never commit a guess
                        raise SeqConflict(game_id, first - 1, head, "head moved")
            except sa.exc.IntegrityError:
                # Another writer inserted one of these seqs first (unique key).
                actual = self._head_now(game_id)
                if actual is None:
                    raise GameNotFound(game_id) from None
                raise SeqConflict(game_id, first - 1, actual, "seq already taken") from None
        return int(last)

    def _head_now(self, game_id: str) -> int | None:
        with self._read() as conn:
            return self._head(conn, game_id)

    def load(self, game_id: str) -> tuple[GameRecord, list[dict[str, Any]]]:
        """The game record and its whole log, read consistently."""
        with self._guard("load"), self._read() as conn:
            row = conn.execute(sa.select(games_t).where(games_t.c.id == game_id)).one_or_none()
            if row is None:
                raise GameNotFound(game_id)
            record = _record(row)
            log = self._select_events(conn, game_id, 0, record.head)
        return record, log

    def events(self, game_id: str, after: int = 0, upto: int | None = None) -> list[dict[str, Any]]:
        """Events with ``after < seq <= upto`` (``upto`` defaults to the head), in order."""
        with self._guard("events"), self._read() as conn:
            head = self._require_head(conn, game_id)
            limit = head if upto is None else min(upto, head)
            return self._select_events(conn, game_id, after, limit)

    @staticmethod
    def _select_events(
        conn: Connection, game_id: str, after: int, upto: int
    ) -> list[dict[str, Any]]:
        if upto <= after:
            return []
        stmt = (
            sa.select(events_t.c.body)
            .where(events_t.c.game_id == game_id, events_t.c.seq > after, events_t.c.seq <= upto)
            .order_by(events_t.c.seq)
        )
        return [dict(body) for body in conn.execute(stmt).scalars()]

    # -- snapshots --------------------------------------------------------------

    def save_snapshot(self, game_id: str, seq: int, state: Mapping[str, Any]) -> None:
        """Store the state as of event ``seq`` (0 <= seq <= head); replaces one at that seq."""
        validate.seq("seq", seq, minimum=0)
        validate.mapping("state", state)
        key = (snapshots_t.c.game_id == game_id, snapshots_t.c.seq == seq)
        with self._guard("save_snapshot"), self._write() as conn:
            head = self._require_head(conn, game_id, lock=True)
            if seq > head:
                raise InvalidInput(f"snapshot seq {seq} is beyond head {head} of game {game_id!r}")
            conn.execute(sa.delete(snapshots_t).where(*key))
            conn.execute(
                sa.insert(snapshots_t), {"game_id": game_id, "seq": seq, "state": dict(state)}
            )

    def latest_snapshot(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """``(seq, state)`` of the newest snapshot, or None if the game has none."""
        stmt = (
            sa.select(snapshots_t.c.seq, snapshots_t.c.state)
            .where(snapshots_t.c.game_id == game_id)
            .order_by(snapshots_t.c.seq.desc())
            .limit(1)
        )
        with self._guard("latest_snapshot"), self._read() as conn:
            self._require_head(conn, game_id)
            row = conn.execute(stmt).one_or_none()
        if row is None:
            return None
        return int(row.seq), dict(row.state)


def open_store(url: str | os.PathLike[str] | None = None) -> SqlStore:
    """Open the store at ``url``; None means ``$NOMICON_DB`` or ``sqlite:///nomicon.db``."""
    return SqlStore(default_url() if url is None else url)
