"""Fictionary (Ackanomic 1250.10): what stays private, the game as a child game, a
player who leaves, the default Ing Word, and the page. (Its clauses are pinned by
the scenario files in tests/scenarios/ackanomic-fictionary.)"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import nomicon
from nomicon import words
from nomicon.kernel import subgames
from nomicon.kernel.engine import Game
from nomicon.packs.ackanomic.fictionary_rules import PAGES
from subgamepacks import ArcadePack, registry

START = datetime(2024, 6, 3, 12, tzinfo=UTC)
PACK = "ackanomic-fictionary"
PLAYERS = ["alice", "bob", "carol", "dave", "erin"]
ING = "A pasture or meadow; generally one lying low, near a river."
QUIRE = ("A collection of twenty-four sheets of paper of the same size and quality, "
         "unfolded or having a single fold; one twentieth of a ream.")
BOGUS = {"alice": "A sort of heron.", "bob": "To hum loudly.", "carol": "A copper coin.",
         "dave": "A wooden ladle.", "erin": "A fen in winter."}


def table(game: Game) -> dict[str, object]:
    found: dict[str, object] = game.state.root["fictionary"]
    return found


def to_the_list(game: Game, similar: list[str] | None = None) -> tuple[str, list[str]]:
    """Play step 1 and 2 and the report: the Brainiac and the Bluffers."""
    brainiac = str(table(game)["brainiac"])
    bluffers = list(table(game)["bluffers"])  # type: ignore[call-overload]
    game.act(brainiac, "ing-word", word="ing", definition=ING)
    for bluffer in bluffers:
        game.act(bluffer, "define", text=BOGUS[bluffer])
    game.act(brainiac, "choose-many", options=similar or [])
    return brainiac, bluffers


def test_definitions_and_the_judgement_stay_private_until_their_time() -> None:
    """2) definitions go "to the Brainiac via private e-mail"; 3) the Brainiac's
    judgement is theirs; 3c) the list has no names. Before the list no other player's
    view or log holds a definition; after it, nobody but the Brainiac reads who wrote
    which entry, until 5a's scoring reveals it."""
    game = nomicon.new_game(PACK, PLAYERS, seed=1, start=START)
    brainiac = str(table(game)["brainiac"])
    bluffers = [p for p in PLAYERS if p != brainiac]
    # (quire, not ing: the text of Rule 41, which every view holds, quotes ing's.)
    game.act(brainiac, "ing-word", word="quire", definition=QUIRE)
    first, other = bluffers[0], bluffers[1]
    game.act(first, "define", text=BOGUS[first])
    seen = json.dumps([game.view(other), game.log_for(other)])
    assert BOGUS[first] not in seen and QUIRE not in seen
    assert BOGUS[first] in json.dumps(game.view(brainiac))
    for bluffer in bluffers[1:]:
        game.act(bluffer, "define", text=BOGUS[bluffer])
    # The report is a private prompt: the others see that one is open, not its options.
    prompt = game.view(other)["prompts"][0]
    assert "options" not in prompt and prompt["private"] is True
    game.act(brainiac, "choose-many", options=[])
    listed = table(game)["list"]
    assert sorted(listed) == sorted([QUIRE, *(BOGUS[b] for b in bluffers)])  # type: ignore[type-var]
    # Only the viewer's own entry is in their view; no event they read names an author.
    others = game.view(other)["players"]
    assert [p for p in PLAYERS if others[p].get("entry") is not None] == [other]
    assert others[brainiac].get("actual_entry") is None
    assert "entry" not in json.dumps(game.log_for(other))
    # The dice that sorted the list are the Brainiac's to read: their values with the
    # Bluffers' order would name the authors.
    rolls = [e for e in game.log_for(other) if e["type"] == "dice.rolled"
             and "numbered list" in e["message"]]
    assert rolls == [] or all("=" not in e["message"] for e in rolls)


def child() -> Game:
    """A Fictionary child of an arcade, made as the service makes one."""
    parent = nomicon.new_game(ArcadePack.id, PLAYERS, seed=1, start=START, game_id="arc",
                              registry=registry())
    record = {"id": "arc-1", "pack": PACK, "players": PLAYERS, "referee": None,
              "params": {}, "status": "running", "inputs": []}
    return Game.create(PACK, start=START, players=PLAYERS, secret=b"fict", game_id="arc-1",
                       registry=registry(), parent=subgames.link(parent.id, record))


def test_a_child_games_result_carries_5bs_payoff() -> None:
    """5b: the result names the winner, the A$ (a Gamepoint each) and the Trophy; a
    child game pays nothing itself."""
    game = child()
    game.act("admin", "set", path="accounts.erin.Gamepoints", value=40)
    # Nobody acts: each round of 9 days the Brainiac gains 1 net and each Bluffer loses
    # 2; after five rounds everyone has been Brainiac once.
    game.advance(START + timedelta(days=45))
    assert game.is_over
    result = game.pack.result(game.state.root)
    assert result["winners"] == ["erin"] and result["scores"]["erin"] == 40 + 1 - 8
    assert result["payoff"] == {"erin": 33} and result["trophy"] == "erin"
    assert result["rounds"] == 5 and result["referee"] is None
    assert game.state.root["accounts"]["erin"]["A$"] == 0


