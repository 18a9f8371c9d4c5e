"""Game store: game records plus append-only event logs.

:class:`Store` is what a store does, whatever keeps the games, and its records are
plain data (:mod:`nomicon.store.records`). :class:`SqlStore` keeps them on
SQLAlchemy Core, on SQLite (WAL, ``BEGIN IMMEDIATE`` writers; the embedded default)
or PostgreSQL (psycopg 3; the game row is locked while a writer appends). Its schema
is managed by Alembic migrations shipped in ``nomicon/store/migrations``; opening a
:class:`SqlStore` upgrades the database to the newest revision (``nomicon db
upgrade`` does it explicitly).
"""

from .engine import create_store_engine, default_url, to_url
from .errors import (
    DuplicateGame,
    GameNotFound,
    InvalidInput,
    KeyUsed,
    SeqConflict,
    StoreError,
)
from .history import LazyLog
from .migrate import current_revision, head_revision, upgrade
from .protocol import Store
from .records import KEEP, Claim, GameRecord, Idempotency, Keep, Kept, LoadedGame, Point
from .sql import SqlStore, open_store

__all__ = [
    "KEEP",
    "Claim",
    "DuplicateGame",
    "GameNotFound",
    "GameRecord",
    "Idempotency",
    "InvalidInput",
    "Keep",
    "Kept",
    "KeyUsed",
    "LazyLog",
    "LoadedGame",
    "Point",
    "SeqConflict",
    "SqlStore",
    "Store",
    "StoreError",
    "create_store_engine",
    "current_revision",
    "default_url",
    "head_revision",
    "open_store",
    "to_url",
    "upgrade",
]
