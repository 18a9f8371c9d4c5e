"""``nomicon simulate`` and ``nomicon whatif``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from nomicon.cli import app

FIVES_20 = "- {op: amend, rule: 8, params: {fives_points: 20}}\n"


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_simulate_prints_a_report() -> None:
    result = run("simulate", "--pack", "infinite-nomic-r7", "--games", "4", "--turns", "3",
                 "--bots", "greedy,random", "--quiet")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for heading in ("infinite-nomic-r7: 4 games (3 turns), seed 0", "Players", "Seats",
                    "Game length", "Currencies", "Metrics", "board.size"):
        assert heading in out
    assert "greedy" in out and "games/s" in result.stderr


def test_simulate_json_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    args = ("simulate", "--pack", "ackanomic-goofspiel", "--param", "games=1", "--games",
            "3", "--seed", "5", "--json")
    first = run(*args, "--export", str(tmp_path / "games.csv"))
    assert first.exit_code == 0, first.stderr
    report = json.loads(first.stdout)
    assert report["games"] == 3 and report["ended"] == 3
    assert set(report["players"]) == {"p1", "p2", "p3"}
    assert sum(p["wins"] for p in report["players"].values()) <= 3
    assert "points" in report["currencies"] and "winning_total" in report["metrics"]
    assert json.loads(run(*args).stdout) == report
    lines = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and lines[0].startswith("game,seats,bots,ended")


@pytest.mark.parametrize(("args", "message"), [
    (("--pack", "no-such-pack"), "unknown pack 'no-such-pack'"),
    (("--pack", "nomic", "--bots", "clever"), "unknown bot 'clever'"),
    (("--pack", "ackanomic-goofspiel", "--param", "players=1"), "bad parameters"),
])
def test_simulate_refuses_bad_settings(args: tuple[str, ...], message: str) -> None:
    result = run("simulate", *args, "--games", "1", "--quiet")
    assert result.exit_code == 2
    assert message in result.stderr


def test_whatif_from_a_pack_and_an_amendment_file(tmp_path: Path) -> None:
    amendment = tmp_path / "fives.yaml"
    amendment.write_text(FIVES_20, encoding="utf-8")
    chart = tmp_path / "chart.html"
    result = run("whatif", "--pack", "infinite-nomic-r7", "--amendment", str(amendment),
                 "--games", "30", "--turns", "10", "--chart", str(chart), "--json")
    assert result.exit_code == 0, result.stderr
    shown = json.loads(result.stdout)
    assert shown["ok"] and shown["games"] == 30 and shown["turns"] == 10
    assert shown["metrics"]["points.total"]["difference"] > 0
    assert "points.total" in chart.read_text(encoding="utf-8")


def test_whatif_on_a_stored_proposal(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    amendment = tmp_path / "fives.yaml"
    amendment.write_text(FIVES_20, encoding="utf-8")
    made = run("--db", db, "new", "infinite-nomic-r7", "--players", "alice,bob", "--seed", "1",
               "--start", "2020-01-01T12:00:00Z", "--id", "g1", "--json")
    assert made.exit_code == 0, made.stderr
    proposed = run("--db", db, "propose", "g1", "alice", "--title", "Fives", "--text",
                   "Fives give 20", "--amendment", str(amendment), "--at",
                   "2020-01-01T12:01:00Z")
    assert proposed.exit_code == 0, proposed.stderr
    result = run("--db", db, "whatif", "--game", "g1", "--proposal", "1", "--games", "20",
                 "--turns", "8", "--quiet")
    assert result.exit_code == 0, result.stderr
    assert "what if: 20 matched pairs" in result.stdout and "points.total" in result.stdout
    missing = run("--db", db, "whatif", "--game", "g1", "--proposal", "7", "--quiet")
    assert missing.exit_code == 2 and "no proposal 7" in missing.stderr


def test_whatif_needs_a_game_or_a_pack() -> None:
    result = run("whatif", "--amendment", "x.yaml")
    assert result.exit_code == 2 and "give either --game GAME or --pack PACK" in result.stderr


def test_whatif_refuses_an_amendment_that_does_not_apply(tmp_path: Path) -> None:
    amendment = tmp_path / "bad.yaml"
    amendment.write_text("- {op: repeal, rule: 99}\n", encoding="utf-8")
    result = run("whatif", "--pack", "infinite-nomic-r7", "--amendment", str(amendment),
                 "--games", "2", "--quiet")
    assert result.exit_code == 1
    assert "there is no Rule 99" in result.stderr


def test_simulate_without_limits_stops_at_the_default_cap_and_says_so(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Infinite Nomic never ends by itself: without --turns or --actions each game stops
    at the default cap of actions, which the report states."""
    # The command reads the cap from the simulator when it runs.
    monkeypatch.setattr("nomicon.sim.runner.DEFAULT_ACTIONS", 30)
    result = run("simulate", "--pack", "infinite-nomic-r7", "--games", "2", "--json")
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["limits"]["actions"] == 30 and report["limits"]["default"] is True
    assert report["capped"] == 2 and report["stalled"] == 0
    shown = run("simulate", "--pack", "infinite-nomic-r7", "--games", "1", "--quiet")
    assert "30 actions at most, the default cap" in shown.stdout
    chosen = json.loads(run("simulate", "--pack", "infinite-nomic-r7", "--games", "1",
                            "--actions", "10", "--json").stdout)
    assert chosen["limits"]["default"] is False and chosen["limits"]["actions"] == 10
