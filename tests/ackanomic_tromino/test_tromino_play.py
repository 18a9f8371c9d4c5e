"""Tromino Go (Ackanomic 1250.11) played: as a child game with its result, rulings on
rounds that could go on forever, the moving phase's restrictions, random play, and its
board on the web. (Its clauses are pinned by the scenario files in
tests/scenarios/ackanomic-tromino-go.)"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

import nomicon
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.packs.ackanomic import tromino
from nomicon.server.app import tick
from nomicon.sim.bots import RandomBot, step
from server.support import Clock, TestClient, make_app, sign_up, site_of
from subgamepacks import ArcadePack, registry

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
PACK = tromino.PACK_ID
SVG = "{http://www.w3.org/2000/svg}"
#: Bob's ring of four trominoes around a 2 by 2 hole, and alice's C outside it.
RING = {
    "t1": {"cells": ["0,2", "0,3", "1,3"], "player": "bob", "letter": "a"},
    "t2": {"cells": ["2,3", "3,2", "3,3"], "player": "bob", "letter": "c"},
    "t3": {"cells": ["2,0", "3,0", "3,1"], "player": "bob", "letter": "a"},
    "t4": {"cells": ["0,0", "0,1", "1,0"], "player": "bob", "letter": "b"},
    "t5": {"cells": ["-2,0", "-1,0", "-1,1"], "player": "alice", "letter": "C"},
}


def child(referee: str | None) -> Game:
    """A Tromino Go child of an arcade game, made as the service makes one."""
    parent = nomicon.new_game(ArcadePack.id, ("alice", "bob", "carol"), seed=1, start=START,
                              game_id="arc", registry=registry())
    record = {"id": "arc-1", "pack": PACK, "players": ["alice", "bob"], "referee": referee,
              "params": {}, "status": "running", "inputs": []}
    members = ["alice", "bob", *([referee] if referee else [])]
    return Game.create(PACK, start=START, players=members, secret=b"tromino",
                       game_id="arc-1", registry=registry(),
                       parent=subgames.link(parent.id, record))


def moving_position(game: Game, *, ruling_after: int | None = None) -> None:
    """Alice to move C, with five trominoes the most a round has (bob's ring and her C)."""
    for path, value in (("tromino.first", "alice"), ("tromino.turn", 8),
                        ("tromino.pieces", 5), ("tromino.placed", list(RING)),
                        ("tromino.next_id", 6), ("tromino.board", RING)):
        game.act("admin", "set", path=path, value=value)


def test_as_a_child_game_the_result_carries_what_the_parent_pays() -> None:
    """8.: the winner's A$ (2 x the difference, on points) and the referee's A$1 a
    round are in the result; the child pays nobody, since its parent knows whether
    it was played for a Duel."""
    game = child("carol")
    assert game.state.root["tromino"]["referee"] == "carol"
    game.act("admin", "set", path="tromino.scores", value={"alice": 4, "bob": 1})
    game.act("bob", "concede", points=1)
    game.act("alice", "accept")
    assert not game.is_over and game.state.root["tromino"]["round"] == 2
    game.act("bob", "concede", points=2)
    game.act("alice", "accept")
    assert game.is_over
    # Alice won on points, 7 to 1: 2 x 6 = A$12; two rounds completed: A$2 to carol.
    assert game.pack.result(game.state.root) == {
        "winners": ["alice"], "scores": {"alice": 7, "bob": 1}, "referee": "carol",
        "rounds": 2, "how": "points", "winner_dollars": 12, "referee_dollars": 2}
    assert game.state.root["players"]["alice"].get("A$", 0) == 0


def test_the_referee_gets_at_most_ten_dollars() -> None:
    """8.: "A$1 from the treasury for each round completed, to a maximum of A$10"."""
    game = child(None)
    for _ in range(12):
        first = game.state.root["tromino"]["first"]
        other = "bob" if first == "alice" else "alice"
        game.act(other, "concede", points=0)
        game.act(first, "accept")
    game.advance(START + timedelta(days=4))
    result = game.pack.result(game.state.root)
    assert result["rounds"] == 12 and result["referee_dollars"] == 10
    assert result["how"] == "timeout" and len(result["winners"]) == 1


def test_a_tromino_that_splits_the_grid_or_has_no_outside_edge_may_not_move() -> None:
    """4.: "Only trominoes with some outside edge may be moved; a tromino which will
    split the grid into two pieces if removed may not be moved"."""
    game = nomicon.new_game(PACK, ["alice", "bob"], seed=2, start=START)
    moving_position(game)
    # Alice's C joins a far tromino of bob's to the ring: taking it away splits the grid.
    board = dict(RING) | {"t6": {"cells": ["-4,0", "-3,0", "-3,1"], "player": "bob",
                                 "letter": "b"}}
    game.act("admin", "set", path="tromino.pieces", value=6)
    game.act("admin", "set", path="tromino.placed", value=list(board))
    game.act("admin", "set", path="tromino.board", value=board)
    with pytest.raises(ActionRefused, match="whose removal does not split the grid"):
        game.act("alice", "move", piece=["-2,0", "-1,0", "-1,1"], cells=["1,1", "2,1", "1,2"])
    assert game.state.root["tromino"]["board"]["t5"]["cells"] == RING["t5"]["cells"]


def test_a_round_of_moves_that_does_not_end_is_ruled_a_tie() -> None:
    """The recorded ruling (INTERPRETATIONS.md): after ``ruling_after`` turns of the
    moving phase without a surrounded group, the referee rules the round a tie."""
    game = nomicon.new_game(PACK, ["alice", "bob"], seed=2, start=START)
    moving_position(game)
    game.act("admin", "set", path="tromino.moving_turns", value=59)
    game.act("alice", "move", piece=["-2,0", "-1,0", "-1,1"], cells=["-2,1", "-1,1", "-1,2"])
    rounds = game.state.root["tromino"]["rounds"]
    assert rounds[0]["how"] == "ruling" and rounds[0]["winner"] is None
    assert game.state.root["tromino"]["scores"] == {"alice": 0, "bob": 0}
    rulings = [e for e in game.log if e["type"] == "tromino.ruling"]
    assert "60 turns of moving have not ended the round" in rulings[0]["data"]["ruling"]
    # A tie: "the player who played second plays first in the next round".
    assert game.state.root["tromino"]["first"] == "bob"


def test_random_play_keeps_the_invariants_and_places_legally() -> None:
    game = nomicon.new_game(PACK, ["alice", "bob"], seed=9, start=START)
    rng = random.Random(4)
    bot = RandomBot(rng)
    for _ in range(400):
        if game.is_over:
            break
        step(game, bot, rng)
        assert game.invariant_failures() == []
    placed = [e for e in game.log if e["type"] == "tromino.played" and e["data"]["kind"] == "place"]
    assert placed, "the bots placed no tromino"
    assert all(len(e["data"]["cells"]) == 3 for e in placed)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = make_app(f"sqlite:///{tmp_path / 'web.db'}", clock)
    yield application
    site_of(application).store.close()


def trominoes(drawing: str) -> dict[str, dict[str, Any]]:
    root = ET.fromstring(drawing)
    return {g.get("data-tromino", ""): {"player": g.get("data-player"),
                                       "letter": g.get("data-letter"),
                                       "cells": g.get("data-cells")}
            for g in root.iter(f"{SVG}g") if g.get("class") == "tromino"}


def test_the_board_is_an_svg_of_the_trominoes_and_no_mans_land(app: FastAPI,
                                                                clock: Clock) -> None:
    client = TestClient(app)
    alice, bob = (sign_up(client, name) for name in ("alice", "bob"))
    game = str(alice.ok("POST", "/api/games", {"pack": PACK, "player": "alice",
                                               "seed": 5})["id"])
    bob.ok("POST", f"/api/games/{game}/join", {"role": "player"})
    first = alice.ok("GET", f"/api/games/{game}")["view"]["tromino"]["first"]
    player = alice if first == "alice" else bob
    assert player.act(game, "place", cells=["0,0", "1,0", "0,1"]).status_code == 200
    drawing = bob.get(f"/api/games/{game}/board.svg")
    assert drawing.headers["content-type"].startswith("image/svg+xml")
    assert trominoes(drawing.text) == {"t1": {"player": first, "letter": "A",
                                              "cells": "0,0 0,1 1,0"}}
    assert f"A ({first}) on 0,0 0,1 1,0" in drawing.text
    assert "bob (you)" in drawing.text and "alice (you)" not in drawing.text
    assert 'class="no-mans-land"' not in drawing.text
    clock.advance(days=3, minutes=1)
    tick(site_of(app))
    # The second player did not play within 3 days: they lose, and the table's next
    # game begins.
    table = bob.ok("GET", f"/api/games/{game}")["view"]["tromino"]
    assert table["results"][0]["winner"] == first and table["results"][0]["how"] == "timeout"
    assert table["instance"] == 2


def test_no_mans_land_is_hatched_on_the_board() -> None:
    from nomicon.server.svg import trominoes as drawing

    view = {"tromino": {"players": ["alice", "bob"], "board": dict(RING), "round": 1,
                        "first": "alice", "scores": {"alice": 0, "bob": 0}}}
    svg = drawing.draw(view, "alice")
    root = ET.fromstring(svg)
    land = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "no-mans-land"]
    assert len(land) == 4  # the 2 by 2 hole of bob's ring
    assert set(trominoes(svg)) == set(RING)
