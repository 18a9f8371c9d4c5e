"""Charts come from the measures the store keeps with each batch, not from the log.

They show the same values as folding the log and looking at the viewer's own views
(the way charts were drawn before), and a viewer never gets a number they could not
see: with the conformance pack of secrets and a rule of numeric secrets added, an
observer's chart has none of them and a player's has only their own.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from secretpack import SecretPack

from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Initial, installed
from nomicon.kernel.rules import Attribute, Rule, hook
from nomicon.kernel.state import apply_op
from nomicon.series import visible_numbers
from nomicon.server import charts
from nomicon.service import GameService
from nomicon.sim.bots import RandomBot, step
from nomicon.store import SqlStore, open_store
from nomicon.store.series import MAX_SAMPLES

from .support import PACK

START = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)
SCORES = "conformance-secret-scores"


class Hunches(Rule):
    """Each card drawn makes its holder luckier (only they know how lucky), and makes the admin more suspicious of them (no player knows how suspicious)."""  # noqa: E501

    key = "hunches"
    pack = SCORES
    number = 9
    title = "Hunches"
    attributes = (Attribute("luck", 0, visibility="owner", doc="the holder's own luck"),
                  Attribute("suspicion", 0, visibility="admin", doc="the admin's hunch"))

    @hook("hand.grew")
    def grow(self, ctx: Ctx, data: dict[str, Any]) -> None:
        player = data["player"]
        ctx.set_attr(player, "luck", ctx.attr(player, "luck", 0) + 7)
        ctx.set_attr(player, "suspicion", ctx.attr(player, "suspicion", 0) + 11)


class SecretScores(SecretPack):
    id = SCORES
    title = "Conformance: secrets with numbers"
    initial = (*SecretPack.initial, Initial(Hunches))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqlStore]:
    with open_store(f"sqlite:///{tmp_path / 'charts.db'}") as opened:
        yield opened


def played(store: SqlStore, pack: str, players: list[str], steps: int, seed: int) -> Game:
    registry = installed().with_pack(SecretPack()).with_pack(SecretScores())
    service = GameService(store, now=lambda: START, registry=registry, snapshot_every=50)
    game = service.create(pack, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        step(game, RandomBot(rng), rng)
    return service.open(game.id)


def folded_at(game: Game, viewer: str, seqs: list[int]) -> dict[int, dict[Any, float]]:
    """The numbers ``viewer`` saw after each of ``seqs``, folded from the whole log."""
    root: dict[str, Any] = {}
    wanted, found = set(seqs), {}
    for event in game.log:
        for op in event.get("ops", ()):
            apply_op(root, op)
        if event["seq"] in wanted:
            moment = Game(game.pack, root, registry=game.registry, secret=b"")
            found[event["seq"]] = visible_numbers(moment.view(viewer))
    return found


def kept_at(store: SqlStore, game: Game, viewer: str,
            samples: int) -> tuple[list[int], dict[int, dict[Any, float]]]:
    kept = store.chart(game.id, viewer, samples)
    assert kept is not None
    return kept.seqs, {seq: {key: values[k] for key, values in kept.values.items()
                             if values[k] is not None}
                       for k, seq in enumerate(kept.seqs)}


@pytest.mark.parametrize("viewer", ["observer", "alice", "admin"])
def test_the_kept_chart_shows_what_folding_the_log_shows(store: SqlStore, viewer: str) -> None:
    game = played(store, PACK, ["alice", "bob", "carol"], 150, seed=3)
    assert game.head > 100
    seqs, kept = kept_at(store, game, viewer, 30)
    assert 20 <= len(seqs) <= 30 and seqs[-1] == game.head
    assert kept == folded_at(game, viewer, seqs)
    assert any(kept.values())
    # Charting every batch, the kept series and the fold draw the same chart.
    if game.head < MAX_SAMPLES:
        assert charts.series(store, game, viewer, MAX_SAMPLES) == charts.folded(
            game, viewer, MAX_SAMPLES)


@pytest.mark.parametrize("viewer", ["observer", "alice", "bob", "admin"])
def test_a_chart_shows_no_number_hidden_from_its_viewer(store: SqlStore, viewer: str) -> None:
    game = played(store, SCORES, ["alice", "bob"], 120, seed=5)
    assert game.state.root["players"]["alice"]["luck"] > 0
    seqs, kept = kept_at(store, game, viewer, 40)
    assert kept == folded_at(game, viewer, seqs)
    shown = {key for numbers in kept.values() for key in numbers}
    secret = {(p, m) for p in ("alice", "bob") for m in ("luck", "suspicion")}
    allowed = {"observer": set(), "alice": {("alice", "luck")}, "bob": {("bob", "luck")},
               "admin": secret}[viewer]
    assert shown & secret == allowed
    drawn = {s.measure for s in charts.series(store, game, viewer)}
    assert ("luck" in drawn) == (viewer != "observer")
    assert ("suspicion" in drawn) == (viewer == "admin")


def test_a_game_stored_without_its_series_is_charted_by_folding(store: SqlStore,
                                                                  tmp_path: Path) -> None:
    game = played(store, PACK, ["alice", "bob"], 60, seed=8)
    document = GameService(store).export_game(game.id, with_secret=True)
    with open_store(f"sqlite:///{tmp_path / 'imported.db'}") as elsewhere:
        imported = GameService(elsewhere, now=lambda: START).import_game(document)
        assert elsewhere.chart(imported.id, "observer", 10) is None
        assert charts.series(elsewhere, imported, "observer") == charts.folded(
            imported, "observer")
