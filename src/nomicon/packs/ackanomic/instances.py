"""Ackanomic rule 1250.1, section VI: starting an instance of a game, as rule text.

Each game of Games & Contests (1250.7 to 1250.15) is a rule of the parent game, a
:class:`GameRule`, that says what :class:`GameSpec` the game has: the child pack
that plays it, its limits on players, its referee and how the dice seat its players.
The rules in force that are games make the table from a game's rule number
(``"1250.7"``) to its child pack, limits and payoff: a proposal that repeals a game's
rule takes it off the table, and one that amends its parameters changes its payoff.

An instance is a record of ``instances.<n>`` (the kernel's records, indexed by
status): ``enrolling`` from its announcement, then ``started`` with its child game,
then ``settled`` once the child's result is paid, or ``aborted`` before it starts.
Its child game is the kernel's ``children.<id>``, marked with ``game``, the child
game's id.

The seed refers to section VI without giving it (the text of 1250.1 is not among
the texts Nomicon ships); the rule below is reconstructed from what the games say of
it and from Diplomacy's own start (1250.14 III), and INTERPRETATIONS.md says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from string import ascii_uppercase
from typing import Any, ClassVar

from pydantic import Field

from nomicon.authoring import Arg, Ctx, Rule, RuleParams, action, events, hook, iso
from nomicon.packs.ackanomic.events import (
    ABORTED,
    ANNOUNCED,
    ENROLLED,
    INSTANCE_ENDED,
    INSTANCE_STARTED,
    REFEREE_VOLUNTEERED,
    InstanceEnded,
)

PACK = "ackanomic"
#: Where the parent keeps its instances (records of the kernel, indexed by status).
TABLE = "instances"
ENROLLING, STARTED, SETTLED, ABORTED_STATUS = "enrolling", "started", "settled", "aborted"
#: The status of a player on vacation (Rule 5 of the parent): such a player is not active.
VACATION = "vacation"
#: The ways 1250.1 VI and the games seat their players with the dice.
DRAWS = ("order", "numbers", "letters")


def rule_number(seed_number: str) -> int:
    """The number of the parent's rule for the seed's rule ``seed_number``: rule
    ``1250.N`` is rule ``125000 + N`` (rule numbers are whole numbers, and 1250.1 and
    1250.10 must differ)."""
    major, _, minor = seed_number.partition(".")
    return int(major) * 100 + int(minor or 0)


@dataclass(frozen=True)
class GameSpec:
    """What a game's rule says of its instances.

    ``number`` is the seed's rule number (``"1250.7"``); ``pack`` the child pack that
    plays it (None: not built yet); ``least`` and ``most`` its players, or with
    ``below_active`` set, at most the number of active players less that many (0: as
    many as there are active players), evaluated when the instance is announced;
    ``referees`` 0 or 1; ``office`` the office whose holder referees (the Limerick
    Contest's Count Tabula); ``referee_plays`` whether the referee may also play;
    ``draw`` how the dice seat the players (``order``, ``numbers``, ``letters``);
    ``duel`` whether it may settle a Duel; ``params`` the child pack's parameters;
    ``plugin`` the separate distribution that provides ``pack`` (None: this package
    does); ``announcer_referees`` whether its announcer is its referee.
    """

    number: str
    title: str
    pack: str | None
    least: int
    most: int | None = None
    below_active: int | None = None
    referees: int = 1
    office: str | None = None
    referee_plays: bool = False
    draw: str = "order"
    duel: bool = False
    params: dict[str, Any] = field(default_factory=dict)
    plugin: str | None = None
    announcer_referees: bool = False

    def __post_init__(self) -> None:
        if (self.most is None) == (self.below_active is None):
            raise ValueError(f"{self.number}: give either most or below_active")
        if self.draw not in DRAWS:
            raise ValueError(f"{self.number}: draw is one of {DRAWS}, not {self.draw!r}")


class GameRule(Rule):
    """A game of Games & Contests, played as an instance in a child game. Subclasses
    give ``spec`` and pay the game's payoff in :meth:`payoff`."""

    pack = PACK
    spec: ClassVar[GameSpec]

    @hook(INSTANCE_ENDED)
    def on_instance_ended(self, ctx: Ctx, data: InstanceEnded) -> None:
        if data["game"] == self.spec.number:
            # A copy: the state's own balances change as the payoff pays.
            before = {holder: dict(held) for holder, held in
                      (ctx.get(["accounts"], None) or {}).items()}
            self.payoff(ctx, data)
            # What the payoff moved, kept in the instance's record for its readers (the
            # parent's page of instances): the payoff is the game's rule's to compute.
            ctx.set([TABLE, str(data["instance"]), "payoff"],
                    moved(before, ctx.get(["accounts"], None) or {}))

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """Pay what the game's text pays for the instance ``data`` (nothing here)."""

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        """The child pack's parameters for a new instance (``duel``: one that settles
        a Duel)."""
        return dict(self.spec.params)

    def instance_params(self, ctx: Ctx, record: dict[str, Any]) -> dict[str, Any]:
        """The child pack's parameters for the instance ``record`` being started: by
        default :meth:`child_params`, told whether it settles a Duel."""
        return self.child_params(ctx, record["duel"] is not None)


def moved(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]
          ) -> dict[str, dict[str, int]]:
    """What changed from the balances ``before`` to those ``after``: per holder, the
    goods and money gained (or lost, negative)."""
    found: dict[str, dict[str, int]] = {}
    for holder in sorted(set(before) | set(after)):
        was, now = before.get(holder) or {}, after.get(holder) or {}
        change = {good: now.get(good, 0) - was.get(good, 0) for good in sorted(set(was) | set(now))
                  if now.get(good, 0) != was.get(good, 0)}
        if change:
            found[holder] = change
    return found


