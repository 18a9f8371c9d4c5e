"""Ackanomic rule 1250.15, Spades, as rule classes.

The text's opening parts (General Equipment, Number of Players, Beginning the game)
are Rules 91 to 93; its clauses 1 to 7 (Dealing, Bidding, Trick Play, Scoring, Winning
the Game, Miscellaneous, Time Limit) are Rules 1 to 7. Cards are written ``"QS"``
(see :mod:`nomicon.packs.ackanomic.spades_cards`).

The state of the game is kept under ``spades``: the ``order`` of play (players 1 to
4), the ``teams`` (``"1"``: players 1 and 3, ``"2"``: players 2 and 4), the
``referee`` (None: the engine referees), the ``round`` and its ``phase``
(``waiting``, ``bidding``, ``play``, ``over``), the ``bids`` made this round (``[player,
tricks]`` in the order made; 0 is nil), the player whose action is ``expected``, the
``trick`` being played and the cards ``played`` to it, the ``tricks`` taken this round,
the tricks each player has ``won`` this round, each team's Spadescore (``scores``) and
sandbags (``bags``), the ``rounds`` scored so far, the players who ``conceded``, the
player the referee is choosing for (``intervening``, Rule 7) and the ``result``. Each
player's ``hand`` is seen by the player, the referee and the admin only (Rule 6); the
deal is a shuffle with dice that only the referee reads, revealed once every card of
the round has been played.

Played as a child game (``ctx.start_child("ackanomic-spades", players=[four players],
referee=...)``), the game plays until a team wins and reports to its parent
(:meth:`AckanomicSpades.result`):

- ``winners``: the two players of the winning team (``[]`` if the game ended without
  a winner, which the text does not allow but an admin's end of the game can cause);
- ``scores``: each player's team's final Spadescore, by player (partners score alike);
- ``referee``: the referee the parent chose (None: the engine refereed);
- ``rounds``: the rounds scored.

Spades pays nothing ("No Trophies are awarded for winning"): the parent's rules decide
what, if anything, a result is worth (a Duel's stake, for one).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from pydantic import Field

from nomicon.authoring import (
    ActionDecl,
    Arg,
    Attribute,
    Ctx,
    Pack,
    PackParams,
    Rule,
    RuleParams,
    action,
    events,
    finish,
    hook,
    veto,
)
from nomicon.packs.ackanomic import spades_cards as cards
from nomicon.packs.ackanomic.spades_events import (
    ACTION_EXPECTED,
    BEGAN,
    BID_MADE,
    BIDDING_BEGINS,
    BIDS_DONE,
    CARD_PLAYED,
    CONCEDED,
    DEALT,
    GAME_WON,
    REFEREE_CHOSE,
    ROUND_BEGINS,
    ROUND_DONE,
    ROUND_SCORED,
    SCORED,
    TRICK_WON,
    Expected,
    RoundNumber,
    TeamRound,
)
from nomicon.packs.ackanomic.spades_pages import TABLE
from nomicon.packs.ackanomic.tables import initial_rules, members_of, table_of

PACK = "ackanomic"
PACK_ID = "ackanomic-spades"
KEY = "spades"
REFEREE = "referee"
#: The timer of Rule 7: how long the expected action may wait.
WAIT = "spades-wait"


def new_table(with_referee: bool = False, target: int | None = None) -> dict[str, Any]:
    """The ``spades`` part of the state before the game begins (``target``: the
    Spadescore this table plays to instead of Rule 5's)."""
    return {"with_referee": with_referee, "target": target, "order": [], "teams": {},
            "referee": None, "round": 0, "phase": "waiting", "bids": [], "expected": None,
            "trick": 0, "played": [], "tricks": [], "won": {},
            "scores": {"1": 0, "2": 0}, "bags": {"1": 0, "2": 0}, "rounds": [],
            "conceded": [], "intervening": None, "result": None}


def _ensure_table(ctx: Ctx) -> None:
    # Enacted into a game without a table (a proposal, a parent game's template).
    if ctx.get([KEY]) is None:
        ctx.set([KEY], new_table())


def table(ctx: Ctx) -> dict[str, Any]:
    """The Spades table; refused in a game without one (a Spades rule enacted by a
    proposal into another game plays only once Rule 93 has set a table up)."""
    return table_of(ctx, KEY, "Spades table",
                    "Rule 93 (Beginning the game) sets the table up")


def order(ctx: Ctx) -> list[str]:
    found: list[str] = ctx.get([KEY, "order"], [])
    return found


def team_of(ctx: Ctx, player: str) -> str:
    return "1" if order(ctx).index(player) % 2 == 0 else "2"


def hand(ctx: Ctx, player: str) -> list[str]:
    found: list[str] = ctx.attr(player, "hand", [])
    return found


def led_suit(ctx: Ctx) -> str | None:
    played = ctx.get([KEY, "played"], [])
    return cards.suit(played[0][1]) if played else None


def legal_cards(ctx: Ctx, player: str) -> list[str]:
    return cards.legal_plays(hand(ctx, player), led_suit(ctx))


def deal_purpose(number: int) -> str:
    return f"the deal of round {number} (one card of those left, each time)"


def expect(ctx: Ctx, player: str) -> None:
    """Say whose action the game waits for now (Rule 7 times it)."""
    state = table(ctx)
    ctx.set([KEY, "expected"], player)
    ctx.dispatch(ACTION_EXPECTED, Expected(round=state["round"], phase=state["phase"],
                                           player=player, trick=state["trick"]))


def begin_round(ctx: Ctx, number: int) -> None:
    ctx.set([KEY, "round"], number)
    ctx.dispatch(ROUND_BEGINS, RoundNumber(round=number))


def make_bid(ctx: Ctx, player: str, tricks: int, by: str) -> None:
    """Record ``player``'s bid and ask the next bidder, or end the bidding."""
    state = table(ctx)
    ctx.state.append([KEY, "bids"], [player, tricks])
    shown = "nil (0)" if tricks == 0 else str(tricks)
    who = "" if by == player else f" (chosen by {by}, Rule 7)"
    ctx.emit(BID_MADE, f"{player} bids {shown}{who}", round=state["round"], player=player,
             tricks=tricks, by=by)
    seats = order(ctx)
    if len(ctx.get([KEY, "bids"])) >= len(seats):
        ctx.set([KEY, "expected"], None)
        ctx.dispatch(BIDS_DONE, RoundNumber(round=state["round"]))
    else:
        expect(ctx, seats[(seats.index(player) + 1) % len(seats)])


def play_card(ctx: Ctx, player: str, card: str, by: str) -> None:
    """Play ``card`` from ``player``'s hand; settle the trick when all have played."""
    state = table(ctx)
    ctx.set_attr(player, "hand", [c for c in hand(ctx, player) if c != card])
    ctx.state.append([KEY, "played"], [player, card])
    who = "" if by == player else f" (chosen by {by}, Rule 7)"
    ctx.emit(CARD_PLAYED, f"{player} plays {card} to trick {state['trick']}{who}",
             round=state["round"], trick=state["trick"], player=player, card=card, by=by)
    seats = order(ctx)
    played = [(name, shown) for name, shown in table(ctx)["played"]]
    if len(played) < len(seats):
        expect(ctx, seats[(seats.index(player) + 1) % len(seats)])
        return
    winner = cards.trick_winner(played)
    number = state["trick"]
    ctx.state.append([KEY, "tricks"], {"trick": number, "cards": [list(p) for p in played],
                                       "winner": winner})
    ctx.set([KEY, "won", winner], ctx.get([KEY, "won", winner], 0) + 1)
    ctx.set([KEY, "played"], [])
    ctx.emit(TRICK_WON, f"{winner} wins trick {number} "
                        f"({', '.join(f'{n} {c}' for n, c in played)})",
             round=state["round"], trick=number, cards=[list(p) for p in played],
             winner=winner)
    if number >= cards.TRICKS or not hand(ctx, winner):
        ctx.set([KEY, "expected"], None)
        ctx.dispatch(ROUND_DONE, RoundNumber(round=state["round"]))
    else:
        ctx.set([KEY, "trick"], number + 1)
        expect(ctx, winner)


def declare_winner(ctx: Ctx, team: str | None, how: str, why: str) -> None:
    """End the game: ``team`` wins (None: nobody); the referee posts the results."""
    state = table(ctx)
    winners = list(state["teams"].get(team, [])) if team else []
    scores = dict(state["scores"])
    rounds = len(state["rounds"])
    ctx.set([KEY, "phase"], "over")
    ctx.set([KEY, "expected"], None)
    ctx.set([KEY, "intervening"], None)
    ctx.set([KEY, "result"], {"team": team, "winners": winners, "how": how,
                              "scores": scores, "rounds": rounds})
    ctx.cancel_timer(WAIT)
    ctx.set(["winners"], winners)
    shown = ", ".join(f"team {name} {score}" for name, score in scores.items())
    ctx.emit(GAME_WON, f"Spades is over: {why}; final scores {shown}", winners=winners,
             team=team, how=how, scores=scores, rounds=rounds)
    finish(ctx, why)


# -- the opening parts ---------------------------------------------------------------
class Equipment(Rule):
    """General Equipment: 1 standard deck without the optional cards; Gamepoints as needed"""

    key = "spades-equipment"
    pack = PACK
    number = 91
    title = "General Equipment"
    # The deck is spades_cards.deck() (52 cards, no Jokers); the Gamepoints are the
    # teams' Spadescores (Rule 4), kept in the game's own state.


class NumberOfPlayers(Rule):
    """Number of Players: exactly 4 players and 1 referee are needed."""

    key = "spades-players"
    pack = PACK
    number = 92
    title = "Number of Players"

    @veto("bid", "play", "concede")
    def players_only(self, ctx: Ctx, actor: str, decl: ActionDecl,
                     args: dict[str, Any]) -> None:
        if actor in order(ctx):
            return
        if actor == ctx.get([KEY, "referee"]):
            ctx.refuse("you are the referee of this game, not one of its players")
        if order(ctx):
            ctx.refuse("you are not one of this game's four players",
                       detail=f"the players are {', '.join(order(ctx))}")
        ctx.refuse("the game has not begun",
                   detail="it begins when its four players (and its referee) have joined")


class Beginning(Rule):
    """Beginning the game: As described in rule 1250.1, section VI. Additionally, the referee begins the game by randomly assigning the players into a playing order (ensuring that members of the same team do not occupy adjacent positions if teams are already chosen), and publicly posting this playing order and announcing that the spades game is beginning. Players 1 and 3 shall be team 1; players 2 and 4 shall be team 2. Throughout the game, play will rotate through this order, returning to player 1 after player 4."""  # noqa: E501

    key = "spades-beginning"
    pack = PACK
    number = 93
    title = "Beginning the game"
    roles = (REFEREE,)

    def on_enact(self, ctx: Ctx) -> None:
        _ensure_table(ctx)
        self._begin_if_ready(ctx)

    @hook(events.PLAYER_JOINED)
    def on_joined(self, ctx: Ctx, data: events.PlayerEvent) -> None:
        self._begin_if_ready(ctx)

    def _begin_if_ready(self, ctx: Ctx) -> None:
        state = table(ctx)
        if state["order"] or ctx.get(["game", "status"]) != "active":
            return
        members = members_of(ctx)
        link = ctx.parent()
        if link is not None:
            # A child game: the game that started it chose the players and referee.
            players, referee = list(link["players"]), link["referee"]
            if len(players) != 4 or not {*players, referee} - {None} <= set(members):
                return
        else:
            # Standalone: the first four members play; with ``with_referee`` the
            # fifth referees (otherwise the engine does).
            wanted = 5 if state["with_referee"] else 4
            if len(members) < wanted:
                return
            players, referee = members[:4], members[4] if state["with_referee"] else None
        # No teams are chosen before the game (neither 1250.1 nor the parent names
        # any), so the order is any of the 24, drawn with public dice.
        seated = ctx.shuffle(players, "the playing order of Spades (one of those left, "
                                      "each time)")
        teams = {"1": [seated[0], seated[2]], "2": [seated[1], seated[3]]}
        ctx.set([KEY, "order"], seated)
        ctx.set([KEY, "teams"], teams)
        ctx.set([KEY, "referee"], referee)
        if referee is not None:
            ctx.grant_role(referee, REFEREE, "the referee of this game of Spades")
        who = f"{referee} referees" if referee else "the engine referees"
        ctx.emit(BEGAN, f"the spades game is beginning: playing order {', '.join(seated)}; "
                        f"team 1 {' and '.join(teams['1'])}, team 2 "
                        f"{' and '.join(teams['2'])}; {who}",
                 order=seated, teams=teams, referee=referee)
        begin_round(ctx, 1)


# -- 1. to 7. ------------------------------------------------------------------------
class Dealing(Rule):
    """1. Dealing: At the beginning of each round, the referee collects and shuffles into a random order all of the cards in the deck (except the Jokers, which are not used), and deals 13 cards to each player (sending each player eir cards by private email)."""  # noqa: E501

    key = "spades-dealing"
    pack = PACK
    number = 1
    title = "Dealing"
    # Rule 6: "Nobody is allowed to reveal to anybody what cards any player has":
    # a hand is seen by its holder, the referee and the admin only.
    attributes = (Attribute("hand", [], visibility="owner+role:referee",
                            doc="the cards in the player's hand"),)

    @hook(ROUND_BEGINS)
    def deal(self, ctx: Ctx, data: RoundNumber) -> None:
        number = data["round"]
        # The shuffle's rolls are the referee's alone: anyone reading them would
        # know every hand. They are revealed once every card is played (Rule 4).
        shuffled = ctx.shuffle(cards.deck(), deal_purpose(number), to=[f"role:{REFEREE}"])
        seats = order(ctx)
        for player in ctx.players():
            ctx.set_attr(player, "hand", [])
        # Dealt one at a time from player 1, as a dealer deals round the table.
        for place, player in enumerate(seats):
            dealt = cards.sort_hand(shuffled[place::len(seats)])
            ctx.set_attr(player, "hand", dealt)
            ctx.emit(DEALT, f"round {number}: {player} is dealt {' '.join(dealt)}",
                     to=[player, f"role:{REFEREE}"], round=number, player=player, hand=dealt)
        for key, value in (("bids", []), ("played", []), ("tricks", []), ("trick", 0),
                           ("won", {player: 0 for player in seats})):
            ctx.set([KEY, key], value)
        ctx.dispatch(BIDDING_BEGINS, RoundNumber(round=number))


class Bidding(Rule):
    """2. Bidding: In the first round, player 1 has the first bid; in each later round, the next player in the sequence has the first bid. After the deal, the first bidder (and each other bidder after him) makes a bid. The valid bids are 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, and 13."""  # noqa: E501

    key = "spades-bidding"
    pack = PACK
    number = 2
    title = "Bidding"

    @hook(BIDDING_BEGINS)
    def first_bid(self, ctx: Ctx, data: RoundNumber) -> None:
        seats = order(ctx)
        ctx.set([KEY, "phase"], "bidding")
        expect(ctx, seats[(data["round"] - 1) % len(seats)])

    def _bids(self, ctx: Ctx, actor: str) -> list[int]:
        state = table(ctx)
        if state["phase"] != "bidding" or state["expected"] != actor:
            return []
        return list(cards.VALID_BIDS)

    def _why_not(self, ctx: Ctx, actor: str, tricks: Any) -> None:
        self._check(ctx, actor)
        ctx.require(tricks != 1, "there is no bid of 1",
                    detail="the valid bids are 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13")
        ctx.refuse(f"{tricks} is not a valid bid",
                   detail="the valid bids are 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13")

    def _check(self, ctx: Ctx, actor: str) -> None:
        state = table(ctx)
        ctx.require(state["phase"] == "bidding", "it is not time to bid",
                    detail=f"the round is in its {state['phase']} phase")
        ctx.require(state["expected"] == actor, "it is not your turn to bid",
                    detail=f"it is {state['expected']}'s turn")

    @action("bid", Arg("tricks", int, "the tricks you bid: 0 (nil) or 2 to 13",
                       required=False, choices="_bids", explain="_why_not"),
            Arg("nil", bool, "bid nil (0 tricks)", required=False))
    def bid(self, ctx: Ctx, actor: str, tricks: int | None = None,
            nil: bool | None = None) -> None:
        """Make your bid for this round: a number of tricks, or nil."""
        self._check(ctx, actor)
        ctx.require(tricks is not None or nil, "say how many tricks you bid, or nil",
                    detail="the valid bids are 0 (nil), 2, 3, ... 13")
        ctx.require(not (nil and tricks not in (None, 0)),
                    f"a nil bid is a bid of 0, not {tricks}")
        made = 0 if nil else tricks
        assert made is not None
        ctx.require(made != 1, "there is no bid of 1",
                    detail="the valid bids are 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13")
        ctx.require(made in cards.VALID_BIDS, f"{made} is not a valid bid",
                    detail="the valid bids are 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 and 13")
        make_bid(ctx, actor, made, actor)

    @bid.variants
    def _forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        # One form: a number of tricks (0 is nil, so the ``nil`` form adds nothing).
        bids = self._bids(ctx, actor)
        return [{"tricks": list(bids), "nil": None}] if bids else []

    @bid.check
    def _bid_check(self, ctx: Ctx, actor: str) -> None:
        self._check(ctx, actor)


class TrickPlay(Rule):
    """3. Trick Play: The main part of a round consists of 13 tricks. In each trick each player shall play one card from his hand; these cards are then removed from play for the rest of that round. The player who made the highest bid (the first player who made it, in case of a tie) leads to the first trick; for later tricks, the player who won the previous trick leads. The player who leads a trick begins it by playing any card from eir hand (called the card led). The other players follow in order; each player must play a card from eir hand of the same suit as the card led, if e has one; if not, e may play any card from eir hand. The player who played the highest Spade played to a trick wins the trick, if any Spade was played; otherwise the player who played the highest card of the suit led wins the trick."""  # noqa: E501

    key = "spades-trick-play"
    pack = PACK
    number = 3
    title = "Trick Play"

    @hook(BIDS_DONE)
    def first_trick(self, ctx: Ctx, data: RoundNumber) -> None:
        bids = [(player, made) for player, made in table(ctx)["bids"]]
        ctx.set([KEY, "phase"], "play")
        ctx.set([KEY, "trick"], 1)
        expect(ctx, cards.leader_of_bids(bids))

    def _cards(self, ctx: Ctx, actor: str) -> list[str]:
        state = table(ctx)
        if state["phase"] != "play" or state["expected"] != actor:
            return []
        return legal_cards(ctx, actor)

    def _why_not(self, ctx: Ctx, actor: str, card: Any) -> None:
        named = cards.parse_card(card) if isinstance(card, str) else None
        if named is None:
            ctx.refuse(f"{card!r} is not a card",
                       detail="write a card as its rank and suit, e.g. QS, TH, 2C")
        self._check(ctx, actor, named)
        ctx.refuse(f"write the card as {named}, not {card!r}")

    def _check(self, ctx: Ctx, actor: str, card: str) -> None:
        state = table(ctx)
        ctx.require(state["phase"] == "play", "it is not time to play a card",
                    detail=f"the round is in its {state['phase']} phase")
        ctx.require(state["expected"] == actor, "it is not your turn to play",
                    detail=f"it is {state['expected']}'s turn")
        ctx.require(card in hand(ctx, actor), f"{card} is not in your hand")
        led = led_suit(ctx)
        ctx.require(card in legal_cards(ctx, actor),
                    f"you must follow suit: {cards.SUIT_NAMES.get(led or '', led)} were led "
                    "and you have one")

    @action("play", Arg("card", str, "a card of your hand, e.g. QS (Queen of Spades)",
                        choices="_cards", explain="_why_not"))
    def play(self, ctx: Ctx, actor: str, card: str) -> None:
        """Play a card of your hand to the trick."""
        named = cards.parse_card(card)
        ctx.require(named is not None, f"{card!r} is not a card",
                    detail="write a card as its rank and suit, e.g. QS, TH, 2C")
        assert named is not None
        self._check(ctx, actor, named)
        play_card(ctx, actor, named, actor)

    @play.check
    def _play_check(self, ctx: Ctx, actor: str) -> None:
        state = table(ctx)
        ctx.require(state["phase"] == "play", "it is not time to play a card",
                    detail=f"the round is in its {state['phase']} phase")
        ctx.require(state["expected"] == actor, "it is not your turn to play",
                    detail=f"it is {state['expected']}'s turn")


class Scoring(Rule):
    """4. Scoring: Each team has a Spadescore in Gamepoints, to which Gamepoints are added to and subtracted as appropriate; all scoring is in Gamepoints. After the 13th trick in a round is completed, each team scores as follows: The bids the two players won are added together, as are the number of tricks taken by the two players. If they took fewer tricks than their bid, they score -10 times the bid (-20 times the bid if the bid was 10 or more); otherwise they score 10 times the bid (20 times the bid if it was 10 or more), and in addition, they score 1 and get one sandbag for each trick in excess of their bid. For each player on the team who bid 0, the team scores 100 if e took no tricks, or -100 if e took at least one trick. When a team receives their 10th, 20th, 30th, etc. sandbag, they score -100."""  # noqa: E501

    key = "spades-scoring"
    pack = PACK
    number = 4
    title = "Scoring"

    @hook(ROUND_DONE)
    def score(self, ctx: Ctx, data: RoundNumber) -> None:
        state = table(ctx)
        made = {player: tricks for player, tricks in state["bids"]}
        shown: dict[str, TeamRound] = {}
        for team, members in state["teams"].items():
            result = cards.score_team({p: made.get(p, 0) for p in members},
                                      {p: state["won"].get(p, 0) for p in members},
                                      state["bags"][team])
            total = state["scores"][team] + result.total
            ctx.set([KEY, "scores", team], total)
            ctx.set([KEY, "bags", team], result.bags_after)
            shown[team] = TeamRound(bid=result.bid, tricks=result.tricks,
                                    contract=result.contract, overtricks=result.overtricks,
                                    nil=result.nil, bag_penalty=result.bag_penalty,
                                    bags=result.bags_after, total=result.total, score=total)
        number = data["round"]
        ctx.state.append([KEY, "rounds"], {"round": number, "bids": made,
                                           "won": dict(state["won"]), "teams": shown})
        text = "; ".join(f"team {team} bid {s['bid']}, took {s['tricks']}, scores "
                         f"{s['total']} (Spadescore {s['score']})" for team, s in shown.items())
        ctx.emit(ROUND_SCORED, f"round {number}: {text}", round=number, teams=shown)
        # Every card of the round has been played in public: the deal's rolls tell
        # nothing more, and revealing them lets anyone check the shuffle.
        ctx.reveal(purpose=deal_purpose(number), reason="every card of the round is played")
        ctx.dispatch(SCORED, RoundNumber(round=number))


class Winning(Rule):
    """5. Winning the Game: After the scoring for a round, if at least one team has a Spadescore of greater than or equal to 500, and the teams aren't tied, the team with the greater score wins; otherwise, the referee shall begin another round. If both players on a team post a concession publicly, the other team wins the game. If either team forfeits their opponents win. There are no other ways to win the game. No Trophies are awarded for winning. When either side wins by any of these methods, the referee shall publicly post the results of the game, including the final scores."""  # noqa: E501

    key = "spades-winning"
    pack = PACK
    number = 5
    title = "Winning the Game"

    class Params(RuleParams):
        target: int = Field(500, ge=1, description="the Spadescore that wins")

    params: Params

    @hook(SCORED)
    def after_scoring(self, ctx: Ctx, data: RoundNumber) -> None:
        scores = table(ctx)["scores"]
        best = max(scores.values())
        leaders = [team for team, score in scores.items() if score == best]
        # A table created to a shorter target (a quick game) plays to it.
        target = table(ctx).get("target") or self.params.target
        if best >= target and len(leaders) == 1:
            declare_winner(ctx, leaders[0], "score",
                           f"team {leaders[0]} wins with a Spadescore of {best}")
        else:
            begin_round(ctx, data["round"] + 1)

    # "post a concession publicly": the post is the concession's text, which must
    # say that the player concedes; a post that does not is no concession.
    @action("concede", Arg("message", str, "your public concession, saying that you "
                                           "concede (e.g. \"I concede\")"))
    def concede(self, ctx: Ctx, actor: str, message: str) -> None:
        """Post your concession; when both players of a team have, the other team wins."""
        ctx.require("concede" in message.lower(), "a concession says that you concede",
                    detail=f"{message!r} does not")
        state = table(ctx)
        ctx.state.append([KEY, "conceded"], actor)
        team = team_of(ctx, actor)
        ctx.emit(CONCEDED, f"{actor} concedes for team {team}: {message}", player=actor,
                 team=team, posted=message)
        if set(state["teams"][team]) <= set(table(ctx)["conceded"]):
            other = "2" if team == "1" else "1"
            declare_winner(ctx, other, "concession",
                           f"both players of team {team} conceded: team {other} wins")

    # Conceding is not offered among the legal actions (as joining and leaving are
    # not): it is a player's own decision, which bots should not stumble on. A player
    # concedes by naming the action and posting its text.
    @concede.variants
    def _no_forms(self, ctx: Ctx, actor: str) -> list[dict[str, list[Any] | None]]:
        return []

    @concede.check
    def _concede_check(self, ctx: Ctx, actor: str) -> None:
        state = table(ctx)
        ctx.require(state["phase"] != "over", "the game is over")
        ctx.require(actor not in state["conceded"], "you have conceded already",
                    detail="your partner's concession is still needed")


class Miscellaneous(Rule):
    """6. Miscellaneous: Bids and plays of cards may be made either by posting them in a public message or sending them in a message to the referee and all other players. Nobody is allowed to reveal to anybody what cards any player has except as explicitly stated in these rules. If a player misplays (plays a card not matching the suit of the card led when e has a card in eir hand matching the suit of the card led, or attempts to play a card not in eir hand), the referee should intervene as quickly as possible, voiding all plays since (and including) the misplay, and the misplaying player's team scores -100. If players on one team misplay twice in one hand or three times in a game, that team forfeits. Any misplays voided due to an earlier misplay do not count and are not penalized."""  # noqa: E501

    key = "spades-miscellaneous"
    pack = PACK
    number = 6
    title = "Miscellaneous"
    # Bids and plays are actions every player sees (Rules 2 and 3 emit them to all).
    # Hands are secret (Rule 1's ``hand`` attribute, the deal's private dice). A
    # misplay never happens: Rule 3 refuses it before it is made, changing nothing,
    # so there is nothing to void, no -100 and no forfeit (INTERPRETATIONS.md).


class TimeLimit(Rule):
    """7. Time Limit: Whenever action is expected of any player and they fail to act for 3 days, the referee shall intervene by choosing a valid action for that player, as follows: If it occurs during the bidding, a bid of 2 is made. If it occurs during the trick play, the referee chooses a card at random from among the cards the player could legally play."""  # noqa: E501

    key = "spades-time-limit"
    pack = PACK
    number = 7
    title = "Time Limit"

    class Params(RuleParams):
        days: int = Field(3, ge=1, description="how long a player may take to act")
        default_bid: int = Field(2, ge=0, le=13, description="the bid made for them")
        referee_days: int = Field(1, ge=1, description="how long the referee has to "
                                                       "choose before the engine does")

    params: Params

    @hook(ACTION_EXPECTED)
    def start_clock(self, ctx: Ctx, data: Expected) -> None:
        ctx.set_timer(WAIT, timedelta(days=self.params.days), self.time_up, dict(data))

    @veto("bid", "play")
    def referee_choosing(self, ctx: Ctx, actor: str, decl: ActionDecl,
                         args: dict[str, Any]) -> None:
        if ctx.get([KEY, "intervening"]) == actor:
            ctx.refuse(f"you did not act for {self.params.days} days, and the referee is "
                       "choosing for you")

    def _still_expected(self, ctx: Ctx, data: dict[str, Any]) -> bool:
        state = table(ctx)
        return (state["round"], state["phase"], state["expected"], state["trick"]) == (
            data["round"], data["phase"], data["player"], data["trick"])

    def time_up(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        if not self._still_expected(ctx, payload):
            return  # the rules changed what is expected meanwhile
        player = payload["player"]
        if payload["phase"] == "play" and not legal_cards(ctx, player):
            return  # a change of the rules left them no card: nothing to choose
        options, default = self._choices(ctx, payload)
        referee = ctx.get([KEY, "referee"])
        if referee is None or not ctx.is_player(referee) or ctx.seat_of(referee).left:
            self._apply(ctx, payload, default, "engine")
            return
        ctx.set([KEY, "intervening"], player)
        # The options are the player's legal cards: the prompt is private, as the
        # hand is. The default is the random choice the text asks of the referee.
        ctx.prompt(referee, options, default, handler=self.chosen, private=True,
                   message=f"{player} has not acted for {self.params.days} days: choose "
                           f"their {'bid' if payload['phase'] == 'bidding' else 'card'} "
                           "(Rule 7)",
                   deadline=ctx.now + timedelta(days=self.params.referee_days),
                   data=dict(payload))

    def _choices(self, ctx: Ctx, payload: dict[str, Any]) -> tuple[list[str], str]:
        player = payload["player"]
        if payload["phase"] == "bidding":
            bid = str(self.params.default_bid if self.params.default_bid != 1 else 2)
            return [bid], bid
        legal = legal_cards(ctx, player)
        card = ctx.pick(legal, f"a card at random for {player}, who did not play "
                               "(one of the cards they could legally play)",
                        to=[f"role:{REFEREE}"])
        return legal, card

    def chosen(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        ctx.set([KEY, "intervening"], None)
        if self._still_expected(ctx, prompt["data"]):
            self._apply(ctx, prompt["data"], option, prompt["to"])

    def _apply(self, ctx: Ctx, payload: dict[str, Any], choice: str, by: str) -> None:
        player = payload["player"]
        ctx.emit(REFEREE_CHOSE, f"{player} did not act for {self.params.days} days: "
                                f"{'the engine' if by == 'engine' else by} chooses "
                                f"{choice} for them", player=player,
                 phase=payload["phase"], choice=choice, by=by)
        if payload["phase"] == "bidding":
            make_bid(ctx, player, int(choice), by)
        else:
            play_card(ctx, player, choice, by)


RULES: tuple[type[Rule], ...] = (
    Equipment, NumberOfPlayers, Beginning, Dealing, Bidding, TrickPlay, Scoring, Winning,
    Miscellaneous, TimeLimit,
)


def cards_in_play(state: dict[str, Any]) -> list[str]:
    """Every card the state holds in a round being played: hands, the trick being
    played and the tricks taken (the deck, once each, while the rules are the text's)."""
    game = state.get(KEY, {})
    found = [card for name in game.get("order", [])
             for card in state["players"].get(name, {}).get("hand", [])]
    found += [card for _player, card in game.get("played", [])]
    found += [card for trick in game.get("tricks", []) for _player, card in trick["cards"]]
    return found


# -- the pack --------------------------------------------------------------------------
class SpadesParams(PackParams):
    referee: bool = Field(False, description="standalone: the fifth member to join "
                                             "referees (otherwise the engine does)")
    target: int | None = Field(None, ge=1, description="the Spadescore that wins, if not "
                                                       "Rule 5's (500)")


class AckanomicSpades(Pack):
    id = PACK_ID
    title = "Ackanomic: Spades"
    version = "1"
    description = ("Ackanomic rule 1250.15: four players in two partnerships, a private deal, "
                   "bids (no bid of 1; nil), tricks with spades trumps, the first team to 500 "
                   "Gamepoints wins; the referee chooses for a player who does not act.")
    Params = SpadesParams
    # A table: the game begins when four players (five with ``referee``) are members,
    # as Rule 92 needs; until then its members may change its rules (Rule 100), so a
    # table of three is a game too, and members who join later watch
    # (INTERPRETATIONS.md).
    players = (3, None)
    initial = initial_rules(RULES)
    rule_classes = RULES
    pages = (TABLE,)

    def setup(self, ctx: Ctx, params: PackParams) -> None:
        assert isinstance(params, SpadesParams)
        ctx.set([KEY], new_table(params.referee, params.target))

    def invariants(self, state: dict[str, Any]) -> list[str]:
        problems: list[str] = []
        game = state.get(KEY)
        if game is None:
            return ["there is no Spades table"]
        in_force = {entry["class"] for entry in state["rules"].values()}
        if not in_force >= CORE:
            return []  # the rules that deal, bid, play and score have been changed
        if game["phase"] in ("bidding", "play"):
            held = cards_in_play(state)
            if sorted(held) != sorted(cards.deck()):
                problems.append(f"round {game['round']} holds {len(held)} cards, "
                                "not the deck once each")
            sizes = {len(state["players"][name]["hand"]) for name in game["order"]}
            played = {name for name, _card in game["played"]}
            taken = len(game["tricks"])
            expected = {cards.TRICKS - taken - (1 if name in played else 0)
                        for name in game["order"]}
            if sizes != expected and not (game["phase"] == "bidding" and sizes == {13}):
                problems.append(f"hands of {sorted(sizes)} cards after {taken} tricks")
        for team in ("1", "2"):
            total = sum(r["teams"][team]["total"] for r in game["rounds"])
            if total != game["scores"][team]:
                problems.append(f"team {team}'s Spadescore {game['scores'][team]} is not "
                                f"the sum of its rounds, {total}")
        return problems

    def metrics(self, state: dict[str, Any]) -> dict[str, float]:
        """Rounds scored, and the mean points a team scores per round."""
        rounds = state.get(KEY, {}).get("rounds", [])
        if not rounds:
            return {"rounds": 0.0}
        totals = [r["teams"][t]["total"] for r in rounds for t in r["teams"]]
        return {"rounds": float(len(rounds)), "mean_team_round": sum(totals) / len(totals)}

    def result(self, state: dict[str, Any]) -> dict[str, Any]:
        """Played as a child game: the winning team's players, each player's team's
        Spadescore, the referee and the rounds scored (see the module's docstring)."""
        game = state.get(KEY, {})
        teams = game.get("teams", {})
        scores = {name: game["scores"][team] for team, names in teams.items()
                  for name in names}
        link = state["game"].get("parent") or {}
        return {"winners": list(state.get("winners", [])), "scores": scores,
                "referee": link.get("referee", game.get("referee")),
                "rounds": len(game.get("rounds", []))}

    def greedy_score(self, state: dict[str, Any], actor: str, name: str,
                     args: dict[str, Any]) -> float:
        """For simulations' greedy bot: bid 3, and play low cards."""
        if name == "bid":
            return -abs(int(args.get("tricks") or 0) - 3)
        if name == "play" and isinstance(args.get("card"), str):
            card = cards.parse_card(args["card"])
            return -float(cards.rank(card)) if card else -100.0
        return -1.0


# The rules whose workings the invariants check.
CORE = frozenset(cls.class_id() for cls in (Beginning, Dealing, Bidding, TrickPlay, Scoring,
                                            Winning))
