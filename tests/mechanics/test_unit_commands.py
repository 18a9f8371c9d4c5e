"""Commands and cool-downs (Nomopoly IV XII, through the mechanics layer's test pack):
the owner issues a command, its effect takes place, and the unit cools down for the
command's time; refusals name the rule that refuses and change nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from armypack import (
    START,
    RecruitWarrior,
    acting,
    entity,
    new_game,
    place,
)

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, Refusal
from nomicon.kernel.timefmt import iso
from nomicon.mechanics import cooldowns, units
from nomicon.server.forms import action_forms


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def cooling_until(game: Game, eid: str) -> str | None:
    held = (game.view().get("statuses") or {}).get(eid, {}).get(cooldowns.STATUS)
    return held["until"] if held else None


def refusal(game: Game, actor: str, **args: Any) -> ActionRefused:
    head, view = game.head, game.view()
    with pytest.raises(ActionRefused) as caught:
        game.act(actor, "command", **args)
    assert game.head == head and game.view() == view  # nothing changed
    return caught.value


def test_l415_moving_a_warrior_of_speed_10_cools_it_down_for_1_day() -> None:
    """"Cool down time: 10 days divided by the speed of the unit (so for example, the
    cool down time for moving a Warrior would be 1 day)"."""
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    game.act("alice", "command", unit=warrior, command="move", to=6)
    assert entity(game, warrior)["location"] == 6
    assert cooling_until(game, warrior) == iso(START + timedelta(days=1))
    game.advance(START + timedelta(days=1))
    [ended] = events(game, "cooldown.ended")
    assert ended["time"] == iso(START + timedelta(days=1))
    assert ended["data"]["entity"] == warrior
    assert ended["data"]["command"] == "move"
    assert ended["data"]["cause"] == "expired"
    game.act("alice", "command", unit=warrior, command="move", to=7)
    assert entity(game, warrior)["location"] == 7


def test_an_scv_of_speed_9_cools_down_exactly_26_hours_40_minutes_after_a_move() -> None:
    """10 days / 9 is kept exact, not rounded to hours."""
    game = new_game()
    scv = place(game, "scv", "alice", 5)
    game.act("alice", "command", unit=scv, command="move", to=4)
    assert cooling_until(game, scv) == iso(START + timedelta(hours=26, minutes=40))


def test_a_cooling_unit_is_refused_another_command_until_its_time() -> None:
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    game.act("alice", "command", unit=warrior, command="move", to=6)
    refused = refusal(game, "alice", unit=warrior, command="move", to=7)
    assert refused.reason == f"{warrior} is cooling down until 2024-03-05T12:00:00Z"
    assert refused.rule == "Rule 2, Commands"


def test_the_musketeer_cools_down_36_hours_after_an_attack_at_distance_2_and_24_at_1() -> None:
    """Seed L15: "If the Musketeer attacks a target that is two square away it then it
    cools down for 36 hours. If it attacks a target that is one square away then it
    cools down for 24 hours." Square 5 is 2 from 7 and 1 from 4."""
    game = new_game()
    far_musketeer = place(game, "musketeer", "alice", 5)
    near_musketeer = place(game, "musketeer", "alice", 3)
    target = place(game, "fort", "bob", 7)
    other = place(game, "fort", "bob", 4)
    game.force_dice([2, 2])  # 20 against armor 25: no damage, either time
    game.act("alice", "command", unit=far_musketeer, command="attack", target=target)
    game.act("alice", "command", unit=near_musketeer, command="attack", target=other)
    assert cooling_until(game, far_musketeer) == iso(START + timedelta(hours=36))
    assert cooling_until(game, near_musketeer) == iso(START + timedelta(hours=24))


def test_a_fort_recruits_a_warrior_on_its_square_for_500_and_cools_down_4_days() -> None:
    game = new_game()
    fort = place(game, "fort", "alice", 5)
    game.act("alice", "command", unit=fort, command="recruit-warrior")
    [made] = events(game, "entity.created")[1:]
    assert made["data"]["kind"] == "warrior"
    assert entity(game, made["data"]["entity"]) == {"kind": "warrior", "owner": "alice",
                                                    "location": 5, "hp": 50}
    assert game.view()["players"]["alice"]["money"] == 4500
    assert cooling_until(game, fort) == iso(START + timedelta(days=4))


