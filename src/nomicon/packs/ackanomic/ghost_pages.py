"""The Ghost table (Ackanomic rule 1250.9) as a page of the pack's own: what 6. has the
referee provide upon request: the players and their order of play, whose turn it is,
the current ghost word, and a history of the game in progress. Nothing in Ghost is
secret, so every viewer sees the same page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Section

View = Mapping[str, Any]
KEY = "ghost"


def _game(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = view.get(KEY) or {}
    return found


def _table(view: View) -> dict[str, Any]:
    game = _game(view)
    if not game.get("order"):
        return {}
    word = game.get("word")
    facts: dict[str, Any] = {
        "The ghost word": word.upper() if word else "none (the next player begins one)",
        "Whose turn": game.get("turn") or ("nobody: the game is over" if game.get("over")
                                           else "nobody"),
        "Referee": game.get("referee") or ("none: the game is suspended"
                                           if game.get("suspended") else "the engine"),
    }
    protest = game.get("protest")
    if protest:
        facts["Protest"] = (f"{protest['by']} against {protest['against']}: "
                            + ("it is a word" if protest["kind"] == "word"
                               else "no word contains it")
                            + (f" (answer due {protest['due']})" if protest.get("due")
                               and not protest.get("answer") else ""))
    if game.get("over") and game.get("winner"):
        facts["Winner"] = game["winner"]
    return facts


def _order(view: View) -> list[dict[str, Any]]:
    game = _game(view)
    playing = set(game.get("playing", []))
    return [{"number": i, "player": name,
             "status": "playing" if name in playing else "removed",
             "to play": "yes" if name == game.get("turn") else ""}
            for i, name in enumerate(game.get("order", []), 1)]


def _history(view: View) -> list[dict[str, Any]]:
    return [{"turn": entry["turn"], "player": entry["player"], "play": entry["play"],
             "ghost word": (entry["word"] or "").upper()}
            for entry in _game(view).get("history", [])]


PAGE = PackPage("ghost", "Ghost", (
    Section("The ghost word", _table, parts=(KEY,), empty="No game of Ghost has begun.",
            actions=("begin", "continue", "protest", "answer", "resign")),
    Section("Order of play", _order, parts=(KEY,), empty="No players yet.",
            about="Player 1 plays first, and after that, play shall proceed in order of "
                  "increasing number."),
    Section("History", _history, parts=(KEY,), empty="No play yet."),
))
