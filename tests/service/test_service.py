"""The game service on both backends: idempotency keys, races, snapshots, secrets."""

from __future__ import annotations

import json
import multiprocessing as mp
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
import storeload
from ledgerpack import PACK, registry

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, CommitFailed
from nomicon.kernel.state import fold
from nomicon.service import KEEP_EVENTS, LOCAL_CALLER, GameService, KeyReused
from nomicon.store import LazyLog, SqlStore, open_store
from nomicon.store.pgserver import PostgresServer
from nomicon.verify import verify

T0 = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)


def service_on(store: SqlStore, **kw: Any) -> GameService:
    return GameService(store, now=lambda: T0, registry=registry(), **kw)


@pytest.fixture
def service(store: SqlStore) -> GameService:
    return service_on(store)


@pytest.fixture
def rival_store(store_url: str, store: SqlStore) -> Iterator[SqlStore]:
    """A second store on the same database, as another server process has."""
    with open_store(store_url) as other:
        yield other


def marks(log: list[dict[str, Any]]) -> list[str]:
    return [e["data"]["note"] for e in log if e["type"] == "marked"]


class Racing(GameService):
    """A service that, on each of its first ``races`` reads, lets a rival act on the
    game before it writes: another process appends first."""

    def __init__(self, store: SqlStore, rival: GameService,
                 move: tuple[str, str, dict[str, Any], str | None], races: int) -> None:
        super().__init__(store, now=lambda: T0, registry=registry())
        self.rival, self.move, self.races, self.reads = rival, move, races, 0

    def _take(self, game_id: str, *, trust: bool = False) -> tuple[Game, bool]:
        game = super()._take(game_id, trust=trust)  # each attempt's game
        self.reads += 1
        if self.races:
            self.races -= 1
            actor, name, args, key = self.move
            self.rival.act(game_id, actor, name, args, key=key)
        return game


# -- idempotency keys --------------------------------------------------------------------
def test_a_repeated_key_returns_the_first_events_and_acts_once(service: GameService,
                                                               rival_store: SqlStore) -> None:
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    first = service.act("g", "ann", "mark", {"note": "once"}, key="req-1")
    assert [e["type"] for e in first] == ["action", "marked"]
    again = service.act("g", "ann", "mark", {"note": "once"}, key="req-1")
    elsewhere = service_on(rival_store).act("g", "ann", "mark", {"note": "once"}, key="req-1")
    assert again == first == elsewhere
    assert marks(service.history("g")) == ["once"]


def test_a_key_sent_with_another_request_is_refused(service: GameService) -> None:
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.act("g", "ann", "mark", {"note": "a"}, key="k")
    with pytest.raises(KeyReused, match=r"'k' was already used .* by your earlier request "
                                        r"ann mark note=a"):
        service.act("g", "bob", "mark", {"note": "a"}, key="k")
    with pytest.raises(KeyReused):
        service.act("g", "ann", "mark", {"note": "b"}, key="k")
    assert marks(service.history("g")) == ["a"]


def test_keys_belong_to_their_caller(service: GameService, rival_store: SqlStore) -> None:
    """The same key from two callers is two keys: neither burns nor reads the other's."""
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    first = service.act("g", "ann", "mark", {"note": "ann's secret"}, key="k", caller="u-ann")
    bobs = service.act("g", "bob", "mark", {"note": "b"}, key="k", caller="u-bob")
    assert bobs != first and marks(service.history("g")) == ["ann's secret", "b"]
    # Each caller's replay gives back their own events, from any process.
    assert service_on(rival_store).act("g", "ann", "mark", {"note": "ann's secret"}, key="k",
                                       caller="u-ann") == first
    assert service.act("g", "bob", "mark", {"note": "b"}, key="k", caller="u-bob") == bobs
    with pytest.raises(KeyReused) as refused:
        service.act("g", "bob", "mark", {"note": "c"}, key="k", caller="u-bob")
    assert "bob mark note=b" in str(refused.value)
    assert "secret" not in str(refused.value)
    assert marks(service.history("g")) == ["ann's secret", "b"]


