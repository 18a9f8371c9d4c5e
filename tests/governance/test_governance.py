"""Governance: amendments, previews, the ruleset through time, and how passed
proposals change a running game.

Expected values come from the rule texts (Infinite Nomic Round 7, Rules 0 and 4;
the blank Nomic pack) and from the amendment format, worked out by hand.
"""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from nomicon import scenario
from nomicon.governance import amendments, history
from nomicon.governance.preview import preview
from nomicon.kernel import dice
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, InvalidRuleChange

START = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)
HERE = Path(__file__).parent
SCENARIOS = HERE.parent / "scenarios"
TRAMPOLINE = "infinite-nomic-r7/trampoline"


def new_game(pack: str = "infinite-nomic-r7",
             players: tuple[str, ...] = ("alice", "bob", "carol")) -> Game:
    return Game.create(pack, start=START, players=list(players),
                       secret=dice.secret_from_seed("governance"), allow_forced=True)


def propose(game: Game, author: str, amendment: list[dict[str, Any]] | None,
            ups: tuple[str, ...] = ()) -> int:
    """Make a proposal and react up to it; returns its number."""
    args: dict[str, Any] = {"title": "A proposal", "text": "As the amendment says."}
    if amendment is not None:
        args["amendment"] = amendment
    game.act(author, "propose", **args)
    number = len(game.state.root["proposals"])
    for voter in ups:
        game.act(voter, "vote", proposal=number, vote="up")
    return number


def wait(game: Game, **delta: float) -> None:
    game.advance(game.clock + timedelta(**delta))


def events(game: Game, kind: str) -> list[dict[str, Any]]:
    return [e for e in game.log if e["type"] == kind]


def rid_of(game: Game, number: int) -> str:
    rid: str = game.state.root["rules"][str(number)]["rid"]
    return rid


# -- amendments.parse --------------------------------------------------------


def test_parse_of_nothing_is_no_change() -> None:
    assert amendments.parse(None) == []
    assert amendments.parse([]) == []


def test_parse_gives_typed_changes_and_dump_gives_them_back() -> None:
    raw = [
        {"op": "enact", "class": TRAMPOLINE, "number": 30, "params": {"space": 6}},
        {"op": "amend", "rule": 8, "text": "New text."},
        {"op": "repeal", "rule": 16},
        {"op": "renumber", "rule": 20, "to": 19},
        {"op": "interpret", "rule": 4, "text": "A ruling."},
        {"op": "uninterpret", "rule": 4, "index": 1},
        {"op": "effect", "class": "nomic/points"},
    ]
    changes = amendments.parse(raw)
    kinds = [type(c) for c in changes]
    assert kinds == [amendments.Enact, amendments.Amend, amendments.Repeal,
                     amendments.Renumber, amendments.Interpret, amendments.Uninterpret,
                     amendments.Effect]
    enact = changes[0]
    assert isinstance(enact, amendments.Enact)
    assert (enact.class_id, enact.number, enact.title, enact.params) == (
        TRAMPOLINE, 30, None, {"space": 6})
    dumped = amendments.dump(changes)
    assert dumped[0] == {"op": "enact", "class": TRAMPOLINE, "number": 30,
                         "params": {"space": 6}}
    assert dumped[2] == {"op": "repeal", "rule": 16}
    assert amendments.parse(dumped) == changes
    # Rules in force that the changes modify: not those enacted or the one-off effect.
    assert amendments.touched(changes) == {8, 16, 20, 4}


@pytest.mark.parametrize(("raw", "names"), [
    ({"op": "repeal", "rule": 4}, ["valid list"]),
    ("repeal rule 4", ["valid list"]),
    ([{"op": "frobnicate", "rule": 4}], ["change 1", "frobnicate"]),
    ([{"rule": 4}], ["change 1"]),
    ([{"op": "repeal", "rule": 4}, {"op": "repeal"}], ["change 2 (repeal)", "rule"]),
    ([{"op": "renumber", "rule": 4}], ["change 1 (renumber)", "to"]),
    ([{"op": "enact", "class": "nomic/points", "colour": "red"}],
     ["change 1 (enact)", "colour"]),
    ([{"op": "enact", "params": {}}], ["change 1 (enact)", "class"]),
    ([{"op": "uninterpret", "rule": 4, "index": 0}], ["change 1 (uninterpret)", "index"]),
    ([{"op": "amend", "rule": "four", "text": "x"}], ["change 1 (amend)", "rule"]),
    ([{"op": "interpret", "rule": 4}], ["change 1 (interpret)", "text"]),
], ids=["mapping", "string", "unknown-op", "no-op", "second-change", "renumber-no-to",
        "extra-field", "no-class", "index-0", "rule-not-int", "no-ruling"])
