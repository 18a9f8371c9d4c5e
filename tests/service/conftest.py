"""Stores on both backends for the service tests; PostgreSQL is a private server
started once per session.

Without PostgreSQL's server programs the PostgreSQL tests are skipped, with the
reason printed in the summary, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from nomicon.store import SqlStore, open_store
from nomicon.store.pgserver import PostgresServer, find_bindir


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bindir = find_bindir()
    if bindir is None:
        reason = ("PostgreSQL is not installed (no initdb/pg_ctl found): the PostgreSQL "
                  "store tests need Debian's postgresql package")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with PostgresServer.start(bindir) as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store on each backend: a SQLite file, or a new PostgreSQL database
    (dropped afterwards, so close every store on it before the test ends)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    name = server.create_database()
    yield server.url(name)
    server.drop_database(name)


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    with open_store(store_url) as opened:
        yield opened
