"""The snake: squares numbered 1..N laid out in rows that turn back at each end.

Nomopoly's boards. Square 1 is the south-west square (bottom left); the first row runs
east, the next runs west above it, and so on, so each square's successor borders it.
Nomopoly IV lays its squares out in rows of 10 (its Move command goes "directly above,
below, left, or right ... based on the two-dimensional layout of the board, ignoring
numeric order"); Nomopoly II in rows of floor(sqrt(N)) squares, the last row possibly
shorter (VI.3), so the whole layout changes when N crosses a perfect square.

A square's place is a *cell* ``(row, column)``: row 0 is the southernmost, column 0
the westernmost. Two squares are *adjacent* when one is directly north, south, east
or west of the other (Nomopoly IV P09, Nomopoly II VI.4). A layout may have *gaps*:
numbers that hold no square (a square destroyed by a rule that does not renumber);
nothing walks through a gap.

A *renumbering* gives every square a new number at once (Nomopoly IV's tripling,
Nomopoly II's destruction): :class:`Renumbering` maps each old number to its new
one, and :func:`identities` keeps each square's identity through it. Pure functions
and frozen dataclasses; :mod:`nomicon.boards.numbered` keeps a board in a game's
state.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

Cell = tuple[int, int]

#: How the state spells "floor(sqrt(N)) squares to a row" (Nomopoly II VI.3) where a
#: fixed width would be a number.
ROOT = "sqrt"
#: The width of a snake whose state does not say: Nomopoly's rows of ten.
DEFAULT_COLUMNS = 10
_STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))  # north, south, east, west


@dataclass(frozen=True)
class Corners:
    """The four corner squares of a board, by the compass."""

    southwest: int
    southeast: int
    northwest: int
    northeast: int


@dataclass(frozen=True)
class Layout:
    """``size`` numbered squares in snaking rows of ``columns`` squares.

    ``columns=None`` gives rows of floor(sqrt(size)) squares (Nomopoly II VI.3).
    ``missing`` are numbers of the layout that hold no square.
    """

    size: int
    columns: int | None = DEFAULT_COLUMNS
    missing: frozenset[int] = field(default=frozenset())

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"a board has at least one square, not {self.size}")
        if self.columns is not None and self.columns < 1:
            raise ValueError(f"a row has at least one square, not {self.columns}")
        strays = sorted(n for n in self.missing if not 1 <= n <= self.size)
        if strays:
            raise ValueError(f"gaps {strays} are outside squares 1..{self.size}")
        if len(self.missing) >= self.size:
            raise ValueError("a board keeps at least one square")

    # -- the shape ----------------------------------------------------------
    @property
    def width(self) -> int:
        """Squares to a row (the last row may have fewer)."""
        return self.columns if self.columns is not None else max(1, math.isqrt(self.size))

    @property
    def rows(self) -> int:
        return -(-self.size // self.width)

    def row_length(self, row: int) -> int:
        """How many numbers the row holds (gaps included)."""
        return max(0, min(self.width, self.size - row * self.width))

    def exists(self, square: object) -> bool:
        """Whether ``square`` is the number of a square of this board."""
        return (isinstance(square, int) and not isinstance(square, bool)
                and 1 <= square <= self.size and square not in self.missing)

    def squares(self) -> tuple[int, ...]:
        """Every square's number, in order."""
        return tuple(n for n in range(1, self.size + 1) if n not in self.missing)

    @property
    def last(self) -> int:
        """The highest-numbered square."""
        return max(self.squares())

    @property
    def first(self) -> int:
        """The lowest-numbered square."""
        return min(self.squares())

    def cell(self, number: int) -> Cell:
        """Where number ``number`` is laid out (also for a gap)."""
        if not 1 <= number <= self.size:
            raise ValueError(f"no square {number} on a board of {self.size}")
        row, k = divmod(number - 1, self.width)
        return row, (k if row % 2 == 0 else self.width - 1 - k)

    def number_at(self, cell: Cell) -> int | None:
        """The square in ``cell``; None off the board or in a gap."""
        row, column = cell
        if not (0 <= row < self.rows and 0 <= column < self.width):
            return None
        k = column if row % 2 == 0 else self.width - 1 - column
        number = row * self.width + k + 1
        return number if self.exists(number) else None

    def with_size(self, size: int, missing: Iterable[int] = ()) -> Layout:
        """The same kind of layout with another number of squares."""
        return Layout(size, self.columns, frozenset(missing))

    # -- neighbours and distances ------------------------------------------
    def neighbours(self, square: int) -> tuple[int, ...]:
        """The squares adjacent to ``square``, in number order."""
        row, column = self.cell(square)
        found = (self.number_at((row + dr, column + dc)) for dr, dc in _STEPS)
        return tuple(sorted(n for n in found if n is not None))

    def are_adjacent(self, a: int, b: int) -> bool:
        """North, south, east or west of one another (a square is not adjacent to
        itself; a gap is adjacent to nothing)."""
        return self.exists(a) and self.exists(b) and b in self.neighbours(a)

    def steps(self, a: int, b: int) -> int | None:
        """The fewest moves to an adjacent square that go from ``a`` to ``b`` over
        squares of the board (Nomopoly IV's distance); None when no way leads there.
        """
        if not (self.exists(a) and self.exists(b)):
            raise ValueError(f"no way between {a} and {b}: not both squares of the board")
        if a == b:
            return 0
        if b in self.neighbours(a):  # the common question, answered without a search
            return 1
        return _distances(self, a).get(b)

    def span(self, a: int, b: int) -> int:
        """Nomopoly II's "distance" (XXIX.3): the larger of the rows and the columns
        between two numbers, gaps ignored (a canonical path is directions, not squares).
        """
        (ra, ca), (rb, cb) = self.cell(a), self.cell(b)
        return max(abs(ra - rb), abs(ca - cb))

    def closest(self, origin: int, candidates: Iterable[int]) -> int | None:
        """The candidate closest to ``origin`` (Nomopoly II XXIX.4): the smallest
        distance (:meth:`span`), then the lowest number; None without candidates."""
        return min(candidates, key=lambda n: (self.span(origin, n), n), default=None)

    # -- order ---------------------------------------------------------------
    def successor(self, square: int, *, wrap: bool = True) -> int | None:
        """The square with the next higher number; after the last comes the first
        (Nomopoly II VI.8), or None with ``wrap=False`` (Nomopoly IV's players stop at
        the last square)."""
        higher = next((n for n in range(square + 1, self.size + 1) if n not in self.missing),
                      None)
        if higher is not None:
            return higher
        return self.first if wrap else None

    def predecessor(self, square: int, *, wrap: bool = True) -> int | None:
        """The square with the next lower number; before the first comes the last,
        or None with ``wrap=False``."""
        lower = next((n for n in range(square - 1, 0, -1) if n not in self.missing), None)
        if lower is not None:
            return lower
        return self.last if wrap else None

    # -- regions -------------------------------------------------------------
    def corners(self) -> Corners:
        """The corners as Nomopoly II VI.5 names them.

        The first square is the Southwest Corner, the easternmost square of the first
        row the Southeast Corner; the Northwest Corner is the westernmost square of the
        last row, or of the next-to-last row when the last row is shorter; the
        Northeast Corner is the easternmost square of the Northwest Corner's row.
        Nomopoly IV never speaks of corners; its boards are whole rows of ten (20, 60
        and 90 squares), where these are the four corners of the rectangle. Gaps are
        not considered: the seeds' boards have none.
        """
        top = self.rows - 1
        if top > 0 and self.row_length(top) < self.width:
            top -= 1
        return Corners(southwest=1, southeast=self._end(0, east=True),
                       northwest=self._end(top, east=False),
                       northeast=self._end(top, east=True))

    def _end(self, row: int, *, east: bool) -> int:
        """The number at the east or west end of a whole row (or the first row)."""
        numbers = range(row * self.width + 1, row * self.width + self.row_length(row) + 1)
        return max(numbers, key=lambda n: self.cell(n)[1] if east else -self.cell(n)[1])

    def bases(self) -> dict[str, tuple[int, ...]]:
        """The four Teams' bases (Nomopoly II VI.6), each in number order; none on a
        board of fewer than nine squares.

        A base is what can be reached both by moving one way from one corner and the
        other way from the next, corners included: the west and east columns between
        the south row and the Northwest Corner's row, and those two rows.
        """
        if self.size < 9:
            return {}
        c = self.corners()
        south_row, north_row = self.cell(c.southwest)[0], self.cell(c.northwest)[0]
        west, east = self.cell(c.northwest)[1], self.cell(c.northeast)[1]
        rows = range(south_row, north_row + 1)
        columns = range(west, east + 1)

        def line(cells: Iterable[Cell]) -> tuple[int, ...]:
            return tuple(sorted(n for n in map(self.number_at, cells) if n is not None))

        return {"West": line((r, west) for r in rows),
                "East": line((r, east) for r in rows),
                "South": line((south_row, k) for k in columns),
                "North": line((north_row, k) for k in columns)}


