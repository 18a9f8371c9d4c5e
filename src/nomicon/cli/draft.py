"""``nomicon draft GAME "SENTENCE"``: an amendment drafted from plain words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from nomicon.cli.app import DbOption, GameArgument, JsonOption, app, console, print_json, service

# The governance modules are imported in the command: ``nomicon --help`` needs none.
if TYPE_CHECKING:
    from nomicon.governance.drafting import Drafted


@app.command()
def draft(
    ctx: typer.Context,
    game: GameArgument,
    sentence: Annotated[str, typer.Argument(
        metavar="SENTENCE",
        help="The change in words, e.g. 'Change the voting period of rule 4 to 48 hours'.")],
    db: DbOption = None,
    json_out: JsonOption = False,
) -> None:
    """Draft an amendment to GAME's rules from SENTENCE, for its author to confirm.

    Prints the amendment, the candidates when the sentence can be read more than one
    way, or why no amendment can be drafted.
    """
    from nomicon.governance.drafting import draft as drafting

    with service(ctx, db) as svc, svc.reading(game) as played:
        drafted = drafting(played, sentence)
    if json_out:
        print_json(drafted.to_json())
        return
    _print(drafted)


def _print(drafted: Drafted) -> None:
    from rich.text import Text

    out = console()
    if drafted.amendment is not None:
        out.print(Text(f"Draft: {drafted.description}.", style="bold"))
        out.print(Text("(--json prints the amendment to propose)"))
    elif drafted.candidates:
        out.print(Text("The sentence can be read more than one way:", style="bold"))
        for number, candidate in enumerate(drafted.candidates, start=1):
            out.print(Text(f"{number}. {candidate.description}"))
    else:
        out.print(Text(f"No draft: {drafted.declined}", style="bold"))
