"""Authorisation, secrecy and malformed input, checked on every route of the app.

* Every API endpoint refuses a request without credentials, or with a bad token
  (401), except signing up and making a token.
* Every game endpoint refuses a non-member (403) and every admin endpoint a player.
* No response to a player holds another player's secret attributes: a game of the
  conformance suite's pack of secrets is played, then everything bob may fetch (API
  and pages) is searched for alice's cards and the admin's notes.
* Malformed input gets a 4xx with a message, never a 500.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from starlette.testclient import TestClient

from nomicon.server import api, game_pages, pages
from nomicon.server.app import tick

from .support import SECRETS, Api, Browser, Clock, log_in, sign_up, site_of

OPEN = {("POST", "/api/users"), ("POST", "/api/tokens")}
CARD = re.compile(r"c\d{4}v\d+")
NOTE = re.compile(r"zq-note-\d+")


def api_routes(app: FastAPI) -> Iterator[tuple[str, str]]:
    for route in api.router.routes:
        assert isinstance(route, APIRoute) and route.path.startswith("/api/")
        for method in sorted(route.methods):
            yield method, route.path


def page_routes(app: FastAPI) -> Iterator[tuple[str, str]]:
    for route in (*pages.router.routes, *game_pages.router.routes):
        assert isinstance(route, APIRoute)
        for method in sorted(route.methods):
            yield method, route.path


def fill(path: str, game: str) -> str:
    """A route's path with its parameters (and the queries it requires) filled in."""
    url = (path.replace("{game_id}", game).replace("{number}", "7")
           .replace("{token_id}", "0123456789ab"))
    return url + "?from=1&to=1" if url.endswith("/diff") else url


def test_every_api_endpoint_needs_credentials(app: FastAPI, client: TestClient,
                                              game: str) -> None:
    checked = 0
    for method, path in api_routes(app):
        if (method, path) in OPEN:
            continue
        url = fill(path, game)
        for headers in ({}, {"Authorization": "Bearer not-a-token"},
                        {"Authorization": "Basic YWxpY2U6eA=="}):
            response = client.request(method, url, headers=headers, json={})
            assert response.status_code == 401, (method, url, headers, response.text)
            assert response.json()["error"]
            assert response.headers["www-authenticate"] == "Bearer"
        checked += 1
    assert checked >= 20


def test_game_endpoints_refuse_non_members(app: FastAPI, accounts: dict[str, Api],
                                           game: str) -> None:
    carol = accounts["carol"]  # a member of no game
    checked = 0
    for method, path in api_routes(app):
        if "{game_id}" not in path or path.endswith("/join"):
            continue
        response = carol.client.request(method, fill(path, game), headers=carol.headers,
                                        json=_body_for(path))
        assert response.status_code == 403, (method, path, response.text)
        assert "not a member" in response.json()["error"]
        checked += 1
    assert checked >= 15


def _body_for(path: str) -> Any:
    return {"/actions": {"action": "roll"}, "/preview": {"amendment": []},
            "/draft": {"sentence": "Repeal rule 1"},
            "/revert": {"seq": 5}}.get(path[path.rfind("/"):])


def test_admin_endpoints_refuse_players(accounts: dict[str, Api], game: str) -> None:
    bob = accounts["bob"]
    for action, args in (("set", {"path": "players.bob.points", "value": 99}),
                         ("end-game", {}), ("rotate-seed", {}),
                         ("interpret", {"rule": 1, "text": "mine"})):
        refused = bob.admin(game, action, **args)
        assert refused.status_code == 403, action
        assert "only the admin" in refused.json()["error"]
    assert bob.post(f"/api/games/{game}/revert", {"seq": 20}).status_code == 403
    assert bob.get(f"/api/games/{game}/legal?as_admin=1").status_code == 403
    # and a player's own admin-only action names are refused by the rules too
    assert bob.act(game, "set", path="players.bob.points", value=99).status_code == 409


