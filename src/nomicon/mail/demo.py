"""``nomicon mail demo``: a game played through the gateway and a local mail sink.

It starts the gateway's SMTP server and a sink standing for the players' mail
server, sends a few messages over SMTP as players would, hands the replies to the sink
and prints what each player received.
"""

from __future__ import annotations

import smtplib
from collections.abc import Callable
from email.message import EmailMessage

from nomicon.mail.book import MailBook
from nomicon.mail.gateway import DEFAULT_DOMAIN, Gateway
from nomicon.mail.sink import Sink
from nomicon.mail.smtp import GatewayServer, Relay, send_outbox
from nomicon.service import GameService

__all__ = ["play"]

PLAYERS = {"alice": "alice@example.org", "bob": "bob@example.org"}
MESSAGES = (
    ("alice", "my turn", "roll\nvote 1 up\n\n-- \nAlice"),
    ("bob", "hello", "roll\n"),
    ("alice", "again", "end-turn\n\nOn Monday bob wrote:\n> roll\n"),
)


def play(service: GameService, say: Callable[[str], None]) -> str:
    """Play the demo in ``service``'s store; say what happens; the game's id."""
    game = service.create("infinite-nomic-r7", list(PLAYERS), seed=7)
    book = MailBook(service.store)
    for player, address in PLAYERS.items():
        book.register(game.id, player, address, verified=True)
    gateway = Gateway(service, book, domain=DEFAULT_DOMAIN)
    say(f"game {game.id} (Infinite Nomic, Round 7): its address is {gateway.address_of(game.id)}")
    with Sink() as sink, GatewayServer(gateway, "127.0.0.1", 0) as server:
        say(f"gateway on 127.0.0.1:{server.port}; mail sink on 127.0.0.1:{sink.port}")
        with smtplib.SMTP("127.0.0.1", server.port, timeout=30) as smtp:
            for number, (player, subject, text) in enumerate(MESSAGES, start=1):
                message = EmailMessage()
                message["From"] = PLAYERS[player]
                message["To"] = gateway.address_of(game.id)
                message["Subject"] = subject
                message["Message-ID"] = f"<demo-{number}.{game.id}@example.org>"
                message.set_content(text)
                say(f"\n{player} sends {subject!r}:\n" + text.rstrip())
                smtp.send_message(message)
        sent, failed = send_outbox(book, Relay("127.0.0.1", sink.port))
        say(f"\nthe outbox sent {sent} replies ({failed} failed); the sink received:")
        for reply in sink.messages:
            body = reply.get_body(("plain",))
            text = body.get_content() if body is not None else ""
            say(f"\nto {reply['To']}, {reply['Subject']!r}:\n{str(text).rstrip()}")
    return game.id
