"""A hypothetical shows a viewer nothing that the rules in force hide from them.

For every pack with hidden state (the Grid's Bonus Boxes, Goofspiel's sealed bids,
the suite's packs of secrets and of mechanisms) a game is set up with hidden things
present; then, for every rule in force, the repeal of the rule and an amendment of its
text are previewed as an observer and as a player. What the viewer may not see now is
collected from the admin's view minus the viewer's own view; none of it may appear
in the answer: not at its place in the state, and no hidden name anywhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from harness import REGISTRY, new_game
from mechpack import PREFIXES, MechanismPack
from secretpack import CARD, NOTE, Dossiers, SecretPack

from nomicon.governance import amendments as rule_changes
from nomicon.governance.preview import preview
from nomicon.kernel.engine import ADMIN, Game
from nomicon.kernel.errors import ActionError
from nomicon.kernel.pack import Pack
from nomicon.kernel.rules import Attribute, Rule
from nomicon.sim import whatif

SEED = 1  # three players: alice, bob, carol
OBSERVER = "observer"


def _grid(game: Game) -> None:
    """Three Bonus Boxes placed in secret (the Radar reveals none of them yet)."""
    placed = 0
    for x in range(3, 20, 4):
        for points in (7, -3):
            try:
                game.act(ADMIN, "place-bonus-box", x=x, y=11 + points % 5, points=points)
                placed += 1
            except ActionError:
                continue
    assert placed >= 3


def _goofspiel(game: Game) -> None:
    """alice has bid her Queen, sealed; bob and carol have not bid."""
    game.act("alice", "bid", card=12)


def _secrets(game: Game) -> None:
    """alice drew two cards and stashed one; a day passed, so the admin wrote notes."""
    game.act("alice", "draw")
    card = game.state.root["players"]["alice"]["hand"][0]
    game.act("alice", "stash", card=card)
    game.act("alice", "end-turn")
    game.act("bob", "draw")
    game.advance(game.clock + timedelta(days=1, hours=1))


def _mechanisms(game: Game) -> None:
    """alice has pledged, sealed, the most marbles she may in a round that all three
    players take part in, and buried a treasure; bob has not pledged; everyone's
    locker has its secret combination and audit mark; alice has ordered another
    burial for the update."""
    # The first round is alice's alone (bob and carol joined after it opened): her
    # pledge ends it, and the next round is everyone's.
    for _round in range(2):
        [pledges] = [entry["args"]["pledge"]["choices"]
                     for entry in game.legal_actions("alice") if entry["name"] == "pledge"]
        game.act("alice", "pledge", pledge=pledges[-1])
    assert game.state.root["steps"]["pledges"]["players"] == ["alice", "bob", "carol"]
    assert game.state.root["steps"]["pledges"]["submissions"] == {"alice": pledges[-1]}
    game.act("alice", "bury")
    game.act("alice", "order", action="bury")  # sealed until the update


SETUPS: dict[str, Callable[[Game], None]] = {
    "bnomic-grid": _grid, "ackanomic-goofspiel": _goofspiel, SecretPack.id: _secrets,
    MechanismPack.id: _mechanisms}
# Who looks: an observer, and a player without the secrets (bob sees neither alice's
# bid nor her hand).
VIEWERS = (OBSERVER, "bob")


def _leaves(tree: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(tree, dict) and tree:
        for key, value in tree.items():
            yield from _leaves(value, f"{path}.{key}" if path else str(key))
    else:
        yield path, tree


def _strings(tree: Any) -> Iterator[str]:
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield str(key)
            yield from _strings(value)
    elif isinstance(tree, list):
        for value in tree:
            yield from _strings(value)
    elif isinstance(tree, str):
        yield tree


def hidden_from(game: Game, viewer: str) -> tuple[dict[str, Any], set[str]]:
    """What the admin sees and ``viewer`` does not: the leaves by path, and the names
    (object ids, cards, notes) that only those hidden parts hold."""
    admin = dict(_leaves(game.view(ADMIN)))
    shown = dict(_leaves(game.view(viewer)))
    missing = object()
    hidden = {path: value for path, value in admin.items()
              if shown.get(path, missing) != value and not path.startswith("timers")}
    seen = set(_strings(game.view(viewer)))
    names = {s for path, value in hidden.items() for s in [*path.split("."), *_strings(value)]
             if (CARD.match(s) or NOTE.match(s) or s.startswith(("bonus-box-", *PREFIXES)))
             and s not in seen}
    return hidden, names


def leaks(answer: dict[str, Any], hidden: dict[str, Any], names: set[str]) -> list[str]:
    found = []
    for change in answer.get("state", []):
        for side in ("before", "after"):
            if side in change:
                for path, value in _leaves(change[side], change["path"]):
                    if path in hidden and hidden[path] == value:
                        found.append(f"{path} = {value!r} ({side})")
    text = json.dumps(answer)
    found.extend(f"the name {name!r}" for name in sorted(names) if name in text)
    return found


def amendments(game: Game) -> Iterator[list[dict[str, Any]]]:
    for number, entry in sorted(game.state.root["rules"].items(), key=lambda kv: int(kv[0])):
        yield [{"op": "repeal", "rule": int(number)}]
        yield [{"op": "amend", "rule": int(number), "text": entry["text"] + " (Amended.)"}]


@pytest.fixture(scope="module", params=sorted(SETUPS))
def game(request: pytest.FixtureRequest) -> Game:
    made = new_game(request.param, SEED)
    SETUPS[request.param](made)
    return made


@pytest.mark.parametrize("viewer", VIEWERS)
def test_previews_of_every_repeal_and_amendment_hide_what_the_rules_hide(
        game: Game, viewer: str) -> None:
    hidden, names = hidden_from(game, viewer)
    assert hidden, "the setup hides something from the viewer"
    head = game.head
    problems: list[str] = []
    tried = 0
    for amendment in amendments(game):
        answer = preview(game, amendment, viewer)
        tried += answer["ok"]
        problems.extend(f"{amendment}: {leak}" for leak in leaks(answer, hidden, names))
    assert tried > 0
    assert problems == []
    assert game.head == head  # previews change nothing


@pytest.mark.parametrize("viewer", VIEWERS)
def test_a_what_if_is_the_admins_alone_where_rules_hide_anything(game: Game,
                                                                 viewer: str) -> None:
    number = next(iter(game.state.root["rules"]))
    amendment = [{"op": "repeal", "rule": int(number)}]
    result = whatif.run(game, amendment, games=2, turns=1, viewer=viewer)
    assert result == {"ok": False, "error": whatif.hidden_from(game, amendment, viewer)}
    assert "only the admin may run one" in result["error"]


def _refuse_naming_a_note(self: Any, ctx: Any) -> None:
    notes = ctx.get(["players", "alice", "dossier"])
    ctx.refuse(f"burn the notes {notes} first")


def _fail_naming_a_note(self: Any, ctx: Any) -> None:
    raise KeyError(ctx.get(["players", "alice", "dossier"])[0])


@pytest.mark.parametrize("failing", [_refuse_naming_a_note, _fail_naming_a_note])
def test_a_failed_preview_says_nothing_hidden(monkeypatch: pytest.MonkeyPatch,
                                             failing: Callable[[Any, Any], None]) -> None:
    """Rule code that refuses (or fails) while the amendment is applied has seen the
    whole state: a viewer is told which change failed, not what the rule saw."""
    game = new_game(SecretPack.id, SEED)
    _secrets(game)
    monkeypatch.setattr(Dossiers, "on_repeal", failing)
    note = game.state.root["players"]["alice"]["dossier"][0]
    repeal = [{"op": "repeal", "rule": 3}]
    for viewer in VIEWERS:
        answer = preview(game, repeal, viewer)
        assert answer["ok"] is False and note not in answer["error"]
        assert answer["error"].startswith(("change 1 (repeal): refused by Rule 3, Dossiers",
                                           "a rule failed while applying the amendment"))
    assert note in preview(game, repeal, ADMIN)["error"]  # the admin is told all


class OpenHands(Rule):
    """Every player plays with their hand face up. (A rule that, once enacted, shows
    what the Cards rule hides: it declares the hands public, ahead of Cards.)"""

    key = "open-hands"
    pack = "conformance-reveal"
    number = 90
    title = "Open hands"
    precedence = -10  # its declaration of ``hand`` is the one in force
    attributes = (Attribute("hand", [], doc="the cards in the player's hand, face up"),
                  Attribute("stash", [], doc="the stash, face up"))

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        view["table"] = {"hands": {name: record.get("hand") for name, record
                                   in (view.get("players") or {}).items()}}


class RevealPack(Pack):
    id = "conformance-reveal"
    title = "Conformance: a rule that reveals"
    rule_classes = (OpenHands,)


@pytest.mark.parametrize("viewer", VIEWERS)
def test_enacting_a_rule_that_would_show_secrets_shows_nothing_before_it_passes(
        viewer: str) -> None:
    game = new_game(SecretPack.id, SEED, registry=REGISTRY.with_pack(RevealPack()))
    _secrets(game)
    hidden, names = hidden_from(game, viewer)
    assert names
    answer = preview(game, [{"op": "enact", "class": OpenHands.class_id()}], viewer)
    assert answer["ok"] and answer["rules"]["enacted"] == [90], answer
    assert leaks(answer, hidden, names) == []
    passed = game.fork()  # once it is in force, the hands are shown: the rule works
    with passed._transaction(passed.clock, ADMIN) as ctx:
        rule_changes.apply(ctx, rule_changes.parse([{"op": "enact",
                                                     "class": OpenHands.class_id()}]))
    assert set(_strings(passed.view(viewer))) & names
