"""Event kinds declared with their fields: a hook that reads a field its kind does not
declare is refused when its rule class is made, an event emitted without a declared
field (or with an undeclared one) is refused, and a hook on a declared kind runs as a
hook on the kind's name always did."""

# No ``from __future__ import annotations``: the kinds below are declared as a rule
# pack declares them (see nomicon.kernel.events).

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NotRequired, TypedDict

import pytest

from nomicon.authoring import Arg, Ctx, EventKind, Initial, Pack, Rule, action, events, hook
from nomicon.kernel import dice, rules
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import EventFieldError, RuleError
from nomicon.kernel.eventkind import check_hook
from nomicon.kernel.pack import installed

START = datetime(2021, 3, 1, 9, 0, tzinfo=UTC)


class Landed(TypedDict):
    player: str
    space: int
    roll: NotRequired[int]


LANDED = EventKind("landed", Landed)


class Jump(Rule):
    """A player may jump to a space."""

    key = "jump"
    pack = "kinds"
    number = 1
    title = "Jumping"

    @action("jump", Arg("space", int), Arg("roll", int, required=False))
    def jump(self, ctx: Ctx, actor: str, space: int, roll: int | None = None) -> None:
        """Jump to a space (rolling for it, if a roll is given)."""
        if roll is None:
            ctx.emit(LANDED, f"{actor} jumps to space {space}", player=actor, space=space)
        else:
            ctx.emit(LANDED, f"{actor} rolls {roll} for space {space}", player=actor,
                     space=space, roll=roll)

    @action("stumble", Arg("space", int))
    def stumble(self, ctx: Ctx, actor: str, space: int) -> None:
        """Land without saying who landed (a mistake in this rule)."""
        ctx.emit(LANDED, f"someone lands on {space}", space=space)

    @action("trip", Arg("space", int))
    def trip(self, ctx: Ctx, actor: str, space: int) -> None:
        """Land with a field the kind does not have (a mistake in this rule)."""
        ctx.emit(LANDED, f"{actor} lands on {space}", player=actor, space=space, spot=space)

    @action("hop", Arg("space", int))
    def hop(self, ctx: Ctx, actor: str, space: int) -> None:
        """Land without an event in the log: the hooks run on the data given."""
        ctx.dispatch(LANDED, Landed(player=actor, space=space))

    @action("skip", Arg("space", int))
    def skip(self, ctx: Ctx, actor: str, space: int) -> None:
        """Land without an event, with a misspelt field (a mistake in this rule)."""
        ctx.dispatch(LANDED, {"player": actor, "spce": space})  # type: ignore[typeddict-unknown-key]


