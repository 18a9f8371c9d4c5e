"""A snake board in a game's state: its squares, their identities, growth and
renumbering.

The state keeps the layout under ``board``: ``size`` (the highest number),
``columns`` (squares to a row, or ``"sqrt"`` for floor(sqrt(size))), ``missing``
(numbers that hold no square, when there are any) and ``spaces.<n>``, one record per
square, which rules extend with what they keep on a square. Every record holds the
square's identity, ``id``, which it keeps when its number changes; ``next_id`` is the
identity the next new square gets. Data that must follow a square through a
renumbering without being moved (a square's resources as a ledger account) is best
keyed by the identity.

Things stand on squares when a value in the state is a square's number: players'
``location``, entities' ``location``, and whatever rules in force declare located
(``contributes = {"located": ["board.shop", "board.markers.*.square"]}``, dotted
paths in which ``*`` stands for every key). A renumbering moves all of them in one
``board.renumbered`` event; moving them this way is not leaving, passing or landing
(Nomopoly IV P11: "this change of location does not trigger leaving, landing, or any
other such relocation rules").
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from nomicon.boards import snake
from nomicon.boards.events import RENUMBERED, SQUARES_ADDED
from nomicon.boards.snake import Layout, Renumbering
from nomicon.kernel.paths import split

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

BOARD = "board"
SPACES = (BOARD, "spaces")
#: Where things stand in every game: players' and entities' locations.
LOCATED = ("players.*.location", "entities.*.location")


def setup(ctx: Ctx, size: int, *, columns: int | None = snake.DEFAULT_COLUMNS) -> Layout:
    """Lay out a new board of ``size`` squares (identities 1..size)."""
    layout = Layout(size, columns)
    ctx.set([BOARD, "size"], size)
    ctx.set([BOARD, "columns"], snake.columns_text(columns))
    ctx.set(list(SPACES), {str(n): {"id": n} for n in layout.squares()})
    ctx.set([BOARD, "next_id"], size + 1)
    return layout


def layout_of(board: Mapping[str, Any]) -> Layout:
    """The layout a state's (or a view's) ``board`` describes. Without a ``size`` it
    is the highest numbered space; squares in between without a record are gaps only
    when ``missing`` says so."""
    size = board.get("size")
    if not size:  # only then the spaces are counted: a layout is asked for often
        spaces = board.get("spaces") or {}
        size = max((int(k) for k in spaces if str(k).isdigit()), default=1)
    return Layout(int(size), snake.columns_of(board.get("columns")),
                  frozenset(board.get("missing") or ()))


def layout(ctx: Ctx) -> Layout:
    """The board's layout now."""
    return layout_of(ctx.get([BOARD], {}))


def square_id(ctx: Ctx, square: int) -> int:
    """The identity of the square numbered ``square``."""
    sid: int = ctx.get([*SPACES, str(square), "id"])
    return sid


def number_of(ctx: Ctx, sid: int) -> int | None:
    """The number the square of identity ``sid`` has now; None when it is gone."""
    for key, record in ctx.get(list(SPACES), {}).items():
        if record.get("id") == sid:
            return int(key)
    return None


def located_paths(ctx: Ctx) -> list[str]:
    """The patterns of the paths where things stand: every game's, then each rule's
    in force, in rule order."""
    patterns = list(LOCATED)
    for _rule, declared in ctx.contributions("located"):
        for pattern in [declared] if isinstance(declared, str) else declared:
            if pattern not in patterns:
                patterns.append(pattern)
    return patterns


def located(ctx: Ctx) -> Iterator[tuple[list[str], Any]]:
    """Every value at a located path, with its state path."""
    for pattern in located_paths(ctx):
        yield from _expand(ctx.state.root, split(pattern), [])


def _expand(node: Any, parts: list[str], at: list[str]) -> Iterator[tuple[list[str], Any]]:
    if not parts:
        yield at, node
        return
    if not isinstance(node, dict):
        return
    head, rest = parts[0], parts[1:]
    keys = list(node) if head == "*" else [head] if head in node else []
    for key in keys:
        yield from _expand(node[key], rest, [*at, key])


def things_on(ctx: Ctx, square: int) -> list[list[str]]:
    """The state paths of what stands on ``square`` (``["players", "alice",
    "location"]``)."""
    board = layout(ctx)
    return [path for path, where in located(ctx) if board.exists(where) and where == square]


def grow(ctx: Ctx, count: int, *, why: str) -> list[int]:
    """Add ``count`` squares after the last; returns their numbers. One
    ``board.squares-added`` event, with the new squares' numbers and identities."""
    change = snake.grown(layout(ctx), count)
    old_size = change.old.size
    next_id: int = ctx.get([BOARD, "next_id"])
    ids = []
    for number in change.added:
        ctx.set([*SPACES, str(number)], {"id": next_id})
        ids.append(next_id)
        next_id += 1
    ctx.set([BOARD, "next_id"], next_id)
    ctx.set([BOARD, "size"], change.new.size)
    if change.added:
        ctx.emit(SQUARES_ADDED, f"the board grows from {old_size} to {change.new.size} "
                 f"squares ({why})", old_size=old_size, new_size=change.new.size,
                 spaces=list(change.added), ids=ids, why=why)
    return list(change.added)


def renumber(ctx: Ctx, change: Renumbering, *, why: str) -> dict[str, tuple[int, int]]:
    """Give every square its new number, and move everything that stands on a square
    with it, as one ``board.renumbered`` event (no leaving, passing or landing).

    Each square's record (with its identity) goes to its new number; a gone square's
    record goes with it; a new square gets a record with a new identity. Returns what
    moved: ``{path: (old square, new square)}``. ValueError when ``change`` is not a
    renumbering of the board as it is, or when something still stands on a square
    that is gone (the rule moves it first: Nomopoly II XVIII.2 sends it to the
    closest Public Property).
    """
    board = layout(ctx)
    if change.old != board:
        raise ValueError(f"the renumbering is of another board ({change.old}, not {board})")
    moves: list[tuple[list[str], int, int]] = []
    for path, where in located(ctx):
        if board.exists(where):
            new = snake.relocated(where, change)  # ValueError on a gone square
            if new != where:
                moves.append((path, where, new))
    spaces: dict[str, Any] = ctx.get(list(SPACES), {})
    ids = {int(k): record["id"] for k, record in spaces.items()}
    new_ids, next_id = snake.identities(ids, change, ctx.get([BOARD, "next_id"]))
    came_from = {new: old for old, new in change.moves.items() if new is not None}
    records = {str(number): spaces[str(came_from[number])] if number in came_from
               else {"id": sid} for number, sid in new_ids.items()}
    ctx.set(list(SPACES), records)
    ctx.set([BOARD, "size"], change.new.size)
    ctx.set([BOARD, "next_id"], next_id)
    if change.new.missing:
        ctx.set([BOARD, "missing"], sorted(change.new.missing))
    elif ctx.state.has([BOARD, "missing"]):
        ctx.state.delete([BOARD, "missing"])
    for path, _old, new in moves:
        if len(path) == 3 and path[0] == "entities" and path[2] == "location":
            ctx.move_entity(path[1], new)  # kept in the entities' location index
        else:
            ctx.set(path, new)
    moved = {".".join(path): (old, new) for path, old, new in moves}
    ctx.emit(RENUMBERED,
             f"the board is renumbered: {change.old.size} squares become "
             f"{change.new.size} ({why})",
             old_size=change.old.size, new_size=change.new.size, mapping=change.as_json(),
             added=list(change.added), removed=list(change.removed),
             moved={path: list(pair) for path, pair in moved.items()}, why=why)
    return moved
