"""The JSON API: accounts, games, playing, governance, history, reverting."""

from __future__ import annotations

from fastapi import FastAPI
from starlette.testclient import TestClient

from nomicon.server.app import tick
from nomicon.verify import verify

from .support import PACK, PASSWORD, Api, Clock, sign_up, site_of


def test_sign_up_make_tokens_and_revoke(client: TestClient) -> None:
    alice = sign_up(client, "alice")
    assert alice.ok("GET", "/api/me") == {"user": "alice", "games": []}
    again = client.post("/api/users", json={"name": "alice", "password": PASSWORD})
    assert again.status_code == 409 and "taken" in again.json()["error"]
    wrong = client.post("/api/tokens", json={"name": "alice", "password": "not it at all"})
    assert wrong.status_code == 401 and wrong.json()["error"] == "wrong name or password"
    made = client.post("/api/tokens", json={"name": "alice", "password": PASSWORD,
                                            "label": "bot"})
    assert made.status_code == 201
    bot = Api(client, "alice", made.json()["token"])
    assert bot.ok("GET", "/api/me")["user"] == "alice"
    assert client.delete("/api/tokens/current", headers=bot.headers).status_code == 204
    assert bot.get("/api/me").status_code == 401
    assert alice.get("/api/me").status_code == 200  # the other token still works


def test_short_passwords_and_bad_names_are_refused(client: TestClient) -> None:
    short = client.post("/api/users", json={"name": "dora", "password": "short"})
    assert short.status_code == 400 and "8" in short.json()["error"]
    bad = client.post("/api/users", json={"name": "Dora!", "password": PASSWORD})
    assert bad.status_code == 400 and "not a valid name" in bad.json()["error"]


def test_sessions_are_not_bearer_tokens(app: FastAPI, client: TestClient) -> None:
    user = site_of(app).accounts.sign_up("erin", PASSWORD)
    session = site_of(app).accounts.new_session(user)
    shown = client.get("/api/me", headers={"Authorization": f"Bearer {session}"})
    assert shown.status_code == 401
    assert shown.headers["www-authenticate"] == "Bearer"


def test_create_join_and_play_through_the_api(accounts: dict[str, Api], game: str) -> None:
    alice, bob = accounts["alice"], accounts["bob"]
    summary = alice.ok("GET", f"/api/games/{game}")["game"]
    assert summary["role"] == "admin" and summary["player"] == "alice"
    assert summary["players"] == ["alice", "bob"]
    assert "roll" not in [e["name"] for e in bob.ok("GET", f"/api/games/{game}/legal")]
    refused = bob.act(game, "roll")
    assert refused.status_code == 409
    assert refused.json()["reason"] == "not your turn"
    assert "it is alice's turn" in refused.json()["error"]
    rolled = alice.act(game, "roll")
    assert rolled.status_code == 200
    assert any("1d6 = 3" in e["message"] for e in rolled.json()["events"])
    prompts = alice.ok("GET", f"/api/games/{game}/prompts")
    assert [p["options"] for p in prompts] == [["admit", "bribe", "fight"]]
    assert bob.ok("GET", f"/api/games/{game}/prompts") == []
    answered = alice.act(game, "choose", option="admit")
    assert answered.status_code == 200
    view = bob.ok("GET", f"/api/games/{game}")["view"]
    assert view["players"]["alice"]["location"] == "Jail"
    assert alice.act(game, "end-turn").status_code == 200
    assert bob.act(game, "roll").status_code == 200
    rolls = bob.ok("GET", f"/api/games/{game}/log?rolls=true")
    assert [r["data"]["purpose"] for r in rolls] == ["movement 1d6 for alice",
                                                     "movement 1d6 for bob"]
    dice = bob.ok("GET", f"/api/games/{game}/dice")
    assert dice["count"] == 2 and dice["epochs"][0]["secret"] is None


