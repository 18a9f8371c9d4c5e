"""Nomopoly IV's base: sections I to XI, reconstructed.

The seed is the list of passed proposals without the rules they were passed into, so
every rule here is a reconstruction: the smallest rule that the proposals presuppose.
Each rule's text says so and cites the seed lines (``Lnnn``, counted in the seed file,
newest proposal first) that are its evidence. Rule numbers are section x 100 + item, so
the proposals' references ("Rule VII.10", "rule XV.2", "rule XIV-2") are Rules 710, 1502
and 1402.
"""

from __future__ import annotations

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
from nomicon.governance.methods import MajorityVote
from nomicon.packs.nomopoly4 import travel
from nomicon.packs.nomopoly4.travel import (
    FORWARDS,
    HAS_DOLLARS,
    LOCATIONS,
    PACK,
    SNAKE,
    TURNS,
)

DOLLARS = "dollars"


class TheRules(Rule):
    """Reconstructed; the seed has no base rules. Evidence: the proposals cite rules by section and item ("Rule VII.10" L326, "Rule XII.3" L279, "Rule XII.6" L178, "rule XIV-2" L262, "rule XV.2" L180 and L200, "rule XVI" L119, "section XIX" L2), and one proposal says it "takes priority over rule XV.2" (L200).

    All players must obey the rules, which are arranged in sections with numbered items. The rules are changed by passed proposals. A rule that says it takes priority over another rule does so; otherwise, of two rules that conflict, the one that has stood longer prevails."""  # noqa: E501

    key = "the-rules"
    pack = PACK
    number = 101
    title = "The Rules"
    # Text only: Nomicon orders rules by precedence and then by number, and the numbers
    # follow the order in which the sections were made.


class TheAdmin(Rule):
    """Reconstructed. Evidence: the admin implements every proposal on the game's website (the Comments lines, e.g. L28, L224, L269), decides what the rules leave open ("Since it isn't specified, I shall assume that the Rber Ducky is initially on Square #1", L394) and reverts actions that break the rules ("I will personally revert any actions that violate this rule", L389).

    The admin keeps the game, implements passed proposals, rules on what the rules leave open, and may revert any action that breaks the rules. The admin is not a player."""  # noqa: E501

    key = "the-admin"
    pack = PACK
    number = 201
    title = "The Admin"
    # Text only: the admin's actions (implement, interpret, set) are Nomicon's own.


class Players(Rule):
    """Reconstructed. Evidence: the proposals speak of players throughout and of the admin apart from them (L389, L394).

    Anyone may join the game as a player, under a name no other player has."""  # noqa: E501

    key = "players"
    pack = PACK
    number = 301
    title = "Players"
    # Text only: joining is Nomicon's own action.


