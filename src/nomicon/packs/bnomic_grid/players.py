"""Sections B and C of the Grid: players on the Grid, entering and leaving it, moving,
carrying, throwing; and the deference clause."""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Arg, Attribute, Ctx, Refusal, Rule, action
from nomicon.boards.grid import (
    DIRECTIONS,
    LIMBO,
    Square,
    are_consecutive,
    as_square,
    direction,
    step,
)
from nomicon.packs.bnomic_grid import board, clock, damage, movement, occupants, terms
from nomicon.packs.bnomic_grid.events import (
    CATCH_DECLARED,
    CAUGHT,
    HIT,
    MOVE_CHECK,
    MOVE_FAILED,
    THROW_HIT,
    THROWN,
    TOAD_DROPPED,
    TOAD_PICKED_UP,
    MoveCheck,
    ThrowHit,
)
from nomicon.packs.bnomic_grid.outside import GRID
from nomicon.packs.bnomic_grid.squares import GENERAL
from nomicon.packs.bnomic_grid.terms import FUND, PACK, TOAD_PREFIX

MAX = 20  # the largest coordinate an action accepts; the Grid may be smaller


def check_move(ctx: Ctx, player: str, start: Square | None, end: Square | str,
               how: str) -> None:
    """Ask the rules whether a player may, of eir own will, go from ``start`` to ``end``
    (a square, or Limbo). Rules that limit movement (Sirens, Siren Bait, Toads)
    refuse in their own name; they defer nothing to the general sections (C)."""
    ctx.dispatch(MOVE_CHECK, MoveCheck(player=player, start=list(start) if start else None,
                                       end=list(end) if isinstance(end, tuple) else end,
                                       how=how))


def why_not_occupy(ctx: Ctx, player: str, square: Square) -> str | None:
    """Why a player may not occupy a square, or None if e may."""
    the_grid = board.grid(ctx)
    if not the_grid.contains(square):
        return (f"{board.square_label(square)} is off the Grid, which is {the_grid.width} by "
                f"{the_grid.height}")
    blocking = [record for oid in occupants.objects_at(ctx, square, hidden=False)
                if (record := occupants.obj(ctx, oid)) is not None
                and not terms.kind(record).passable]
    if blocking:
        labels = ", ".join(terms.kind(record).label for record in blocking)
        return f"{board.square_label(square)} holds an Impassable object ({labels})"
    if not movement.may_player_occupy(ctx, player, square):
        others = ", ".join(occupants.free_players_at(ctx, square, but=player))
        return f"{others} already occupies {board.square_label(square)}"
    return None


class PlayersOnTheGrid(Rule):
    """B. Players on the Grid

    Units of the Grid may be occupied by Players. Players are either on the Grid or off the Grid. A Player who is off the Grid is located in Limbo. A Player who is on the Grid will have a location expressed by the (x,y) coordinate location of the unit e occupies. Each Player may occupy only one unit at a time.

    B.1. Entrance

    Initially, all Players are in Limbo. A Player may enter the Grid by announcing on a public Forum that e will enter the Grid at a particular (x,y) coordinate location. A Player may enter the Grid at any legal location. Once a player has entered the Grid, e shall be considered on the Grid. Once a player is on the Grid, e may only leave the Grid [[e.g. change his status to "off the Grid"]] or move to other units on the Grid in a manner prescribed by the rules. A Player cannot enter the Grid if there are fewer than two unoccupied locations on the Grid. Players are Passable MOs, except that no two players may ever occupy the same square."""  # noqa: E501

    key = "players-on-the-grid"
    pack = PACK
    number = 201
    title = "B Players on the Grid"
    precedence = GENERAL
    requires = GRID
    attributes = (
        Attribute("location", LIMBO, doc="[x, y] on the Grid, or Limbo"),
        Attribute("status", [], doc="attributes the rules give a player: Dizzy, Deaf..."),
    )

    @action("enter", Arg("x", int, "x coordinate", minimum=1, maximum=MAX),
            Arg("y", int, "y coordinate", minimum=1, maximum=MAX))
    def enter(self, ctx: Ctx, actor: str, x: int, y: int) -> None:
        """Enter the Grid from Limbo at a legal location."""
        square = (x, y)
        check_move(ctx, actor, None, square, "enter")
        reason = why_not_occupy(ctx, actor, square)
        if reason:
            ctx.refuse(f"{board.square_label(square)} is not a legal location", detail=reason)
        movement.relocate_player(ctx, actor, square, how="enters the Grid")

    @enter.check
    def _enter_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, "location", LIMBO) == LIMBO, "you are not in Limbo",
                    detail="only a player in Limbo enters the Grid")
        free = len(movement.unoccupied_squares(ctx))
        ctx.require(free >= 2, "a player cannot enter the Grid when fewer than two "
                    "locations are unoccupied", detail=f"{free} unoccupied")

    @action("leave")
    def leave(self, ctx: Ctx, actor: str) -> None:
        """Leave the Grid for Limbo, dropping first every carryable object you hold."""
        movement.drop_all(ctx, actor, "leaves the Grid")
        movement.relocate_player(ctx, actor, LIMBO, how="leaves the Grid")

    @leave.check
    def _leave_check(self, ctx: Ctx, actor: str) -> None:
        here = occupants.location(ctx, actor)
        ctx.require(here is not None, "you are not on the Grid")
        check_move(ctx, actor, here, LIMBO, "leave")


class Movement(Rule):
    """B.2. Movement

    Once per nweek, any Player on the Grid may announce that e intends to move to a new (x,y) coordinate location. Unless otherwise prescribed by the rules, Players may only move from eir current location to any of the units surrounding eir current location. [[E.g. the x and y coordinates of a player's location may only be increased or decreased by 1 each nweek.]] Moves on the Grid happen when they are recognized by the Administrator, in the order in which they were recognized by the Administrator. If a Player attempts to move into a unit which e may not occupy, eir Move fails and e remains in eir current location."""  # noqa: E501

    key = "movement"
    pack = PACK
    number = 202
    title = "B.2 Movement"
    precedence = GENERAL
    requires = GRID
    attributes = (Attribute("moved_nweek", 0, doc="the nweek of the player's last move"),)

    @action("move", Arg("x", int, "x coordinate", minimum=1, maximum=MAX),
            Arg("y", int, "y coordinate", minimum=1, maximum=MAX))
    def move(self, ctx: Ctx, actor: str, x: int, y: int) -> None:
        """Move to one of the units surrounding your location (once per nweek)."""
        here = occupants.location(ctx, actor)
        assert here is not None  # the check refuses players off the Grid
        target = (x, y)
        if not are_consecutive(here, target):
            ctx.refuse(f"{board.square_label(target)} is not a unit surrounding "
                       f"{board.square_label(here)}",
                       detail="a player moves one unit in any direction, once per nweek")
        self._go(ctx, actor, here, target)

    @action("step", Arg("direction", str, "N, NE, E, SE, S, SW, W or NW",
                        choices="_directions", explain="_why_not_direction"))
    def step_to(self, ctx: Ctx, actor: str, direction: str) -> None:
        """Move one unit in a direction (N is towards y = 20): the same as move."""
        here = occupants.location(ctx, actor)
        assert here is not None
        self._go(ctx, actor, here, step(here, DIRECTIONS[direction]))

    def _go(self, ctx: Ctx, actor: str, here: Square, target: Square) -> None:
        # What the rules do not let a player announce is refused and changes nothing:
        # a move off the Grid names no "(x,y) coordinate location" (A.1: the units of
        # the Grid are the coordinate locations), and the rules that say where a player
        # "may only move" (Sirens, Siren Bait) or that e "may not make a move" (Toads)
        # limit the announcement itself.
        the_grid = board.grid(ctx)
        if not the_grid.contains(target):
            ctx.refuse(f"{board.square_label(target)} is off the Grid, which is "
                       f"{the_grid.width} by "
                       f"{the_grid.height}",
                       detail="a player announces a move to a location on the Grid")
        check_move(ctx, actor, here, target, "move")
        # An announced move into a unit the player may not occupy happens and fails:
        # "eir Move fails and e remains in eir current location". It is the nweek's
        # move all the same ("Once per nweek ... may announce that e intends to move").
        ctx.set_attr(actor, "moved_nweek", clock.nweek(ctx))
        reason = why_not_occupy(ctx, actor, target)
        if reason:
            ctx.emit(MOVE_FAILED, f"{actor}'s Move to {board.square_label(target)} fails "
                     f"({reason}): {actor} remains at {board.square_label(here)}", player=actor,
                     start=list(here), end=list(target), reason=reason)
            return
        movement.relocate_player(ctx, actor, target, how="moves",
                              direction=direction(here, target))

    def _check(self, ctx: Ctx, actor: str) -> None:
        here = occupants.location(ctx, actor)
        ctx.require(here is not None, "you are not on the Grid",
                    detail="enter the Grid first")
        week = clock.nweek(ctx)
        ctx.require(ctx.attr(actor, "moved_nweek", 0) != week,
                    f"you have already moved in nweek {week}",
                    detail="a player moves once per nweek")

    move.check(_check)
    step_to.check(_check)

    def _directions(self, ctx: Ctx, actor: str) -> list[str]:
        """The directions a player may announce: a move into a unit e may not occupy
        is among them (it fails, B.2), one off the Grid or out of a Siren's zone is
        not."""
        here = occupants.location(ctx, actor)
        if here is None:
            return []
        out = []
        for name, way in DIRECTIONS.items():
            target = step(here, way)
            if not board.grid(ctx).contains(target):
                continue
            try:
                check_move(ctx, actor, here, target, "move")
            except Refusal:
                continue
            out.append(name)
        return out

    def _why_not_direction(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value not in DIRECTIONS:
            ctx.refuse(f"{value!r} is not a direction",
                       detail="N, NE, E, SE, S, SW, W or NW")
        here = occupants.location(ctx, actor)
        assert here is not None
        with ctx.savepoint(keep=False):
            self._go(ctx, actor, here, step(here, DIRECTIONS[value]))


class Inventory(Rule):
    """B.3. Inventory

    Some Grid Objects may be designated by the rules as carryable. Only Passable MOs may be carryable. If a player occupies the same grid location as a carryable object, e may pick that object up, in which case the object is transferred to eir possession. When a player moves, all eir possessions travel with em. Any player holding a carryable object may drop it, in which case it leaves eir possession and is placed at the location of the dropping player. If a player leaves the grid, e first drops all carryable objects in eir possession."""  # noqa: E501

    key = "inventory"
    pack = PACK
    number = 203
    title = "B.3 Inventory"
    precedence = GENERAL
    requires = GRID

    def _here(self, ctx: Ctx, actor: str) -> list[str]:
        here = occupants.location(ctx, actor)
        if here is None:
            return []
        found = [oid for oid in occupants.objects_at(ctx, here)
                 if occupants.is_carryable(ctx, oid)]
        found += [TOAD_PREFIX + p for p in occupants.free_players_at(ctx, here, but=actor)
                  if occupants.is_carryable(ctx, TOAD_PREFIX + p)]
        return found

    def _why_not_here(self, ctx: Ctx, actor: str, value: Any) -> None:
        thing = str(value)
        toad = terms.toad_name(thing)
        record = occupants.obj(ctx, thing)
        if toad is not None and ctx.is_player(toad):
            ctx.require(occupants.is_toad(ctx, toad), f"{toad} is not a Toad: only Toads are "
                        "carried")
        elif record is None:
            ctx.refuse(f"there is no object {thing!r}")
        elif not terms.kind(record).carryable:
            ctx.refuse(f"the {terms.kind(record).label} ({thing}) is not carryable")
        ctx.refuse(f"{thing} is not on your square")

    @action("pick-up", Arg("object", str, "what to pick up", choices="_here",
                           explain="_why_not_here"))
    def pick_up(self, ctx: Ctx, actor: str, object: str) -> None:
        """Pick up a carryable object on your square."""
        toad = terms.toad_name(object)
        if toad is not None:
            ctx.set_attr(toad, "carried_by", actor)
            ctx.emit(TOAD_PICKED_UP, f"{actor} picks up the Toad {toad}", player=actor,
                     toad=toad)
            return
        movement.relocate_object(ctx, object, None, holder=actor, how=f"is picked up by {actor}")

    @pick_up.check
    def _pick_up_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.on_grid(ctx, actor), "you are not on the Grid")

    def _mine(self, ctx: Ctx, actor: str) -> list[str]:
        return [t for t in occupants.possessions(ctx, actor) if occupants.is_carryable(ctx, t)]

    def _why_not_mine(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value in occupants.possessions(ctx, actor):
            ctx.refuse(f"{value} is not carryable: it cannot be dropped")
        ctx.refuse(f"you do not hold {value}")

    @action("drop", Arg("object", str, "what to drop", choices="_mine",
                        explain="_why_not_mine"))
    def drop(self, ctx: Ctx, actor: str, object: str) -> None:
        """Drop a carryable object where you stand."""
        toad = terms.toad_name(object)
        if toad is not None:
            ctx.set_attr(toad, "carried_by", None)
            ctx.emit(TOAD_DROPPED, f"{actor} drops the Toad {toad}", player=actor, toad=toad)
            return
        movement.relocate_object(ctx, object, occupants.location(ctx, actor),
                              how=f"is dropped by {actor}")

    @drop.check
    def _drop_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.on_grid(ctx, actor), "you are not on the Grid")

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        players = view.get("players") or {}
        objects = view.get("entities") or {}
        for name, record in players.items():
            if not isinstance(record, dict):
                continue
            mine = [oid for oid, rec in objects.items()
                    if isinstance(rec, dict) and rec.get("location") == name
                    and not rec.get("worn")]
            mine += [TOAD_PREFIX + other for other, rec in players.items()
                     if isinstance(rec, dict) and rec.get("carried_by") == name]
            record["possessions"] = mine


