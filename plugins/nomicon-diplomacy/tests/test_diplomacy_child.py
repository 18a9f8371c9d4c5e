"""Diplomacy as a child game: a parent's rule starts it with its players and referee,
the child starts at step F, and its result (README.md) is settled into the parent,
whose rule pays 1250.14's payoff: the winners split 8 points, each receives the
Golden Knife, the referee A$10."""

from __future__ import annotations

from typing import Any

from dipgames import PACK, START
from nomicon.authoring import (
    Arg,
    Attribute,
    ChildResult,
    Ctx,
    Currency,
    Initial,
    Pack,
    Rule,
    action,
    events,
    hook,
)
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Registry, installed
from nomicon_diplomacy import Diplomacy

PARENT = "test-ackanomic"
MEMBERS = ("rita", "ann", "ben", "cat")


class Games(Rule):
    """A player may start a game of Diplomacy. All winners split 8 points evenly (the greatest multiple of their number below 8 when 8 does not divide); the Golden Knife is awarded as a Trophy; the referee receives A$10."""  # noqa: E501

    key = "diplomacy-games"
    pack = PARENT
    number = 1
    title = "Games of Diplomacy"
    currencies = (Currency("points", 0, doc="points"), Currency("A$", 0, doc="dollars"))
    attributes = (Attribute("golden_knives", 0, doc="Golden Knives"),)

    @action("start-diplomacy", Arg("players", list, "the players"),
            Arg("referee", str, "the referee"), Arg("params", dict, "the game's variant",
                                                    required=False, default=None))
    def start(self, ctx: Ctx, actor: str, players: list[str], referee: str,
              params: dict[str, Any] | None = None) -> None:
        ctx.start_child(PACK, players=players, referee=referee, params=params or {},
                        cause=f"{actor} started a game of Diplomacy")

    @hook(events.CHILD_SETTLED)
    def pay(self, ctx: Ctx, data: events.ChildSettled) -> None:
        winners = data["winners"]
        share = 8 // len(winners) if 0 < len(winners) <= 8 else 0
        for winner in winners:
            if share:
                ctx.gain(winner, share, f"won the game of Diplomacy {data['child']}")
            ctx.set_attr(winner, "golden_knives", ctx.attr(winner, "golden_knives", 0) + 1)
        if data["referee"] is not None:
            ctx.gain(data["referee"], 10, "refereed a game of Diplomacy", "A$")


class ParentPack(Pack):
    id = PARENT
    title = "A parent of Diplomacy"
    description = "A test pack whose rule starts games of Diplomacy."
    initial = (Initial(Games),)


def registry() -> Registry:
    return installed().with_pack(ParentPack())


def test_a_child_game_starts_at_f_plays_and_is_settled_into_the_parent() -> None:
    parent = Game.create(PARENT, start=START, players=list(MEMBERS), secret=b"parent",
                         game_id="ack", registry=registry())
    variant = {"units": {"RUSSIA": ["A SIL"], "ENGLAND": ["F LON"], "FRANCE": ["A PAR"],
                         "AUSTRIA": ["A VIE"]},
               "centers": {"RUSSIA": ["BUD", "TRI", "VIE", "SER", "RUM", "BUL", "GRE",
                                       "CON", "ANK", "SMY", "SEV", "WAR", "MOS", "VEN",
                                       "ROM", "NAP", "MUN"]},
               "phase": "F1901M"}
    parent.act("ann", "start-diplomacy", players=["ann", "ben", "cat"], referee="rita",
               params=variant)
    record = parent.state.root["children"]["ack-1"]
    child = Game.create(PACK, start=START, players=record["players"] + ["rita"],
                        params=record["params"], secret=b"child", game_id="ack-1",
                        registry=registry(), parent=subgames.link(parent.id, record))
    table = child.state.root["diplomacy"]
    # F at once: the parent's players and referee, countries by the dice.
    assert table["stage"] == "playing" and table["referee"] == "rita"
    assert sorted(table["countries"]) == ["ann", "ben", "cat"]
    # The dice (of this secret) give Russia, France and England; Austria has no player.
    assert table["countries"] == {"ann": "RUSSIA", "ben": "FRANCE", "cat": "ENGLAND"}
    child.act("ben", "orders", orders=["A PAR H"])
    child.act("cat", "orders", orders=["F LON H"])
    child.act("ann", "orders", orders=["A SIL - BER"])
    result = Diplomacy().result(child.state.root)
    ChildResult.model_validate(result)  # the kernel's shape of a child's result
    assert child.is_over
    assert result == {"winners": ["ann"],
                      "scores": {"ann": 18, "ben": 3, "cat": 3},
                      "referee": "rita", "rounds": 1}
    # The child pays nothing itself: the parent's rule does.
    assert child.state.root["accounts"]["ann"]["points"] == 0
    assert child.state.root["accounts"]["rita"]["A$"] == 0
    parent.act("admin", "settle-child", child="ack-1", result=result)
    accounts = parent.state.root["accounts"]
    assert accounts["ann"]["points"] == 8 and accounts["rita"]["A$"] == 10
    assert parent.state.root["players"]["ann"]["golden_knives"] == 1


def test_a_player_who_leaves_the_parent_pauses_the_child_until_replaced() -> None:
    parent = Game.create(PARENT, start=START, players=list(MEMBERS), secret=b"parent",
                         game_id="ack", registry=registry())
    parent.act("ann", "start-diplomacy", players=["ann", "ben", "cat"], referee="rita")
    record = parent.state.root["children"]["ack-1"]
    child = Game.create(PACK, start=START, players=record["players"] + ["rita"],
                        params=record["params"], secret=b"child", game_id="ack-1",
                        registry=registry(), parent=subgames.link(parent.id, record))
    # V: "no longer an active Ackanomic player": ben left the parent game.
    child.act("admin", "parent-input", n=1, kind="player.left", player="ben",
              data={"player": "ben", "cause": "left Ackanomic"})
    table = child.state.root["diplomacy"]
    assert table["inactive"] == ["ben"] and table["resigned"] == []
    assert child.state.root["game"]["paused"]["until"] == "2024-06-06T12:00:00Z"
    child.act("rita", "acknowledge-replacement", player="ben", by="dora")
    assert "paused" not in child.state.root["game"]
    assert child.state.root["seats"]["ben"]["played_by"] == "dora"
    assert child.view("dora")["diplomacy"]["countries"]["ben"] == "FRANCE"
