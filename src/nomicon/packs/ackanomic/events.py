"""The kinds of event of the Game of Pure Skill (Ackanomic rule 1250.7), with their
fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import Any, TypedDict

from nomicon.authoring import EventKind, events


class Started(TypedDict):
    instance: int
    players: list[str]
    referee: str | None  # None: the engine referees


class RoundBegan(TypedDict):
    round: int
    prize: int | None  # the card up for bidding (None: no rule in force drew one)
    ends: str  # when the round's time is up (ISO 8601): then the missing bids are made


class RoundResolved(TypedDict):
    round: int
    prize: int | None
    bids: dict[str, int]  # each player's card
    taker: str | None  # who takes the prize (None: no single highest bid)


class Ended(TypedDict):
    instance: int
    totals: dict[str, int]  # of each player's take pile
    winner: str | None
    referee: str | None


class Round(TypedDict):
    round: int


class BidsIn(Round):
    # each player's card, as the sealed step resolved them (None: no card left to bid)
    bids: dict[str, int | None]


class Instance(TypedDict):
    instance: int


class TrophyAwarded(TypedDict):
    player: str


# Events of the game (its rules emit them and hook them).
#: An instance begins: who plays, who referees.
STARTED = EventKind("pure-skill.started", Started)
#: The prize is announced.
ROUND_BEGAN = EventKind("pure-skill.round-began", RoundBegan)
#: The bids are announced, the prize goes.
ROUND_RESOLVED = EventKind("pure-skill.round-resolved", RoundResolved)
#: The instance is over: totals and winner.
ENDED = EventKind("pure-skill.ended", Ended)
TROPHY_AWARDED = EventKind("trophy.awarded", TrophyAwarded)

# Signals between the rules, run as hooks without an event of their own.
START_ROUND = EventKind("pure-skill.start-round", events.NoFields)
DRAW_PRIZE = EventKind("pure-skill.draw-prize", Round)
BIDS_IN = EventKind("pure-skill.bids-in", BidsIn)
GAME_OVER = EventKind("pure-skill.game-over", events.NoFields)
CLOSED = EventKind("pure-skill.closed", Instance)


# -- the parent game (pack ``ackanomic``) ------------------------------------------------
class Announced(TypedDict):
    instance: int
    game: str  # the game's rule number, "1250.7"
    announcer: str
    referee: str | None  # so far (None: nobody yet)
    least: int  # the players it needs, frozen at the announcement
    most: int
    closes: str  # when enrolment closes at the latest (ISO 8601)


class Enrolled(TypedDict):
    instance: int
    player: str


class Aborted(TypedDict):
    instance: int
    reason: str


class InstanceStarted(TypedDict):
    instance: int
    game: str
    child: str  # the child game's id
    players: list[str]  # in the order the dice drew
    referee: str | None  # None: the engine referees
    seating: dict[str, str]  # each player's number, letter or place, as the game says
    duel: bool


class InstanceEnded(TypedDict):
    instance: int
    game: str
    child: str
    winners: list[str]
    scores: dict[str, int | float]
    referee: str | None
    began: int  # how many players began the game
    duel: bool
    rounds: int | None  # the rounds the child reported
    details: dict[str, Any]  # what else the child reported (its result's other fields)


class DuelSettled(TypedDict):
    instance: int
    challenger: str
    challenged: str
    winner: str | None


#: An instance of a game is announced: enrolment opens.
ANNOUNCED = EventKind("instance.announced", Announced)
#: A player enrols in an instance.
ENROLLED = EventKind("instance.enrolled", Enrolled)
#: A player volunteers to referee an instance.
REFEREE_VOLUNTEERED = EventKind("instance.referee-volunteered", Enrolled)
#: An instance is aborted before it starts; what was paid to enrol is refunded.
ABORTED = EventKind("instance.aborted", Aborted)
#: An instance starts: its child game is made.
INSTANCE_STARTED = EventKind("instance.started", InstanceStarted)
#: An instance's child game is over and settled: the game's rule pays.
INSTANCE_ENDED = EventKind("instance.ended", InstanceEnded)
#: A Duel's game is settled: its result is the Duel's.
DUEL_SETTLED = EventKind("duel.settled", DuelSettled)
