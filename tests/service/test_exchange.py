"""Export a game to one JSON file and import it into another store, on either backend."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from exchangegame import PACK, clock, play
from typer.testing import CliRunner

from nomicon.cli import app
from nomicon.kernel.errors import CommitFailed
from nomicon.service import EXPORT_FORMAT, GameService, ImportRefused
from nomicon.store import SqlStore
from nomicon.verify import verify


def played(store: SqlStore, *, end: bool = False) -> str:
    """A game of Infinite Nomic with rolls, a seed rotation, and (``end``) its end."""
    play(store, "exported", end=end)
    return "exported"


def test_a_game_moves_to_the_other_backend_intact(store: SqlStore, other: SqlStore) -> None:
    game_id = played(store)
    document = json.loads(json.dumps(GameService(store).export_game(game_id, with_secret=True)))
    assert document["format"] == EXPORT_FORMAT
    service = GameService(other, now=clock())
    imported = service.import_game(document)
    original = store.get_game(game_id)
    copied = other.get_game(game_id)
    assert (copied.pack, copied.created, copied.secret, copied.head) == (
        original.pack, original.created, original.secret, original.head)
    assert copied.meta == original.meta
    assert service.history(game_id) == GameService(store).history(game_id)
    assert imported.state.root == GameService(store).open(game_id).state.root
    tail = other.load_tail(game_id)
    assert tail.snapshot is not None and tail.snapshot[0] == copied.head  # opens cheaply
    service.act(game_id, "bob", "end-turn")  # and plays on
    service.act(game_id, "alice", "roll")
    assert verify(service.history(game_id), secret=bytes.fromhex(copied.secret or "")).ok


def test_the_secret_is_exported_only_when_revealed_or_asked_for(store: SqlStore) -> None:
    service = GameService(store, now=clock())
    running = played(store)
    assert "secret" not in service.export_game(running)
    assert service.export_game(running, with_secret=True)["secret"] == \
        store.get_game(running).secret
    ended = GameService(store, now=clock()).create(PACK, ["carol"], seed=2, game_id="ended")
    service.act(ended.id, "admin", "end-game")
    document = service.export_game(ended.id)
    assert document["secret"] == store.get_game(ended.id).secret  # revealed in the log


def test_a_game_imported_without_its_secret_can_be_read_not_played(
        store: SqlStore, other: SqlStore) -> None:
    game_id = played(store)
    service = GameService(other, now=clock())
    game = service.import_game(GameService(store).export_game(game_id))
    assert other.get_game(game_id).secret is None
    assert game.view("bob")["players"]["alice"]["location"] >= 1
    with pytest.raises(CommitFailed, match="imported without its dice secret"):
        service.act(game_id, "bob", "end-turn")
    assert other.get_game(game_id).head == store.get_game(game_id).head


def _edit_message(doc: dict[str, Any]) -> None:
    doc["log"][5]["message"] = "alice wins"


def _drop_event(doc: dict[str, Any]) -> None:
    del doc["log"][3]


def _edit_ruleset(doc: dict[str, Any]) -> None:
    rule = next(iter(doc["ruleset"].values()))
    rule["text"] = "Anything goes."


def _edit_commitment(doc: dict[str, Any]) -> None:
    doc["commitment"] = "0" * 64


def _wrong_secret(doc: dict[str, Any]) -> None:
    doc["secret"] = "ab" * 32


def _other_id(doc: dict[str, Any]) -> None:
    doc["game"]["id"] = "someone-else"


def _no_log(doc: dict[str, Any]) -> None:
    doc["log"] = []


def _old_version(doc: dict[str, Any]) -> None:
    doc["version"] = 99


@pytest.mark.parametrize(("tamper", "reason"), [
    (_edit_message, "seq 6: the hash chain is broken"),
    (_drop_event, "event #4 has seq 5, expected 4"),
    (_edit_ruleset, "ruleset is not the one its log leads to"),
    (_edit_commitment, "dice commitment is not the one its log leads to"),
    (_wrong_secret, "given secret does not match the commitment"),
    (_other_id, "names game 'someone-else' but its log is game 'exported'"),
    (_no_log, "no \"log\" of events"),
    (_old_version, "unsupported export version 99"),
])
def test_a_tampered_file_is_refused(store: SqlStore, other: SqlStore,
                                    tamper: Callable[[dict[str, Any]], None], reason: str) -> None:
    game_id = played(store)
    document = copy.deepcopy(GameService(store).export_game(game_id, with_secret=True))
    tamper(document)
    with pytest.raises(ImportRefused, match=reason):
        GameService(other).import_game(document)
    assert other.list_games() == []


def test_a_store_refuses_a_game_it_has(store: SqlStore) -> None:
    game_id = played(store)
    service = GameService(store)
    with pytest.raises(ImportRefused, match="already has a game 'exported'"):
        service.import_game(service.export_game(game_id, with_secret=True))


def test_export_and_import_commands(store_url: str, store: SqlStore, other_url: str,
                                    tmp_path: Path) -> None:
    game_id = played(store)
    runner = CliRunner()
    path = tmp_path / "game.json"
    exported = runner.invoke(app, ["--db", store_url, "export", game_id, str(path)])
    assert exported.exit_code == 0, exported.stderr
    assert "without the dice secret" in exported.stdout
    shown = runner.invoke(app, ["--db", store_url, "export", game_id, "-", "--with-secret"])
    assert json.loads(shown.stdout)["secret"] == store.get_game(game_id).secret

    tampered = json.loads(path.read_text(encoding="utf-8"))
    tampered["log"][2]["data"] = {"forged": True}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered), encoding="utf-8")
    refused = runner.invoke(app, ["--db", other_url, "import", str(bad)])
    assert refused.exit_code == 1
    assert "cannot import" in refused.stderr and "hash chain is broken" in refused.stderr

    imported = runner.invoke(app, ["--db", other_url, "import", "-", "--json"],
                             input=shown.stdout)
    assert imported.exit_code == 0, imported.stderr
    assert json.loads(imported.stdout) == {"game": game_id, "pack": PACK,
                                           "events": store.get_game(game_id).head,
                                           "playable": True}
    checked = runner.invoke(app, ["--db", other_url, "verify", game_id, "--with-secret"])
    assert checked.exit_code == 0, checked.stdout
    again = runner.invoke(app, ["--db", other_url, "import", str(path)])
    assert again.exit_code == 1 and "already has" in again.stderr
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    unreadable = runner.invoke(app, ["--db", other_url, "import", str(garbage)])
    assert unreadable.exit_code == 2 and "is not JSON" in unreadable.stderr


def test_a_players_export_is_the_log_as_they_read_it_and_is_not_imported(
        store_url: str, store: SqlStore, other_url: str) -> None:
    game_id = played(store)
    runner = CliRunner()
    shown = runner.invoke(app, ["--db", store_url, "export", game_id, "-", "--as", "bob"])
    assert shown.exit_code == 0, shown.stderr
    mine = json.loads(shown.stdout)
    assert mine["viewer"] == "bob" and "secret" not in mine
    whole = GameService(store).export_game(game_id)
    assert [e["seq"] for e in mine["log"]] == [e["seq"] for e in whole["log"]
                                              if "to" not in e or "bob" in e["to"]]
    assert all("ops" not in e for e in mine["log"])
    refused = runner.invoke(app, ["--db", store_url, "export", game_id, "-", "--as", "bob",
                                  "--with-secret"])
    assert refused.exit_code != 0 and "only the admin may" in refused.stderr
    imported = runner.invoke(app, ["--db", other_url, "import", "-"], input=shown.stdout)
    assert imported.exit_code == 1 and "this file is 'bob''s export" in imported.stderr
