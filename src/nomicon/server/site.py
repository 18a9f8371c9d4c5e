"""What every request handler shares: the store, the game service, the accounts, the
installed packs and the server's settings."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from starlette.requests import HTTPConnection

from nomicon.kernel.pack import Registry
from nomicon.server.accounts import Accounts
from nomicon.service import GameService
from nomicon.store import SqlStore

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Settings:
    """How the server behaves.

    ``secure_cookies``: mark cookies ``Secure`` (behind HTTPS); by default they are
    marked so when the request itself came over HTTPS. ``poll_seconds``: how often a
    live page's event stream looks at the store for news. ``tick_seconds``: how often
    the background task fires timers that fell due in games nobody is visiting (None:
    never); ``tick_batch``: how many due games one sweep fires at most.
    """

    secure_cookies: bool | None = None
    allow_signup: bool = True
    poll_seconds: float = 0.5
    heartbeat_seconds: float = 15.0
    tick_seconds: float | None = 10.0
    tick_batch: int = 100


@dataclass
class Site:
    store: SqlStore
    service: GameService
    accounts: Accounts
    registry: Registry
    settings: Settings
    clock: Clock

    def now(self) -> datetime:
        return self.clock().astimezone(UTC).replace(microsecond=0)


def site_of(conn: HTTPConnection) -> Site:
    site: Site = conn.app.state.site
    return site
