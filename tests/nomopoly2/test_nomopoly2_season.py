"""A simulated season: twelve weekly updates in which bots mail orders and proposals
and the admin judges, with the pack's invariants checked after every step: money is
conserved except what is logged as coming into or leaving the game, every square has
at most one owner who is in the game, the board is numbered 1..N without gaps, and
every player stands on a square."""

from __future__ import annotations

import random

import pytest
from n2game import Clock, new

from nomicon.kernel.errors import ActionError

WEEKS = 12
ORDERS = ("new-clear-fishing", "name-square", "name-square", "rename-square", "give",
          "become-freemason", "clear-bad-credit", "request-from-charity")
PLAYERS = ("alice", "bob", "carol", "dave", "erin", "frank")


def money_problems(g: Clock) -> list[str]:
    """The dollars held against those the log says came in and went out."""
    held = sum(balances.get("dollars", 0) for balances in g.view()["accounts"].values())
    created = destroyed = 0
    for event in g.game.log:
        data = event["data"]
        if event["type"] != "transfer" or data.get("currency") != "dollars":
            continue
        if data.get("source") is None:
            created += data["amount"]
        if data.get("target") is None:
            destroyed += data["amount"]
    starting = 1000 * len(g.view()["players"])  # IV.1; nobody leaves in this season
    if held != starting + created - destroyed:
        return [f"{held} dollars held, but {starting} + {created} - {destroyed} were given"]
    return []


def order_text(rng: random.Random, g: Clock, player: str) -> str:
    spaces = g.view()["board"]["spaces"]
    mine = [n for n, s in spaces.items() if s.get("owner") == player]
    others = [p for p in g.view()["players"] if p != player]
    name = rng.choice(ORDERS)
    if name in ("name-square", "rename-square", "donate-to-charity"):
        square = rng.choice(mine or ["1"])
        return f"{name} square={square}" + (f" name=S{rng.randint(1, 99)}"
                                              if "name" in name else "")
    if name == "request-from-charity":
        return f"{name} square={rng.randint(1, 64)}"
    if name == "give":
        return f"give to={rng.choice(others)} what=dollars count={rng.randint(1, 200)}"
    return name


def check(g: Clock, when: str) -> None:
    problems = g.game.pack.invariants(g.game.state.root) + money_problems(g)
    assert not problems, f"{when}: {problems}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_season_of_twelve_updates_keeps_the_invariants(seed: int) -> None:
    rng = random.Random(seed)
    g = new(PLAYERS, seed=seed, candyland=True)
    players = list(PLAYERS)
    for name in players:
        g.act(name, "standing-answer", kind="buy-square", option="buy",
              condition=f"prompt.data.price <= {rng.choice([100, 200, 300])}")
    for week in range(1, WEEKS + 1):
        if g.game.is_over:
            break
        for player in players:
            for _ in range(rng.randint(0, 3)):
                try:
                    g.act(player, "order", text=order_text(rng, g, player))
                except ActionError as exc:  # a malformed order is refused at once
                    assert f"{player} cannot order" in str(exc)
                check(g, f"week {week}, {player}'s order")
            if rng.random() < 0.6:
                try:
                    g.act(player, "propose", title=f"{player} {week}", text="x")
                except ActionError as exc:
                    # XXXVII.1: a 5 rolled on the Watertower forbids proposals for
                    # the following week; nothing else stops a player proposing here.
                    assert "(Rule 3701, XXXVII.1 Watertower)" in str(exc)
        # The schedule's own Sunday update may have begun this week already.
        if (g.view().get("update") or {}).get("status", "ended") == "ended":
            g.act("admin", "update")
        g.game.advance(g.tick())
        check(g, f"week {week}, update begun")
        while not g.game.is_over and (asked := [p for p in g.view()["prompts"]
                                                 if p["to"] == "admin"]):
            prompt = asked[0]  # the admin's questions come in judging order (IX.7)
            g.act("admin", "choose", prompt=prompt["id"],
                  option=rng.choice(["accept", "reject", "accept-simplifies", "waste"]))
            check(g, f"week {week}, judging")
        g.game.advance(g.tick())
        check(g, f"week {week}, update over")
        assert g.game.is_over or g.view()["update"]["status"] == "ended"
    # These seeds' seasons last the twelve weeks (nobody is named Winner) and see
    # turns, purchases and rent.
    assert len(g.events("update.ended")) >= WEEKS
    assert len(g.events("nomopoly2.turn-taken")) >= WEEKS
    assert g.events("nomopoly2.square-bought") and g.events("order.done")
    # The pseudoplayers move every week (XXXIII), and stay on the board (the pack's
    # invariants above check their squares).
    moved = {e["data"]["pseudoplayer"] for e in g.events("nomopoly2.pseudoplayer-moved")}
    assert {"phantom-piece", "corporate-player"} <= moved
