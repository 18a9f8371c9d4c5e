"""``nomicon scenario run``: one JSON object per file; exit 0 passed, 1 an expectation
failed, 2 an invalid file."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from conftest import Cli

Write = Callable[[str, str], Path]

PASSING = """\
pack: infinite-nomic-r7
players: [alice, bob]
steps:
  - {as: alice, do: roll, dice: [4]}
  - {expect: {players.alice.location: 5}}
  - {as: bob, do: roll, error: "not your turn"}
"""

FAILING = """\
pack: infinite-nomic-r7
players: [alice, bob]
steps:
  - {as: alice, do: roll, dice: [4]}
  - {expect: {players.alice.location: 6}}
"""

NO_STEPS = """\
pack: infinite-nomic-r7
players: [alice, bob]
"""

UNUSED_DICE = """\
pack: infinite-nomic-r7
players: [alice, bob]
steps:
  - {as: alice, do: roll, dice: [4, 2]}
"""

DIE_TOO_BIG = """\
pack: infinite-nomic-r7
players: [alice, bob]
steps:
  - {as: alice, do: roll, dice: [9]}
"""


BY_RULE = """\
pack: infinite-nomic-r7
players: [alice, bob]
steps:
  - {as: bob, do: roll, error: {rule: RULE, contains: "not your turn"}}
"""


def test_a_refusal_named_by_its_rule(cli: Cli, write_file: Write) -> None:
    """``error: {rule, contains}``: exit 0 when that rule refuses, 1 when another rule
    does (the failure says which), 2 when the mapping is malformed."""
    right = cli("scenario", "run", str(write_file("right.yaml", BY_RULE.replace("RULE", "2"))))
    assert right.exit_code == 0 and "PASS" in right.stdout
    wrong = cli("scenario", "run", str(write_file("wrong.yaml", BY_RULE.replace("RULE", "7"))),
                "--json")
    assert wrong.exit_code == 1
    (failure,) = json.loads(wrong.stdout)["failures"]
    assert "expected a refusal by Rule 7 containing 'not your turn', but Rule 2, Turn order " \
           "refused instead" in failure
    bad = cli("scenario", "run", str(write_file("bad.yaml", BY_RULE.replace(
        '"not your turn"', '""').replace("RULE", "2"))), "--json")
    assert bad.exit_code == 2
    assert "steps.0.error.refusal.contains" in json.loads(bad.stdout)["error"]


def test_a_passing_scenario(cli: Cli, write_file: Write) -> None:
    path = write_file("pass.yaml", PASSING)
    result = cli("scenario", "run", str(path), "--json")
    assert result.exit_code == 0
    (line,) = result.stdout.splitlines()
    outcome = json.loads(line)
    assert outcome["ok"] is True and outcome["failures"] == []
    assert outcome["state"]["players"]["alice"]["location"] == 5
    human = cli("scenario", "run", str(path))
    assert human.exit_code == 0 and "PASS" in human.stdout


def test_a_failing_expectation(cli: Cli, write_file: Write) -> None:
    path = write_file("fail.yaml", FAILING)
    result = cli("scenario", "run", str(path), "--json")
    assert result.exit_code == 1
    outcome = json.loads(result.stdout)
    assert outcome["ok"] is False
    assert outcome["failures"] == ["step 2: players.alice.location is 5, expected 6"]
    human = cli("scenario", "run", str(path))
    assert human.exit_code == 1 and "players.alice.location is 5, expected 6" in human.stdout


def test_invalid_files(cli: Cli, write_file: Write, tmp_path: Path) -> None:
    cases = {
        "no-steps.yaml": (NO_STEPS, "steps"),
        "unused-dice.yaml": (UNUSED_DICE, "1 forced die value(s) were not used"),
        "die-too-big.yaml": (DIE_TOO_BIG, "does not fit 1d6"),
        "not-yaml.yaml": ("pack: [", "not valid YAML"),
    }
    for name, (text, reason) in cases.items():
        path = write_file(name, text)
        result = cli("scenario", "run", str(path), "--json")
        assert result.exit_code == 2, name
        outcome = json.loads(result.stdout)
        assert outcome["ok"] is False and outcome["state"] is None
        assert reason in outcome["error"], name
        assert reason in result.stderr, name
    missing = cli("scenario", "run", str(tmp_path / "absent.yaml"))
    assert missing.exit_code == 2 and "cannot read" in missing.stderr


def test_several_files_one_line_each_and_the_worst_status(cli: Cli, write_file: Write) -> None:
    files = [str(write_file("a.yaml", PASSING)), str(write_file("b.yaml", FAILING))]
    result = cli("scenario", "run", *files, "--json")
    assert result.exit_code == 1
    assert [json.loads(line)["ok"] for line in result.stdout.splitlines()] == [True, False]
    files.append(str(write_file("c.yaml", NO_STEPS)))
    assert cli("scenario", "run", *files).exit_code == 2


def test_scenarios_over_the_limits_are_invalid_files(cli: Cli, write_file: Write) -> None:
    """Deep nesting, too many steps, a file too big and anchors are refused with exit
    status 2 and the limit named, before anything is played."""
    many = "pack: infinite-nomic-r7\nplayers: [alice]\nsteps:\n" + "- {wait: 1m}\n" * 10_001
    cases = {
        "deep.yaml": ("pack: infinite-nomic-r7\nsteps: " + "[" * 5_000 + "]" * 5_000,
                      "nested more than 32 levels deep"),
        "many.yaml": (many, "at most 10,000 steps, not 10,001"),
        "big.yaml": ("# " + "x" * 1_000_001 + "\npack: infinite-nomic-r7\nsteps: []\n",
                     "over the limit of 1,000,000"),
        "bomb.yaml": ("pack: infinite-nomic-r7\nsteps: &s []\nalso: *s\n", "anchors"),
    }
    for name, (text, reason) in cases.items():
        result = cli("scenario", "run", str(write_file(name, text)), "--json")
        assert result.exit_code == 2, name
        assert reason in json.loads(result.stdout)["error"], name


def test_cli_values_over_the_limits_exit_2(cli: Cli) -> None:
    game = cli.new()
    deep = "[" * 3_000 + "]" * 3_000
    result = cli("act", game, "alice", "propose", "title=t", "text=t", f"amendment={deep}")
    assert result.exit_code == 2 and "nested more than 32 levels deep" in result.stderr
    bomb = "amendment=[&a [1], *a]"
    result = cli("act", game, "alice", "propose", "title=t", "text=t", bomb)
    assert result.exit_code == 2 and "anchors" in result.stderr
    assert "propose" not in json.dumps(cli.json("log", game))  # nothing was done
