"""Child games through the game service, on SQLite and PostgreSQL: a parent's rule
starts a child, which the service creates in the same store; the child plays to its
end and its result is settled into the parent by one parent event, however often and
by however many servers the settlement is attempted; a change to a child's player in
the parent reaches the child as an input; the child keeps the parent's clock."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any, TypeVar

import pytest

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.service import SYSTEM, GameService
from nomicon.store import GameNotFound, SqlStore, open_store
from nomicon.verify import verify
from subgamepacks import ARCADE, DUEL, GOOFSPIEL, START, registry

T = TypeVar("T")
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
    """Another server's service: its own store object on the same database."""
    with open_store(store_url) as other:
        yield GameService(other, now=clock, registry=registry())


def of_type(log: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in log if event["type"] == kind]


def balances(service: GameService, game_id: str, name: str) -> dict[str, Any]:
    with service.reading(game_id) as game:
        shown: dict[str, Any] = game.view("admin")["players"][name]
    return shown


def verified(service: GameService, game_id: str) -> bool:
    log = service.history(game_id)
    secret = bytes.fromhex(service.store.get_game(game_id).secret or "")
    report = verify(log, secret=secret, registry=registry())
    assert report.ok, report.problems
    return report.ok


def in_parallel(*calls: Callable[[], T]) -> list[T]:
    """Run the calls at once, each in a thread of its own; their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int, call: Callable[[], T]) -> None:
        barrier.wait(timeout=60)
        try:
            results[index] = call()
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    if errors:
        raise errors[0]
    return results


def challenged(service: GameService) -> tuple[str, str]:
    """An arcade game in which alice has challenged bob to a Duel: (parent, child)."""
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    service.act(parent, "alice", "challenge", {"target": "bob"})
    return parent, "arc-1"


# -- a Game of Pure Skill, end to end ---------------------------------------------------
def test_a_game_of_pure_skill_started_by_a_rule_is_played_and_paid_in_the_parent(
        service: GameService, clock: Clock) -> None:
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    clock.now = START + timedelta(hours=1)
    service.act(parent, "alice", "start-pure-skill",
                {"players": ["alice", "bob", "carol"], "referee": "dave", "cards": 3})
    child = service.store.get_game("arc-1")
    assert (child.pack, child.parent, child.created) == (GOOFSPIEL, parent, clock.now)
    with service.reading("arc-1") as game:
        table = game.state.root["pure_skill"]
        assert (table["seated"], table["referee"]) == (["alice", "bob", "carol"], "dave")
        assert game.view("bob")["game"]["parent"]["game"] == parent
    # alice bids her highest card, bob and carol their lowest: round 1 is alice's, and
    # in rounds 2 and 3 the highest bid is tied, so the prize is discarded (4f). Her
    # total is the first prize, theirs 0: alice wins (4h), whatever the prizes.
    for alice, others in ((3, 1), (2, 2), (1, 3)):
        service.act("arc-1", "alice", "bid", {"card": alice})
        service.act("arc-1", "bob", "bid", {"card": others})
        service.act("arc-1", "carol", "bid", {"card": others})
    assert service.store.get_game("arc-1").meta["status"] == "ended"
    log = service.history(parent)
    settled = of_type(log, "child.settled")
    assert len(settled) == 1
    data = settled[0]["data"]
    assert (data["child"], data["winners"], data["referee"], data["rounds"]) == (
        "arc-1", ["alice"], "dave", 3)
    assert data["scores"]["bob"] == data["scores"]["carol"] == 0 < data["scores"]["alice"]
    # Clause 5, paid in the parent: 8 points and a Trophy to the winner, A$8 to the referee.
    assert (balances(service, parent, "alice")["points"],
            balances(service, parent, "alice")["trophies"]) == (8, 1)
    assert balances(service, parent, "dave")["A$"] == 8
    with service.reading("arc-1") as game:  # and nothing in the child's own ledger
        assert game.view("admin")["players"]["alice"]["points"] == 0
    with service.reading(parent) as game:
        assert game.view("carol")["children"]["arc-1"]["status"] == "settled"
    assert service.store.get_game(parent).meta["children"] == ["arc-1"]
    assert verified(service, parent) and verified(service, "arc-1")


def test_the_child_has_dice_of_its_own_committed_at_its_creation(
        service: GameService) -> None:
    parent, child = challenged(service)
    parent_record, child_record = service.store.get_game(parent), service.store.get_game(child)
    assert child_record.secret and child_record.secret != parent_record.secret
    created = service.history(child)[0]
    assert created["data"]["commitment"] == child_record.meta["commitment"]
    assert created["data"]["parent"] == {"game": "arc", "child": "arc-1",
                                         "players": ["alice", "bob"], "referee": None,
                                         "inputs": 0}


# -- inputs from the parent -----------------------------------------------------------------
def test_a_duellist_going_on_vacation_in_the_parent_forfeits_in_the_child(
        service: GameService, clock: Clock) -> None:
    parent, child = challenged(service)
    service.act(child, "bob", "strike")
    clock.now = START + timedelta(hours=5)
    service.act(parent, "bob", "vacation")
    child_log = service.history(child)
    assert [e["data"]["n"] for e in of_type(child_log, "parent.input")] == [1]
    heard = of_type(child_log, "parent.input")[0]
    assert (heard["time"], heard["data"]["kind"], heard["data"]["player"]) == (
        "2024-06-03T17:00:00Z", "status.granted", "bob")
    assert service.store.get_game(child).meta["status"] == "ended"
    parent_log = service.history(parent)
    assert len(of_type(parent_log, "child.input")) == 1
    assert [e["data"]["winners"] for e in of_type(parent_log, "child.settled")] == [["alice"]]
    assert balances(service, parent, "alice")["points"] == 3  # Rule 3: the winner's 3
    # A settled child hears no more: bob's return is not passed on.
    service.act(parent, "bob", "back")
    assert len(of_type(service.history(child), "parent.input")) == 1


def test_an_input_is_passed_once_however_often_it_is_delivered(
        service: GameService, rival: GameService) -> None:
    parent, _ = challenged(service)
    service.act(parent, "carol", "challenge", {"target": "alice"})  # arc-2
    service.act(parent, "alice", "vacation")  # an input to both duels
    assert [service.children.deliver(parent, key) for key in ("arc-1", "arc-2")] == [0, 0]
    assert [rival.children.deliver(parent, key) for key in ("arc-1", "arc-2")] == [0, 0]
    for key, winner in (("arc-1", ["bob"]), ("arc-2", ["carol"])):
        log = service.history(key)
        assert len(of_type(log, "parent.input")) == 1
        assert log[-1]["type"] == "seed.revealed"  # the duel is over (alice forfeited)
        with service.reading(key) as game:
            assert game.state.root["winners"] == winner


# -- exactly once ------------------------------------------------------------------------------
def ended_but_not_settled(service: GameService, parent: str, child: str) -> None:
    """End the duel as a server does that stops before it settles: the settlement it
    was to make afterwards is dropped."""
    game = service.open(child)
    for _ in range(3):
        game.act("alice", "strike")
    service.children._work.clear()  # the server stopped here
    assert game.is_over and not of_type(service.history(parent), "child.settled")


def test_a_retried_settlement_settles_once_and_gives_the_first_events_again(
        service: GameService) -> None:
    parent, child = challenged(service)
    ended_but_not_settled(service, parent, child)
    first = service.settle(child)
    assert [e["type"] for e in first][:2] == ["action", "child.settled"]
    head = service.store.get_game(parent).head
    assert service.settle(child) == first
    assert GameService(service.store, registry=registry()).settle(child) == first
    assert service.store.get_game(parent).head == head
    assert balances(service, parent, "alice")["points"] == 3
    # The admin's own settlement, without the service's key, is refused by the state.
    with pytest.raises(ActionRefused) as refused:
        service.act(parent, "admin", "settle-child", {"child": child, "result": {}})
    assert "child game arc-1 was settled already" in str(refused.value)
    assert service.store.get_game(parent).head == head


def test_two_servers_settling_at_once_settle_once(service: GameService,
                                                  rival: GameService) -> None:
    parent, child = challenged(service)
    ended_but_not_settled(service, parent, child)
    rival.open(parent)  # the rival holds the parent as it was before the settlement
    ours, theirs = in_parallel(lambda: service.settle(child), lambda: rival.settle(child))
    assert ours == theirs and ours
    log = service.history(parent)
    assert len(of_type(log, "child.settled")) == 1
    assert balances(service, parent, "alice")["points"] == 3
    assert verified(service, parent)


class SettledMeanwhile(GameService):
    """A service on whose first read of ``parent`` another server settles ``child``:
    it acts on the parent as it was, and loses the race at the store."""

    def __init__(self, store: SqlStore, other: GameService, parent: str, child: str) -> None:
        super().__init__(store, registry=registry())
        self.other, self.parent, self.child, self.armed = other, parent, child, False

    def _take(self, game_id: str, *, trust: bool = False) -> tuple[Game, bool]:
        found = super()._take(game_id, trust=trust)
        if self.armed and game_id == self.parent:
            self.armed = False
            self.other.settle(self.child)
        return found


def test_a_server_that_loses_the_race_to_settle_gets_the_winners_events(
        service: GameService, rival: GameService) -> None:
    parent, child = challenged(service)
    ended_but_not_settled(service, parent, child)
    late = SettledMeanwhile(rival.store, service, parent, child)
    late.open(parent)  # kept at the head before the settlement
    refused: list[BaseException] = []
    append = rival.store.append

    def spy(*args: Any, **kwargs: Any) -> int:
        try:
            return append(*args, **kwargs)
        except BaseException as exc:
            refused.append(exc)
            raise

    late.armed = True
    rival.store.append = spy  # type: ignore[method-assign]
    theirs = late.settle(child)
    assert not late.armed  # the other server settled while this one was acting
    # The late server's batch was refused by the store: the key was used meanwhile.
    assert [type(exc).__name__ for exc in refused] == ["KeyUsed"]
    assert theirs == service.settle(child)
    assert len(of_type(service.history(parent), "child.settled")) == 1
    claim = service.store.claim(parent, f"settle-child:{child}", caller=SYSTEM)
    assert claim is not None and claim.first_seq == theirs[0]["seq"]


def test_two_servers_creating_the_same_child_make_one_game(service: GameService,
                                                           rival: GameService) -> None:
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    game = service.open(parent)
    game.act("alice", "challenge", target="bob")  # committed; the child not made yet
    service.children._work.clear()
    with pytest.raises(GameNotFound):
        service.store.get_game("arc-1")
    in_parallel(lambda: service.sync(parent), lambda: rival.sync(parent))
    record = service.store.get_game("arc-1")
    assert (record.parent, record.head) == (parent, len(service.history("arc-1")))
    assert len(of_type(service.history("arc-1"), "game.created")) == 1
    assert [r.id for r in service.store.list_games()] == ["arc", "arc-1"]
    assert verified(service, "arc-1")
    # Syncing again changes nothing.
    head = record.head
    service.sync(parent)
    rival.sync("arc-1")
    assert service.store.get_game("arc-1").head == head


class CreatedMeanwhile(GameService):
    """A service that another server beats to storing a child it has made."""

    def __init__(self, store: SqlStore, other: GameService, parent: str) -> None:
        super().__init__(store, registry=registry())
        self.other, self.parent = other, parent

    def store_new(self, game: Game, parent: str | None = None, *,
                  created: datetime | None = None) -> bool:
        if parent is not None:
            assert self.other.children.create(self.parent, game.id)
        return super().store_new(game, parent, created=created)


def test_a_server_that_loses_the_race_to_create_a_child_leaves_the_winners(
        service: GameService, rival: GameService) -> None:
    parent = service.create(ARCADE, PLAYERS, game_id="arc").id
    game = service.open(parent)
    game.act("alice", "challenge", target="bob")
    service.children._work.clear()
    late = CreatedMeanwhile(rival.store, service, parent)
    assert late.children.create(parent, "arc-1") is False
    stored = service.history("arc-1")
    assert len(stored) == service.store.get_game("arc-1").head
    assert stored[0]["data"]["commitment"] == service.store.get_game("arc-1").meta[
        "commitment"]
    assert verified(service, "arc-1")


def test_a_sync_after_an_interruption_settles_what_was_left(service: GameService) -> None:
    parent, child = challenged(service)
    ended_but_not_settled(service, parent, child)
    restarted = GameService(service.store, registry=registry())  # a new process
    restarted.sync(parent)
    assert len(of_type(service.history(parent), "child.settled")) == 1
    restarted.sync(child)
    restarted.sync(parent)
    assert len(of_type(service.history(parent), "child.settled")) == 1


# -- the clock ------------------------------------------------------------------------------------
def test_the_child_keeps_the_parents_clock(service: GameService, clock: Clock) -> None:
    parent, child = challenged(service)
    service.act(child, "alice", "strike")
    # The Duel: when three days have passed, the duellist who struck more often wins.
    later = START + timedelta(days=4)
    service.advance(parent, later)
    with service.reading(child) as game:
        assert game.is_over and game.state.root["winners"] == ["alice"]
        ended = of_type(list(game.log), "game.ended")[0]
        assert ended["time"] == "2024-06-06T12:00:00Z"  # three days after its start
    with service.reading(parent) as game:
        assert game.clock == later
        assert game.state.root["children"][child]["status"] == "settled"
    assert balances(service, parent, "alice")["points"] == 3


def test_an_ended_child_of_a_duel_pack_reports_strikes_and_rounds(service: GameService) -> None:
    parent, child = challenged(service)
    service.act(child, "bob", "strike")
    for _ in range(3):
        service.act(child, "alice", "strike")
    settled = of_type(service.history(parent), "child.settled")[0]["data"]
    assert (settled["pack"], settled["winners"], settled["scores"], settled["rounds"]) == (
        DUEL, ["alice"], {"alice": 3, "bob": 1}, 4)
