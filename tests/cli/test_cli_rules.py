"""``nomicon rules``: the rules in force, as they stood after an event, and the
installed rule classes."""

from __future__ import annotations

from conftest import T1, T2, Cli


def test_rules_lists_the_rules_in_force_in_order(cli: Cli) -> None:
    game = cli.new()
    rules = cli.json("rules", game)
    numbers = [r["number"] for r in rules]
    assert numbers == sorted(numbers)
    assert {"number", "title", "text", "class", "params", "interpretations"} <= set(rules[0])
    moving = next(r for r in rules if r["title"] == "Moving")
    assert "1d6" in moving["text"]
    shown = cli("rules", game)
    assert shown.exit_code == 0
    assert f"Rule {moving['number']}. Moving" in shown.stdout


def test_rules_at_a_seq_show_the_rules_as_they_stood(cli: Cli) -> None:
    game = cli.new()
    head = len(cli.json("log", game))
    ruled = cli.act(game, "admin", "interpret", "rule=7", "text=A roll of 6 moves six spaces.",
                    at=T1)
    assert ruled.exit_code == 0, ruled.stderr

    now = {r["number"]: r for r in cli.json("rules", game)}
    assert [i["text"] for i in now[7]["interpretations"]] == ["A roll of 6 moves six spaces."]
    before = {r["number"]: r for r in cli.json("rules", game, "--at", str(head))}
    assert before[7]["interpretations"] == []
    assert set(before) == set(now)
    shown = cli("rules", game, "--at", str(head))
    assert shown.exit_code == 0 and f"after event {head}" in shown.stdout

    beyond = cli("rules", game, "--at", "100000")
    assert beyond.exit_code == 2
    assert "100000" in beyond.stderr


def test_rules_of_an_unknown_game_or_without_a_game_is_bad_usage(cli: Cli) -> None:
    unknown = cli("rules", "nope")
    assert unknown.exit_code == 2 and "no game 'nope'" in unknown.stderr
    nothing = cli("rules")
    assert nothing.exit_code == 2 and "--classes" in nothing.stderr
    game = cli.new()
    both = cli("rules", game, "--classes")
    assert both.exit_code == 2


def test_rules_classes_lists_every_installed_rule_class(cli: Cli) -> None:
    classes = {entry["class"]: entry for entry in cli.json("rules", "--classes")}
    moving = classes["infinite-nomic-r7/moving"]
    assert moving["title"] == "Moving"
    assert isinstance(moving["number"], int)
    assert moving["params"]["type"] == "object"
    assert isinstance(moving["requires"], list)
    assert any(entry["requires"] for entry in classes.values())
    shown = cli("rules", "--classes")
    assert shown.exit_code == 0 and "infinite-nomic-r7/moving" in shown.stdout


def test_a_time_before_the_clock_is_read_as_the_clock(cli: Cli) -> None:
    game = cli.new()
    assert cli.act(game, "alice", "roll", at=T2).exit_code == 0
    assert cli.act(game, "alice", "end-turn", at=T1).exit_code == 0
    assert cli.json("state", game)["game"]["clock"] == T2
