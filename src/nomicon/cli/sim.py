"""Simulation commands: ``simulate`` (many games headless) and ``whatif`` (what a
proposal's amendment would change, measured by matched simulations).

    nomicon simulate --pack infinite-nomic-r7 --games 1000 --turns 30 --jobs 2
    nomicon simulate --pack ackanomic-goofspiel --param games=1 --bots greedy,random,random
    nomicon whatif --game GAME --proposal 3 --chart whatif.html
    nomicon whatif --pack infinite-nomic-r7 --amendment fives20.yaml --players a,b,c
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from nomicon.cli.app import (
    DbOption,
    JsonOption,
    app,
    console,
    err_console,
    fail,
    parse_pairs,
    print_json,
    service,
    split_names,
)
from nomicon.cli.govern import _read_amendment
from nomicon.kernel.errors import NomiconError

# The simulator and Rich are imported when a simulation runs: ``nomicon --help``
# imports every command module, and needs neither.
if TYPE_CHECKING:
    from rich.console import Console

    from nomicon.kernel.engine import Game

# The bot kinds (nomicon.sim.runner.BOTS) and the what-if default number of games
# (nomicon.sim.whatif.DEFAULT_GAMES), which the help shows; a test holds them equal.
BOTS = ("random", "greedy")
WHATIF_GAMES = 200

GamesOption = Annotated[int, typer.Option("--games", min=1, help="How many games to play.")]
SeedOption = Annotated[str, typer.Option(
    "--seed", help="The run's seed: the same seed gives the same games and report.")]
JobsOption = Annotated[int, typer.Option(
    "--jobs", min=0, help="Processes to play in (0: one per CPU). The report does not "
                          "depend on it.")]
TurnsOption = Annotated[int | None, typer.Option(
    "--turns", min=1, help="Stop each game after this many turns (open-ended games).")]
ActionsOption = Annotated[int | None, typer.Option(
    "--actions", min=1, help="Stop each game after this many accepted actions.")]
BotsOption = Annotated[str, typer.Option(
    "--bots", metavar="KINDS", help=f"Bots per player, comma-separated, repeating "
                                    f"({', '.join(BOTS)}).")]
ParamOption = Annotated[list[str] | None, typer.Option(
    "--param", metavar="KEY=VALUE", help="A pack parameter (repeatable).")]
QuietOption = Annotated[bool, typer.Option("--quiet", help="No progress bar.")]


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _jobs(jobs: int) -> int:
    return jobs or os.cpu_count() or 1


@contextmanager
def _progress(what: str, total: int, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error, or nothing with ``--quiet``."""
    if quiet:
        yield None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    bar = Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=err_console(), transient=True)
    with bar:
        task = bar.add_task(what, total=total)
        yield lambda n: bar.advance(task, n)


def _kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(split_names(text))
    if not kinds:
        fail("--bots needs at least one bot kind")
    return kinds


