"""The other four games of Games & Contests as rules of the parent game: Tromino Go
(1250.11), Single Capture Go (1250.13), Diplomacy (1250.14) and Spades (1250.15),
each played by its own child pack and paid, once, as its text says.

Tromino Go is played by ``ackanomic-tromino-go``, Single Capture Go by
``ackanomic-single-capture-go`` and Spades by ``ackanomic-spades``, packs of this
package. Diplomacy is played by ``ackanomic-diplomacy``, the pack of the separate,
AGPL-licensed plug-in ``nomicon-diplomacy``: this module never imports it, and where
it is not installed an instance of Diplomacy is refused (``instances.is_installed``).

Each child draws what its own text has the referee draw at the start (Tromino Go's
first player, Single Capture Go's Letters, Spades' playing order and teams,
Diplomacy's countries) with its own dice; the parent seats the players in an order
drawn by its dice (1250.1 VI) and reads the result the child reports.
"""

from __future__ import annotations

from pydantic import Field

from nomicon.authoring import Ctx, RuleParams
from nomicon.packs.ackanomic.events import TROPHY_AWARDED, InstanceEnded
from nomicon.packs.ackanomic.games import GOLDEN_KNIFE, TREASURY, award_trophy
from nomicon.packs.ackanomic.instances import GameRule, GameSpec, rule_number

#: Diplomacy's pack, and the plug-in (a distribution of its own) that provides it.
DIPLOMACY_PACK = "ackanomic-diplomacy"
DIPLOMACY_PLUGIN = "nomicon-diplomacy"


def paid_winner(ctx: Ctx, data: InstanceEnded) -> str | None:
    """The single winner of the instance ``data``, if there is one and they are a
    player of the parent; else None."""
    if len(data["winners"]) != 1 or not ctx.is_player(data["winners"][0]):
        return None
    return data["winners"][0]


class TrominoGo(GameRule):
    """Tromino Go (rule 1250.11): Players: exactly two players and one referee are required, no more, no less. [Played in a child game of the pack ackanomic-tromino-go.]"""  # noqa: E501

    key = "tromino-go"
    number = rule_number("1250.11")
    title = "Tromino Go"
    # 8. speaks of "an instance of Tromino Go which was not played for a Duel": it may
    # settle one.
    spec = GameSpec("1250.11", "Tromino Go", "ackanomic-tromino-go", least=2, most=2,
                    duel=True)

    class Params(RuleParams):
        dollars_per_round: int = Field(1, ge=0, description="the referee's A$ a round")
        most_referee_dollars: int = Field(10, ge=0, description="the referee's most A$")

    params: Params

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """8. When a player wins an instance of Tromino Go which was not played for a Duel, an amount of A$ is transferred to that player from the treasury as follows: If e won by scoring 7 or more Gamepoints, then e gets 2 times the difference between his score in Gamepoints and his opponent's score in Gamepoints. Otherwise, e gets 14 minus twice eir opponent's score in Gamepoints. In addition, at the end of any instance of Tromino Go, the referee gets A$1 from the treasury for each round completed, to a maximum of A$10. No Trophies are awarded for winning this game."""  # noqa: E501
        game = f"Tromino Go #{data['instance']}"
        winner = paid_winner(ctx, data)
        if winner is not None and not data["duel"]:
            scores = data["scores"]
            own = int(scores.get(winner, 0))
            opponent = int(sum(v for name, v in scores.items() if name != winner))
            # The child says how the game was won: on points (7 or more), or
            # otherwise (the opponent's time ran out, or they left Ackanomic).
            on_points = data["details"].get("how") == "points"
            amount = 2 * (own - opponent) if on_points else 14 - 2 * opponent
            if amount > 0:
                # From the treasury: a treasury that holds less pays what it holds,
                # and the ledger records the rest as unpaid (a forced payment).
                ctx.transfer(TREASURY, winner, amount, "A$", f"won {game}", forced=True)
        referee = data["referee"]
        rounds = data["rounds"] or 0
        if referee is not None and ctx.is_player(referee) and rounds:
            amount = min(self.params.dollars_per_round * rounds,
                         self.params.most_referee_dollars)
            ctx.transfer(TREASURY, referee, amount, "A$",
                         f"refereed {game}: {rounds} round(s) completed", forced=True)


