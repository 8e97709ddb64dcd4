"""Command line: `python -m ragusa.spec check|matrix|show`.

`check`   validate the registry and the traceability; exit 1 with a readable list of
            problems when an active clause lacks code or a running test, or when code
            or tests name an unknown clause ID.
`matrix`  print the clause -> code -> tests matrix (Markdown, or JSON with
            `--format json`: the raw `Traceability`).
`show ID`  print one clause: its text, editions' notes, the functions that implement it and the
            tests that check it, each with file and line (`ragusa.spec.show`; as `ragusa clause ID`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ragusa.spec.check import check, format_report
from ragusa.spec.loading import load_registry
from ragusa.spec.matrix import render_document
from ragusa.spec.registry import Registry, RegistryError
from ragusa.spec.show import default_tests_dir, render


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m ragusa.spec", description="Check the clause catalogue against the code and the tests."
    )
    parser.add_argument(
        "--registry", type=Path, default=None, help="clause registry file (default: the packaged clauses.toml)"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check_cmd = commands.add_parser("check", help="fail unless every active clause has code and a running test")
    check_cmd.add_argument("--tests", type=Path, default=Path("tests"), help="tests directory (default: ./tests)")
    matrix_cmd = commands.add_parser("matrix", help="print the clause -> code -> tests matrix")
    matrix_cmd.add_argument("--tests", type=Path, default=Path("tests"), help="tests directory (default: ./tests)")
    matrix_cmd.add_argument("--format", choices=("markdown", "json"), default="markdown")
    matrix_cmd.add_argument("--output", type=Path, default=None, help="write to this file instead of stdout")
    configure_show(commands.add_parser("show", help="print one clause, the code that implements it and its tests"))
    return parser


def configure_show(parser: argparse.ArgumentParser) -> None:
    """The arguments of `show` (and of `ragusa clause`)."""
    parser.add_argument("clause", help="a clause ID, e.g. BUILD-2")
    parser.add_argument(
        "--tests", type=Path, default=None, help="tests directory (default: ./tests, or the checkout's tests)"
    )


def show(args: argparse.Namespace, registry: Registry | None = None) -> int:
    """Print the clause `args.clause` (`ragusa.spec.show.render`); 2 for an unknown ID."""
    registry = registry if registry is not None else _registry(getattr(args, "registry", None))
    if registry is None:
        return 1
    wanted = args.clause.strip().upper()
    if wanted not in registry:
        near = [c for c in registry.ids if c.startswith(wanted.rsplit("-", 1)[0])] or list(registry.ids)
        print(f"no clause {args.clause!r}; clauses: {', '.join(near)}", file=sys.stderr)
        return 2
    print(render(wanted, registry, args.tests if args.tests is not None else default_tests_dir()))
    return 0


def _registry(path: Path | None) -> Registry | None:
    try:
        return load_registry(path)
    except RegistryError as exc:
        print(exc, file=sys.stderr)
        return None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    registry = _registry(args.registry)
    if registry is None:
        return 1
    if args.command == "show":
        return show(args, registry)
    from ragusa.spec.trace import gather  # collects the tests with pytest (the test extra)

    traceability = gather(args.tests)
    if args.command == "matrix":
        text = traceability.to_json() if args.format == "json" else render_document(check(registry, traceability))
        if args.output is None:
            print(text)
        else:
            args.output.write_text(text + "\n", encoding="utf-8")
        return 0
    report = check(registry, traceability)
    print(format_report(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