def games(ctx: Ctx) -> dict[str, GameRule]:
    """The games of the rules in force, by the seed's rule number."""
    return {rule.spec.number: rule for rule in ctx.rules.rules if isinstance(rule, GameRule)}


def is_installed(ctx: Ctx, spec: GameSpec) -> bool:
    """Whether the child pack of ``spec``'s game is installed here (a plug-in's may
    not be: the parent never imports it, and asks the game's registry of packs)."""
    if spec.pack is None:
        return False
    try:
        ctx.game.registry.pack(spec.pack)
    except Exception:  # the registry's own error: the pack is not installed
        return False
    return True


def missing(spec: GameSpec) -> str:
    """Why ``spec``'s game cannot be played here: its pack is not installed."""
    source = f"the plug-in {spec.plugin}" if spec.plugin else "the pack"
    return f"{spec.title} ({spec.number}) is played by {source} (pack {spec.pack}), " \
           "which is not installed"


def is_active(ctx: Ctx, player: str) -> bool:
    """Whether ``player`` is an active player: a player of the game who has not left
    and is not on vacation."""
    return (ctx.is_player(player) and not ctx.seat_of(player).left
            and not ctx.has_status(player, VACATION))


def active_players(ctx: Ctx) -> list[str]:
    return [player for player in ctx.players() if is_active(ctx, player)]


def most_players(spec: GameSpec, active: int) -> int:
    """The most players an instance of ``spec``'s game may have with ``active`` active
    players."""
    return spec.most if spec.most is not None else active - (spec.below_active or 0)


def office_holder(ctx: Ctx, office: str) -> str | None:
    """The active player who holds ``office``, or None."""
    held = [name for name in ctx.role_holders(office) if is_active(ctx, name)]
    return held[0] if held else None


def instance(ctx: Ctx, number: int) -> dict[str, Any]:
    """The record of instance ``number``; refused when there is none."""
    record: dict[str, Any] | None = ctx.get([TABLE, str(number)])
    if record is None:
        ctx.refuse(f"there is no instance {number}",
                   detail=f"instances enrolling: {', '.join(enrolling(ctx)) or 'none'}")
    return record


def enrolling(ctx: Ctx) -> list[str]:
    return [str(r["id"]) for r in ctx.with_status(TABLE, ENROLLING)]


def of_child(ctx: Ctx, child: str) -> dict[str, Any] | None:
    """The started instance whose child game is ``child``, or None."""
    for record in ctx.with_status(TABLE, STARTED):
        if record["child"] == child:
            return record
    return None


