"""Section E.2.4 of the Grid: Siren Bait, Cheerleaders and Catfights."""

from __future__ import annotations

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, hook
from nomicon.boards.grid import LIMBO, Square, as_square, distance
from nomicon.packs.bnomic_grid import board, damage, movement, occupants
from nomicon.packs.bnomic_grid.events import (
    BAIT_BOUGHT,
    BAIT_MISSED,
    BAIT_PLACED,
    BAIT_PURSE,
    BAIT_TAKEN,
    CATFIGHT_LOST,
    CATFIGHT_WON,
    MOVE_CHECK,
    NWEEK_BEGAN,
    MoveCheck,
    Nweek,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.sirens import create_siren, siren_name
from nomicon.packs.bnomic_grid.terms import BAIT, BIG_ROCK, PACK, PURSE, SIREN


def placed_baits(ctx: Ctx) -> list[tuple[str, Square]]:
    """Siren Bait lying on Big Rocks, with its square."""
    out = []
    for oid in occupants.of_kind(ctx, BAIT):
        square = occupants.object_square(occupants.obj(ctx, oid) or {})
        if square is not None:
            out.append((oid, square))
    return out


class SirenBait(Rule):
    """E.2.4 Bait

    There exist Yves St. Laurent Designer Bags Filled with Expensive Name-brand Cosmetics, also known as Siren Bait. Players can buy Siren Bait for 10 points. A Player can place Siren Bait on a Big Rock not otherwise occupied by a Siren if e is standing next to it. Beginning with the following nweek, at the beginning of each nweek until the Bait is taken or ruined, 1d(3*N) is rolled, where N is the number of nweeks since the Bait was placed. If a 1 is rolled, the Bait is taken, and a Siren moves onto the Rock. If the Bait is not taken within 1d5 nweeks of being placed, the Bait becomes ruined from exposure and is destroyed. When a Female Cheerleader is in a Grid square immediately adjoining a piece of Siren Bait (either horizontally, vertically, or diagonally), the Cheerleader may only move within those squares. The effect is similar to a Siren's Zone of Enchantment. However, Balls of Wax do not protect against Siren Bait, and Cheerleaders cannot roll to escape the Zone. The Cheerleader may attempt to take the Bait by declaring that e is doing so in a public forum. The Administrator rolls 1d6. If an even number is rolled, the Cheerleader takes the Bait. Once in eir possession, the Siren Bait becomes a Purse. If the Cheerleader makes 3 unsuccessful attempts to take the Bait, the ZOE effect no longer applies. If a Siren appears where there is Siren Bait, and a Cheerleader is adjacent to that Siren Bait, a Catfight ensues. 1d20 is rolled for the Cheerleader and for the Siren. Whoever gets the higher score wins the Catfight. If the Cheerleader wins, the Siren disappears and the Cheerleader takes possession of the Bait. If the Siren wins, the Cheerleader goes into Limbo."""  # noqa: E501

    key = "siren-bait"
    pack = PACK
    number = 504
    title = "E.2.4 Bait"
    requires = GRID

    class Params(RuleParams):
        price: int = Field(10, ge=0)
        lure_factor: int = Field(3, ge=1, description="the bait roll is 1d(factor*N)")
        ruin_die: int = Field(5, ge=1)
        take_die: int = Field(6, ge=1)
        attempts: int = Field(3, ge=1)
        catfight_die: int = Field(20, ge=1)

    params: Params

    # -- buying and placing ------------------------------------------------------
    @action("buy-bait")
    def buy_bait(self, ctx: Ctx, actor: str) -> None:
        """Buy Siren Bait for 10 points."""
        damage.charge(ctx, actor, self.params.price, "Siren Bait")
        oid = occupants.create(ctx, BAIT, holder=actor, owner=actor, cause="bought", by=actor)
        ctx.emit(BAIT_BOUGHT, f"{actor} buys Siren Bait ({oid})", player=actor, object=oid)

    @buy_bait.check
    def _buy_bait_check(self, ctx: Ctx, actor: str) -> None:
        damage.require_points(ctx, actor, self.params.price, "Siren Bait")

    def _rocks(self, ctx: Ctx, actor: str) -> list[str]:
        here = occupants.location(ctx, actor)
        if here is None:
            return []
        out = []
        for oid in occupants.of_kind(ctx, BIG_ROCK):
            square = occupants.object_square(occupants.obj(ctx, oid) or {})
            if square is None or distance(square, here) != 1:
                continue
            kinds = {(occupants.obj(ctx, o) or {}).get("kind")
                     for o in occupants.objects_at(ctx, square)}
            if SIREN not in kinds and BAIT not in kinds:
                out.append(oid)
        return out

    @action("place-bait", Arg("rock", str, "a Big Rock next to you without a Siren "
                              "(default: the first)", required=False, choices="_rocks"))
    def place_bait(self, ctx: Ctx, actor: str, rock: str | None = None) -> None:
        """Place Siren Bait on a Big Rock next to you that no Siren occupies."""
        rock = rock or self._rocks(ctx, actor)[0]
        square = occupants.object_square(occupants.obj(ctx, rock) or {})
        assert square is not None
        bait = occupants.held(ctx, actor, BAIT)[0]
        ruin = ctx.roll(self.params.ruin_die, f"Siren Bait {bait}: ruined if not taken within "
                        f"1d{self.params.ruin_die} nweeks")
        occupants.update(ctx, bait, location=list(square), rock=rock, nweeks=0,
                         ruin_after=ruin, attempts={})
        ctx.emit(BAIT_PLACED, f"{actor} places Siren Bait on the Big Rock at "
                 f"{board.square_label(square)}", player=actor, object=bait, square=list(square),
                 ruin_after=ruin)

    @place_bait.check
    def _place_bait_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.held(ctx, actor, BAIT), "you have no Siren Bait")
        ctx.require(self._rocks(ctx, actor), "you are not standing next to a Big Rock "
                    "without a Siren or Bait on it")

    # -- the weekly roll -------------------------------------------------------------
    @hook(NWEEK_BEGAN)
    def lure(self, ctx: Ctx, data: Nweek) -> None:
        for bait, square in placed_baits(ctx):
            record = occupants.obj(ctx, bait) or {}
            n = int(record.get("nweeks", 0)) + 1
            occupants.update(ctx, bait, nweeks=n)
            sides = self.params.lure_factor * n
            value = ctx.roll(sides, f"Siren Bait {bait}, nweek {n} since placed: 1d{sides}")
            if value == 1:
                ctx.emit(BAIT_TAKEN, f"the Siren Bait at {board.square_label(square)} is "
                                     f"taken",
                         object=bait, square=list(square))
                siren = create_siren(ctx, square, "drawn by the Siren Bait")
                self._catfights(ctx, bait, siren, square)
            elif n >= int(record.get("ruin_after", 1)):
                damage.destroy(ctx, bait, "ruined from exposure")

    def _catfights(self, ctx: Ctx, bait: str, siren: str, square: Square) -> None:
        die = self.params.catfight_die
        for player in ctx.players():
            here = occupants.location(ctx, player)
            if not occupants.is_cheerleader(ctx, player) or here is None \
                    or distance(here, square) != 1 or occupants.carrier_of(ctx, player):
                continue
            name = siren_name(ctx, siren)
            mine = theirs = 0
            while mine == theirs:
                mine = ctx.roll(die, f"Catfight: {player}'s 1d{die}")
                theirs = ctx.roll(die, f"Catfight: {name}'s 1d{die}")
            if mine > theirs:
                ctx.emit(CATFIGHT_WON, f"{player} wins the Catfight ({mine} to {theirs}): "
                         f"{name} disappears", player=player, siren=siren)
                damage.destroy(ctx, siren, f"lost a Catfight to {player}", by=player)
                self._to_purse(ctx, bait, player)
                return
            ctx.emit(CATFIGHT_LOST, f"{name} wins the Catfight ({theirs} to {mine}): "
                     f"{player} goes into Limbo", player=player, siren=siren)
            movement.drop_all(ctx, player, "lost a Catfight")
            movement.relocate_player(ctx, player, LIMBO, how="loses a Catfight")
        damage.destroy(ctx, bait, f"taken by {siren_name(ctx, siren)}")

    def _to_purse(self, ctx: Ctx, bait: str, player: str) -> None:
        occupants.update(ctx, bait, kind=PURSE, location=player)
        ctx.emit(BAIT_PURSE, f"{player} takes the Siren Bait: it is now a Purse",
                 player=player, object=bait)

    # -- Cheerleaders --------------------------------------------------------------------
    def _baits_beside(self, ctx: Ctx, actor: str) -> list[str]:
        here = occupants.location(ctx, actor)
        return [bait for bait, square in placed_baits(ctx)
                if here is not None and distance(here, square) == 1]

    @action("take-bait", Arg("bait", str, "which Siren Bait (default: the first)",
                             required=False, choices="_baits_beside"))
    def take_bait(self, ctx: Ctx, actor: str, bait: str | None = None) -> None:
        """As a Female Cheerleader beside Siren Bait, try to take it (even on 1d6)."""
        bait = bait or self._baits_beside(ctx, actor)[0]
        value = ctx.roll(self.params.take_die, f"{actor} tries to take the Siren Bait {bait}: "
                         f"1d{self.params.take_die}")
        if value % 2 == 0:
            self._to_purse(ctx, bait, actor)
            return
        attempts = dict((occupants.obj(ctx, bait) or {}).get("attempts", {}))
        attempts[actor] = int(attempts.get(actor, 0)) + 1
        occupants.update(ctx, bait, attempts=attempts)
        ctx.emit(BAIT_MISSED, f"{actor} rolls {value} and fails to take the Siren Bait "
                 f"({attempts[actor]} unsuccessful)", player=actor, object=bait,
                 attempts=attempts[actor])

    @take_bait.check
    def _take_bait_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.is_female(ctx, actor) and occupants.is_cheerleader(ctx, actor),
                    "only a Female Cheerleader may try to take Siren Bait")
        ctx.require(self._baits_beside(ctx, actor), "you are not next to Siren Bait")

    @hook(MOVE_CHECK)
    def lured(self, ctx: Ctx, data: MoveCheck) -> None:
        player = data["player"]
        start, end = as_square(data["start"]), as_square(data["end"])
        if start is None or not (occupants.is_female(ctx, player)
                                 and occupants.is_cheerleader(ctx, player)):
            return
        for bait, square in placed_baits(ctx):
            record = occupants.obj(ctx, bait) or {}
            tries = int(record.get("attempts", {}).get(player, 0))
            if distance(start, square) != 1 or tries >= self.params.attempts:
                continue
            if end is None or distance(end, square) != 1:
                ctx.refuse(f"{player} is a Female Cheerleader next to Siren Bait at "
                           f"{board.square_label(square)}",
                           detail="e may only move within the squares around it")
