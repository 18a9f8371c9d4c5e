"""Commands for the store: ``db upgrade``, ``export`` and ``import``.

    nomicon db upgrade --db postgresql+psycopg://nomicon@db.example/nomicon
    nomicon export GAME game.json [--with-secret] [--as VIEWER] [--without-children]
    nomicon import game.json

A parent game's child games (those its rules started) come with it in the file, and
are imported with it.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer

from nomicon.cli.app import (
    REFUSED,
    DbOption,
    GameArgument,
    JsonOption,
    ViewerOption,
    app,
    console,
    database,
    errors,
    fail,
    print_json,
    service,
    shown_url,
)

# Rich, the store and the service are imported in the commands: ``nomicon --help``
# imports every command module, and needs none of them.

db_app = typer.Typer(name="db", help="The store's database.", no_args_is_help=True,
                     rich_markup_mode=None)
app.add_typer(db_app, name="db")

FileArgument = Annotated[
    str, typer.Argument(metavar="FILE", help="A JSON file; - for standard input/output.")
]


@db_app.command("upgrade")
def db_upgrade(ctx: typer.Context, db: DbOption = None, json_out: JsonOption = False) -> None:
    """Bring the database's schema to this version of Nomicon (creating it if need be).

    Opening a store does this too; run it explicitly before starting several servers.
    """
    from rich.text import Text

    from nomicon.store import current_revision, head_revision, upgrade

    url = database(ctx, db)
    where = shown_url(url)
    with errors(where):
        before = current_revision(url)
        upgrade(url)
        after = current_revision(url)
    if json_out:
        print_json({"database": where, "from": before, "to": after, "head": head_revision()})
    elif before == after:
        console().print(Text(f"{where}: the schema is at revision {after}, the newest"))
    else:
        console().print(Text(f"{where}: schema upgraded from revision {before or '(none)'} "
                             f"to {after}"))


@app.command("export")
def export_game(
    ctx: typer.Context,
    game: GameArgument,
    file: FileArgument,
    with_secret: Annotated[bool, typer.Option(
        "--with-secret", help="Include the unrevealed dice secret (whoever holds the file "
                              "can then foresee every roll).")] = False,
    viewer: ViewerOption = "admin",
    without_children: Annotated[bool, typer.Option(
        "--without-children", help="Leave out the game's child games.")] = False,
    db: DbOption = None,
) -> None:
    """Write GAME to one JSON file: its record, rules, dice commitment and whole log,
    and those of its child games.

    With --with-secret, or once it has been revealed, the file holds the dice secret.
    With --as, the log as that player sees it (such a file cannot be imported).
    """
    from rich.text import Text

    with service(ctx, db) as svc:
        document = svc.export_game(game, with_secret=with_secret, viewer=viewer,
                                   children=not without_children)
    text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if file == "-":
        sys.stdout.write(text)
        return
    _write_atomically(Path(file), text)
    secret = "with" if "secret" in document else "without"
    kids = _children_of(document)
    also = f"; with its child games {', '.join(kids)}" if kids else ""
    console().print(Text(f"game {game} exported to {file}: {len(document['log'])} events, "
                         f"{secret} the dice secret{also}"))


@app.command("import")
def import_game(
    ctx: typer.Context,
    file: FileArgument,
    db: DbOption = None,
    json_out: JsonOption = False,
    test: Annotated[bool, typer.Option(
        "--test", help="Accept a test game (created by a scenario or a test: its dice "
                       "may be forced); it stays marked as one.")] = False,
) -> None:
    """Store a game from a file written by ``nomicon export``, after checking its log.

    The log is re-executed batch by batch and must give exactly its events. Exit
    status 1 if the file does not check out (a forged or broken log, a record or
    ruleset that the log does not lead to, a test game without ``--test``...).
    """
    from rich.text import Text

    from nomicon.service import ImportRefused

    document = _read(file)
    with service(ctx, db) as svc:
        try:
            game = svc.import_game(document, test=test)
        except ImportRefused as exc:
            fail(f"cannot import {file}: {exc}", REFUSED)
        summary = {"game": game.id, "pack": game.pack.id, "events": game.head,
                   "playable": "secret" in document}
    kids = _children_of(document)
    if kids:
        summary["children"] = kids
    if json_out:
        print_json(summary)
        return
    note = "" if summary["playable"] else " (without its dice secret: it can be read, not played)"
    also = f"; with its child games {', '.join(kids)}" if kids else ""
    console().print(Text(f"game {summary['game']} imported: {summary['events']} events, "
                         f"log verified{note}{also}"))


def _children_of(document: Any) -> list[str]:
    """The ids of the child games in an export, and theirs, parents first."""
    found: list[str] = []
    for child in document.get("children") or []:
        found.append(str(child["game"]["id"]))
        found.extend(_children_of(child))
    return found


def _read(file: str) -> Any:
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {file}: {exc}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{file} is not JSON: {exc}")
    except RecursionError:
        fail(f"{file} is nested too deeply to be a game (the JSON reader's depth limit)")


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to a new file beside ``path``, then rename it over ``path``."""
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    except OSError as exc:
        fail(f"cannot write {path}: {exc}")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        fail(f"cannot write {path}: {exc}")
