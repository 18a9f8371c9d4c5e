"""Random playouts per second of 3-player Goofspiel with 13 cards, in three engines.

    python benchmarks/goofspiel_bench.py [--seconds 10] [--players 3] [--cards 13]
                                         [--slices S] [--phases PLAYOUTS]

(a) Nomicon: Ackanomic's Game of Pure Skill (rule 1250.7, the ``ackanomic-goofspiel``
    pack), through the same engine path as a live game: each playout creates a game in
    memory (no store), and each player, for each decision, reads their view
    (``game.view``), asks ``game.legal_actions`` and bids with ``game.act``; the rules'
    hooks run and every event is logged and hash-chained as in a live game. Then the
    same through the simulations' fast path, as ``nomicon simulate`` plays: each
    playout's game is a copy of one created once (``nomicon.sim.template``), its
    log is not hash-chained (``Game.for_simulation``), and the playouts run with the
    garbage collector's setting of a simulation (``nomicon.sim.runner``); the rules
    run as in a live game.
(b) OpenSpiel's ``goofspiel`` (the ``open-spiel`` package): ``new_initial_state``,
    chance outcomes for the prizes, ``legal_actions(p)`` and ``apply_actions``.
(c) boardgame.io: the game in ``benchmarks/boardgameio/goofspiel.js``, driven headless
    by ``bench.js`` with a ``Client`` per playout (Node.js).

``--phases N`` also plays N fast-path playouts with a clock around each part (the
game's creation, ``view``, ``legal_actions``, ``act``) and prints milliseconds per
playout in each, beside boardgame.io's milliseconds per playout: where the time goes.

``--slices S`` splits each engine's budget into S slices and lets the engines take
turns, slice by slice, so that a load that changes during the run (a shared machine)
weighs on every engine alike rather than on whichever ran then.

The policy is the same everywhere: every player bids a card drawn uniformly from the
legal bids; prizes are drawn uniformly from the prizes left, one per round. Install
the other two engines first with ``benchmarks/setup.sh``. Each engine plays for the
same wall-clock budget, one after the other, in one run on one machine.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import random
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BGIO = HERE / "boardgameio"
START = datetime(2020, 1, 1, 12, tzinfo=UTC)


@functools.cache
def _template(players: int, cards: int) -> Any:
    from nomicon.kernel.pack import installed
    from nomicon.sim.template import Template

    return Template("ackanomic-goofspiel", start=START, registry=installed(),
                    params={"players": players, "cards": cards, "games": 1})


def nomicon_playout(index: int, players: int, cards: int, rng: random.Random, *,
                    views: bool = True, fast: bool = False) -> bool:
    """One game of Pure Skill from creation to its end; True when someone won.

    ``fast``: the simulations' fast path, as ``nomicon simulate`` plays: the game is
    a copy of one created once (``Template``) and its log is not hash-chained.
    """
    names = [f"p{i + 1}" for i in range(players)]
    game = _new_game(index, names, cards, fast=fast)
    while not game.is_over:
        for name in names:
            if game.is_over:
                break
            if views:
                game.view(name)  # what the player's client shows before they decide
            bids = [entry for entry in game.legal_actions(name) if entry["name"] == "bid"]
            if not bids:
                continue
            card = rng.choice(bids[0]["args"]["card"]["choices"])
            game.act(name, "bid", card=card)
    return bool(game.state.root["winners"])


def _new_game(index: int, names: list[str], cards: int, *, fast: bool) -> Any:
    from nomicon.kernel import dice
    from nomicon.kernel.engine import Game

    secret = dice.secret_from_seed(f"bench:{index}")
    if fast:
        return _template(len(names), cards).game(f"bench-{index}", secret, names)
    return Game.create("ackanomic-goofspiel", start=START, players=names, secret=secret,
                       params={"players": len(names), "cards": cards, "games": 1},
                       game_id=f"bench-{index}")


def nomicon_phases(playouts: int, players: int, cards: int) -> dict[str, float]:
    """Milliseconds per playout of the fast path (views, legal, act) in each of its
    parts: creating the game (a copy of the template, the players joining), reading
    the views, asking ``legal_actions``, and ``act``. A loop of its own, so that the
    clock reads do not weigh on the playouts per second."""
    from nomicon.sim.runner import fewer_collections

    rng = random.Random(1)
    names = [f"p{i + 1}" for i in range(players)]
    nomicon_playout(-1, players, cards, rng, fast=True)  # imports, caches
    spent = dict.fromkeys(("create", "view", "legal", "act"), 0.0)
    clock = time.perf_counter
    with fewer_collections():
        for index in range(playouts):
            began = clock()
            game = _new_game(index, names, cards, fast=True)
            spent["create"] += clock() - began
            while not game.is_over:
                for name in names:
                    if game.is_over:
                        break
                    before = clock()
                    game.view(name)
                    viewed = clock()
                    bids = [e for e in game.legal_actions(name) if e["name"] == "bid"]
                    asked = clock()
                    spent["view"] += viewed - before
                    spent["legal"] += asked - viewed
                    if bids:
                        game.act(name, "bid", card=rng.choice(bids[0]["args"]["card"]["choices"]))
                        spent["act"] += clock() - asked
    return {phase: seconds * 1000 / playouts for phase, seconds in spent.items()}


def bench_nomicon(seconds: float, players: int, cards: int, *, views: bool = True,
                  fast: bool = False, first: int = 0) -> dict[str, Any]:
    """Playouts for ``seconds``, numbered from ``first`` (a later slice of a run in
    slices plays other games than the earlier ones)."""
    from nomicon.sim.runner import fewer_collections

    rng = random.Random(1 + first)
    nomicon_playout(-1, players, cards, rng, views=views, fast=fast)  # imports, caches
    done = won = 0
    # The fast path plays as ``nomicon simulate`` does, with the garbage collector's
    # setting of a simulation; the live path with Python's own.
    with fewer_collections() if fast else contextlib.nullcontext():
        began = time.perf_counter()
        while time.perf_counter() - began < seconds:
            won += nomicon_playout(first + done, players, cards, rng, views=views,
                                   fast=fast)
            done += 1
        elapsed = time.perf_counter() - began
    return {"playouts": done, "seconds": elapsed, "per_second": done / elapsed,
            "with_winner": won}


def openspiel_playout(game: Any, rng: random.Random) -> bool:
    state = game.new_initial_state()
    players = game.num_players()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()  # the prizes left, equally likely
            state.apply_action(rng.choice(outcomes)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    return returns.count(max(returns)) == 1


def bench_openspiel(seconds: float, players: int, cards: int, *, first: int = 0
                    ) -> dict[str, Any]:
    try:
        import pyspiel
    except ImportError:
        return {"error": "open-spiel is not installed (run benchmarks/setup.sh)"}
    game = pyspiel.load_game("goofspiel", {"num_cards": cards, "players": players,
                                           "points_order": "random",
                                           "returns_type": "total_points"})
    rng = random.Random(1 + first)
    openspiel_playout(game, rng)
    done = won = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        won += openspiel_playout(game, rng)
        done += 1
    elapsed = time.perf_counter() - began
    return {"playouts": done, "seconds": elapsed, "per_second": done / elapsed,
            "with_winner": won}


def bench_boardgameio(seconds: float, players: int, cards: int, *, first: int = 0
                      ) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        return {"error": "Node.js is not installed"}
    if not (BGIO / "node_modules" / "boardgame.io").exists():
        npm = shutil.which("npm")
        if npm is None:
            return {"error": "npm is not installed"}
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--silent"], cwd=BGIO,
                       check=True)
    # A few playouts before the clock starts, as the other engines play one: V8
    # compiles the hot code while it runs (which matters more in short slices).
    done = subprocess.run([node, "bench.js", "100000000", str(players), str(cards),
                           str(seconds), str(BGIO_WARMUP), str(first)], cwd=BGIO,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr else "failed"}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


#: boardgame.io playouts played before its clock starts.
BGIO_WARMUP = 20


def _added(total: dict[str, Any] | None, part: dict[str, Any]) -> dict[str, Any]:
    """Two slices' figures of one engine as one."""
    if total is None or "error" in part:
        return part
    playouts = total["playouts"] + part["playouts"]
    seconds = total["seconds"] + part["seconds"]
    return {"playouts": playouts, "seconds": seconds, "per_second": playouts / seconds,
            "with_winner": total.get("with_winner", 0) + part.get("with_winner", 0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per engine")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--cards", type=int, default=13)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--nomicon-only", action="store_true",
                        help="measure Nomicon alone (before/after comparisons)")
    parser.add_argument("--phases", type=int, metavar="PLAYOUTS", default=0,
                        help="also time the parts of the fast path over this many playouts")
    parser.add_argument("--slices", type=int, default=1,
                        help="split each engine's budget into this many slices, the engines "
                             "taking turns (a changing load then weighs on all alike)")
    args = parser.parse_args()
    engines: dict[str, Any] = {
        "nomicon": bench_nomicon,
        "nomicon_without_views": functools.partial(bench_nomicon, views=False),
        "nomicon_fast": functools.partial(bench_nomicon, fast=True),
        "nomicon_fast_without_views": functools.partial(bench_nomicon, views=False,
                                                        fast=True),
    }
    if not args.nomicon_only:
        engines["openspiel"] = bench_openspiel
        engines["boardgameio"] = bench_boardgameio
    slices = max(args.slices, 1)
    figures: dict[str, Any] = dict.fromkeys(engines)
    for _ in range(slices):
        for key, bench in engines.items():
            if figures[key] is not None and "error" in figures[key]:
                continue
            first = figures[key]["playouts"] if figures[key] is not None else 0
            figures[key] = _added(figures[key], bench(args.seconds / slices, args.players,
                                                      args.cards, first=first))
    ours, fast = figures["nomicon"]["per_second"], figures["nomicon_fast"]["per_second"]
    for key in ("openspiel", "boardgameio"):
        if "per_second" in figures.get(key, {}):
            figures[key]["nomicon_ratio"] = ours / figures[key]["per_second"]
            figures[key]["nomicon_fast_ratio"] = fast / figures[key]["per_second"]
    if args.phases:
        figures["nomicon_fast_phases_ms"] = nomicon_phases(args.phases, args.players,
                                                           args.cards)
    if args.json:
        print(json.dumps({"players": args.players, "cards": args.cards, **figures}, indent=2))
        return
    print(f"Goofspiel, {args.players} players, {args.cards} cards: random playouts per second "
          f"({args.seconds:g} s per engine"
          + (f" in {slices} slices" if slices > 1 else "")
          + f", Python {sys.version.split()[0]})")
    labels = {"nomicon": "(a) Nomicon (views, legal_actions, act)",
              "nomicon_without_views": "    Nomicon without reading views",
              "nomicon_fast": "    Nomicon fast path (views, legal, act)",
              "nomicon_fast_without_views": "    fast path without reading views",
              "openspiel": "(b) OpenSpiel", "boardgameio": "(c) boardgame.io"}
    for key, label in labels.items():
        if key not in figures:
            continue
        figure = figures[key]
        if "error" in figure:
            print(f"{label:42} unavailable: {figure['error']}")
            continue
        line = f"{label:42} {figure['per_second']:10.1f} /s ({figure['playouts']} playouts)"
        if "nomicon_ratio" in figure:
            line += (f"   Nomicon / this = {figure['nomicon_ratio']:.4f}"
                     f" (fast path {figure['nomicon_fast_ratio']:.4f})")
        print(line)
    if args.phases:
        parts = figures["nomicon_fast_phases_ms"]
        shown = ", ".join(f"{phase} {ms:.2f}" for phase, ms in parts.items())
        print(f"fast path, ms per playout ({args.phases} playouts): {shown}; "
              f"total {sum(parts.values()):.2f}")
        bgio = figures.get("boardgameio", {})
        if "per_second" in bgio:
            print(f"boardgame.io, ms per playout: {1000 / bgio['per_second']:.2f}")


if __name__ == "__main__":
    main()
