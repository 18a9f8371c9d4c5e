"""Every scenario file under scenarios/ runs, and all its expectations hold: the
clauses of 1250.14 with their refusals, time limits and referee's cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from nomicon import scenario
from nomicon.kernel.pack import installed

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))


def test_there_are_scenario_files_for_the_pack() -> None:
    assert len(FILES) >= 6
    assert {scenario.load(path).pack for path in FILES} == {"ackanomic-diplomacy"}


@pytest.mark.parametrize("path", FILES, ids=[path.name for path in FILES])
def test_scenario_file(path: Path) -> None:
    result = scenario.run(path, registry=installed())
    assert result.ok, f"{path.name} failed:\n" + "\n".join(result.failures)
