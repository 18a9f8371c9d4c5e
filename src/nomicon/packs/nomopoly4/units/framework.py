"""Rules 1201-1206, the frameworks of Units, Buildings and Commands (P01, seed
L408-412), and what the pack's commands share.

The mechanics are the mechanics layer's (types as rules, placement, hit points,
cool-downs, the ``command`` action); these rules give them the seed's words and the
numbers the later proposals cite ("Rule XII.3", L279; "Rule XII.6", L178).
"""

from __future__ import annotations

from typing import Any, ClassVar

from nomicon.authoring import Ctx, Rule
from nomicon.mechanics import commands, geometry, units
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.travel import HAS_DOLLARS, LOCATIONS, PACK, SNAKE

#: What the pack's units need: its snake board, dollars and players on squares.
NEEDS = frozenset({SNAKE, HAS_DOLLARS, LOCATIONS})


class UnitsFramework(Rule):
    """Define three frameworks for future use: "Units", "Buildings", and "Commands":
    A Unit is defined by the following properties (all must be non-negative integers, fractional values are rounded): - Name - Initial hit points (100 if not specified) - Attack strength (0 if not specified) - Attack range (1 if not specified) - Armor (0 if not specified) - Speed (1 if not specified)"""  # noqa: E501

    key = "units"
    pack = PACK
    number = 1201
    title = "Units"
    # A definition: the defaults are those of the mechanics layer's TypeParams, and
    # each type is a rule whose parameters are its properties.


class BuildingsFramework(Rule):
    """A Building is defined by the exact same properties as a Unit, excluding speed."""

    key = "buildings"
    pack = PACK
    number = 1202
    title = "Buildings"


class CommandsFramework(Rule):
    """A Command is defined by the following properties: - Name - Which units/buildings can be issued the command (None if not specified) - Cool down time (None if not specified) - Effect associated with the command (None if not specified)"""  # noqa: E501

    key = "commands"
    pack = PACK
    number = 1203
    title = "Commands"
    # A definition: each command is a rule (mechanics CommandRule). P13 adds the
    # Enchantment paragraph to this rule's text and P16 rewords it (L279-282).


class Owning(Rule):
    """A player may own units or buildings. The unit or building will occupy a square on the board, and a single square may not contain units or buildings owned by more than one player. The players themselves are not units (or buildings)."""  # noqa: E501

    key = "owning"
    pack = PACK
    number = 1204
    title = "Owning units and buildings"
    requires = NEEDS
    # The mechanics layer refuses a placement next to another owner's things in the
    # name of the rule that contributes the framework: this one.
    contributes: ClassVar[dict[str, Any]] = {units.FRAMEWORK: True}


class HitPoints(Rule):
    """A unit/building upon creation has hit points equal to its initial hit points value. If a unit or building ever has its hit points reduced to 0 or less, the unit/building is destroyed."""  # noqa: E501

    key = "hit-points"
    pack = PACK
    number = 1205
    title = "Hit points"
    # Done by the mechanics layer: units.create gives full hit points, combat.damage
    # destroys at 0 or fewer.


class Issuing(commands.Commands):
    """A unit or building may be issued a command by its owner, providing that the command is allowed to be issued to that unit or building. After a command is issued, the effect associated with the command takes place, and that unit/building may not be issued another command until the cool down time for the command has elapsed."""  # noqa: E501

    key = "issuing"
    pack = PACK
    number = 1206
    title = "Issuing commands"
    requires = NEEDS
    # Rule 1204 speaks for placement (see Owning).
    contributes: ClassVar[dict[str, Any]] = {}


class Command(commands.CommandRule):
    """Base of the pack's commands: paid in dollars."""

    pack = PACK
    currency = DOLLARS
    requires = NEEDS


class Enchanting(commands.Enchantment):
    """Base of the pack's enchantments: paid in dollars."""

    pack = PACK
    currency = DOLLARS
    requires = NEEDS


def square_of(ctx: Ctx, eid: str) -> Any:
    record = ctx.entity(eid)
    assert record is not None, eid
    return record["location"]


def near_squares(ctx: Ctx, eid: str) -> list[Any]:
    """The square of ``eid`` and the squares adjacent to it (Rule 711)."""
    return geometry.near(ctx, square_of(ctx, eid))


def units_near(ctx: Ctx, eid: str, *, type_class: str | None = "unit") -> list[str]:
    """The units (or buildings, or both with None) on the square of ``eid`` or an
    adjacent one, in the order they were made on each square."""
    found = []
    for square in near_squares(ctx, eid):
        for other in units.things(ctx, location=square):
            stats = units.stats_for(ctx, other)
            if stats is not None and (type_class is None or stats.type_class == type_class):
                found.append(other)
    return found


def players_near(ctx: Ctx, eid: str) -> list[str]:
    """The players on the square of ``eid`` or an adjacent one."""
    squares = near_squares(ctx, eid)
    return [p for p in ctx.players() if ctx.attr(p, "location") in squares]


def has_units_or_buildings(ctx: Ctx, square: Any) -> bool:
    return bool(units.things(ctx, location=square))
