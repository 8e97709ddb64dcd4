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

import functools
import importlib.util
import json
import logging
import math
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

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
        raise PluginError(_failure(report))
    log.info("ragusa.spec: %s", report.summary())
    _current[:] = [_Build(root, registry, report)]
    for area in pages.RULE_AREAS:
        content = pages.render_area_page(report, registry, area)
        files.append(File.generated(config, pages.area_page(area), content=content))
    api, api_page = _http_api()
    files.append(File.generated(config, "openapi.json", content=json.dumps(api, indent=2) + "\n"))
    files.append(File.generated(config, "http-api.md", content=api_page))
    return files


def _http_api() -> tuple[dict[str, Any], str]:
    """The OpenAPI description of `ragusa serve`'s HTTP API, and a page that presents it."""
    from ragusa._version import __version__
    from ragusa.service.openapi import openapi
    from ragusa.service.reference import reference

    doc = openapi(__version__)
    lines = [
        "# HTTP API (OpenAPI)",
        "",
        "`ragusa serve` speaks the [protocol](play.md) over HTTP. This page is generated from the same",
        "OpenAPI 3.1 description a running server gives at `/api/openapi.json`",
        "([download it](openapi.json)). Requests and responses are the protocol's messages; their",
        "references to the library's documents (`action.schema.json`, `view.schema.json`...) resolve",
        "against `/schemas/` on the server (the same files as the repository's `schemas/`).",
        "",
        "| method | path | what | answers |",
        "|---|---|---|---|",
    ]
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            answers = "; ".join(f"{code}: {r['description']}" for code, r in op.get("responses", {}).items())
            lines.append(f"| {method.upper()} | `{path}` | {op.get('summary', '')} | {answers} |")
    lines += ["", "## Messages", "", "| schema | description |", "|---|---|"]
    for name, schema in sorted(doc["components"]["schemas"].items()):
        text = " ".join(str(schema.get("description", "")).split())
        lines.append(f"| `{name}` | {text} |")
    lines += ["", *reference().splitlines()]
    body = json.dumps(doc, indent=2).replace("\n", "\n    ")
    lines += ["", '??? note "The whole OpenAPI document"', "", "    ```json", "    " + body, "    ```", ""]
    return doc, "\n".join(lines)


def _failure(report: CheckReport) -> str:
    """Why the build stops. A module that does not import or tests that cannot be collected
    leave every clause uncovered: then only those causes are listed, not the 89 consequences."""
    causes = [p for p in report.problems if p.kind in ("import-error", "collection-error")]
    shown = attrs.evolve(report, problems=tuple(causes)) if causes else report
    return (
        "ragusa docs: the traceability is incomplete, so the rule pages would be wrong.\n"
        + format_report(shown)
        + "\n(the hook needs the package and its test tools: pip install '.[docs]')"
    )


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


# ------------------------------------------------------------------ pictures
# Annotated boards for "Rules in five minutes": ragusa.text.render draws the board (and a position);
# the hook adds numbered rings around the spots, hexes and wall segments a legend explains. The
# positions come from seeded games, so every picture is redrawn from the current rules and data.

