"""Fixtures for the command-line tests: a store in a temporary directory, and a runner
that invokes ``nomicon`` in-process with ``--db`` pointing at it."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from nomicon.cli import app

PACK = "infinite-nomic-r7"
START = "2020-01-01T12:00:00Z"
# Game times for actions, a minute apart, inside the first turn's 24 hours.
T1, T2, T3, T4 = (f"2020-01-01T12:0{m}:00Z" for m in (1, 2, 3, 4))


@dataclass
class Cli:
    """Runs ``nomicon --db <url> ...`` in-process."""

    url: str
    runner: CliRunner

    def __call__(self, *args: str) -> Result:
        return self.runner.invoke(app, ["--db", self.url, *args])

    def json(self, *args: str) -> Any:
        """Run a command with ``--json`` that must succeed; its parsed output."""
        result = self(*args, "--json")
        assert result.exit_code == 0, result.stderr or result.stdout
        return json.loads(result.stdout)

    def new(self, players: str = "alice,bob", *extra: str) -> str:
        """A new game (fixed seed and start); its id."""
        created = self.json("new", PACK, "--players", players, "--seed", "7",
                            "--start", START, *extra)
        return str(created["game"])

    def act(self, game: str, *words: str, at: str = T1) -> Result:
        return self(*("act", game, *words), "--at", at)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def db_url(db_path: Path) -> str:
    return f"sqlite:///{db_path}"


@pytest.fixture
def cli(db_url: str) -> Cli:
    return Cli(db_url, CliRunner())


@pytest.fixture
def write_file(tmp_path: Path) -> Iterator[Callable[[str, str], Path]]:
    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    yield write