@app.command()
def simulate(
    pack: Annotated[str, typer.Option("--pack", metavar="PACK", help="The rule pack.")],
    games: GamesOption = 100,
    bots: BotsOption = "random",
    players: Annotated[str | None, typer.Option(
        "--players", metavar="NAMES",
        help="Player names, comma-separated (default: p1,p2,p3).")] = None,
    seed: SeedOption = "0",
    jobs: JobsOption = 1,
    turns: TurnsOption = None,
    actions: ActionsOption = None,
    param: ParamOption = None,
    rotate: Annotated[bool, typer.Option(
        "--rotate/--no-rotate", help="Turn the seating one place each game.")] = True,
    export: Annotated[Path | None, typer.Option(
        "--export", metavar="FILE", help="Write one row per game: FILE.csv or "
                                         "FILE.parquet.")] = None,
    quiet: QuietOption = False,
    json_out: JsonOption = False,
) -> None:
    """Play GAMES games of PACK headless with bots, and report how they went.

    Without --turns or --actions each game stops after 1,000 actions at most (the
    report says so), since open-ended games (Infinite Nomic) never end by themselves.
    The report: outcomes
    per player and per seat, game length, each currency's distribution and the pack's
    own metrics. The same seed gives the same report, whatever --jobs."""
    from rich.text import Text

    from nomicon.sim import report as reports
    from nomicon.sim.runner import DEFAULT_ACTIONS, Settings, SimError
    from nomicon.sim.runner import simulate as run_games

    params, _ = parse_pairs(param, "parameter")
    default_cap = turns is None and actions is None
    if default_cap:
        actions = DEFAULT_ACTIONS
    try:
        settings = Settings(pack=pack, games=games, bots=_kinds(bots), seed=_seed(seed),
                            players=tuple(split_names(players)) or ("p1", "p2", "p3"),
                            params=tuple(sorted(params.items())), turns=turns,
                            actions=actions, rotate=rotate, default_cap=default_cap)
    except SimError as exc:
        fail(str(exc))
    began = time.perf_counter()
    try:
        with _progress(f"{pack}: playing", games, quiet or json_out) as progress:
            records = run_games(settings, jobs=_jobs(jobs), progress=progress)
    except (SimError, NomiconError) as exc:
        fail(str(exc))
    elapsed = time.perf_counter() - began
    summary = reports.summarise(settings, records)
    if export is not None:
        try:
            reports.export(records, export)
        except (OSError, RuntimeError) as exc:
            fail(f"cannot write {export}: {exc}")
    if json_out:
        print_json(summary)
    else:
        reports.show(console(), summary)
    if summary["stalled"]:
        err_console().print(Text(
            f"{summary['stalled']} game(s) neither ended nor reached a limit in "
            f"{settings.step_limit()} steps: give --turns or --actions, or a parameter "
            "that ends the game (ackanomic-goofspiel: --param games=1)", style="yellow"))
    actions_done = sum(record.actions for record in records)
    # Timing goes to standard error: the report itself depends only on the settings.
    err_console().print(Text(f"{games} games, {actions_done} actions in {elapsed:.1f}s "
                             f"({games / elapsed:.1f} games/s, {actions_done / elapsed:.0f} "
                             f"actions/s, {_jobs(jobs)} process(es))", style="dim"))
    if export is not None:
        err_console().print(Text(f"per-game results written to {export}", style="dim"))