def test_a_player_who_leaves_is_a_bot_until_the_round_ends_then_their_spot_goes() -> None:
    """Errata 2: "replaced by a bot until the end of the round in which they resigned
    ... After that, their "spot" is removed": the bot's default definition costs them
    nothing; the next round has one player fewer."""
    game = nomicon.new_game(PACK, [*PLAYERS, "fred"], seed=2, start=START,
                            params={"players": 6})
    brainiac = str(table(game)["brainiac"])
    bluffers = [p for p in table(game)["bluffers"]]  # type: ignore[attr-defined]
    game.act(brainiac, "ing-word", word="ing", definition=ING)
    leaver = bluffers[-1]
    game.act(leaver, "leave-game", cause="resigned")
    assert leaver in table(game)["defined"]  # type: ignore[operator]
    assert game.state.root["accounts"][leaver]["Gamepoints"] == 0
    assert leaver in table(game)["spots"]  # type: ignore[operator]
    for bluffer in bluffers[:-1]:
        game.act(bluffer, "define", text="Something.")
    game.act(brainiac, "choose-many", options=[])
    for bluffer in bluffers[:-1]:
        game.act(bluffer, "vote", number=1)
    assert table(game)["round"] == 2
    assert leaver not in table(game)["spots"]  # type: ignore[operator]
    assert len(table(game)["bluffers"]) == 4  # type: ignore[arg-type]


def test_a_second_default_ing_word_is_drawn_from_the_dictionary() -> None:
    """1)'s default is "ing"; when "ing" has been the Ing Word already, the engine
    draws a defined word of the Official Dictionary with the dice (INTERPRETATIONS.md)."""
    game = nomicon.new_game(PACK, PLAYERS, seed=3, start=START)
    to_the_list(game, None)
    for bluffer in table(game)["bluffers"]:  # type: ignore[attr-defined]
        game.act(bluffer, "vote", number=1)
    assert table(game)["round"] == 2
    game.advance(START + timedelta(days=3))
    word = table(game)["word"]
    assert word not in (None, "ing") and table(game)["words"][0] == "ing"  # type: ignore[index]
    official = words.official(game.state.root["dictionary"])
    assert official.is_word(str(word)) and official.define(str(word))
    assert game.state.root["dictionary"]["definitions"]["package"]


def test_the_page_shows_the_numbered_definitions_and_the_viewers_part() -> None:
    """Item 11: the game's page shows the numbered list, and to the Brainiac the Actual
    Definition; another player's page does not show it."""
    game = nomicon.new_game(PACK, PLAYERS, seed=1, start=START)
    brainiac, bluffers = to_the_list(game)
    page = PAGES[0]
    sections = {section.title: section for section in page.sections}
    rows = sections["The definitions"].read(game.view(bluffers[0]))
    assert [row["number"] for row in rows] == [1, 2, 3, 4, 5]  # type: ignore[index]
    assert sorted(row["definition"] for row in rows) == sorted(  # type: ignore[index]
        [ING, *(BOGUS[b] for b in bluffers)])
    assert ING in json.dumps(sections["Your part"].read(game.view(brainiac)))
    mine = json.dumps(sections["Your part"].read(game.view(bluffers[0])))
    assert ING not in mine and BOGUS[bluffers[0]] in mine and BOGUS[bluffers[1]] not in mine


def test_a_player_on_vacation_is_played_by_a_bot_without_losing_gamepoints() -> None:
    """Errata 1: "Players on vacation are replaced by bots who perform the default
    actions in their stead": a Bluffer whose vacation in the main game reaches the child
    game submits "" at once, and loses no Gamepoint for it; back from vacation, they
    play again."""
    game = child()
    brainiac = str(table(game)["brainiac"])
    away, *rest = [p for p in table(game)["bluffers"]]  # type: ignore[attr-defined]
    game.act(brainiac, "ing-word", word="ing", definition=ING)
    game.act("admin", "parent-input", n=1, kind="status.granted", player=away,
             data={"holder": away, "name": "vacation"})
    assert away in table(game)["defined"]  # type: ignore[operator]
    for bluffer in rest:
        game.act(bluffer, "define", text=BOGUS[bluffer])
    assert table(game)["step"] == 3
    assert game.state.root["accounts"][away]["Gamepoints"] == 0
    game.act("admin", "parent-input", n=2, kind="status.ended", player=away,
             data={"holder": away, "name": "vacation"})
    assert table(game)["vacation"] == []
