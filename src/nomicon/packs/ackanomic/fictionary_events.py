"""The kinds of event of Fictionary (Ackanomic rule 1250.10), with their fields.

No event a player other than the Brainiac reads holds a Bluffer's definition before
the anonymous list is posted, or who wrote which entry of the list before the round
is scored, or the Brainiac's judgement of "substantially similar" definitions (that
is a private prompt; only its public consequences, 3a and 3b, are announced)."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class Started(TypedDict):
    numbers: dict[str, int]  # each player's number, 1 to N, drawn by the dice


class Round(TypedDict):
    round: int


class RoundBegan(Round):
    brainiac: str
    bluffers: list[str]


class Step(Round):
    step: int  # 1 to 5
    ends: str  # when the step's 3 days are up (ISO 8601)


class WordPosted(Round):
    word: str  # the Ing Word
    default: bool  # the default word, the Brainiac not having posted one


class Judged(Round):
    # "3a", "3b", "3c" (nothing announced but that the list follows) or "3d" (the
    # Brainiac did not report)
    case: str
    similar: list[str]  # the Bluffers who gain for a substantially similar definition


class ListPosted(Round):
    entries: list[str]  # the numbered list (entry 1 first), without authors


class Voted(Round):
    player: str
    number: int | None  # the entry voted for (None: a sheep whose definition is not listed)
    default: bool  # deemed to have sheeped


class Scored(Round):
    word: str
    actual: str  # the Actual Definition
    actual_number: int | None  # its entry on the list (None: no list this round)
    authors: dict[str, str]  # entry number (as text) -> the Bluffer who wrote it
    votes: dict[str, int | None]  # each voter's entry
    gained: dict[str, int]  # the Gamepoints each player gained by 5a


class Penalised(Round):
    step: int
    players: list[str]  # those who did not act in time
    points: int  # the Gamepoints each loses


class Ended(TypedDict):
    winner: str | None  # the single player with the most Gamepoints (None: a tie)
    tied: list[str]  # the players tied with the most Gamepoints (empty with a winner)
    totals: dict[str, int]  # each player's Gamepoints
    rounds: int
    why: str


#: The players' numbers are drawn (III).
STARTED = EventKind("fictionary.started", Started)
#: A round begins with its Brainiac.
ROUND_BEGAN = EventKind("fictionary.round-began", RoundBegan)
#: A step of the round begins, with its 3 days.
STEP_BEGAN = EventKind("fictionary.step-began", Step)
#: 1) The Ing Word is posted.
WORD_POSTED = EventKind("fictionary.word-posted", WordPosted)
#: 3) The Brainiac's report: its public consequences.
JUDGED = EventKind("fictionary.judged", Judged)
#: 3c) The anonymous numbered list.
LIST_POSTED = EventKind("fictionary.list-posted", ListPosted)
#: 4) A Bluffer's public vote.
VOTED = EventKind("fictionary.voted", Voted)
#: 5a) The scoring, the Actual Definition and the authors revealed.
SCORED = EventKind("fictionary.scored", Scored)
#: A player loses Gamepoints for not acting in time.
PENALISED = EventKind("fictionary.penalised", Penalised)
#: 5b) The game is over.
ENDED = EventKind("fictionary.ended", Ended)

# Signals between the rules, run as hooks without an event of their own.
#: A step begins: the rule of that step takes it up.
STEP = EventKind("fictionary.step", Step)
#: A round is over: 5b's end test, then 5c's next round.
ROUND_OVER = EventKind("fictionary.round-over", Round)
#: 5c) The next round begins.
NEXT_ROUND = EventKind("fictionary.next-round", Round)
#: A rule asks for step ``step`` to begin: Rule 4 times it.
START_STEP = EventKind("fictionary.start-step", Step)
#: The step's 3 days are up: its rule applies the defaults.
TIMED_OUT = EventKind("fictionary.timed-out", Step)
