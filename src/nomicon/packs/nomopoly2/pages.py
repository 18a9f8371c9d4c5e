"""Nomopoly II's web pages: the five pages of the published report, in the order of
the seed's header ("Proposals Rules Players Board Gov't"), and "This week's orders".

Every section reads the viewer's view (the server and :func:`.report.render_text`
hand it in), so a player sees of sealed things (another player's order, a bid, a
bidder) only what the views give them, and the Gov't page never names an auction's
highest bidder, whatever the view holds. Sections whose sections of the rules keep
their state elsewhere read where those sections keep it: the auction's lots
(``orgs.auction.lots``), the Lottery (``orgs.lottery``), the jobs (``orgs.jobs``),
the shares (``orgs.shares``), and the pseudoplayers (entities standing on a square).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Section
from nomicon.boards.numbered import layout_of
from nomicon.boards.snake import Layout
from nomicon.packs.nomopoly2.terms import (
    BAD_CREDIT,
    BEST_FRIEND,
    CORPORATION,
    DOLLARS,
    GOVERNMENT,
    HURT,
    LOCATION,
    ORGS,
    PACK,
    REVERSE,
    SICK,
    TEAM,
)

View = Mapping[str, Any]
#: Where the published report's record is kept (``orgs.report``, see :mod:`.report`).
REPORT = "report"
#: What a sealed order shows to anyone but its player.
SEALED = "(sealed)"

#: The seed's sections, by number, in its words (the Rules page is laid out by them).
SECTIONS = (
    "THE ADMIN", "PLAYERS", "ENDING THE GAME", "MONEY", "PRICES", "THE BOARD", "TURNS",
    "OWNERSHIP", "PROPOSALS", "THE GOVERNMENT", "JUMPGATES", "UTILITIES", "COLORS",
    "LOTTERY", "THE CARNIVAL", "DICE", "THE CANDYLAND PHASE", "DESTRUCTION",
    "PRODUCTS, ORIGINAL AND REPACKAGED", "DOUBLE DIP", "EASY MOVEMENT", "ACTIONS",
    "THE CORPORATION", "THE MAGIC KAZOO", "VYND'S HOT SPRINGS RESORT", "STORES", "DISPUTES",
    "THE WIDE EYED TREE HUGGING ANARCKISTS", "PATHS", "CONTAGION", "CHAINS", "LABOR",
    "PSEUDPLAYERS", "VIOLENCE AND PAIN", "SCHEDULE OF EVENTS", "IMPENDING DOOM",
    "WATERTOWER IS NOW IN THE RULES",
)
_NUMERALS = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(n: int) -> str:
    """``n`` (1-39) in Roman numerals, as the seed numbers its sections."""
    out = ""
    for value, letters in _NUMERALS:
        while n >= value:
            out, n = out + letters, n - value
    return out


def _orgs(view: View) -> Mapping[str, Any]:
    found = view.get(ORGS)
    return found if isinstance(found, Mapping) else {}


def _record(view: View) -> Mapping[str, Any]:
    found = _orgs(view).get(REPORT)
    return found if isinstance(found, Mapping) else {}


def _money(amount: Any) -> str:
    return f"${amount}" if isinstance(amount, int) else "$0"


def _dollars(view: View, holder: str) -> int:
    amount = ((view.get("accounts") or {}).get(holder) or {}).get(DOLLARS, 0)
    return amount if isinstance(amount, int) else 0


def _rule_label(view: View, key: str) -> str:
    """"Rule 2207, XXII.7 ..." for the rule of class ``key`` in force ('' if none)."""
    for rule in (view.get("rules") or {}).values():
        if isinstance(rule, Mapping) and rule.get("class") == f"{PACK}/{key}":
            return f"Rule {rule.get('number')}, {rule.get('title')}"
    return ""


# -- Proposals ------------------------------------------------------------------------

def _verdict(entry: Mapping[str, Any]) -> str:
    verdict = str(entry.get("verdict") or "")
    return {"accept": "accepted", "reject": "rejected", "waste": "rejected, a complete "
            "waste of time", "simplifies": "accepted, simplifies the ruleset"}.get(
        verdict, verdict)


def judged(view: View) -> list[dict[str, Any]]:
    """The proposals judged for the week the report is about, with their verdicts and
    the award or fine each earned."""
    record = _record(view)
    week = record.get("week")
    rows = []
    for entry in record.get("judged") or []:
        if entry.get("week") != week:
            continue
        award = int(entry.get("award") or 0)
        rows.append({"Proposal": f"#{entry['proposal']} {entry.get('title', '')}".strip(),
                     "Author": entry.get("author"), "Verdict": _verdict(entry),
                     "Award or fine": f"${award} award" if award >= 0
                     else f"${-award} fine"})
    return rows


def results(view: View) -> list[dict[str, Any]]:
    """The result of every order the last update ran, failed ones with their reason
    (XXII.6), in the order they ran; a sealed order shows only its result."""
    rows = []
    for entry in _record(view).get("results") or []:
        rows.append({"Player": entry.get("player"), "Order": entry.get("order_text"),
                     "Phase": entry.get("phase"), "Result": entry.get("outcome"),
                     "Reason": entry.get("reason") or ""})
    return rows


def undecided(view: View) -> list[dict[str, Any]]:
    """The proposals waiting for the admin's judgement."""
    rows = []
    for key, proposal in sorted((view.get("proposals") or {}).items(), key=lambda kv: int(kv[0])):
        if isinstance(proposal, Mapping) and proposal.get("status") == "open":
            rows.append({"Proposal": f"#{key} {proposal.get('title', '')}".strip(),
                         "Author": proposal.get("author"), "Submitted": proposal.get("opened")})
    return rows


