"""The kinds of event of Diplomacy (Ackanomic rule 1250.14), with their fields."""

# No ``from __future__ import annotations``: the kinds' fields are read at run time.

from typing import TypedDict

from nomicon.authoring import EventKind


class Procedure(TypedDict):
    stage: str  # announced, enrolling, aborted, started
    referee: str | None


class Enrolled(TypedDict):
    player: str


class Started(TypedDict):
    countries: dict[str, str]  # each player's power
    referee: str | None


class PhaseOpened(TypedDict):
    phase: str  # the library's short name: S1901M, F1901R, W1901A...
    ordering: list[str]  # the players who have something to order
    deadline: str | None


class PhaseResolved(TypedDict):
    phase: str
    orders: dict[str, list[str]]  # by power: what the adjudicator took
    results: dict[str, list[str]]  # by unit
    centres: dict[str, int]  # by power, after the phase
    next: str


class Claimed(TypedDict):
    claimants: list[str]
    acknowledged: list[str]


class Ended(TypedDict):
    winners: list[str]
    points: dict[str, int]  # each winner's share of the 8 points
    referee: str | None
    reason: str


class Replaced(TypedDict):
    player: str
    by: str


PROCEDURE = EventKind("diplomacy.procedure", Procedure)
ENROLLED = EventKind("diplomacy.enrolled", Enrolled)
STARTED = EventKind("diplomacy.started", Started)
PHASE_OPENED = EventKind("diplomacy.phase-opened", PhaseOpened)
PHASE_RESOLVED = EventKind("diplomacy.phase-resolved", PhaseResolved)
CLAIMED = EventKind("diplomacy.co-win-claimed", Claimed)
ENDED = EventKind("diplomacy.ended", Ended)
REPLACED = EventKind("diplomacy.replaced", Replaced)
