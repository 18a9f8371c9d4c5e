"""Every scenario file under tests/scenarios/<pack>/ runs and all its expectations hold."""

from __future__ import annotations

from pathlib import Path

import pytest

from nomicon import scenario
from nomicon.kernel.pack import installed

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("**/*.yaml"))
#: Scenario files that need a plug-in's pack, by a word of their name: skipped, with
#: the reason printed, where the plug-in is not installed.
PLUGIN_PACKS = {"diplomacy": ("ackanomic-diplomacy", "nomicon-diplomacy")}
PACK_DIRS = sorted(p for p in HERE.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def test_there_are_scenario_files() -> None:
    assert FILES, f"no scenario files under {HERE.name}/"


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(HERE)) for f in FILES])
def test_scenario_file(path: Path) -> None:
    for word, (pack, plugin) in PLUGIN_PACKS.items():
        if word in path.name and pack not in installed().packs:
            pytest.skip(f"{path.name} needs the plug-in {plugin}, which is not installed")
    result = scenario.run(path)
    assert result.ok, f"{path.relative_to(HERE)} failed:\n" + "\n".join(result.failures)


def test_scenario_files_name_their_folder_pack() -> None:
    for file in FILES:
        folder = file.relative_to(HERE).parts[0]
        assert scenario.load(file).pack == folder, f"{file.relative_to(HERE)} is not for {folder}"


@pytest.mark.parametrize("folder", PACK_DIRS, ids=[p.name for p in PACK_DIRS])
def test_pack_folder_is_an_installed_pack(folder: Path) -> None:
    assert folder.name in installed().packs, (
        f"tests/scenarios/{folder.name} names no installed pack "
        f"(installed: {', '.join(sorted(installed().packs))})"
    )
