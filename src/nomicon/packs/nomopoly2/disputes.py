"""Nomopoly II, section XXVII (Disputes): an accusation, a week to choose how it is
settled, a Government Court (the admin decides) or a Corporate Trial (the dice), and
the loser suffers the Penalty named in the accusation.

A dispute is a record ``disputes.<id>``. Its week: an accusation carried out before
update k (or during it) is posted by update k; during the week after it the two
players choose a mechanism (``choose-mechanism``), argue (``argue``) and buy dice for
the trial (``buy-trial-dice``); it is settled in update k+1, when that update's
proposals have been judged (ruling: INTERPRETATIONS.md, XXVII).

Chains are awarded by section XXXI's ``chains.award_chains`` (one layout, the player
attribute ``chains``); Registered Voter status is the attribute
``registered_voter`` that section X (The Government) keeps.
"""

# No ``from __future__ import annotations``: the event kinds' TypedDicts are read at
# run time (see events.py).

from typing import Any, TypedDict

from pydantic import Field

from nomicon.authoring import Arg, Attribute, Ctx, EventKind, Rule, RuleParams, action, hook
from nomicon.packs.nomopoly2.chains import CHAINS, CHAINS_AWARDED, award_chains
from nomicon.packs.nomopoly2.money import pay
from nomicon.packs.nomopoly2.ownership import CORPORATE_COLORS
from nomicon.packs.nomopoly2.schedule import JUDGING
from nomicon.packs.nomopoly2.terms import (
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    LOCATION,
    PACK,
    color_of,
    has_board,
    rule_of,
    week_now,
)

DISPUTES = "disputes"
REGISTERED_VOTER = "registered_voter"
COURT, TRIAL = "court", "trial"
PAYMENT, CHAINED, UNREGISTER = "payment", "chains", "unregister"
PENALTIES = (PAYMENT, CHAINED, UNREGISTER)
#: The organisations the admin recognises as payees (XXVII.4), besides players.
RECOGNISED = (GOVERNMENT, CORPORATION)
WETHA = "wetha"


class DisputeFiled(TypedDict):
    dispute: int
    accuser: str
    defendant: str
    penalty: str


class DisputeSettled(TypedDict):
    dispute: int
    mechanism: str
    winner: str
    loser: str


DISPUTE_FILED = EventKind("nomopoly2.dispute-filed", DisputeFiled)
DISPUTE_SETTLED = EventKind("nomopoly2.dispute-settled", DisputeSettled)


def chains_for(amount: int) -> int:
    """XXVII.4: "the ceiling of the binary logarithm of the sum to be paid ... multiply
    by ten" pounds of Chains (a sum of $1 or less: none)."""
    if amount <= 1:
        return 0
    # (n - 1).bit_length() is ceil(log2(n)) for n >= 2, exactly, without floats.
    return (amount - 1).bit_length() * 10


def _dispute(ctx: Ctx, actor: str, number: int) -> dict[str, Any]:
    found: dict[str, Any] | None = ctx.get([DISPUTES, str(number)], None)
    ctx.require(found is not None, f"there is no dispute {number}")
    assert found is not None
    ctx.require(actor in (found["accuser"], found["defendant"]),
                f"{actor} is not a party to dispute {number}",
                detail=f"it is between {found['accuser']} and {found['defendant']}")
    ctx.require(found["status"] == "open", f"dispute {number} is {found['status']}",
                detail="choices, arguments and dice come before it is settled")
    return found


