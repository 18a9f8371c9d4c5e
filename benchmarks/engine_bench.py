"""The engine's own speed: Infinite Nomic random play, and replay from the log.

    python benchmarks/engine_bench.py [--steps 5000] [--games 3] [--profile]

- *actions per second*: random play of Infinite Nomic (Round 7) with three players,
  as the simulations play it (:func:`nomicon.sim.bots.step`: the random bot picks
  from ``legal_actions`` and acts; time passes now and then, so timers fire); only
  accepted actions are counted, but the time includes refused ones and the
  ``legal_actions`` calls;
- *replay events per second*: rebuilding each game from its log
  (``Game.rebuild``), which folds every event's ops into a new state.

With ``--profile`` it also prints where the time goes (cProfile, by own time and by
cumulative time) for the random play and for Goofspiel playouts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import random
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

START = datetime(2020, 1, 1, 12, tzinfo=UTC)
PLAYERS = ["alice", "bob", "carol"]


def random_play(seed: int, steps: int) -> tuple[Any, int, float]:
    """A game of Infinite Nomic played ``steps`` random steps: (game, accepted, seconds)."""
    from nomicon.kernel import dice
    from nomicon.kernel.engine import Game
    from nomicon.sim.bots import RandomBot, step

    game = Game.create("infinite-nomic-r7", start=START, players=PLAYERS,
                       secret=dice.secret_from_seed(f"engine-bench:{seed}"), game_id="bench")
    rng = random.Random(seed)
    bot = RandomBot(rng)
    accepted = 0
    began = time.perf_counter()
    for _ in range(steps):
        if game.is_over:
            break
        outcome = step(game, bot, rng)
        if outcome is not None and outcome.accepted:
            accepted += 1
    return game, accepted, time.perf_counter() - began


def bench(steps: int, games: int) -> dict[str, Any]:
    from nomicon.kernel.engine import Game

    random_play(0, 200)  # imports and caches warm
    accepted = events = 0
    play_seconds = replay_seconds = 0.0
    for seed in range(1, games + 1):
        game, done, seconds = random_play(seed, steps)
        accepted += done
        play_seconds += seconds
        began = time.perf_counter()
        rebuilt = Game.rebuild(list(game.log), secret=game.secret)
        replay_seconds += time.perf_counter() - began
        assert rebuilt.state.root == game.state.root, "replay differs from the live state"
        events += len(game.log)
    return {"games": games, "steps": steps * games, "actions": accepted,
            "actions_per_second": accepted / play_seconds, "events": events,
            "replay_events_per_second": events / replay_seconds}


def profile(steps: int) -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from goofspiel_bench import nomicon_playout

    out = io.StringIO()
    for title, run in (
            ("Infinite Nomic random play", lambda: random_play(1, steps)),
            ("Goofspiel playouts (views, legal_actions, act)",
             lambda: [nomicon_playout(i, 3, 13, random.Random(i)) for i in range(60)])):
        profiler = cProfile.Profile()
        profiler.enable()
        run()
        profiler.disable()
        out.write(f"\n== {title} ==\n")
        stats = pstats.Stats(profiler, stream=out)
        stats.sort_stats("tottime").print_stats(18)
        stats.sort_stats("cumulative").print_stats(25)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=5000, help="random steps per game")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = bench(args.steps, args.games)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"Infinite Nomic, 3 players, {args.games} games of {args.steps} random steps")
        print(f"  random play: {figures['actions_per_second']:8.0f} accepted actions/s "
              f"({figures['actions']} actions)")
        print(f"  replay:      {figures['replay_events_per_second']:8.0f} events/s "
              f"({figures['events']} events rebuilt from the log)")
    if args.profile:
        print(profile(min(args.steps, 3000)))


if __name__ == "__main__":
    main()
