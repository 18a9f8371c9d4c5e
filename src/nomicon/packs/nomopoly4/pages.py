"""Nomopoly IV's own web page: the Dark Lord's things (the Rber Ducky, the Bank
Account of Terror, the Shop of Terror and the Experience Fairy), each read from the
viewer's view, so a player sees of them only what the views give them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Section, next_firing, parse
from nomicon.packs.nomopoly4.base import DOLLARS
from nomicon.packs.nomopoly4.ducky import BANK, DARK_LORD, DUCKY
from nomicon.packs.nomopoly4.fairy import FAIRY
from nomicon.packs.nomopoly4.shop import SHOP
from nomicon.packs.nomopoly4.travel import PACK

View = Mapping[str, Any]
_ON_BOARD = ("entities", "players", "rules")


def _rule(view: View, key: str) -> Mapping[str, Any] | None:
    """The rule of class ``key`` in force, as the view shows it (None: not in force)."""
    return next((r for r in (view.get("rules") or {}).values()
                 if isinstance(r, Mapping) and r.get("class") == f"{PACK}/{key}"), None)


def _label(rule: Mapping[str, Any]) -> str:
    return f"Rule {rule.get('number')}, {rule.get('title')}"


def _next(view: View, key: str, what: str) -> str:
    """When the rule ``key``'s schedule next fires, with its words."""
    rule = _rule(view, key)
    if rule is None:
        return f"never: no rule in force {what}"
    when = next_firing(view, f"{PACK}/{key}")
    schedule = (rule.get("params") or {}).get("schedule", "")
    shown = parse(when).strftime("%A %d %B %Y, %H:%M UTC") if when else "not known"
    return f"{shown} ({schedule}, {_label(rule)})"


def _players_on(view: View, square: Any) -> list[str]:
    """The players the view shows on ``square`` (an invisible one is not among them)."""
    return sorted(name for name, record in (view.get("players") or {}).items()
                  if isinstance(record, Mapping) and record.get("location") == square)


def _entity(view: View, eid: str) -> Mapping[str, Any] | None:
    found = (view.get("entities") or {}).get(eid)
    return found if isinstance(found, Mapping) else None


def ducky(view: View) -> dict[str, Any] | None:
    """Where the Rber Ducky is, whom its pies hit there, and when it moves next."""
    found = _entity(view, DUCKY)
    if found is None:
        return None
    square = found.get("location")
    pies = _rule(view, "pies")
    return {
        "Where": f"square {square}",
        "Players on its square": _players_on(view, square) or "nobody",
        "Hit by its pies and still on its square": list(found.get("pied") or []) or "nobody",
        "Pies": (f"a player caught on its square loses one "
                 f"{_ordinal((pies.get('params') or {}).get('share', 10))} of their money "
                 f"to the Bank Account of Terror and is pushed one square forward "
                 f"({_label(pies)})") if pies else "no rule in force throws pies",
        "Next move": _next(view, "ducky-travels", "moves the Ducky"),
    }


def _ordinal(n: Any) -> str:
    return {2: "half", 3: "third", 4: "fourth", 10: "tenth"}.get(n, f"{n}th part")


def _holdings(balances: Mapping[str, Any]) -> dict[str, Any]:
    """Dollars first, then the items held (those of which there are none left out)."""
    shown: dict[str, Any] = {}
    if DOLLARS in balances:
        shown["Dollars"] = f"${balances[DOLLARS]}"
    for good, amount in sorted(balances.items()):
        if good != DOLLARS and amount:
            shown[good.replace("-", " ").capitalize()] = amount
    return shown


def bank(view: View) -> dict[str, Any] | None:
    """The Bank Account of Terror's dollars and goods, and the Dark Lord's items."""
    accounts = view.get("accounts") or {}
    if BANK not in accounts and _entity(view, BANK) is None:
        return None
    shown = _holdings(accounts.get(BANK) or {}) or {"Dollars": "$0"}
    lord = _holdings(accounts.get(DARK_LORD) or {})
    lord.pop("Dollars", None)
    shown["The Dark Lord's items"] = ", ".join(f"{n} {g.lower()}" for g, n in lord.items()) \
        or "none"
    return shown


def shop(view: View) -> dict[str, Any] | None:
    """Where the Shop of Terror is, who stands there, and when it moves next."""
    found = _entity(view, SHOP)
    if found is None:
        return None
    square = found.get("location")
    return {"Where": f"square {square}",
            "Players on its square (they may trade there)": _players_on(view, square)
            or "nobody",
            "Next move": _next(view, "shop-moves", "moves the Shop")}


def trades(view: View) -> list[dict[str, Any]] | None:
    """The Shop's trades, as Rule 1801's parameters hold them."""
    rule = _rule(view, "shop-of-terror")
    if rule is None:
        return None
    rows = []
    for name, deal in ((rule.get("params") or {}).get("trades") or {}).items():
        got = [f"${deal['dollars']}" if deal.get("dollars") else "",
               f"1 {deal['item'].replace('-', ' ')}" if deal.get("item") else ""]
        rows.append({"Trade": name,
                     "Give": ", ".join(f"{n} {g.replace('-', ' ')}"
                                       for g, n in (deal.get("give") or {}).items()),
                     "Get": " and ".join(filter(None, got)) or "nothing"})
    return rows


def fairy(view: View) -> dict[str, Any] | None:
    """Where the Experience Fairy is (if he is on the board), whom he may teach there,
    and when he comes next."""
    rule = _rule(view, "experience-fairy")
    found = _entity(view, FAIRY)
    if rule is None and found is None:
        return None
    params = (rule or {}).get("params") or {}
    shown: dict[str, Any] = {}
    if found is None:
        shown["Where"] = "in his realm in the sky"
    else:
        square = found.get("location")
        shown["Where"] = f"square {square}"
        shown["Players on his square (the first to Receive Teaching gains it)"] = \
            _players_on(view, square) or "nobody"
    if rule is not None:
        shown["Teaches"] = (f"{params.get('experience', 25)} Experience to the first player "
                            "on his square who performs Receive Teaching; he stays "
                            f"{params.get('stay_hours', 24)} hours at most")
    shown["Next visit"] = _next(view, "experience-fairy", "brings the Fairy")
    return shown


PAGE = PackPage("dark-lord", "The Dark Lord", (
    Section("The Rber Ducky", ducky, _ON_BOARD, empty="There is no Rber Ducky."),
    Section("The Bank Account of Terror", bank, ("accounts", "entities"),
            empty="There is no Bank Account of Terror."),
    Section("The Shop of Terror", shop, _ON_BOARD, empty="There is no Shop of Terror.",
            actions=("trade-in",)),
    Section("The Shop's trades", trades, ("rules",), empty="No rule in force sets up a Shop."),
    Section("The Experience Fairy", fairy, _ON_BOARD,
            empty="No rule in force brings an Experience Fairy.",
            actions=("receive-teaching",)),
))
