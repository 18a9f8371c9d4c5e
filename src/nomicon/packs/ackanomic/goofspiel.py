"""Ackanomic rule 1250.7, the Game of Pure Skill (Goofspiel), as rule classes.

Each clause of 1250.7 is a rule of the game's own ruleset, numbered after it: clauses
1, 2, 3, 5, 6, 7 and 8 are Rules 1 to 8, and the parts a) to h) of clause 4 are
Rules 41 to 48. Cards are their values (4b): 1 is the Ace, 11 the Jack, 12 the Queen
and 13 the King, so a pack of ``cards`` cards is ``[1, ..., cards]``.

The state of the game is kept under ``pure_skill``: the table's shape (``seats``,
``cards``, ``games``), the instance being played (``instance``, ``seated``,
``referee``, ``round``, ``prize``, the referee's remaining ``prizes``, the
``discarded`` prizes and the ``rounds`` resolved so far) and the ``results`` of the
instances played. Each player has a public ``hand`` (their pack) and ``take`` (their
take pile). A round's bids are a sealed step of the kernel (``steps.pure-skill-bids``):
each bid is seen by its bidder, the referee and the admin until the round is resolved,
and views show it as the bidder's ``bid``.

Rules 2 and 3 seat the players of each instance. Played standalone (the
``ackanomic-goofspiel`` pack) the game is a table that plays instances one after
another, ``games`` of them (0: until the admin ends it), paying clause 5's payoff
into the table's own ledger; see INTERPRETATIONS.md.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Currency,
    Resolved,
    Rule,
    RuleParams,
    action,
    events,
    hook,
    iso,
    parse,
    veto,
)
from nomicon.packs.ackanomic.events import (
    BIDS_IN,
    CLOSED,
    DRAW_PRIZE,
    ENDED,
    GAME_OVER,
    ROUND_BEGAN,
    ROUND_RESOLVED,
    START_ROUND,
    STARTED,
    TROPHY_AWARDED,
    BidsIn,
    Ended,
    Instance,
    Round,
    RoundBegan,
    RoundResolved,
    Started,
)
from nomicon.packs.ackanomic.tables import (
    close_table,
    members_of,
    parents_choice,
    round_the_table,
    table_of,
)

PACK = "ackanomic"
KEY = "pure_skill"
NAMES = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}

#: The sealed step that collects a round's bids.
BIDS = "pure-skill-bids"


def card_name(card: int) -> str:
    return NAMES.get(card, str(card))


def table(ctx: Ctx) -> dict[str, Any]:
    """The game's table; refused in a game without one."""
    return table_of(ctx, KEY, "Game of Pure Skill")


def seated(ctx: Ctx) -> list[str]:
    players: list[str] = ctx.get([KEY, "seated"], [])
    return players


def in_progress(ctx: Ctx) -> bool:
    return bool(ctx.get([KEY, "seated"]))


def bidders(ctx: Ctx) -> list[str]:
    """The players who bid this round: those seated with a card to bid (only a change
    of the rules can leave a player's pack empty before the end)."""
    return [player for player in seated(ctx) if ctx.attr(player, "hand")]


def new_table(seats: int, cards: int, games: int) -> dict[str, Any]:
    """The ``pure_skill`` part of the state before the first instance."""
    return {"seats": seats, "cards": cards, "games": games, "instance": 0, "seated": [],
            "referee": None, "round": 0, "prize": None, "prizes": [], "discarded": [],
            "rounds": [], "results": []}


def _ensure_table(ctx: Ctx) -> None:
    # Enacted into a game that has no table yet (a proposal, a future parent game):
    # the shape of 1250.7 itself, three players and a suit of thirteen cards.
    if ctx.get([KEY]) is None:
        ctx.set([KEY], new_table(3, 13, 0))


# -- 1) to 3) --------------------------------------------------------------------
class Equipment(Rule):
    """1) General Equipment: The game uses one Standard Deck (deck) without the optional cards."""

    key = "pure-skill-equipment"
    pack = PACK
    number = 1
    title = "General Equipment"
    # The deck is the packs that Rule 41 deals; nothing else to do.


