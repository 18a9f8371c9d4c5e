"""Where things are, as the mechanics layer asks it of the board: the distance
between two locations and the locations next to one.

The board decides, not this layer: a rule in force may contribute its own
(``contributes = {"geometry": fn}``, ``fn(ctx)`` giving a :class:`Geometry`); without
one, the game's snake board (``boards/numbered``) answers, with its distance over
squares of the board (Nomopoly IV's: "the minimum number of moves required to get
from the attacking unit's square to the target unit's square").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from nomicon.boards import numbered

if TYPE_CHECKING:
    from nomicon.kernel.context import Ctx

#: The name under which a rule contributes the board's geometry.
GEOMETRY = "geometry"


class Geometry(Protocol):
    """What the mechanics layer asks of a board."""

    def distance(self, a: Any, b: Any) -> int | None:
        """The distance from ``a`` to ``b`` (None: no way leads there)."""

    def neighbours(self, a: Any) -> Sequence[Any]:
        """The locations adjacent to ``a``."""


class Snake:
    """The geometry of the game's snake board (the layout as it stands now)."""

    def __init__(self, ctx: Ctx) -> None:
        self.layout = numbered.layout(ctx)

    def distance(self, a: Any, b: Any) -> int | None:
        if not (self.layout.exists(a) and self.layout.exists(b)):
            return None
        return self.layout.steps(a, b)

    def neighbours(self, a: Any) -> Sequence[Any]:
        return self.layout.neighbours(a) if self.layout.exists(a) else ()


def of(ctx: Ctx) -> Geometry:
    """The geometry of the game's board: the first a rule in force contributes, else
    the snake board's."""
    for _rule, make in ctx.contributions(GEOMETRY):
        found: Geometry = make(ctx)
        return found
    return Snake(ctx)


def distance(ctx: Ctx, a: Any, b: Any) -> int | None:
    """The board's distance between two locations (None: nowhere, or no way)."""
    if a is None or b is None:
        return None
    return of(ctx).distance(a, b)


def near(ctx: Ctx, location: Any) -> list[Any]:
    """``location`` and the locations adjacent to it ("the same square or an adjacent
    square")."""
    return [location, *of(ctx).neighbours(location)] if location is not None else []
