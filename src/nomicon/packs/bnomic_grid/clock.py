"""The Grid's time: the current nweek, the lengths of an nday and an nweek (as the
rules in force define them), and the instant the game begins.

State: ``board.nweek``, the number of the current nweek, from 1.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from nomicon.authoring import parse

if TYPE_CHECKING:
    from nomicon.authoring import Ctx


def nweek(ctx: Ctx) -> int:
    value: int = ctx.get(["board", "nweek"], 1)
    return value


def game_begins(ctx: Ctx) -> bool:
    """Is this the instant the game begins, the start of the 1st nday of nweek 1?"""
    start = ctx.get(["game", "start"], None)
    return isinstance(start, str) and parse(start) == ctx.now


def nday_length(ctx: Ctx) -> timedelta:
    units = ctx.game.time_units()
    length: timedelta = units.get("nday", timedelta(days=1))
    return length


def nweek_length(ctx: Ctx) -> timedelta:
    units = ctx.game.time_units()
    length: timedelta = units.get("nweek", timedelta(days=7))
    return length
