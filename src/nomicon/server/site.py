"""What every request handler shares: the store, the game service, the accounts, the
installed packs and the server's settings."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from starlette.requests import HTTPConnection

from nomicon.kernel.pack import Registry
from nomicon.server.accounts import Accounts
from nomicon.service import GameService
from nomicon.store import Store

Clock = Callable[[], datetime]


@dataclass(frozen=True)
class Settings:
    """How the server behaves.

    ``secure_cookies``: mark cookies ``Secure`` (behind HTTPS); by default they are
    marked so when the request itself came over HTTPS. ``poll_seconds``: how often a
    live page's event stream looks at the store for news. ``tick_seconds``: how often
    the background task fires timers that fell due in games nobody is visiting (None:
    never); ``tick_batch``: how many due games one sweep fires at most;
    ``max_body_bytes``: the largest request body taken (413 above it).
    ``recheck_seconds``: how often an open stream checks again that its
    credential (session or API token) and its membership of the game still hold; it
    ends when they do not. ``streams_per_account``: how many live streams one account
    may hold open at once (in one server process); more are refused with 429.
    ``mail_domain``: the games' mail domain, as the mail gateway's ``--domain`` gives
    it (a game's address, from which address tokens are mailed, is ``<game>@domain``).
    """

    secure_cookies: bool | None = None
    allow_signup: bool = True
    poll_seconds: float = 0.5
    heartbeat_seconds: float = 15.0
    tick_seconds: float | None = 10.0
    tick_batch: int = 100
    max_body_bytes: int = 1_048_576
    recheck_seconds: float = 2.0
    streams_per_account: int = 8
    mail_domain: str = "nomicon.localhost"


class OpenStreams:
    """How many live streams each account holds open in this process.

    A stream takes a place when it is answered and gives it back when it ends, however
    it ends; ``take`` refuses (None) when the account holds ``cap`` places already.
    """

    def __init__(self) -> None:
        self._open: dict[str, int] = {}
        # Handlers run in worker threads and streams on the event loop: one lock.
        self._lock = threading.Lock()

    def take(self, account: str, cap: int) -> Callable[[], None] | None:
        """A place for one more stream of ``account``: the function that gives it
        back (once, however often it is called), or None when the account has ``cap``."""
        with self._lock:
            held = self._open.get(account, 0)
            if held >= cap:
                return None
            self._open[account] = held + 1
        given: list[bool] = []

        def give_back() -> None:
            with self._lock:
                if given:
                    return
                given.append(True)
                left = self._open.get(account, 0) - 1
                if left > 0:
                    self._open[account] = left
                else:
                    self._open.pop(account, None)

        return give_back

    def held(self, account: str) -> int:
        with self._lock:
            return self._open.get(account, 0)


@dataclass
class Site:
    store: Store
    service: GameService
    accounts: Accounts
    registry: Registry
    settings: Settings
    clock: Clock
    streams: OpenStreams = field(default_factory=OpenStreams)

    def now(self) -> datetime:
        return self.clock().astimezone(UTC).replace(microsecond=0)


def site_of(conn: HTTPConnection) -> Site:
    site: Site = conn.app.state.site
    return site
