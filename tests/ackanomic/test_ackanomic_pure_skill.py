"""The Game of Pure Skill (1250.7) as an instance of the Ackanomic parent, through the
game service: its child game is made and played, its result is settled into the
parent once, and the parent's rule 1250.7 pays clause 5 only when a winner is
declared; a player who leaves Ackanomic mid-game is replaced by clause 8's random bot,
which is not counted by 4h)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ackgames import REGISTRY, START

from nomicon.kernel.errors import ActionRefused
from nomicon.service import GameService
from nomicon.store import open_store

PLAYERS = ("alice", "bob", "carol", "dave", "erin")
CHILD = "ack-1"


@pytest.fixture
def service(tmp_path: Path) -> Iterator[GameService]:
    with open_store(f"sqlite:///{tmp_path / 'games.db'}") as store:
        yield GameService(store, now=lambda: START, registry=REGISTRY)


def started(service: GameService) -> str:
    """An Ackanomic game in which alice, bob and carol play a Game of Pure Skill that
    dave referees (he volunteered): the parent's id."""
    parent = service.create("ackanomic", PLAYERS, game_id="ack").id
    service.act(parent, "alice", "announce", {"game": "1250.7"})
    service.act(parent, "dave", "volunteer-referee", {"instance": 1})
    service.act(parent, "bob", "enrol", {"instance": 1})
    service.act(parent, "carol", "enrol", {"instance": 1})
    return parent


def of_type(log: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in log if event["type"] == kind]


def accounts(service: GameService, game_id: str) -> dict[str, Any]:
    with service.reading(game_id) as game:
        found: dict[str, Any] = game.view("admin")["accounts"]
    return found


def child_state(service: GameService) -> dict[str, Any]:
    with service.reading(CHILD) as game:
        found: dict[str, Any] = game.view("admin")
    return found


def bid_round(service: GameService, bids: dict[str, int]) -> None:
    for player, card in bids.items():
        service.act(CHILD, player, "bid", {"card": card})


def test_the_child_is_made_with_the_seats_the_dice_drew(service: GameService) -> None:
    parent = started(service)
    with service.reading(parent) as game:
        record = game.view("admin")["instances"]["1"]
    assert service.store.get_game(CHILD).parent == parent
    table = child_state(service)["pure_skill"]
    assert (table["seated"], table["referee"]) == (record["players"], "dave")
    assert sorted(record["players"]) == ["alice", "bob", "carol"]


def test_a_winner_is_paid_in_the_parent_exactly_once(service: GameService) -> None:
    parent = started(service)
    # Round 1: alice's King is the single highest bid, so she takes the prize. Then
    # bob and carol tie at the top of every round (4f: the prize is discarded): alice
    # alone has a total above 0 and wins (4h).
    bid_round(service, {"alice": 13, "bob": 1, "carol": 1})
    for number in range(2, 14):
        bid_round(service, {"alice": 14 - number, "bob": 15 - number, "carol": 15 - number})
    assert service.store.get_game(CHILD).meta["status"] == "ended"
    log = service.history(parent)
    assert len(of_type(log, "child.settled")) == 1
    ended = of_type(log, "instance.ended")
    assert [(e["data"]["winners"], e["data"]["referee"], e["data"]["began"]) for e in ended] \
        == [(["alice"], "dave", 3)]
    money = accounts(service, parent)
    # Clause 5: 8 points and a standard Trophy to the winner, A$8 to the referee.
    assert (money["alice"]["points"], money["alice"]["trophy"], money["alice"]["A$"]) == (
        8, 1, 0)
    assert (money["dave"]["A$"], money["dave"]["points"]) == (8, 0)
    assert all(money[p]["points"] == 0 and money[p]["trophy"] == 0 for p in ("bob", "carol"))
    with service.reading(parent) as game:
        view = game.view("admin")
    assert view["instances"]["1"]["status"] == "settled"
    assert view["children"][CHILD]["status"] == "settled"
    # Settled once: again through the service, nothing more; by the admin, refused.
    head = service.store.get_game(parent).head
    assert service.settle(CHILD)
    assert service.store.get_game(parent).head == head
    with pytest.raises(ActionRefused) as refused:
        service.act(parent, "admin", "settle-child", {"child": CHILD, "result": {
            "winners": ["alice"], "referee": "dave"}})
    assert "was settled already" in str(refused.value)
    assert accounts(service, parent)["alice"]["points"] == 8
    assert accounts(service, parent)["dave"]["A$"] == 8


def test_without_a_winner_nobody_is_paid(service: GameService) -> None:
    parent = started(service)
    # Every round all three bid the same card: no single highest bid, every prize is
    # discarded, every total 0, so there is no winner (4h) and clause 5 pays nobody.
    for card in range(13, 0, -1):
        bid_round(service, {"alice": card, "bob": card, "carol": card})
    ended = of_type(service.history(parent), "instance.ended")
    assert [e["data"]["winners"] for e in ended] == [[]]
    money = accounts(service, parent)
    assert all(money[p]["points"] == 0 and money[p]["A$"] == 0 and money[p]["trophy"] == 0
               for p in PLAYERS)


def test_a_player_who_leaves_is_replaced_by_a_random_bot_not_counted(
        service: GameService) -> None:
    parent = started(service)
    bid_round(service, {"alice": 1, "bob": 13, "carol": 2})  # bob takes the first prize
    service.act(parent, "bob", "leave-game")
    seat = child_state(service)["seats"]["bob"]
    assert (seat["bot"], seat["counts"]) == ("random", False)
    for _ in range(2, 14):
        players = child_state(service)["players"]
        bid_round(service, {"alice": max(players["alice"]["hand"]),
                            "carol": min(players["carol"]["hand"])})
    assert service.store.get_game(CHILD).meta["status"] == "ended"
    assert child_state(service)["players"]["bob"]["hand"] == []  # the bot bid every round
    settled = of_type(service.history(parent), "child.settled")[0]["data"]
    scores = settled["scores"]
    assert scores["bob"] >= 1  # his take pile keeps the first prize
    # 4h) without the bot: the single highest total of alice and carol wins.
    counted = {p: scores[p] for p in ("alice", "carol")}
    best = max(counted.values())
    leaders = [p for p, total in counted.items() if total == best]
    assert settled["winners"] == (leaders if len(leaders) == 1 else [])
    assert "bob" not in settled["winners"]


def test_a_duel_is_settled_with_its_games_winner(service: GameService) -> None:
    parent = service.create("test-ackanomic", PLAYERS, game_id="ack").id
    service.act(parent, "alice", "challenge", {"target": "bob", "game": "1250.92"})
    for _ in range(3):  # the test Duel: the first to strike three times wins
        service.act(CHILD, "bob", "strike")
    settled = of_type(service.history(parent), "duel.settled")
    assert [e["data"] for e in settled] == [
        {"instance": 1, "challenger": "alice", "challenged": "bob", "winner": "bob"}]
    with service.reading(parent) as game:
        record = game.view("admin")["instances"]["1"]
    assert (record["status"], record["duel"]["winner"]) == ("settled", "bob")