# -- Rules ----------------------------------------------------------------------------

def _rules_of(section: int | None) -> Any:
    """The reader of the rules in force of the seed's section ``section`` (None: the
    rules numbered outside every section, proposals' new rules among them)."""
    def read(view: View) -> list[dict[str, Any]]:
        rows = []
        for rule in (view.get("rules") or {}).values():
            if not isinstance(rule, Mapping) or not isinstance(rule.get("number"), int):
                continue
            number = rule["number"]
            inside = 1 <= number // 100 <= len(SECTIONS)
            if (number // 100 == section) if section is not None else not inside:
                rows.append({"Rule": number, "Title": rule.get("title"),
                             "Text": rule.get("text")})
        return sorted(rows, key=lambda r: r["Rule"])
    return read


# -- Players --------------------------------------------------------------------------

_FLAGS = ((SICK, "Sick"), (HURT, "Hurt"), (REVERSE, "In Reverse"),
          (BAD_CREDIT, "Bad Credit Rating"), ("registered_voter", "registered voter"),
          ("dues_paid", "WETHA member"))


def _statuses(view: View, name: str, record: Mapping[str, Any]) -> str:
    found = [label for key, label in _FLAGS if record.get(key)]
    if record.get("job"):
        found.append(f"job: {record['job']}")
    held = (view.get("statuses") or {}).get(name)
    if isinstance(held, Mapping):
        found += [status for status in sorted(held) if status not in found]
    return ", ".join(found) or "none"


def players(view: View) -> list[dict[str, Any]]:
    """Every player: money, Team (or Freemason), square, Best Friend and statuses."""
    rows = []
    for name, record in sorted((view.get("players") or {}).items()):
        if not isinstance(record, Mapping):
            continue
        team = record.get(TEAM)
        rows.append({"Player": name, "Money": _money(_dollars(view, name)),
                     "Team": str(team).title() if team else "Freemason",
                     "Square": record.get(LOCATION),
                     "Best Friend": record.get(BEST_FRIEND) or "",
                     "Statuses": _statuses(view, name, record)})
    return rows


# -- Board ----------------------------------------------------------------------------

def _layout(view: View) -> Layout | None:
    board = view.get("board")
    if not isinstance(board, Mapping) or not board.get("spaces"):
        return None
    try:
        return layout_of(board)
    except ValueError:
        return None


def _here(view: View) -> dict[int, list[str]]:
    """Who stands on each square: players, then pseudoplayers (entities with a
    location), as the view shows them."""
    found: dict[int, list[str]] = {}
    for name, record in sorted((view.get("players") or {}).items()):
        where = record.get(LOCATION) if isinstance(record, Mapping) else None
        if isinstance(where, int):
            found.setdefault(where, []).append(name)
    for eid, record in sorted((view.get("entities") or {}).items()):
        where = record.get("location") if isinstance(record, Mapping) else None
        if isinstance(where, int):
            found.setdefault(where, []).append(str(record.get("name") or eid))
    return found


def _mark(value: Any) -> str:
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return "yes" if value is True else ("" if value in (None, False) else str(value))


def squares(view: View) -> list[dict[str, Any]]:
    """Every square, highest first: its name, colour, owner, coating, tree, store and
    who stands on it."""
    layout = _layout(view)
    if layout is None:
        return []
    here = _here(view)
    spaces = (view.get("board") or {}).get("spaces") or {}
    rows = []
    for number in sorted(layout.squares(), reverse=True):
        record = spaces.get(str(number)) or {}
        rows.append({"Square": number, "Name": record.get("name") or "",
                     "Color": str(record.get("color") or "white").title(),
                     "Owner": record.get("owner") or "unowned",
                     "Coating": _mark(record.get("coating")), "Tree": _mark(record.get("tree")),
                     "Store": _mark(record.get("store")),
                     "Here": ", ".join(here.get(number, []))})
    return rows


def bases(view: View) -> dict[str, Any] | None:
    """The layout (VI.3's rows of floor(sqrt N)) and the four Teams' bases (VI.6)."""
    layout = _layout(view)
    if layout is None:
        return None
    corners = layout.corners()
    shown: dict[str, Any] = {
        "Squares": len(layout.squares()), "Squares to a row": layout.width,
        "Corners": (f"Southwest {corners.southwest}, Southeast {corners.southeast}, "
                    f"Northwest {corners.northwest}, Northeast {corners.northeast}")}
    found = layout.bases()
    if not found:
        shown["Team bases"] = "none: the board has fewer than nine squares"
    for team, numbers in found.items():
        shown[f"The {team} Team's base"] = ", ".join(map(str, numbers))
    return shown


def pseudoplayers(view: View) -> list[dict[str, Any]]:
    """The pseudoplayers and other things standing on a square."""
    rows = []
    for eid, record in sorted((view.get("entities") or {}).items()):
        if isinstance(record, Mapping) and isinstance(record.get("location"), int):
            rows.append({"Name": record.get("name") or eid, "Kind": record.get("kind") or "",
                         "Square": record["location"]})
    return rows


# -- Gov't ----------------------------------------------------------------------------

def _holdings(view: View, holder: str) -> dict[str, Any]:
    balances = (view.get("accounts") or {}).get(holder) or {}
    shown: dict[str, Any] = {"Money": _money(_dollars(view, holder))}
    for good, amount in sorted(balances.items()):
        if good != DOLLARS and amount:
            shown[good.replace("_", " ").replace("-", " ").capitalize()] = amount
    spaces = (view.get("board") or {}).get("spaces") or {}
    owned = sorted(int(n) for n, r in spaces.items()
                   if isinstance(r, Mapping) and r.get("owner") == holder)
    shown["Squares"] = ", ".join(map(str, owned)) or "none"
    return shown


def government(view: View) -> dict[str, Any]:
    """The Government's money, goods and squares, Public Property and National Parks."""
    shown = _holdings(view, GOVERNMENT)
    spaces = (view.get("board") or {}).get("spaces") or {}
    for field, label in (("public", "Public Property"), ("park", "National Parks")):
        marked = sorted(int(n) for n, r in spaces.items()
                        if isinstance(r, Mapping) and r.get(field))
        shown[label] = ", ".join(map(str, marked)) or "none"
    return shown


def corporation(view: View) -> dict[str, Any]:
    """The Corporation's money, goods and squares, and its share price."""
    shown = _holdings(view, CORPORATION)
    shares = _orgs(view).get("shares")
    if isinstance(shares, Mapping) and "price" in shares:
        shown["Share price"] = _money(shares["price"])
    return shown


_STAGES = {"going-once": "Going Once", "going-twice": "Going Twice", "gone": "Gone"}


def auctions(view: View) -> list[dict[str, Any]]:
    """Each lot being auctioned, its stage and its highest Bid to date, "but not the
    name of the highest bidder" (X.5): the bidder is never shown, to anyone."""
    lots = (_orgs(view).get("auction") or {}).get("lots") or {}
    rows = []
    for _name, lot in sorted(lots.items()):
        if not isinstance(lot, Mapping):
            continue
        if "square" in lot:
            what = f"square {lot['square']}"
        else:
            items = lot.get("items") or {}
            what = "the collection of " + ", ".join(f"{n} {g}" for g, n in sorted(items.items()))
        stage = lot.get("stage")
        rows.append({"Lot": what, "Stage": _STAGES.get(str(stage), str(stage or "")),
                     "Highest Bid": _money(lot["bid"]) if lot.get("bid") else "no Bid yet"})
    return rows


def lottery(view: View) -> dict[str, Any] | None:
    """The next Lottery and its Pot."""
    record = _orgs(view).get("lottery")
    if not isinstance(record, Mapping):
        return None
    return {"Lottery": record.get("number", 1), "Pot": _money(record.get("pot", 0))}


def lottery_winners(view: View) -> list[dict[str, Any]]:
    """Every Lottery drawn, newest first, with its winner and Pot."""
    record = _orgs(view).get("lottery")
    winners = record.get("winners") if isinstance(record, Mapping) else None
    rows = []
    for entry in reversed(winners or []):
        winner = entry.get("winner")
        rows.append({"Lottery": entry.get("lottery"),
                     "Winner": "the Government (the Pot rolls over)" if winner == GOVERNMENT
                     else winner, "Pot": _money(entry.get("pot"))})
    return rows


def jobs(view: View) -> list[dict[str, Any]]:
    """The jobs offered, with who holds each; the bids are never shown."""
    rows = []
    for name, job in sorted((_orgs(view).get("jobs") or {}).items()):
        if not isinstance(job, Mapping):
            continue
        offered = str(job.get("offered_by") or "")
        rows.append({"Job": name,
                     "Offered by": {GOVERNMENT: "The Government",
                                    CORPORATION: "The Corporation"}.get(offered, offered),
                     "Requirements": job.get("requirements") or "", "Pay": job.get("pay") or "",
                     "Perks": job.get("perks") or "",
                     "Held by": job.get("holder") or "open for bids"})
    return rows


# -- This week's orders ---------------------------------------------------------------

def my_orders(view: View) -> list[dict[str, Any]]:
    """The orders waiting for the update that the view shows: the viewer's own (the
    admin sees everyone's)."""
    rows = []
    for key, order in sorted((view.get("orders") or {}).items(),
                             key=lambda kv: (kv[1].get("received_at", ""),
                                             kv[1].get("position", 0))):
        args = " ".join(f"{k}={v}" for k, v in (order.get("args") or {}).items())
        rows.append({"Order": key, "Player": order.get("player"),
                     "Action": f"{order.get('action')} {args}".strip(),
                     "Phase": order.get("phase"),
                     "Condition": order.get("condition") or ""})
    return rows


def the_update(view: View) -> dict[str, Any]:
    """The update: the last one's number and state, and whether orders can be taken
    back."""
    update = view.get("update") or {}
    shown: dict[str, Any] = {}
    if update:
        status = update.get("status")
        shown["Last update"] = f"update {update.get('number')}, begun {update.get('at')}"
        shown["Its state"] = {"running": f"running: the {update.get('phase')} phase",
                              "waiting": f"waiting after the {update.get('phase')} phase: "
                              f"{update.get('waiting_for')}",
                              "ended": "over"}.get(str(status), str(status))
    else:
        shown["Last update"] = "none yet"
    label = _rule_label(view, "the-order-of-the-update")
    shown["Next update"] = f"every Sunday at 18:00 UTC ({label})" if label else "none"
    rule = next((r for r in (view.get("rules") or {}).values() if isinstance(r, Mapping)
                 and r.get("class") == f"{PACK}/the-order-of-the-update"), None)
    irrevocable = bool(((rule or {}).get("params") or {}).get("irrevocable", True))
    shown["Taking an order back"] = (
        f"not possible: actions can not be taken back ({_rule_label(view, 'actions-cannot-be-taken-back') or 'XXII.7'})"  # noqa: E501
        if irrevocable else "possible until the update begins")
    return shown


_ABOUT_RESULTS = ("The admin will post the results of all actions, failed or otherwise, "
                  "when he posts the proposals judged that week. (XXII.6)")
_RESULTS_EMPTY = "No order has been carried out yet."
_PUBLIC = ("accounts", "board", "players", "entities", "orgs", "statuses")

PROPOSALS_PAGE = PackPage("proposals", "Proposals", (
    Section("Proposals judged this week", judged, ("orgs",),
            empty="No proposal was judged this week."),
    Section("Results of this week's actions", results, ("orgs",), empty=_RESULTS_EMPTY,
            about=_ABOUT_RESULTS),
    Section("Proposals waiting for the admin", undecided, ("proposals",),
            empty="No proposal waits for the admin."),
))
RULES_PAGE = PackPage("rules", "Rules", (
    *(Section(f"{roman(k)}. {name}", _rules_of(k), ("rules",),
              empty="No rule of this section is in force.")
      for k, name in enumerate(SECTIONS, start=1)),
    Section("Other rules", _rules_of(None), ("rules",), empty="No other rule is in force."),
))
PLAYERS_PAGE = PackPage("players", "Players", (
    Section("Players", players, ("players", "accounts", "statuses"), empty="No players yet."),
))
BOARD_PAGE = PackPage("board", "Board", (
    Section("The layout and the Team bases", bases, ("board",), empty="There is no board."),
    Section("Squares", squares, _PUBLIC, empty="There is no board.", cursor="Square"),
    Section("Pseudoplayers", pseudoplayers, ("entities",),
            empty="No pseudoplayer is on the board."),
))
GOVERNMENT_PAGE = PackPage("government", "Gov't", (
    Section("The Government", government, ("accounts", "board")),
    Section("The Corporation", corporation, ("accounts", "board", "orgs")),
    Section("Auctions", auctions, ("orgs",), empty="Nothing is being auctioned.",
            about="Also listed on The Government page is the highest Bid to date (but not "
                  "the name of the highest bidder). (X.5)", actions=("bid",)),
    Section("The Lottery", lottery, ("orgs",), empty="No Lottery is being held."),
    Section("Lottery winners", lottery_winners, ("orgs",), empty="No Lottery has been drawn."),
    Section("Jobs", jobs, ("orgs",), empty="No job is offered."),
))
ORDERS_PAGE = PackPage("orders", "This week's orders", (
    Section("Your orders waiting for the update", my_orders, ("orders",),
            empty="You have no order waiting for the update.",
            about="Write one order a line, in the words of the command line (for "
                  "example: new-clear-fishing, or name-square square=5 name=Home). Other "
                  "players' orders stay hidden until the update carries them out.",
            actions=("order", "retract-order")),
    Section("The update", the_update, ("update", "rules")),
    Section("Results of the last update", results, ("orgs",), empty=_RESULTS_EMPTY,
            about=_ABOUT_RESULTS),
))

#: The published report's pages, in the order of the seed's header.
REPORT_PAGES = (PROPOSALS_PAGE, RULES_PAGE, PLAYERS_PAGE, BOARD_PAGE, GOVERNMENT_PAGE)
PAGES = (*REPORT_PAGES, ORDERS_PAGE)
