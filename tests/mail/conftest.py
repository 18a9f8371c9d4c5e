"""Fixtures for play by mail: a store, a clock and a post office (``mailkit``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mailkit import ALICE, BOB, NOON, Clock, Post, make_post
from nomicon.mail.book import MailBook
from nomicon.service import GameService
from nomicon.store import SqlStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqlStore]:
    with SqlStore(f"sqlite:///{tmp_path / 'games.db'}") as opened:
        yield opened


@pytest.fixture
def clock() -> Clock:
    return Clock(NOON)


@pytest.fixture
def post(store: SqlStore, clock: Clock) -> Iterator[Post]:
    """Infinite Nomic (actions taken at once) with alice and bob, both registered."""
    service = GameService(store, now=clock)
    game = service.create("infinite-nomic-r7", ["alice", "bob"], seed=7, start=NOON,
                          game_id="g1")
    book = MailBook(store, now=clock)
    book.register(game.id, "alice", ALICE, verified=True)
    book.register(game.id, "bob", BOB, verified=True)
    yield from make_post(store, clock, service, game.id)
