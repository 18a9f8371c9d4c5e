"""The installed ``nomicon`` script in real processes: JSON on standard output, the
reason for a refusal on standard error, and the exit statuses 0, 1 and 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import PACK, START, T1


def nomicon(db_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run the console script (beside this interpreter) with ``NOMICON_DB`` set."""
    script = Path(sys.executable).with_name("nomicon")
    command = [str(script)] if script.exists() else [
        sys.executable, "-c", "from nomicon.cli import main; main()"]
    env = {**os.environ, "NOMICON_DB": str(db_path)}
    return subprocess.run([*command, *args], capture_output=True, text=True, env=env,
                          check=False)


def test_the_exit_status_contract(db_path: Path) -> None:
    created = nomicon(db_path, "new", PACK, "--players", "alice,bob", "--start", START,
                      "--json")
    assert created.returncode == 0, created.stderr
    game = json.loads(created.stdout)["game"]

    done = nomicon(db_path, "act", game, "alice", "roll", "--at", T1)
    assert done.returncode == 0
    assert "movement 1d6 for alice" in done.stdout

    refused = nomicon(db_path, "act", game, "bob", "roll", "--at", T1)
    assert refused.returncode == 1
    assert "bob cannot roll: not your turn" in refused.stderr
    assert refused.stdout == ""

    unknown = nomicon(db_path, "act", "nope", "alice", "roll")
    assert unknown.returncode == 2
    assert "no game 'nope'" in unknown.stderr
    assert "Traceback" not in unknown.stderr

    state = json.loads(nomicon(db_path, "state", game, "--as", "bob", "--json").stdout)
    assert state["game"]["id"] == game
    log = json.loads(nomicon(db_path, "log", game, "--json").stdout)
    assert log[-1]["seq"] == len(log)
    assert nomicon(db_path, "verify", game).returncode == 0
