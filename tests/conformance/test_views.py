"""Every player sees only what the rules let them see; the admin sees all.

Every installed pack, and the suite's own pack of secrets, is played at random;
after every step each viewer (every player, an observer, the admin) is checked:

* a view shows a player's ``owner`` attributes only to that player and the admin,
  and ``admin`` attributes only to the admin, and an entity's ``owner`` attributes
  only to its owner and the admin, and an attribute a role reads (``role:<name>``,
  alone or joined with others by ``+``) only to those who hold the role now (and
  whom the other parts name); the admin's view shows every attribute, and every
  entity, as the state holds it;
* a viewer's log holds no event whose ``to`` leaves them out, and no raw state ops
  unless the viewer is the admin, whose log is the whole log;
* nothing shows the dice secret before it is revealed.

The pack of secrets adds checks on values: no card in another player's hand and no
admin note appears anywhere in what a player or an observer is shown.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from harness import OUTSIDER, PACKS, new_game, players_for, viewers_of
from secretpack import SecretPack

from nomicon.kernel.engine import Game
from nomicon.sim.bots import RandomBot, step

STEPS = 400
SEED = 2  # four players
ADMIN = "admin"


def secret_attributes(game: Game) -> dict[str, str]:
    """Player attributes declared with a visibility other than public."""
    return {name: attribute.visibility
            for name, (_rule, attribute) in game.ruleset.attributes.get("player", {}).items()
            if attribute.visibility != "public"}


def view_problems(game: Game, viewer: str) -> list[str]:
    shown = game.view(viewer)
    hidden = secret_attributes(game)
    problems = []
    for owner, record in shown["players"].items():
        for name in record:
            visibility = hidden.get(name)
            if visibility == "admin" and viewer != ADMIN:
                problems.append(f"{viewer} sees {owner}'s admin-only {name}")
            if visibility == "owner" and viewer not in (ADMIN, owner):
                problems.append(f"{viewer} sees {owner}'s own {name}")
    if viewer == ADMIN:
        for owner, record in game.state.root["players"].items():
            for name, value in record.items():
                if shown["players"][owner].get(name) != value:
                    problems.append(f"the admin does not see {owner}'s {name} as it is")
        if shown.get("entities") != game.state.root.get("entities"):
            problems.append("the admin does not see the entities as they are")
    problems.extend(entity_problems(game, shown, viewer))
    if not revealed(game) and game.secret.hex() in json.dumps(shown):
        problems.append(f"{viewer} sees the dice secret")
    return problems


def entity_problems(game: Game, shown: dict[str, Any], viewer: str) -> list[str]:
    """Attributes declared for an entity's kind with a visibility other than public,
    shown to someone who may not see them."""
    problems = []
    held = game.state.root.get("roles") or {}
    for eid, record in (shown.get("entities") or {}).items():
        declared = game.ruleset.attributes.get(str(record.get("kind")), {})
        for name in record:
            visibility = declared[name][1].visibility if name in declared else "public"
            if not may_read(visibility, viewer, record.get("owner"), held):
                problems.append(f"{viewer} sees entity {eid}'s {name} ({visibility})")
    return problems


def may_read(visibility: str, viewer: str, owner: str | None,
             held: dict[str, list[str]]) -> bool:
    """Whether ``viewer`` may read a value of ``visibility`` (DESIGN 3b: public, owner,
    admin or a role, several joined with ``+``), its owner being ``owner`` and the
    roles held as ``held`` says."""
    if viewer == ADMIN:
        return True
    for part in visibility.split("+"):
        if part == "public" or (part == "owner" and viewer == owner) or (
                part.startswith("role:") and viewer in held.get(part[len("role:"):], [])):
            return True
    return False


def revealed(game: Game) -> bool:
    return any(epoch["secret"] for epoch in game.state.root["dice"]["epochs"])


def log_problems(game: Game, viewer: str, after: int) -> list[str]:
    entries = game.log_for(viewer, after=after)
    problems = []
    if viewer == ADMIN:
        if entries != game.log[after:]:
            problems.append(f"the admin's log after {after} is not the log")
        return problems
    for entry in entries:
        to = entry.get("to")
        if to is not None and viewer not in to:
            problems.append(f"{viewer} sees event {entry['seq']} ({entry['type']}) meant "
                            f"for {to}")
        if "ops" in entry:
            problems.append(f"{viewer} sees the ops of event {entry['seq']}")
    if not revealed(game) and game.secret.hex() in json.dumps(entries):
        problems.append(f"{viewer}'s log shows the dice secret")
    return problems


def others_cards(game: Game, viewer: str, attribute: str) -> set[str]:
    return {card for name, player in game.state.root["players"].items() if name != viewer
            for card in player[attribute]}


def leaked_values(game: Game, viewer: str, after: int, attribute: str) -> list[str]:
    """Cards of another player's ``attribute`` or admin notes that ``viewer`` is shown."""
    if viewer == ADMIN:
        return []
    text = json.dumps([game.view(viewer), game.log_for(viewer, after=after)])
    found = sorted(card for card in others_cards(game, viewer, attribute) if card in text)
    if "zq-note-" in text:
        found.append("an admin note")
    return found


