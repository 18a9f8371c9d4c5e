"""What every game of Games & Contests reads first: its table in the game's state."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx

#: Why a game's rule may find no table: a proposal enacted it into another game.
ELSEWHERE = "this rule plays only in a game of its own pack"


def table_of(ctx: Ctx, key: str, what: str, detail: str = ELSEWHERE) -> dict[str, Any]:
    """The table kept under ``key``; refused ("there is no ``what`` in this game") in a
    game without one (one of the game's rules enacted by a proposal into another)."""
    found: dict[str, Any] | None = ctx.get([key], None)
    ctx.require(found is not None, f"there is no {what} in this game", detail=detail)
    assert found is not None
    return found
