"""Alembic environment for the Nomicon game store.

Normally run through :mod:`nomicon.store.migrate`, which passes an open
connection (already inside a write transaction) as
``config.attributes["connection"]``; the migrations then run inside that
transaction. Without one, ``sqlalchemy.url`` from the Alembic config is used.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from nomicon.store.engine import WRITE, create_store_engine
from nomicon.store.schema import metadata

config = context.config
target_metadata = metadata


def _configured_url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection given and no sqlalchemy.url configured")
    return url


def run_migrations_offline() -> None:
    context.configure(
        url=_configured_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run_with(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite cannot ALTER most things: autogenerate batch operations there.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run_with(connection)
        return
    engine = create_store_engine(_configured_url())
    try:
        with engine.execution_options(**{WRITE: True}).begin() as conn:
            _run_with(conn)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
