"""The drawing of a snake board: square 1 at the bottom left, the width of the layout,
and what stands on each square."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from snakepack import new_game

from nomicon.server import svg
from nomicon.server.svg import snake

SVG = "{http://www.w3.org/2000/svg}"


def cells(drawing: str) -> dict[int, tuple[float, float]]:
    """Each square's cell, as the top left corner of its rectangle."""
    root = ET.fromstring(drawing)
    out = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "space":
            rect = group.find(f"{SVG}rect")
            assert rect is not None
            out[int(group.get("data-space", "0"))] = (float(rect.get("x", "nan")),
                                                      float(rect.get("y", "nan")))
    return out


def groups(drawing: str, kind: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(drawing).iter(f"{SVG}g") if g.get("class") == kind]


def test_square_1_is_at_the_bottom_left_and_11_above_10() -> None:
    game = new_game()
    drawing = svg.draw("snake", game.view("alice"), "alice")
    at = cells(drawing)
    assert sorted(at) == list(range(1, 21))
    xs = {x for x, _ in at.values()}
    ys = {y for _, y in at.values()}
    assert at[1] == (min(xs), max(ys))  # left, and lowest on the page (y grows down)
    assert at[10] == (max(xs), max(ys))
    assert at[11] == (at[10][0], min(ys))  # directly above 10
    assert at[20] == (at[1][0], min(ys))


def test_the_width_comes_from_the_layout() -> None:
    view = {"board": {"size": 10, "columns": "sqrt",
                      "spaces": {str(n): {"id": n} for n in range(1, 11)}},
            "players": {}}
    at = cells(snake.draw(view, "admin"))
    columns = sorted({x for x, _ in at.values()})
    rows = sorted({y for _, y in at.values()}, reverse=True)  # from the bottom up
    assert len(columns) == 3 and len(rows) == 4
    assert [at[n] for n in (1, 2, 3)] == [(c, rows[0]) for c in columns]
    assert [at[n] for n in (6, 5, 4)] == [(c, rows[1]) for c in columns]
    assert at[10] == (columns[2], rows[3])  # the short last row hugs the east


def test_players_and_entities_are_drawn_on_their_squares() -> None:
    game = new_game()
    game.act("alice", "stand", square=12)
    game.act("bob", "push-duck", steps=6)  # the Rber Ducky from 1 to 7
    view = game.view("bob")
    view["entities"]["rock"] = {"kind": "big rock", "location": "alice"}  # carried: off-board
    drawing = snake.draw(view, "bob")
    at = cells(drawing)
    [duck] = groups(drawing, "entity")
    assert duck.get("data-entity") == "ducky" and duck.get("data-kind") == "ducky"
    assert duck.findtext(f"{SVG}title") == "Rber Ducky (ducky)"
    tile = duck.find(f"{SVG}rect")
    assert tile is not None
    x, y = float(tile.get("x", "nan")), float(tile.get("y", "nan"))
    assert at[7][0] <= x < at[7][0] + snake.CELL and at[7][1] <= y < at[7][1] + snake.CELL
    tokens = {g.get("data-player"): g.find(f"{SVG}circle") for g in groups(drawing, "token")}
    alice = tokens["alice"]
    assert alice is not None
    cx, cy = float(alice.get("cx", "nan")), float(alice.get("cy", "nan"))
    assert at[12][0] <= cx < at[12][0] + snake.CELL and at[12][1] <= cy < at[12][1] + snake.CELL
    desc = ET.fromstring(drawing).findtext(f"{SVG}desc", "")
    assert "alice on square 12" in desc and "Rber Ducky on square 7" in desc


def test_after_tripling_the_drawing_follows_the_new_numbers() -> None:
    game = new_game()
    game.act("alice", "stand", square=4)
    game.act("alice", "triple")
    drawing = snake.draw(game.view("alice"), "alice")
    at = cells(drawing)
    assert len(at) == 60 and at[1] == (snake.MARGIN, snake.MARGIN + 5 * snake.CELL)
    token = next(g for g in groups(drawing, "token") if g.get("data-player") == "alice")
    circle = token.find(f"{SVG}circle")
    assert circle is not None
    assert at[11][0] <= float(circle.get("cx", "nan")) < at[11][0] + snake.CELL