def columns_of(value: Any) -> int | None:
    """A layout's ``columns`` from what a state keeps (a number, or :data:`ROOT`);
    nothing kept means Nomopoly's rows of ten."""
    if value == ROOT:
        return None
    if value is None:
        return DEFAULT_COLUMNS
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    raise ValueError(f"not a row width: {value!r}")


def columns_text(columns: int | None) -> int | str:
    """How the state keeps a layout's ``columns``."""
    return ROOT if columns is None else columns


@dataclass(frozen=True)
class Renumbering:
    """Every square's old number and its new one, at once.

    ``moves`` maps each old square to its new number, or to None when the square is
    gone. Squares of ``new`` that no old square becomes are new squares.
    """

    old: Layout
    new: Layout
    moves: Mapping[int, int | None]

    def __post_init__(self) -> None:
        if set(self.moves) != set(self.old.squares()):
            raise ValueError("a renumbering says where every old square goes, and only those")
        targets = [n for n in self.moves.values() if n is not None]
        if len(set(targets)) != len(targets):
            raise ValueError("two old squares cannot take the same new number")
        stray = sorted(n for n in targets if not self.new.exists(n))
        if stray:
            raise ValueError(f"new numbers {stray} are not squares of the new board")

    @property
    def removed(self) -> tuple[int, ...]:
        """Old squares that are gone."""
        return tuple(sorted(o for o, n in self.moves.items() if n is None))

    @property
    def added(self) -> tuple[int, ...]:
        """New squares that were no old square."""
        taken = set(self.moves.values())
        return tuple(n for n in self.new.squares() if n not in taken)

    @property
    def changed(self) -> dict[int, int]:
        """The old squares whose number changes, with their new number."""
        return {o: n for o, n in sorted(self.moves.items()) if n is not None and n != o}

    def number(self, old: int) -> int | None:
        """The new number of old square ``old`` (None: gone)."""
        if old not in self.moves:
            raise KeyError(f"square {old} was not on the board")
        return self.moves[old]

    def as_json(self) -> dict[str, int | None]:
        """The mapping with the old numbers as text (as events keep it)."""
        return {str(o): n for o, n in sorted(self.moves.items())}


