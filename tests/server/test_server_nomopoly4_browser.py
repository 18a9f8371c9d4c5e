"""Browser test of a Nomopoly IV game on the web, by clicking in Chromium: alice
recruits a Warrior at her Fort, moves it, a day later attacks bob's Warrior with it,
buys bob's Mushroom on the Public Market, and reads the Dark Lord's page. The game
starts after P36 (the built prefix) and passes the later built proposals through
governance, so the Public Market (P46), the Shop's moves (P43) and the Experience
Fairy (P41) are in force. Screenshots of each step are saved under the test's
``tmp_path`` (and kept in ``NOMICON_SCREENSHOTS`` when it is set)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from nomicon.kernel.pack import installed
from nomicon.packs.nomopoly4 import history

from .browserkit import (
    Server,
    log_in,
    orders_of,
    pack_app,
    screenshots,
    seated_game,
    serve,
    shoot,
    submit,
)
from .support import Clock, site_of

pw = pytest.importorskip("playwright.sync_api")
expect = pw.expect

PACK = "nomopoly-iv"
MONDAY = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)  # a Monday, noon GMT
PLAYERS = ["alice", "bob"]


@pytest.fixture(scope="module")
def clock() -> Clock:
    return Clock(MONDAY)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock: Clock) -> Iterator[Server]:
    """The app with the installed packs and a clock the test moves, served by uvicorn
    from a thread on 127.0.0.1."""
    db = tmp_path_factory.mktemp("nomopoly4-browser") / "web.db"
    with serve(pack_app(db, installed(), clock)) as running:
        yield running


def a_game_after_every_built_proposal(server: Server) -> str:
    """A game from the built prefix (P36), then every later built proposal proposed
    by alice and passed by both players' votes, as the players would."""
    site = site_of(server.app)
    game = seated_game(site, PACK, PLAYERS, seed=4,
                       params={"history": history.built_prefix(), "starting_money": 10000})
    for record in history.RECORDS[history.built_prefix():]:
        site.service.act(game, "alice", "propose",
                         {"title": f"{record.id}: {record.title}", "text": record.text,
                          "amendment": record.amendment_list()})
        with site.service.reading(game) as played:
            number = max(int(k) for k in played.state.root["proposals"])
        for name in PLAYERS:
            with site.service.reading(game) as played:
                still_open = played.state.root["proposals"][str(number)]["status"] == "open"
            if still_open:
                site.service.act(game, name, "vote", {"proposal": number, "vote": "for"})
        with site.service.reading(game) as played:
            assert played.state.root["proposals"][str(number)]["status"] == "passed", record.id
    return game


