"""The same pack, players, seed and bot seed give the same log, event for event.

Played twice in this process, and once more in a fresh interpreter whose string
hashes are salted differently (so a rule that lets the order of a set decide
something shows up).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from harness import PACKS, hashes, new_game

from nomicon.sim.bots import play

STEPS = 400
SEED = 5
HERE = Path(__file__).parent
PROGRAM = """
import json, sys
sys.path.insert(0, sys.argv[1])
from test_replay_determinism import log_hashes
print(json.dumps(log_hashes(sys.argv[2], int(sys.argv[3]))))
"""


def log_hashes(pack: str, seed: int) -> list[str]:
    game = new_game(pack, seed)
    play(game, STEPS, seed=seed)
    return hashes(game.log)


@pytest.mark.parametrize("pack", PACKS)
def test_same_inputs_give_the_same_log(pack: str) -> None:
    first = log_hashes(pack, SEED)
    assert len(first) > STEPS
    assert log_hashes(pack, SEED) == first
    assert log_hashes(pack, SEED + 1) != first


@pytest.mark.parametrize("pack", PACKS)
def test_same_log_with_other_string_hashing(pack: str) -> None:
    salt = "1" if os.environ.get("PYTHONHASHSEED") != "1" else "2"
    env = {**os.environ, "PYTHONHASHSEED": salt}
    done = subprocess.run([sys.executable, "-W", "error", "-c", PROGRAM, str(HERE), pack,
                           str(SEED)], capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == log_hashes(pack, SEED)