class StartingADispute(Rule):
    """A player (the Accuser) may start a dispute with another player (the Defendant) by emailing the admin an accusation with a charge, supporting facts, and a recognized Penalty. The admin will post the accusation. During the following week, the Accuser and the Defendant may select which dispute-settling mechanism they prefer, send in arguments in their favor in the event of a Goverment Court, and allot dice in the event of a Corporate Trial. If the players agree on the dispute-settling mechanism, then the dispute-settling mechanism will be the one they agree upon; otherwise it will determined in the following manner: If one of the players is on a Corporate-colored square and the other is on a non-Corporate-colored square, then the dispute will be settled in Government Courts; otherwise, the dispute will be settled in Corporate Trials. At the end of the second week, the admin will follow the rules laid out by the dispute-settling mechanism to determine the outcome of the dispute. If one player wins the dispute, the other will suffer the Penalty."""  # noqa: E501

    key = "starting-a-dispute"
    pack = PACK
    number = 2701
    title = "XXVII.1 Starting a dispute"

    # The Chains a Penalty awards are declared with section XXXI's rules too: a pack
    # without XXXI in force still keeps them.
    attributes = (Attribute(CHAINS, None, doc="the player's Chains: pounds, rusty, "
                            "quiet_weeks (weeks without new Chains)"),
                  Attribute(CHAINS_AWARDED, None, doc="the week (update) in which the "
                            "player was last awarded Chains"))

    @action("accuse", Arg("defendant", str, "the player you accuse"),
            Arg("charge", str, "the charge"), Arg("facts", str, "the supporting facts"),
            Arg("penalty", str, "payment, chains or unregister"),
            Arg("amount", int, "payment: the sum; chains: the pounds (at most 100)",
                minimum=1, required=False),
            Arg("payee", str, "payment: who is paid (a player, government or "
                "corporation; you, if not said)", required=False))
    def accuse(self, ctx: Ctx, actor: str, defendant: str, charge: str, facts: str,
               penalty: str, amount: int | None = None, payee: str | None = None) -> None:
        """Accuse another player: a charge, its facts and a recognised Penalty."""
        ctx.require(defendant in ctx.players() and defendant != actor,
                    f"{defendant!r} is not another player")
        ctx.require(charge.strip() != "" and facts.strip() != "",
                    "an accusation needs a charge and supporting facts")
        ctx.require(penalty in PENALTIES, f"{penalty!r} is not a recognized Penalty",
                    detail="payment (XXVII.4), chains (XXVII.5) or unregister (XXVII.6)")
        if penalty == PAYMENT:
            ctx.require(amount is not None, "a payment Penalty names the sum to be paid")
            payee = payee or actor
            ctx.require(payee != WETHA, "the WETHA is not a recognized payee",
                        detail="XXVII.4 excludes the WETHA")
            ctx.require(payee in ctx.players() or payee in RECOGNISED,
                        f"{payee!r} is not a player or an organization the admin recognizes",
                        detail=f"recognized: the players, {', '.join(RECOGNISED)}")
        if penalty == CHAINED:
            most = _chain_cap(ctx)
            ctx.require(amount is not None and amount <= most,
                        f"a Chains Penalty is at most {most} pounds, not {amount}")
        number = int(ctx.get([DISPUTES, "next"], 0) or 0) + 1
        week = week_now(ctx)
        if ctx.get([DISPUTES], None) is None:
            ctx.set([DISPUTES], {})
        ctx.set([DISPUTES, "next"], number)
        ctx.set([DISPUTES, str(number)], {
            "id": number, "accuser": actor, "defendant": defendant, "charge": charge.strip(),
            "facts": facts.strip(), "penalty": penalty, "amount": amount,
            "payee": payee if penalty == PAYMENT else None, "posted_at": week,
            "settle_at": week + 1, "choices": {}, "arguments": {}, "dice": {},
            "status": "open", "mechanism": None, "winner": None})
        ctx.emit(DISPUTE_FILED, f"dispute {number}: {actor} accuses {defendant} of "
                 f"{charge.strip()} (Penalty: {penalty}); settled at update {week + 1}",
                 dispute=number, accuser=actor, defendant=defendant, penalty=penalty)

    @action("choose-mechanism", Arg("dispute", int, "the dispute's number", minimum=1),
            Arg("mechanism", str, "court or trial"))
    def choose(self, ctx: Ctx, actor: str, dispute: int, mechanism: str) -> None:
        """Say which dispute-settling mechanism you prefer."""
        found = _dispute(ctx, actor, dispute)
        ctx.require(mechanism in (COURT, TRIAL),
                    f"{mechanism!r} is not a dispute-settling mechanism",
                    detail="court (a Government Court) or trial (a Corporate Trial)")
        ctx.set([DISPUTES, str(dispute), "choices"], {**found["choices"], actor: mechanism})

    @action("argue", Arg("dispute", int, "the dispute's number", minimum=1),
            Arg("text", str, "your argument, for a Government Court"))
    def argue(self, ctx: Ctx, actor: str, dispute: int, text: str) -> None:
        """Send in an argument in your favour (read by the admin in a Government Court)."""
        found = _dispute(ctx, actor, dispute)
        said = list(found["arguments"].get(actor, []))
        ctx.set([DISPUTES, str(dispute), "arguments"],
                {**found["arguments"], actor: [*said, text.strip()]})

    @hook("phase.ended", key=JUDGING)
    def settle_due(self, ctx: Ctx, data: dict[str, Any]) -> None:
        number = int(data.get("update") or 0)
        for key, found in sorted((ctx.get([DISPUTES], None) or {}).items()):
            if key == "next" or found["status"] != "open" or found["settle_at"] > number:
                continue
            self.settle(ctx, found)

    def mechanism(self, ctx: Ctx, found: dict[str, Any]) -> str:
        """The agreed mechanism, else XXVII.1's test of the squares' colours."""
        chosen = {found["choices"].get(found["accuser"]), found["choices"].get(found["defendant"])}
        if len(chosen) == 1 and None not in chosen:
            return str(chosen.pop())
        on_corporate = [has_board(ctx) and color_of(ctx, int(ctx.attr(p, LOCATION) or 1))
                        in CORPORATE_COLORS for p in (found["accuser"], found["defendant"])]
        return COURT if on_corporate[0] != on_corporate[1] else TRIAL

    def settle(self, ctx: Ctx, found: dict[str, Any]) -> None:
        number = found["id"]
        if found["accuser"] not in ctx.players() or found["defendant"] not in ctx.players():
            ctx.set([DISPUTES, str(number), "status"], "dropped")
            return
        how = self.mechanism(ctx, found)
        ctx.set([DISPUTES, str(number), "mechanism"], how)
        rule = rule_of(ctx, GovernmentCourts) if how == COURT else rule_of(ctx, CorporateTrials)
        if rule is None:
            ctx.set([DISPUTES, str(number), "status"], "dropped")
            return
        ctx.set([DISPUTES, str(number), "status"], "settling")
        with ctx.running(rule):  # the Court's prompt answers to the Court
            rule.hold(ctx, ctx.get([DISPUTES, str(number)]))


