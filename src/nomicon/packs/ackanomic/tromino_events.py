"""The kinds of event of Tromino Go (Ackanomic rule 1250.11), with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class Started(TypedDict):
    players: list[str]
    referee: str | None  # None: the engine referees
    first: str  # who plays first in the first round


class RoundBegan(TypedDict):
    round: int
    first: str  # who plays first, with capital letters


class Played(TypedDict):
    round: int
    player: str
    letter: str  # the letter of the play ("A", "b"...)
    kind: str  # "place", "move" or "pass"
    cells: list[str]  # the tromino's cells ("x,y"); none for a pass
    origin: list[str]  # a move's former cells; none otherwise


class Conceded(TypedDict):
    round: int
    player: str
    points: int


class RoundEnded(TypedDict):
    round: int
    winner: str | None  # None: a tie
    points: int  # the Gamepoints the winner scores
    surrounded: dict[str, int]  # each player's surrounded trominoes
    how: str  # "surrounded", "concession" or "ruling"
    scores: dict[str, int]  # each player's Gamepoints after the round


class Ruling(TypedDict):
    round: int
    ruling: str  # the referee's ruling, in words


class Forfeit(TypedDict):
    player: str  # who loses the game
    why: str


class Ended(TypedDict):
    winner: str | None
    loser: str | None
    how: str  # "points", "timeout", "left" or "unfinished"
    scores: dict[str, int]
    rounds: int  # rounds completed
    winner_dollars: int  # A$ from the treasury to the winner (8.)
    referee_dollars: int  # A$1 a round completed, at most A$10 (8.)
    referee: str | None


class Round(TypedDict):
    round: int


#: The game begins: players, referee, who goes first.
STARTED = EventKind("tromino.started", Started)
#: A round begins on an empty grid.
ROUND_BEGAN = EventKind("tromino.round-began", RoundBegan)
#: A tromino is placed or moved, or a player passes.
PLAYED = EventKind("tromino.played", Played)
#: A player concedes the round with a number of Gamepoints.
CONCEDED = EventKind("tromino.conceded", Conceded)
#: A round ends: its winner and the Gamepoints scored.
ROUND_ENDED = EventKind("tromino.round-ended", RoundEnded)
#: The referee rules on a round that could go on forever.
RULING = EventKind("tromino.ruling", Ruling)
#: The game is over: winner, scores and the A$ transfers of 8.
ENDED = EventKind("tromino.ended", Ended)

# Signals between the rules, run as hooks without an event of their own.
FORFEIT = EventKind("tromino.forfeit", Forfeit)
NEXT_ROUND = EventKind("tromino.next-round", Round)
CLOSED = EventKind("tromino.closed", Round)
