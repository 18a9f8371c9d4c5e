"""The pages, through a test client: accounts, the lobby, every tab of a game, forms."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from fastapi import FastAPI
from starlette.testclient import TestClient

from nomicon.server.app import tick

from .support import PACK, PASSWORD, SECRETS, Api, Browser, Clock, log_in, site_of


def test_sign_up_log_out_and_in_again(app: FastAPI) -> None:
    dora = log_in(app, "dora", sign_up_first=True)
    lobby = dora.client.get("/")
    assert lobby.status_code == 200 and "Start a game" in lobby.text
    cookie = dora.client.cookies.get("nomicon_session")
    assert cookie
    out = dora.post("/logout", {})
    assert out.status_code == 303 and out.headers["location"] == "/login"
    assert "Start a game" not in dora.client.get("/").text
    # the old session cookie is revoked on the server, not just forgotten by the browser
    replay = TestClient(app, cookies={"nomicon_session": cookie})
    assert replay.get("/account", follow_redirects=False).status_code == 303
    wrong = dora.post("/login", {"name": "dora", "password": "wrong password"},
                      csrf_from="/login")
    assert wrong.status_code == 401 and "wrong name or password" in wrong.text
    again = dora.post("/login", {"name": "dora", "password": PASSWORD, "next": "/account"},
                      csrf_from="/login")
    assert again.status_code == 303 and again.headers["location"] == "/account"


def test_sign_up_refusals_are_shown(app: FastAPI) -> None:
    browser = Browser(TestClient(app))
    differ = browser.post("/signup", {"name": "eve", "password": PASSWORD, "again": "other!!!!"},
                          csrf_from="/signup")
    assert differ.status_code == 422 and "the two passwords differ" in differ.text
    bad = browser.post("/signup", {"name": "9eve", "password": PASSWORD, "again": PASSWORD},
                       csrf_from="/signup")
    assert bad.status_code == 422 and "not a valid name" in bad.text


def test_the_lobby_creates_and_joins_games(app: FastAPI) -> None:
    alice = log_in(app, "alice", sign_up_first=True)
    made = alice.post("/games", {"pack": PACK, "player": "alice",
                                 "param.infinite-nomic-r7.board_size": "30"})
    assert made.status_code == 303
    game = made.headers["location"].rsplit("/", 1)[1]
    board = alice.client.get(f"/games/{game}")
    assert "You are the admin and play alice" in board.text
    assert 'data-space="30"' in board.text
    bob = log_in(app, "bob", sign_up_first=True)
    lobby = bob.client.get("/")
    assert f"game {game}" in lobby.text and "Join as a player" in lobby.text
    joined = bob.post(f"/games/{game}/join", {"role": "player", "player": "bobby"})
    assert joined.status_code == 303
    assert "You are bobby" in bob.client.get(f"/games/{game}").text
    refused = alice.post("/games", {"pack": PACK, "param.infinite-nomic-r7.board_size": "2"})
    assert refused.status_code == 400 and "board_size" in refused.text


def _game_for(app: FastAPI) -> tuple[Browser, Browser, str]:
    alice = log_in(app, "alice", sign_up_first=True)
    bob = log_in(app, "bob", sign_up_first=True)
    made = alice.post("/games", {"pack": PACK, "player": "alice", "seed": "5"})
    game = made.headers["location"].rsplit("/", 1)[1]
    bob.post(f"/games/{game}/join", {"role": "player"})
    return alice, bob, game


def test_actions_are_forms_built_from_the_legal_actions(app: FastAPI) -> None:
    alice, bob, game = _game_for(app)
    board = alice.client.get(f"/games/{game}").text
    assert 'id="action-roll"' in board and 'id="action-propose"' in board
    assert 'name="_action" value="roll"' in board
    assert 'id="action-roll"' not in bob.client.get(f"/games/{game}").text
    done = alice.post(f"/games/{game}/act", {"_action": "roll", "_next": f"/games/{game}"})
    assert done.status_code == 303
    shown = alice.client.get(f"/games/{game}")
    assert "movement 1d6 for alice" in shown.text  # the flash says what happened
    assert 'id="action-roll"' not in shown.text
    preview = alice.post(f"/games/{game}/proposals/preview",
                         {"amendment": "[{op: amend, rule: 8, params: {fives_points: 20}}]"})
    assert preview.status_code == 200 and "Changed: Rule 8" in preview.text


def test_a_rule_enacted_mid_game_brings_its_forms(app: FastAPI, accounts: dict[str, Api],
                                                  game: str, clock: Clock) -> None:
    cards = [{"op": "enact", "class": f"{SECRETS}/cards", "number": 40}]
    accounts["bob"].act(game, "propose", title="Cards", text="Let us draw", amendment=cards)
    accounts["alice"].act(game, "vote", proposal=1, vote="up")
    accounts["bob"].act(game, "vote", proposal=1, vote="up")
    bob = log_in(app, "bob")
    assert 'id="action-draw"' not in bob.client.get(f"/games/{game}").text
    clock.advance(hours=25)
    tick(site_of(app))
    accounts["alice"].act(game, "end-turn")
    board = bob.client.get(f"/games/{game}").text
    assert 'id="action-draw"' in board and "Draw a card into your hand." in board
    drawn = bob.post(f"/games/{game}/act", {"_action": "draw"})
    assert drawn.status_code == 303
    assert "bob draws c0001v" in bob.client.get(f"/games/{game}").text


def test_prompts_offer_their_options(app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    alice = log_in(app, "alice")
    accounts["alice"].act(game, "roll")  # onto the Cop Car
    prompts = alice.client.get(f"/games/{game}/prompts").text
    assert "the Cop Car stops you" in prompts
    for option in ("admit", "bribe", "fight"):
        assert f'name="option" value="{option}"' in prompts
    board = alice.client.get(f"/games/{game}").text
    assert 'class="badge"' in board  # the Prompts tab says one is waiting
    answered = alice.post(f"/games/{game}/act", {"_action": "choose", "prompt": "1",
                                                 "option": "fight"})
    assert answered.status_code == 303
    assert "No decision is waiting for you" in alice.client.get(f"/games/{game}/prompts").text


def test_every_tab_renders(app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    alice, bob = log_in(app, "alice"), log_in(app, "bob")
    accounts["alice"].act(game, "roll")
    accounts["alice"].act(game, "choose", option="admit")
    accounts["bob"].act(game, "propose", title="More", text="More points",
                        amendment=[{"op": "amend", "rule": 8, "params": {"fives_points": 20}}])
    expected = {"": "the board", "/players": "Over time", "/rules": "Rule 7. Moving",
                "/rules/8": "Versions", "/proposals": "#1 More",
                "/history": "How to verify", "/history?rolls=true": "movement 1d6 for alice",
                "/prompts": "Decisions waiting", "/admin": "Implementation queue"}
    for tab, text in expected.items():
        page = alice.client.get(f"/games/{game}{tab}")
        assert page.status_code == 200, tab
        assert text in page.text, tab
        assert page.headers["cache-control"] == "no-store"
    players = alice.client.get(f"/games/{game}/players").text
    assert 'id="chart-data"' in players and '"measure":"points"' in players
    assert bob.client.get(f"/games/{game}/history?before=999999").status_code == 200


def test_rule_history_shows_a_diff(app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    site_of(app).service.act(game, "admin", "interpret", {"rule": 8, "text": "a ruling"})
    changed = [{"op": "amend", "rule": 8, "text": "Fives are worth more."}]
    accounts["bob"].act(game, "propose", title="Fives", text="x", amendment=changed)
    accounts["alice"].act(game, "vote", proposal=1, vote="up")
    accounts["bob"].act(game, "vote", proposal=1, vote="up")
    site_of(app).service.advance(game, site_of(app).now().replace(year=2031))
    page = log_in(app, "bob").client.get(f"/games/{game}/rules/8?from=1&to=2").text
    assert re.search(r'<span class="add">\+Fives are worth more\.</span>', page)
    assert "a ruling" in log_in(app, "bob").client.get(f"/games/{game}/rules").text


def test_the_admin_console_reverts(app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    accounts["alice"].act(game, "roll")
    alice = log_in(app, "alice")
    console = alice.client.get(f"/games/{game}/admin").text
    assert "Revert event" in console and 'id="admin-action-set"' in console
    log = accounts["alice"].ok("GET", f"/api/games/{game}/log")
    roll = next(e["seq"] for e in log if e["type"] == "action" and e["data"]["name"] == "roll")
    done = alice.post(f"/games/{game}/revert", {"seq": str(roll)})
    assert done.status_code == 303
    new = done.headers["location"].split("/")[2]
    assert new != game
    page = alice.client.get(f"/games/{new}").text
    assert f"continues <a href=\"/games/{game}\">game {game}</a>" in page
    assert 'id="action-roll"' in page  # the roll is taken back
    old = alice.client.get(f"/games/{game}").text
    assert "The game is over." in old and f"/games/{new}" in old


def test_manual_state_edits_are_logged(app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    alice = log_in(app, "alice")
    done = alice.post(f"/games/{game}/act", {"_action": "set", "_as": "admin",
                                             "path": "players.bob.points", "value": "12",
                                             "_next": f"/games/{game}/admin"})
    assert done.status_code == 303 and done.headers["location"] == f"/games/{game}/admin"
    history = alice.client.get(f"/games/{game}/history").text
    assert "admin set players.bob.points = 12 (was 0)" in history


def test_api_tokens_from_the_account_page(app: FastAPI, client: TestClient) -> None:
    erin = log_in(app, "erin", sign_up_first=True)
    made = erin.post("/account/tokens", {"label": "my bot"})
    assert made.status_code == 201
    token = re.search(r'id="new-token">([^<]+)<', made.text)
    assert token
    me = client.get("/api/me", headers={"Authorization": f"Bearer {token.group(1)}"})
    assert me.json()["user"] == "erin"
    listed = erin.client.get("/account").text
    token_id = re.search(r'/account/tokens/([0-9a-f]{12})/revoke', listed)
    assert token_id and "my bot" in listed
    assert erin.post(f"/account/tokens/{token_id.group(1)}/revoke", {}).status_code == 303
    me = client.get("/api/me", headers={"Authorization": f"Bearer {token.group(1)}"})
    assert me.status_code == 401


def test_the_live_stream_of_a_page(app: FastAPI, accounts: dict[str, Api], game: str) -> None:
    bob = log_in(app, "bob")
    page = bob.client.get(f"/games/{game}").text
    assert f'data-live="/games/{game}/live"' in page
    with bob.client.stream("GET", f"/games/{game}/live") as stream:
        lines = stream.iter_lines()
        assert "event: head" in [next(lines) for _ in range(3)]


def test_plotly_is_served_from_the_package(client: TestClient) -> None:
    served = client.get("/vendor/plotly.min.js")
    assert served.status_code == 200 and "plotly" in served.text[:2000].lower()
    assert client.get("/static/style.css").status_code == 200


class _Structure(HTMLParser):
    """The ids, labels and form fields of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.labelled: set[str] = set()
        self.fields: list[dict[str, str | None]] = []
        self.headings: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "label" and found.get("for"):
            self.labelled.add(str(found["for"]))
        if tag in ("input", "select", "textarea") and found.get("type") != "hidden":
            self.fields.append(found)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(tag)


