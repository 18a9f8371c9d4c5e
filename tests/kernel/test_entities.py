"""Entities in the kernel (DESIGN §3b), on the tests' pack of units and forts:

* making and destroying an entity are events that say the cause and the player
  responsible; ids are ``<kind>-<n>``, the same on a replay;
* "what is at L", "what does P own" and "all of kind K" come from indexes that always
  find what a scan of the entities finds, through moves, hand-overs, destruction,
  refusals and the admin's writes;
* an attribute a rule declares for a kind is given to the entities of that kind when
  the rule is enacted and taken from them when it is repealed;
* ``owner`` attributes are seen only by the entity's owner and the admin, ``admin``
  ones by the admin alone, in views and in the log.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from unitpack import REGISTRY, Veterans, new_game, scanned

from nomicon.kernel import entities, ruleset
from nomicon.kernel.context import Ctx
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, Refusal


@contextmanager
def change(game: Game, actor: str = "admin") -> Iterator[Ctx]:
    """A batch, as an action runs one."""
    with game._transaction(game.clock, actor) as ctx:
        ctx.emit("test.change", "entities change")
        yield ctx


def events(game: Game, kind: str) -> list[dict[str, object]]:
    return [e for e in game.log if e["type"] == kind]


# -- making, moving, destroying ---------------------------------------------------------
def test_a_recruited_unit_is_an_entity_with_its_kind_owner_place_and_declared_defaults() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    unit = game.view("admin")["entities"]["unit-1"]
    # Rule 1: "it is eirs"; "Each unit has a strength of 1, secret orders ..."
    assert unit == {"kind": "unit", "owner": "ann", "location": "a1", "strength": 1,
                    "orders": "hold", "codename": ""}
    created = events(game, "entity.created")[-1]
    assert created["data"] == {"entity": "unit-1", "kind": "unit", "owner": "ann",
                               "location": "a1", "attributes": {"strength": 1},
                               "cause": "recruited", "by": "ann"}
    assert created["rule"] == 1


def test_ids_count_up_by_kind() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("admin", "build-fort", square="b2")
    game.act("bob", "recruit", square="c3")
    assert list(game.view()["entities"]) == ["unit-1", "fort-1", "unit-2"]


def test_destroying_says_why_and_who_and_removes_the_entity_from_every_look_up() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("ann", "disband", unit="unit-1")
    destroyed = events(game, "entity.destroyed")[-1]
    assert destroyed["data"] == {"entity": "unit-1", "kind": "unit", "owner": "ann",
                                 "location": "a1", "cause": "disbanded", "by": "ann"}
    assert "unit-1" not in game.view()["entities"]
    with change(game) as ctx:
        assert (ctx.entities_at("a1"), ctx.owned_by("ann"), ctx.entities_of("unit")) == (
            [], [], [])
    # A destroyed entity's id is not given again.
    game.act("ann", "recruit", square="a1")
    assert list(game.view()["entities"]) == ["unit-2"]


def test_marching_and_giving_move_a_unit_between_look_ups() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("ann", "recruit", square="a1")
    game.act("ann", "march", unit="unit-1", square="b2")
    game.act("ann", "give", unit="unit-2", to="bob")
    with change(game) as ctx:
        assert ctx.entities_at("a1") == ["unit-2"]
        assert ctx.entities_at("b2") == ["unit-1"]
        assert ctx.owned_by("ann") == ["unit-1"]
        assert ctx.owned_by("bob") == ["unit-2"]
        assert ctx.entities_of("unit") == ["unit-1", "unit-2"]
    # bob's now: ann may no longer march it (Rule 1: "march eir unit").
    with pytest.raises(ActionRefused, match="unit-2"):
        game.act("ann", "march", unit="unit-2", square="c3")


def test_look_ups_give_ids_in_the_order_the_entities_were_made() -> None:
    game = new_game()
    for square in ("b2", "a1", "c3"):
        game.act("ann", "recruit", square=square)
    for unit in ("unit-3", "unit-1"):
        game.act("ann", "march", unit=unit, square="d4")
    game.act("ann", "march", unit="unit-2", square="d4")
    with change(game) as ctx:
        assert ctx.entities_at("d4") == ["unit-1", "unit-2", "unit-3"]


def test_a_location_is_any_json_value_and_a_square_a_number_and_a_name_are_apart() -> None:
    game = new_game()
    with change(game) as ctx:
        square = ctx.create_entity("ducky", location=(3, 4), cause="test")
        number = ctx.create_entity("ducky", location=7, cause="test")
        named = ctx.create_entity("ducky", location="7", cause="test")
        carried = ctx.create_entity("ducky", location="ann", cause="test")
    assert game.state.root["entities"][square]["location"] == [3, 4]  # as a replay has it
    with change(game) as ctx:
        assert ctx.entities_at([3, 4]) == ctx.entities_at((3, 4)) == [square]
        assert ctx.entities_at(7) == [number]
        assert ctx.entities_at("7") == [named]
        assert ctx.entities_at("ann") == [carried]
        assert ctx.entities_at(None) == []


def test_where_entities_are_and_an_id_taken_ahead() -> None:
    game = new_game()
    for square in ("a1", "a1", "b2"):
        game.act("ann", "recruit", square=square)
    with change(game) as ctx:
        assert sorted(ctx.entity_locations()) == ["a1", "b2"]
        ctx.move_entity("unit-1", "b2")
        ctx.move_entity("unit-2", None)
        assert ctx.entity_locations() == ["b2"]
        # An id taken ahead (to name the thing after it) is not given again.
        taken = ctx.new_entity_id("unit")
        assert taken == "unit-4"
        assert ctx.create_entity("unit", cause="test") == "unit-5"
        assert ctx.create_entity("unit", id=taken, cause="test") == "unit-4"


def test_a_rule_that_makes_a_taken_id_is_told_at_once() -> None:
    game = new_game()
    with pytest.raises(ValueError, match="already an entity 'keep'"), change(game) as ctx:
        ctx.create_entity("fort", id="keep", cause="test")
        ctx.create_entity("fort", id="keep", cause="test")
    with pytest.raises(ValueError, match="without dots"), change(game) as ctx:
        ctx.create_entity("fort", id="a.b", cause="test")
    assert "entities" not in game.state.root  # both batches undone


def test_replay_gives_the_same_entities_ids_and_indexes() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("bob", "recruit", square="a1")
    game.act("admin", "build-fort", square="a1")
    game.act("ann", "disband", unit="unit-1")
    game.act("bob", "give", unit="unit-2", to="ann")
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root
    game.act("ann", "recruit", square="z9")
    rebuilt.act("ann", "recruit", square="z9")
    assert list(rebuilt.state.root["entities"]) == list(game.state.root["entities"]) == [
        "unit-2", "fort-1", "unit-3"]


# -- the indexes against a scan -----------------------------------------------------------
SQUARES = ("a1", "b2", "c3")
PEOPLE = ("ann", "bob", None)
# One step: (what, which entity (modulo those there are), a square, an owner, whether
# the batch is refused after the step).
steps = st.lists(st.tuples(st.sampled_from(("create", "move", "own", "destroy", "admin")),
                           st.integers(0, 20), st.sampled_from((*SQUARES, None)),
                           st.sampled_from(PEOPLE), st.booleans()), max_size=30)


def _step(ctx: Ctx, what: str, which: int, square: str | None, owner: str | None) -> None:
    there = ctx.entities_of("unit") + ctx.entities_of("fort")
    if what == "create" or not there:
        kind = "unit" if owner else "fort"
        ctx.create_entity(kind, owner=owner, location=square, cause="test")
        return
    eid = there[which % len(there)]
    if what == "move":
        ctx.move_entity(eid, square)
    elif what == "own":
        ctx.set_owner(eid, owner)
    elif what == "destroy":
        ctx.destroy_entity(eid, cause="test")
    else:  # the admin's correction of a location, through the ``set`` path
        from nomicon.kernel.paths import write_path

        write_path(ctx, f"entities.{eid}.location", square)


@settings(max_examples=80, deadline=None)
@given(steps)
def test_the_indexes_find_what_a_scan_finds(plan: list[tuple[str, int, str | None,
                                                              str | None, bool]]) -> None:
    game = new_game()
    for what, which, square, owner, refused in plan:
        before = json.dumps(game.state.root, sort_keys=True)
        try:
            with change(game) as ctx:
                _step(ctx, what, which, square, owner)
                if refused:
                    ctx.refuse("undone on purpose")
        except Refusal:
            assert refused
            assert json.dumps(game.state.root, sort_keys=True) == before
        root = game.state.root
        with change(game) as ctx:
            for square_ in SQUARES:
                assert ctx.entities_at(square_) == scanned(root, "location", square_)
            for person in ("ann", "bob"):
                assert ctx.owned_by(person) == scanned(root, "owner", person)
            for kind in ("unit", "fort"):
                assert ctx.entities_of(kind) == scanned(root, "kind", kind)
        assert entities.index_problems(root) == []
    rebuilt = Game.rebuild(list(game.log), secret=game.secret, registry=REGISTRY)
    assert rebuilt.state.root == game.state.root


def test_the_admin_may_set_a_location_or_write_a_whole_entity_and_the_index_follows() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("admin", "set", path="entities.unit-1.location", value="b2")
    game.act("admin", "set", path="entities.keep",
             value={"kind": "fort", "location": "b2", "walls": 3})
    with change(game) as ctx:
        assert ctx.entities_at("b2") == ["unit-1", "keep"]
        assert ctx.entities_at("a1") == []
        assert ctx.entity("keep") == {"kind": "fort", "location": "b2", "walls": 3,
                                      "owner": None}
    assert entities.index_problems(game.state.root) == []
    with pytest.raises(ActionRefused, match="kind is a non-empty text"):
        game.act("admin", "set", path="entities.ghost", value={"location": "c3"})
    # The whole table at once: indexed again from what it holds; ids still count on.
    game.act("admin", "set", path="entities",
             value={"keep": {"kind": "fort", "owner": None, "location": "c3"},
                    "unit-1": {"kind": "unit", "owner": "bob", "location": "c3"}})
    with change(game) as ctx:
        assert ctx.entities_at("c3") == ["keep", "unit-1"]
        assert ctx.entities_at("b2") == [] and ctx.owned_by("bob") == ["unit-1"]
    assert entities.index_problems(game.state.root) == []
    game.act("ann", "recruit", square="a1")
    assert "unit-2" in game.view()["entities"]
    with pytest.raises(ActionRefused, match="kept by the engine"):
        game.act("admin", "set", path="index.entities.created", value=0)


def test_players_do_not_see_the_indexes() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    assert game.view("admin")["index"]["entities"]["at"] == {'"a1"': {"unit-1": 1}}
    assert "index" not in game.view("ann")
    assert "index" not in game.view("observer")


# -- attributes declared by rules ----------------------------------------------------------
def test_an_attribute_enacted_mid_game_reaches_existing_units_and_goes_on_repeal() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("admin", "build-fort", square="b2")
    with change(game) as ctx:
        ruleset.enact(ctx, Veterans)
    # Rule 3: "Every unit has experience, starting at 0." Forts are not units.
    assert game.view()["entities"]["unit-1"]["experience"] == 0
    assert "experience" not in game.view()["entities"]["fort-1"]
    game.act("bob", "recruit", square="c3")
    assert game.view()["entities"]["unit-2"]["experience"] == 0
    with change(game) as ctx:
        ctx.set_entity("unit-1", experience=5)
        ruleset.repeal(ctx, Veterans.number)
    shown = game.view()["entities"]
    assert "experience" not in shown["unit-1"] and "experience" not in shown["unit-2"]
    assert shown["unit-1"]["strength"] == 1  # Rule 1's attributes stay


def test_enacting_the_rule_again_gives_the_default_not_the_old_value() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    with change(game) as ctx:
        ruleset.enact(ctx, Veterans)
        ctx.set_entity("unit-1", experience=5)
        ruleset.repeal(ctx, Veterans.number)
        ruleset.enact(ctx, Veterans)
    assert game.view()["entities"]["unit-1"]["experience"] == 0


# -- who sees what ---------------------------------------------------------------------------
def test_owner_attributes_are_the_owners_and_admin_attributes_the_admins() -> None:
    game = new_game(("ann", "bob", "cy"))
    game.act("ann", "recruit", square="a1")
    game.act("ann", "order", unit="unit-1", orders="zq-flank-left")
    game.act("admin", "set", path="entities.unit-1.codename", value="zq-falcon")
    mine, theirs = game.view("ann")["entities"]["unit-1"], game.view("bob")["entities"]["unit-1"]
    assert mine["orders"] == "zq-flank-left" and "codename" not in mine
    assert "orders" not in theirs and "codename" not in theirs
    assert theirs == {"kind": "unit", "owner": "ann", "location": "a1", "strength": 1}
    assert "orders" not in game.view("observer")["entities"]["unit-1"]
    admin = game.view("admin")["entities"]["unit-1"]
    assert (admin["orders"], admin["codename"]) == ("zq-flank-left", "zq-falcon")
    # Given away, the orders are the new owner's to see.
    game.act("ann", "give", unit="unit-1", to="cy")
    assert game.view("cy")["entities"]["unit-1"]["orders"] == "zq-flank-left"
    assert "orders" not in game.view("ann")["entities"]["unit-1"]


def test_the_log_shows_no_one_else_an_owner_or_admin_attribute() -> None:
    game = new_game()
    game.act("ann", "recruit", square="a1")
    game.act("ann", "order", unit="unit-1", orders="zq-flank-left")
    with change(game) as ctx:
        ctx.create_entity("unit", owner="bob", location="b2", cause="test",
                          codename="zq-falcon")
    for viewer in ("bob", "observer"):
        text = json.dumps(game.log_for(viewer))
        assert "zq-falcon" not in text and "zq-flank-left" not in text
        assert "unit-1" in text and "unit-2" in text  # the units themselves are public
    admin = json.dumps(game.log_for("admin"))
    assert "zq-flank-left" in admin and "zq-falcon" in admin