def test_a_refused_request_leaves_its_key_unused(service: GameService) -> None:
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.act("g", "ann", "claim", {"token": 5}, key="ann-5")
    with pytest.raises(ActionRefused, match="token 5 is already claimed"):
        service.act("g", "bob", "claim", {"token": 5}, key="bob-claim")
    assert service.store.claim("g", "bob-claim", caller=LOCAL_CALLER) is None
    with pytest.raises(ActionRefused):  # the same request, refused again: not replayed
        service.act("g", "bob", "claim", {"token": 5}, key="bob-claim")
    events = service.act("g", "bob", "claim", {"token": 6}, key="bob-claim-6")
    assert events[-1]["type"] == "claimed"


def test_keys_belong_to_their_game(service: GameService) -> None:
    service.create(PACK, ["ann"], seed=1, game_id="one")
    service.create(PACK, ["ann"], seed=1, game_id="two")
    service.act("one", "ann", "mark", {"note": "x"}, key="k")
    service.act("two", "ann", "mark", {"note": "x"}, key="k")
    assert marks(service.history("one")) == marks(service.history("two")) == ["x"]


def test_processes_sending_one_key_at_once_act_once(store_url: str, service: GameService,
                                                    tmp_path: Path) -> None:
    service.create(PACK, storeload.PLAYERS, seed=1, game_id="g")
    ctx = mp.get_context("spawn")
    barrier = ctx.Barrier(4)
    outs = [tmp_path / f"out{i}.json" for i in range(4)]
    procs = [ctx.Process(target=storeload.same_key,
                         args=(store_url, "g", "shared", barrier, str(out))) for out in outs]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(timeout=300)
        if proc.is_alive():  # hang guard
            proc.kill()
            proc.join()
        assert proc.exitcode == 0
    told = [json.loads(out.read_text()) for out in outs]
    assert all(seqs == told[0] for seqs in told)
    log = service.history("g")
    assert marks(log) == ["shared"]
    assert [e["seq"] for e in log if e["type"] in ("action", "marked")][-2:] == told[0]


def test_a_key_committed_by_a_rival_meanwhile_returns_the_rivals_events(
        service: GameService, rival_store: SqlStore) -> None:
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    rival = service_on(rival_store)
    retry = ("ann", "mark", {"note": "retried"}, "req-7")  # the client's first try, elsewhere
    racing = Racing(service.store, rival, retry, races=1)
    events = racing.act("g", "ann", "mark", {"note": "retried"}, key="req-7")
    assert marks(service.history("g")) == ["retried"]
    assert events == rival.act("g", "ann", "mark", {"note": "retried"}, key="req-7")
    assert racing.reads == 1  # its own append found the key taken: nothing to retry


def test_the_key_goes_with_the_action_not_the_timers_before_it(store: SqlStore) -> None:
    clock = [T0]
    service = GameService(store, now=lambda: clock[0])
    game = service.create("infinite-nomic-r7", ["alice", "bob"], seed=1)
    head = game.head
    clock[0] = T0 + timedelta(hours=36)  # alice's turn has passed to bob meanwhile
    events = service.act(game.id, "bob", "roll", key="late-roll")
    log = service.history(game.id)
    fired = [e for e in log[head:] if e["type"] == "timer.fired"]
    assert fired and fired[0]["seq"] < events[0]["seq"]  # a batch of its own, before
    claim = store.claim(game.id, "late-roll", caller=LOCAL_CALLER)
    assert claim is not None
    assert (claim.first_seq, claim.last_seq) == (events[0]["seq"], events[-1]["seq"])
    # Resent at once (bob may not roll again) and a day later (when the timer that the
    # roll started is due): the same events, and neither fires a timer.
    assert service.act(game.id, "bob", "roll", key="late-roll") == events
    clock[0] = T0 + timedelta(hours=60)
    assert service.open(game.id).fires_before(clock[0])
    assert service.act(game.id, "bob", "roll", key="late-roll") == events
    assert service.history(game.id) == log


