"""Games stored by an older version of their pack open with the running one: the
service upgrades each once, in one batch of ``pack.upgraded`` events whose changes
fold like any others, and play goes on. The fixtures (``tests/fixtures/upgrades``)
were played and exported by the code of each pack's older version
(``make_old_games.py``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import pytest

from nomicon.exchange import ImportRefused
from nomicon.kernel.engine import Game, event_hash
from nomicon.kernel.entities import index_problems
from nomicon.kernel.timefmt import parse
from nomicon.kernel.upgrades import VersionRefused
from nomicon.service import GameService
from nomicon.store import GameRecord, LoadedGame, SqlStore, Store
from nomicon.verify import verify

FIXTURES = Path(__file__).parent.parent / "fixtures" / "upgrades"
# After the fixtures' last move, before any timer of theirs is due.
NOW = datetime(2026, 1, 5, 13, 0, tzinfo=UTC)

Document = dict[str, Any]


def fixture(name: str) -> Document:
    document: Document = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return document


def stored(store: SqlStore, document: Document) -> str:
    """Store the old game's log as the old code stored it (as ``nomicon db upgrade``
    leaves a store of that code): the record and events, no upgrade."""
    part = document["game"]
    store.create_game(GameRecord(id=part["id"], pack=part["pack"], created=parse(part["created"]),
                                 meta=part["meta"], secret=document["secret"]),
                      document["log"])
    return str(part["id"])


def service_of(store: Store) -> GameService:
    return GameService(store, now=lambda: NOW)


def upgrades_in(log: list[dict[str, Any]]) -> list[tuple[int, str, str, str]]:
    """The upgrade events of a log: (batch, pack, from, to)."""
    return [(e["batch"], e["data"]["pack"], e["data"]["from_version"], e["data"]["to_version"])
            for e in log if e["type"] == "pack.upgraded"]


def opened(store: SqlStore, document: Document, how: str) -> Game:
    """The old game opened by the service: stored as it was, or imported from its file."""
    service = service_of(store)
    if how == "import":
        return service.import_game(copy.deepcopy(document))
    return service.open(stored(store, document))


def check_verified(store: SqlStore, game_id: str, old_batches: int) -> None:
    """``verify`` accepts the upgraded log: the old code's batches folded as recorded,
    the upgrade and everything after it re-executed."""
    log = service_of(store).history(game_id)
    secret = bytes.fromhex(store.get_game(game_id).secret or "")
    report = verify(log, secret=secret)
    assert report.ok, (report.problems, report.unchecked)
    assert report.as_recorded == old_batches
    assert report.reexecuted == report.batches - old_batches >= 2  # upgrade, then play


def batches(document: Document) -> int:
    return len({e["batch"] for e in document["log"]})


HOW = ["open", "import"]


@pytest.mark.parametrize("how", HOW)
def test_infinite_nomic_v1_items_become_ledger_goods(store: SqlStore, how: str) -> None:
    """Version 1 counted alice's two House items (bought) and bob's two Flutes (given by
    the admin) in ``players.<name>.items``; version 2 keeps them in the ledger."""
    document = fixture("infinite-nomic-v1.json")
    head = len(document["log"])
    game = opened(store, document, how)
    assert upgrades_in(game.log[head:]) == [(head + 1, "infinite-nomic-r7", "1", "2")]
    root = game.state.root
    assert root["game"]["pack_version"] == "2"
    assert {p: (a["flute"], a["house"]) for p, a in root["accounts"].items()} == {
        "alice": (0, 2), "bob": (2, 0)}
    assert all("items" not in player for player in root["players"].values())
    # The old view path answers as before: the goods of the inventory "items".
    view = game.view("bob")
    assert (view["players"]["alice"]["items"], view["players"]["bob"]["items"]) == (
        {"house": 2}, {"flute": 2})

    service = service_of(store)
    events = service.act(game.id, "alice", "place-house", at=NOW)
    assert [e["data"]["currency"] for e in events if e["type"] == "transfer"] == ["house"]
    after = service.open(game.id).state.root
    assert after["accounts"]["alice"]["house"] == 1
    assert "House" in " ".join(after["board"]["spaces"]["1"]["features"])
    assert len(upgrades_in(service.history(game.id))) == 1  # opened again: no new upgrade
    check_verified(store, game.id, batches(document))


@pytest.mark.parametrize("how", HOW)
def test_grid_v1_objects_become_entities(store: SqlStore, how: str) -> None:
    """The Grid recorded at version 1 kept its objects in ``board.objects``: alice's
    Pinball Gun was held (``holder``), bob's Radar Tower had a ``builder``, and the ids
    came from ``board.counters``. Version 3 keeps them as entities."""
    document = fixture("bnomic-grid-v1.json")
    head = len(document["log"])
    game = opened(store, document, how)
    assert upgrades_in(game.log[head:]) == [(head + 1, "bnomic-grid", "1", "2"),
                                            (head + 1, "bnomic-grid", "2", "3")]
    root = game.state.root
    assert "objects" not in root["board"] and "counters" not in root["board"]
    found = {oid: (e["kind"], e["location"], e["owner"]) for oid, e in root["entities"].items()
             if not oid.startswith("elbonian-airways-")}
    assert found == {
        "yeti": ("yeti", [17, 2], None),
        "big-stick": ("big-stick", [13, 18], None),
        "shield": ("shield", [8, 3], None),
        "wax-1": ("wax", [13, 20], None),
        "pinball-gun-1": ("pinball-gun", "alice", "alice"),
        "radar-tower-1": ("radar-tower", [3, 4], "bob"),
        "big-rock-1": ("big-rock", [12, 17], None),
    }
    airways = sorted(oid for oid in root["entities"] if oid.startswith("elbonian-airways-"))
    assert len(airways) == 9 and root["entities"]["elbonian-airways-6-6"]["location"] == [6, 6]
    assert index_problems(root) == []
    assert game.pack.invariants(root) == []

    service = service_of(store)
    service.act(game.id, "alice", "enter", {"x": 5, "y": 9}, at=NOW)
    events = service.act(game.id, "alice", "fire-gun", {"x": 6, "y": 9}, at=NOW)
    destroyed = [e["data"] for e in events if e["type"] == "entity.destroyed"]
    assert [(d["entity"], d["by"]) for d in destroyed] == [("pinball-gun-1", "alice")]
    # A new object takes the next number the old counters left.
    service.act(game.id, "bob", "buy-rock", at=NOW)
    assert "big-rock-2" in service.open(game.id).state.root["entities"]
    check_verified(store, game.id, batches(document))


@pytest.mark.parametrize("how", HOW)
def test_goofspiel_v1_round_in_progress_moves_onto_the_sealed_step(store: SqlStore,
                                                                    how: str) -> None:
    """In round 1 (the prize: the 9 of spades) alice had bid her King (13), kept in her
    ``bid``, and Rule 43's timer ended the round on 8 January; version 2 collects the
    bids in a sealed step whose deadline is the round's end."""
    document = fixture("ackanomic-goofspiel-v1.json")
    head = len(document["log"])
    game = opened(store, document, how)
    assert upgrades_in(game.log[head:]) == [(head + 1, "ackanomic-goofspiel", "1", "2")]
    root = game.state.root
    step = root["steps"]["pure-skill-bids"]
    assert (step["players"], step["submissions"], step["deadline"], step["data"]) == (
        ["alice", "bob", "carol"], {"alice": 13}, "2026-01-08T12:00:00Z", {"round": 1})
    assert list(root["timers"]) == ["step:pure-skill-bids"]
    assert all("bid" not in player for player in root["players"].values())
    assert (root["pure_skill"]["round"], root["pure_skill"]["prize"]) == (1, 9)
    # Bob sees that alice has bid, not what; the admin sees the King.
    assert game.view("bob")["players"]["alice"].get("bid") is None
    assert game.view("admin")["players"]["alice"]["bid"] == 13

    service = service_of(store)
    service.act(game.id, "bob", "bid", {"card": 2}, at=NOW)
    service.act(game.id, "carol", "bid", {"card": 3}, at=NOW)
    after = service.open(game.id).state.root
    assert after["players"]["alice"]["take"] == [9]  # the single highest bid takes it
    assert 13 not in after["players"]["alice"]["hand"]
    check_verified(store, game.id, batches(document))


