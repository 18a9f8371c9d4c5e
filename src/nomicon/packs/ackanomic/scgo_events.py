"""The kinds of event of Single Capture Go (Ackanomic rule 1250.13), with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind, events


class Started(TypedDict):
    players: list[str]
    referee: str | None  # None: the engine referees
    letters: dict[str, str]  # each player's capital Letter
    size: int  # N: the grid is N by N


class RoundBegan(TypedDict):
    round: int
    players: list[str]  # the players remaining in the game
    ends: str  # when the round's three days are up (ISO 8601)


class Round(TypedDict):
    round: int


class PlaysIn(Round):
    # each player's square, as the sealed step resolved them (None: no play)
    plays: dict[str, str | None]


class RoundResolved(Round):
    plays: dict[str, str | None]  # each player's square (None: did not play)
    placed: dict[str, str]  # square -> the Letter placed there
    collisions: list[str]  # squares that more than one player played: now @


class Doomed(Round):
    doomed: list[str]  # the players doomed this round, in the order of play
    reasons: dict[str, str]  # why each is doomed
    letters: dict[str, int]  # each remaining player's Letters on the grid, before any @


class Ended(TypedDict):
    winner: str | None
    rounds: int
    why: str


#: The game begins: players, Letters and the grid's size.
STARTED = EventKind("scgo.started", Started)
#: The referee announces a round: the grid and the players remaining.
ROUND_BEGAN = EventKind("scgo.round-began", RoundBegan)
#: The round's plays are revealed and placed (1 and 2).
ROUND_RESOLVED = EventKind("scgo.round-resolved", RoundResolved)
#: Who is doomed this round (3); their Letters become @ (4).
DOOMED = EventKind("scgo.doomed", Doomed)
#: The game is over (5 and 6).
ENDED = EventKind("scgo.ended", Ended)

# Signals between the rules, run as hooks without an event of their own.
PLAYS_IN = EventKind("scgo.plays-in", PlaysIn)
PLACED = EventKind("scgo.placed", Round)
START_ROUND = EventKind("scgo.start-round", events.NoFields)
