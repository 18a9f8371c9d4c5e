"""The kinds of event that Nomopoly II's rules emit and hook, with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class TeamJoined(TypedDict):
    player: str
    team: str | None  # None: a Freemason


class SquareGranted(TypedDict):
    player: str
    square: int


class TurnTaken(TypedDict):
    player: str
    dice: list[int]
    pips: int
    kind: str  # "normal" (earned by a proposal, doubles, the Carnival) or "candyland"
    speeding: bool
    start: int
    end: int


class SquareBought(TypedDict):
    player: str
    square: int
    price: int


class RentPaid(TypedDict):
    player: str
    owner: str
    square: int
    amount: int


class Bankrupt(TypedDict):
    player: str
    missing: int
    reason: str


class WinnerFound(TypedDict):
    player: str
    criteria: list[str]


TEAM_JOINED = EventKind("nomopoly2.team-joined", TeamJoined)
SQUARE_GRANTED = EventKind("nomopoly2.square-granted", SquareGranted)
TURN_TAKEN = EventKind("nomopoly2.turn-taken", TurnTaken)
SQUARE_BOUGHT = EventKind("nomopoly2.square-bought", SquareBought)
RENT_PAID = EventKind("nomopoly2.rent-paid", RentPaid)
BANKRUPT = EventKind("nomopoly2.bankrupt", Bankrupt)
WINNER_FOUND = EventKind("nomopoly2.winner-found", WinnerFound)


class SquareChanged(TypedDict):
    player: str
    square: int


class Explosives(TypedDict):
    players: list[str]  # those who met the requirements of being named Winner


SQUARE_FORFEITED = EventKind("nomopoly2.square-forfeited", SquareChanged)
CHARITY_GIVEN = EventKind("nomopoly2.charity-given", SquareChanged)
EXPLOSIVES = EventKind("nomopoly2.explosives", Explosives)