def test_two_servers_opening_an_old_game_upgrade_it_once(store: SqlStore) -> None:
    """Server B read the old game before server A upgraded it: B's upgrade is refused by
    the store (its head moved), and B reads the game again, upgraded by A."""
    game_id = stored(store, fixture("infinite-nomic-v1.json"))
    stale = store.load_tail(game_id)

    class ReadBeforeTheOther:
        """The store as server B sees it: its first read came before A's upgrade."""

        def __init__(self) -> None:
            self.first = True

        def load_tail(self, game_id: str, upto: int | None = None) -> LoadedGame:
            if self.first:
                self.first = False
                service_of(store).open(game_id)  # server A opens it meanwhile
                return stale
            return store.load_tail(game_id, upto)

        def __getattr__(self, name: str) -> Callable[..., Any]:
            found: Callable[..., Any] = getattr(store, name)
            return found

    game = service_of(cast(Store, ReadBeforeTheOther())).open(game_id)
    log = store.events(game_id)
    assert len(upgrades_in(log)) == 1
    assert game.head == log[-1]["seq"] and game.state.root["accounts"]["bob"]["flute"] == 2


def test_a_game_of_a_newer_version_refuses_to_open(store: SqlStore, other: SqlStore) -> None:
    """A log recorded by version 99 of the pack: neither opened nor imported here."""
    document = fixture("infinite-nomic-v1.json")
    document["log"][0]["data"]["versions"]["packs"]["infinite-nomic-r7"] = "99"
    rechain(document["log"])
    game_id = stored(store, document)
    with pytest.raises(VersionRefused, match="version 99 of the pack infinite-nomic-r7, "
                                             "newer than the version 2 running here"):
        service_of(store).open(game_id)
    assert store.get_game(game_id).head == len(document["log"])  # nothing written
    with pytest.raises(ImportRefused, match="version 99"):
        service_of(other).import_game(document)


