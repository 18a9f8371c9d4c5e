"""Governance commands: ``propose`` (with ``--dry-run``), ``vote``, ``proposals``,
``history`` and ``diff``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from nomicon.cli.app import (
    ActorArgument,
    AtOption,
    DbOption,
    GameArgument,
    JsonOption,
    app,
    console,
    fail,
    parse_at,
    print_json,
    service,
)
from nomicon.kernel.views import can_see

if TYPE_CHECKING:
    from nomicon.service import GameService

# YAML, Rich and the governance modules are imported in the commands that use them:
# ``nomicon --help`` imports every command module, and needs none of them.


def _read_amendment(source: str | None) -> list[Any] | None:
    if source is None:
        return None
    import yaml

    from nomicon.inputs import InputRefused, read_yaml

    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read the amendment {source}: {exc.strerror}")
    try:
        data = read_yaml(text)
    except InputRefused as exc:
        fail(f"cannot read the amendment {source}: {exc}")
    except yaml.YAMLError as exc:
        fail(f"the amendment {source} is not valid YAML: {exc}")
    if not isinstance(data, list):
        fail("an amendment is a YAML list of changes, e.g. "
             "[{op: amend, rule: 8, params: {fives_points: 20}}]")
    return data


@app.command()
def propose(
    ctx: typer.Context,
    game: GameArgument,
    actor: ActorArgument,
    title: Annotated[str, typer.Option("--title", help="A short title.")],
    text: Annotated[str, typer.Option("--text", help="The proposal as players read it.")],
    amendment: Annotated[str | None, typer.Option(
        "--amendment", metavar="FILE",
        help="A YAML list of rule changes ('-' reads standard input).")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Show what the amendment would change; change nothing.")] = False,
    sets: Annotated[list[str] | None, typer.Option(
        "--set", metavar="RULE.PARAM=VALUE", help="Change a parameter of a rule.")] = None,
    repeals: Annotated[list[int] | None, typer.Option(
        "--repeal", metavar="N", help="Repeal rule N.")] = None,
    rule_texts: Annotated[list[str] | None, typer.Option(
        "--rule-text", metavar="N=TEXT", help="Give rule N a new text.")] = None,
    renames: Annotated[list[str] | None, typer.Option(
        "--rename", metavar="N=TITLE", help="Give rule N a new title.")] = None,
    interprets: Annotated[list[str] | None, typer.Option(
        "--interpret", metavar="N=TEXT", help="Add an interpretation to rule N.")] = None,
    enact: Annotated[str | None, typer.Option(
        "--enact", metavar="CLASS", help="Enact an installed rule class.")] = None,
    number: Annotated[int | None, typer.Option(
        "--number", metavar="N", min=1, help="The enacted rule's number.")] = None,
    params: Annotated[list[str] | None, typer.Option(
        "--param", metavar="NAME=VALUE", help="A parameter of the enacted rule.")] = None,
    yes: Annotated[bool, typer.Option(
        "--yes", help="Propose without showing the preview of the changes first.")] = False,
    at: AtOption = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Make a proposal in GAME as ACTOR, or preview its amendment with --dry-run.

    The changes come from --amendment (YAML), from the options --set, --repeal,
    --rule-text, --rename, --interpret and --enact, or both (the file's first). Changes
    given as options are previewed and confirmed before they are proposed, unless --yes.
    """
    from rich.text import Text

    from nomicon.governance.preview import preview

    changes = _read_amendment(amendment)
    options = {"sets": sets or [], "repeals": repeals or [], "texts": rule_texts or [],
               "renames": renames or [], "interprets": interprets or [], "enact": enact,
               "number": number, "params": params or []}
    built = any(options.values())
    if built and json_out and not (yes or dry_run):
        fail("with --json, add --yes (or --dry-run for the preview alone): the preview "
             "is asked for before proposing")
    with service(ctx, db) as svc:
        if built:
            changes = (changes or []) + _built(svc, game, options)
            if not (yes or dry_run):
                _confirm(svc, game, actor, changes)
        if dry_run:
            # As ACTOR sees it: a player's dry run shows nothing the rules hide from them.
            with svc.reading(game) as played:
                shown = preview(played, changes or [], actor)
            if json_out:
                print_json(shown)
            else:
                _print_preview(shown)
            if not shown["ok"]:
                raise typer.Exit(1)
            return
        args: dict[str, Any] = {"title": title, "text": text}
        if changes is not None:
            args["amendment"] = changes
        events = svc.act(game, actor, "propose", args, at=parse_at(at))
    shown_events = [e for e in events if can_see(e, actor)]
    if json_out:
        print_json({"ok": True, "game": game,
                    "events": [{k: v for k, v in e.items() if k != "ops"} for e in shown_events]})
        return
    for event in shown_events:
        if event.get("message"):
            console().print(Text(event["message"]))


def _built(svc: GameService, game: str, options: dict[str, Any]) -> list[dict[str, Any]]:
    """The changes the options ask for, checked against the game's rules and schemas."""
    from nomicon.governance import builder

    with svc.reading(game) as played:
        try:
            return builder.changes_from_options(played.state.root["rules"],
                                                played.registry, **options)
        except builder.FieldRefused as exc:
            fail(f"{exc.field}: {exc.reason}")