def test_proposals_votes_previews_and_rule_history(app: FastAPI, accounts: dict[str, Api],
                                                   game: str, clock: Clock) -> None:
    alice, bob = accounts["alice"], accounts["bob"]
    change = [{"op": "amend", "rule": 8, "params": {"fives_points": 20}}]
    shown = bob.ok("POST", f"/api/games/{game}/preview", {"amendment": change})
    assert shown["ok"] and shown["rules"]["changed"] == [8]
    assert "fives_points=20" in shown["diff"]
    broken = bob.ok("POST", f"/api/games/{game}/preview", {"amendment": [{"op": "repeal",
                                                                         "rule": 999}]})
    assert not broken["ok"] and "there is no Rule 999" in broken["error"]
    made = bob.act(game, "propose", title="Richer fives", text="Fives give 20",
                   amendment=change)
    assert made.status_code == 200
    assert bob.act(game, "vote", proposal=1, vote="up").status_code == 200
    assert alice.act(game, "vote", proposal=1, vote="up").status_code == 200
    proposals = alice.ok("GET", f"/api/games/{game}/proposals")
    assert proposals["1"]["votes"] == {"bob": "up", "alice": "up"}
    assert proposals["1"]["status"] == "open"
    clock.advance(hours=25)
    assert tick(site_of(app)) == [game]  # the server fires the timers of idle games
    assert tick(site_of(app)) == []
    proposals = alice.ok("GET", f"/api/games/{game}/proposals")
    assert proposals["1"]["status"] == "passed"
    versions = bob.ok("GET", f"/api/games/{game}/rules/8/history")
    assert [v["change"] for v in versions] == ["enacted", "amended"]
    diff = bob.ok("GET", f"/api/games/{game}/rules/8/diff?from=1&to=2")
    assert "fives_points" in diff["diff"]
    missing = bob.get(f"/api/games/{game}/rules/8/diff?from=1&to=7")
    assert missing.status_code == 400 and "versions 1 to 2" in missing.json()["error"]
    assert bob.get(f"/api/games/{game}/rules/99/history").status_code == 404


def test_admin_actions_and_their_authorisation(accounts: dict[str, Api], game: str) -> None:
    alice, bob = accounts["alice"], accounts["bob"]
    assert bob.admin(game, "set", path="players.bob.points", value=30).status_code == 403
    assert bob.get(f"/api/games/{game}/legal?as_admin=true").status_code == 403
    assert {e["name"] for e in alice.ok("GET", f"/api/games/{game}/legal?as_admin=true")} >= {
        "set", "interpret", "end-game", "rotate-seed"}
    assert alice.admin(game, "set", path="players.bob.points", value=30).status_code == 200
    ruled = alice.admin(game, "interpret", rule=7, text="Rolling is done by the server.")
    assert ruled.status_code == 200
    rules = bob.ok("GET", f"/api/games/{game}/rules")
    moving = next(r for r in rules if r["number"] == 7)
    assert moving["interpretations"][0]["text"] == "Rolling is done by the server."
    log = alice.ok("GET", f"/api/games/{game}/log")
    assert any(e["type"] == "admin.set" for e in log)
    # the admin is not a player: player actions are taken as the admin's own player
    assert alice.admin(game, "roll").status_code == 409


