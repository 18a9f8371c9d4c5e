"""The grid: squares ``(x, y)`` numbered from 1 along each axis, ``(1, 1)`` in the
lower left-hand corner.

Two squares are *consecutive* (neighbours) when both their coordinates differ by no
more than 1 and they are not the same square: the 8-neighbourhood, with the
4-neighbourhood available for rulesets that count only orthogonal steps. Distance
is counted in steps between consecutive squares (the larger of the two coordinate
differences). A square outside the grid is *off-grid*; *Limbo* is the place of a
piece that is on no square at all.

Pure functions over a grid's size; the rules keep the size and what stands where in
the state. Squares are ``(x, y)`` tuples; the state stores them as ``[x, y]`` lists
and keys them as ``"x,y"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

Square = tuple[int, int]
Direction = tuple[int, int]

LIMBO = "Limbo"

# North is up: y grows towards the top of the grid.
DIRECTIONS: dict[str, Direction] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
ORTHOGONAL = ("N", "E", "S", "W")


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def key(square: Square) -> str:
    """``(3, 4)`` -> ``"3,4"``."""
    return f"{square[0]},{square[1]}"


def parse_key(text: str) -> Square:
    """``"3,4"`` -> ``(3, 4)``; ValueError for anything else."""
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError(f"not a square: {text!r}")
    return int(parts[0]), int(parts[1])


def as_square(value: object) -> Square | None:
    """A square from its stored form (``[x, y]`` or ``(x, y)``); None for anything else
    (Limbo, None, a number...)."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return int(value[0]), int(value[1])
    return None


def distance(a: Square, b: Square) -> int:
    """Steps between consecutive squares needed to go from ``a`` to ``b``."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def are_consecutive(a: Square, b: Square) -> bool:
    """Both coordinates differ by no more than 1, and the squares are not the same."""
    return a != b and distance(a, b) <= 1


def direction(start: Square, end: Square) -> Direction:
    """The step from ``start`` towards ``end``: each coordinate -1, 0 or +1."""
    return _sign(end[0] - start[0]), _sign(end[1] - start[1])


def step(square: Square, way: Direction, times: int = 1) -> Square:
    """The square ``times`` steps away in direction ``way`` (possibly off-grid)."""
    return square[0] + way[0] * times, square[1] + way[1] * times


def direction_name(way: Direction) -> str:
    for name, value in DIRECTIONS.items():
        if value == way:
            return name
    raise ValueError(f"not a direction: {way!r}")


@dataclass(frozen=True)
class Grid:
    """A grid ``width`` squares wide and ``height`` squares tall."""

    width: int = 20
    height: int = 20

    def contains(self, square: Square) -> bool:
        x, y = square
        return 1 <= x <= self.width and 1 <= y <= self.height

    def is_off_grid(self, square: Square) -> bool:
        return not self.contains(square)

    def squares(self) -> Iterator[Square]:
        """Every square, by x and then by y: (1,1), (1,2), ... (2,1), ..."""
        for x in range(1, self.width + 1):
            for y in range(1, self.height + 1):
                yield x, y

    @property
    def size(self) -> int:
        return self.width * self.height

    def neighbours(self, square: Square, *, diagonal: bool = True) -> list[Square]:
        """The squares consecutive to ``square`` on the grid, by x and then by y.

        ``diagonal=False`` gives the 4-neighbourhood (orthogonal steps only).
        """
        names = DIRECTIONS if diagonal else ORTHOGONAL
        found = [step(square, DIRECTIONS[n]) for n in names]
        return sorted(s for s in found if self.contains(s))

    def ring(self, centre: Square, radius: int) -> list[Square]:
        """The squares on the grid at exactly ``radius`` steps from ``centre``."""
        return [s for s in self.within(centre, radius) if distance(s, centre) == radius]

    def within(self, centre: Square, radius: int) -> list[Square]:
        """The squares on the grid no more than ``radius`` steps from ``centre``
        (``centre`` included), by x and then by y."""
        cx, cy = centre
        return [(x, y)
                for x in range(max(1, cx - radius), min(self.width, cx + radius) + 1)
                for y in range(max(1, cy - radius), min(self.height, cy + radius) + 1)]

    def nearest(self, target: Square, candidates: Iterable[Square]) -> list[Square]:
        """The candidates closest to ``target``, by x and then by y."""
        pool = sorted(candidates)
        if not pool:
            return []
        best = min(distance(s, target) for s in pool)
        return [s for s in pool if distance(s, target) == best]

    def path(self, start: Square, way: Direction, steps: int) -> list[Square]:
        """The squares entered by ``steps`` moves from ``start`` in direction ``way``,
        up to the edge of the grid."""
        out = []
        here = start
        for _ in range(steps):
            here = step(here, way)
            if not self.contains(here):
                break
            out.append(here)
        return out