def test_parse_refuses_malformed_amendments_naming_the_change(raw: Any,
                                                              names: list[str]) -> None:
    with pytest.raises(InvalidRuleChange) as caught:
        amendments.parse(raw)
    message = str(caught.value)
    assert message.startswith("malformed amendment: ")
    for name in names:
        assert name in message


# -- preview -----------------------------------------------------------------


def test_preview_reports_rules_state_and_diff_and_leaves_the_game_untouched() -> None:
    game = new_game(players=("alice", "bob"))
    root_before = copy.deepcopy(game.state.root)
    log_before = len(game.log)
    result = preview(game, [
        {"op": "enact", "class": TRAMPOLINE, "params": {"space": 6, "bounce": 3}},
        {"op": "amend", "rule": 8, "params": {"fives_points": 20}},
        {"op": "repeal", "rule": 1},
    ])
    assert result["ok"] is True
    assert result["rules"] == {"enacted": [21], "repealed": [1], "changed": [8]}
    # The only change outside the rules: the Trampoline stands on space 6.
    assert result["state"] == [
        {"path": "board.spaces.6.features", "before": [], "after": ["Trampoline"]}]
    lines = result["diff"].splitlines()
    assert lines[:2] == ["--- now", "+++ with the amendment"]
    assert "+Rule 21: Trampoline" in lines
    assert "+Parameters: space=6, bounce=3" in lines
    assert "-Rule 1: Information" in lines
    assert any(line.startswith("-Parameters: fives_points=10,") for line in lines)
    assert any(line.startswith("+Parameters: fives_points=20,") for line in lines)
    assert not any(line.startswith(("-Rule 8", "+Rule 8")) for line in lines)
    # The game itself is as it was.
    assert len(game.log) == log_before
    assert game.state.root == root_before
    assert set(game.view()["rules"]) == set(root_before["rules"])
    assert "21" not in game.view()["rules"]


def test_preview_shows_a_new_interpretation() -> None:
    game = new_game(players=("alice", "bob"))
    result = preview(game, [{"op": "interpret", "rule": 4, "text": "A reaction is a vote."}])
    assert result["ok"] is True
    assert result["rules"] == {"enacted": [], "repealed": [], "changed": [4]}
    assert "+Interpretation 1 (proposal): A reaction is a vote." in result["diff"].splitlines()
    assert result["state"] == []
    assert game.state.root["rules"]["4"]["interpretations"] == []


@pytest.mark.parametrize(("amendment", "problem"), [
    ([{"op": "repeal", "rule": 6}], "there is no Rule 6"),
    ([{"op": "enact", "class": "nomic/wealth-tax"}], "Rule 3 already exists"),
    ([{"op": "enact", "class": TRAMPOLINE, "params": {"space": 21}}],
     "there is no space 21 on the board"),
    ([{"op": "bounce"}], "malformed amendment"),
])
def test_preview_of_an_amendment_that_cannot_apply(amendment: Any, problem: str) -> None:
    game = new_game(players=("alice", "bob"))
    root_before = copy.deepcopy(game.state.root)
    log_before = len(game.log)
    result = preview(game, amendment)
    assert result["ok"] is False
    assert problem in result["error"]
    assert game.state.root == root_before
    assert len(game.log) == log_before


# -- history: full text and diffs of hand-made rulesets -------------------------


def _ruleset() -> dict[str, Any]:
    return {
        "10": {"rid": "r2", "number": 10, "title": "Ten", "text": "The tenth rule.\n",
               "params": {}, "interpretations": []},
        "2": {"rid": "r1", "number": 2, "title": "Two", "text": "The second rule.",
              "params": {"a": 1, "b": "x"},
              "interpretations": [{"text": "Read it kindly.", "by": "admin"}]},
    }


