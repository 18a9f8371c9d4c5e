"""The grid topology: squares, consecutive squares, distances, rings and paths."""

from __future__ import annotations

import pytest

from nomicon.boards.grid import (
    DIRECTIONS,
    LIMBO,
    Grid,
    are_consecutive,
    as_square,
    direction,
    direction_name,
    distance,
    key,
    parse_key,
    step,
)

GRID = Grid(20, 20)


def test_squares_run_from_1_1_in_the_lower_left_to_20_20() -> None:
    squares = list(GRID.squares())
    assert len(squares) == GRID.size == 400
    assert squares[0] == (1, 1) and squares[-1] == (20, 20)
    assert squares[:3] == [(1, 1), (1, 2), (1, 3)]  # by x, then by y
    assert GRID.contains((1, 1)) and GRID.contains((20, 20))
    for off in [(0, 1), (1, 0), (21, 5), (5, 21), (-3, -3)]:
        assert GRID.is_off_grid(off)


def test_consecutive_means_both_coordinates_differ_by_at_most_one() -> None:
    assert are_consecutive((5, 5), (6, 6))
    assert are_consecutive((5, 5), (5, 4))
    assert not are_consecutive((5, 5), (5, 5))  # a square is not a step from itself
    assert not are_consecutive((5, 5), (7, 5))
    assert not are_consecutive((5, 5), (6, 7))


@pytest.mark.parametrize(("a", "b", "steps"), [
    ((1, 1), (1, 1), 0), ((1, 1), (2, 2), 1), ((1, 1), (4, 2), 3), ((20, 1), (1, 20), 19),
])
def test_distance_counts_steps_between_consecutive_squares(
        a: tuple[int, int], b: tuple[int, int], steps: int) -> None:
    assert distance(a, b) == distance(b, a) == steps


def test_neighbours_are_eight_inside_five_on_an_edge_three_in_a_corner() -> None:
    assert len(GRID.neighbours((10, 10))) == 8
    assert len(GRID.neighbours((1, 10))) == 5
    assert GRID.neighbours((1, 1)) == [(1, 2), (2, 1), (2, 2)]
    assert GRID.neighbours((10, 10), diagonal=False) == [(9, 10), (10, 9), (10, 11), (11, 10)]


def test_rings_around_a_square() -> None:
    # A Siren's Zone of Enchantment and Zone of Almost-Total Rapture: 8 and 16 squares.
    assert len(GRID.ring((10, 10), 1)) == 8
    assert len(GRID.ring((10, 10), 2)) == 16
    assert len(GRID.ring((1, 1), 2)) == 5  # clipped by the edges
    assert GRID.ring((10, 10), 0) == [(10, 10)]
    assert len(GRID.within((10, 10), 8)) == 17 * 17
    assert len(GRID.within((1, 1), 8)) == 9 * 9


def test_directions_and_steps() -> None:
    assert DIRECTIONS["N"] == (0, 1)  # north is towards y = 20
    assert step((3, 3), DIRECTIONS["NE"]) == (4, 4)
    assert step((3, 3), DIRECTIONS["W"], 2) == (1, 3)
    assert direction((8, 4), (9, 5)) == (1, 1)
    assert direction((8, 4), (8, 1)) == (0, -1)
    assert direction_name((1, -1)) == "SE"
    with pytest.raises(ValueError):
        direction_name((2, 0))


def test_a_path_stops_at_the_edge() -> None:
    assert GRID.path((18, 5), (1, 0), 4) == [(19, 5), (20, 5)]
    assert GRID.path((5, 5), (-1, -1), 2) == [(4, 4), (3, 3)]


def test_nearest_squares_are_listed_in_order() -> None:
    candidates = [(5, 5), (1, 3), (3, 1), (3, 3), (2, 3)]
    assert GRID.nearest((1, 1), candidates) == [(1, 3), (2, 3), (3, 1), (3, 3)]
    assert GRID.nearest((1, 1), []) == []


def test_keys_and_stored_forms() -> None:
    assert key((3, 14)) == "3,14"
    assert parse_key("3,14") == (3, 14)
    with pytest.raises(ValueError):
        parse_key("3;14")
    assert as_square([3, 4]) == (3, 4)
    assert as_square((3, 4)) == (3, 4)
    assert as_square(LIMBO) is None
    assert as_square(None) is None
    assert as_square([True, 1]) is None
    assert as_square([1, 2, 3]) is None


def test_a_smaller_grid() -> None:
    small = Grid(3, 1)
    assert list(small.squares()) == [(1, 1), (2, 1), (3, 1)]
    assert small.neighbours((2, 1)) == [(1, 1), (3, 1)]
