"""Rule classes that Infinite Nomic games may enact by proposal (not in the initial
ruleset of Round 7). Their texts are Nomicon's, written in the game's style."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, hook
from nomicon.boards import ring
from nomicon.packs.infinite_nomic import board
from nomicon.packs.infinite_nomic.core import PACK
from nomicon.packs.infinite_nomic.events import FEATURE_LANDED, FEATURE_PLACED, FeatureLanded

TRAMPOLINE = "Trampoline"


class Trampoline(Rule):
    """Trampoline is a space feature. Initially, the space given by this rule's parameter has this feature. When a player lands on a space with a Trampoline, they advance a number of spaces equal to this rule's bounce parameter."""  # noqa: E501

    key = "trampoline"
    pack = PACK
    number = 21
    title = "Trampoline"
    requires = frozenset({"board:ring"})
    contributes: ClassVar[dict[str, Any]] = {"feature_types": [TRAMPOLINE]}

    class Params(RuleParams):
        space: int = Field(3, ge=1)
        bounce: int = Field(2, ge=1)

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        if not ring.is_space(self.params.space, board.size(ctx)):
            ctx.refuse(f"there is no space {self.params.space} on the board")
        board.add_feature(ctx, self.params.space, TRAMPOLINE)
        ctx.emit(FEATURE_PLACED, f"a Trampoline is on space {self.params.space}",
                 feature=TRAMPOLINE, space=self.params.space)

    def on_amend(self, ctx: Ctx, old: Rule) -> None:
        assert isinstance(old, Trampoline)
        if old.params.space != self.params.space:
            board.remove_feature(ctx, old.params.space, TRAMPOLINE)
            self.on_enact(ctx)

    def on_repeal(self, ctx: Ctx) -> None:
        for space in board.spaces_with(ctx, TRAMPOLINE):
            board.remove_feature(ctx, space, TRAMPOLINE)

    @hook(FEATURE_LANDED, key=TRAMPOLINE)
    def bounce(self, ctx: Ctx, data: FeatureLanded) -> None:
        board.move(ctx, data["player"], self.params.bounce,
                   how=f"bounced on the Trampoline at space {data['space']}")