# -- races ---------------------------------------------------------------------------------
def test_a_lost_race_is_retried_on_the_new_state(service: GameService,
                                                 rival_store: SqlStore) -> None:
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    racing = Racing(service.store, service_on(rival_store), ("ann", "mark", {"note": "r"}, None),
                    races=2)
    events = racing.act("g", "bob", "mark", {"note": "mine"})
    assert racing.reads == 3
    assert events[-1]["data"]["number"] == 3  # counted after the rival's two marks
    assert marks(service.history("g")) == ["r", "r", "mine"]


def test_a_refusal_after_a_lost_race_names_the_rule_and_its_reason(
        service: GameService, rival_store: SqlStore) -> None:
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    racing = Racing(service.store, service_on(rival_store), ("ann", "claim", {"token": 7}, None),
                    races=1)
    with pytest.raises(ActionRefused) as refused:
        racing.act("g", "bob", "claim", {"token": 7})
    assert str(refused.value) == ("bob cannot claim token=7: token 7 is already claimed "
                                  "(Rule 2, Claims); ann claimed it")
    assert racing.reads == 2


# -- snapshots -------------------------------------------------------------------------------
def test_a_snapshot_is_stored_every_n_events(store: SqlStore) -> None:
    service = service_on(store, snapshot_every=10)
    game = service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    seen: set[int] = set()
    while game.head < 45:
        service.act("g", "ann", "mark")
        game = service.open("g")
        latest = store.latest_snapshot("g")
        if latest is not None:
            seen.add(latest[0])
    log = service.history("g")
    assert sorted(seen) and all(seq % 10 in (0, 1) for seq in seen)  # a batch crossing n*10
    assert max(seen) > game.head - 10
    for seq in seen:  # each is the fold of the log up to it
        tail = store.load_tail("g", upto=seq)
        assert tail.snapshot is not None
        assert tail.snapshot == (seq, fold(op for e in log[:seq] for op in e["ops"]))