class Fives(Rule):
    """When a player lands on a space divisible by 5, they gain 10 points."""

    key = "fives"
    pack = "kinds"
    number = 2
    title = "Fives"

    @hook(LANDED)
    def fives(self, ctx: Ctx, data: Landed) -> None:
        if data["space"] % 5 == 0:
            ctx.set_attr(data["player"], "points", ctx.attr(data["player"], "points", 0) + 10)
        if "roll" in data:
            ctx.set_attr(data["player"], "rolled", data.get("roll"))

    @hook(events.PLAYER_JOINED)
    def welcome(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        ctx.set_attr(data["player"], "points", 0)


class KindsPack(Pack):
    id = "kinds"
    title = "Kinds"
    initial = (Initial(Jump), Initial(Fives))


REGISTRY = installed().with_pack(KindsPack())


def new() -> Game:
    return Game.create("kinds", start=START, players=("ann",), secret=dice.secret_from_seed(1),
                       registry=REGISTRY)


# -- at class creation -------------------------------------------------------------------
def test_a_misspelt_field_fails_when_the_class_is_made_naming_rule_handler_and_field() -> None:
    with pytest.raises(EventFieldError) as refused:
        class Typo(Rule):
            """When a player lands on a space divisible by 5, they gain 10 points."""

            number = 8
            title = "Fives"

            @hook(LANDED)
            def on_landed(self, ctx: Ctx, data: Landed) -> None:
                ctx.set_attr(data["playr"], "points", 10)

    line = Path(__file__).read_text(encoding="utf-8").splitlines().index(
        '                ctx.set_attr(data["playr"], "points", 10)') + 1
    assert str(refused.value) == (
        f"Typo (Rule 8, Fives): hook on_landed reads data['playr'] (line {line}), which is "
        "not a field of 'landed' (its fields: player, roll, space)")


def test_a_get_of_an_undeclared_field_fails_too() -> None:
    with pytest.raises(EventFieldError,
                       match=r"Getter: hook read reads data\['rol'\] \(line \d+\)"):
        class Getter(Rule):
            @hook(LANDED)
            def read(self, ctx: Ctx, data: Landed) -> None:
                ctx.set_attr(data["player"], "rolled", data.get("rol", 0))


def test_asking_whether_an_undeclared_field_is_there_fails_too() -> None:
    with pytest.raises(EventFieldError, match=r"Asker: hook read reads data\['rol'\]"):
        class Asker(Rule):
            @hook(LANDED)
            def read(self, ctx: Ctx, data: Landed) -> None:
                if "rol" in data:
                    ctx.set_attr(data["player"], "rolled", True)


def test_a_read_that_is_only_text_is_not_refused() -> None:
    class Quiet(Rule):
        @hook(LANDED)
        def on_landed(self, ctx: Ctx, data: Landed) -> None:
            # Not data["playr"]: a comment is no read.
            ctx.set_attr(data["player"], "note", 'data["playr"] is no read either')

    assert Quiet._hooks == (("landed", None, "on_landed"),)


def test_a_hook_whose_data_is_annotated_with_another_type_fails() -> None:
    with pytest.raises(EventFieldError) as refused:
        class Loose(Rule):
            @hook(LANDED)
            def on_landed(self, ctx: Ctx, data: dict[str, Any]) -> None:
                pass

    assert str(refused.value) == ("Loose: hook on_landed on 'landed' annotates data as "
                                  "dict[str, Any], not Landed")


def test_a_hook_is_checked_against_each_kind_it_hooks() -> None:
    with pytest.raises(EventFieldError, match="hook on_either reads data\\['space'\\]"):
        class Either(Rule):
            @hook(events.TURN_BEGAN)
            @hook(events.PLAYER_JOINED)
            def on_either(self, ctx: Ctx, data: events.PlayerEvent) -> None:
                ctx.set_attr(data["player"], "space", data["space"])


def test_declared_fields_and_hooks_on_names_are_not_refused() -> None:
    class Fine(Rule):
        @hook(LANDED)
        def declared(self, ctx: Ctx, data: Landed) -> None:
            ctx.set_attr(data["player"], "at", (data["space"], data.get("roll")))

        @hook("landed")
        def by_name(self, ctx: Ctx, data: dict[str, Any]) -> None:
            ctx.set_attr(data["player"], "anything", data["whatever"])

    assert Fine._hooks == (("landed", None, "declared"), ("landed", None, "by_name"))


def test_a_handler_without_source_is_not_read() -> None:
    namespace: dict[str, Any] = {"Rule": Rule, "hook": hook, "LANDED": LANDED, "Ctx": Ctx,
                                 "Landed": Landed}
    # Made from a string: Python keeps no source for it, so the reads cannot be seen.
    exec("class Unseen(Rule):\n"
         "    @hook(LANDED)\n"
         "    def read(self, ctx: Ctx, data: Landed) -> None:\n"
         "        print(data['spce'])\n", namespace)
    assert namespace["Unseen"]._hooks == (("landed", None, "read"),)


def test_an_inherited_hook_is_read_once_and_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []

    def counting(owner: str, fn: Any, kind: EventKind[Any]) -> None:
        read.append(f"{owner}.{fn.__name__}")
        check_hook(owner, fn, kind)

    monkeypatch.setattr(rules, "check_hook", counting)

    class Base(Rule):
        @hook(LANDED)
        def on_landed(self, ctx: Ctx, data: Landed) -> None:
            ctx.set_attr(data["player"], "space", data["space"])

    class Child(Base):
        number = 9

    assert read == ["Base.on_landed"]
    assert Child._hooks == (("landed", None, "on_landed"),)


# -- declaring a kind ---------------------------------------------------------------------
def test_a_field_named_like_an_argument_of_emit_is_refused() -> None:
    class Hit(TypedDict):
        player: str
        to: str

    with pytest.raises(TypeError, match=r"no field may be named to, an argument of ctx\.emit"):
        EventKind("hit", Hit)


def test_an_optional_field_python_cannot_see_is_refused() -> None:
    # What a TypedDict declared under ``from __future__ import annotations`` holds.
    late = TypedDict("late", {"player": "str", "roll": "NotRequired[int]"})  # noqa: UP013
    with pytest.raises(TypeError, match="field 'roll' is NotRequired\\[int\\] in a module with "
                                        "postponed annotations"):
        EventKind("late", late)


def test_a_kind_is_declared_with_a_typeddict() -> None:
    with pytest.raises(TypeError, match="declared by a TypedDict"):
        EventKind("landed", dict)  # type: ignore[type-var]
    assert LANDED.fields == {"player", "space", "roll"}
    assert LANDED.required == {"player", "space"}


# -- emitting and dispatching ----------------------------------------------------------------
def test_a_declared_hook_runs_on_the_kinds_events() -> None:
    game = new()
    assert game.view()["players"]["ann"]["points"] == 0  # the kernel's player.joined
    game.act("ann", "jump", space=10)
    game.act("ann", "jump", space=7, roll=3)
    ann = game.view()["players"]["ann"]
    assert ann["points"] == 10  # 10 is divisible by 5; 7 is not
    assert ann["rolled"] == 3
    landed = [e for e in game.log if e["type"] == "landed"]
    assert [e["data"] for e in landed] == [{"player": "ann", "space": 10},
                                           {"player": "ann", "space": 7, "roll": 3}]


def test_a_dispatched_declared_kind_runs_its_hooks() -> None:
    game = new()
    game.act("ann", "hop", space=15)
    assert game.view()["players"]["ann"]["points"] == 10
    assert not [e for e in game.log if e["type"] == "landed"]


@pytest.mark.parametrize(("name", "problem"), [
    ("stumble", "missing field 'player'"),
    ("trip", "unknown field 'spot'"),
    ("skip", "missing field 'space' and unknown field 'spce'"),
])
def test_an_event_with_fields_other_than_its_kinds_fails_and_changes_nothing(
        name: str, problem: str) -> None:
    game = new()
    before, head = game.view(), game.head
    with pytest.raises(RuleError) as refused:
        game.act("ann", name, space=5)
    assert (f"EventFieldError: event 'landed' emitted by Rule 1, Jumping with {problem} "
            "(its fields: player, roll, space)") in str(refused.value)
    assert game.view() == before and game.head == head
