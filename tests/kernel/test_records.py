"""Records by status: the state's index of each table's records by status is always
what a search of the table would find, in key order, through changes, refusals and
rebuilds; players do not see it; a table kept before the index is indexed from what
it holds."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nomicon.kernel import dice
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)
STATUSES = ("open", "accepted", "declined", "cancelled")


def blank_game() -> Game:
    return Game.create("nomic", start=START, players=["ann", "bob"],
                       secret=dice.secret_from_seed("records"), game_id="records")


def searched(game: Game, status: str) -> list[dict[str, Any]]:
    """What a search of the table finds, in numeric key order."""
    table = game.state.root.get("deals", {})
    return [table[key] for key in sorted(table, key=int) if table[key]["status"] == status]


@contextmanager
def change(game: Game) -> Iterator[Ctx]:
    """A batch of the admin's, as an action runs one."""
    with game._transaction(game.clock, "admin") as ctx:
        ctx.emit("test.change", "records change")
        yield ctx


def found(game: Game, status: str) -> list[dict[str, Any]]:
    with change(game) as ctx:
        return ctx.with_status("deals", status)


# Each step: add a record with a status, or move record number k (modulo the number
# made) to a status; ``fail`` undoes the step by a refusal after it.
steps = st.lists(st.tuples(st.booleans(), st.integers(0, 50), st.sampled_from(STATUSES),
                           st.booleans()), max_size=40)


@settings(max_examples=60, deadline=None)
@given(steps)
def test_the_index_finds_what_a_search_finds(plan: list[tuple[bool, int, str, bool]]) -> None:
    game = blank_game()
    made = 0
    for add, which, status, fail in plan:
        before = {s: searched(game, s) for s in STATUSES}
        try:
            with change(game) as ctx:
                if add or not made:
                    if ctx.get(["deals"]) is None:
                        ctx.set(["deals"], {})
                    key = str(made + 1)
                    ctx.add_record("deals", key, {"id": made + 1, "status": status})
                else:
                    ctx.set_status("deals", str(which % made + 1), status)
                if fail:
                    ctx.refuse("undone on purpose")
        except Exception:
            assert fail
            assert {s: searched(game, s) for s in STATUSES} == before
        else:
            if add or not made:
                made += 1
        for status in STATUSES:
            assert found(game, status) == searched(game, status)
    rebuilt = Game.rebuild(list(game.log), secret=game.secret)
    assert rebuilt.state.root == game.state.root


def test_numbers_come_in_numeric_order_whatever_order_they_changed_in() -> None:
    game = blank_game()
    with change(game) as ctx:
        ctx.set(["deals"], {})
        for number in range(1, 12):
            ctx.add_record("deals", str(number), {"id": number, "status": "open"})
        for number in (11, 2, 10):
            ctx.set_status("deals", str(number), "accepted")
    assert [r["id"] for r in found(game, "accepted")] == [2, 10, 11]
    assert [r["id"] for r in found(game, "open")] == [1, 3, 4, 5, 6, 7, 8, 9]


def test_players_do_not_see_the_index() -> None:
    game = blank_game()
    game.act("ann", "propose", title="More", text="more rules")
    assert game.view("admin")["index"]["proposals"] == {"open": {"1": 1}}
    assert "index" not in game.view("ann")
    assert "index" not in game.view("observer")


@pytest.mark.parametrize("status", STATUSES)
def test_a_table_kept_before_the_index_is_indexed_from_what_it_holds(status: str) -> None:
    game = blank_game()
    with change(game) as ctx:  # records written as games did before the index
        ctx.set(["deals"], {str(n): {"id": n, "status": each}
                            for n, each in enumerate(STATUSES, start=1)})
    assert "index" not in game.state.root
    assert found(game, status) == searched(game, status)  # searched
    with change(game) as ctx:
        ctx.set_status("deals", "1", "cancelled")
        ctx.add_record("deals", "5", {"id": 5, "status": "open"})
    assert set(game.state.root["index"]["deals"]) <= set(STATUSES)
    assert found(game, status) == searched(game, status)  # from the index
