"""mkdocs hook: build the rule pages and the generated blocks from ``ragusa.spec``.

* ``on_files`` gathers the traceability (in a subprocess, so that every build sees the
  current code and tests), checks it against the registry, and adds one generated page
  per rule area (``rules/<area>.md``). The build fails, strict or not, when the trace is
  incomplete: a module that does not import, tests that cannot be collected (pytest or
  hypothesis missing: install ``.[docs]``, which pulls in the test tools), or a clause
  without code or a running test. A site never publishes a partial matrix.
* ``on_page_markdown`` replaces placeholders of the form ``<!-- ragusa:NAME -->`` in
  the hand-written pages; an unknown NAME fails the build.

Nothing here knows a rule: the text comes from ``ragusa/spec/clauses.toml``.
"""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import attrs
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from ragusa.spec import CheckReport, Registry, Traceability, check, default_registry, format_report, pages

log = logging.getLogger("mkdocs.hooks.ragusa_docs")

PLACEHOLDER = "<!-- ragusa:{} -->"


@attrs.frozen
class _Build:
    root: Path
    registry: Registry
    report: CheckReport


_current: list[_Build] = []


def _repo_root(config: MkDocsConfig) -> Path:
    return Path(str(config.config_file_path)).resolve().parent


def _gather(root: Path) -> Traceability:
    """Run ``python -m ragusa.spec matrix --format json`` and read its output."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "trace.json"
        cmd = [sys.executable, "-m", "ragusa.spec", "matrix", "--format", "json", "--output", str(out)]
        cmd += ["--tests", str(root / "tests")]
        try:
            proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=900, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return Traceability({}, (), collection_error=f"could not run {' '.join(cmd)}: {exc}")
        if proc.returncode != 0 or not out.exists():
            error = (proc.stderr or proc.stdout).strip()[-4000:]
            return Traceability({}, (), collection_error=f"{' '.join(cmd)} failed:\n{error}")
        return Traceability.from_json(out.read_text(encoding="utf-8"))


def on_files(files: Files, config: MkDocsConfig) -> Files:
    root = _repo_root(config)
    registry = default_registry()
    report = check(registry, _gather(root))
    if not report.ok:
        raise PluginError(
            "ragusa docs: the traceability is incomplete, so the rule pages would be wrong.\n"
            + format_report(report)
            + "\n(the hook needs the package and its test tools: pip install '.[docs]')"
        )
    log.info("ragusa.spec: %s", report.summary())
    _current[:] = [_Build(root, registry, report)]
    for area in pages.RULE_AREAS:
        content = pages.render_area_page(report, registry, area)
        files.append(File.generated(config, pages.area_page(area), content=content))
    return files


def _provenance(build: _Build) -> str:
    data = json.loads((build.root / "src" / "ragusa" / "core" / "data" / "standard.json").read_text(encoding="utf-8"))
    return pages.render_provenance(data["provenance"])


def _board_svg() -> str:
    from ragusa.text.render import board_svg

    return '<div class="ragusa-board" markdown="0">\n' + board_svg() + "\n</div>"


def _market_table() -> str:
    from ragusa.core.components import COMPONENTS

    m = COMPONENTS.market
    rows = ["| space | " + " | ".join(str(i) for i in range(len(m.track))) + " |", "|---" * (len(m.track) + 1) + "|"]
    rows.append("| value | " + " | ".join(f"**{v}**" if i == m.start else str(v) for i, v in enumerate(m.track)) + " |")
    slots = ["", "| slot (left to right) | base cost | lowers when bought |", "|---|---|---|"]
    for i, slot in enumerate(m.slots):
        cost = ", ".join(f"{n} {c}" for c, n in slot.cost.items())
        slots.append(f"| {i} | {cost} | {slot.lowers} |")
    return "\n".join(rows) + f"\n\nEvery bead starts on space {m.start} (in bold).\n" + "\n".join(slots)


def _ships_table() -> str:
    from ragusa.core.components import COMPONENTS

    rows = ["| ship | good | stars | extra cost | on arrival raises |", "|---|---|---|---|---|"]
    for ship in COMPONENTS.ships:
        rows.append(
            f"| {ship.id} | {ship.good} | {ship.stars} | {ship.extra_cost or '-'} | "
            f"{ship.arrival.commodity} +{ship.arrival.steps} |"
        )
    return "\n".join(rows)


def _bonus_table() -> str:
    from ragusa.core.components import COMPONENTS

    rows = ["| card | kind | scores | VP |", "|---|---|---|---|"]
    for card in COMPONENTS.bonus_cards:
        what = card.resource or card.good or ""
        vp = str(card.vp) + (f" (1st edition: {card.vp_1st_edition})" if card.vp_1st_edition is not None else "")
        rows.append(f"| {card.id} | {card.kind} | {what} | {vp} |")
    return "\n".join(rows) + "\n\nEach card scores at most 12 VP (END-BONUS-1)."


def _blocks(build: _Build, page: str) -> dict[str, Callable[[], str]]:
    registry, report = build.registry, build.report
    return {
        "editions-table": lambda: pages.render_editions_table(registry, page),
        "clauses:editions": lambda: pages.render_clauses(report, registry, "editions", page),
        "clauses:rulings": lambda: pages.render_clauses(report, registry, "rulings", page),
        "contradictions": lambda: pages.render_contradictions(registry, page),
        "coverage": lambda: pages.render_coverage(report),
        "environment": lambda: pages.render_environment_notes(report),
        "matrix": lambda: pages.render_traceability_matrix(report, page),
        "provenance": lambda: _provenance(build),
        "board": _board_svg,
        "market": _market_table,
        "ships": _ships_table,
        "bonus-cards": _bonus_table,
    }


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if "<!-- ragusa:" not in markdown:
        return markdown
    build = _current[0]
    blocks = _blocks(build, page.file.src_uri)
    for name, render in blocks.items():
        marker = PLACEHOLDER.format(name)
        if marker in markdown:
            markdown = markdown.replace(marker, render())
    if "<!-- ragusa:" in markdown:
        leftover = markdown[markdown.index("<!-- ragusa:") :].split("-->", 1)[0] + "-->"
        raise PluginError(f"{page.file.src_uri}: unknown placeholder {leftover} (known: {', '.join(blocks)})")
    return markdown