def test_a_player_recruits_moves_attacks_buys_and_reads_the_dark_lords_page(
        new_page: Callable[..., Any], server: Server, clock: Clock,
        tmp_path: Path) -> None:
    site = site_of(server.app)
    game_id = a_game_after_every_built_proposal(server)
    shots = screenshots(tmp_path)
    # bob stands on square 3 (the admin puts him there: his Jumps would take days),
    # builds a Fort there and recruits a Warrior; he offers a Mushroom at $50.
    site.service.act(game_id, "admin", "set", {"path": "players.bob.location", "value": 3})
    site.service.act(game_id, "admin", "set", {"path": "accounts.bob.mushroom", "value": 1})
    site.service.act(game_id, "bob", "build-fort", {})
    site.service.act(game_id, "bob", "command", {"unit": "fort-1",
                                                 "command": "recruit-warrior"})
    site.service.act(game_id, "bob", "market-sell", {"good": "mushroom", "price": 50})

    page = new_page()
    log_in(page, "alice")
    page.goto(f"/games/{game_id}")
    # The board shows the Dark Lord's things where they stand, and the ? boxes
    # without their contents.
    squares = page.locator("#squares")
    expect(squares.locator("#thing-rber-ducky")).to_contain_text("ducky")
    expect(squares.locator("#thing-shop-of-terror")).to_contain_text("shop")
    expect(squares.locator("li[id^='thing-question-box-']")).to_have_count(10)
    expect(squares).not_to_contain_text("item:")
    # bob's Fort: "Initial hit points: 1500"; it recruited: "Cool down time: 4 days".
    fort = page.locator("#thing-fort-1")
    expect(fort).to_contain_text("owned by bob")
    expect(fort).to_contain_text("HP 1500 / 1500")
    expect(fort).to_contain_text("cooling down until 2005-01-07 12:00 UTC")
    shoot(page, "1-board-before", shots)

    # alice builds a Fort on square 1 ("by paying $1000") and recruits a Warrior.
    forms = page.locator("#actions")
    submit(page, forms.get_by_role("button", name="Build fort"))
    orders = orders_of(page, "fort-2")
    submit(page, orders.get_by_role("button", name="Recruit warrior"))
    expect(page.locator(".flash")).to_contain_text("alice issues recruit-warrior to fort-2")
    one = page.locator("#square-1")
    expect(one.locator("#thing-warrior-2")).to_contain_text("HP 50 / 50")
    expect(one.locator("#thing-fort-2")).to_contain_text("cooling down until 2005-01-07")
    shoot(page, "2-recruited", shots)

    # move the Warrior to square 2: "the cool down time for moving a Warrior would be
    # 1 day"
    orders = orders_of(page, "warrior-2")
    move = orders.locator("form", has=page.get_by_role("heading", name="Move"))
    move.get_by_label("to").select_option("2")
    submit(page, move.get_by_role("button", name="Move"))
    two = page.locator("#square-2")
    expect(two.locator("#thing-warrior-2")).to_contain_text("cooling down until "
                                                             "2005-01-04 12:00 UTC")
    shoot(page, "3-moved", shots)

    # A day and an hour later, the Warrior (attack strength 10) attacks bob's Warrior
    # (armor 0) on square 3: 50 - 10 = 40 hit points.
    clock.advance(days=1, hours=1)
    # What the server's ticker does every few seconds (off in tests): the timers due
    # by then fire (the Jumps, the hourly relief of cool-downs).
    site.service.fire_due(game_id)
    page.reload()
    orders = orders_of(page, "warrior-2")
    attack = orders.locator("form", has=page.get_by_role("heading", name="Attack"))
    attack.get_by_label("target").select_option("warrior-1")
    submit(page, attack.get_by_role("button", name="Attack"))
    expect(page.locator("#thing-warrior-1")).to_contain_text("HP 40 / 50")
    expect(page.locator("#thing-warrior-1")).to_contain_text("owned by bob")
    shoot(page, "4-attacked", shots)
    page.locator("#squares").screenshot(path=str(shots / "4-attacked-squares.png"))
    page.locator("#board").screenshot(path=str(shots / "4-attacked-drawing.png"))

    # buy bob's Mushroom on the Public Market
    nav = page.get_by_role("navigation", name="Game")
    nav.get_by_role("link", name="Market", exact=True).click()
    expect(page.locator("#good-mushroom")).to_contain_text("50 dollars")
    shoot(page, "5-market", shots)
    page.locator("#good-mushroom").get_by_role("link", name="mushroom").click()
    submit(page, page.get_by_role("button", name="Buy mushroom from request #1"))
    expect(page.locator(".flash")).to_contain_text("alice fills request #1")
    expect(page.locator("#book")).to_contain_text("No sell requests for mushroom")
    shoot(page, "6-bought", shots)

    # the Dark Lord's page
    nav.get_by_role("link", name="The Dark Lord", exact=True).click()
    ducky = page.locator("#section-the-rber-ducky")
    # "move forward by the roll of a 6-sided dice every Monday, Wednesday, and
    # Saturday": after Tuesday 13:00, Wednesday at midnight.
    expect(ducky).to_contain_text("Wednesday 05 January 2005, 00:00 UTC")
    expect(ducky).to_contain_text("one tenth of their money")
    # "It starts with 3."
    expect(page.locator("#section-the-bank-account-of-terror")).to_contain_text("$3")
    # "Every Saturday at midnight GMT the Dark Lords Shop of Terror will have its
    # location changed"
    expect(page.locator("#section-the-shop-of-terror")).to_contain_text(
        "Saturday 08 January 2005, 00:00 UTC")
    trades = page.locator("#section-the-shop-s-trades")
    # "Trade in a Wilt Shroom for $1", "Trade in a Rotten Mush for $3"
    expect(trades.locator("tr", has_text="wilt-shroom")).to_contain_text("$1")
    expect(trades.locator("tr", has_text="rotten-mush")).to_contain_text("$3")
    # "Every Sunday at noon GMT the Experience Fairy will appear"; "gains 25 experience"
    fairy = page.locator("#section-the-experience-fairy")
    expect(fairy).to_contain_text("Sunday 09 January 2005, 12:00 UTC")
    expect(fairy).to_contain_text("25 Experience")
    expect(fairy).to_contain_text("in his realm in the sky")
    shoot(page, "7-dark-lord", shots)

    with site.service.reading(game_id) as played:
        balances = played.view("alice")["accounts"]
    # $10000, less $1000 for the Fort, $500 for the Warrior and $50 for the Mushroom
    assert balances["alice"]["dollars"] == 8450
    assert balances["alice"]["mushroom"] == 1
    assert not page.problems, page.problems
