"""Non-player agents (mechanics/agents.py) on a small pack whose Imps follow Nomopoly
IV's Minions: "Every day at midnight GMT, each Minion will take the action listed
first on it's list of Priorities. If that is not possible, it will take the next on
instead"; the Imp's calling ("If for the next 73 hours, there is continuously at least
one player on that square ... the Rber Ducky will jump to that square. During this
time, the Imp will take no actions"); "Every third day at midnight GMT, an Imp will be
created ... This occurs before Miniona attempt to take actions"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from agentpack import (
    PACK,
    REGISTRY,
    SECRET,
    START,
    TERROR,
    Board,
    ImpDoings,
    Imps,
    Portal,
    amend,
    enact,
    new,
)

from nomicon.kernel import entities, ledger
from nomicon.kernel.engine import Game
from nomicon.kernel.pack import Initial, Pack, installed
from nomicon.replay import replay


def midnight(day: int, hours: float = 0) -> datetime:
    """Midnight GMT on March ``day`` 2021, plus ``hours``."""
    return datetime(2021, 3, day, tzinfo=UTC) + timedelta(hours=hours)


def turns(game: Game, agent: str | None = None) -> list[tuple[str, str, Any]]:
    """Each agent's turn so far: (time, agent, behaviour or the reason it was idle)."""
    out = []
    for event in game.log:
        data = event["data"]
        if event["type"] == "agent.acted":
            out.append((event["time"], data["agent"], data["behaviour"]))
        elif event["type"] == "agent.idle":
            out.append((event["time"], data["agent"], data["reason"]))
    return [t for t in out if agent is None or t[1] == agent]


def imps(game: Game) -> list[str]:
    return entities.of_kind(game.state, "imp")


def location(game: Game, eid: str) -> Any:
    return game.state.root["entities"][eid]["location"]


def test_an_imp_takes_the_first_possible_entry_of_its_priorities() -> None:
    game = new()  # alice and bob stand on square 1
    game.act("admin", "summon", to=3)
    game.act("admin", "endow", to=3, amount=150)
    game.advance(midnight(3, 1))
    # 1) no player on square 3; 2) resources: $100, then the $50 left.
    assert turns(game) == [("2021-03-02T00:00:00Z", "imp-1", "hoard"),
                           ("2021-03-03T00:00:00Z", "imp-1", "hoard")]
    assert ledger.balance(game.state, TERROR, "dollars") == 150
    game.advance(midnight(3, 23))
    game.act("admin", "move", player="alice", to=5)
    game.advance(midnight(4, 1))
    # At the 4th's midnight a new Imp is released first; imp-1 then has no resources
    # left, and no player, so it jumps to a square without an Imp.
    assert turns(game, "imp-1")[-1] == ("2021-03-04T00:00:00Z", "imp-1", "jump")
    assert location(game, "imp-1") != 3
    assert [e for e in imps(game) if location(game, e) == location(
        game, "imp-1")] == ["imp-1"]


def test_an_imp_on_a_players_square_calls_the_ducky_and_is_busy_for_73_hours() -> None:
    game = new()
    game.act("admin", "summon", to=1)  # where alice and bob stand
    game.advance(midnight(5, 2))
    assert turns(game, "imp-1") == [
        ("2021-03-02T00:00:00Z", "imp-1", "call"),
        ("2021-03-03T00:00:00Z", "imp-1", "busy calling"),
        ("2021-03-04T00:00:00Z", "imp-1", "busy calling"),
        ("2021-03-05T00:00:00Z", "imp-1", "busy calling")]
    # 73 hours after the 2nd's midnight, players still there: the Ducky jumps to square 1.
    assert game.state.root["ducky"] == 1
    arrived = [e["time"] for e in game.log if e["type"] == "status.ended"
               and e["data"]["holder"] == "imp-1"]
    assert arrived == ["2021-03-05T01:00:00Z"]
    assert game.state.root["entities"]["imp-1"]["task"] is None
    game.advance(midnight(6, 1))
    assert turns(game, "imp-1")[-1] == ("2021-03-06T00:00:00Z", "imp-1", "call")


def test_the_calling_ends_when_no_player_is_left_and_the_ducky_stays_away() -> None:
    game = new()
    game.act("admin", "summon", to=1)
    game.advance(midnight(2, 5))
    game.act("admin", "move", player="alice", to=2)  # bob is still there
    assert game.state.root["entities"]["imp-1"]["task"] == "calling"
    game.act("admin", "move", player="bob", to=2)
    assert game.state.root["entities"]["imp-1"]["task"] is None
    game.advance(midnight(3, 1))
    assert "ducky" not in game.state.root
    # Free again, with nobody on its square and no resources: it jumps.
    assert turns(game, "imp-1")[-1] == ("2021-03-03T00:00:00Z", "imp-1", "jump")


