"""Reports by mail: after each update of a game with weekly updates, and as a daily
digest for another game; each player receives their own view only, once."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from mailkit import ALICE, BOB, Clock, Post, make_post
from nomicon.cli import render
from nomicon.mail.book import MailBook
from nomicon.mail.reports import DigestRefused, Reports, set_digest
from nomicon.service import GameService
from nomicon.store import SqlStore


def reports(post: Post) -> Reports:
    return Reports(post.service, post.book, post.gateway.address_of, render)


@pytest.fixture
def toy(store: SqlStore, clock: Clock) -> Iterator[Post]:
    """The kernel tests' game with weekly updates; alice and bob verified, carol not."""
    from mail_pack import REGISTRY, START

    clock.at = START + timedelta(days=1)
    service = GameService(store, now=clock, registry=REGISTRY)
    game = service.create("mail-toy", ["alice", "bob", "carol"], seed=1, start=START,
                          game_id="toy")
    book = MailBook(store, now=clock)
    book.register(game.id, "alice", ALICE, verified=True)
    book.register(game.id, "bob", BOB, verified=True)
    book.register(game.id, "carol", "carol@example.org", verified=False)
    yield from make_post(store, clock, service, game.id)


def test_after_an_update_each_player_receives_their_own_report_once(
        toy: Post, clock: Clock) -> None:
    from mail_pack import FIRST_UPDATE

    # Rule 7: "Bids are secret."; an order is sealed to all but its sender.
    toy.service.act(toy.game, "alice", "bid", {"amount": 47})
    toy.send("buy 3\n")
    assert reports(toy).run() == 0  # no update yet
    clock.at = FIRST_UPDATE + timedelta(minutes=1)
    toy.service.advance(toy.game, clock.at)
    toy.service.act(toy.game, "alice", "order", {"action": "paint",
                                                  "args": {"square": 3, "colour": "teal"}})
    assert reports(toy).run() == 2  # alice and bob; carol's address is unverified
    assert reports(toy).run() == 0
    assert toy.deliver() == (3, 0)  # the reply to alice's orders, and two reports
    assert toy.deliver() == (0, 0)

    alice = toy.reply_text(ALICE)
    bob = toy.reply_text(BOB)
    assert toy.sink.to(ALICE)[-1]["Subject"] == "Game toy: report 1 (update 1)"
    assert toy.sink.to("carol@example.org") == []
    # The public record: Rule 2's purchase, carried out at the update, is in both.
    for text in (alice, bob):
        assert "alice buys square 3" in text
        assert "update 1 is over" in text
    # alice's bid and her waiting order are hers alone.
    assert "alice bid (amount 47)" in alice
    assert "paint square=3 colour=teal" in alice
    assert "amount 47" not in bob and "amount=47" not in bob
    (alice_row,) = [line for line in bob.splitlines() if line.split()[:2] == ["alice", "0"]]
    assert "47" not in alice_row.split()
    assert "teal" not in bob
    assert "as seen by bob" in bob and "as seen by alice" not in bob


def test_the_next_update_reports_only_what_followed_the_last_report(
        toy: Post, clock: Clock) -> None:
    from mail_pack import FIRST_UPDATE

    clock.at = FIRST_UPDATE + timedelta(minutes=1)
    toy.service.advance(toy.game, clock.at)
    assert reports(toy).run() == 2
    toy.service.act(toy.game, "bob", "order", {"action": "buy", "args": {"square": 4}})
    clock.at = FIRST_UPDATE + timedelta(days=7, minutes=1)
    toy.service.advance(toy.game, clock.at)
    assert reports(toy).run() == 2
    toy.deliver()
    second = toy.reply_text(ALICE)
    assert toy.sink.to(ALICE)[-1]["Subject"] == "Game toy: report 2 (update 2)"
    assert "bob buys square 4" in second
    assert "update 1 is over" not in second


def test_a_daily_digest_is_sent_once_a_day_when_something_happened(
        post: Post, clock: Clock) -> None:
    made = reports(post)
    set_digest(post.service, post.book, post.game, "daily")
    post.send("roll\n")
    assert made.run() == 0  # the day of the setting is not over
    clock.at += timedelta(days=1)
    assert made.run() == 2
    assert made.run() == 0
    clock.at += timedelta(days=1)
    assert made.run() == 0  # nothing happened since the last digest
    post.deliver()
    digest = post.reply_text(BOB)
    assert post.sink.to(BOB)[-1]["Subject"] == "Game g1: report 1 (daily digest)"
    # The history says what the roll did, in words (one line per thing that happened).
    assert "alice moves from space 1 to space 7 (rolled 6)" in digest
    assert "as seen by bob" in digest


def test_a_digest_must_be_daily_weekly_or_off(post: Post) -> None:
    with pytest.raises(DigestRefused, match="'hourly' is not a digest"):
        set_digest(post.service, post.book, post.game, "hourly")
    assert post.book.report_mark(post.game).digest is None
    set_digest(post.service, post.book, post.game, "weekly")
    set_digest(post.service, post.book, post.game, "off")
    assert post.book.report_mark(post.game).digest is None
