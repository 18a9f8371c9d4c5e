"""The railroad: P24's Railway, Build Railway and Ride Railway (seed L181-200), and
P42's one railway per square with the words "hold", "own" and "safe" (L34-37)."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Ctx, Rule, RuleParams, adjust
from nomicon.boards import numbered
from nomicon.mechanics import geometry, units
from nomicon.mechanics.commands import TO, CommandParams
from nomicon.mechanics.units import TypeParams
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.restrictions import EXEMPT
from nomicon.packs.nomopoly4.travel import PACK
from nomicon.packs.nomopoly4.units.building import Build
from nomicon.packs.nomopoly4.units.framework import Command, square_of
from nomicon.packs.nomopoly4.units.types import _Type

RAILWAY = "railway"


class Railway(_Type):
    """Railroad!:
    New Building:
    Name: Railway
    Initial Hit Points: 200
    Attack Strength: 0
    Attack Range: 0
    Armor: 5
    Special: If the only unit or building at a location is a Railway then units owned by any player may move onto the square containing the Railway. However, only the owner of the Railway may have buildings that occupy the same square as the Railway."""  # noqa: E501

    key = "railway"
    number = 1242
    title = "Railway"
    kind = RAILWAY
    type_class = "building"

    class Params(TypeParams):
        max_hp: int = 200
        range: int = 0
        armor: int = 5

    @adjust(units.PLACEMENT)
    def open_to_units(self, ctx: Ctx, asked: units.Placement) -> units.Placement:
        # Only a unit is let in, and only where nothing but Railways stands (a
        # ruling: several Railways, before P42, count as "only a Railway"). A
        # building of another owner stays refused by Rule 1204.
        stats = units.stats_of(ctx, asked["kind"])
        if asked["problem"] is None or stats is None or stats.type_class != "unit":
            return asked
        there = [e for e in units.things(ctx, location=asked["location"])
                 if e != asked["entity"]]
        if there and all((ctx.entity(e) or {}).get("kind") == self.kind for e in there):
            return {**asked, "problem": None, "rule": None}
        return asked


class BuildRailway(Build):
    """New Command:
    Name: Build Railway
    Issued to: SCV's
    Cool Down: 2 days
    Effect: The issuing player pays $500, then he or she gains a new Railway at the location of the issuee."""  # noqa: E501

    key = "build-railway"
    number = 1243
    title = "Build Railway"
    command = "build-railway"
    builds = RAILWAY

    class Params(CommandParams):
        cooldown_hours: float = 48
        price: int = 500


class RideRailway(Command):
    """New Command:
    Name: Ride Railway
    Issued to: Any unit. This command may only be issued to units which are at a location which also contains a railway owned by the same player as the issuee.
    Cool Down: 0 days
    Effect: The issuing player selects an adjacent square. The issuee is moved to that square.
    Special:
    This command may be issued any number of times per day, this proposal takes priority over rule XV.2. (no, this isn't an exploit and I never meant for the Action Restrictions section to be set in stone. Merely that they were general case restrictions that would be in effect to avoid people "forgetting" about negative numbers in their proposals.)"""  # noqa: E501

    key = "ride-railway"
    number = 1244
    title = "Ride Railway"
    command = "ride-railway"
    takes = (TO,)
    # "takes priority over rule XV.2": Rule 1502 does not count this command.
    contributes: ClassVar[dict[str, Any]] = {EXEMPT: "ride-railway"}

    def not_issuable(self, ctx: Ctx, unit: str, stats: units.Stats) -> str | None:
        found = super().not_issuable(ctx, unit, stats)
        if found is not None:
            return found
        owner = (ctx.entity(unit) or {}).get("owner")
        if not any((ctx.entity(e) or {}).get("owner") == owner
                   for e in railways_at(ctx, square_of(ctx, unit))):
            return f"{unit} is not at a location containing a railway of {owner}'s"
        return None

    def choices(self, ctx: Ctx, unit: str, arg: str) -> list[Any] | None:
        return list(geometry.of(ctx).neighbours(square_of(ctx, unit)))

    def check(self, ctx: Ctx, unit: str, args: dict[str, Any]) -> None:
        to = args.get("to")
        if to is None:
            return
        here = square_of(ctx, unit)
        ctx.require(to in geometry.of(ctx).neighbours(here),
                    f"square {to} is not adjacent to square {here}")
        record = ctx.entity(unit)
        assert record is not None
        units.require_placement(ctx, record["kind"], record["owner"], to, entity=unit)

    def effect(self, ctx: Ctx, actor: str, unit: str, args: dict[str, Any]) -> dict[str, Any]:
        units.move(ctx, unit, args["to"])
        return {}


def railways_at(ctx: Ctx, square: Any) -> list[str]:
    """The Railways on ``square``, oldest first."""
    return [e for e in units.things(ctx, location=square)
            if (ctx.entity(e) or {}).get("kind") == RAILWAY]


class OneRailwayPerSquare(Rule):
    """Squares may only contain a single railway. If as this proposal is implemented a square contains more then one railroad then all but one of those railways will be destroyed and the owner of the destroyed railways will be refunded $500 for each destroyed railway."""  # noqa: E501

    key = "one-railway-per-square"
    pack = PACK
    number = 1253
    title = "One railway per square"

    class Params(RuleParams):
        refund: int = Field(500, ge=0, description="dollars refunded a destroyed railway")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        # Which survives is a ruling: the oldest (the first built). The refund is
        # made, as the railway's price left the game when it was paid.
        squares = sorted({ctx.entity(e)["location"]  # type: ignore[index]
                          for e in ctx.entities_of(RAILWAY)})
        for square in squares:
            for extra in railways_at(ctx, square)[1:]:
                owner = (ctx.entity(extra) or {}).get("owner")
                units.destroy(ctx, extra, cause=f"one railway per square (Rule {self.number})")
                if owner is not None and self.params.refund:
                    ctx.transfer(None, owner, self.params.refund, DOLLARS,
                                 f"refund of the destroyed railway {extra}")

    @adjust(units.PLACEMENT)
    def single(self, ctx: Ctx, asked: units.Placement) -> units.Placement:
        if (asked["problem"] is None and asked["kind"] == RAILWAY
                and [e for e in railways_at(ctx, asked["location"]) if e != asked["entity"]]):
            return {**asked, "problem": f"square {asked['location']} already contains a railway",
                    "rule": self.rid}
        return asked


class SquareTerms(Rule):
    """A player is said to "hold" a square if they own at least one unit or building, other then a railroad, on that square.
    A player is said to "own" a square if they posses at least one building on that square, other then a railroad.
    A square is considered "safe" if the owner of the square also owns all the squares adjacent to it."""  # noqa: E501

    key = "square-terms"
    pack = PACK
    number = 1254
    title = "Hold, own and safe"

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        # The words drive no rule yet: every view shows them, square by square, for
        # the squares that someone holds.
        board = view.get("board")
        if not board:
            return
        layout = numbered.layout_of(board)
        entities = view.get("entities") or {}
        terms = {}
        for square in sorted({int(e["location"]) for e in entities.values()
                              if isinstance(e.get("location"), int)}):
            held = holders(entities, square)
            if not held:
                continue
            owner = owner_of(entities, square)
            terms[str(square)] = {
                "held_by": held, "owned_by": owner,
                "safe": owner is not None and all(
                    owner_of(entities, near) == owner for near in layout.neighbours(square)),
            }
        view["square_terms"] = terms


def _of_kinds(entities: dict[str, Any], square: int, kinds: frozenset[str]) -> list[str]:
    return sorted({str(e.get("owner")) for e in entities.values()
                   if e.get("location") == square and e.get("kind") in kinds
                   and e.get("owner") is not None})


def holders(entities: dict[str, Any], square: int) -> list[str]:
    """The players who "hold" ``square``: a unit or building there that is no railway."""
    return _of_kinds(entities, square, (UNIT_KINDS | BUILDING_KINDS) - {RAILWAY})


def owner_of(entities: dict[str, Any], square: int) -> str | None:
    """The player who "owns" ``square`` (a building there that is no railway), or None.
    Rule 1204 lets one player at most have buildings on a square."""
    found = _of_kinds(entities, square, BUILDING_KINDS - {RAILWAY})
    return found[0] if found else None


#: The pack's kinds of unit and of building, as its type rules declare them (read
#: from the classes, since a view carries no catalogue).
UNIT_KINDS = frozenset({"warrior", "scv", "monk", "mesmer", "laser-howitzer", "scientist",
                        "musketeer"})
BUILDING_KINDS = frozenset({"fort", "guard-tower", "wall", "teleporter", "duck-pond", RAILWAY,
                            "refinery", "laboratory"})
