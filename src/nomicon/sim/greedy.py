"""A greedy bot: it scores the moves open to it and plays the best one.

The scores come from a *scorer*, ``(state, actor, action name, arguments) -> float``
(higher is better). A pack specialises the bot by defining a method
``greedy_score(state, actor, name, args)``; for packs that cannot carry one, this
module keeps scorers of its own (Infinite Nomic's: roll whenever you may, buy a
Number when it helps, keep out of trouble). Without a scorer the bot plays at random.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from nomicon.kernel.engine import Game
from nomicon.sim.bots import Move, RandomBot

Scorer = Callable[[dict[str, Any], str, str, dict[str, Any]], float]
# How many argument combinations of one action the bot scores at most; arguments
# without finite choices are drawn this many times at random.
MOST_COMBINATIONS = 64
SAMPLES = 3


class GreedyBot:
    """Plays the move with the highest score, ties broken at random."""

    def __init__(self, rng: random.Random, scorer: Scorer | None) -> None:
        self.rng = rng
        self.scorer = scorer
        self.random = RandomBot(rng)

    def choose(self, game: Game, actor: str) -> Move | None:
        legal = game.legal_actions(actor)
        if not legal:
            return None
        if self.scorer is None:
            return self.random.move_for(game, actor, self.rng.choice(legal))
        best: list[Move] = []
        top = float("-inf")
        state = game.state.root
        for entry in legal:
            for move in self.candidates(game, actor, entry):
                score = self.scorer(state, actor, move.name, move.args)
                if score > top:
                    best, top = [move], score
                elif score == top:
                    best.append(move)
        return self.rng.choice(best)

    def candidates(self, game: Game, actor: str, entry: dict[str, Any]) -> list[Move]:
        """The moves of one ``legal_actions`` entry: every combination of finite
        choices (up to a limit), or a few random ones when an argument is open."""
        specs = entry["args"]
        required = {name: spec for name, spec in specs.items() if spec.get("required", True)}
        if all("choices" in spec for spec in required.values()):
            names = list(required)
            pools = [required[name]["choices"] for name in names]
            combos = itertools.islice(itertools.product(*pools), MOST_COMBINATIONS)
            return [Move(actor, entry["name"], dict(zip(names, combo, strict=True)), True)
                    for combo in combos]
        return [self.random.move_for(game, actor, entry) for _ in range(SAMPLES)]


# -- scorers of packs that do not define their own --------------------------------------
def infinite_nomic_score(state: dict[str, Any], actor: str, name: str,
                         args: dict[str, Any]) -> float:
    """Roll whenever you may; land on a multiple of five with a Number when you can;
    buy the roll on Master of Your Fate; pay to leave Jail; ping in time; keep out of
    trades and proposals; end the turn once there is nothing better to do."""
    player = state["players"].get(actor, {})
    flags = state.get("turn", {}).get("flags", {})
    if name == "roll":
        return 10.0
    if name in ("ping", "rejoin"):
        return 9.0
    if name == "use-number":
        where = player.get("location")
        lands = isinstance(where, int) and (where + int(args.get("value", 0))) % 5 == 0
        return 8.0 if lands else -1.0
    if name == "choose":
        return {"buy": 7.0, "fight": 3.0, "bribe": 2.0}.get(str(args.get("option")), 1.0)
    if name == "escape":
        return 6.0
    if name == "vote":
        return 0.5 if args.get("vote") in ("up", "for") else 0.0
    if name == "end-turn":
        return 2.0 if flags.get("rolled") else -5.0
    if name == "continue":
        return 0.0
    return -1.0  # trades, purchases of items, proposals: not worth it to this bot


SCORERS: dict[str, Scorer] = {"infinite-nomic-r7": infinite_nomic_score}


def scorer_for(pack: object) -> Scorer | None:
    """The pack's own ``greedy_score``, else a scorer kept here for it, else None."""
    own = getattr(pack, "greedy_score", None)
    if own is not None:
        scorer: Scorer = own
        return scorer
    return SCORERS.get(str(getattr(pack, "id", "")))
