"""Programmatic Alembic migrations; no alembic.ini is needed at run time.

Alembic is imported only to migrate or to ask it about revisions: every process that
opens a store checks the database's revision, and few need to migrate.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from .engine import WRITE, create_store_engine, to_url
from .errors import StoreError

if TYPE_CHECKING:
    from alembic.config import Config

__all__ = [
    "HEAD",
    "MIGRATIONS_DIR",
    "alembic_config",
    "current_revision",
    "head_revision",
    "upgrade",
    "upgrade_engine",
]

MIGRATIONS_DIR = Path(__file__).resolve().with_name("migrations")

#: The newest revision in ``migrations/versions``, so that a store at it opens
#: without Alembic; a test holds it equal to the head Alembic finds there.
HEAD = "0010"

# Arbitrary constant key for pg_advisory_xact_lock: serialises concurrent upgrades.
_PG_MIGRATION_LOCK = 0x4E6F6D69  # "Nomi"


def alembic_config(url: str | os.PathLike[str] | None = None) -> Config:
    """An Alembic config pointing at the migrations shipped in this package."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if url is not None:
        # configparser interpolation: a literal % must be doubled.
        config.set_main_option("sqlalchemy.url", to_url(url).replace("%", "%%"))
    return config


@cache
def head_revision() -> str | None:
    """The newest revision shipped with the package, as Alembic finds it."""
    from alembic.script import ScriptDirectory

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
                if _recorded_revisions(conn) == [HEAD]:
                    return
        except sa.exc.SQLAlchemyError:
            pass  # not readable yet (a new file...): the migration will say what is wrong
    from alembic import command
    from alembic.util import CommandError

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
    from alembic.runtime.migration import MigrationContext

    engine = create_store_engine(url)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    except sa.exc.SQLAlchemyError as exc:
        raise StoreError(f"cannot read the schema revision: {exc}") from exc
    finally:
        engine.dispose()


def _recorded_revisions(conn: Connection) -> list[str]:
    """The revisions in Alembic's version table (one, once migrated), read with one
    query; an error if there is no such table yet."""
    rows = conn.execute(sa.text("SELECT version_num FROM alembic_version"))
    return [str(row[0]) for row in rows]