class NumberOfPlayers(Rule):
    """2) Number of Players: The game has exactly 3 players and 1 referee."""

    key = "pure-skill-players"
    pack = PACK
    number = 2
    title = "Number of Players"

    @veto("bid")
    def players_bid(self, ctx: Ctx, actor: str, decl: ActionDecl,
                    args: dict[str, Any]) -> None:
        if actor in seated(ctx):
            return
        referee = ctx.get([KEY, "referee"])
        if actor == referee:
            ctx.refuse("you are the referee of this game, not one of its players")
        if in_progress(ctx):
            ctx.refuse("you are not one of this game's players",
                       detail=f"the players are {', '.join(seated(ctx))}")
        ctx.refuse("no game is in progress",
                   detail=f"a game starts when {ctx.get([KEY, 'seats'])} players are waiting")


class StartingAnInstance(Rule):
    """3) Starting an instance of the game: As described in rule 1250.1, section VI."""

    key = "pure-skill-starting"
    pack = PACK
    number = 3
    title = "Starting an instance of the game"

    def on_enact(self, ctx: Ctx) -> None:
        _ensure_table(ctx)
        self._start_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._start_if_ready(ctx)

    @hook(CLOSED)
    def on_closed(self, ctx: Ctx, data: Instance) -> None:
        games = ctx.get([KEY, "games"])
        # A child game of another game is one instance of the game.
        if (games and ctx.get([KEY, "instance"]) >= games) or ctx.parent() is not None:
            close_table(ctx, KEY, "Pure Skill")
        else:
            self._start_if_ready(ctx)

    def _start_if_ready(self, ctx: Ctx) -> None:
        state = table(ctx)
        members = members_of(ctx)
        seats = state["seats"]
        if state["seated"] or len(members) < seats or ctx.get(["game", "status"]) != "active":
            return
        if state["games"] and state["instance"] >= state["games"]:
            return
        number = state["instance"] + 1
        link = ctx.parent()
        if link is not None:
            # A child game: the game that started it chose its players and referee
            # (None: the engine referees); it starts when they are all members.
            chosen = parents_choice(link, members)
            if state["instance"] or chosen is None:
                return
            players, referee = chosen
        else:
            # Seats go round the members in joining order, one place further each game,
            # so that everyone plays as often; the first member left over referees.
            players, referee = round_the_table(members, (number - 1) % len(members), seats,
                                               len(members) > seats)
        ctx.set([KEY, "instance"], number)
        ctx.set([KEY, "seated"], players)
        ctx.set([KEY, "referee"], referee)
        who = f"; {referee} referees" if referee else "; the engine referees"
        ctx.emit(STARTED, f"Game of Pure Skill #{number}: {', '.join(players)} play{who}",
                 instance=number, players=players, referee=referee)


# -- 4) Rules of the game ------------------------------------------------------------
class Packs(Rule):
    """4a) The deck is divided into its 4 suits. The spades are given to the referee, and each player receives one of the other suits. Each of these is called a "pack"."""  # noqa: E501

    key = "pure-skill-packs"
    pack = PACK
    number = 41
    title = "4a) Packs"
    attributes = (
        Attribute("hand", [], doc="the cards left in the player's pack"),
        Attribute("take", [], doc="the prizes the player has taken"),
    )

    @hook(STARTED)
    def deal(self, ctx: Ctx, data: Started) -> None:
        suit = list(range(1, ctx.get([KEY, "cards"]) + 1))
        for player in ctx.players():
            ctx.set_attr(player, "hand", suit if player in data["players"] else [])
            ctx.set_attr(player, "take", [])
        ctx.set([KEY, "prizes"], suit)
        ctx.set([KEY, "discarded"], [])
        ctx.set([KEY, "rounds"], [])
        ctx.set([KEY, "round"], 0)


class CardValues(Rule):
    """4b) Each card has a value, independent of suit. The value of an Ace is 1, a King is 13, a Queen is 12, a Jack is 11, and all other cards' values are their numeric values."""  # noqa: E501

    key = "pure-skill-values"
    pack = PACK
    number = 42
    title = "4b) Card values"
    # Cards are kept as their values (see the module's docstring): nothing to do.