def play_checked(pack: str, check: Any) -> Game:
    game = new_game(pack, SEED)
    rng = random.Random(f"views:{pack}")
    bot = RandomBot(rng)
    seen = dict.fromkeys([*viewers_of(game), OUTSIDER], 0)
    for number in range(STEPS):
        if game.is_over:
            break
        step(game, bot, rng)
        for viewer in seen:
            check(game, viewer, seen[viewer], number)
            seen[viewer] = game.head
    return game


@pytest.mark.parametrize("pack", PACKS)
def test_views_and_logs_show_only_what_the_viewer_may_see(pack: str) -> None:
    problems: list[str] = []

    def check(game: Game, viewer: str, after: int, number: int) -> None:
        found = view_problems(game, viewer) + log_problems(game, viewer, after)
        problems.extend(f"step {number}: {p}" for p in found)

    game = play_checked(pack, check)
    assert len(game.state.root["players"]) == len(players_for(SEED))
    assert not problems, "\n".join(problems[:20])


def test_secret_pack_shows_no_hand_and_no_note_to_others() -> None:
    """Values, not just attribute names: another player's cards and the admin's notes
    appear nowhere in a player's or an observer's view or log."""
    problems: list[str] = []
    cards_looked_for = 0

    def check(game: Game, viewer: str, after: int, number: int) -> None:
        nonlocal cards_looked_for
        cards_looked_for += len(others_cards(game, viewer, "hand"))
        problems.extend(f"step {number}: {viewer} is shown {leaked}"
                        for leaked in leaked_values(game, viewer, after, "hand"))

    game = play_checked(SecretPack.id, check)
    assert cards_looked_for > 1000, "too few cards were in hands to test"
    assert any(p["dossier"] for p in game.state.root["players"].values()), \
        "no admin note was written"
    assert not problems, "\n".join(problems[:20])
    for viewer in [*viewers_of(game), OUTSIDER]:
        assert not leaked_values(game, viewer, 0, "hand"), viewer


def test_secret_pack_hides_the_vault_from_players() -> None:
    """A rule's ``redact`` narrows the view: only the admin sees the vault."""
    game = play_checked(SecretPack.id, lambda *_: None)
    assert game.view(ADMIN)["vault"]["last"] is not None
    for viewer in viewers_of(game):
        if viewer != ADMIN:
            assert "vault" not in game.view(viewer), viewer


def test_a_stashed_card_stays_secret() -> None:
    """Stashing names the card as the action's argument: only the stasher may learn
    which card it was, so no other viewer's log or view may show it.

    (Sealed moves, DESIGN.md section 3: a sealed submission is visible only to its
    author until the rule reveals it.)"""
    game = new_game(SecretPack.id, SEED)
    alice = players_for(SEED)[0]
    game.act(alice, "draw")
    card = game.state.root["players"][alice]["hand"][0]
    game.act(alice, "stash", card=card)
    assert game.state.root["players"][alice]["stash"] == [card]
    assert card in json.dumps(game.log_for(alice)), "the stasher's own log names the card"
    for viewer in [*viewers_of(game), OUTSIDER]:
        if viewer in (alice, ADMIN):
            continue
        shown = json.dumps([game.view(viewer), game.log_for(viewer)])
        assert card not in shown, f"{viewer} learns that {alice} stashed {card}"
