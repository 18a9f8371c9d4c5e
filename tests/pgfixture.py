"""The PostgreSQL server of the test session (a pytest plugin, loaded by pyproject.toml).

Without PostgreSQL's server programs the PostgreSQL tests are skipped, with the
reason printed in the summary, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from nomicon.store.pgserver import PostgresServer, find_bindir


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    bindir = find_bindir()
    if bindir is None:
        reason = ("PostgreSQL is not installed (no initdb/pg_ctl found): the PostgreSQL "
                  "store tests need Debian's postgresql package")
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    with PostgresServer.start(bindir) as server:
        yield server
