"""A real PostgreSQL server in a temporary folder, for the tests of several processes.

Debian's ``postgresql`` package: ``initdb`` into a fresh folder, a Unix socket in
that folder only (no TCP port, so parallel runs never collide), ``pg_ctl`` to
start, stop and restart it. initdb refuses to run as root, so as root every
command runs as the package's ``postgres`` user (``runuser``), who owns the folder.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["PostgresServer", "find_bin", "running_postgres"]

PORT = 5432
"""The socket's number (its file is ``.s.PGSQL.5432`` in the folder; no TCP)."""

USER = "skipbo"
"""The database superuser initdb makes (trusted on the folder's socket)."""


def find_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/<version>/bin`` holding ``initdb``, if any."""
    found = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if not found:
        return None
    return Path(max(found, key=lambda path: int(Path(path).parts[-3]))).parent


class PostgresServer:
    """One PostgreSQL cluster in a temporary folder; :meth:`url` of a fresh database each."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="skipbo-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self._owner: str | None = None
        if os.geteuid() == 0:
            self._owner = "postgres"
            record = pwd.getpwnam(self._owner)
            os.chown(self.root, record.pw_uid, record.pw_gid)
        self._databases = 0
        self._run(
            "initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync"
        )

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self._owner is not None:
            command = ["runuser", "-u", self._owner, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        """Start the server and wait until it accepts connections (``pg_ctl -w``)."""
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.root}' -p {PORT}"
            # A test cluster: a machine crash loses nothing a test checks, and the
            # disk is shared by many developers. Killed processes lose nothing either way.
            " -c fsync=off -c max_connections=200"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self) -> None:
        """Stop the server now (``-m fast``: open connections are cut off)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        """A connection URL over the folder's socket."""
        return f"postgresql://{USER}@/{database}?host={self.root}&port={PORT}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"t{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def remove(self) -> None:
        """Stop the server (if it runs) and delete its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def running_postgres() -> Iterator[PostgresServer]:
    """A started server, removed afterwards.

    Raises:
        FileNotFoundError: if Debian's ``postgresql`` package is not installed.

    """
    bin_dir = find_bin()
    if bin_dir is None:
        raise FileNotFoundError(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
            "apt-get install postgresql"
        )
    server = PostgresServer(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.remove()
