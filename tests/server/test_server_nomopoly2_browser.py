"""Browser test of a Nomopoly II game on the web, by clicking in Chromium: alice writes
an order on "This week's orders" and sees it queued, bob does not see it, the admin
runs the weekly update, and both read its result on the page and on the Proposals
page. Screenshots are saved under the test's ``tmp_path``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nomicon.kernel.pack import installed

from .browserkit import Server, log_in, pack_app, screenshots, seated_game, serve, shoot, submit
from .support import Clock, site_of

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
    with serve(pack_app(db, installed(), clock)) as running:
        yield running


def test_a_player_writes_an_order_sees_it_queued_and_reads_its_result(
        new_page: Callable[..., Any], server: Server, clock: Clock,
        tmp_path: Path) -> None:
    site = site_of(server.app)
    game = seated_game(site, PACK, PLAYERS, seed=1)
    shots = screenshots(tmp_path)

    alice = new_page()
    log_in(alice, "alice")
    alice.goto(f"/games/{game}/pages/orders")
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
    bob.goto(f"/games/{game}/pages/orders")
    expect(bob.locator("#section-your-orders-waiting-for-the-update")).to_contain_text(
        "You have no order waiting for the update.")

    # The admin runs the weekly update; its phases run at the next firing of timers.
    clock.advance(hours=1)
    site.service.act(game, "admin", "update", {})
    site.service.advance(game, clock.now + timedelta(minutes=1))

    for page in (alice, bob):
        page.goto(f"/games/{game}/pages/orders")
        results = page.locator("#section-results-of-the-last-update")
        expect(results).to_contain_text("new-clear-fishing")
        expect(results).to_contain_text("done")
        expect(page.locator("#section-your-orders-waiting-for-the-update")).to_contain_text(
            "You have no order waiting for the update.")
    bob.goto(f"/games/{game}/pages/proposals")
    expect(bob.locator("#section-results-of-this-week-s-actions")).to_contain_text("alice")
    shoot(bob, "2-results", shots)
    bob.goto(f"/games/{game}/pages/board")
    expect(bob.locator("#section-squares")).to_contain_text("65")  # VI.7 made square 65
