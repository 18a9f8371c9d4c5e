"""The geometry of Tromino Go (1250.11, "Definitions"), with property tests over
bounded boards: rotations keep an L an L, touching is counted in units of edge, the
grid's connectivity, and the surround test."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.packs.ackanomic import tromino_geometry as geo

coordinate = st.integers(min_value=-20, max_value=20)
shape = st.sampled_from(geo.SHAPES)


@st.composite
def pieces(draw: st.DrawFn) -> geo.Piece:
    """An L-tromino somewhere on a bounded part of the grid."""
    dx, dy = draw(coordinate), draw(coordinate)
    turns = draw(st.integers(min_value=0, max_value=3))
    piece = draw(shape)
    for _ in range(turns):
        piece = geo.rotate(piece)
    return frozenset((x + dx, y + dy) for x, y in piece)


def test_the_texts_examples_are_trominoes_and_a_line_is_not() -> None:
    """"AA / A", "b / bb", " C / CC": each is an L of three like letters."""
    assert geo.is_tromino({(0, 1), (1, 1), (1, 0)})  # AA over .A
    assert geo.is_tromino({(0, 1), (0, 0), (1, 0)})  # b over bb
    assert geo.is_tromino({(1, 1), (0, 0), (1, 0)})  # .C over CC
    assert not geo.is_tromino({(0, 0), (1, 0), (2, 0)})
    assert not geo.is_tromino({(0, 0), (1, 1), (2, 2)})
    assert len(set(geo.SHAPES)) == 4


@settings(max_examples=200)
@given(pieces())
def test_a_rotated_tromino_is_a_tromino_and_four_turns_bring_it_back(piece: geo.Piece) -> None:
    turned = piece
    for _ in range(4):
        turned = geo.rotate(turned)
        assert geo.is_tromino(turned)
    assert turned == piece


@settings(max_examples=200)
@given(pieces())
def test_every_tromino_has_four_one_unit_and_two_two_unit_edges(piece: geo.Piece) -> None:
    """"Each tromino has four 1-unit edges and two 2-unit edges": 8 units of edge,
    all of them outside edges when it stands alone."""
    assert geo.outside_edges(piece, piece, set()) == 4 * 1 + 2 * 2


@settings(max_examples=200)
@given(pieces(), pieces())
def test_touching_is_counted_in_units_of_edge_and_is_symmetric(a: geo.Piece,
                                                               b: geo.Piece) -> None:
    if a & b:
        return
    assert geo.touching_units(a, b) == geo.touching_units(b, a)
    diagonal_only = all(abs(p[0] - q[0]) + abs(p[1] - q[1]) != 1 for p in a for q in b)
    assert geo.touches(a, b) is not diagonal_only


def test_trominoes_that_touch_only_diagonally_are_not_adjacent() -> None:
    a = frozenset({(0, 0), (1, 0), (0, 1)})
    b = frozenset({(1, 1), (2, 1), (2, 2)})  # meets a only at the corner of (1, 1)
    assert geo.touching_units(a, b) == 2  # (1,0)-(1,1) and (0,1)-(1,1)
    c = frozenset({(2, 2), (3, 2), (3, 3)})
    assert not geo.touches(a, c)


@settings(max_examples=100)
@given(st.lists(pieces(), min_size=1, max_size=6))
def test_placements_near_cells_are_empty_trominoes_that_touch_them(
        placed: list[geo.Piece]) -> None:
    cells = set().union(*placed)
    for piece in geo.placements_near(cells):
        assert geo.is_tromino(piece) and not piece & cells
        assert geo.touching_units(piece, cells) >= 1


@settings(max_examples=100)
@given(st.integers(min_value=2, max_value=8), coordinate, coordinate)
def test_a_chain_is_connected_and_each_inner_link_splits_it(length: int, x0: int,
                                                           y0: int) -> None:
    """"a tromino which will split the grid into two pieces if removed": in a chain
    of trominoes each touching the next, the inner ones split it, the ends do not."""
    chain = {f"t{n}": frozenset({(x0 + 2 * n, y0), (x0 + 2 * n + 1, y0),
                                  (x0 + 2 * n, y0 + 1)}) for n in range(length)}
    assert geo.is_connected(chain)
    for n in range(length):
        assert geo.splits(chain, f"t{n}") == (0 < n < length - 1)


def square_ring(x0: int, y0: int) -> dict[str, geo.Piece]:
    """The border of a 4 by 4 square (12 cells, four trominoes) around a 2 by 2 hole."""
    return {
        "n": frozenset({(x0, y0 + 3), (x0 + 1, y0 + 3), (x0, y0 + 2)}),
        "e": frozenset({(x0 + 2, y0 + 3), (x0 + 3, y0 + 3), (x0 + 3, y0 + 2)}),
        "s": frozenset({(x0 + 3, y0 + 1), (x0 + 3, y0), (x0 + 2, y0)}),
        "w": frozenset({(x0 + 1, y0), (x0, y0), (x0, y0 + 1)}),
    }


@settings(max_examples=50)
@given(coordinate, coordinate)
def test_a_closed_ring_makes_a_no_mans_land_and_is_surrounded(x0: int, y0: int) -> None:
    """"A No Man's Land is any area of empty space completely surrounded by
    trominoes"; a ring's inner edges face it, its outer edges are outside edges."""
    board = square_ring(x0, y0)
    filled = geo.occupied(board)
    land = geo.no_mans_land(filled)
    assert land == {(x0 + 1, y0 + 1), (x0 + 2, y0 + 1), (x0 + 1, y0 + 2), (x0 + 2, y0 + 2)}
    # Each tromino of the ring has outside edges on the ring's outer side.
    assert all(geo.outside_edges(piece, filled, land) > 0 for piece in board.values())
    assert geo.surrounded(board, {tid: "first" for tid in board}) == []


@settings(max_examples=50)
@given(coordinate, coordinate)
def test_a_group_with_no_outside_edge_is_surrounded(x0: int, y0: int) -> None:
    """"A group of trominoes is surrounded if no tromino in the group has any outside
    edge": the first player's tromino fills the second player's ring but for one cell,
    which is No Man's Land, so none of its edges is an outside edge."""
    board = square_ring(x0, y0)
    inner = frozenset({(x0 + 1, y0 + 1), (x0 + 2, y0 + 1), (x0 + 1, y0 + 2)})
    board = {**board, "in": inner}
    owner = {tid: "second" for tid in board} | {"in": "first"}
    found = geo.surrounded(board, owner)
    assert found == [("first", {"in"})]
    # Opening the ring (taking away one tromino) frees the tromino inside.
    opened = {tid: piece for tid, piece in board.items() if tid != "n"}
    assert geo.surrounded(opened, owner) == []


@settings(max_examples=100)
@given(st.lists(pieces(), min_size=1, max_size=5))
def test_no_mans_land_is_never_reached_from_far_away(placed: list[geo.Piece]) -> None:
    cells = set().union(*placed)
    land = geo.no_mans_land(cells)
    assert not land & cells
    far = (max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1)
    assert far not in land
    for cell in land:  # every neighbour of No Man's Land is a tromino or more of it
        assert all(near in cells or near in land for near in geo.neighbours(cell))


@pytest.mark.parametrize("text", ["3", "a,b", "", "1,2,3"])
def test_a_cell_is_two_integers(text: str) -> None:
    with pytest.raises(ValueError):
        geo.parse_cell(text)
