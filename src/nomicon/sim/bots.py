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
# The largest amount of one good a bot puts in a trade (a dict argument).
MOST_GOODS = 3
# The chance that a step is the admin's answer, when the admin has a question.
ADMIN_ANSWERS = 0.3


@dataclass(frozen=True)
class Move:
    """An action to try.

    ``from_choices`` is true when the move is an action exactly as ``legal_actions``
    listed it: every argument given was drawn from the argument's finite choices, and
    every argument left out is optional and not a dict or a list without choices (such
    an argument is content that only the caller can supply, like what a trade gives).
    ``legal_actions`` promises that such a move is accepted when it is taken at once.
    """

    actor: str
    name: str
    args: dict[str, Any]
    from_choices: bool = False


class Bot(Protocol):
    def choose(self, game: Game, actor: str) -> Move | None:
        """The action to try for ``actor`` now, or None to pass."""


class RandomBot:
    """Picks uniformly among legal actions, and uniformly among argument choices.

    Arguments without finite choices get plausible values: integers in their bounds,
    and for a dict argument (what a trade gives or gets) a few units of the
    currencies and items that the rules in force declare, often ones the actor holds.
    With ``amend``, a proposal's ``amendment`` is a random change to the ruleset:
    enact a rule class of any installed pack that the game can take, repeal or amend
    a rule in force, or attach an interpretation to one.
    """

    def __init__(self, rng: random.Random, *, amend: bool = False) -> None:
        self.rng = rng
        self.amend = amend

    def choose(self, game: Game, actor: str) -> Move | None:
        entry = game.random_legal_action(actor, self.rng)
        return None if entry is None else self.move_for(game, actor, entry)

    def move_for(self, game: Game, actor: str, entry: dict[str, Any]) -> Move:
        """A move for one entry of ``legal_actions``: values for its arguments."""
        args: dict[str, Any] = {}
        from_choices = True
        for name, spec in entry["args"].items():
            if not spec.get("required", True) and self.rng.random() < 0.5:
                if "choices" not in spec and spec.get("type") in ("dict", "list"):
                    from_choices = False
                continue
            if "choices" in spec:
                value = self.argument(spec)
            else:
                value = self.free_argument(game, actor, name, spec)
                from_choices = False
            if value is not None:
                args[name] = value
            elif spec.get("required", True):
                from_choices = False
        return Move(actor, entry["name"], args, from_choices)

    def argument(self, spec: dict[str, Any]) -> Any:
        """A value for an argument from its spec alone."""
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

    def free_argument(self, game: Game, actor: str, name: str, spec: dict[str, Any]) -> Any:
        """A value for an argument without finite choices, using what the game holds."""
        if spec.get("type") == "dict":
            return self.goods(game, actor)
        if spec.get("type") == "list" and name == "amendment" and self.amend:
            return self.amendment(game)
        return self.argument(spec)

    def amendment(self, game: Game) -> list[dict[str, Any]]:
        """One random change to the ruleset, in the form proposals carry."""
        rules: dict[str, Any] = game.state.root.get("rules", {})
        numbers = sorted(int(n) for n in rules)
        in_force = {entry["class"] for entry in rules.values()}
        capabilities = game.ruleset.capabilities(game.pack.provides)
        candidates = [class_id for class_id, cls in sorted(game.registry.classes.items())
                      if class_id not in in_force and cls.requires <= capabilities]
        kinds = (["enact"] if candidates else []) + \
            (["repeal", "amend", "interpret"] if numbers else [])
        if not kinds:
            return []
        kind = self.rng.choice(kinds)
        if kind == "enact":
            class_id = self.rng.choice(candidates)
            number = game.registry.classes[class_id].number
            if number in numbers:
                number = max(numbers) + 1
            return [{"op": "enact", "class": class_id, "number": number}]
        number = self.rng.choice(numbers)
        if kind == "repeal":
            return [{"op": "repeal", "rule": number}]
        if kind == "interpret":
            return [{"op": "interpret", "rule": number, "text": "as the bot reads it"}]
        params = rules[str(number)].get("params", {})
        numeric = sorted(k for k, v in params.items()
                         if isinstance(v, int) and not isinstance(v, bool))
        if numeric and self.rng.random() < 0.7:
            key = self.rng.choice(numeric)
            return [{"op": "amend", "rule": number,
                     "params": {key: params[key] + self.rng.choice((-1, 1))}}]
        return [{"op": "amend", "rule": number, "text": rules[str(number)]["text"] + " (amended)"}]

    def goods(self, game: Game, actor: str) -> dict[str, int]:
        """One or two goods with amounts, e.g. ``{"points": 2}`` or ``{"flute": 1}``.

        Half the time only goods that ``actor`` holds, in amounts they can give.
        """
        names = list(game.ruleset.currencies)
        for _rule, items in game.ruleset.contributions("items"):
            names.extend(n for n in items if n not in names)
        if not names:
            return {}
        held = _holdings(game, actor, names)
        pool = held if held and self.rng.random() < 0.5 else dict.fromkeys(names, MOST_GOODS)
        picked = self.rng.sample(sorted(pool), k=min(len(pool), self.rng.choice((1, 1, 2))))
        return {name: self.rng.randint(1, max(1, min(MOST_GOODS, pool[name])))
                for name in picked}


