"""The kinds of event of Spades (Ackanomic rule 1250.15), with their fields."""

# No ``from __future__ import annotations``: see nomicon.kernel.events.

from typing import TypedDict

from nomicon.authoring import EventKind


class Began(TypedDict):
    order: list[str]  # the playing order: players 1 to 4
    teams: dict[str, list[str]]  # "1": players 1 and 3; "2": players 2 and 4
    referee: str | None  # None: the engine referees


class RoundNumber(TypedDict):
    round: int


class Dealt(TypedDict):
    round: int
    player: str
    hand: list[str]  # the 13 cards dealt, seen by the player and the referee only


class Expected(TypedDict):
    round: int
    phase: str  # "bidding" or "play"
    player: str  # whose action is expected
    trick: int  # the trick being played (0 while bidding)


class BidMade(TypedDict):
    round: int
    player: str
    tricks: int  # 0 is nil
    by: str  # who made it: the player, or the referee (Rule 7)


class CardPlayed(TypedDict):
    round: int
    trick: int
    player: str
    card: str
    by: str  # who played it: the player, or the referee (Rule 7)


class TrickWon(TypedDict):
    round: int
    trick: int
    cards: list[list[str]]  # [player, card] in the order played
    winner: str


class TeamRound(TypedDict):
    bid: int
    tricks: int
    contract: int
    overtricks: int
    nil: int
    bag_penalty: int
    bags: int  # after the round
    total: int  # scored this round
    score: int  # the Spadescore after the round


class RoundScored(TypedDict):
    round: int
    teams: dict[str, TeamRound]


class Conceded(TypedDict):
    player: str
    team: str
    posted: str  # the concession as posted


class GameWon(TypedDict):
    winners: list[str]  # the winning team's players ([] : no winner)
    team: str | None
    how: str  # "score" or "concession"
    scores: dict[str, int]  # each team's final Spadescore
    rounds: int


class RefereeChose(TypedDict):
    player: str
    phase: str
    choice: str  # the bid ("2") or the card played
    by: str  # the referee, or "engine"


# Events of the game (its rules emit them and hook them).
BEGAN = EventKind("spades.began", Began)
DEALT = EventKind("spades.dealt", Dealt)
BID_MADE = EventKind("spades.bid", BidMade)
CARD_PLAYED = EventKind("spades.played", CardPlayed)
TRICK_WON = EventKind("spades.trick-won", TrickWon)
ROUND_SCORED = EventKind("spades.round-scored", RoundScored)
CONCEDED = EventKind("spades.conceded", Conceded)
GAME_WON = EventKind("spades.game-won", GameWon)
REFEREE_CHOSE = EventKind("spades.referee-chose", RefereeChose)

# Signals between the rules, run as hooks without an event of their own.
ROUND_BEGINS = EventKind("spades.round-begins", RoundNumber)
BIDDING_BEGINS = EventKind("spades.bidding-begins", RoundNumber)
BIDS_DONE = EventKind("spades.bids-done", RoundNumber)
ACTION_EXPECTED = EventKind("spades.action-expected", Expected)
ROUND_DONE = EventKind("spades.round-done", RoundNumber)
SCORED = EventKind("spades.scored", RoundNumber)
