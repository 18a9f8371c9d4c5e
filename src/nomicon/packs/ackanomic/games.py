"""The games of Games & Contests as rules of the parent game: what each is (its
:class:`~nomicon.packs.ackanomic.instances.GameSpec`) and what it pays the parent.

The Game of Pure Skill (1250.7) is played by the child pack ``ackanomic-goofspiel``,
the Limerick Contest (1250.8) by ``ackanomic-limerick``, Ghost (1250.9) by
``ackanomic-ghost``, Fictionary (1250.10) by ``ackanomic-fictionary`` and Double Crash
(1250.12) by ``ackanomic-double-crash``.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Currency, Rule, RuleParams
from nomicon.packs.ackanomic.events import TROPHY_AWARDED, InstanceEnded
from nomicon.packs.ackanomic.instances import (
    PACK,
    GameRule,
    GameSpec,
    active_players,
    office_holder,
    rule_number,
)

#: The goods a Trophy is (Rule 4): a standard Trophy, and Diplomacy's Golden Knife.
TROPHY = "trophy"
GOLDEN_KNIFE = "golden-knife"
COUNT_TABULA = "Count Tabula"
POET = "Poet Laureate"
#: The Treasury's account in the ledger (Rule 3).
TREASURY = "treasury"


class Trophies(Rule):
    """Trophies are goods held by players: the standard Trophy, and the Golden Knife. A Trophy is created when a game's rule awards it. [Reconstructed: the seed awards "a standard Trophy" (1250.7, 1250.9, 1250.10, 1250.13) and says "The Golden Knife is awarded as a Trophy" (1250.14) without defining Trophies.]"""  # noqa: E501

    key = "trophies"
    pack = PACK
    number = 4
    title = "Trophies (reconstructed)"
    currencies = (Currency(TROPHY, 0, kind="good", inventory="trophies",
                           doc="standard Trophies"),
                  Currency(GOLDEN_KNIFE, 0, kind="good", inventory="trophies",
                           doc="the Golden Knife"))


def award_trophy(ctx: Ctx, winner: str, why: str) -> None:
    """Give ``winner`` a standard Trophy (none while no rule declares Trophies)."""
    if not ctx.is_good(TROPHY):
        return
    ctx.transfer(None, winner, 1, TROPHY, why)
    ctx.emit(TROPHY_AWARDED, f"{winner} receives a standard Trophy: {why}", player=winner)


class GameOfPureSkill(GameRule):
    """Game of Pure Skill (rule 1250.7): played by exactly 3 players and 1 referee in a game of its own, under its clauses 1 to 4 and 6 to 8; its instances start as described in rule 1250.1, section VI. 5) Upon a winning condition being met and a winner being declared, the winner receives 8 points, and the referee receives A$8. The winner receives a standard Trophy."""  # noqa: E501

    key = "game-of-pure-skill"
    number = rule_number("1250.7")
    title = "Game of Pure Skill"
    spec = GameSpec("1250.7", "Game of Pure Skill", "ackanomic-goofspiel", least=3, most=3)

    class Params(RuleParams):
        winner_points: int = Field(8, ge=0)
        referee_dollars: int = Field(8, ge=0)
        cards: int = Field(13, ge=1, le=13, description="cards in each pack (4a: a suit)")

    params: Params

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        return {"cards": self.params.cards}

    # "Upon ... a winner being declared": an instance without a single winner pays
    # nobody, the referee included.
    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        if len(data["winners"]) != 1 or not ctx.is_player(data["winners"][0]):
            return
        winner = data["winners"][0]
        game = f"Game of Pure Skill #{data['instance']}"
        ctx.gain(winner, self.params.winner_points, f"won {game}")
        referee = data["referee"]
        if referee is not None and ctx.is_player(referee):
            ctx.gain(referee, self.params.referee_dollars, f"refereed {game}", "A$")
        award_trophy(ctx, winner, f"won {game}")


class LimerickContest(GameRule):
    """Limerick Contest (rule 1250.8): Exactly 2, with Count Tabula as a referee. It is Permissible for Count Tabula to be both a player and referee at the same time. No Trophy is awarded to the winner of this contest. [Played in a child game of the pack ackanomic-limerick.]"""  # noqa: E501

    # It pays nothing: no points, no A$, "No Trophy" (the inherited payoff pays nothing).

    key = "limerick-contest"
    number = rule_number("1250.8")
    title = "Limerick Contest"
    spec = GameSpec("1250.8", "Limerick Contest", "ackanomic-limerick", least=2, most=2,
                    office=COUNT_TABULA, referee_plays=True, duel=True)

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        # The contest's voters are the players of Ackanomic, and the Poet Laureate's
        # vote counts twice: the child learns them from its parameters.
        return {"voters": active_players(ctx), "poet_laureate": office_holder(ctx, POET)}


