"""The OpenAPI schema describes what the API really answers, errors included.

A live server (uvicorn on loopback, over a temporary store with a game in it) is
probed by Schemathesis with a bounded number of generated requests per operation,
signed in with a real token; every answer must be documented in the schema (status
code, content type, body shape) and none may be a server error.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
import uvicorn
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import checks

from .support import PASSWORD, make_app, site_of

CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance]
EXAMPLES = 8  # generated requests per operation: bounded, so the run stays short


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The address of a running server and an API token of an account in a game."""
    application = make_app(f"sqlite:///{tmp_path / 'api.db'}")
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(application, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started, "the server did not start"
        made = httpx.post(f"{base}/api/users", json={"name": "alice", "password": PASSWORD})
        token = made.json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        httpx.post(f"{base}/api/games", headers=headers,
                   json={"pack": "infinite-nomic-r7", "player": "alice", "seed": 1})
        yield base, token
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        site_of(application).store.close()


def probe(operation: Any, base: str, headers: dict[str, str]) -> str | None:
    """Run the bounded generated requests of one operation; the first failure, if any."""

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
    def run(case: Any) -> None:
        case.call_and_validate(base_url=base, headers=headers, checks=CHECKS)

    try:
        run()
    except Exception as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return f"{operation.method.upper()} {operation.path}: {first}"
    return None


def test_every_answer_of_the_api_is_in_its_schema(live_server: tuple[str, str]) -> None:
    base, token = live_server
    schema = schemathesis.openapi.from_url(f"{base}/api/openapi.json")
    headers = {"Authorization": f"Bearer {token}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    # The live stream never ends by itself: it is tested in test_server_live.
    probed = [op for op in operations if not op.path.endswith("/live")]
    assert len(probed) >= 15
    failures = [found for op in probed if (found := probe(op, base, headers)) is not None]
    assert failures == []
