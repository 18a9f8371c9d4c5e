"""Child games on the command line: the commands that take a game (act, state, log)
take a child game too, and ``export`` brings a parent's child games with it, which
``import`` stores with their link to the parent (on the test packs of
``subgamepacks``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Cli

from nomicon.service import GameService
from nomicon.store import open_store
from subgamepacks import ARCADE, START, registry

PLAYERS = ("alice", "bob", "carol", "dave")
AT = "2024-06-03T12:30:00Z"


@pytest.fixture(autouse=True)
def arcade_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's services know the arcade and the duel, as if installed."""
    original = GameService.__init__

    def with_test_packs(self: GameService, store: Any, **options: Any) -> None:
        options.setdefault("registry", registry())
        original(self, store, **options)

    monkeypatch.setattr(GameService, "__init__", with_test_packs)


def arcade(url: str) -> None:
    """Game ``arc``, in which alice challenged bob (the Duel ``arc-1``) and carol
    challenged dave (``arc-2``)."""
    with open_store(url) as store:
        service = GameService(store, now=lambda: START)
        service.create(ARCADE, PLAYERS, game_id="arc")
        service.act("arc", "alice", "challenge", {"target": "bob"})
        service.act("arc", "carol", "challenge", {"target": "dave"})


def test_act_show_and_log_take_a_child_game(cli: Cli, db_url: str) -> None:
    arcade(db_url)
    struck = cli.act("arc-1", "bob", "strike", at=AT)
    assert struck.exit_code == 0, struck.stderr
    shown = cli.json("state", "arc-1")
    assert shown["game"]["parent"]["game"] == "arc"
    assert shown["players"]["bob"]["strikes"] == 1
    log = cli.json("log", "arc-1")
    assert [e["type"] for e in log][-1] == "action"
    refused = cli.act("arc-1", "carol", "strike", at=AT)  # carol duels in arc-2 only
    assert refused.exit_code == 1 and "not a player" in refused.stderr


def test_export_brings_the_children_and_import_stores_them_with_their_parent(
        cli: Cli, db_url: str, tmp_path: Path) -> None:
    arcade(db_url)
    assert cli.act("arc-1", "bob", "strike", at=AT).exit_code == 0
    path = tmp_path / "arc.json"
    exported = cli("export", "arc", str(path), "--with-secret")
    assert exported.exit_code == 0, exported.stderr
    assert "with its child games arc-1, arc-2" in exported.stdout
    document = json.loads(path.read_text(encoding="utf-8"))
    assert [child["game"]["id"] for child in document["children"]] == ["arc-1", "arc-2"]
    alone = json.loads(cli("export", "arc", "-", "--without-children").stdout)
    assert "children" not in alone

    other = f"sqlite:///{tmp_path / 'other.db'}"
    imported = cli.runner.invoke(cli_app(), ["--db", other, "import", str(path), "--json"])
    assert imported.exit_code == 0, imported.stderr
    summary = json.loads(imported.stdout)
    assert (summary["game"], summary["children"]) == ("arc", ["arc-1", "arc-2"])
    with open_store(other) as store, open_store(db_url) as original:
        assert store.get_game("arc-1").parent == "arc"
        assert store.get_game("arc-1").head == original.get_game("arc-1").head
        service = GameService(store, now=lambda: START)
        service.act("arc-1", "alice", "strike")  # and the duel plays on in its new store
        with service.reading("arc-1") as game:
            assert game.state.root["players"]["alice"]["strikes"] == 1


def test_a_file_whose_child_is_not_its_parents_stores_nothing(cli: Cli, db_url: str,
                                                               tmp_path: Path) -> None:
    arcade(db_url)
    document = json.loads(cli("export", "arc", "-", "--with-secret").stdout)
    document["children"][1]["children"] = [document["children"][0]]  # arc-1 under arc-2
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    other = f"sqlite:///{tmp_path / 'other.db'}"
    refused = cli.runner.invoke(cli_app(), ["--db", other, "import", str(path)])
    assert refused.exit_code == 1
    assert "game 'arc-1', among the child games of game 'arc-2'" in refused.stderr
    with open_store(other) as store:
        assert store.list_games() == []


def cli_app() -> Any:
    from nomicon.cli import app

    return app
