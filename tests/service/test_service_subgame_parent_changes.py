"""A parent's pause, resume and leavers reach its child games, through the game service,
on SQLite and PostgreSQL (DESIGN §3b "Sub-games": "Clocks of a paused game or child
game stop and resume"; "Status changes in the parent (a player leaves ...) reach the
child as inputs its rules handle"). Each reaches a child once, as a numbered input
the child records in its own log, however often it is delivered."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest

from nomicon.service import GameService
from nomicon.store import SqlStore, open_store
from nomicon.verify import verify
from subgamepacks import ARCADE, START, registry

PLAYERS = ("alice", "bob", "carol", "dave")


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(store: SqlStore, clock: Clock) -> GameService:
    return GameService(store, now=clock, registry=registry())


@pytest.fixture
def rival(store_url: str, store: SqlStore, clock: Clock) -> Iterator[GameService]:
    """Another server's service on the same database."""
    with open_store(store_url) as other:
        yield GameService(other, now=clock, registry=registry())


def of_type(log: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in log if event["type"] == kind]


def duel(service: GameService) -> tuple[str, str]:
    """An arcade game in which alice has challenged bob to a Duel: (parent, child)."""
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    service.act(parent, "alice", "challenge", {"target": "bob"})
    return parent, "arc-1"


def verified(service: GameService, game_id: str) -> bool:
    secret = bytes.fromhex(service.store.get_game(game_id).secret or "")
    report = verify(service.history(game_id), secret=secret, registry=registry())
    assert report.ok, report.problems
    return report.ok


# -- pausing --------------------------------------------------------------------------------
def test_pausing_the_parent_stops_the_childs_clock_and_resuming_starts_it(
        service: GameService, clock: Clock) -> None:
    """The Duel's three days run from its start at noon on 3 June. The arcade is paused
    an hour in and resumed two days later: the Duel's time is up two days late, at noon
    on 8 June, and not while the arcade was paused."""
    parent, child = duel(service)
    clock.now = START + timedelta(hours=1)
    service.act(parent, "admin", "pause", {"reason": "the arcade is closed"})
    heard = of_type(service.history(child), "parent.input")
    assert [(e["data"]["n"], e["data"]["kind"], e["time"]) for e in heard] == [
        (1, "game.paused", "2024-06-03T13:00:00Z")]
    with service.reading(child) as game:
        assert game.view("bob")["game"]["paused"] == {
            "since": "2024-06-03T13:00:00Z", "by": "admin", "until": None,
            "reason": "the parent game arc is paused: the arcade is closed"}
    service.advance(parent, START + timedelta(days=2, hours=1))
    with service.reading(child) as game:
        assert not game.is_over  # three days since its start, but paused for two
    clock.now = START + timedelta(days=2, hours=1)
    service.act(parent, "admin", "resume", {"reason": "the arcade opens"})
    log = service.history(child)
    [resumed] = of_type(log, "game.resumed")
    assert (resumed["time"], resumed["data"]["span"], resumed["data"]["reason"]) == (
        "2024-06-05T13:00:00Z", 2 * 86400.0, "the parent game arc resumes: the arcade opens")
    with service.reading(child) as game:
        assert "paused" not in game.view("alice")["game"]
        assert game.state.root["timers"]["duel-time"]["due"] == "2024-06-08T12:00:00Z"
    service.advance(parent, START + timedelta(days=6))
    with service.reading(child) as game:
        ended = of_type(list(game.log), "game.ended")[0]
        assert ended["time"] == "2024-06-08T12:00:00Z"
    assert [e["data"]["child"] for e in of_type(service.history(parent), "child.settled")] \
        == [child]
    assert verified(service, child) and verified(service, parent)


def test_a_pause_with_an_end_ends_in_the_child_when_it_ends_in_the_parent(
        service: GameService, clock: Clock) -> None:
    parent, child = duel(service)
    service.act(parent, "admin", "pause", {"duration": "1 day"})
    service.advance(parent, START + timedelta(days=2))
    kinds = [(e["data"]["kind"], e["time"]) for e in of_type(service.history(child),
                                                             "parent.input")]
    assert kinds == [("game.paused", "2024-06-03T12:00:00Z"),
                     ("game.resumed", "2024-06-04T12:00:00Z")]
    with service.reading(child) as game:
        assert "paused" not in game.view("admin")["game"]
        assert game.state.root["timers"]["duel-time"]["due"] == "2024-06-07T12:00:00Z"


