"""Nomopoly II, section XXXV (Schedule of Events): the weekly update.

The update is the kernel's :class:`~nomicon.kernel.updates.Update` with the eight
steps of XXXV.2 as named phases, so the rules of any section act in a step by hooking
``phase.began`` or ``phase.ended`` with the phase's name as the key::

    @hook("phase.began", key="candyland")

Orders run in their phase by the time their message was received (XXXV.3). The
judging phase waits until the admin has judged the week's proposals. The winner test
of III.2 runs when the update ends (ending.py).
"""

from __future__ import annotations

from typing import Any

from nomicon.authoring import Ctx, Phase, Rule, Update, action, every, hook
from nomicon.governance.judged import take_earned_turn
from nomicon.governance.updates import proposals_undecided
from nomicon.packs.nomopoly2.money import fine
from nomicon.packs.nomopoly2.ownership import weekly_charges
from nomicon.packs.nomopoly2.terms import PACK, has_dollars
from nomicon.packs.nomopoly2.turns import NORMAL, take_turn

PURCHASES, AUCTION_LOTTERY, JUDGING = "purchases", "auction-lottery", "judging"
PROPOSAL_TURNS, PSEUDOPLAYERS, EASY_MOVES_2 = "proposal-turns", "pseudoplayers", "easy-moves-2"
CANDYLAND, PHANTOM = "candyland", "phantom"

#: The Easy Moves of section XXI (movement.py), taken in the first step or the sixth.
EASY_MOVES = ("government-transport", "corporate-transport", "taxi", "delivery-truck",
              "take-a-walk")
#: The orders of the first step: purchases, naming, painting, property tax and the
#: rest of what the week's mail asks for at once (retroactive actions included).
PURCHASE_ACTIONS = (
    "name-square", "rename-square", "new-clear-fishing", "clear-bad-credit", "give",
    "donate-to-charity", "request-from-charity", "set-up-homestead", "befriend",
    "end-friendship", "become-freemason", *EASY_MOVES,
)


class ThePrecedenceOfTheSchedule(Rule):
    """This schedule of events takes precedence over other phrases in the ruleset such as "at the beginning of the week". Players are encouraged to hunt down such phrases and remove them."""  # noqa: E501

    key = "the-schedule-s-precedence"
    pack = PACK
    number = 3501
    title = "XXXV.1 The schedule's precedence"
    # Text only: the weekly update below is the only "week" the rules know.


def _fine(ctx: Ctx, player: str, to: str | None, amount: int, currency: str,
          reason: str) -> object:
    # IV.2 and IV.5: a proposal's fine goes to the Government, forced.
    return fine(ctx, player, amount, reason)


class TheOrderOfTheUpdate(Update):
    """The admin will process actions in the following order:

• All actions that involve voluntary purchases from Stores, voluntary purchases from The Government or The Corporation, naming of properties, painting or coating of properties, and property tax will be handled. All retroactive voluntary actions will be processed during this time. Players may take Easy Moves at this time.

• The Auction and Lottery will be resolved.

• Proposals will be judged and the rules will be updated.

• The awards, fines, and turns earned from proposals will be made. Players who submitted voluntary actions to be taken during this time (which can include some reasonable conditionals) will be handled at the appropriate time during this phase.

• Psuedoplayers will do their thing.

• Players may take Easy Moves at this time.

• The CL phase will start. Players who submitted voluntary actions to be taken during this time (which can include some reasonable conditionals) will be handled at the appropriate time during this phase.

• The effect of the Phantom Piece's location will impact players."""  # noqa: E501

    key = "the-order-of-the-update"
    pack = PACK
    number = 3502
    title = "XXXV.2 The order of the update"

    phases = (
        Phase(PURCHASES, actions=PURCHASE_ACTIONS, doc="purchases, naming, painting, "
              "property tax, retroactive actions, Easy Moves"),
        Phase(AUCTION_LOTTERY, doc="the Auction and Lottery are resolved"),
        Phase(JUDGING, waits=proposals_undecided, doc="proposals are judged"),
        Phase(PROPOSAL_TURNS, any_order=True, doc="awards, fines and turns earned from "
              "proposals, and the orders for this time"),
        Phase(PSEUDOPLAYERS, doc="pseudoplayers do their thing"),
        Phase(EASY_MOVES_2, actions=EASY_MOVES, doc="Easy Moves"),
        Phase(CANDYLAND, any_order=True, doc="the CL phase, and the orders for this time"),
        Phase(PHANTOM, doc="the Phantom Piece's location affects players"),
    )
    default_phase = PURCHASES

    class Params(Update.Params):
        irrevocable: bool = True  # XXII.7: actions can not be taken back

    params: Params

    @every("every Sunday at 18:00 UTC")
    def weekly(self, ctx: Ctx, payload: dict[str, Any]) -> None:
        self.start_update(ctx)

    @action("update", admin=True)
    def update_now(self, ctx: Ctx, actor: str) -> None:
        """Run the weekly update now."""
        self.start_update(ctx)

    @update_now.check
    def _update_check(self, ctx: Ctx, actor: str) -> None:
        self._start_check(ctx, actor)

    @hook("phase.began", key=PURCHASES)
    def weekly_charges(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if has_dollars(ctx):
            weekly_charges(ctx)

    @hook("phase.began", key=PROPOSAL_TURNS)
    def earned_turns(self, ctx: Ctx, data: dict[str, Any]) -> None:
        if not has_dollars(ctx):
            return  # the awards and fines cannot be paid: the turns wait
        while (entry := take_earned_turn(ctx, fine=_fine)) is not None:
            if entry["player"] in ctx.players():
                take_turn(ctx, entry["player"], kind=NORMAL)


class EarliestMailFirst(Rule):
    """If the order in which two actions are processed is important and other rules do not state which of the two should be processed first, then the one contained in the email message that was received by the admin earliest will be processed first."""  # noqa: E501

    key = "earliest-mail-first"
    pack = PACK
    number = 3503
    title = "XXXV.3 Earliest mail first"
    # Carried out by the kernel's orders: within a phase, by the time the message was
    # received, then the order's place in it.


RULES = (ThePrecedenceOfTheSchedule, TheOrderOfTheUpdate, EarliestMailFirst)
