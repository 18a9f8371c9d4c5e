"""The plug-in's tests run in the project's pytest run, where warnings are errors."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    # diplomacy 1.1.2 reads its cache of convoy paths with an open() it never closes,
    # once, when it is imported: a ResourceWarning of the library's, not of this code.
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Exception ignored in. <_io.FileIO name=.*convoy_paths_cache.pkl"
        ":pytest.PytestUnraisableExceptionWarning")