def test_full_text_lists_rules_in_number_order_with_params_and_rulings() -> None:
    text = history.full_text(_ruleset())
    lines = text.splitlines()
    # Numeric order: 2 before 10 (the keys "10" < "2" as strings).
    assert lines.index("Rule 2: Two") < lines.index("Rule 10: Ten")
    assert "The second rule." in lines
    assert "The tenth rule." in lines
    assert "Parameters: a=1, b=x" in lines
    assert "Interpretation 1 (admin): Read it kindly." in lines
    assert "Parameters:" not in text[text.index("Rule 10: Ten"):]
    assert history.full_text({}) == ""


def test_diff_of_two_rulesets() -> None:
    before = _ruleset()
    assert history.diff(before, copy.deepcopy(before)) == ""
    after = copy.deepcopy(before)
    after["2"]["text"] = "The second rule, amended."
    del after["10"]
    lines = history.diff(before, after).splitlines()
    assert lines[:2] == ["--- before", "+++ after"]
    assert "-The second rule." in lines
    assert "+The second rule, amended." in lines
    assert "-Rule 10: Ten" in lines
    assert "-Rule 2: Two" not in lines
    labelled = history.diff(before, after, labels=("v1", "v2")).splitlines()
    assert labelled[:2] == ["--- v1", "+++ v2"]


def test_summary_follows_rules_by_identity() -> None:
    before = _ruleset()
    after = copy.deepcopy(before)
    moved = after.pop("10")
    moved["number"] = 12
    after["12"] = moved
    after["5"] = {"rid": "r3", "number": 5, "title": "Five", "text": "Fifth.", "params": {}}
    del after["2"]
    assert history.summary(before, after) == {"enacted": [5], "repealed": [2], "changed": [12]}


# -- the ruleset through time in a played game --------------------------------


def test_rules_at_gives_the_ruleset_before_and_after_a_passed_amendment() -> None:
    game = new_game()
    created = game.head
    propose(game, "alice", [{"op": "amend", "rule": 8, "text": "Points are integers.",
                             "params": {"fives_points": 20}}], ups=("alice",))
    wait(game, hours=24)
    [amended] = events(game, "rule.amended")
    seq = amended["seq"]
    old, new = history.rules_at(game.log, seq - 1), history.rules_at(game.log, seq)
    assert 'All players have an integer associated with them called "points"' in old["8"]["text"]
    assert old["8"]["params"]["fives_points"] == 10
    assert new["8"]["text"] == "Points are integers."
    assert new["8"]["params"]["fives_points"] == 20
    assert history.rules_at(game.log, created) == old
    assert history.rules_at(game.log, game.head) == game.state.root["rules"]
    assert sorted(map(int, old)) == [0, 1, 2, 3, 4, 5, 7, 8, 11, 13, 16, 20]


def test_a_rule_amended_by_a_passed_proposal_keeps_its_versions() -> None:
    game = new_game()
    propose(game, "alice", [{"op": "enact", "class": TRAMPOLINE,
                             "params": {"space": 6, "bounce": 3}}], ups=("alice",))
    wait(game, hours=24)  # 2020-01-02 12:00: enacted
    propose(game, "bob", [{"op": "amend", "rule": 21,
                           "text": "A Trampoline bounces a player 5 spaces.",
                           "params": {"bounce": 5}}], ups=("bob",))
    wait(game, hours=24)  # 2020-01-03 12:00: amended
    entry = game.state.root["rules"]["21"]
    first, second = entry["history"]
    assert (first["version"], first["change"], first["number"], first["params"],
            first["time"]) == (1, "enacted", 21, {"space": 6, "bounce": 3},
                               "2020-01-02T12:00:00Z")
    assert first["text"].startswith("Trampoline is a space feature.")
    assert (second["version"], second["change"], second["params"], second["time"],
            second["text"]) == (2, "amended", {"space": 6, "bounce": 5},
                                "2020-01-03T12:00:00Z", "A Trampoline bounces a player 5 spaces.")
    [enacted] = [e for e in events(game, "rule.enacted") if e["data"]["rule"] == 21]
    [amended] = events(game, "rule.amended")
    assert (first["seq"], second["seq"]) == (enacted["seq"], amended["seq"])
    assert game.view()["rules"]["21"]["version"] == 2
    assert history.version(entry, 2) == second

    lines = history.version_diff(entry, 1, 2).splitlines()
    assert lines[:2] == ["--- Rule 21 v1", "+++ Rule 21 v2"]
    assert any(line.startswith("-Trampoline is a space feature.") for line in lines)
    assert "+A Trampoline bounces a player 5 spaces." in lines
    assert lines[-1] == "params: {'space': 6, 'bounce': 3} -> {'space': 6, 'bounce': 5}"
    assert history.version_diff(entry, 2, 2) == ""
    with pytest.raises(KeyError):
        history.version(entry, 3)

    # The running game follows the amended rule at once: it is Carol's turn (Alice's
    # and Bob's passed at 24 and 48 hours); 1 + 5 = 6, then 5 more.
    assert game.view()["turn"]["current"] == "carol"
    game.force_dice([5])
    game.act("carol", "roll")
    assert game.view()["players"]["carol"]["location"] == 11


