"""Commands that change games: ``new``, ``join``, ``act``; and ``legal``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from nomicon.cli.app import (
    ActorArgument,
    AtOption,
    DbOption,
    GameArgument,
    JsonOption,
    app,
    console,
    parse_at,
    parse_pairs,
    print_json,
    service,
    split_names,
)
from nomicon.display import cell
from nomicon.kernel.errors import ActionError
from nomicon.kernel.views import can_see
from nomicon.names import player_name

# Rich is imported where something is printed for people: ``nomicon --help`` imports
# every command module, and ``--json`` needs no Rich either.


@app.command()
def new(
    ctx: typer.Context,
    pack: Annotated[str, typer.Argument(metavar="PACK",
                                        help="The rule pack (see: nomicon packs).")],
    players: Annotated[str | None, typer.Option(
        "--players", metavar="NAMES", help="Players, comma-separated, in joining order.")] = None,
    seed: Annotated[str | None, typer.Option(
        "--seed", help="Make the dice reproducible (tests, demos); default: a random "
                       "secret.")] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", metavar="KEY=VALUE", help="A pack parameter (repeatable).")] = None,
    start: Annotated[str | None, typer.Option(
        "--start", metavar="ISO", help="The game clock at creation (default: now).")] = None,
    game_id: Annotated[str | None, typer.Option(
        "--id", help="The game's id (default: a short random one).")] = None,
    name: Annotated[str | None, typer.Option(
        "--name", help="The game's name, shown in lists (the id stays its key).")] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Start a game of PACK and store it."""
    params, _ = parse_pairs(param, "parameter")
    when = parse_at(start, "--start")
    with service(ctx, db) as svc:
        game = svc.create(pack, split_names(players), seed=_seed(seed), params=params,
                          start=when, game_id=game_id, name=name)
        view = game.view()
        named = svc.store.get_game(game.id).meta.get("name")
    summary = {
        "game": game.id,
        "name": named,
        "pack": game.pack.id,
        "title": view["game"].get("title"),
        "players": list(view["players"]),
        "commitment": view["game"]["seed_commitment"],
        "clock": view["game"]["clock"],
        "params": view["game"].get("params", {}),
    }
    if json_out:
        print_json(summary)
        return
    from rich.text import Text

    out = console()
    called = f"{named}, " if named else ""
    out.print(Text(f"game {game.id} created: {called}{summary['title']} ({game.pack.id})",
                   style="bold"))
    out.print(Text(f"players: {cell(summary['players'])}"))
    out.print(Text(f"clock: {summary['clock']}"))
    out.print(Text(f"dice commitment {summary['commitment']}"))  # 80 columns, hash whole
    out.print(Text(f"next: nomicon state {game.id} · nomicon legal {game.id} PLAYER · "
                   f"nomicon act {game.id} PLAYER ACTION"))


def _seed(text: str | None) -> int | str | None:
    if text is None:
        return None
    return int(text) if text.lstrip("-").isdigit() else text


@app.command()
def join(
    ctx: typer.Context,
    game: GameArgument,
    name: Annotated[str, typer.Argument(metavar="NAME", help="The new player's name.",
                                        callback=player_name)],
    at: AtOption = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Join GAME as a new player NAME."""
    _act(ctx, game, name, "join", [], at, db, json_out)


@app.command()
def act(
    ctx: typer.Context,
    game: GameArgument,
    actor: ActorArgument,
    action: Annotated[str, typer.Argument(
        metavar="ACTION", help="The action (see: nomicon legal GAME ACTOR).")],
    args: Annotated[list[str] | None, typer.Argument(
        metavar="KEY=VALUE",
        help="Arguments, values read as YAML: amount=5, give='{points: 3}'.")] = None,
    key: Annotated[str | None, typer.Option(
        "--key", metavar="KEY",
        help="An idempotency key: sent again, the action is not repeated.")] = None,
    at: AtOption = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Do ACTION in GAME as ACTOR. Exit status 1 when the rules refuse it."""
    _act(ctx, game, actor, action, args or [], at, db, json_out, key)


def _act(ctx: typer.Context, game_id: str, actor: str, name: str, pairs: list[str],
         at: str | None, db: str | None, json_out: bool, key: str | None = None) -> None:
    values, texts = parse_pairs(pairs, "argument")
    when = parse_at(at)
    with service(ctx, db) as svc:
        try:
            events = svc.act(game_id, actor, name, values, at=when, texts=texts, key=key)
        except ActionError as exc:
            if json_out:
                print_json({"ok": False, "game": game_id, "error": str(exc), "actor": exc.actor,
                            "action": exc.action, "reason": exc.reason, "rule": exc.rule,
                            "detail": exc.detail})
            raise  # the reason goes to standard error, exit status 1
    shown = [_entry(e, actor) for e in events if can_see(e, actor)]
    if json_out:
        print_json({"ok": True, "game": game_id, "events": shown})
        return
    from rich.text import Text

    out = console()
    for entry in shown:
        if entry.get("message"):
            out.print(Text(entry["message"]))


def _entry(event: dict[str, Any], viewer: str) -> dict[str, Any]:
    """An event as a log entry for ``viewer`` (raw state ops only for the admin)."""
    return event if viewer == "admin" else {k: v for k, v in event.items() if k != "ops"}


@app.command()
def legal(
    ctx: typer.Context,
    game: GameArgument,
    actor: ActorArgument,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """What ACTOR may do now in GAME, with the argument choices."""
    with service(ctx, db) as svc:
        entries = svc.open(game).legal_actions(actor)
    if json_out:
        print_json(entries)
    else:
        from nomicon.cli import render

        render.legal(console(), actor, entries)
