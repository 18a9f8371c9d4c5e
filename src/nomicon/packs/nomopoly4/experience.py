"""Section XIII, Experience (P02, seed L395-407): Experience, Level, State of Being."""

from __future__ import annotations

import math
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Attribute,
    Ctx,
    Rule,
    RuleParams,
    events,
    hook,
    veto,
)
from nomicon.packs.nomopoly4.events import LEVEL_CHANGED, TURN_TAKEN, TurnTaken
from nomicon.packs.nomopoly4.travel import PACK

ALIVE, DEAD = "alive", "dead"


def threshold(level: int) -> int:
    """The Experience that makes a level: |Level|*10, or 1 at Level zero."""
    return 1 if level == 0 else abs(level) * 10


def settle(experience: Any, level: Any) -> tuple[int, int, str]:
    """Experience, Level and State of Being after the rule has done its work."""
    # "If at any time Experience or Level should become a non-integer it will be
    # rounded down to the nearest integer."
    xp, lvl = math.floor(experience), math.floor(level)
    if xp < 0:
        xp, lvl = 0, lvl - 1
    while xp >= threshold(lvl):
        xp, lvl = xp - threshold(lvl), lvl + 1
    return xp, lvl, DEAD if lvl <= 0 else ALIVE


class Experience(Rule):
    """All players will get three additional properties: Experience, Level and State of Being.
    Experience is a non-negative integer and initially zero.
    Level is an integer and initially one.
    State of Being is either dead or alive and initially alive.
    If at any time a player has got an amount of Experience equal to or exceeding |Level|*10 then his Experience is decreased by |Level|*10 and his Level is increased by one.
    Only exception is if a player's Level is zero then the number '|Level|*10' in the above description is replaces by '1'.
    Here '|Level|' denotes the absolut value of Level it is equal to 'Level' for non-negative values of 'Level' and equal to '-Level' for negative values of 'Level'. Hence the absolut value is non-negative at any time.
    If at any time Experience or Level should become a non-integer it will be rounded down to the nearest integer.
    If a player should get negative Experience his Expererience is instead set to zero and his Level is decreased by one.
    A players who's Level is equal or less than zero becomes dead. This takes preceedence over any other rule changing the State of Being of a player.
    If a player's Level is greater than zero and he doesn't become dead by any other rule, his State of Being is alive."""  # noqa: E501

    key = "experience"
    pack = PACK
    number = 1301
    title = "Experience, Level and State of Being"
    attributes = (
        Attribute("experience", 0, doc="Experience, a non-negative integer"),
        Attribute("level", 1, doc="Level, an integer"),
        Attribute("state_of_being", ALIVE, doc="alive or dead"),
    )

    @hook(events.BATCH_CLOSING)
    def settle_levels(self, ctx: Ctx, data: events.NoFields) -> None:
        # "At any time": whatever changed Experience or Level in this batch, the
        # player's properties are settled before the batch is committed.
        for player in ctx.players():
            old = (ctx.attr(player, "experience", 0), ctx.attr(player, "level", 1),
                   ctx.attr(player, "state_of_being", ALIVE))
            xp, lvl, state = settle(old[0], old[1])
            if (xp, lvl, state) == old:
                continue
            ctx.set_attr(player, "experience", xp)
            ctx.set_attr(player, "level", lvl)
            ctx.set_attr(player, "state_of_being", state)
            ctx.emit(LEVEL_CHANGED, f"{player} is at Level {lvl} with {xp} Experience ({state})",
                     player=player, level=lvl, experience=xp, state_of_being=state)


class ExperienceForTurns(Rule):
    """Every time a player successfully takes a turn he gaines one Experience."""

    key = "experience-for-turns"
    pack = PACK
    number = 1302
    title = "Experience for turns"

    class Params(RuleParams):
        experience: int = Field(1, ge=0, description="Experience a turn gives")
        # A ruling (INTERPRETATIONS.md, Rule 1302): a turn taken for a player is still
        # their turn, taken successfully.
        forced_turns_count: bool = True

    params: Params

    @hook(TURN_TAKEN)
    def gain(self, ctx: Ctx, data: TurnTaken) -> None:
        if data["forced"] and not self.params.forced_turns_count:
            return
        player = data["player"]
        ctx.set_attr(player, "experience",
                     ctx.attr(player, "experience", 0) + self.params.experience)


class TheDead(Rule):
    """If a player is dead, he may not make any proposals or retract proposals made by him."""

    key = "the-dead"
    pack = PACK
    number = 1303
    title = "The dead"

    @veto("propose", "retract")
    def not_when_dead(self, ctx: Ctx, actor: str, decl: ActionDecl,
                      args: dict[str, Any]) -> None:
        ctx.require(ctx.attr(actor, "state_of_being", ALIVE) != DEAD,
                    "a dead player may not make or retract proposals",
                    detail=f"{actor} is dead (Level {ctx.attr(actor, 'level', 0)})")
