"""The ``nomicon`` command: the Typer application, shared options and error handling.

Exit statuses (a contract, see DESIGN.md section 5): 0 done; 1 the action was
refused, or a check failed (``verify``, ``scenario run``); 2 the command could not
run (bad usage, unknown game or pack, malformed ``key=value``, a store failure).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from nomicon.kernel.errors import ActionError, NomiconError
from nomicon.kernel.timefmt import parse as parse_time
from nomicon.names import player_name

# The store (SQLAlchemy), Rich and YAML are imported where they are used: listing the
# commands (``nomicon --help``) needs none of them.
if TYPE_CHECKING:
    from rich.console import Console

    from nomicon.service import GameService

DONE = 0
REFUSED = 1  # the action was refused, or a check failed
USAGE = 2  # the command could not run

app = typer.Typer(
    name="nomicon",
    help="Run games of Nomic with executable rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

DbOption = Annotated[
    str | None,
    typer.Option("--db", metavar="URL",
                 help="Database URL or SQLite file (default: $NOMICON_DB, else nomicon.db "
                      "in the working directory).", show_default=False),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
AtOption = Annotated[
    str | None,
    typer.Option("--at", metavar="ISO", hidden=True,
                 help="Act at this game time instead of now (testing)."),
]
GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="The game's id.")]
# Names are normalised as everywhere else (" Bob " is bob): see nomicon.names.
ActorArgument = Annotated[
    str, typer.Argument(metavar="ACTOR", help="A player's name, or admin.",
                        callback=player_name)
]
ViewerOption = Annotated[
    str, typer.Option("--as", metavar="VIEWER", callback=player_name,
                      help="See what this player sees (default: the admin, who sees all).")
]


@dataclass
class Settings:
    """Options given before the command (``nomicon --db URL COMMAND``)."""

    db: str | None = None


def show_version(asked: bool) -> None:
    """``--version``: the installed package's version, from its metadata."""
    if asked:
        from importlib.metadata import version

        typer.echo(f"nomicon {version('nomicon')}")
        raise typer.Exit(DONE)


@app.callback()
def root(
    ctx: typer.Context,
    db: Annotated[str | None, typer.Option(
        "--db", metavar="URL", envvar="NOMICON_DB", show_envvar=False,
        help="Database URL or SQLite file (default: $NOMICON_DB, else nomicon.db in the "
             "working directory).")] = None,
    version: Annotated[bool, typer.Option(
        "--version", is_eager=True, callback=show_version,
        help="Show the version and exit.")] = False,
) -> None:
    """Run games of Nomic with executable rules."""
    ctx.obj = Settings(db)


# -- output -------------------------------------------------------------------
def console() -> Console:
    """Standard output for people (no colour when it is not a terminal)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def err_console() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True)


def print_json(value: Any) -> None:
    typer.echo(json.dumps(value, indent=2, ensure_ascii=False, default=_json_default))


def print_json_line(value: Any) -> None:
    typer.echo(json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                          default=_json_default))


def _json_default(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat().replace("+00:00", "Z")
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def fail(message: str, code: int = USAGE) -> NoReturn:
    """Say what went wrong on standard error and exit with ``code``."""
    from rich.text import Text

    err_console().print(Text(message))
    raise typer.Exit(code)


# -- errors and the store -------------------------------------------------------
@contextmanager
def errors(where: str = "the store") -> Iterator[None]:
    """Turn Nomicon's errors into messages and exit statuses (no tracebacks)."""
    from nomicon.store import GameNotFound, StoreError

    try:
        yield
    except GameNotFound as exc:
        fail(f"no game {exc.game_id!r} in {where}")
    except ActionError as exc:
        fail(str(exc), REFUSED)
    except NomiconError as exc:
        fail(str(exc))
    except StoreError as exc:
        fail(f"store error: {exc}")


def database(ctx: typer.Context, db: str | None) -> str:
    """The database URL: the command's ``--db``, the global one, or the default."""
    from nomicon.store import default_url, to_url

    settings = ctx.obj if isinstance(ctx.obj, Settings) else Settings()
    chosen = db or settings.db
    return to_url(chosen) if chosen else default_url()


def shown_url(url: str) -> str:
    """The URL for messages, without a password."""
    import sqlalchemy as sa

    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except (sa.exc.ArgumentError, ValueError):
        return url


@contextmanager
def service(ctx: typer.Context, db: str | None) -> Iterator[GameService]:
    """A :class:`GameService` on the chosen store, closed afterwards; errors mapped."""
    from nomicon.service import GameService
    from nomicon.store import open_store

    url = database(ctx, db)
    with errors(shown_url(url)), open_store(url) as store:
        yield GameService(store)


# -- reading arguments ----------------------------------------------------------
def parse_pairs(pairs: list[str] | None, what: str) -> tuple[dict[str, Any], dict[str, str]]:
    """``key=value`` words -> (values read as YAML scalars, the texts as typed)."""
    if not pairs:
        return {}, {}  # without reading YAML, which most actions need not
    from nomicon.inputs import InputRefused, read_pairs

    try:
        return read_pairs(pairs, what)
    except InputRefused as exc:
        fail(str(exc))


def parse_at(text: str | None, option: str = "--at") -> dt.datetime | None:
    """An ISO time given on the command line (UTC when no zone is given)."""
    if text is None:
        return None
    try:
        return parse_time(text)
    except ValueError:
        fail(f"cannot read {option} {text!r}: give an ISO time such as 2020-09-01T12:00:00Z")


def split_names(text: str | None) -> list[str]:
    """``Alice, bob`` -> ``["alice", "bob"]`` (names normalised)."""
    return [player_name(name) for name in (text or "").split(",") if name.strip()]