@app.command()
def whatif(
    ctx: typer.Context,
    game_id: Annotated[str | None, typer.Option(
        "--game", metavar="GAME", help="A stored game: simulate from its current state.")] = None,
    proposal: Annotated[int | None, typer.Option(
        "--proposal", metavar="N", help="The proposal whose amendment to measure.")] = None,
    pack: Annotated[str | None, typer.Option(
        "--pack", metavar="PACK", help="Or: simulate from a new game of PACK.")] = None,
    amendment: Annotated[str | None, typer.Option(
        "--amendment", metavar="FILE",
        help="Or: the amendment, a YAML list of changes ('-': standard input).")] = None,
    players: Annotated[str | None, typer.Option(
        "--players", metavar="NAMES", help="With --pack: the players (default: "
                                           "p1,p2,p3).")] = None,
    param: ParamOption = None,
    games: GamesOption = WHATIF_GAMES,
    turns: TurnsOption = None,
    actions: ActionsOption = None,
    bots: Annotated[str, typer.Option(
        "--bots", metavar="KIND", help=f"The bot every player uses ({', '.join(BOTS)}).")]
        = "random",
    seed: SeedOption = "0",
    jobs: JobsOption = 1,
    chart: Annotated[Path | None, typer.Option(
        "--chart", metavar="FILE", help="Write the chart as an HTML page.")] = None,
    show_all: Annotated[bool, typer.Option(
        "--all", help="List every metric, not only those that change.")] = False,
    quiet: QuietOption = False,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """What a proposal would change: matched simulations from the current state
    (same seeds), with and without its amendment; the difference of each metric with
    a 95% confidence interval.

    Give --game with --proposal (or --amendment), or --pack with --amendment.
    Each simulation plays --turns turns (default 30) or --actions actions."""
    from rich.text import Text

    from nomicon.sim import whatif as whatifs

    if bots not in BOTS:
        fail(f"unknown bot {bots!r} (bots: {', '.join(BOTS)})")
    if (game_id is None) == (pack is None):
        fail("give either --game GAME or --pack PACK")
    if proposal is not None and game_id is None:
        fail("--proposal goes with --game")
    if (proposal is None) == (amendment is None):
        fail("give either --proposal N or --amendment FILE")
    if turns is None and actions is None:
        turns = whatifs.DEFAULT_TURNS
    changes: Any = _read_amendment(amendment) if amendment is not None else None
    if game_id is not None:
        with service(ctx, db) as svc:
            game = svc.open(game_id)
        if proposal is not None:
            record = game.state.root.get("proposals", {}).get(str(proposal))
            if record is None:
                fail(f"game {game_id} has no proposal {proposal}")
            if not record.get("amendment"):
                fail(f"proposal {proposal} carries no amendment: there is nothing to measure")
            changes = record["amendment"]
    else:
        assert pack is not None
        game = _fresh(pack, players, param, seed)
    with _progress("what-if: playing pairs", games, quiet or json_out) as progress:
        result = whatifs.run(game, changes, games=games, turns=turns, actions=actions,
                             seed=_seed(seed), bots=bots, jobs=_jobs(jobs), progress=progress)
    if not result["ok"]:
        fail(f"the amendment cannot be applied: {result['error']}", 1)
    if chart is not None:
        try:
            chart.write_text(whatifs.chart_html(result), encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {chart}: {exc.strerror}")
    if json_out:
        print_json(result)
    else:
        _show_whatif(console(), result, show_all)
    if chart is not None:
        err_console().print(Text(f"chart written to {chart}", style="dim"))


def _fresh(pack: str, players: str | None, param: list[str] | None, seed: str) -> Game:
    from nomicon.kernel import dice
    from nomicon.kernel.engine import Game
    from nomicon.sim.runner import START

    params, _ = parse_pairs(param, "parameter")
    try:
        return Game.create(pack, start=START, players=split_names(players) or ["p1", "p2", "p3"],
                           secret=dice.secret_from_seed(f"whatif-start:{seed}"), params=params,
                           game_id="whatif")
    except NomiconError as exc:
        fail(str(exc))


def _show_whatif(out: Console, result: dict[str, Any], show_all: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    limit = (f"{result['turns']} turns" if result["turns"] is not None
             else f"{result['actions']} actions")
    out.print(Text(f"what if: {result['games']} matched pairs of games of {result['pack']} "
                   f"from game {result['game']}, {limit} each, seed {result['seed']}",
                   style="bold"))
    table = Table(box=None, title_justify="left")
    for column in ("metric", "baseline", "with", "difference", "95% interval"):
        table.add_column(column, justify="left" if column == "metric" else "right")
    hidden = 0
    for name, m in result["metrics"].items():
        if not show_all and m["difference"] == 0 and m["sd"] == 0:
            hidden += 1
            continue
        low, high = m["ci"]
        style = "bold" if m["excludes_zero"] else ""
        table.add_row(Text(name, style=style), f"{m['baseline']:.2f}", f"{m['with']:.2f}",
                      Text(f"{m['difference']:+.2f}", style=style),
                      Text(f"[{low:+.2f}, {high:+.2f}]", style=style))
    out.print(table)
    if hidden:
        out.print(Text(f"{hidden} metric(s) never changed (--all lists them)", style="dim"))
    shifted = [name for name, m in result["metrics"].items() if m["excludes_zero"]]
    out.print(Text("intervals that exclude zero: " + (", ".join(shifted) or "none")))
