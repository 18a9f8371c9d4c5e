"""A game of Double Crash (Ackanomic rule 1250.12) as a page of the pack's own: the
viewer's own Target Word (the view shows a player only theirs, and nobody's to an
observer until the reveal), the round and whose move it is, the Salvos and Replies
so far, and the table's games over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Section

View = Mapping[str, Any]
KEY = "crash"


def _game(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = view.get(KEY) or {}
    return found


def _targets(view: View) -> dict[str, str]:
    """The Target Words the viewer may see: their own, or both once revealed."""
    game = _game(view)
    revealed = game.get("revealed") or {}
    people = view.get("players") or {}
    shown: dict[str, str] = {}
    for player in game.get("players", []):
        word = revealed.get(player) or (people.get(player) or {}).get("target")
        if word:
            shown[player] = word.upper()
    return shown


def _waiting_for(game: Mapping[str, Any]) -> list[str]:
    number, kind = game.get("round"), game.get("kind")
    waiting = []
    for player in game.get("players", []):
        if kind == "reply":
            done = any(r["round"] == number and r["player"] == player
                       for r in game.get("replies", []))
        else:
            done = (any(s["round"] == number and s["player"] == player
                        for s in game.get("salvos", []))
                    and (number != 1 or player in game.get("chosen", [])))
        if not done:
            waiting.append(player)
    return waiting


def _table(view: View) -> dict[str, Any]:
    game = _game(view)
    if not game.get("players") or game.get("phase") == "waiting":
        return {}
    facts: dict[str, Any] = {"Players": " against ".join(game["players"])}
    for player, word in _targets(view).items():
        facts[f"{player}'s Target Word"] = word
    phase = game.get("phase")
    if phase == "playing":
        kind = "Salvos" if game.get("kind") == "salvo" else "Replies"
        facts["Round"] = f"{game['round']} ({kind}), until {game.get('ends')}"
        facts["Whose move"] = ", ".join(_waiting_for(game)) or "nobody"
    tentative = game.get("tentative")
    if tentative:
        facts["Tentative winner"] = f"{tentative['player']} (word {tentative['position']})"
    if phase == "over":
        facts["Winner"] = game.get("winner") or "neither player"
    return facts


def _plays(view: View) -> list[dict[str, Any]]:
    """The Salvos and Replies, in the order of the rounds: one row a word."""
    game = _game(view)
    counts = {(r["round"] - 1, r["to"]): r["counts"] for r in game.get("replies", [])}
    rows = []
    for salvo in game.get("salvos", []):
        replied = counts.get((salvo["round"], salvo["player"]))
        for place, word in enumerate(salvo["words"], 1):
            rows.append({"round": salvo["round"], "player": salvo["player"],
                         "place": f"{place})", "word": word.upper(),
                         "crashes": "" if replied is None else str(replied[place - 1])})
    return rows


def _games(view: View) -> list[dict[str, Any]]:
    """The table's games over, newest first, with the Target Words their reveal showed."""
    rows = []
    for result in reversed(_game(view).get("results", [])):
        words = ", ".join(f"{player}: {(word or 'none chosen').upper()}"
                          for player, word in (result.get("targets") or {}).items())
        rows.append({"game": result["instance"], "players": " against ".join(result["players"]),
                     "winner": result["winner"] or "neither player", "how": result["how"],
                     "rounds": result["rounds"], "Target Words": words})
    return rows


PAGE = PackPage("double-crash", "Double Crash", (
    Section("The game", _table, parts=(KEY, "players"), empty="No game of Double Crash "
            "has begun.", actions=("target", "salvo", "reply")),
    Section("Salvos and Replies", _plays, parts=(KEY,), empty="No Salvo yet.",
            about="Two words crash once for each letter that occupies the same position "
                  "in each word."),
    Section("Games played", _games, parts=(KEY,), empty="No game is over yet."),
))
