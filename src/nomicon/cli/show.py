"""Commands that read: ``packs``, ``games``, ``state``, ``log``, ``rules``, ``verify``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from nomicon.cli.app import (
    REFUSED,
    USAGE,
    DbOption,
    GameArgument,
    JsonOption,
    ViewerOption,
    app,
    console,
    errors,
    fail,
    print_json,
    service,
)
from nomicon.kernel.timefmt import iso

# The packs, the verifier and the renderings (Rich) are imported in the commands:
# ``nomicon --help`` imports every command module, and needs none of them.
if TYPE_CHECKING:
    from nomicon.kernel.rules import Rule


@app.command()
def packs(json_out: JsonOption = False) -> None:
    """The installed rule packs and their parameters."""
    from nomicon.cli import render
    from nomicon.kernel.pack import installed

    # Not ``nomicon.registry()``: once a pack is loaded, the subpackage ``nomicon.packs``
    # shadows that function.
    with errors():
        entries = [
            {"id": pack.id, "title": pack.title, "description": pack.description,
             "params": pack.Params.model_json_schema()}
            for pack in installed()
        ]
    if json_out:
        print_json(entries)
    else:
        render.packs(console(), entries)


@app.command()
def games(ctx: typer.Context, db: DbOption = None, json_out: JsonOption = False) -> None:
    """The games in the store, oldest first."""
    from nomicon.cli import render

    with service(ctx, db) as svc:
        records = svc.list_games()
    entries = [
        {"game": r.id, "name": r.meta.get("name"), "pack": r.pack, "title": r.meta.get("title"),
         "created": iso(r.created),
         "players": r.meta.get("players", []), "events": r.head,
         "status": r.meta.get("status"), "commitment": r.meta.get("commitment")}
        for r in records
    ]
    if json_out:
        print_json(entries)
    else:
        render.games(console(), entries)


@app.command()
def state(
    ctx: typer.Context,
    game: GameArgument,
    viewer: ViewerOption = "admin",
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The state of GAME as a viewer sees it."""
    from nomicon.cli import render
    from nomicon.deadlines import deadlines

    with service(ctx, db) as svc:
        played = svc.open(game)
        view = played.view(viewer)
        due = deadlines(played.state.root, viewer)
        name = svc.store.get_game(game).meta.get("name")
    if json_out:
        print_json(view)
    else:
        render.state(console(), view, viewer, name=name)
        render.deadlines(console(), due)


@app.command()
def log(
    ctx: typer.Context,
    game: GameArgument,
    viewer: ViewerOption = "admin",
    rolls: Annotated[bool, typer.Option("--rolls", help="Only the dice rolls.")] = False,
    last: Annotated[int | None, typer.Option(
        "--last", metavar="N", min=1, help="Only the last N entries.")] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The log of GAME as a viewer may read it (entries numbered by seq)."""
    from nomicon.cli import render

    with service(ctx, db) as svc:
        entries = svc.open(game).log_for(viewer)
    if rolls:
        entries = [e for e in entries if e.get("type") == "dice.rolled"]
    if last is not None:
        entries = entries[-last:]
    if json_out:
        print_json(entries)
    elif rolls:
        render.rolls(console(), entries)
    else:
        render.log(console(), entries)


@app.command()
def rules(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="The game's id.")] = None,
    at: Annotated[int | None, typer.Option(
        "--at", metavar="SEQ", min=1, help="The rules as they stood after event SEQ.")] = None,
    show_classes: Annotated[bool, typer.Option(
        "--classes", help="Every installed rule class, which proposals may enact.")] = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The rules in force in GAME, or (--classes) every installed rule class."""
    from nomicon.cli import render
    from nomicon.kernel.pack import installed

    if show_classes:
        if game is not None or at is not None:
            fail("rules --classes takes no GAME and no --at")
        with errors():
            entries = [_class_entry(cls) for cls in installed().classes.values()]
        if json_out:
            print_json(entries)
        else:
            render.classes(console(), entries)
        return
    if game is None:
        fail("give a GAME, or --classes for the installed rule classes")
    with service(ctx, db) as svc:
        played = svc.open(game) if at is None else svc.as_of(game, at)
        view = played.view()
    entries = sorted(view["rules"].values(), key=lambda e: int(e["number"]))
    if json_out:
        print_json(entries)
        return
    when = f"after event {at}" if at is not None else "now"
    render.rules(console(), entries, f"Rules of game {game} ({when}, clock "
                                     f"{view['game']['clock']})")


def _class_entry(cls: type[Rule]) -> dict[str, Any]:
    return {
        "class": cls.class_id(),
        "pack": cls.pack,
        "number": cls.number,
        "title": cls.title,
        "text": cls.default_text(),
        "params": cls.Params.model_json_schema(),
        "requires": sorted(cls.requires),
    }


@app.command()
def verify(
    ctx: typer.Context,
    game: GameArgument,
    with_secret: Annotated[bool, typer.Option(
        "--with-secret", help="Also check the rolls of the current dice epoch with the "
                              "secret the store keeps (the local admin).")] = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Check GAME's log: numbering, hash chain, re-execution of every batch, and every
    revealed roll.

    Exit status 0 when the log is intact, re-executing it gives exactly its events and
    no roll disagrees with its seed; else 1 (also when it was written by another
    version and could not be re-executed: the output says so).
    """
    from nomicon.cli import render
    from nomicon.verify import verify as verify_log

    with service(ctx, db) as svc:
        record, events = svc.store.load(game)
        registry = svc.registry
    secret = None
    if with_secret:
        if record.secret is None:
            fail(f"the store keeps no dice secret for game {game}", USAGE)
        try:
            secret = bytes.fromhex(record.secret)
        except ValueError:
            fail(f"the store's dice secret for game {game} is malformed", USAGE)
    found = verify_log(events, secret=secret, registry=registry)
    if json_out:
        print_json({"game": game, **found.as_json()})
    else:
        render.report(console(), game, found)
    if not found.ok:
        raise typer.Exit(REFUSED)
