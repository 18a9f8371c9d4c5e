"""A pack's own pages (``Pack.pages``), on Nomopoly IV's page of the Dark Lord's things:
its tab, its sections read from the viewer's view (a Ghost's location stays hidden
from the others), the forms of the actions a section names, a refused action shown
on the page again, and when a rule's schedule next fires."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.kernel.pack import installed
from nomicon.kernel.pages import next_firing
from nomicon.packs.nomopoly4.shop import SHOP
from nomicon.server import Settings, create_app

from .support import FAST_HASHER, PASSWORD, Browser, Clock, log_in, site_of

MONDAY = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)  # a Monday, noon GMT
PAGE = "pages/dark-lord"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=installed(),
                             clock=Clock(MONDAY), hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(app: FastAPI) -> str:
    """A Nomopoly IV game at history 36, played by alice and bob."""
    site = site_of(app)
    made = site.service.create("nomopoly-iv", ["alice", "bob"], seed=4,
                                params={"history": 36})  # before the Shop moves (P43)
    for name in ("alice", "bob"):
        site.accounts.seat(made.id, site.accounts.sign_up(name, PASSWORD), "player", name)
    return made.id


def section(page: str, title_id: str) -> str:
    found = re.search(rf'<section aria-labelledby="{title_id}-h".*?</section>', page, re.S)
    assert found, f"no section {title_id} on the page"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(0)))


def shop_square(app: FastAPI, game: str) -> int:
    with site_of(app).service.reading(game) as played:
        return int(played.state.root["entities"][SHOP]["location"])


def test_the_dark_lords_page_has_a_tab_and_shows_his_things(app: FastAPI, game: str) -> None:
    alice = log_in(app, "alice")
    board = alice.client.get(f"/games/{game}").text
    assert f'href="/games/{game}/{PAGE}"' in board
    page = alice.client.get(f"/games/{game}/{PAGE}")
    assert page.status_code == 200
    assert "<title>The Dark Lord · " in page.text
    # "The Bank Account of Terror may possess Nomopoly Dollars. It starts with 3."
    assert "Dollars $3" in section(page.text, "section-the-bank-account-of-terror")
    ducky = section(page.text, "section-the-rber-ducky")
    # P21: "every Monday, Wednesday, and Saturday": from Monday noon, Wednesday 00:00.
    assert "Next move Wednesday 05 January 2005, 00:00 UTC" in ducky
    # Rule 1403: "lose one tenth of all their money and are pushed one square forward"
    assert "loses one tenth of their money" in ducky
    shop = section(page.text, "section-the-shop-of-terror")
    assert f"Where square {shop_square(app, game)}" in shop
    # The Shop moves only from P43: in this game (history 36) no rule moves it yet.
    assert "Next move never: no rule in force moves the Shop" in shop
    trades = section(page.text, "section-the-shop-s-trades")
    # "Trade in a Moldy Mush for $2"
    assert "moldy-mush 1 moldy mush $2" in trades
    # The Experience Fairy comes with P41, after this game's history.
    assert "No rule in force brings an Experience Fairy." in section(
        page.text, "section-the-experience-fairy")


def test_a_ghosts_square_is_hidden_from_the_others_on_the_page(app: FastAPI,
                                                               game: str) -> None:
    site = site_of(app)
    square = shop_square(app, game)
    for name in ("alice", "bob"):
        site.service.act(game, "admin", "set", {"path": f"players.{name}.location",
                                                "value": square})
    site.service.act(game, "admin", "set", {"path": "accounts.bob.ghost", "value": 1})
    # "The player using this item becomes "invisible" for 3 days. A player that is
    # invisible does not have his location shown to other players"
    site.service.act(game, "bob", "use-item", {"item": "ghost"})
    alice_sees = section(log_in(app, "alice").client.get(f"/games/{game}/{PAGE}").text,
                         "section-the-shop-of-terror")
    bob_sees = section(log_in(app, "bob").client.get(f"/games/{game}/{PAGE}").text,
                       "section-the-shop-of-terror")
    assert "(they may trade there) alice Next move" in alice_sees
    assert "(they may trade there) alice, bob Next move" in bob_sees
    # The players page, which reads the players without the statuses, hides it too.
    players = log_in(app, "alice").client.get(f"/games/{game}/players").text
    row = re.search(r'<tr[^>]*>\s*<th scope="row">bob</th>.*?</tr>', players, re.S)
    assert row, "no row of bob's on the players page"
    assert f"<td>{square}</td>" not in row.group(0)


def trade(browser: Browser, game: str, what: str) -> tuple[int, str]:
    response = browser.post(f"/games/{game}/act",
                            {"_next": f"/games/{game}/{PAGE}", "_action": "trade-in",
                             "trade": what}, csrf_from=f"/games/{game}/{PAGE}")
    if response.status_code == 303:
        return 303, browser.client.get(response.headers["location"]).text
    return response.status_code, response.text


def test_a_sections_actions_are_its_forms_and_a_refusal_shows_the_page_again(
        app: FastAPI, game: str) -> None:
    site = site_of(app)
    alice = log_in(app, "alice")
    shop = section(alice.client.get(f"/games/{game}/{PAGE}").text,
                   "section-the-shop-of-terror")
    assert "Trade in" not in shop  # alice is not on the Shop's square
    site.service.act(game, "admin", "set", {"path": "players.alice.location",
                                            "value": shop_square(app, game)})
    site.service.act(game, "admin", "set", {"path": "accounts.alice.wilt-shroom", "value": 1})
    page = alice.client.get(f"/games/{game}/{PAGE}").text
    # the form of Rule 1801's action, its button and the rule's name under the Shop
    assert "Trade in Rule 1801" in section(page, "section-the-shop-of-terror")
    # "Trade in a Wilt Shroom for $1": back to the page, $2000 + $1 (Rule 401's $2000)
    status, page = trade(alice, game, "wilt-shroom")
    assert status == 303
    assert "alice trades in for wilt-shroom at the Shop of Terror and gets $1" in page
    with site.service.reading(game) as played:
        assert played.view("alice")["accounts"]["alice"]["dollars"] == 2001
    # "Trade in 100 Wilt Shrooms, 100 Moldy Mushes, and 100 Rotten Mushes for a Star Egg"
    status, page = trade(alice, game, "star-egg")
    assert status in (409, 422)
    assert "<h1>The Dark Lord</h1>" in page
    assert "it takes 100 wilt-shroom; you have 0" in page
    with site.service.reading(game) as played:
        assert played.view("alice")["accounts"]["alice"]["star-egg"] == 0


def test_a_page_the_pack_does_not_declare_is_not_found(app: FastAPI, game: str) -> None:
    alice = log_in(app, "alice")
    assert alice.client.get(f"/games/{game}/pages/the-light-lord").status_code == 404


def test_next_firing_reads_the_rules_schedule_and_the_clock_in_the_view() -> None:
    view = {"game": {"start": "2005-01-03T12:00:00Z", "clock": "2005-01-08T00:00:00Z"},
            "rules": {"7": {"class": "p/travel", "params": {"schedule": "every Saturday "
                                                                        "at 00:00 GMT"}},
                      "8": {"class": "p/odd", "params": {"schedule": "now and then"}}}}
    # Strictly after the clock: a week later.
    assert next_firing(view, "p/travel") == "2005-01-15T00:00:00Z"
    assert next_firing(view, "p/odd") is None
    assert next_firing(view, "p/absent") is None
