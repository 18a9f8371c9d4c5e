"""Nomopoly IV's history: the records, the history parameter, and a replay that passes
every built proposal in order through governance, checking the pack's invariants and
that the folded log equals the live state after each."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

import nomicon
from nomicon.kernel.engine import Game
from nomicon.kernel.errors import ActionRefused, GameError
from nomicon.kernel.state import fold
from nomicon.packs.nomopoly4 import NomopolyIV, history

START = datetime(2005, 1, 3, 12, 0, tzinfo=UTC)  # a Monday
PLAYERS = ["alice", "bob", "carol"]


def new_game(**params: Any) -> Game:
    return nomicon.new_game("nomopoly-iv", players=PLAYERS, seed=4, start=START, params=params,
                            allow_forced=True)


def pass_record(game: Game, record: history.Record) -> int:
    """Pass one record as players would: a player proposes it, and the players vote
    for it until it passes. The players take turns proposing and voting first, so that
    no one proposes or votes more than 30 times in a day (Rule 1502, until P25 repeals
    it) while the whole history passes on one day."""
    turn = record.index % len(PLAYERS)
    order = PLAYERS[turn:] + PLAYERS[:turn]
    game.act(order[0], "propose", title=f"{record.id}: {record.title}", text=record.text,
             amendment=record.amendment_list())
    number = max(int(k) for k in game.state.root["proposals"])
    for player in order:
        if game.state.root["proposals"][str(number)]["status"] == "open":
            game.act(player, "vote", proposal=number, vote="for")
    return number


def test_records_are_in_enactment_order_and_quote_the_seed() -> None:
    indexes = [r.index for r in history.RECORDS]
    assert indexes == sorted(indexes)
    # The seed is newest first, so a later proposal sits on earlier lines; the one
    # exception is ruled: Resources (P06, L359) is enacted before Mine (P07, L360-371),
    # which takes from them.
    starts = [r.lines[0] for r in history.RECORDS if r.id != "P06"]
    assert starts == sorted(starts, reverse=True)
    assert history.BY_ID["P06"].lines == (359, 359)
    p02 = history.BY_ID["P02"]
    assert p02.text.splitlines()[0] == ("All players will get three additional properties: "
                                        "Experience, Level and State of Being.")
    assert p02.text.splitlines()[-1] == ("If a player is dead, he may not make any proposals "
                                         "or retract proposals made by him.")
    assert history.BY_ID["P09"].text.startswith("Define the term adjacent.")


def test_history_is_the_unbroken_run_from_p01() -> None:
    # The records built so far: P01..Pk all present, P(k+1) missing (while the seed's
    # 51 are not all built).
    k = history.built_prefix()
    assert k >= 23  # P01..P23 are built
    assert all(f"P{n:02d}" in history.BY_ID for n in range(1, k + 1))
    if k < history.TOTAL:
        missing = f"P{k + 1:02d}"
        assert missing not in history.BY_ID
        with pytest.raises(ValueError, match=f"{missing} is not built yet"):
            history.first(k + 1)
        with pytest.raises(GameError, match=f"{missing} is not built yet"):
            new_game(history=k + 1)
        assert "not built yet" in NomopolyIV.description
    game = new_game(history=0)
    assert game.state.root["proposals"] == {}
    assert game.state.root["game"]["params"]["history"] == 0


def test_history_replays_records_through_the_admins_implement() -> None:
    # history=2 passes P01 and P02 at setup as the admin implements a passed proposal.
    game = new_game(history=2)
    proposal = game.state.root["proposals"]["1"]
    assert proposal["status"] == "passed"
    assert proposal["implementation"]["by"] == "admin"
    assert proposal["history"] == "P01"
    assert proposal["text"] == history.BY_ID["P01"].text
    assert proposal["text"].splitlines()[0].startswith("Define three frameworks")
    assert {"1201", "1206", "1210", "1214", "1301", "1302", "1303"} <= set(
        game.state.root["rules"])
    assert "1215" not in game.state.root["rules"]
    assert game.state.root["players"]["alice"]["level"] == 1


def test_replay_passes_every_built_record_in_order() -> None:
    game = new_game(history=0)
    pack = game.pack
    for record in history.RECORDS:
        number = pass_record(game, record)
        assert game.state.root["proposals"][str(number)]["status"] == "passed", record.id
        assert pack.invariants(game.state.root) == [], record.id
        folded = fold(op for event in game.log for op in event.get("ops", ()))
        assert folded == game.state.root, record.id
    rules = game.state.root["rules"]
    assert {"710", "711", "1201", "1206", "1241", "1301", "1401", "1402", "1403", "1501",
            "1503", "1601"} <= set(rules)
    # P25 removed XV.2 (Rule 1502, the limit of 30 a day).
    assert ("1502" in rules) == ("P25" not in history.BY_ID)
    if "P32" in history.BY_ID:
        # P32 replaced "initial hit points" by "Max HP" in every rule that said it
        # (the seed's words a reconstructed rule quotes as evidence stay).
        assert rules["1210"]["text"].startswith("Building: Fort Max HP: 1500")
        assert "Increase the initial HP of Monks from 25 to 40" in rules["1219"]["text"]
        unquoted = {n: "".join(rules[n]["text"].split('"')[::2]) for n in rules}
        assert not [n for n, text in unquoted.items() if n.startswith("12") and n != "1248"
                    and re.search(r"in(i)?tial (hit points|HP)", text, re.IGNORECASE)]
    # P19 repealed the turns (Rules 801 and 802) for Jumps.
    assert not {"801", "802"} & set(rules)
    # P14 and P22 raised the Monk's and the SCV's maxima; P16 reworded Rule XII.3.
    assert rules["1219"]["params"]["max_hp"] == 40
    assert rules["1215"]["params"]["max_hp"] == 40
    assert "If a unit/player is under the effects of an enchantment" in rules["1203"]["text"]
    # P11 tripled the board to 60 squares, and P18 extended it to 90.
    assert game.state.root["board"]["size"] == 90
    assert rules["1402"]["params"]["schedule"] == (
        "every Monday, Wednesday and Saturday at 00:00 GMT")
    # P03 put the Ducky on Square 1, where every player stood: each was hit by a pie
    # (a tenth of $2000 to the Bank Account of Terror) and pushed to Square 2. P11 then
    # moved Square 1 to 2 and Square 2 to 5.
    assert game.state.root["entities"]["rber-ducky"]["location"] == 2
    assert all(p["location"] == 5 for p in game.state.root["players"].values())
    assert game.state.root["accounts"]["bank-account-of-terror"]["dollars"] == 3 + 3 * 200
    assert all(game.state.root["accounts"][p]["dollars"] == 1800 for p in PLAYERS)


def test_the_land_rush_is_over_in_a_history_that_goes_past_it() -> None:
    # P18's land rush lasts "a period of 1 week starting from when this proposal is
    # implemented"; the seed's history went on past it, so a game started after P19 has
    # no land rush, while one started right after P18 has its whole week.
    just_after = new_game(history=18)
    assert 1235 in [rule.number for rule in just_after.ruleset.rules]
    assert "fort-land-rush" in just_after.state.root["timers"]
    later = new_game(history=19)
    assert 1235 not in [rule.number for rule in later.ruleset.rules]
    assert "fort-land-rush" not in later.state.root.get("timers", {})
    assert "land-rush" not in {entry["name"] for entry in later.legal_actions("alice")}


def test_paying_in_dollars_after_the_money_rule_is_repealed_is_refused_not_an_error() -> None:
    game = new_game(history=0)
    game.act("alice", "propose", title="No money", text="Repeal Rule 401.",
             amendment=[{"op": "repeal", "rule": 401}])
    number = max(int(k) for k in game.state.root["proposals"])
    for player in PLAYERS:
        if game.state.root["proposals"][str(number)]["status"] == "open":
            game.act(player, "vote", proposal=number, vote="for")
    assert "401" not in game.state.root["rules"]
    before, length = game.view(), len(game.log)
    # Rule 601 (Trade) is still in force, but no rule declares the dollars it gives.
    with pytest.raises(ActionRefused, match=r"no rule in force declares the currency "
                                            r"'dollars' \(Rule 601, Trade\)"):
        game.act("alice", "give", to="bob", amount=5)
    assert game.view() == before and len(game.log) == length
