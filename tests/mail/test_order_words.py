"""An order's line reads as ``nomicon act`` reads the same line: a word argument stays
the word typed (``no`` is the colour "no", not false)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from functools import partial
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mailkit import ALICE, Clock, Post, make_post
from nomicon.cli import app
from nomicon.mail.book import MailBook
from nomicon.service import GameService
from nomicon.store import SqlStore


@pytest.fixture
def toy(tmp_path: Path, clock: Clock) -> Iterator[tuple[Post, str]]:
    from mail_pack import REGISTRY, START

    url = f"sqlite:///{tmp_path / 'games.db'}"
    clock.at = START + timedelta(days=1)
    with SqlStore(url) as store:
        service = GameService(store, now=clock, registry=REGISTRY)
        game = service.create("mail-toy", ["alice", "bob"], seed=1, start=START,
                              game_id="toy")
        MailBook(store, now=clock).register(game.id, "alice", ALICE, verified=True)
        service.act(game.id, "alice", "buy", {"square": 2})
        yield from ((post, url) for post in make_post(store, clock, service, game.id))


def test_the_same_line_as_an_order_and_through_act_gives_the_same_args(
        toy: tuple[Post, str], monkeypatch: pytest.MonkeyPatch) -> None:
    from mail_pack import REGISTRY

    post, url = toy
    post.send("paint 2 no\n")
    (order,) = post.service.open(post.game).view("admin")["orders"].values()
    # Rule 2: "The owner of a square may paint it any colour": the colour is a word.
    assert order["args"] == {"square": 2, "colour": "no"}

    # The same words through the command line act at once, with the same arguments.
    monkeypatch.setattr("nomicon.service.GameService", partial(GameService, registry=REGISTRY))
    result = CliRunner().invoke(app, ["--db", url, "act", "toy", "alice", "paint", "square=2",
                                      "colour=no", "--at", "2021-03-02T09:00:00Z", "--json"])
    assert result.exit_code == 0, result.stderr
    acted = [e for e in json.loads(result.stdout)["events"] if e["type"] == "action"]
    assert acted[0]["data"]["args"] == order["args"]
