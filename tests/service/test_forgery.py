"""Forged exports: a log edited and its hash chain recomputed (anyone can) must not
import, because re-executing it does not give its events; and the record's fields
are the log's, not the file's. Each forgery on both backends."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from exchangegame import PACK, T0, play

import nomicon
from nomicon.exchange import EXPORT_FORMAT, EXPORT_VERSION
from nomicon.kernel.engine import event_hash
from nomicon.kernel.state import fold
from nomicon.service import GameService, ImportRefused
from nomicon.store import SqlStore
from nomicon.verify import verify

Document = dict[str, Any]


def exported(store: SqlStore, *, end: bool = False) -> Document:
    """An honest export: alice and bob roll, the seed rotates, bob rolls (then the end)."""
    service = play(store, "forged", end=end)
    document: Document = json.loads(json.dumps(service.export_game("forged")))
    return document


def rechained(document: Document) -> Document:
    """The document with its hash chain recomputed and its summary fields refreshed,
    as a forger would leave it: only re-execution can tell."""
    previous = ""
    for event in document["log"]:
        event["hash"] = previous = event_hash(previous, event)
    root = fold(op for event in document["log"] for op in event.get("ops", ()))
    document["ruleset"] = root["rules"]
    document["commitment"] = root["dice"]["epochs"][-1]["commitment"]
    return document


def event(document: Document, kind: str, nth: int = 0) -> dict[str, Any]:
    found = [e for e in document["log"] if e["type"] == kind]
    return found[nth]


def refused(store: SqlStore, document: Document) -> str:
    with pytest.raises(ImportRefused) as caught:
        GameService(store).import_game(document)
    assert store.list_games() == []  # nothing was stored
    return str(caught.value)


def test_an_honest_export_imports_and_verifies(store: SqlStore, other: SqlStore) -> None:
    document = exported(store)
    assert verify(document["log"]).ok
    assert GameService(other).import_game(document).head == len(document["log"])


def test_points_edited_in_an_op_are_refused(store: SqlStore, other: SqlStore) -> None:
    document = exported(store)
    joined = event(document, "player.joined")  # alice's
    op = next(o for o in joined["ops"] if o[1] == ["accounts", "alice"])
    op[2] = {"points": 1_000_000}
    rechained(document)
    assert verify(document["log"]).ok is False
    message = refused(other, document)
    assert f"seq {joined['seq']}: re-executing alice's join gives accounts.alice " \
           "{'points': 0, 'flute': 0, 'house': 0}, the log says {'points': 1000000}" \
           in message


def test_an_added_winner_is_refused(store: SqlStore, other: SqlStore) -> None:
    document = exported(store, end=True)
    ended = event(document, "game.ended")
    ended["data"]["winners"] = ["alice", "bob"]
    batch = [e for e in document["log"] if e["batch"] == ended["batch"]]
    op = next(o for e in batch for o in e["ops"] if o[1] == ["winners"])
    op[2] = ["alice", "bob"]
    rechained(document)
    message = refused(other, document)
    assert "re-executing admin's end-game winners=['bob'] gives winners ['bob'], " \
           "the log says ['alice', 'bob']" in message


def test_a_roll_changed_while_its_secret_is_still_hidden_is_refused(
        store: SqlStore, other: SqlStore) -> None:
    document = exported(store)  # bob's roll is in the unrevealed epoch
    assert "secret" not in document
    roll = event(document, "dice.rolled", 1)
    value = roll["data"]["value"]
    roll["data"]["value"] = value % 6 + 1
    roll["message"] = roll["message"].replace(f"= {value}", f"= {value % 6 + 1}")
    rechained(document)
    found = verify(document["log"])
    assert found.pending == 1 and found.ok is False  # no secret to check it: the replay did
    message = refused(other, document)
    moved = roll["seq"] + 1
    assert f"seq {moved}: re-executing bob's roll gives" in message


def test_a_roll_changed_and_marked_forced_is_refused(store: SqlStore,
                                                     other: SqlStore) -> None:
    document = exported(store, end=True)
    roll = event(document, "dice.rolled", 0)
    roll["data"]["value"] = roll["data"]["value"] % 6 + 1
    roll["data"]["forced"] = True  # forced rolls are not checked against the secret
    rechained(document)
    message = refused(other, document)
    assert f"seq {roll['seq']}: a forced roll, but the game was not created as a test " \
           "game" in message


def test_a_claimed_revert_in_the_meta_is_refused(store: SqlStore, other: SqlStore) -> None:
    document = exported(store)
    document["game"]["meta"]["reverted_from"] = "cafe0001"
    message = refused(other, document)
    assert "reverted from 'cafe0001', but its log is no revert of another game" in message


def test_the_created_time_and_summary_come_from_the_log(store: SqlStore,
                                                        other: SqlStore) -> None:
    document = exported(store)
    document["game"]["created"] = "1999-01-01T00:00:00Z"
    document["game"]["meta"].update(status="ended", players=["mallory"], title="Forged")
    GameService(other).import_game(document)
    record = other.get_game("forged")
    assert record.created == T0  # the time of the game.created event
    assert record.meta["status"] == "active"
    assert record.meta["players"] == ["alice", "bob"]
    assert record.meta["title"] == "Infinite Nomic, Round 7"


def test_a_forged_test_mark_makes_a_test_game(store: SqlStore, other: SqlStore) -> None:
    document = exported(store)
    document["log"][0]["data"]["test"] = True
    rechained(document)
    message = refused(other, document)
    assert "this is a test game" in message and "--test" in message


def test_a_log_from_another_version_is_not_called_forged(store: SqlStore,
                                                        other: SqlStore) -> None:
    document = exported(store)
    document["log"][0]["data"]["versions"] = {"nomicon": "0.0.1", "packs": {PACK: "0"}}
    honest = verify(rechained(copy.deepcopy(document))["log"])
    assert honest.ok and honest.unchecked is None  # replays all the same
    joined = event(document, "player.joined")
    next(o for o in joined["ops"] if o[1] == ["accounts", "alice"])[2] = {"points": 7}
    rechained(document)
    found = verify(document["log"])
    assert found.ok is False and found.problems == []
    assert found.unchecked is not None
    assert "written by other code (Nomicon 0.0.1" in found.unchecked
    assert f"Batches from seq {joined['seq'] - 1} on could not be re-executed" in found.unchecked
    assert "the log cannot be checked by this version" in refused(other, document)


def test_a_log_without_versions_still_verifies(store: SqlStore, other: SqlStore) -> None:
    document = exported(store)
    del document["log"][0]["data"]["versions"]
    rechained(document)
    found = verify(document["log"])
    assert found.ok and found.written_by is None
    assert found.reexecuted == found.batches > 1
    GameService(other).import_game(document)


def test_deep_nesting_is_refused_not_a_traceback(store: SqlStore) -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    document = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION,
                "game": {"id": "deep", "pack": PACK, "created": "2020-01-01T12:00:00Z"},
                "log": [{"seq": 1, "type": "game.created", "data": {"x": deep}, "ops": []}]}
    message = refused(store, document)
    assert "nested too deeply" in message


def test_a_test_game_imports_only_as_one(store: SqlStore) -> None:
    game = nomicon.new_game(PACK, ["alice", "bob"], seed=3, start=T0, game_id="scenario",
                            allow_forced=True)
    game.force_dice([5])
    game.act("alice", "roll")
    game.act("admin", "end-game")
    root = game.state.root
    document: Document = json.loads(json.dumps({
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION,
        "game": {"id": game.id, "pack": PACK, "created": "2020-01-01T12:00:00Z", "meta": {}},
        "commitment": root["dice"]["epochs"][-1]["commitment"], "ruleset": root["rules"],
        "log": game.log}))
    assert document["log"][0]["data"]["test"] is True
    found = verify(document["log"])
    assert found.ok and found.test and found.forced == 1
    message = refused(store, document)
    assert "this is a test game" in message
    imported = GameService(store).import_game(document, test=True)
    assert imported.log[0]["data"]["test"] is True  # stays marked
    assert verify(GameService(store).history(game.id)).test
