"""What finding entities costs as a game holds more of them.

    python benchmarks/entities_bench.py [--sizes 100,10000] [--repeat 2000]

A game of a one-rule pack defined here holds N entities of 10 kinds, owned by 10
players and standing on the 400 squares of a 20 by 20 grid, and 5 more that the
look-ups look for: of a kind of their own, owned by a player of their own, on a
square of their own (the few things a rule asks about among many). For each N it
times, in one run, the kernel's three look-ups (``entities_at`` that square,
``owned_by`` that player, ``entities_of`` that kind) against the same answer found
by a scan of every entity (the reference), and moving one entity to another square
(the move and its index). It prints each one's cost per call, each look-up's ratio
to its scan, and the ratio of each cost at the largest N to the smallest: a look-up
and a move should cost about the same however many entities there are (DESIGN
§1.7), where a scan grows with them. Timings are wall clock on a shared machine:
run it twice. Each figure is the best of five rounds.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from nomicon.kernel import dice
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Initial, Pack, Registry
from nomicon.kernel.rules import Rule

START = datetime(2021, 1, 1, tzinfo=UTC)
KINDS = [f"kind{k}" for k in range(10)]
OWNERS = [f"p{k}" for k in range(10)]
SIDE = 20
#: What the look-ups look for: 5 entities of this kind, owner and place.
SOUGHT = ("probe", "watcher", [0, 0])


class Things(Rule):
    """There are things."""

    key = "things"
    pack = "entities-bench"
    number = 1
    title = "Things"


class ThingsPack(Pack):
    id = "entities-bench"
    title = "Things"
    initial = (Initial(Things),)


def game_with(count: int) -> Game:
    game = Game.create("entities-bench", start=START, secret=dice.secret_from_seed("bench"),
                       registry=Registry([ThingsPack()]))
    with game._transaction(game.clock, "admin") as ctx:
        for n in range(count):
            ctx.create_entity(KINDS[n % len(KINDS)], owner=OWNERS[n % len(OWNERS)],
                              location=[n % SIDE + 1, n // SIDE % SIDE + 1], cause="bench")
        for _ in range(5):
            ctx.create_entity(SOUGHT[0], owner=SOUGHT[1], location=SOUGHT[2], cause="bench")
    return game


def per_call(repeat: int, call: Callable[[int], Any]) -> float:
    """Seconds per call of ``call(i)``: the best of five rounds of ``repeat`` calls
    (the best, since what else the machine does only ever adds time)."""
    rounds = []
    for _ in range(5):
        began = time.perf_counter()
        for i in range(repeat):
            call(i)
        rounds.append((time.perf_counter() - began) / repeat)
    return min(rounds)


def measure(count: int, repeat: int) -> dict[str, float]:
    game = game_with(count)
    table = game.state.root["entities"]
    found: dict[str, float] = {}
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("bench", "look-ups")

        kind, owner, square = SOUGHT
        assert ctx.entities_at(square) == _scan(table, "location", square)
        found["entities_at"] = per_call(repeat, lambda i: ctx.entities_at(square))
        found["scan at"] = per_call(repeat, lambda i: _scan(table, "location", square))
        found["owned_by"] = per_call(repeat, lambda i: ctx.owned_by(owner))
        found["scan owner"] = per_call(repeat, lambda i: _scan(table, "owner", owner))
        found["entities_of"] = per_call(repeat, lambda i: ctx.entities_of(kind))
        found["scan kind"] = per_call(repeat, lambda i: _scan(table, "kind", kind))
        ids = [eid for eid in table if table[eid]["kind"] != kind]
        found["move_entity"] = per_call(repeat, lambda i: _move(ctx, ids, i))
    return found


def _scan(table: dict[str, Any], field: str, value: Any) -> list[str]:
    return [eid for eid, record in table.items() if record[field] == value]


def _move(ctx: Ctx, ids: list[str], i: int) -> None:
    ctx.move_entity(ids[(i * 31) % len(ids)], [i % SIDE + 1, (i * 3) % SIDE + 1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="100,10000",
                        help="numbers of entities, comma-separated (default 100,10000)")
    parser.add_argument("--repeat", type=int, default=2000, help="calls timed per figure")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {size: measure(size, args.repeat) for size in sizes}
    for size, found in results.items():
        print(f"{size:>7,} entities:")
        for name, seconds in found.items():
            line = f"  {name:<12} {seconds * 1e6:9.2f} µs"
            scan = {"entities_at": "scan at", "owned_by": "scan owner",
                    "entities_of": "scan kind"}.get(name)
            if scan:
                line += f"   scan / index = {found[scan] / seconds:8.1f}"
            print(line)
    small, large = results[sizes[0]], results[sizes[-1]]
    print(f"cost at {sizes[-1]:,} / cost at {sizes[0]:,} entities:")
    for name in small:
        print(f"  {name:<12} {large[name] / small[name]:8.2f}")


if __name__ == "__main__":
    main()
