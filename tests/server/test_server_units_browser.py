"""Browser test of the pages of units and a market: a player clicks her things on the
board's drawing, recruits, moves and attacks with the forms that open, then buys on
the market; screenshots of the board, the market and the non-player things are taken
(kept in ``NOMICON_SCREENSHOTS`` when it is set). Runs like the other browser tests,
with Debian's Chromium (skipped only when it is missing and CI is not set)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .browserkit import Server, log_in, orders_of, pack_app, seated_game, serve, shoot, submit
from .support import site_of
from .warpack import PACK, registry

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app with the test pack, served by uvicorn from a thread on 127.0.0.1."""
    db = tmp_path_factory.mktemp("units-browser") / "web.db"
    with serve(pack_app(db, registry())) as running:
        yield running


def test_a_player_commands_her_units_and_buys_on_the_market(
        new_page: Callable[..., Any], server: Server, tmp_path: Path) -> None:
    site = site_of(server.app)
    game = seated_game(site, PACK, ["alice", "bob"], seed=7)
    for kind, owner, square in (("fort", "alice", 3), ("warrior", "bob", 4),
                                ("warrior", "alice", 5)):
        site.service.act(game, "admin", "place", {"kind": kind, "owner": owner,
                                                   "square": square})
    site.service.act(game, "bob", "market-sell", {"good": "ore", "price": 30})

    page = new_page()
    log_in(page, "alice")
    page.goto(f"/games/{game}")
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
    with site.service.reading(game) as played:
        balances = played.view("alice")["accounts"]["alice"]
    # $5000, less $500 for the Warrior ("The player pays $500") and 30 for the ore
    assert balances == {"money": 4470, "ore": 4}
    assert not page.problems, page.problems
