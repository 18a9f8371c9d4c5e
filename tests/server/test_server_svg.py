"""Board drawings: what they show, what they escape, and the fallbacks."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import nomicon
from nomicon.server import svg
from nomicon.server.svg import parts, ring, snake

SVG = "{http://www.w3.org/2000/svg}"


def view_with(spaces: int, features: dict[int, list[str]], players: dict[str, Any],
              **board: Any) -> dict[str, Any]:
    return {"board": {"spaces": {str(n): {"features": features.get(n, [])}
                                 for n in range(1, spaces + 1)}, **board},
            "players": {name: {"location": where} for name, where in players.items()}}


def parse(drawing: str) -> ET.Element:
    return ET.fromstring(drawing)  # well-formed XML, or this raises


def test_the_ring_shows_spaces_features_and_pieces() -> None:
    game = nomicon.new_game("infinite-nomic-r7", ["alice", "bob"], seed=1)
    game.act("alice", "roll")
    drawing = svg.draw("ring", game.view("bob"), "bob")
    root = parse(drawing)
    assert root.get("role") == "img" and root.get("aria-labelledby")
    spaces = root.findall(f".//{SVG}g[@class='space']")
    assert [s.get("data-space") for s in spaces] == [str(n) for n in range(1, 21)]
    assert "Cop Car" in drawing and "Shop" in drawing and "Bank" in drawing
    tokens = {t.get("data-player") for t in root.iter(f"{SVG}g") if t.get("class") == "token"}
    assert tokens == {"alice", "bob"}
    assert "bob (you)" in drawing and "alice (you)" not in drawing
    where = game.view("bob")["players"]["alice"]["location"]
    assert f"alice on space {where}" in root.findtext(f"{SVG}desc", "")


def test_players_off_the_board_and_linked_spaces() -> None:
    view = view_with(12, {3: ["Snake 1L"], 9: ["Snake 1U"]}, {"alice": "Jail", "bob": 5},
                     pairs={"1": {"type": "Snake", "spaces": [3, 9]}})
    drawing = ring.draw(view, "alice")
    root = parse(drawing)
    places = [g for g in root.iter(f"{SVG}g") if g.get("class") == "place"]
    assert [p.get("data-place") for p in places] == ["Jail"]
    assert "Snake 1: spaces 3 and 9" in drawing
    assert "alice in Jail" in root.findtext(f"{SVG}desc", "")


def test_text_from_the_game_is_escaped() -> None:
    view = view_with(5, {2: ['<script>alert("x")</script>', "A & B"]}, {"eve": 2})
    for draw in (ring.draw, snake.draw):
        drawing = draw(view, "eve")
        parse(drawing)
        assert "<script>" not in drawing and "&lt;script&gt;" in drawing


def test_a_crowded_ring_abbreviates() -> None:
    view = view_with(400, {n: ["Shop"] for n in range(11, 400, 7)}, {"alice": 250})
    drawing = ring.draw(view, "alice")
    parse(drawing)
    assert len(re.findall(r'class="space"', drawing)) == 400
    assert ">Sho<" in drawing  # the label, with the full name in its title
    assert "<title>Shop</title>" in drawing


def test_the_snake_runs_back_and_forth() -> None:
    view = view_with(25, {4: ["Cop Car"]}, {"alice": 11, "bob": "Jail"})
    root = parse(snake.draw(view, "bob"))
    cells = {g.get("data-space"): g.find(f"{SVG}rect") for g in root.iter(f"{SVG}g")
             if g.get("class") == "space"}
    x = {n: float(cells[str(n)].get("x", "0")) for n in (1, 10, 11, 20, 21)}
    assert x[1] < x[10] and x[11] == x[10] and x[20] == x[1] and x[21] == x[1]


def test_boards_without_a_drawing_get_a_placeholder() -> None:
    view = view_with(3, {}, {})
    drawing = svg.draw("hexagonal", view, "alice")
    assert "No drawing for hexagonal boards is installed yet." in drawing
    parse(drawing)
    assert svg.draw("", view, "alice") == ""
    assert "cannot be drawn" in svg.draw("../x", view, "alice")
    assert "no spaces" in ring.draw({"board": {}}, "alice")


def test_feature_types() -> None:
    assert parts.feature_type("Snake 1U") == "Snake"
    assert parts.feature_type("House (alice)") == "House"
    assert parts.feature_type("Cop Car") == "Cop Car"
    assert parts.abbreviation("Cop Car") == "CC"
