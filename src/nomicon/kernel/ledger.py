"""The ledger: balances of currencies and goods in accounts, and every movement of them.

Money (points, dollars, A$) and counted goods (Flutes, Houses, shares, tickets) are
kept alike: ``accounts.<account>.<currency>``, where an account is a player, an
entity, an escrow or an organisation. The rules change a balance only by a transfer,
logged as a ``transfer`` event with its reason; a transfer from or to outside the
game (``None``) creates or destroys, so the total of a currency over all accounts
changes only by those.

A voluntary payment that the payer cannot afford is refused. A forced one (a fine,
rent, a pie) first asks the rules to settle the shortfall: a ``shortfall`` event
whose hooks may bail the debtor out or sell their things; then it takes what there
is and records the rest as a ``bad-debt`` event.

The functions here take the batch's :class:`~nomicon.kernel.context.Ctx`; rules call
them through its methods (``ctx.transfer``, ``ctx.share_out``...).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Sequence
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from nomicon.kernel import events

if TYPE_CHECKING:
    from nomicon.kernel.acting import Acting, RulesInForce
    from nomicon.kernel.rules import Currency, Rule
    from nomicon.kernel.state import State

#: How the accounts of escrows are named: ``escrow:<key>``.
ESCROW = "escrow:"


# -- declarations and balances --------------------------------------------------
def declaration(ctx: Acting, currency: str) -> tuple[Rule, Currency]:
    """The rule in force that declares ``currency``, and its declaration."""
    found = ctx.rules.currencies.get(currency)
    if found is None:
        # A refusal, not an error: the rule that declared it may have been repealed
        # while the rules that pay in it stay in force.
        ctx.refuse(f"no rule in force declares the currency {currency!r}",
                   detail="a proposal repealed the rule that declared it")
    assert found is not None
    return found


def is_good(ctx: Acting, name: str) -> bool:
    """Whether ``name`` is a good (a counted thing) declared by a rule in force."""
    found = ctx.rules.currencies.get(name)
    return found is not None and found[1].kind == "good"


def balance(state: State, account: str, currency: str) -> int:
    """What ``account`` holds of ``currency`` (0 if nothing was ever held)."""
    value: int = state.get(["accounts", account, currency], 0)
    return value


def open_account(ctx: Acting, account: str) -> None:
    """Make ``account`` able to hold things (a player's is opened when they join)."""
    if not ctx.state.has(["accounts", account]):
        ctx.state.set(["accounts", account], {})


# -- transfers --------------------------------------------------------------------
def transfer(ctx: Acting, source: str | None, target: str | None, amount: int, currency: str,
             reason: str, *, forced: bool = False, to: Sequence[str] | None = None) -> int:
    """Move ``amount`` of ``currency`` from ``source`` to ``target`` (``None``: from or
    to outside the game); returns the amount moved.

    Rules in force may adjust or cancel a transfer (``ledger.transfer`` adjusters). A
    transfer that would take the source below the currency's minimum is refused in
    the name of the rule that declared the currency, unless it is ``forced``: then
    the rules are asked to settle the shortfall, what there is is taken, and the rest
    is recorded as bad debt. ``to`` keeps the transfer's events from all but those
    named and the admin (a balance only some may see).
    """
    if amount < 0:
        source, target, amount = target, source, -amount
    if amount == 0:
        return 0
    proposal: dict[str, Any] = {"source": source, "target": target, "amount": amount,
                                "currency": currency, "reason": reason}
    final = ctx.adjust("ledger.transfer", proposal)
    if final is None or final["amount"] == 0 or (
            final["source"] is None and final["target"] is None):
        return 0
    source, target, amount = final["source"], final["target"], int(final["amount"])
    declarer, decl = declaration(ctx, currency)
    unpaid = 0
    if source is not None and decl.minimum is not None:
        have = balance(ctx.state, source, currency)
        if have - amount < decl.minimum:
            if not forced:
                ctx.refuse(f"{source} has {have} {currency}, not {amount}", rule=declarer)
            have = _settle(ctx, source, target, amount, currency, reason, have - decl.minimum)
            unpaid = max(0, amount - max(0, have - decl.minimum))
    due, amount = amount, amount - unpaid
    if amount:
        if source is not None:
            ctx.state.set(["accounts", source, currency],
                          balance(ctx.state, source, currency) - amount)
        if target is not None:
            ctx.state.set(["accounts", target, currency],
                          balance(ctx.state, target, currency) + amount)
        data = {**final, "amount": amount, "forced": True} if forced else final
        text = f"{source or 'outside'} -> {target or 'outside'}: {amount} {currency} ({reason})"
        ctx.emit(events.TRANSFER, text, to=to, **data)
    if unpaid:
        ctx.emit(events.BAD_DEBT, f"{source} could not pay {unpaid} of the {due} {currency} owed "
                 f"to {target or 'outside'} ({reason}): written off as bad debt", to=to,
                 debtor=source, creditor=target, currency=currency, due=due, paid=amount,
                 unpaid=unpaid, reason=reason)
    return amount


def _settle(ctx: Acting, debtor: str, creditor: str | None, due: int, currency: str,
            reason: str, available: int) -> int:
    """Ask the rules to settle ``debtor``'s shortfall; returns their balance after."""
    missing = due - max(0, available)
    ctx.emit(events.SHORTFALL, f"{debtor} is {missing} {currency} short of the {due} owed to "
             f"{creditor or 'outside'} ({reason})", debtor=debtor, creditor=creditor,
             currency=currency, due=due, missing=missing, reason=reason)
    return balance(ctx.state, debtor, currency)


def share_out(ctx: Acting, source: str | None, targets: Sequence[str], amount: int,
              currency: str, reason: str, *, forced: bool = False) -> int:
    """Divide ``amount`` of ``source``'s ``currency`` evenly among ``targets`` (in the
    order given); the source keeps what does not divide evenly, which is returned."""
    if len(set(targets)) != len(targets):
        raise ValueError(f"sharing out {currency}: a target is named twice in {list(targets)}")
    share, remainder = split(amount, len(targets))
    for target in targets:
        transfer(ctx, source, target, share, currency, reason, forced=forced)
    return remainder


# -- escrow -----------------------------------------------------------------------
def escrow(ctx: Acting, key: str) -> str:
    """The account of the escrow ``key`` (a trade offer, an order, a bid), opened."""
    account = ESCROW + key
    open_account(ctx, account)
    return account


def release(ctx: Acting, account: str, target: str | None, reason: str) -> dict[str, int]:
    """Move everything ``account`` holds to ``target``; returns what moved, by
    currency. An escrow left empty is closed."""
    moved: dict[str, int] = {}
    for currency, amount in list(ctx.state.get(["accounts", account], {}).items()):
        if amount > 0:
            moved[currency] = transfer(ctx, account, target, amount, currency, reason)
    held = ctx.state.get(["accounts", account], {})
    if account.startswith(ESCROW) and not any(held.values()):
        ctx.state.delete(["accounts", account])
    return moved


# -- what one batch moves ------------------------------------------------------------
def net_moves(events: Sequence[dict[str, Any]], currency: str) -> dict[str, int]:
    """What each account gained (positive) or lost (negative) of ``currency`` by the
    transfers among ``events``; accounts that came out even are left out."""
    net: dict[str, int] = defaultdict(int)
    for event in events:
        data = event["data"]
        if event["type"] != "transfer" or data["currency"] != currency:
            continue
        if data["source"] is not None:
            net[data["source"]] -= data["amount"]
        if data["target"] is not None:
            net[data["target"]] += data["amount"]
    return {account: change for account, change in net.items() if change}


def cap_moves(ctx: Acting, currency: str, most: int,
              accounts: Collection[str] | None = None) -> None:
    """Refuse, in the running rule's name, a batch whose transfers so far make one of
    ``accounts`` (every player when None) gain or lose more than ``most`` of
    ``currency`` in all. A rule caps what one action moves by calling this from a
    ``batch.closing`` hook, so that indirect gains and losses count too."""
    for account, change in net_moves(ctx.batch.events, currency).items():
        counted = ctx.is_player(account) if accounts is None else account in accounts
        if counted and abs(change) > most:
            ctx.refuse(f"one action may not make {account} {'gain' if change > 0 else 'lose'} "
                       f"more than {most} {currency}",
                       detail=f"this one would make them {'gain' if change > 0 else 'lose'} "
                              f"{abs(change)}")


# -- amounts ------------------------------------------------------------------------
class Split(NamedTuple):
    """An even split: what each part gets, and what is left over."""

    share: int
    remainder: int


def split(total: int, parts: int) -> Split:
    """``total`` divided evenly into ``parts`` whole shares, and the remainder:
    ``share * parts + remainder == total`` and ``0 <= remainder < parts``."""
    if parts < 1:
        raise ValueError(f"cannot split {total} into {parts} parts")
    if total < 0:
        raise ValueError(f"cannot split a negative amount ({total})")
    share, remainder = divmod(total, parts)
    return Split(share, remainder)


#: What a rule gives :func:`round_money` to round: a whole number, a float, a
#: :class:`~decimal.Decimal` or a :class:`~fractions.Fraction`.
Amount = int | float | Decimal | Fraction
_HALF = Fraction(1, 2)


def round_money(value: Amount, rounding: str = ROUND_HALF_UP) -> int:
    """``value`` rounded to a whole amount: half away from zero (2.5 -> 3, -2.5 -> -3)
    unless a rule says otherwise with another of :mod:`decimal`'s rounding modes
    (``ROUND_HALF_EVEN``, ``ROUND_FLOOR``...)."""
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal | Fraction):
        raise TypeError(f"cannot round {value!r} as money")
    if isinstance(value, int):
        return value
    if (isinstance(value, float) and not math.isfinite(value)) or (
            isinstance(value, Decimal) and not value.is_finite()):
        raise ValueError(f"cannot round {value!r} as money")
    exact = Fraction(value)  # exact for every accepted type
    whole = math.floor(exact)
    rest = exact - whole  # 0 <= rest < 1
    # Why not decimal alone: a Fraction such as 1/3 has no exact decimal form. Every
    # rounding mode depends only on the whole part and on whether the rest is 0,
    # below, at or above a half, so a stand-in with the same whole part and a rest of
    # 0, 1/4, 1/2 or 3/4 rounds the same, and decimal rounds that exactly.
    step = ("0" if rest == 0 else "0.25" if rest < _HALF else "0.5" if rest == _HALF
            else "0.75")
    with localcontext() as context:
        context.prec = max(28, len(str(abs(whole))) + 4)
        return int((Decimal(whole) + Decimal(step)).quantize(Decimal(1), rounding=rounding))