def test_revert_forks_the_game_and_archives_the_old_one(
        app: FastAPI, accounts: dict[str, Api], game: str, clock: Clock) -> None:
    alice, bob = accounts["alice"], accounts["bob"]
    alice.act(game, "roll")
    clock.advance(minutes=1)
    alice.act(game, "choose", option="admit")
    log = alice.ok("GET", f"/api/games/{game}/log")
    chosen = next(e for e in log if e["type"] == "action" and e["data"]["name"] == "choose")
    assert bob.post(f"/api/games/{game}/revert", {"seq": chosen["seq"]}).status_code == 403
    made = alice.ok("POST", f"/api/games/{game}/revert", {"seq": chosen["seq"]})
    new = made["game"]
    assert made["archived"] == game
    view = bob.ok("GET", f"/api/games/{new}")["view"]  # bob keeps his seat
    assert view["players"]["alice"]["location"] == 4  # on the Cop Car, not in Jail
    assert [p["options"] for p in view["prompts"]] == [["admit", "bribe", "fight"]]
    assert view["game"]["reverted"]["from"] == game
    old = bob.ok("GET", f"/api/games/{game}")["view"]
    assert old["game"]["status"] == "ended" and old["game"]["successor"] == new
    assert alice.act(game, "end-turn").status_code == 409  # the old game is over
    assert alice.act(new, "choose", option="fight").status_code == 200
    store = site_of(app).store
    for gid in (game, new):
        _, events = store.load(gid)
        report = verify(events)
        assert report.ok, report.problems
    # the old timeline is intact: its log only grew
    _, old_events = store.load(game)
    assert [e["seq"] for e in old_events] == list(range(1, len(old_events) + 1))
    assert old_events[chosen["seq"] - 1]["type"] == "action"
    assert alice.post(f"/api/games/{game}/revert", {"seq": 3}).status_code == 400


def test_a_revert_cannot_undo_the_creation(accounts: dict[str, Api], game: str) -> None:
    refused = accounts["alice"].post(f"/api/games/{game}/revert", {"seq": 1})
    assert refused.status_code == 400
    assert "creation" in refused.json()["error"]
    assert accounts["alice"].post(f"/api/games/{game}/revert",
                                  {"seq": 10_000}).status_code == 400


def test_observers_see_but_do_not_act(accounts: dict[str, Api], game: str) -> None:
    carol = accounts["carol"]
    assert carol.get(f"/api/games/{game}").status_code == 403
    carol.ok("POST", f"/api/games/{game}/join", {"role": "observer"})
    assert carol.ok("GET", f"/api/games/{game}")["game"]["role"] == "observer"
    assert carol.act(game, "propose", title="t", text="t").status_code == 403
    assert carol.ok("GET", f"/api/games/{game}/legal") == []
    joined = carol.post(f"/api/games/{game}/join", {"role": "player", "player": "bob"})
    assert joined.status_code == 409  # another account plays bob
    joined = carol.post(f"/api/games/{game}/join", {"role": "player"})
    assert joined.status_code == 200 and joined.json()["player"] == "carol"
    assert carol.act(game, "propose", title="t", text="t").status_code == 200


def test_a_player_name_the_engine_refuses_leaves_no_seat(accounts: dict[str, Api],
                                                         game: str) -> None:
    carol = accounts["carol"]
    refused = carol.post(f"/api/games/{game}/join", {"role": "player", "player": "admin"})
    assert refused.status_code == 409
    assert carol.get(f"/api/games/{game}").status_code == 403


def test_board_chart_and_packs(accounts: dict[str, Api], game: str) -> None:
    bob = accounts["bob"]
    board = bob.get(f"/api/games/{game}/board.svg")
    assert board.status_code == 200 and board.headers["content-type"] == "image/svg+xml"
    assert board.text.startswith("<svg") and "Cop Car" in board.text
    chart = bob.ok("GET", f"/api/games/{game}/chart")
    assert chart[0]["measure"] == "points" and set(chart[0]["values"]) == {"alice", "bob"}
    packs = {p["id"]: p for p in bob.ok("GET", "/api/packs")}
    assert packs[PACK]["board"] == "ring"
    games = bob.ok("GET", "/api/games")
    assert [g["role"] for g in games if g["id"] == game] == ["player"]


def test_a_game_without_a_board_has_no_svg(accounts: dict[str, Api]) -> None:
    made = accounts["alice"].ok("POST", "/api/games", {"pack": "nomic"})
    assert accounts["alice"].get(f"/api/games/{made['id']}/board.svg").status_code == 404


def test_unknown_games_are_404(accounts: dict[str, Api]) -> None:
    missing = accounts["alice"].get("/api/games/nosuchgame")
    assert missing.status_code == 404 and "nosuchgame" in missing.json()["error"]
    assert accounts["alice"].act("nosuchgame", "roll").status_code == 404