def _holdings(game: Game, actor: str, names: list[str]) -> dict[str, int]:
    """How much of each named good ``actor`` holds: currency balances in their
    account, and item counts in any of their attributes that maps names to counts."""
    root = game.state.root
    held: dict[str, int] = {}
    for name, amount in root.get("accounts", {}).get(actor, {}).items():
        if name in names and isinstance(amount, int) and amount > 0:
            held[name] = amount
    for value in root.get("players", {}).get(actor, {}).values():
        if not isinstance(value, dict):
            continue
        for name, count in value.items():
            if name in names and isinstance(count, int) and not isinstance(count, bool) \
                    and count > 0:
                held[name] = max(held.get(name, 0), count)
    return held


@dataclass
class Outcome:
    """What came of a move: accepted, or refused with the error (its text and itself)."""

    move: Move
    accepted: bool
    error: str | None = None
    exception: ActionError | None = None


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
    # Timers due now fire first, so the bot sees the game its move will meet.
    game.advance(game.clock)
    if game.is_over:
        return None
    asked = [p for p in game.state.root.get("prompts", []) if p["to"] == ADMIN]
    if asked and rng.random() < ADMIN_ANSWERS:
        # A game whose admin is asked (proposals the admin judges) would stop without
        # an answer: the admin answers, with an option open now. Games that never ask
        # the admin draw no number here, so their play is as it was.
        move = _admin_answer(game, rng)
    else:
        current = game.state.root.get("turn", {}).get("current")
        actor = current if current and rng.random() < current_bias else rng.choice(players)
        move = bot.choose(game, actor)
    if move is None:
        return None
    try:
        game.act(move.actor, move.name, **move.args)
    except ActionError as exc:
        return Outcome(move, False, str(exc), exc)
    return Outcome(move, True)


def _admin_answer(game: Game, rng: random.Random) -> Move | None:
    """The admin's answer to one of the questions put to the admin: an option that
    ``legal_actions`` lists for ``choose``."""
    entry = next((a for a in game.legal_actions(ADMIN) if a["name"] == "choose"), None)
    if entry is None or not entry["args"]["option"].get("choices"):
        return None
    option = rng.choice(list(entry["args"]["option"]["choices"]))
    return Move(ADMIN, "choose", {"option": option}, from_choices=True)


def play(game: Game, steps: int, seed: int = 0, *, amend: bool = False) -> list[Outcome]:
    """Random play for a number of steps; returns what was tried. With ``amend``
    the players' proposals change the ruleset (see :class:`RandomBot`)."""
    rng = random.Random(seed)
    bot = RandomBot(rng, amend=amend)
    out: list[Outcome] = []
    for _ in range(steps):
        if game.is_over:
            break
        outcome = step(game, bot, rng)
        if outcome is not None:
            out.append(outcome)
    return out


__all__ = ["ADMIN", "Bot", "Move", "Outcome", "RandomBot", "play", "step"]
