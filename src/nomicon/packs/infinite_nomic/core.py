"""Rules 0-5 of Infinite Nomic Round 7: winning, information, turns, the board."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from nomicon.authoring import (
    ActionDecl,
    Attribute,
    Ctx,
    Rule,
    RuleParams,
    action,
    events,
    finish,
    hook,
    parse,
    turns,
    veto,
)
from nomicon.governance.proposals import sides
from nomicon.packs.infinite_nomic import board
from nomicon.packs.infinite_nomic.events import BOARD_CREATED, PINGED, TURN_ENDED, TurnEnded

PACK = "infinite-nomic-r7"


class Winning(Rule):
    """Victory conditions not specified within this rule are not valid. VP may only be gained or lost as specified within this rule. A player wins once they have at least 100 Victory Points (VP). Victory Points are a quantity that is neither a currency nor an item. Proposals that modify or repeal this rule pass when and only when one of the following conditions is met: a) 24 hours or more have passed, and less than 7 days have passed, and there are no votes against it. b) exactly 7 days have passed and the the proposal has at least 3 votes in its favour for every vote against it."""  # noqa: E501

    key = "winning"
    pack = PACK
    number = 0
    title = "Winning"
    protected = True

    class Params(RuleParams):
        vp_to_win: int = 100
        # Rule 0's own amendment conditions, read by the governance rules.
        unanimous_after_hours: int = 24
        window_days: int = 7
        supermajority_ratio: int = 3

    params: Params
    attributes = (Attribute("vp", 0, doc="Victory Points"),)

    def amendment_condition(self, ctx: Ctx, proposal: dict[str, Any]) -> str | None:
        """Conditions a) and b): ``pass``, ``fail``, or None while neither is settled."""
        opened = parse(proposal["opened"])
        elapsed = ctx.now - opened
        up, down = sides(proposal)
        window = timedelta(days=self.params.window_days)
        if timedelta(hours=self.params.unanimous_after_hours) <= elapsed < window:
            return "pass" if down == 0 else None
        if elapsed == window:
            return "pass" if up >= self.params.supermajority_ratio * down else "fail"
        if elapsed > window:
            return "fail"
        return None

    def next_check(self, ctx: Ctx, proposal: dict[str, Any]) -> datetime:
        """When the conditions are next to be looked at: at 24 hours (condition a) if
        that is still ahead, else exactly 7 days after opening (condition b)."""
        opened = parse(proposal["opened"])
        first = opened + timedelta(hours=self.params.unanimous_after_hours)
        return first if ctx.now < first else opened + timedelta(days=self.params.window_days)

    @hook(events.BATCH_CLOSING)
    def check_winners(self, ctx: Ctx, data: events.NoFields) -> None:
        if ctx.get(["game", "status"]) != "active":
            return
        winners = [p for p in ctx.players() if ctx.attr(p, "vp", 0) >= self.params.vp_to_win]
        if winners:
            ctx.set(["winners"], winners)
            finish(ctx, f"{', '.join(winners)} reached {self.params.vp_to_win} VP")


class Information(Rule):
    """This is a board game, played on a virtual board. A representation of the board as well as the ruleset for this game shall be kept in the Infinite Nomic wiki, which is linked in #game-rules. For an action other than voting or making a proposal to be effective, it must be announced in #public-forum."""  # noqa: E501

    key = "information"
    pack = PACK
    number = 1
    title = "Information"
    # Nomicon keeps the board, the ruleset and the public log; every action taken
    # through it is announced in the log, so this rule needs no code.


class TurnOrder(Rule):
    """When someone becomes a player, their name is put at the bottom of the list of players in #game-rules. Players take turns according to this list, starting with the player on the top of the list and going down. When the player at the bottom of the list has taken their turn, players keep taking turns from the top again. The game begins immediately when the first player joins the game."""  # noqa: E501

    key = "turn-order"
    pack = PACK
    number = 2
    title = "Turn order"
    provides = frozenset({"turns"})

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        player = data["player"]
        turns.add(ctx, player)
        if turns.current(ctx) is None:
            turns.begin(ctx, player)

    @veto()
    def only_on_own_turn(self, ctx: Ctx, actor: str, decl: ActionDecl,
                         args: dict[str, Any]) -> None:
        if not decl.on_turn:
            return
        current = turns.current(ctx)
        if current != actor:
            ctx.refuse("not your turn", turn=True,
                       detail=f"it is {current}'s turn" if current else "it is nobody's turn")


