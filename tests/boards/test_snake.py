"""The snake topology, against examples worked by hand from the seeds' words, and the
invariants every layout keeps."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nomicon.boards.snake import (
    Corners,
    Layout,
    Renumbering,
    destroyed,
    grown,
    identities,
    relocated,
    spread,
    tripled,
)

NOMOPOLY_IV = Layout(20, 10)  # rows of 10; 20 squares before P11


# -- Nomopoly IV: rows of ten -----------------------------------------------

def test_square_1_is_bottom_left_and_11_sits_above_10() -> None:
    assert NOMOPOLY_IV.cell(1) == (0, 0)
    assert NOMOPOLY_IV.cell(10) == (0, 9)
    assert NOMOPOLY_IV.cell(11) == (1, 9)  # the second row turns back above the first
    assert NOMOPOLY_IV.cell(20) == (1, 0)  # ...and ends above square 1
    assert NOMOPOLY_IV.number_at((1, 9)) == 11
    assert NOMOPOLY_IV.number_at((2, 0)) is None  # no third row on 20 squares


def test_adjacency_is_left_right_above_below_ignoring_numeric_order() -> None:
    """P09: "Square A is said to be adjacent to Square B if Square A is located to the
    left, right, above, or below Square B on the board"."""
    assert NOMOPOLY_IV.neighbours(1) == (2, 20)
    assert NOMOPOLY_IV.neighbours(10) == (9, 11)
    assert NOMOPOLY_IV.neighbours(15) == (6, 14, 16)
    # P08's example: "A Monk on Square 13 ... targeting a Warrior on Square 8".
    assert NOMOPOLY_IV.are_adjacent(13, 8)
    assert not NOMOPOLY_IV.are_adjacent(10, 12)  # 12 is beside 11, diagonal from 10
    assert not NOMOPOLY_IV.are_adjacent(5, 5)


def test_the_distance_of_the_attack_command() -> None:
    """P01 Attack: "(Example: The distance from Square #4 to Square #15 would be 3)"."""
    assert NOMOPOLY_IV.steps(4, 15) == 3
    assert NOMOPOLY_IV.steps(15, 4) == 3
    assert NOMOPOLY_IV.steps(1, 20) == 1
    assert NOMOPOLY_IV.steps(1, 11) == 10


def test_tripling_turns_square_1_into_2_and_2_into_5() -> None:
    """P11: "the current Square 1 becomes the new Square 2, the current Square 2 becomes
    the new Square 5, etc." on a board grown to 60 squares."""
    change = tripled(NOMOPOLY_IV)
    assert change.new.size == 60 and change.new.width == 10
    assert change.number(1) == 2 and change.number(2) == 5 and change.number(20) == 59
    assert change.added[:4] == (1, 3, 4, 6)  # "All newly created squares (1, 3, 4, 6, 7, etc.)"
    assert len(change.added) == 40 and change.removed == ()
    # Old 4 and 15 were 3 apart; as 11 and 44 they are 9 apart (rows 1 and 4).
    assert (change.number(4), change.number(15)) == (11, 44)
    assert change.new.steps(11, 44) == 9
    # Old neighbours stop being neighbours: 1 and 2 become 2 and 5.
    assert not change.new.are_adjacent(2, 5)


def test_growth_to_90_adds_three_rows_after_the_end() -> None:
    """P18: "Extend the board to 90 squares by adding 30 squares after the end"."""
    change = grown(Layout(60, 10), 30)
    assert change.new.size == 90 and change.added == tuple(range(61, 91))
    assert change.changed == {}
    assert change.new.cell(61) == (6, 0)  # above square 60, which ends row 5 at the west
    assert change.new.are_adjacent(60, 61)


def test_successor_wraps_or_stops_at_the_ends() -> None:
    assert NOMOPOLY_IV.successor(20) == 1  # "the highest numbered square's successor"
    assert NOMOPOLY_IV.predecessor(1) == 20
    assert NOMOPOLY_IV.successor(20, wrap=False) is None  # P05: players stop at the end
    assert NOMOPOLY_IV.predecessor(1, wrap=False) is None


# -- Nomopoly II: rows of floor(sqrt(N)) -------------------------------------

