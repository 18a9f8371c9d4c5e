"""The ``nomicon`` command (Typer): play, inspect and verify stored games.

    nomicon new infinite-nomic-r7 --players alice,bob
    nomicon act GAME alice roll
    nomicon state GAME --as bob
    nomicon verify GAME
"""

from __future__ import annotations

import inspect
import re

import typer

from nomicon.cli import db, demo, draft, govern, mail, play, scenarios, serve, show, sim
from nomicon.cli.app import app

__all__ = ["app", "main"]

# The command modules register themselves on ``app`` when imported.
_COMMANDS = (db, demo, draft, govern, mail, play, scenarios, serve, show, sim)


# reST's ``literal`` quotes, as the docstrings write commands and names.
_LITERAL = re.compile(r"``([^`]+)``")


def _plain(text: str) -> str:
    return _LITERAL.sub(r"'\1'", inspect.cleandoc(text))


def readable(group: typer.Typer) -> None:
    """Give every command of ``group`` (and of its sub-groups) its docstring as help
    without reST quotes, and its first sentence as the line in the list of commands.

    Click cuts the line shown in a list of commands at the terminal's width, with
    "..." where it cut; a line given as short help is wrapped instead.
    """
    for command in group.registered_commands:
        doc = command.help or (command.callback.__doc__ if command.callback else None)
        if not doc:
            continue
        command.help = _plain(doc)
        if command.short_help is None:
            command.short_help = _first_sentence(command.help)
    for sub in group.registered_groups:
        if sub.typer_instance is not None:
            readable(sub.typer_instance)


def _first_sentence(text: str) -> str:
    paragraph = " ".join(text.split("\n\n", 1)[0].split())
    # A sentence ends at a full stop before a capital letter or the end ("e.g." does not).
    end = re.search(r"(?<!e\.g)(?<!i\.e)\.(\s+(?=[A-Z(])|$)", paragraph)
    return paragraph[: end.start() + 1] if end else paragraph


readable(app)


def main() -> None:
    """The console script's entry point."""
    app()
