"""Private rolls, private prompts and hidden moves stay private through every way the
server shows a game: the JSON view, the log and its pages of rolls, the answer to an
action, the pages, the live stream, a preview and a player's export. Played on the
roles pack of the kernel's tests (``tests/kernel/rolespack.py``): alice referees and
deals a card to each player, "a roll of one die of thirteen sides that only that
player and the referee read"."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.testclient import TestClient

from nomicon.exchange import ImportRefused, read_import
from nomicon.server import Settings, create_app

from .support import FAST_HASHER, Api, Clock, log_in, sign_up, site_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "kernel"))

from rolespack import PACK, REGISTRY, Coronation

TOKEN = re.compile(r"zq-[a-z]+-\d+")


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = create_app(f"sqlite:///{tmp_path / 'roles.db'}", registry=REGISTRY,
                             clock=clock, hasher=FAST_HASHER,
                             settings=Settings(tick_seconds=None, poll_seconds=0.05))
    yield application
    site_of(application).store.close()


@pytest.fixture
def game(accounts: dict[str, Api]) -> str:
    """alice (the game's admin, playing alice) referees; bob and carol play; alice has
    dealt: every player holds a card face down."""
    made = accounts["alice"].ok("POST", "/api/games",
                                {"pack": PACK, "player": "alice", "seed": 5})
    for name in ("bob", "carol"):
        accounts[name].ok("POST", f"/api/games/{made['id']}/join", {"role": "player"})
    alice = accounts["alice"]
    assert alice.act(made["id"], "volunteer").status_code == 200
    assert alice.act(made["id"], "deal").status_code == 200
    return str(made["id"])


def cards(accounts: dict[str, Api], game: str) -> dict[str, str]:
    """Every player's card, as the referee reads them."""
    players = accounts["alice"].ok("GET", f"/api/games/{game}")["view"]["players"]
    return {name: record["card"] for name, record in players.items()}


def tokens(shown: Any) -> set[str]:
    return set(TOKEN.findall(shown if isinstance(shown, str) else repr(shown)))


def test_bob_reads_his_own_card_and_roll_and_nobody_elses_anywhere(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    dealt = cards(accounts, game)
    others = {dealt["alice"], dealt["carol"]}
    bob = accounts["bob"]
    view = bob.ok("GET", f"/api/games/{game}")
    assert view["view"]["players"]["bob"]["card"] == dealt["bob"]
    log = bob.ok("GET", f"/api/games/{game}/log")
    rolls = bob.ok("GET", f"/api/games/{game}/log?rolls=true")
    assert [r["data"]["index"] for r in rolls] == [1]  # his card: the deal's second roll
    assert [r["data"]["index"] for r in accounts["alice"].ok(
        "GET", f"/api/games/{game}/log?rolls=true")] == [0, 1, 2]
    assert accounts["carol"].ok("GET", f"/api/games/{game}/dice")["count"] == 3
    browser = log_in(app, "bob")
    pages = [browser.client.get(f"/games/{game}{tab}").text
             for tab in ("", "/players", "/history", "/prompts")]
    for shown in (view, log, rolls, *pages):
        assert not tokens(shown) & others
    assert dealt["bob"] in pages[1]
    assert all("ops" not in entry for entry in log)


def test_a_hidden_move_is_absent_from_carols_log_history_and_action_replies(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    bob = accounts["bob"]
    assert bob.act(game, "vanish").status_code == 200
    reply = bob.act(game, "move", place="loc4").json()
    assert [e["type"] for e in reply["events"]] == ["action", "audience.set", "moved"]
    trace = reply["events"][-1]["data"]["trace"]
    carol = accounts["carol"]
    log = carol.ok("GET", f"/api/games/{game}/log")
    assert "moved" not in {e["type"] for e in log}
    history = log_in(app, "carol").client.get(f"/games/{game}/history").text
    assert trace not in history and trace not in repr(log)
    assert "loc4" not in repr(carol.ok("GET", f"/api/games/{game}")["view"]["players"]["bob"])
    assert trace in log_in(app, "bob").client.get(f"/games/{game}/history").text


def test_a_private_question_and_its_answer_reach_only_its_audience(
        accounts: dict[str, Api], game: str) -> None:
    """bob asks carol, with the referee (alice) listening: the three of them read it;
    so does the answer. (Nobody else plays here, so the observer stands for them.)"""
    accounts["bob"].act(game, "ask", target="carol")
    [prompt] = accounts["carol"].ok("GET", f"/api/games/{game}/prompts")
    reply = accounts["carol"].act(game, "choose", option=prompt["options"][2]).json()
    assert reply["events"][0]["data"]["args"]["option"] == prompt["options"][2]
    for name in ("alice", "bob"):
        log = accounts[name].ok("GET", f"/api/games/{game}/log")
        assert prompt["options"][2] in repr([e for e in log if e["type"] == "prompt.answered"])


def test_the_live_stream_says_only_the_head(accounts: dict[str, Api], game: str,
                                           client: TestClient) -> None:
    dealt = cards(accounts, game)
    bob = accounts["bob"]
    head = accounts["alice"].ok("GET", f"/api/games/{game}")["game"]["head"]
    with client.stream("GET", f"/api/games/{game}/live", headers=bob.headers) as stream:
        lines = stream.iter_lines()
        seen = [next(lines) for _ in range(4)]
    data = [line for line in seen if line.startswith("data: ")]
    assert data == [f'data: {{"head": {head}, "status": "active"}}']
    assert not tokens("\n".join(seen)) & set(dealt.values())


def test_a_preview_shows_bob_no_card_but_his_own(accounts: dict[str, Api], game: str) -> None:
    dealt = cards(accounts, game)
    amendment = [{"op": "enact", "class": Coronation.class_id(), "number": 5}]
    shown = accounts["bob"].ok("POST", f"/api/games/{game}/preview", {"amendment": amendment})
    assert shown["ok"] is True
    assert not tokens(shown) & {dealt["alice"], dealt["carol"]}


def test_bobs_export_is_the_log_as_he_reads_it_and_cannot_be_imported(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    dealt = cards(accounts, game)
    service = site_of(app).service
    mine = service.export_game(game, viewer="bob")
    assert mine["viewer"] == "bob" and "secret" not in mine
    assert dealt["bob"] in repr(mine["log"])
    assert not tokens(mine) & {dealt["alice"], dealt["carol"]}
    assert all("ops" not in event for event in mine["log"])
    whole = service.export_game(game)
    assert set(dealt.values()) <= tokens(whole)
    with pytest.raises(ImportRefused, match="this file is 'bob''s export"):
        read_import(mine, registry=REGISTRY, test=True)


def test_the_pages_answer_a_double_question_and_show_others_only_that_it_waits(
        app: FastAPI, client: TestClient, accounts: dict[str, Api], game: str) -> None:
    """bob puts a double question to carol, with the referee (alice, also the game's
    admin) listening; dave, who joins late, sees only that carol has a decision."""
    sign_up(client, "dave").ok("POST", f"/api/games/{game}/join", {"role": "player"})
    accounts["bob"].act(game, "ask", target="carol", double=True)
    [prompt] = accounts["carol"].ok("GET", f"/api/games/{game}/prompts")
    dave = log_in(app, "dave").client.get(f"/games/{game}/prompts").text
    assert "a private decision" in dave
    assert not tokens(dave) & {*prompt["options"], prompt["message"].split()[-1]}
    carol = log_in(app, "carol")
    page = carol.client.get(f"/games/{game}/prompts").text
    assert 'name="_action" value="choose-many"' in page
    assert "Choose 2 of " + ", ".join(prompt["options"]) in page
    picked = f"[{prompt['options'][2]}, {prompt['options'][1]}]"
    answered = carol.post(f"/games/{game}/act", {"_action": "choose-many",
                                                 "prompt": str(prompt["id"]),
                                                 "options": picked},
                          csrf_from=f"/games/{game}/prompts")
    assert answered.status_code in (200, 303), answered.text
    assert accounts["carol"].ok("GET", f"/api/games/{game}/prompts") == []
    log = accounts["bob"].ok("GET", f"/api/games/{game}/log")
    [done] = [e for e in log if e["type"] == "prompt.answered"]
    assert done["data"]["option"] == [prompt["options"][2], prompt["options"][1]]