@pytest.fixture
def fetched(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many event rows each read of events fetched, from now on."""
    counts: list[int] = []
    select_events = SqlStore._select_events

    def counting(conn: Any, game_id: str, after: int, upto: int) -> list[dict[str, Any]]:
        rows = select_events(conn, game_id, after, upto)
        counts.append(len(rows))
        return rows

    monkeypatch.setattr(SqlStore, "_select_events", staticmethod(counting))
    return counts


def test_opening_reads_only_the_events_since_the_snapshot(
        store: SqlStore, rival_store: SqlStore, fetched: list[int]) -> None:
    writer = service_on(rival_store, snapshot_every=50)
    writer.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    for n in range(200):
        writer.act("g", "ann", "mark", {"note": str(n)})
    head = store.get_game("g").head
    assert head > 400
    fetched.clear()
    opened = service_on(store).open("g")  # a service that never saw the game
    assert sum(fetched) <= 50 + 2  # the snapshot's event and the ones after it
    assert opened.head == head
    fetched.clear()
    store.load_tail("g", upto=40)  # before the first snapshot: from the start
    assert sum(fetched) == 40
    fetched.clear()
    log = service_on(store).history("g")
    assert sum(fetched) == head  # what verify reads: the whole log
    assert opened.state.root == Game.rebuild(log, secret=opened.secret,
                                             registry=registry()).state.root


def test_a_service_catches_up_on_a_game_it_has_seen(store: SqlStore, rival_store: SqlStore,
                                                    fetched: list[int]) -> None:
    service, other = service_on(store), service_on(rival_store)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.open("g")
    fetched.clear()
    for n in range(3):
        other.act("g", "bob", "mark", {"note": f"elsewhere {n}"})
    fetched.clear()
    game = service.open("g")
    assert fetched == [1 + 6]  # the event it knew (to check it) and the six written since
    fresh = service_on(store).open("g")
    assert game.state.root == fresh.state.root and game.head == fresh.head
    assert marks(list(game.log)) == ["elsewhere 0", "elsewhere 1", "elsewhere 2"]


def test_a_service_rereads_a_game_whose_log_is_not_the_one_it_saw(store: SqlStore) -> None:
    service = service_on(store)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.act("g", "ann", "mark", {"note": "seen"})
    with store.engine.begin() as conn:  # the database is put back to an older copy
        head = conn.exec_driver_sql("SELECT head FROM games").scalar()
        conn.exec_driver_sql(f"DELETE FROM events WHERE seq > {head - 2}")
        conn.exec_driver_sql(f"UPDATE games SET head = {head - 2}")
    game = service.open("g")
    assert game.head == head - 2
    assert marks(list(game.log)) == []
    assert game.state.root == service_on(store).open("g").state.root


def test_a_change_takes_the_kept_game_without_copying_or_reading_its_state(
        store: SqlStore, fetched: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    service = service_on(store)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.act("g", "ann", "mark", {"note": "first"})  # reads the game once, keeps it
    snapshots: list[str] = []
    monkeypatch.setattr(store, "load_tail", lambda *a, **k: snapshots.append("read"))

    def no_copy(value: Any) -> Any:
        raise AssertionError("a change copied the whole state")

    monkeypatch.setattr("nomicon.service.copy_tree", no_copy)
    fetched.clear()
    for n in range(5):
        service.act("g", "bob", "mark", {"note": str(n)})
    assert snapshots == []
    assert fetched == []  # nor any event: the append checks that the game was at the head
    monkeypatch.undo()
    assert service.open("g").state.root == service_on(store).open("g").state.root


def test_an_action_on_a_kept_game_is_one_statement_on_postgresql(
        postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """On PostgreSQL, an action on the game the service keeps, with an idempotency key or
    without, sends one statement, its append: the game and the key are not read before
    (the append checks both), and it is its own transaction."""
    with postgres.temporary_database() as url, open_store(url) as store:
        service = service_on(store)
        service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
        service.act("g", "ann", "mark", {"note": "first"})  # reads the game, keeps it
        seen: list[str] = []
        execute = psycopg.Cursor.execute

        def spy(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            seen.append(str(query).split()[0])
            return execute(cursor, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", spy)  # every statement, however sent
        service.act("g", "bob", "mark", {"note": "keyed"}, key="k1")
        service.act("g", "ann", "mark", {"note": "plain"})
        monkeypatch.undo()
        assert seen == ["WITH", "WITH"]
        assert marks(service.history("g")) == ["first", "keyed", "plain"]
        claim = store.claim("g", "k1", caller=LOCAL_CALLER)
        assert claim is not None
        assert marks(store.events("g", claim.first_seq - 1, claim.last_seq)) == ["keyed"]


def test_a_kept_game_follows_what_other_writers_append(store: SqlStore,
                                                       rival_store: SqlStore) -> None:
    service, other = service_on(store), service_on(rival_store)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.act("g", "ann", "mark", {"note": "here"})
    other.act("g", "bob", "roll", {})
    other.act("g", "admin", "rotate-seed", {})  # a new dice secret, stored elsewhere
    events = service.act("g", "ann", "roll", {})
    fresh = service_on(store).open("g")
    assert events[-1]["seq"] == fresh.head
    assert service.open("g").state.root == fresh.state.root
    report = verify(service.history("g"), secret=bytes.fromhex(store.get_game("g").secret or ""),
                    registry=registry())
    assert report.ok, report.problems


def test_a_refusal_met_on_a_kept_game_behind_the_store_is_checked_on_the_new_state(
        store: SqlStore, rival_store: SqlStore) -> None:
    service, other = service_on(store), service_on(rival_store)
    service.create(PACK, ["ann"], seed=1, game_id="g")
    service.act("g", "ann", "mark", {"note": "kept"})
    other.act("g", "carol", "join", {})  # the kept game does not know carol yet
    events = service.act("g", "carol", "mark", {"note": "carol's"})
    assert [e["type"] for e in events] == ["action", "marked"]
    with pytest.raises(ActionRefused, match="token 3 is already claimed"):
        other.act("g", "ann", "claim", {"token": 3}) and service.act("g", "carol", "claim",
                                                                      {"token": 3})
    assert marks(service.history("g")) == ["kept", "carol's"]


def test_a_refused_change_leaves_the_kept_game_as_stored(store: SqlStore) -> None:
    service = service_on(store)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    service.act("g", "ann", "claim", {"token": 7})
    with pytest.raises(ActionRefused, match="token 7 is already claimed"):
        service.act("g", "bob", "claim", {"token": 7})
    service.act("g", "bob", "claim", {"token": 8})
    assert service.open("g").state.root == service_on(store).open("g").state.root
    assert store.get_game("g").head == service.open("g").head


def test_a_kept_game_holds_only_its_latest_events(store: SqlStore) -> None:
    service = service_on(store, snapshot_every=20)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    for n in range(150):
        service.act("g", "ann", "mark", {"note": str(n)})
    kept = service._recent.take("g")
    assert kept is not None and isinstance(kept.log, LazyLog)
    assert kept.log.in_memory <= KEEP_EVENTS
    assert [e["seq"] for e in kept.log] == list(range(1, kept.head + 1))  # still whole


def test_an_opened_game_reads_its_whole_log_when_asked(store: SqlStore) -> None:
    service = service_on(store, snapshot_every=20)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    for n in range(30):
        service.act("g", "ann", "mark", {"note": str(n)})
    game = service.open("g")
    assert isinstance(game.log, LazyLog) and not game.log.loaded
    head = store.get_game("g").head
    assert len(game.log) == game.head == head
    assert game.log[-1]["seq"] == head
    events = game.act("bob", "mark", note="late")
    assert not game.log.loaded  # acting needs only the tail
    assert game.log[-len(events):] == events
    assert [e["seq"] for e in game.log_for("ann")] == list(range(1, head + len(events) + 1))
    assert not game.log.loaded  # the view read the log a page at a time
    assert list(game.log) == service.history("g")
    assert game.log.loaded  # iterating reads the whole log, once


def test_as_of_rebuilds_from_the_snapshot_before_it(store: SqlStore) -> None:
    service = service_on(store, snapshot_every=10)
    service.create(PACK, ["ann", "bob"], seed=1, game_id="g")
    for n in range(20):
        service.act("g", "ann", "mark", {"note": str(n)})
    log = service.history("g")
    for seq in (1, 9, 10, 25, len(log)):
        past = service.as_of("g", seq)
        assert past.head == seq and past.commit_hooks == []
        assert past.state.root == fold(op for e in log[:seq] for op in e["ops"])
        assert list(past.log) == log[:seq]


def test_a_snapshot_belongs_to_its_seq_after_a_lost_race(service: GameService,
                                                         rival_store: SqlStore) -> None:
    service = service_on(service.store, snapshot_every=4)
    rival = service_on(rival_store, snapshot_every=4)
    service.create(PACK, ["ann"], seed=1, game_id="g")
    for _ in range(6):
        racing = Racing(service.store, rival, ("ann", "mark", {"note": "r"}, None), races=1)
        racing.act("g", "ann", "mark", {"note": "s"})
    log = service.history("g")
    tail = service.store.load_tail("g")
    assert tail.snapshot is not None
    seq, state = tail.snapshot
    assert state == fold(op for e in log[:seq] for op in e["ops"])


# -- the dice secret -------------------------------------------------------------------------
def test_a_new_secret_is_stored_in_the_append_of_its_batch(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    service.create(PACK, ["ann"], seed=1, game_id="g")
    service.act("g", "ann", "roll")
    calls: list[str] = []
    for name in ("set_secret", "update_meta"):
        monkeypatch.setattr(service.store, name, lambda *a, _n=name, **k: calls.append(_n))
    before = service.store.get_game("g")
    service.act("g", "admin", "rotate-seed")
    after = service.store.get_game("g")
    game = service.open("g")
    assert calls == []  # one transaction: no separate steps
    assert after.secret != before.secret and bytes.fromhex(after.secret or "") == game.secret
    assert after.meta["commitment"] == game.view()["game"]["seed_commitment"]
    service.act("g", "ann", "roll")
    assert verify(service.history("g"), secret=game.secret, registry=registry()).ok


def test_a_failed_append_keeps_the_old_secret(service: GameService,
                                              rival_store: SqlStore) -> None:
    service.create(PACK, ["ann"], seed=1, game_id="g")
    stale = service.open("g")
    service_on(rival_store).act("g", "ann", "mark")
    secret = service.store.get_game("g").secret
    with pytest.raises(CommitFailed):
        stale.act("admin", "rotate-seed")
    assert stale.secret.hex() == secret == service.store.get_game("g").secret
