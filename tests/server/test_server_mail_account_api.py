"""A player's mail addresses through the API and the account page: added unverified,
a token mailed to the address (the only mail it receives until then), verified with
that token, removed; and the admin's digest setting."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from email import message_from_string, policy

from fastapi import FastAPI

from nomicon.cli import render
from nomicon.mail.book import MailBook
from nomicon.mail.gateway import DEFAULT_DOMAIN, Gateway
from nomicon.mail.reports import Reports
from nomicon.store.schema import mail_outbox

from .support import Api, TestClient, log_in, site_of

TOKEN = re.compile(r"give this token on your account page: (\S+)")


def mailed(app: FastAPI, recipient: str) -> list[str]:
    """The texts of the outbox's messages to ``recipient``."""
    site = site_of(app)
    with site.store.engine.connect() as conn:
        rows = conn.execute(mail_outbox.select().where(
            mail_outbox.c.recipient == recipient).order_by(mail_outbox.c.created)).all()
    texts = []
    for row in rows:
        message = message_from_string(row.message, policy=policy.default)
        body = message.get_body(("plain",))  # type: ignore[attr-defined]
        texts.append(str(body.get_content()))
    return texts


def book(app: FastAPI) -> MailBook:
    return MailBook(site_of(app).store)


def test_an_address_added_through_the_api_receives_nothing_but_its_token_until_verified(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    base = f"/api/games/{game}/mail"
    added = alice.post(f"{base}/addresses", {"address": "Alice@Example.org"})
    assert added.status_code == 201, added.text
    assert added.json() == {"address": "alice@example.org", "player": "alice",
                            "verified": False}
    (text,) = mailed(app, "alice@example.org")
    found = TOKEN.search(text)
    assert found is not None
    assert f"/account/mail/verify?game={game}&token=" in text
    # Unverified: no report goes to it (and the token is not in any answer of the API).
    site = site_of(app)
    gateway = Gateway(site.service, book(app), domain=DEFAULT_DOMAIN)
    assert Reports(site.service, book(app), gateway.address_of, render).run() == 0
    assert found.group(1) not in added.text
    assert alice.ok("GET", f"{base}/addresses") == [added.json()]

    wrong = alice.post(f"{base}/verify", {"token": "not-the-token"})
    assert wrong.status_code == 400
    assert "the token verifies no address of alice's" in wrong.json()["error"]
    done = alice.post(f"{base}/verify", {"token": found.group(1)})
    assert done.json() == {"address": "alice@example.org", "player": "alice", "verified": True}
    assert book(app).games_with_addresses() == [game]
    # A token verifies once.
    assert alice.post(f"{base}/verify", {"token": found.group(1)}).status_code == 400

    removed = alice.client.delete(f"{base}/addresses/alice@example.org", headers=alice.headers)
    assert removed.status_code == 204
    assert alice.ok("GET", f"{base}/addresses") == []


def test_no_player_takes_another_players_address_and_non_players_have_none(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    base = f"/api/games/{game}/mail"
    # Registered by the admin (as `nomicon mail address` does): alice's.
    book(app).register(game, "alice", "alice@example.org", verified=True)
    taken = accounts["bob"].post(f"{base}/addresses", {"address": "alice@example.org"})
    assert taken.status_code == 400
    assert taken.json()["error"] == f"alice@example.org is another player's address in game {game}"
    assert accounts["carol"].get(f"{base}/addresses").status_code == 403  # not a member
    gone = accounts["bob"].client.delete(f"{base}/addresses/alice@example.org",
                                         headers=accounts["bob"].headers)
    assert gone.status_code == 400
    assert accounts["alice"].ok("GET", f"{base}/addresses")[0]["address"] == "alice@example.org"


def test_only_the_admin_sets_the_games_digest(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    path = f"/api/games/{game}/mail/digest"
    refused = accounts["bob"].client.put(path, json={"digest": "daily"},
                                         headers=accounts["bob"].headers)
    assert refused.status_code == 403
    assert refused.json()["error"] == f"only the admin of game {game} sets its digest"
    assert book(app).report_mark(game).digest is None
    set_ = accounts["alice"].client.put(path, json={"digest": "weekly"},
                                        headers=accounts["alice"].headers)
    assert set_.json() == {"game": game, "digest": "weekly"}
    assert book(app).report_mark(game).digest == "weekly"
    bad = accounts["alice"].client.put(path, json={"digest": "hourly"},
                                       headers=accounts["alice"].headers)
    assert bad.status_code == 422


def test_the_account_page_adds_verifies_and_removes_an_address(
        app: FastAPI, client: TestClient, accounts: dict[str, Api], game: str) -> None:
    browser = log_in(app, "bob")
    page = browser.client.get("/account")
    assert f"Game <a href=\"/games/{game}\">{game}</a>, as bob" in page.text
    assert "No address yet." in page.text
    added = browser.post("/account/mail/add", {"game": game, "address": "bob@example.org"},
                         csrf_from="/account", follow=True)
    assert "bob@example.org is added in game" in html.unescape(added.text)
    assert "bob@example.org · not verified yet" in html.unescape(added.text)

    (text,) = mailed(app, "bob@example.org")
    link = re.search(r"follow this link: http://testserver(\S+)", text)
    assert link is not None
    form = browser.client.get(link.group(1))
    assert "Verify an address" in form.text
    # Following the link changes nothing: the address still waits for its token.
    assert [s.verified for s in book(app).addresses(game, "bob")] == [False]
    token = TOKEN.search(text)
    assert token is not None
    verified = browser.post("/account/mail/verify", {"game": game, "token": token.group(1)},
                            csrf_from="/account", follow=True)
    assert "bob@example.org is verified in game" in html.unescape(verified.text)
    assert "bob@example.org · verified" in html.unescape(verified.text)

    removed = browser.post("/account/mail/remove", {"game": game, "address": "bob@example.org"},
                           csrf_from="/account", follow=True)
    assert "bob@example.org is removed" in html.unescape(removed.text)
    assert book(app).addresses(game, "bob") == []


def test_an_address_waiting_for_its_token_acts_for_no_one_and_its_owner_can_claim_it(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    base = f"/api/games/{game}/mail"
    # bob adds alice's address: until someone gives back its token it is nobody's.
    accounts["bob"].ok("POST", f"{base}/addresses", {"address": "alice@example.org"})
    assert book(app).sender(game, "alice@example.org") is None
    site = site_of(app)
    gateway = Gateway(site.service, book(app), domain=DEFAULT_DOMAIN)
    raw = (f"From: alice@example.org\r\nTo: {game}@{DEFAULT_DOMAIN}\r\n"
           "Message-ID: <w1@example.org>\r\nSubject: x\r\n\r\nroll\r\n").encode()
    head = site.store.get_game(game).head
    assert gateway.handle(raw).outcome == "unknown sender"
    assert site.store.get_game(game).head == head
    # alice adds it and verifies it with the token mailed to it: now it is hers.
    claimed = accounts["alice"].ok("POST", f"{base}/addresses",
                                   {"address": "alice@example.org"})
    assert claimed == {"address": "alice@example.org", "player": "alice", "verified": False}
    found = TOKEN.search(mailed(app, "alice@example.org")[-1])
    assert found is not None
    accounts["alice"].ok("POST", f"{base}/verify", {"token": found.group(1)})
    sender = book(app).sender(game, "alice@example.org")
    assert sender is not None and (sender.player, sender.verified) == ("alice", True)
    assert accounts["bob"].ok("GET", f"{base}/addresses") == []


def test_the_token_is_mailed_from_the_games_address_in_the_servers_mail_domain(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    site = site_of(app)
    site.settings = replace(site.settings, mail_domain="games.example.org")
    added = accounts["alice"].post(f"/api/games/{game}/mail/addresses",
                                   {"address": "alice@example.org"})
    assert added.status_code == 201, added.text
    with site.store.engine.connect() as conn:
        (row,) = conn.execute(mail_outbox.select().where(
            mail_outbox.c.recipient == "alice@example.org")).all()
    message = message_from_string(row.message, policy=policy.default)
    assert message["From"] == f"{game}@games.example.org"
