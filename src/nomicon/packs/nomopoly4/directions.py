"""Rule 802, travelling forwards or backwards (P05, seed L372-382)."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Attribute, Ctx, Rule, action, adjust, hook
from nomicon.boards import numbered
from nomicon.packs.nomopoly4 import travel
from nomicon.packs.nomopoly4.base import Turns
from nomicon.packs.nomopoly4.events import TURN_TAKEN, TurnTaken
from nomicon.packs.nomopoly4.travel import (
    BACKWARDS,
    DIRECTIONS,
    FORWARDS,
    LOCATIONS,
    PACK,
    SNAKE,
    TURNS,
)


class ForwardsOrBackwards(Rule):
    """Before taking a turn, a player decides whether to travel forwards or backwards on the board.
    If the player decides to travel forwards, the player rolls the dice and travels forward that many squares following the current board pattern.
    If the player decides to travel backwards, the player rolls the dice then travels backwards that many squares following the current board pattern.
    If at any time the player is on the first square on the board, the player may not choose to travel backwards.
    If at any time the player is on the last square on the board, the player may not choose to travel forwards.
    If a player is near the end of the board, and would otherwise go over the last square on the board, they stop at the last square.
    If a player is near the beginning of the board, and would otherwise go over the first square, they stop at the first square.
    If a player is forced to have a turn taken for them, they by default move forwards.
    If a player is forced to have a turn taken for them and is on the last square, they move backwards.
    If a player is forced to have a turn taken for them and is on the first square, they move forwards.
    If a player is forced to take more than one turn consecutively, each turn will follow the movement direction of the previous turn unless they are on the first or last square."""  # noqa: E501

    key = "forwards-or-backwards"
    pack = PACK
    number = 802
    title = "Travelling forwards or backwards"
    # Its take-turn is chosen before Rule 801's (the first rule in order that allows
    # an action takes it), so the direction is the player's from now on.
    precedence = -1
    requires = frozenset({SNAKE, LOCATIONS, TURNS})
    attributes = (Attribute("forced_direction", None,
                            doc="the direction of the player's last turn if it was taken "
                                "for them; none after a turn they took themselves"),)

    def _directions(self, ctx: Ctx, actor: str) -> list[str]:
        return [d for d in DIRECTIONS if self._why_not(ctx, actor, d) is None]

    def _why_not(self, ctx: Ctx, actor: str, direction: str) -> str | None:
        board = numbered.layout(ctx)
        where = ctx.attr(actor, "location")
        if direction == BACKWARDS and where == board.first:
            return "a player on the first square may not choose to travel backwards"
        if direction == FORWARDS and where == board.last:
            return "a player on the last square may not choose to travel forwards"
        return None

    def _explain(self, ctx: Ctx, actor: str, value: Any) -> None:
        reason = self._why_not(ctx, actor, value) if value in DIRECTIONS else None
        ctx.refuse(reason or f"travel {' or '.join(DIRECTIONS)}, not {value!r}")

    @action("take-turn", Arg("direction", str, "forwards or backwards", choices="_directions",
                             explain="_explain"))
    def take_turn(self, ctx: Ctx, actor: str, direction: str) -> None:
        """Choose a direction, roll the dice and travel that many squares."""
        travel.take_turn(ctx, actor, direction, forced=False, die=self._die(ctx))

    @take_turn.check
    def _has_turn(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, "turn_ready", False), "you have no turn to take",
                    detail="a turn comes every day at noon and at midnight Central time")
        ctx.require(travel.on_a_square(ctx, actor), "you are on no square to travel from")

    def _die(self, ctx: Ctx) -> int:
        for rule in ctx.rules.rules:
            if isinstance(rule, Turns):
                return rule.params.die
        return 6

    @adjust(travel.PLAYER_WRAPS)
    def stop_at_the_ends(self, ctx: Ctx, wraps: bool) -> bool:
        return False

    @adjust(travel.FORCED_PLAN)
    def forced_direction(self, ctx: Ctx, plan: dict[str, Any]) -> dict[str, Any]:
        board = numbered.layout(ctx)
        player = plan["player"]
        where = ctx.attr(player, "location")
        if where == board.last:
            direction = BACKWARDS
        elif where == board.first:
            direction = FORWARDS
        else:
            # The previous turn's direction if that turn was taken for them too
            # (consecutive forced turns), else forwards by default.
            direction = ctx.attr(player, "forced_direction") or FORWARDS
        return {**plan, "direction": direction}

    @hook(TURN_TAKEN)
    def remember(self, ctx: Ctx, data: TurnTaken) -> None:
        ctx.set_attr(data["player"], "forced_direction",
                     data["direction"] if data["forced"] else None)