class Rounds(Rule):
    """4c) A game consists of 13 rounds. A round lasts for 3 days or until all players have submitted their moves to the referee, whichever comes first."""  # noqa: E501

    key = "pure-skill-rounds"
    pack = PACK
    number = 43
    title = "4c) Rounds"

    class Params(RuleParams):
        round_days: int = Field(3, ge=1, description="how long a round lasts at most")

    params: Params

    @hook(STARTED)
    def first_round(self, ctx: Ctx, data: Started) -> None:
        self._begin(ctx)

    @hook(START_ROUND)
    def next_round(self, ctx: Ctx, data: events.NoFields) -> None:
        self._begin(ctx)

    # The round lasts until its bids are all in or its time is up: the sealed step of
    # Rule 45 ends it, with the end announced here as ``ends``.
    def _begin(self, ctx: Ctx) -> None:
        number = ctx.get([KEY, "round"]) + 1
        ctx.set([KEY, "round"], number)
        ctx.dispatch(DRAW_PRIZE, Round(round=number))
        prize = ctx.get([KEY, "prize"])
        shown = f"the {card_name(prize)} of spades" if prize is not None else "no card"
        ends = ctx.now + timedelta(days=self.params.round_days)
        ctx.emit(ROUND_BEGAN, f"round {number}: the prize is {shown}", round=number,
                 prize=prize, ends=iso(ends))


class Prize(Rule):
    """4d) A round starts by the referee choosing a random card from his pack of spades, and announcing the card chosen to each player. This card is called the "prize" for that round."""  # noqa: E501

    key = "pure-skill-prize"
    pack = PACK
    number = 44
    title = "4d) The prize"

    @hook(DRAW_PRIZE)
    def draw(self, ctx: Ctx, data: Round) -> None:
        prizes = ctx.get([KEY, "prizes"])
        if not prizes:
            # Only a change of the rules (an instance started again mid-game) can
            # start a round with the spades used up: that round has no prize.
            ctx.set([KEY, "prize"], None)
            return
        prize = ctx.pick(prizes, f"prize for round {data['round']} (1dK over the spades left, "
                                 "lowest first)")
        ctx.set([KEY, "prizes"], [card for card in prizes if card != prize])
        ctx.set([KEY, "prize"], prize)


class Bidding(Rule):
    """4e) Each player then submits a "bid" of one card from their pack, by announcing their choice privately to the referee. If a player fails to submit a bid by the end of the round, the referee chooses a card randomly from their pack as their bid. Players are discouraged from failing to bid. The value of a bid is the value of the card used to make the bid."""  # noqa: E501

    key = "pure-skill-bidding"
    pack = PACK
    number = 45
    title = "4e) Bidding"

    # "privately to the referee": the bids are a sealed step that the bidder, the
    # referee (when a member referees) and the admin read until the round is resolved;
    # a bid is final once made ("submits a bid").
    @hook(ROUND_BEGAN)
    def collect_bids(self, ctx: Ctx, data: RoundBegan) -> None:
        self.open_bids(ctx, data["round"], parse(data["ends"]))

    def open_bids(self, ctx: Ctx, number: int, ends: datetime) -> None:
        """Open round ``number``'s sealed step of bids, until ``ends``."""
        referee = ctx.get([KEY, "referee"])
        ctx.open_step(BIDS, bidders(ctx), deadline=ends,
                      default=self.bid_for_the_absent, choices=self._hand,
                      visible_to=[referee] if referee else [], changeable=False,
                      on_resolve=self.bids_in, data={"round": number})

    def _hand(self, ctx: Ctx, actor: str) -> list[int]:
        hand: list[int] = ctx.attr(actor, "hand", [])
        return hand

    def _why_not(self, ctx: Ctx, actor: str, card: Any) -> None:
        ctx.refuse(f"the {card_name(card) if isinstance(card, int) else card} is not in "
                   "your pack", detail=f"your pack: {self._hand(ctx, actor)}")

    @action("bid", Arg("card", int, "a card of your pack (1 = Ace ... 13 = King)",
                       choices="_hand", explain="_why_not"), sealed=True)
    def bid(self, ctx: Ctx, actor: str, card: int) -> None:
        """Bid a card of your pack for this round's prize; only the referee sees it."""
        ctx.submit(BIDS, actor, card)

    @bid.check
    def _bid_check(self, ctx: Ctx, actor: str) -> None:
        ctx.require(ctx.get([KEY, "prize"]) is not None, "no prize is up for bidding")
        step = ctx.step(BIDS)
        # A round's bids are collected from its start (4e); a change of the rules in
        # the middle of one may have closed the collection (Rule 45 repealed and
        # enacted again): no bid then, as act would refuse it.
        ctx.require(step is not None, "no bids are being collected now",
                    detail="the collection opens when a round begins")
        assert step is not None
        ctx.require(actor not in step.submitted,
                    "you have already bid this round", detail="a player bids one card a round")

    def bid_for_the_absent(self, ctx: Ctx, player: str) -> int | None:
        """The referee's random card for a player who did not bid by the end of the round
        (none when a change of the rules emptied their pack while the round was open)."""
        hand = self._hand(ctx, player)
        if not hand:
            return None
        card: int = ctx.pick(hand,
                             f"bid for {player}, who did not bid (1dK over their pack, "
                             "lowest first)")
        return card

    def bids_in(self, ctx: Ctx, resolved: Resolved) -> None:
        ctx.dispatch(BIDS_IN, BidsIn(round=resolved.data["round"], bids=resolved.submissions))

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """Show each bid of the round as its bidder's ``bid``, to whoever may read it
        (the step's view already holds only those), and an empty one to the bidder,
        the referee and the admin."""
        step = (view.get("steps") or {}).get(BIDS)
        players = view.get("players")
        if step is None or players is None:
            return
        for name in step["players"]:
            if name in step["submissions"]:
                players[name]["bid"] = step["submissions"][name]
            elif viewer in ("admin", name, *step["visible_to"]):
                players[name]["bid"] = None


