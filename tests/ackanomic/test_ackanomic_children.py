"""The games of 1250.1 played as instances of the Ackanomic parent, through the game
service: the parent starts a child game of the game's own pack (Ghost, the Limerick
Contest, Fictionary) with the players the dice seated, and pays what its text says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START

from nomicon.service import GameService
from nomicon.store import open_store

PLAYERS = ("alice", "bob", "carol", "dave", "erin")
CHILD = "ack-1"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        yield GameService(store, now=lambda: START, registry=REGISTRY)


def of_type(log: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in log if event["type"] == kind]


def test_a_ghost_instance_is_a_ghost_child_and_its_winner_is_paid(service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack").id
    # 1250.9: at most "the number of active players ... less 1", 4 of 5; the announcer
    # is enrolled, and the instance starts when it is full.
    service.act(parent, "alice", "announce", {"game": "1250.9"})
    for player in ("bob", "carol", "dave"):
        service.act(parent, player, "enrol", {"instance": 1})
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == ("ackanomic-ghost", parent)
    with service.reading(parent) as game:
        record = game.view("admin")["instances"]["1"]
    assert record["status"] == "started" and sorted(record["players"]) == [
        "alice", "bob", "carol", "dave"]
    # Three players remove themselves ("resign" out of one's turn is a removal, in it a
    # resignation): the one who remains wins (5.).
    with service.reading(CHILD) as game:
        order = list(game.view("admin")["ghost"]["order"])
    # 41: each player's number was drawn once, by the parent's dice when the instance
    # started; the child plays in that order rather than drawing a second numbering.
    assert order == sorted(record["seating"], key=lambda p: int(record["seating"][p]))
    for player in order[:3]:
        service.act(CHILD, player, "resign", {})
    winner = order[3]
    assert service.store.get_game(CHILD).meta["status"] == "ended"
    log = service.history(parent)
    ended = of_type(log, "instance.ended")
    assert [(e["data"]["winners"], e["data"]["began"], e["data"]["duel"]) for e in ended] == [
        ([winner], 4, False)]
    with service.reading(parent) as game:
        money = game.view("admin")["accounts"]
    # 5.: four began, so "points equal to the number of players that began", and a
    # standard Trophy; the engine refereed, so no referee is paid A$8.
    assert (money[winner]["points"], money[winner]["trophy"]) == (4, 1)
    assert all(money[p]["points"] == 0 and money[p]["trophy"] == 0
               for p in PLAYERS if p != winner)
    assert all(money[p]["A$"] == 0 for p in PLAYERS)


def test_a_limerick_contest_is_a_limerick_child_whose_voters_are_the_parents_players(
        service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack").id
    service.act(parent, "admin", "grant-role", {"player": "erin", "role": "Poet Laureate"})
    # 1250.8: "Exactly 2": the announcer and one more, and the contest starts.
    service.act(parent, "alice", "announce", {"game": "1250.8"})
    service.act(parent, "bob", "enrol", {"instance": 1})
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == ("ackanomic-limerick", parent)
    with service.reading(CHILD) as game:
        contest = game.view("admin")["limerick"]
    # 4.: every player of Ackanomic votes; the Poet Laureate's vote counts twice.
    assert sorted(contest["voters"]) == sorted(PLAYERS)
    assert contest["poet"] == "erin"
    assert sorted(contest["players"]) == ["alice", "bob"]


def test_a_fictionary_instance_is_a_fictionary_child(service: GameService) -> None:
    parent = service.create("ackanomic", PLAYERS, game_id="ack").id
    # 1250.10: at least 5, at most the number of active players (5): full at once.
    service.act(parent, "alice", "announce", {"game": "1250.10"})
    for player in PLAYERS[1:]:
        service.act(parent, player, "enrol", {"instance": 1})
    child = service.store.get_game(CHILD)
    assert (child.pack, child.parent) == ("ackanomic-fictionary", parent)
    with service.reading(CHILD) as game:
        table = game.view("admin")["fictionary"]
    # II.: the players are numbered 1 to N by the dice, each a different number.
    assert sorted(table["numbers"]) == sorted(PLAYERS)
    assert sorted(table["numbers"].values()) == [1, 2, 3, 4, 5]
    # The numbers are those the parent's dice drew when the instance started, not a
    # second drawing of the child's.
    with service.reading(parent) as game:
        seating = game.view("admin")["instances"]["1"]["seating"]
    assert {player: str(n) for player, n in table["numbers"].items()} == seating
