"""``nomicon mail address`` and ``nomicon mail demo`` as the command line runs them."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from nomicon.cli import app
from nomicon.mail.book import MailBook
from nomicon.store import SqlStore


def run(url: str, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["--db", url, *args])
    return result.exit_code, result.stdout, result.stderr


def test_an_address_registered_on_the_command_line_is_the_players(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    code, _, err = run(url, "new", "infinite-nomic-r7", "--players", "alice,bob", "--id", "g1")
    assert code == 0, err
    code, out, err = run(url, "mail", "address", "g1", "alice", "Alice@Example.org", "--json")
    assert code == 0, err
    assert json.loads(out) == {"game": "g1", "player": "alice",
                               "address": "alice@example.org", "verified": True}
    with SqlStore(url) as store:
        sender = MailBook(store).sender("g1", "ALICE@example.org")
    assert sender is not None and sender.player == "alice"


def test_an_address_for_no_player_or_not_an_address_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    run(url, "new", "infinite-nomic-r7", "--players", "alice,bob", "--id", "g1")
    code, _, err = run(url, "mail", "address", "g1", "carol", "carol@example.org")
    assert (code, "there is no player 'carol' in game g1" in err) == (2, True)
    code, _, err = run(url, "mail", "address", "g1", "alice", "Alice <alice@example.org>")
    assert (code, "is not one e-mail address" in err) == (2, True)
    code, _, err = run(url, "mail", "address", "nope", "alice", "alice@example.org")
    assert (code, "no game 'nope'" in err) == (2, True)


def test_the_demo_plays_orders_through_the_gateway_and_a_sink(tmp_path: Path) -> None:
    code, out, err = run(f"sqlite:///{tmp_path / 'demo.db'}", "mail", "demo")
    assert code == 0, err
    assert "the outbox sent 3 replies (0 failed)" in out
    # Rule 2: it is alice's turn first, so bob's roll is refused with the rule's reason.
    assert "refused: bob cannot roll: not your turn (Rule 2, Turn order)" in out
    assert "to alice@example.org, 'Re: my turn'" in out


def test_the_admin_sets_a_games_digest_on_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    run(url, "new", "infinite-nomic-r7", "--players", "alice,bob", "--id", "g1")
    code, out, err = run(url, "mail", "digest", "g1", "weekly", "--json")
    assert code == 0, err
    assert json.loads(out) == {"game": "g1", "digest": "weekly"}
    code, _, err = run(url, "mail", "digest", "g1", "hourly")
    assert (code, "'hourly' is not a digest: give daily, weekly or off" in err) == (2, True)
    code, out, err = run(url, "mail", "digest", "g1", "off")
    assert (code, out.strip()) == (0, "game g1: no digest by mail")
    with SqlStore(url) as store:
        assert MailBook(store).report_mark("g1").digest is None
