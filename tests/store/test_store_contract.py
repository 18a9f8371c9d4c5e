"""Contract tests for game stores (:class:`~nomicon.store.Store`), run against the SQL
store on SQLite and on PostgreSQL.

:class:`StoreContract` holds any backend to the protocol. Its one hook is
``make_store()``: a new store object on the test's games at each call (two of them
stand for two servers sharing the games), which the test case closes after the test.
:class:`SharedStoreContract` adds what only a backend that several processes share
can do; its hook ``opener()`` lets a child process open the same games.
:class:`SqlStoreContract` is the SQL store on either dialect: it makes both hooks from
the test's database URL and adds what only a database shows (schema, migrations, a
log changed under the store). The PostgreSQL run uses a private server (see
``tests/pgfixture.py``) and a fresh database per test.
"""

from __future__ import annotations

import multiprocessing as mp
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta, timezone
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import pytest
import sqlalchemy as sa

from nomicon.store import (
    Claim,
    DuplicateGame,
    GameNotFound,
    GameRecord,
    Idempotency,
    InvalidInput,
    KeyUsed,
    Point,
    SeqConflict,
    SqlStore,
    Store,
    StoreError,
    current_revision,
    head_revision,
    upgrade,
)
from nomicon.store.migrate import HEAD
from nomicon.store.pgserver import PostgresServer
from nomicon.store.schema import events as events_table
from nomicon.store.schema import games as games_table

S = TypeVar("S", bound=Store)
#: Opens a store on the test's games (picklable, to be called in a child process).
Opener = Callable[[], Store]

T0 = datetime(2026, 5, 9, 7, 35, 25, 123456, tzinfo=UTC)


def ev(seq: int, type_: str = "tick", **body: Any) -> dict[str, Any]:
    return {"seq": seq, "time": (T0 + timedelta(seconds=seq)).isoformat(), "type": type_, **body}


def hashed(seq: int, **body: Any) -> dict[str, Any]:
    """An event carrying a hash, as the engine's events do (snapshots record it)."""
    return ev(seq, hash=f"h{seq}", **body)


def rec(game_id: str = "g1", created: datetime = T0, **kw: Any) -> GameRecord:
    meta = kw.pop("meta", {"title": "Test game", "players": ["ann", "bob"]})
    return GameRecord(id=game_id, pack="classic", created=created, meta=meta, **kw)


@contextmanager
def _child_holding_the_lock(opener: Opener, journal: Path) -> Iterator[tuple[Any, Any]]:
    """A child process holding game g1's write lock (see ``_hold_write_lock``) until
    the yielded ``release`` event is set, and always on the way out."""
    ctx = mp.get_context("spawn")
    holding, release = ctx.Event(), ctx.Event()
    child = ctx.Process(target=_hold_write_lock, args=(opener, str(journal), holding, release))
    child.start()
    try:
        assert holding.wait(timeout=120)
        yield child, release
    finally:
        release.set()
        child.join(timeout=120)
        if child.is_alive():  # hang guard
            child.kill()
            child.join()


def _race_worker(opener: Opener, writer: str, count: int, barrier: Any) -> None:
    """Append ``count`` events to game 'race', retrying on SeqConflict (child process)."""
    store = opener()
    try:
        barrier.wait(timeout=120)
        done = 0
        while done < count:
            head = store.get_game("race").head
            try:
                store.append("race", [ev(head + 1, writer, n=done)])
            except SeqConflict:
                continue
            done += 1
    finally:
        store.close()


def _hold_write_lock(opener: Opener, journal: str, holding: Any, release: Any) -> None:
    """Hold game 'g1''s write lock until told to release it (child process)."""
    store = opener()
    try:
        with store.write_lock("g1") as held:
            with open(journal, "a", encoding="utf-8") as out:
                out.write(f"child in {held}\n")
            holding.set()
            release.wait(timeout=120)
            with open(journal, "a", encoding="utf-8") as out:
                out.write("child out\n")
    finally:
        store.close()