def test_pages_refuse_non_members_and_players_in_the_admin_console(
        app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    carol = log_in(app, "carol")
    for tab in ("", "/players", "/rules", "/proposals", "/history", "/prompts", "/admin"):
        shown = carol.client.get(f"/games/{game}{tab}")
        assert shown.status_code == 403 and "Join game" in shown.text
    refused = carol.post(f"/games/{game}/act", {"_action": "roll"})
    assert refused.status_code == 403
    bob = log_in(app, "bob")
    assert bob.client.get(f"/games/{game}/admin").status_code == 403
    refused = bob.post(f"/games/{game}/act", {"_action": "set", "_as": "admin",
                                              "path": "players.bob.points", "value": "9"})
    assert refused.status_code == 403
    assert bob.post(f"/games/{game}/revert", {"seq": "20"}).status_code == 403
    anonymous = TestClient(app)
    for tab in ("", "/admin", "/live"):
        shown = anonymous.get(f"/games/{game}{tab}", follow_redirects=False)
        assert shown.status_code == 303 and shown.headers["location"].startswith("/login")


def test_every_form_needs_its_csrf_token(app: FastAPI, accounts: dict[str, Api],
                                         game: str) -> None:
    alice = log_in(app, "alice")
    checked = 0
    for method, path in page_routes(app):
        if method != "POST":
            continue
        url = fill(path, game)
        for data in ({}, {"csrf": "forged"}, {"csrf": ""}):
            response = alice.client.post(url, data={**data, "_action": "end-turn"},
                                         follow_redirects=False)
            assert response.status_code == 403, (url, data, response.text)
            assert "did not come from this site" in response.text
        checked += 1
    assert checked >= 9
    # another browser's token is no good either
    bob = log_in(app, "bob")
    stolen = bob.csrf("/")
    response = alice.client.post(f"/games/{game}/act", data={"csrf": stolen,
                                                             "_action": "roll"})
    assert response.status_code == 403


# -- secrets -------------------------------------------------------------------------
@pytest.fixture
def secret_game(app: FastAPI, accounts: dict[str, Api], clock: Clock) -> str:
    """A game of hands and dossiers: alice holds cards, bob too, the admin takes notes."""
    alice, bob, carol = accounts["alice"], accounts["bob"], accounts["carol"]
    made = carol.ok("POST", "/api/games", {"pack": SECRETS})  # carol is the admin
    gid = str(made["id"])
    alice.ok("POST", f"/api/games/{gid}/join", {"role": "player"})
    bob.ok("POST", f"/api/games/{gid}/join", {"role": "player"})
    for _ in range(3):
        alice.ok("POST", f"/api/games/{gid}/actions", {"action": "draw"})
        alice.ok("POST", f"/api/games/{gid}/actions", {"action": "end-turn"})
        bob.ok("POST", f"/api/games/{gid}/actions", {"action": "draw"})
        bob.ok("POST", f"/api/games/{gid}/actions", {"action": "end-turn"})
    hand = carol.ok("GET", f"/api/games/{gid}")["view"]["players"]["alice"]["hand"]
    alice.ok("POST", f"/api/games/{gid}/actions", {"action": "stash",
                                                   "args": {"card": hand[0]}})
    clock.advance(days=1, hours=4)  # past noon: the admin's dossiers
    assert tick(site_of(app)) == [gid]
    return gid


def _secrets_of(carol: Api, game: str) -> tuple[set[str], set[str], set[str]]:
    view = carol.ok("GET", f"/api/games/{game}")["view"]
    players = view["players"]
    alice_cards = set(players["alice"]["hand"]) | set(players["alice"]["stash"])
    bob_cards = set(players["bob"]["hand"]) | set(players["bob"]["stash"])
    notes = {n for p in players.values() for n in p["dossier"]}
    assert alice_cards and bob_cards and notes
    return alice_cards, bob_cards, notes


def _everything_for(api: Api, app: FastAPI, game: str) -> Iterator[tuple[str, str]]:
    """The text of every response ``api``'s user can get about the game."""
    for method, path in api_routes(app):
        if method != "GET" or "{game_id}" not in path or path.endswith("/live"):
            continue
        url = fill(path, game)
        response = api.get(url)
        assert response.status_code < 500, url
        yield url, response.text
    for path in (f"/api/games/{game}/rules/2/history", f"/api/games/{game}/log?rolls=true"):
        yield path, api.get(path).text
    yield "preview", api.post(f"/api/games/{game}/preview", {"amendment": [
        {"op": "interpret", "rule": 2, "text": "cards are secret"}]}).text
    with api.client.stream("GET", f"/api/games/{game}/live", headers=api.headers) as stream:
        lines = stream.iter_lines()
        yield "live", "\n".join(next(lines) for _ in range(3))
    browser = log_in(app, api.name)
    for tab in ("", "/players", "/rules", "/rules/2", "/proposals", "/history",
                "/history?rolls=true", "/prompts"):
        page = browser.client.get(f"/games/{game}{tab}")
        assert page.status_code == 200, tab
        yield tab or "board page", page.text


def test_no_response_to_a_player_holds_another_players_secrets(
        app: FastAPI, accounts: dict[str, Api], secret_game: str) -> None:
    alice_cards, bob_cards, _notes = _secrets_of(accounts["carol"], secret_game)
    bob = accounts["bob"]
    seen_own = False
    for where, text in _everything_for(bob, app, secret_game):
        leaked = set(CARD.findall(text)) & alice_cards
        assert not leaked, f"bob sees alice's cards {leaked} in {where}"
        assert not NOTE.search(text), f"bob sees an admin's note in {where}"
        seen_own = seen_own or bool(set(CARD.findall(text)) & bob_cards)
    assert seen_own  # bob does see his own cards: the search finds cards where they are
    # what bob's own actions answer holds none of alice's secrets either
    drawn = bob.act(secret_game, "draw")
    assert not set(CARD.findall(drawn.text)) & alice_cards and not NOTE.search(drawn.text)


def test_an_observer_sees_no_ones_secrets(app: FastAPI, client: TestClient,
                                          accounts: dict[str, Api], secret_game: str) -> None:
    alice_cards, bob_cards, _ = _secrets_of(accounts["carol"], secret_game)
    dora = sign_up(client, "dora")
    dora.ok("POST", f"/api/games/{secret_game}/join", {"role": "observer"})
    for where, text in _everything_for(dora, app, secret_game):
        assert not set(CARD.findall(text)) & (alice_cards | bob_cards), where
        assert not NOTE.search(text), where


def test_the_admin_sees_the_secrets(accounts: dict[str, Api], secret_game: str) -> None:
    carol = accounts["carol"]
    players = carol.ok("GET", f"/api/games/{secret_game}")["view"]["players"]
    assert players["alice"]["dossier"] and players["bob"]["hand"]


# -- malformed input -------------------------------------------------------------------
JUNK_BODIES: list[Any] = [
    "not json at all", b"\xff\xfe\x00", "[]", "null", "42", '{"x": ', '{"action": 5}',
    '{"action": "roll", "args": []}', '{"action": "roll", "args": {"a": NaN}}',
    '{"pack": {"a": 1}}', '{"seq": "first"}', '{"seq": -3}', '{"amendment": "x"}',
    '{"amendment": [1, 2]}', '{"amendment": [{"op": "enact", "class": 7}]}',
    '{"name": "", "password": ""}', '{"name": "a", "password": "' + "x" * 5000 + '"}',
    '{"role": "king"}', '{"action": "vote", "args": {"proposal": "x", "vote": []}}',
    '{"action": "roll", "as_admin": "maybe"}', '{"action": "' + "r" * 500 + '"}',
    '{"args": {"path": {"a": 1}, "value": 1}, "action": "set", "as_admin": true}',
    '{"action": "set", "as_admin": true, "args": {"path": "players..x", "value": 1}}',
    '{"action": "offer", "args": {"to": "alice", "give": {"points": 1e400}}}',
    '{"action": "propose", "args": {"title": "t", "text": "t", "amendment": [{"op": 1}]}}',
]


def test_malformed_api_requests_get_a_4xx_with_a_message(app: FastAPI, client: TestClient,
                                                         accounts: dict[str, Api],
                                                         game: str) -> None:
    alice = accounts["alice"]
    statuses: dict[int, int] = {}
    for method, path in api_routes(app):
        if method != "POST":
            continue
        url = fill(path, game)
        for body in JUNK_BODIES:
            headers = {**alice.headers, "Content-Type": "application/json"}
            response = client.request(method, url, content=body, headers=headers)
            assert response.status_code < 500, (url, body, response.text)
            assert response.status_code != 401, (url, body)
            if response.status_code >= 400:
                assert response.json()["error"], (url, body)
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
    assert sum(statuses.values()) > 150
    assert statuses[422] > 100 and statuses.get(200, 0) + statuses.get(201, 0) < 10


@pytest.mark.parametrize("query", [
    "after=-1", "after=x", "limit=0", "limit=99999999999999999999", "rolls=perhaps",
    "from=x&to=2", "from=0&to=1", "from=2&to=1", "as_admin=sometimes", "page=-1",
    "page=abc", "after=1e9",
])
def test_malformed_queries_never_fail_the_server(app: FastAPI, accounts: dict[str, Api],
                                                 game: str, query: str) -> None:
    alice = accounts["alice"]
    for method, path in api_routes(app):
        if method != "GET" or path.endswith("/live"):
            continue
        response = alice.get(f"{fill(path, game)}?{query}")
        assert response.status_code < 500, (path, query, response.text)


def test_junk_path_values_are_4xx(accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    for path in (f"/api/games/{game}/rules/abc/history", f"/api/games/{game}/rules/-1/diff",
                 "/api/games/" + "x" * 300, "/api/games/%00", f"/api/games/{game}/nothing"):
        response = alice.get(path)
        assert 400 <= response.status_code < 500, (path, response.text)
        assert response.json()["error"]


JUNK_FORMS: list[dict[str, str]] = [
    {}, {"_action": ""}, {"_action": "no-such-action"}, {"_action": "roll", "x": "[unclosed"},
    {"_action": "vote", "proposal": "first", "vote": "maybe"},
    {"_action": "set", "_as": "admin", "path": "players.nobody.points", "value": "{a: [}"},
    {"_action": "set", "_as": "admin", "path": "", "value": ".nan"},
    {"_action": "offer", "to": "bob", "give": "{points: .inf}"},
    {"_action": "join"}, {"_action": "roll", "_next": "https://elsewhere.example/"},
    {"pack": "no-such-pack"},
    {"pack": "infinite-nomic-r7", "param.infinite-nomic-r7.board_size": "2"},
    {"pack": "infinite-nomic-r7", "param.infinite-nomic-r7.board_size": "{x"},
    {"role": "king"}, {"player": "Not A Name!"}, {"seq": "abc"}, {"seq": "99999"},
    {"seq": "1"}, {"amendment": "[{op: repeal, rule: 999}]"}, {"amendment": ": : :"},
    {"label": "x" * 500}, {"name": "x", "password": "y", "again": "z"},
]


def test_malformed_forms_never_fail_the_server(app: FastAPI, accounts: dict[str, Api],
                                               game: str) -> None:
    alice = log_in(app, "alice")
    checked = 0
    for method, path in page_routes(app):
        if method != "POST" or path == "/logout":
            continue
        url = fill(path, game)
        for form in JUNK_FORMS:
            response = alice.post(url, form)
            assert response.status_code < 500, (url, form, response.text[:500])
            if response.status_code >= 400:
                assert "<h1>" in response.text
            checked += 1
        # a body that is not a form at all
        response = alice.client.post(url, content=b"\x00\xff--boundary",
                                     headers={"Content-Type": "multipart/form-data"})
        assert 400 <= response.status_code < 500, (url, response.text[:300])
    assert checked > 150
    # the session is still fine, and the game untouched but for what was valid
    assert alice.client.get(f"/games/{game}").status_code == 200


def test_a_refused_form_shows_the_page_again_with_the_reason(app: FastAPI,
                                                             accounts: dict[str, Api],
                                                             game: str) -> None:
    bob = log_in(app, "bob")
    refused = bob.post(f"/games/{game}/act", {"_action": "roll",
                                              "_next": f"/games/{game}/history"})
    assert refused.status_code == 409
    assert "bob cannot roll: not your turn" in refused.text
    assert "<h1>History</h1>" in refused.text


def test_browsers_cannot_be_sent_elsewhere_after_a_form(app: FastAPI, accounts: dict[str, Api],
                                                        game: str) -> None:
    alice = log_in(app, "alice")
    done = alice.post(f"/games/{game}/act", {"_action": "roll",
                                             "_next": "//elsewhere.example/x"})
    assert done.status_code == 303 and done.headers["location"] == f"/games/{game}"


def test_cookies_are_http_only_and_same_site(app: FastAPI) -> None:
    browser = Browser(TestClient(app))
    site_of(app).accounts.sign_up("erin", "correct horse battery")
    page = browser.client.get("/login")
    assert "httponly" in page.headers["set-cookie"].lower()
    response = browser.client.post("/login", data={"csrf": browser.csrf(), "name": "erin",
                                                   "password": "correct horse battery"},
                                   follow_redirects=False)
    cookie = response.headers["set-cookie"].lower()
    assert "nomicon_session=" in cookie and "httponly" in cookie and "samesite=lax" in cookie
    assert response.headers["content-security-policy"].startswith("default-src 'self'")
