"""Stores on both backends for the service tests (PostgreSQL: a fresh database on
the session's server, see tests/pgfixture.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nomicon.store import SqlStore, open_store
from nomicon.store.pgserver import PostgresServer


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty store on each backend: a SQLite file, or a new PostgreSQL database
    (dropped afterwards, so close every store on it before the test ends)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    with server.temporary_database() as url:
        yield url


@pytest.fixture
def store(store_url: str) -> Iterator[SqlStore]:
    with open_store(store_url) as opened:
        yield opened


@pytest.fixture
def other_url(store_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """An empty store on the other backend."""
    if not store_url.startswith("sqlite"):
        yield f"sqlite:///{tmp_path / 'other.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    with server.temporary_database() as url:
        yield url


@pytest.fixture
def other(other_url: str) -> Iterator[SqlStore]:
    with open_store(other_url) as opened:
        yield opened
