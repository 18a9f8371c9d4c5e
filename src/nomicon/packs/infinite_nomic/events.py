"""The kinds of event that Infinite Nomic's rules emit and hook, with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind, events


# -- the board and moving (board.py, Rules 5 and 7) ------------------------------------------
class BoardCreated(TypedDict):
    size: int


class BoardGrew(TypedDict):
    old_size: int
    new_size: int
    spaces: list[int]  # the new primary spaces


class Moved(TypedDict):
    player: str
    start: int
    end: int
    passed: list[int]  # the spaces passed on the way, in order
    loops: int  # how many times the move went round past the lowest space
    how: str


class Landed(TypedDict):
    player: str
    space: int
    how: str
    roll: int | None  # the movement roll that brought the player here, if one did


class FeatureLanded(Landed):
    feature: str  # the name of the feature landed on ("Snake 1U"); the hook key is its type


class Placed(TypedDict):
    player: str
    where: int | str  # a space, Jail or Gulag
    why: str


class MovementRolled(TypedDict):
    player: str
    value: int
    space: int  # where the player rolled


class MovementFinished(TypedDict):
    player: str
    roll: int | None  # None: moved by a Number, not a roll
    space: int | str  # where the movement left the player


BOARD_CREATED = EventKind("board.created", BoardCreated)
BOARD_GREW = EventKind("board.grew", BoardGrew)
MOVED = EventKind("moved", Moved)
#: Run as hooks, not logged, when a move ends on a space (its ``moved`` event is logged).
LANDED = EventKind("landed", Landed)
#: Run as hooks, not logged, for each feature of the space landed on, keyed by its type.
FEATURE_LANDED = EventKind("feature.landed", FeatureLanded)
PLACED = EventKind("placed", Placed)
#: Run as hooks, not logged, before a movement roll moves the player (the Frontier).
MOVEMENT_ROLLED = EventKind("movement.rolled", MovementRolled)
#: Run as hooks, not logged, when a player's movement (a roll, a Number) is over.
MOVEMENT_FINISHED = EventKind("movement.finished", MovementFinished)


# -- turns (Rule 3) ----------------------------------------------------------------------------
class TurnEnding(TypedDict):
    player: str
    how: str  # "ended", "passed", ...
    acted: bool  # whether the player did something on the turn


class TurnEnded(TurnEnding):
    following: str | None  # whose turn begins


class Pinged(TypedDict):
    player: str
    target: str


class PlayerEvent(TypedDict):
    player: str


TURN_ENDING = EventKind("turn.ending", TurnEnding)
TURN_ENDED = EventKind("turn.ended", TurnEnded)
PINGED = EventKind("pinged", Pinged)
#: A player declares that they continue their turn after moving.
CONTINUED = EventKind("continued", PlayerEvent)


# -- Points and Tiles (Rule 8) and Looping (Rule 13) -------------------------------------------
class PlayerValue(TypedDict):
    player: str
    value: int


class NumbersChanged(TypedDict):
    player: str
    numbers: list[int]


class FrontierExplored(TypedDict):
    player: str
    created: list[int]


class FrontierNoPair(TypedDict):
    kind: str  # "Snake" or "Ladder"


JAIL_STAYED = EventKind("jail.stayed", PlayerValue)
NUMBER_USED = EventKind("number.used", PlayerValue)
NUMBERS_CHANGED = EventKind("numbers.changed", NumbersChanged)
FRONTIER_EXPLORED = EventKind("frontier.explored", FrontierExplored)
FRONTIER_NO_PAIR = EventKind("frontier.no-pair", FrontierNoPair)


# -- Features (Rule 11, Rule 21) ----------------------------------------------------------------
class FeaturePlaced(TypedDict):
    feature: str
    space: int


class CopCarTie(TypedDict):
    player: str
    roll: int


class CopCarHealth(TypedDict):
    health: int


class CopCarMoved(TypedDict):
    start: int
    end: int


class ItemBought(TypedDict):
    player: str
    item: str
    price: int


class ItemUsed(TypedDict):
    player: str
    item: str
    feature: str
    start: int
    end: int


class BankInterest(TypedDict):
    player: str
    amount: int


FEATURE_PLACED = EventKind("feature.placed", FeaturePlaced)
COP_CAR_TIE = EventKind("cop-car.tie", CopCarTie)
COP_CAR_HEALTH = EventKind("cop-car.health", CopCarHealth)
COP_CAR_GONE = EventKind("cop-car.gone", events.NoFields)
COP_CAR_MOVED = EventKind("cop-car.moved", CopCarMoved)
ITEM_BOUGHT = EventKind("item.bought", ItemBought)
ITEM_USED = EventKind("item.used", ItemUsed)
BANK_INTEREST = EventKind("bank.interest", BankInterest)


# -- Snakes and Ladders (Rule 20) --------------------------------------------------------------
class PairCreate(TypedDict):
    kind: str  # "Snake" or "Ladder"
    spaces: list[int]


class PairCreated(PairCreate):
    pair: int


class PairMove(TypedDict):
    feature: str  # the end that moves ("Snake 1U")
    start: int
    end: int


#: Run as hooks, not logged: a rule asks for a new pair (the Frontier).
PAIR_CREATE = EventKind("pair.create", PairCreate)
PAIR_CREATED = EventKind("pair.created", PairCreated)
#: Run as hooks, not logged: a rule moves one end of a pair (the Flute).
PAIR_MOVE = EventKind("pair.move", PairMove)


# -- Commerce (Rule 16) ------------------------------------------------------------------------
class PurchaseCheck(TypedDict):
    player: str
    price: int
    currency: str
    item: str  # what is bought, as a refusal names it


class Trade(TypedDict):
    offer: int
    player: str  # who offers, or accepts
    target: str  # the other side


class TradeClosed(TypedDict):
    offer: int


#: Run as hooks, not logged, before a purchase: a hook refuses what may not be bought.
PURCHASE_CHECK = EventKind("purchase.check", PurchaseCheck)
TRADE_OFFERED = EventKind("trade.offered", Trade)
TRADE_DONE = EventKind("trade.done", Trade)
TRADE_DECLINED = EventKind("trade.declined", TradeClosed)
TRADE_CANCELLED = EventKind("trade.cancelled", TradeClosed)
