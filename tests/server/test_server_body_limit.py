"""Request bodies over the server's limit are refused with 413 before they are read,
and change nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from .support import TestClient, make_app, sign_up, site_of


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = make_app(f"sqlite:///{tmp_path / 'web.db'}", max_body_bytes=64_000)
    yield application
    site_of(application).store.close()


def test_a_proposal_over_the_body_limit_is_413_and_changes_nothing(app: FastAPI) -> None:
    client = TestClient(app)
    alice = sign_up(client, "alice")
    made = alice.ok("POST", "/api/games", {"pack": "infinite-nomic-r7", "player": "alice"})
    head = site_of(app).store.get_game(made["id"]).head
    answer = alice.act(made["id"], "propose", title="Long", text="x" * 200_000)
    assert answer.status_code == 413
    assert answer.json()["limit"] == 64_000 and "64,000 bytes" in answer.json()["error"]
    assert site_of(app).store.get_game(made["id"]).head == head


def test_a_body_sent_in_chunks_is_cut_off_at_the_limit(app: FastAPI) -> None:
    client = TestClient(app)
    alice = sign_up(client, "alice")

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is streamed
        yield b'{"action": "roll", "args": {"x": "'
        for _ in range(100):
            yield b"y" * 1_000
        yield b'"}}'

    answer = client.post("/api/games/nosuch/actions", content=chunks(),
                         headers={**alice.headers, "Content-Type": "application/json"})
    assert answer.status_code == 413


def test_a_body_under_the_limit_is_taken(app: FastAPI) -> None:
    client = TestClient(app)
    alice = sign_up(client, "alice")
    made = alice.ok("POST", "/api/games", {"pack": "infinite-nomic-r7", "player": "alice"})
    assert alice.act(made["id"], "propose", title="Short", text="x" * 1_000).status_code == 200
