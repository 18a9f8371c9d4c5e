"""Names on the command line and the boards in the terminal.

Player names are normalised rather than refused (``Alice`` is ``alice``, spaces
around a name dropped) wherever one is given: ``--players``, ``join``, the actor of
``act``, ``--as``. A game has a display name given at creation, shown by ``games``
and ``state``; its id stays its key. ``nomicon state`` draws B Nomic's Grid as a map
of its 20 by 20 squares and fits its tables to 80 columns without folding a header
into pieces of a word.
"""

from __future__ import annotations

import re

import pytest
from conftest import PACK, START, T1, Cli
from typer.testing import CliRunner

from nomicon.cli import app


def test_player_names_are_normalised_wherever_given(cli: Cli) -> None:
    created = cli.json("new", PACK, "--players", " Alice , BOB", "--seed", "7",
                       "--start", START)
    game = created["game"]
    assert created["players"] == ["alice", "bob"]
    joined = cli("join", game, "  Carol ", "--at", T1)
    assert joined.exit_code == 0, joined.stderr
    rolled = cli.act(game, "ALICE", "roll")
    assert rolled.exit_code == 0, rolled.stderr
    assert [r["actor"] for r in cli.json("log", game, "--rolls")] == ["alice"]
    state = cli.json("state", game, "--as", " Bob")
    assert set(state["players"]) == {"alice", "bob", "carol"}
    # A name that stays invalid once normalised is still refused, with the reason.
    refused = cli("join", game, "9lives", "--at", T1)
    assert refused.exit_code == 1
    assert "'9lives' is not a valid player name" in refused.stderr


def test_a_game_has_a_name_shown_in_lists_and_state(cli: Cli) -> None:
    created = cli.json("new", PACK, "--players", "alice,bob", "--name", "  Friday   night ",
                       "--id", "fri1")
    assert created["game"] == "fri1"
    assert created["name"] == "Friday night"
    listed = {g["game"]: g for g in cli.json("games")}
    assert listed["fri1"]["name"] == "Friday night"
    unnamed = cli.new()
    assert {g["game"]: g["name"] for g in cli.json("games")}[unnamed] is None
    shown = CliRunner().invoke(app, ["--db", cli.url, "state", "fri1"],
                               env={"COLUMNS": "80"}, terminal_width=80)
    assert shown.stdout.splitlines()[0].startswith("Friday night · Infinite Nomic")
    too_long = cli("new", PACK, "--name", "x" * 81)
    assert too_long.exit_code == 2
    assert "a game's name has at most 80 characters, not 81" in too_long.stderr


def test_state_draws_the_grid_at_80_columns(cli: Cli) -> None:
    made = cli.json("new", "bnomic-grid", "--players", "alice,bob", "--seed", "1",
                    "--start", START, "--id", "grid1")
    assert made["game"] == "grid1"
    view = cli.json("state", "grid1")
    result = CliRunner().invoke(app, ["--db", cli.url, "state", "grid1"],
                                env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
    # One line per row of the Grid, 20 squares each, y = 20 at the top.
    rows = [line for line in lines if re.fullmatch(r" {0,2}\d{1,2}( \S){20} ?", line)]
    assert [int(r.split()[0]) for r in rows] == list(range(20, 0, -1))
    # Every Grid Object of the view stands on its square, by its kind's letter.
    legend = next(line for line in lines if "A\u00a0alice" in line)
    letter = {entry.split("\u00a0", 1)[1]: entry.split("\u00a0", 1)[0]
              for entry in legend.split("  ") if "\u00a0" in entry}
    grid = {int(r.split()[0]): r.split()[1:] for r in rows}
    for thing in view["entities"].values():
        x, y = thing["location"]
        assert grid[y][x - 1] in (letter[thing["kind"]], "w"), thing  # wax may lie on top
    # Players in Limbo are on no square, and said to be in Limbo.
    assert "in Limbo: alice, bob" in result.stdout
    # The players' attributes are headers read whole, never folded mid-word.
    for header in ("cheerleader", "possessions", "moved nweek", "carried by"):
        assert re.search(rf"(^|\s){header}(\s|$)", result.stdout, re.M), header
    # The board's other facts in words, not as one long line of the squares.
    assert "board: nweek 1 · temperature 10" in result.stdout
    assert '"substance"' not in result.stdout


@pytest.mark.parametrize("pack", ["infinite-nomic-r7", "nomopoly-iv", "ackanomic-goofspiel"])
def test_state_fits_80_columns_in_words(cli: Cli, pack: str) -> None:
    made = cli.json("new", pack, "--players", "alice,bob,carol", "--seed", "1",
                    "--start", START)
    result = CliRunner().invoke(app, ["--db", cli.url, "state", made["game"]],
                                env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(len(line) <= 80 for line in lines), [x for x in lines if len(x) > 80]
    # No part of the state is shown as JSON: parts of a pack are tables or words.
    assert '{"' not in result.stdout
    assert "Board (0 empty spaces" not in result.stdout
