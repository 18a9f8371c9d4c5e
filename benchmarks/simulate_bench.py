"""``nomicon simulate`` timed against the same command run by another revision.

    python benchmarks/simulate_bench.py [--against REV] [--runs 5]
        [--pack infinite-nomic-r7] [--games 200] [--turns 20]

Runs ``nomicon simulate --pack PACK --games GAMES --turns TURNS --quiet --json`` in
fresh processes from this working tree and, with ``--against``, from a copy of the
revision ``REV`` (``git archive`` into a temporary directory, with an empty stand-in
for each pack registered here that the revision lacks). The two take turns,
run after run, so that a change in the machine's load reaches both alike. Prints
each run's wall-clock and CPU seconds, the median of each side and the ratio
(this tree / the revision), and whether the two printed the same report: the
simulations' fast path may change the time a run takes, never its report.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.metadata import entry_points
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# What the console script runs (``nomicon = nomicon.cli:main``).
NOMICON = "import sys; from nomicon.cli import main; sys.exit(main())"


def simulate(tree: Path, options: argparse.Namespace) -> tuple[float, float, str]:
    """Run the command from ``tree``'s sources: (wall seconds, CPU seconds, its
    output)."""
    command = [sys.executable, "-c", NOMICON, "simulate", "--pack", options.pack,
               "--games", str(options.games), "--turns", str(options.turns), "--quiet",
               "--json"]
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run(command, cwd=tree, env=env, check=True, capture_output=True,
                          text=True)
    wall = time.perf_counter() - began
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return wall, cpu, done.stdout


def checkout(revision: str, into: Path) -> Path:
    """The files of ``revision`` (``git archive``) in a folder under ``into``."""
    tree = into / "revision"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    stub_missing_packs(tree)
    return tree


def stub_missing_packs(tree: Path) -> None:
    """Give ``tree`` a stand-in for each pack the environment registers (the
    ``nomicon.packs`` entry points of the installed project) that its files lack.

    The registry of a revision loads every registered pack, so a revision older than
    a pack fails to start without it; the stand-in is an empty pack of that id, which
    the run (of another pack) never plays.
    """
    for point in entry_points(group="nomicon.packs"):
        module, _, name = point.value.partition(":")
        folder = tree / "src" / Path(*module.split("."))
        stub = (f"\n\nfrom nomicon.kernel.pack import Pack as _StandIn\n\n\n"
                f"class {name}(_StandIn):\n    id = {point.name!r}\n")
        # The module may be there without the pack (a package that later gained a
        # pack of its own, as Ackanomic's did): the stand-in goes into it.
        found = folder.with_suffix(".py") if folder.with_suffix(".py").exists() else (
            folder / "__init__.py" if folder.exists() else None)
        if found is None:
            folder.mkdir(parents=True)
            (folder / "__init__.py").write_text(stub.lstrip())
        elif f"class {name}(" not in found.read_text():
            found.write_text(found.read_text() + stub)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--against", metavar="REV", help="a git revision to compare with")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pack", default="infinite-nomic-r7")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--turns", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        trees = {"this tree": ROOT}
        if options.against:
            trees[options.against] = checkout(options.against, Path(folder))
        walls: dict[str, list[float]] = {name: [] for name in trees}
        cpus: dict[str, list[float]] = {name: [] for name in trees}
        reports: dict[str, set[str]] = {name: set() for name in trees}
        for run in range(1, options.runs + 1):
            for name, tree in trees.items():
                wall, cpu, report = simulate(tree, options)
                walls[name].append(wall)
                cpus[name].append(cpu)
                reports[name].add(report)
                print(f"run {run}: {name:12} {wall:7.2f} s wall {cpu:7.2f} s CPU", flush=True)
    print(f"nomicon simulate --pack {options.pack} --games {options.games} "
          f"--turns {options.turns}: median of {options.runs} runs")
    for name in trees:
        print(f"  {name:12} {statistics.median(walls[name]):7.2f} s wall "
              f"{statistics.median(cpus[name]):7.2f} s CPU")
    if options.against:
        ours, theirs = "this tree", options.against
        print(f"  ratio ({ours} / {theirs}): "
              f"{statistics.median(walls[ours]) / statistics.median(walls[theirs]):.3f} wall, "
              f"{statistics.median(cpus[ours]) / statistics.median(cpus[theirs]):.3f} CPU")
        same = len(reports[ours] | reports[theirs]) == 1
        print(f"  the same report: {'yes' if same else 'no'}")


if __name__ == "__main__":
    main()
