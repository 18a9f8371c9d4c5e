"""Schedules done right (DESIGN §3b): anchored where the rule says, re-planned when the
parameter that holds one is amended, and timers due at one instant fired in rule
precedence, number and declaration order, never by their keys. Played on the clock
pack (``clockpack.py``)."""

from __future__ import annotations

from typing import Any

import pytest
from clockpack import (
    START,
    Alpha,
    DarkPortal,
    OldPortal,
    Omega,
    Watch,
    Zeta,
    amend,
    days,
    enact,
    hours,
    new_game,
    noted,
)

from nomicon.authoring import Ctx, Rule, RuleParams, every
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import InvalidRuleChange
from nomicon.kernel.timefmt import parse


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


# -- anchors --------------------------------------------------------------------------


def test_every_third_day_counts_from_the_rules_enactment() -> None:
    """The Dark Portal is enacted at midnight on 5 March: Imps come 3, 6 and 9 days
    later (8, 11 and 14 March). The Old Portal, enacted with it but counting from the
    game's start on 1 March, releases on 7, 10 and 13 March."""
    game = new_game()
    enacted = parse("2021-03-05T00:00:00Z")
    enact(game, DarkPortal, enacted)
    enact(game, OldPortal, enacted)
    game.advance(enacted + days(9))
    assert noted(game, "imps") == [
        "2021-03-08T00:00:00Z", "2021-03-11T00:00:00Z", "2021-03-14T00:00:00Z"]
    assert noted(game, "old imps") == [
        "2021-03-07T00:00:00Z", "2021-03-10T00:00:00Z", "2021-03-13T00:00:00Z"]


def test_a_counted_interval_runs_from_the_enactment_instant() -> None:
    """The Watch, enacted at 10:30 on 2 March, changes every 6 hours from then."""
    game = new_game()
    enact(game, Watch, parse("2021-03-02T10:30:00Z"))
    game.advance(parse("2021-03-03T11:00:00Z"))
    assert noted(game, "watches") == [
        "2021-03-02T16:30:00Z", "2021-03-02T22:30:00Z", "2021-03-03T04:30:00Z",
        "2021-03-03T10:30:00Z"]


def test_a_game_nobody_visits_catches_up_an_anchored_schedule() -> None:
    game = new_game()
    enact(game, DarkPortal, parse("2021-03-05T00:00:00Z"))
    game.act("alice", "look", target="bob", at=parse("2021-03-21T12:00:00Z"))
    assert noted(game, "imps") == ["2021-03-08T00:00:00Z", "2021-03-11T00:00:00Z",
                                   "2021-03-14T00:00:00Z", "2021-03-17T00:00:00Z",
                                   "2021-03-20T00:00:00Z"]


# -- schedules held in parameters -----------------------------------------------------


def test_amending_the_parameter_that_holds_a_schedule_plans_it_again() -> None:
    """Payday is every Friday at noon (5 March). On Tuesday 2 March a proposal makes it
    every day at 18:00: it is paid that evening and each evening after, and not on the
    Friday noon that was planned."""
    game = new_game()
    assert game.state.root["timers"]["every:r3:pay"]["due"] == "2021-03-05T12:00:00Z"
    amend(game, 6, parse("2021-03-02T08:00:00Z"), payday="every day at 18:00 UTC")
    [replanned] = events(game, "schedule.replanned")
    assert replanned["data"] == {"rule": 6, "method": "pay", "every": "every day at 18:00 UTC",
                                 "due": "2021-03-02T18:00:00Z"}
    game.advance(parse("2021-03-05T20:00:00Z"))
    assert noted(game, "paydays") == ["2021-03-02T18:00:00Z", "2021-03-03T18:00:00Z",
                                      "2021-03-04T18:00:00Z", "2021-03-05T18:00:00Z"]


def test_an_amendment_that_leaves_the_schedule_alone_does_not_replan_it() -> None:
    game = new_game()
    amend(game, 6, parse("2021-03-02T08:00:00Z"), payday="every Friday at noon UTC")
    assert events(game, "schedule.replanned") == []
    game.advance(parse("2021-03-06T00:00:00Z"))
    assert noted(game, "paydays") == ["2021-03-05T12:00:00Z"]


