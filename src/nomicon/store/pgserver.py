"""A private, throwaway PostgreSQL server, for tests and benchmarks.

:class:`PostgresServer` creates a cluster in a temporary directory with the server
programs installed on this machine, starts it listening on the loopback interface
only (a free port, plus a unix socket in the cluster's directory), and deletes
everything when stopped. Authentication is ``trust``: the server is reachable only
from this machine, holds only test data, and lives as long as one test session.

PostgreSQL refuses to run as root, so when the caller is root the server programs
run as the ``postgres`` system user (which Debian's packages create) through
``runuser``, and the directory is handed to that user.

    with PostgresServer.start() as server:
        server.create_database("games")
        store = SqlStore(server.url("games"))
"""

from __future__ import annotations

import atexit
import glob
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import psycopg

from .errors import StoreError

__all__ = ["PostgresServer", "find_bindir"]

USER = "nomicon"
SYSTEM_USER = "postgres"  # who runs the server when the caller is root
_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
# Where Debian installs the server programs, one directory per major version.
_DEBIAN_BINDIRS = "/usr/lib/postgresql/*/bin"


def _has_server(bindir: str | os.PathLike[str]) -> bool:
    return all(os.access(Path(bindir) / tool, os.X_OK) for tool in ("initdb", "pg_ctl"))


def _version(bindir: str) -> tuple[int, ...]:
    numbers = re.findall(r"\d+", Path(bindir).parent.name)
    return tuple(int(n) for n in numbers)


def find_bindir() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``, or None if there is none.

    Looked for, in order: ``$NOMICON_PG_BINDIR``; beside ``pg_ctl`` on the PATH;
    ``pg_config --bindir``; the newest version in Debian's layout.
    """
    candidates: list[str] = []
    if os.environ.get("NOMICON_PG_BINDIR"):
        candidates.append(os.environ["NOMICON_PG_BINDIR"])
    on_path = shutil.which("pg_ctl")
    if on_path:
        candidates.append(str(Path(on_path).parent))
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                 check=True, timeout=30)
            candidates.append(out.stdout.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    candidates.extend(sorted(glob.glob(_DEBIAN_BINDIRS), key=_version, reverse=True))
    for candidate in candidates:
        if candidate and _has_server(candidate):
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class PostgresServer:
    """A PostgreSQL cluster in a temporary directory; see the module docstring.

    ``settings`` are extra server settings (``{"fsync": "off"}``...); by default the
    server keeps PostgreSQL's defaults, durability included.
    """

    def __init__(self, bindir: Path, directory: Path, port: int, as_user: str | None) -> None:
        self.bindir = bindir
        self.directory = directory
        self.port = port
        self._as_user = as_user
        self._running = False
        self._lock = threading.Lock()
        self._counter = 0

    @classmethod
    def start(cls, bindir: Path | None = None,
              settings: dict[str, str] | None = None) -> PostgresServer:
        """Create and start a server; raises :class:`StoreError` if that fails."""
        found = bindir or find_bindir()
        if found is None:
            raise StoreError("no PostgreSQL server programs (initdb, pg_ctl) found")
        as_user = SYSTEM_USER if os.geteuid() == 0 else None
        directory = Path(tempfile.mkdtemp(prefix="nomicon-pg-"))
        server = cls(found, directory, 0, as_user)
        try:
            if as_user is not None:
                try:
                    owner = pwd.getpwnam(as_user)
                except KeyError:
                    raise StoreError(f"running as root, but there is no {as_user!r} user to "
                                     "run PostgreSQL as") from None
                os.chown(directory, owner.pw_uid, owner.pw_gid)
            server._run("initdb", "-D", str(directory / "data"), "-U", USER, "-A", "trust",
                        "-E", "UTF8", "--locale=C", "--no-sync")
            server._launch(settings or {})
        except BaseException:
            server._remove()
            raise
        atexit.register(server.stop)
        return server

    def _command(self, tool: str, *args: str) -> list[str]:
        command = [str(self.bindir / tool), *args]
        if self._as_user is None:
            return command
        runuser = shutil.which("runuser")
        if runuser is None:
            raise StoreError("running as root, but runuser is not available")
        return [runuser, "-u", self._as_user, "--", *command]

    def _run(self, tool: str, *args: str) -> None:
        try:
            result = subprocess.run(self._command(tool, *args), capture_output=True, text=True,
                                    timeout=120, cwd=self.directory)
        except (OSError, subprocess.SubprocessError) as exc:
            raise StoreError(f"{tool} failed: {exc}") from exc
        if result.returncode != 0:
            output = (result.stderr or result.stdout).strip()
            raise StoreError(f"{tool} failed (exit status {result.returncode}): {output}")

    def _launch(self, settings: dict[str, str]) -> None:
        options = {"listen_addresses": "127.0.0.1",
                   "unix_socket_directories": str(self.directory), **settings}
        last: StoreError | None = None
        for _ in range(5):  # the free port may be taken before the server binds it
            self.port = _free_port()
            flags = " ".join(f"-c {key}={value}" for key, value in
                             {**options, "port": str(self.port)}.items())
            try:
                self._run("pg_ctl", "-D", str(self.directory / "data"), "-l",
                          str(self.directory / "server.log"), "-w", "-t", "60", "-o", flags,
                          "start")
            except StoreError as exc:
                last = exc
                continue
            self._running = True
            return
        assert last is not None
        raise StoreError(f"{last}; see {self.directory / 'server.log'}")

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of ``database`` on this server (psycopg 3 driver)."""
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def _admin(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(host="127.0.0.1", port=self.port, user=USER, dbname="postgres",
                               autocommit=True)

    def create_database(self, name: str | None = None) -> str:
        """Create an empty database (a fresh name if none is given); returns its name."""
        if name is None:
            with self._lock:
                self._counter += 1
                name = f"db{self._counter}"
        if not _NAME.match(name):
            raise StoreError(f"not a plain database name: {name!r}")
        with self._admin() as conn:
            conn.execute(f"CREATE DATABASE {name}")  # checked name: no injection
        return name

    def drop_database(self, name: str) -> None:
        """Drop ``name``, disconnecting whoever is still connected to it."""
        if not _NAME.match(name):
            raise StoreError(f"not a plain database name: {name!r}")
        with self._admin() as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    @contextmanager
    def temporary_database(self) -> Iterator[str]:
        """The URL of a fresh, empty database, dropped when the block ends (close every
        store on it first)."""
        name = self.create_database()
        try:
            yield self.url(name)
        finally:
            self.drop_database(name)

    def stop(self) -> None:
        """Stop the server and delete its directory. Idempotent."""
        if self._running:
            self._running = False
            try:
                self._run("pg_ctl", "-D", str(self.directory / "data"), "-m", "immediate",
                          "-w", "stop")
            finally:
                self._remove()
        else:
            self._remove()

    def _remove(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self) -> PostgresServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def log_tail(self, lines: int = 20) -> Sequence[str]:
        """The last lines of the server's log (for error messages)."""
        try:
            text = (self.directory / "server.log").read_text(errors="replace")
        except OSError:
            return []
        return text.splitlines()[-lines:]

