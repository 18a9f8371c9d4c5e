"""The geometry of Tromino Go (Ackanomic rule 1250.11), as pure functions.

A *cell* is a square of the unbounded grid, ``(x, y)``, written ``"x,y"`` in actions
and in the state. A *tromino* is three cells in an L: three of the four cells of a 2
by 2 square. Two cells touch along one *unit of edge* when they are orthogonal
neighbours; cells that meet only at a corner do not touch. The board is a mapping of
tromino ids to their cells; who owns each, and its letter, are kept beside it.

- A *No Man's Land* is empty space that cannot reach the open grid by orthogonal
  steps through empty cells: space that trominoes surround completely.
- An *outside edge* is a unit of a tromino's edge with neither another tromino nor No
  Man's Land beyond it.
- A *group* is a set of one player's trominoes joined by touching, and it is
  *surrounded* when none of its trominoes has an outside edge.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from itertools import combinations

Cell = tuple[int, int]
Piece = frozenset[Cell]

STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
_SQUARE: tuple[Cell, ...] = ((0, 0), (1, 0), (0, 1), (1, 1))
#: The four L-trominoes in the 2 by 2 square at the origin: one for each left-out cell.
SHAPES: tuple[Piece, ...] = tuple(frozenset(three) for three in combinations(_SQUARE, 3))


def key(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell(text: object) -> Cell:
    """``"3,-1"`` -> ``(3, -1)``; ValueError when it is not two integers."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a cell written \"x,y\"")
    x, sep, y = text.partition(",")
    if not sep:
        raise ValueError(f"{text!r} is not a cell written \"x,y\"")
    return int(x.strip()), int(y.strip())


def parse_piece(cells: object) -> Piece:
    """A list of three ``"x,y"`` as a tromino's cells; ValueError when it is not one."""
    if not isinstance(cells, list | tuple):
        raise ValueError("a tromino is a list of three cells, each \"x,y\"")
    piece = frozenset(parse_cell(cell) for cell in cells)
    if len(cells) != 3 or not is_tromino(piece):
        raise ValueError(f"{', '.join(map(str, cells))} is not an L-shaped tromino")
    return piece


def keys(piece: Iterable[Cell]) -> list[str]:
    """A tromino's cells as sorted ``"x,y"``: how the state and actions write it."""
    return [key(cell) for cell in sorted(piece)]


def is_tromino(cells: Collection[Cell]) -> bool:
    """Three distinct cells in an L: three of the four cells of a 2 by 2 square."""
    if len(cells) != 3 or len(set(cells)) != 3:
        return False
    return normalise(frozenset(cells)) in SHAPES


def normalise(piece: Piece) -> Piece:
    """``piece`` moved so that its lowest x and lowest y are 0."""
    low_x = min(x for x, _ in piece)
    low_y = min(y for _, y in piece)
    return frozenset((x - low_x, y - low_y) for x, y in piece)


def rotate(piece: Piece) -> Piece:
    """``piece`` turned a quarter-turn anticlockwise about the origin."""
    return frozenset((-y, x) for x, y in piece)


def neighbours(cell: Cell) -> list[Cell]:
    """The four cells that touch ``cell`` along an edge."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in STEPS]


def touching_units(piece: Piece, others: Collection[Cell]) -> int:
    """How many units of ``piece``'s edge touch cells of ``others`` (cells of ``piece``
    itself are not counted)."""
    return sum(1 for cell in piece for near in neighbours(cell)
               if near in others and near not in piece)


def touches(piece: Piece, other: Piece) -> bool:
    return touching_units(piece, other) > 0


def occupied(board: Mapping[str, Piece]) -> set[Cell]:
    return {cell for piece in board.values() for cell in piece}


def placements_near(cells: Collection[Cell]) -> set[Piece]:
    """Every tromino on empty cells that touches ``cells`` along at least one unit:
    the only places where a play that must touch something can go."""
    frontier = {near for cell in cells for near in neighbours(cell) if near not in cells}
    found: set[Piece] = set()
    for fx, fy in frontier:
        for shape in SHAPES:
            for sx, sy in shape:
                piece = frozenset((fx + x - sx, fy + y - sy) for x, y in shape)
                if not piece & set(cells):
                    found.add(piece)
    return found


def no_mans_land(filled: Collection[Cell]) -> set[Cell]:
    """The empty cells that trominoes surround completely: those from which no path of
    orthogonal steps through empty cells leads out of the trominoes' bounding box."""
    if not filled:
        return set()
    low_x = min(x for x, _ in filled) - 1
    high_x = max(x for x, _ in filled) + 1
    low_y = min(y for _, y in filled) - 1
    high_y = max(y for _, y in filled) + 1
    # Flood the open grid in from the frame one cell outside the bounding box; the empty
    # cells inside that the flood does not reach are enclosed. A breadth-first fill over
    # at most a few thousand cells: a graph library would be a dependency for ten lines.
    outside: set[Cell] = set()
    frontier = [(x, y) for x in range(low_x, high_x + 1) for y in (low_y, high_y)]
    frontier += [(x, y) for y in range(low_y, high_y + 1) for x in (low_x, high_x)]
    while frontier:
        cell = frontier.pop()
        if cell in outside or cell in filled:
            continue
        outside.add(cell)
        for near in neighbours(cell):
            x, y = near
            if low_x <= x <= high_x and low_y <= y <= high_y and near not in outside:
                frontier.append(near)
    return {(x, y) for x in range(low_x, high_x + 1) for y in range(low_y, high_y + 1)
            if (x, y) not in filled and (x, y) not in outside}


def outside_edges(piece: Piece, filled: Collection[Cell], land: Collection[Cell]) -> int:
    """The units of ``piece``'s edge with neither a tromino nor No Man's Land beyond."""
    return sum(1 for cell in piece for near in neighbours(cell)
               if near not in piece and near not in filled and near not in land)


def _components(ids: Collection[str], board: Mapping[str, Piece]) -> list[set[str]]:
    left, found = set(ids), []
    while left:
        start = min(left)
        part, frontier = {start}, [start]
        while frontier:
            current = board[frontier.pop()]
            for other in list(left - part):
                if touches(current, board[other]):
                    part.add(other)
                    frontier.append(other)
        left -= part
        found.append(part)
    return found


def groups(board: Mapping[str, Piece], owner: Mapping[str, str]) -> list[tuple[str, set[str]]]:
    """Each group: its player and its trominoes' ids."""
    found: list[tuple[str, set[str]]] = []
    for player in sorted(set(owner.values())):
        mine = [tid for tid in board if owner.get(tid) == player]
        found += [(player, part) for part in _components(mine, board)]
    return found


def surrounded(board: Mapping[str, Piece], owner: Mapping[str, str]
               ) -> list[tuple[str, set[str]]]:
    """The surrounded groups: none of their trominoes has an outside edge."""
    filled = occupied(board)
    land = no_mans_land(filled)
    return [(player, part) for player, part in groups(board, owner)
            if all(outside_edges(board[tid], filled, land) == 0 for tid in part)]


def is_connected(board: Mapping[str, Piece]) -> bool:
    """Whether every tromino can be reached from every other by touching ones."""
    return len(_components(list(board), board)) <= 1


def splits(board: Mapping[str, Piece], tid: str) -> bool:
    """Whether taking tromino ``tid`` away splits the others into two or more pieces."""
    rest = {other: piece for other, piece in board.items() if other != tid}
    return not is_connected(rest)


def has_outside_edge(board: Mapping[str, Piece], tid: str) -> bool:
    filled = occupied(board)
    return outside_edges(board[tid], filled, no_mans_land(filled)) > 0

