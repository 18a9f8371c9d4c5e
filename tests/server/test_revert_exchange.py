"""A reverted game moves between stores with its revert: ``reverted_from`` and the
creation time come from its log (the ``game.reverted`` event), not from the file."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from nomicon.kernel.timefmt import parse
from nomicon.service import GameService
from nomicon.store import open_store
from nomicon.verify import verify

from .support import Api, Clock, site_of


def test_a_reverted_game_exports_and_imports_with_its_revert(
        app: FastAPI, accounts: dict[str, Api], game: str, clock: Clock,
        tmp_path: Path) -> None:
    alice = accounts["alice"]
    alice.act(game, "roll")
    clock.advance(minutes=1)
    alice.act(game, "choose", option="admit")
    log = alice.ok("GET", f"/api/games/{game}/log")
    chosen = next(e for e in log if e["type"] == "action" and e["data"]["name"] == "choose")
    new = alice.ok("POST", f"/api/games/{game}/revert", {"seq": chosen["seq"]})["game"]
    site = site_of(app)
    document = site.service.export_game(new)
    found = verify(document["log"])
    assert found.ok and found.reexecuted == found.batches
    reverted = next(e for e in document["log"] if e["type"] == "game.reverted")
    document["game"]["created"] = "2001-01-01T00:00:00Z"  # ignored: the log says when
    with open_store(f"sqlite:///{tmp_path / 'other.db'}") as other:
        GameService(other).import_game(document)
        record = other.get_game(new)
        assert record.meta["reverted_from"] == game
        assert record.created == parse(reverted["data"]["at"])
    archived = site.service.export_game(game)  # the old timeline, ended and archived
    assert verify(archived["log"]).ok
