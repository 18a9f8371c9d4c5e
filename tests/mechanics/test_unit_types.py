"""Unit and building types (Nomopoly IV XII, through the test pack): hit points on
creation, the HP rescale of a transformation, a type's maximum raised by amendment,
and placement."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from armypack import START, Scv, acting, amend, entity, new_game, place

from nomicon.kernel import ruleset
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import Refusal
from nomicon.kernel.timefmt import iso
from nomicon.mechanics import combat, cooldowns, units


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def test_a_unit_is_made_with_its_types_full_hit_points_at_entities_id() -> None:
    game = new_game()
    fort = place(game, "fort", "alice", 5)
    assert game.view("bob")["entities"][fort] == {"kind": "fort", "owner": "alice",
                                                  "location": 5, "hp": 1500}
    [made] = events(game, "entity.created")
    assert made["data"]["cause"] == "placed by the test"


@pytest.mark.parametrize(("hp_before", "expected"), [(37, 15), (50, 20), (1, 1), (49, 20)])
def test_l371_a_warrior_that_becomes_an_scv_keeps_its_share_of_hit_points(
        hp_before: int, expected: int) -> None:
    """"A Warrior with 37 HP transforms into an SCV. The SCV will have ceil(20*37/50) =
    15 HP"."""
    assert units.rescaled(hp_before, 50, 20) == expected


def test_upgrading_keeps_the_id_the_cool_down_and_the_enchantments() -> None:
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    with acting(game) as ctx:
        combat.damage(ctx, warrior, 13, cause="an earlier fight")
        cooldowns.start(ctx, warrior, timedelta(hours=5), command="move")
        ctx.grant_status(warrior, "spell-shield", until=timedelta(days=3))
        units.transform(ctx, warrior, "scv", cause="upgraded")
    assert entity(game, warrior) | {"last_command": None} == {
        "kind": "scv", "owner": "alice", "location": 5, "hp": 15, "last_command": None}
    statuses = game.view()["statuses"][warrior]
    assert statuses[cooldowns.STATUS]["until"] == iso(START + timedelta(hours=5))
    assert "spell-shield" in statuses
    [changed] = events(game, "transformed")
    assert (changed["data"]["before"], changed["data"]["after"], changed["data"]["hp"]) == (
        "warrior", "scv", 15)


def test_the_upgrade_command_has_no_cool_down() -> None:
    """"Command: Upgrade to SCV ... Cool down time: None"."""
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    game.act("alice", "command", unit=warrior, command="upgrade-to-scv")
    assert entity(game, warrior)["kind"] == "scv"
    assert warrior not in (game.view().get("statuses") or {})


def test_raising_a_types_maximum_gives_each_existing_one_the_difference_once() -> None:
    """"SCV's will now have an initial HP of 40 instead of 20. When this proposal is
    implemented all SCV's will be given 20 hp to reflect this change.\""""
    game = new_game()
    whole, hurt = place(game, "scv", "alice", 5), place(game, "scv", "alice", 6)
    with acting(game) as ctx:
        combat.damage(ctx, hurt, 13, cause="an earlier fight")
    amend(game, Scv, max_hp=40)
    assert (entity(game, whole)["hp"], entity(game, hurt)["hp"]) == (40, 27)
    amend(game, Scv, max_hp=40)  # no change of the maximum: nothing more
    assert (entity(game, whole)["hp"], entity(game, hurt)["hp"]) == (40, 27)
    amend(game, Scv, max_hp=30)  # lowered: none above it
    assert (entity(game, whole)["hp"], entity(game, hurt)["hp"]) == (30, 27)
    assert place(game, "scv", "bob", 15) and entity(game, "scv-3")["hp"] == 30


def test_the_catalogue_follows_the_rules_in_force_through_amendments_and_rollbacks() -> None:
    # The catalogue is worked out once per ruleset: an amendment (a new ruleset) shows at
    # once, within the same action too, and an action rolled back leaves the old one.
    game = new_game()
    with acting(game) as ctx:
        assert units.catalogue(ctx)["scv"].max_hp == 20
        units.catalogue(ctx).pop("scv")  # a caller's copy: the catalogue stays whole
        assert units.stats_of(ctx, "scv") is not None
    amend(game, Scv, max_hp=40)
    with acting(game) as ctx:
        assert units.catalogue(ctx)["scv"].max_hp == 40
        ruleset.amend(ctx, Scv.number, params={"max_hp": 35})
        assert units.catalogue(ctx)["scv"].max_hp == 35
    with pytest.raises(Refusal), acting(game) as ctx:
        ruleset.amend(ctx, Scv.number, params={"max_hp": 25})
        assert units.catalogue(ctx)["scv"].max_hp == 25
        ctx.refuse("rolled back by the test")
    with acting(game) as ctx:
        assert units.catalogue(ctx)["scv"].max_hp == 35


def test_a_square_holds_units_and_buildings_of_one_owner_unless_a_rule_says_otherwise() -> None:
    game = new_game()
    place(game, "fort", "alice", 5)
    with pytest.raises(Refusal) as caught, acting(game) as ctx:
        units.create(ctx, "warrior", owner="bob", location=5, cause="test")
    assert caught.value.rule == "Rule 2, Commands"
    # The Railway's exception, an adjuster of its rule: anyone's units may stand on a
    # square where a Railway is all there is, but no one else's buildings.
    place(game, "railway", "alice", 6)
    warrior = place(game, "warrior", "bob", 7)
    game.act("bob", "command", unit=warrior, command="move", to=6)
    assert entity(game, warrior)["location"] == 6
    with acting(game) as ctx:
        found = units.placement_problem(ctx, "fort", "bob", 6)
    assert found is not None and found[1].label == "Rule 2, Commands"


def test_destroying_a_unit_ends_its_statuses_and_says_why_and_who() -> None:
    game = new_game()
    warrior = place(game, "warrior", "alice", 5)
    with acting(game) as ctx:
        cooldowns.start(ctx, warrior, timedelta(days=1), command="move")
        assert units.destroy(ctx, warrior, cause="disbanded", by="alice")
        assert not units.destroy(ctx, warrior, cause="again")
    [gone] = events(game, "entity.destroyed")
    assert (gone["data"]["cause"], gone["data"]["by"]) == ("disbanded", "alice")
    assert warrior not in (game.view().get("statuses") or {})
    assert game.invariant_failures() == []