def test_the_live_stream_says_the_head(accounts: dict[str, Api], game: str,
                                       client: TestClient) -> None:
    bob = accounts["bob"]
    head = bob.ok("GET", f"/api/games/{game}")["game"]["head"]
    with client.stream("GET", f"/api/games/{game}/live", headers=bob.headers) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        seen = [next(lines) for _ in range(4)]
    assert "event: head" in seen
    assert f'data: {{"head": {head}, "status": "active"}}' in seen


def test_an_idempotency_key_acts_once(accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    headers = {**alice.headers, "Idempotency-Key": "roll-once"}
    first = alice.client.post(f"/api/games/{game}/actions", json={"action": "roll"},
                              headers=headers)
    second = alice.client.post(f"/api/games/{game}/actions", json={"action": "roll"},
                               headers=headers)
    assert first.status_code == 200 and second.status_code == 200
    rolls = alice.ok("GET", f"/api/games/{game}/log?rolls=true")
    assert len(rolls) == 1
    other = alice.client.post(f"/api/games/{game}/actions", json={"action": "end-turn"},
                              headers=headers)
    assert other.status_code == 409 and "roll-once" in other.json()["error"]


def test_the_openapi_schema_lists_the_api(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    assert "/api/games/{game_id}/actions" in schema["paths"]
    assert not any(not path.startswith("/api") for path in schema["paths"])


def test_the_api_is_documented_without_leaving_the_server(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200
    assert "<code>POST /api/games/{game_id}/actions</code>" in page.text
    assert "cdn" not in page.text.lower()


def test_idempotency_keys_are_the_callers_own(accounts: dict[str, Api], game: str) -> None:
    """Bob re-sending alice's key is bob's own new key: he is answered about his own
    request, never about alice's, and her key still replays for her."""
    alice, bob = accounts["alice"], accounts["bob"]
    mine = {**alice.headers, "Idempotency-Key": "k-1"}
    first = alice.client.post(f"/api/games/{game}/actions", json={"action": "roll"},
                              headers=mine)
    assert first.status_code == 200
    theirs = {**bob.headers, "Idempotency-Key": "k-1"}
    refused = bob.client.post(f"/api/games/{game}/actions", json={"action": "roll"},
                              headers=theirs)
    assert refused.status_code == 409 and refused.json()["reason"] == "not your turn"
    assert "already used" not in refused.json()["error"]
    again = alice.client.post(f"/api/games/{game}/actions", json={"action": "roll"},
                              headers=mine)
    assert again.json() == first.json()
    assert len(alice.ok("GET", f"/api/games/{game}/log?rolls=true")) == 1


def test_the_log_pages_with_a_stable_cursor(accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    whole = alice.ok("GET", f"/api/games/{game}/log")
    assert len(whole) >= 5 and [e["seq"] for e in whole] == list(range(1, len(whole) + 1))
    pages, path = [], f"/api/games/{game}/log?limit=2"
    while path:
        response = alice.get(path)
        assert response.status_code == 200
        pages.append(response.json())
        following = response.links.get("next")
        path = following["url"] if following else ""
    assert [e for page in pages for e in page] == whole  # every entry once, in order
    assert all(len(page) == 2 for page in pages[:-1]) and len(pages[-1]) <= 2
    assert alice.ok("GET", f"/api/games/{game}/log?after={len(whole)}") == []
    rolls = alice.ok("GET", f"/api/games/{game}/log?rolls=true&limit=1")
    assert [e["type"] for e in rolls] in ([], ["dice.rolled"])


def test_a_game_id_no_game_can_have_never_reaches_the_store(accounts: dict[str, Api]) -> None:
    for game_id in ("a%00b", "a%20b", "quote%22d"):
        answer = accounts["alice"].get(f"/api/games/{game_id}")
        assert answer.status_code == 404, game_id
        assert "there is no game" in answer.json()["error"]
        assert "1 to 64 letters, digits" in answer.json()["error"]
        assert "SELECT" not in answer.text and "sql" not in answer.text.lower()