def grown(layout: Layout, count: int) -> Renumbering:
    """Add ``count`` squares after the last (Nomopoly IV: "adding 30 squares after the
    end of the board"; Nomopoly II VII New Clear Fishing: one square "numbered higher
    than any other"). No square changes its number; the width may (floor(sqrt N))."""
    if count < 0:
        raise ValueError(f"cannot add {count} squares")
    new = layout.with_size(layout.size + count, layout.missing)
    return Renumbering(layout, new, {n: n for n in layout.squares()})


def spread(layout: Layout, before: int, after: int) -> Renumbering:
    """Put ``before`` new squares before and ``after`` new squares after every square."""
    if before < 0 or after < 0:
        raise ValueError("a square gets no fewer than no new squares")
    stride = before + 1 + after

    def place(n: int) -> int:
        return stride * (n - 1) + before + 1

    new = layout.with_size(layout.size * stride, {place(n) for n in layout.missing})
    return Renumbering(layout, new, {n: place(n) for n in layout.squares()})


def tripled(layout: Layout) -> Renumbering:
    """Nomopoly IV P11: "For each square currently on the board, add two new squares:
    one being the successor of the original square, and one the predecessor" -- old
    square k becomes square 3k-1."""
    return spread(layout, 1, 1)


def destroyed(layout: Layout, square: int, *, renumber: bool = True) -> Renumbering:
    """Remove ``square`` from the board.

    With ``renumber`` (Nomopoly II XVIII.2): "if it was not the highest-numbered
    square, then the highest-numbered square will be renumbered to assume the number
    of the destroyed square". Without, its number is left as a gap.
    """
    if not layout.exists(square):
        raise ValueError(f"square {square} is not on the board")
    if len(layout.squares()) == 1:
        raise ValueError("the board always contains at least one square")
    moves: dict[int, int | None] = {n: n for n in layout.squares()}
    moves[square] = None
    gaps = set(layout.missing)
    top = layout.last
    if renumber and square != top:
        moves[top] = square
        gaps.add(top)
    else:
        gaps.add(square)
    size = layout.size
    while size in gaps:  # a board ends with its highest square
        gaps.discard(size)
        size -= 1
    return Renumbering(layout, layout.with_size(size, gaps), moves)


def identities(ids: Mapping[int, int], renumbering: Renumbering,
               next_id: int) -> tuple[dict[int, int], int]:
    """Square identities after ``renumbering``: each surviving square keeps its id
    under its new number; each new square gets the next unused id, in number order.
    ``ids`` maps every old square to its id; returns the new map and the next id."""
    out: dict[int, int] = {}
    for old, new in renumbering.moves.items():
        if new is not None:
            out[new] = ids[old]
    for number in renumbering.added:
        out[number] = next_id
        next_id += 1
    return dict(sorted(out.items())), next_id


def relocated(where: Any, renumbering: Renumbering) -> Any:
    """Where something located on ``where`` is after ``renumbering``: a square's new
    number; anything that is not a square of the old board (Jail, None) stays.
    ValueError for a square that is gone: what stood there must be moved first."""
    if not renumbering.old.exists(where):
        return where
    new = renumbering.number(where)
    if new is None:
        raise ValueError(f"square {where} is gone; move what stands on it first")
    return new


# A layout is an immutable value, so the distances from a square never change: a
# rule that lists the squares within reach asks for one distance per square of the
# board, and a search per question made that quadratic in the board's size.
@lru_cache(maxsize=4096)
def _distances(layout: Layout, origin: int) -> Mapping[int, int]:
    """The fewest moves from ``origin`` to every square a way leads to."""
    # Breadth-first search written out: the boards have a few hundred squares and
    # the project has no graph library among its dependencies for ten lines.
    seen = {origin: 0}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for there in layout.neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
