"""A sealed order (a secret bid sent to the admin) does not name its player to anyone
but her and the admin (issue 18): not when it is received, taken back, or carried out,
through the view, the log, the history's lines or a player's export; the player and
the admin read it in full. The test pack's ``bid`` is sealed: "Bids are secret."."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from mail_pack import FIRST_UPDATE, REGISTRY, START, new

from nomicon.exchange import export_document
from nomicon.kernel.engine import Game
from nomicon.sayings import story
from nomicon.server import Settings, create_app
from server.support import FAST_HASHER, PASSWORD, Api, Clock, TestClient, log_in, site_of
from server.test_server_security import api_routes, fill

MONDAY_10 = START + timedelta(hours=1)
AFTER_UPDATE = FIRST_UPDATE + timedelta(minutes=1)
BOBS_ORDER = "bob@2021-03-01T10:00:00Z#1"


def seen(game: Game, viewer: str, head: int) -> str:
    """Everything ``viewer`` reads of the log after ``head``, and the history's lines
    of it, as one text."""
    log = game.log_for(viewer, after=head)
    lines = [f"{line.who} {line.what}" for line in story(log)]
    # An event's audience lists the players it is for, every player's name among them.
    shown = [{key: value for key, value in event.items() if key != "to"} for event in log]
    return json.dumps(shown) + "\n" + "\n".join(lines)


def sealed_news(game: Game, viewer: str, head: int) -> list[tuple[str | None, str, Any]]:
    return [(e["actor"], e["message"], e["data"]) for e in game.log_for(viewer, after=head)
            if e["type"] == "order.sealed"]


def test_a_sealed_orders_receipt_and_outcome_name_nobody_to_the_others() -> None:
    game = new()
    head = game.head
    game.act("bob", "order", action="bid", args={"amount": 7}, at=MONDAY_10)
    assert game.view("carol")["orders"] == {}
    assert list(game.view("bob")["orders"]) == [BOBS_ORDER]
    assert list(game.view("admin")["orders"]) == [BOBS_ORDER]
    game.advance(AFTER_UPDATE)
    # Everyone reads that a sealed order was received and ran, and how it ended.
    assert sealed_news(game, "carol", head) == [
        (None, "a sealed order was received", {"phase": "works", "outcome": "received"}),
        (None, "a sealed order was carried out", {"phase": "works", "outcome": "done"})]
    for other in ("alice", "carol"):
        text = seen(game, other, head)
        assert "bob" not in text
        assert "amount" not in text
    # Bob and the admin read the order in full.
    for reader in ("bob", "admin"):
        done = [e for e in game.log_for(reader, after=head) if e["type"] == "order.done"]
        assert [(e["data"]["order"], e["data"]["args"]) for e in done] == [
            (BOBS_ORDER, {"amount": 7})]
        received = [e["message"] for e in game.log_for(reader, after=head)
                    if e["type"] == "order.received"]
        assert received == ["bob's order bid amount=7 received 2021-03-01T10:00:00Z (#1), "
                            "for the works phase"]
    assert game.view("bob")["players"]["bob"]["bid"] == 7


def test_a_sealed_orders_retraction_names_nobody_to_the_others() -> None:
    game = new()
    head = game.head
    game.act("bob", "order", action="bid", args={"amount": 7}, at=MONDAY_10)
    game.act("bob", "retract-order", order=BOBS_ORDER, at=MONDAY_10 + timedelta(hours=1))
    assert [message for _actor, message, _data in sealed_news(game, "carol", head)] == [
        "a sealed order was received", "a sealed order was taken back"]
    assert "bob" not in seen(game, "carol", head)
    retracted = [e for e in game.log_for("bob", after=head) if e["type"] == "order.retracted"]
    assert [e["data"]["order"] for e in retracted] == [BOBS_ORDER]
    # Nothing is left to carry out.
    game.advance(AFTER_UPDATE)
    assert game.view("admin")["players"]["bob"]["bid"] is None


def test_a_sealed_order_received_by_the_admin_names_nobody_to_the_others() -> None:
    game = new()
    head = game.head
    game.act("admin", "receive-order", player="bob", received_at="2021-03-01T10:00:00Z",
             position=1, action="bid", args={"amount": 9}, at=MONDAY_10)
    game.advance(AFTER_UPDATE)
    assert "bob" not in seen(game, "alice", head)
    assert "amount" not in seen(game, "alice", head)
    assert game.view("admin")["players"]["bob"]["bid"] == 9


def test_a_failed_sealed_order_tells_the_others_only_that_it_failed() -> None:
    game = new()
    head = game.head
    # "A player may buy a square that nobody owns": alice buys square 1 first, and
    # bob's order, sealed by its otherwise (a bid), fails at the update.
    game.act("alice", "buy", square=1, at=MONDAY_10)
    game.act("bob", "order", action="paint", args={"square": 1, "colour": "red"},
             condition="my.dollars >= 0", otherwise="bid", otherwise_args={"amount": 3},
             at=MONDAY_10 + timedelta(hours=1))
    game.advance(AFTER_UPDATE)
    assert [message for _actor, message, _data in sealed_news(game, "carol", head)] == [
        "a sealed order was received", "a sealed order failed"]
    assert "bob" not in seen(game, "carol", head)
    failed = [e for e in game.log_for("bob", after=head) if e["type"] == "order.failed"]
    assert [e["data"]["refusal"] for e in failed] == [
        "bob cannot paint square=1 colour='red': square 1 is not yours (Rule 2, Squares); "
        "its owner is alice"]


def test_a_players_export_does_not_name_the_sealed_orders_player() -> None:
    game = new()
    game.act("bob", "order", action="bid", args={"amount": 7}, at=MONDAY_10)
    game.advance(AFTER_UPDATE)
    record: Any = type("Record", (), {"id": "g", "pack": "mail-toy", "created": START,
                                      "meta": {}, "secret": None})()
    mine = export_document(record, game.log, viewer="carol")
    published = [e for e in mine["log"] if e["type"].startswith("order.")]
    assert [e["message"] for e in published] == [
        "a sealed order was received", "a sealed order was carried out"]
    assert BOBS_ORDER not in json.dumps(mine["log"])


# -- every interface a player has ------------------------------------------------------------
TABS = ("", "/players", "/rules", "/history", "/prompts")
#: bob's bid, an amount nothing else in the game holds.
AMOUNT = 4242


@pytest.fixture
def app(tmp_path: Path) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'web.db'}", registry=REGISTRY,
                             clock=Clock(START), hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


def answers(app: FastAPI, api: Api, game: str) -> Iterator[tuple[str, str]]:
    """Every answer ``api``'s player can get about the game: every GET of the API, the
    export, a preview of repealing the Bids (rule 7), and the game's pages."""
    for method, path in api_routes(app):
        if method != "GET" or "{game_id}" not in path or path.endswith("/live"):
            continue
        url = fill(path, game)
        response = api.get(url)
        assert response.status_code < 500, url
        yield url, response.text
    yield "export", json.dumps(site_of(app).service.export_game(game, viewer=api.name))
    preview = api.post(f"/api/games/{game}/preview",
                       {"amendment": [{"op": "repeal", "rule": 7}]})
    assert preview.status_code == 200, preview.text
    yield "preview", preview.text
    browser = log_in(app, api.name)
    for tab in TABS:
        page = browser.client.get(f"/games/{game}{tab}")
        assert page.status_code == 200, tab
        yield tab or "board page", page.text


