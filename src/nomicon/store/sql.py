"""The game store: games, their append-only event logs and state snapshots.

Built on SQLAlchemy Core. Every write runs in one transaction that, on SQLite,
starts with ``BEGIN IMMEDIATE`` (see :mod:`nomicon.store.engine`); on
PostgreSQL the conditional ``UPDATE`` that moves the game's head locks its row. A
writer therefore checks the head and appends under the same lock, and of two
writers racing for the same seq exactly one succeeds; the other gets
:class:`SeqConflict`.

An append may carry, in the same transaction: an idempotency key (the request
that committed the batch cannot commit another), the game's new dice secret, its
new summary (meta), a snapshot of the state after the batch, and the chart points
it kept. On PostgreSQL all of it is one statement, sent in one round trip (see
:mod:`nomicon.store.pgappend`); on SQLite, where a round trip costs nothing, a
transaction of a few. Opening a game reads the newest snapshot and the events after
it (:meth:`SqlStore.load_tail`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from . import series as kept_series
from . import validate
from .engine import WRITE, create_store_engine, default_url, to_url
from .errors import (
    DuplicateGame,
    GameNotFound,
    InvalidInput,
    KeyUsed,
    SeqConflict,
    StoreError,
)
from .locks import WriteLocks
from .migrate import upgrade_engine
from .protocol import Store
from .records import KEEP, Claim, GameRecord, Idempotency, Keep, Kept, LoadedGame, Point
from .schema import UTCDateTime
from .schema import events as events_t
from .schema import games as games_t
from .schema import idempotency as idempotency_t
from .schema import snapshots as snapshots_t

if TYPE_CHECKING:
    from .pgappend import Appender

__all__ = ["SqlStore", "default_url", "open_store"]


def _record(row: sa.Row[Any]) -> GameRecord:
    return GameRecord(
        id=row.id,
        pack=row.pack,
        created=row.created,
        meta=dict(row.meta),
        secret=row.secret,
        head=row.head,
        next_due=row.next_due,
        parent=row.parent,
    )


#: In a transaction of several statements (SQLite's), a batch of at most this many
#: events is written by one INSERT with a row of values for each; a larger one, rare,
#: by executemany. Either way well inside SQLite's limit on bound values (32,766: 5
#: columns an event).
ONE_STATEMENT = 256


def _insert_events(conn: Connection, rows: list[dict[str, Any]]) -> None:
    if len(rows) <= ONE_STATEMENT:
        conn.execute(sa.insert(events_t).values(rows))
    else:
        conn.execute(sa.insert(events_t), rows)


def _event_rows(game_id: str, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"game_id": game_id, "seq": e["seq"], "time": e["time"], "type": e["type"], "body": e}
        for e in batch
    ]


def _snapshot_row(game_id: str, event: Mapping[str, Any],
                  state: Mapping[str, Any]) -> dict[str, Any]:
    digest = event.get("hash")
    return {"game_id": game_id, "seq": event["seq"], "state": dict(state),
            "hash": digest if isinstance(digest, str) else None}


def _claim_of(game_id: str, idempotency: Idempotency, row: sa.Row[Any]) -> Claim | None:
    """The claim in a row of :data:`_CLAIM`; None if the key is unused."""
    if row.first_seq is None:
        return None
    return Claim(game_id, idempotency.caller, idempotency.key, int(row.first_seq),
                 int(row.last_seq), dict(row.result))


# The statements of the hot paths (acting, opening), built once.
_SELECT_EVENTS = (
    sa.select(events_t.c.body)
    .where(events_t.c.game_id == sa.bindparam("game_id"),
           events_t.c.seq > sa.bindparam("after"), events_t.c.seq <= sa.bindparam("upto"))
    .order_by(events_t.c.seq)
)

_CLAIM = (
    sa.select(games_t.c.id, games_t.c.head, idempotency_t)
    .select_from(games_t.outerjoin(idempotency_t, sa.and_(
        idempotency_t.c.game_id == games_t.c.id, idempotency_t.c.caller == sa.bindparam("caller"),
        idempotency_t.c.key == sa.bindparam("key"))))
    .where(games_t.c.id == sa.bindparam("game_id"))
)


def _load_tail_statement(bounded: bool) -> sa.Select[Any]:
    """The game row with its newest usable snapshot (at or before ``:upto`` if bounded)."""
    usable = snapshots_t.alias("usable")
    newest = (
        sa.select(sa.func.max(usable.c.seq))
        .where(usable.c.game_id == games_t.c.id, usable.c.seq >= 1, usable.c.hash.is_not(None),
               *([usable.c.seq <= sa.bindparam("upto")] if bounded else []))
        .correlate(games_t)
        .scalar_subquery()
    )
    return (
        sa.select(games_t, snapshots_t.c.seq.label("snapshot_seq"), snapshots_t.c.state,
                  snapshots_t.c.hash.label("snapshot_hash"))
        .select_from(games_t.outerjoin(snapshots_t, sa.and_(
            snapshots_t.c.game_id == games_t.c.id, snapshots_t.c.seq == newest)))
        .where(games_t.c.id == sa.bindparam("game_id"))
    )


_LOAD_TAIL = _load_tail_statement(bounded=False)
_LOAD_TAIL_UPTO = _load_tail_statement(bounded=True)


class SqlStore:
    """Game store on a SQLAlchemy database URL: SQLite or PostgreSQL (psycopg 3).

    Opening the store upgrades the schema to the newest migration. The store is
    safe to share between threads and between processes using the same database.
    """

    def __init__(self, url: str | os.PathLike[str]) -> None:
        self._url = to_url(url)
        self._closed = False
        self._engine: Engine = create_store_engine(self._url)
        self._writer: Engine = self._engine.execution_options(**{WRITE: True})
        # PostgreSQL reads need no transaction (it would cost two round trips): each
        # query sees committed data, and what a read combines (a head, then events
        # or snapshots up to it) was committed before the head it read.
        self._reader: Engine = (
            self._engine.execution_options(isolation_level="AUTOCOMMIT")
            if self._engine.dialect.name == "postgresql" else self._engine
        )
        # PostgreSQL appends a batch in one statement, its own transaction (see
        # .pgappend, imported here: a SQLite store does not load PostgreSQL's dialect);
        # SQLite, which cannot write in a WITH, in a transaction of several.
        self._appender: Appender | None = None
        if self._engine.dialect.name == "postgresql":
            from .pgappend import Appender

            self._appender = Appender(self._engine)
        self._locks = WriteLocks(self._engine)
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
        return self._reader.connect()

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

    @contextmanager
    def write_lock(self, game_id: str) -> Iterator[bool]:
        """Hold the game's write lock (see :mod:`nomicon.store.locks`): writers that
        take it around read-act-append take turns instead of racing. Advisory: yields
        False when it could not be had in time, and the caller goes ahead anyway."""
        if self._closed:
            raise StoreError("store is closed")
        with self._locks.hold(game_id) as held:
            yield held

    @contextmanager
    def try_write_lock(self, game_id: str) -> Iterator[bool]:
        """The game's write lock if it is free now, without waiting: yields False when
        another writer holds it (a server's timer sweep then leaves the game to that
        writer), and True when it is held or the store has no such lock."""
        if self._closed:
            raise StoreError("store is closed")
        with self._locks.hold(game_id, wait=False) as held:
            yield held or not self._locks.exists

    # -- games ----------------------------------------------------------------

    def create_game(self, record: GameRecord, events: Sequence[Mapping[str, Any]] = (), *,
                    snapshot: Mapping[str, Any] | None = None,
                    series: Mapping[int, Sequence[Point]] | None = None) -> None:
        """Store a new game with its first events (seq 1, 2, ...), atomically.

        ``record.head`` is ignored: the stored head is the seq of the last event
        (0 without events). Raises :class:`DuplicateGame` if the id is taken.
        ``snapshot`` is the state after the last event (an imported game's).
        ``series`` are the charted measures each batch of the events wrote, by the seq
        of the batch's last event (see :meth:`append`); without them the game's series
        starts after its head (its charts are folded from the log).
        """
        validate.record(record)
        batch = validate.events(events)
        validate.contiguous(record.id, batch, head=0)
        if snapshot is not None:
            validate.json_mapping("snapshot", snapshot)
            if not batch:
                raise InvalidInput("a snapshot needs at least one event")
        head = batch[-1]["seq"] if batch else 0
        points = {at: kept_series.check(found) for at, found in (series or {}).items()}
        if any(not 1 <= at <= head for at in points):
            raise InvalidInput(f"series points must be at seqs 1..{head}")
        row = {
            "id": record.id,
            "pack": record.pack,
            "created": record.created,
            "meta": dict(record.meta),
            "secret": record.secret,
            "head": head,
            "next_due": record.next_due,
            "series_from": head if series is None else 0,
            "parent": record.parent,
        }
        with self._guard("create_game"):
            try:
                with self._write() as conn:
                    if self._head(conn, record.id) is not None:
                        raise DuplicateGame(record.id)
                    conn.execute(sa.insert(games_t), row)
                    if batch:
                        conn.execute(sa.insert(events_t), _event_rows(record.id, batch))
                    if snapshot is not None:
                        conn.execute(sa.insert(snapshots_t),
                                     _snapshot_row(record.id, batch[-1], snapshot))
                    for at, found in sorted(points.items()):
                        kept_series.keep(conn, record.id, at, found)
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

    def games_page(self, after: str | None = None, limit: int = 50) -> list[GameRecord]:
        """A page of games, newest first (by creation time, then id): at most ``limit``,
        those listed after game ``after`` (None: from the newest).

        The cursor is the last game of the previous page, so a game made between two
        reads neither shifts the pages nor is listed twice; each page is one indexed
        range read, whatever the number of games."""
        if limit < 1:
            raise InvalidInput("limit must be at least 1")
        order = (games_t.c.created, games_t.c.id)
        stmt = sa.select(games_t).order_by(*(c.desc() for c in order)).limit(limit)
        with self._guard("games_page"), self._read() as conn:
            if after is not None:
                created = conn.execute(sa.select(games_t.c.created)
                                       .where(games_t.c.id == after)).scalar_one_or_none()
                if created is None:
                    raise InvalidInput(f"there is no game {after!r} to list the games after")
                # A row-value comparison: one range of the (created, id) index.
                stmt = stmt.where(sa.tuple_(*order) < sa.tuple_(
                    sa.literal(created, UTCDateTime()), sa.literal(after)))
            return [_record(row) for row in conn.execute(stmt)]

    def chart(self, game_id: str, viewer: str, samples: int) -> Kept | None:
        """The game's kept measures at up to ``samples`` moments spread over its log, as
        ``viewer`` saw them (see :mod:`.series`); None when the game's measures were
        not kept from its start (stored before they were kept, or imported)."""
        stmt = sa.select(games_t.c.head, games_t.c.series_from).where(games_t.c.id == game_id)
        with self._guard("chart"), self._read() as conn:
            row = conn.execute(stmt).one_or_none()
            if row is None:
                raise GameNotFound(game_id)
            if row.series_from:
                return None
            return kept_series.read(conn, game_id, int(row.head), viewer, samples)

    def due_games(self, now: datetime, limit: int = 100) -> list[str]:
        """The games with a timer due at or before ``now``, the longest due first (at
        most ``limit``): one query on the indexed ``next_due`` column, whatever the
        number of games."""
        if limit < 1:
            raise InvalidInput("limit must be at least 1")
        stmt = (sa.select(games_t.c.id)
                .where(games_t.c.next_due.is_not(None), games_t.c.next_due <= now)
                .order_by(games_t.c.next_due, games_t.c.id).limit(limit))
        with self._guard("due_games"), self._read() as conn:
            return [str(row.id) for row in conn.execute(stmt)]

    def set_next_due(self, game_id: str, next_due: datetime | None, *, head: int) -> bool:
        """Record when the game's next timer falls due, as computed from the state at
        event ``head``; nothing is written (False) when the log has moved on since,
        since the writer that moved it recorded a newer time with its batch."""
        stmt = (sa.update(games_t)
                .where(games_t.c.id == game_id, games_t.c.head == head)
                .values(next_due=next_due))
        with self._guard("set_next_due"), self._write() as conn:
            return bool(conn.execute(stmt).rowcount == 1)

    def update_meta(self, game_id: str, meta: Mapping[str, Any]) -> None:
        """Replace the game's meta dict."""
        validate.json_mapping("meta", meta)
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

    def append(
        self,
        game_id: str,
        events: Sequence[Mapping[str, Any]],
        *,
        idempotency: Idempotency | None = None,
        secret: str | None = None,
        meta: Mapping[str, Any] | None = None,
        snapshot: Mapping[str, Any] | None = None,
        next_due: datetime | Keep | None = KEEP,
        series: Sequence[Point] = (),
    ) -> int:
        """Append events continuing the log; atomically; returns the new head.

        The first event's seq must be the current head + 1 and the batch must be
        contiguous, otherwise :class:`SeqConflict` is raised and nothing is written.
        In the same transaction: ``idempotency`` records the key with the batch's
        seqs (:class:`KeyUsed` if the key was used before: nothing is written, however
        the head stands); ``secret`` replaces the dice secret (None keeps it);
        ``meta`` replaces the game's meta; ``snapshot`` is stored as the state after
        the last event of the batch; ``next_due`` is when the game's next timer falls
        due after the batch (None: none; :data:`KEEP`, the default: unchanged);
        ``series`` are the charted measures the batch wrote (:mod:`.series`).
        """
        batch, points, game = self._checked(events, idempotency, secret, meta, snapshot,
                                            next_due, series)
        if not batch:
            return self.get_game(game_id).head
        first, last = batch[0]["seq"], batch[-1]["seq"]
        validate.contiguous(game_id, batch, head=first - 1)
        with self._guard("append"):
            try:
                if self._appender is not None:
                    if not self._appender.append(game_id, batch, game=game,
                                                 idempotency=idempotency, snapshot=snapshot,
                                                 points=points):
                        raise self._lost(game_id, first - 1, idempotency)
                else:
                    self._append_in_transaction(game_id, batch, game, idempotency, snapshot,
                                                points)
            except sa.exc.IntegrityError:
                # Another writer inserted one of these seqs (or this key) first.
                raise self._lost(game_id, first - 1, idempotency, "seq already taken") from None
        return int(last)

    @staticmethod
    def _checked(events: Sequence[Mapping[str, Any]], idempotency: Idempotency | None,
                 secret: str | None, meta: Mapping[str, Any] | None,
                 snapshot: Mapping[str, Any] | None, next_due: datetime | Keep | None,
                 series: Sequence[Point]) -> tuple[list[dict[str, Any]], Sequence[Point],
                                                   dict[str, Any]]:
        """An append's arguments checked: the batch, its points and the game's columns
        to replace (an empty batch carries nothing else)."""
        batch = validate.events(events)
        points = kept_series.check(series)
        if idempotency is not None:
            validate.caller(idempotency.caller)
            validate.key(idempotency.key)
            validate.json_mapping("idempotency result", idempotency.result)
        if secret is not None and not isinstance(secret, str):
            raise InvalidInput("secret must be a str or None")
        if meta is not None:
            validate.json_mapping("meta", meta)
        if snapshot is not None:
            validate.json_mapping("snapshot", snapshot)
        if next_due is not KEEP and next_due is not None and not isinstance(next_due, datetime):
            raise InvalidInput("next_due must be a datetime, None or KEEP")
        if not batch and ((idempotency, secret, meta, snapshot) != (None, None, None, None)
                          or points):
            raise InvalidInput("an empty batch cannot carry a key, secret, meta, snapshot "
                               "or series")
        game: dict[str, Any] = {}
        if secret is not None:
            game["secret"] = secret
        if meta is not None:
            game["meta"] = dict(meta)
        if not isinstance(next_due, Keep):
            game["next_due"] = next_due
        return batch, points, game

    def append_batches(
        self,
        game_id: str,
        batches: Sequence[tuple[Sequence[Mapping[str, Any]], Sequence[Point]]],
        *,
        secret: str | None = None,
        meta: Mapping[str, Any] | None = None,
        snapshot: Mapping[str, Any] | None = None,
        next_due: datetime | Keep | None = KEEP,
    ) -> int:
        """Append several batches continuing the log, in one transaction; the new head.

        Each batch is ``(events, series)``, its points kept at its own last event, as
        :meth:`append` would keep them; the batches must follow one another. The
        game's ``secret``, ``meta`` and ``next_due`` are replaced as they stand after
        the last batch, and ``snapshot`` is the state after it. Nothing is written
        unless all of it is (:class:`SeqConflict` when the first batch does not follow
        the head).
        """
        # One transaction for many batches: a game catching up on a long idle time
        # fires thousands of timers, each its own batch, and a durable commit each
        # would cost more than the batches themselves.
        checked = [self._checked(events, None, None, None, None, KEEP, series)
                   for events, series in batches]
        checked = [one for one in checked if one[0]]
        if not checked:
            return self.get_game(game_id).head
        _, _, game = self._checked(checked[-1][0], None, secret, meta, snapshot, next_due, ())
        everything = [event for batch, _, _ in checked for event in batch]
        first, last = everything[0]["seq"], everything[-1]["seq"]
        validate.contiguous(game_id, everything, head=first - 1)
        with self._guard("append"):
            try:
                with self._write() as conn:
                    # The batches' events in one statement, then each one's points at
                    # its own last event, as appending them one by one would keep them.
                    self._append_on(conn, game_id, everything, game, None, snapshot, ())
                    for batch, points, _ in checked:
                        kept_series.keep(conn, game_id, batch[-1]["seq"], points)
            except sa.exc.IntegrityError:
                raise self._lost(game_id, first - 1, None, "seq already taken") from None
        return int(last)

    def _append_in_transaction(self, game_id: str, batch: list[dict[str, Any]],
                               game: dict[str, Any], idempotency: Idempotency | None,
                               snapshot: Mapping[str, Any] | None,
                               points: Sequence[Point]) -> None:
        """Append a checked batch in a write transaction of several statements."""
        with self._write() as conn:
            self._append_on(conn, game_id, batch, game, idempotency, snapshot, points)

    def _append_on(self, conn: Connection, game_id: str, batch: list[dict[str, Any]],
                   game: dict[str, Any], idempotency: Idempotency | None,
                   snapshot: Mapping[str, Any] | None, points: Sequence[Point]) -> None:
        """Append a checked batch in the write transaction of ``conn``."""
        first, last = batch[0]["seq"], batch[-1]["seq"]
        # Moving the head checks it and locks the game row in one statement.
        moved = conn.execute(
            sa.update(games_t)
            .where(games_t.c.id == game_id, games_t.c.head == first - 1)
            .values(head=last, **game)
        ).rowcount
        if moved != 1:
            head = self._require_head(conn, game_id)
            used = idempotency and self._claim(conn, game_id, idempotency)
            if used:
                raise KeyUsed(used)
            raise SeqConflict(game_id, first - 1, head)
        if idempotency is not None and not self._record_key(
                conn, game_id, idempotency, first, last):
            used = self._claim(conn, game_id, idempotency)
            assert used is not None
            raise KeyUsed(used)
        _insert_events(conn, _event_rows(game_id, batch))
        if snapshot is not None:
            # One left from a log that was cut back (a restored backup) goes.
            conn.execute(sa.delete(snapshots_t).where(
                snapshots_t.c.game_id == game_id, snapshots_t.c.seq == last))
            conn.execute(sa.insert(snapshots_t),
                         _snapshot_row(game_id, batch[-1], snapshot))
        kept_series.keep(conn, game_id, last, points)

    def _lost(self, game_id: str, expected: int, idempotency: Idempotency | None,
              detail: str = "") -> StoreError:
        """Why an append that wrote nothing was refused, read after it (one query): the
        caller's key was used, the game is gone, or its head is not ``expected``."""
        with self._read() as conn:
            if idempotency is None:
                head = self._head(conn, game_id)
                used = None
            else:
                row = conn.execute(_CLAIM, {"game_id": game_id, "caller": idempotency.caller,
                                            "key": idempotency.key}).one_or_none()
                head = None if row is None else int(row.head)
                used = None if row is None else _claim_of(game_id, idempotency, row)
        if head is None:
            return GameNotFound(game_id)
        if used is not None:
            return KeyUsed(used)
        return SeqConflict(game_id, expected, head, detail)

    # -- idempotency keys ---------------------------------------------------------

    def claim(self, game_id: str, key: str, *, caller: str) -> Claim | None:
        """What ``caller``'s request with idempotency ``key`` committed, or None if the
        caller has not used the key in this game."""
        validate.caller(caller)
        validate.key(key)
        with self._guard("claim"), self._read() as conn:
            row = conn.execute(_CLAIM, {"game_id": game_id, "caller": caller,
                                        "key": key}).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return _claim_of(game_id, Idempotency(caller, key), row)

    @staticmethod
    def _claim(conn: Connection, game_id: str, idempotency: Idempotency) -> Claim | None:
        row = conn.execute(
            sa.select(idempotency_t).where(
                idempotency_t.c.game_id == game_id,
                idempotency_t.c.caller == idempotency.caller,
                idempotency_t.c.key == idempotency.key)
        ).one_or_none()
        if row is None:
            return None
        return Claim(game_id, idempotency.caller, idempotency.key, int(row.first_seq),
                     int(row.last_seq), dict(row.result))

    @staticmethod
    def _record_key(conn: Connection, game_id: str, idempotency: Idempotency, first: int,
                    last: int) -> bool:
        """Insert the key unless it is there already; whether it was inserted."""
        row = {"game_id": game_id, "caller": idempotency.caller, "key": idempotency.key,
               "first_seq": first,
               "last_seq": last, "result": dict(idempotency.result)}
        # (PostgreSQL appends through .pgappend.) The dialect's insert is imported here.
        if conn.dialect.name == "sqlite":
            from sqlalchemy.dialects import sqlite

            insert = sqlite.insert(idempotency_t).values(row).on_conflict_do_nothing()
            return bool(conn.execute(insert).rowcount == 1)
        if SqlStore._claim(conn, game_id, idempotency) is not None:
            return False
        conn.execute(sa.insert(idempotency_t), row)
        return True

    def load(self, game_id: str) -> tuple[GameRecord, list[dict[str, Any]]]:
        """The game record and its whole log, read consistently."""
        with self._guard("load"), self._read() as conn:
            row = conn.execute(sa.select(games_t).where(games_t.c.id == game_id)).one_or_none()
            if row is None:
                raise GameNotFound(game_id)
            record = _record(row)
            log = self._select_events(conn, game_id, 0, record.head)
        return record, log

    def load_tail(self, game_id: str, upto: int | None = None) -> LoadedGame:
        """The record, the newest snapshot at or before ``upto`` (default: the head)
        and the events from it to ``upto``; see :class:`LoadedGame`.

        A snapshot is used only if the event at its seq still has the hash recorded
        with it; otherwise (or without one) the events are the whole log up to
        ``upto``. Reads one snapshot and the events after it, not the whole log.
        """
        if upto is not None:
            validate.seq("upto", upto, minimum=0)
        # The game row and its newest usable snapshot in one query; then the events.
        stmt = _LOAD_TAIL if upto is None else _LOAD_TAIL_UPTO
        params: dict[str, Any] = {"game_id": game_id}
        if upto is not None:
            params["upto"] = upto
        with self._guard("load_tail"), self._read() as conn:
            row = conn.execute(stmt, params).one_or_none()
            if row is None:
                raise GameNotFound(game_id)
            record = _record(row)
            limit = record.head if upto is None else min(upto, record.head)
            if row.snapshot_seq is not None:
                events = self._select_events(conn, game_id, row.snapshot_seq - 1, limit)
                if events and events[0].get("hash") == row.snapshot_hash:
                    return LoadedGame(record, (int(row.snapshot_seq), dict(row.state)), events)
            return LoadedGame(record, None, self._select_events(conn, game_id, 0, limit))

    def load_since(self, game_id: str, seq: int) -> tuple[GameRecord, list[dict[str, Any]]]:
        """The record and the events from ``seq`` (included) to the head, read together:
        what a reader that knows the game up to ``seq`` needs to catch up (and to check,
        by the first event's hash, that the log it knows is still the one stored)."""
        validate.seq("seq", seq, minimum=1)
        with self._guard("load_since"), self._read() as conn:
            row = conn.execute(sa.select(games_t).where(games_t.c.id == game_id)).one_or_none()
            if row is None:
                raise GameNotFound(game_id)
            record = _record(row)
            return record, self._select_events(conn, game_id, seq - 1, record.head)

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
        rows = conn.execute(_SELECT_EVENTS, {"game_id": game_id, "after": after, "upto": upto})
        return [dict(body) for body in rows.scalars()]

    # -- snapshots --------------------------------------------------------------

    def save_snapshot(self, game_id: str, seq: int, state: Mapping[str, Any]) -> None:
        """Store the state as of event ``seq`` (0 <= seq <= head); replaces one at that seq."""
        validate.seq("seq", seq, minimum=0)
        validate.json_mapping("state", state)
        key = (snapshots_t.c.game_id == game_id, snapshots_t.c.seq == seq)
        with self._guard("save_snapshot"), self._write() as conn:
            head = self._require_head(conn, game_id, lock=True)
            if seq > head:
                raise InvalidInput(f"snapshot seq {seq} is beyond head {head} of game {game_id!r}")
            body = conn.execute(
                sa.select(events_t.c.body).where(events_t.c.game_id == game_id,
                                                 events_t.c.seq == seq)
            ).scalar_one_or_none()
            conn.execute(sa.delete(snapshots_t).where(*key))
            conn.execute(sa.insert(snapshots_t),
                         _snapshot_row(game_id, body or {"seq": seq}, state))

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


#: The SQL store is a :class:`Store` (the type checker holds it to the protocol here).
_A_STORE: type[Store] = SqlStore


def open_store(url: str | os.PathLike[str] | None = None) -> SqlStore:
    """Open the store at ``url``; None means ``$NOMICON_DB`` or ``sqlite:///nomicon.db``."""
    return SqlStore(default_url() if url is None else url)