def test_renumber_by_a_passed_proposal() -> None:
    game = new_game()
    propose(game, "alice", [{"op": "enact", "class": TRAMPOLINE,
                             "params": {"space": 6, "bounce": 3}}], ups=("alice",))
    wait(game, hours=24)
    rid = rid_of(game, 21)
    propose(game, "bob", [{"op": "renumber", "rule": 21, "to": 30}], ups=("bob",))
    wait(game, hours=24)
    rules = game.state.root["rules"]
    assert "21" not in rules
    assert (rules["30"]["rid"], rules["30"]["class"], rules["30"]["number"]) == (
        rid, TRAMPOLINE, 30)
    assert [(v["version"], v["change"], v["number"]) for v in rules["30"]["history"]] == [
        (1, "enacted", 21), (2, "renumbered", 30)]
    view = game.view()["rules"]
    assert "21" not in view
    assert view["30"]["title"] == "Trampoline"
    assert game.ruleset.by_rid[rid].number == 30
    # Still in force under its new number: Carol's 5 lands on 6 and bounces 3.
    game.force_dice([5])
    game.act("carol", "roll")
    assert game.view()["players"]["carol"]["location"] == 9


def test_interpret_and_uninterpret_by_passed_proposals() -> None:
    game = new_game()
    propose(game, "alice", [
        {"op": "interpret", "rule": 4, "text": "First ruling."},
        {"op": "interpret", "rule": 4, "text": "Second ruling."},
    ], ups=("alice",))
    wait(game, hours=24)
    rulings = game.state.root["rules"]["4"]["interpretations"]
    assert [(r["text"], r["by"], r["time"]) for r in rulings] == [
        ("First ruling.", "proposal", "2020-01-02T12:00:00Z"),
        ("Second ruling.", "proposal", "2020-01-02T12:00:00Z")]
    assert [r["text"] for r in game.view()["rules"]["4"]["interpretations"]] == [
        "First ruling.", "Second ruling."]
    assert game.ruleset.by_rid[rid_of(game, 4)].interpretations == (
        "First ruling.", "Second ruling.")
    propose(game, "bob", [{"op": "uninterpret", "rule": 4, "index": 1}], ups=("bob",))
    wait(game, hours=24)
    assert [r["text"] for r in game.state.root["rules"]["4"]["interpretations"]] == [
        "Second ruling."]
    assert game.ruleset.by_rid[rid_of(game, 4)].interpretations == ("Second ruling.",)
    # Rulings are not versions of the text.
    assert len(game.state.root["rules"]["4"]["history"]) == 1
    with pytest.raises(ActionRefused, match="Rule 4 has no interpretation 2"):
        propose(game, "carol", [{"op": "uninterpret", "rule": 4, "index": 2}])


