"""P26's Echo (seed L174-179): a Mesmer enchanted by Echo may be issued its next
command a second time within the hour, cooling down or not."""

from __future__ import annotations

from datetime import timedelta
from typing import ClassVar

from pydantic import Field

from nomicon.authoring import Arg, Ctx, adjust, events, hook
from nomicon.mechanics import commands
from nomicon.mechanics.commands import EnchantmentParams
from nomicon.mechanics.events import COMMANDED, Commanded
from nomicon.packs.nomopoly4.units.framework import Enchanting

#: The status of a Mesmer that may be issued ``data.command`` again (the hour after
#: the first command it was issued while enchanted by Echo).
REPEAT = "echo-repeat"


class Echo(Enchanting):
    """Enchantment: Echo
    Can be issued to: Mesmer
    Cool down time: None
    Duration: 1 day
    Effect: The Mesmer to which this command is issued becomes enchanted by Echo. While enchanted by Echo, if the Mesmer is issued another command, it may (within 1 hour of the command being issued), be issued the same command (possibly with different targets, this supercedes Rule XII.6, regarding units that are cooling down not being issued other commands), and Echo ends prematurely.
    Eg: A Mesmer is issued the Echo command, and is subsequently enchanted with Echo. The Mesmer is then issued the Move command. The Mesmer begins cooling down for 24 hours, but may still be issued another Move command while enchanted by Echo. If it is, Echo ends immediately, and the Mesmer would then cool down for 24 hours (so the cool down from both Move commands would overlap)."""  # noqa: E501

    key = "echo"
    number = 1245
    title = "Echo"
    command = "echo"
    status = "echo"
    issued_to = ("mesmer",)
    # The Mesmer enchants itself: the command names no target.
    takes: ClassVar[tuple[Arg, ...]] = ()

    class Params(EnchantmentParams):
        cooldown_hours: float = 0
        duration_hours: float = 24
        window_hours: float = Field(1, ge=0, description="hours in which the command may be "
                                                          "issued again")

    params: Params

    @hook(COMMANDED)
    def echoes(self, ctx: Ctx, data: Commanded) -> None:
        unit, command = data["entity"], data["command"]
        if command == self.command or not ctx.has_status(unit, self.status):
            return
        held = ctx.status(unit, REPEAT)
        if held is None:
            # The first command while enchanted opens the hour for its repeat.
            ctx.grant_status(unit, REPEAT, until=timedelta(hours=self.params.window_hours),
                             data={"command": command})
            return
        if held["data"].get("command") == command:
            # The repeat: "Echo ends prematurely".
            ctx.end_status(unit, REPEAT, "echoed")
            ctx.end_status(unit, self.status, "echoed")

    @hook(events.STATUS_ENDED, key=REPEAT)
    def unused(self, ctx: Ctx, data: events.StatusEnded) -> None:
        # A ruling: Echo serves the first command issued while it holds; when the hour
        # passes without the repeat, Echo is spent and ends too.
        if data["cause"] == "expired" and ctx.has_status(data["holder"], self.status):
            ctx.end_status(data["holder"], self.status, "the hour for the repeat passed")

    @adjust(commands.WHILE_COOLING)
    def again(self, ctx: Ctx, asked: commands.WhileCooling) -> commands.WhileCooling:
        held = ctx.status(asked["unit"], REPEAT)
        if (held is not None and held["data"].get("command") == asked["command"]
                and ctx.has_status(asked["unit"], self.status)):
            return {**asked, "allowed": True}
        return asked
