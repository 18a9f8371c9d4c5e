"""Combat (Nomopoly IV's Attack, Wall, Laser Howitzer, Empathy, Spell Shield and
kill experience, through the test pack): damage by armor and the dice, attack
strength by target class, targets a Wall or Spell Shield protects, damage reflected,
and who is credited with a kill."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from armypack import START, acting, entity, new_game, place

from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused
from nomicon.mechanics import combat, units


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def hp(game: Game, eid: str) -> int:
    return int(entity(game, eid)["hp"])


def test_the_distance_from_square_4_to_square_15_is_3() -> None:
    """Seed L416: "The distance from Square #4 to Square #15 would be 3"."""
    game = new_game()
    a, b = place(game, "fort", "alice", 4), place(game, "fort", "bob", 15)
    with acting(game) as ctx:
        assert combat.distance(ctx, a, b) == 3


@pytest.mark.parametrize(("strength", "armor", "forced", "expected"), [
    (10, 0, [], 10),   # greater: attack - armor
    (25, 25, [], 1),   # equal: 1
    (10, 25, [1], 1),  # less: a 1 on 1d15
    (10, 25, [2], 0),  # less: anything else on 1d15
])
def test_damage_by_armor_and_the_dice(strength: int, armor: int, forced: list[int],
                                      expected: int) -> None:
    game = new_game()
    game.force_dice(forced)
    with acting(game) as ctx:
        assert combat.armor_damage(ctx, strength, armor, "test") == expected
    rolls = events(game, "dice.rolled")
    assert len(rolls) == len(forced)
    if forced:
        assert rolls[0]["data"]["sides"] == armor - strength


def test_the_howitzer_hits_buildings_with_75_howitzers_with_30_other_units_with_15() -> None:
    game = new_game()
    gun = place(game, "laser-howitzer", "alice", 5)
    fort = place(game, "fort", "bob", 6)          # armor 25: 75 - 25 = 50
    other = place(game, "laser-howitzer", "bob", 16)  # armor 5: 30 - 5 = 25
    warrior = place(game, "warrior", "bob", 4)    # armor 0: 15
    with acting(game) as ctx:
        assert [combat.attack(ctx, t, attacker=gun) for t in (fort, other, warrior)] == [50, 25,
                                                                                        15]
    assert (hp(game, fort), hp(game, other), hp(game, warrior)) == (1450, 75, 35)


def test_a_wall_protects_the_others_on_its_square_from_attacks_but_not_itself() -> None:
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    wall, behind = place(game, "wall", "bob", 6), place(game, "scv", "bob", 6)
    with pytest.raises(ActionRefused) as caught:
        game.act("alice", "command", unit=warrior, command="attack", target=behind)
    assert caught.value.reason == f"{behind} stands behind {wall}"
    assert caught.value.rule == "Rule 16, Wall"
    game.force_dice([1])  # 10 against armor 15: a 1 on 1d5
    game.act("alice", "command", unit=warrior, command="attack", target=wall)
    assert hp(game, wall) == 499
    # Damage that is not an attack ignores the wall and the armor.
    with acting(game) as ctx:
        combat.damage(ctx, behind, 10, cause="cakes")
    assert hp(game, behind) == 10


def test_l308_empathy_reflects_the_5_a_warrior_deals_a_mesmer_and_hides_its_source() -> None:
    """"A Mesmer on Square 5 is issued the Empathy command, targetting itself. 5 hours
    later, that Mesmer is attacked by a Warrior, dealing 5 damage to the Mesmer. The
    Warrior sustains 5 damage, but the owner of the Warrior does not see the source of
    the damage. 2 hours later, the Mesmer is attacked by a Guard Tower. Since the
    Guard Tower is a building and not a unit, it does not trigger Empathy.\""""
    game = new_game()
    mesmer = place(game, "mesmer", "alice", 5)
    warrior, tower = place(game, "warrior", "bob", 6), place(game, "guard-tower", "bob", 7)
    game.act("alice", "command", unit=mesmer, command="empathy", target=mesmer)
    assert "empathy" in game.view("alice")["statuses"][mesmer]
    assert "empathy" not in game.view("bob").get("statuses", {}).get(mesmer, {})
    assert "empathy" in game.view("admin")["statuses"][mesmer]  # the admin knows of it
    assert [e for e in game.log_for("bob") if e["type"] == "status.granted"] == []
    assert game.view("bob")["entities"][mesmer]["last_command"] == {"command": "empathy",
                                                                    "args": {}}
    game.act("bob", "command", unit=warrior, command="attack", target=mesmer,
             at=START + timedelta(hours=5))
    assert (hp(game, mesmer), hp(game, warrior)) == (20, 45)
    reflected = events(game, "damaged")[-1]
    assert reflected["data"]["entity"] == warrior
    assert reflected["data"]["attack"] is False
    assert reflected["data"]["source"] is None and reflected["data"]["by_player"] is None
    game.act("bob", "command", unit=tower, command="attack", target=mesmer,
             at=START + timedelta(hours=7))
    assert hp(game, warrior) == 45  # the tower's 25 - 5 = 20 is not reflected
    assert events(game, "damaged")[-1]["data"]["entity"] == mesmer


def test_spell_shield_keeps_a_unit_from_being_targeted_but_not_from_being_commanded() -> None:
    game = new_game()
    monk = place(game, "mesmer", "bob", 16)
    shielded = place(game, "warrior", "bob", 6)
    attacker, caster = place(game, "warrior", "alice", 5), place(game, "mesmer", "alice", 4)
    game.act("bob", "command", unit=monk, command="spell-shield", target=shielded)
    for args in ({"unit": attacker, "command": "attack"},
                 {"unit": caster, "command": "empathy"}):
        with pytest.raises(ActionRefused) as caught:
            game.act("alice", "command", target=shielded, **args)
        assert caught.value.reason == f"{shielded} is enchanted by Spell Shield"
        assert caught.value.rule == "Rule 26, Spell Shield"
    game.act("bob", "command", unit=shielded, command="move", to=7)
    assert entity(game, shielded)["location"] == 7


def test_a_kill_names_the_unit_and_player_and_gives_the_killer_experience() -> None:
    """"Whenever a player directly causes another player's unit to be killed (by
    attacking or otherwise), the attacking player receives 5 experience points.\""""
    game = new_game()
    gun = place(game, "laser-howitzer", "alice", 5)
    victim = place(game, "warrior", "bob", 6)
    game.act("bob", "command", unit=victim, command="move", to=7)  # now cooling down
    with acting(game) as ctx:
        combat.damage(ctx, victim, 35, cause="an earlier fight")
    game.act("alice", "command", unit=gun, command="attack", target=victim)
    [killed] = events(game, "killed")
    assert {k: killed["data"][k] for k in ("entity", "by_unit", "by_player", "owner")} == {
        "entity": victim, "by_unit": gun, "by_player": "alice", "owner": "bob"}
    assert victim not in game.view()["entities"]
    assert game.view()["players"]["alice"]["experience"] == 5
    assert victim not in (game.view().get("statuses") or {})
    game.advance(START + timedelta(days=3))
    assert [e["data"]["entity"] for e in events(game, "cooldown.ended")] == [gun]


def test_healing_stops_at_the_types_maximum() -> None:
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    with acting(game) as ctx:
        combat.damage(ctx, warrior, 8, cause="test")
        assert units.heal(ctx, warrior, 5, cause="Orison of Healing") == 5
        assert units.heal(ctx, warrior, 5, cause="Orison of Healing") == 3
    assert hp(game, warrior) == 50


def test_a_heal_without_a_limit_passes_the_maximum_until_a_rule_caps_it() -> None:
    """Nomopoly IV's Heal Area: "have their hit points increased by 10", with no cap
    of its own until Max HP (P32): "A unit/building may never have its HP higher than
    its Max HP (if this would happen, ... instead set to its Max HP)"."""
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    with acting(game) as ctx:
        assert not units.capped(ctx)
        assert units.heal(ctx, warrior, 10, cause="Heal Area", over_max=True) == 10
        assert units.heal(ctx, warrior, 10, cause="Orison of Healing") == 0
    assert hp(game, warrior) == 60
    with acting(game) as ctx:
        assert units.cut_to_max(ctx, cause="Max HP") == [warrior]
        assert units.cut_to_max(ctx, cause="Max HP") == []
    assert hp(game, warrior) == 50
