"""Nomopoly IV's board: 20 squares in rows of ten, Square 1 at the bottom left, and the
seed's worked distances (L416, L358)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import nomicon
from nomicon.boards.numbered import layout_of
from nomicon.server.svg import snake as drawing


def test_the_seeds_examples_hold_on_the_board() -> None:
    game = nomicon.new_game("nomopoly-iv", players=["alice"], seed=1, params={"history": 0},
                            start=datetime(2005, 1, 3, 12, tzinfo=UTC))
    board = layout_of(game.state.root["board"])
    assert board.size == 20 and board.width == 10
    # "The distance from Square #4 to Square #15 would be 3" (L416).
    assert board.steps(4, 15) == 3
    # "A Monk on Square 13 ... targeting a Warrior on Square 8" (L358): adjacent.
    assert board.are_adjacent(13, 8)
    assert board.cell(1) == (0, 0) and board.cell(11) == (1, 9) and board.cell(20) == (1, 0)


def test_the_web_board_draws_square_1_at_the_bottom_left() -> None:
    game = nomicon.new_game("nomopoly-iv", players=["alice"], seed=1, params={"history": 0},
                            start=datetime(2005, 1, 3, 12, tzinfo=UTC))
    view = game.view("alice")
    board = layout_of(view["board"])
    x1, y1 = drawing.position(board, 1)
    x10, y10 = drawing.position(board, 10)
    x20, y20 = drawing.position(board, 20)
    assert (x1, y1) < (x10, y10 + 1) and y1 == y10  # the bottom row runs left to right
    assert y20 < y1 and x20 == x1  # Square 20 is above Square 1
    svg = drawing.draw(view, "alice")
    assert re.search(r"The board: 20 squares", svg)
