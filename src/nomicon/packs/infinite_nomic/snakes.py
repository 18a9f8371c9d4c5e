"""Rule 20: Snakes and Ladders."""

from __future__ import annotations

from typing import Any, ClassVar

from nomicon.authoring import Ctx, Rule, hook
from nomicon.packs.infinite_nomic import board
from nomicon.packs.infinite_nomic.core import PACK
from nomicon.packs.infinite_nomic.events import (
    FEATURE_LANDED,
    PAIR_CREATE,
    PAIR_CREATED,
    PAIR_MOVE,
    FeatureLanded,
    PairCreate,
    PairMove,
)

SNAKE, LADDER = "Snake", "Ladder"


class SnakesAndLadders(Rule):
    """"Snake" and "Ladder" are space features. They are initially found on no spaces.

    Each Snake and Ladder is in a pair with another feature of its type. The lower Snake or Ladder in a pair is the one on the lower-numbered primary space; the upper Snake or Ladder is the other.

    When referring to a specific snake or ladder, the shorthand "Type NL" can be used, where "Type" is the type of feature, "N" is a number indicating a pair (should be assigned by order of creation) and "L" is either "L" if the feature is lower or "U" if the feature is upper (for example "Snake 1U" or "Ladder 5L").

    When a player lands on a lower Ladder, they advance to the upper Ladder in the pair. When a player lands on an upper Snake, they regress to the lower Snake in the pair. These movements take effect before the Cop Car does."""  # noqa: E501

    key = "snakes-and-ladders"
    pack = PACK
    number = 20
    title = "Snakes and Ladders"
    requires = frozenset({"board:numbered"})
    contributes: ClassVar[dict[str, Any]] = {
        "feature_types": [SNAKE, LADDER],
        "feature_before": [(SNAKE, "Cop Car"), (LADDER, "Cop Car")],
    }

    # Pairs are numbered by order of creation, across both types: board.pairs.<n> is
    # {"type": "Snake", "spaces": [a, b]}; the names on the spaces follow from it.
    @staticmethod
    def names(kind: str, number: int, spaces: list[int]) -> dict[int, str]:
        lower, upper = sorted(spaces)
        return {lower: f"{kind} {number}L", upper: f"{kind} {number}U"}

    @hook(PAIR_CREATE)
    def create(self, ctx: Ctx, data: PairCreate) -> None:
        number = len(ctx.get(["board", "pairs"], {})) + 1
        kind, spaces = data["kind"], sorted(data["spaces"])
        ctx.set(["board", "pairs", str(number)], {"type": kind, "spaces": spaces})
        for space, name in self.names(kind, number, spaces).items():
            board.add_feature(ctx, space, name)
        ctx.emit(PAIR_CREATED, f"{kind} pair {number} links spaces {spaces[0]} and {spaces[1]}",
                 kind=kind, pair=number, spaces=spaces)

    @hook(PAIR_MOVE)
    def move_end(self, ctx: Ctx, data: PairMove) -> None:
        """Move one end of a pair (the Flute); the ends are renamed L and U by position."""
        name, start, end = data["feature"], data["start"], data["end"]
        number = name.split()[1][:-1]
        pair = ctx.get(["board", "pairs", number])
        other = [s for s in pair["spaces"] if s != start] or [start]
        ctx.require(end != other[0], f"space {end} holds the other end of {pair['type']} {number}")
        for space, old in self.names(pair["type"], int(number), pair["spaces"]).items():
            board.remove_feature(ctx, space, old)
        spaces = sorted([other[0], end])
        ctx.set(["board", "pairs", number, "spaces"], spaces)
        for space, new in self.names(pair["type"], int(number), spaces).items():
            board.add_feature(ctx, space, new)

    @hook(FEATURE_LANDED, key=LADDER)
    def climb(self, ctx: Ctx, data: FeatureLanded) -> None:
        self._follow(ctx, data, "L", "climbs")

    @hook(FEATURE_LANDED, key=SNAKE)
    def slide(self, ctx: Ctx, data: FeatureLanded) -> None:
        self._follow(ctx, data, "U", "slides down")

    def _follow(self, ctx: Ctx, data: FeatureLanded, end: str, verb: str) -> None:
        name = data["feature"]
        if not name.endswith(end):
            return
        number = name.split()[1][:-1]
        pair = ctx.get(["board", "pairs", number])
        lower, upper = pair["spaces"]
        target = upper if end == "L" else lower
        how = f"{verb} {pair['type']} {number}"
        # Ruling (INTERPRETATIONS.md, Rule 20): in one movement a Snake or Ladder moves
        # a player at most once. A Snake laid over a Ladder would otherwise move the
        # player between its ends forever; arriving again on one that already moved
        # them in this movement (this batch), the player stays.
        if any(event["type"] == "moved" and event["data"].get("player") == data["player"]
               and event["data"].get("how") == how for event in ctx.batch.events):
            return
        # The roll that brought the player onto the Snake or Ladder is still the one
        # "just rolled" where it leaves them (Master of Your Fate on space 7).
        board.move_to(ctx, data["player"], target, how=how, roll=data.get("roll"))

    def on_repeal(self, ctx: Ctx) -> None:
        for number, pair in ctx.get(["board", "pairs"], {}).items():
            for space, name in self.names(pair["type"], int(number), pair["spaces"]).items():
                board.remove_feature(ctx, space, name)
        ctx.set(["board", "pairs"], {})
