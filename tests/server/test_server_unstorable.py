"""Text a store cannot hold (a NUL, a lone surrogate) is refused at the boundary, and
no driver or SQL text ever reaches a client, on PostgreSQL (whose text type cannot
hold a NUL) as on SQLite."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.server.errors import STORE_FAILED, message_of
from nomicon.store import StoreError
from nomicon.store.pgserver import PostgresServer

from .support import PASSWORD, TestClient, make_app, sign_up, site_of


@pytest.fixture(params=["sqlite", "postgresql"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[FastAPI]:
    if request.param == "sqlite":
        application = make_app(f"sqlite:///{tmp_path / 'web.db'}")
        yield application
        site_of(application).store.close()
        return
    server: PostgresServer = request.getfixturevalue("postgres")
    with server.temporary_database() as url:
        application = make_app(url)
        yield application
        site_of(application).store.close()


def no_driver_text(text: str) -> None:
    lowered = text.lower()
    for word in ("select", "insert", "psycopg", "sqlalchemy", "sqlite3", "[sql"):
        assert word not in lowered, text


def test_a_nul_in_a_login_name_is_a_wrong_name(app: FastAPI) -> None:
    client = TestClient(app)
    sign_up(client, "alice")
    answer = client.post("/api/tokens", json={"name": "ali\x00ce", "password": "x" * 12})
    assert answer.status_code == 401 and answer.json()["error"] == "wrong name or password"
    no_driver_text(answer.text)


def test_a_nul_in_a_token_label_is_refused(app: FastAPI) -> None:
    client = TestClient(app)
    sign_up(client, "alice")
    answer = client.post("/api/tokens", json={"name": "alice", "password": PASSWORD,
                                              "label": "lap\x00top"})
    assert answer.status_code == 400 and "printable text" in answer.json()["error"]
    no_driver_text(answer.text)


def test_a_nul_in_a_game_id_or_an_argument_is_refused(app: FastAPI) -> None:
    client = TestClient(app)
    alice = sign_up(client, "alice")
    missing = alice.get("/api/games/g%00x")
    assert missing.status_code == 404 and "there is no game" in missing.json()["error"]
    no_driver_text(missing.text)
    made = alice.ok("POST", "/api/games", {"pack": "infinite-nomic-r7", "player": "alice"})
    head = site_of(app).store.get_game(made["id"]).head
    answer = alice.act(made["id"], "propose", title="Nul\x00", text="x")
    assert answer.status_code == 400 and "NUL character" in answer.json()["error"]
    assert site_of(app).store.get_game(made["id"]).head == head  # nothing changed


def test_a_store_failure_shows_no_driver_text() -> None:
    failure = StoreError("append failed: (psycopg.errors.X) SELECT secret FROM games")
    assert message_of(failure) == STORE_FAILED
    assert "SELECT" not in message_of(failure)
