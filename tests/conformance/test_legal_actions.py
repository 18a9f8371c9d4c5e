"""legal_actions agrees with act, on every pack: what it lists is accepted when taken,
and what it leaves out is refused.

``legal_actions`` probes each action of the rules in force without taking it (see
``nomicon.kernel.probing``); the live path, ``act``, is the truth it must match. At
states reached by random play, every listed action is taken on a fork of the game
with the first of each argument's choices and must be accepted, and every action
left out that needs no argument must be refused, for each player. Joining and
leaving are never listed (``seats.NOT_OFFERED``): they are not moves of the game.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from harness import PACKS, new_game

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError
from nomicon.kernel.seats import NOT_OFFERED
from nomicon.sim.bots import RandomBot, step

#: Steps of random play, and every how many of them the actions are checked.
STEPS = 240
EVERY = 12


def _taken(game: Game, actor: str, name: str, args: dict[str, Any]) -> str | None:
    """None if ``actor`` taking the action on a fork of ``game`` is accepted, else why
    it was refused."""
    try:
        game.fork().act(actor, name, **args)
    except ActionError as exc:
        return str(exc)
    return None


def _first_choices(entry: dict[str, Any]) -> dict[str, Any] | None:
    """The first choice of each required argument; None when the entry needs content
    that only the caller can supply (a required argument without choices, or an
    optional dict or list: what a trade gives), as a bot's move ``from_choices``."""
    args = {}
    for name, spec in entry["args"].items():
        if "choices" not in spec and spec["type"] in ("dict", "list"):
            return None
        if not spec["required"]:
            continue
        if not spec.get("choices"):
            return None
        args[name] = spec["choices"][0]
    return args


def _takes_no_argument(game: Game, name: str) -> bool:
    return all(not arg.required for _rule, decl in game.ruleset.actions[name]
               for arg in decl.args)


def _disagreements(game: Game, actor: str) -> list[str]:
    listed = {entry["name"]: entry for entry in game.legal_actions(actor)}
    found = []
    for name in [name for name in game.ruleset.actions if name not in NOT_OFFERED]:
        entry = listed.get(name)
        if entry is not None:
            args = _first_choices(entry)
            if args is None:
                continue
            refused = _taken(game, actor, name, args)
            if refused is not None:
                found.append(f"{actor} {name} {args} is listed but refused: {refused}")
        elif _takes_no_argument(game, name) and _taken(game, actor, name, {}) is None:
            found.append(f"{actor} {name} is left out but accepted")
    return found


@pytest.mark.parametrize("pack", PACKS)
def test_legal_actions_lists_what_act_accepts(pack: str) -> None:
    game = new_game(pack, seed=5)
    rng = random.Random(f"legal:{pack}")
    bot = RandomBot(rng)
    checked = 0
    for number in range(1, STEPS + 1):
        if game.is_over:
            break
        step(game, bot, rng)
        if number % EVERY:
            continue
        for actor in [*game.state.root["players"], "admin"]:
            problems = _disagreements(game, actor)
            assert not problems, f"after step {number}: {problems}"
            checked += 1
    assert checked >= 4