def test_pages_are_labelled_and_well_formed(app: FastAPI, accounts: dict[str, Api],
                                            game: str) -> None:
    """Every id is unique, every field has a label, every page has one h1 and a main."""
    accounts["alice"].act(game, "roll")
    alice = log_in(app, "alice")
    paths = ["/", "/account", *(f"/games/{game}{tab}" for tab in (
        "", "/players", "/rules", "/rules/8", "/proposals", "/history", "/prompts", "/admin"))]
    for path in paths:
        page = alice.client.get(path)
        assert page.status_code == 200, path
        found = _Structure()
        found.feed(page.text)
        duplicated = {i for i in found.ids if found.ids.count(i) > 1}
        assert not duplicated, (path, duplicated)
        for field in found.fields:
            assert field.get("id") in found.labelled or field.get("aria-label"), (path, field)
        assert found.headings.count("h1") == 1, path
        assert '<main id="main"' in page.text and 'lang="en"' in page.text
    for path in ("/login", "/signup"):
        found = _Structure()
        found.feed(TestClient(app).get(path).text)
        assert all(f.get("id") in found.labelled for f in found.fields), path


def test_a_yaml_bomb_or_deep_nesting_in_a_form_is_a_clear_400(app: FastAPI) -> None:
    alice, _bob, game = _game_for(app)
    head = site_of(app).store.get_game(game).head
    bomb = "a0: &a0 [x]\n" + "".join(
        f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 8))
    for text, reason in ((bomb, "anchors (&amp;name) are not accepted"),
                         ("[" * 1_000 + "]" * 1_000, "nested more than 32 levels deep")):
        for path, field in ((f"/games/{game}/proposals/preview", "amendment"),
                            (f"/games/{game}/act", "amendment")):
            data = {field: text, "_action": "propose", "title": "t", "text": "t",
                    "_next": f"/games/{game}/proposals"}
            answer = alice.post(path, data)
            assert answer.status_code == 400, (path, answer.status_code)
            assert reason in answer.text
    assert site_of(app).store.get_game(game).head == head  # nothing changed
