"""``nomicon demo``: bots play a stored game that can be continued and verified."""

from __future__ import annotations

import json

from conftest import Cli


def test_demo_stores_a_game_that_verifies(cli: Cli) -> None:
    result = cli("demo", "--turns", "3", "--seed", "4", "--json")
    assert result.exit_code == 0, result.stderr
    played = json.loads(result.stdout)
    game = played["game"]
    assert played["turns"] >= 3  # one action can end more than one turn (timers catch up)
    assert played["accepted"] > 0
    assert sorted(played["state"]["players"]) == ["alice", "bob", "carol"]
    assert 0 < len(played["log"]) <= 20

    stored = cli.json("state", game)
    assert stored == played["state"]
    log = cli.json("log", game)
    assert [e["seq"] for e in played["log"]] == [e["seq"] for e in log[-len(played["log"]):]]
    actions = [e for e in log if e["type"] == "action" and e["actor"] != "admin"]
    assert len(actions) >= played["accepted"]  # the joins, and every accepted move

    times = [e["time"] for e in log]
    assert times == sorted(times)
    assert len(set(times)) > 3  # game time moves on between actions

    report = cli.json("verify", game, "--with-secret")
    assert report["ok"] is True
    assert report["rolls"] > 0 and report["verified"] == report["rolls"]


def test_demo_prints_the_board_the_log_and_how_to_go_on(cli: Cli) -> None:
    result = cli("demo", "--turns", "2", "--seed", "1")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "Board" in out and "The last 20 log entries" in out
    (game,) = [g["game"] for g in cli.json("games")]
    for hint in (f"act {game} ", f"state {game}", f"log {game} --rolls", f"verify {game}"):
        assert hint in out
    assert f"--db {cli.url}" in out
