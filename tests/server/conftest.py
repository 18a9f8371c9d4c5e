"""Fixtures for the web server's tests (the helpers are in ``support``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from .support import PACK, Api, Clock, TestClient, cop_car_seed, make_app, sign_up, site_of


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = make_app(f"sqlite:///{tmp_path / 'web.db'}", clock)
    yield application
    site_of(application).store.close()


@pytest.fixture
def client(app: FastAPI) -> TestClient:
    return TestClient(app)


@pytest.fixture
def accounts(client: TestClient) -> dict[str, Api]:
    """alice, bob and carol, with API tokens."""
    return {name: sign_up(client, name) for name in ("alice", "bob", "carol")}


@pytest.fixture
def game(accounts: dict[str, Api]) -> str:
    """An Infinite Nomic game made by alice (its admin, playing alice) and joined by bob;
    carol is no member. The seed makes alice's first roll a 3: onto the Cop Car."""
    made = accounts["alice"].ok("POST", "/api/games",
                                {"pack": PACK, "player": "alice", "seed": cop_car_seed()})
    accounts["bob"].ok("POST", f"/api/games/{made['id']}/join", {"role": "player"})
    return str(made["id"])
