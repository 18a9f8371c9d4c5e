"""Fixtures for the web server's tests (the helpers are in ``support``, and those of
the browser tests in ``browserkit``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

from .browserkit import CHROMIUM_ARGS, WAIT_MS, Server, chromium_path
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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        reason = "Chromium is not installed (scripts/test installs it from Debian)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; in CI the browser tests must run")
        print(f"skipping the browser tests: {reason}")
        pytest.skip(reason)
    # Imported here, not at the top, so that the other server tests run without it.
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Any, server: Server) -> Iterator[Callable[..., Any]]:
    """Pages in browser contexts of their own (their own cookies), closed afterwards
    (which ends their live streams before the server stops)."""
    contexts: list[Any] = []

    def make(width: int = 1100) -> Any:
        context = browser.new_context(viewport={"width": width, "height": 900},
                                      base_url=server.url)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        problems: list[str] = []
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.problems = problems
        return page

    yield make
    for context in contexts:
        context.close()
