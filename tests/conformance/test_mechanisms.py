"""The kernel's mechanisms keep their secrets under random play.

The suite's pack of mechanisms (``mechpack``) is played at random; after every step
each viewer (every player, an observer, an outsider, the admin) is shown their view
and the log's new events, and none of it may hold a secret token that the viewer may
not know now: a locker's combination (its owner's), audit mark (the admin's) or tag
(the round's clerk's, whoever that is now), a
pledge in the open sealed step (its author's, whoever plays their seat, and the
round's clerk's), a buried treasure (its owner's). Orders wait sealed: a player's
view holds only their own. At the end the export of the game, read back for each
viewer, hides the same things.
"""

from __future__ import annotations

import json
import random
from typing import Any

from harness import OUTSIDER, START, new_game, viewers_of
from mechpack import CLERK, LOCKER, PREFIXES, MechanismPack

from nomicon.exchange import export_document
from nomicon.kernel import sealed
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.views import log_view
from nomicon.sim.bots import RandomBot, step
from nomicon.store import GameRecord

STEPS = 600
SEED = 2  # four players


def secrets(game: Game) -> dict[str, set[str]]:
    """Each secret token in the state now, and who besides the admin may know it."""
    root = game.state.root
    out: dict[str, set[str]] = {}
    # Who may read a pledge or a tag comes from the rule's text (the clerk; a pledge's
    # author), not from the step's record or the attribute's declaration, so that a
    # step opened to the wrong audience shows.
    clerks = set((root.get("roles") or {}).get(CLERK, []))
    for record in (root.get("entities") or {}).values():
        if record["kind"] == LOCKER:
            out[record["combination"]] = {record["owner"]}
            out[record["audit"]] = set()
            out[record["tag"]] = set(clerks)
    for record in (root.get(sealed.STEPS) or {}).values():
        for player, value in record["submissions"].items():
            out[str(value)] = {player, *clerks}
    for name, player in root["players"].items():
        for token in player.get("treasure", []):
            out[token] = {name}
    return out


def shown_to(game: Game, viewer: str, after: int) -> str:
    return json.dumps([game.view(viewer), game.log_for(viewer, after=after)])


def leaks(game: Game, viewer: str, text: str) -> list[str]:
    if viewer == ADMIN:
        return []
    found = [f"{viewer} is shown {token}" for token, allowed in secrets(game).items()
             if viewer not in allowed and token in text]
    others = [key for key, order in (game.view(viewer).get("orders") or {}).items()
              if order["player"] != viewer]
    found.extend(f"{viewer} sees another's order {key}" for key in others)
    return found


def play(check: Any, steps: int = STEPS) -> Game:
    game = new_game(MechanismPack.id, SEED)
    # A sealed order carried out at an update: the random bots give few orders and
    # take most of them back, so the play starts with one that runs at the first
    # update (18:00 on the first day), and everyone reads its publication from there.
    first = sorted(game.state.root["players"])[0]
    game.act(first, "order", action="bury")
    game.advance(START.replace(hour=18, minute=1))
    rng = random.Random("mechanisms")
    bot = RandomBot(rng)
    seen = dict.fromkeys([*viewers_of(game), OUTSIDER], 0)
    for number in range(steps):
        step(game, bot, rng)
        for viewer in seen:
            check(game, viewer, shown_to(game, viewer, seen[viewer]), number)
            seen[viewer] = game.head
    return game


def test_random_play_shows_no_viewer_a_secret_of_the_mechanisms() -> None:
    problems: list[str] = []
    looked_for: dict[str, int] = dict.fromkeys(PREFIXES, 0)

    def check(game: Game, viewer: str, text: str, number: int) -> None:
        for token, allowed in secrets(game).items():
            if viewer not in allowed and viewer != ADMIN:
                looked_for[next(p for p in PREFIXES if token.startswith(p))] += 1
        problems.extend(f"step {number}: {p}" for p in leaks(game, viewer, text))

    game = play(check)
    # Every kind of secret was there to be leaked, and every mechanism was used.
    assert all(count > 100 for count in looked_for.values()), looked_for
    types = {event["type"] for event in game.log}
    assert {"order.sealed", "status.ended", "seat.changed", "step.resolved"} <= types
    escrow = [event["data"] for event in game.log if event["type"] == "transfer"
              and "escrow:" in f"{event['data']['source']} {event['data']['target']}"]
    assert any(str(moved["target"]).startswith("escrow:") for moved in escrow)
    assert any(str(moved["source"]).startswith("escrow:") for moved in escrow)
    assert not problems, "\n".join(problems[:20])


def test_the_export_read_back_for_a_viewer_shows_no_secret() -> None:
    """The export holds the whole log (the admin's); read back for any other viewer,
    it shows none of the secrets the game holds at the end."""
    game = play(lambda *_: None)
    record = GameRecord(id="conformance-export", pack=MechanismPack.id,
                        created=game.clock, secret=game.secret.hex())
    document = export_document(record, list(game.log))
    hidden = secrets(game)
    assert any(token in json.dumps(document["log"]) for token in hidden)  # the admin's log
    for viewer in [*viewers_of(game), OUTSIDER]:
        if viewer == ADMIN:
            continue
        text = json.dumps(log_view(document["log"], viewer))
        leaked = [token for token, allowed in hidden.items()
                  if viewer not in allowed and token in text]
        assert leaked == [], viewer
