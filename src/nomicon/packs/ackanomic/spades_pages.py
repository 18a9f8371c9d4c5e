"""The Spades table (Ackanomic rule 1250.15) as a page of the pack's own: the hands
the viewer may see, the bids, the trick on the table, the tricks taken and the scores.

Every section reads the viewer's view, so a player sees their own hand only, the
referee every hand, and an observer none (Rule 6 keeps hands secret)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nomicon.authoring import PackPage, Section
from nomicon.packs.ackanomic.spades_cards import SUIT_NAMES, sort_hand, suit

View = Mapping[str, Any]
KEY = "spades"


def _game(view: View) -> Mapping[str, Any]:
    found: Mapping[str, Any] = view.get(KEY) or {}
    return found


def _hands(view: View) -> list[dict[str, Any]]:
    """One row per hand the view shows, suit by suit."""
    game, players = _game(view), view.get("players") or {}
    rows = []
    for name in game.get("order", []):
        held = (players.get(name) or {}).get("hand")
        if held is None:
            continue  # not the viewer's to see
        by_suit = {SUIT_NAMES[s]: " ".join(c for c in sort_hand(held) if suit(c) == s) or "-"
                   for s in SUIT_NAMES}
        rows.append({"player": name, **by_suit, "cards": len(held)})
    return rows


def _table(view: View) -> dict[str, Any]:
    game = _game(view)
    if not game.get("order"):
        return {}
    teams = game.get("teams", {})
    facts: dict[str, Any] = {
        "Playing order": ", ".join(f"{i}. {n}" for i, n in enumerate(game["order"], 1)),
        "Team 1": " and ".join(teams.get("1", [])),
        "Team 2": " and ".join(teams.get("2", [])),
        "Referee": game.get("referee") or "the engine",
        "Round": game.get("round"),
        "Phase": game.get("phase"),
        "Waiting for": game.get("expected") or "nobody",
    }
    if game.get("intervening"):
        facts["The referee is choosing for"] = game["intervening"]
    return facts


def _bids(view: View) -> list[dict[str, Any]]:
    game = _game(view)
    made = {player: tricks for player, tricks in game.get("bids", [])}
    won = game.get("won", {})
    return [{"player": name, "team": "1" if i % 2 == 0 else "2",
             "bid": ("nil" if made[name] == 0 else made[name]) if name in made else "",
             "tricks taken": won.get(name, 0)}
            for i, name in enumerate(game.get("order", []))]


def _trick(view: View) -> list[dict[str, Any]]:
    game = _game(view)
    rows = [{"trick": game.get("trick"), "player": player, "card": card}
            for player, card in game.get("played", [])]
    tricks = game.get("tricks", [])
    if not rows and tricks:
        last = tricks[-1]
        rows = [{"trick": last["trick"], "player": player, "card": card,
                 "won": "yes" if player == last["winner"] else ""}
                for player, card in last["cards"]]
    return rows


def _tricks(view: View) -> list[dict[str, Any]]:
    return [{"trick": t["trick"], "cards": ", ".join(f"{p} {c}" for p, c in t["cards"]),
             "winner": t["winner"]} for t in _game(view).get("tricks", [])]


def _scores(view: View) -> list[dict[str, Any]]:
    game = _game(view)
    rows: list[dict[str, Any]] = []
    for entry in game.get("rounds", []):
        for team, scored in entry["teams"].items():
            rows.append({"round": entry["round"], "team": team, "bid": scored["bid"],
                         "tricks": scored["tricks"], "scored": scored["total"],
                         "sandbags": scored["bags"], "Spadescore": scored["score"]})
    if game.get("order"):
        for team in ("1", "2"):
            rows.append({"round": "now", "team": team, "bid": "", "tricks": "", "scored": "",
                         "sandbags": game.get("bags", {}).get(team, 0),
                         "Spadescore": game.get("scores", {}).get(team, 0)})
    return rows


TABLE = PackPage("spades", "Spades table", (
    Section("The table", _table, parts=(KEY,), empty="The game has not begun."),
    Section("Your hand", _hands, parts=(KEY, "players"), actions=("play",),
            empty="You see no hand: hands are seen by their holders and the referee only.",
            about="Rule 6: nobody is allowed to reveal to anybody what cards any player "
                  "has except as explicitly stated in these rules."),
    Section("Bids", _bids, parts=(KEY,), actions=("bid",), empty="No bids yet.",
            about="Rule 2: the valid bids are 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, and 13."),
    Section("The trick", _trick, parts=(KEY,), empty="No card has been played this round."),
    Section("Tricks this round", _tricks, parts=(KEY,), empty="No trick taken this round."),
    Section("Scores", _scores, parts=(KEY,), empty="No scores yet."),
))
