"""The README's command-line tour runs as written (STYLE: README examples are tests).

Every ``$ nomicon ...`` line of the README's console blocks is run in order, in a
shell, against a fresh store; a line whose comment says "exit status 1" must exit 1,
every other line 0. Then the tour's outcome is checked against the rules.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tour_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines: list[str] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            if line.startswith("$ nomicon "):
                lines.append(line[2:])
    return lines


def split_comment(line: str) -> tuple[str, str]:
    # A comment starts at two or more spaces then '#', outside the command's quotes.
    match = re.search(r"\s{2,}#\s(.*)$", line)
    if match is None:
        return line, ""
    return line[: match.start()], match.group(1)


def test_the_readme_tour_runs_as_written(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["NOMICON_DB"] = str(tmp_path / "tour.db")
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    # The tour runs in a fresh directory (its files land there), where the
    # repository's examples and scenario files are at the paths the README names.
    for name in ("examples", "tests"):
        (tmp_path / name).symlink_to(ROOT / name)
    lines = tour_lines()
    assert len(lines) >= 15
    for line in lines:
        command, comment = split_comment(line)
        expected = 1 if "exit status 1" in comment else 0
        done = subprocess.run(command, shell=True, cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120, check=False)
        assert done.returncode == expected, (
            f"{command!r} exited {done.returncode}, not {expected}:\n{done.stderr}")

    state = json.loads(subprocess.run(
        ["nomicon", "state", "tour", "--json"], cwd=tmp_path, env=env, capture_output=True,
        text=True, check=True).stdout)
    alice = state["players"]["alice"]
    # Rule 11: alice landed on the Cop Car (space 4) and won the fight: +10 points,
    # and the officer lost 10 of its 200 health.
    assert alice["location"] == 4
    assert alice["points"] == 10
    assert state["board"]["cop_car"] == {"space": 4, "health": 190}
    # Rule 4: carol's proposal is still being voted on when the admin ends the game.
    assert state["proposals"]["1"]["status"] == "open"
    assert state["game"]["status"] == "ended"
    assert state["dice"]["epochs"][-1]["secret"] is not None
    exported = json.loads((tmp_path / "tour.json").read_text(encoding="utf-8"))
    assert [e["seq"] for e in exported["log"]] == list(range(1, len(exported["log"]) + 1))