class SingleCaptureGo(GameRule):
    """Single Capture Go (rule 1250.13): II. Participants: minimum players: 2; maximum players: 12; one referee. [Played in a child game of the pack ackanomic-single-capture-go.]"""  # noqa: E501

    key = "single-capture-go"
    number = rule_number("1250.13")
    title = "Single Capture Go"
    spec = GameSpec("1250.13", "Single Capture Go", "ackanomic-single-capture-go",
                    least=2, most=12)

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """IV 5) If exactly one non-doomed player remains in the game, that player wins. If no non-doomed players remain, the player who had the most correpsonding Letters on the grid prior to the most recent transformation into @ characters wins. There are no other winning conditions. The winner receives a standard Trophy."""  # noqa: E501
        winner = paid_winner(ctx, data)
        if winner is not None:
            award_trophy(ctx, winner, f"won Single Capture Go #{data['instance']}")


def diplomacy_shares(winners: int, points: int = 8) -> int:
    """What each of ``winners`` winners receives of Diplomacy's ``points`` (8): split
    evenly, or else the greatest positive multiple of their number less than the
    points, or nothing if there is none."""
    if winners < 1:
        return 0
    split = points if points % winners == 0 else max(range(winners, points, winners),
                                                     default=0)
    return split // winners


class Diplomacy(GameRule):
    """Diplomacy (rule 1250.14): II. Number of Players: Minimum 2, maximum: Number of Ackanomic players less 1. Referees: 1. III. A. A player announces their intent to be a referee for a game of Diplomacy. [Played in a child game of the pack ackanomic-diplomacy, of the plug-in nomicon-diplomacy.]"""  # noqa: E501

    key = "diplomacy"
    number = rule_number("1250.14")
    title = "Diplomacy"
    spec = GameSpec("1250.14", "Diplomacy", DIPLOMACY_PACK, least=2, below_active=1,
                    plugin=DIPLOMACY_PLUGIN, announcer_referees=True)

    class Params(RuleParams):
        points: int = Field(8, ge=0, description="the points the winners split")
        referee_dollars: int = Field(10, ge=0)

    params: Params

    def payoff(self, ctx: Ctx, data: InstanceEnded) -> None:
        """IV. Upon a winning condition being achieved, the game ends. All winners split 8 points evenly. If the number of winners does not divide evenly into 8, however, the number of points split is the greatest positive multiple of the number of winners that is less than 8. If no such number exists, no points are awarded. The Golden Knife is awarded as a Trophy. If the game ends without a winner or winners being declared, however, no points are awarded. Upon the end of a game, the referee receives A$10."""  # noqa: E501
        game = f"Diplomacy #{data['instance']}"
        winners = [name for name in data["winners"] if ctx.is_player(name)]
        share = diplomacy_shares(len(winners), self.params.points)
        for winner in winners:
            if share:
                ctx.gain(winner, share, f"won {game} with {len(winners) - 1} other(s)"
                         if len(winners) > 1 else f"won {game}")
            # Each winner, co-winners too, receives the Golden Knife
            # (INTERPRETATIONS.md); none while no rule declares Trophies.
            if ctx.is_good(GOLDEN_KNIFE):
                ctx.transfer(None, winner, 1, GOLDEN_KNIFE, f"won {game}")
                ctx.emit(TROPHY_AWARDED, f"{winner} receives the Golden Knife: won {game}",
                         player=winner)
        referee = data["referee"]
        if referee is not None and ctx.is_player(referee):
            ctx.gain(referee, self.params.referee_dollars, f"refereed {game}", "A$")


class Spades(GameRule):
    """Spades (rule 1250.15): Number of Players: exactly 4 players and 1 referee are needed. [Played in a child game of the pack ackanomic-spades.]"""  # noqa: E501

    # It pays nothing: "No Trophies are awarded for winning", and the text names no
    # points or A$ (the inherited payoff pays nothing).

    key = "spades"
    number = rule_number("1250.15")
    title = "Spades"
    spec = GameSpec("1250.15", "Spades", "ackanomic-spades", least=4, most=4)


GAMES_II: tuple[type[GameRule], ...] = (TrominoGo, SingleCaptureGo, Diplomacy, Spades)
