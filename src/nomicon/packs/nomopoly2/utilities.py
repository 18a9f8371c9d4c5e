"""Nomopoly II, section XII (Utilities): squares whose rent is the owner's die.

A Utility is ``board.spaces.<n>.utility``. Declaring one takes effect at once and
opens a question to the admin (``cancel-utility``: allow or cancel, default allow),
since "the admin reserves the right to cancel such an order". V.4 gives a Utility no
rent, so XII.2's payment is the only one made on landing there.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.named import holds_money
from nomicon.packs.nomopoly2.terms import PACK, has_board, owner_of, square

UTILITY = "utility"
ALLOW, CANCEL = "allow", "cancel"


class DeclaringUtilities(Rule):
    """An owner of a square may declare that square to be a utility square. The admin reserves the right to cancel such an order."""  # noqa: E501

    key = "declaring-utilities"
    pack = PACK
    number = 1201
    title = "XII.1 Declaring utilities"

    @action("declare-utility", Arg("square", int))
    def declare(self, ctx: Ctx, actor: str, square: int) -> None:
        """Declare a square you own a utility square (the admin may cancel it)."""
        ctx.require(has_board(ctx) and board.layout(ctx).exists(square),
                    f"there is no square {square}")
        ctx.require(owner_of(ctx, square) == actor, f"square {square} is not {actor}'s")
        ctx.require(not _is_utility(ctx, square), f"square {square} is a utility already")
        ctx.set(["board", "spaces", str(square), UTILITY], True)
        # The admin answers whenever they like; the square is a Utility meanwhile.
        ctx.prompt("admin", [ALLOW, CANCEL], ALLOW, handler=self.decided,
                   kind="cancel-utility", data={"square": square, "by": actor},
                   message=f"{actor} declares square {square} a utility: allow or cancel?")

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        if option == CANCEL:
            ctx.set(["board", "spaces", str(prompt["data"]["square"]), UTILITY], False)


def _is_utility(ctx: Ctx, number: int) -> bool:
    return bool(square(ctx, number).get(UTILITY))


class UtilityRent(Rule):
    """When a player lands on an owned utility square, the owner will roll one die; that player will pay the owner of the square $5 per pip rolled."""  # noqa: E501

    key = "utility-rent"
    pack = PACK
    number = 1202
    title = "XII.2 Utility rent"

    class Params(RuleParams):
        per_pip: int = 5

    params: Params

    @hook(walker.LANDED)
    def charge(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, here = data.get("player"), data["square"]
        if player is None or not has_board(ctx) or not _is_utility(ctx, here):
            return
        owner = owner_of(ctx, here)
        if owner is None or owner == player or not holds_money(ctx, owner):
            return
        pips = ctx.roll(6, f"utility: {owner} rolls for square {here}")
        pay(ctx, player, owner, self.params.per_pip * pips,
            f"the utility on square {here} ({pips} pips)")


RULES: tuple[type[Rule], ...] = (DeclaringUtilities, UtilityRent)
