"""``nomicon verify`` and :func:`nomicon.verify.verify`: the hash chain, the replay,
and every roll against its revealed seed; tampering is caught and named by seq."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from conftest import Cli

import nomicon
from nomicon.kernel import dice
from nomicon.kernel.engine import event_hash
from nomicon.verify import verify

START = datetime(2020, 1, 1, 12, 0, tzinfo=UTC)
MOVES = [("alice", "roll"), ("alice", "end-turn"), ("bob", "roll"), ("bob", "end-turn"),
         ("alice", "roll"), ("alice", "end-turn")]


def play(cli: Cli, *, end: bool = True) -> str:
    """A game with three movement rolls, ended by the admin (which reveals the seed)."""
    game = cli.new()
    for minute, (actor, action) in enumerate(MOVES, start=1):
        result = cli.act(game, actor, action, at=f"2020-01-01T12:{minute:02d}:00Z")
        assert result.exit_code == 0, result.stderr
    if end:
        assert cli.act(game, "admin", "end-game", at="2020-01-01T12:30:00Z").exit_code == 0
    return game


def stored_events(db_path: Path, game: str) -> list[dict[str, Any]]:
    with closing(sqlite3.connect(db_path)) as conn:
        rows = conn.execute("SELECT body FROM events WHERE game_id = ? ORDER BY seq", (game,))
        return [json.loads(body) for (body,) in rows]


def rewrite_event(db_path: Path, game: str, event: dict[str, Any]) -> None:
    """Overwrite one stored event's JSON body, as someone editing the database would."""
    with closing(sqlite3.connect(db_path)) as conn, conn:
        conn.execute("UPDATE events SET body = ? WHERE game_id = ? AND seq = ?",
                     (json.dumps(event), game, event["seq"]))


def test_an_ended_game_verifies_every_roll(cli: Cli) -> None:
    game = play(cli)
    report = cli.json("verify", game)
    assert report["ok"] is True and report["problems"] == []
    assert report["rolls"] == 3
    assert report["verified"] == 3
    assert report["pending"] == 0 and report["forced"] == 0
    shown = cli("verify", game)
    assert shown.exit_code == 0 and "intact" in shown.stdout


def test_an_unfinished_game_has_pending_rolls_until_the_admin_gives_the_secret(
        cli: Cli) -> None:
    game = play(cli, end=False)
    public = cli.json("verify", game)
    assert public["ok"] is True
    assert (public["verified"], public["pending"]) == (0, 3)
    admin = cli.json("verify", game, "--with-secret")
    assert (admin["verified"], admin["pending"]) == (3, 0)


def test_rotating_the_seed_reveals_the_old_one_and_the_store_keeps_the_new(cli: Cli) -> None:
    game = play(cli, end=False)
    before = cli.json("state", game)["game"]["seed_commitment"]
    rotated = cli.act(game, "admin", "rotate-seed", at="2020-01-01T12:20:00Z")
    assert rotated.exit_code == 0, rotated.stderr
    assert cli.act(game, "bob", "roll", at="2020-01-01T12:21:00Z").exit_code == 0
    state = cli.json("state", game)
    assert state["game"]["seed_commitment"] != before
    assert [e["secret"] is not None for e in state["dice"]["epochs"]] == [True, False]
    public = cli.json("verify", game)
    assert (public["verified"], public["pending"]) == (3, 1)
    admin = cli.json("verify", game, "--with-secret")
    assert (admin["ok"], admin["verified"], admin["pending"]) == (True, 4, 0)
    assert cli.json("games")[0]["commitment"] == state["game"]["seed_commitment"]


