"""The squares the text names without a number, read from the pack's
``named_squares`` parameter (sections XV, XX, XXV)."""

from __future__ import annotations

from nomicon.authoring import Ctx
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.terms import ORGANISATIONS

CARNIVAL = "the Carnival"
DOUBLE_DIP = "Duck's Double Dip"
RESORT = "Vynd's Hot Springs Resort"


def holds_money(ctx: Ctx, holder: str | None) -> bool:
    """Whether ``holder`` (a square's owner) has money to pay or be paid: a player or
    an organisation; Charity holds squares only."""
    return holder is not None and (holder in ORGANISATIONS or ctx.is_player(holder))


def named_square(ctx: Ctx, name: str) -> int | None:
    """The number of the square the rules call ``name`` (the pack's parameter, else
    the recorded default); None when the game has no such square."""
    table = ctx.param("named_squares")
    if not isinstance(table, dict) or name not in table:
        table = board.NAMED_SQUARES
    number = table.get(name)
    return int(number) if isinstance(number, int) else None
