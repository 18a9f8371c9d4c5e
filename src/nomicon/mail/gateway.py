"""The gateway: a received message in, its orders carried out or queued, a reply out.

A game's address is ``<game id>@<domain>``. A message to it acts for the player whose
registered address sent it, and for no one when no player registered that address.
Where the receiving server added an authentication verdict (``Authentication-Results``)
and SPF, DKIM or DMARC failed, the ``From`` may be forged: the message is refused
and not answered. Each line is one action in the words of ``nomicon act``
(:mod:`nomicon.mail.lines`). In a game with weekly updates (its rules define
``receive-order``) each line becomes an order with the message's receipt time and its
place in the message; in other games it is acted on at once.

Every message is handled once: its Message-ID (for a message without one, a digest of
its bytes) is recorded with its reply in one transaction, and each line acts with the
idempotency key ``mail:<message-id>#<line>``, so a copy delivered again, even after a
crash half-way through, never acts twice. The reply says line by line what was done,
queued or refused, with the refusal as the command line says it; it goes only to a
verified address, and never to a message sent by a machine (RFC 3834).
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from typing import Any

from nomicon.kernel.errors import ActionError
from nomicon.kernel.rules import Arg
from nomicon.kernel.timefmt import iso
from nomicon.kernel.views import can_see
from nomicon.mail.book import MailBook, Sender
from nomicon.mail.lines import Line, LineRefused, read_line
from nomicon.mail.reading import MAX_ORDER_LINES, Incoming, order_lines, read_message
from nomicon.service import GameService
from nomicon.store import GameNotFound

__all__ = ["CALLER", "DEFAULT_DOMAIN", "Gateway", "Handled", "LineResult"]

DEFAULT_DOMAIN = "nomicon.localhost"
#: The caller under which the gateway's idempotency keys are kept.
CALLER = "mail"
#: The action that records an order received by mail in a game with weekly updates.
RECEIVE_ORDER = "receive-order"

DONE, QUEUED, REFUSED = "done", "queued", "refused"


@dataclass(frozen=True)
class LineResult:
    """What became of one line."""

    line: str
    outcome: str  # done, queued or refused
    messages: list[str]  # what the player reads: the events' messages, or the refusal


@dataclass
class Handled:
    """What became of one message."""

    outcome: str  # acted, replayed, no game, unknown sender, refused, automatic, empty
    game_id: str | None = None
    player: str | None = None
    results: list[LineResult] = field(default_factory=list)
    reply_to: str | None = None  # where the reply was queued (None: no reply)


class Gateway:
    """Messages for the games of ``service``, with addresses and replies in ``book``."""

    def __init__(self, service: GameService, book: MailBook, *,
                 domain: str = DEFAULT_DOMAIN) -> None:
        self.service = service
        self.book = book
        self.domain = domain.lower()
        # The service's games are shared: one message is handled at a time.
        self.lock = threading.Lock()

    def address_of(self, game_id: str) -> str:
        """The game's mail address."""
        return f"{game_id}@{self.domain}"

    def game_of(self, recipients: list[str]) -> str | None:
        """The first stored game that one of ``recipients`` is the address of."""
        for recipient in recipients:
            local, _, domain = recipient.lower().rpartition("@")
            if domain != self.domain or not local:
                continue
            try:
                self.service.store.get_game(local)
            except GameNotFound:
                continue
            return local
        return None

    def handle(self, raw: bytes, recipients: list[str] | None = None,
               received_at: datetime | None = None) -> Handled:
        """Handle one received message; ``recipients``: the envelope's (SMTP), else the
        headers' are used; ``received_at``: when it was received (default: now)."""
        with self.lock:
            return self._handle(raw, recipients, received_at)

    def _handle(self, raw: bytes, recipients: list[str] | None,
                received_at: datetime | None) -> Handled:
        incoming = read_message(raw)
        message_id = incoming.message_id or "sha256:" + hashlib.sha256(raw).hexdigest()
        if self.book.handled(message_id) is not None:
            return Handled("replayed")
        now = self.service.now()
        when = min(received_at.astimezone(UTC).replace(microsecond=0), now) \
            if received_at else now
        game_id = self.game_of(list(recipients or []) + incoming.recipients)
        if game_id is None:
            return self._done(message_id, incoming, Handled("no game"))
        sender = self.book.sender(game_id, incoming.sender) if incoming.sender else None
        if sender is None:
            return self._done(message_id, incoming, Handled("unknown sender", game_id))
        if incoming.failed_checks:
            return self._done(message_id, incoming,
                              Handled("refused", game_id, sender.player))
        if incoming.automatic:
            return self._done(message_id, incoming,
                              Handled("automatic", game_id, sender.player))
        lines = order_lines(incoming.text)
        handled = Handled("acted" if lines else "empty", game_id, sender.player)
        weekly = self._takes_orders(game_id)
        for position, line in enumerate(lines[:MAX_ORDER_LINES], start=1):
            handled.results.append(self._line(game_id, sender.player, line, position,
                                              f"mail:{message_id}#{position}", weekly, when))
        reply = None
        if sender.verified:
            handled.reply_to = sender.address
            reply = (sender.address, self._reply(incoming, message_id, sender, handled,
                                                 len(lines), when))
        return self._done(message_id, incoming, handled, reply)

    def _done(self, message_id: str, incoming: Incoming, handled: Handled,
              reply: tuple[str, str] | None = None) -> Handled:
        if not self.book.record(message_id, handled.game_id, incoming.sender or "",
                                handled.outcome, reply):
            return Handled("replayed")  # another copy was handled meanwhile
        return handled

    # -- lines -------------------------------------------------------------------
    def _takes_orders(self, game_id: str) -> bool:
        with self.service.reading(game_id) as game:
            return bool(game.ruleset.actions.get(RECEIVE_ORDER))

    def _declared(self, game_id: str, action: str) -> tuple[Arg, ...] | None:
        with self.service.reading(game_id) as game:
            candidates = game.ruleset.actions.get(action)
        return candidates[0][1].args if candidates else None

    def _as_typed(self, game_id: str, read: Line) -> dict[str, Any]:
        """The line's values, each argument that the action declares as text kept as
        typed: what ``nomicon act`` hands the action (``colour=no`` is the word "no")."""
        # An order's arguments travel nested in receive-order's ``args``, where the
        # service's own keeping of typed texts does not reach: keep them here.
        with self.service.reading(game_id) as game:
            textual = {arg.name for _rule, decl in game.ruleset.actions.get(read.action, ())
                       for arg in decl.args if arg.type is str}
        return {**read.values, **{k: t for k, t in read.texts.items() if k in textual}}

    def _line(self, game_id: str, player: str, line: str, position: int, key: str,
              weekly: bool, received: datetime) -> LineResult:
        try:
            read = read_line(line, self._declared(game_id, line.split()[0].lower()))
        except LineRefused as exc:
            return LineResult(line, REFUSED, [f"{player} cannot {line.split()[0]}: {exc}"])
        try:
            if weekly:
                args: dict[str, Any] = {"player": player, "received_at": iso(received),
                                        "position": position, "action": read.action}
                if read.values:
                    args["args"] = self._as_typed(game_id, read)
                self.service.act(game_id, "admin", RECEIVE_ORDER, args, key=key,
                                 caller=CALLER)
                return LineResult(line, QUEUED, [f"order {player}@{iso(received)}#{position}"
                                                 " waits for the next update"])
            events = self.service.act(game_id, player, read.action, read.values,
                                      texts=read.texts, key=key, caller=CALLER)
        except ActionError as exc:
            return LineResult(line, REFUSED, [str(exc)])
        shown = [str(e["message"]) for e in events if can_see(e, player) and e.get("message")]
        return LineResult(line, DONE, shown)

    # -- the reply -----------------------------------------------------------------
    def _reply(self, incoming: Incoming, message_id: str, sender: Sender, handled: Handled,
               count: int, received: datetime) -> str:
        body = [f"Game {sender.game_id}, {sender.player}: your message of {iso(received)}"
                f"{' (' + incoming.subject + ')' if incoming.subject else ''}.", ""]
        if not handled.results:
            body.append("It has no orders: write one action per line, as `nomicon act` "
                        "takes them (roll, vote 3 up, propose title=\"...\" text=\"...\").")
        for result in handled.results:
            body.append(f"> {result.line[:200]}")
            body.extend(f"{result.outcome}: {m}" for m in result.messages or [""])
            body.append("")
        if count > MAX_ORDER_LINES:
            body.append(f"Only the first {MAX_ORDER_LINES} lines were read; the other "
                        f"{count - MAX_ORDER_LINES} were not: send them again in "
                        "another message.")
        if incoming.html_only:
            body.append("Your message had no plain text: its HTML was read as text.")
        if incoming.skipped_parts:
            body.append(f"{incoming.skipped_parts} attachment(s) or other part(s) were not "
                        "read.")
        if incoming.defects:
            body.append("The message was not well formed ("
                        + ", ".join(sorted(set(incoming.defects))[:5])
                        + "); what could be read was read.")
        reply = EmailMessage()
        reply["From"] = self.address_of(sender.game_id)
        reply["To"] = sender.address
        subject = " ".join(incoming.subject.split())[:200] or "your orders"
        reply["Subject"] = subject if subject.lower().startswith("re:") else f"Re: {subject}"
        if incoming.message_id:
            reply["In-Reply-To"] = incoming.message_id
            reply["References"] = incoming.message_id
        # The same for every try of the same reply, so a copy sent twice reads as one.
        reply["Message-ID"] = (f"<reply.{hashlib.sha256(message_id.encode()).hexdigest()[:32]}"
                               f"@{self.domain}>")
        reply["Date"] = format_datetime(self.service.now())
        reply["Auto-Submitted"] = "auto-replied"
        reply.set_content("\n".join(body).rstrip() + "\n")
        return reply.as_string()
