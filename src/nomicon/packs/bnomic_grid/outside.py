"""The smallest definitions of what the Grid rule takes from the rest of B Nomic.

None of these rules is from the source: the Grid rule (Rule 301 of B Nomic) speaks
of points, ndays and nweeks, the Administrator, Gremlins and the Gremlin Fund, Bonus
Boxes, Female players, Cheerleaders and the temperature, which other B Nomic rules
defined. Each rule here gives just enough to play the Grid, and its text says so.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Attribute,
    Ctx,
    Currency,
    Rule,
    RuleParams,
    action,
    events,
    every,
    hook,
)
from nomicon.boards.grid import as_square
from nomicon.packs.bnomic_grid import board, clock, damage, movement, occupants
from nomicon.packs.bnomic_grid.events import (
    BONUS_BOX_OPENED,
    BONUS_BOX_PLACED,
    GREMLIN_ACTIVE,
    GREMLIN_ADDED,
    MOVED,
    NWEEK_BEGAN,
    NWEEK_ENDED,
    TEMPERATURE_CHANGED,
    TRAITS_SET,
    Moved,
    Nweek,
)
from nomicon.packs.bnomic_grid.sight import radar_reveals
from nomicon.packs.bnomic_grid.terms import BOX, FUND, GREMLIN, PACK, POINTS

GRID = frozenset({"board:grid"})
STARTING = "starting points"


class Points(Rule):
    """Each player has a number of points, a whole number that is never below zero; a player who joins the game starts with the number of points this rule gives. There is also an account called the Gremlin Fund, which holds points. Points are only ever moved between players and the Gremlin Fund: points that a rule makes a player lose or pay without saying to whom go to the Gremlin Fund, and a player who must lose more points than e has loses all eir points. (Nomicon's definition, not from the source.)"""  # noqa: E501

    key = "points"
    pack = PACK
    number = 2
    title = "Points"
    requires = GRID
    provides = frozenset({"currency:points"})
    currencies = (Currency(POINTS, 0, minimum=0, doc="never below zero"),)

    class Params(RuleParams):
        starting_points: int = Field(30, ge=0)

    params: Params

    # The ledger counts every point that enters or leaves the game (``ledger``), so
    # the pack's invariant can check that the balances are exactly what it says.
    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(FUND)
        if not ctx.state.has(["accounts", FUND, POINTS]):
            ctx.set(["accounts", FUND, POINTS], 0)
        ctx.set(["ledger"], {"opening": _total(ctx), "granted": 0, "created": 0,
                             "destroyed": 0, "corrected": 0})

    def on_repeal(self, ctx: Ctx) -> None:
        ctx.state.delete(["ledger"])

    @hook(events.PLAYER_JOINED)
    def starting_points(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        ctx.gain(data["player"], self.params.starting_points, STARTING)

    @hook(events.TRANSFER)
    def count(self, ctx: Ctx, data: events.Transfer) -> None:
        if data["currency"] != POINTS or not ctx.state.has(["ledger"]):
            return
        if data["source"] is None:
            field = "granted" if data["reason"] == STARTING else "created"
        elif data["target"] is None:
            field = "destroyed"
        else:
            return
        ctx.set(["ledger", field], ctx.get(["ledger", field], 0) + data["amount"])

    @hook(events.ADMIN_SET)
    def correction(self, ctx: Ctx, data: events.AdminSet) -> None:
        # Whatever the admin's write did to the balances is a correction.
        ledger = ctx.get(["ledger"], None)
        if not isinstance(ledger, dict):
            return
        difference = _total(ctx) - expected_total(ledger)
        if difference:
            ctx.set(["ledger", "corrected"], ledger.get("corrected", 0) + difference)


def _total(ctx: Ctx) -> int:
    return total_points(ctx.get(["accounts"], {}))


def total_points(accounts: dict[str, Any]) -> int:
    return sum(int(a.get(POINTS, 0)) for a in accounts.values()
               if isinstance(a, dict) and isinstance(a.get(POINTS, 0), int))


def expected_total(ledger: dict[str, Any]) -> int:
    return int(ledger.get("opening", 0) + ledger.get("granted", 0) + ledger.get("created", 0)
               - ledger.get("destroyed", 0) + ledger.get("corrected", 0))


class Time(Rule):
    """Time in the game is counted in ndays and nweeks. An nday lasts the number of hours this rule gives, and an nweek the number of ndays it gives. The first nweek begins when the game begins, and each nweek begins as the one before it ends. (Nomicon's definition, not from the source.)"""  # noqa: E501

    key = "time"
    pack = PACK
    number = 3
    title = "Ndays and nweeks"
    requires = GRID

    class Params(RuleParams):
        nday_hours: int = Field(24, ge=1)
        nweek_ndays: int = Field(7, ge=1)

    params: Params

    # The units follow the parameters, so a proposal that lengthens the nday
    # changes every schedule and delay counted in ndays and nweeks.
    @property
    def contributes(self) -> dict[str, Any]:
        nday = timedelta(hours=self.params.nday_hours)
        return {"time_units": {"nday": nday, "nweek": nday * self.params.nweek_ndays}}

    @contributes.setter
    def contributes(self, value: dict[str, Any]) -> None:
        raise AttributeError("the time units follow the rule's parameters")

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["board", "nweek"]) and ctx.state.has(["board"]):
            ctx.set(["board", "nweek"], 1)

    @every("once per nweek")
    def next_nweek(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        ending = clock.nweek(ctx)
        ctx.emit(NWEEK_ENDED, f"nweek {ending} ends", nweek=ending)
        ctx.set(["board", "nweek"], ending + 1)
        ctx.emit(NWEEK_BEGAN, f"nweek {ending + 1} begins", nweek=ending + 1)


class Weather(Rule):
    """The temperature, in degrees Celsius, is a value of the game; it starts at the value given when the game is created. The Administrator may set it at any time. If this rule lists temperatures, then as each nweek ends the temperature becomes the next one in the list (after the last, the first again). (Nomicon's definition, not from the source.)"""  # noqa: E501

    key = "weather"
    pack = PACK
    number = 4
    title = "The temperature"
    requires = GRID

    class Params(RuleParams):
        weekly: list[int] = Field(default_factory=list,
                                  description="temperatures taken in turn, one per nweek")

    params: Params

    @action("set-temperature", Arg("degrees", int, "degrees Celsius", minimum=-100,
                                   maximum=100), admin=True)
    def set_temperature(self, ctx: Ctx, actor: str, degrees: int) -> None:
        """Set the temperature."""
        change_temperature(ctx, degrees, "set by the Administrator")

    @hook(NWEEK_ENDED)
    def weekly_temperature(self, ctx: Ctx, data: Nweek) -> None:
        if self.params.weekly:
            week = int(data["nweek"])
            change_temperature(ctx, self.params.weekly[week % len(self.params.weekly)],
                               f"the temperature of nweek {week + 1}")

    @hook(events.ADMIN_SET)
    def set_by_path(self, ctx: Ctx, data: events.AdminSet) -> None:
        if data.get("path") == "board.temperature" and isinstance(data.get("value"), int):
            ctx.emit(TEMPERATURE_CHANGED, f"the temperature is {data['value']} °C",
                     degrees=data["value"], why="set by the Administrator")


def temperature(ctx: Ctx) -> int:
    value = ctx.get(["board", "temperature"], 10)
    return value if isinstance(value, int) else 10


def change_temperature(ctx: Ctx, degrees: int, why: str) -> None:
    ctx.set(["board", "temperature"], degrees)
    ctx.emit(TEMPERATURE_CHANGED, f"the temperature is {degrees} °C ({why})",
             degrees=degrees, why=why)


class Gremlins(Rule):
    """There exist Grid Objects called Gremlins: Passable Mobile Objects that the Administrator creates and places on the Grid. Each Gremlin is Active or not; the Administrator decides which. (Nomicon's definition, not from the source.)"""  # noqa: E501

    key = "gremlins"
    pack = PACK
    number = 5
    title = "Gremlins"
    requires = GRID

    @action("add-gremlin", Arg("x", int, minimum=1, maximum=20),
            Arg("y", int, minimum=1, maximum=20), Arg("name", str, required=False),
            admin=True)
    def add_gremlin(self, ctx: Ctx, actor: str, x: int, y: int, name: str | None = None) -> None:
        """Create an Active Gremlin on a square."""
        ctx.require(movement.may_object_occupy(ctx, (x, y)),
                    f"a Gremlin cannot stand on {board.square_label((x, y))}")
        oid = occupants.create(ctx, GREMLIN, location=(x, y), cause="added by the "
                               "Administrator", active=True, status=[], name=name or "")
        ctx.emit(GREMLIN_ADDED, f"a Gremlin ({oid}) appears on {board.square_label((x, y))}",
                 object=oid, square=[x, y])

    @action("set-gremlin-active", Arg("gremlin", str), Arg("active", bool), admin=True)
    def set_active(self, ctx: Ctx, actor: str, gremlin: str, active: bool) -> None:
        """Make a Gremlin Active or not."""
        record = occupants.obj(ctx, gremlin)
        ctx.require(record is not None and record.get("kind") == GREMLIN,
                    f"there is no Gremlin {gremlin!r}")
        occupants.update(ctx, gremlin, active=active)
        ctx.emit(GREMLIN_ACTIVE, f"{gremlin} is {'Active' if active else 'not Active'}",
                 object=gremlin, active=active)


class BonusBoxes(Rule):
    """There exist Grid Objects called Bonus Boxes: Passable Stationary Objects that the Administrator places on the Grid in secret. Each Bonus Box holds a number of points, more or less than zero, which is its type. Bonus Boxes are hidden from the players, except where a rule reveals them. When a player enters a square containing a Bonus Box, the Box opens and is removed: a Box with more than zero points gives them to the player out of the Gremlin Fund (as many as the Fund holds); a Box with fewer than zero points makes the player lose that many points to the Gremlin Fund. (Nomicon's definition, not from the source.)"""  # noqa: E501

    key = "bonus-boxes"
    pack = PACK
    number = 6
    title = "Bonus Boxes"
    requires = GRID

    @action("place-bonus-box", Arg("x", int, minimum=1, maximum=20),
            Arg("y", int, minimum=1, maximum=20),
            Arg("points", int, "what the Box gives (or, below zero, takes)"),
            admin=True, sealed=True)
    def place(self, ctx: Ctx, actor: str, x: int, y: int, points: int) -> None:
        """Place a Bonus Box on a square, in secret."""
        ctx.require(movement.may_object_occupy(ctx, (x, y)),
                    f"a Bonus Box cannot stand on {board.square_label((x, y))}")
        oid = occupants.create(ctx, BOX, location=(x, y), cause="placed by the Administrator",
                               to=[], points=points)
        ctx.emit(BONUS_BOX_PLACED, f"{oid} ({points:+d} points) is on "
                                          f"{board.square_label((x, y))}",
                 to=[], object=oid, square=[x, y], points=points)

    @hook(MOVED)
    def open_box(self, ctx: Ctx, data: Moved) -> None:
        player = data["player"]
        square = as_square(data["end"])
        if square is None or occupants.location(ctx, player) != square:
            return
        for oid in occupants.objects_at(ctx, square):
            record = occupants.obj(ctx, oid)
            if record is None or record.get("kind") != BOX:
                continue
            box: dict[str, Any] = {"player": player, "box": oid,
                                   "points": int(record.get("points", 0))}
            effect = ctx.adjust("grid.bonus-box.effect", box)
            if effect is None:
                continue  # a rule says this player is unaffected by Bonus Boxes
            damage.destroy(ctx, oid, f"opened by {effect['player']}", by=effect["player"])
            self._apply(ctx, effect["player"], effect["points"], oid)

    def _apply(self, ctx: Ctx, player: str, points: int, oid: str) -> None:
        ctx.emit(BONUS_BOX_OPENED, f"{player} opens a Bonus Box: {points:+d} points",
                 player=player, box=oid, points=points)
        if points > 0 and damage.has_points(ctx):
            given = min(points, damage.balance(ctx, FUND))
            if given > 0:
                ctx.transfer(FUND, player, given, POINTS, f"Bonus Box {oid}")
        elif points < 0:
            damage.lose_at_most(ctx, player, -points, f"Bonus Box {oid}")

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        if viewer == "admin":
            return
        shown = radar_reveals(view, viewer)
        objects = view.get("entities") or {}
        for oid in [o for o, rec in objects.items()
                    if isinstance(rec, dict) and rec.get("kind") == BOX]:
            if oid in shown:
                objects[oid] = {"kind": BOX, "owner": None,
                                "location": objects[oid].get("location"), "airborne": None,
                                "revealed_by": "radar"}
            else:
                del objects[oid]


class PlayerTraits(Rule):
    """Some players are Female, and some are Cheerleaders. The Administrator says which, and may change it at any time. (Nomicon's definition, not from the source.)"""  # noqa: E501

    key = "player-traits"
    pack = PACK
    number = 7
    title = "Female players and Cheerleaders"
    requires = GRID
    attributes = (Attribute("female", False, doc="set by the Administrator"),
                  Attribute("cheerleader", False, doc="set by the Administrator"))

    @action("set-traits", Arg("player", str), Arg("female", bool, required=False),
            Arg("cheerleader", bool, required=False), admin=True)
    def set_traits(self, ctx: Ctx, actor: str, player: str, female: bool | None = None,
                   cheerleader: bool | None = None) -> None:
        """Say whether a player is Female and whether e is a Cheerleader."""
        ctx.require(ctx.is_player(player), f"{player!r} is not a player")
        if female is not None:
            ctx.set_attr(player, "female", female)
        if cheerleader is not None:
            ctx.set_attr(player, "cheerleader", cheerleader)
        ctx.emit(TRAITS_SET, f"{player}: female {occupants.is_female(ctx, player)}, "
                 f"cheerleader {occupants.is_cheerleader(ctx, player)}", player=player)
