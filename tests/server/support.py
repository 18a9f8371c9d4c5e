"""What the web server's tests share: an application over a store in a temporary
directory, with the installed packs plus the conformance suite's pack of secrets, a
clock the tests move, and clients for the JSON API and for the pages."""

from __future__ import annotations

import re
import sys
import warnings
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from argon2 import PasswordHasher
from fastapi import FastAPI
from starlette.exceptions import StarletteDeprecationWarning

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "conformance"))

from secretpack import SecretPack

from nomicon.kernel.pack import installed
from nomicon.server import Settings, create_app
from nomicon.server.site import Site

with warnings.catch_warnings():
    # Starlette's test client prefers the httpx2 package and warns when it uses httpx,
    # which is what the project installs; the two behave the same here.
    warnings.simplefilter("ignore", StarletteDeprecationWarning)
    from starlette.testclient import TestClient

PACK = "infinite-nomic-r7"
SECRETS = SecretPack.id
START = datetime(2030, 1, 1, 9, 0, tzinfo=UTC)
PASSWORD = "correct horse battery"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
# Argon2 at its cheapest: the tests sign up many accounts.
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


@dataclass
class Clock:
    """The wall clock of the application under test; tests move it."""

    now: datetime = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


def make_app(url: str, clock: Clock | None = None, **settings: Any) -> FastAPI:
    chosen = {"tick_seconds": None, "poll_seconds": 0.05, **settings}
    return create_app(url, registry=installed().with_pack(SecretPack()), clock=clock,
                      settings=Settings(**chosen), hasher=FAST_HASHER)


def site_of(application: FastAPI) -> Site:
    site: Site = application.state.site
    return site


@dataclass
class Api:
    """A client of the JSON API with one account's bearer token."""

    client: TestClient
    name: str
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def get(self, path: str, **kw: Any) -> httpx.Response:
        return self.client.get(path, headers=self.headers, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        return self.client.post(path, json=body, headers=self.headers, **kw)

    def ok(self, method: str, path: str, body: Any = None) -> Any:
        response = self.client.request(method, path, json=body, headers=self.headers)
        assert response.status_code < 300, (path, response.status_code, response.text)
        return response.json()

    def act(self, game: str, action: str, **args: Any) -> httpx.Response:
        return self.post(f"/api/games/{game}/actions", {"action": action, "args": args})

    def admin(self, game: str, action: str, **args: Any) -> httpx.Response:
        return self.post(f"/api/games/{game}/actions",
                         {"action": action, "args": args, "as_admin": True})


def sign_up(client: TestClient, name: str) -> Api:
    response = client.post("/api/users", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return Api(client, name, response.json()["token"])


def cop_car_seed() -> int:
    """A seed whose first 1d6 is a 3 (from space 1 to the Cop Car on space 4)."""
    from nomicon.kernel import dice

    return next(s for s in range(1000) if dice.derive_roll(dice.secret_from_seed(s), 0, 6) == 3)


@dataclass
class Browser:
    """A client of the pages, with its own cookies."""

    client: TestClient
    name: str = ""
    pages: list[str] = field(default_factory=list)

    def csrf(self, path: str = "/login") -> str:
        page = self.client.get(path)
        found = CSRF.search(page.text)
        assert found, f"no CSRF token on {path}"
        return found.group(1)

    def post(self, path: str, data: dict[str, str], *, csrf_from: str = "/",
             follow: bool = False) -> httpx.Response:
        return self.client.post(path, data={"csrf": self.csrf(csrf_from), **data},
                                follow_redirects=follow)


def log_in(app: FastAPI, name: str, *, sign_up_first: bool = False) -> Browser:
    browser = Browser(TestClient(app), name)
    path = "/signup" if sign_up_first else "/login"
    data = {"name": name, "password": PASSWORD}
    if sign_up_first:
        data["again"] = PASSWORD
    response = browser.client.post(path, data={"csrf": browser.csrf(path), **data},
                                   follow_redirects=False)
    assert response.status_code == 303, response.text
    return browser
