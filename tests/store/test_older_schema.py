"""A store written at schema revision 0001 opens after ``nomicon db upgrade``, with
its game intact (``fixtures/revision_0001.sql``, made by ``make_revision_0001.py``)."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nomicon.cli import app
from nomicon.kernel.engine import Game
from nomicon.service import GameService
from nomicon.store import current_revision, head_revision, open_store
from nomicon.verify import verify

FIXTURE = Path(__file__).parent / "fixtures" / "revision_0001.sql"
GAME = "old0001"


@pytest.fixture
def old_store(tmp_path: Path) -> str:
    """A SQLite file rebuilt from the revision-0001 dump; its URL."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    return f"sqlite:///{path}"


def test_the_fixture_is_at_revision_0001(old_store: str) -> None:
    assert current_revision(old_store) == "0001"


def test_db_upgrade_then_the_game_opens_verifies_and_plays(old_store: str) -> None:
    runner = CliRunner()
    upgraded = runner.invoke(app, ["--db", old_store, "db", "upgrade", "--json"])
    assert upgraded.exit_code == 0, upgraded.stderr
    assert json.loads(upgraded.stdout)["from"] == "0001"
    assert current_revision(old_store) == head_revision()
    again = runner.invoke(app, ["--db", old_store, "db", "upgrade"])
    assert again.exit_code == 0 and "the newest" in again.stdout

    with open_store(old_store) as store:
        service = GameService(store, now=lambda: datetime(2020, 1, 1, 12, 5, tzinfo=UTC))
        record = store.get_game(GAME)
        assert record.created == datetime(2020, 1, 1, 12, 0, tzinfo=UTC)
        log = service.history(GAME)
        assert [e["seq"] for e in log] == list(range(1, record.head + 1))
        assert verify(log, secret=bytes.fromhex(record.secret or "")).ok
        game = service.open(GAME)
        replayed = Game.rebuild(log, secret=game.secret)
        assert game.state.root == replayed.state.root
        assert game.view("alice")["players"]["bob"]["location"] > 1  # bob rolled
        events = service.act(GAME, "bob", "end-turn", key="after-upgrade")
        assert events[0]["seq"] == record.head + 1
        assert service.act(GAME, "bob", "end-turn", key="after-upgrade") == events
    checked = runner.invoke(app, ["--db", old_store, "verify", GAME, "--with-secret"])
    assert checked.exit_code == 0, checked.stdout