class StoreContract(ABC):
    """What every store backend does. A backend's test case supplies ``make_store()``."""

    @abstractmethod
    def make_store(self) -> Store:
        """A new store object on this test's games (each call: another object on the
        same games), passed through :meth:`track` so that it is closed after the test."""

    @pytest.fixture(autouse=True)
    def _close_stores(self) -> Iterator[None]:
        self._stores: list[Store] = []
        yield
        for store in self._stores:
            store.close()

    def track(self, store: S) -> S:
        """The store, to be closed when the test ends."""
        self._stores.append(store)
        return store

    # -- create / load -----------------------------------------------------------

    def test_create_load_round_trip(self) -> None:
        store = self.make_store()
        events = [
            ev(1, "game_created", params={"n": 3, "ratio": 0.5, "ok": True, "none": None}),
            ev(2, "player_joined", player="ann", tags=["a", "b"], nested={"x": {"y": [1, 2]}}),
            ev(3, "proposal", text="Règle 301 — ünïcødé ✓"),
        ]
        store.create_game(rec(secret="ab" * 16), events)
        record, log = store.load("g1")
        assert log == events
        assert record == rec(secret="ab" * 16, head=3)
        assert record.created == T0
        assert record.created.utcoffset() == timedelta(0)
        assert store.get_game("g1") == record

    def test_a_child_games_record_names_its_parent(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        store.create_game(rec("g1-1", parent="g1"), [ev(1)])
        assert store.get_game("g1-1").parent == "g1"
        assert store.load("g1-1")[0] == rec("g1-1", parent="g1", head=1)
        assert store.get_game("g1").parent is None
        assert [r.parent for r in store.list_games()] == [None, "g1"]
        with pytest.raises(InvalidInput, match="parent"):
            store.create_game(rec("g2", parent=""), [])

    def test_created_normalised_to_utc(self) -> None:
        store = self.make_store()
        local = T0.astimezone(timezone(timedelta(hours=-5, minutes=-30)))
        store.create_game(rec(created=local), [])
        created = store.get_game("g1").created
        assert created == T0
        assert created.tzinfo is not None and created.utcoffset() == timedelta(0)

    def test_naive_created_rejected(self) -> None:
        store = self.make_store()
        with pytest.raises(InvalidInput):
            store.create_game(rec(created=T0.replace(tzinfo=None)), [])
        with pytest.raises(GameNotFound):
            store.get_game("g1")

    def test_create_without_events(self) -> None:
        store = self.make_store()
        store.create_game(rec(head=7), [])  # record.head is ignored
        record, log = store.load("g1")
        assert (record.head, log) == (0, [])
        assert store.append("g1", [ev(1)]) == 1

    def test_duplicate_game(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(DuplicateGame, match="'g1'"):
            store.create_game(rec(meta={"other": True}), [ev(1, "other")])
        record, log = store.load("g1")
        assert record.meta == rec().meta
        assert log == [ev(1)]

    def test_create_events_must_start_at_one(self) -> None:
        store = self.make_store()
        with pytest.raises(SeqConflict):
            store.create_game(rec(), [ev(2), ev(3)])
        with pytest.raises(SeqConflict):
            store.create_game(rec(), [ev(1), ev(3)])
        with pytest.raises(GameNotFound):
            store.load("g1")

    @pytest.mark.parametrize(
        "call",
        [
            lambda s: s.load("nope"),
            lambda s: s.get_game("nope"),
            lambda s: s.append("nope", [ev(1)]),
            lambda s: s.append("nope", []),
            lambda s: s.events("nope"),
            lambda s: s.save_snapshot("nope", 0, {}),
            lambda s: s.latest_snapshot("nope"),
        ],
    )
    def test_game_not_found(self, call: Any) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(GameNotFound, match=r"^game 'nope' not found$") as info:
            call(store)
        assert info.value.game_id == "nope"

    # -- append ------------------------------------------------------------------

    def test_append_and_slice(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        assert store.append("g1", [ev(2), ev(3)]) == 3
        assert store.append("g1", [ev(4)]) == 4
        assert store.append("g1", []) == 4
        assert store.get_game("g1").head == 4
        assert [e["seq"] for e in store.events("g1")] == [1, 2, 3, 4]
        assert [e["seq"] for e in store.events("g1", after=2)] == [3, 4]
        assert [e["seq"] for e in store.events("g1", after=1, upto=3)] == [2, 3]
        assert store.events("g1", after=4) == []
        assert store.events("g1", after=3, upto=2) == []
        assert store.events("g1", upto=99) == store.load("g1")[1]

    def _assert_conflict(
        self, store: Store, events: list[dict[str, Any]], exp: int, act: int
    ) -> None:
        with pytest.raises(SeqConflict) as info:
            store.append("g1", events)
        assert (info.value.game_id, info.value.expected, info.value.actual) == ("g1", exp, act)

    def test_append_gap(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1), ev(2)])
        self._assert_conflict(store, [ev(4)], 3, 2)
        assert store.load("g1") == (rec(head=2), [ev(1), ev(2)])

    def test_append_repeat(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1), ev(2)])
        self._assert_conflict(store, [ev(2, "again")], 1, 2)
        self._assert_conflict(store, [ev(1, "again")], 0, 2)
        assert store.events("g1") == [ev(1), ev(2)]

    def test_append_wrong_start_or_non_contiguous_batch_is_atomic(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        self._assert_conflict(store, [ev(2), ev(4)], 3, 2)  # gap inside the batch
        self._assert_conflict(store, [ev(2), ev(2)], 1, 2)  # repeat inside the batch
        self._assert_conflict(store, [ev(3), ev(4)], 2, 1)  # wrong start
        assert store.load("g1") == (rec(head=1), [ev(1)])

    @pytest.mark.parametrize(
        "bad",
        [
            {"time": "t", "type": "x"},
            {"seq": "2", "time": "t", "type": "x"},
            {"seq": True, "time": "t", "type": "x"},
            {"seq": 2, "type": "x"},
            {"seq": 2, "time": "t", "type": 5},
            ["not", "a", "dict"],
            ev(2, payload={1, 2}),  # not JSON-serialisable
            ev(2, payload=float("nan")),  # not portable JSON
        ],
    )
    def test_invalid_events_rejected(self, bad: Any) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(InvalidInput):
            store.append("g1", [bad])
        assert store.load("g1") == (rec(head=1), [ev(1)])
        assert store.append("g1", [ev(2)]) == 2

    def test_two_stores_race_for_same_seq(self) -> None:
        a, b = self.make_store(), self.make_store()
        a.create_game(rec(), [ev(1)])
        head_a, head_b = a.get_game("g1").head, b.get_game("g1").head
        assert a.append("g1", [ev(head_a + 1, "from_a")]) == 2
        with pytest.raises(SeqConflict) as info:
            b.append("g1", [ev(head_b + 1, "from_b")])
        assert (info.value.expected, info.value.actual) == (1, 2)
        head_b = b.get_game("g1").head
        assert b.append("g1", [ev(head_b + 1, "from_b")]) == 3
        assert a.events("g1") == [ev(1), ev(2, "from_a"), ev(3, "from_b")]

    # -- listing, meta, secret, snapshots ------------------------------------------

    def test_list_games(self) -> None:
        store = self.make_store()
        assert store.list_games() == []
        store.create_game(rec("late", created=T0 + timedelta(days=1)), [ev(1)])
        store.create_game(rec("early"), [])
        games = store.list_games()
        assert [g.id for g in games] == ["early", "late"]
        assert [g.head for g in games] == [0, 1]

    def test_games_page_by_a_stable_cursor(self) -> None:
        store = self.make_store()
        for n in range(5):  # two made in the same instant: they list by id
            store.create_game(rec(f"g{n}", created=T0 + timedelta(hours=min(n, 3))), [])
        first = store.games_page(limit=2)
        assert [g.id for g in first] == ["g4", "g3"]
        store.create_game(rec("newer", created=T0 + timedelta(days=9)), [])
        second = store.games_page(first[-1].id, 2)
        third = store.games_page(second[-1].id, 2)
        assert [g.id for g in second + third] == ["g2", "g1", "g0"]
        assert [g.id for g in store.games_page(limit=10)][:2] == ["newer", "g4"]
        with pytest.raises(InvalidInput):
            store.games_page("nosuch", 2)
        with pytest.raises(InvalidInput):
            store.games_page(limit=0)

    def test_series_points_are_read_per_viewer_at_batch_ends(self) -> None:
        store = self.make_store()
        batch = [{**ev(1), "batch": 1}, {**ev(2), "batch": 1}]
        store.create_game(rec(), batch, series={2: [
            Point("ann", "coins", True, {"*": 5}),
            Point("ann", "luck", False, {"ann": 1, "admin": 1})]})
        for seq in range(3, 11):  # batches of one event; ann's coins move at 6
            points = ([Point("ann", "coins", True, {"*": 9}),
                       Point("ann", "luck", False, {"ann": 2, "admin": 2})]
                      if seq == 6 else [])
            store.append("g1", [{**ev(seq), "batch": seq}], series=points)
        public = store.chart("g1", "observer", 400)
        assert public is not None
        assert public.seqs == list(range(2, 11))  # every batch end, not seq 1
        assert public.values == {("ann", "coins"): [5, 5, 5, 5, 9, 9, 9, 9, 9]}
        assert public.currency == {"coins": True}
        own = store.chart("g1", "ann", 3)
        assert own is not None and own.seqs == [4, 7, 10]
        assert own.values == {("ann", "coins"): [5, 9, 9], ("ann", "luck"): [1, 2, 2]}
        other = store.chart("g1", "bob", 3)
        assert other is not None and other.values == {("ann", "coins"): [5, 9, 9]}
        with pytest.raises(InvalidInput):
            store.chart("g1", "ann", 0)
        with pytest.raises(InvalidInput):
            store.append("g1", [{**ev(11), "batch": 11}],
                         series=[Point("ann", "coins", True, {"*": float("nan")})])
        store.create_game(rec("unkept"), [ev(1)])
        assert store.chart("unkept", "observer", 10) is None

    def test_appending_batches_together_stores_what_appending_each_would(self) -> None:
        # Two games: one appended a batch at a time, one with the same batches in one
        # call; their logs, records, newest snapshots and charts are the same.
        store = self.make_store()
        batches = []
        for seq in range(2, 9):  # batches of one event; ann's coins move at 4 and 7
            points = [Point("ann", "coins", True, {"*": seq})] if seq in (4, 7) else []
            batches.append(([{**hashed(seq), "batch": seq}], points))
        for game_id in ("each", "together"):
            store.create_game(rec(game_id, secret="aa"), [{**hashed(1), "batch": 1}],
                              series={1: [Point("ann", "coins", True, {"*": 1})]})
        for number, (events, points) in enumerate(batches):
            last = number == len(batches) - 1
            store.append("each", events, series=points,
                         secret="bb" if last else None, meta={"status": "ended"} if last
                         else None, snapshot={"at": 8} if last else None)
        assert store.append_batches("together", batches, secret="bb",
                                    meta={"status": "ended"}, snapshot={"at": 8}) == 8
        assert store.events("together") == store.events("each")
        assert [e["seq"] for e in store.events("together")] == list(range(1, 9))
        assert store.get_game("together").secret == "bb"
        assert store.get_game("together").meta == {"status": "ended"}
        assert store.latest_snapshot("together") == (8, {"at": 8})
        chart = store.chart("together", "observer", 400)
        assert chart is not None and chart == store.chart("each", "observer", 400)
        assert chart.seqs == list(range(1, 9))
        assert chart.values == {("ann", "coins"): [1, 1, 1, 4, 4, 4, 7, 7]}

    def test_appending_batches_that_do_not_follow_the_head_writes_none(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(SeqConflict):
            store.append_batches("g1", [([ev(2)], []), ([ev(4)], [])])  # a gap
        with pytest.raises(SeqConflict):
            store.append_batches("g1", [([ev(3)], []), ([ev(4)], [])])  # not the head
        assert store.events("g1") == [ev(1)] and store.get_game("g1").head == 1
        assert store.append_batches("g1", [([ev(2)], []), ([], []), ([ev(3)], [])]) == 3
        assert store.append_batches("g1", []) == 3

    def test_snapshots(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1), ev(2), ev(3)])
        assert store.latest_snapshot("g1") is None
        store.save_snapshot("g1", 3, {"score": {"ann": 3}})
        store.save_snapshot("g1", 1, {"score": {"ann": 1}})
        assert store.latest_snapshot("g1") == (3, {"score": {"ann": 3}})
        store.save_snapshot("g1", 3, {"score": {"ann": 30}})  # replaces
        assert store.latest_snapshot("g1") == (3, {"score": {"ann": 30}})
        with pytest.raises(InvalidInput):
            store.save_snapshot("g1", 4, {})
        with pytest.raises(InvalidInput):
            store.save_snapshot("g1", -1, {})
        assert store.latest_snapshot("g1") == (3, {"score": {"ann": 30}})

    # -- idempotency keys, atomic extras, snapshots for opening ----------------------

    def test_append_records_an_idempotency_key_with_its_events(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        assert store.claim("g1", "req-1", caller="u1") is None
        request = {"actor": "ann", "action": "mark"}
        assert store.append("g1", [ev(2), ev(3)],
                            idempotency=Idempotency("u1", "req-1", request)) == 3
        assert store.claim("g1", "req-1", caller="u1") == Claim("g1", "u1", "req-1", 2, 3,
                                                                request)
        other = self.make_store()  # another process sees it
        assert other.claim("g1", "req-1", caller="u1") == Claim("g1", "u1", "req-1", 2, 3,
                                                                request)

    def test_a_used_key_writes_nothing_whatever_the_head(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        store.append("g1", [ev(2)], idempotency=Idempotency("u1", "k", {"n": 1}))
        for seq in (3, 2):  # a fresh seq, and a stale one: the key is checked first
            with pytest.raises(KeyUsed) as info:
                store.append("g1", [ev(seq, "again")],
                             idempotency=Idempotency("u1", "k", {"n": 2}),
                             secret="ff", meta={"x": 1})
            assert info.value.claim == Claim("g1", "u1", "k", 2, 2, {"n": 1})
        record, log = store.load("g1")
        assert (record.head, record.secret, record.meta) == (2, None, rec().meta)
        assert log == [ev(1), ev(2)]

    def test_keys_belong_to_their_game(self) -> None:
        store = self.make_store()
        store.create_game(rec("a"), [ev(1)])
        store.create_game(rec("b"), [ev(1)])
        store.append("a", [ev(2)], idempotency=Idempotency("u1", "k"))
        assert store.append("b", [ev(2)], idempotency=Idempotency("u1", "k")) == 2
        assert store.claim("b", "k", caller="u1") == Claim("b", "u1", "k", 2, 2, {})
        with pytest.raises(GameNotFound):
            store.claim("nope", "k", caller="u1")

    def test_keys_belong_to_their_caller(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        store.append("g1", [ev(2)], idempotency=Idempotency("pam", "bid-1", {"card": 12}))
        assert store.claim("g1", "bid-1", caller="pete") is None
        # pete's bid-1 is another key: it neither collides with pam's nor reads it.
        assert store.append("g1", [ev(3)],
                            idempotency=Idempotency("pete", "bid-1", {"card": 2})) == 3
        assert store.claim("g1", "bid-1", caller="pam") == Claim("g1", "pam", "bid-1", 2, 2,
                                                                 {"card": 12})
        assert store.claim("g1", "bid-1", caller="pete") == Claim("g1", "pete", "bid-1", 3, 3,
                                                                  {"card": 2})
        with pytest.raises(KeyUsed) as info:
            store.append("g1", [ev(4)], idempotency=Idempotency("pete", "bid-1", {"card": 5}))
        assert info.value.claim.caller == "pete"
        assert "12" not in str(info.value)

    @pytest.mark.parametrize("caller", ["", "x" * 201, None])
    def test_malformed_callers_are_refused(self, caller: Any) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(InvalidInput):
            store.append("g1", [ev(2)], idempotency=Idempotency(caller, "k"))
        with pytest.raises(InvalidInput):
            store.claim("g1", "k", caller=caller)
        assert store.get_game("g1").head == 1

    @pytest.mark.parametrize("key", ["", "x" * 201, 7])
    def test_malformed_keys_are_refused(self, key: Any) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(InvalidInput):
            store.append("g1", [ev(2)], idempotency=Idempotency("u1", key))
        assert store.get_game("g1").head == 1

    def test_a_conflicting_append_leaves_key_secret_and_meta_alone(self) -> None:
        store = self.make_store()
        store.create_game(rec(secret="aa"), [ev(1), ev(2)])
        with pytest.raises(SeqConflict):
            store.append("g1", [ev(2, "late")], idempotency=Idempotency("u1", "k"), secret="bb",
                         meta={"title": "changed"}, snapshot={"s": 1})
        record = store.get_game("g1")
        assert (record.secret, record.meta, record.head) == ("aa", rec().meta, 2)
        assert store.claim("g1", "k", caller="u1") is None
        assert store.latest_snapshot("g1") is None

    def test_append_stores_secret_meta_and_snapshot_with_the_events(self) -> None:
        store = self.make_store()
        store.create_game(rec(secret="aa"), [hashed(1)])
        store.append("g1", [hashed(2), hashed(3)], secret="bb", meta={"status": "ended"},
                     snapshot={"marks": 3})
        record = store.get_game("g1")
        assert (record.secret, record.meta, record.head) == ("bb", {"status": "ended"}, 3)
        assert store.latest_snapshot("g1") == (3, {"marks": 3})
        store.append("g1", [hashed(4)])  # nothing else given: nothing else changes
        assert store.get_game("g1") == GameRecord("g1", "classic", T0, {"status": "ended"},
                                                  "bb", 4)

    def test_an_empty_batch_carries_nothing(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(InvalidInput):
            store.append("g1", [], idempotency=Idempotency("u1", "k"))
        with pytest.raises(InvalidInput):
            store.append("g1", [], secret="aa")

    def test_load_tail_reads_from_the_newest_snapshot(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [hashed(s) for s in range(1, 6)])
        tail = store.load_tail("g1")
        assert (tail.snapshot, [e["seq"] for e in tail.events]) == (None, [1, 2, 3, 4, 5])
        store.save_snapshot("g1", 2, {"at": 2})
        store.append("g1", [hashed(6)], snapshot={"at": 6})
        store.append("g1", [hashed(7), hashed(8)])
        tail = store.load_tail("g1")
        assert tail.record == store.get_game("g1")
        assert tail.snapshot == (6, {"at": 6})
        assert [e["seq"] for e in tail.events] == [6, 7, 8]  # from the snapshot's own event
        tail = store.load_tail("g1", upto=5)
        assert tail.snapshot == (2, {"at": 2})
        assert [e["seq"] for e in tail.events] == [2, 3, 4, 5]
        assert store.load_tail("g1", upto=1).snapshot is None
        assert [e["seq"] for e in store.load_tail("g1", upto=99).events] == [6, 7, 8]
        with pytest.raises(InvalidInput):
            store.load_tail("g1", upto=-1)
        with pytest.raises(GameNotFound):
            store.load_tail("nope")

    def test_snapshots_without_a_hash_are_kept_but_not_used_for_opening(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1), ev(2)])  # events without hashes
        store.save_snapshot("g1", 2, {"at": 2})
        assert store.latest_snapshot("g1") == (2, {"at": 2})
        assert store.load_tail("g1").snapshot is None

    def test_create_game_with_a_snapshot(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [hashed(1), hashed(2)], snapshot={"imported": True})
        tail = store.load_tail("g1")
        assert tail.snapshot == (2, {"imported": True})
        assert [e["seq"] for e in tail.events] == [2]
        with pytest.raises(InvalidInput):
            store.create_game(rec("g2"), [], snapshot={"x": 1})

    # -- when games fall due ---------------------------------------------------------

    def test_due_games_are_found_by_their_next_due_time(self) -> None:
        store = self.make_store()
        store.create_game(rec("early", next_due=T0 + timedelta(hours=1)), [ev(1)])
        store.create_game(rec("late", next_due=T0 + timedelta(hours=5)), [ev(1)])
        store.create_game(rec("idle"), [ev(1)])  # no timer
        assert store.due_games(T0) == []
        assert store.due_games(T0 + timedelta(hours=1)) == ["early"]  # due at, or before
        assert store.due_games(T0 + timedelta(days=1)) == ["early", "late"]  # longest due first
        assert store.due_games(T0 + timedelta(days=1), limit=1) == ["early"]
        with pytest.raises(InvalidInput):
            store.due_games(T0, limit=0)

    def test_an_append_records_the_next_due_time_or_keeps_it(self) -> None:
        store = self.make_store()
        store.create_game(rec("g1", next_due=T0), [ev(1)])
        store.append("g1", [ev(2)])  # not given: kept
        assert store.get_game("g1").next_due == T0
        store.append("g1", [ev(3)], next_due=T0 + timedelta(days=2))
        assert store.get_game("g1").next_due == T0 + timedelta(days=2)
        store.append("g1", [ev(4)], next_due=None)  # no timer any more
        assert store.get_game("g1").next_due is None
        assert store.due_games(T0 + timedelta(days=9)) == []
        with pytest.raises(InvalidInput):
            store.append("g1", [ev(5)], next_due="tomorrow")  # type: ignore[arg-type]
        assert store.get_game("g1").head == 4

    def test_a_conflicting_append_leaves_the_next_due_time_alone(self) -> None:
        store = self.make_store()
        store.create_game(rec("g1", next_due=T0), [ev(1), ev(2)])
        with pytest.raises(SeqConflict):
            store.append("g1", [ev(2)], next_due=None)
        assert store.get_game("g1").next_due == T0

    def test_set_next_due_only_for_the_head_it_was_computed_at(self) -> None:
        store = self.make_store()
        store.create_game(rec("g1", next_due=T0), [ev(1), ev(2)])
        assert not store.set_next_due("g1", None, head=1)  # the log moved on since
        assert store.get_game("g1").next_due == T0
        assert store.set_next_due("g1", T0 + timedelta(hours=3), head=2)
        assert store.get_game("g1").next_due == T0 + timedelta(hours=3)

    # -- write locks ---------------------------------------------------------------

    def test_a_thread_may_take_a_write_lock_it_holds_through_another_store(self) -> None:
        one, two = self.make_store(), self.make_store()
        with one.write_lock("g1") as first, two.write_lock("g1") as again:
            assert first and again
        with one.write_lock("g1") as later:  # released on the way out
            assert later

    # -- lifecycle -------------------------------------------------------------------

    def test_reopen_keeps_games(self) -> None:
        first = self.make_store()
        first.create_game(rec(), [ev(1), ev(2)])
        first.save_snapshot("g1", 2, {"k": "v"})
        first.close()
        again = self.make_store()
        assert again.load("g1") == (rec(head=2), [ev(1), ev(2)])
        assert again.latest_snapshot("g1") == (2, {"k": "v"})
        assert again.append("g1", [ev(3)]) == 3

    def test_closed_store_raises(self) -> None:
        store = self.make_store()
        store.close()
        store.close()
        with pytest.raises(StoreError, match="closed"):
            store.list_games()


class SharedStoreContract(StoreContract):
    """What a backend that several processes share does: another process opening the
    same games sees, races and waits for this one's writes. A store that lives in one
    process's memory cannot be shared, hence a case of its own; its hook ``opener()``
    is how a child process opens the games, since a store object cannot be sent."""

    @abstractmethod
    def opener(self) -> Opener:
        """A picklable function that opens a store on this test's games."""

    def test_processes_append_concurrently(self) -> None:
        self.make_store().create_game(rec("race"), [])
        ctx = mp.get_context("spawn")
        barrier = ctx.Barrier(2)
        procs = [
            ctx.Process(target=_race_worker, args=(self.opener(), name, 50, barrier))
            for name in ("w0", "w1")
        ]
        for p in procs:
            p.start()
        for p in procs:
            p.join(timeout=600)
        for p in procs:
            if p.is_alive():  # hang guard, not a timing assertion
                p.kill()
                p.join()
            assert p.exitcode == 0
            p.close()
        record, log = self.make_store().load("race")
        assert record.head == 100
        assert [e["seq"] for e in log] == list(range(1, 101))
        for name in ("w0", "w1"):
            assert [e["n"] for e in log if e["type"] == name] == list(range(50))

    def test_try_write_lock_does_not_wait_for_another_process(self, tmp_path: Path) -> None:
        with _child_holding_the_lock(self.opener(), tmp_path / "journal"), \
                self.make_store().try_write_lock("g1") as free:
            assert not free  # held by the child: not waited for
        with self.make_store().try_write_lock("g1") as free:
            assert free

    def test_a_write_lock_excludes_other_processes(self, tmp_path: Path) -> None:
        journal = tmp_path / "journal"
        with _child_holding_the_lock(self.opener(), journal) as (child, release):
            waiter_done = threading.Event()

            def wait_for_lock() -> None:
                with self.make_store().write_lock("g1") as held, \
                        open(journal, "a", encoding="utf-8") as out:
                    out.write(f"parent in {held}\n")
                waiter_done.set()

            waiter = threading.Thread(target=wait_for_lock)
            waiter.start()
            release.set()  # whenever the waiter got to wait, it can only get in after this
            waiter.join(timeout=120)
            assert waiter_done.is_set()
        assert child.exitcode == 0
        lines = journal.read_text(encoding="utf-8").splitlines()
        assert lines == ["child in True", "child out", "parent in True"]


class SqlStoreContract(SharedStoreContract):
    """The SQL store on either dialect. A dialect's test case sets ``url``, the URL of a
    fresh database for each test; the store's own methods beyond the protocol, its
    schema and its migrations are checked here, and so is what the store does with
    a log changed under it (written through the database, as a restored backup is)."""

    url: str

    def make_store(self) -> SqlStore:
        return self.track(SqlStore(self.url))

    def opener(self) -> Opener:
        return partial(SqlStore, self.url)

    @pytest.mark.parametrize(
        "call",
        [
            lambda s: s.update_meta("nope", {}),
            lambda s: s.set_secret("nope", "00"),
        ],
    )
    def test_game_not_found_by_the_sql_stores_own_methods(self, call: Any) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with pytest.raises(GameNotFound, match=r"^game 'nope' not found$") as info:
            call(store)
        assert info.value.game_id == "nope"

    def test_update_meta_and_secret(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        store.update_meta("g1", {"title": "Renamed", "params": {"quorum": 2}})
        store.set_secret("g1", "deadbeef")
        record = store.get_game("g1")
        assert record.meta == {"title": "Renamed", "params": {"quorum": 2}}
        assert record.secret == "deadbeef"
        assert "deadbeef" not in repr(record.meta)
        store.set_secret("g1", None)
        assert store.get_game("g1").secret is None
        assert store.load("g1")[1] == [ev(1)]

    def test_a_snapshot_of_another_log_is_not_used(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [hashed(1), hashed(2), hashed(3)])
        store.save_snapshot("g1", 2, {"at": 2})
        with store.engine.begin() as conn:  # the log is no longer the one snapshotted
            conn.execute(
                sa.update(events_table)
                .where(events_table.c.game_id == "g1", events_table.c.seq == 2)
                .values(body=hashed(2, forged=True) | {"hash": "forged"})
            )
        tail = store.load_tail("g1")
        assert tail.snapshot is None
        assert [e["seq"] for e in tail.events] == [1, 2, 3]

    def test_a_snapshot_replaces_one_left_by_a_log_cut_back(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [hashed(1)])
        store.append("g1", [hashed(2)], snapshot={"old": True})
        with store.engine.begin() as conn:  # back to an older copy of the events
            conn.execute(sa.delete(events_table).where(events_table.c.seq == 2))
            conn.execute(sa.update(games_table).values(head=1))
        assert store.load_tail("g1").snapshot is None
        store.append("g1", [hashed(2) | {"hash": "other"}], snapshot={"new": True})
        assert store.load_tail("g1").snapshot == (2, {"new": True})

    def test_schema_matches_migrations(self) -> None:
        from alembic.autogenerate import compare_metadata
        from alembic.runtime.migration import MigrationContext

        from nomicon.store.schema import metadata

        store = self.make_store()
        with store.engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), metadata)
        assert diff == []

    def test_upgrade_from_the_first_revision_keeps_games(self) -> None:
        upgrade(self.url, "0001")
        assert current_revision(self.url) == "0001"
        old = sa.create_engine(self.url)
        try:
            with old.begin() as conn:
                conn.execute(sa.insert(games_table), {
                    "id": "old", "pack": "classic", "created": T0, "meta": {"title": "Old"},
                    "secret": "ab", "head": 2})
                conn.execute(sa.insert(events_table), [
                    {"game_id": "old", "seq": s, "time": e["time"], "type": e["type"],
                     "body": e} for s, e in ((1, ev(1)), (2, ev(2)))])
        finally:
            old.dispose()
        store = self.make_store()  # opening upgrades
        assert current_revision(self.url) == head_revision()
        # Revision 0005 marks older games due at their creation, so that the first
        # sweep of a server opens each once and records its real next due time.
        assert store.load("old") == (rec("old", meta={"title": "Old"}, secret="ab", head=2,
                                         next_due=T0), [ev(1), ev(2)])
        assert store.due_games(T0) == ["old"]
        assert store.claim("old", "k", caller="u1") is None
        assert store.append("old", [hashed(3)], idempotency=Idempotency("u1", "k"),
                            snapshot={"n": 3}) == 3
        assert store.load_tail("old").snapshot == (3, {"n": 3})

    def test_upgrade_from_revision_0003_keeps_keys_as_nobodys(self) -> None:
        """Keys recorded before revision 0004 say no caller: they stay (their events
        are untouched) but collide with no account's key."""
        upgrade(self.url, "0003")
        old = sa.create_engine(self.url)
        try:
            with old.begin() as conn:
                conn.execute(sa.insert(games_table), {
                    "id": "old", "pack": "classic", "created": T0, "meta": {}, "head": 2})
                conn.execute(sa.insert(events_table), [
                    {"game_id": "old", "seq": s, "time": e["time"], "type": e["type"],
                     "body": e} for s, e in ((1, ev(1)), (2, ev(2)))])
                conn.execute(sa.text(
                    "INSERT INTO idempotency (game_id, key, first_seq, last_seq, result) "
                    "VALUES ('old', 'k', 2, 2, '{\"card\": 12}')"))
        finally:
            old.dispose()
        store = self.make_store()  # opening upgrades
        assert current_revision(self.url) == head_revision()
        with store.engine.connect() as conn:
            rows = conn.execute(sa.text(
                "SELECT game_id, caller, key, first_seq FROM idempotency")).all()
        assert [tuple(r) for r in rows] == [("old", "", "k", 2)]
        assert store.claim("old", "k", caller="u1") is None
        assert store.append("old", [ev(3)], idempotency=Idempotency("u1", "k")) == 3
        assert store.claim("old", "k", caller="u1") == Claim("old", "u1", "k", 3, 3, {})

    def test_revision_0007_adds_the_parent_column_and_takes_it_away_again(self) -> None:
        """Up from 0006 with a game stored, down again with a child stored: no game and
        no event is lost either way, and the column comes and goes."""
        from alembic import command

        from nomicon.store.migrate import alembic_config

        def columns() -> set[str]:
            engine = sa.create_engine(self.url)
            try:
                return {c["name"] for c in sa.inspect(engine).get_columns("games")}
            finally:
                engine.dispose()

        upgrade(self.url, "0006")
        assert "parent" not in columns()
        old = sa.create_engine(self.url)
        try:
            with old.begin() as conn:
                conn.execute(sa.insert(games_table).values(
                    id="old", pack="classic", created=T0, meta={}, head=2))
                conn.execute(sa.insert(events_table), [
                    {"game_id": "old", "seq": s, "time": e["time"], "type": e["type"],
                     "body": e} for s, e in ((1, ev(1)), (2, ev(2)))])
        finally:
            old.dispose()
        upgrade(self.url, "0007")
        assert "parent" in columns()
        store = self.make_store()
        assert store.get_game("old").parent is None
        store.create_game(rec("old-1", parent="old"), [ev(1)])
        store.close()
        command.downgrade(alembic_config(self.url), "0006")
        assert current_revision(self.url) == "0006"
        assert "parent" not in columns()
        check = sa.create_engine(self.url)
        try:
            with check.connect() as conn:
                games = conn.execute(sa.text("SELECT id, head FROM games ORDER BY id")).all()
                logged = conn.execute(sa.text(
                    "SELECT game_id, seq FROM events ORDER BY game_id, seq")).all()
        finally:
            check.dispose()
        assert [tuple(g) for g in games] == [("old", 2), ("old-1", 1)]
        assert [tuple(e) for e in logged] == [("old", 1), ("old", 2), ("old-1", 1)]
        again = self.make_store()  # up again: the child no longer knows its parent
        assert again.get_game("old-1").parent is None
        assert again.load("old")[1] == [ev(1), ev(2)]

    def test_migrations_at_head(self) -> None:
        self.make_store()
        # A store opens without Alembic when it is at HEAD: that must be the newest.
        assert head_revision() == HEAD
        assert current_revision(self.url) == head_revision()
        upgrade(self.url)  # idempotent
        assert current_revision(self.url) == head_revision()


class TestSqliteStore(SqlStoreContract):
    @pytest.fixture(autouse=True)
    def _sqlite_file(self, tmp_path: Path) -> None:
        self.path = tmp_path / "nomicon.db"
        self.url = f"sqlite:///{self.path}"

    def test_pragmas_on_every_connection(self) -> None:
        store = self.make_store()
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10000
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL

    def test_writes_begin_immediate_reads_deferred(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        seen: list[str] = []

        def spy(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if statement.startswith("BEGIN"):
                seen.append(statement)

        sa.event.listen(store.engine, "before_cursor_execute", spy)
        try:
            store.append("g1", [ev(2)])
            assert seen == ["BEGIN IMMEDIATE"]
            store.load("g1")
            assert seen == ["BEGIN IMMEDIATE", "BEGIN"]
        finally:
            sa.event.remove(store.engine, "before_cursor_execute", spy)

    def test_unique_key_violation_becomes_seq_conflict(self) -> None:
        store = self.make_store()
        store.create_game(rec(), [ev(1), ev(2)])
        # Simulate a writer whose head check passed although seq 2 is taken.
        with sqlite3.connect(self.path) as raw:
            raw.execute("UPDATE games SET head = 1 WHERE id = 'g1'")
        raw.close()
        with pytest.raises(SeqConflict) as info:
            store.append("g1", [ev(2, "intruder")])
        assert info.value.__cause__ is None and info.value.__suppress_context__
        assert "already taken" in str(info.value)
        with sqlite3.connect(self.path) as raw:
            rows = raw.execute("SELECT seq, type FROM events ORDER BY seq").fetchall()
        raw.close()
        assert rows == [(1, "tick"), (2, "tick")]

    def test_plain_path_accepted(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.chdir(tmp_path)
        store = self.track(SqlStore("relative.db"))
        store.create_game(rec(), [])
        assert (tmp_path / "relative.db").exists()
        assert store.url == "sqlite:///relative.db"
        other = self.track(SqlStore(tmp_path / "sub.db"))
        assert other.url == f"sqlite:///{tmp_path / 'sub.db'}"
        assert current_revision(tmp_path / "sub.db") == head_revision()

    def test_in_memory_database(self) -> None:
        store = self.track(SqlStore("sqlite://"))
        store.create_game(rec(), [ev(1)])
        assert store.append("g1", [ev(2)]) == 2
        with store.write_lock("g1") as held:  # one process: nothing to lock
            assert not held

    def test_driver_errors_are_wrapped(self, tmp_path: Path) -> None:
        with pytest.raises(StoreError) as info:
            SqlStore(tmp_path / "missing-dir" / "x.db")
        assert not isinstance(info.value, sa.exc.SQLAlchemyError)
        with pytest.raises(StoreError):
            SqlStore("nosuchdialect://x")
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        with sqlite3.connect(self.path) as raw:
            raw.execute("DROP TABLE snapshots")
        raw.close()
        with pytest.raises(StoreError) as info2:
            store.latest_snapshot("g1")
        assert isinstance(info2.value.__cause__, sa.exc.SQLAlchemyError)


class TestPostgresStore(SqlStoreContract):
    """The contract on PostgreSQL: a fresh database on the session's server per test."""

    @pytest.fixture(autouse=True)
    def _database(self, postgres: PostgresServer) -> Iterator[None]:
        with postgres.temporary_database() as url:
            self.url = url
            yield
            for store in self._stores:  # before the database goes
                store.close()

    def test_the_private_server_listens_on_loopback_with_durable_commits(self) -> None:
        with self.make_store().engine.connect() as conn:
            setting = lambda name: conn.exec_driver_sql(f"SHOW {name}").scalar()  # noqa: E731
            assert setting("listen_addresses") == "127.0.0.1"
            assert (setting("fsync"), setting("synchronous_commit")) == ("on", "on")
            assert setting("lock_timeout") == "10s"  # set by the store on every connection

    def test_appending_is_one_statement_that_checks_and_locks_the_head(
            self, monkeypatch: pytest.MonkeyPatch) -> None:
        """A batch with everything it may carry is written by one statement, sent on a
        connection in autocommit (its own transaction: no BEGIN or COMMIT of its own),
        whose first part moves the head only from the head the batch follows."""
        store = self.make_store()
        store.create_game(rec(secret="aa"), [hashed(1)], series={})  # charts kept
        seen: list[tuple[str, bool]] = []
        execute = psycopg.Cursor.execute

        def spy(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            seen.append((" ".join(str(query).split()), cursor.connection.autocommit))
            return execute(cursor, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", spy)  # every statement, however sent
        store.append("g1", [hashed(2), hashed(3)], idempotency=Idempotency("u1", "k", {}),
                     secret="bb", meta={"status": "ended"}, snapshot={"marks": 3},
                     next_due=T0, series=[Point("ann", "coins", True, {"*": 5})])
        monkeypatch.undo()
        assert len(seen) == 1
        statement, autocommit = seen[0]
        assert autocommit
        assert statement.startswith("WITH moved AS (UPDATE games SET ")
        assert "WHERE games.id = " in statement and "AND games.head = " in statement
        for table in ("events", "idempotency", "snapshots", "series", "series_keys"):
            assert f"INSERT INTO {table} " in statement
        assert statement.count("FROM moved") == 6  # each write, and the answer
        record, log = store.load("g1")
        assert (record.head, record.secret, record.meta, record.next_due) == (
            3, "bb", {"status": "ended"}, T0)
        assert log == [hashed(1), hashed(2), hashed(3)]
        assert store.claim("g1", "k", caller="u1") == Claim("g1", "u1", "k", 2, 3, {})
        assert store.latest_snapshot("g1") == (3, {"marks": 3})
        chart = store.chart("g1", "observer", 10)
        assert chart is not None and chart.seqs[-1] == 3
        assert chart.values[("ann", "coins")][-1] == 5  # kept at the batch's last seq

    def test_an_append_on_a_lost_connection_fails_once_and_wraps_the_drivers_error(
            self) -> None:
        """A server that drops its sessions (a restart) fails the append that meets it
        with a StoreError, writing nothing; the next append connects afresh."""
        store = self.make_store()
        store.create_game(rec(), [ev(1)])
        store.append("g1", [ev(2)])  # the pool now holds a connection
        with self.make_store().engine.connect() as admin:
            ended = admin.exec_driver_sql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()").scalar()
        assert ended and ended >= 1
        with pytest.raises(StoreError, match="append failed") as info:
            store.append("g1", [ev(3)])
        assert isinstance(info.value.__cause__, sa.exc.OperationalError)
        assert store.append("g1", [ev(3)]) == 3
        assert store.events("g1") == [ev(1), ev(2), ev(3)]
