"""The squares the text names without a number, read from the pack's
``named_squares`` parameter (sections XV, XX, XXV)."""

from __future__ import annotations

from nomicon.authoring import Ctx
from nomicon.packs.nomopoly2 import board

CARNIVAL = "the Carnival"
DOUBLE_DIP = "Duck's Double Dip"
RESORT = "Vynd's Hot Springs Resort"


def named_square(ctx: Ctx, name: str) -> int | None:
    """The number of the square the rules call ``name`` (the pack's parameter, else
    the recorded default); None when the game has no such square."""
    table = ctx.param("named_squares")
    if not isinstance(table, dict) or name not in table:
        table = board.NAMED_SQUARES
    number = table.get(name)
    return int(number) if isinstance(number, int) else None
