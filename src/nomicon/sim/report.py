"""The summary of a simulation run, and its per-game export.

:func:`summarise` turns the records of a run into one JSON-ready dict:

``players`` and ``seats``
    per player (name, bot) and per seat (joining position, from 1): games, wins
    (being among the winners), the win rate, and the mean final balance of each
    currency;
``length``
    distributions of steps, accepted actions, refusals, events, turns and game hours;
``currencies``
    the distribution of each currency's final balance over every player of every game;
``metrics``
    the distribution of every other metric (the pack's own, totals and means).

A distribution is ``{mean, sd, min, p10, median, p90, max}``. The summary holds
nothing that depends on the machine or the time taken, so the same settings and
seed give the same summary.
"""

from __future__ import annotations

import csv
import statistics
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from nomicon.sim.runner import Record, Settings

LENGTHS = ("steps", "actions", "refused", "events", "turns", "hours")


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation and quantiles of ``values`` (empty: all zero)."""
    if not values:
        return dict.fromkeys(("mean", "sd", "min", "p10", "median", "p90", "max"), 0.0)
    ordered = sorted(float(v) for v in values)
    return {
        "mean": statistics.fmean(ordered),
        "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "p10": _quantile(ordered, 0.1),
        "median": statistics.median(ordered),
        "p90": _quantile(ordered, 0.9),
        "max": ordered[-1],
    }


def _quantile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (NumPy's default)."""
    position = (len(ordered) - 1) * q
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _currency_names(records: Iterable[Record], players: Iterable[str]) -> list[str]:
    names: list[str] = []
    known = set(players)
    for record in records:
        for metric in record.metrics:
            currency, _, owner = metric.rpartition(".")
            if owner in known and currency and not currency.startswith("won") \
                    and currency not in names:
                names.append(currency)
    return names


def _outcomes(rows: list[tuple[Record, str]], currencies: list[str]) -> dict[str, Any]:
    """Games, wins and mean balances over (record, player) pairs."""
    games = len(rows)
    wins = sum(1 for record, player in rows if player in record.winners)
    balances = {currency: statistics.fmean(record.metrics.get(f"{currency}.{player}", 0.0)
                                           for record, player in rows) if rows else 0.0
                for currency in currencies}
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
            "mean": balances}


def summarise(settings: Settings, records: list[Record]) -> dict[str, Any]:
    """The run's report (see the module's docstring)."""
    players = list(settings.players)
    currencies = _currency_names(records, players)
    per_player = {}
    for player in players:
        rows = [(record, player) for record in records if player in record.seats]
        per_player[player] = {"bot": settings.bot_of(player), **_outcomes(rows, currencies)}
    per_seat = {}
    for seat in range(len(players)):
        rows = [(record, record.seats[seat]) for record in records if seat < len(record.seats)]
        per_seat[str(seat + 1)] = _outcomes(rows, currencies)
    balances = {currency: distribution([record.metrics.get(f"{currency}.{player}", 0.0)
                                        for record in records for player in record.seats])
                for currency in currencies}
    per_player_metric = {f"{c}.{p}" for c in currencies for p in players} | \
        {f"won.{p}" for p in players}
    names: list[str] = []
    for record in records:
        names.extend(n for n in record.metrics if n not in per_player_metric and n not in names)
    metrics = {name: distribution([record.metrics[name] for record in records
                                   if name in record.metrics]) for name in names}
    return {
        "pack": settings.pack,
        "params": settings.param_dict,
        "seed": settings.seed,
        "games": len(records),
        "limits": {"turns": settings.turns, "actions": settings.actions,
                   "max_steps": settings.step_limit(), "default": settings.default_cap},
        "ended": sum(record.ended for record in records),
        "capped": sum(record.capped for record in records),
        "stalled": sum(not record.ended and not record.capped for record in records),
        "players": per_player,
        "seats": per_seat,
        "length": {name: distribution([float(getattr(record, name)) for record in records])
                   for name in LENGTHS},
        "currencies": balances,
        "metrics": metrics,
    }


# -- for people ---------------------------------------------------------------------
def _num(value: float) -> str:
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.2f}"


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for column in columns:
        table.add_column(column, justify="left" if column in ("", "player", "metric",
                                                              "currency") else "right")
    return table


def show(console: Console, report: dict[str, Any]) -> None:
    """Print a report as tables."""
    limits = report["limits"]
    limit = (f"{limits['turns']} turns" if limits["turns"] is not None else
             f"{limits['actions']} actions" if limits["actions"] is not None else "to the end")
    if limits.get("default"):
        limit += " at most, the default cap: --turns or --actions sets another"
    console.print(Text(f"{report['pack']}: {report['games']} games ({limit}), seed "
                       f"{report['seed']}", style="bold"))
    console.print(Text(f"ended {report['ended']} · stopped at the limit {report['capped']} · "
                       f"stalled {report['stalled']}"))
    currencies = list(report["currencies"])
    table = _table("Players", "player", "bot", "games", "wins", "win rate",
                   *(f"mean {c}" for c in currencies))
    for name, row in report["players"].items():
        table.add_row(name, row["bot"], str(row["games"]), str(row["wins"]),
                      f"{row['win_rate']:.1%}", *(_num(row["mean"][c]) for c in currencies))
    console.print(table)
    table = _table("Seats (joining order)", "seat", "games", "wins", "win rate",
                   *(f"mean {c}" for c in currencies))
    for seat, row in report["seats"].items():
        table.add_row(seat, str(row["games"]), str(row["wins"]), f"{row['win_rate']:.1%}",
                      *(_num(row["mean"][c]) for c in currencies))
    console.print(table)
    for title, rows in (("Game length", report["length"]),
                        ("Currencies (final balance of each player)", report["currencies"]),
                        ("Metrics", report["metrics"])):
        if not rows:
            continue
        table = _table(title, "", "mean", "sd", "min", "p10", "median", "p90", "max")
        for name, stats in rows.items():
            table.add_row(name, *(_num(stats[k]) for k in
                                  ("mean", "sd", "min", "p10", "median", "p90", "max")))
        console.print(table)


# -- per-game export ------------------------------------------------------------------
def rows(records: list[Record]) -> list[dict[str, Any]]:
    """One flat row per game: its index, seats, length, winners and every metric."""
    names: list[str] = []
    for record in records:
        names.extend(n for n in record.metrics if n not in names)
    out = []
    for record in records:
        row: dict[str, Any] = {
            "game": record.index, "seats": ",".join(record.seats),
            "bots": ",".join(record.bots[p] for p in record.seats), "ended": record.ended,
            "capped": record.capped, "steps": record.steps, "actions": record.actions,
            "refused": record.refused, "events": record.events, "turns": record.turns,
            "hours": record.hours, "winners": ",".join(record.winners),
        }
        for name in names:
            row[name] = record.metrics.get(name)
        out.append(row)
    return out


def export(records: list[Record], path: Path) -> None:
    """Write the per-game rows as CSV, or as Parquet when ``path`` ends in .parquet."""
    table = rows(records)
    if path.suffix.lower() == ".parquet":
        try:
            import pyarrow as pa  # type: ignore[import-untyped]
            import pyarrow.parquet as pq  # type: ignore[import-untyped]
        except ImportError:
            raise RuntimeError("writing Parquet needs pyarrow (pip install pyarrow)") from None
        pq.write_table(pa.Table.from_pylist(table), path)
        return
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(table[0]) if table else ["game"])
        writer.writeheader()
        writer.writerows(table)
