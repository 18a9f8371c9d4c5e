"""What re-execution costs ``nomicon verify``, as ratios measured in the same run.

    python benchmarks/verify_bench.py [--steps 3000] [--games 2]

For games of Infinite Nomic played at random (the engine benchmark's play), prints
the time of :func:`nomicon.verify.verify` (numbering, chain, fold, re-executing every
batch, dice) against two references measured on the same logs: folding the log
(``Game.rebuild``, what verify cost before it re-executed) and playing the game in
the first place.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--games", type=int, default=2)
    options = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from engine_bench import random_play

    from nomicon.kernel.engine import Game
    from nomicon.verify import verify

    play = fold = check = 0.0
    events = 0
    for seed in range(1, options.games + 1):
        game, _, seconds = random_play(seed, options.steps)
        play += seconds
        log = list(game.log)
        events += len(log)
        began = time.perf_counter()
        Game.rebuild(log, secret=game.secret)
        fold += time.perf_counter() - began
        began = time.perf_counter()
        found = verify(log)
        check += time.perf_counter() - began
        assert found.ok and found.reexecuted == found.batches, found.problems
    print(f"{events} events in {options.games} games")
    print(f"verify / fold the log: {check / fold:.1f}x")
    print(f"verify / play the game: {check / play:.2f}x")


if __name__ == "__main__":
    main()