def test_replacing_a_priority_by_amendment_changes_what_the_imp_does() -> None:
    game = new()
    game.act("admin", "summon", to=3)
    game.act("admin", "endow", to=3, amount=500)
    game.advance(midnight(2, 1))
    # "Replace Priority #2 for Imps": rage now comes before hoarding.
    amend(game, 19, midnight(2, 12), priorities=["call", "rage", "hoard", "jump"])
    game.advance(midnight(3, 1))
    assert turns(game, "imp-1") == [("2021-03-02T00:00:00Z", "imp-1", "hoard"),
                                    ("2021-03-03T00:00:00Z", "imp-1", "rage")]
    assert ledger.balance(game.state, "square-3", "dollars") == 400


def test_a_priority_that_no_rule_in_force_contributes_is_never_possible() -> None:
    game = new()
    amend(game, 19, START, priorities=["fly", "rage"])
    game.act("admin", "summon", to=3)
    game.advance(midnight(2, 1))
    acted = [e["data"] for e in game.log if e["type"] == "agent.acted"]
    assert [(a["behaviour"], a["priority"]) for a in acted] == [("rage", 2)]


def test_nothing_possible_leaves_the_agent_idle_and_says_why() -> None:
    game = new()
    amend(game, 19, START, priorities=["hoard"])
    game.act("admin", "summon", to=3)
    game.advance(midnight(2, 1))
    assert turns(game) == [("2021-03-02T00:00:00Z", "imp-1", "no priority is possible")]


def test_agents_act_in_the_order_they_were_made_not_by_their_ids() -> None:
    game = new()
    for square, name in ((2, "zed"), (4, "amy"), (5, None)):
        game.act("admin", "summon", to=square, **({"name": name} if name else {}))
    game.advance(midnight(2, 1))
    assert [agent for _time, agent, _what in turns(game)] == ["zed", "amy", "imp-1"]
    again = new()
    for square, name in ((2, "zed"), (4, "amy"), (5, None)):
        again.act("admin", "summon", to=square, **({"name": name} if name else {}))
    again.advance(midnight(2, 1))
    assert again.state.root == game.state.root


class LatePack(Pack):
    """The same rules, with the Imps made a rule later in the game."""

    id = PACK + "-late"
    title = "Agents test, Imps enacted later"
    initial = (Initial(Board), Initial(ImpDoings))
    rule_classes = (Imps, Portal)


LATE = installed().with_pack(LatePack())


def released(game: Game) -> list[tuple[str, Any]]:
    return [(e["time"], e["data"]["cause"]) for e in game.log
            if e["type"] == "entity.created"]


def test_the_spawner_counts_every_third_day_from_the_rules_enactment() -> None:
    game = Game.create(LatePack.id, start=START, players=("alice",), secret=SECRET,
                       registry=LATE)
    enact(game, Imps, midnight(5, 10), acts="")  # the 5th: Imps come on the 8th, 11th, 14th
    game.advance(midnight(12))
    enact(game, Portal, midnight(12))
    game.advance(midnight(15))
    assert released(game) == [
        ("2021-03-08T00:00:00Z", "the Dark Lord releases an Imp"),
        ("2021-03-11T00:00:00Z", "the Dark Lord releases an Imp"),
        ("2021-03-14T00:00:00Z", "the Dark Lord releases an Imp"),
        ("2021-03-14T00:00:00Z", "the Dark Portal")]
    assert [location(game, e) for e in imps(game)][-1] == 6


def test_a_spawned_imp_acts_at_once_after_the_spawn() -> None:
    game = new()
    game.advance(midnight(4, 1))
    at_four = [(e["type"], e["data"].get("agent")) for e in game.log
               if e["time"] == "2021-03-04T00:00:00Z"
               and e["type"] in ("entity.created", "agent.acted", "agent.idle")]
    assert at_four == [("entity.created", None), ("agent.acted", "imp-1")]


def test_a_replay_of_the_log_is_the_live_game() -> None:
    game = new()
    game.act("admin", "summon", to=1)
    game.act("admin", "summon", to=4)
    game.act("admin", "endow", to=4, amount=120)
    game.advance(midnight(3, 6))
    game.act("admin", "move", player="alice", to=6)
    game.advance(midnight(9, 1))
    assert len(imps(game)) >= 4  # spawned on the 4th and the 7th
    assert any(e["type"] == "dice.rolled" for e in game.log)
    found = replay(game.log, registry=REGISTRY)
    assert (found.diverged_at, found.divergence) == (None, None)
    rebuilt = Game.rebuild(game.log, secret=SECRET, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root
