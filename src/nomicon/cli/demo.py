"""``nomicon demo``: a stored Infinite Nomic game played a few turns by random bots.

The bots play through the :class:`~nomicon.service.GameService`, so every action is
stored as it happens, at explicit game times a few minutes apart starting from now;
afterwards the game can be continued, inspected and verified like any other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any

import typer

from nomicon.cli.app import DbOption, JsonOption, app, console, database, print_json, service
from nomicon.kernel.errors import ActionError

# The bots, the store and Rich are imported when the demo runs: ``nomicon --help``
# imports every command module, and needs none of them.
if TYPE_CHECKING:
    from nomicon.kernel.engine import Game
    from nomicon.service import GameService

PACK = "infinite-nomic-r7"
PLAYERS = ("alice", "bob", "carol")
# Actions allowed per turn before the demo gives up on finishing its turns.
ACTIONS_PER_TURN = 30


@dataclass
class Played:
    turns: int = 0
    accepted: int = 0
    refused: int = 0


@app.command()
def demo(
    ctx: typer.Context,
    turns: Annotated[int, typer.Option("--turns", min=1, help="Turns to play.")] = 12,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed the dice and the bots (a reproducible demo).")] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Play a few turns of Infinite Nomic with random bots, and store the game."""
    from rich.text import Text

    from nomicon.cli import render
    from nomicon.store import default_url

    with service(ctx, db) as svc:
        game = svc.create(PACK, PLAYERS, seed=seed)
        played = _play(svc, game.id, turns, random.Random(seed))
        final = svc.open(game.id)
        view = final.view()
        tail = final.log_for()[-20:]
    if json_out:
        print_json({"game": game.id, "turns": played.turns, "accepted": played.accepted,
                    "refused": played.refused, "state": view,
                    "log": [{k: v for k, v in e.items() if k != "ops"} for e in tail]})
        return
    out = console()
    render.state(out, view)
    out.print()
    render.log(out, tail, title="The last 20 log entries")
    url = database(ctx, db)
    where = "" if url == default_url() else f" --db {url}"
    out.print()
    out.print(Text(f"Game {game.id}: {played.turns} turns, {played.accepted} actions "
                   f"({played.refused} refused).", style="bold"))
    out.print(Text("Continue it with:"))
    for line in (f"act {game.id} {(view.get('turn') or {}).get('current') or PLAYERS[0]} roll",
                 f"state {game.id}", f"log {game.id} --rolls", f"verify {game.id}"):
        out.print(Text(f"  nomicon{where} {line}"))


def _play(svc: GameService, game_id: str, turns: int, rng: random.Random) -> Played:
    """Let random bots play ``turns`` turns, each action stored as it happens."""
    from nomicon.sim.bots import RandomBot

    bot = RandomBot(rng)
    played = Played()
    game = svc.open(game_id)
    first = _turn_number(game)
    when = game.clock
    for _ in range(turns * ACTIONS_PER_TURN):
        played.turns = _turn_number(game) - first
        if played.turns >= turns or game.is_over:
            break
        when = max(when, game.clock) + timedelta(minutes=rng.randint(1, 5))
        # The bot chooses on a private copy moved to the time of its move (timers due
        # by then have fired), so it sees the game its move will meet.
        preview = svc.open(game_id)
        preview.commit_hooks.clear()
        preview.advance(when)
        actor = _next_actor(preview)
        move = bot.choose(preview, actor) if actor and not preview.is_over else None
        if move is None:
            game = svc.advance(game_id, when + timedelta(hours=1))
            continue
        try:
            svc.act(game_id, move.actor, move.name, move.args, at=when)
            played.accepted += 1
        except ActionError:
            played.refused += 1
        game = svc.open(game_id)
    return played


def _turn_number(game: Game) -> int:
    number = game.state.root.get("turn", {}).get("number")
    return number if isinstance(number, int) else 0


def _next_actor(game: Game) -> str | None:
    """Who moves: a player who must answer a blocking decision, else the current one."""
    root: dict[str, Any] = game.state.root
    for prompt in root.get("prompts", []):
        if prompt.get("blocking") and prompt.get("to") in root.get("players", {}):
            return str(prompt["to"])
    current = root.get("turn", {}).get("current")
    if current:
        return str(current)
    players = list(root.get("players", {}))
    return players[0] if players else None
