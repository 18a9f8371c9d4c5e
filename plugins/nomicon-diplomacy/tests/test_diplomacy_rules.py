"""Ackanomic rule 1250.14, Diplomacy, clause by clause: the start procedure (III A-F),
orders as a sealed step per phase (IV), deadlines and civil disorder (III B4, B6),
winning and co-winning with the 8-point split, the Golden Knife and A$10 (IV), and the
errata: replacements, resigning and the pause that stops the clock (V)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

import nomicon
from dipgames import PACK, PLAYERS, REFEREE, START, countries, of_type, player_of, table
from nomicon.exchange import export_document
from nomicon.kernel.errors import ActionRefused
from nomicon.store import GameRecord
from nomicon_diplomacy import adjudication
from nomicon_diplomacy.play import split_points

ORDER = "A PAR - BUR"


def _refused(game: Any, actor: str, name: str, **args: Any) -> str:
    before = (len(game.log), json.dumps(game.state.root, sort_keys=True, default=str))
    with pytest.raises(ActionRefused) as refused:
        game.act(actor, name, **args)
    assert (len(game.log), json.dumps(game.state.root, sort_keys=True, default=str)) == before
    return str(refused.value)


# -- III: starting an instance ------------------------------------------------------------
def test_steps_a_to_f_start_the_game_with_countries_by_the_dice() -> None:
    game = table()
    assigned = countries(game)
    assert sorted(assigned) == sorted(PLAYERS)
    assert sorted(assigned.values()) == sorted(adjudication.POWERS)
    assert REFEREE not in assigned
    assert game.state.root["roles"]["referee"] == [REFEREE]
    # F: the countries come from Nomicon's dice, one roll per power drawn.
    rolls = [e for e in game.log if e["type"] == "dice.rolled"
             and "countries" in e["data"].get("purpose", "")]
    assert len(rolls) == len(adjudication.POWERS) - 1
    started = of_type(game, "diplomacy.started")
    assert started[0]["data"] == {"countries": assigned, "referee": REFEREE}
    # Another seed deals the countries otherwise: they are not the library's.
    assert any(countries(table(seed=seed)) != assigned for seed in (2, 3, 4))


def test_the_referee_does_not_enrol_and_only_the_referee_announces() -> None:
    game = nomicon.new_game(PACK, (REFEREE, "ann", "ben"), seed=1, start=START)
    game.act(REFEREE, "volunteer-referee")
    assert "only the Referee announces" in _refused(game, "ann", "announce-details")
    why = _refused(game, "ann", "enroll")
    assert "Rule 3" in why and "enrolment is not open" in why
    # II: at most the Ackanomic players less 1 (here 3 members: 2 players).
    assert "between 2 and 2 players" in _refused(game, REFEREE, "announce-details",
                                                  min_players=2, max_players=3)
    game.act(REFEREE, "announce-details", min_players=2, max_players=2)
    assert "the Referee does not play" in _refused(game, REFEREE, "enroll")
    game.act("ann", "enroll")
    assert "you are enrolled already" in _refused(game, "ann", "enroll")
    game.act("ben", "enroll")  # the maximum has signed up: the game starts (D, F)
    assert sorted(countries(game)) == ["ann", "ben"]


def test_too_few_enrolled_at_the_deadline_aborts_the_procedure() -> None:
    game = nomicon.new_game(PACK, (REFEREE, "ann", "ben", "cat"), seed=1, start=START)
    game.act(REFEREE, "volunteer-referee")
    game.act(REFEREE, "announce-details", min_players=3, max_players=3, enrolment_hours=24)
    game.act("ann", "enroll")
    game.act("ben", "enroll")
    game.advance(START + timedelta(hours=25))
    assert game.state.root["diplomacy"]["stage"] == "aborted"
    assert game.state.root["diplomacy"]["countries"] == {}
    assert "enrolment is not open" in _refused(game, "cat", "enroll")


def test_enough_at_the_deadline_start_and_the_referee_may_abort_before() -> None:
    game = nomicon.new_game(PACK, (REFEREE, "ann", "ben", "cat"), seed=1, start=START)
    game.act(REFEREE, "volunteer-referee")
    game.act(REFEREE, "announce-details", min_players=2, max_players=3, enrolment_hours=24)
    game.act("ann", "enroll")
    assert "only the Referee may abort" in _refused(game, "ann", "abort-procedure")
    game.act("ben", "enroll")
    game.advance(START + timedelta(hours=25))
    assert game.state.root["diplomacy"]["stage"] == "playing"
    assert sorted(countries(game)) == ["ann", "ben"]
    other = nomicon.new_game(PACK, (REFEREE, "ann", "ben"), seed=1, start=START)
    other.act(REFEREE, "volunteer-referee")
    other.act(REFEREE, "abort-procedure")
    assert other.state.root["diplomacy"]["stage"] == "aborted"
    assert not of_type(other, "diplomacy.started")


# -- IV: orders, sealed per phase ------------------------------------------------------
def _leaks(game: Any, viewer: str, token: str) -> list[str]:
    where = []
    if token in json.dumps(game.view(viewer), default=str):
        where.append("view")
    if token in json.dumps(game.log_for(viewer), default=str):
        where.append("log")
    record = GameRecord(id=game.id, pack=PACK, created=START, meta={},
                        secret=game.secret.hex(), head=game.head)
    if token in json.dumps(export_document(record, game.log, viewer=viewer), default=str):
        where.append("export")
    return where


def test_orders_are_seen_by_their_author_and_the_referee_until_the_phase_resolves() -> None:
    game = table()
    france = player_of(game, "FRANCE")
    game.act(france, "orders", orders=[ORDER, "F BRE - MAO"])
    others = [p for p in PLAYERS if p != france]
    for viewer in [*others, "observer"]:
        assert _leaks(game, viewer, "PAR - BUR") == [], viewer
    assert "view" in _leaks(game, france, "PAR - BUR")
    assert "view" in _leaks(game, REFEREE, "PAR - BUR")
    # Orders may be changed until the phase resolves.
    game.act(france, "orders", orders=["A PAR - PIC"])
    for player in others:
        game.act(player, "orders", orders=[])
    resolved = of_type(game, "diplomacy.phase-resolved")[0]["data"]
    assert resolved["orders"] == {"FRANCE": ["A PAR - PIC"]}
    assert "A PIC" in game.state.root["diplomacy"]["position"]["units"]["FRANCE"]
    assert "PAR - PIC" in json.dumps(game.view("observer"))


def test_an_order_for_another_powers_unit_is_refused_by_rule_4() -> None:
    game = table()
    england = player_of(game, "ENGLAND")
    why = _refused(game, england, "orders", orders=["F LON - NTH", ORDER])
    assert "Rule 4" in why and "England has nothing to order in PAR" in why
    assert "Rule 4" in _refused(game, REFEREE, "orders", orders=[])


def test_missing_orders_at_the_deadline_are_holds() -> None:
    game = table()
    france = player_of(game, "FRANCE")
    game.act(france, "orders", orders=[ORDER])
    game.advance(START + timedelta(hours=71))
    assert not game.state.root["diplomacy"]["phases"]
    game.advance(START + timedelta(hours=72, minutes=1))
    phases = game.state.root["diplomacy"]["phases"]
    assert [p["phase"] for p in phases] == ["S1901M"]
    assert phases[0]["orders"] == {"FRANCE": [ORDER]}
    units = game.state.root["diplomacy"]["position"]["units"]
    assert units["GERMANY"] == ["F KIE", "A BER", "A MUN"]  # held where they stood
    assert game.state.root["diplomacy"]["position"]["name"] == "F1901M"


# -- IV: winning ----------------------------------------------------------------------------
def test_the_eight_points_split() -> None:
    assert [split_points(n) for n in range(0, 10)] == [0, 8, 4, 2, 2, 1, 1, 1, 1, 0]


SEVENTEEN = ["BUD", "TRI", "VIE", "SER", "RUM", "BUL", "GRE", "CON", "ANK", "SMY", "SEV",
             "WAR", "MOS", "VEN", "ROM", "NAP", "MUN"]


def test_a_single_player_with_18_centres_wins_8_points_the_knife_and_the_referee_10() -> None:
    game = table({"units": {"AUSTRIA": ["A SIL"], "ENGLAND": ["F LON"]},
                  "centers": {"AUSTRIA": SEVENTEEN}, "phase": "F1901M"})
    austria, england = player_of(game, "AUSTRIA"), player_of(game, "ENGLAND")
    game.act(england, "orders", orders=["F LON H"])
    game.act(austria, "orders", orders=["A SIL - BER"])
    ended = of_type(game, "diplomacy.ended")[0]["data"]
    assert ended["winners"] == [austria] and ended["points"] == {austria: 8}
    accounts = game.state.root["accounts"]
    assert accounts[austria]["points"] == 8
    assert game.state.root["players"][austria]["golden_knives"] == 1
    assert accounts[REFEREE]["A$"] == 10
    assert game.state.root["game"]["status"] == "ended"


def test_co_winners_acknowledge_their_claim_and_split_the_points() -> None:
    centres = {"AUSTRIA": ["BUD", "TRI", "VIE", "SER", "RUM", "BUL", "CON", "ANK", "SMY"],
               "TURKEY": ["SEV", "WAR", "MOS", "VEN", "ROM", "NAP", "MUN", "BER"],
               "ENGLAND": ["LON"]}
    game = table({"units": {"AUSTRIA": ["A SER"], "TURKEY": ["A SEV"], "ENGLAND": ["F LON"]},
                  "centers": centres, "phase": "F1901M"})
    austria, turkey = player_of(game, "AUSTRIA"), player_of(game, "TURKEY")
    england = player_of(game, "ENGLAND")
    assert "17 supply centres" in _refused(game, austria, "claim-co-win",
                                           players=[austria, turkey])
    game.act(england, "orders", orders=["F LON - NTH"])
    game.act(turkey, "orders", orders=["A SEV H"])
    game.act(austria, "orders", orders=["A SER - GRE"])
    # Austria 9 + Turkey 8: the autumn's capture of Greece makes them 18.
    held = adjudication.centres(game.state.root["diplomacy"]["position"])
    assert held["AUSTRIA"] + held["TURKEY"] >= 18, held
    game.act(austria, "claim-co-win", players=[austria, turkey])
    assert "the claim is not yours" in _refused(game, england, "acknowledge-co-win")
    assert game.state.root["diplomacy"]["stage"] == "playing"
    game.act(turkey, "acknowledge-co-win")
    ended = of_type(game, "diplomacy.ended")[0]["data"]
    assert sorted(ended["winners"]) == sorted([austria, turkey])
    assert ended["points"] == {austria: 4, turkey: 4}
    accounts = game.state.root["accounts"]
    assert accounts[austria]["points"] == accounts[turkey]["points"] == 4
    assert accounts[england]["points"] == 0
    knives = {p: game.state.root["players"][p]["golden_knives"] for p in PLAYERS}
    assert knives == {p: int(p in (austria, turkey)) for p in PLAYERS}
    assert accounts[REFEREE]["A$"] == 10


def test_a_game_terminated_without_winner_pays_no_points_but_the_referee() -> None:
    game = table({"units": {"FRANCE": ["A PAR"]}, "phase": "F1901M"})
    game.state.root["diplomacy"]["details"]["last_year"] = 1901
    france = player_of(game, "FRANCE")
    game.act(france, "orders", orders=["A PAR H"])
    assert game.state.root["diplomacy"]["stage"] == "playing"  # the winter of 1901
    for player in PLAYERS:  # the winter's builds: none
        game.act(player, "orders", orders=["WAIVE"] if player == france else [])
    ended = of_type(game, "diplomacy.ended")[0]["data"]
    assert ended["winners"] == [] and ended["points"] == {}
    assert all(game.state.root["accounts"][p]["points"] == 0 for p in PLAYERS)
    assert game.state.root["accounts"][REFEREE]["A$"] == 10


# -- V: errata ------------------------------------------------------------------------------
def test_a_player_no_longer_active_pauses_the_game_and_stops_the_clock() -> None:
    game = table()
    gone = player_of(game, "FRANCE")
    game.advance(START + timedelta(hours=10))
    game.act("admin", "remove-player", player=gone, cause="no longer active in Ackanomic")
    assert game.state.root["game"]["paused"] is not None
    germany = player_of(game, "GERMANY")
    assert "Rule 52" in _refused(game, germany, "orders", orders=["A BER - KIE"])
    # 40 hours of pause do not count: the 72 hours end 40 hours later.
    game.advance(START + timedelta(hours=50))
    assert "Rule 5" in _refused(game, REFEREE, "acknowledge-replacement", player=germany,
                                by="zoe")
    game.act(REFEREE, "acknowledge-replacement", player=gone, by="zoe")
    assert "paused" not in game.state.root["game"]
    # The step shows the deadline moved on by the 40 hours paused.
    assert game.view("zoe")["steps"]["diplomacy-orders"]["deadline"] == "2024-06-08T04:00:00Z"
    assert game.state.root["seats"][gone]["played_by"] == "zoe"
    game.advance(START + timedelta(hours=72 + 39))
    assert not game.state.root["diplomacy"]["phases"]
    game.advance(START + timedelta(hours=72 + 41))
    assert [p["phase"] for p in game.state.root["diplomacy"]["phases"]] == ["S1901M"]


def test_the_pause_ends_after_three_days_and_a_resigned_seat_holds() -> None:
    game = table()
    quitter = player_of(game, "ITALY")
    game.act(quitter, "leave-game")  # resigning
    assert game.state.root["diplomacy"]["resigned"] == [quitter]
    assert game.state.root["game"]["paused"]["until"] == "2024-06-06T12:00:00Z"
    game.advance(START + timedelta(days=3, minutes=1))
    assert "paused" not in game.state.root["game"]
    for player in PLAYERS:
        if player != quitter:
            game.act(player, "orders", orders=[])
    # Nobody plays Italy's seat: its units hold when the others have ordered.
    phases = game.state.root["diplomacy"]["phases"]
    assert [p["phase"] for p in phases] == ["S1901M"]
    assert game.state.root["diplomacy"]["position"]["units"]["ITALY"] == [
        "F NAP", "A ROM", "A VEN"]


# -- the map (the library's SVG) --------------------------------------------------------------
def test_the_map_shows_the_last_phases_orders_and_none_before_they_are_revealed() -> None:
    from nomicon_diplomacy.play import map_svg

    game = table()
    france = player_of(game, "FRANCE")
    bare = map_svg(game.view("observer"))
    assert bare.lstrip().startswith("<") and "<svg" in bare
    game.act(france, "orders", orders=[ORDER])
    # Sealed: the observer's map is still the bare board, France's too.
    assert map_svg(game.view("observer")) == bare
    for player in PLAYERS:
        if player != france:
            game.act(player, "hold")
    drawn = map_svg(game.view("observer"))
    assert drawn != bare and 'marker-end="url(#arrow)"' in drawn
    assert 'marker-end="url(#arrow)"' not in bare


def test_the_speaker_acknowledges_a_new_referee_who_then_reads_the_orders() -> None:
    game = nomicon.new_game(PACK, (REFEREE, "quinn", *PLAYERS), seed=1, start=START)
    game.act(REFEREE, "volunteer-referee")
    game.act(REFEREE, "announce-details", min_players=7, max_players=7)
    for player in PLAYERS:
        game.act(player, "enroll")
    france = player_of(game, "FRANCE")
    game.act(france, "orders", orders=[ORDER])
    game.act("admin", "remove-player", player=REFEREE, cause="no longer active in Ackanomic")
    assert game.state.root["game"]["paused"] is not None
    assert "view" not in _leaks(game, "quinn", "PAR - BUR")
    why = _refused(game, "admin", "speaker-acknowledges-replacement", player=REFEREE,
                   by=france)
    assert "Rule 5" in why and "plays in this game already" in why
    game.act("admin", "speaker-acknowledges-replacement", player=REFEREE, by="quinn")
    assert game.state.root["diplomacy"]["referee"] == "quinn"
    assert game.state.root["roles"]["referee"] == ["quinn"]
    assert "paused" not in game.state.root["game"]
    assert "view" in _leaks(game, "quinn", "PAR - BUR")
