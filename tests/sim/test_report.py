"""The report of a run: outcomes per player and seat, lengths, currencies, metrics."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from nomicon.sim.report import distribution, export, rows, summarise
from nomicon.sim.runner import Record, Settings


def record(index: int, seats: list[str], winners: list[str], points: dict[str, float]
           ) -> Record:
    metrics = {f"points.{p}": v for p, v in points.items()}
    metrics |= {f"won.{p}": float(p in winners) for p in seats}
    metrics["points.total"] = sum(points.values())
    metrics["extra"] = float(index)
    return Record(index=index, seats=seats, bots=dict.fromkeys(seats, "random"), ended=True,
                  capped=False, steps=10 + index, actions=8, refused=2, events=30, turns=0,
                  hours=1.5, winners=winners, metrics=metrics)


def test_distribution() -> None:
    stats = distribution([1.0, 2.0, 3.0, 4.0, 10.0])
    assert stats["mean"] == 4.0
    assert stats["median"] == 3.0
    assert stats["min"] == 1.0 and stats["max"] == 10.0
    assert stats["p10"] == pytest.approx(1.4)
    assert stats["p90"] == pytest.approx(7.6)
    assert distribution([])["mean"] == 0.0


def test_summary_counts_wins_per_player_and_per_seat() -> None:
    settings = Settings(pack="nomic", games=2, players=("a", "b"))
    records = [record(0, ["a", "b"], ["a"], {"a": 8, "b": 0}),
               record(1, ["b", "a"], ["a"], {"a": 4, "b": 2})]
    report = summarise(settings, records)
    assert report["players"]["a"]["wins"] == 2 and report["players"]["b"]["wins"] == 0
    assert report["players"]["a"]["mean"]["points"] == 6.0
    assert report["seats"]["1"]["wins"] == 1 and report["seats"]["2"]["wins"] == 1
    assert report["seats"]["2"]["mean"]["points"] == 2.0  # b's 0 in game 0, a's 4 in game 1
    assert report["currencies"]["points"]["max"] == 8.0
    assert report["length"]["steps"]["mean"] == 10.5
    assert set(report["metrics"]) == {"points.total", "extra"}
    assert report["ended"] == 2 and report["capped"] == 0 and report["stalled"] == 0


def test_export_writes_one_row_per_game(tmp_path: Path) -> None:
    records = [record(0, ["a", "b"], ["a"], {"a": 8, "b": 0}),
               record(1, ["b", "a"], [], {"a": 4, "b": 2})]
    path = tmp_path / "games.csv"
    export(records, path)
    with path.open(encoding="utf-8") as handle:
        read = list(csv.DictReader(handle))
    assert [row["game"] for row in read] == ["0", "1"]
    assert read[0]["winners"] == "a" and read[1]["winners"] == ""
    assert float(read[1]["points.b"]) == 2.0
    assert list(read[0]) == list(rows(records)[0])


def test_export_to_parquet(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    records = [record(0, ["a", "b"], ["a"], {"a": 8, "b": 0})]
    path = tmp_path / "games.parquet"
    export(records, path)
    table = pq.read_table(path)
    assert table.num_rows == 1
    assert table.column("points.a").to_pylist() == [8.0]