def test_emptying_the_parameter_stops_the_schedule_and_filling_it_starts_it() -> None:
    game = new_game()
    amend(game, 6, parse("2021-03-02T08:00:00Z"), payday=None)
    assert "every:r3:pay" not in game.state.root["timers"]
    game.advance(parse("2021-03-10T00:00:00Z"))
    assert noted(game, "paydays") == []
    amend(game, 6, parse("2021-03-10T00:00:00Z"), payday="every third day at noon UTC")
    # Counted from the game's start (1 March), as the rule says: 1, 4, 7, 10, 13 March.
    game.advance(parse("2021-03-14T00:00:00Z"))
    assert noted(game, "paydays") == ["2021-03-10T12:00:00Z", "2021-03-13T12:00:00Z"]


def test_a_parameter_that_is_no_schedule_is_refused_naming_the_rule() -> None:
    game = new_game()
    before = game.state.root["timers"]["every:r3:pay"]
    with pytest.raises(InvalidRuleChange, match=r"Rule 6, Payday: cannot understand "
                       r"schedule 'whenever': it must start with 'every'"):
        amend(game, 6, parse("2021-03-02T08:00:00Z"), payday="whenever")
    assert game.state.root["rules"]["6"]["params"]["payday"] == "every Friday at noon UTC"
    assert game.state.root["timers"]["every:r3:pay"] == before


def test_every_says_at_once_what_is_wrong_with_it() -> None:
    with pytest.raises(TypeError, match="a schedule phrase or param=, not both"):
        every("every day", param="payday")
    with pytest.raises(TypeError, match="not both or neither"):
        every()
    with pytest.raises(TypeError, match="anchor is one of start, enactment, not 'dawn'"):
        every("every day", anchor="dawn")
    with pytest.raises(TypeError, match=r"Wages.pay: @every\(param='payday'\) names no "
                       "parameter of Wages"):
        class Wages(Rule):
            class Params(RuleParams):
                wage: int = 1

            @every(param="payday")
            def pay(self, ctx: Ctx, payload: dict[str, Any]) -> None: ...


# -- order at one instant -------------------------------------------------------------


def test_timers_due_at_one_instant_fire_by_precedence_number_and_declaration() -> None:
    """Zeta (Rule 9), Alpha (Rule 8, two bells: treble declared before bass) and Omega
    (Rule 40, which takes precedence) all ring at noon. Their keys sort the other way
    (Zeta enacted first; bass before treble), and they ring Omega, Alpha treble, Alpha
    bass, Zeta."""
    game = new_game()
    for cls in (Zeta, Alpha, Omega):
        enact(game, cls, START)
    keys = sorted(k for k in game.state.root["timers"] if k.startswith("every:r"))
    assert keys == ["every:r3:pay", "every:r4:ring", "every:r5:bass", "every:r5:treble",
                    "every:r6:ring"]  # Payday, Zeta, Alpha, Alpha, Omega
    game.advance(START + days(2))
    assert noted(game, "bells") == ["omega", "alpha treble", "alpha bass", "zeta"] * 2


def test_one_rules_timers_due_together_fire_in_the_order_they_were_set() -> None:
    """Alpha's chimes are set zz first, then aa: they ring in that order, after the
    bells Alpha declares."""
    game = new_game()
    enact(game, Alpha, START)
    game.act("alice", "chimes", first="zz", then="aa", at=START + hours(2))
    game.advance(START + hours(4))
    assert noted(game, "bells") == ["alpha treble", "alpha bass", "zz", "aa"]


def test_a_status_ending_at_an_instant_ends_before_the_rules_timers_then() -> None:
    """bob is Sick from noon on 1 March for 2 days; the Zeta bell rings each noon. On
    3 March his Sickness and the bell are both due at noon: the clock ends the
    Sickness first, and the bell finds nobody Sick."""
    game = new_game()
    enact(game, Zeta, START)
    game.act("alice", "sicken", target="bob", days=2, at=START + hours(3))
    game.advance(START + days(3))
    assert noted(game, "sick at the bells") == [[], ["bob"], []]
    assert [e["data"]["handler"] for e in events(game, "timer.fired")
            if e["time"] == "2021-03-03T12:00:00Z"] == ["status-end", "ring"]
