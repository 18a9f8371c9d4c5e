"""Rule 7 (Moving) and Rule 13 (Looping)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from nomicon.authoring import Ctx, Rule, RuleParams, action, hook, turns
from nomicon.packs.infinite_nomic import board
from nomicon.packs.infinite_nomic.core import PACK
from nomicon.packs.infinite_nomic.events import (
    CONTINUED,
    MOVED,
    MOVEMENT_FINISHED,
    MOVEMENT_ROLLED,
    NUMBERS_CHANGED,
    TURN_ENDED,
    Moved,
    MovementFinished,
    MovementRolled,
    TurnEnded,
)


class Moving(Rule):
    """Entities can move between primary spaces in two directions. To "advance" or "move up" is to move in the direction that the numbers are increasing. To "regress" or "move down" is to move in the direction that the numbers are decreasing. For the purposes of this type of movement, the lowest-numbered space is considered to be one space higher than the highest-numbered primary space and the highest-numbered space is considered to be one space lower than the lowest-numbered primary space.

    A player on a primary space can move up the board once on their turn by rolling 1d6 in #public-forum and moving up exactly that many spaces. A player's turn ends if within five minutes of moving they do not explicitly declare that they are continuing their turn."""  # noqa: E501

    key = "moving"
    pack = PACK
    number = 7
    title = "Moving"
    requires = frozenset({"board:ring", "turns"})

    class Params(RuleParams):
        die: int = 6
        continue_minutes: int = 5

    params: Params

    @action("roll", on_turn=True)
    def roll(self, ctx: Ctx, actor: str) -> None:
        """Roll for movement and move up that many spaces."""
        start = board.location(ctx, actor)
        value = ctx.roll(self.params.die, f"movement 1d{self.params.die} for {actor}")
        turns.set_flag(ctx, "rolled", True)
        ctx.dispatch(MOVEMENT_ROLLED, MovementRolled(player=actor, value=value, space=start))
        board.move(ctx, actor, value, how=f"rolled {value}", roll=value)
        ctx.dispatch(MOVEMENT_FINISHED, MovementFinished(player=actor, roll=value,
                                                         space=board.location(ctx, actor)))

    @roll.applies
    def _roll_applies(self, ctx: Ctx, actor: str) -> bool:
        return board.on_primary(ctx, actor)

    @roll.check
    def _roll_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(not turns.flag(ctx, "rolled"), "you have already rolled this turn",
                    detail="a player moves by rolling once per turn")

    @hook(MOVEMENT_FINISHED)
    def start_countdown(self, ctx: Ctx, data: MovementFinished) -> None:
        player = data["player"]
        if turns.current(ctx) == player and ctx.actor == player:
            turns.set_flag(ctx, "continued", False)
            ctx.set_timer("after-move", timedelta(minutes=self.params.continue_minutes),
                          self.did_not_continue,
                          {"player": player, "turn": ctx.get(["turn", "number"])})

    def did_not_continue(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.get(["turn", "number"]) == payload["turn"]:
            board.end_turn(ctx, payload["player"], "did not continue after moving")

    @action("continue", on_turn=True)
    def continue_turn(self, ctx: Ctx, actor: str) -> None:
        """Declare that you are continuing your turn after moving."""
        ctx.cancel_timer("after-move")
        turns.set_flag(ctx, "continued", True)
        ctx.emit(CONTINUED, f"{actor} continues their turn", player=actor)

    @continue_turn.check
    def _continue_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.timer_due("after-move") is not None,
                    "there is nothing to continue", detail="you declare continuing within "
                    f"{self.params.continue_minutes} minutes of moving")

    @hook(TURN_ENDED)
    def clear_countdown(self, ctx: Ctx, data: TurnEnded) -> None:
        ctx.cancel_timer("after-move")


class Looping(Rule):
    """When a player advances to or past the lowest-numbered primary space, they gain 5 points.

    After a player loops around the board, all Numbers in their possession increase by one, then they are granted a Number of 1 in their possession. If a Number would go above 7, a Number of 1 is created in their possession instead."""  # noqa: E501

    key = "looping"
    pack = PACK
    number = 13
    title = "Looping"
    requires = frozenset({"board:ring"})

    class Params(RuleParams):
        points: int = 5
        highest_number: int = 7

    params: Params

    @hook(MOVED)
    def on_moved(self, ctx: Ctx, data: Moved) -> None:
        player = data["player"]
        for _ in range(data["loops"]):
            ctx.gain(player, self.params.points, "looped around the board")
            numbers = ctx.attr(player, "numbers")
            if numbers is None:
                continue  # no rule in force gives players Numbers
            grown = [n + 1 if n + 1 <= self.params.highest_number else 1 for n in numbers]
            ctx.set_attr(player, "numbers", sorted([*grown, 1]))
            ctx.emit(NUMBERS_CHANGED, f"{player}'s Numbers are now {sorted([*grown, 1])}",
                     player=player, numbers=sorted([*grown, 1]))
