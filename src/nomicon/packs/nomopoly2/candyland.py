"""Nomopoly II, section XVII (The Candyland Phase): a CL turn for every player, in
alphabetical order, in the update's ``candyland`` phase.

A CL turn spins the Big Wheel of Colors (one logged pick among the non-White colours
on the board, in XIII.1's order) and walks successor by successor until the player
stands on a square of that colour: the walk is the kernel's walker with a
``passing`` hook that stops it there, so leaving, passing and landing happen as in a
normal turn.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Rule, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.colors import COLORS
from nomicon.packs.nomopoly2.terms import LOCATION, PACK, WHITE, color_of, has_board
from nomicon.packs.nomopoly2.turns import CANDYLAND, walk_player

WHEEL = "wheel"


def colors_present(ctx: Ctx) -> list[str]:
    """The non-White colours on the board, in XIII.1's order."""
    present = {color_of(ctx, n) for n in board.numbers(ctx)}
    return [c for c in COLORS if c != WHITE and c in present]


def cl_turn(ctx: Ctx, player: str) -> int | None:
    """``player`` makes a CL turn; returns where it ends (None: no colour to spin)."""
    colors = colors_present(ctx)
    if not colors or not isinstance(ctx.attr(player, LOCATION), int):
        return None  # no non-White colour on the board: the wheel has nothing (a ruling)
    spun = ctx.pick(colors, f"{player} spins the Big Wheel of Colors")
    # At most a whole lap: the passing hook stops the walk at the first square of that
    # colour; a colour found only on the player's own square brings her back to it.
    walk = walk_player(ctx, player, len(board.numbers(ctx)), kind=CANDYLAND,
                       wheel=spun)
    return walk.end


class TheCandylandPhase(Rule):
    """Once all players have completed all of their turns for the week a Candyland Phase begins. In a alphabetic order, each player will make a CL turn."""  # noqa: E501

    key = "the-candyland-phase"
    pack = PACK
    number = 1701
    title = "XVII.1 The Candyland Phase"

    @hook("phase.began", key="candyland")
    def cl_turns(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if not has_board(ctx):
            return
        # "alphabetic order" outranks XXXV.3's order of arrival; case is ignored.
        for player in sorted(ctx.players(), key=lambda p: (p.casefold(), p)):
            cl_turn(ctx, player)


class CLTurns(Rule):
    """When a player makes a CL turn, he first spins the Big Wheel of Colors, randomly selecting one of the non-White colors present on the board with equal probability. The admin will then repeatedly move the player from the square he occupies to the its successor until the player occupies a square whose color matches the color he spun. The player is said to "leave" his original square and to "pass through" each square after that until the final advance is made. The player is then said to "land on" the final square."""  # noqa: E501

    key = "cl-turns"
    pack = PACK
    number = 1702
    title = "XVII.2 CL turns"

    @hook(walker.PASSING)
    def until_the_color(self, ctx: Ctx, data: dict[str, Any]) -> None:
        spun = data.get(WHEEL)
        if data.get("kind") == CANDYLAND and spun and color_of(ctx, data["square"]) == spun:
            walker.stop(ctx, data, f"square {data['square']} is {spun}")


RULES: tuple[type[Rule], ...] = (TheCandylandPhase, CLTurns)