class Throwing(Rule):
    """B.4. Throwing

    If a player has a carryable object in eir possession, e may throw it at any Grid location. That object is said to be Airborne, and is not considered to be in any Grid location or in Limbo, for two ndays. At the end of the two ndays, the following occurs: If the square thrown at (the Target) contains an Impassable object, the thrown object is placed in a random legal location consecutive to the Target. If no such locations exist, the object moves to the nearest legal location to the Target. If the square thrown at contains a player, and that player has, as an Action in a public forum, declared that e will catch the object in question, then that player catches the object and it enters eir possession. If the square thrown at contains a player, but that player has not declared that e will catch the object, then e is hit by the object, losing 1d4 points to the player who threw the object, if one exists, or to the Gremlin Fund, if not. If the square does not contain a player or an impassable object, the object moves to the square."""  # noqa: E501

    key = "throwing"
    pack = PACK
    number = 204
    title = "B.4 Throwing"
    precedence = GENERAL
    requires = GRID

    def _mine(self, ctx: Ctx, actor: str) -> list[str]:
        return [t for t in occupants.possessions(ctx, actor) if occupants.is_carryable(ctx, t)]

    @action("throw", Arg("object", str, "what to throw", choices="_mine"),
            Arg("x", int, "x of the Target", minimum=1, maximum=MAX),
            Arg("y", int, "y of the Target", minimum=1, maximum=MAX))
    def throw(self, ctx: Ctx, actor: str, object: str, x: int, y: int) -> None:
        """Throw a carryable object at a square: it lands two ndays later."""
        target = (x, y)
        ctx.require(board.grid(ctx).contains(target), f"{board.square_label(target)} is off the "
                                                      f"Grid")
        toad = terms.toad_name(object)
        if toad is not None:
            ctx.set_attr(toad, "carried_by", None)
            ctx.set_attr(toad, "location", None)
            ctx.set_attr(toad, "airborne", list(target))
        else:
            occupants.update(ctx, object, location=None, airborne=list(target))
        if not ctx.state.has(["board", "flights"]):
            ctx.set(["board", "flights"], {})
        ctx.set(["board", "flights", object], {"target": list(target), "thrower": actor,
                                               "catchers": []})
        ctx.emit(THROWN, f"{actor} throws {object} at {board.square_label(target)}",
                 player=actor, object=object, target=list(target))
        ctx.set_timer(f"land:{object}", 2 * clock.nday_length(ctx), self.land, {"thing": object})

    @throw.check
    def _throw_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(occupants.on_grid(ctx, actor), "you are not on the Grid")

    def _flying(self, ctx: Ctx, actor: str) -> list[str]:
        return [thing for thing, flight in ctx.get(["board", "flights"], {}).items()
                if actor not in flight.get("catchers", []) and thing != TOAD_PREFIX + actor]

    @action("catch", Arg("object", str, "an Airborne object", choices="_flying"))
    def catch(self, ctx: Ctx, actor: str, object: str) -> None:
        """Declare that you will catch an Airborne object if it comes to your square."""
        ctx.state.append(["board", "flights", object, "catchers"], actor)
        ctx.emit(CATCH_DECLARED, f"{actor} will catch {object}", player=actor, object=object)

    def land(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        thing = payload["thing"]
        flight = ctx.get(["board", "flights", thing], None)
        if isinstance(flight, dict):
            resolve_landing(ctx, thing, flight)

    def on_repeal(self, ctx: Ctx) -> None:
        # Nothing stays in the air once no rule brings it down: everything lands now.
        for thing, flight in list(ctx.get(["board", "flights"], {}).items()):
            resolve_landing(ctx, thing, flight)


def resolve_landing(ctx: Ctx, thing: str, flight: dict[str, Any]) -> None:
    """The end of the two ndays of a throw (B.4)."""
    ctx.state.delete(["board", "flights", thing])
    ctx.cancel_timer(f"land:{thing}")
    target = as_square(flight.get("target"))
    toad = terms.toad_name(thing)
    if toad is not None:
        if not ctx.is_player(toad):
            return
        ctx.set_attr(toad, "airborne", None)
    elif occupants.obj(ctx, thing) is None:
        return
    else:
        occupants.update(ctx, thing, airborne=None)
    the_grid = board.grid(ctx)

    def legal(square: Square) -> bool:
        if toad is not None:
            return movement.may_player_occupy(ctx, toad, square)
        return movement.may_object_occupy(ctx, square)

    if target is None or occupants.impassable_at(ctx, target) or not the_grid.contains(target):
        centre = target or (1, 1)
        beside = [s for s in the_grid.neighbours(centre) if legal(s)]
        pool = beside or the_grid.nearest(centre, [s for s in the_grid.squares() if legal(s)])
        spot = ctx.pick(pool, f"{thing} lands beside the Target {board.square_label(centre)}") \
            if pool else None
        put_down(ctx, thing, spot, how=f"lands beside the Target {board.square_label(centre)}")
        return
    victims = occupants.free_players_at(ctx, target, but=toad)
    if not victims:
        put_down(ctx, thing, target, how="lands")
        return
    victim = next((p for p in victims if not occupants.is_toad(ctx, p)), victims[0])
    catching = ctx.adjust("grid.throw.catch", {"thing": thing, "catcher": victim,
                                          "allowed": victim in flight.get("catchers", [])})
    if catching is not None and catching["allowed"]:
        if toad is not None:
            ctx.set_attr(toad, "location", list(target))
            ctx.set_attr(toad, "carried_by", victim)
            ctx.emit(CAUGHT, f"{victim} catches the Toad {toad}", player=victim,
                     object=thing)
        else:
            movement.relocate_object(ctx, thing, None, holder=victim, how=f"is caught by {victim}")
        return
    loss = ctx.roll(4, f"{thing} hits {victim}: points lost 1d4")
    thrower = flight.get("thrower")
    to = thrower if isinstance(thrower, str) and ctx.is_player(thrower) else FUND
    ctx.emit(HIT, f"{thing} hits {victim}, who loses {loss} points to {to}", player=victim,
             object=thing, loss=loss, paid_to=to)
    damage.lose_at_most(ctx, victim, loss, f"hit by {thing}", to=to)
    ctx.dispatch(THROW_HIT, ThrowHit(thing=thing, victim=victim, target=list(target)))
    if toad is not None or occupants.obj(ctx, thing) is not None:
        put_down(ctx, thing, target, how=f"falls where it hit {victim}")


def put_down(ctx: Ctx, thing: str, square: Square | None, *, how: str) -> None:
    toad = terms.toad_name(thing)
    if toad is not None:
        movement.relocate_player(ctx, toad, square if square else LIMBO, how=how)
    elif square is None:
        damage.destroy(ctx, thing, "there is no legal square for it")
    else:
        movement.relocate_object(ctx, thing, square, how=how)


class Deference(Rule):
    """C. Deference

    This section, and all sections preceding it in this rule, defer to any and all rules or sections of rules which contradict it."""  # noqa: E501

    key = "deference"
    pack = PACK
    number = 300
    title = "C Deference"
    precedence = GENERAL
    requires = GRID
    # Sections A to C run after every specific rule (their precedence is GENERAL), and
    # their questions (may two players share a square? may this player move there?
    # may this object be caught?) are answered first by the specific rules through
    # the grid.may-share and throw.catch adjusters and the move.check hooks. The
    # clause itself needs no code.
