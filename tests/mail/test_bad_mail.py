"""Bad mail sent to the gateway over SMTP: each handled without harm, nothing changed
that should not be, and a reply only where a reply is safe (to a verified address of
the player, for a message the player sent)."""

from __future__ import annotations

import smtplib
from email import policy
from email.message import EmailMessage

from mailkit import ALICE, Post


def head(post: Post) -> int:
    return post.service.store.get_game(post.game).head


def test_malformed_mime_is_read_as_far_as_it_goes_and_answered(post: Post) -> None:
    before = head(post)
    raw = (f"From: {ALICE}\r\nTo: {post.address}\r\nSubject: broken\r\n"
           "Message-ID: <bad1@example.org>\r\nMIME-Version: 1.0\r\n"
           'Content-Type: multipart/mixed; boundary="never-there"\r\n\r\n'
           "roll\r\n").encode()
    post.send_raw(raw)
    assert head(post) == before  # no text part: no orders
    assert post.deliver() == (1, 0)
    reply = post.reply_text(ALICE)
    assert "It has no orders" in reply
    assert "The message was not well formed" in reply


def test_a_20_mb_attachment_is_not_read_and_the_orders_are(post: Post) -> None:
    message = EmailMessage()
    message["From"] = ALICE
    message["To"] = post.address
    message["Subject"] = "with a big file"
    message["Message-ID"] = "<big@example.org>"
    message.set_content("roll\n")
    message.add_attachment(b"\0" * (20 * 1024 * 1024), maintype="application",
                           subtype="octet-stream", filename="big.bin")
    post.send_raw(message.as_bytes(policy=policy.SMTP))
    assert post.service.open(post.game).view()["players"]["alice"]["location"] > 1
    post.deliver()
    assert "1 attachment(s) or other part(s) were not read" in post.reply_text(ALICE)


def test_an_unknown_sender_acts_for_no_one_and_gets_no_reply(post: Post) -> None:
    before = head(post)
    post.send("roll\n", sender="mallory@example.net", message_id="<x1@example.net>")
    assert head(post) == before
    assert post.book.handled("<x1@example.net>") == "unknown sender"
    assert post.book.outbox() == []


def test_a_forged_from_with_a_failing_verdict_is_refused_and_not_answered(post: Post) -> None:
    before = head(post)
    post.send("roll\n", message_id="<forged@example.org>", headers={
        "Authentication-Results": "mx.nomicon.localhost; spf=fail smtp.mailfrom=example.org;"
                                  " dkim=none; dmarc=fail header.from=example.org"})
    assert head(post) == before
    assert post.book.handled("<forged@example.org>") == "refused"
    assert post.book.outbox() == []


def test_a_passing_verdict_lets_the_message_act(post: Post) -> None:
    post.send("roll\n", message_id="<signed@example.org>", headers={
        "Authentication-Results": "mx.nomicon.localhost; spf=pass smtp.mailfrom=example.org;"
                                  " dkim=pass header.d=example.org; dmarc=pass"})
    assert post.service.open(post.game).view()["players"]["alice"]["location"] > 1


def test_a_replayed_message_id_with_other_orders_does_nothing(post: Post) -> None:
    post.send("vote 1 up\n", message_id="<same@example.org>")
    before = head(post)
    post.send("roll\n", message_id="<same@example.org>")
    assert head(post) == before
    assert post.deliver() == (1, 0)
    assert "vote 1 up" in post.reply_text(ALICE)


def test_ten_thousand_lines_are_read_up_to_the_limit_and_the_rest_are_named(
        post: Post) -> None:
    post.send("roll\n" * 10_000, message_id="<long@example.org>")
    rolled = [e for e in post.service.history(post.game)
              if e["type"] == "action" and e["data"]["name"] == "roll"]
    assert len(rolled) == 1  # Rule 7: one roll a turn; the others are refused
    post.deliver()
    reply = post.reply_text(ALICE)
    assert "Only the first 200 lines were read; the other 9800 were not" in reply
    assert reply.count("> roll") == 200


def test_an_automatic_reply_from_a_player_neither_acts_nor_is_answered(post: Post) -> None:
    before = head(post)
    post.send("roll\n", message_id="<away@example.org>",
              headers={"Auto-Submitted": "auto-replied"})
    assert head(post) == before
    assert post.book.outbox() == []


def test_mail_to_a_game_that_does_not_exist_changes_nothing(post: Post) -> None:
    with smtplib.SMTP(post.server.host, post.server.port, timeout=30) as smtp:
        smtp.sendmail(ALICE, ["nogame@nomicon.localhost"],
                      f"From: {ALICE}\r\nMessage-ID: <n@example.org>\r\n\r\nroll\r\n".encode())
    assert post.book.handled("<n@example.org>") == "no game"
    assert post.book.outbox() == []
