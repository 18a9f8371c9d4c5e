"""Rich renderings for people: the state, the log, the rules, reports.

Everything here is driven by the dicts the Python API returns (views, log entries,
rule entries), never by a particular pack: a players table shows whatever
attributes the players have, a board table whatever the spaces hold. Text from the
game is always shown as plain text, never read as Rich markup.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from nomicon.cli import boards
from nomicon.display import cell
from nomicon.sayings import story

if TYPE_CHECKING:
    from nomicon.deadlines import Deadline
    from nomicon.verify import Report

# View keys that have their own section in the state rendering; ``index`` is the
# engine's bookkeeping (counters, lookups), which a person has no use for.
_SECTIONS = ("game", "players", "board", "turn", "prompts", "proposals", "rules", "dice",
             "winners", "accounts", "timers", "index")
# Above this many spaces, the board table shows only spaces with something on them.
_FULL_BOARD = 40
_LONG = 200


def compact(value: Any, limit: int = _LONG) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _table(title: str | None, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for column in columns:
        # Attribute names wrap at their underscores when the terminal is narrow.
        table.add_column(column.replace("_", " "), overflow="fold")
    return table


def _row(table: Table, *values: Any) -> None:
    table.add_row(*(Text(v if isinstance(v, str) else cell(v)) for v in values))


# -- the state ------------------------------------------------------------------
def state(console: Console, view: dict[str, Any], viewer: str = "admin", *,
          name: str | None = None) -> None:
    """The game line, players, board, prompts and proposals of a view, then the pack's
    own tables; ``name``: the game's display name."""
    _game_line(console, view, viewer, name)
    _players(console, view)
    _board(console, view)
    _prompts(console, view.get("prompts") or [])
    _proposals(console, view.get("proposals") or {})
    _accounts(console, view)
    for key, value in view.items():
        if key not in _SECTIONS and value not in (None, {}, [], ""):
            _other(console, key, value)


def _other(console: Console, key: str, value: Any) -> None:
    """A part of the view the pack adds: a table of records, facts on a line, or the
    value in brief."""
    if isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
        columns: list[str] = []
        for record in value.values():
            columns.extend(k for k in record if k not in columns)
        table = _table(key.replace("_", " ").capitalize(), "", *columns)
        for rid, record in value.items():
            _row(table, rid, *(record.get(c) for c in columns))
        _fitted(console, table, value, columns)
    elif isinstance(value, dict) and all(not isinstance(v, dict) for v in value.values()):
        console.print(Text(f"{key.replace('_', ' ')}: "
                           + " · ".join(f"{k} {cell(v)}" for k, v in value.items())),
                      soft_wrap=False)
    else:
        console.print(Text(f"{key.replace('_', ' ')}: {compact(value)}"), soft_wrap=False)


def _fitted(console: Console, table: Table, records: dict[str, Any], columns: list[str]) -> None:
    """``table`` when it fits the terminal's width; else the same records turned on
    their side (a row per attribute, a column per record), so that no header is
    folded into pieces of words; else the table as it is."""
    if _width(records, columns) <= console.width or len(records) > 8:
        console.print(table)
        return
    sideways = _table(table.title if isinstance(table.title, str) else None, "",
                      *records)
    for column in columns:
        _row(sideways, column.replace("_", " "), *(r.get(column) for r in records.values()))
    console.print(sideways)


def _width(records: dict[str, Any], columns: list[str]) -> int:
    """About how wide a table of ``records`` is (each cell's text, and the spacing)."""
    widths = [max([len(str(k)) for k in records] + [1])]
    for column in columns:
        texts = [cell(r.get(column)) for r in records.values() if isinstance(r, dict)]
        widths.append(max([len(column)] + [len(t) for t in texts]))
    return sum(widths) + 2 * len(widths)


def _game_line(console: Console, view: dict[str, Any], viewer: str,
               name: str | None = None) -> None:
    game = view.get("game", {})
    turn = view.get("turn") or {}
    title = Text(f"{name} · " if name else "", style="bold")
    title.append(str(game.get("title") or game.get("pack", "game")), style="bold")
    title.append(f"  game {game.get('id', '?')} ({game.get('pack', '?')})", style="")
    if viewer != "admin":
        title.append(f", as seen by {viewer}", style="italic")
    console.print(title)
    parts = [f"clock {game.get('clock', '?')}", f"status {game.get('status', '?')}"]
    if turn.get("current"):
        number = f"turn {turn['number']}: " if turn.get("number") is not None else ""
        parts.append(f"{number}{turn['current']}'s turn")
    console.print(Text(" · ".join(parts)))
    if game.get("seed_commitment"):
        # "dice commitment" and the 64 hex digits make 80 columns: the hash stays whole.
        console.print(Text(f"dice commitment {game['seed_commitment']}", style="dim"))
    if view.get("winners"):
        console.print(Text(f"winners: {cell(view['winners'])}", style="bold"))


