"""Nomopoly II, section XV (The Carnival): square 50, where a player Tries His Luck."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Rule, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2.money import award, pay
from nomicon.packs.nomopoly2.named import CARNIVAL, named_square
from nomicon.packs.nomopoly2.terms import GOVERNMENT, PACK, SICK, has_board
from nomicon.packs.nomopoly2.turns import NORMAL, take_turn


class TheCarnival(Rule):
    """The 50th square of the board is known as "The Carnival." This square does not belong to The Government and is not Public Property."""  # noqa: E501

    key = "the-carnival"
    pack = PACK
    number = 1501
    title = "XV.1 The Carnival"
    # The square is named_squares["the Carnival"]; carnival_problems() checks that it
    # is neither the Government's nor Public Property.


class TryingHisLuck(Rule):
    """A player who lands on The Carnival will "Try His Luck" by rolling one die. If the die shows 1, the player becomes Sick. If the die shows 2 or 3, the player will win $10. If the die shows 4 or 5, the player will lose $10 (to disappear from the game). If the die shows 6, the player will immediately take another turn."""  # noqa: E501

    key = "trying-his-luck"
    pack = PACK
    number = 1502
    title = "XV.2 Trying his luck"

    @hook(walker.LANDED)
    def try_luck(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, here = data.get("player"), data["square"]
        if player is None or not has_board(ctx) or here != named_square(ctx, CARNIVAL):
            return
        die = ctx.roll(6, f"{player} tries his luck at the Carnival")
        if die == 1:
            ctx.set_attr(player, SICK, True)
        elif die in (2, 3):
            award(ctx, player, 10, "won at the Carnival")
        elif die in (4, 5):
            pay(ctx, player, None, 10, "lost at the Carnival")
        else:
            # A normal turn, not speeding: it is not earned by doubles (a ruling).
            take_turn(ctx, player, kind=NORMAL)


def carnival_problems(state: dict[str, Any], number: int | None) -> list[str]:
    """XV.1: the Carnival is neither the Government's nor Public Property."""
    record = (state.get("board", {}).get("spaces") or {}).get(str(number)) or {}
    problems = []
    if record.get("owner") == GOVERNMENT:
        problems.append(f"the Carnival (square {number}) belongs to the Government")
    if record.get("public"):
        problems.append(f"the Carnival (square {number}) is Public Property")
    return problems


RULES: tuple[type[Rule], ...] = (TheCarnival, TryingHisLuck)
