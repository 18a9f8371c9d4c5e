"""Database URLs and engine construction.

SQLite connections get, on every new DBAPI connection: WAL journal mode,
``foreign_keys=ON``, ``busy_timeout`` 10 s and ``synchronous=FULL``. PostgreSQL
connections get ``lock_timeout`` 10 s: a writer waits for a lock as long as on
SQLite, then fails instead of hanging.
Transaction control follows SQLAlchemy's documented pysqlite recipe: the
driver's own BEGIN handling is switched off and the engine's ``begin`` event
emits ``BEGIN`` itself -- ``BEGIN IMMEDIATE`` for connections carrying the
:data:`WRITE` execution option, so a writer takes the database write lock
before it reads the head it is going to check.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from .errors import StoreError

__all__ = [
    "DEFAULT_URL",
    "ENV_VAR",
    "WRITE",
    "create_store_engine",
    "default_url",
    "json_dumps",
    "to_url",
]

ENV_VAR = "NOMICON_DB"
DEFAULT_URL = "sqlite:///nomicon.db"

#: Execution option marking a connection whose transactions will write.
WRITE = "nomicon_write"

BUSY_TIMEOUT_MS = 10_000

_URL_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*://")


def to_url(url_or_path: str | os.PathLike[str]) -> str:
    """Return a database URL; a plain filesystem path becomes a SQLite URL.

    ``nomicon.db`` -> ``sqlite:///nomicon.db``; ``/var/x.db`` -> ``sqlite:////var/x.db``.
    """
    text = os.fspath(url_or_path)
    if not text:
        raise StoreError("empty database URL")
    if _URL_RE.match(text):
        return text
    return f"sqlite:///{text}"


def default_url() -> str:
    """``$NOMICON_DB`` (a URL or a path) if set, else ``sqlite:///nomicon.db`` in the cwd."""
    env = os.environ.get(ENV_VAR, "").strip()
    return to_url(env) if env else DEFAULT_URL


def json_dumps(value: Any) -> str:
    """Strict JSON: no NaN/Infinity (PostgreSQL rejects them), compact, UTF-8 kept."""
    return json.dumps(value, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def _sqlite_on_connect(dbapi_connection: Any, connection_record: Any) -> None:
    # Take BEGIN/COMMIT away from the sqlite3 module (legacy transaction control);
    # _sqlite_on_begin emits BEGIN, sqlite3 still emits COMMIT/ROLLBACK.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        # busy_timeout first, so that switching to WAL waits for other connections.
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
    finally:
        cursor.close()


def _postgresql_on_connect(dbapi_connection: Any, connection_record: Any) -> None:
    # A session setting, made outside any transaction so that it sticks.
    autocommit = dbapi_connection.autocommit
    dbapi_connection.autocommit = True
    try:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"SET lock_timeout = {BUSY_TIMEOUT_MS}")
        finally:
            cursor.close()
    finally:
        dbapi_connection.autocommit = autocommit


def _sqlite_on_begin(conn: Connection) -> None:
    if conn.get_execution_options().get(WRITE):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def create_store_engine(url: str | os.PathLike[str]) -> Engine:
    """Create an engine for ``url`` (or a path), configured as the store needs it."""
    full = to_url(url)
    try:
        engine = sa.create_engine(full, json_serializer=json_dumps)
    except ImportError as exc:
        raise StoreError(f"database driver not available for {_safe(full)}: {exc}") from exc
    except (sa.exc.SQLAlchemyError, ValueError) as exc:
        raise StoreError(f"invalid database URL {_safe(full)}: {exc}") from exc
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_on_connect)
        event.listen(engine, "begin", _sqlite_on_begin)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "connect", _postgresql_on_connect)
    return engine


def _safe(url: str) -> str:
    """The URL with any password hidden, for messages."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except (sa.exc.SQLAlchemyError, ValueError):
        return "<unparseable URL>"
