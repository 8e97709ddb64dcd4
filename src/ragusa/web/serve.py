"""`ragusa serve`: run the web app with uvicorn on 127.0.0.1:8765 (`--host`, `--port`, `--db`)."""

from __future__ import annotations

import argparse
import sys

from .db import default_db_path

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--db", default=None, help=f"SQLite file of the games (default {default_db_path()})")


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from .app import create_app
    except ImportError as exc:
        print(f"ragusa serve needs the web extra: pip install 'ragusa[web]' ({exc.name} is missing)", file=sys.stderr)
        return 1
    db = args.db or default_db_path()
    app = create_app(db)
    print(f"Ragusa is served at http://{args.host}:{args.port}/  (games in {db}; Ctrl-C stops)", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
