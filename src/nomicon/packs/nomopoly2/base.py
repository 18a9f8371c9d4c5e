"""Nomopoly II, sections I (The Admin) and II (Players).

The admin's items are Nomicon's own machinery (the admin actor, the log, the pages,
``interpret``); each says how the admin does it. Players join with Nomicon's ``join``;
the rules here give a new player a Team (II.3) and a square (II.7), and let players
befriend, turn Freemason and leave.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, Rule, RuleParams, action, adjust, events, hook
from nomicon.packs.nomopoly2 import board
from nomicon.packs.nomopoly2.events import SQUARE_GRANTED, TEAM_JOINED
from nomicon.packs.nomopoly2.terms import (
    BEST_FRIEND,
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    PACK,
    SBA,
    TEAM,
    TEAMS,
    fact,
    has_board,
    owner_of,
    set_fact,
    updates_begun,
)

# -- I. The Admin -------------------------------------------------------------------

class TheAdmin(Rule):
    """The position of "the admin" is held by me, Brian Tivol (tivol@mit.edu)."""

    key = "the-admin"
    pack = PACK
    number = 101
    title = "I.1 The admin"
    # Text only: the admin is the game's admin actor; the person is whoever runs it.


class WhatTheAdminPublishes(Rule):
    """The admin is responsible for maintaining and publishing: a history of player submissions and their moves; the status of the board and the dice; and the ruleset and its consequences."""  # noqa: E501

    key = "what-the-admin-publishes"
    pack = PACK
    number = 102
    title = "I.2 What the admin publishes"
    # Text only: the log is the history of submissions and moves (orders are
    # published by the update, XXII.6), the dice are the game's committed dice, and the
    # board, the ruleset and the pages are the game's views.


class EditingSubmissions(Rule):
    """The admin may edit player's submissions to make them suitable for publishing as long as their meaning is preserved. Such changes can include adding HTML tags and correcting typos."""  # noqa: E501

    key = "editing-submissions"
    pack = PACK
    number = 103
    title = "I.3 Editing submissions"
    # Text only: the admin edits a proposal's published text with ``set``; the log
    # keeps what was submitted.


class TheAdminsDecisionIsFinal(Rule):
    """The decision of the admin is final."""

    key = "the-admin-s-decision-is-final"
    pack = PACK
    number = 104
    title = "I.4 The admin's decision is final"
    # Text only: the admin's rulings are ``interpret``; nothing appeals them.


class TheSwissBankAccount(Rule):
    """The admin has a Swiss Bank Account (SBA) into which money can be stored. No proposal can allow money to be taken from the SBA. The "S" in "SBA" can be thought to stand for any nationality beginning with the letter "S"."""  # noqa: E501

    key = "the-swiss-bank-account"
    pack = PACK
    number = 105
    title = "I.5 The Swiss Bank Account"

    def on_enact(self, ctx: Ctx) -> None:
        ctx.open_account(SBA)

    @adjust("ledger.transfer")
    def nothing_leaves(self, ctx: Ctx, proposal: dict[str, Any]) -> dict[str, Any] | None:
        # "No proposal can allow money to be taken from the SBA": whatever rule asks
        # for money from it (a cut of the rent it collects...), none is taken. The
        # transfer is cancelled rather than refused, so that the turn or update that
        # asked goes on.
        if proposal["source"] == SBA and proposal["currency"] == DOLLARS:
            return None
        return proposal


class AntiSpamIsland(Rule):
    """The admin and his friends and toys are arrayed on Anti-Spam Island."""

    key = "anti-spam-island"
    pack = PACK
    number = 106
    title = "I.6 Anti-Spam Island"
    # Text only: flavour.


# -- II. Players ----------------------------------------------------------------------

class Joining(Rule):
    """Anyone may join the game and become a player by informing the admin. Each player must have a unique email address and a unique name that will not confuse or annoy the game's community."""  # noqa: E501

    key = "joining"
    pack = PACK
    number = 201
    title = "II.1 Joining"
    # Text only: a player joins with ``join`` under a name no other player has; the
    # mail gateway keeps each player's address, one to a player.


class TheAdminIsNotAPlayer(Rule):
    """The admin is not considered to be a player."""

    key = "the-admin-is-not-a-player"
    pack = PACK
    number = 202
    title = "II.2 The admin is not a player"
    # Text only: Nomicon's admin is never one of the game's players.


def teams_removed(ctx: Ctx) -> bool:
    """Whether II.5 has removed all references to Teams from the ruleset."""
    return bool(fact(ctx, "teams_removed", False))


def team_of(ctx: Ctx, player: str) -> str | None:
    """A player's Team, or None for a Freemason (and for everyone once II.5 removed
    the Teams)."""
    if teams_removed(ctx):
        return None
    team: str | None = ctx.attr(player, TEAM, None)
    return team


