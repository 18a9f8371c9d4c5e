"""``nomicon propose`` with the changes as options, checked against the rules' schemas
(Infinite Nomic Round 7: Rule 8, Points and Tiles, gives 10 points on a multiple of 5;
the Trampoline's space and bounce are whole numbers of at least 1)."""

from __future__ import annotations

from conftest import T1, T2, Cli
from typer.testing import CliRunner

from nomicon.cli import app

FIVES = ("--title", "Richer", "--text", "Fives give 20")


def test_set_previews_and_proposes_on_yes(cli: Cli, db_url: str) -> None:
    game = cli.new("alice,bob")
    result = CliRunner().invoke(
        app, ["--db", db_url, "propose", game, "bob", *FIVES, "--set", "8.fives_points=20",
         "--at", T1], input="y\n")
    assert result.exit_code == 0, result.stdout
    assert "1. Rule 8 (Points and Tiles): set fives points to 20" in result.stdout
    assert "changed: Rule 8" in result.stdout
    assert "+Parameters: fives_points=20" in result.stdout
    assert "Propose it?" in result.stdout
    found = cli.json("proposals", game)
    assert found["1"]["amendment"] == [{"op": "amend", "rule": 8,
                                        "params": {"fives_points": 20}}]


def test_no_at_the_question_proposes_nothing(cli: Cli, db_url: str) -> None:
    game = cli.new("alice,bob")
    result = cli.runner.invoke(app, ["--db", db_url, "propose", game, "bob", *FIVES,
                                "--repeal", "11", "--at", T1], input="n\n")
    assert result.exit_code == 1
    assert "1. repeal Rule 11 (Features)" in result.stdout
    assert "Nothing proposed." in result.stdout
    assert cli.json("proposals", game) == {}


def test_yes_proposes_several_changes_without_asking(cli: Cli) -> None:
    game = cli.new("alice,bob")
    made = cli("propose", game, "bob", *FIVES, "--set", "8.fives_points=20",
               "--set", "8.jail_die=8", "--rename", "11=Squares", "--interpret",
               "11=A bribe is a toll.", "--rule-text", "2=Play in turn.", "--repeal", "13",
               "--enact", "infinite-nomic-r7/trampoline", "--number", "40",
               "--param", "space=4", "--yes", "--at", T1)
    assert made.exit_code == 0, made.stdout
    assert "Propose it?" not in made.stdout
    assert cli.json("proposals", game)["1"]["amendment"] == [
        {"op": "amend", "rule": 8, "params": {"fives_points": 20, "jail_die": 8}},
        {"op": "amend", "rule": 2, "text": "Play in turn."},
        {"op": "amend", "rule": 11, "title": "Squares"},
        {"op": "interpret", "rule": 11, "text": "A bribe is a toll."},
        {"op": "repeal", "rule": 13},
        {"op": "enact", "class": "infinite-nomic-r7/trampoline", "number": 40,
         "params": {"space": 4}}]


def test_a_value_the_schema_refuses_is_a_clear_error(cli: Cli) -> None:
    game = cli.new("alice,bob")
    bad = cli("propose", game, "bob", *FIVES, "--set", "8.fives_points=many", "--yes")
    assert bad.exit_code != 0
    assert ("--set: Rule 8 (Points and Tiles) fives_points: Input should be a valid "
            "integer, unable to parse string as an integer") in bad.stderr
    low = cli("propose", game, "bob", *FIVES, "--enact", "infinite-nomic-r7/trampoline",
              "--param", "space=0", "--yes")
    assert ("--param: infinite-nomic-r7/trampoline space: Input should be greater than "
            "or equal to 1") in low.stderr
    assert cli.json("proposals", game) == {}


def test_unknown_rules_parameters_and_classes_are_named(cli: Cli) -> None:
    game = cli.new("alice,bob")
    cases = {
        ("--set", "99.x=1"): "--set: there is no Rule 99 in force",
        ("--set", "8.fifths=1"): "--set: Rule 8 (Points and Tiles) fifths: there is no "
                                 "such parameter",
        ("--set", "fives=1"): "--set: write it as --set RULE.PARAM=VALUE",
        ("--repeal", "99"): "--repeal: there is no Rule 99 in force",
        ("--rename", "Squares"): "--rename: write it as --rename N=...",
        ("--param", "space=3"): "--param: goes with --enact CLASS",
    }
    for args, said in cases.items():
        result = cli("propose", game, "bob", *FIVES, *args, "--yes")
        assert result.exit_code != 0, args
        assert said in " ".join(result.stderr.split()), (args, result.stderr)


def test_an_unknown_class_is_named() -> None:
    """Against a registry of Infinite Nomic alone (the installed one would import every
    installed pack to look for it)."""
    from nomicon.governance.builder import FieldRefused, changes_from_options
    from nomicon.kernel.pack import Registry, installed

    registry = Registry([installed().pack("infinite-nomic-r7")])
    try:
        changes_from_options({}, registry, enact="nowhere/nothing")
    except FieldRefused as exc:
        assert (exc.field, exc.reason) == (
            "--enact", "there is no installed rule class 'nowhere/nothing'")
    else:
        raise AssertionError("an unknown class was accepted")


def test_dry_run_with_options_previews_as_json(cli: Cli) -> None:
    game = cli.new("alice,bob")
    shown = cli.json("propose", game, "bob", *FIVES, "--set", "8.fives_points=20",
                     "--dry-run")
    assert shown["ok"] is True and shown["rules"]["changed"] == [8]
    assert cli.json("proposals", game) == {}


def test_the_built_proposal_passes_and_applies(cli: Cli) -> None:
    game = cli.new("alice,bob")
    assert cli("propose", game, "bob", *FIVES, "--set", "8.fives_points=20", "--yes",
               "--at", T1).exit_code == 0
    assert cli("vote", game, "alice", "1", "up", "--at", T2).exit_code == 0
    # Rule 4: the voting period is 24 hours; then up 1 > down 0 passes (bob acts,
    # alice's turn having passed).
    assert cli("act", game, "bob", "end-turn", "--at", "2020-01-02T12:05:00Z").exit_code == 0
    assert cli.json("proposals", game)["1"]["status"] == "passed"
    rules = {str(r["number"]): r for r in cli.json("rules", game)}
    assert rules["8"]["params"]["fives_points"] == 20
