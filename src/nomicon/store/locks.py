"""Write locks: the writers of a game take turns instead of racing.

Appending is safe without any lock: the log's key ``(game_id, seq)`` and the head
check make a writer that lost a race fail with ``SeqConflict``, and the game
service retries it on the new state. But when many processes write to one game,
retrying is wasteful and unfair (SQLite's writers poll for the database lock, so
a writer can lose again and again). So the game service takes the game's *write
lock* around each change, from reading the game to appending its events:

- PostgreSQL: a session advisory lock on a key derived from the game id, in
  PostgreSQL's wait queue;
- SQLite: an exclusive ``flock`` on a file beside the database (one lock for all
  its games: SQLite has one writer at a time anyway);
- an in-memory SQLite database, or a system without ``flock``: no lock.

The lock is advisory: nothing else depends on it, so a writer that cannot get it
within :data:`LOCK_WAIT` seconds (the store's lock timeout) goes ahead without it
(and may lose a race, which the retry handles). It is released if its process
dies. A thread that already holds a game's lock (through any store on the same
database) may take it again.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from .engine import BUSY_TIMEOUT_MS
from .errors import StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - not a Unix system: no file lock
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK_WAIT", "WriteLocks"]

#: How long a writer waits for a game's write lock before going ahead without it.
LOCK_WAIT = BUSY_TIMEOUT_MS / 1000

_LOCK_TIMEOUT = "55P03"  # PostgreSQL's SQLSTATE for lock_timeout

# The write locks this thread holds, by identity, with their nesting depth. Kept
# per thread (not per store) so that a thread holding a lock can take it again
# through another store on the same database instead of waiting for itself.
_held = threading.local()


def _depths() -> dict[str, int]:
    depths: dict[str, int] | None = getattr(_held, "depths", None)
    if depths is None:
        depths = _held.depths = {}
    return depths


def _advisory_key(game_id: str) -> int:
    """A game's advisory lock key: 64 bits of a hash of its id."""
    digest = hashlib.sha256(f"nomicon-write:{game_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class WriteLocks:
    """The write locks of the games in one database (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._postgres = engine.dialect.name == "postgresql"
        database = engine.url.database
        self._file: str | None = None
        if (engine.dialect.name == "sqlite" and fcntl is not None and database
                and database != ":memory:" and not database.startswith("file:")):
            self._file = os.path.abspath(database) + "-lock"

    @property
    def exists(self) -> bool:
        """Whether this database has write locks at all (not an in-memory SQLite)."""
        return self._postgres or self._file is not None

    def _identity(self, game_id: str) -> str | None:
        if self._postgres:
            return f"{self._engine.url.render_as_string(hide_password=True)}#{game_id}"
        return self._file

    @contextmanager
    def hold(self, game_id: str, *, wait: bool = True) -> Iterator[bool]:
        """Hold ``game_id``'s write lock; yields whether it is held. ``wait=False``:
        only if it is free now."""
        identity = self._identity(game_id)
        if identity is None:
            yield False
            return
        depths = _depths()
        if identity in depths:
            depths[identity] += 1
            try:
                yield True
            finally:
                depths[identity] -= 1
            return
        acquire = self._advisory if self._postgres else self._flock
        with acquire(game_id, wait) as held:
            if not held:
                yield False
                return
            depths[identity] = 1
            try:
                yield True
            finally:
                del depths[identity]

    @contextmanager
    def _flock(self, game_id: str, wait: bool) -> Iterator[bool]:
        assert self._file is not None and fcntl is not None
        try:
            # Read-only is enough for flock, and lets every user of the database lock.
            fd = os.open(self._file, os.O_RDONLY | os.O_CREAT, 0o644)
        except OSError:
            yield False  # no lock file here (a read-only directory...): go without
            return
        try:
            deadline = time.monotonic() + LOCK_WAIT
            pause = 0.0002
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if not wait or time.monotonic() >= deadline:
                        yield False
                        return
                    time.sleep(pause)
                    pause = min(pause * 2, 0.002)
            yield True
        finally:
            os.close(fd)  # releases the lock

    @contextmanager
    def _advisory(self, game_id: str, wait: bool) -> Iterator[bool]:
        key = _advisory_key(game_id)
        try:
            conn = self._engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"write lock failed: {exc}") from exc
        held = False
        try:
            try:  # waits at most the connection's lock_timeout
                if wait:
                    conn.execute(sa.text("SELECT pg_advisory_lock(:k)"), {"k": key})
                    held = True
                else:
                    held = bool(conn.execute(sa.text("SELECT pg_try_advisory_lock(:k)"),
                                             {"k": key}).scalar_one())
            except sa.exc.OperationalError as exc:
                if getattr(exc.orig, "sqlstate", None) != _LOCK_TIMEOUT:
                    raise StoreError(f"write lock failed: {exc.orig}") from exc
            except sa.exc.SQLAlchemyError as exc:
                raise StoreError(f"write lock failed: {exc}") from exc
            yield held
        finally:
            try:
                if held:
                    conn.execute(sa.text("SELECT pg_advisory_unlock(:k)"), {"k": key})
            except sa.exc.SQLAlchemyError:
                conn.invalidate()  # closing the session releases its locks
            finally:
                conn.close()
