"""Nomopoly II, section XX (Double Dip): landing on Duck's Double Dip at the end of a
normal turn moves the player again, twice the pips she rolled.

Duck's Double Dip is ``named_squares["Duck's Double Dip"]`` (the text gives no number;
37 by default). The extra movement is a walk of the normal turn (glue and passing the
top act in it), marked ``double_dip`` so that landing on the square again at its end
does not move her once more.
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Rule, hook
from nomicon.boards import walker
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.named import DOUBLE_DIP, holds_money, named_square
from nomicon.packs.nomopoly2.terms import PACK, has_board, is_in_reverse, owner_of
from nomicon.packs.nomopoly2.turns import NORMAL, walk_player

EXTRA = "double_dip"


class DoubleDip(Rule):
    """Any player who lands on Duck's Double Dip as a result of a normal turn shall, after being affected in the normal ways by landing on that square, move as if she had rolled twice as many pips as she rolled to arrive at Duck's Double Dip. (This extra movement is not counted as speeding, nor can it cause an extra turn to be taken. This extra movement also comes before any other extra turn due to the player.) If the player makes any payments during this extra movement, the player will pay an equal amount to the owner of Duck's Double Dip."""  # noqa: E501

    key = "double-dip"
    pack = PACK
    number = 2001
    title = "XX.1 Double Dip"

    @hook(walker.LANDED)
    def dip(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player, here = data.get("player"), data["square"]
        if (player is None or not has_board(ctx) or data.get("kind") != NORMAL
                or data.get(EXTRA) or here != named_square(ctx, DOUBLE_DIP)):
            return
        rolled = data.get("roll")
        if not isinstance(rolled, int) or rolled <= 0:
            return  # not the end of a turn's roll (a move by another rule)
        # "the pips she rolled": the turn's dice after extra dice (turns.py's roll).
        first = ctx.last_seq()
        # Run here, among the landing hooks: the turn's doubles come after the walk,
        # so this movement "comes before any other extra turn due to the player".
        walk_player(ctx, player, 2 * rolled, reverse=is_in_reverse(ctx, player),
                    kind=NORMAL, roll=2 * rolled, **{EXTRA: True})
        owner = owner_of(ctx, here)
        if owner is None or owner == player or not holds_money(ctx, owner):
            return
        logged = [ctx.logged(seq) for seq in range(first + 1, ctx.last_seq() + 1)]
        paid = [e["data"] for e in logged if e["type"] == "transfer"]
        for payment in [p for p in paid if _paid_by(p, player)]:
            pay(ctx, player, owner, int(payment["amount"]),
                f"matching a payment made during the Double Dip ({payment['reason']})")


def _paid_by(data: dict[str, Any], player: str) -> bool:
    return (data.get("currency") == "dollars" and data.get("source") == player
            and isinstance(data.get("amount"), int) and data["amount"] > 0)


RULES: tuple[type[Rule], ...] = (DoubleDip,)