def test_a_child_its_own_admin_paused_stays_paused_when_the_parent_resumes(
        service: GameService) -> None:
    parent, child = duel(service)
    service.act(child, "admin", "pause", {"reason": "the duellists asked"})
    service.act(parent, "admin", "pause")
    service.act(parent, "admin", "resume")
    log = service.history(child)
    assert [e["data"]["kind"] for e in of_type(log, "parent.input")] == [
        "game.paused", "game.resumed"]
    assert len(of_type(log, "game.paused")) == 1 and not of_type(log, "game.resumed")
    with service.reading(child) as game:
        assert game.view("admin")["game"]["paused"]["reason"] == "the duellists asked"


def test_a_pause_reaches_each_running_child_once_however_often_it_is_delivered(
        service: GameService, rival: GameService) -> None:
    parent, first = duel(service)
    service.act(parent, "carol", "challenge", {"target": "dave"})  # arc-2
    service.act(parent, "admin", "pause")
    assert len(of_type(service.history(parent), "child.input")) == 2
    for key in (first, "arc-2"):
        assert service.children.deliver(parent, key) == 0
        assert rival.children.deliver(parent, key) == 0
        rival.sync(parent)
        log = service.history(key)
        assert len(of_type(log, "parent.input")) == 1
        assert len(of_type(log, "game.paused")) == 1


# -- leaving ----------------------------------------------------------------------------------
def test_a_player_who_leaves_the_parent_is_replaced_by_the_childs_bot(
        service: GameService) -> None:
    """1250.7 8) of the Game of Pure Skill: "If a player leaves this game ... they will
    be replaced by a bot who plays randomly". bob leaves the arcade: he leaves the Game
    of Pure Skill he plays in, where a random bot bids for him at once."""
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    service.act(parent, "alice", "start-pure-skill",
                {"players": ["alice", "bob", "carol"], "referee": "dave", "cards": 3})
    service.act("arc-1", "alice", "bid", {"card": 3})
    service.act(parent, "bob", "leave-game", {"cause": "moving house"})
    log = service.history("arc-1")
    [heard] = of_type(log, "parent.input")
    assert (heard["data"]["kind"], heard["data"]["player"]) == ("player.left", "bob")
    [left] = of_type(log, "player.left")
    assert left["data"] == {"player": "bob", "cause": "left the parent game arc (moving house)"}
    with service.reading("arc-1") as game:
        seat = game.state.root["seats"]["bob"]
        assert (seat["bot"], seat["counts"]) == ("random", False)
        assert game.view("admin")["players"]["bob"]["bid"] in (1, 2, 3)  # the bot bid for him
    assert service.children.deliver(parent, "arc-1") == 0
    assert len(of_type(service.history("arc-1"), "player.left")) == 1


def test_a_leaver_of_a_child_without_a_rule_for_it_leaves_an_empty_seat(
        service: GameService) -> None:
    parent, child = duel(service)
    service.act(parent, "carol", "leave-game")  # not a duellist: the Duel hears nothing
    assert not of_type(service.history(child), "parent.input")
    service.act(parent, "bob", "leave-game")
    with service.reading(child) as game:
        assert game.state.root["seats"]["bob"]["left"] is True
        assert game.legal_actions("bob") == []
    assert [e["data"]["kind"] for e in of_type(service.history(child), "parent.input")] == [
        "player.left"]


def test_a_child_started_while_the_parent_is_paused_starts_paused(
        service: GameService, clock: Clock) -> None:
    """The Duel shares its parent's stopped clock: started during the arcade's pause, it
    is paused from its first input, and resumes when the arcade does."""
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    service.act(parent, "admin", "pause", {"reason": "the arcade is closed"})
    clock.now = START + timedelta(hours=1)
    service.act(parent, "alice", "challenge", {"target": "bob"})
    child = "arc-1"
    heard = of_type(service.history(child), "parent.input")
    assert [(e["data"]["n"], e["data"]["kind"]) for e in heard] == [(1, "game.paused")]
    with service.reading(child) as game:
        assert game.view("bob")["game"]["paused"]["reason"] == \
            "the parent game arc is paused: the arcade is closed"
    clock.now = START + timedelta(days=1)
    service.act(parent, "admin", "resume", {"reason": "the arcade opens"})
    with service.reading(child) as game:
        assert "paused" not in game.view("alice")["game"]
        # Three days from the Duel's start (13:00 on 3 June), moved on by the 23 hours
        # it waited for the arcade.
        assert game.state.root["timers"]["duel-time"]["due"] == "2024-06-07T12:00:00Z"
    assert verified(service, child) and verified(service, parent)
