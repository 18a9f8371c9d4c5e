"""Nomopoly II, section IX (Proposals) on the admin-judged voting method.

Rule 901 is the kernel's :class:`~nomicon.governance.judged.AdminJudged` (which is
section IX as one rule) with this game's readings: fines go to the Government (IV.2),
a proposal's author is Sick as the pack keeps Sickness, and the turns it earns are
taken in the update's proposal-turns phase (schedule.py) with IV.5's bankruptcy on a
fine the author cannot pay. Items 2 to 9 are listed as rules of their own, each
carried out by Rule 901.
"""

from __future__ import annotations

from nomicon.authoring import Ctx, Rule
from nomicon.governance.judged import AdminJudged
from nomicon.packs.nomopoly2.terms import PACK, is_sick


class Proposals(AdminJudged):
    """Players may propose to add new rules or change the existing rules of the game by submitting a proposal to the admin."""  # noqa: E501

    key = "proposals"
    pack = PACK
    number = 901
    title = "IX.1 Proposals"

    class Params(AdminJudged.Params):
        # The voting method's fine_account is already "government" (IV.2) and its
        # verdicts follow IX.4 and IX.8; these restate the game's own values.
        accept_award: int = 100
        reject_fine: int = 10
        simplify_bonus: int = 100

    params: Params

    def is_sick(self, ctx: Ctx, player: str) -> bool:
        return is_sick(ctx, player)


class TwoUndecidedProposals(Rule):
    """If a player submits a proposal while two of her proposals is still undecided, then the oldest undecided proposal is discarded to make room for the new proposal."""  # noqa: E501

    key = "two-undecided-proposals"
    pack = PACK
    number = 902
    title = "IX.2 Two undecided proposals"
    # Carried out by Rule 901 (max_undecided = 2).


class Judging(Rule):
    """The admin will judge all properly submitted proposals, accepting or rejecting them. If a proposal is accepted, the admin will then alter the game state to implement all of the proposal's changes."""  # noqa: E501

    key = "judging"
    pack = PACK
    number = 903
    title = "IX.3 Judging"
    # Carried out by Rule 901: the admin answers each proposal's prompt.


class ACompleteWasteOfTime(Rule):
    """If a proposal is rejected, the admin may opt to declare the proposal as a complete waste of time if the proposal meets one or more of the following criteria: it makes no changes in the rules; it is incomprehensible; it is an exact duplicate of a proposal that has already been submited and rejected."""  # noqa: E501

    key = "a-complete-waste-of-time"
    pack = PACK
    number = 904
    title = "IX.4 A complete waste of time"
    # Carried out by Rule 901: the verdict "waste".


class TurnsEarnedByProposals(Rule):
    """When a player's proposal is judged by the admin and not found to be a complete waste of time, that player will take a turn during after the week's proposals have been judged, and after all turns earned for previously made proposals have been taken."""  # noqa: E501

    key = "turns-earned-by-proposals"
    pack = PACK
    number = 905
    title = "IX.5 Turns earned by proposals"
    # Carried out by the update's proposal-turns phase (schedule.py).


class AwardsAndFinesForProposals(Rule):
    """A player will be awarded $100 for each accepted proposal. A player will be fined $10 for each rejected proposal. These awards and fines will take place immediately before the turn resulting from the proposal is taken."""  # noqa: E501

    key = "awards-and-fines-for-proposals"
    pack = PACK
    number = 906
    title = "IX.6 Awards and fines for proposals"
    # Carried out by the proposal-turns phase, immediately before each turn.


class TheOrderOfJudging(Rule):
    """Every week, the Admin will judge each player's first undecided proposal before judging any player's second undecided proposal. The Admin will also judge all second undecided proposals before judging any player's third undecided proposal."""  # noqa: E501

    key = "the-order-of-judging"
    pack = PACK
    number = 907
    title = "IX.7 The order of judging"
    # Carried out by Rule 901: it refuses a verdict out of this order.


class SickProposals(Rule):
    """The admin may choose to declare a proposal a Sick Proposal. Sick Proposals will never be accepted when submitted by a player who is not Sick."""  # noqa: E501

    key = "sick-proposals"
    pack = PACK
    number = 908
    title = "IX.8 Sick Proposals"
    # Carried out by Rule 901 (declare-sick; the author's Sickness when submitting).


class SimplifyingTheRuleset(Rule):
    """If the admin accepts a proposal which he feels simplifies the ruleset, the player who made the proposal will be awarded an extra $100."""  # noqa: E501

    key = "simplifying-the-ruleset"
    pack = PACK
    number = 909
    title = "IX.9 Simplifying the ruleset"
    # Carried out by Rule 901: the verdict "accept-simplifies".


RULES: tuple[type[Rule], ...] = (
    TwoUndecidedProposals, Judging, ACompleteWasteOfTime, TurnsEarnedByProposals,
    AwardsAndFinesForProposals, TheOrderOfJudging, SickProposals, SimplifyingTheRuleset,
)
