"""Sections XXXVI (Impending Doom) and XXXVII (Watertower), and the invariants the
season checks, each broken on purpose."""

from __future__ import annotations

import copy

import pytest
from n2game import new, paint_owned
from test_nomopoly2_season import money_problems

from nomicon.kernel.errors import ActionRefused


def test_xxxvi_the_tornado_in_the_order_of_the_text() -> None:
    g = new(("alice", "bob"))
    g.set("board.spaces.30.tree", True)
    ids = {n: s["id"] for n, s in g.view()["board"]["spaces"].items()}
    g.act("admin", "tornado")
    view = g.view()
    assert "tisssg" not in view["entities"]  # XXXVI.7, as it approaches
    assert "tree" not in view["board"]["spaces"]["30"]  # XXXVI.2 (unless moved: below)
    assert all(not s.get("tree") for s in view["board"]["spaces"].values())
    # XXXVI.3: the squares the rules mention stay; the others are shuffled.
    for named in (50, 45, 22, 51, 28, 53, 13, 37, 41, 17, 29):
        assert view["board"]["spaces"][str(named)]["id"] == ids[str(named)]
    assert sorted(s["id"] for s in view["board"]["spaces"].values()) == sorted(ids.values())
    assert [e["data"]["pseudoplayer"] for e in g.events("nomopoly2.pseudoplayer-moved")
            ].count("phantom-piece") >= 3  # XXXVI.4: three turns
    assert view["game"]["paused"]["reason"].startswith("the Tornado")  # XXXVI.5
    with pytest.raises(ActionRefused, match="the Tornado has already hit"):
        g.act("admin", "tornado")


def test_xxxvi_6_the_favourite_square_pays_its_owner_150_when_the_game_ends() -> None:
    g = new(("alice", "bob", "carol"))
    g.set("board.spaces.5.owner", "carol")
    g.set("board.spaces.5.name", "Elm")
    g.set("board.spaces.6.name", "Oak")
    with pytest.raises(ActionRefused, match=r"square 7 is not allowed \(Rule 3606, XXXVI.6 "
                       r"Favourite squares\); "
                       r"choose one of \[5, 6\]"):
        g.act("alice", "favourite-square", square=7)
    g.act("alice", "favourite-square", square=5)
    g.act("bob", "favourite-square", square=5)
    g.act("carol", "favourite-square", square=6)
    before = g.dollars("carol")
    g.act("admin", "end-game")
    assert g.dollars("carol") == before + 150


def test_xxxvi_6_a_favourite_square_held_by_charity_pays_nobody() -> None:
    """VIII.13: Charity holds donated land until a player is given it; it has no money,
    so the $150 of XXXVI.6 goes to nobody (INTERPRETATIONS.md, 3606)."""
    g = new(("alice", "bob"))
    g.set("board.spaces.5.owner", "alice")
    g.set("board.spaces.5.name", "Elm")
    g.act("alice", "favourite-square", square=5)
    g.act("alice", "donate-to-charity", square=5)
    assert g.view()["board"]["spaces"]["5"]["owner"] == "charity"
    g.act("admin", "declare-messed-up")
    assert g.game.is_over
    assert [e["data"]["owner"] for e in g.events("nomopoly2.favourite-square")] == ["charity"]
    assert "charity" not in g.view()["accounts"]


def test_xxxvi_6_a_tie_pays_nobody() -> None:
    g = new(("alice", "bob"))
    for n, owner in ((5, "alice"), (6, "bob")):
        g.set(f"board.spaces.{n}.owner", owner)
        g.set(f"board.spaces.{n}.name", f"S{n}")
    g.act("alice", "favourite-square", square=6)
    g.act("bob", "favourite-square", square=5)
    g.act("admin", "end-game")
    assert not g.events("nomopoly2.favourite-square")


def test_xxxvii_a_5_on_watertower_bars_proposals_until_the_next_update() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.location", 29)
    g.act("alice", "propose", title="t", text="x")
    g.act("admin", "update")
    g.game.advance(g.tick())
    g.game.force_dice([2, 3])
    prompt = g.view()["prompts"][0]["id"]
    g.act("admin", "choose", prompt=prompt, option="accept")
    g.game.advance(g.tick())
    assert [e["data"]["player"] for e in g.events("nomopoly2.watertower-bath")] == ["alice"]
    with pytest.raises(ActionRefused, match=r"alice rolled a 5 on Watertower in update 1"):
        g.act("alice", "propose", title="u", text="y")
    g.act("bob", "propose", title="v", text="z")
    g.act("admin", "update")
    g.game.advance(g.tick())
    g.act("alice", "propose", title="u", text="y")  # the following week is over
    assert [p["title"] for p in g.view()["proposals"].values()][-1] == "u"


def test_xxxvii_another_roll_or_square_gives_nothing() -> None:
    g = new(("alice", "bob"))
    paint_owned(g)
    g.set("players.alice.location", 28)
    g.act("alice", "propose", title="t", text="x")
    g.act("admin", "update")
    g.game.advance(g.tick())
    g.game.force_dice([2, 3])
    g.act("admin", "choose", prompt=g.view()["prompts"][0]["id"], option="accept")
    g.game.advance(g.tick())
    assert not g.events("nomopoly2.watertower-bath")


def test_the_invariants_report_each_broken_state() -> None:
    g = new(("alice", "bob"))
    pack = g.game.pack
    assert pack.invariants(g.game.state.root) == [] and money_problems(g) == []

    def broken(path: list[str], value: object) -> list[str]:
        state = copy.deepcopy(g.game.state.root)
        node = state
        for key in path[:-1]:
            node = node[key]
        if value is None:
            del node[path[-1]]
        else:
            node[path[-1]] = value
        return pack.invariants(state)

    assert broken(["board", "spaces", "5", "owner"], ["alice", "bob"]) == [
        "square 5 has more than one owner (['alice', 'bob'])"]
    assert broken(["board", "spaces", "5"], None) == [
        "the board's squares are not exactly 1..64"]
    assert broken(["players", "alice", "location"], 65) == ["alice is on no square (65)"]
    assert broken(["entities", "elephant", "location"], 0) == [
        "pseudoplayer elephant is on no square (0)"]
    g.set("accounts.alice.dollars", 1500)  # money from nowhere, logged by no transfer
    # Held: alice's $1500, bob's $1000 and the first Lottery's Pot, which "initially
    # starts at $250" (XIV.1), money created by a logged transfer.
    assert money_problems(g) == ["2750 dollars held, but 2000 + 250 - 0 were given"]
