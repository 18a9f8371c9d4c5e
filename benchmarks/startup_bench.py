"""How long ``nomicon`` takes to start, against an interpreter that does nothing.

    python benchmarks/startup_bench.py [--samples 15]

Each case runs in a fresh process, the cases taking turns so that a change in the
machine's load reaches all of them alike; prints the median of the samples in
seconds and as a ratio to ``python -c pass``. The ``act`` case rolls the dice in a
game of Infinite Nomic created (untimed) just before it in a SQLite file in a
temporary directory, one new game per sample so that every roll is legal.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# What the console script runs (``nomicon = nomicon.cli:main``).
NOMICON = [sys.executable, "-c", "import sys; from nomicon.cli import main; sys.exit(main())"]
PACK = "infinite-nomic-r7"


def run(command: list[str], cwd: Path) -> float:
    """Seconds from starting ``command`` to its exit; it must succeed."""
    began = time.perf_counter()
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=15)
    options = parser.parse_args()
    cases = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "python -c 'import nomicon'": [sys.executable, "-c", "import nomicon"],
        "nomicon --help": [*NOMICON, "--help"],
    }
    times: dict[str, list[float]] = {name: [] for name in [*cases, "nomicon act"]}
    with tempfile.TemporaryDirectory() as folder:
        cwd = Path(folder)
        db = ["--db", str(cwd / "games.db")]
        for sample in range(options.samples):
            for name, command in cases.items():
                times[name].append(run(command, cwd))
            game = f"g{sample}"
            run([*NOMICON, *db, "new", PACK, "--players", "alice,bob", "--seed", "1",
                 "--id", game], cwd)
            times["nomicon act"].append(run([*NOMICON, *db, "act", game, "alice", "roll"], cwd))
    reference = statistics.median(times["python -c pass"])
    print(f"median of {options.samples} samples, each in a fresh process")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:28} {median:6.3f} s  {median / reference:5.1f}x")


if __name__ == "__main__":
    main()