def test_a_sealed_order_reaches_no_other_player_through_any_interface(app: FastAPI) -> None:
    site = site_of(app)
    game = site.service.create("mail-toy", ["alice", "bob", "carol"], seed=7).id
    client = TestClient(app)
    apis = {}
    for name in ("alice", "bob", "carol"):
        user = site.accounts.sign_up(name, PASSWORD)
        site.accounts.seat(game, user, "player", name)
        apis[name] = Api(client, name, site.accounts.new_token(user))
    sent = client.post(f"/api/games/{game}/actions",
                       json={"action": "order", "args": {"action": "bid",
                                                         "args": {"amount": AMOUNT}}},
                       headers={**apis["bob"].headers, "Idempotency-Key": "k1"})
    assert sent.status_code == 200, sent.text
    with site.service.reading(game) as played:
        (order,) = played.state.root["orders"]
    site.service.advance(game, AFTER_UPDATE)
    # carol's own reply to the same key is hers, not bob's.
    mine = client.post(f"/api/games/{game}/actions",
                       json={"action": "order", "args": {"action": "buy",
                                                         "args": {"square": 1}}},
                       headers={**apis["carol"].headers, "Idempotency-Key": "k1"})
    refused = apis["carol"].act(game, "retract-order", order="nothing")
    assert 400 <= refused.status_code < 500
    for viewer in ("alice", "carol"):
        texts = [*answers(app, apis[viewer], game), ("reply", mine.text),
                 ("refusal", refused.text)]
        for where, text in texts:
            assert order not in text, f"{viewer} reads bob's order's id in {where}"
            assert str(AMOUNT) not in text, f"{viewer} reads bob's bid in {where}"
            assert "bob's order" not in text and "bob: order" not in text, where
            assert "bob: bid" not in text, where
    for reader in ("bob", "admin"):
        found = site.service.export_game(game, viewer=reader)
        assert order in json.dumps(found)
        assert f"bob's order bid amount={AMOUNT}" in json.dumps(found)
    history = log_in(app, "bob").client.get(f"/games/{game}/history").text
    assert str(AMOUNT) in history