_SPOT_XY = re.compile(r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([\d.]+)"[^>]*><title>(s\d+):')
_HEX_XY = re.compile(r'<polygon points="([^"]+)"[^>]*><title>([^<]+)</title>')
MARK = "#e63946"


def _anchors(svg: str) -> dict[str, tuple[float, float, float, bool]]:
    """Id -> (x, y, ring radius, is a hex) for every spot, hex and wall segment of a drawn board."""
    from ragusa.core.board import BOARD

    found = {
        m.group(4): (float(m.group(1)), float(m.group(2)), 2.2 * float(m.group(3)), False)
        for m in _SPOT_XY.finditer(svg)
    }
    for m in _HEX_XY.finditer(svg):
        pts = [tuple(float(v) for v in p.split(",")) for p in m.group(1).split()]
        cx, cy = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        found[m.group(2)] = (cx, cy, 0.6 * math.dist((cx, cy), pts[0]), True)
    for seg, (a, b) in zip(BOARD.wall_ids, BOARD.wall_spots, strict=True):
        (xa, ya, r, _), (xb, yb, _, _) = found[BOARD.spot_ids[a]], found[BOARD.spot_ids[b]]
        found[seg] = ((xa + xb) / 2, (ya + yb) / 2, r, False)
    return found


def _annotate(svg: str, marks: list[str]) -> str:
    """The board with ring number i around ``marks[i-1]`` (a spot, hex or wall segment id).

    A hex gets a ring inside it with its number on top; a spot or a wall segment a small ring
    with its number below right. Every ring is drawn before every number, so no ring hides one.
    """
    anchors = _anchors(svg)
    rings, badges = [], []
    for number, target in enumerate(marks, 1):
        if target not in anchors:
            raise PluginError(f"picture: nothing called {target!r} on the board")
        x, y, r, is_hex = anchors[target]
        bx, by = (x, y - r) if is_hex else (x + 0.8 * r, y + 0.8 * r)
        rings.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="none" stroke="{MARK}" stroke-width="3"/>')
        badges += [
            f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="9" fill="{MARK}" stroke="#fff" stroke-width="1.5"/>',
            f'<text x="{bx:.1f}" y="{by + 4:.1f}" font-size="12" font-weight="bold" text-anchor="middle" '
            f'fill="#fff">{number}</text>',
        ]
    return svg.replace("</svg>", "\n".join(rings + badges) + "\n</svg>")


def _figure(svg: str, legend: list[tuple[str, str]], caption: str) -> str:
    """An annotated board and its numbered legend (mark id, explanation)."""
    items = "\n".join(f"{n}. **{mark}**: {text}" for n, (mark, text) in enumerate(legend, 1))
    board = _annotate(svg, [mark for mark, _ in legend])
    return (
        f'<figure class="ragusa-board" markdown="0">\n{board}\n<figcaption>{caption}</figcaption>\n</figure>\n\n{items}'
    )


def _picture_board() -> str:
    from ragusa.text.render import board_svg

    legend = [
        ("forest-1", "a country hex: a house here gains 1 wood (ACT-1); the hex asks for wood (BUILD-2)."),
        ("sea-5", "a sea hex: a house here gains 1 fish (ACT-2); it asks for nothing (BUILD-4)."),
        (
            "oil-press",
            "a city hex, one of ten buildings: it asks for stone (BUILD-3) and makes every house on it work (ACT-3).",
        ),
        ("s16", "a spot, the corner of three hexes: houses stand on spots, one per spot (TURN-1)."),
        ("s68", "a tower spot (outlined) on the wall ring: the Architect puts towers there (ARCHITECT-1)."),
        ("w1", "a wall segment of the dashed ring: the Mason builds walls there (MASON-1)."),
    ]
    return _figure(board_svg(), legend, "The board, drawn from the component data.")


def _demo_game(players: int, seed: int, placements: int | None) -> tuple[Any, Any]:
    """A seeded game of greedy bots, stopped after ``placements`` houses (None: played out)."""
    import random

    from ragusa import apply, is_terminal, legal_actions, new_game
    from ragusa.bots import GreedyBot
    from ragusa.core.actions import Place

    state, bot, rng, last = new_game(players, seed=seed), GreedyBot(), random.Random(seed), None
    while not is_terminal(state) and (placements is None or state.placements < placements):
        action = bot.choose(state, legal_actions(state), rng)
        last = action if isinstance(action, Place) else last
        state = apply(state, action)
    return state, last


def _hex_note(state: Any, seat: int, hex_id: str) -> str:
    from ragusa.core.board import BOARD, KIND_CITY, KIND_SEA
    from ragusa.core.components import BUILDING_NAMES, BUILDINGS, RESOURCES

    h = BOARD.hex_ids.index(hex_id)
    own = sum(1 for s in BOARD.hex_spots[h] if state.houses[s] == seat)
    if BOARD.hex_kind[h] == KIND_SEA:
        return "sea: no requirement; the house gains 1 fish."
    if BOARD.hex_kind[h] == KIND_CITY:
        name = BUILDING_NAMES[BUILDINGS[BOARD.hex_building[h]]]
        return (
            f"the {name}: with this house the seat has {own} here, so it needed {own} stone; then the building works."
        )
    res = RESOURCES[BOARD.hex_resource[h]].replace("_", " ")
    return f"country: the seat's {own} house(s) here needed {own} wood; the house gains 1 {res}."


def _picture_turn() -> str:
    from ragusa.core.board import BOARD
    from ragusa.text.render import board_svg

    state, place = _demo_game(3, seed=3, placements=13)
    seat = state.houses[BOARD.spot_index[place.spot]]
    hexes = [BOARD.hex_ids[h] for h in BOARD.spot_hexes[BOARD.spot_index[place.spot]]]
    legend = [(place.spot, f"seat {seat}'s new house (the seats' colours: red, orange, blue).")]
    legend += [(h, _hex_note(state, seat, h)) for h in hexes]
    caption = f"A 3-player game (seed 3, greedy bots) after {state.placements} houses."
    return _figure(board_svg(state), legend, caption)


def _picture_end() -> str:
    from ragusa import score_breakdown
    from ragusa.core.board import BOARD
    from ragusa.text.render import board_svg

    state, _ = _demo_game(3, seed=3, placements=None)
    walls = [BOARD.wall_ids[i] for i, owner in enumerate(state.walls) if owner >= 0]
    towers = [BOARD.spot_ids[i] for i, owner in enumerate(state.towers) if owner >= 0]
    svg = board_svg(state)
    anchors = _anchors(svg)
    wall = max(walls, key=lambda w: math.dist(anchors[w][:2], anchors[towers[0]][:2]))
    legend = [
        (wall, f"a built wall ({len(walls)} of 22 segments are built): its builder scored it at once (MASON-1)."),
        (towers[0], f"a tower ({len(towers)} on the board): towers count for walls and some bonus cards."),
    ]
    rows = ["| seat | " + " | ".join(k for k in score_breakdown(state)[0]) + " |"]
    rows.append("|---" * (len(score_breakdown(state)[0]) + 1) + "|")
    for seat, vp in enumerate(score_breakdown(state)):
        rows.append(f"| {seat} | " + " | ".join(str(v) for v in vp.values()) + " |")
    caption = "The same game at its end: houses, walls (solid) and towers (coloured squares)."
    return _figure(svg, legend, caption) + "\n\nThe final scores by source (END):\n\n" + "\n".join(rows)


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
        "code-reference": lambda: pages.render_code_reference(report),
        "provenance": lambda: _provenance(build),
        "board": _board_svg,
        "market": _market_table,
        "ships": _ships_table,
        "bonus-cards": _bonus_table,
        "picture:board": lambda: pages.linkify(_picture_board(), registry, page),
        "picture:turn": lambda: pages.linkify(_picture_turn(), registry, page),
        "picture:end": lambda: pages.linkify(_picture_end(), registry, page),
    }


