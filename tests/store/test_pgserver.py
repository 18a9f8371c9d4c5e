"""Finding PostgreSQL's server programs for the private test server."""

from __future__ import annotations

from pathlib import Path

import pytest

from nomicon.store import pgserver


def fake_bindir(root: Path, version: str) -> Path:
    bindir = root / version / "bin"
    bindir.mkdir(parents=True)
    for tool in ("initdb", "pg_ctl"):
        (bindir / tool).write_text("#!/bin/sh\n")
        (bindir / tool).chmod(0o755)
    return bindir


@pytest.fixture
def no_postgres(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing on the PATH, no variable, and an empty versioned layout to search."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.delenv("NOMICON_PG_BINDIR", raising=False)
    monkeypatch.setattr(pgserver, "_DEBIAN_BINDIRS", str(tmp_path / "lib" / "*" / "bin"))
    return tmp_path


def test_nothing_found(no_postgres: Path) -> None:
    assert pgserver.find_bindir() is None


def test_the_newest_version_is_chosen(no_postgres: Path) -> None:
    fake_bindir(no_postgres / "lib", "9")
    newest = fake_bindir(no_postgres / "lib", "15")
    fake_bindir(no_postgres / "lib", "13")
    assert pgserver.find_bindir() == newest


def test_the_variable_comes_first(no_postgres: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_bindir(no_postgres / "lib", "15")
    chosen = fake_bindir(no_postgres / "custom", "x")
    monkeypatch.setenv("NOMICON_PG_BINDIR", str(chosen))
    assert pgserver.find_bindir() == chosen


def test_a_directory_without_the_server_programs_is_skipped(no_postgres: Path) -> None:
    (no_postgres / "lib" / "16" / "bin").mkdir(parents=True)  # a client-only install
    only = fake_bindir(no_postgres / "lib", "14")
    assert pgserver.find_bindir() == only
