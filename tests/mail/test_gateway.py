"""The gateway over real sockets: messages sent by SMTP to the embedded server act for
the player whose registered address sent them, and the replies reach a real SMTP
server (the sink) through the outbox, once each."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from datetime import timedelta
from email import policy
from email.message import EmailMessage

import pytest

from mailkit import ALICE, BOB, Clock, Post, make_post
from nomicon.mail.book import MailBook
from nomicon.mail.smtp import Relay, free_port, send_outbox
from nomicon.service import GameService
from nomicon.store import SqlStore


def rolls(post: Post, player: str) -> list[dict[str, object]]:
    return [e for e in post.service.history(post.game)
            if e["type"] == "action" and e.get("actor") == player
            and e["data"]["name"] == "roll"]


def test_orders_are_acted_on_at_once_and_the_reply_says_line_by_line(post: Post) -> None:
    post.send("roll\nvote 1 up\n\n-- \nAlice\nend-turn\n")
    # Rule 7: roll for movement and move up that many spaces; Rule 4: there is no
    # proposal 1 yet. The signature's "end-turn" is not an order.
    assert len(rolls(post, "alice")) == 1
    assert post.service.open(post.game).view()["players"]["alice"]["location"] > 1
    assert post.deliver() == (1, 0)
    reply = post.reply_text(ALICE)
    assert "> roll\ndone: alice: roll" in reply
    assert ("> vote 1 up\nrefused: alice cannot vote proposal=1 vote='up': there is no "
            "proposal 1 (Rule 4, Proposing and voting)") in reply
    assert "end-turn" not in reply
    message = post.sink.to(ALICE)[0]
    assert message["From"] == post.address
    assert message["In-Reply-To"] == "<m1@example.org>"
    assert message["Auto-Submitted"] == "auto-replied"


def test_a_refusal_names_the_rule_and_reason_as_the_cli_says_them(post: Post) -> None:
    post.send("roll\n", sender=BOB, message_id="<b1@example.org>")
    assert rolls(post, "bob") == []
    post.deliver()
    assert ("refused: bob cannot roll: not your turn (Rule 2, Turn order); it is alice's turn"
            in post.reply_text(BOB))


def test_a_redelivered_message_never_acts_twice_nor_is_answered_twice(post: Post) -> None:
    post.send("roll\n")
    head = post.service.store.get_game(post.game).head
    post.send("roll\n")  # the same Message-ID, delivered again
    assert post.service.store.get_game(post.game).head == head
    assert post.deliver() == (1, 0)
    assert post.deliver() == (0, 0)
    assert len(post.sink.to(ALICE)) == 1


def test_mail_for_another_domain_is_refused_at_rcpt(post: Post) -> None:
    with smtplib.SMTP(post.server.host, post.server.port, timeout=30) as smtp, \
            pytest.raises(smtplib.SMTPRecipientsRefused):
        smtp.sendmail(ALICE, ["someone@example.net"], b"Subject: x\r\n\r\nroll\r\n")


def test_a_reply_that_the_relay_does_not_take_is_tried_again_and_sent_once(
        post: Post, clock: Clock) -> None:
    post.send("roll\n")
    down = Relay("127.0.0.1", free_port("127.0.0.1"))  # nothing listens there
    assert send_outbox(post.book, down, timeout=5) == (0, 1)
    assert post.deliver() == (0, 0)  # not due yet: it waits a minute
    clock.at += timedelta(minutes=2)
    assert post.deliver() == (1, 0)
    clock.at += timedelta(hours=3)
    assert post.deliver() == (0, 0)
    assert len(post.sink.to(ALICE)) == 1


def test_an_unverified_address_acts_but_is_never_written_to(post: Post) -> None:
    post.book.register(post.game, "alice", "alice@elsewhere.example", verified=False)
    post.send("roll\n", sender="alice@elsewhere.example", message_id="<u1@example.org>")
    assert len(rolls(post, "alice")) == 1
    assert post.book.outbox(post.game) == []


@pytest.fixture
def weekly(store: SqlStore, clock: Clock) -> Iterator[Post]:
    """The kernel tests' game played by mail, with weekly updates."""
    from mail_pack import REGISTRY, START

    clock.at = START + timedelta(days=1)
    service = GameService(store, now=clock, registry=REGISTRY)
    game = service.create("mail-toy", ["alice", "bob", "carol"], seed=1, start=START,
                          game_id="toy")
    MailBook(store, now=clock).register(game.id, "alice", ALICE, verified=True)
    yield from make_post(store, clock, service, game.id)


def test_in_a_game_with_weekly_updates_each_line_is_an_order_run_at_the_update(
        weekly: Post, clock: Clock) -> None:
    from mail_pack import FIRST_UPDATE

    weekly.send("paint 2 red\nbuy 2\n")
    received = "2021-03-02T09:00:00Z"
    pending = weekly.service.open(weekly.game).view("admin")["orders"]
    assert {(o["action"], o["position"], o["received_at"]) for o in pending.values()} == {
        ("paint", 1, received), ("buy", 2, received)}
    weekly.deliver()
    reply = weekly.reply_text(ALICE)
    assert f"> buy 2\nqueued: order alice@{received}#2 waits for the next update" in reply
    # The update runs purchases before works: the square is bought, then painted.
    weekly.service.advance(weekly.game, FIRST_UPDATE + timedelta(minutes=1))
    square = weekly.service.open(weekly.game).view()["board"]["squares"]["2"]
    assert square["owner"] == "alice"


def test_the_reply_is_a_real_mail_with_plain_text(post: Post) -> None:
    html = EmailMessage()
    html["From"] = ALICE
    html["To"] = post.address
    html["Subject"] = "html"
    html["Message-ID"] = "<h1@example.org>"
    html.set_content("<p>roll</p>", subtype="html")
    post.send_raw(html.as_bytes(policy=policy.SMTP))
    assert len(rolls(post, "alice")) == 1
    post.deliver()
    assert "its HTML was read as text" in post.reply_text(ALICE)