#: where the board editor of `ragusa serve` (its default address) opens a position
EDITOR = "http://127.0.0.1:8765/editor"
_HEADING = re.compile(r"^### ([A-Z]+(?:-[A-Z]+)*-\d+[a-z]?) · .*\{ #\1 \}$")


@functools.lru_cache(maxsize=1)
def _clause_positions() -> dict[str, dict[str, str]]:
    """Each clause's example position (`tools/clause_positions.py` writes docs/clause-positions.json)."""
    path = Path(__file__).resolve().parents[1] / "clause-positions.json"
    found: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return found


@functools.lru_cache(maxsize=1)
def _no_position() -> dict[str, str]:
    """The clauses no single position can show, with the reason (`NO_POSITION` of tools/clause_positions.py)."""
    path = Path(__file__).resolve().parents[2] / "tools" / "clause_positions.py"
    spec = importlib.util.spec_from_file_location("clause_positions", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    reasons: dict[str, str] = module.NO_POSITION
    return reasons


def _example(clause: str) -> str | None:
    example = _clause_positions().get(clause)
    if example is None:
        reason = _no_position().get(clause)
        return None if reason is None else f"- **Example:** no single position shows this clause: {reason}."
    link = f"{EDITOR}?position={quote(example['position'], safe='')}"
    if example["move"]:
        link += f"&move={quote(example['move'], safe='')}"
        what = f"`{example['move']}` there"
    else:
        what = "whose decision it is there"
    return f"- **Example:** [a position where it decides]({link}): {what}, in the board editor of `ragusa serve`"


def with_examples(markdown: str) -> str:
    """Each clause's entry with a link to its example position in the board editor, when it has one."""
    out, clause = [], None
    for line in markdown.split("\n"):
        out.append(line)
        heading = _HEADING.match(line)
        if heading:
            clause = heading.group(1)
        elif clause and line.startswith("- **Source:**"):
            example = _example(clause)
            if example:
                out.append(example)
            clause = None
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if "<!-- ragusa:" not in markdown:
        return with_examples(markdown)
    build = _current[0]
    blocks = _blocks(build, page.file.src_uri)
    for name, render in blocks.items():
        marker = PLACEHOLDER.format(name)
        if marker in markdown:
            markdown = markdown.replace(marker, render())
    if "<!-- ragusa:" in markdown:
        leftover = markdown[markdown.index("<!-- ragusa:") :].split("-->", 1)[0] + "-->"
        raise PluginError(f"{page.file.src_uri}: unknown placeholder {leftover} (known: {', '.join(blocks)})")
    return with_examples(markdown)