def _confirm(svc: GameService, game: str, actor: str, changes: list[Any]) -> None:
    """Show the changes and their preview as ACTOR sees it; propose only on a yes."""
    from rich.text import Text

    from nomicon.governance import builder
    from nomicon.governance.preview import preview

    with svc.reading(game) as played:
        rules = played.state.root["rules"]
        said = [builder.describe(change, rules) for change in changes]
        shown = preview(played, changes, actor)
    out = console()
    out.print(Text("The changes:"))
    for n, line in enumerate(said, start=1):
        out.print(Text(f"  {n}. {line}"))
    _print_preview(shown)
    if not shown["ok"]:
        raise typer.Exit(1)
    if not typer.confirm("Propose it?", default=False):
        out.print(Text("Nothing proposed."))
        raise typer.Exit(1)


def _print_preview(shown: dict[str, Any]) -> None:
    from rich.text import Text

    out = console()
    if not shown["ok"]:
        out.print(Text(f"the amendment cannot be applied: {shown['error']}", style="bold"))
        return
    rules = shown["rules"]
    for label in ("enacted", "repealed", "changed"):
        if rules[label]:
            out.print(Text(f"{label}: " + ", ".join(f"Rule {n}" for n in rules[label])))
    if shown["diff"]:
        out.print(Text(shown["diff"]))
    for change in shown["state"]:
        before = change.get("before", "(absent)")
        after = change.get("after", "(absent)")
        out.print(Text(f"{change['path']}: {before!r} -> {after!r}"))
    if not any(rules.values()) and not shown["state"]:
        out.print(Text("the amendment changes nothing"))


@app.command()
def vote(
    ctx: typer.Context,
    game: GameArgument,
    actor: ActorArgument,
    proposal: Annotated[int, typer.Argument(metavar="PROPOSAL", help="The proposal's number.")],
    choice: Annotated[str, typer.Argument(
        metavar="VOTE", help="up/down (thumbs) or for/against/abstain, as the method says.")],
    at: AtOption = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Vote on an open proposal."""
    from rich.text import Text

    with service(ctx, db) as svc:
        events = svc.act(game, actor, "vote", {"proposal": proposal, "vote": choice},
                         at=parse_at(at), texts={"vote": choice})
    if json_out:
        print_json({"ok": True, "game": game,
                    "events": [{k: v for k, v in e.items() if k != "ops"} for e in events
                               if can_see(e, actor)]})
        return
    for event in events:
        if event.get("message") and can_see(event, actor):
            console().print(Text(event["message"]))


@app.command()
def proposals(ctx: typer.Context, game: GameArgument, db: DbOption = None,
              json_out: JsonOption = False) -> None:
    """The proposals of GAME with their status and votes."""
    from rich.table import Table

    with service(ctx, db) as svc:
        found = svc.open(game).view("admin").get("proposals", {})
    if json_out:
        print_json(found)
        return
    table = Table("#", "author", "title", "status", "votes", "closes", box=None)
    for number, record in sorted(found.items(), key=lambda kv: int(kv[0])):
        counts: dict[str, int] = {}
        for choice in record["votes"].values():
            counts[choice] = counts.get(choice, 0) + 1
        table.add_row(number, record["author"], record["title"], record["status"],
                      ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "—",
                      record.get("closes") or "")
    console().print(table)


@app.command("history")
def rule_history(
    ctx: typer.Context,
    game: GameArgument,
    rule: Annotated[int, typer.Argument(metavar="RULE", help="The rule's number.")],
    diff: Annotated[tuple[int, int] | None, typer.Option(
        "--diff", metavar="V1 V2", help="Show the diff between two versions.")] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The versions of a rule in force, or the diff between two of them."""
    from rich.table import Table
    from rich.text import Text

    from nomicon.governance import history

    with service(ctx, db) as svc:
        entry = svc.open(game).state.root["rules"].get(str(rule))
    if entry is None:
        fail(f"there is no Rule {rule} in force in game {game}")
    if diff is not None:
        try:
            text = history.version_diff(entry, diff[0], diff[1])
        except KeyError as exc:
            fail(str(exc.args[0]))
        if json_out:
            print_json({"rule": rule, "from": diff[0], "to": diff[1], "diff": text})
        else:
            console().print(Text(text or "the two versions read the same"))
        return
    versions = entry.get("history", [])
    if json_out:
        print_json(versions)
        return
    table = Table("version", "seq", "time", "change", "title", box=None)
    for v in versions:
        table.add_row(str(v["version"]), str(v["seq"]), v["time"], v["change"], v["title"])
    console().print(table)


@app.command("diff")
def ruleset_diff(
    ctx: typer.Context,
    game: GameArgument,
    start: Annotated[int, typer.Argument(metavar="FROM", help="An event's seq.")],
    end: Annotated[int | None, typer.Argument(metavar="TO", help="An event's seq "
                                              "(default: now).")] = None,
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """The ruleset's text as it changed between two events of the log."""
    from rich.text import Text

    from nomicon.governance import history

    with service(ctx, db) as svc:
        log = svc.open(game).log
    last = log[-1]["seq"] if log else 0
    upto = last if end is None else end
    for seq in (start, upto):
        if not 1 <= seq <= last:
            fail(f"game {game} has events 1 to {last}, not {seq}")
    before, after = history.rules_at(log, start), history.rules_at(log, upto)
    text = history.diff(before, after, labels=(f"after event {start}", f"after event {upto}"))
    if json_out:
        print_json({"from": start, "to": upto, "rules": history.summary(before, after),
                    "diff": text})
    else:
        console().print(Text(text or "the ruleset reads the same"))
