"""``nomicon serve``: it starts a demo game on an empty store, prints the address and
the demo password, and serves until stopped; every later start says how to sign in to
the demo again; requests are logged (uvicorn's access log) at the level chosen."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

ADDRESS = re.compile(r"(http://127\.0\.0\.1:\d+/)")
DEMO = re.compile(r"Demo game (\w+): log in as (\S+) \(its admin\).* with the password (\S+)")


def test_serve_prints_the_address_and_serves_a_demo_game(tmp_path: Path) -> None:
    command = [sys.executable, "-c", "from nomicon.cli import main; main()",
               "serve", "--db", f"sqlite:///{tmp_path / 'served.db'}", "--port", "0"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, env=env, cwd=tmp_path)
    try:
        assert server.stdout is not None
        seen = ""
        deadline = time.monotonic() + 60
        while "Press Ctrl+C" not in seen:
            line = server.stdout.readline()
            assert line or server.poll() is None, seen
            assert time.monotonic() < deadline, seen
            seen += line
        address = ADDRESS.search(seen)
        demo = DEMO.search(seen)
        assert address and demo, seen
        base, (game, admin, password) = address.group(1), demo.groups()
        with httpx.Client(base_url=base, timeout=10) as client:
            assert "Nomicon" in client.get("/").text
            made = client.post("/api/tokens", json={"name": admin, "password": password})
            assert made.status_code == 201, made.text
            headers = {"Authorization": f"Bearer {made.json()['token']}"}
            games = client.get("/api/games", headers=headers).json()
            assert [(g["id"], g["role"]) for g in games] == [(game, "admin")]
            view = client.get(f"/api/games/{game}", headers=headers).json()["view"]
            assert set(view["players"]) == {"alice", "bob", "carol"}
            assert view["turn"]["number"] > 1  # the bots have played
            alice = client.post("/api/tokens", json={"name": "alice", "password": password})
            assert alice.status_code == 201
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        if server.stdout is not None:
            server.stdout.close()
    # uvicorn stops cleanly, then exits as interrupted (128 + SIGINT)
    assert server.returncode in (0, 128 + signal.SIGINT, -signal.SIGINT)


def _start(db: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """``nomicon serve`` on ``db`` and any port; the process and what it printed up to
    "Press Ctrl+C"."""
    command = [sys.executable, "-c", "from nomicon.cli import main; main()",
               "serve", "--db", f"sqlite:///{db}", "--port", "0", *extra]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200"}
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, env=env, cwd=db.parent)
    assert server.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "Press Ctrl+C" not in seen:
        line = server.stdout.readline()
        assert line or server.poll() is None, seen
        assert time.monotonic() < deadline, seen
        seen += line
    return server, seen


def _stop(server: subprocess.Popen[str]) -> str:
    """Stop the server; what it printed after starting."""
    server.send_signal(signal.SIGINT)
    try:
        rest, _ = server.communicate(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        rest, _ = server.communicate()
    return rest


def test_every_start_says_how_to_sign_in_to_the_demo_and_requests_are_logged(
        tmp_path: Path) -> None:
    db = tmp_path / "served.db"
    first, seen = _start(db)
    try:
        found = DEMO.search(seen)
        assert found, seen
        game, admin, old_password = found.groups()
    finally:
        _stop(first)
    second, seen = _start(db)
    try:
        again = DEMO.search(seen)
        address = ADDRESS.search(seen)
        assert again and address, seen
        assert again.group(1) == game and again.group(2) == admin
        new_password = again.group(3)
        assert new_password != old_password
        assert "Sign up on the page" not in seen
        with httpx.Client(base_url=address.group(1), timeout=10) as client:
            for name in (admin, "alice", "bob", "carol"):
                made = client.post("/api/tokens", json={"name": name, "password": new_password})
                assert made.status_code == 201, (name, made.text)
            stale = client.post("/api/tokens", json={"name": admin, "password": old_password})
            assert stale.status_code == 401
            assert client.get("/login").status_code == 200
    finally:
        logged = _stop(second)
    # uvicorn's access log: a line per request, with its method, path and status.
    assert re.search(r'"GET /login HTTP/1\.1" 200', logged), logged
    assert re.search(r'"POST /api/tokens HTTP/1\.1" 401', logged), logged
    quiet, seen = _start(db, "--log-level", "warning")
    try:
        address = ADDRESS.search(seen)
        assert address, seen
        with httpx.Client(base_url=address.group(1), timeout=10) as client:
            assert client.get("/login").status_code == 200
    finally:
        said = _stop(quiet)
    assert "GET /login" not in said
