"""Property: random play of the roles pack (``rolespack.py``), with private rolls,
private and multi-select prompts, a referee who comes and goes, and hidden moves,
never shows a viewer anything they may not read, through any of the outputs a player
or an observer can ask for: the view, the log (read forwards and backwards), the
events an action returns, the export and the preview of an amendment; and a what-if
is the admin's alone.

What is private is known from the admin's view: every secret the pack makes is a
unique token, noted in the admin-only vault with who was told it when it was made
(which the log must honour: roles as of the event), who may read it in the state
(its owner, the players named, the holders of a role now), and whether a rule has made
it public. Hidden moves are known from the admin's statuses before each move.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from rolespack import PACK, PLACES, REGISTRY, START, TOKEN, Coronation, new_game

from nomicon.exchange import export_document
from nomicon.governance.preview import preview
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionError
from nomicon.server.access import visible
from nomicon.sim.whatif import hidden_from
from nomicon.store import GameRecord
from nomicon.verify import verify

PLAYERS = ("alice", "bob", "carol")
VIEWERS = (*PLAYERS, "observer")
FOUND = re.compile(TOKEN)

who = st.sampled_from(PLAYERS)
steps = st.lists(st.one_of(
    st.tuples(st.just("volunteer"), who),
    st.tuples(st.just("step-down"), who),
    st.tuples(st.just("whisper"), who, who),
    st.tuples(st.just("deal"), who),
    st.tuples(st.just("turn-up"), who),
    st.tuples(st.just("ask"), who, who, st.booleans()),
    st.tuples(st.just("ask"), who, who, st.booleans()),
    st.tuples(st.just("answer"), st.integers(0, 5), st.lists(st.integers(0, 2), max_size=3)),
    st.tuples(st.just("answer"), st.integers(0, 5),
              st.lists(st.integers(0, 2), min_size=2, max_size=2, unique=True)),
    st.tuples(st.just("vanish"), who),
    st.tuples(st.just("move"), who, st.sampled_from(PLACES)),
    st.tuples(st.just("move"), who, st.sampled_from(PLACES)),
    st.tuples(st.just("wait"), st.sampled_from([1, 7, 25])),
    st.tuples(st.just("rotate")),
), min_size=10, max_size=40)


class Watch:
    """What the admin knows: the vault's tokens and the batches hidden so far."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hidden: list[tuple[str, set[int]]] = []  # (actor, seqs of the batch)

    def tokens(self) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = self.game.view()["vault"]["tokens"]
        return found

    def may_read_in_log(self, viewer: str, token: str) -> bool:
        record = self.tokens()[token]
        return bool(record["public"]) or viewer in record["told"]

    def may_read_in_state(self, viewer: str, token: str) -> bool:
        record = self.tokens()[token]
        roles = self.game.state.root.get("roles", {})
        return (bool(record["public"]) or viewer == record["owner"]
                or viewer in record["named"]
                or any(viewer in roles.get(name, []) for name in record["roles"]))

    def check_log(self, viewer: str, events: list[dict[str, Any]], where: str) -> None:
        for event in events:
            assert "ops" not in event, f"{where}: {viewer} reads state changes"
            for token in FOUND.findall(repr(event)):
                assert self.may_read_in_log(viewer, token), (
                    f"{where}: {viewer} reads {token} in {event['type']} {event['seq']}")
        seen = {event["seq"] for event in events}
        for actor, seqs in self.hidden:
            if viewer != actor:
                assert not seen & seqs, f"{where}: {viewer} reads {actor}'s hidden move"

    def check_state(self, viewer: str, shown: Any, where: str) -> None:
        for token in FOUND.findall(repr(shown)):
            assert self.may_read_in_state(viewer, token), f"{where}: {viewer} sees {token}"

    def check_now(self) -> None:
        game = self.game
        statuses = game.view().get("statuses", {})
        invisible = {p for p, held in statuses.items() if "Invisible" in held}
        for viewer in VIEWERS:
            view = game.view(viewer)
            self.check_state(viewer, view, "view")
            for player in invisible - {viewer}:
                assert "location" not in view["players"][player], f"{viewer} sees {player}"
            self.check_log(viewer, game.log_for(viewer), "log")
            self.check_log(viewer, game.log_before(viewer, None, 7), "newest page")


def play(watch: Watch, step: tuple[Any, ...]) -> None:
    game = watch.game
    kind, *rest = step
    try:
        if kind == "wait":
            game.advance(game.clock + timedelta(hours=rest[0]))
        elif kind == "rotate":
            game.act("admin", "rotate-seed")
        elif kind == "whisper":
            # What the server answers the actor: the events they may read.
            replied = visible(game.act(rest[0], "whisper", target=rest[1]), rest[0])
            watch.check_log(rest[0], replied, "reply")
        elif kind == "ask":
            game.act(rest[0], "ask", target=rest[1], double=rest[2])
        elif kind == "answer":
            answer(watch, rest[0], rest[1])
        elif kind == "move":
            invisible = "Invisible" in game.view().get("statuses", {}).get(rest[0], {})
            batch = game.act(rest[0], "move", place=rest[1])
            if invisible:
                assert all(e["to"] == [rest[0]] for e in batch)
                watch.hidden.append((rest[0], {e["seq"] for e in batch}))
            else:
                assert all("to" not in e for e in batch)
        else:
            game.act(rest[0], kind)
    except ActionError:
        pass


def answer(watch: Watch, which: int, picks: list[int]) -> None:
    """The player asked answers the ``which``-th pending question (counting round)."""
    game = watch.game
    pending = game.view()["prompts"]
    if not pending:
        return
    prompt = pending[which % len(pending)]
    player = prompt["to"]
    assert game.view(player)["prompts"][which % len(pending)] == prompt
    if "choose" in prompt:
        chosen = [prompt["options"][i] for i in picks]
        game.act(player, "choose-many", options=chosen, prompt=prompt["id"])
    else:
        game.act(player, "choose", option=prompt["options"][picks[0] if picks else 0],
                 prompt=prompt["id"])


@settings(max_examples=60, deadline=None)
@given(steps, st.booleans())
def test_random_play_never_shows_a_viewer_a_secret_they_may_not_read(
        moves: list[tuple[Any, ...]], end: bool) -> None:
    game = new_game()
    watch = Watch(game)
    game.act("alice", "volunteer")
    game.act("alice", "deal")
    for step in moves:
        play(watch, step)
        watch.check_now()
    if end:
        game.act("admin", "end-game")
        watch.check_now()
    record = GameRecord(id=game.id, pack=PACK, created=START, meta={},
                        secret=game.secret.hex(), head=game.head)
    amendment = [{"op": "enact", "class": Coronation.class_id(), "number": 5}]
    for viewer in VIEWERS:
        document = export_document(record, game.log, viewer=viewer)
        assert document["viewer"] == viewer
        watch.check_log(viewer, document["log"], "export")
        assert ("secret" in document) == end
        if not end:
            shown = preview(game, amendment, viewer)
            watch.check_state(viewer, shown, "preview")
            assert hidden_from(game, amendment, viewer) is not None
    # The dice audit: every roll, private or not, re-derives from the secret.
    report = verify(game.log, secret=game.secret, registry=REGISTRY)
    assert report.ok, report.problems
    assert report.verified == report.rolls == game.state.root["dice"]["count"]
