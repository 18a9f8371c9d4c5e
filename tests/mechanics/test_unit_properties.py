"""Properties of the mechanics layer over random sequences of commands, damage,
healing, transformations and time: every unit and building left has between 1 and
its type's maximum hit points, no cool-down ends in the past, and the entity indexes
agree with a scan."""

from __future__ import annotations

import contextlib
from datetime import timedelta

from armypack import acting, new_game, place
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nomicon.kernel import entities
from nomicon.kernel.errors import ActionRefused, Refusal
from nomicon.kernel.timefmt import parse
from nomicon.mechanics import combat, cooldowns, units

KINDS = ("warrior", "scv", "mesmer", "musketeer", "laser-howitzer", "fort", "wall")
COMMANDS = ("move", "attack", "upgrade-to-scv", "empathy", "spell-shield", "recruit-warrior")

step = st.one_of(
    st.tuples(st.just("command"), st.sampled_from(("alice", "bob")), st.integers(0, 7),
              st.sampled_from(COMMANDS), st.integers(1, 20), st.integers(0, 7)),
    st.tuples(st.just("damage"), st.integers(0, 7), st.integers(1, 60)),
    st.tuples(st.just("heal"), st.integers(0, 7), st.integers(1, 60)),
    st.tuples(st.just("transform"), st.integers(0, 7), st.sampled_from(KINDS[:5])),
    st.tuples(st.just("cooldown"), st.integers(0, 7), st.integers(-3, 30)),
    st.tuples(st.just("wait"), st.integers(1, 60)),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(KINDS), st.sampled_from(("alice", "bob")),
                          st.integers(1, 20)), min_size=2, max_size=6),
       st.lists(step, max_size=15), st.integers(0, 1000))
def test_hit_points_cool_downs_and_indexes_stay_sound(placed: list[tuple[str, str, int]],
                                                      steps: list[tuple[object, ...]],
                                                      seed: int) -> None:
    game = new_game(seed=seed)
    for kind, owner, square in placed:
        with contextlib.suppress(Refusal):  # a square taken: fewer things, the same test
            place(game, kind, owner, square)
    for move in steps:
        ids = sorted(game.view()["entities"]) or ["none"]
        kind = move[0]
        if kind == "command":
            _, actor, pick, command, to, other = move
            args = {"unit": ids[int(pick) % len(ids)], "command": command}
            if command == "move":
                args["to"] = to
            elif command in ("attack", "empathy", "spell-shield"):
                args["target"] = ids[int(other) % len(ids)]
            with contextlib.suppress(ActionRefused):
                game.act(str(actor), "command", **args)
        elif kind == "wait":
            game.advance(game.clock + timedelta(hours=int(move[1])))
        else:
            eid = ids[int(move[1]) % len(ids)]
            if eid == "none":
                continue
            with acting(game) as ctx:
                if kind == "damage":
                    combat.damage(ctx, eid, int(move[2]), cause="test")
                elif kind == "heal":
                    units.heal(ctx, eid, int(move[2]), cause="test")
                elif kind == "transform":
                    with contextlib.suppress(Refusal):  # it may not stand there as that
                        units.transform(ctx, eid, str(move[2]), cause="test")
                    ctx.emit("test.step", "a step")
                else:
                    hours = int(move[2])
                    if hours < 0:
                        cooldowns.end(ctx, eid, "test")
                    elif cooldowns.is_cooling(ctx, eid):
                        cooldowns.extend(ctx, eid, timedelta(hours=hours))
                    else:
                        cooldowns.start(ctx, eid, timedelta(hours=hours))
                    ctx.emit("test.step", "a step")
        view = game.view()
        with acting(game) as ctx:
            table = units.catalogue(ctx)
            for eid, record in view["entities"].items():
                assert 1 <= record["hp"] <= table[record["kind"]].max_hp, (eid, record)
                end = cooldowns.until(ctx, eid)
                assert end is None or end > ctx.now
                assert cooldowns.remaining(ctx, eid) >= timedelta(0)
            ctx.emit("test.step", "checked")
        for holder, held in (view.get("statuses") or {}).items():
            assert holder in view["entities"]
            if cooldowns.STATUS in held:
                assert parse(held[cooldowns.STATUS]["until"]) > game.clock
        assert entities.index_problems(game.state.root) == []
