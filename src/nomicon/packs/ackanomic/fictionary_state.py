"""What the rules of Fictionary (Ackanomic rule 1250.10) share: the state's shape and
the step machinery. See :mod:`nomicon.packs.ackanomic.fictionary`."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx
from nomicon.packs.ackanomic.fictionary_events import START_STEP, Step
from nomicon.packs.ackanomic.tables import table_of

PACK = "ackanomic"
KEY = "fictionary"
#: The currency of the ledger that keeps the Gamepoints.
GP = "Gamepoints"
#: The role of the round's Brainiac: it reads the private definitions.
BRAINIAC = "brainiac"
STEP_TIMER = "fictionary-step"
STEP_NAMES = {1: "the Ing Word", 2: "definitions", 3: "the Brainiac's report",
              4: "votes", 5: "scoring"}


def new_table(seats: int) -> dict[str, Any]:
    """The ``fictionary`` part of the state before the game begins."""
    return {"seats": seats, "numbers": {}, "spots": [], "round": 0, "brainiac": None,
            "bluffers": [], "step": 0, "ends": None, "word": None, "words": [],
            "defined": [], "removed": None, "list": [], "votes": {}, "served": {},
            "leaving": [], "vacation": [], "rounds": [], "winner": None, "tied": [], "over": False}


def game_of(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "Fictionary")


def begin_step(ctx: Ctx, step: int) -> None:
    """Step ``step`` of the round begins; Rule 4 times it, and its rule takes it up."""
    ctx.set([KEY, "step"], step)
    ctx.dispatch(START_STEP, Step(round=ctx.get([KEY, "round"]), step=step, ends=""))


def away(ctx: Ctx) -> list[str]:
    """The players whose seat a bot plays: those who left (until the round ends) and
    those on vacation in the main game. The bot performs the default actions at once,
    and they lose nothing for it."""
    leaving: list[str] = ctx.get([KEY, "leaving"], [])
    return [*leaving, *ctx.get([KEY, "vacation"], [])]
