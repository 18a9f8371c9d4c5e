"""Governance on the command line: propose (and preview), vote, proposals, history, diff."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from conftest import T1, T2, Cli

AMENDMENT = """\
- {op: amend, rule: 8, params: {fives_points: 20}}
- {op: enact, class: infinite-nomic-r7/trampoline, params: {space: 3, bounce: 2}}
"""


def test_dry_run_shows_the_change_and_changes_nothing(
        cli: Cli, write_file: Callable[[str, str], Path]) -> None:
    game = cli.new("alice,bob")
    amendment = write_file("am.yaml", AMENDMENT)
    log_before = cli.json("log", game)
    shown = cli.json("propose", game, "bob", "--title", "t", "--text", "x",
                     "--amendment", str(amendment), "--dry-run")
    assert shown["ok"] is True
    assert shown["rules"] == {"enacted": [21], "repealed": [], "changed": [8]}
    assert "+Rule 21: Trampoline" in shown["diff"]
    assert {"path": "board.spaces.3.features", "before": [], "after": ["Trampoline"]} \
        in shown["state"]
    assert cli.json("log", game) == log_before
    assert "21" not in cli.json("rules", game)


def test_dry_run_of_a_broken_amendment_exits_1_with_the_reason(
        cli: Cli, write_file: Callable[[str, str], Path]) -> None:
    game = cli.new("alice,bob")
    amendment = write_file("bad.yaml", "- {op: repeal, rule: 99}\n")
    result = cli("propose", game, "bob", "--title", "t", "--text", "x",
                 "--amendment", str(amendment), "--dry-run")
    assert result.exit_code == 1
    assert "there is no Rule 99" in result.stdout


def test_a_passed_proposal_changes_the_running_game(
        cli: Cli, write_file: Callable[[str, str], Path]) -> None:
    game = cli.new("alice,bob")
    amendment = write_file("am.yaml", AMENDMENT)
    made = cli("propose", game, "bob", "--title", "Richer", "--text", "Fives give 20",
               "--amendment", str(amendment), "--at", T1)
    assert made.exit_code == 0, made.stderr
    assert cli("vote", game, "alice", "1", "up", "--at", T2).exit_code == 0
    assert cli.json("proposals", game)["1"]["status"] == "open"
    # Rule 4: the voting period is 24 hours from 12:01; then up 1 > down 0 passes.
    # (Rule 3: alice's turn has passed by then, so it is bob who acts.)
    assert cli("act", game, "bob", "end-turn", "--at", "2020-01-02T12:05:00Z").exit_code == 0
    listed = cli.json("proposals", game)
    assert listed["1"]["status"] == "passed"
    rules = cli.json("rules", game)
    by_number = {str(r["number"]): r for r in rules} if isinstance(rules, list) else rules
    assert by_number["8"]["params"]["fives_points"] == 20
    assert by_number["21"]["title"] == "Trampoline"
    versions = cli.json("history", game, "8")
    assert [v["change"] for v in versions] == ["enacted", "amended"]
    diff = cli.json("history", game, "8", "--diff", "1", "2")
    assert "fives_points" in diff["diff"]
    opened = next(e["seq"] for e in cli.json("log", game) if e["type"] == "proposal.opened")
    whole = cli.json("diff", game, str(opened))
    assert whole["rules"]["enacted"] == [21]
    assert whole["rules"]["changed"] == [8]


def test_a_refused_vote_exits_1(cli: Cli) -> None:
    game = cli.new("alice,bob")
    result = cli("vote", game, "alice", "1", "up", "--at", T1)
    assert result.exit_code == 1
    assert "alice cannot vote" in result.stderr
    assert json.loads(cli("proposals", game, "--json").stdout) == {}


def test_a_players_dry_run_shows_nothing_the_rules_hide_from_them(
        cli: Cli, write_file: Callable[[str, str], Path]) -> None:
    """Run for a player, ``propose --dry-run`` previews as that player: repealing
    Goofspiel's Rule 45 (Bidding) shows the admin alice's sealed bid going, and shows
    bob nothing of it."""
    game = cli.json("new", "ackanomic-goofspiel", "--players", "alice,bob,carol")["game"]
    assert cli("act", game, "alice", "bid", "card=12").exit_code == 0
    amendment = write_file("repeal45.yaml", "- {op: repeal, rule: 45}\n")
    paths = {}
    for actor in ("bob", "admin"):
        shown = cli.json("propose", game, actor, "--title", "t", "--text", "x",
                         "--amendment", str(amendment), "--dry-run")
        assert shown["ok"] and shown["rules"]["repealed"] == [45]
        paths[actor] = {change["path"]: change.get("before") for change in shown["state"]}
    assert paths["admin"]["players.alice.bid"] == 12
    assert "players.alice.bid" not in paths["bob"]
