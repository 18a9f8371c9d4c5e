"""P37's Safecracking (seed L113-116): an SCV on a ? box's square cracks it in 24
hours, treated as cooling down, and its owner takes the item.

The 24 hours are the SCV's cool-down (the kernel's ``cooling-down`` status), so
everything that applies to a cool-down applies to them: no other command is taken,
the hourly relief (P44) may end them early and cakes lengthen them. Which box is
being cracked is the SCV's status ``safecracking`` (``{"box": <id>}``); it ends when
the box is removed first, and the cool-down then simply runs on for the time left.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, events, hook, iso
from nomicon.mechanics import cooldowns, units
from nomicon.mechanics.commands import CommandParams
from nomicon.mechanics.events import COOLDOWN_ENDED, CooldownEnded
from nomicon.packs.nomopoly4.boxes import BOX, box_at, take
from nomicon.packs.nomopoly4.events import SAFECRACKING_BROKEN
from nomicon.packs.nomopoly4.units.framework import Command, square_of

#: The status of a safecracking SCV; its data names the box (``box``).
SAFECRACKING = "safecracking"


class Safecracking(Command):
    """Command: Safecracking
    Can be issued to: SCV
    Cool down: None
    Effect: This command can only be issued to an SCV if there is a ? box located on the square containing the SCV. When the command is issued, the SCV begins safecracking for 24 hours. While safecracking, the SCV can not take any other commands and is treated the same as if it were cooling down. When the 24 hours have elapsed, the ? box is removed and the item contained within it is given to the player who owns the SCV, exactly as if he had just taken the item himself. Then, a new ? box is added to the board as per the standard procedure. If the ? box contained on the square is removed [say, by another player or by another SCV safecracking] before the SCV finishes safecracking, then the SCV begins cooling down for the amount of time he had left to finish safecracking. [This is to prevent an SCV from cracking a ? box that appears after he begins safecracking.]"""  # noqa: E501

    key = "safecracking"
    number = 1249
    title = "Safecracking"
    command = "safecracking"
    issued_to = ("scv",)

    class Params(CommandParams):
        hours: float = Field(24, gt=0, description="how long the SCV safecracks")

    params: Params

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        found = super().not_issuable(ctx, unit, stats)
        square = square_of(ctx, unit)
        if found is None and box_at(ctx, square) is None:
            return f"there is no ? box on the square containing {unit} (square {square})"
        return found

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        box = box_at(ctx, square_of(ctx, unit))
        assert box is not None  # not_issuable
        ctx.grant_status(unit, SAFECRACKING, data={"box": box}, by=actor)
        # "treated the same as if it were cooling down": the 24 hours are its
        # cool-down; the command's own ("Cool down: None") adds nothing after them.
        cooldowns.start(ctx, unit, timedelta(hours=self.params.hours), command=self.command,
                        args={"box": box})
        return {"box": box}

    @hook(COOLDOWN_ENDED)
    def cracked(self, ctx: Ctx, data: CooldownEnded) -> None:
        """The 24 hours have elapsed (or the hourly relief ended them: a ruling): the
        owner takes the item; Rule 1702 then places a new box as it always does."""
        scv = data["entity"]
        held = ctx.status(scv, SAFECRACKING)
        if held is None or data["owner"] is None:
            return
        box = str(held["data"]["box"])
        ctx.end_status(scv, SAFECRACKING, f"{scv} has cracked the ? box {box}")
        if ctx.entity(box) is not None:  # a removed box ended the status already
            take(ctx, box, data["owner"], why=f"{scv} cracks the ? box ({self.label})")

    @hook(events.ENTITY_DESTROYED)
    def box_removed(self, ctx: Ctx, data: events.EntityDestroyed) -> None:
        """A box removed before it is cracked: each SCV cracking it goes on cooling
        down for the time it had left, and gets nothing."""
        if data["kind"] != BOX:
            return
        for scv in ctx.holders_of(SAFECRACKING):
            held = ctx.status(scv, SAFECRACKING)
            if held is None or held["data"].get("box") != data["entity"]:
                continue
            ctx.end_status(scv, SAFECRACKING, f"the ? box {data['entity']} was removed "
                           f"({data['cause']})")
            end = cooldowns.until(ctx, scv)
            ctx.emit(SAFECRACKING_BROKEN, f"the ? box {data['entity']} is gone before {scv} "
                     f"cracked it: {scv} cools down for the time it had left ({self.label})",
                     entity=scv, box=data["entity"], until=iso(end) if end else None)


def safecracking_problems(state: dict[str, Any]) -> list[str]:
    """A safecracking SCV is an SCV, is cooling down, and its ? box is on its square
    (a box removed first ends the safecracking)."""
    problems = []
    entities = state.get("entities", {})
    for holder, held in (state.get("statuses") or {}).items():
        status = (held or {}).get(SAFECRACKING)
        if status is None:
            continue
        scv, box = entities.get(holder) or {}, entities.get((status.get("data") or {}).get("box"))
        if scv.get("kind") != "scv":
            problems.append(f"{holder} is safecracking but is not an SCV")
        if cooldowns.STATUS not in held:
            problems.append(f"{holder} is safecracking but not cooling down")
        if box is None or box.get("kind") != BOX or box.get("location") != scv.get("location"):
            problems.append(f"{holder} is safecracking a ? box that is not on its square")
    return problems
