"""Reports by mail: after each update of a game with weekly updates, and as a daily or
weekly digest (a setting of the game, kept in the store) for any game.

Each player with a verified address receives their own report: what happened since the
last report, as ``nomicon log`` prints it for them, and the game now, as ``nomicon
state`` prints it for them. Both come from the player's own view, so a report holds
the public record plus what only that player may see (their hand, their bid, their
orders waiting for the update) and nothing private of anyone else.

A report is queued in the outbox under ``report:<game>:<number>:<player>:<address>``
in the same transaction that moves the game's mark of what was reported, so a report is
queued once and sent once to each player, however often the gateway looks. A game's
first report after an update covers its log from the start; its first digest, what
followed the digest's setting. Updates that ended while the gateway was not running
are covered by one report, named after the last of them.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any, Protocol

from rich.console import Console

from nomicon.kernel import events as kinds
from nomicon.kernel.errors import NomiconError
from nomicon.kernel.timefmt import iso
from nomicon.mail.book import MailBook, ReportMark, Sender
from nomicon.service import GameService

__all__ = ["DAILY", "DIGESTS", "WEEKLY", "DigestRefused", "Printer", "Reports", "digest_start",
           "set_digest"]

DAILY, WEEKLY = "daily", "weekly"
#: The digests a game may have, and "off" for none.
DIGESTS = (DAILY, WEEKLY)
#: The most log entries in one report; older ones are counted, not listed.
MAX_ENTRIES = 500
#: The width the report's tables are laid out in (a mail reader's, roughly).
WIDTH = 100


class DigestRefused(NomiconError):
    """A digest setting that cannot be made; the message says why."""


def digest_start(digest: str, now: datetime) -> datetime:
    """The beginning of the digest's period that ``now`` is in: midnight UTC of the day
    (daily), or of the Monday of the week (weekly)."""
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return midnight if digest == DAILY else midnight - timedelta(days=midnight.weekday())


class Printer(Protocol):
    """What prints the log and the state: the command line's renderers
    (:mod:`nomicon.cli.render`), handed in by the command that sends reports, as this
    package sits below the command line."""

    def log(self, console: Console, entries: list[dict[str, Any]]) -> None: ...

    def state(self, console: Console, view: dict[str, Any], viewer: str) -> None: ...


def set_digest(service: GameService, book: MailBook, game_id: str, digest: str | None) -> None:
    """Send ``game_id``'s players a digest daily or weekly (None or "off": none). The
    first one covers what happens from now on."""
    chosen = None if digest in (None, "off") else digest
    if chosen is not None and chosen not in DIGESTS:
        raise DigestRefused(f"{digest!r} is not a digest: give daily, weekly or off")
    book.set_digest(game_id, chosen, service.store.get_game(game_id).head)


@dataclass(frozen=True)
class Due:
    """A report to make: of the log up to ``upto``, for ``why``."""

    upto: int
    why: str


class Reports:
    """The reports of the games of ``service`` whose players have addresses in ``book``."""

    def __init__(self, service: GameService, book: MailBook,
                 address_of: Callable[[str], str], printer: Printer) -> None:
        self.service = service
        self.book = book
        #: A game's mail address, from its id (the gateway's).
        self.address_of = address_of
        self.printer = printer

    # -- making reports ----------------------------------------------------------
    def due(self, game_id: str, mark: ReportMark) -> Due | None:
        """The report ``game_id`` owes now, if any."""
        head = self.service.store.get_game(game_id).head
        if head <= mark.reported_seq:
            return None
        with self.service.reading(game_id) as game:
            takes_orders = bool(game.ruleset.actions.get("receive-order"))
            ended = game.log_for("admin", mark.reported_seq,
                                 types=(kinds.UPDATE_ENDED.name,)) if takes_orders else []
            if ended:
                last = ended[-1]
                # The whole batch the update ended in: what its closing hooks did too.
                upto = max(int(e["seq"]) for e in game.log_for("admin", int(last["seq"]) - 1)
                           if e.get("batch") == last.get("batch"))
                return Due(upto, f"update {last['data'].get('update', '')}".rstrip())
        if mark.digest is None or mark.reported_at is None:
            return None
        if digest_start(mark.digest, self.service.now()) <= mark.reported_at:
            return None
        return Due(head, f"{mark.digest} digest")

    def run(self) -> int:
        """Queue every report due now; how many messages were queued."""
        queued = 0
        for game_id in self.book.games_with_addresses():
            queued += self.run_game(game_id)
        return queued

    def run_game(self, game_id: str) -> int:
        """Queue ``game_id``'s report if one is due; how many messages were queued."""
        mark = self.book.report_mark(game_id)
        due = self.due(game_id, mark)
        if due is None:
            return 0
        number = mark.reports + 1
        messages = [(f"report:{game_id}:{number}:{sender.player}:{sender.address}",
                     sender.address, self.message(game_id, number, due, mark, sender))
                    for sender in self.book.addresses(game_id) if sender.verified]
        return self.book.queue_report(game_id, mark, due.upto, self.service.now(), messages)

    # -- the report --------------------------------------------------------------
    def text(self, game_id: str, player: str, after: int, upto: int) -> str:
        """What ``player`` reads: the log after ``after`` up to ``upto`` and the game
        now, as the command line prints them for that player."""
        with self.service.reading(game_id) as game:
            entries = [e for e in game.log_for(player, after) if int(e["seq"]) <= upto]
            view = game.view(player)
        out = io.StringIO()
        console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False,
                          highlight=False, emoji=False)
        console.print("What happened since the last report:")
        if not entries:
            console.print("nothing that you may see.")
        else:
            if len(entries) > MAX_ENTRIES:
                console.print(f"({len(entries) - MAX_ENTRIES} earlier entries are not "
                              "listed: see `nomicon log`.)")
            self.printer.log(console, [{k: v for k, v in e.items() if k != "ops"}
                                 for e in entries[-MAX_ENTRIES:]])
        console.print("")
        console.print("The game now, as you see it:")
        self.printer.state(console, view, player)
        mine = [o for o in (view.get("orders") or {}).values() if o.get("player") == player]
        if mine:
            # The state's line of orders is cut short; a player's own orders are the
            # part of it they act on, so each is listed in full.
            console.print("")
            console.print("Your orders waiting for the update:")
            for order in mine:
                words = " ".join(f"{k}={v}" for k, v in (order.get("args") or {}).items())
                console.print(f"  {order['id']}: {order['action']} {words}".rstrip())
        return "\n".join(line.rstrip() for line in out.getvalue().splitlines())

    def message(self, game_id: str, number: int, due: Due, mark: ReportMark,
                sender: Sender) -> str:
        """The report ``number`` of ``game_id`` to ``sender``, as a whole message."""
        message = EmailMessage()
        message["From"] = self.address_of(game_id)
        message["To"] = sender.address
        message["Subject"] = f"Game {game_id}: report {number} ({due.why})"
        key = f"{game_id}:{number}:{sender.player}:{sender.address}"
        domain = self.address_of(game_id).rpartition("@")[2]
        message["Message-ID"] = (f"<report.{hashlib.sha256(key.encode()).hexdigest()[:32]}"
                                 f"@{domain}>")
        message["Date"] = format_datetime(self.service.now())
        message["Auto-Submitted"] = "auto-generated"
        head = (f"Game {game_id}, report {number} for {sender.player} ({due.why}, "
                f"{iso(self.service.now())}).\n\n")
        message.set_content(head + self.text(game_id, sender.player, mark.reported_seq,
                                             due.upto) + "\n")
        return message.as_string()
