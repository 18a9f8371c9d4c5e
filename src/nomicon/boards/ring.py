"""The ring: numbered primary spaces 1..n, each adjacent to its neighbours, with the
highest adjacent to the lowest. Off-board places (Jail, Gulag) are named strings.

Pure functions over the board's size; the rules keep the size in the state and
grow it (Infinite Nomic's Frontier).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Path:
    """The result of moving along the ring."""

    start: int
    end: int
    passed: tuple[int, ...]  # spaces moved through, not counting start and end
    loops: int  # times the move advanced to or past the lowest-numbered space


def is_space(space: object, size: int) -> bool:
    return isinstance(space, int) and not isinstance(space, bool) and 1 <= space <= size


def advance(start: int, steps: int, size: int) -> Path:
    """Move up ``steps`` spaces; after the highest space comes the lowest."""
    if steps < 0:
        return regress(start, -steps, size)
    visited = [(start + i - 1) % size + 1 for i in range(1, steps + 1)]
    loops = sum(1 for s in visited if s == 1)
    end = visited[-1] if visited else start
    return Path(start, end, tuple(visited[:-1]), loops)


def regress(start: int, steps: int, size: int) -> Path:
    """Move down ``steps`` spaces; before the lowest space comes the highest."""
    visited = [(start - i - 1) % size + 1 for i in range(1, steps + 1)]
    end = visited[-1] if visited else start
    return Path(start, end, tuple(visited[:-1]), 0)


def between(lower: int, upper: int) -> tuple[int, ...]:
    """The spaces strictly between two spaces, going up without wrapping."""
    return tuple(range(lower + 1, upper))


def adjacent(space: int, size: int) -> tuple[int, ...]:
    """The spaces adjacent to ``space`` (one or two of them)."""
    if size == 1:
        return ()
    up = space % size + 1
    down = (space - 2) % size + 1
    return (down,) if up == down else (down, up)
