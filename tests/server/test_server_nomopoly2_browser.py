"""Browser test of a Nomopoly II game on the web, by clicking in Chromium: alice writes
an order on "This week's orders" and sees it queued, bob does not see it, the admin
runs the weekly update, and both read its result on the page and on the Proposals
page. Screenshots are saved under the test's ``tmp_path``."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from nomicon.kernel.pack import installed
from nomicon.server import Settings, create_app

from .support import FAST_HASHER, PASSWORD, Clock, site_of
from .test_server_browser import Server, browser, new_page, submit  # noqa: F401  (fixtures)
from .test_server_units_browser import shoot

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect

PACK = "nomopoly-ii"
MONDAY = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)
PLAYERS = ["alice", "bob"]


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock(MONDAY)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock: Clock) -> Iterator[Server]:
    """The app with the installed packs and a clock the test moves, served by uvicorn
    from a thread on 127.0.0.1."""
    db = tmp_path_factory.mktemp("nomopoly2-browser") / "web.db"
    app = create_app(f"sqlite:///{db}", registry=installed(), clock=clock, hasher=FAST_HASHER,
                     settings=Settings(tick_seconds=None, poll_seconds=0.2))
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
    yield Server(app, f"http://127.0.0.1:{listener.getsockname()[1]}")
    runner.should_exit = True
    thread.join(timeout=10)
    listener.close()


def log_in(page: Any, name: str) -> None:
    page.goto("/login")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")


def test_a_player_writes_an_order_sees_it_queued_and_reads_its_result(
        new_page: Callable[..., Any], server: Server, clock: Clock,  # noqa: F811
        tmp_path: Path) -> None:
    site = site_of(server.app)
    game = site.service.create(PACK, PLAYERS, seed=1)
    for name in PLAYERS:
        site.accounts.seat(game.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    shots = tmp_path / "screenshots"
    shots.mkdir()

    alice = new_page()
    log_in(alice, "alice")
    alice.goto(f"/games/{game.id}/pages/orders")
    queued = alice.locator("#section-your-orders-waiting-for-the-update")
    expect(queued).to_contain_text("You have no order waiting for the update.")
    form = queued.locator("form", has=alice.locator("input[name='_action'][value='order']"))
    form.locator("[name='text']").fill("new-clear-fishing")
    submit(alice, form.locator("button[type='submit']"))
    queued = alice.locator("#section-your-orders-waiting-for-the-update")
    expect(queued).to_contain_text("new-clear-fishing")
    expect(queued).to_contain_text("purchases")
    shoot(alice, "1-queued", shots)

    # bob sees no order of alice's before the update.
    bob = new_page()
    log_in(bob, "bob")
    bob.goto(f"/games/{game.id}/pages/orders")
    expect(bob.locator("#section-your-orders-waiting-for-the-update")).to_contain_text(
        "You have no order waiting for the update.")

    # The admin runs the weekly update; its phases run at the next firing of timers.
    clock.advance(hours=1)
    site.service.act(game.id, "admin", "update", {})
    site.service.advance(game.id, clock.now + timedelta(minutes=1))

    for page in (alice, bob):
        page.goto(f"/games/{game.id}/pages/orders")
        results = page.locator("#section-results-of-the-last-update")
        expect(results).to_contain_text("new-clear-fishing")
        expect(results).to_contain_text("done")
        expect(page.locator("#section-your-orders-waiting-for-the-update")).to_contain_text(
            "You have no order waiting for the update.")
    bob.goto(f"/games/{game.id}/pages/proposals")
    expect(bob.locator("#section-results-of-this-week-s-actions")).to_contain_text("alice")
    shoot(bob, "2-results", shots)
    bob.goto(f"/games/{game.id}/pages/board")
    expect(bob.locator("#section-squares")).to_contain_text("65")  # VI.7 made square 65