def members(ctx: Ctx, team: str) -> list[str]:
    """The players of ``team``, by name."""
    return sorted(p for p in ctx.players() if team_of(ctx, p) == team)


class TeamsAndFreemasons(Rule):
    """Every player is either a Freemason or belongs to one of four Teams: the North Team, the South Team, the East Team, or the West Team. Each new player is added to one of the geographical Teams with the fewest players, randomly and with equal probability."""  # noqa: E501

    key = "teams-and-freemasons"
    pack = PACK
    number = 203
    title = "II.3 Teams and Freemasons"

    attributes = (Attribute(TEAM, None, doc="north, south, east or west; null: a Freemason"),)

    @hook(events.PLAYER_JOINED)
    def add_to_a_team(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        player = data["player"]
        if teams_removed(ctx):
            return
        sizes = {team: len(members(ctx, team)) for team in TEAMS}
        fewest = min(sizes.values())
        team = ctx.pick([t for t in TEAMS if sizes[t] == fewest], f"{player}'s Team")
        ctx.set_attr(player, TEAM, team)
        filled = set(fact(ctx, "teams_filled", []) or []) | {team}
        set_fact(ctx, "teams_filled", sorted(filled))
        ctx.emit(TEAM_JOINED, f"{player} joins the {team.title()} Team", player=player,
                 team=team)


class BestFriends(Rule):
    """Two players may declare themselves Best Friends if each of them send mail stating their intentions to the admin during the same week. Either one of the two players may end their state of friendship by declaring her intent to the admin. A player may only have one Best Friend at a time; no player may become Best Friends with anyone for at least two weeks after a friendship she is part of is dissolved."""  # noqa: E501

    key = "best-friends"
    pack = PACK
    number = 204
    title = "II.4 Best Friends"

    attributes = (Attribute(BEST_FRIEND, None, doc="the player's Best Friend, if any"),
                  Attribute("befriending", None, doc="whom the player asked this week"),
                  Attribute("friendless_until", None,
                            doc="the first update at which the player may befriend again"))

    class Params(RuleParams):
        wait_updates: int = Field(2, ge=0, description="weeks (updates) after a friendship "
                                  "ends before either may become Best Friends again")

    params: Params

    def _unable(self, ctx: Ctx, who: str) -> tuple[str, str] | None:
        """Why ``who`` may not become anyone's Best Friend now (reason, detail)."""
        friend = ctx.attr(who, BEST_FRIEND)
        if friend is not None:
            return (f"{who} already has a Best Friend ({friend})",
                    "a player may only have one Best Friend at a time")
        until = ctx.attr(who, "friendless_until")
        if until is not None and updates_begun(ctx) < until:
            return (f"{who}'s last friendship ended less than two weeks ago",
                    f"{who} may befriend again from update {until}")
        return None

    def _others(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in ctx.players() if p != actor and self._unable(ctx, p) is None]

    def _why_not_other(self, ctx: Ctx, actor: str, value: Any) -> None:
        if value in ctx.players() and value != actor:
            reason, detail = self._unable(ctx, str(value)) or ("", "")
            ctx.refuse(reason, detail=detail)
        ctx.refuse(f"{value!r} is not another player",
                   detail=f"others: {', '.join(self._others(ctx, actor)) or 'none'}")

    @action("befriend", Arg("friend", str, "the player you declare your Best Friend",
                            choices="_others", explain="_why_not_other"))
    def befriend(self, ctx: Ctx, actor: str, friend: str) -> None:
        """Declare that you and another player are to be Best Friends."""
        week = updates_begun(ctx)
        ctx.set_attr(actor, "befriending", {"friend": friend, "week": week})
        asked = ctx.attr(friend, "befriending")
        if asked is not None and asked["friend"] == actor and asked["week"] == week:
            for a, b in ((actor, friend), (friend, actor)):
                ctx.set_attr(a, BEST_FRIEND, b)
                ctx.set_attr(a, "befriending", None)

    @befriend.check
    def _may_befriend(self, ctx: Ctx, actor: str) -> None:
        unable = self._unable(ctx, actor)
        if unable is not None:
            ctx.refuse(unable[0], detail=unable[1])

    @action("end-friendship")
    def end_friendship(self, ctx: Ctx, actor: str) -> None:
        """End your friendship with your Best Friend."""
        friend = ctx.attr(actor, BEST_FRIEND)
        until = updates_begun(ctx) + self.params.wait_updates
        for who in (actor, friend):
            ctx.set_attr(who, BEST_FRIEND, None)
            ctx.set_attr(who, "friendless_until", until)

    @end_friendship.check
    def _has_friend(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.attr(actor, BEST_FRIEND) is not None, f"{actor} has no Best Friend")


class NoPlayersOnATeam(Rule):
    """If, at any point, there are no players on a Team, then all references to Teams will be removed from the ruleset."""  # noqa: E501

    key = "no-players-on-a-team"
    pack = PACK
    number = 205
    title = "II.5 No players on a Team"

    # II.3 fills the Teams one player at a time, so read literally this removes the
    # Teams at the first join. Ruling (INTERPRETATIONS.md, Rule 205): a Team is "on"
    # the board once it has had a player; the Teams are removed when one that has had
    # players has none.
    def check(self, ctx: Ctx) -> None:
        """Remove the Teams if one that has had players has none now."""
        if teams_removed(ctx):
            return
        filled = fact(ctx, "teams_filled", []) or []
        empty = [team for team in filled if not members(ctx, team)]
        if empty:
            set_fact(ctx, "teams_removed", True)
            ctx.emit(TEAM_JOINED, f"the {empty[0].title()} Team has no players: all "
                     "references to Teams are removed; everyone is a Freemason",
                     player="", team=None)

    @hook("batch.closing")
    def _after(self, ctx: Ctx, data: dict[str, Any]) -> None:
        self.check(ctx)


class DeclaringOneselfAFreemason(Rule):
    """A player can declare herself to be a Freemason at any time."""

    key = "declaring-oneself-a-freemason"
    pack = PACK
    number = 206
    title = "II.6 Declaring oneself a Freemason"

    @action("become-freemason")
    def become_freemason(self, ctx: Ctx, actor: str) -> None:
        """Declare yourself a Freemason (you leave your Team)."""
        ctx.set_attr(actor, TEAM, None)
        ctx.emit(TEAM_JOINED, f"{actor} becomes a Freemason", player=actor, team=None)

    @become_freemason.check
    def _on_a_team(self, ctx: Ctx, actor: str) -> None:
        ctx.require(team_of(ctx, actor) is not None, f"{actor} is already a Freemason")


class ANewPlayersSquare(Rule):
    """When a player joins the game, if there is no unowned square which is not mentioned in the rules, a new square is created by New Clear Fishing (with no fee being paid by anyone). The new player is then given ownership of the lowest numbered unowned square which is not mentioned in the rules."""  # noqa: E501

    key = "a-new-player-s-square"
    pack = PACK
    number = 207
    title = "II.7 A new player's square"

    @hook(events.PLAYER_JOINED)
    def grant_a_square(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        if not has_board(ctx):
            return
        player = data["player"]
        named = board.named_squares(ctx)
        free = [n for n in board.numbers(ctx)
                if owner_of(ctx, n) is None and n not in named]
        if not free:
            free = board.new_clear_fishing(ctx, None, why=f"{player} joins")
        square = min(free)
        ctx.set(["board", "spaces", str(square), "owner"], player)
        ctx.emit(SQUARE_GRANTED, f"{player} is given square {square}", player=player,
                 square=square)


def survivors(ctx: Ctx) -> list[str]:
    """The players who have not left the game."""
    return [p for p in ctx.players() if not ctx.get(["seats", p, "left"], False)]


#: II.8's methods, by the number the text gives them.
METHODS = {1: "the Government", 2: "the Corporation", 3: "random players",
           4: "random teammates", 5: "a chosen player"}


class LeavingTheGame(Rule):
    """A player may leave the game by informing the admin. The player may choose one of the following to happen as they leave:

1. All of the player's assets, including all cash, all property, and all objects, will be donated to the Government. The Government will retain all cash, and auction all property in accordance with rule X.7. Objects will be auctioned off in the same auction as one item, called a Grab Bag, and otherwise treated like property to be auctioned.

2. All of the player's assets, including all cash, all property, and all objects, will be donated to the Corporation. The Corporation will retain all cash, and offer to sell all property and objects at 120% market value. Any player may purchase these property and objects at any time from anywhere, first come first serve.

3. All of the player's assets will be distributed randomly to the other players in the following manner: One square of property, one object, and a bundle of money up to $200 (as much as possible to fill a bundle) is considered one "thing" (not and official game term, but just for the purposes of this rule). The Admin will pick a random player (with uniform probabiliy--not the departing player, of course) that hasn't yet been given a thing and give her one thing, until all things are given out. If every player has received a thing by this rule, then the Admin will pretend nobody received a thing, and continue giving out things.

4. All of the player's assets will be distributed randomly to the other players in her team, as per the method described in the previous item.

5. All of the player's assets will be donated to a surviving player of the exiting player's choice.

If a departing player does not specify an asset dispursal method, the choice will default to the first method."""  # noqa: E501

    key = "leaving-the-game"
    pack = PACK
    number = 208
    title = "II.8 Leaving the game"

    attributes = (Attribute("departure", None, doc="how the player's assets go when she "
                            "leaves: {method: 1-5, to: a player for method 5}"),)

    class Params(RuleParams):
        bundle: int = Field(200, ge=1, description="the most money in one \"thing\" (II.8.3)")

    params: Params

    def _survivors(self, ctx: Ctx, actor: str) -> list[str]:
        return [p for p in survivors(ctx) if p != actor]

    @action("choose-departure", Arg("method", int, "1 Government, 2 Corporation, 3 random "
                                    "players, 4 random teammates (5: use leave-to)",
                                    minimum=1, maximum=4))
    def choose_departure(self, ctx: Ctx, actor: str, method: int) -> None:
        """Say how your assets go when you leave (by default, to the Government)."""
        ctx.set_attr(actor, "departure", {"method": method, "to": None})

    def _why_not_survivor(self, ctx: Ctx, actor: str, value: Any) -> None:
        ctx.refuse(f"{value!r} is not a surviving player",
                   detail=f"survivors: {', '.join(self._survivors(ctx, actor)) or 'none'}")

    @action("leave-to", Arg("to", str, "the surviving player who gets everything",
                            choices="_survivors", explain="_why_not_survivor"))
    def leave_to(self, ctx: Ctx, actor: str, to: str) -> None:
        """Say that all your assets go to a surviving player when you leave (method 5)."""
        ctx.set_attr(actor, "departure", {"method": 5, "to": to})

    @hook(events.PLAYER_LEFT)
    def disperse(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        player = data["player"]
        if player not in ctx.players():
            return
        choice = ctx.attr(player, "departure") or {"method": 1, "to": None}
        method, others = choice["method"], self._survivors(ctx, player)
        if method == 4:
            others = [p for p in others if team_of(ctx, p) is not None
                      and team_of(ctx, p) == team_of(ctx, player)]
        if method == 5 and choice["to"] not in others:
            method = 1  # the chosen player has left too: the default (ruling)
        if method in (3, 4) and not others:
            method = 1  # nobody to give to: the default (ruling)
        squares = [n for n in board.numbers(ctx) if owner_of(ctx, n) == player]
        cash = ctx.balance(player, DOLLARS)
        if method in (1, 2, 5):
            target = {1: GOVERNMENT, 2: CORPORATION, 5: choice["to"]}[method]
            ctx.open_account(target)
            for n in squares:
                ctx.set(["board", "spaces", str(n), "owner"], target)
                if method == 1:
                    ctx.set(["board", "spaces", str(n), "auction"], True)  # X.5's auction
                elif method == 2:
                    ctx.set(["board", "spaces", str(n), "for_sale_percent"], 120)
            if cash:
                ctx.transfer(player, target, cash, DOLLARS, f"{player} leaves: to "
                             f"{METHODS[method]}")
            return
        # Methods 3 and 4: one square, one object and a bundle of up to $200 make one
        # "thing"; each goes to a random player who has had none yet, all over again
        # once everyone has had one. Objects are section XIX's (none are kept yet).
        given: set[str] = set()
        while squares or cash > 0:
            pool = [p for p in others if p not in given] or others
            if len(pool) == len(others):
                given.clear()
            receiver = ctx.pick(pool, f"who gets a thing of {player}'s")
            given.add(receiver)
            if squares:
                ctx.set(["board", "spaces", str(squares.pop(0)), "owner"], receiver)
            bundle = min(cash, self.params.bundle)
            if bundle:
                ctx.transfer(player, receiver, bundle, DOLLARS, f"{player} leaves: a thing")
                cash -= bundle


class TheExScammer(Rule):
    """If a player leaves the game, but in doing so causes a surviving player to win within 1 week (either by qualifying as the Winner or winning a Messed Up game), then the player leaving the game shall be called the Ex-Scammer, and shall receive second place for outside accounting purposes. If more than one exiting player is responsible for the win, then second place shall be shared."""  # noqa: E501

    key = "the-ex-scammer"
    pack = PACK
    number = 209
    title = "II.9 The Ex-Scammer"
    # Text only: placings "for outside accounting purposes" are the admin's to record
    # in the game's result.


RULES: tuple[type[Rule], ...] = (
    TheAdmin, WhatTheAdminPublishes, EditingSubmissions, TheAdminsDecisionIsFinal,
    TheSwissBankAccount, AntiSpamIsland, Joining, TheAdminIsNotAPlayer, TeamsAndFreemasons,
    BestFriends, NoPlayersOnATeam, DeclaringOneselfAFreemason, ANewPlayersSquare,
    LeavingTheGame, TheExScammer,
)