class Resolution(Rule):
    """4f) The referee resolves the round as follows. If a single bid submitted is higher than the other bids, the player who submitted the bid receives the round's prize for his "take" pile. If no single bid is highest, the prize card is discarded and removed from play. Regardless of the outcome of the bidding, all cards used for bidding are discarded and removed from play."""  # noqa: E501

    key = "pure-skill-resolution"
    pack = PACK
    number = 46
    title = "4f) Resolving a round"

    @hook(BIDS_IN)
    def resolve(self, ctx: Ctx, data: BidsIn) -> None:
        prize = ctx.get([KEY, "prize"])
        # A player whose pack a change of the rules emptied during the round made no bid.
        bids: dict[str, int] = {player: card for player, card in data["bids"].items()
                                if card is not None}
        top = max(bids.values(), default=None)
        highest = [player for player, card in bids.items() if card == top]
        taker = highest[0] if len(highest) == 1 else None
        for player, card in bids.items():
            ctx.set_attr(player, "hand", [c for c in ctx.attr(player, "hand", []) if c != card])
        if prize is None:
            pass  # no rule in force drew a prize (Rule 44 was repealed): nothing to take
        elif taker is not None:
            ctx.set_attr(taker, "take", [*ctx.attr(taker, "take", []), prize])
        else:
            ctx.set([KEY, "discarded"], [*ctx.get([KEY, "discarded"], []), prize])
        number = data["round"]
        ctx.set([KEY, "prize"], None)
        ctx.state.append([KEY, "rounds"], {"round": number, "prize": prize, "bids": bids,
                                           "taker": taker})
        shown = ", ".join(f"{player} {card_name(card)}" for player, card in bids.items())
        outcome = ("there was no prize" if prize is None else
                   f"{taker} takes the {card_name(prize)}" if taker else
                   f"no single highest bid: the {card_name(prize)} is discarded")
        ctx.emit(ROUND_RESOLVED, f"round {number}: bids {shown}; {outcome}", round=number,
                 prize=prize, bids=bids, taker=taker)


class Announcement(Rule):
    """4g) The referee announces the results of the round to all players, and announces all cards used as bids. This ends the current round. The next round can then start in accordance with 4d), unless the 13th round has ended, in which case the game ends."""  # noqa: E501

    key = "pure-skill-announcement"
    pack = PACK
    number = 47
    title = "4g) Announcing the round"

    # The results and the bids are announced by Rule 46's event, which every player
    # sees. "The 13th round" is the round of the packs' last card (``cards`` rounds).
    @hook(ROUND_RESOLVED)
    def next_or_end(self, ctx: Ctx, data: RoundResolved) -> None:
        if data["round"] < ctx.get([KEY, "cards"]) and ctx.get([KEY, "prizes"]):
            ctx.dispatch(START_ROUND, events.NoFields())
        else:
            ctx.dispatch(GAME_OVER, events.NoFields())


