"""Ragusa where user interfaces run: the export (`ragusa export-web`), `ragusa.mjs` in Node.js, the
TypeScript types, the saved store of the exported page and the `ragusa-engine` script."""

from __future__ import annotations

import importlib.metadata
import io
import json
import subprocess
import tomllib
import zipfile
from pathlib import Path

import pytest

from ragusa.cli import main as cli_main
from ragusa.embed.costs import api_decisions, protocol_rate
from ragusa.embed.costs import main as costs_main
from ragusa.embed.export import PYODIDE_VERSION, ExportError, export_web, find_pyodide
from ragusa.embed.runtime import Engine
from ragusa.embed.typescript import declarations, shipped, ts_type
from ragusa.embed.wheels import BABEL_VERSION, RUNTIME_REQUIRES, wheel_pins
from ragusa.service import engine as engine_module
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from tests.embed_support import JS, PYODIDE, ROOT, TSC, native_transcript, need_node, play

# --------------------------------------------------------------------------- what the export holds


def test_the_export_holds_the_runtime_the_wheels_the_module_and_the_page(site: Path) -> None:
    names = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert {"index.html", "page.js", "ragusa.mjs", "ragusa.d.ts", "ragusa.d.mts", "board.json"} <= names
    assert {"ragusa-worker.mjs", "package.json", "README.md"} <= names
    assert {"pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"} <= names
    assert {"static/app.js", "static/board.js", "static/app.css"} <= names
    wheels = json.loads((site / "wheels" / "wheels.json").read_text())["wheels"]
    # ragusa and what it needs under Pyodide's Python (3.14): attrs, cattrs and cattrs' typing_extensions;
    # Babel for the French and Polish catalogues, with the locale data of those languages only
    assert [w.split("-")[0] for w in wheels] == ["attrs", "babel", "cattrs", "ragusa", "typing_extensions"]
    with zipfile.ZipFile(site / "wheels" / next(w for w in wheels if w.startswith("babel"))) as babel:
        data = sorted(n.rsplit("/", 1)[-1] for n in babel.namelist() if n.startswith("babel/locale-data/"))
    assert data == ["en.dat", "fr.dat", "pl.dat", "root.dat"]
    assert all(w.endswith("-py3-none-any.whl") for w in wheels)
    # the modules compiled by Pyodide's Python, and its memory with the engine imported (made under Node.js)
    manifest = json.loads((site / "wheels" / "wheels.json").read_text())
    assert (manifest["bytecode"], manifest["snapshot"]) == ("bytecode.zip", "snapshot.gz")
    assert {"wheels/bytecode.zip", "wheels/snapshot.gz"} <= names
    html = (site / "index.html").read_text()
    assert '"/static/' not in html and 'src="static/app.js"' in html
    assert html.index('src="page.js"') < html.index('src="static/board.js"') < html.index('src="static/app.js"')


