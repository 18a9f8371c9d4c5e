"""``nomicon new/join/act/state/log/legal/games/packs``: JSON shapes, views and the
exit-status contract (0 done, 1 refused with the reason on standard error, 2 bad
usage)."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

import pytest
from conftest import PACK, START, T1, T2, T3, Cli

from nomicon.kernel import dice
from nomicon.kernel.timefmt import parse


def test_new_prints_the_game_and_its_commitment(cli: Cli) -> None:
    created = cli.json("new", PACK, "--players", "alice,bob", "--seed", "7",
                       "--param", "board_size=30", "--start", START)
    assert created["pack"] == PACK
    assert created["players"] == ["alice", "bob"]
    assert created["commitment"] == dice.commitment(dice.secret_from_seed(7))
    assert created["clock"] == START
    assert created["params"] == {"board_size": 30}
    state = cli.json("state", created["game"])
    assert state["board"]["size"] == 30
    assert state["game"]["seed_commitment"] == created["commitment"]


def test_new_human_summary_names_the_game(cli: Cli) -> None:
    result = cli("new", PACK, "--players", "alice,bob", "--id", "friendly", "--start", START)
    assert result.exit_code == 0
    assert "game friendly created" in result.stdout
    assert "alice, bob" in result.stdout


def test_new_with_an_unknown_pack_or_bad_param_is_bad_usage(cli: Cli) -> None:
    unknown = cli("new", "no-such-pack", "--players", "alice")
    assert unknown.exit_code == 2
    assert "unknown pack 'no-such-pack'" in unknown.stderr
    bad = cli("new", PACK, "--param", "board_size=2")
    assert bad.exit_code == 2
    assert "board_size" in bad.stderr
    malformed = cli("new", PACK, "--param", "board_size")
    assert malformed.exit_code == 2
    assert "key=value" in malformed.stderr
    assert cli.json("games") == []


def test_new_refuses_an_id_that_is_taken(cli: Cli) -> None:
    cli.new("alice", "--id", "g1")
    again = cli("new", PACK, "--players", "bob", "--id", "g1")
    assert again.exit_code == 2
    assert "already exists" in again.stderr


def test_round_trip_join_act_state_log(cli: Cli) -> None:
    game = cli.new("alice")
    joined = cli("join", game, "bob", "--at", T1, "--json")
    assert joined.exit_code == 0
    assert [e["type"] for e in json.loads(joined.stdout)["events"]] == [
        "action", "player.joined"]

    rolled = cli.act(game, "alice", "roll", at=T2)
    assert rolled.exit_code == 0, rolled.stderr
    assert "movement 1d6 for alice" in rolled.stdout

    state = cli.json("state", game)
    assert list(state["players"]) == ["alice", "bob"]
    assert state["turn"]["current"] == "alice"
    assert state["game"]["clock"] == T2
    location = state["players"]["alice"]["location"]

    log = cli.json("log", game)
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    rolls = [e for e in log if e["type"] == "dice.rolled"]
    assert len(rolls) == 1
    assert location == 1 + rolls[0]["data"]["value"]
    assert cli.json("log", game, "--rolls") == rolls
    assert cli.json("log", game, "--last", "2") == log[-2:]

    games = cli.json("games")
    assert [(g["game"], g["players"], g["events"]) for g in games] == [
        (game, ["alice", "bob"], len(log))]


def test_act_exit_statuses(cli: Cli) -> None:
    game = cli.new()
    done = cli.act(game, "alice", "roll")
    assert done.exit_code == 0
    assert done.stderr == ""

    refused = cli.act(game, "bob", "roll")
    assert refused.exit_code == 1
    assert "bob cannot roll: not your turn" in refused.stderr
    assert "Traceback" not in refused.stderr + refused.stdout

    refused_json = cli(*("act", game, "bob", "roll", "--at", T1, "--json"))
    assert refused_json.exit_code == 1
    body = json.loads(refused_json.stdout)
    assert body["ok"] is False and body["reason"] == "not your turn"
    assert body["rule"].startswith("Rule 2")

    unknown_game = cli.act("nope", "alice", "roll")
    assert unknown_game.exit_code == 2
    assert "no game 'nope' in sqlite:///" in unknown_game.stderr

    malformed = cli.act(game, "alice", "offer", "to")
    assert malformed.exit_code == 2
    assert "malformed argument 'to'" in malformed.stderr

    missing = cli("act", game, "alice")
    assert missing.exit_code == 2

    bad_time = cli("act", game, "alice", "end-turn", "--at", "yesterday")
    assert bad_time.exit_code == 2
    assert "--at" in bad_time.stderr

    # Nothing that failed changed the game: one roll, by alice.
    rolls = cli.json("log", game, "--rolls")
    assert [r["actor"] for r in rolls] == ["alice"]


def test_act_reads_values_as_yaml(cli: Cli) -> None:
    game = cli.new()
    assert cli.act(game, "admin", "set", "path=players.alice.points", "value=10").exit_code == 0
    offered = cli.act(game, "alice", "offer", "to=bob", "give={points: 3}", "get={}")
    assert offered.exit_code == 0, offered.stderr
    trades = cli.json("state", game)["trades"]
    (offer,) = trades.values()
    assert offer["give"] == {"points": 3}

    wrong_type = cli.act(game, "bob", "accept", "offer=first")
    assert wrong_type.exit_code == 1
    assert "offer" in wrong_type.stderr


def test_text_arguments_keep_the_words_yaml_would_read_otherwise(cli: Cli) -> None:
    # ``yes`` is a YAML boolean, but the offer's ``to`` is a player's name.
    game = cli.new("alice,yes")
    assert cli.act(game, "admin", "set", "path=players.alice.points", "value=10").exit_code == 0
    offered = cli.act(game, "alice", "offer", "to=yes", "give={points: 1}")
    assert offered.exit_code == 0, offered.stderr
    (offer,) = cli.json("state", game)["trades"].values()
    assert offer["to"] == "yes"


def test_views_and_logs_as_a_player(cli: Cli) -> None:
    game = cli.new()
    cli.act(game, "alice", "roll")
    admin_log = cli.json("log", game)
    bob_log = cli.json("log", game, "--as", "bob")
    assert all("ops" in e for e in admin_log)
    assert not any("ops" in e for e in bob_log)
    assert [e["seq"] for e in bob_log] == [e["seq"] for e in admin_log]

    admin = cli.json("state", game)
    bob = cli.json("state", game, "--as", "bob")
    assert "timers" in admin and "timers" not in bob
    assert bob["players"]["alice"]["location"] == admin["players"]["alice"]["location"]

    shown = cli("state", game, "--as", "bob")
    assert shown.exit_code == 0
    assert "as seen by bob" in shown.stdout


def test_state_renders_players_board_and_prompts(cli: Cli) -> None:
    game = cli.new()
    cli.act(game, "alice", "roll")
    view = cli.json("state", game)
    shown = cli("state", game)
    assert shown.exit_code == 0
    out = shown.stdout
    assert "Infinite Nomic, Round 7" in out
    assert view["game"]["seed_commitment"] in out
    assert "Players" in out and "Board" in out
    assert "alice's turn" in out
    # The Cop Car's space is listed with its feature.
    cop = view["board"]["cop_car"]["space"]
    assert any(line.split()[:3] == [str(cop), "Cop", "Car"] for line in out.splitlines())
    if view["prompts"]:
        assert "Pending decisions" in out
        assert view["prompts"][0]["message"][:20] in out


def test_legal_lists_the_actors_actions(cli: Cli) -> None:
    game = cli.new()
    alice = {entry["name"]: entry for entry in cli.json("legal", game, "alice")}
    assert "roll" in alice and "end-turn" in alice
    assert alice["offer"]["args"]["to"]["choices"] == ["bob"]
    bob = {entry["name"] for entry in cli.json("legal", game, "bob")}
    assert "roll" not in bob
    admin = {entry["name"] for entry in cli.json("legal", game, "admin")}
    assert {"end-game", "rotate-seed", "set"} <= admin
    shown = cli("legal", game, "alice")
    assert shown.exit_code == 0 and "roll" in shown.stdout


def test_packs_lists_installed_packs_with_their_parameters(cli: Cli) -> None:
    for _ in range(2):  # twice in one process: the pack registry stays usable
        entries = {entry["id"]: entry for entry in cli.json("packs")}
        assert PACK in entries
        schema = entries[PACK]["params"]
        assert schema["properties"]["board_size"]["default"] == 20
    shown = cli("packs")
    assert shown.exit_code == 0 and PACK in shown.stdout


def test_the_admin_sets_values_and_ends_the_game(cli: Cli) -> None:
    game = cli.new()
    set_points = cli.act(game, "admin", "set", "path=players.bob.points", "value=30")
    assert set_points.exit_code == 0, set_points.stderr
    assert cli.json("state", game)["players"]["bob"]["points"] == 30
    ended = cli.act(game, "admin", "end-game", "winners=[bob]", at=T3)
    assert ended.exit_code == 0, ended.stderr
    state = cli.json("state", game)
    assert state["game"]["status"] == "ended"
    assert state["winners"] == ["bob"]
    secret = state["dice"]["epochs"][-1]["secret"]
    assert hashlib.sha256(bytes.fromhex(secret)).hexdigest() == state["game"]["seed_commitment"]
    assert cli.act(game, "alice", "roll", at=T3).exit_code == 1
    assert cli.json("games")[0]["status"] == "ended"


def test_an_idempotency_key_makes_a_resent_action_act_once(cli: Cli) -> None:
    game = cli.new("alice,bob")
    first = cli("act", game, "alice", "roll", "--key", "k-1", "--at", T1, "--json")
    again = cli("act", game, "alice", "roll", "--key", "k-1", "--at", T1, "--json")
    assert first.exit_code == 0 and again.exit_code == 0, again.stderr
    assert json.loads(first.stdout)["events"] == json.loads(again.stdout)["events"]
    rolls = [e for e in cli.json("log", game) if e["type"] == "dice.rolled"]
    assert len(rolls) == 1  # Rule 7: one roll a turn; the resend did not roll again


@pytest.mark.parametrize("game_id", ["../../etc", "a/b", "two words", "say\"what"])
def test_new_refuses_an_unsafe_id_and_stores_nothing(cli: Cli, game_id: str) -> None:
    result = cli("new", PACK, "--players", "alice,bob", "--id", game_id)
    assert result.exit_code == 2
    assert "is not a valid game id" in result.stderr
    assert cli.json("games") == []


def test_new_without_a_start_starts_the_game_now(cli: Cli) -> None:
    # A game's clock starts when it is created unless the admin gives a start, so a
    # new game has no idle time to catch up on.
    before = datetime.now(UTC).replace(microsecond=0)
    created = cli.json("new", PACK, "--players", "alice,bob", "--seed", "7")
    after = datetime.now(UTC)
    assert before <= parse(created["clock"]) <= after
    acted = cli.json("act", created["game"], "alice", "roll")
    assert acted["events"][0]["type"] == "action"  # no timer was due first