class Scoring(Rule):
    """4h) Upon the game ending, the value of the cards in each player's take pile is totaled. The single player with the highest total is the winner of the game. If there is no single player with a highest total, then the game has no winner. If a player has no cards in their take pile, their total value is zero."""  # noqa: E501

    key = "pure-skill-scoring"
    pack = PACK
    number = 48
    title = "4h) Scoring"

    @hook(GAME_OVER)
    def score(self, ctx: Ctx, data: events.NoFields) -> None:
        players = seated(ctx)
        totals = {player: sum(ctx.attr(player, "take", [])) for player in players}
        # Rule 8: a bot that replaced a player who left is no player for 4h; its seat
        # says so (it does not count), and the highest total of the others wins.
        counted = [total for player, total in totals.items() if ctx.seat_of(player).counts]
        best = max(counted, default=None)
        leaders = [player for player, total in totals.items()
                   if total == best and ctx.seat_of(player).counts]
        winner = leaders[0] if len(leaders) == 1 else None
        number = ctx.get([KEY, "instance"])
        referee = ctx.get([KEY, "referee"])
        ctx.state.append([KEY, "results"], {"instance": number, "players": players,
                                            "referee": referee, "totals": totals,
                                            "winner": winner,
                                            "discarded": list(ctx.get([KEY, "discarded"], []))})
        ctx.set([KEY, "seated"], [])
        ctx.set([KEY, "referee"], None)
        shown = ", ".join(f"{player} {total}" for player, total in totals.items())
        ctx.emit(ENDED, f"Game of Pure Skill #{number} is over: {shown}; "
                        + (f"{winner} wins" if winner else "no winner"),
                 instance=number, totals=totals, winner=winner, referee=referee)
        ctx.dispatch(CLOSED, Instance(instance=number))


# -- 5) to 8) ------------------------------------------------------------------------
class Payoff(Rule):
    """5) Upon a winning condition being met and a winner being declared, the winner receives 8 points, and the referee receives A$8. The winner receives a standard Trophy."""  # noqa: E501

    key = "pure-skill-payoff"
    pack = PACK
    number = 5
    title = "Payoff"
    currencies = (Currency("points", 0, doc="Ackanomic points"),
                  Currency("A$", 0, doc="Ackanomic dollars"))
    attributes = (Attribute("trophies", 0, doc="standard Trophies won"),)

    class Params(RuleParams):
        winner_points: int = Field(8, ge=0)
        referee_dollars: int = Field(8, ge=0)

    params: Params

    @hook(ENDED)
    def pay(self, ctx: Ctx, data: Ended) -> None:
        winner = data["winner"]
        if winner is None or not ctx.is_player(winner):
            return
        if ctx.parent() is not None:
            return  # a child game: its result is settled into the main game, which pays
        game = f"Game of Pure Skill #{data['instance']}"
        ctx.gain(winner, self.params.winner_points, f"won {game}")
        if data["referee"] is not None and ctx.is_player(data["referee"]):
            ctx.gain(data["referee"], self.params.referee_dollars, f"refereed {game}", "A$")
        ctx.set_attr(winner, "trophies", ctx.attr(winner, "trophies", 0) + 1)
        ctx.emit(TROPHY_AWARDED, f"{winner} receives a standard Trophy for {game}",
                 player=winner)


class WebPage(Rule):
    """6) The referee should, but is not required to, keep a web page of the state of the game, and the history of each move."""  # noqa: E501

    key = "pure-skill-web-page"
    pack = PACK
    number = 6
    title = "Web page"
    # Nomicon keeps the state and the log of every move, and shows them.


class NoCollusion(Rule):
    """7) Players may not discuss or collude on strategy or bids."""

    key = "pure-skill-no-collusion"
    pack = PACK
    number = 7
    title = "No collusion"
    # Conduct outside the game: the admin judges it (INTERPRETATIONS.md).


class Replacement(Rule):
    """8) If a player leaves this game, or the game of ackanomic, while this game is in progress, they will be replaced by a bot who plays randomly, as managed by the referee. Any bots are not considered players for the purposes of clause 4h)"""  # noqa: E501

    key = "pure-skill-replacement"
    pack = PACK
    number = 8
    title = "Replacement by a bot"

    # A player leaves with ``leave-game``, or the admin records it (they left Ackanomic)
    # with ``remove-player``; the engine plays the bot, drawing its bids with the dice.
    @hook(events.SEAT_LEFT)
    def replace_by_a_bot(self, ctx: Ctx, data: events.PlayerLeft) -> None:
        if data["player"] in seated(ctx):
            ctx.start_bot(data["player"], "random", counts=False)


RULES: tuple[type[Rule], ...] = (
    Equipment, NumberOfPlayers, StartingAnInstance, Packs, CardValues, Rounds, Prize, Bidding,
    Resolution, Announcement, Scoring, Payoff, WebPage, NoCollusion, Replacement,
)
