"""Game store: game records plus append-only event logs, on SQLAlchemy Core.

SQLite now (WAL, ``BEGIN IMMEDIATE`` writers), PostgreSQL-ready. The schema is
managed by Alembic migrations shipped in ``nomicon/store/migrations``; opening a
:class:`SqlStore` upgrades the database to the newest revision.
"""

from .engine import create_store_engine, default_url, to_url
from .errors import DuplicateGame, GameNotFound, InvalidInput, SeqConflict, StoreError
from .migrate import current_revision, head_revision, upgrade
from .sql import GameRecord, SqlStore, open_store

__all__ = [
    "DuplicateGame",
    "GameNotFound",
    "GameRecord",
    "InvalidInput",
    "SeqConflict",
    "SqlStore",
    "StoreError",
    "create_store_engine",
    "current_revision",
    "default_url",
    "head_revision",
    "open_store",
    "to_url",
    "upgrade",
]