# -- views, the admin's corrections, invariants ---------------------------------------
def inventories(ruleset: RulesInForce) -> dict[str, str]:
    """The goods in force that are listed in an inventory: good -> inventory."""
    return {name: decl.inventory for name, (_rule, decl) in ruleset.currencies.items()
            if decl.inventory is not None}


def holdings(balances: dict[str, Any], goods: dict[str, str]) -> tuple[dict[str, Any],
                                                                       dict[str, dict[str, int]]]:
    """An account's ``balances`` as a view shows them: the currencies and goods by name,
    and the goods of each inventory counted under it (none held: not listed)."""
    plain: dict[str, Any] = {}
    listed: dict[str, dict[str, int]] = {inventory: {} for inventory in goods.values()}
    for name, amount in balances.items():
        inventory = goods.get(name)
        if inventory is None:
            plain[name] = amount
        elif amount:
            listed[inventory][name] = amount
    return plain, listed


def write_inventory(ctx: Acting, holder: str, inventory: str, value: Any) -> dict[str, int]:
    """Set ``holder``'s counts of the goods of ``inventory`` to ``value`` (goods not
    named: 0), as the admin's ``set`` does; returns the counts held before."""
    goods = sorted(g for g, i in inventories(ctx.rules).items() if i == inventory)
    if not isinstance(value, dict):
        raise TypeError(f"{inventory} maps goods to counts, not {value!r}")
    for name, count in value.items():
        if name not in goods:
            raise KeyError(f"{name!r} is not a good of {inventory} ({', '.join(goods)})")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"the count of {name} must be a whole number from 0, "
                             f"not {count!r}")
    open_account(ctx, holder)
    old = {g: balance(ctx.state, holder, g) for g in goods if balance(ctx.state, holder, g)}
    for good in goods:
        ctx.state.set(["accounts", holder, good], value.get(good, 0))
    return old


def invariant_failures(root: dict[str, Any], ruleset: RulesInForce) -> list[str]:
    """Balances below the minimum their currency's rule declares."""
    problems: list[str] = []
    for account, balances in root.get("accounts", {}).items():
        for currency, amount in balances.items():
            found = ruleset.currencies.get(currency)
            if found is None or found[1].minimum is None:
                continue
            if amount < found[1].minimum:
                problems.append(f"{account} holds {amount} {currency}, below the minimum "
                                f"{found[1].minimum} ({found[0].label})")
    return problems


def totals(root: dict[str, Any], currency: str) -> int:
    """How much of ``currency`` all accounts hold together."""
    return sum(balances.get(currency, 0) for balances in root.get("accounts", {}).values())