def start_instance(ctx: Ctx, rule: GameRule, players: list[str], referee: str | None, *,
                   announcer: str, least: int, most: int, closes: str | None = None,
                   duel: dict[str, str] | None = None) -> int:
    """Record a new instance of ``rule``'s game, enrolling ``players`` so far, with
    its limits (frozen here) and the end of its enrolment (None: a Duel, which skips
    it). Returns its number."""
    number = len(ctx.get([TABLE], None) or {}) + 1
    if not ctx.state.has([TABLE]):
        ctx.set([TABLE], {})
    ctx.add_record(TABLE, str(number), {
        "id": number, "game": rule.spec.number, "title": rule.spec.title,
        "announcer": announcer, "referee": referee, "enrolled": list(players),
        "least": least, "most": most, "announced": iso(ctx.now), "closes": closes,
        "child": None, "seating": {}, "duel": duel, "fees": {}, "status": ENROLLING})
    return number


class StartingAnInstance(Rule):
    """VI. Starting an instance of a game. Any active player may announce an instance of a game, and may at the same time offer to referee it. The game's referee is the holder of the office the game names, or else the announcer who offered, or else the first player not enrolled who volunteers; if there is none when the instance starts, the engine referees. Enrolment is open for 3 days to every active player who does not referee it, and closes early when the game is full. The limits on players are those of the game's rule, evaluated when the instance is announced. The announcer may abort the instance before it starts; if too few have enrolled when enrolment closes, it is aborted; whatever was paid to enrol is refunded. When enrolment closes the instance starts, the players seated, numbered, lettered or ordered by the dice as the game says. A Duel skips enrolment. [Reconstructed: the seed refers to rule 1250.1, section VI, without giving it; from the games' own start clauses and Diplomacy's (1250.14 III).]"""  # noqa: E501

    key = "starting-an-instance"
    pack = PACK
    number = rule_number("1250.1")
    title = "Games & Contests, VI: Starting an instance (reconstructed)"

    class Params(RuleParams):
        enrol_days: int = Field(3, ge=1, description="days enrolment stays open")
        fee: int = Field(0, ge=0, description="A$ each player pays to enrol, held until "
                                              "the instance is settled or aborted")

    params: Params

    # -- announcing ------------------------------------------------------------------
    def _games(self, ctx: Ctx, actor: str) -> list[str]:
        """The games that can be announced now: built, with enough active players."""
        active = len(active_players(ctx))
        return sorted(number for number, rule in games(ctx).items()
                      if is_installed(ctx, rule.spec)
                      and most_players(rule.spec, active) >= rule.spec.least)

    def _why_not_game(self, ctx: Ctx, actor: str, game: Any) -> None:
        found = games(ctx).get(str(game))
        if found is None:
            ctx.refuse(f"no game of the rules in force is numbered {game}",
                       detail=f"the games: {', '.join(self._games(ctx, actor)) or 'none'}")
        spec = found.spec
        if spec.pack is None:
            ctx.refuse(f"{spec.title} ({game}) is not built yet",
                       detail="its rule is in force, but Nomicon cannot play it yet")
        if not is_installed(ctx, spec):
            ctx.refuse(missing(spec), detail="its rule is in force, but this server cannot "
                                             f"play it without {spec.plugin or spec.pack}")
        active = len(active_players(ctx))
        ctx.refuse(f"{spec.title} needs at least {spec.least} players, and at most "
                   f"{most_players(spec, active)} can play now",
                   detail=f"{active} active players")

    @action("announce", Arg("game", str, "the game's rule number, e.g. 1250.7",
                            choices="_games", explain="_why_not_game"),
            Arg("referee", bool, "offer to referee it yourself", required=False,
                default=False))
    def announce(self, ctx: Ctx, actor: str, game: str, referee: bool = False) -> None:
        """Announce an instance of a game: enrolment opens."""
        rule = games(ctx)[game]
        spec = rule.spec
        # Frozen now: the instance keeps this maximum however many are active later.
        most = most_players(spec, len(active_players(ctx)))
        chosen = office_holder(ctx, spec.office) if spec.office else None
        # A game announced by its referee (Diplomacy, 1250.14 III A): announcing it is
        # offering to referee it.
        referee = referee or spec.announcer_referees
        if referee:
            ctx.require(spec.referees > 0, f"{spec.title} has no referee")
            ctx.require(chosen is None or chosen == actor,
                        f"{spec.title} is refereed by the {spec.office}, {chosen}")
            chosen = actor
        playing = [] if chosen == actor and not spec.referee_plays else [actor]
        closes = ctx.now + timedelta(days=self.params.enrol_days)
        number = start_instance(ctx, rule, playing, chosen, announcer=actor,
                                least=spec.least, most=most, closes=iso(closes))
        for player in playing:
            self._pay_fee(ctx, number, player)
        who = f"; {chosen} referees" if chosen else ""
        ctx.emit(ANNOUNCED, f"{actor} announces {spec.title} #{number} ({spec.least} to "
                 f"{most} players){who}; enrolment closes {iso(closes)}", instance=number,
                 game=game, announcer=actor, referee=chosen, least=spec.least, most=most,
                 closes=iso(closes))
        ctx.set_timer(f"enrolment-{number}", closes, self.close, {"instance": number})
        self._start_if_full(ctx, number)

    @announce.check
    def _active(self, ctx: Ctx, actor: str) -> None:
        ctx.require(is_active(ctx, actor), "you are not an active player",
                    detail="a player on vacation announces no game")

    # -- enrolling and volunteering ----------------------------------------------------
    @action("enrol", Arg("instance", int, "the instance's number", minimum=1))
    def enrol(self, ctx: Ctx, actor: str, instance: int) -> None:
        """Enrol as a player of an announced instance."""
        record = self._enrolling(ctx, instance)
        ctx.require(is_active(ctx, actor), "you are not an active player",
                    detail="a player on vacation does not enrol")
        ctx.require(actor not in record["enrolled"], f"you are enrolled in #{instance} already")
        spec = games(ctx)[record["game"]].spec
        ctx.require(actor != record["referee"] or spec.referee_plays,
                    f"you referee #{instance}", detail="a referee does not play the game")
        ctx.require(len(record["enrolled"]) < record["most"], f"#{instance} is full",
                    detail=f"{record['most']} players, frozen when it was announced")
        self._pay_fee(ctx, instance, actor)
        ctx.state.append([TABLE, str(instance), "enrolled"], actor)
        ctx.emit(ENROLLED, f"{actor} enrols in {record['title']} #{instance}",
                 instance=instance, player=actor)
        self._start_if_full(ctx, instance)

    @action("volunteer-referee", Arg("instance", int, "the instance's number", minimum=1))
    def volunteer(self, ctx: Ctx, actor: str, instance: int) -> None:
        """Offer to referee an announced instance that has no referee yet."""
        record = self._enrolling(ctx, instance)
        spec = games(ctx)[record["game"]].spec
        ctx.require(spec.referees > 0, f"{spec.title} has no referee")
        ctx.require(record["referee"] is None,
                    f"#{instance} has a referee already: {record['referee']}")
        ctx.require(is_active(ctx, actor), "you are not an active player")
        ctx.require(actor not in record["enrolled"] or spec.referee_plays,
                    f"you are enrolled in #{instance} as a player",
                    detail="a player of the instance does not referee it")
        ctx.set([TABLE, str(instance), "referee"], actor)
        ctx.emit(REFEREE_VOLUNTEERED, f"{actor} will referee {record['title']} #{instance}",
                 instance=instance, player=actor)

    @action("abort", Arg("instance", int, "the instance's number", minimum=1))
    def abort_instance(self, ctx: Ctx, actor: str, instance: int) -> None:
        """Abort an instance you announced, before it starts: fees are refunded."""
        record = self._enrolling(ctx, instance)
        ctx.require(actor in (record["announcer"], "admin"),
                    f"only {record['announcer']}, who announced #{instance}, may abort it")
        self._abort(ctx, record, f"{actor} aborted it")

    @enrol.check
    @volunteer.check
    @abort_instance.check
    def _some_enrolling(self, ctx: Ctx, actor: str) -> None:
        ctx.require(enrolling(ctx), "no instance of a game is open for enrolment")

    def _enrolling(self, ctx: Ctx, number: int) -> dict[str, Any]:
        record = instance(ctx, number)
        ctx.require(record["status"] == ENROLLING,
                    f"#{number} is not open for enrolment: it has {record['status']}")
        return record

    def _pay_fee(self, ctx: Ctx, number: int, player: str) -> None:
        fee = self.params.fee
        if not fee:
            return
        ctx.require(ctx.balance(player, "A$") >= fee, f"enrolling costs A${fee}",
                    detail=f"{player} has A${ctx.balance(player, 'A$')}")
        ctx.transfer(player, ctx.escrow(f"instance-{number}"), fee, "A$",
                     f"fee to enrol in #{number}")
        ctx.set([TABLE, str(number), "fees", player], fee)

    def _refund(self, ctx: Ctx, record: dict[str, Any], why: str) -> None:
        if not record["fees"]:
            return  # nobody paid (no fee): no escrow to open
        escrow = ctx.escrow(f"instance-{record['id']}")
        for player, fee in sorted(record["fees"].items()):
            ctx.transfer(escrow, player, fee, "A$", f"fee for #{record['id']} refunded: {why}")
        ctx.set([TABLE, str(record["id"]), "fees"], {})

    def _abort(self, ctx: Ctx, record: dict[str, Any], reason: str) -> None:
        number = record["id"]
        ctx.cancel_timer(f"enrolment-{number}")
        self._refund(ctx, record, reason)
        ctx.set_status(TABLE, str(number), ABORTED_STATUS)
        ctx.emit(ABORTED, f"{record['title']} #{number} is aborted: {reason}",
                 instance=number, reason=reason)

    # -- closing and starting ----------------------------------------------------------
    def _start_if_full(self, ctx: Ctx, number: int) -> None:
        record = instance(ctx, number)
        if len(record["enrolled"]) >= record["most"]:
            ctx.cancel_timer(f"enrolment-{number}")
            self.begin(ctx, record)

    def close(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        """Enrolment's time is up: start the instance, or abort it with too few."""
        record = ctx.get([TABLE, str(payload["instance"])])
        if record is None or record["status"] != ENROLLING:
            return
        if len(record["enrolled"]) < record["least"]:
            self._abort(ctx, record, f"{len(record['enrolled'])} enrolled; it needs "
                        f"{record['least']}")
            return
        self.begin(ctx, record)

    def begin(self, ctx: Ctx, record: dict[str, Any]) -> None:
        """Start instance ``record``: seat its players with the dice and make its
        child game (a game whose rule was repealed meanwhile is aborted)."""
        number = record["id"]
        rule = games(ctx).get(record["game"])
        if rule is None or rule.spec.pack is None:
            self._abort(ctx, record, f"the rule of {record['title']} is no longer in force")
            return
        if not is_installed(ctx, rule.spec):
            self._abort(ctx, record, missing(rule.spec))
            return
        spec = rule.spec
        assert spec.pack is not None
        order = ctx.shuffle(record["enrolled"], f"seats of {spec.title} #{number}")
        if spec.draw == "letters":
            seating = {player: ascii_uppercase[i] for i, player in enumerate(order)}
        else:
            seating = {player: str(i + 1) for i, player in enumerate(order)}
        referee = record["referee"] if spec.referees else None
        duel = record["duel"] is not None
        child = ctx.start_child(spec.pack, players=order, referee=referee,
                                params=rule.instance_params(ctx, record),
                                cause=f"{spec.title} #{number}" + (" (a Duel)" if duel else ""))
        # The child's record names its game, as the record of every instance does,
        # so that a reader of ``children.<id>`` finds the game to open.
        ctx.set(["children", child, "game"], child)
        ctx.set([TABLE, str(number), "child"], child)
        ctx.set([TABLE, str(number), "players"], order)
        ctx.set([TABLE, str(number), "seating"], seating)
        ctx.set([TABLE, str(number), "started"], iso(ctx.now))
        ctx.set_status(TABLE, str(number), STARTED)
        drawn = ", ".join(f"{seating[p]} {p}" for p in order)
        who = f"; {referee} referees" if referee else "; the engine referees"
        ctx.emit(INSTANCE_STARTED, f"{spec.title} #{number} starts: {drawn}{who}",
                 instance=number, game=spec.number, child=child, players=order,
                 referee=referee, seating=seating, duel=duel)

    # -- the end ----------------------------------------------------------------------
    @hook(events.CHILD_SETTLED)
    def settled(self, ctx: Ctx, data: events.ChildSettled) -> None:
        record = of_child(ctx, data["child"])
        if record is None:
            return  # a child game no instance started (the kernel settles it once)
        number = record["id"]
        self._refund(ctx, record, "the instance is over")
        ctx.set_status(TABLE, str(number), SETTLED)
        ctx.set([TABLE, str(number), "winners"], list(data["winners"]))
        winners = ", ".join(data["winners"]) or "nobody"
        ctx.emit(INSTANCE_ENDED, f"{record['title']} #{number} is over: {winners} won",
                 instance=number, game=record["game"], child=data["child"],
                 winners=list(data["winners"]), scores=dict(data["scores"]),
                 referee=data["referee"], began=len(record["players"]),
                 duel=record["duel"] is not None, rounds=data["rounds"],
                 details=dict(data.get("details", {})))
