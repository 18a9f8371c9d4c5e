"""A small pack of the tests' own with entities in it: units that players recruit on
named squares, march, hand over and disband; forts that stand on squares and are
nobody's; and a rule, not in force at the start, that gives units experience."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from nomicon.kernel import dice
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Initial, Pack, installed
from nomicon.kernel.rules import Arg, Attribute, Rule, action

START = datetime(2021, 5, 1, 9, 0, tzinfo=UTC)
PACK = "units"


class Units(Rule):
    """A player may recruit a unit on any square; it is eirs. A player may march eir unit to another square, give it to another player, or disband it. Each unit has a strength of 1, secret orders that only its owner knows (to hold, until e gives it others in secret), and a codename known to the Administrator alone."""  # noqa: E501

    key = "units"
    pack = PACK
    number = 1
    title = "Units"
    attributes = (
        Attribute("strength", 1, kind="unit"),
        Attribute("orders", "hold", kind="unit", visibility="owner"),
        Attribute("codename", "", kind="unit", visibility="admin"),
    )

    @action("recruit", Arg("square", str))
    def recruit(self, ctx: Ctx, actor: str, square: str) -> None:
        """Recruit a unit on a square."""
        ctx.create_entity("unit", owner=actor, location=square, cause="recruited", by=actor)

    def _mine(self, ctx: Ctx, actor: str) -> list[str]:
        return ctx.owned_by(actor)

    @action("order", Arg("unit", str, choices="_mine"), Arg("orders", str), sealed=True)
    def order(self, ctx: Ctx, actor: str, unit: str, orders: str) -> None:
        """Give your unit secret orders."""
        ctx.set_entity(unit, orders=orders)

    @action("march", Arg("unit", str, choices="_mine"), Arg("square", str))
    def march(self, ctx: Ctx, actor: str, unit: str, square: str) -> None:
        """March your unit to a square."""
        ctx.move_entity(unit, square)
        ctx.emit("marched", f"{unit} marches to {square}", unit=unit, square=square)

    @action("give", Arg("unit", str, choices="_mine"), Arg("to", str))
    def give(self, ctx: Ctx, actor: str, unit: str, to: str) -> None:
        """Give your unit to another player."""
        ctx.require(ctx.is_player(to), f"{to!r} is not a player")
        ctx.set_owner(unit, to)
        ctx.emit("given", f"{actor} gives {unit} to {to}", unit=unit, to_player=to)

    @action("disband", Arg("unit", str, choices="_mine"))
    def disband(self, ctx: Ctx, actor: str, unit: str) -> None:
        """Disband your unit."""
        ctx.destroy_entity(unit, cause="disbanded", by=actor)


class Forts(Rule):
    """The Administrator may build a fort on a square and raze it. Forts belong to nobody."""

    key = "forts"
    pack = PACK
    number = 2
    title = "Forts"

    @action("build-fort", Arg("square", str), admin=True)
    def build(self, ctx: Ctx, actor: str, square: str) -> None:
        """Build a fort on a square."""
        ctx.create_entity("fort", location=square, cause="built by the Administrator")

    @action("raze", Arg("fort", str), admin=True)
    def raze(self, ctx: Ctx, actor: str, fort: str) -> None:
        """Raze a fort."""
        record = ctx.entity(fort)
        ctx.require(record is not None and record["kind"] == "fort", f"there is no fort {fort!r}")
        ctx.destroy_entity(fort, cause="razed by the Administrator")


class Veterans(Rule):
    """Every unit has experience, starting at 0."""

    key = "veterans"
    pack = PACK
    number = 3
    title = "Veterans"
    attributes = (Attribute("experience", 0, kind="unit"),)


class UnitPack(Pack):
    id = PACK
    title = "Units"
    initial = (Initial(Units), Initial(Forts))
    rule_classes = (Veterans,)


REGISTRY = installed().with_pack(UnitPack())


def new_game(players: tuple[str, ...] = ("ann", "bob")) -> Game:
    return Game.create(PACK, start=START, players=players, secret=dice.secret_from_seed(3),
                       registry=REGISTRY, game_id="units")


def scanned(root: dict[str, Any], field: str, value: Any) -> list[str]:
    """What a scan of every entity finds with ``field`` equal to ``value``, in the
    order the state holds them."""
    return [eid for eid, record in (root.get("entities") or {}).items()
            if record[field] == value]
