"""Every list is paged with a stable cursor: games, members, tokens, proposals.

Following the ``Link: <...>; rel="next"`` headers from the first page gives the
whole list, each row once, even when rows are added between two reads; a limit
over the maximum is refused naming the bound; the pages link to their next page.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI

from nomicon.server.paging import MAX_LIMIT

from .support import PACK, Api, Clock, TestClient, log_in, sign_up

NEXT = re.compile(r'<([^>]+)>; rel="next"')


def pages(api: Api, path: str) -> tuple[list[Any], list[str]]:
    """Every page from ``path`` on, following the Link headers; the rows, and the
    paths read."""
    rows: list[Any] = []
    read = []
    url: str | None = path
    while url is not None:
        response = api.get(url)
        assert response.status_code == 200, response.text
        body = response.json()
        rows.extend(body.values() if isinstance(body, dict) else body)
        read.append(url)
        found = NEXT.search(response.headers.get("link", ""))
        url = found.group(1) if found else None
    return rows, read


def make_games(alice: Api, clock: Clock, count: int) -> list[str]:
    """``count`` games, a second apart (games made in the same second list by id)."""
    made = []
    for _ in range(count):
        clock.advance(seconds=1)
        made.append(alice.ok("POST", "/api/games", {"pack": PACK})["id"])
    return made


def test_the_game_list_pages_newest_first_without_gap_or_repeat(
        accounts: dict[str, Api], clock: Clock) -> None:
    alice, bob = accounts["alice"], accounts["bob"]
    made = make_games(alice, clock, 7)
    bob.ok("POST", f"/api/games/{made[2]}/join", {"role": "observer"})
    first = bob.get("/api/games?limit=3")
    assert [g["id"] for g in first.json()] == made[::-1][:3]
    # A game made between two reads does not shift the pages.
    late = make_games(alice, clock, 1)[0]
    url = NEXT.search(first.headers["link"])
    assert url is not None
    rest, read = pages(bob, url.group(1))
    listed = [g["id"] for g in first.json() + rest]
    assert listed == made[::-1] and late not in listed
    assert len(read) == 2  # 3 + 3 + 1: the last page is not full, so it names no next
    roles = {g["id"]: g["role"] for g in first.json() + rest}
    assert roles[made[2]] == "observer" and roles[made[0]] is None
    # From the start, the whole list, the late game first.
    everything, _ = pages(bob, "/api/games?limit=2")
    assert [g["id"] for g in everything] == [late, *made[::-1]]


def test_the_games_one_is_a_member_of_page_by_game_id(accounts: dict[str, Api],
                                                      clock: Clock) -> None:
    alice = accounts["alice"]
    made = sorted(make_games(alice, clock, 5))
    first = alice.get("/api/me?limit=2")
    assert first.json()["user"] == "alice"
    assert [g["game"] for g in first.json()["games"]] == made[:2]
    games: list[str] = []
    url: str | None = "/api/me?limit=2"
    while url is not None:
        response = alice.get(url)
        games += [g["game"] for g in response.json()["games"]]
        found = NEXT.search(response.headers.get("link", ""))
        url = found.group(1) if found else None
    assert games == made  # 2 + 2 + 1, each once
    assert {g["role"] for g in first.json()["games"]} == {"admin"}


def test_a_limit_over_the_maximum_is_refused_naming_the_bound(
        accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    for path in ("/api/games", f"/api/games/{game}/members", "/api/tokens",
                 f"/api/games/{game}/proposals", "/api/me"):
        response = alice.get(f"{path}?limit={MAX_LIMIT + 1}")
        assert response.status_code == 422, (path, response.text)
        assert str(MAX_LIMIT) in response.text
        assert alice.get(f"{path}?limit=0").status_code == 422
        assert alice.get(f"{path}?limit={MAX_LIMIT}").status_code == 200


def test_an_unknown_cursor_is_refused(accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    assert alice.get("/api/games?after=nosuchgame").status_code == 400
    assert alice.get(f"/api/games/{game}/members?after=nobody").status_code == 400
    assert alice.get("/api/tokens?after=0123456789ab").status_code == 400


def test_members_page_through_every_member_once(client: TestClient,
                                                accounts: dict[str, Api], game: str) -> None:
    alice = accounts["alice"]
    watchers = [sign_up(client, f"watcher{n}") for n in range(5)]
    for watcher in watchers:
        watcher.ok("POST", f"/api/games/{game}/join", {"role": "observer"})
    first = alice.get(f"/api/games/{game}/members?limit=3")
    # Someone joins between two reads: the members already there are each listed once.
    late = sign_up(client, "latecomer")
    late.ok("POST", f"/api/games/{game}/join", {"role": "observer"})
    found = NEXT.search(first.headers["link"])
    assert found is not None
    rest, _ = pages(alice, found.group(1))
    names = [m["user"] for m in first.json() + rest]
    assert len(names) == len(set(names))
    assert {"alice", "bob", *(w.name for w in watchers)} <= set(names)
    whole, _ = pages(alice, f"/api/games/{game}/members?limit=2")
    assert sorted(m["user"] for m in whole) == sorted(
        ["alice", "bob", "latecomer", *(w.name for w in watchers)])
    assert {m["user"]: m["role"] for m in whole}["bob"] == "player"


def test_tokens_are_listed_without_secrets_paged_and_revoked_by_id(
        client: TestClient, accounts: dict[str, Api], clock: Clock) -> None:
    alice = accounts["alice"]
    made = []
    for n in range(4):
        clock.advance(seconds=1)
        made.append(client.post("/api/tokens", json={
            "name": "alice", "password": "correct horse battery", "label": f"bot {n}"}
        ).json()["token"])
    listed, read = pages(alice, "/api/tokens?limit=2")
    assert [t["label"] for t in listed] == ["api", "bot 0", "bot 1", "bot 2", "bot 3"]
    assert len(read) == 3
    text = str(listed)
    assert not any(token in text for token in [alice.token, *made])
    assert set(listed[0]) == {"id", "label", "created"}
    # bob sees only his own.
    assert [t["label"] for t in accounts["bob"].ok("GET", "/api/tokens")] == ["api"]
    assert accounts["bob"].client.delete(f"/api/tokens/{listed[1]['id']}",
                                         headers=accounts["bob"].headers).status_code == 404
    gone = alice.client.delete(f"/api/tokens/{listed[1]['id']}", headers=alice.headers)
    assert gone.status_code == 204
    assert [t["label"] for t in alice.ok("GET", "/api/tokens")] == [
        "api", "bot 1", "bot 2", "bot 3"]
    revoked = Api(client, "alice", made[0])
    assert revoked.get("/api/me").status_code == 401


def _propose(api: Api, game: str, number: int) -> None:
    title = f"Change {number}"
    response = api.act(game, "propose", title=title, text=f"{title}, please")
    assert response.status_code == 200, response.text
    api.ok("POST", f"/api/games/{game}/actions",
           {"action": "retract", "args": {"proposal": number + 1}})


def test_proposals_page_by_id_in_the_api_and_on_the_page(app: FastAPI,
                                                        accounts: dict[str, Api],
                                                        game: str) -> None:
    alice = accounts["alice"]
    for n in range(5):
        _propose(alice, game, n)
    first = alice.get(f"/api/games/{game}/proposals?limit=2")
    assert list(first.json()) == ["1", "2"]
    _propose(alice, game, 5)  # made between two reads: on the last page
    found = NEXT.search(first.headers["link"])
    assert found is not None
    rest, _ = pages(alice, found.group(1))
    assert [p["title"] for p in list(first.json().values()) + rest] == [
        f"Change {n}" for n in range(6)]
    # The page shows the newest first, twenty at a time, with a link to older ones.
    for n in range(6, 22):
        _propose(alice, game, n)
    browser = log_in(app, "alice")
    newest = browser.client.get(f"/games/{game}/proposals")
    assert "#22 Change 21" in newest.text and "#3 Change 2" in newest.text
    assert "#2 Change 1" not in newest.text
    assert f'href="/games/{game}/proposals?before=3" rel="next"' in newest.text
    older = browser.client.get(f"/games/{game}/proposals?before=3")
    assert "#2 Change 1" in older.text and "#1 Change 0" in older.text
    assert "#3 Change 2" not in older.text and 'rel="next"' not in older.text


def test_the_lobby_and_the_account_link_to_their_next_page(
        app: FastAPI, accounts: dict[str, Api], clock: Clock) -> None:
    from nomicon.server.pages import LOBBY_PAGE

    made = make_games(accounts["alice"], clock, LOBBY_PAGE + 2)
    browser = log_in(app, "alice")
    newest = browser.client.get("/")
    assert f"game {made[-1]}" in newest.text and f"game {made[1]}" not in newest.text
    older = re.search(r'href="/\?after=([^"]+)" rel="next"', newest.text)
    assert older is not None and older.group(1) == made[2]
    rest = browser.client.get(f"/?after={older.group(1)}")
    assert f"game {made[1]}" in rest.text and f"game {made[0]}" in rest.text
    assert f"game {made[2]}" not in rest.text and 'rel="next"' not in rest.text
    account = browser.client.get("/account")
    assert account.status_code == 200 and 'rel="next"' not in account.text


def test_the_admin_console_pages_the_members(app: FastAPI, client: TestClient,
                                             accounts: dict[str, Api], game: str) -> None:
    from nomicon.server.game_pages import MEMBERS_PAGE

    names = [f"fan{n:02d}" for n in range(MEMBERS_PAGE)]
    for name in names:
        sign_up(client, name).ok("POST", f"/api/games/{game}/join", {"role": "observer"})
    browser = log_in(app, "alice")
    first = browser.client.get(f"/games/{game}/admin")
    more = re.search(r'href="/games/[^/]+/admin\?after=([^"#]+)#members" rel="next"',
                     first.text)
    assert more is not None
    second = browser.client.get(f"/games/{game}/admin?after={more.group(1)}")
    shown = re.findall(r"<li>([a-z0-9]+): (?:admin|player|observer)", first.text + second.text)
    assert sorted(shown) == sorted(["alice", "bob", *names])
