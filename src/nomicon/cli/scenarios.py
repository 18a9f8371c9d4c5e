"""``nomicon scenario run FILE...``: play scenario files (DESIGN.md section 4).

With ``--json`` each file gives one JSON object on a line of its own,
``{"ok", "failures", "state"}`` (an invalid file: ``ok`` false, ``error`` the reason,
``state`` null). Exit status: 0 every expectation held, 1 an expectation failed,
2 a file is invalid (this wins over 1).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from nomicon.cli.app import DONE, REFUSED, USAGE, JsonOption, app, console, err_console
from nomicon.cli.app import print_json_line as emit
from nomicon.kernel.errors import NomiconError

# The scenario runner (the engine) and Rich are imported when scenarios run:
# ``nomicon --help`` imports every command module, and needs neither.

scenario_app = typer.Typer(help="Scenario files: set up a game, play steps, check results.",
                           no_args_is_help=True, rich_markup_mode=None)
app.add_typer(scenario_app, name="scenario")


@scenario_app.command("run")
def run(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help="Scenario files.")],
    json_out: JsonOption = False,
) -> None:
    """Run scenario files and report the expectations that failed."""
    status = DONE
    for path in files:
        outcome, code = _run_one(path)
        status = max(status, code)
        if json_out:
            emit(outcome)
        else:
            _show(path, outcome)
    raise typer.Exit(status)


def _run_one(path: Path) -> tuple[dict[str, Any], int]:
    from rich.text import Text

    from nomicon import scenario as scenarios

    try:
        result = scenarios.run(path)
    except NomiconError as exc:
        # ScenarioInvalid, and any other error the file provokes in the engine (a
        # forced die that does not fit, an unknown pack...): the file is at fault.
        err_console().print(Text(f"{path}: {exc}"))
        return {"ok": False, "file": str(path), "error": str(exc), "failures": [],
                "state": None}, USAGE
    outcome = {"file": str(path), **result.as_json()}
    return outcome, DONE if result.ok else REFUSED


def _show(path: Path, outcome: dict[str, Any]) -> None:
    from rich.text import Text

    out = console()
    if outcome.get("error"):
        out.print(Text(f"INVALID {path}", style="bold red"))
    elif outcome["ok"]:
        out.print(Text(f"PASS {path}", style="bold green"))
    else:
        out.print(Text(f"FAIL {path}", style="bold red"))
        for failure in outcome["failures"]:
            out.print(Text(f"  - {failure}"))
