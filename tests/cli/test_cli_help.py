"""Help texts read at 80 columns: no line longer than the terminal, no line cut short
with "...", no markup shown as it is written (``[bold]``, reST's double back-quotes);
and ``nomicon --version`` says the installed package's version."""

from __future__ import annotations

import re
from importlib.metadata import version

import pytest
import typer
from typer.testing import CliRunner

from nomicon.cli import app

WIDTH = 80
# Markup as Rich or reST write it, which a terminal would show as typed.
RAW_MARKUP = re.compile(r"\[/?(bold|italic|dim|red|green|yellow|cyan|b|i)\]|``")


def _paths(command: object, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [prefix]
    subs = getattr(command, "commands", None)  # a group's commands by name
    if isinstance(subs, dict):
        for name, sub in subs.items():
            found.extend(_paths(sub, (*prefix, name)))
    return found


COMMANDS = _paths(typer.main.get_command(app))


def _help(words: tuple[str, ...]) -> str:
    result = CliRunner().invoke(app, [*words, "--help"], env={"COLUMNS": str(WIDTH)},
                                terminal_width=WIDTH)
    assert result.exit_code == 0, result.output
    return result.output


def test_every_command_is_checked() -> None:
    assert len(COMMANDS) > 25
    assert ("act",) in COMMANDS and ("db", "upgrade") in COMMANDS and () in COMMANDS


@pytest.mark.parametrize("words", COMMANDS, ids=lambda w: " ".join(w) or "nomicon")
def test_help_fits_80_columns_without_cut_lines_or_markup(words: tuple[str, ...]) -> None:
    text = _help(words)
    for line in text.splitlines():
        assert len(line) <= WIDTH, line
        assert line.startswith("Usage:") or not line.rstrip().endswith("..."), line
        assert not RAW_MARKUP.search(line), line
        # An option's name is not cut at its hyphen ("--with-" / "secret").
        assert not re.search(r"--[\w-]*-$", line.rstrip()), line


def test_the_list_of_commands_gives_each_first_sentence_whole() -> None:
    text = _help(())
    # The export command's first sentence is longer than the column: it is wrapped.
    assert "Write GAME to one JSON file: its record, rules, dice" in text
    assert "log, and those of its child games." in text
    assert "Do ACTION in GAME as ACTOR.\n" in text


def test_version_is_the_package_metadata_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"nomicon {version('nomicon')}"