def test_passed_amendment_that_no_longer_applies_awaits_the_admin() -> None:
    game = new_game()
    propose(game, "alice", [{"op": "enact", "class": TRAMPOLINE, "params": {"space": 6}}],
            ups=("alice",))
    wait(game, minutes=1)
    # Valid when made (Rule 21 is free then); by the time it passes, Alice's took it.
    bob = propose(game, "bob", [
        {"op": "enact", "class": "nomic/wealth-tax", "number": 22},
        {"op": "enact", "class": TRAMPOLINE, "params": {"space": 8}},
    ], ups=("bob", "carol"))
    wait(game, hours=24)  # Alice's passes at 24 h, Bob's at 24 h 1 min
    proposals = game.state.root["proposals"]
    assert proposals["1"]["status"] == "passed"
    record = proposals[str(bob)]
    assert record["status"] == "awaiting-implementation"
    assert "change 2 (enact)" in record["problem"]
    assert "Rule 21 already exists" in record["problem"]
    # Nothing of it half-applied: no Wealth tax, no second Trampoline, no tax timer.
    rules = game.state.root["rules"]
    assert "22" not in rules
    assert rules["21"]["params"]["space"] == 6
    assert game.view()["board"]["spaces"]["8"]["features"] == []
    assert not [k for k in game.state.root["timers"] if k.startswith("every:")]
    assert not [e for e in events(game, "rule.enacted")
                if e["data"]["class_id"] == "nomic/wealth-tax"]
    # It passed all the same: Bob gains 2 up - 0 down (Rule 4).
    assert game.view()["players"]["bob"]["points"] == 2
    assert game.view()["players"]["alice"]["points"] == 1

    with pytest.raises(ActionRefused, match="only the admin"):
        game.act("bob", "implement", proposal=bob)
    game.act("admin", "implement", proposal=bob,
             amendment=[{"op": "enact", "class": "nomic/wealth-tax", "number": 22}])
    record = game.state.root["proposals"][str(bob)]
    assert record["status"] == "passed"
    assert record["implementation"]["by"] == "admin"
    assert record["implementation"]["amendment"] == [
        {"op": "enact", "class": "nomic/wealth-tax", "number": 22, "params": {}}]
    assert game.state.root["rules"]["22"]["class"] == "nomic/wealth-tax"
    [logged] = events(game, "proposal.implemented")
    assert logged["data"]["proposal"] == bob
    assert logged["actor"] == "admin"


def test_a_repealed_rule_is_absent_from_the_view_and_its_schedule_stops() -> None:
    game = new_game()
    propose(game, "alice", [
        {"op": "enact", "class": TRAMPOLINE, "params": {"space": 6}},
        {"op": "enact", "class": "nomic/wealth-tax", "number": 22},
    ], ups=("alice",))
    wait(game, hours=24)
    tax = rid_of(game, 22)
    assert [t["rid"] for t in game.state.root["timers"].values()].count(tax) == 1
    propose(game, "bob", [{"op": "repeal", "rule": 21}, {"op": "repeal", "rule": 22}],
            ups=("bob",))
    wait(game, hours=24)
    view = game.view()
    assert "21" not in view["rules"]
    assert "22" not in view["rules"]
    assert view["board"]["spaces"]["6"]["features"] == []
    assert tax not in [t["rid"] for t in game.state.root["timers"].values()]


def test_rule_0_window_b_is_checked_by_the_voting_method_at_exactly_7_days() -> None:
    game = new_game()
    number = propose(game, "alice", [{"op": "amend", "rule": 0, "params": {"vp_to_win": 50}}],
                     ups=("alice",))
    game.act("bob", "vote", proposal=number, vote="down")
    wait(game, hours=24)
    timer = game.state.root["timers"][f"proposal:{number}"]
    assert timer["rid"] == rid_of(game, 4)
    assert timer["handler"] == "close_voting"
    assert timer["due"] == "2020-01-08T12:00:00Z"


@pytest.mark.parametrize(("path", "absent"), [
    ("infinite-nomic-r7/rule04_amendment_enacts_rule_classes_then_repeals_them.yaml",
     ["21", "22"]),
    ("infinite-nomic-r7/rule04_amendment_that_cannot_apply_is_refused.yaml", ["21"]),
    ("infinite-nomic-r7/rule00_repeal_passes_within_the_window.yaml", ["0"]),
])
def test_scenarios_end_without_the_repealed_or_refused_rules(path: str,
                                                            absent: list[str]) -> None:
    result = scenario.run(SCENARIOS / path)
    assert result.ok, result.failures
    for number in absent:
        assert number not in result.state["rules"]


@pytest.mark.parametrize(("title", "text", "reason"), [
    ("", "a text", "a proposal needs a title"),
    ("   ", "a text", "a proposal needs a title"),
    ("t" * 201, "a text", "title has at most 200 characters, not 201"),
    ("Long", "x" * 100_001, "text has at most 100,000 characters, not 100,001"),
])
def test_a_proposal_without_a_title_or_over_the_limits_is_refused(
        title: str, text: str, reason: str) -> None:
    game = new_game()
    head = game.head
    with pytest.raises(ActionRefused, match=reason):
        game.act("alice", "propose", title=title, text=text)
    assert game.head == head and game.view()["proposals"] == {}
    game.act("alice", "propose", title="t" * 200, text="x" * 100_000)  # at the limits
    assert game.view()["proposals"]["1"]["title"] == "t" * 200