class Turns(Rule):
    """A player's turn consists of performing any actions the rules require them to perform on their turn, as well as optionally performing any other actions the rules allow them to perform on their turn. A player may choose to end their turn at any time during it, by stating their intent to do so in #public-forum). A player's turn autmatically ends ("passes") 24 hours after it started.

    When a player's turn ends, the turn of the player below them in the list in #game-rules begins simultaneously.

    If a player ends their turn, they have 1 hour to ping the next player whose turn it is, or they will lose 1 point. This only counts if you have done something on your turn (I.e. moving)"""  # noqa: E501

    key = "turns"
    pack = PACK
    number = 3
    title = "What happens on a turn"

    class Params(RuleParams):
        turn_hours: int = 24
        ping_minutes: int = 60
        ping_penalty: int = 1

    params: Params
    # Actions that do not count as "doing something" on a turn: ending it, pinging,
    # and proposing and voting, which Rule 1 sets apart from the game's actions.
    IDLE = frozenset({"end-turn", "ping", "join", "propose", "vote", "retract"})

    @hook(events.TURN_BEGAN)
    def start_clock(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        ctx.set_timer("turn-pass", timedelta(hours=self.params.turn_hours), self.pass_turn,
                      {"player": data["player"], "turn": ctx.get(["turn", "number"])})

    def pass_turn(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if ctx.get(["turn", "number"]) == payload["turn"]:
            board.end_turn(ctx, payload["player"], "passed")

    @hook(events.ACTION)
    def note_activity(self, ctx: Ctx, data: events.Action) -> None:
        if data["name"] not in self.IDLE and ctx.actor == turns.current(ctx):
            turns.set_flag(ctx, "acted", True)

    @action("end-turn", on_turn=True)
    def end_turn(self, ctx: Ctx, actor: str) -> None:
        """End your turn now."""
        board.end_turn(ctx, actor, "ended")

    @hook(TURN_ENDED)
    def after_turn(self, ctx: Ctx, data: TurnEnded) -> None:
        ctx.cancel_timer("turn-pass")
        # Rule 3 sets the two endings apart: a player "may choose to end their turn",
        # or the turn "automatically ends ('passes')"; the ping duty follows "If a
        # player ends their turn". A turn that passed was not ended by its player, so
        # it owes no ping (INTERPRETATIONS.md, Rule 3).
        if data["acted"] and data["how"] != "passed":
            ctx.set_timer(f"ping:{data['player']}", timedelta(minutes=self.params.ping_minutes),
                          self.ping_missed, {"player": data["player"],
                                          "following": data["following"]})

    def _has_ping_due(self, ctx: Ctx, actor: str) -> bool:
        return ctx.timer_due(f"ping:{actor}") is not None

    @action("ping")
    def ping(self, ctx: Ctx, actor: str) -> None:
        """Ping the player whose turn it is, after ending your turn."""
        timer = ctx.get(["timers", f"ping:{actor}"])
        ctx.cancel_timer(f"ping:{actor}")
        ctx.emit(PINGED, f"{actor} pings {timer['payload']['following']}", player=actor,
                 target=timer["payload"]["following"])

    @ping.check
    def _ping_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(self._has_ping_due(ctx, actor), "you have no ping to make",
                    detail="a ping is due within an hour after a turn in which you did something")

    def ping_missed(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        player = payload["player"]
        # Points are Rule 8's: once a proposal has repealed it there are none to lose.
        if ctx.is_player(player) and "points" in ctx.rules.currencies:
            ctx.lose(player, self.params.ping_penalty, "did not ping the next player in time")


class GameBoard(Rule):
    """The gameboard consists of the spaces defined in the rules. All players are always located on one of the board's spaces.

    The gameboard has a number of primary spaces, n, inclusively numbered 1 through n. Each primary space is adjacent to the primary spaces whose numbers are one greater than or lower than its own number, and the primary space with the highest number is adjacent to the primary space with the lowest number."""  # noqa: E501

    key = "game-board"
    pack = PACK
    number = 5
    title = "The game board"
    provides = frozenset({"board:ring", "board:numbered"})
    attributes = (Attribute("location", board.LOWEST, doc="space number, Jail or Gulag"),)

    class Params(RuleParams):
        size: int = 20  # used when the rule is enacted into a game that has no board

    params: Params

    def on_enact(self, ctx: Ctx) -> None:
        existing = ctx.get(["board"], {}) or {}
        if existing and "size" not in existing:
            ctx.refuse("this game's board is not a ring of numbered spaces")
        if ctx.get(["board", "size"]) is None:
            size = self.params.size
            ctx.set(["board"], {"size": size, "cop_car": None, "pairs": {},
                                "spaces": {str(n): {"features": []}
                                           for n in range(1, size + 1)}})
            ctx.emit(BOARD_CREATED, f"a board of {size} primary spaces", size=size)
