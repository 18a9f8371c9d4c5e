"""Sections IV and V of Ackanomic rule 1250.14, Diplomacy: the game, winning, the
payoff, and the errata (replacements, resigning, pauses).

Each phase's orders are a sealed step of the kernel (``steps.diplomacy-orders``): a
player's orders are seen by them, the referee and the admin until the phase is
resolved; the step's deadline is B4's time limit for the type of turn, and a player
who has not ordered by then holds (B6's default; the library's civil disorder in the
retreat and adjustment phases). The library's adjudicator resolves the phase.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Currency,
    Resolved,
    Rule,
    action,
    events,
    finish,
    hook,
    role,
    veto,
)
from nomicon_diplomacy import adjudication
from nomicon_diplomacy.events import (
    CLAIMED,
    ENDED,
    PHASE_OPENED,
    PHASE_RESOLVED,
    REPLACED,
    STARTED,
    Ended,
    PhaseResolved,
    Started,
)
from nomicon_diplomacy.start import (
    KEY,
    PACK,
    REFEREE,
    countries,
    details,
    referee,
    stage,
    table,
)

#: The sealed step that collects a phase's orders.
ORDERS = "diplomacy-orders"
HOURS = {"movement": "movement_hours", "retreats": "retreat_hours",
         "adjustments": "adjustment_hours"}
POINTS = 8
#: A pause for a player who is no longer active lasts at most this long (V).
PAUSE = timedelta(days=3)


def power_of(ctx: Ctx, player: str) -> str | None:
    return countries(ctx).get(player)


def player_of(ctx: Ctx, power: str) -> str | None:
    for player, held in countries(ctx).items():
        if held == power:
            return player
    return None


def position(ctx: Ctx) -> dict[str, Any]:
    found: dict[str, Any] = ctx.get([KEY, "position"])
    return found


def split_points(winners: int) -> int:
    """Each winner's share of the 8 points: 8 split evenly, or the greatest multiple of
    the number of winners below 8 split evenly (so ``8 // winners``); none for more
    than 8 winners (no such multiple exists) or none at all."""
    return POINTS // winners if 0 < winners <= POINTS else 0


class RulesOfTheGame(Rule):
    """IV. Rules of the Game: Standard Diplomacy shall be played, except as modified by the details announced per section III, and except that no physical board and pieces shall be used (athough it is permissible, but not required, for a web page to be maintained that simulates such), and except that a referee shall adjudicate all game moves and maintain the game state. The decisions of the referee are final."""  # noqa: E501

    key = "diplomacy-rules-of-the-game"
    pack = PACK
    number = 4
    title = "Rules of the Game"

    @hook(STARTED)
    def first_phase(self, ctx: Ctx, data: Started) -> None:
        self.open_phase(ctx)

    def open_phase(self, ctx: Ctx) -> None:
        """Open the sealed step of the phase to be played, for the players who have
        something to order; a phase in which none has is resolved at once."""
        while stage(ctx) == "playing":
            here = position(ctx)
            if adjudication.phase_of(here) == "COMPLETED":
                end(ctx, [], "the adjudicator has ended the game")
                return
            if all(ctx.seat_of(player).is_empty for player in countries(ctx)):
                # Nobody is left to order: the game waits for replacements (V) rather
                # than play phase after phase of holds at once.
                return
            ordering = [player for player, power in countries(ctx).items()
                        if adjudication.orderable(here, power)]
            if ordering:
                break
            self._resolve(ctx, {})
        else:
            return
        kind = adjudication.phase_kind(here)
        hours = details(ctx).get(HOURS[kind], 72)
        phase = adjudication.phase_of(here)
        # The referee reads the orders: whoever holds the role when they are read, so
        # that a new referee (V) reads the open phase's too.
        ctx.open_step(ORDERS, ordering, deadline=timedelta(hours=hours), default=[],
                      visible_to=[role(REFEREE)], changeable=True,
                      on_resolve=self.orders_in, data={"phase": phase})
        opened = ctx.step(ORDERS)
        ctx.emit(PHASE_OPENED, f"{phase}: orders are due from {', '.join(ordering)} "
                               f"within {hours} hours",
                 phase=phase, ordering=ordering,
                 deadline=opened.deadline if opened is not None else None)

    def _mine(self, ctx: Ctx, actor: str, orders: list[str]) -> None:
        power = power_of(ctx, actor)
        if power is None:
            ctx.refuse("you have no country in this game of Diplomacy")
        mine = {place.upper().split("/")[0]
                for place in adjudication.orderable(position(ctx), power)}
        for order in orders:
            if not isinstance(order, str):
                ctx.refuse(f"{order!r} is not an order", detail='an order reads "A PAR - BUR"')
            place = adjudication.ordered_province(order)
            if place is None and order.strip().upper() == "WAIVE":
                continue
            if place is None:
                ctx.refuse(f"{order!r} orders no unit",
                           detail='an order names a unit first: "A PAR - BUR", "F BRE H"')
            if place not in mine:
                ctx.refuse(f"{order!r}: {power.title()} has nothing to order in {place}",
                           detail=f"{power.title()} may order in {', '.join(sorted(mine))}"
                                  if mine else f"{power.title()} has nothing to order")

    @action("orders", Arg("orders", list, 'your orders, e.g. ["A PAR - BUR", "F BRE H"]'),
            sealed=True)
    def orders(self, ctx: Ctx, actor: str, orders: list[str]) -> None:
        """Order your units for this phase (in the library's notation); you may change
        your orders until the phase is resolved. Only the referee sees them."""
        self._mine(ctx, actor, orders)
        ctx.submit(ORDERS, actor, [order.strip().upper() for order in orders])

    @orders.check
    def _orders_check(self, ctx: Ctx, actor: str) -> None:
        step = ctx.step(ORDERS)
        ctx.require(step is not None, "no phase awaits orders")
        ctx.require(step is not None and actor in step.players,
                    "you have nothing to order this phase")

    @action("hold", sealed=True)
    def hold(self, ctx: Ctx, actor: str) -> None:
        """Give no orders this phase, as a bot would (III B8): your units hold; in a
        retreat phase your dislodged units disband, and you build nothing."""
        ctx.submit(ORDERS, actor, [])

    @hold.check
    def _hold_check(self, ctx: Ctx, actor: str) -> None:
        self._orders_check(ctx, actor)

    def orders_in(self, ctx: Ctx, resolved: Resolved) -> None:
        by_power = {power_of(ctx, player) or "": list(given or [])
                    for player, given in resolved.submissions.items()}
        if ctx.is_paused():
            # The step closed during a pause (its last player left): no game play
            # occurs during a pause, so the phase is adjudicated when it ends (Rule 52).
            ctx.set([KEY, "deferred"], by_power)
            return
        self._resolve(ctx, by_power)
        self.open_phase(ctx)

    @hook(events.GAME_RESUMED)
    def resumed(self, ctx: Ctx, data: events.GameResumed) -> None:
        due = ctx.timer_due(f"step:{ORDERS}")
        if ctx.step(ORDERS) is not None and due is not None:
            # The kernel moved the deadline's timer on by the pause; the step's record,
            # which views show, says the same (no paused time counts, Rule 52).
            ctx.set(["steps", ORDERS, "deadline"], due)
        deferred = table(ctx).get("deferred")
        if deferred is not None and stage(ctx) == "playing":
            ctx.set([KEY, "deferred"], None)
            self._resolve(ctx, deferred)
        if stage(ctx) == "playing" and ctx.step(ORDERS) is None:
            self.open_phase(ctx)

    def _resolve(self, ctx: Ctx, by_power: dict[str, list[str]]) -> None:
        before = position(ctx)
        outcome = adjudication.adjudicate(before, by_power)
        # The board the last phase's orders were given on, for the map (map_svg).
        ctx.set([KEY, "previous"], before)
        ctx.set([KEY, "position"], outcome.position)
        record = {"phase": outcome.phase, "orders": outcome.orders,
                  "results": {unit: found for unit, found in outcome.results.items() if found}}
        ctx.state.append([KEY, "phases"], record)
        following = adjudication.phase_of(outcome.position)
        ctx.emit(PHASE_RESOLVED, f"{outcome.phase} is resolved; next: {following}",
                 phase=outcome.phase, orders=outcome.orders, results=record["results"],
                 centres=adjudication.centres(outcome.position), next=following)
        winners = [player_of(ctx, power) for power in outcome.solo]
        if winners and all(winners):
            end(ctx, [w for w in winners if w], "a single player controls 18 supply centres")
            return
        last = details(ctx).get("last_year") or 0
        year = int(following[1:5]) if following[1:5].isdigit() else 0
        if last and year > last:
            end(ctx, [], f"the game is terminated after {last} (B7); no winner is determined")


def end(ctx: Ctx, winners: list[str], reason: str) -> None:
    """The game ends with ``winners`` (Winning the game); the payoff follows (Rule 42)."""
    if stage(ctx) != "playing":
        return
    if ctx.step(ORDERS) is not None:
        ctx.state.delete(["steps", ORDERS])
        ctx.cancel_timer(f"step:{ORDERS}")
    share = split_points(len(winners))
    points = {winner: share for winner in winners} if share else {}
    ctx.set([KEY, "stage"], "ended")
    ctx.set([KEY, "winners"], winners)
    ctx.set([KEY, "points"], points)
    ctx.set(["winners"], winners)
    shown = ", ".join(winners) if winners else "no winner"
    ctx.emit(ENDED, f"the game of Diplomacy ends: {reason}; {shown}", winners=winners,
             points=points, referee=referee(ctx), reason=reason)
    finish(ctx, f"{reason}; {shown}")


class WinningTheGame(Rule):
    """Winning the game: Unless specified otherwise in the details announced per section III, the first single player to achieve the winning conditions of Standard Diplomacy shall win the game. Also, unless countermanded as per section III, 2 or more players may claim a win by, as a group, controlling enough of the game space such that if said control were achieved by a single player, that player would win, provided all players involved acknowledge this claim seperately to the referee. [e.g, if 2 or more players control 18 sc's between themselves, they can announce a co-win]."""  # noqa: E501

    key = "diplomacy-winning"
    pack = PACK
    number = 41
    title = "Winning the game"
    # The single winner is found by Rule 4 when a phase is resolved.

    @action("claim-co-win", Arg("players", list, "the players who claim the win together"))
    def claim(self, ctx: Ctx, actor: str, players: list[str]) -> None:
        """Claim a win with other players who together control 18 supply centres; the
        claim wins when each of them has acknowledged it."""
        group = list(dict.fromkeys(players))
        ctx.require(actor in group, "you claim a win with others, not for them")
        ctx.require(len(group) >= 2, "a co-win is claimed by 2 or more players")
        strangers = [p for p in group if power_of(ctx, p) is None]
        ctx.require(not strangers, f"{', '.join(map(str, strangers))} play no country here")
        counts = adjudication.centres(position(ctx))
        held = sum(counts.get(power_of(ctx, p) or "", 0) for p in group)
        ctx.require(held >= adjudication.VICTORY,
                    f"together you control {held} supply centres",
                    detail=f"a single player wins with {adjudication.VICTORY}")
        ctx.set([KEY, "claim"], {"claimants": group, "acknowledged": [actor]})
        ctx.emit(CLAIMED, f"{', '.join(group)} claim a co-win with {held} supply centres",
                 claimants=group, acknowledged=[actor])
        self._settle(ctx)

    @claim.check
    def _claim_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(stage(ctx) == "playing" and actor in countries(ctx),
                    "you play in no game of Diplomacy being played")

    @action("acknowledge-co-win")
    def acknowledge(self, ctx: Ctx, actor: str) -> None:
        """Acknowledge the co-win claimed with you."""
        claim = table(ctx)["claim"]
        acknowledged = [*claim["acknowledged"], actor]
        ctx.set([KEY, "claim", "acknowledged"], acknowledged)
        ctx.emit(CLAIMED, f"{actor} acknowledges the co-win", claimants=claim["claimants"],
                 acknowledged=acknowledged)
        self._settle(ctx)

    @acknowledge.check
    def _acknowledge_check(self, ctx: Ctx, actor: str) -> None:
        claim = table(ctx).get("claim")
        ctx.require(claim is not None and stage(ctx) == "playing", "no co-win is claimed")
        assert claim is not None
        ctx.require(actor in claim["claimants"], "the claim is not yours",
                    detail=f"it is claimed by {', '.join(claim['claimants'])}")
        ctx.require(actor not in claim["acknowledged"], "you have acknowledged it already")

    def _settle(self, ctx: Ctx) -> None:
        claim = table(ctx)["claim"]
        if set(claim["acknowledged"]) >= set(claim["claimants"]):
            end(ctx, list(claim["claimants"]), "a co-win claimed and acknowledged by all")

    @hook(PHASE_RESOLVED)
    def claims_lapse(self, ctx: Ctx, data: PhaseResolved) -> None:
        # A claim is about the board when it was made: a new phase asks for a new one.
        if stage(ctx) == "playing" and table(ctx).get("claim") is not None:
            ctx.set([KEY, "claim"], None)


class Payoff(Rule):
    """Upon a winning condition being achieved, the game ends. All winners split 8 points evenly. If the number of winners does not divide evenly into 8, however, the number of points split is the greatest positive multiple of the number of winners that is less than 8. If no such number exists, no points are awarded. The Golden Knife is awarded as a Trophy. If the game ends without a winner or winners being declared, however, no points are awarded. Upon the end of a game, the referee receives A$10."""  # noqa: E501

    key = "diplomacy-payoff"
    pack = PACK
    number = 42
    title = "Payoff"
    currencies = (Currency("points", 0, doc="Ackanomic points"),
                  Currency("A$", 0, doc="Ackanomic dollars"))
    attributes = (Attribute("golden_knives", 0, doc="Golden Knife Trophies won"),)

    @hook(ENDED)
    def pay(self, ctx: Ctx, data: Ended) -> None:
        if ctx.parent() is not None:
            return  # a child game: the parent's rule settles the result (README)
        for winner, share in data["points"].items():
            ctx.gain(winner, share, "won the game of Diplomacy")
        for winner in data["winners"]:
            # Each winner, co-winners too, receives the Golden Knife (INTERPRETATIONS.md).
            ctx.set_attr(winner, "golden_knives", ctx.attr(winner, "golden_knives", 0) + 1)
        chosen = data["referee"]
        if chosen is not None and ctx.is_player(chosen):
            ctx.gain(chosen, 10, "refereed the game of Diplomacy", "A$")


class Errata(Rule):
    """V. Errata Upon a player or referee of Diplomacy becoming no longer an active Ackanomic player, the game is paused until a replacment is found, and such replacement is acknowledged by the referee, or the Speaker in the cases where there is no referee, or the player in question is replacing the referee. The game becomes unpaused upon all non-active players being replaced, or upon being in a paused state for 3 consecutive days, whichever occurs first. The replacement shall play in the former players stead until that player once again achieves active status in Ackanomic."""  # noqa: E501

    key = "diplomacy-errata"
    pack = PACK
    number = 5
    title = "Errata"

    # A player who leaves (``leave-game``), or whom the admin records as gone
    # (``remove-player``: no longer active in Ackanomic) leaves their seat empty.
    @hook(events.SEAT_LEFT)
    def inactive(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        player = data["player"]
        if stage(ctx) != "playing" or (player not in countries(ctx) and player != referee(ctx)):
            return
        ctx.state.append([KEY, "inactive"], player)
        if ctx.actor == player:  # they left of their own accord: they resigned (Rule 51)
            ctx.state.append([KEY, "resigned"], player)
        if not ctx.is_paused():
            ctx.pause(f"{player} is no longer active: waiting for a replacement", until=PAUSE)

    @action("acknowledge-replacement", Arg("player", str, "the player no longer active"),
            Arg("by", str, "who replaces them"))
    def acknowledge(self, ctx: Ctx, actor: str, player: str, by: str) -> None:
        """The referee acknowledges a replacement for a player who is no longer active."""
        self._replace(ctx, player, by)

    @acknowledge.check
    def _acknowledge_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(actor == referee(ctx), "only the referee acknowledges a replacement",
                    detail="the Speaker (the admin) does when the referee is replaced")
        ctx.require(bool(table(ctx).get("inactive")), "nobody waits for a replacement")

    @action("speaker-acknowledges-replacement", Arg("player", str, "who is replaced"),
            Arg("by", str, "who replaces them"), admin=True)
    def speaker(self, ctx: Ctx, actor: str, player: str, by: str) -> None:
        """The Speaker acknowledges a replacement: for the referee, or when there is
        no referee."""
        self._replace(ctx, player, by)

    def _replace(self, ctx: Ctx, player: str, by: str) -> None:
        waiting: list[str] = table(ctx).get("inactive", [])
        ctx.require(player in waiting, f"{player} is not waiting for a replacement",
                    detail=f"waiting: {', '.join(waiting)}" if waiting else "nobody is")
        ctx.require(player not in table(ctx)["resigned"] or by != player,
                    f"{player} resigned and may never play this game again")
        ctx.require(by not in countries(ctx) and by != referee(ctx),
                    f"{by} plays in this game already")
        ctx.require(by not in waiting, f"{by} is no longer active")
        if player == referee(ctx):
            ctx.require(ctx.actor in ("admin", None), "the Speaker acknowledges a new referee")
            ctx.require(ctx.is_player(by), f"{by} is not a member of this game",
                        detail="a new referee is a member who plays no country")
            ctx.revoke_role(player, REFEREE, "no longer active")
            ctx.grant_role(by, REFEREE, f"replaces {player} as the referee")
            ctx.set([KEY, "referee"], by)
        else:
            # The replacement plays the seat in the player's stead (the kernel's seats).
            ctx.seat(player, played_by=by)
        ctx.set([KEY, "inactive"], [p for p in waiting if p != player])
        ctx.emit(REPLACED, f"{by} replaces {player}", player=player, by=by)
        if not table(ctx)["inactive"] and ctx.is_paused():
            ctx.resume("every player who is no longer active has been replaced")
        elif not ctx.is_paused() and ctx.step(ORDERS) is None:
            # Someone plays again: the game waiting for replacements goes on (Rule 4).
            for rule in ctx.rules.by_rid.values():
                if isinstance(rule, RulesOfTheGame):
                    with ctx.running(rule):
                        rule.open_phase(ctx)


class Resigning(Rule):
    """A player may resign from Diplomacy, in which case they are treated as a non-active player as above, except they may never participate in that instance of Diplomacy again."""  # noqa: E501

    key = "diplomacy-resigning"
    pack = PACK
    number = 51
    title = "Resigning"

    # A player resigns by leaving the game themself (the kernel's ``leave-game``):
    # Rule 5 records them as resigned, and pauses the game as for any player gone.


class NoPlayWhilePaused(Rule):
    """No game play shall occur while the game is in a state of pause, and no time in a state of pause shall count towards any durations in the game, except for counting towards the pause duration, of course."""  # noqa: E501

    key = "diplomacy-pause"
    pack = PACK
    number = 52
    title = "Pauses"
    # The kernel stops the clock: the orders' deadline moves on by the pause.

    @veto("orders", "hold", "claim-co-win", "acknowledge-co-win")
    def no_play(self, ctx: Ctx, actor: str, decl: ActionDecl, args: dict[str, Any]) -> None:
        if ctx.is_paused():
            ctx.refuse("the game is paused", detail="no game play occurs during a pause")


RULES: tuple[type[Rule], ...] = (RulesOfTheGame, WinningTheGame, Payoff, Errata, Resigning,
                                 NoPlayWhilePaused)


def map_svg(view: dict[str, Any]) -> str:
    """The standard map as a viewer's ``view`` of a game shows it: the board of the last
    phase resolved with its orders drawn on it, or, before any, the current board (the
    library's renderer). Orders not yet revealed are not in the view, so not drawn."""
    found = view.get(KEY) or {}
    phases, before = found.get("phases") or [], found.get("previous")
    if phases and before is not None:
        return adjudication.render(before, phases[-1]["orders"])
    here = found.get("position") or adjudication.opening()
    return adjudication.render(here)
