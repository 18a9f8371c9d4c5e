"""Section E.2 of the Grid: Sirens (creation, their zones, lovemaking, and the rest)."""

from __future__ import annotations

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, hook
from nomicon.boards.grid import Square, as_square, distance
from nomicon.packs.bnomic_grid import board, damage, occupants, terms
from nomicon.packs.bnomic_grid.events import (
    MOVE_CHECK,
    MOVED,
    NWEEK_ENDED,
    ROCK_CHECK,
    ROCK_PLACED,
    SIREN_APPEARED,
    SIREN_FREE,
    SIREN_FREE_ENDS,
    SIREN_LOVED,
    TOAD_MADE,
    MoveCheck,
    Moved,
    Nweek,
    ObjectSquare,
    RockCheck,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.terms import PACK, SIREN

ZOE, ZATR = "ZOE", "ZATR"
ZONE_NAMES = {ZOE: "Zone of Enchantment", ZATR: "Zone of Almost-Total Rapture"}


def sirens(ctx: Ctx) -> list[tuple[str, Square]]:
    """Every Siren on the Grid, with eir square."""
    out = []
    for oid in occupants.of_kind(ctx, SIREN):
        square = occupants.object_square(occupants.obj(ctx, oid) or {})
        if square is not None:
            out.append((oid, square))
    return out


def zone(siren: Square, square: Square | None) -> str | None:
    """ZOE: the ring of squares adjoining the Siren; ZATR: the ring adjoining that
    (the source's own gloss: "the ring of 9 squares" and "the ring of 16 squares")."""
    if square is None:
        return None
    return {1: ZOE, 2: ZATR}.get(distance(siren, square))


def siren_name(ctx: Ctx, oid: str) -> str:
    record = occupants.obj(ctx, oid) or {}
    return str(record.get("name") or oid)


def is_free(ctx: Ctx, player: str, oid: str) -> bool:
    return player in (occupants.obj(ctx, oid) or {}).get("free", [])


def under_influence(ctx: Ctx, player: str, oid: str, square: Square) -> bool:
    """In the Siren's ZOE or ZATR, not Deaf (F.4), and not freed by the roll of E.2.5."""
    return (zone(square, occupants.location(ctx, player)) is not None
            and not occupants.has_status(ctx, player, "Deaf") and not is_free(ctx, player, oid))


def create_siren(ctx: Ctx, square: Square, why: str) -> str:
    """A new Siren on the Big Rock at ``square``, named by the Administrator (E.2.1)."""
    rock = next((oid for oid in occupants.objects_at(ctx, square)
                 if (occupants.obj(ctx, oid) or {}).get("kind") == terms.BIG_ROCK), None)
    oid = ctx.new_entity_id(SIREN)
    name = "Siren " + oid.rsplit("-", 1)[-1]
    occupants.create(ctx, SIREN, oid=oid, location=square, cause=why, name=name, rock=rock,
                     free=[], enchanted={})
    ctx.emit(SIREN_APPEARED, f"{name} sits on the Big Rock at "
                                    f"{board.square_label(square)} ({why})",
             object=oid, name=name, square=list(square))
    return oid


class Sirens(Rule):
    """E.2 Sirens

    E.2.1 Creation: There exist Impassable Stationary Objects called Sirens. Sirens are Female. When a Big Rock is placed on the Grid, the Administrator will roll 1d6 to determine the presence of a Siren on that Big Rock. If a 6 is rolled, a Siren is placed on the Big Rock. The Administrator will assign a name to each new Siren and post the name and location of the Siren (and eir Rock) to the Grid webpage or a public forum.

    E.2.2 ZOE's and ZATR's: Players in any Grid square immediately adjoining a Siren's Zone of Enchantment (either horizontally, vertically, or diagonally) are in the Siren's Zone of Almost-Total Rapture (ZATR). Players in a Siren's ZATR may only move to Grid squares in that Siren's ZATR or Grid squares in that Siren's ZOE. Players in any Grid square immediately adjoining a Siren (either horizontally, vertically, or diagonally) are in the Siren's Zone of Enchantment (ZOE). Players in a Siren's ZOE may only move to other Grid Squares in that Siren's ZOE.

    E.2.5 Other: If a Female Player enters the area that would be considered a Siren's ZATR, 1d10 is rolled. On a roll of 1, the Player may move freely, as if the Siren does not exist, until e leaves the Siren's ZATR. A player under the influence of a Siren may not choose to drop a Big Rock on that Siren's square."""  # noqa: E501

    key = "sirens"
    pack = PACK
    number = 502
    title = "E.2 Sirens"
    requires = GRID

    class Params(RuleParams):
        die: int = Field(6, ge=1)
        appears_on: int = Field(6, ge=1)
        female_die: int = Field(10, ge=1)
        free_on: int = Field(1, ge=1)

    params: Params

    @hook(ROCK_PLACED)
    def siren_on_the_rock(self, ctx: Ctx, data: ObjectSquare) -> None:
        square = as_square(data["square"])
        if square is None:
            return
        value = ctx.roll(self.params.die, f"a Siren on the Big Rock at "
                                          f"{board.square_label(square)}? "
                         f"1d{self.params.die}")
        if value == self.params.appears_on:
            create_siren(ctx, square, f"rolled {value}")

    @hook(MOVE_CHECK)
    def enchantment(self, ctx: Ctx, data: MoveCheck) -> None:
        player = data["player"]
        start, end = as_square(data["start"]), as_square(data["end"])
        if start is None or occupants.has_status(ctx, player, "Deaf"):
            return
        for oid, square in sirens(ctx):
            here = zone(square, start)
            if here is None or is_free(ctx, player, oid):
                continue
            allowed = {ZOE} if here == ZOE else {ZOE, ZATR}
            if zone(square, end) not in allowed:
                within = "that Zone" if here == ZOE else "that Zone or the ZOE inside it"
                ctx.refuse(f"{player} is in the {ZONE_NAMES[here]} ({here}) of "
                           f"{siren_name(ctx, oid)} at {board.square_label(square)}",
                           detail=f"e may only move within {within}")

    @hook(ROCK_CHECK)
    def no_rock_on_my_siren(self, ctx: Ctx, data: RockCheck) -> None:
        player, target = data["player"], as_square(data["square"])
        for oid, square in sirens(ctx):
            if square == target and under_influence(ctx, player, oid, square):
                ctx.refuse(f"{player} is under the influence of {siren_name(ctx, oid)} and may "
                           "not choose to drop a Big Rock on eir square")

    @hook(MOVED)
    def rapture(self, ctx: Ctx, data: Moved) -> None:
        player = data["player"]
        start, end = as_square(data["start"]), as_square(data["end"])
        if end is not None and occupants.location(ctx, player) != end:
            return
        for oid, square in sirens(ctx):
            before, after = zone(square, start), zone(square, end)
            if after != ZATR and is_free(ctx, player, oid):
                free = [p for p in (occupants.obj(ctx, oid) or {}).get("free", []) if p != player]
                occupants.update(ctx, oid, free=free)
                ctx.emit(SIREN_FREE_ENDS, f"{player} leaves the ZATR of "
                         f"{siren_name(ctx, oid)} and is no longer free of em",
                         player=player, siren=oid)
            if after == ZATR and before != ZATR and occupants.is_female(ctx, player) \
                    and not occupants.has_status(ctx, player, "Deaf"):
                value = ctx.roll(self.params.female_die, f"{player} enters the ZATR of "
                                 f"{siren_name(ctx, oid)}: 1d{self.params.female_die}")
                if value == self.params.free_on:
                    free = [*(occupants.obj(ctx, oid) or {}).get("free", []), player]
                    occupants.update(ctx, oid, free=free)
                    ctx.emit(SIREN_FREE, f"{player} rolls {value} and may move freely, as "
                             f"if {siren_name(ctx, oid)} did not exist", player=player,
                             siren=oid)


class Lovemaking(Rule):
    """E.2.3 Lovemaking

    If a player is in the same Siren's ZOE at the end of 2 consecutive nweeks, that player may elect to Make Love to the Siren by posting this action in a public forum. Making Love to a Siren removes the Siren from the Grid. When a player Makes Love to a Siren, the administrator will roll 1d3. If the result is a 3, that player becomes a Toad for 4 nweeks. [[To put it simply, if you're in the ring of 9 squares around the Siren, you can't leave that ring. If you're in the ring of 16 squares around that, you can only move in that ring or move to the inner ring.]]"""  # noqa: E501

    key = "lovemaking"
    pack = PACK
    number = 503
    title = "E.2.3 Lovemaking"
    requires = GRID

    class Params(RuleParams):
        nweeks_in_zoe: int = Field(2, ge=1)
        die: int = Field(3, ge=1)
        toad_on: int = Field(3, ge=1)
        toad_nweeks: int = Field(4, ge=1)

    params: Params

    @hook(NWEEK_ENDED)
    def count_nweeks(self, ctx: Ctx, data: Nweek) -> None:
        for oid, square in sirens(ctx):
            before = (occupants.obj(ctx, oid) or {}).get("enchanted", {})
            now = {p: int(before.get(p, 0)) + 1 for p in ctx.players()
                   if zone(square, occupants.location(ctx, p)) == ZOE}
            if now != before:
                occupants.update(ctx, oid, enchanted=now)

    def _lovers(self, ctx: Ctx, actor: str) -> list[str]:
        here = occupants.location(ctx, actor)
        return [oid for oid, square in sirens(ctx)
                if zone(square, here) == ZOE and (occupants.obj(ctx, oid) or {}).get(
                    "enchanted", {}).get(actor, 0) >= self.params.nweeks_in_zoe]

    @action("make-love", Arg("siren", str, "which Siren (default: the one you may)",
                             required=False, choices="_lovers"))
    def make_love(self, ctx: Ctx, actor: str, siren: str | None = None) -> None:
        """Make Love to a Siren whose ZOE you have been in at the end of 2 nweeks."""
        oid = siren or self._lovers(ctx, actor)[0]
        name = siren_name(ctx, oid)
        ctx.emit(SIREN_LOVED, f"{actor} Makes Love to {name}", player=actor, siren=oid)
        damage.destroy(ctx, oid, f"{actor} Made Love to {name}", by=actor)
        value = ctx.roll(self.params.die, f"{actor} Made Love to {name}: 1d{self.params.die}")
        if value == self.params.toad_on:
            ctx.emit(TOAD_MADE, f"{actor} rolled {value} and becomes a Toad for "
                     f"{self.params.toad_nweeks} nweeks", player=actor,
                     nweeks=self.params.toad_nweeks)

    @make_love.check
    def _make_love_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(self._lovers(ctx, actor), "you have not been in a Siren's ZOE at the end "
                    f"of {self.params.nweeks_in_zoe} consecutive nweeks, or are not in it now")
