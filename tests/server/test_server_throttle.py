"""Failed log-ins are throttled per name: password guessing is slowed down."""

from __future__ import annotations

from starlette.testclient import TestClient

from .support import PASSWORD, Api, Clock


def test_five_failures_lock_the_name_out_for_fifteen_minutes(
        client: TestClient, accounts: dict[str, Api], clock: Clock) -> None:
    def token(password: str) -> int:
        return client.post("/api/tokens", json={"name": "bob", "password": password}).status_code

    assert [token("wrong") for _ in range(5)] == [401] * 5
    refused = client.post("/api/tokens", json={"name": "bob", "password": PASSWORD})
    assert refused.status_code == 429
    assert "too many failed log-ins for 'bob'" in refused.text
    # Other names are not affected.
    assert client.post("/api/tokens",
                       json={"name": "alice", "password": PASSWORD}).status_code == 201
    clock.advance(minutes=16)
    assert token(PASSWORD) == 201
    assert token("wrong") == 401  # a success cleared the count: one failure is not five
    assert token(PASSWORD) == 201
