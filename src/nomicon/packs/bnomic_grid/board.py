"""The Grid itself: its size, and its squares with their attributes.

State (under ``board``): ``width`` and ``height``, ``squares`` (``"x,y"`` ->
substance, depth, wet, frozen; only squares that differ from the default) and
``temperature``. What stands on the Grid is in :mod:`.occupants`; the current nweek
in :mod:`.clock`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from nomicon.boards.grid import LIMBO, Grid, Square, key

if TYPE_CHECKING:
    from nomicon.authoring import Ctx


def grid(ctx: Ctx) -> Grid:
    return Grid(int(ctx.get(["board", "width"], 20)), int(ctx.get(["board", "height"], 20)))


def square_label(square: Square | None) -> str:
    return f"({square[0]},{square[1]})" if square else LIMBO


SQUARE_DEFAULT: dict[str, Any] = {"substance": "Turf", "depth": 0, "wet": False,
                                  "frozen": False}


def square_of(ctx: Ctx, square: Square) -> dict[str, Any]:
    record = ctx.get(["board", "squares", key(square)], None)
    merged = dict(SQUARE_DEFAULT)
    if isinstance(record, dict):
        merged.update(record)
    return merged


def set_square(ctx: Ctx, square: Square, **changes: Any) -> None:
    """Change a square's attributes; a square back to the default has no record."""
    record = {**square_of(ctx, square), **changes}
    if not ctx.state.has(["board", "squares"]):
        ctx.set(["board", "squares"], {})
    if record == SQUARE_DEFAULT:
        ctx.state.delete(["board", "squares", key(square)])
    else:
        ctx.set(["board", "squares", key(square)], record)


def squares_where(ctx: Ctx, test: Callable[[dict[str, Any]], bool]) -> list[Square]:
    found = []
    for text, record in ctx.get(["board", "squares"], {}).items():
        try:
            x, y = (int(p) for p in text.split(","))
        except ValueError:
            continue
        if isinstance(record, dict) and test({**SQUARE_DEFAULT, **record}):
            found.append((x, y))
    return sorted(found)