def test_without_the_runtime_the_export_says_what_to_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ExportError, match=r"npm ci --prefix js"):
        find_pyodide(tmp_path)
    assert cli_main(["export-web", str(tmp_path / "out"), "--pyodide", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "npm ci --prefix js" in err and PYODIDE_VERSION in err


def test_the_pyodide_pin_is_the_one_of_js_package_json() -> None:
    package = json.loads((JS / "package.json").read_text())
    lock = json.loads((JS / "package-lock.json").read_text())
    assert package["devDependencies"]["pyodide"] == PYODIDE_VERSION
    assert lock["packages"]["node_modules/pyodide"]["version"] == PYODIDE_VERSION


def test_the_wheels_need_what_the_base_install_needs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = tuple(dep.split(">")[0].split("=")[0].strip() for dep in project["dependencies"])
    assert names == RUNTIME_REQUIRES == ("attrs", "cattrs")


# --------------------------------------------------------------------------- Node.js


def test_node_plays_through_ragusa_mjs_as_the_native_engine_answers(site: Path) -> None:
    """Three seeded games (2nd and 1st edition, solo), every op, malformed requests: line for line the same."""
    native = native_transcript()
    assert play("module", str(site / "ragusa.mjs")) == native
    ops = [json.loads(e["request"]).get("op") for e in native if e["request"].startswith('{"')]
    assert set(ops) >= {"info", "new_game", "legal", "apply", "view", "log", "undo", "record", "replay"}
    over = [json.loads(e["answer"]) for e in native if '"op":"record"' in e["request"]]
    assert len(over) == 3 and all(a["ok"] for a in over)
    # malformed documents explained by the compiled validators (no jsonschema in Pyodide): path and problem
    errors = [
        json.loads(e["answer"])["error"] for e in native if '"slot":"2"' in e["request"] or '"seven"' in e["request"]
    ]
    assert [(e["path"], e["message"]) for e in errors] == [
        ("$.action.slot", "field 'action.slot': expected integer, got \"2\""),
        ("$.record.seed", "field 'record.seed': expected integer, got \"seven\""),
    ]


def _speaks_french_and_polish(site: Path) -> None:
    """`info` in French and in Polish through the site's ragusa.mjs in Node.js: the native engine's answers."""
    script = (
        f"import {{ loadRagusa }} from {json.dumps((site / 'ragusa.mjs').as_uri())};\n"
        "const r = await loadRagusa();\n"
        "for (const lang of ['fr', 'pl']) console.log(JSON.stringify(await r.request({ op: 'info', lang })));\n"
    )
    done = subprocess.run(
        [need_node(), "--input-type=module", "-e", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    french, polish = (json.loads(line) for line in done.stdout.splitlines())
    assert (french["strings"]["Language"], polish["strings"]["Language"]) == ("Langue", "Język")
    store = MemoryStore()
    assert [french, polish] == [json.loads(json.dumps(handle(store, {"op": "info", "lang": g}))) for g in ("fr", "pl")]


def test_node_speaks_french_and_polish_as_the_native_engine(site: Path) -> None:
    _speaks_french_and_polish(site)


def test_an_export_made_without_babel_installed_has_babel_and_speaks_french_and_polish(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As from a plain `pip install ragusa`: Babel comes at its pinned version, trimmed to the table's
    languages, and the catalogues come in ragusa's wheel."""
    installed = importlib.metadata.version

    def without_babel(name: str) -> str:
        if name.lower() == "babel":
            raise importlib.metadata.PackageNotFoundError(name)
        return installed(name)

    need_node()
    monkeypatch.setattr(importlib.metadata, "version", without_babel)
    assert wheel_pins()["babel"] == BABEL_VERSION
    site = tmp_path / "site"
    export_web(site, pyodide=PYODIDE, say=lambda _: None)
    monkeypatch.undo()
    wheels = json.loads((site / "wheels" / "wheels.json").read_text())["wheels"]
    (babel,) = [w for w in wheels if w.startswith("babel-")]
    assert babel == f"babel-{BABEL_VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(site / "wheels" / babel) as zf:
        data = sorted(n.rsplit("/", 1)[-1] for n in zf.namelist() if n.startswith("babel/locale-data/"))
    assert data == ["en.dat", "fr.dat", "pl.dat", "root.dat"]
    (own,) = [w for w in wheels if w.startswith("ragusa-")]
    with zipfile.ZipFile(site / "wheels" / own) as zf:
        assert {"ragusa/text/locale/fr.po", "ragusa/text/locale/pl.po"} <= set(zf.namelist())
    _speaks_french_and_polish(site)


def test_the_protocol_benchmark_plays_the_api_s_games_through_ragusa_mjs(site: Path) -> None:
    """`python -m ragusa.embed.costs`'s protocol figure: the same games, so the same decisions, each way."""
    decisions, seconds = protocol_rate(site, 2)
    assert decisions == api_decisions(2) and decisions > 2 * 20 and seconds > 0


def test_started_without_the_snapshot_node_gets_the_same_answers(site: Path) -> None:
    """Python started from nothing (the wheels and the bytecode only), as when the export had no Node.js."""
    assert play("module", str(site / "ragusa.mjs"), "--no-snapshot") == native_transcript()


# --------------------------------------------------------------------------- TypeScript


def test_the_shipped_typescript_declarations_are_current() -> None:
    assert shipped().read_text(encoding="utf-8") == declarations(), "run python -m ragusa.embed.typescript"


def test_schema_keywords_become_typescript_types() -> None:
    assert (
        ts_type({"type": "array", "prefixItems": [{"type": "integer"}] * 3, "items": False})
        == "[number, number, number]"
    )
    assert ts_type({"anyOf": [{"$ref": "#/$defs/SoloState"}, {"type": "null"}]}) == "SoloState | null"
    assert ts_type({"type": ["string", "integer", "null"]}) == "string | number | null"
    assert ts_type({"enum": ["1st", "2nd"]}) == '"1st" | "2nd"'
    assert ts_type({"$ref": "view.schema.json"}) == "PlayerView"
    assert ts_type({"type": "object", "additionalProperties": {"type": "integer"}}) == "{\n  [key: string]: number;\n}"


def _tsc(project: Path) -> subprocess.CompletedProcess[str]:
    need_node()
    return subprocess.run([str(TSC), "-p", str(project)], capture_output=True, text=True, timeout=300, check=False)


def test_a_typescript_client_type_checks_and_a_wrong_one_does_not(tmp_path: Path) -> None:
    done = _tsc(JS)
    assert done.returncode == 0, done.stdout
    wrong = tmp_path / "wrong.ts"
    wrong.write_text(
        'import { loadRagusa } from "ragusa";\n'
        "const r = await loadRagusa();\n"
        'const a = await r.request({ op: "apply", game: "g1", action: { type: "place", spot: 28 } });\n'
        "if (a.ok) console.log(a.status.winners, a.lines);\n"
    )
    config = json.loads((JS / "tsconfig.json").read_text())
    config["compilerOptions"]["paths"]["ragusa"] = [str(shipped())]
    config["files"] = [str(wrong)]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    done = _tsc(tmp_path)
    # the spot must be a string; an apply answer has no "lines" (that is the log's)
    assert done.returncode != 0 and "wrong.ts(3," in done.stdout and "wrong.ts(4," in done.stdout, done.stdout


# --------------------------------------------------------------------------- the page's saved games


def _ask(engine: Engine, request: dict[str, object]) -> dict[str, object]:
    answer: dict[str, object] = json.loads(engine.respond(json.dumps(request)))
    return answer


def test_saved_games_come_back_as_they_were_with_bots_and_tokens() -> None:
    page = Engine(saved="")
    started = _ask(page, {"op": "new_game", "players": 3, "seats": ["random", "human", "greedy"], "seed": 4})
    token = started["tokens"][1]  # type: ignore[index]
    for _ in range(6):
        legal = _ask(page, {"op": "legal", "game": "g1", "token": token})
        _ask(page, {"op": "apply", "game": "g1", "token": token, "action": legal["legal"][-1]["action"]})  # type: ignore[index]
    before = [_ask(page, {"op": op, "game": "g1", "token": token}) for op in ("view", "log", "record")]
    reloaded = Engine(saved=page.dump())
    assert [_ask(reloaded, {"op": op, "game": "g1", "token": token}) for op in ("view", "log", "record")] == before
    actions = before[0]["status"]["actions"]  # type: ignore[index]
    assert actions >= 12  # six of seat 1, and the bots' moves between them (not played again)
    # the next game is g2, and a token of another game still opens nothing
    assert _ask(reloaded, {"op": "new_game", "players": 2, "seed": 1})["status"]["game"] == "g2"  # type: ignore[index]
    assert _ask(reloaded, {"op": "view", "game": "g1", "token": "x"})["error"]["code"] == "forbidden"  # type: ignore[index]


def test_saved_games_keep_the_seats_names_and_log() -> None:
    page = Engine(saved="")
    started = _ask(page, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "names": ["Ana", None]})
    token = started["tokens"][0]  # type: ignore[index]
    before = [_ask(page, {"op": op, "game": "g1", "token": token}) for op in ("view", "log")]
    reloaded = Engine(saved=page.dump())
    after = [_ask(reloaded, {"op": op, "game": "g1", "token": token}) for op in ("view", "log")]
    assert after == before
    assert after[0]["status"]["names"] == ["Ana", None]  # type: ignore[index]


def test_a_native_engine_store_is_not_saved() -> None:
    assert Engine(seed=1).dump() == ""


# --------------------------------------------------------------------------- the ragusa-engine script


def test_ragusa_engine_is_ragusa_engine(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (
        '{"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3}\n\n{"op": "legal", "game": "g1"}\n'
    )
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert engine_module.main(["--seed", "1"]) == 0
    script = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert cli_main(["engine", "--seed", "1"]) == 0
    assert capsys.readouterr().out == script and script.count("\n") == 2
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["ragusa-engine"] == "ragusa.service.engine:main"


@pytest.mark.parametrize(("flag", "value", "least"), [("--loads", "0", 1), ("--games", "0", 1), ("--warmup", "-1", 0)])
def test_the_costs_refuse_a_count_they_cannot_measure(
    flag: str, value: str, least: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a count of nothing has no median: refused before any measuring, in one line
    with pytest.raises(SystemExit) as exit_:
        costs_main([str(tmp_path), flag, value])
    assert exit_.value.code == 2
    assert f"{flag} must be at least {least}; got {value}" in capsys.readouterr().err
