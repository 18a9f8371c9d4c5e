"""A view of some parts of the state is the whole view cut to them, and a view of the
latest entries shows a long table's last entries after one counting the rest."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from nomicon.kernel import dice
from nomicon.kernel.engine import Game

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)


def played() -> Game:
    game = Game.create("infinite-nomic-r7", start=START, players=["ann", "bob"],
                       secret=dice.secret_from_seed("view-parts"), game_id="parts")
    game.act("admin", "set", path="players.ann.points", value=100)
    for _ in range(15):
        game.act("ann", "offer", to="bob", give={"points": 1})
    return game


@pytest.mark.parametrize("viewer", ["admin", "ann", "observer"])
@pytest.mark.parametrize("parts", [(), ("players",), ("rules", "prompts"), ("trades", "turn")])
def test_a_view_of_parts_is_the_whole_view_cut_to_them(viewer: str,
                                                      parts: tuple[str, ...]) -> None:
    game = played()
    whole = game.view(viewer)
    cut = game.view(viewer, parts)
    assert set(cut) == {"game", "dice", *parts} & set(whole)
    assert all(cut[key] == whole[key] for key in cut)


def test_latest_shows_the_last_entries_of_a_long_table_and_counts_the_rest() -> None:
    game = played()
    trades = game.view("ann")["trades"]
    assert len(trades) == 15
    shown = game.view("ann", ("trades",), latest=4)["trades"]
    assert list(shown) == ["(11 earlier)", "12", "13", "14", "15"]
    assert all(shown[key] == trades[key] for key in ("12", "13", "14", "15"))
    assert game.view("ann", ("trades",), latest=15)["trades"] == trades
