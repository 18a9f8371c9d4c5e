"""Browser test of the pages of units and a market: a player clicks her things on the
board's drawing, recruits, moves and attacks with the forms that open, then buys on
the market; screenshots of the board, the market and the non-player things are taken
(kept in ``NOMICON_SCREENSHOTS`` when it is set). Runs like the other browser tests,
with Debian's Chromium (skipped only when it is missing and CI is not set)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from nomicon.server import Settings, create_app

from .support import FAST_HASHER, PASSWORD, site_of
from .test_server_browser import Server, browser, new_page, submit  # noqa: F401  (fixtures)
from .warpack import PACK, registry

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app with the test pack, served by uvicorn from a thread on 127.0.0.1."""
    db = tmp_path_factory.mktemp("units-browser") / "web.db"
    app = create_app(f"sqlite:///{db}", registry=registry(), hasher=FAST_HASHER,
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


def shoot(page: Any, name: str, where: Path) -> None:
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
    expect(orders).to_have_attribute("open", "")
    return orders


def test_a_player_commands_her_units_and_buys_on_the_market(
        new_page: Callable[..., Any], server: Server, tmp_path: Path) -> None:  # noqa: F811
    site = site_of(server.app)
    game = site.service.create(PACK, ["alice", "bob"], seed=7)
    for name in ("alice", "bob"):
        site.accounts.seat(game.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    for kind, owner, square in (("fort", "alice", 3), ("warrior", "bob", 4),
                                ("warrior", "alice", 5)):
        site.service.act(game.id, "admin", "place", {"kind": kind, "owner": owner,
                                                     "square": square})
    site.service.act(game.id, "bob", "market-sell", {"good": "ore", "price": 30})

    page = new_page()
    page.goto("/login")
    page.get_by_label("Name").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    page.goto(f"/games/{game.id}")
    shoot(page, "units-board-before", tmp_path)

    # recruit: the Fort's forms open at a click on it in the drawing
    orders = orders_of(page, "fort-1")
    submit(page, orders.get_by_role("button", name="Recruit warrior"))
    expect(page.locator(".flash")).to_contain_text("alice issues recruit-warrior to fort-1")
    three = page.locator("#square-3")
    expect(three).to_contain_text("warrior-3")
    expect(three.locator("#thing-fort-1")).to_contain_text("cooling down until")

    # move the new warrior from square 3 to square 2 ("directly left")
    orders = orders_of(page, "warrior-3")
    move = orders.locator("form", has=page.get_by_role("heading", name="Move"))
    move.get_by_label("to").select_option("2")
    submit(page, move.get_by_role("button", name="Move"))
    expect(page.locator("#square-2")).to_contain_text("warrior-3")
    expect(page.locator("#board svg desc")).to_contain_text("on square 2")

    # attack bob's warrior on square 4 with the warrior on square 5
    orders = orders_of(page, "warrior-2")
    attack = orders.locator("form", has=page.get_by_role("heading", name="Attack"))
    attack.get_by_label("target").select_option("warrior-1")
    submit(page, attack.get_by_role("button", name="Attack"))
    expect(page.locator("#thing-warrior-1")).to_contain_text("HP 40 / 50")
    page.locator("#board svg g.space[data-space='4']").click()
    expect(page.locator("#square-4")).to_have_class("square chosen")
    shoot(page, "units-board-after", tmp_path)

    # buy bob's ore on the market
    nav = page.get_by_role("navigation", name="Game")
    nav.get_by_role("link", name="Market", exact=True).click()
    expect(page.locator("#good-ore")).to_contain_text("30 money")
    shoot(page, "market", tmp_path)
    page.locator("#good-ore").get_by_role("link", name="ore").click()
    buy = page.get_by_role("button", name="Buy ore from request #1")
    submit(page, buy)
    expect(page.locator(".flash")).to_contain_text("alice fills request #1")
    expect(page.locator("#book")).to_contain_text("No sell requests for ore")
    shoot(page, "market-ore", tmp_path)
    nav.get_by_role("link", name="Things", exact=True).click()
    expect(page.locator("#thing-rber-ducky")).to_contain_text("square 7")
    shoot(page, "things", tmp_path)
    with site.service.reading(game.id) as played:
        balances = played.view("alice")["accounts"]["alice"]
    # $5000, less $500 for the Warrior ("The player pays $500") and 30 for the ore
    assert balances == {"money": 4470, "ore": 4}
    assert not page.problems, page.problems