def _players(console: Console, view: dict[str, Any]) -> None:
    players: dict[str, dict[str, Any]] = view.get("players") or {}
    if not players:
        console.print(Text("no players yet"))
        return
    columns: list[str] = []
    for record in players.values():
        columns.extend(k for k in record if k not in ("name", "joined") and k not in columns)
    table = _table("Players", "player", *columns)
    current = (view.get("turn") or {}).get("current")
    shown = {(f"{name} ▸" if name == current else name): record
             for name, record in players.items()}
    for name, record in shown.items():
        _row(table, name, *(record.get(column) for column in columns))
    _fitted(console, table, shown, columns)


def _board(console: Console, view: dict[str, Any]) -> None:
    board = view.get("board")
    if not isinstance(board, dict) or not board:
        return
    spaces = board.get("spaces")
    if isinstance(spaces, dict) and spaces:
        _spaces(console, spaces, view.get("players") or {})
    drawn: tuple[str, ...] = ("spaces",)
    if boards.is_grid(board):
        boards.grid(console, view)
        drawn = ("spaces", "squares", "width", "height")
    rest = {k: v for k, v in board.items() if k not in drawn}
    if rest:
        console.print(Text("board: " + " · ".join(f"{k} {cell(v)}" for k, v in rest.items())),
                      soft_wrap=False)


def _space_order(key: str) -> tuple[int, int | str]:
    return (0, int(key)) if key.lstrip("-").isdigit() else (1, key)


def _spaces(console: Console, spaces: dict[str, Any], players: dict[str, Any]) -> None:
    here: dict[str, list[str]] = {}
    for name, record in players.items():
        if "location" in record:
            here.setdefault(str(record["location"]), []).append(name)
    columns: list[str] = []
    for space in spaces.values():
        if isinstance(space, dict):
            columns.extend(k for k in space if k not in columns)
    keys = sorted(spaces, key=_space_order)
    show_all = len(keys) <= _FULL_BOARD

    def occupied(key: str) -> bool:
        space = spaces[key]
        return bool(here.get(key)) or (isinstance(space, dict) and any(space.values()))

    shown = [k for k in keys if show_all or occupied(k)]
    hidden = len(keys) - len(shown)
    title = f"Board ({hidden} empty spaces not shown)" if hidden else "Board"
    table = _table(title, "space", *columns, "players")
    for key in shown:
        space = spaces[key] if isinstance(spaces[key], dict) else {"value": spaces[key]}
        _row(table, key, *(space.get(c) for c in columns), here.get(key, []))
    console.print(table)


def _prompts(console: Console, prompts: list[dict[str, Any]]) -> None:
    if not prompts:
        return
    table = _table("Pending decisions", "id", "to", "question", "options", "default",
                   "deadline")
    for p in prompts:
        _row(table, p.get("id"), p.get("to"), p.get("message"), p.get("options"),
             p.get("default"), p.get("deadline") or p.get("resolve_on"))
    console.print(table)


def _proposals(console: Console, proposals: dict[str, Any]) -> None:
    if not proposals:
        return
    # Who proposed what, in words; the texts and amendments are `nomicon proposals`'.
    table = _table("Proposals", "id", "status", "by", "title")
    for pid, proposal in proposals.items():
        if not isinstance(proposal, dict):
            _row(table, pid, None, None, compact(proposal, 80))
            continue
        _row(table, pid, proposal.get("status"), proposal.get("author"),
             proposal.get("title") or proposal.get("text"))
    console.print(table)


def _accounts(console: Console, view: dict[str, Any]) -> None:
    players = view.get("players") or {}
    others = {k: v for k, v in (view.get("accounts") or {}).items() if k not in players}
    if others:
        console.print(Text("accounts: " + " · ".join(f"{k}: {cell(v)}"
                                                     for k, v in others.items())),
                      soft_wrap=False)


def deadlines(console: Console, due: Sequence[Deadline]) -> None:
    """The deadlines a viewer is subject to, soonest first, in UTC."""
    if not due:
        return
    table = _table("Deadlines", "when (UTC)", "what", "rule")
    for deadline in due:
        _row(table, deadline.local("UTC"), deadline.what, deadline.rule)
    console.print(table)


# -- the log ----------------------------------------------------------------------
def log(console: Console, entries: Iterable[dict[str, Any]], title: str | None = None) -> None:
    """The history of log entries: one line per thing that happened, in words."""
    table = _table(title, "seq", "time", "who", "what")
    for line in story(list(entries)):
        _row(table, line.seq, line.time, line.who, line.what)
    console.print(table)


def rolls(console: Console, entries: Iterable[dict[str, Any]]) -> None:
    table = _table(None, "seq", "time", "purpose", "die", "value")
    for entry in entries:
        data = entry.get("data") or {}
        value = str(data.get("value"))
        if data.get("forced"):
            value += " (forced)"
        _row(table, entry.get("seq"), entry.get("time"), data.get("purpose"),
             f"1d{data.get('sides')}", value)
    console.print(table)


