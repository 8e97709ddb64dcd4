"""`ragusa serve`: run the web app with uvicorn on 127.0.0.1:8765 (`--host`, `--port`, `--db`, `--workers`).

The server listens before it prints its address, so the printed line names a port it holds;
`--port 0` takes any free port and prints which.

`--db` is a SQLite file (the default: `games.sqlite3` in the user's data directory) or a
PostgreSQL URL (`postgresql://user:password@host/dbname`, the `postgres` extra); any number of
`ragusa serve` processes may serve one database at once.
"""

from __future__ import annotations

import argparse
import socket
import sys

from .db import default_db_path, shown

__all__ = ["configure", "run"]

#: seconds a stopping server gives open requests (the pages' event streams among them) to finish
GRACE = 2


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port, printed)")
    p.add_argument(
        "--db",
        default=None,
        help=f"the games' database: a SQLite file or a postgresql:// URL (default {default_db_path()})",
    )
    p.add_argument("--workers", type=int, default=None, help="processes the bots think in (default: one per core)")


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        print(f"ragusa serve needs the web extra: pip install 'ragusa[web]' ({exc.name} is missing)", file=sys.stderr)
        return 1
    db = args.db or default_db_path()
    if args.workers is not None and args.workers < 1:
        print("--workers must be at least 1", file=sys.stderr)
        return 2
    try:
        app = create_app(db, workers=args.workers)
    except Exception as exc:  # the database cannot be opened: say so, no traceback
        print(f"ragusa serve cannot open the games' database {shown(db)}: {exc}", file=sys.stderr)
        return 1
    try:
        sock = listen(args.host, args.port)
    except OSError as exc:
        print(f"ragusa serve cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    port = sock.getsockname()[1]
    print(f"Ragusa is served at http://{args.host}:{port}/  (games in {shown(db)}; Ctrl-C stops)", flush=True)
    config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=GRACE)
    uvicorn.Server(config).run(sockets=[sock])
    return 0


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on `host`:`port` (0: a free port the system picks)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock
