"""The kinds of event that the Grid's rules emit and hook, with their fields.

Squares are ``[x, y]`` lists (as the state keeps them); a player's place is a square,
``"Limbo"``, or None while the player is in the air (see ``world``).
"""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import Any, NotRequired, TypedDict

from nomicon.authoring import EventKind, events

#: A square as the events carry it: ``[x, y]``.
XY = list[int]


# -- time and the weather (outside.py) ----------------------------------------------------------
class Nweek(TypedDict):
    nweek: int


class TemperatureChanged(TypedDict):
    degrees: int
    why: str


class Degrees(TypedDict):
    degrees: int


NWEEK_BEGAN = EventKind("grid.nweek.began", Nweek)
NWEEK_ENDED = EventKind("grid.nweek.ended", Nweek)
TEMPERATURE_CHANGED = EventKind("grid.temperature.changed", TemperatureChanged)
SQUARES_WEATHERED = EventKind("grid.squares.weathered", Degrees)


# -- moving (world.py, players.py) ------------------------------------------------------------
class Moved(TypedDict):
    player: str
    start: Any  # where the player was: a square, "Limbo", or None (in the air)
    end: Any  # where the player is now, the same way
    how: str
    direction: XY | None  # of a Move between consecutive squares; else None


class ObjectMoved(TypedDict):
    object: str
    kind: str | None
    start: XY | None
    end: XY | None  # None: off the Grid, or in a holder's possession
    how: str
    direction: XY | None
    holder: str | None


class MoveFailed(TypedDict):
    start: XY
    end: XY
    player: NotRequired[str]  # the player who did not move, or
    object: NotRequired[str]  # the object that did not
    reason: NotRequired[str]  # why an announced Move fails


class MoveCheck(TypedDict):
    player: str
    start: XY | None  # None: from Limbo
    end: XY | str  # a square, or "Limbo"
    how: str


MOVED = EventKind("grid.moved", Moved)
OBJECT_MOVED = EventKind("grid.object.moved", ObjectMoved)
MOVE_FAILED = EventKind("grid.move.failed", MoveFailed)
#: Run as hooks, not logged, before a player moves of eir own will: a hook refuses
#: a move its rule forbids (Sirens, Siren Bait, Toads).
MOVE_CHECK = EventKind("grid.move.check", MoveCheck)


# -- objects (world.py and the rules that place them) -----------------------------------------
class ObjectSquare(TypedDict):
    object: str
    square: XY


class PlayerObject(TypedDict):
    player: str
    object: str


class PlayerObjectSquare(TypedDict):
    player: str
    object: str
    square: XY


class Squares(TypedDict):
    squares: list[XY]


class Where(TypedDict):
    square: XY


OBJECT_PLACED = EventKind("grid.object.placed", ObjectSquare)
AIRWAYS_OPENED = EventKind("grid.airways.opened", Squares)
TOWER_BUILT = EventKind("grid.tower.built", PlayerObjectSquare)
GUN_BOUGHT = EventKind("grid.gun.bought", PlayerObject)
SQUARE_FROZEN = EventKind("grid.square.frozen", Where)
YETI_APPEARED = EventKind("grid.yeti.appeared", Where)


# -- throwing, catching, falling (players.py, airways.py) ---------------------------------------
class Thrown(TypedDict):
    player: str
    object: str
    target: XY


class Hit(TypedDict):
    player: str  # who is hit
    object: str  # by what
    loss: int  # the points lost (1d4), at most
    paid_to: str  # the thrower, or the Gremlin Fund


class ThrowHit(TypedDict):
    thing: str
    victim: str
    target: XY


class Fell(TypedDict):
    player: str
    square: XY  # off the Grid
    again: bool  # the second Fall without landing: into Limbo


class Bounced(TypedDict):
    player: str
    square: XY


class Fire(TypedDict):
    player: str
    square: XY
    loss: int


THROWN = EventKind("grid.thrown", Thrown)
CATCH_DECLARED = EventKind("grid.catch.declared", PlayerObject)
#: A Toad thrown at a player who declared the catch is caught.
CAUGHT = EventKind("grid.caught", PlayerObject)
HIT = EventKind("grid.hit", Hit)
#: Run as hooks, not logged, after a thrown object hits a player (Earwax explodes).
THROW_HIT = EventKind("grid.throw.hit", ThrowHit)
FELL = EventKind("grid.fell", Fell)
BOUNCED = EventKind("grid.bounced", Bounced)
FIRE = EventKind("grid.fire", Fire)


# -- rocks and Sirens (rocks.py, sirens.py, bait.py) --------------------------------------------
class RockCheck(TypedDict):
    player: str
    square: XY


class RockNotPurchased(TypedDict):
    player: str
    cost: int
    lost: int
    why: str


class SirenAppeared(TypedDict):
    object: str
    name: str
    square: XY


class PlayerSiren(TypedDict):
    player: str
    siren: str


class PlayerNweeks(TypedDict):
    player: str
    nweeks: int


class BaitPlaced(TypedDict):
    player: str
    object: str
    square: XY
    ruin_after: int  # nweeks


class BaitMissed(TypedDict):
    player: str
    object: str
    attempts: int  # the player's unsuccessful attempts so far


#: Run as hooks, not logged, before a player chooses the square of a Big Rock.
ROCK_CHECK = EventKind("grid.rock.check", RockCheck)
ROCK_PLACED = EventKind("grid.rock.placed", ObjectSquare)
ROCK_SMASHED = EventKind("grid.rock.smashed", ObjectSquare)
ROCK_NOT_PURCHASED = EventKind("grid.rock.not-purchased", RockNotPurchased)
SIREN_APPEARED = EventKind("grid.siren.appeared", SirenAppeared)
SIREN_FREE = EventKind("grid.siren.free", PlayerSiren)
SIREN_FREE_ENDS = EventKind("grid.siren.free-ends", PlayerSiren)
SIREN_LOVED = EventKind("grid.siren.loved", PlayerSiren)
BAIT_BOUGHT = EventKind("grid.bait.bought", PlayerObject)
BAIT_PLACED = EventKind("grid.bait.placed", BaitPlaced)
BAIT_TAKEN = EventKind("grid.bait.taken", ObjectSquare)
BAIT_MISSED = EventKind("grid.bait.missed", BaitMissed)
BAIT_PURSE = EventKind("grid.bait.purse", PlayerObject)
CATFIGHT_WON = EventKind("grid.catfight.won", PlayerSiren)
CATFIGHT_LOST = EventKind("grid.catfight.lost", PlayerSiren)


# -- Toads, the Big Stick, the Shield, Balls of Wax (carry.py, wax.py) ---------------------------
class PlayerToad(TypedDict):
    player: str
    toad: str


class Whack(TypedDict):
    player: str
    target: str


class Blow(TypedDict):
    by: str
    target: str
    prevented: bool  # a hook sets it when it turns the blow (the Shield)


class WhackTargets(TypedDict):
    player: str
    targets: list[str]  # hooks add what their rule lets the player Whack


class WhackObject(TypedDict):
    by: str
    object: str


class ShieldUsed(TypedDict):
    player: str
    attacker: str


class Icky(TypedDict):
    player: str
    ndays: int


class WaxRemoved(TypedDict):
    player: str
    objects: list[str]


class GunFired(TypedDict):
    player: str
    target: XY


#: A player is to become a Toad (a hook of F.1 makes em one).
TOAD_MADE = EventKind("grid.toad.made", PlayerNweeks)
TOAD_BECAME = EventKind("grid.toad.became", PlayerNweeks)
TOAD_CEASED = EventKind("grid.toad.ceased", events.PlayerEvent)
TOAD_PICKED_UP = EventKind("grid.toad.picked-up", PlayerToad)
TOAD_DROPPED = EventKind("grid.toad.dropped", PlayerToad)
WHACK = EventKind("grid.whack", Whack)
#: Run as hooks, not logged: the rules that let a player Whack more say what.
WHACK_TARGETS = EventKind("grid.whack.targets", WhackTargets)
#: Run as hooks, not logged, when a player is Whacked: a hook may prevent the blow.
WHACK_RECEIVED = EventKind("grid.whack.received", Blow)
#: Run as hooks, not logged, when a Whack hits an object that is not a Gremlin.
WHACK_OBJECT = EventKind("grid.whack.object", WhackObject)
#: Run as hooks, not logged, when a player is Shot: a hook may prevent the shot.
SHOT_RECEIVED = EventKind("grid.shot.received", Blow)
SHIELD_USED = EventKind("grid.shield.used", ShieldUsed)
GUN_FIRED = EventKind("grid.gun.fired", GunFired)
WAX_STUFFED = EventKind("grid.wax.stuffed", PlayerObject)
WAX_REMOVED = EventKind("grid.wax.removed", WaxRemoved)
ICKY = EventKind("grid.icky", Icky)


# -- what the Grid takes from the rest of B Nomic (outside.py) ------------------------------------
class GremlinActive(TypedDict):
    object: str
    active: bool


class BonusBoxPlaced(TypedDict):
    object: str
    square: XY
    points: int


class BonusBoxOpened(TypedDict):
    player: str
    box: str
    points: int


GREMLIN_ADDED = EventKind("grid.gremlin.added", ObjectSquare)
GREMLIN_ACTIVE = EventKind("grid.gremlin.active", GremlinActive)
BONUS_BOX_PLACED = EventKind("grid.bonus-box.placed", BonusBoxPlaced)
BONUS_BOX_OPENED = EventKind("grid.bonus-box.opened", BonusBoxOpened)
TRAITS_SET = EventKind("grid.traits.set", events.PlayerEvent)