@pytest.mark.parametrize(("actor", "args", "reason", "rule"), [
    ("bob", {"command": "move", "to": 6}, "warrior-1 is alice's, not yours",
     "Rule 2, Commands"),
    ("alice", {"command": "recruit-warrior"},
     "recruit-warrior can be issued to fort, not to a warrior", "Rule 22, Recruit Warrior"),
    ("alice", {"command": "fly", "to": 6}, "there is no command 'fly'", "Rule 2, Commands"),
    ("alice", {"command": "move", "to": 7}, "square 7 is not next to square 5",
     "Rule 20, Move"),
    ("alice", {"command": "move"}, "move needs to: where to (a square)", "Rule 20, Move"),
    ("alice", {"command": "move", "to": 6, "amount": 3}, "move takes no amount",
     "Rule 20, Move"),
    ("alice", {"command": "move", "to": 16},
     "square 16 holds bob's warrior warrior-2: a square holds units and buildings of one "
     "owner", "Rule 2, Commands"),
    ("alice", {"command": "attack", "target": "fort-1"},
     "fort-1 is out of range: 2 squares away, and a warrior reaches 1", "Rule 21, Attack"),
])
def test_refusals_name_the_rule_and_the_reason(actor: str, args: dict[str, Any], reason: str,
                                               rule: str) -> None:
    game = new_game()
    place(game, "warrior", "alice", 5)
    place(game, "warrior", "bob", 16)  # above square 5
    place(game, "fort", "bob", 7)
    refused = refusal(game, actor, unit="warrior-1", **args)
    assert (refused.reason, refused.rule) == (reason, rule)


def test_a_command_the_issuer_cannot_afford_is_refused() -> None:
    game = new_game()
    fort = place(game, "fort", "alice", 5)
    with acting(game) as ctx:
        ctx.transfer("alice", None, 4900, "money", "spent")
    refused = refusal(game, "alice", unit=fort, command="recruit-warrior")
    assert refused.reason == "recruit-warrior costs 500 money; you have 100"
    assert refused.rule == f"Rule {RecruitWarrior.number}, {RecruitWarrior.title}"


def test_a_second_wall_on_a_square_is_refused_by_the_walls_rule() -> None:
    game = new_game()
    place(game, "wall", "alice", 5)
    with pytest.raises(Refusal) as caught, acting(game) as ctx:
        units.require_placement(ctx, "wall", "alice", 5)
    assert caught.value.reason == "square 5 already holds a wall (wall-1)"
    assert caught.value.rule == "Rule 16, Wall"


def test_the_tithe_pays_110_percent_when_the_cool_down_ends() -> None:
    """The Refinery's Refine Goods, in the test pack's words: the payout follows the
    cool-down, including when a rule ends it early or extends it."""
    game = new_game()
    fort = place(game, "fort", "alice", 5)
    game.act("alice", "command", unit=fort, command="tithe", amount=100)
    assert game.view()["players"]["alice"]["money"] == 4900
    with acting(game, START + timedelta(hours=1)) as ctx:
        cooldowns.extend(ctx, fort, timedelta(hours=1))
    game.advance(START + timedelta(hours=48, minutes=59))
    assert game.view()["players"]["alice"]["money"] == 4900
    game.advance(START + timedelta(hours=49))
    assert game.view()["players"]["alice"]["money"] == 5010


def test_a_cool_down_ended_early_pays_then_and_a_destroyed_fort_never() -> None:
    game = new_game()
    early, doomed = place(game, "fort", "alice", 5), place(game, "fort", "alice", 15)
    game.act("alice", "command", unit=early, command="tithe", amount=100)
    game.act("alice", "command", unit=doomed, command="tithe", amount=200)
    with acting(game, START + timedelta(hours=3)) as ctx:
        assert cooldowns.end(ctx, early, "the hourly relief")
        units.destroy(ctx, doomed, cause="razed")
    [ended] = events(game, "cooldown.ended")
    assert ended["data"]["cause"] == "the hourly relief"
    assert ended["time"] == iso(START + timedelta(hours=3))
    game.advance(START + timedelta(days=5))
    assert game.view()["players"]["alice"]["money"] == 5000 - 300 + 110
    assert len(events(game, "cooldown.ended")) == 1


def test_legal_actions_offer_a_form_per_unit_and_command_with_its_choices() -> None:
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    place(game, "warrior", "bob", 16)
    fort = place(game, "fort", "alice", 15)
    forms = {(e["args"]["unit"]["choices"][0], e["args"]["command"]["choices"][0]): e["args"]
             for e in game.legal_actions("alice")}
    assert set(forms) == {(warrior, "move"), (warrior, "attack"), (warrior, "upgrade-to-scv"),
                          (fort, "recruit-warrior"), (fort, "tithe")}
    # 5's neighbours are 4, 6 and 16 (above it); bob's warrior holds 16.
    assert forms[(warrior, "move")]["to"]["choices"] == [4, 6]
    # The action's to is optional (not every command takes it); a move's form needs it.
    assert forms[(warrior, "move")]["to"]["required"] is True
    assert "target" not in forms[(warrior, "move")]
    assert forms[(warrior, "attack")]["target"]["choices"] == ["warrior-2"]
    game.act("alice", "command", unit=warrior, command="move", to=6)
    assert {e["args"]["unit"]["choices"][0] for e in game.legal_actions("alice")} == {fort}


def test_each_form_of_the_command_action_gets_its_own_element_id_on_the_page() -> None:
    game = new_game()
    place(game, "warrior", "alice", 5)
    place(game, "fort", "alice", 15)
    forms = action_forms(game.legal_actions("alice"))
    assert [form.dom_id for form in forms] == [
        "action-command", *(f"action-command-{n}" for n in range(1, len(forms)))]
    assert [f.choices for f in forms[0].fields if f.name == "unit"] == [
        (("warrior-1", "warrior-1"),)]