def test_an_old_log_not_yet_upgraded_verifies_as_recorded() -> None:
    """Verify cannot re-execute version 1's batches with version 2's rules: it folds and
    chains them, checks the rolls, and says how many it took as recorded."""
    document = fixture("bnomic-grid-v1.json")
    report = verify(document["log"], secret=bytes.fromhex(document["secret"]))
    assert report.ok and report.problems == []
    assert (report.as_recorded, report.reexecuted) == (batches(document), 0)
    assert report.verified == report.rolls > 0


def rechain(log: list[dict[str, Any]]) -> None:
    previous = ""
    for event in log:
        event["hash"] = previous = event_hash(previous, event)


def test_a_batch_forged_after_the_upgrade_is_caught(store: SqlStore) -> None:
    """After the upgrade the log is re-executed as usual: a House kept by an edited op
    (and a recomputed chain) is a divergence, not a batch of older code."""
    game_id = service_of(store).open(stored(store, fixture("infinite-nomic-v1.json"))).id
    service_of(store).act(game_id, "alice", "place-house", at=NOW)
    log = service_of(store).history(game_id)
    placed = next(e for e in log if e["type"] == "transfer" and e["data"]["currency"] == "house")
    op = next(o for o in placed["ops"] if o[1] == ["accounts", "alice", "house"])
    op[2] = 2
    rechain(log)
    report = verify(log, secret=bytes.fromhex(store.get_game(game_id).secret or ""))
    assert report.ok is False and report.unchecked is None
    assert len(report.problems) == 1
    assert "re-executing alice's place-house gives accounts.alice.house 1, the log says 2" \
        in report.problems[0]


def test_a_game_imported_without_its_secret_is_upgraded_for_its_readers(
        store: SqlStore) -> None:
    """Such a game can be read, never written: each reader gets it upgraded in memory,
    and the store keeps the log as imported."""
    document = fixture("infinite-nomic-v1.json")
    del document["secret"]
    game = service_of(store).import_game(document)
    assert game.state.root["accounts"]["bob"]["flute"] == 2
    assert upgrades_in(game.log) == [(len(document["log"]) + 1, "infinite-nomic-r7", "1", "2")]
    assert store.get_game(game.id).head == len(document["log"])
    with service_of(store).reading(game.id) as read:
        assert read.view("alice")["players"]["bob"]["items"] == {"flute": 2}
