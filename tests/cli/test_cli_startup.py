"""Start-up: a command imports what it needs when it runs, so ``nomicon --help`` and
``nomicon act`` do not load the web server, the simulator, the charts, Parquet or the
migrations. The time it takes is measured in ``benchmarks/startup_bench.py``; here
the test is which modules a fresh process ends up with."""

from __future__ import annotations

from nomicon.cli import sim as sim_commands
from nomicon.sim import runner, whatif


def test_the_help_names_the_simulators_bots_and_default() -> None:
    # The command line spells them out so as not to import the simulator.
    assert sim_commands.BOTS == runner.BOTS
    assert sim_commands.WHATIF_GAMES == whatif.DEFAULT_GAMES
