"""Sections I to III of Ackanomic rule 1250.14, Diplomacy: equipment, players, and the
procedure that starts an instance (steps A to F).

The state of the game is kept under ``diplomacy``: the procedure's ``stage`` (none,
announced, enrolling, aborted, playing, ended), the ``referee``, the ``details`` the
referee announced (step B), the ``enrolled`` players and the end of enrolment, the
``countries`` (player: power), the ``position`` (the adjudicator's, see
:mod:`nomicon_diplomacy.adjudication`), the ``phases`` resolved and their orders, and
at the end the ``winners`` and ``points``.

Played as a child game the parent's rule ran the procedure: the parent names the
players and the referee, and the game starts at step F when they are all members.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    Arg,
    Ctx,
    Rule,
    RuleParams,
    action,
    events,
    hook,
    iso,
)
from nomicon_diplomacy import adjudication
from nomicon_diplomacy.events import ENROLLED, PROCEDURE, STARTED

PACK = "ackanomic-diplomacy"
KEY = "diplomacy"
REFEREE = "referee"


def new_table() -> dict[str, Any]:
    """The ``diplomacy`` part of the state before step A."""
    return {"stage": "none", "referee": None, "details": None, "enrolled": [],
            "enrolment_ends": None, "countries": {}, "position": None, "previous": None,
            "phases": [], "claim": None, "resigned": [], "inactive": [], "winners": [],
            "points": {}}


def table(ctx: Ctx) -> dict[str, Any]:
    # Empty in a game of another pack into which a proposal enacted one of these rules.
    found: dict[str, Any] = ctx.get([KEY], None) or {}
    return found


def stage(ctx: Ctx) -> str:
    found: str = ctx.get([KEY, "stage"], "none")
    return found


def referee(ctx: Ctx) -> str | None:
    found: str | None = ctx.get([KEY, "referee"])
    return found


def countries(ctx: Ctx) -> dict[str, str]:
    found: dict[str, str] = ctx.get([KEY, "countries"], {})
    return found


def details(ctx: Ctx) -> dict[str, Any]:
    found: dict[str, Any] = ctx.get([KEY, "details"]) or {}
    return found


class Equipment(Rule):
    """I. General Equipment: None."""

    key = "diplomacy-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"


class NumberOfPlayers(Rule):
    """II. Number of Players: Minimum 2, maximum: Number of Ackanomic players less 1. Referees: 1"""

    key = "diplomacy-players"
    pack = PACK
    number = 2
    title = "Number of Players"
    # Step B's bounds are checked against this rule's (``bounds``).


def bounds(ctx: Ctx) -> tuple[int, int]:
    """The least and most players an instance may have now (II): 2, and the members
    less 1, but no more than the seven powers of the standard map (INTERPRETATIONS.md)."""
    return 2, min(len(adjudication.POWERS), max(len(ctx.players()) - 1, 0))


class StartingAnInstance(Rule):
    """III. Starting an instance of the game: The game is started upon the completion of the following ordered list of steps: A. A player announces their intent to be a referee for a game of Diplomacy. For the purposes of this section, they will be referred to as the "Referee", athough they do not become so until the game actually starts. They may abort this procedure at any time before step F occurs, by publically announcing this action, in which case no instance of a game occurs. B. The Referee announces the following information: 1) The minimum and maximum number of players in the game. 2) Any variations to the Rules of Standard Diplomacy. Such variations may not scope beyond the game of Diplomacy. For the purposes of this game, "Rules of Standard Diplomacy" means the document entitled "Rules for Diplomacy", copyright 1976, as published by The Avalon Hill Game Co. The variant must at least be recognizable as form of the game of Diplomacy. 3) If the variant uses countries, the method in which countries shall be assigned. 4) If the variant uses orders or moves, and turns, the time limit by which orders or moves must be submitted from the announced start of a turn. If multiple types of turns exist [eg, "move" and "build"], different time limits may be specified for each type. For the purposes of these rules, "moves" should be construed as any possible game action that requires notifiying the referee. 5) The method of adjudication. The valid methods are "manual" and "automated". If manual adjudication is specified, the form of all valid moves in the game and the manner of communication with the referee must be specified. If automated adjudication is specified, the referee must specify instructions on how to use the "judge", or provide a pointer to a suitable set of instructions. In either case, it should be such that a player may play the game with e-mail only access to the Internet. 6) The default action for all late, ambiguous, or otherwise invalid orders or moves, and some sort of discussion of what constitutes a late, ambiguous, or invalid move. 7) The conditions, if any, under which the game will be terminated prematurely [e.g., after the Autumn 1930 move], and the method for determining a winner or winners in such a case. It is not required that a winner be determined in this case. 8) The actions of any bots playing in the game, as per section V. Bots can replace players who are on vacation or leave the game. [e.g, bots always submit unambigious hold orders for all their units, and never submit build orders.] C. The referee announces open enrollment in the game, and the deadline by which open enrollment shall end. D. Ackanomic players other than the referee who wish to play shall e-mail the referee stating this intention. This step shall end upon the occurrance of either of the following 2 events: The open enrollment deadline occurs, or, the maximum number of players for this instance of the game have signed up. E. Upon the former event occurring, the game cannot start unless at least the minimum number of players enrolled, and, in this case, this procedure is aborted with no game instance occurring. F. The referee announces the start of the game, the names and e-mail addresses of all the players, and any necessary initial data [e.g. country assignments]."""  # noqa: E501

    key = "diplomacy-starting"
    pack = PACK
    number = 3
    title = "Starting an instance of the game"

    class Params(RuleParams):
        # B4's time limits, one per type of turn, in hours from the start of the turn.
        movement_hours: int = Field(72, ge=1, description="time limit of a movement turn")
        retreat_hours: int = Field(24, ge=1, description="time limit of a retreat turn")
        adjustment_hours: int = Field(24, ge=1, description="time limit of a build turn")
        # B7: the year after whose last phase the game ends (0: it ends only when won).
        last_year: int = Field(0, ge=0, description="year after which the game ends")

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        if ctx.get([KEY]) is None:
            ctx.set([KEY], new_table())
        self._start_child(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_child(ctx)

    def _start_child(self, ctx: Ctx) -> None:
        link = ctx.parent()
        if link is None or stage(ctx) != "none":
            return
        # A child game: the parent's rule ran steps A to E; step F when all are here.
        players, chosen = list(link["players"]), link["referee"]
        if not set(players) | ({chosen} - {None}) <= set(ctx.players()):
            return
        ctx.set([KEY, "referee"], chosen)
        ctx.set([KEY, "details"], self._defaults(len(players), len(players)))
        ctx.set([KEY, "enrolled"], players)
        self.start(ctx)

    def _defaults(self, least: int, most: int) -> dict[str, Any]:
        # B2, B3, B5, B6 and B8 as Nomicon plays them (INTERPRETATIONS.md): standard
        # Diplomacy, countries by the dice, automated adjudication by the library,
        # a late or invalid order is void and the unit holds, bots hold.
        return {"min_players": least, "max_players": most, "variant": "standard",
                "countries": "by the dice, one roll per power in turn",
                "movement_hours": self.params.movement_hours,
                "retreat_hours": self.params.retreat_hours,
                "adjustment_hours": self.params.adjustment_hours,
                "adjudication": "automated", "default": "hold",
                "last_year": self.params.last_year, "bots": "hold"}

    # -- A -------------------------------------------------------------------------
    @action("volunteer-referee")
    def volunteer(self, ctx: Ctx, actor: str) -> None:
        """Step A: announce your intent to referee a game of Diplomacy."""
        variant = table(ctx).get("variant")
        ctx.set([KEY], {**new_table(), "stage": "announced", "referee": actor})
        if variant is not None:
            ctx.set([KEY, "variant"], variant)
        ctx.emit(PROCEDURE, f"{actor} intends to referee a game of Diplomacy (step A)",
                 stage="announced", referee=actor)

    @volunteer.check
    def _volunteer_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.parent() is None, "the game that started this one chose its referee")
        ctx.require(stage(ctx) in ("none", "aborted"),
                    "a game of Diplomacy is already under way",
                    detail=f"its procedure is at the stage {stage(ctx)!r}")

    @action("abort-procedure")
    def abort(self, ctx: Ctx, actor: str) -> None:
        """Step A: abort the procedure before the game starts; no game occurs."""
        self._abort(ctx, f"{actor} aborted the procedure")

    @abort.check
    def _abort_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(stage(ctx) in ("announced", "enrolling"), "no procedure is under way")
        ctx.require(actor == referee(ctx), "only the Referee may abort the procedure",
                    detail=f"the Referee is {referee(ctx)}")

    def _abort(self, ctx: Ctx, why: str) -> None:
        ctx.cancel_timer("diplomacy-enrolment")
        ctx.set([KEY, "stage"], "aborted")
        ctx.emit(PROCEDURE, f"no game of Diplomacy occurs: {why}", stage="aborted",
                 referee=referee(ctx))

    # -- B, C -------------------------------------------------------------------------
    @action("announce-details",
            Arg("min_players", int, "B1: the least players", required=False, default=2),
            Arg("max_players", int, "B1: the most players (0: as many as may play)",
                required=False, default=0),
            Arg("enrolment_hours", int, "C: hours until open enrolment ends",
                required=False, default=72))
    def announce(self, ctx: Ctx, actor: str, min_players: int = 2, max_players: int = 0,
                 enrolment_hours: int = 72) -> None:
        """Steps B and C: announce the game's details and open enrolment."""
        least, most = bounds(ctx)
        max_players = max_players or most
        ctx.require(least <= min_players <= max_players <= most,
                    f"an instance has between {least} and {most} players",
                    detail=f"you announced {min_players} to {max_players}")
        ctx.require(enrolment_hours >= 1, "enrolment must stay open for an hour at least")
        ends = ctx.now + timedelta(hours=enrolment_hours)
        ctx.set([KEY, "details"], self._defaults(min_players, max_players))
        ctx.set([KEY, "stage"], "enrolling")
        ctx.set([KEY, "enrolment_ends"], iso(ends))
        ctx.set_timer("diplomacy-enrolment", ends, self.enrolment_over)
        ctx.emit(PROCEDURE, f"{actor} announces a game of Diplomacy for {min_players} to "
                            f"{max_players} players; enrolment is open until {iso(ends)}",
                 stage="enrolling", referee=actor)

    @announce.check
    def _announce_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(stage(ctx) == "announced", "no game awaits its details",
                    detail="a player first announces their intent to referee (step A)")
        ctx.require(actor == referee(ctx), "only the Referee announces the details",
                    detail=f"the Referee is {referee(ctx)}")
        least, most = bounds(ctx)
        ctx.require(least <= most, f"a game needs {least} players besides the Referee",
                    detail=f"the table has {len(ctx.players())} members")

    # -- D, E -------------------------------------------------------------------------
    @action("enroll")
    def enroll(self, ctx: Ctx, actor: str) -> None:
        """Step D: ask the Referee to play in the game."""
        ctx.state.append([KEY, "enrolled"], actor)
        ctx.emit(ENROLLED, f"{actor} enrols in the game of Diplomacy", player=actor)
        if len(table(ctx)["enrolled"]) >= details(ctx)["max_players"]:
            ctx.cancel_timer("diplomacy-enrolment")
            self.start(ctx)

    @enroll.check
    def _enroll_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(stage(ctx) == "enrolling", "enrolment is not open")
        ctx.require(actor != referee(ctx), "the Referee does not play",
                    detail="D: players other than the referee enrol")
        ctx.require(actor not in table(ctx)["enrolled"], "you are enrolled already")

    def enrolment_over(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """Enrolment's deadline: E, then F."""
        if stage(ctx) != "enrolling":
            return
        enrolled, least = table(ctx).get("enrolled", []), details(ctx).get("min_players", 2)
        if len(enrolled) < least:
            self._abort(ctx, f"{len(enrolled)} enrolled, fewer than the minimum of {least}")
        else:
            self.start(ctx)

    # -- F ----------------------------------------------------------------------------
    def start(self, ctx: Ctx) -> None:
        """Step F: assign the countries with the dice and start the game."""
        players = list(table(ctx)["enrolled"])
        powers = ctx.shuffle(list(adjudication.POWERS), "countries (one roll per power, "
                                                         "in the library's order)")
        assigned = dict(zip(players, powers, strict=False))
        chosen = referee(ctx)
        if chosen is not None:
            ctx.grant_role(chosen, REFEREE, "referees the game of Diplomacy")
        ctx.set([KEY, "countries"], assigned)
        ctx.set([KEY, "stage"], "playing")
        ctx.set([KEY, "position"], table(ctx).get("variant") or adjudication.opening())
        shown = ", ".join(f"{player} {power.title()}" for player, power in assigned.items())
        ctx.emit(STARTED, f"the game of Diplomacy starts: {shown}; "
                          f"{chosen or 'the engine'} referees",
                 countries=assigned, referee=chosen)


RULES: tuple[type[Rule], ...] = (Equipment, NumberOfPlayers, StartingAnInstance)
