"""What every game of Games & Contests reads first: its table in the game's state."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, finish

#: Why a game's rule may find no table: a proposal enacted it into another game.
ELSEWHERE = "this rule plays only in a game of its own pack"


def table_of(ctx: Ctx, key: str, what: str, detail: str = ELSEWHERE) -> dict[str, Any]:
    """The table kept under ``key``; refused ("there is no ``what`` in this game") in a
    game without one (one of the game's rules enacted by a proposal into another)."""
    found: dict[str, Any] | None = ctx.get([key], None)
    ctx.require(found is not None, f"there is no {what} in this game", detail=detail)
    assert found is not None
    return found


def close_table(ctx: Ctx, key: str, what: str) -> None:
    """End a standalone table (``what``: the game's name in "game(s) of ... played"):
    the player who won the most of its games, if one did, wins the table."""
    wins: dict[str, int] = {}
    for result in ctx.get([key, "results"]):
        if result["winner"] is not None:
            wins[result["winner"]] = wins.get(result["winner"], 0) + 1
    best = max(wins.values(), default=0)
    leaders = [name for name, count in wins.items() if count == best]
    winners = leaders if len(leaders) == 1 else []
    ctx.set(["winners"], winners)
    played = ctx.get([key, "instance"])
    finish(ctx, f"{played} game(s) of {what} played; "
                + (f"{winners[0]} won the most" if winners else "no single player won most"))
