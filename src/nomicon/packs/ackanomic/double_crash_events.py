"""The kinds of event of Double Crash (Ackanomic rule 1250.12), with their fields.

No event before the reveal carries a Target Word: a player's choice is told to all as
"has chosen", and the word itself only to its writer (the sealed action's own event).
"""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class Started(TypedDict):
    instance: int  # the table's game number, 1 first (a child game plays only 1)
    players: list[str]
    duel: bool
    challenged: str | None  # in a Duel, the player challenged (None: not a Duel)
    auto_reply: bool  # True: the engine posts the Replies


class Round(TypedDict):
    round: int
    kind: str  # "salvo" or "reply"
    size: int  # the number of words in each Salvo of the round (or replied to)
    ends: str  # when the round's three days are up (ISO 8601)


class Chosen(TypedDict):
    player: str  # who has chosen a Target Word (the word is not told)


class Salvo(TypedDict):
    player: str
    round: int
    words: list[str]
    posted: int  # the Salvo's place in the posting order of the game, 1 first


class Reply(TypedDict):
    player: str  # who replies: the crashes are with this player's Target Word
    poster: str  # whose Salvo is replied to
    round: int
    words: list[str]
    counts: list[int]
    by: str  # "engine" or the player who typed it


class Tentative(TypedDict):
    player: str
    position: int  # the five-crash word's place in the Salvo's list, 1 first
    how: str  # "only one", "list position" or "posting order"


class Revealed(TypedDict):
    targets: dict[str, str | None]  # each player's Target Word (None: chose none)


class Ended(TypedDict):
    winner: str | None
    # "tentative winner", "timeout", "misreport", "both failed" (nobody wins, or in a
    # Duel the challenged player)
    how: str
    why: str


class Signal(TypedDict):
    round: int


class Instance(TypedDict):
    instance: int  # the game just over


#: The game begins with its two players.
STARTED = EventKind("crash.started", Started)
#: A round begins: a round of Salvos (odd) or of Replies (even).
ROUND_BEGAN = EventKind("crash.round-began", Round)
#: A player has chosen their Target Word (kept secret).
CHOSEN = EventKind("crash.target-chosen", Chosen)
#: A player posts a Salvo.
SALVO = EventKind("crash.salvo", Salvo)
#: A Reply to a Salvo is posted.
REPLY = EventKind("crash.reply", Reply)
#: A tentative winner is found.
TENTATIVE = EventKind("crash.tentative-winner", Tentative)
#: The two players' Target Words are revealed.
REVEALED = EventKind("crash.revealed", Revealed)
#: The game is over.
ENDED = EventKind("crash.ended", Ended)

# Signals between the rules, run as hooks without an event of their own.
#: Every action required of the players in the round is done.
ROUND_COMPLETE = EventKind("crash.round-complete", Signal)
#: A round of Replies is over: the end test.
REPLIES_IN = EventKind("crash.replies-in", Signal)
#: Standalone, a game is over and the table goes on: the next game may begin.
NEXT_GAME = EventKind("crash.next-game", Instance)
