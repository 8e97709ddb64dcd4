"""`ragusa export-web DIR` and `ragusa bundle-engine FILE`: ragusa where user interfaces run (`ragusa.embed`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ragusa.embed.bundle import BundleError, bundle_engine
from ragusa.embed.export import ExportError, export_web
from ragusa.embed.wheels import WheelError

__all__ = ["configure_bundle", "configure_export", "run_bundle", "run_export"]


def configure_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", type=Path, help="the folder to write the site into (created)")
    p.add_argument(
        "--pyodide",
        type=Path,
        default=None,
        help="the npm package pyodide's folder (default: node_modules/pyodide or js/node_modules/pyodide)",
    )
    p.add_argument(
        "--wheels",
        type=Path,
        default=None,
        help="take the dependencies' wheels from this folder (offline) instead of the package index",
    )


def run_export(args: argparse.Namespace) -> int:
    try:
        files = export_web(args.dir, pyodide=args.pyodide, wheels=args.wheels)
    except (ExportError, WheelError) as exc:
        print(f"ragusa export-web: {exc}", file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in files)
    print(f"wrote {len(files)} files ({size / 1e6:.1f} MB) to {args.dir}: open index.html from a static server")
    return 0


def configure_bundle(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path, help="the executable to write")


def run_bundle(args: argparse.Namespace) -> int:
    try:
        path = bundle_engine(args.file)
    except BundleError as exc:
        print(f"ragusa bundle-engine: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB): it speaks the JSON-lines protocol of ragusa engine")
    return 0
