"""What the browser tests share: a real server on a free port, Chromium, pages of their
own, signing up and in, forms, screenshots and games with seated players.

Playwright drives Chromium (Debian's; the test command installs it). The ``browser``
and ``new_page`` fixtures are in ``conftest``; a test module defines its own ``server``
fixture with :func:`serve`. The tests are skipped only when Chromium is missing and CI
is not set: in CI they must run. Set ``NOMICON_SCREENSHOTS`` to a directory to keep
the screenshots there as well.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi import FastAPI

from nomicon.kernel.pack import Registry
from nomicon.server import Settings, create_app
from nomicon.server.site import Site

from .support import FAST_HASHER, PASSWORD, Clock

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
WAIT_MS = 30_000  # generous: a loaded 2-core machine is slow to start Chromium and redraw


def chromium_path() -> str | None:
    """``NOMICON_CHROMIUM``, else the ``chromium`` on the PATH."""
    chosen = os.environ.get("NOMICON_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).exists() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class Server:
    app: FastAPI
    url: str


def pack_app(db: Path, registry: Registry, clock: Clock | None = None) -> FastAPI:
    """The app over a SQLite file at ``db`` with ``registry``'s packs, no ticking and
    quick polling of the live streams."""
    return create_app(f"sqlite:///{db}", registry=registry, clock=clock, hasher=FAST_HASHER,
                      settings=Settings(tick_seconds=None, poll_seconds=0.2))


@contextmanager
def serve(app: FastAPI) -> Iterator[Server]:
    """``app`` served by uvicorn from a thread, on 127.0.0.1 and a free port."""
    listener = socket.create_server(("127.0.0.1", 0))
    runner = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=runner.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not runner.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield Server(app, f"http://127.0.0.1:{listener.getsockname()[1]}")
    finally:
        runner.should_exit = True
        thread.join(timeout=10)
        listener.close()


def sign_up(page: Any, name: str) -> None:
    page.goto("/signup")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url("**/")
    assert page.get_by_role("heading", name="Games", exact=True).is_visible()


def log_in(page: Any, name: str) -> None:
    page.goto("/login")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")


def submit(page: Any, button: Any) -> None:
    """Click a form's button and wait for the page that answers it."""
    with page.expect_navigation():
        button.click()


def shoot(page: Any, name: str, where: Path) -> None:
    """A full-page screenshot ``name``.png in ``where``, copied to
    ``NOMICON_SCREENSHOTS`` when it is set."""
    shot = where / f"{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    keep = os.environ.get("NOMICON_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(keep) / shot.name)


def orders_of(page: Any, unit: str) -> Any:
    """Click ``unit`` on the board's drawing; its command forms open below."""
    page.locator(f"#board svg g.entity[data-entity='{unit}']").click()
    orders = page.locator(f"#orders-{unit}")
    # Imported here: conftest imports this module, and the other tests run without it.
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(orders).to_have_attribute("open", "")
    return orders


def screenshots(tmp_path: Path) -> Path:
    """A fresh folder for a test's screenshots."""
    shots = tmp_path / "screenshots"
    shots.mkdir()
    return shots


def seated_game(site: Site, pack: str, players: Sequence[str], seed: int,
                params: dict[str, Any] | None = None) -> str:
    """A new game of ``pack`` whose players each have an account (the shared password)
    seated as themselves; its id."""
    game = site.service.create(pack, list(players), seed=seed, params=params)
    for name in players:
        site.accounts.seat(game.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    return str(game.id)
