"""The kinds of event of the Limerick Contest (Ackanomic rule 1250.8), with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind, events


class Started(TypedDict):
    players: list[str]  # the two participants
    referee: str | None  # None: the engine referees
    voters: list[str]  # who may vote (empty: every member of the game when voting opens)
    poet: str | None  # the Poet Laureate, whose vote counts twice (None: there is none)
    ends: str  # when the 3 days to post a limerick are up (ISO 8601)


class Posted(TypedDict):
    player: str
    text: str  # the limerick, five lines


class Judged(TypedDict):
    player: str
    accepted: bool
    by: str  # the referee, or "engine"


class VotingOpened(TypedDict):
    voters: list[str]
    ends: str  # when the 3 days of voting are up (ISO 8601)


class Ended(TypedDict):
    winner: str
    # how the winner was found: "votes", "posting order", "dice" (a tie that the
    # posting order did not break), "default" (only the winner posted) or "no limericks"
    how: str
    votes: dict[str, int]  # each participant's votes, the Poet Laureate's counted twice
    why: str


#: The contest begins: the participants, the referee, the voters, the deadline.
STARTED = EventKind("limerick.started", Started)
#: A participant posts their limerick (public; the referee may still refuse it).
POSTED = EventKind("limerick.posted", Posted)
#: The referee accepts a posted limerick or refuses it as offensive.
JUDGED = EventKind("limerick.judged", Judged)
#: Both limericks are posted: the 3 days of voting begin.
VOTING_OPENED = EventKind("limerick.voting-opened", VotingOpened)
#: The contest is over.
ENDED = EventKind("limerick.ended", Ended)

# Signals between the rules, run as hooks without an event of their own.
#: Both limericks are in (Rule 4): Rule 5 opens the ballot.
OPEN_VOTING = EventKind("limerick.open-voting", events.NoFields)
#: The votes tied (Rule 5): Rule 7 breaks the tie.
TIE = EventKind("limerick.tie", events.NoFields)
#: Standalone, a contest ended and the table plays the next (Rule 3 starts it).
NEXT_CONTEST = EventKind("limerick.next-contest", events.NoFields)
