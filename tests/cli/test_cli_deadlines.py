"""Issue 20, item 4: ``nomicon state`` lists the deadlines that apply to its viewer.

Infinite Nomic's Rule 3: "A player's turn autmatically ends ("passes") 24 hours after
it started"; Rule 7 gives a player who moved 5 minutes to continue their turn."""

from __future__ import annotations

from conftest import T1, Cli
from typer.testing import Result

from nomicon.cli import app


def _state(cli: Cli, game: str, viewer: str) -> Result:
    """``nomicon state GAME --as VIEWER`` on a terminal wide enough for a row a line."""
    return cli.runner.invoke(app, ["--db", cli.url, "state", game, "--as", viewer],
                             env={"COLUMNS": "160"})


def _deadlines(text: str) -> list[str]:
    """The lines of the state's deadlines table, each with its cells' words."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "Deadlines")
    return [" ".join(line.split()) for line in lines[start + 1:] if line.strip()]


def test_state_lists_the_turn_passing_for_every_viewer(cli: Cli) -> None:
    game = cli.new()
    alice = _state(cli, game, "alice")
    assert alice.exit_code == 0
    assert "2020-01-02 12:00 UTC your turn passes Rule 3, What happens on a turn" in (
        _deadlines(alice.stdout))
    bob = _deadlines(_state(cli, game, "bob").stdout)
    assert "2020-01-02 12:00 UTC alice's turn passes Rule 3, What happens on a turn" in bob


def test_state_shows_a_players_own_timer_to_them_alone(cli: Cli) -> None:
    game = cli.new()
    assert cli.act(game, "alice", "roll", at=T1).exit_code == 0
    alice = _deadlines(_state(cli, game, "alice").stdout)
    assert any(line.startswith("2020-01-01 12:06 UTC your turn ends unless you continue it")
               for line in alice)
    bob = _deadlines(_state(cli, game, "bob").stdout)
    assert not any("continue" in line for line in bob)