def test_rows_are_floor_sqrt_n_wide_and_the_last_may_be_short() -> None:
    board = Layout(10, None)  # floor(sqrt(10)) = 3
    assert board.width == 3 and board.rows == 4
    rows = [[board.number_at((r, c)) for c in range(3)] for r in range(4)]
    assert rows == [[1, 2, 3], [6, 5, 4], [7, 8, 9], [None, None, 10]]
    assert Layout(15, None).width == 3 and Layout(16, None).width == 4


def test_corners_of_a_whole_board_and_of_one_with_a_short_last_row() -> None:
    """VI.5: NW is the westernmost square of the last row, "unless the last row has
    fewer squares than the next-to-last row", then of the next-to-last row."""
    assert Layout(64, None).corners() == Corners(southwest=1, southeast=8, northwest=64,
                                                 northeast=57)
    assert Layout(10, None).corners() == Corners(southwest=1, southeast=3, northwest=7,
                                                 northeast=9)
    assert NOMOPOLY_IV.corners() == Corners(southwest=1, southeast=10, northwest=20,
                                            northeast=11)


def test_team_bases_run_between_the_corners() -> None:
    """VI.6: the West base is what can be reached both by moving South from the
    Northwest Corner and by moving North from the Southwest Corner, and so on."""
    assert Layout(10, None).bases() == {"West": (1, 6, 7), "East": (3, 4, 9),
                                        "South": (1, 2, 3), "North": (7, 8, 9)}
    assert Layout(8, None).bases() == {}  # "If the board has at least nine squares"


def test_distance_is_the_longest_run_of_one_direction() -> None:
    """XXIX.3: the maximum number of times any one direction appears in a canonical
    path (some norths or souths, then some easts or wests)."""
    board = Layout(64, None)
    assert board.cell(10) == (1, 6)
    assert board.span(1, 10) == 6
    assert board.span(1, 16) == 1  # directly north of 1
    assert board.span(1, 9) == 7  # the east end of the second row
    assert board.span(12, 12) == 0


def test_closer_breaks_ties_by_the_lower_number() -> None:
    """XXIX.4: equal distances go to the square of lower ordinal number."""
    board = Layout(64, None)
    assert board.span(1, 3) == board.span(1, 17) == 2
    assert board.closest(1, [10, 17, 3]) == 3
    assert board.closest(1, []) is None


def test_destroying_a_square_renumbers_the_highest_into_its_place() -> None:
    """XVIII.2: "the highest-numbered square will be renumbered to assume the number
    of the destroyed square"; the board lays itself out again for N - 1."""
    change = destroyed(Layout(10, None), 4)
    assert change.number(4) is None and change.number(10) == 4
    assert change.changed == {10: 4} and change.removed == (4,)
    assert change.new == Layout(9, None) and change.added == ()
    top = destroyed(Layout(10, None), 10)
    assert top.changed == {} and top.new.size == 9
    with pytest.raises(ValueError, match="at least one square"):
        destroyed(Layout(1, None), 1)


def test_a_gap_is_not_walked_through() -> None:
    board = destroyed(Layout(9, 3), 5, renumber=False).new  # the centre of a 3 x 3 board
    assert not board.exists(5) and board.missing == frozenset({5})
    assert board.neighbours(4) == (3, 9)
    assert board.steps(4, 6) == 4  # round the hole, not 2 through it
    assert board.successor(4) == 6


def test_renumbering_refuses_what_is_not_a_bijection() -> None:
    with pytest.raises(ValueError, match="same new number"):
        Renumbering(Layout(3, 3), Layout(3, 3), {1: 1, 2: 1, 3: 3})
    with pytest.raises(ValueError, match="every old square"):
        Renumbering(Layout(3, 3), Layout(3, 3), {1: 1, 2: 2})
    with pytest.raises(ValueError, match="not squares of the new board"):
        Renumbering(Layout(3, 3), Layout(2, 3), {1: 1, 2: 2, 3: 3})


def test_located_things_follow_their_square_and_other_places_stay() -> None:
    change = tripled(Layout(4, 2))
    assert relocated(3, change) == 8
    assert relocated("Jail", change) == "Jail" and relocated(None, change) is None
    with pytest.raises(ValueError, match="square 2 is gone"):
        relocated(2, destroyed(Layout(4, 2), 2))


