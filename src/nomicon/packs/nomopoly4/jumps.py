"""Section XVI, Jumps (P19, seed L266-269), which took the place of turns."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action, events, every, hook
from nomicon.boards import numbered, walker
from nomicon.boards.walker import Piece
from nomicon.mechanics import geometry
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.events import JUMPED, JUMPS_FINED
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, LOCATIONS, PACK, SNAKE


class Jumps(Rule):
    """Players now have a new property, Jumps, a non-negative integer (initially zero). Every day at noon and midnight Central time, each player's Jumps property is increased by one.
    A player may, at any time, choose to jump to a square that they do not currently occupy, and whose distance is less than or equal to their Jumps value. Their Jumps value is then decreased by that distance, and their experience is increased by 1. A player may also choose to decrease their Jumps value by 1.
    If a player's Jumps property is ever 10 or more, that player is fined $100, and their Jumps value is set to 0."""  # noqa: E501

    key = "jumps"
    pack = PACK
    number = 1601
    title = "Jumps"
    requires = frozenset({SNAKE, LOCATIONS, HAS_DOLLARS})
    attributes = (Attribute("jumps", 0, doc="Jumps, a non-negative integer"),)

    class Params(RuleParams):
        experience: int = Field(1, ge=0, description="Experience a jump gives")
        limit: int = Field(10, ge=1, description="Jumps at which a player is fined")
        fine: int = Field(100, ge=0, description="dollars of the fine")

    params: Params

    @every("every day at noon and midnight Central")
    def more_jumps(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        for player in ctx.players():
            ctx.set_attr(player, "jumps", ctx.attr(player, "jumps", 0) + 1)

    def _distance(self, ctx: Ctx, actor: str, square: Any) -> int | None:
        return geometry.distance(ctx, ctx.attr(actor, "location"), square)

    def _reachable(self, ctx: Ctx, actor: str) -> list[int]:
        here, jumps = ctx.attr(actor, "location"), ctx.attr(actor, "jumps", 0)
        if here is None:
            return []
        board = geometry.of(ctx)  # once, not once per square: it reads the layout
        return [s for s in numbered.layout(ctx).squares()
                if s != here and (d := board.distance(here, s)) is not None and d <= jumps]

    def _why_not(self, ctx: Ctx, actor: str, value: Any) -> None:
        if not numbered.layout(ctx).exists(value):
            ctx.refuse(f"there is no square {value!r}")
        if value == ctx.attr(actor, "location"):
            ctx.refuse(f"you already occupy square {value}",
                       detail="a player jumps to a square they do not occupy")
        ctx.refuse(f"square {value} is {self._distance(ctx, actor, value)} away and you have "
                   f"{ctx.attr(actor, 'jumps', 0)} Jumps")

    @action("jump", Arg("to", int, "a square within your Jumps", choices="_reachable",
                        explain="_why_not"))
    def jump(self, ctx: Ctx, actor: str, to: int) -> None:
        """Jump to a square whose distance is at most your Jumps, paying the distance."""
        start = ctx.attr(actor, "location")
        distance = self._distance(ctx, actor, to)
        assert distance is not None
        ctx.set_attr(actor, "jumps", ctx.attr(actor, "jumps", 0) - distance)
        ctx.set_attr(actor, "experience",
                     ctx.attr(actor, "experience", 0) + self.params.experience)
        end = walker.land(ctx, Piece.player(actor), to, how="a jump")
        ctx.emit(JUMPED, f"{actor} jumps from square {start} to square {to} (distance "
                 f"{distance})", player=actor, start=start, end=end, distance=distance)

    @jump.check
    def _on_a_square(self, ctx: Ctx, actor: str) -> None:
        ctx.require(numbered.layout(ctx).exists(ctx.attr(actor, "location")),
                    "you are on no square to jump from")

    @action("drop-jump")
    def drop(self, ctx: Ctx, actor: str) -> None:
        """Decrease your Jumps by 1."""
        ctx.set_attr(actor, "jumps", ctx.attr(actor, "jumps", 0) - 1)

    @drop.check
    def _has_one(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, "jumps", 0) >= 1, "you have no Jumps to drop")

    @hook(events.BATCH_CLOSING)
    def too_many(self, ctx: Ctx, data: events.NoFields) -> None:
        # "Ever": looked at when anything has happened, so a player never ends a
        # batch with 10 or more. The fine takes at most what they have (Rule 401).
        for player in ctx.players():
            jumps = ctx.attr(player, "jumps", 0)
            if jumps < self.params.limit:
                continue
            fined = ctx.transfer(player, None, self.params.fine, DOLLARS,
                                 f"{jumps} Jumps", forced=True) if self.params.fine else 0
            ctx.set_attr(player, "jumps", 0)
            ctx.emit(JUMPS_FINED, f"{player} has {jumps} Jumps: fined ${fined}, Jumps set to 0",
                     player=player, jumps=jumps, fined=fined)
