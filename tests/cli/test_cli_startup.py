"""Start-up: a command imports what it needs when it runs, so ``nomicon --help`` and
``nomicon act`` do not load the web server, the simulator, the charts, Parquet or the
migrations. The time it takes is measured in ``benchmarks/startup_bench.py``; here
the test is which modules a fresh process ends up with."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import PACK, START, T1, Cli

import nomicon
from nomicon.cli import sim as sim_commands
from nomicon.sim import runner, whatif

# What no command that only plays or reads a game needs.
HEAVY = ("alembic", "fastapi", "jinja2", "nomicon.server", "nomicon.sim", "plotly", "pyarrow",
         "uvicorn")
# The packs other than Infinite Nomic's, which acting in its game does not need.
OTHER_PACKS = ("nomicon.packs.ackanomic", "nomicon.packs.bnomic_grid", "nomicon.packs.nomic")
# What listing the commands does not need either: the store, the engine, the packs.
NOT_FOR_HELP = ("nomicon.kernel.engine", "nomicon.packs", "nomicon.store", "pydantic",
                "rich", "sqlalchemy", "yaml")

# Runs the console script's entry point with the given arguments, then prints which
# of the named modules were imported, as the last line of standard output.
PROBE = """
import json, sys
from nomicon.cli import main
names, sys.argv[1:] = json.loads(sys.argv[1]), sys.argv[2:]
status = 0
try:
    main()
except SystemExit as exc:
    status = exc.code
print()
print(json.dumps({"status": status, "imported": [n for n in names if n in sys.modules]}))
"""


def imported(cwd: Path, names: tuple[str, ...], *args: str) -> tuple[int, list[str]]:
    """Run ``nomicon ARGS`` in a fresh process in ``cwd``: its exit status, and which
    of ``names`` it imported."""
    # The process imports the nomicon under test, wherever it was imported from.
    source = str(Path(nomicon.__file__).resolve().parents[1])
    path = os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(names), *args],
                          capture_output=True, text=True, cwd=cwd, check=False,
                          env={**os.environ, "PYTHONPATH": path})
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.splitlines()[-1])
    return found["status"], found["imported"]


def test_help_imports_no_store_engine_or_web_stack(tmp_path: Path) -> None:
    status, found = imported(tmp_path, HEAVY + NOT_FOR_HELP, "--help")
    assert status == 0
    assert found == []


def test_act_imports_neither_the_server_the_simulator_nor_other_packs(cli: Cli,
                                                                       tmp_path: Path) -> None:
    game = cli.new()
    # Opening the store created the schema; acting in it needs no migration.
    status, found = imported(tmp_path, HEAVY + OTHER_PACKS, "--db", cli.url, "act", game,
                             "alice", "roll", "--at", T1, "--json")
    assert status == 0
    assert found == []
    # The roll was stored.
    assert cli.json("log", game, "--last", "1")[0]["actor"] == "alice"


def test_a_refused_act_imports_none_of_them_either(cli: Cli, tmp_path: Path) -> None:
    game = cli.new()
    status, found = imported(tmp_path, HEAVY, "--db", cli.url, "act", game, "bob", "roll",
                             "--at", T1)
    assert status == 1
    assert found == []


def test_new_on_an_empty_store_migrates_it(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'fresh.db'}"
    status, found = imported(tmp_path, ("alembic",), "--db", db, "new", PACK, "--players",
                             "alice,bob", "--seed", "1", "--start", START)
    assert status == 0
    assert found == ["alembic"]


def test_the_help_names_the_simulators_bots_and_default() -> None:
    # The command line spells them out so as not to import the simulator.
    assert sim_commands.BOTS == runner.BOTS
    assert sim_commands.WHATIF_GAMES == whatif.DEFAULT_GAMES
