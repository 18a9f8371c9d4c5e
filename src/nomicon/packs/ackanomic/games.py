"""The games of Games & Contests as rules of the parent game: what each is (its
:class:`~nomicon.packs.ackanomic.instances.GameSpec`) and what it pays the parent.

Only the Game of Pure Skill (1250.7) is played yet, by the child pack
``ackanomic-goofspiel``. The Limerick Contest (1250.8), Ghost (1250.9), Fictionary
(1250.10) and Double Crash (1250.12) are declared, with their limits, but have no
child pack: announcing one is refused as not built yet.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from nomicon.authoring import Ctx, Currency, Rule, RuleParams
from nomicon.packs.ackanomic.events import TROPHY_AWARDED, InstanceEnded
from nomicon.packs.ackanomic.instances import PACK, GameRule, GameSpec, rule_number

#: The goods a Trophy is (Rule 4): a standard Trophy, and Diplomacy's Golden Knife.
TROPHY = "trophy"
GOLDEN_KNIFE = "golden-knife"
COUNT_TABULA = "Count Tabula"


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

    def child_params(self) -> dict[str, Any]:
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
    """Limerick Contest (rule 1250.8): Exactly 2, with Count Tabula as a referee. It is Permissible for Count Tabula to be both a player and referee at the same time. No Trophy is awarded to the winner of this contest. [Not built yet: no instance can be announced.]"""  # noqa: E501

    key = "limerick-contest"
    number = rule_number("1250.8")
    title = "Limerick Contest"
    spec = GameSpec("1250.8", "Limerick Contest", None, least=2, most=2,
                    office=COUNT_TABULA, referee_plays=True, duel=True)


class Ghost(GameRule):
    """Ghost (rule 1250.9): Players: minimum -- 2; maximum -- the number of active players when an instance of Ghost is initiated less 1; Referees -- one. [Not built yet: no instance can be announced.]"""  # noqa: E501

    key = "ghost"
    number = rule_number("1250.9")
    title = "Ghost"
    spec = GameSpec("1250.9", "Ghost", None, least=2, below_active=1, draw="numbers",
                    duel=True)


class Fictionary(GameRule):
    """Fictionary (rule 1250.10): minimum: 5; maximum: the number of active players when an instance of Fictionary is initiated. Referees: none. [Not built yet: no instance can be announced.]"""  # noqa: E501

    key = "fictionary"
    number = rule_number("1250.10")
    title = "Fictionary"
    spec = GameSpec("1250.10", "Fictionary", None, least=5, below_active=0, referees=0,
                    draw="numbers")


class DoubleCrash(GameRule):
    """Double Crash (rule 1250.12): minimum: 2; maximum 2. [Not built yet: no instance can be announced.]"""  # noqa: E501

    key = "double-crash"
    number = rule_number("1250.12")
    title = "Double Crash"
    spec = GameSpec("1250.12", "Double Crash", None, least=2, most=2, referees=0, duel=True)


GAMES: tuple[type[GameRule], ...] = (GameOfPureSkill, LimerickContest, Ghost, Fictionary,
                                     DoubleCrash)
