"""``nomicon mail serve`` as the process a mail server relays to: started as a command,
it takes a message over SMTP, acts on it, hands the reply and the digest due to the
relay (a real SMTP sink) and stops cleanly when told to."""

from __future__ import annotations

import os
import re
import signal
import smtplib
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from mailkit import ALICE, BOB
from nomicon.mail.book import MailBook
from nomicon.mail.reports import set_digest
from nomicon.mail.sink import Sink
from nomicon.mail.smtp import free_port
from nomicon.service import GameService
from nomicon.store import SqlStore

SRC = Path(__file__).resolve().parents[2] / "src"
#: How long to wait for the process to start or the reply to arrive before giving up
#: (a bound on a hang, not a measure of speed).
PATIENCE = 120.0


def command() -> list[str]:
    """The installed ``nomicon`` beside this interpreter (else the module, run by it)."""
    script = Path(sys.executable).with_name("nomicon")
    return [str(script)] if script.exists() else [
        sys.executable, "-c", "from nomicon.cli import main; main()"]


def wait_for(found: Callable[[], object], what: str, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + PATIENCE
    while not found():
        assert process.poll() is None, f"the gateway exited while waiting for {what}"
        assert time.monotonic() < deadline, f"no {what} within {PATIENCE:.0f} s"
        time.sleep(0.1)


def text_of(message: EmailMessage) -> str:
    body = message.get_body(("plain",))
    assert body is not None
    return str(body.get_content()).replace("\r\n", "\n")


def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def test_the_gateway_command_answers_a_message_through_the_relay_and_stops(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    with SqlStore(url) as store:
        game = GameService(store).create("infinite-nomic-r7", ["alice", "bob"], seed=7,
                                         game_id="g1")
        MailBook(store).register(game.id, "alice", ALICE, verified=True)
        MailBook(store).register(game.id, "bob", BOB, verified=True)
        # A daily digest set yesterday: what happens today is due in a digest now.
        yesterday = datetime.now(UTC) - timedelta(days=1)
        set_digest(GameService(store), MailBook(store, now=lambda: yesterday), game.id,
                   "daily")
    port = free_port("127.0.0.1")
    with Sink() as sink:
        env = {**os.environ, "PYTHONPATH": str(SRC)}
        process = subprocess.Popen(
            [*command(), "mail", "serve", "--smtp-host", "127.0.0.1", "--smtp-port", str(port),
             "--relay", f"127.0.0.1:{sink.port}", "--db", url, "--every", "0.2"],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            wait_for(lambda: listening(port), "SMTP server", process)
            message = EmailMessage()
            message["From"] = ALICE
            message["To"] = "g1@nomicon.localhost"
            message["Subject"] = "my turn"
            message["Message-ID"] = "<p1@example.org>"
            message.set_content("roll\n")
            with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
                smtp.send_message(message)
            wait_for(lambda: len(sink.to(ALICE)) == 2 and sink.to(BOB), "reply and digests",
                     process)
        finally:
            process.send_signal(signal.SIGTERM)
            out, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 0, err
    assert f"taking mail for *@nomicon.localhost on 127.0.0.1:{port}" in out
    assert "the gateway stopped" in out
    (reply,) = [m for m in sink.to(ALICE) if m["Subject"] == "Re: my turn"]
    # Rule 7 of Infinite Nomic: alice, whose turn it is (Rule 2), rolls for movement.
    assert "> roll\ndone: alice: roll" in text_of(reply)
    (digest,) = sink.to(BOB)
    assert digest["Subject"] == "Game g1: report 1 (daily digest)"
    # The history says what the roll did, in words.
    assert re.search(r"alice moves from space 1 to space \d+ \(rolled \d+\)", text_of(digest))
    assert "as seen by bob" in text_of(digest)
    assert not listening(port)