class Ghost(GameRule):
    """Ghost (rule 1250.9): Players: minimum -- 2; maximum -- the number of active players when an instance of Ghost is initiated less 1; Referees -- one. [Played in a child game of the pack ackanomic-ghost.]"""  # noqa: E501

    key = "ghost"
    number = rule_number("1250.9")
    title = "Ghost"
    spec = GameSpec("1250.9", "Ghost", "ackanomic-ghost", least=2, below_active=1,
                    draw="numbers", duel=True)

    class Params(RuleParams):
        referee_dollars: int = Field(8, ge=0)
        fewest_points: int = Field(4, ge=0, description="points when fewer than four began")
        most_points: int = Field(8, ge=0, description="points when more than eight began")

    params: Params

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        # A Duel's Ghost admits no additions (2.) and pays no points (5.).
        return {"duel": duel}

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """5. Winning: If exactly one player remains in the game, that player wins. The winner receives a standard Trophy. When a winner is found, the referee shall receive 8 A$. If this game took place as a Duel, the winner shall receive no additional compensation. If it was not a Duel and fewer than four players began the game, the winner receives four points. If from four to eight players began the game, the winner receives points equal to the number of players that began the game. If more than eight players began the game, the winner receives 8 points."""  # noqa: E501
        if len(data["winners"]) != 1 or not ctx.is_player(data["winners"][0]):
            return
        winner = data["winners"][0]
        game = f"Ghost #{data['instance']}"
        award_trophy(ctx, winner, f"won {game}")
        referee = data["referee"]
        if referee is not None and ctx.is_player(referee):
            ctx.gain(referee, self.params.referee_dollars, f"refereed {game}", "A$")
        # A Duel's winner has the Trophy above and nothing "additional": no points.
        if data["duel"]:
            return
        began = data["began"]
        points = (self.params.fewest_points if began < 4 else
                  self.params.most_points if began > 8 else began)
        ctx.gain(winner, points, f"won {game}, which {began} players began")


class Fictionary(GameRule):
    """Fictionary (rule 1250.10): minimum: 5; maximum: the number of active players when an instance of Fictionary is initiated. Referees: none. [Played in a child game of the pack ackanomic-fictionary.]"""  # noqa: E501

    key = "fictionary"
    number = rule_number("1250.10")
    title = "Fictionary"
    spec = GameSpec("1250.10", "Fictionary", "ackanomic-fictionary", least=5, below_active=0,
                    referees=0, draw="numbers")

    class Params(RuleParams):
        dollars_per_gamepoint: int = Field(1, ge=0)
        tied_dollars: int = Field(12, ge=0)

    params: Params

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """5b) The single player with the most Gamepoints wins, and receives 1 A$ for each Gamepoint they have. If there is no such player, all players who are tied with the most Gamepoints recieve A$12. There is no winner declared, however. The winner also receives a standard Trophy."""  # noqa: E501
        # The child reports each player's Gamepoints as its scores.
        scores = {player: int(total) for player, total in data["scores"].items()
                  if ctx.is_player(player)}
        if not scores:
            return
        best = max(scores.values())
        top = [player for player, total in scores.items() if total == best]
        game = f"Fictionary #{data['instance']}"
        if len(top) == 1:
            ctx.gain(top[0], self.params.dollars_per_gamepoint * best,
                     f"won {game} with {best} Gamepoints", "A$")
            award_trophy(ctx, top[0], f"won {game}")
            return
        for player in top:
            ctx.gain(player, self.params.tied_dollars, f"tied with the most Gamepoints "
                     f"in {game}", "A$")


class DoubleCrash(GameRule):
    """Double Crash (rule 1250.12): minimum: 2; maximum 2. [Played in a child game of the pack ackanomic-double-crash; no referee is named, so the engine referees.]"""  # noqa: E501

    key = "double-crash"
    number = rule_number("1250.12")
    title = "Double Crash"
    spec = GameSpec("1250.12", "Double Crash", "ackanomic-double-crash", least=2, most=2,
                    referees=0, duel=True)

    class Params(RuleParams):
        winner_dollars: int = Field(25, ge=0)
        auto_reply: bool = Field(True, description="the engine posts the Replies (off: "
                                                   "the players type them)")

    params: Params

    def child_params(self, ctx: Ctx, duel: bool = False) -> dict[str, Any]:
        return {"duel": duel, "auto_reply": self.params.auto_reply}

    def instance_params(self, ctx: Ctx, record: dict[str, Any]) -> dict[str, Any]:
        params = super().instance_params(ctx, record)
        if record["duel"] is not None:
            # "the challenged player wins" when both fail: the child learns who that
            # is from the Duel the instance settles.
            params["challenged"] = record["duel"]["challenged"]
        return params

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """Upon a player winning the game, it ends. If the game was not being played as a Duel, the winner receives A$25 from the Treasury. No Trophy is awarded to the winner of the game."""  # noqa: E501
        if data["duel"] or len(data["winners"]) != 1 or not ctx.is_player(data["winners"][0]):
            return
        # From the Treasury: a Treasury that holds less pays what it holds, and the
        # ledger records the rest as unpaid (a forced payment).
        ctx.transfer(TREASURY, data["winners"][0], self.params.winner_dollars, "A$",
                     f"won Double Crash #{data['instance']}", forced=True)


GAMES: tuple[type[GameRule], ...] = (GameOfPureSkill, LimerickContest, Ghost, Fictionary,
                                     DoubleCrash)
