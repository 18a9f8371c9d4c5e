"""The kinds of event that sections XVIII (Destruction), XXI (Easy Movement),
XXVIII (the WETHA), XXX (Contagion), XXXI (Chains) and XXXIV (Violence and Pain)
emit, with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class StatusChanged(TypedDict):
    player: str
    status: str  # "sick", "hurt", "freemason"...
    on: bool  # gained (True) or lost (False)
    why: str


class ChainsChanged(TypedDict):
    player: str
    pounds: int
    rusty: bool


class EasyMoved(TypedDict):
    player: str
    how: str  # "government", "corporation", "taxi", "delivery-truck", "walk"
    start: int
    end: int
    cost: int


class SquareDestroyed(TypedDict):
    square: int
    by: str | None  # the destroyer, if a player
    renumbered: int | None  # the square that took its number


class InsuranceClaimed(TypedDict):
    player: str
    square: int
    kept: bool


class WethaDice(TypedDict):
    player: str
    square: int
    rolls: list[int]  # the total of each 4d6
    rent: str  # "waived" or "extra"


class LodgeVisited(TypedDict):
    player: str
    lodge: int
    square: int | None  # the square forfeited or given, if any
    what: str  # "forfeit", "gift", "nothing"


class TreePlanted(TypedDict):
    player: str
    square: int


STATUS_CHANGED = EventKind("nomopoly2.status-changed", StatusChanged)
CHAINS_CHANGED = EventKind("nomopoly2.chains-changed", ChainsChanged)
EASY_MOVED = EventKind("nomopoly2.easy-moved", EasyMoved)
SQUARE_DESTROYED = EventKind("nomopoly2.square-destroyed", SquareDestroyed)
INSURANCE_CLAIMED = EventKind("nomopoly2.insurance-claimed", InsuranceClaimed)
WETHA_DICE = EventKind("nomopoly2.wetha-dice", WethaDice)
LODGE_VISITED = EventKind("nomopoly2.lodge-visited", LodgeVisited)
TREE_PLANTED = EventKind("nomopoly2.tree-planted", TreePlanted)