class Money(Rule):
    """Reconstructed. Evidence: the game's currency is Nomopoly Dollars ("The Bank Account of Terror may possess Nomopoly Dollars", L392); the first proposal already charges players "$1000" for a Fort and "$500" for a Warrior (L414, L417), so players had money from the start; no action may select a fraction (L385); "the resources of a square may not go below $0" (L367).

    Money is counted in whole Nomopoly Dollars ($). Every player starts with the starting money (a parameter of the game, $2000 unless it says otherwise). No one may hold less than $0: a payment a player cannot afford is refused, and a loss a player is made to suffer takes at most what they hold. Amounts that would not be whole are rounded down."""  # noqa: E501

    key = "money"
    pack = PACK
    number = 401
    title = "Money"
    provides = frozenset({HAS_DOLLARS})
    currencies = (Currency(DOLLARS, minimum=0, doc="Nomopoly Dollars"),)

    @hook(events.PLAYER_JOINED)
    def starting_money(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        amount = int(ctx.param("starting_money") or 0)
        if amount:
            ctx.gain(data["player"], amount, "starting money", DOLLARS)


class Items(Rule):
    """Reconstructed. Evidence: items are taken for granted before any proposal defines one ("All items in the game have a non-negative integer property known as 'Frequency'", L201; "Items and the ability to use them are on the Players page", L234; "the player still loses the item after using it", L163).

    Players may hold items. A player may use an item they hold, which then has its effect; an item is used up when it is used, unless the rule that defines it says otherwise. No item exists until a rule defines one."""  # noqa: E501

    key = "items"
    pack = PACK
    number = 501
    title = "Items"
    # Text only until a proposal defines an item.


class Trade(Rule):
    """Reconstructed, in its smallest form. Evidence: none in the seed beyond money changing hands between players (L287, L314); the game's section list had a section VI between Items and the Board.

    A player may give any positive whole number of their dollars to another player at any time."""  # noqa: E501

    key = "trade"
    pack = PACK
    number = 601
    title = "Trade"
    requires = frozenset({HAS_DOLLARS})

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor]

    def _why_not_other(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value == actor:
            ctx.refuse("a player cannot give to themselves")
        ctx.refuse(f"{value!r} is not a player", detail="give to another player")

    @action("give", Arg("to", str, "another player", choices="_others", explain="_why_not_other"),
            Arg("amount", int, "how many dollars"))
    def give(self, ctx: Ctx, actor: str, to: str, amount: int) -> None:
        """Give dollars to another player."""
        ctx.require(amount > 0, f"a gift is a positive number of dollars, not {amount}")
        ctx.transfer(actor, to, amount, DOLLARS, f"{actor} gives to {to}")


class TheBoard(Rule):
    """Reconstructed. Evidence: the squares are numbered from a first to a last square (L375-378, "the current Square 1", L327); the board had 20 squares before it was tripled to 60 ("For each square currently on the board, add two new squares ... increase the board size to 60 squares", L325-326).

    The board is a line of squares numbered from Square 1 to the last square. At the start of the game it has 20 squares."""  # noqa: E501

    key = "the-board"
    pack = PACK
    number = 701
    title = "The Board"
    # The board itself is laid out by the pack's setup (size and width are parameters
    # of the game); rules that grow or renumber it change the board in the state.


class Layout(Rule):
    """Reconstructed. Evidence: the board has a two-dimensional layout that differs from the numbers ("the square either directly above, below, left, or right of the unit's current square (based on the two-dimensional layout of the board, ignoring numeric order)", L415); "The distance from Square #4 to Square #15 would be 3" (L416); Square 13 is adjacent to Square 8 (L357-358). Of the layouts of 20 squares, rows of ten running back and forth fit both examples, and the board grew by whole rows of ten (60, then 90 squares: L325, L270).

    The squares are laid out in rows of ten. Square 1 is at the bottom left; the first row runs from left to right, the row above it from right to left, and so on, so that each square borders the next."""  # noqa: E501

    key = "layout"
    pack = PACK
    number = 702
    title = "The layout of the board"
    # The layout is the kernel's snake (boards/snake.py); the pack's setup stores the
    # width, and the web board draws Square 1 at the bottom left.


class Order(Rule):
    """Reconstructed. Evidence: players travel "following the current board pattern" (L373-374), so each square has a next and a previous one; the Rber Ducky "moves 1d6 squares forward" (L393) with no rule for the end of the board, and the rule that makes players stop at the ends (L377-378) came later, so the base brought a piece past the last square round to the first.

    The successor of a square is the square numbered one higher, and the successor of the last square is Square 1. The predecessor of a square is the square whose successor it is. Moving forward goes from a square to its successor; moving backwards goes to its predecessor."""  # noqa: E501

    key = "order"
    pack = PACK
    number = 703
    title = "Successors and predecessors"


class Occupying(Rule):
    """Reconstructed. Evidence: players stand on squares, several to a square ("the same square as a player or players", L393; "one or more players", L144); "the player is on the first square on the board" (L375).

    Every player occupies exactly one square; any number of players may occupy the same square. A new player starts on Square 1."""  # noqa: E501

    key = "occupying"
    pack = PACK
    number = 704
    title = "Occupying squares"
    requires = frozenset({SNAKE})
    provides = frozenset({LOCATIONS})
    attributes = (Attribute("location", 1, doc="the square the player occupies"),)


class Turns(Rule):
    """Reconstructed. Evidence: "Before taking a turn, a player decides whether to travel forwards or backwards on the board. If the player decides to travel forwards, the player rolls the dice and travels forward that many squares" (L372-373); turns are "taken for" a player who does not take them (L379-382); "Every time a player successfully takes a turn he gaines one Experience" (L402); Jumps later came "every day at noon and midnight Central time" and took the place of turns on the game's website ("The ability to jump is on the Board page in the same place as taking your turn used to be", L266-269), so turns came at those times.

    Every day at noon and at midnight Central time each player gets a turn. A player who has a turn may take it: they roll one six-sided die and travel forward that many squares. A player who still has a turn when the next one comes has that turn taken for them first."""  # noqa: E501

    key = "turns"
    pack = PACK
    number = 801
    title = "Turns"
    requires = frozenset({SNAKE, LOCATIONS})
    provides = frozenset({TURNS})
    attributes = (Attribute("turn_ready", False, doc="the player has a turn to take"),)

    class Params(RuleParams):
        die: int = Field(6, ge=1, description="sides of the die a turn rolls")

    params: Params

    @hook(events.PLAYER_JOINED)
    def first_turn(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        # A guess (INTERPRETATIONS.md, Rule 801): a new player need not wait for the
        # next noon or midnight to play.
        ctx.set_attr(data["player"], "turn_ready", True)

    @every("every day at noon and midnight Central")
    def new_turns(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        for player in ctx.players():
            if ctx.attr(player, "turn_ready", False) and travel.on_a_square(ctx, player):
                plan = ctx.adjust(travel.FORCED_PLAN, {"player": player, "direction": FORWARDS})
                direction = plan["direction"] if plan is not None else FORWARDS
                travel.take_turn(ctx, player, direction, forced=True, die=self.params.die)
            ctx.set_attr(player, "turn_ready", True)

    @action("take-turn")
    def take_turn(self, ctx: Ctx, actor: str) -> None:
        """Roll the die and travel forward that many squares."""
        travel.take_turn(ctx, actor, FORWARDS, forced=False, die=self.params.die)

    @take_turn.check
    def _has_turn(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, "turn_ready", False), "you have no turn to take",
                    detail="a turn comes every day at noon and at midnight Central time")
        ctx.require(travel.on_a_square(ctx, actor), "you are on no square to travel from")


class Proposals(MajorityVote):
    """Reconstructed. Evidence: players create and retract proposals ("I could create and retract 30 proposals in a day", L387; "he may not make any proposals or retract proposals made by him", L407; "You may create proposals with negative numbers or fractions", L386), and proposals pass (every line of the seed is one that did). The seed does not say how they passed.

    A player may make a proposal at any time, and may retract a proposal they made while it is open. Every player may vote for or against an open proposal, or abstain. A proposal passes when, 48 hours after it was made, more of the votes for and against it are for it than against it; it is decided sooner when the result can no longer change. The admin implements a passed proposal."""  # noqa: E501

    key = "proposals"
    pack = PACK
    number = 901
    title = "Proposals"

    class Params(MajorityVote.Params):
        voting_hours: int = 48
        # "create and retract 30 proposals in a day" (L387): several may be open.
        one_open_per_player: bool = False

    params: Params


class DisruptionOfGameplay(Rule):
    """Reconstructed; the seed says nothing of its content. Evidence: the game's section list had a section X of this name between Proposals and Ending the Game, and the admin reverted actions that broke the rules (L389).

    The admin may undo the effects of any action that disrupts the game against the intent of the rules."""  # noqa: E501

    key = "disruption-of-gameplay"
    pack = PACK
    number = 1001
    title = "Disruption of Gameplay"
    # Text only: the admin undoes an action by the admin's own actions.


class EndingTheGame(Rule):
    """Reconstructed. Evidence: the only way to win in the seed is its newest proposal ("If any player's level is 25 or higher, that player is declared the winner", L1), so the base had none that the proposals kept.

    The game ends when a rule declares a winner. No rule of the base does."""  # noqa: E501

    key = "ending-the-game"
    pack = PACK
    number = 1101
    title = "Ending the Game"
