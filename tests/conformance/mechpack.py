"""A small rule pack that uses the kernel's mechanisms, full of secrets, for the
conformance suite.

Each player has a locker (an entity) whose combination only they and the admin know,
whose audit mark only the admin knows, and whose tag only the round's clerk (a role)
and the admin read; every round each player pledges marbles
(a good) in a sealed step that the round's clerk (a role) may read; the pledges go
into an escrow, which the highest pledge takes, and its taker gloats for a day (a
status). A player may retire once a game, and a bot plays their seat. Players bury
treasure by orders of a sealed action, carried out at the daily update. On their turn
a player may dare another, who is asked to take the dare or refuse it (a prompt, which
a bot playing the dared seat answers).

Secrets are unique tokens (``mkc0003r7``: the third combination, rolled 7;
``mka0003``: an audit mark; ``mkt0003``: a locker's tag; ``mkp-2-bob-1``: bob's
pledge of one marble in round 2; ``mkb0004r2``: a buried treasure), so a test can
look for them in anything a viewer is shown. The pack is added to the installed ones
with ``Registry.with_pack`` and the suite plays it like every other pack.
"""

from __future__ import annotations

import re
from collections import Counter
from datetime import timedelta
from typing import Any, TypedDict

from secretpack import TakingTurns

from nomicon.kernel.context import Ctx
from nomicon.kernel.eventkind import EventKind
from nomicon.kernel.pack import Initial, Pack, PackParams
from nomicon.kernel.rules import (
    ActionDecl,
    Arg,
    Attribute,
    Currency,
    Rule,
    action,
    every,
    hook,
    veto,
)
from nomicon.kernel.sealed import Resolved
from nomicon.kernel.updates import Phase, Update

PACK = "conformance-mechanisms"
LOCKER = "locker"
MARBLES = "marbles"
START_MARBLES = 6
MOST_PLEDGED = 3
STEP = "pledges"
CLERK = "clerk"
GLOATING = "gloating"
DARE_TAKEN = "take"
DARE_REFUSED = "refuse"
COMBINATION = re.compile(r"^mkc\d{4}r\d+$")
AUDIT = re.compile(r"^mka\d{4}$")
TAG = re.compile(r"^mkt\d{4}$")
PLEDGE = re.compile(r"^mkp-(\d+)-(.+)-(\d)$")
TREASURE = re.compile(r"^mkb\d{4}r\d+$")
#: Every token of this pack begins with one of these.
PREFIXES = ("mkc", "mka", "mkt", "mkp-", "mkb")


class PotTaken(TypedDict):
    round: int
    taker: str | None  # None: nobody pledged a marble
    marbles: int


class DareAnswered(TypedDict):
    darer: str
    dared: str
    taken: bool


class TreasureBuried(TypedDict):
    player: str


class ReKeyed(TypedDict):
    player: str
    locker: str


RE_KEYED = EventKind("mechanisms.re-keyed", ReKeyed)
POT_TAKEN = EventKind("mechanisms.pot-taken", PotTaken)
TREASURE_BURIED = EventKind("mechanisms.treasure-buried", TreasureBuried)
DARE_ANSWERED = EventKind("mechanisms.dare-answered", DareAnswered)


def pledge_token(round_: int, player: str, marbles: int) -> str:
    return f"mkp-{round_}-{player}-{marbles}"


def pledged(token: str) -> int:
    found = PLEDGE.match(token)
    return int(found.group(3)) if found else 0


class Turns(TakingTurns):
    """At most six players take part. Players take turns in the order in which they joined. A player may end their turn at any time; a turn ends by itself one day after it began."""  # noqa: E501

    pack = PACK


