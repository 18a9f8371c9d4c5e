"""The kinds of event of Ghost (Ackanomic rule 1250.9), with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class Started(TypedDict):
    instance: int
    order: list[str]  # the players by the numbers the dice gave them, player 1 first
    referee: str | None  # None: the engine referees
    duel: bool


class Turn(TypedDict):
    player: str  # whose turn begins
    turn: int  # turns begun so far in this instance


class Played(TypedDict):
    player: str
    play: str  # "begin" or "continue"
    word: str  # the ghost word after the play


class Protested(TypedDict):
    player: str  # who protests
    against: str  # whose turn made the ghost word what it is
    kind: str  # "word" or "no-word"
    word: str  # the ghost word protested


class Answered(TypedDict):
    player: str
    word: str  # the word posted as containing the ghost word


class Resolved(TypedDict):
    kind: str  # "word" or "no-word"
    word: str  # the ghost word protested
    valid: bool
    found: str | None  # the dictionary's finding: the word, or one containing it
    by: str  # the referee who reported, "engine", or "rule" (no word posted in time)
    protester: str
    removed: str  # the player removed: the protester or the one protested against


class Removed(TypedDict):
    player: str
    why: str  # "resigned", "timeout", "left", "protest", "objection"
    remaining: list[str]


class Added(TypedDict):
    player: str
    number: int


class Referee(TypedDict):
    referee: str | None  # the new referee; None: there is none and the game is suspended
    why: str


class Ended(TypedDict):
    instance: int
    winner: str | None
    began: int  # how many players began the game
    referee: str | None
    duel: bool
    winner_points: int  # what 5. gives the winner: 4, the number who began, or 8
    referee_dollars: int


class Instance(TypedDict):
    instance: int


#: An instance begins: the order of play the dice gave, and its referee.
STARTED = EventKind("ghost.started", Started)
#: A player's turn begins.
TURN_BEGAN = EventKind("ghost.turn-began", Turn)
#: A player begins or continues the ghost word.
PLAYED = EventKind("ghost.played", Played)
#: A player protests the ghost word; play is suspended until the protest is resolved.
PROTESTED = EventKind("ghost.protested", Protested)
#: The player protested against posts a word containing the ghost word.
ANSWERED = EventKind("ghost.answered", Answered)
#: A protest is resolved, valid or invalid.
RESOLVED = EventKind("ghost.resolved", Resolved)
#: A player is removed from the game.
REMOVED = EventKind("ghost.removed", Removed)
#: A player is added to the game.
ADDED = EventKind("ghost.added", Added)
#: The referee changes: one leaves (the game is suspended) or one volunteers.
REFEREE = EventKind("ghost.referee", Referee)
#: The instance is over.
ENDED = EventKind("ghost.ended", Ended)

# Signals between the rules, run as hooks without an event of their own.
CLOSED = EventKind("ghost.closed", Instance)
NEXT_TURN = EventKind("ghost.next-turn", Turn)
