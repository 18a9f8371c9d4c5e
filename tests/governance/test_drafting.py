"""Drafting amendments from plain words, against the seeds' own proposals and rule texts.

Each row is a sentence taken from, or written after, a seed's proposal or rule text
(Nomopoly IV's passed proposals, Infinite Nomic Round 7's rules, B Nomic's Grid), and
the outcome its meaning calls for, worked out by hand from the rule texts and the
packs' rule numbers: an amendment, candidates (the sentence fits several rules or
parameters), or declined (it names nothing, or no value that fits). The table fails
on any draft that differs from the one expected, and prints how many sentences it
drafts, declines and gives candidates for.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest

from nomicon.governance import amendments
from nomicon.governance.drafting import draft
from nomicon.governance.drafting.quantities import read
from nomicon.kernel import dice
from nomicon.kernel.engine import ADMIN, Game

N4, INF, GRID = "nomopoly-iv", "infinite-nomic-r7", "bnomic-grid"
DECLINED = "declined"


def amend(rule: int, **params: Any) -> list[dict[str, Any]]:
    return [{"op": "amend", "rule": rule, "params": params}]


def repeal(rule: int) -> list[dict[str, Any]]:
    return [{"op": "repeal", "rule": rule}]


def candidates(*readings: list[dict[str, Any]]) -> tuple[str, list[list[dict[str, Any]]]]:
    return ("candidates", list(readings))


# (pack, sentence, expected): an amendment, candidates(...) or DECLINED.
TABLE: list[tuple[str, str, Any]] = [
    # Nomopoly IV: the proposals' own sentences, and their "Cool down time: N days".
    (N4, "Change the cool down time of Orison of Healing to 1 day (from 2 days).",
     amend(1221, cooldown_hours=24.0)),
    (N4, "Increase the initial HP of Monks from 25 to 40", amend(1219, max_hp=40)),
    (N4, "SCV's will now have an initial HP of 40 instead of 20.", amend(1215, max_hp=40)),
    (N4, "Change the cool down time of Build Duck Pond to 1 day",
     amend(1237, cooldown_hours=24.0)),
    (N4, "Set the cool down time of Recruit Warrior to 4 days",
     amend(1213, cooldown_hours=96.0)),
    (N4, "Change the cool down time of Mine to 2 days", amend(1217, cooldown_hours=48.0)),
    (N4, "Change the cool down time of Empathy to two days",
     amend(1231, cooldown_hours=48.0)),
    (N4, "Change the cool down time of Teleport to 36 hours",
     amend(1228, cooldown_hours=36.0)),
    (N4, "Set the price of Recruit Warrior to $500", amend(1213, price=500)),
    (N4, "Change the cost of Build Teleporter to $700", amend(1227, price=700)),
    (N4, "Change the fare of Teleporter to $150", amend(1226, fare=150)),
    (N4, "Change the price of Fort to $1200", amend(1210, price=1200)),
    (N4, "Set the max HP of the Guard Tower to 300", amend(1222, max_hp=300)),
    (N4, "Change the armor of Wall to 20", amend(1223, armor=20)),
    (N4, "Change the range of Laser Howitzer to 3", amend(1238, range=3)),
    (N4, "Change the speed of Warrior to 12", amend(1214, speed=12)),
    (N4, "Change the attack strength of Musketeer to 25", amend(1256, attack=25)),
    (N4, "Set the damage of Bombard to 30", amend(1240, damage=30)),
    (N4, "Change the heal of Heal Area to 15", amend(1247, heal=15)),
    (N4, "Set the frequency of Lightning Bolt to 5", amend(1710, frequency=5)),
    (N4, "Change the voting period of Proposals to 3 days", amend(901, voting_hours=72)),
    (N4, "Change the duration of Spell Shield to 2 days",
     amend(1233, duration_hours=48.0)),
    (N4, "Change the number of ? boxes to 12", amend(1702, boxes=12)),
    (N4, "Change the undercut of Unopened ? boxes to $2", amend(1711, undercut=2)),
    (N4, "Change the starting funds of the Dark Lord to $10", amend(1401, starting_funds=10)),
    (N4, "Set the mining bonus of Refinery to $75", amend(1250, mining_bonus=75)),
    (N4, "Change the jumps of Mushroom to 5", amend(1703, jumps=5)),
    (N4, "Change the level of Victory to 30", amend(1102, level=30)),
    (N4, "Increase the heal of Orison of Healing by 5", amend(1221, heal=15)),
    (N4, "Rule XII.3 now reads: A command may be issued to a unit or building.",
     [{"op": "amend", "rule": 1203,
       "text": "A command may be issued to a unit or building."}]),
    (N4, "Rename rule 1806 to The Shop of Terror wanders",
     [{"op": "amend", "rule": 1806, "title": "The Shop of Terror wanders"}]),
    (N4, "Repeal the Public Market", repeal(2201)),
    (N4, "Repeal Pies", repeal(1403)),
    # Section XI holds two rules: "rule 11" could be either.
    (N4, "Repeal rule 11", candidates(repeal(1101), repeal(1102))),
    # The Coin gives dollars and dollars per Level: which is meant is not said.
    (N4, "Coins give $300", candidates(amend(1705, dollars=300), amend(1705, per_level=300))),
    (N4, "Change the cool down time of Orison of Healing to 2", DECLINED),  # 2 what?
    (N4, "Change the cool down time of Monk to 1 day", DECLINED),  # a unit, not a command
    (N4, "Change the colour of Wall to blue", DECLINED),
    (N4, "Change the Orison of Healing command to increase the targetted unit's HP by 10 "
         "instead of 5.", DECLINED),
    # Infinite Nomic, Round 7: the numbers of its rule texts.
    (INF, "Fives give 20 points", amend(8, fives_points=20)),
    (INF, "Change the VP to win to 150", amend(0, vp_to_win=150)),
    (INF, "Change the turn length to 48 hours", amend(3, turn_hours=48)),
    (INF, "Change the ping time to 2 hours", amend(3, ping_minutes=120)),
    (INF, "Set the ping penalty to 2 points", amend(3, ping_penalty=2)),
    (INF, "Change the voting period to 48 hours", amend(4, voting_hours=48)),
    (INF, "Houses cost 10 points", amend(11, house_price=10)),
    (INF, "Flutes cost 4 points", amend(11, flute_price=4)),
    (INF, "Change the Cop Car's health to 300", amend(11, cop_car_health=300)),
    (INF, "Looping gives 10 points", amend(13, points=10)),
    (INF, "Set the fight points of Features to 20", amend(11, fight_points=20)),
    (INF, "Change the die of Moving to 8", amend(7, die=8)),
    (INF, "Change the board size to 30", amend(5, size=30)),
    (INF, "Change the destroy bonus to 150 points", amend(11, destroy_bonus=150)),
    (INF, "Repeal rule 20", repeal(20)),
    (INF, "Repeal Snakes and Ladders", repeal(20)),
    (INF, "Rule 1 now reads: This is a board game, played on a virtual board.",
     [{"op": "amend", "rule": 1, "text": "This is a board game, played on a virtual board."}]),
    (INF, "Interpret rule 7: a roll of the die is made by the server.",
     [{"op": "interpret", "rule": 7, "text": "a roll of the die is made by the server."}]),
    (INF, "Rename rule 16 to Trade", [{"op": "amend", "rule": 16, "title": "Trade"}]),
    # The bribe costs 5 points and gives the Cop Car 5 health: which five is meant?
    (INF, "Change the bribe to 10", candidates(amend(11, bribe_points=10),
                                               amend(11, bribe_health=10))),
    (INF, "Repeal the Shop", DECLINED),  # the Shop is a feature of Rule 11, not a rule
    (INF, "Change the fives to 20 minutes", DECLINED),
    (INF, "Change the voting period to 1.5 hours", DECLINED),  # whole hours only
    # B Nomic, the Grid.
    (GRID, "Change the price of Radar Towers to 10 points", amend(702, price=10)),
    (GRID, "Change the price to 10", candidates(amend(504, price=10), amend(702, price=10),
                                                amend(703, price=10))),
    (GRID, "Set the knock of the Big Stick to 3 squares", amend(602, knock=3)),
    (GRID, "Change the Yeti's moves to 4", amend(505, moves=4)),
    (GRID, "Change the fall loss of Elbonian Throws to 12 points", amend(402, fall_loss=12)),
    (GRID, "Change the deaf time of Balls of Wax to 2 nweeks", amend(604, deaf_nweeks=2)),
    (GRID, "Change the number of ndays in an nweek to 5", amend(3, nweek_ndays=5)),
    (GRID, "Change the quorum of Voting to 3", amend(1, quorum=3)),
    (GRID, "Set the starting points to 50", amend(2, starting_points=50)),
    (GRID, "Change the Siren's die to 8", amend(502, die=8)),
    (GRID, "Repeal rule E.2", repeal(502)),
    (GRID, "Repeal the Yeti", repeal(505)),
    (GRID, "Repeal rule E", candidates(repeal(501), repeal(502), repeal(503), repeal(504),
                                       repeal(505))),
    (GRID, "Rename rule 505 to The Abominable Snowman",
     [{"op": "amend", "rule": 505, "title": "The Abominable Snowman"}]),
    (GRID, "Interpret rule 202: a player may stay where they are.",
     [{"op": "interpret", "rule": 202, "text": "a player may stay where they are."}]),
    (GRID, "Repeal rule 999", DECLINED),
    (GRID, "Make the Yeti friendly", DECLINED),
]


@cache
def game(pack: str) -> Game:
    return Game.create(pack, start=datetime(2020, 1, 1, tzinfo=UTC), players=["alice", "bob"],
                       secret=dice.secret_from_seed("drafting"), allow_forced=True)


def outcome(expected: Any) -> str:
    if expected == DECLINED:
        return "declined"
    return "candidates" if isinstance(expected, tuple) else "amendment"


def test_the_table_drafts_no_wrong_amendment() -> None:
    assert len(TABLE) >= 50
    wrong: list[str] = []
    counts = {"amendment": 0, "candidates": 0, "declined": 0}
    for pack, sentence, expected in TABLE:
        got = draft(game(pack), sentence).to_json()
        kind = outcome(expected)
        if kind == "amendment":
            ok = got == {"amendment": expected}
        elif kind == "candidates":
            found = [c["amendment"] for c in got.get("candidates", [])]
            ok = sorted(map(json.dumps, found)) == sorted(map(json.dumps, expected[1]))
        else:
            ok = set(got) == {"declined"} and bool(got["declined"])
        if ok:
            counts[kind] += 1
        else:
            wrong.append(f"{pack}: {sentence!r}: expected {kind} {expected}, got {got}")
    print(f"\ndrafting table: {len(TABLE)} sentences; drafted right {counts['amendment']}, "
          f"candidates {counts['candidates']}, declined {counts['declined']}, "
          f"wrong {len(wrong)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("pack", [N4, INF, GRID])
def test_every_drafted_amendment_of_the_table_applies(pack: str) -> None:
    """A draft is an amendment the game accepts, and applied it makes the change the
    sentence asked for."""
    for row_pack, sentence, expected in TABLE:
        if row_pack != pack or outcome(expected) != "amendment":
            continue
        twin = game(pack).fork()
        with twin._transaction(twin.clock, ADMIN) as ctx:
            amendments.apply(ctx, amendments.parse(expected))
        change = expected[0]
        rules = twin.state.root["rules"]
        if change["op"] == "repeal":
            assert str(change["rule"]) not in rules, sentence
            continue
        entry = rules[str(change["rule"])]
        for key, value in change.get("params", {}).items():
            assert entry["params"][key] == value, sentence
        if "title" in change:
            assert entry["title"] == change["title"], sentence
        if change["op"] == "amend" and "text" in change:
            assert entry["text"] == change["text"], sentence
        if change["op"] == "interpret":
            assert entry["interpretations"][-1]["text"] == change["text"], sentence


def test_candidates_say_what_each_would_do() -> None:
    got = draft(game(N4), "Repeal rule 11")
    assert [c.description for c in got.candidates] == [
        "repeal Rule 1101 (Ending the Game)", "repeal Rule 1102 (Victory)"]


def test_a_declined_sentence_says_why() -> None:
    assert draft(game(INF), "Repeal the Shop").to_json() == {
        "declined": "no rule is called 'the Shop'"}
    unit = draft(game(N4), "Change the cool down time of Orison of Healing to 2")
    assert unit.declined is not None and "say the unit" in unit.declined


def test_a_ruleset_as_the_state_holds_it_drafts_as_the_game() -> None:
    rules = game(INF).state.root["rules"]
    assert draft(rules, "Fives give 20 points").to_json() == {
        "amendment": amend(8, fives_points=20)}


@pytest.mark.parametrize(("text", "kind", "amount", "unit"), [
    ("1 day", "duration", 86400, ""),
    ("two hours", "duration", 7200, ""),
    ("30 minutes", "duration", 1800, ""),
    ("$20", "money", 20, "dollars"),
    ("$1,000", "money", 1000, "dollars"),
    ("20 points", "money", 20, "points"),
    ("twenty-five", "number", 25, ""),
    ("a week", "duration", 7 * 86400, ""),
    ("40 hp", "number", 40, "hp"),
    ("2 nweeks", "game-time", 2, "nweek"),
    ("one hundred and five", "number", 105, ""),
])
def test_values_in_words(text: str, kind: str, amount: int, unit: str) -> None:
    value = read(text)
    assert value is not None
    assert (value.kind, value.amount, value.unit) == (kind, amount, unit)


@pytest.mark.parametrize("text", ["about 3", "3 or 4", "blue", "a few", ""])
def test_what_is_not_one_value_is_not_read(text: str) -> None:
    assert read(text) is None