# -- invariants --------------------------------------------------------------

@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    size = draw(st.integers(1, 150))
    columns = draw(st.one_of(st.none(), st.integers(1, 14)))
    return Layout(size, columns)


@st.composite
def whole_boards(draw: st.DrawFn) -> Layout:
    width, rows = draw(st.integers(2, 12)), draw(st.integers(2, 12))
    return Layout(width * rows, width)


@st.composite
def layouts_with_square(draw: st.DrawFn) -> tuple[Layout, int]:
    board = draw(layouts())
    return board, draw(st.integers(1, board.size))


@given(layouts())
def test_cells_and_numbers_are_a_bijection(board: Layout) -> None:
    cells = [board.cell(n) for n in board.squares()]
    assert len(set(cells)) == board.size
    assert all(board.number_at(board.cell(n)) == n for n in board.squares())
    assert all(0 <= r < board.rows and 0 <= c < board.width for r, c in cells)


@given(layouts())
def test_consecutive_squares_are_adjacent(board: Layout) -> None:
    for n in board.squares()[:-1]:
        assert board.are_adjacent(n, n + 1)
        assert board.steps(n, n + 1) == 1


@given(layouts_with_square())
def test_adjacent_squares_are_one_step_apart(case: tuple[Layout, int]) -> None:
    board, square = case
    for other in board.neighbours(square):
        assert board.steps(square, other) == 1 == board.span(square, other)
        assert square in board.neighbours(other)


@given(layouts(), st.data())
def test_without_gaps_the_distance_is_rows_plus_columns(board: Layout, data: st.DataObject) -> None:
    a = data.draw(st.integers(1, board.size))
    b = data.draw(st.integers(1, board.size))
    (ra, ca), (rb, cb) = board.cell(a), board.cell(b)
    assert board.steps(a, b) == abs(ra - rb) + abs(ca - cb) == board.steps(b, a)
    assert board.span(a, b) <= abs(ra - rb) + abs(ca - cb)


@given(whole_boards())
def test_on_a_whole_board_every_square_has_two_to_four_neighbours(board: Layout) -> None:
    counts = {n: len(board.neighbours(n)) for n in board.squares()}
    assert set(counts.values()) <= {2, 3, 4}
    twos = {n for n, k in counts.items() if k == 2}
    corners = board.corners()
    assert twos == {corners.southwest, corners.southeast, corners.northwest,
                    corners.northeast}


@st.composite
def renumberings(draw: st.DrawFn) -> Renumbering:
    board = draw(layouts())
    how = draw(st.sampled_from(["grow", "spread", "destroy", "gap"]))
    if how == "grow":
        return grown(board, draw(st.integers(0, 30)))
    if how == "spread":
        return spread(board, draw(st.integers(0, 2)), draw(st.integers(0, 2)))
    if board.size == 1:
        return grown(board, 1)
    return destroyed(board, draw(st.integers(1, board.size)), renumber=how == "destroy")


@given(renumberings())
def test_renumbering_is_a_bijection_that_keeps_identities(change: Renumbering) -> None:
    survivors = {o: n for o, n in change.moves.items() if n is not None}
    assert len(set(survivors.values())) == len(survivors)
    assert sorted([*survivors.values(), *change.added]) == list(change.new.squares())
    ids = {n: 1000 + n for n in change.old.squares()}  # any identities will do
    after, next_id = identities(ids, change, 5000)
    assert sorted(after) == list(change.new.squares())
    for old, new in survivors.items():
        assert after[new] == ids[old]
    assert sorted(after[n] for n in change.added) == list(range(5000, next_id))
    assert len(set(after.values())) == len(after)


@given(renumberings(), st.data())
def test_located_things_move_with_their_squares(change: Renumbering,
                                                data: st.DataObject) -> None:
    standing = [n for n, new in change.moves.items() if new is not None]
    where = data.draw(st.lists(st.sampled_from(standing), max_size=6))
    after = [relocated(w, change) for w in where]
    for old, new in zip(where, after, strict=True):
        assert change.new.exists(new) and change.number(old) == new
    assert len(set(after)) == len(set(where))  # things apart stay apart, together stay together
