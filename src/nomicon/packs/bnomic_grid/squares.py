"""Section A of the Grid: the Grid, Grid Objects, and Grid Squares."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Rule, events, hook
from nomicon.boards.grid import Direction, Square, as_square, step
from nomicon.packs.bnomic_grid import board, damage, movement, occupants, terms
from nomicon.packs.bnomic_grid.events import (
    CAUGHT,
    FIRE,
    MOVED,
    OBJECT_MOVED,
    SQUARES_WEATHERED,
    TEMPERATURE_CHANGED,
    Moved,
    ObjectMoved,
    PlayerObject,
    TemperatureChanged,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.terms import PACK

# C. Deference: sections A to C defer to every rule or section that contradicts them.
# Nomicon runs hooks, vetoes and adjusters in precedence order, so the general
# sections run after the specific ones, and where a general section asks whether
# something is allowed (may two players share a square?), the specific rules answer
# first and the general answer is only the default.
GENERAL = 10


def ensure_board(ctx: Ctx, width: int = 20, height: int = 20, degrees: int = 10) -> None:
    """Give the game a Grid where it has none, without touching what is there."""
    if not isinstance(ctx.get(["board"], None), dict):
        ctx.set(["board"], {})
    defaults: dict[str, Any] = {"width": width, "height": height, "nweek": 1,
                                "temperature": degrees, "squares": {}, "flights": {}}
    for name, value in defaults.items():
        if not ctx.state.has(["board", name]):
            ctx.set(["board", name], value)


class TheGrid(Rule):
    """A.1. The Grid

    There exists an environment known as the Grid. The Grid is composed of units, or Squares. The Grid is 20 units wide by 20 units tall. The units are numbered from 1 to 20 horizontally (the x axis) and 1 to 20 vertically (the y axis). Each unit on the Grid can be expressed as an (x,y) coordinate location, with (1,1) in the lower left-hand corner, and (20,20) in the upper right."""  # noqa: E501

    key = "the-grid"
    pack = PACK
    number = 101
    title = "A.1 The Grid"
    precedence = GENERAL
    requires = GRID
    provides = GRID

    def on_enact(self, ctx: Ctx) -> None:
        ensure_board(ctx)


class GridObjects(Rule):
    """A.2. Grid Objects

    There exist objects called Grid Objects. A Grid Object is any object which can occupy a square of the Grid. All Grid Objects must be either Mobile Objects (MOs) or Stationary Objects (SOs or Immobile objects), and must be either Impassable or Passable. A Grid Object is a MO if it is capable of making a Move. Otherwise, it is a SO. A Move is a step between two consecutive squares. Two squares are consecutive if both their x and y coordinates differ by no more than 1. If a MO tries to Move to a square which cannot be moved to [[like if it tries to move off the Grid, or into an Impassable object]], it fails to Move. If a Grid Object is Impassable, then no other Grid Object may enter the square it occupies unless a rule explicitly permits those two objects to overlap. All Grid Objects are Passable MOs unless otherwise specified."""  # noqa: E501

    key = "grid-objects"
    pack = PACK
    number = 102
    title = "A.2 Grid Objects"
    precedence = GENERAL
    requires = GRID
    # What each kind of object is (terms.KINDS), the failing Move (movement.move_player,
    # movement.move_object) and the overlaps that rules permit (terms.OVERLAPPING) are
    # shared by every rule; the pack's invariants check that nothing else overlaps
    # an Impassable object.


class GridSquares(Rule):
    """A.3 Grid Squares

    Each Grid Square has two attributes called Substance and Depth. Substance describes the material of which the square is made. Depth describes square's distance beneath the main body of the Grid. Depth is expressed in integers.

    A.3.1 Properties of Squares

    All squares are of substance Turf if no other substance has been given to them. If a square of Substance of Earth becomes Wet, its substance becomes Mud. When a player enters a square of Fire, e loses 2d5 points. Squares may be Wet, Frozen, or neither. If the temperature is below zero degrees Celcius, all Wet squares become Frozen. If the temperature is above zero degrees Celcius, all Frozen squares become Wet. If the temperature is above 20 degrees Celcius, all Wet squares cease to be Wet. When a MO enters a Frozen square from any consecutive square, it is immediately moved an additional unit in the same direction, if possible."""  # noqa: E501

    key = "grid-squares"
    pack = PACK
    number = 103
    title = "A.3 Grid Squares"
    precedence = GENERAL
    requires = GRID

    # -- the temperature --------------------------------------------------------
    @hook(TEMPERATURE_CHANGED)
    def weather(self, ctx: Ctx, data: TemperatureChanged) -> None:
        degrees = int(data["degrees"])
        if degrees < 0:
            for square in board.squares_where(ctx, lambda s: bool(s["wet"])):
                board.set_square(ctx, square, wet=False, frozen=True)
        if degrees > 0:
            for square in board.squares_where(ctx, lambda s: bool(s["frozen"])):
                make_wet(ctx, square)
        if degrees > 20:
            for square in board.squares_where(ctx, lambda s: bool(s["wet"])):
                board.set_square(ctx, square, wet=False)
        ctx.emit(SQUARES_WEATHERED, f"the squares follow the temperature ({degrees} °C)",
                 degrees=degrees)

    @hook(events.ADMIN_SET)
    def earth_to_mud(self, ctx: Ctx, data: events.AdminSet) -> None:
        path = str(data.get("path", ""))
        if not path.startswith("board.squares."):
            return
        for square in board.squares_where(ctx, lambda s: s["wet"] and s["substance"] == "Earth"):
            make_wet(ctx, square)

    # -- entering squares ---------------------------------------------------------
    @hook(MOVED)
    def fire(self, ctx: Ctx, data: Moved) -> None:
        player = data["player"]
        square = as_square(data["end"])
        if square is None or occupants.location(ctx, player) != square:
            return
        # A Toad is a player, and a carried one comes onto the square with eir carrier
        # (B.3: "When a player moves, all eir possessions travel with em"): e enters
        # the Fire no less than a player knocked, pushed or thrown onto it, who does
        # not come of eir own will either. Each rolls eir own 2d5.
        for who in [player, *occupants.carried_toads(ctx, player)]:
            self._burn(ctx, who, square)

    @hook(CAUGHT)
    def fire_in_hand(self, ctx: Ctx, data: PlayerObject) -> None:
        # A Toad caught by a player standing on Fire lands from a throw on that square.
        toad = terms.toad_name(str(data.get("object", "")))
        square = occupants.location(ctx, toad) if toad and ctx.is_player(toad) else None
        if toad is not None and square is not None:
            self._burn(ctx, toad, square)

    def _burn(self, ctx: Ctx, player: str, square: Square) -> None:
        if board.square_of(ctx, square)["substance"] != "Fire":
            return
        loss = damage.roll_sum(ctx, 2, 5, f"Fire for {player}")
        ctx.emit(FIRE, f"{player} enters Fire at {board.square_label(square)} and loses "
                       f"{loss} "
                 "points", player=player, square=list(square), loss=loss)
        damage.lose_at_most(ctx, player, loss, f"entered Fire at {board.square_label(square)}")

    @hook(MOVED)
    def slide_player(self, ctx: Ctx, data: Moved) -> None:
        way = _way(data)
        square = as_square(data["end"])
        if way is None or square is None or occupants.location(ctx, data["player"]) != square:
            return
        if board.square_of(ctx, square)["frozen"]:
            movement.move_player(ctx, data["player"], way, how="slides on the Frozen square")

    @hook(OBJECT_MOVED)
    def slide_object(self, ctx: Ctx, data: ObjectMoved) -> None:
        way = _way(data)
        square = as_square(data["end"])
        record = occupants.obj(ctx, data["object"])
        if way is None or square is None or record is None \
                or occupants.object_square(record) != square or not terms.kind(record).mobile:
            return
        if board.square_of(ctx, square)["frozen"]:
            movement.move_object(ctx, data["object"], way, how="slides on the Frozen square")


def _way(data: Moved | ObjectMoved) -> Direction | None:
    """The direction of a Move between consecutive squares (None for any other change
    of place: entering the Grid, landing, being placed)."""
    raw = as_square(data.get("direction"))
    start, end = as_square(data.get("start")), as_square(data.get("end"))
    if raw is None or start is None or end is None or step(start, raw) != end:
        return None
    return raw


def make_wet(ctx: Ctx, square: Square) -> None:
    """A square becomes Wet; Earth that becomes Wet is Mud (A.3.1)."""
    changes: dict[str, Any] = {"wet": True, "frozen": False}
    if board.square_of(ctx, square)["substance"] == "Earth":
        changes["substance"] = "Mud"
    board.set_square(ctx, square, **changes)
