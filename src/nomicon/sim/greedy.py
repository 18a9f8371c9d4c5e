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
    """Plays the move with the highest score, ties broken at random. With ``draws``, it
    scores only that many entries drawn at random (``Game.random_legal_action``), not
    every entry of ``legal_actions``: a step then costs a few actions' probes, however
    large the game's list of forms has grown."""

    def __init__(self, rng: random.Random, scorer: Scorer | None, *,
                 draws: int | None = None) -> None:
        self.rng = rng
        self.scorer = scorer
        self.random = RandomBot(rng)
        self.draws = draws

    def choose(self, game: Game, actor: str) -> Move | None:
        legal = self.entries(game, actor)
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

    def entries(self, game: Game, actor: str) -> list[dict[str, Any]]:
        """The entries of ``legal_actions`` the bot scores: all, or ``draws`` drawn."""
        if self.draws is None:
            return game.legal_actions(actor)
        drawn = (game.random_legal_action(actor, self.rng) for _ in range(self.draws))
        return [entry for entry in drawn if entry is not None]

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


def scorer_for(pack: object) -> Scorer | None:
    """The pack's own ``greedy_score`` (its strategy is game knowledge, kept in the pack),
    else None."""
    own = getattr(pack, "greedy_score", None)
    if own is None:
        return None
    scorer: Scorer = own
    return scorer
