"""``nomicon serve``: it starts a demo game on an empty store, prints the address and
the demo password, and serves until stopped."""

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