class Lockers(Rule):
    """Each player has a locker. Only its owner knows its combination, only the admin knows the locker's audit mark, and only the clerk reads its tag. A player may change their combination at any time."""  # noqa: E501

    key = "lockers"
    pack = PACK
    number = 2
    title = "Lockers"
    attributes = (
        Attribute("combination", None, kind=LOCKER, visibility="owner",
                  doc="the combination that opens the locker"),
        Attribute("audit", None, kind=LOCKER, visibility="admin", doc="the admin's mark"),
        Attribute("tag", None, kind=LOCKER, visibility=f"role:{CLERK}", doc="the clerk's tag"),
        Attribute("changes", 0, kind=LOCKER, doc="how often the combination changed"),
    )

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["lockers"]):
            ctx.set(["lockers"], {"made": 0, "keyed": 0})
        for player in ctx.players():
            if not ctx.owned_by(player):
                self._give(ctx, player)

    @hook("player.joined")
    def joined(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self._give(ctx, data["player"])

    def _combination(self, ctx: Ctx, player: str) -> str:
        number = ctx.state.incr(["lockers", "keyed"], 1)
        return f"mkc{number:04d}r{ctx.roll(10, f'the combination of {player}', to=[player])}"

    def _give(self, ctx: Ctx, player: str) -> None:
        made = ctx.state.incr(["lockers", "made"], 1)
        ctx.create_entity(LOCKER, owner=player, cause="a player joined", by=player,
                          combination=self._combination(ctx, player), audit=f"mka{made:04d}",
                          tag=f"mkt{made:04d}")

    @action("re-key")
    def re_key(self, ctx: Ctx, actor: str) -> None:
        """Change the combination of your locker."""
        [locker] = [eid for eid in ctx.owned_by(actor) if eid.startswith(LOCKER)]
        record = ctx.entity(locker)
        assert record is not None
        ctx.set_entity(locker, combination=self._combination(ctx, actor),
                       changes=record["changes"] + 1)
        ctx.emit(RE_KEYED, f"{actor} changes the combination of {locker}", player=actor,
                 locker=locker)

    @re_key.check
    def _may_re_key(self, ctx: Ctx, actor: str) -> None:
        ctx.require(any(eid.startswith(LOCKER) for eid in ctx.owned_by(actor)),
                    "you have no locker")


class Pledges(Rule):
    """Each player starts with six marbles. Every round each player secretly pledges up to three of their marbles (a gloating player at most one); only the round's clerk may read the pledges before the round ends. A round ends when all have pledged, or after twelve hours, when a player who did not pledge pledges nothing. The pledged marbles go into the pot, and the single highest pledge takes the pot (if pledges tie, chance decides among them); its taker gloats for one day. A player who joins takes part from the next round."""  # noqa: E501

    key = "pledges"
    pack = PACK
    number = 3
    title = "Pledges"
    currencies = (Currency(MARBLES, START_MARBLES, kind="good", doc="marbles"),)

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["round"]):
            ctx.set(["round"], 0)
        if ctx.players() and ctx.step(STEP) is None:
            self._open(ctx)

    @hook("player.joined")
    def joined(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if ctx.step(STEP) is None:
            self._open(ctx)

    def _open(self, ctx: Ctx) -> None:
        number = ctx.state.incr(["round"], 1)
        players = ctx.players()
        clerk = ctx.pick(players, f"the clerk of round {number}")
        ctx.set(["roles"], {**(ctx.get(["roles"]) or {}), CLERK: [clerk]})
        ctx.open_step(STEP, players, on_resolve=self.settle, deadline=timedelta(hours=12),
                      default=self._nothing, visible_to=[f"role:{CLERK}"],
                      choices=self._pledges, data={"round": number})

    def _nothing(self, ctx: Ctx, player: str) -> str:
        return pledge_token(ctx.get(["round"]), player, 0)

    def _pledges(self, ctx: Ctx, player: str) -> list[str]:
        most = 1 if ctx.has_status(player, GLOATING) else MOST_PLEDGED
        most = min(most, ctx.balance(player, MARBLES))
        return [pledge_token(ctx.get(["round"]), player, k) for k in range(most + 1)]

    @action("pledge", Arg("pledge", str, "how many marbles you pledge", choices="_pledges"),
            sealed=True)
    def pledge(self, ctx: Ctx, actor: str, pledge: str) -> None:
        """Pledge marbles, in secret, for this round's pot."""
        ctx.submit(STEP, actor, pledge)

    @pledge.check
    def _may_pledge(self, ctx: Ctx, actor: str) -> None:
        step = ctx.step(STEP)
        ctx.require(step is not None and actor in step.players, "no round is open for you")

    def settle(self, ctx: Ctx, resolved: Resolved) -> None:
        number = resolved.data["round"]
        pot = ctx.escrow(f"pot-{number}")
        best: dict[str, int] = {}
        for player, token in resolved.submissions.items():
            # A pledge is kept to what the player holds now, since marbles may have
            # moved after it was made.
            marbles = min(pledged(token), ctx.balance(player, MARBLES))
            if marbles:
                ctx.transfer(player, pot, marbles, MARBLES, f"pledged in round {number}")
                best[player] = marbles
        total = ctx.balance(pot, MARBLES)
        taker = None
        if best:
            top = max(best.values())
            taker = ctx.pick(sorted(p for p, m in best.items() if m == top),
                             f"who takes the pot of round {number}")
            ctx.release(pot, taker, f"the pot of round {number}")
            ctx.grant_status(taker, GLOATING, until=timedelta(days=1), by=None)
        ctx.emit(POT_TAKEN, f"{taker or 'nobody'} takes the pot of round {number}",
                 round=number, taker=taker, marbles=total)
        self._open(ctx)


class Retirement(Rule):
    """Once in a game a player may retire on their turn; a bot then plays their seat, which no longer counts for scoring."""  # noqa: E501

    key = "retirement"
    pack = PACK
    number = 4
    title = "Retirement"

    @action("retire", on_turn=True)
    def retire(self, ctx: Ctx, actor: str) -> None:
        """Retire from the game: a bot plays your seat."""
        ctx.set(["retired"], actor)
        ctx.leave(actor, cause="retired")

    @retire.check
    def _may_retire(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.get(["retired"]) is None, "a player has already retired",
                    detail=f"{ctx.get(['retired'])} did")
        ctx.require(len(ctx.players()) > 1, "the last player may not retire")

    @veto("leave-game")
    def only_by_retiring(self, ctx: Ctx, actor: str, decl: ActionDecl,
                         args: dict[str, Any]) -> None:
        ctx.refuse("a player leaves only by retiring", detail="retire on your turn")

    @hook("seat.left")
    def replace(self, ctx: Ctx, data: dict[str, Any]) -> None:
        ctx.start_bot(data["player"], "random", counts=False)


class Burials(Update):
    """Every day at 18:00 UTC the admin carries out the orders received since the last update: burials first, then any other order."""  # noqa: E501

    key = "burials"
    pack = PACK
    number = 5
    title = "Burials"
    phases = (Phase("burials", actions=("bury",)), Phase("others", any_order=True))
    default_phase = "others"

    @every("every day at 18:00 UTC")
    def daily(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self.start_update(ctx)

class Treasure(Rule):
    """A player may bury a treasure, in secret; only they know what they buried."""

    key = "treasure"
    pack = PACK
    number = 6
    title = "Treasure"
    attributes = (Attribute("treasure", [], visibility="owner", doc="what the player buried"),)

    def on_enact(self, ctx: Ctx) -> None:
        if not ctx.state.has(["buried"]):
            ctx.set(["buried"], 0)

    @action("bury", sealed=True)
    def bury(self, ctx: Ctx, actor: str) -> None:
        """Bury a treasure, in secret."""
        number = ctx.state.incr(["buried"], 1)
        token = f"mkb{number:04d}r{ctx.roll(6, f'what {actor} buries', to=[actor])}"
        ctx.set_attr(actor, "treasure", [*ctx.attr(actor, "treasure", []), token])
        ctx.emit(TREASURE_BURIED, f"{actor} buries something", player=actor)


class Dares(Rule):
    """Once in their turn a player may dare another player, who takes the dare or refuses it; a player who does not answer within a day refuses. A player counts the dares they took."""  # noqa: E501

    key = "dares"
    pack = PACK
    number = 7
    title = "Dares"
    attributes = (Attribute("dares", 0, doc="how many dares the player took"),)

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [name for name in ctx.players() if name != actor]

    @action("dare", Arg("target", str, "the player dared", choices="_others"), on_turn=True)
    def dare(self, ctx: Ctx, actor: str, target: str) -> None:
        """Dare another player."""
        ctx.prompt(target, [DARE_TAKEN, DARE_REFUSED], DARE_REFUSED, handler=self.answered,
                   message=f"{actor} dares you", deadline=ctx.now + timedelta(days=1),
                   data={"darer": actor})
        ctx.set(["dared"], ctx.get(["turn", "number"]))

    @dare.check
    def _once_a_turn(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.get(["dared"], None) != ctx.get(["turn", "number"]),
                    "you have dared a player this turn", detail="a player dares once a turn")

    def answered(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        dared, darer = prompt["to"], prompt["data"]["darer"]
        if option == DARE_TAKEN:
            ctx.set_attr(dared, "dares", ctx.attr(dared, "dares", 0) + 1)
        ctx.emit(DARE_ANSWERED, f"{dared} {'takes' if option == DARE_TAKEN else 'refuses'} "
                 f"{darer}'s dare", darer=darer, dared=dared, taken=option == DARE_TAKEN)


class MechanismPack(Pack):
    id = PACK
    title = "Conformance: mechanisms"
    description = "Lockers, sealed pledges, a pot in escrow, retirement, buried orders " \
                  "that the views must keep secret, and dares that bots answer."
    Params = PackParams
    initial = (Initial(Turns), Initial(Lockers), Initial(Pledges), Initial(Retirement),
               Initial(Burials), Initial(Treasure), Initial(Dares))
    players = (1, 6)

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        players = state["players"]
        accounts = state.get("accounts", {})
        marbles = sum(held.get(MARBLES, 0) for held in accounts.values())
        if marbles != START_MARBLES * len(players):
            problems.append(f"{marbles} marbles for {len(players)} players")
        if any(held.get(MARBLES, 0) for name, held in accounts.items()
               if name.startswith("escrow:")):
            problems.append("marbles left in a pot after its round")
        owners = Counter(e["owner"] for e in state.get("entities", {}).values()
                         if e["kind"] == LOCKER)
        if players and any(owners[name] != 1 for name in players):
            problems.append(f"lockers by owner {dict(owners)} for players {sorted(players)}")
        for eid, entity in state.get("entities", {}).items():
            if not COMBINATION.match(str(entity.get("combination"))) or \
                    not AUDIT.match(str(entity.get("audit"))) or \
                    not TAG.match(str(entity.get("tag"))):
                problems.append(f"locker {eid} has a malformed secret")
        for name, player in players.items():
            if any(not TREASURE.match(t) for t in player.get("treasure", [])):
                problems.append(f"{name}'s treasure is malformed")
        clerks = state.get("roles", {}).get(CLERK, [])
        if players and (len(clerks) != 1 or clerks[0] not in players):
            problems.append(f"the clerk {clerks} is not one player")
        return problems
