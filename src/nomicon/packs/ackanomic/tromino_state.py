"""Tromino Go's state (Ackanomic rule 1250.11): reading it, and which plays the text
allows on the grid it holds. The rules of :mod:`tromino` keep and change it; the
geometry is :mod:`tromino_geometry`."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx
from nomicon.packs.ackanomic import tromino_geometry as geo
from nomicon.packs.ackanomic.tables import table_of

KEY = "tromino"
LETTERS = "ABC"


def new_table(games: int = 0) -> dict[str, Any]:
    """The ``tromino`` part of the state before the first game."""
    return {"games": games, "instance": 0, "results": [], "players": [], "referee": None,
            "scores": {}, "round": 0, "first": None, "turn": 0, "board": {}, "placed": [],
            "next_id": 1, "concessions": {}, "passes": 0, "moving_turns": 0, "pieces": 30,
            "rounds": [], "winner": None, "how": None, "over": False}


def game(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "Tromino Go table")


def require_round(ctx: Ctx) -> None:
    """Refuse a play unless a round is under way (and the game has a table at all)."""
    game(ctx)
    ctx.require(in_round(ctx), "no round is under way")


def players(ctx: Ctx) -> list[str]:
    found: list[str] = ctx.get([KEY, "players"], [])
    return found


def opponent(ctx: Ctx, player: str) -> str:
    return next(other for other in players(ctx) if other != player)


def in_round(ctx: Ctx) -> bool:
    return bool(players(ctx)) and not ctx.get([KEY, "over"]) and ctx.get([KEY, "round"]) > 0


def to_play(ctx: Ctx) -> tuple[str, str]:
    """Who plays now and with which letter: the plays cycle A, b, C, a, B, c."""
    turn, first = ctx.get([KEY, "turn"]), ctx.get([KEY, "first"])
    player = first if turn % 2 == 0 else opponent(ctx, first)
    letter = LETTERS[turn % 3]
    return player, letter if player == first else letter.lower()


def board(ctx: Ctx) -> dict[str, geo.Piece]:
    return {tid: frozenset(geo.parse_cell(c) for c in record["cells"])
            for tid, record in ctx.get([KEY, "board"], {}).items()}


def owners(ctx: Ctx) -> dict[str, str]:
    return {tid: record["player"] for tid, record in ctx.get([KEY, "board"], {}).items()}


def letters(ctx: Ctx) -> dict[str, str]:
    return {tid: record["letter"] for tid, record in ctx.get([KEY, "board"], {}).items()}


def is_moving_phase(ctx: Ctx) -> bool:
    return len(ctx.get([KEY, "board"], {})) >= int(ctx.get([KEY, "pieces"], 30))


def first_four_problem(ctx: Ctx, piece: geo.Piece) -> str | None:
    """Why ``piece`` breaks 2. (the first four plays), or None."""
    placed, shapes = ctx.get([KEY, "placed"], []), board(ctx)
    order = [shapes[tid] for tid in placed]
    count = len(order)
    if count == 0 or count >= 4:
        return None
    last = order[-1]
    if geo.touching_units(piece, last) < 2:
        return f"play {count + 1} must touch at least two units of edge of play {count}"
    if count >= 2 and geo.touches(piece, order[-2]):
        return f"play {count + 1} may not touch play {count - 1}"
    return None


def play_problem(shapes: dict[str, geo.Piece], marks: dict[str, str], held: dict[str, str],
                 piece: geo.Piece, letter: str, mover: str) -> str | None:
    """Why ``piece`` breaks 3.'s rules i to iii on the grid ``shapes``, or None."""
    if geo.occupied(shapes) & piece:
        return "those cells are not empty"
    if any(marks[tid].upper() == letter.upper() and geo.touches(piece, shape)
           for tid, shape in shapes.items()):
        return (f"i. it may not touch another {letter.upper()} or {letter.lower()} "
                "tromino")
    if not any(held[tid] != mover and geo.touches(piece, shape) for tid, shape in shapes.items()):
        return "ii. it must touch a tromino of your opponent's along a unit of edge"
    if geo.touching_units(piece, geo.occupied(shapes)) < 2:
        return "iii. it must touch at least two units of edge of trominoes already played"
    return None


def legal_placements(ctx: Ctx, mover: str, letter: str) -> list[geo.Piece]:
    """Every place the tromino of this play may go (on an empty grid: the four
    trominoes at the origin, since a first play may go anywhere)."""
    shapes = board(ctx)
    if not shapes:
        return list(geo.SHAPES)
    early = len(ctx.get([KEY, "placed"], [])) < 4
    found = []
    for piece in geo.placements_near(geo.occupied(shapes)):
        if early:  # placements_near gives only empty cells
            problem = first_four_problem(ctx, piece)
        else:
            problem = play_problem(shapes, letters(ctx), owners(ctx), piece, letter, mover)
        if problem is None:
            found.append(piece)
    return sorted(found, key=sorted)


def movable(ctx: Ctx, mover: str, letter: str) -> list[str]:
    """The mover's trominoes of this letter that 4. lets move: with some outside edge,
    and not splitting the grid when taken away."""
    shapes = board(ctx)
    filled = geo.occupied(shapes)
    land = geo.no_mans_land(filled)
    marks, held = letters(ctx), owners(ctx)
    return [tid for tid in sorted(shapes) if held[tid] == mover and marks[tid] == letter
            and geo.outside_edges(shapes[tid], filled, land) > 0
            and not geo.splits(shapes, tid)]


def destinations(ctx: Ctx, tid: str, mover: str, letter: str) -> list[geo.Piece]:
    """Where tromino ``tid`` may move: 3.'s rules, on the grid without it."""
    shapes = board(ctx)
    rest = {other: shape for other, shape in shapes.items() if other != tid}
    marks, held = letters(ctx), owners(ctx)
    return sorted((piece for piece in geo.placements_near(geo.occupied(rest))
                   if piece != shapes[tid]
                   and play_problem(rest, marks, held, piece, letter, mover) is None),
                  key=sorted)


def cells_or_refuse(ctx: Ctx, cells: Any) -> geo.Piece:
    try:
        return geo.parse_piece(cells)
    except ValueError as exc:
        ctx.refuse(str(exc), detail="a tromino is three cells \"x,y\" in an L, such as "
                                    "[\"0,0\", \"1,0\", \"0,1\"]")
        raise  # ctx.refuse raises; this keeps the type checker informed
