"""The kinds of event that Nomopoly IV's rules emit and hook, with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class TurnTaken(TypedDict):
    player: str
    roll: int
    direction: str  # "forwards" or "backwards"
    forced: bool  # taken for the player because they had not taken it in time
    start: int
    end: int


class LevelChanged(TypedDict):
    player: str
    level: int
    experience: int
    state_of_being: str  # "alive" or "dead"


class DuckyMoved(TypedDict):
    roll: int
    start: int
    end: int


class Pied(TypedDict):
    player: str
    square: int  # where the Ducky caught them
    lost: int  # dollars sent to the Bank Account of Terror
    pushed_to: int


class SquaresCreated(TypedDict):
    squares: list[int]  # the numbers of the new squares
    why: str


#: A player's turn was taken, by them or for them (Rules 801, 802).
TURN_TAKEN = EventKind("nomopoly.turn-taken", TurnTaken)
#: A player's Level, Experience or State of Being was settled (Rule 1301).
LEVEL_CHANGED = EventKind("nomopoly.level-changed", LevelChanged)
#: The Rber Ducky moved on its schedule (Rule 1402).
DUCKY_MOVED = EventKind("nomopoly.ducky-moved", DuckyMoved)
#: A player was hit by a pie (Rule 1403).
PIED = EventKind("nomopoly.pied", Pied)
#: New squares were added to the board (P11's tripling); Rule 710 gives them resources.
SQUARES_CREATED = EventKind("nomopoly.squares-created", SquaresCreated)


# -- section XVI, Jumps (P19) ----------------------------------------------------------
class Jumped(TypedDict):
    player: str
    start: int
    end: int  # where the player ended, after anything the landing set off
    distance: int  # the Jumps it cost


class JumpsFined(TypedDict):
    player: str
    jumps: int  # how many the player had
    fined: int  # dollars taken (at most what they had)


#: A player jumped (Rule 1601).
JUMPED = EventKind("nomopoly.jumped", Jumped)
#: A player with 10 or more Jumps was fined and their Jumps set to 0 (Rule 1601).
JUMPS_FINED = EventKind("nomopoly.jumps-fined", JumpsFined)
