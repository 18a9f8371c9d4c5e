"""The pages of a game with units, a market and non-player things (the test pack
``warpack``: the army toy's types and commands, a Public Market for ore, the Rber
Ducky and the Bank Account of Terror), through the pages and the JSON API."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.server import Settings, create_app, market_pages

from .support import FAST_HASHER, Api, Browser, Clock, log_in, site_of
from .warpack import BANK, DARK_LORD, DUCKY, PACK, registry

# The army toy's words: "Building: Fort. Initial hit points 1500"; "Unit: Warrior.
# Maximum hit points 50, attack 10"; "Recruit Warrior ... Cool down time: 4 days.
# Effect: The player pays $500"; "Each player has $5000".
FORT_HP, WARRIOR_HP, WARRIOR_ATTACK = 1500, 50, 10


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=registry(),
                             clock=clock, settings=Settings(tick_seconds=None,
                                                            poll_seconds=0.05),
                             hasher=FAST_HASHER)
    yield application
    site_of(application).store.close()


@pytest.fixture
def war(accounts: dict[str, Api]) -> str:
    """A game of the test pack run by carol (its admin, who does not play), joined by
    alice and bob as players (so each sees with a player's eyes); alice has a Fort on
    square 3, bob a Warrior on square 4."""
    made = accounts["carol"].ok("POST", "/api/games", {"pack": PACK, "seed": 7})
    game = str(made["id"])
    for name in ("alice", "bob"):
        accounts[name].ok("POST", f"/api/games/{game}/join", {"role": "player"})
    for kind, owner, square in (("fort", "alice", 3), ("warrior", "bob", 4)):
        response = accounts["carol"].admin(game, "place", kind=kind, owner=owner,
                                           square=square)
        assert response.status_code == 200, response.text
    return game


def square_html(page: str, number: int) -> str:
    found = re.search(rf'<section class="square" id="square-{number}".*?</section>', page,
                      re.S)
    assert found, f"no square {number} on the page"
    return found.group(0)


def act(browser: Browser, game: str, page: str, **fields: str) -> str:
    """Post an action form as the page does, and return the page it leads to."""
    response = browser.post(f"/games/{game}/act", {"_next": page, **fields},
                            csrf_from=page, follow=True)
    assert response.status_code == 200, response.text
    return response.text


def test_the_board_shows_each_units_owner_hp_and_cooldown(app: FastAPI, war: str) -> None:
    alice, bob = log_in(app, "alice"), log_in(app, "bob")
    board = alice.client.get(f"/games/{war}").text
    fort = square_html(board, 3)
    assert "fort" in fort and "owned by alice (you)" in fort
    assert f"HP {FORT_HP} / {FORT_HP}" in fort and "ready" in fort
    # alice recruits from the Fort's form under square 3
    assert 'id="orders-fort-1"' in fort and 'value="recruit-warrior"' in fort
    after = act(alice, war, f"/games/{war}", _action="command", unit="fort-1",
                command="recruit-warrior")
    three = square_html(after, 3)
    # "Cool down time: 4 days" from the game's start, 2030-01-01 09:00 UTC
    assert "cooling down until" in three and "2030-01-05 09:00 UTC" in three
    assert f"HP {WARRIOR_HP} / {WARRIOR_HP}" in three and "warrior-2" in three
    # bob sees the same owners, hit points and cool-down, and no form for alice's things
    seen = square_html(bob.client.get(f"/games/{war}").text, 3)
    assert "owned by alice" in seen and "(you)" not in seen
    assert "2030-01-05 09:00 UTC" in seen and 'id="orders-' not in seen


def test_what_is_hidden_from_a_player_does_not_show(app: FastAPI, war: str,
                                                    accounts: dict[str, Api]) -> None:
    alice, bob = log_in(app, "alice"), log_in(app, "bob")
    accounts["carol"].admin(war, "place", kind="mesmer", owner="alice", square=3)
    cast = accounts["alice"].act(war, "command", unit="mesmer-1", command="empathy",
                                 target="fort-1")
    assert cast.status_code == 200, cast.text
    mine, theirs = alice.client.get(f"/games/{war}").text, bob.client.get(f"/games/{war}").text
    # "Whether or not a unit is enchanted by Empathy is visible only to the owner"
    assert "empathy" in square_html(mine, 3)
    assert "empathy" not in square_html(theirs, 3)
    # a square's resources ($100 times its number) only to who owns a thing on it
    assert re.search(r"<dt>resources</dt><dd>300</dd>", square_html(mine, 3))
    assert "resources" not in square_html(theirs, 3)
    assert re.search(r"<dt>resources</dt><dd>400</dd>", square_html(theirs, 4))
    assert "resources" not in square_html(mine, 4)
    # a warrior's orders are its owner's secret
    assert "hold the line" in square_html(theirs, 4)
    assert "hold the line" not in mine


def test_command_forms_move_and_attack(app: FastAPI, war: str, accounts: dict[str, Api]) -> None:
    alice = log_in(app, "alice")
    accounts["alice"].act(war, "command", unit="fort-1", command="recruit-warrior")
    board = alice.client.get(f"/games/{war}").text
    forms = re.search(r'id="orders-warrior-2".*?</details>', board, re.S)
    assert forms
    move = re.search(r'<select id="action-command(?:-\d+)?-arg-to".*?</select>', forms.group(0),
                     re.S)
    assert move
    # "directly above, below, left, or right": 2 and 18 (square 4 is bob's)
    assert re.findall(r'<option value="(\d+)"', move.group(0)) == ["2", "18"]
    assert 'value="warrior-1"' in forms.group(0)  # bob's warrior, in range to attack
    after = act(alice, war, f"/games/{war}", _action="command", unit="warrior-2",
                command="attack", target="warrior-1")
    assert f"HP {WARRIOR_HP - WARRIOR_ATTACK} / {WARRIOR_HP}" in square_html(after, 4)
    accounts["carol"].admin(war, "place", kind="warrior", owner="alice", square=13)
    after = act(alice, war, f"/games/{war}", _action="command", unit="warrior-3",
                command="move", to="12")
    assert "warrior-3" in square_html(after, 12)
    # a refused command says which rule refused it, and changes nothing
    refused = alice.post(f"/games/{war}/act", {"_next": f"/games/{war}", "_action": "command",
                                                "unit": "warrior-3", "command": "move",
                                                "to": "11"}, csrf_from=f"/games/{war}")
    assert refused.status_code == 409  # not now: it cools down
    assert "warrior-3 is cooling down until" in refused.text and "Rule 2" in refused.text
    assert "warrior-3" in square_html(alice.client.get(f"/games/{war}").text, 12)


def test_the_market_page_best_offers_requests_and_a_fill(app: FastAPI, war: str,
                                                         accounts: dict[str, Api]) -> None:
    alice, bob = log_in(app, "alice"), log_in(app, "bob")
    board = alice.client.get(f"/games/{war}").text
    assert f'href="/games/{war}/market"' in board and f'href="/games/{war}/things"' in board
    market = f"/games/{war}/market"
    act(bob, war, market, _action="market-sell", good="ore", price="40")
    act(bob, war, market, _action="market-sell", good="ore", price="35")
    act(alice, war, market, _action="market-buy", good="ore", price="20")
    page = alice.client.get(market).text
    row = re.search(r'<tr id="good-ore">.*?</tr>', page, re.S)
    assert row and "35 money" in row.group(0) and "20 money" in row.group(0)
    assert "#2, bob" in row.group(0) and "#3, alice" in row.group(0)
    good = alice.client.get(f"{market}/ore").text
    sells = re.search(r'id="sell-requests".*?</table>', good, re.S)
    buys = re.search(r'id="buy-requests".*?</table>', good, re.S)
    assert sells and buys
    assert re.findall(r'<tr id="order-(\d+)"', sells.group(0)) == ["2", "1"]  # lowest first
    assert re.findall(r'<tr id="order-(\d+)"', buys.group(0)) == ["3"]
    assert 'aria-label="Retract request #3"' in buys.group(0)
    assert 'aria-label="Buy ore from request #2"' in sells.group(0)
    act(alice, war, f"{market}/ore", _action="market-fill", order="2")
    view = accounts["alice"].ok("GET", f"/api/games/{war}")["view"]
    # 5000 - 20 in escrow - 35 paid; 3 ore + 1 bought
    assert view["accounts"]["alice"] == {"money": 4945, "ore": 4}
    assert view["accounts"]["bob"]["money"] == 5035
    # the API reads the same book
    offers = accounts["bob"].ok("GET", f"/api/games/{war}/market")
    assert [(g["good"], g["sell"]["price"], g["buy"]["price"]) for g in offers["goods"]] == [
        ("ore", 40, 20)]
    assert [o["id"] for o in accounts["bob"].ok("GET", f"/api/games/{war}/market/ore")] == [1]


def test_a_goods_requests_are_paged(app: FastAPI, war: str, accounts: dict[str, Api],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(market_pages, "REQUESTS_PAGE", 2)
    for price in (50, 30, 40):
        assert accounts["bob"].act(war, "market-sell", good="ore", price=price).status_code \
            == 200
    alice = log_in(app, "alice")
    first = alice.client.get(f"/games/{war}/market/ore").text
    assert re.findall(r'<tr id="order-(\d+)"', first) == ["2", "3"]
    assert "Page 1 of 2 (3 requests)" in first and 'href="?sell=2&amp;buy=1"' in first
    second = alice.client.get(f"/games/{war}/market/ore?sell=2").text
    assert re.findall(r'<tr id="order-(\d+)"', second) == ["1"]
    response = accounts["alice"].get(f"/api/games/{war}/market/ore?limit=2")
    assert [o["price"] for o in response.json()] == [30, 40]
    assert "page=2" in response.headers["Link"]


def test_the_non_player_things(app: FastAPI, war: str) -> None:
    bob = log_in(app, "bob")
    page = bob.client.get(f"/games/{war}/things").text
    ducky = re.search(rf'<tr id="thing-{DUCKY}">.*?</tr>', page, re.S)
    bank = re.search(rf'<tr id="thing-{BANK}">.*?</tr>', page, re.S)
    assert ducky and "square 7" in ducky.group(0) and "nobody" in ducky.group(0)
    assert bank and "3 money" in bank.group(0) and "nowhere on the board" in bank.group(0)
    assert f'id="account-{DARK_LORD}"' in page
    # the players' own things are not listed
    assert "fort-1" not in page and "warrior-1" not in page


def test_a_game_without_units_or_market_has_no_such_tabs(app: FastAPI,
                                                         accounts: dict[str, Api]) -> None:
    made = accounts["alice"].ok("POST", "/api/games", {"pack": "infinite-nomic-r7",
                                                       "player": "alice"})
    alice = log_in(app, "alice")
    board = alice.client.get(f"/games/{made['id']}").text
    assert "/market" not in board and "/things" not in board and 'id="squares"' not in board
    assert alice.client.get(f"/games/{made['id']}/market").status_code == 404
    assert accounts["alice"].get(f"/api/games/{made['id']}/market").status_code == 404
