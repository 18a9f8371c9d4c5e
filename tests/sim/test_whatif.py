"""What-if: matched simulations with and without an amendment."""

from __future__ import annotations

import copy
from datetime import UTC, datetime

import nomicon
from nomicon.sim import whatif

START = datetime(2020, 1, 1, 12, tzinfo=UTC)
FIVES_20 = [{"op": "amend", "rule": 8, "params": {"fives_points": 20}}]


def infinite_nomic() -> nomicon.Game:
    return nomicon.new_game("infinite-nomic-r7", players=["alice", "bob", "carol"], seed=4,
                            start=START)


def test_doubling_fives_raises_points_with_an_interval_above_zero() -> None:
    game = infinite_nomic()
    result = whatif.run(game, FIVES_20, games=60, turns=15, seed=1)
    assert result["ok"]
    points = result["metrics"]["points.mean"]
    assert points["with"] > points["baseline"]
    assert points["excludes_zero"] and points["ci"][0] > 0
    assert points["ci"][0] <= points["difference"] <= points["ci"][1]
    assert points["n"] == 60
    # The number of turns is the limit in both arms (a game's last step may open the
    # next turn), so it cannot move by more than chance.
    turns = result["metrics"]["length.turns"]
    assert 15 <= turns["baseline"] <= 16 and 15 <= turns["with"] <= 16
    assert not turns["excludes_zero"]


def test_the_game_itself_is_not_touched() -> None:
    game = infinite_nomic()
    game.act("alice", "roll")
    before, log = copy.deepcopy(game.state.root), list(game.log)
    whatif.run(game, FIVES_20, games=3, turns=3, seed=1)
    assert game.state.root == before and game.log == log


def test_the_result_depends_on_the_seed_not_on_the_processes() -> None:
    game = infinite_nomic()
    alone = whatif.run(game, FIVES_20, games=4, turns=4, seed=9)
    again = whatif.run(game, FIVES_20, games=4, turns=4, seed=9, jobs=2)
    assert alone == again


def test_an_amendment_that_does_not_apply_is_reported() -> None:
    result = whatif.run(infinite_nomic(), [{"op": "repeal", "rule": 99}], games=2, turns=2)
    assert result == {"ok": False, "error": "change 1 (repeal): there is no Rule 99"}
    malformed = whatif.run(infinite_nomic(), [{"op": "explode"}], games=2, turns=2)
    assert not malformed["ok"] and "malformed amendment" in malformed["error"]


def test_an_amendment_that_changes_nothing_shifts_nothing() -> None:
    same = [{"op": "interpret", "rule": 8, "text": "as written"}]
    result = whatif.run(infinite_nomic(), same, games=5, turns=5, seed=2)
    assert all(m["difference"] == 0 and not m["excludes_zero"]
               for m in result["metrics"].values())


def test_the_chart_is_a_self_contained_page() -> None:
    result = whatif.run(infinite_nomic(), FIVES_20, games=3, turns=3, seed=1)
    html = whatif.chart_html(result)
    assert "<html>" in html and "points.mean" in html
    assert "<script src=" not in html, "the page loads no script from elsewhere"
    fragment = whatif.chart_html(result, full_page=False)
    assert "<html>" not in fragment and "points.mean" in fragment