def decide(ctx: Ctx, found: dict[str, Any], winner: str) -> None:
    """``winner`` wins dispute ``found``: the other suffers its Penalty (XXVII.1)."""
    number = found["id"]
    loser = found["defendant"] if winner == found["accuser"] else found["accuser"]
    ctx.set([DISPUTES, str(number), "winner"], winner)
    ctx.set([DISPUTES, str(number), "status"], "settled")
    ctx.emit(DISPUTE_SETTLED, f"dispute {number}: {winner} wins ({found['mechanism']}); "
             f"{loser} suffers the Penalty ({found['penalty']})", dispute=number,
             mechanism=str(found["mechanism"]), winner=winner, loser=loser)
    if found["penalty"] == PAYMENT:
        damages = rule_of(ctx, PaymentPenalty)
        if damages is not None:
            with ctx.running(damages):  # its prompt answers to it
                damages.ask(ctx, found, loser, winner)
    elif found["penalty"] == CHAINED:
        award_chains(ctx, loser, int(found["amount"] or 0),
                     f"the Penalty of dispute {number}")
    elif found["penalty"] == UNREGISTER:
        ctx.set_attr(loser, REGISTERED_VOTER, False)


class GovernmentCourts(Rule):
    """Disputes between players may be settled by Government Courts. Both disputing players pay The Government $150, and the admin will decide which of the players wins the dispute."""  # noqa: E501

    key = "government-courts"
    pack = PACK
    number = 2702
    title = "XXVII.2 Government Courts"

    class Params(RuleParams):
        fee: int = Field(150, ge=0, description="what each disputing player pays the "
                         "Government")

    params: Params

    def hold(self, ctx: Ctx, found: dict[str, Any]) -> None:
        """Both pay the fee (forced, IV.5); the admin is asked who wins. The question
        has no deadline: the admin's decision is needed (I.4)."""
        for party in (found["accuser"], found["defendant"]):
            pay(ctx, party, GOVERNMENT, self.params.fee,
                f"Government Court for dispute {found['id']}")
        ctx.prompt("admin", [found["accuser"], found["defendant"]], found["defendant"],
                   handler=self.ruled, kind="government-court",
                   data={"dispute": found["id"]},
                   message=f"dispute {found['id']}: {found['accuser']} accuses "
                           f"{found['defendant']} of {found['charge']}; who wins?")

    def ruled(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        found = ctx.get([DISPUTES, str(prompt["data"]["dispute"])], None)
        if found is None or found["status"] != "settling":
            return
        decide(ctx, found, option)


class CorporateTrials(Rule):
    """Disputes between players may be settled in Corporate Trials. In a corporate trial, each player rolls a pair of dice, and the player with the highest total wins. A player in a Corporate Trial may buy Extra Dice specifically for use in one trial for $50 each. In case of a tie, another Corporate Trial is held."""  # noqa: E501

    key = "corporate-trials"
    pack = PACK
    number = 2703
    title = "XXVII.3 Corporate Trials"

    class Params(RuleParams):
        die_price: int = Field(50, ge=0, description="an Extra Die for one trial (paid to "
                               "the Corporation)")

    params: Params

    @action("buy-trial-dice", Arg("dispute", int, "the dispute's number", minimum=1),
            Arg("count", int, "how many Extra Dice", minimum=1))
    def buy(self, ctx: Ctx, actor: str, dispute: int, count: int) -> None:
        """Buy Extra Dice for the Corporate Trial of a dispute, $50 each."""
        found = _dispute(ctx, actor, dispute)
        pay(ctx, actor, CORPORATION, self.params.die_price * count,
            f"{count} Extra Dice for the trial of dispute {dispute}", forced=False)
        dice = dict(found["dice"])
        dice[actor] = int(dice.get(actor, 0)) + count
        ctx.set([DISPUTES, str(dispute), "dice"], dice)

    def hold(self, ctx: Ctx, found: dict[str, Any]) -> None:
        """Each rolls two dice and her Extra Dice; the higher total wins. A tie holds
        another trial, with two dice each: the Extra Dice were for one trial."""
        parties = (found["accuser"], found["defendant"])
        extra = found["dice"]
        trial = 1
        # Each trial ends in a tie with a chance under 1/6, so the loop ends.
        while True:
            totals = [sum(ctx.roll(6, f"{p}'s Corporate Trial {trial}, dispute {found['id']}")
                          for _ in range(2 + (int(extra.get(p, 0)) if trial == 1 else 0)))
                      for p in parties]
            if totals[0] != totals[1]:
                break
            trial += 1
        ctx.set([DISPUTES, str(found["id"]), "totals"], totals)
        decide(ctx, ctx.get([DISPUTES, str(found["id"])]),
               parties[0] if totals[0] > totals[1] else parties[1])


class PaymentPenalty(Rule):
    """A recognized Penalty is that a payment must be made to another player, a shop, or any other organization recognized by the admin (excluding the WETHA). A player who must pay damages can refuse to pay, or perhaps may not have enough money to pay; the admin will then take the ceiling of the binary logarithm of the sum to be paid, round up, multiply by ten, and award the player that many pounds of Chains."""  # noqa: E501

    key = "payment-penalty"
    pack = PACK
    number = 2704
    title = "XXVII.4 A payment Penalty"

    def ask(self, ctx: Ctx, found: dict[str, Any], loser: str, winner: str) -> None:
        """Ask the loser to pay or refuse (a mail player answers ahead with a standing
        answer to ``pay-damages``; the default is to pay)."""
        payee = found["payee"] if found["payee"] != loser else winner
        ctx.prompt(loser, ["pay", "refuse"], "pay", handler=self.decided, kind="pay-damages",
                   deadline=ctx.now, data={"dispute": found["id"], "payee": payee,
                                           "amount": found["amount"]},
                   message=f"pay ${found['amount']} damages to {payee} (dispute "
                           f"{found['id']}), or refuse and take Chains?")

    def decided(self, ctx: Ctx, prompt: dict[str, Any], option: str) -> None:
        player, amount = prompt["to"], int(prompt["data"]["amount"])
        if option == "pay" and ctx.balance(player, DOLLARS) >= amount:
            ctx.open_account(prompt["data"]["payee"])
            pay(ctx, player, prompt["data"]["payee"], amount,
                f"damages for dispute {prompt['data']['dispute']}")
            return
        award_chains(ctx, player, chains_for(amount),
                     f"damages of dispute {prompt['data']['dispute']} not paid")


def _chain_cap(ctx: Ctx) -> int:
    rule = rule_of(ctx, ChainsPenalty)
    return rule.params.most if rule is not None else ChainsPenalty.Params.model_validate({}).most


class ChainsPenalty(Rule):
    """A recognized Penalty is that at most 100 pounds of Chains should be attached to a player."""

    key = "chains-penalty"
    pack = PACK
    number = 2705
    title = "XXVII.5 A Chains Penalty"

    class Params(RuleParams):
        most: int = Field(100, ge=0, description="the most pounds of Chains a Penalty names")

    params: Params
    # The Accuser names the pounds in the accusation (checked by accuse); decide()
    # attaches them.


class UnregisteringPenalty(Rule):
    """A recognized Penalty is the removal of Registered Voter status."""

    key = "unregistering-penalty"
    pack = PACK
    number = 2706
    title = "XXVII.6 Removal of Registered Voter status"
    # Carried out by decide(): the loser's ``registered_voter`` becomes false.


RULES: tuple[type[Rule], ...] = (
    StartingADispute, GovernmentCourts, CorporateTrials, PaymentPenalty, ChainsPenalty,
    UnregisteringPenalty,
)


def chains_problems(state: dict[str, Any]) -> list[str]:
    """Invariant (Appendix B, 14): no player's Chains weigh less than 0 pounds."""
    return [f"{name}'s Chains weigh {record[CHAINS]['pounds']!r} pounds"
            for name, record in state.get("players", {}).items()
            if isinstance(record.get(CHAINS), dict)
            and int(record[CHAINS].get("pounds", 0) or 0) < 0]