# -- rules ------------------------------------------------------------------------
def rules(console: Console, entries: list[dict[str, Any]], heading: str) -> None:
    console.print(Text(heading, style="bold"))
    for entry in entries:
        console.print()
        title = Text(f"Rule {entry.get('number')}. {entry.get('title')}", style="bold")
        title.append(f"  [{entry.get('class')}", style="dim")
        version = entry.get("version") or 0
        title.append(f", version {version}]" if version > 1 else "]", style="dim")
        console.print(title)
        console.print(Text(str(entry.get("text", ""))))
        params = entry.get("params") or {}
        if params:
            console.print(Text("parameters: " + ", ".join(f"{k} = {cell(v)}"
                                                         for k, v in params.items()),
                               style="italic"))
        for ruling in entry.get("interpretations") or []:
            text = ruling.get("text", ruling) if isinstance(ruling, dict) else ruling
            console.print(Text(f"interpretation: {text}", style="italic"))


def classes(console: Console, entries: list[dict[str, Any]]) -> None:
    console.print(Text("Rule classes (a proposal may enact any of them)", style="bold"))
    for entry in entries:
        line = Text(entry["class"], style="bold")
        line.append(f"  Rule {entry['number']}, {entry['title']}")
        params = entry.get("params", {}).get("properties", {})
        if params:
            shown = [f"{k}={v['default']}" if "default" in v else k for k, v in params.items()]
            line.append(f"; parameters {', '.join(shown)}")
        if entry["requires"]:
            line.append(f"; requires {', '.join(entry['requires'])}")
        console.print(line)


# -- other listings -------------------------------------------------------------------
def packs(console: Console, entries: list[dict[str, Any]]) -> None:
    for entry in entries:
        console.print(Text(f"{entry['id']}: {entry['title']}", style="bold"))
        if entry.get("description"):
            console.print(Text(entry["description"]))
        params = entry.get("params", {}).get("properties", {})
        for name, spec in params.items():
            line = f"  --param {name}=…"
            if "default" in spec:
                line += f" (default {spec['default']})"
            if spec.get("description"):
                line += f": {spec['description']}"
            console.print(Text(line))


def legal(console: Console, actor: str, entries: list[dict[str, Any]]) -> None:
    if not entries:
        console.print(Text(f"{actor} can do nothing now"))
        return
    table = _table(f"What {actor} can do now", "action", "arguments", "rule", "what it does")
    for entry in entries:
        args = []
        for name, spec in (entry.get("args") or {}).items():
            if "choices" in spec:
                kind = "|".join(str(c) for c in spec["choices"])
            else:
                kind = spec.get("type", "?")
            args.append(f"{name}={kind}" + ("" if spec.get("required", True) else " (optional)"))
        _row(table, entry["name"], args, entry.get("rule"), entry.get("doc", ""))
    console.print(table)


def games(console: Console, entries: list[dict[str, Any]]) -> None:
    if not entries:
        console.print(Text("no games yet (start one with: nomicon new PACK --players a,b)"))
        return
    table = _table("Games", "game", "name", "pack", "created", "players", "events", "status")
    for entry in entries:
        _row(table, entry["game"], entry.get("name") or "", entry["pack"], entry["created"],
             entry["players"], entry["events"], entry.get("status"))
    console.print(table)


def report(console: Console, game_id: str, found: Report) -> None:
    verdict = "intact" if found.ok else "NOT intact"
    if found.unchecked and not found.problems:
        verdict = "NOT fully checked (written by other code)"
    console.print(Text(f"game {game_id}: the log is {verdict}",
                       style="bold green" if found.ok else "bold red"))
    counts = [f"{found.verified} verified"]
    if found.pending:
        counts.append(f"{found.pending} pending (their seed is not revealed yet)")
    if found.forced:
        counts.append(f"{found.forced} forced")
    console.print(Text(f"{found.events} events; {found.rolls} dice rolls: "
                       + ", ".join(counts)))
    if found.batches:
        console.print(Text(f"{found.reexecuted} of {found.batches} batches re-executed with "
                           "the rules in force, giving exactly the logged events"))
    if found.as_recorded:
        console.print(Text(f"{found.as_recorded} batches written by an older version of the "
                           "pack, before its upgrade, taken as recorded (folded and chained, "
                           "not re-executed)", style="yellow"))
    console.print(Text(_written_by(found)))
    if found.test:
        console.print(Text("a test game: its dice may be forced", style="yellow"))
    if found.forced:
        console.print(Text("forced rolls were set by a test or scenario and cannot be "
                           "checked against the seed", style="yellow"))
    if found.unchecked:
        console.print(Text(f"- not re-executed: {found.unchecked}", style="yellow"))
    for problem in found.problems:
        console.print(Text(f"- {problem}", style="red"))


def _written_by(found: Report) -> str:
    running = found.running or {}
    if found.written_by is None:
        return (f"written by unknown versions (the log predates version records); checked "
                f"with Nomicon {running.get('nomicon')}")
    packs = ", ".join(f"{k} {v}" for k, v in sorted((found.written_by.get("packs") or {})
                                                      .items()))
    same = found.written_by.get("nomicon") == running.get("nomicon")
    note = "the running version" if same else f"checked with {running.get('nomicon')}"
    return f"written by Nomicon {found.written_by.get('nomicon')} ({note}), packs: {packs}"
