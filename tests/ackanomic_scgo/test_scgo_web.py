"""Single Capture Go on the web: the board is an SVG grid of Letters drawn from each
viewer's view, so a player sees their own sealed play outlined and nobody else's."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI

from nomicon.server.app import tick
from server.support import Clock, TestClient, log_in, make_app, sign_up, site_of

PACK = "ackanomic-single-capture-go"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def app(tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = make_app(f"sqlite:///{tmp_path / 'web.db'}", clock)
    yield application
    site_of(application).store.close()


def squares(drawing: str) -> dict[str, str]:
    root = ET.fromstring(drawing)
    return {g.get("data-square", ""): g.get("data-held", "")
            for g in root.iter(f"{SVG}g") if g.get("class") == "square"}


def test_the_board_is_an_svg_grid_with_the_viewers_own_play_outlined(
        app: FastAPI, clock: Clock) -> None:
    client = TestClient(app)
    alice, bob, carol = (sign_up(client, name) for name in ("alice", "bob", "carol"))
    made = alice.ok("POST", "/api/games", {"pack": PACK, "player": "alice", "seed": 5})
    game = str(made["id"])
    for api in (bob, carol):
        api.ok("POST", f"/api/games/{game}/join", {"role": "player"})
    assert bob.act(game, "play", square="b3").status_code == 200
    mine = bob.get(f"/api/games/{game}/board.svg")
    assert mine.headers["content-type"].startswith("image/svg+xml")
    grid = squares(mine.text)
    # Three players: a 6 by 6 grid, a1 to f6, all empty before the first round ends.
    assert len(grid) == 36 and "a1" in grid and "f6" in grid and set(grid.values()) == {""}
    assert "b3: empty (your play this round)" in mine.text
    # carol's board shows no play of bob's (her view holds none), and no outline.
    theirs = carol.get(f"/api/games/{game}/board.svg").text
    assert "your play this round" not in theirs and squares(theirs) == grid
    # When the round's three days are up the play is revealed: b3 holds bob's Letter,
    # on the board page of every player.
    clock.advance(days=3, minutes=1)
    tick(site_of(app))
    letter = bob.ok("GET", f"/api/games/{game}")["view"]["scgo"]["letters"]["bob"]
    page = log_in(app, "carol").client.get(f"/games/{game}")
    assert page.status_code == 200
    drawing = page.text[page.text.index("<svg"):page.text.index("</svg>") + 6]
    assert squares(drawing)["b3"] == letter
    assert f"{letter} (bob) on b3" in drawing
