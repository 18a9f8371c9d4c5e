"""The ``nomicon`` command (Typer): play, inspect and verify stored games.

    nomicon new infinite-nomic-r7 --players alice,bob
    nomicon act GAME alice roll
    nomicon state GAME --as bob
    nomicon verify GAME
"""

from __future__ import annotations

from nomicon.cli import db, demo, draft, govern, mail, play, scenarios, serve, show, sim
from nomicon.cli.app import app

__all__ = ["app", "main"]

# The command modules register themselves on ``app`` when imported.
_COMMANDS = (db, demo, draft, govern, mail, play, scenarios, serve, show, sim)


def main() -> None:
    """The console script's entry point."""
    app()
