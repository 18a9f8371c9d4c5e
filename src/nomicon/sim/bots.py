"""Bots that play from ``legal_actions``.

A bot's own randomness (which action to try) is not game chance: it comes from a
seeded :class:`random.Random` owned by the bot, so simulations replay exactly. Game
chance still goes through the game's dice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol

from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import ActionError

# Open integer arguments without a stated maximum are drawn from minimum..minimum+SPAN.
SPAN = 20


@dataclass(frozen=True)
class Move:
    actor: str
    name: str
    args: dict[str, Any]


class Bot(Protocol):
    def choose(self, game: Game, actor: str) -> Move | None:
        """The action to try for ``actor`` now, or None to pass."""


class RandomBot:
    """Picks uniformly among legal actions, and uniformly among argument choices."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, game: Game, actor: str) -> Move | None:
        legal = game.legal_actions(actor)
        if not legal:
            return None
        entry = self.rng.choice(legal)
        args = {name: self.argument(spec) for name, spec in entry["args"].items()
                if spec.get("required", True) or self.rng.random() < 0.5}
        return Move(actor, entry["name"], {k: v for k, v in args.items() if v is not None})

    def argument(self, spec: dict[str, Any]) -> Any:
        if "choices" in spec:
            return self.rng.choice(spec["choices"]) if spec["choices"] else None
        kind = spec.get("type")
        if kind == "int":
            low = spec.get("minimum", 0)
            high = spec.get("maximum", low + SPAN)
            return self.rng.randint(low, high)
        if kind == "bool":
            return self.rng.random() < 0.5
        if kind == "dict":
            return {}
        if kind == "list":
            return []
        return None if not spec.get("required", True) else "x"


@dataclass
class Outcome:
    move: Move
    accepted: bool
    error: str | None = None


def step(game: Game, bot: Bot, rng: random.Random, *,
         wait_chance: float = 0.1, current_bias: float = 0.7) -> Outcome | None:
    """One step of random play: mostly the player whose turn it is acts; sometimes
    another player does; sometimes time passes (timers fire)."""
    players = [p for p in game.state.root["players"]]
    if not players:
        return None
    if rng.random() < wait_chance:
        game.advance(game.clock + timedelta(minutes=rng.choice([1, 6, 11, 61, 60 * 25])))
        return None
    current = game.state.root.get("turn", {}).get("current")
    actor = current if current and rng.random() < current_bias else rng.choice(players)
    move = bot.choose(game, actor)
    if move is None:
        return None
    try:
        game.act(move.actor, move.name, **move.args)
    except ActionError as exc:
        return Outcome(move, False, str(exc))
    return Outcome(move, True)


def play(game: Game, steps: int, seed: int = 0) -> list[Outcome]:
    """Random play for a number of steps; returns what was tried."""
    rng = random.Random(seed)
    bot = RandomBot(rng)
    out: list[Outcome] = []
    for _ in range(steps):
        if game.is_over:
            break
        outcome = step(game, bot, rng)
        if outcome is not None:
            out.append(outcome)
    return out


__all__ = ["ADMIN", "Bot", "Move", "Outcome", "RandomBot", "play", "step"]
