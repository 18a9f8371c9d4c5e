"""URL handling and open_store defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from nomicon.store import SqlStore, StoreError, default_url, open_store, to_url


def test_to_url() -> None:
    assert to_url("nomicon.db") == "sqlite:///nomicon.db"
    assert to_url("/var/lib/nomicon/x.db") == "sqlite:////var/lib/nomicon/x.db"
    assert to_url(Path("data/x.db")) == "sqlite:///data/x.db"
    assert to_url("sqlite:///a.db") == "sqlite:///a.db"
    assert to_url("postgresql+psycopg://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    with pytest.raises(StoreError):
        to_url("")


def test_default_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOMICON_DB", raising=False)
    assert default_url() == "sqlite:///nomicon.db"
    monkeypatch.setenv("NOMICON_DB", "games.db")
    assert default_url() == "sqlite:///games.db"
    monkeypatch.setenv("NOMICON_DB", "sqlite:////srv/games.db")
    assert default_url() == "sqlite:////srv/games.db"


def test_open_store_defaults_to_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NOMICON_DB", raising=False)
    with open_store() as store:
        assert isinstance(store, SqlStore)
        assert store.list_games() == []
    assert (tmp_path / "nomicon.db").exists()


def test_open_store_uses_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "env.db"
    monkeypatch.setenv("NOMICON_DB", str(target))
    with open_store() as store:
        assert store.url == f"sqlite:///{target}"
    assert target.exists()
    with open_store(tmp_path / "explicit.db") as store:
        assert store.url == f"sqlite:///{tmp_path / 'explicit.db'}"


def test_url_hides_password() -> None:
    with pytest.raises(StoreError) as info:
        SqlStore("nosuchdialect://user:hunter2@host/db")
    assert "hunter2" not in str(info.value)
