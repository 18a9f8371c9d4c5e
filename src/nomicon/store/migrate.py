"""Programmatic Alembic migrations; no alembic.ini is needed at run time."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy.engine import Engine

from .engine import WRITE, create_store_engine, to_url
from .errors import StoreError

__all__ = [
    "MIGRATIONS_DIR",
    "alembic_config",
    "current_revision",
    "head_revision",
    "upgrade",
    "upgrade_engine",
]

MIGRATIONS_DIR = Path(__file__).resolve().with_name("migrations")

# Arbitrary constant key for pg_advisory_xact_lock: serialises concurrent upgrades.
_PG_MIGRATION_LOCK = 0x4E6F6D69  # "Nomi"


def alembic_config(url: str | os.PathLike[str] | None = None) -> Config:
    """An Alembic config pointing at the migrations shipped in this package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        # configparser interpolation: a literal % must be doubled.
        config.set_main_option("sqlalchemy.url", to_url(url).replace("%", "%%"))
    return config


@cache
def head_revision() -> str | None:
    """The newest revision shipped with the package."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def upgrade_engine(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database behind ``engine`` to ``revision`` in one write transaction.

    On SQLite the transaction starts with ``BEGIN IMMEDIATE``, so concurrent
    openers of a new file run the migrations one after the other. A database
    already at the newest revision is only read (every process opening a store
    checks; few need to migrate).
    """
    if revision == "head":
        try:
            with engine.connect() as conn:
                if MigrationContext.configure(conn).get_current_revision() == head_revision():
                    return
        except sa.exc.SQLAlchemyError:
            pass  # not readable yet (a new file...): the migration will say what is wrong
    config = alembic_config()
    try:
        with engine.execution_options(**{WRITE: True}).begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_MIGRATION_LOCK})
            config.attributes["connection"] = conn
            command.upgrade(config, revision)
    except (sa.exc.SQLAlchemyError, CommandError) as exc:
        raise StoreError(f"database migration failed: {exc}") from exc
    finally:
        config.attributes.pop("connection", None)


def upgrade(url: str | os.PathLike[str], revision: str = "head") -> None:
    """Upgrade the database at ``url`` (a URL or SQLite path); for ``nomicon db upgrade``."""
    engine = create_store_engine(url)
    try:
        upgrade_engine(engine, revision)
    finally:
        engine.dispose()


def current_revision(url: str | os.PathLike[str]) -> str | None:
    """The revision the database at ``url`` is at (None if never migrated)."""
    engine = create_store_engine(url)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    except sa.exc.SQLAlchemyError as exc:
        raise StoreError(f"cannot read the schema revision: {exc}") from exc
    finally:
        engine.dispose()