def test_a_changed_roll_is_caught_and_named(cli: Cli, db_path: Path) -> None:
    game = play(cli)
    events = stored_events(db_path, game)
    roll = next(e for e in events if e["type"] == "dice.rolled")
    roll["data"]["value"] = roll["data"]["value"] % 6 + 1
    rewrite_event(db_path, game, roll)

    result = cli("verify", game, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    named = [p for p in report["problems"] if p.startswith(f"seq {roll['seq']}:")]
    assert any("hash chain" in p for p in named)
    assert any("the secret gives" in p for p in named)
    assert report["verified"] == 2
    shown = cli("verify", game)
    assert shown.exit_code == 1 and f"seq {roll['seq']}" in shown.stdout


def test_a_changed_message_breaks_the_hash_chain(cli: Cli, db_path: Path) -> None:
    game = play(cli)
    moved = next(e for e in stored_events(db_path, game) if e["type"] == "moved")
    moved["message"] = "alice moves wherever she likes"
    rewrite_event(db_path, game, moved)
    result = cli("verify", game, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["problems"] == [f"seq {moved['seq']}: the hash chain is broken (the event "
                                  "does not match its hash, or its hash does not follow the "
                                  "previous event's)"]
    assert report["verified"] == 3


def test_verify_an_unknown_game_is_bad_usage(cli: Cli) -> None:
    result = cli("verify", "nope")
    assert result.exit_code == 2 and "no game 'nope'" in result.stderr


# -- the function, on in-memory logs -----------------------------------------------
def _game_log(*, end: bool = True) -> tuple[list[dict[str, Any]], bytes]:
    game = nomicon.new_game("infinite-nomic-r7", ["alice", "bob"], seed=3, start=START)
    game.act("alice", "roll")
    game.act("alice", "end-turn")
    game.act("bob", "roll")
    if end:
        game.act("admin", "end-game")
    return game.log, game.secret


def test_a_missing_event_is_a_gap() -> None:
    log, _ = _game_log()
    del log[5]
    report = verify(log)
    assert not report.ok
    assert "event #6 has seq 7, expected 6" in report.problems
    assert "seq 7: the hash chain is broken" in " ".join(report.problems)


def test_ops_that_do_not_replay_are_reported() -> None:
    log, _ = _game_log()
    log[3]["ops"] = [["del", ["nowhere", "at", "all"]]]
    report = verify(log)
    assert any(p.startswith("seq 4: the log does not replay") for p in report.problems)


def test_a_wrong_secret_for_the_current_epoch_is_a_problem() -> None:
    log, secret = _game_log(end=False)
    assert verify(log, secret=secret).verified == 2
    report = verify(log, secret=dice.secret_from_seed("someone else's"))
    assert not report.ok
    assert report.pending == 2
    assert "does not match the commitment" in report.problems[0]


def test_a_revealed_secret_that_does_not_match_its_commitment() -> None:
    log, _ = _game_log()
    reveal = next(e for e in log if e["type"] == "seed.revealed")
    reveal["data"]["secret"] = dice.secret_from_seed("forged").hex()
    report = verify(log)
    assert any(p.startswith(f"seq {reveal['seq']}: the revealed secret does not match")
               for p in report.problems)
    assert report.pending == 2  # nothing to check them against


def test_forced_rolls_are_counted_not_checked() -> None:
    game = nomicon.new_game("infinite-nomic-r7", ["alice", "bob"], seed=3, start=START,
                            allow_forced=True)
    game.force_dice([6])
    game.act("alice", "roll")
    game.act("admin", "end-game")
    report = verify(game.log)
    assert (report.ok, report.rolls, report.forced, report.verified) == (True, 1, 1, 0)


def rechain_stored(db_path: Path, game: str, events: list[dict[str, Any]]) -> None:
    """Store ``events`` with their hash chain recomputed, as a forger with the database
    would: the chain then holds, and only re-executing the log tells."""
    previous = ""
    for event in events:
        event["hash"] = previous = event_hash(previous, event)
        rewrite_event(db_path, game, event)


def test_an_edited_op_under_a_recomputed_chain_is_caught(cli: Cli, db_path: Path) -> None:
    game = play(cli)
    events = stored_events(db_path, game)
    joined = next(e for e in events if e["type"] == "player.joined")
    op = next(o for o in joined["ops"] if o[1] == ["accounts", "alice"])
    op[2] = {"points": 1_000_000}
    rechain_stored(db_path, game, events)

    result = cli("verify", game, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["problems"] == [
        f"seq {joined['seq']}: re-executing alice's join gives accounts.alice "
        "{'points': 0, 'flute': 0, 'house': 0}, the log says {'points': 1000000}"]
    assert report["reexecuted"] < report["batches"]
    shown = cli("verify", game)
    assert shown.exit_code == 1 and "NOT intact" in shown.stdout
    assert "re-executing alice's join" in shown.stdout


def test_verify_says_what_it_re_executed_and_which_versions_wrote_the_game(
        cli: Cli) -> None:
    game = play(cli)
    report = cli.json("verify", game)
    assert report["reexecuted"] == report["batches"] > 5
    assert report["written_by"]["nomicon"] == nomicon.__version__
    shown = cli("verify", game)
    assert f"{report['batches']} of {report['batches']} batches re-executed" in shown.stdout
    assert f"written by Nomicon {nomicon.__version__} (the running version)" in shown.stdout


def test_a_forced_roll_in_an_ordinary_game_is_a_problem(cli: Cli, db_path: Path) -> None:
    game = play(cli)
    events = stored_events(db_path, game)
    roll = next(e for e in events if e["type"] == "dice.rolled")
    roll["data"]["forced"] = True
    rechain_stored(db_path, game, events)
    report = json.loads(cli("verify", game, "--json").stdout)
    assert report["ok"] is False
    assert f"seq {roll['seq']}: a forced roll, but the game was not created as a test game " \
           "(only test games accept forced dice)" in report["problems"]


def test_a_test_game_is_marked_and_imports_only_with_test(cli: Cli, tmp_path: Path) -> None:
    game = nomicon.new_game("infinite-nomic-r7", ["alice", "bob"], seed=3, start=START,
                            game_id="scenario", allow_forced=True)
    game.force_dice([6])
    game.act("alice", "roll")
    game.act("admin", "end-game")
    root = game.state.root
    path = tmp_path / "test-game.json"
    path.write_text(json.dumps({
        "format": "nomicon-game", "version": 1,
        "game": {"id": game.id, "pack": "infinite-nomic-r7", "created": "2020-01-01T12:00:00Z"},
        "commitment": root["dice"]["epochs"][-1]["commitment"], "ruleset": root["rules"],
        "log": game.log}), encoding="utf-8")
    refused = cli("import", str(path))
    assert refused.exit_code == 1 and "this is a test game" in refused.stderr
    assert cli("import", str(path), "--test").exit_code == 0
    report = cli.json("verify", game.id)
    assert report["test"] is True and report["forced"] == 1
    assert "a test game: its dice may be forced" in cli("verify", game.id).stdout


def test_a_deeply_nested_file_is_a_clear_error(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    result = cli("import", str(path))
    assert result.exit_code == 2  # like any file that is not JSON: the command cannot run
    assert "nested too deeply" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit)
