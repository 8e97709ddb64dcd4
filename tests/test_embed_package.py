"""The export as an npm package: `npm pack SITE`, `npm install` of the tarball in a new project (offline:
it has no dependencies), then `import { loadRagusa } from "ragusa"` in Node.js, in the caller's thread
and in a worker (`loadRagusa({ worker: true })`, worker_threads), answering as the native engine does."""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest

from ragusa._version import __version__
from ragusa.embed.export import PACKAGE_FILES, ExportError, npm_version
from ragusa.service.protocol import handle
from ragusa.service.store import MemoryStore
from tests.embed_support import install_package, node_script

#: what a UI sends first: the vocabulary, a game (seat 0 decides first with seed 3), its legal actions
_START = [{"op": "info"}, {"op": "new_game", "players": 2, "seats": ["human", "greedy"], "seed": 3}]

#: the script a UI would write: each request of _START, then seat 0's first legal action, in the
#: caller's thread and then in a worker; every answer printed as one JSON line
_SCRIPT = """import { loadRagusa } from "ragusa";
for (const worker of [false, true]) {
  const ragusa = await loadRagusa({ seed: 1, worker });
  const answers = [];
  for (const message of %s) answers.push(await ragusa.request(message));
  const game = answers[1].status.game;
  answers.push(await ragusa.request({ op: "legal", game }));
  const action = answers[2].legal[0].action;
  answers.push(await ragusa.request({ op: "apply", game, seat: 0, action }));
  console.log(JSON.stringify({ worker, pyodide: ragusa.pyodide === null ? null : "here", answers }));
}
"""


@pytest.fixture(scope="module")
def packed(site: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The tarball `npm pack` made of the export, and a new npm project that installed it."""
    project = tmp_path_factory.mktemp("ui") / "a-ui"
    return install_package(site, project), project


@pytest.fixture(scope="module")
def project(packed: tuple[Path, Path]) -> Path:
    return packed[1]


def _native() -> list[Any]:
    """The same requests to the native engine (`ragusa engine --seed 1`'s store)."""
    store = MemoryStore(seed=1)
    answers = [json.loads(json.dumps(handle(store, message))) for message in _START]
    game = answers[1]["status"]["game"]
    answers.append(json.loads(json.dumps(handle(store, {"op": "legal", "game": game}))))
    action = answers[2]["legal"][0]["action"]
    answers.append(json.loads(json.dumps(handle(store, {"op": "apply", "game": game, "seat": 0, "action": action}))))
    return answers


def test_the_export_is_an_npm_package_at_the_library_version(site: Path) -> None:
    package = json.loads((site / "package.json").read_text())
    assert package["name"] == "ragusa" and package["version"] == __version__ == "0.2.0"
    assert package["exports"]["."] == {"types": "./ragusa.d.ts", "default": "./ragusa.mjs"}
    assert package["types"] == "./ragusa.d.ts" and package["files"] == list(PACKAGE_FILES)
    # nothing to fetch: the runtime is in the package
    assert not {"dependencies", "peerDependencies", "optionalDependencies"} & set(package)
    assert all((site / name).exists() for name in package["files"])


def test_the_tarball_holds_the_module_its_types_and_the_runtime_not_the_page(packed: tuple[Path, Path]) -> None:
    tarball, project = packed
    assert tarball.name == f"ragusa-{__version__}.tgz"
    with tarfile.open(tarball) as tar:
        names = tar.getnames()
    top = {name.split("/")[1] for name in names}
    assert top == {"package.json", "README.md", "ragusa.mjs", "ragusa-worker.mjs", "ragusa.d.ts", "ragusa.d.mts"} | {
        "pyodide",
        "wheels",
    }
    assert "package/wheels/snapshot.gz" in names and "package/pyodide/pyodide.asm.wasm" in names
    installed = project / "node_modules" / "ragusa"
    assert not installed.is_symlink() and (installed / "wheels" / "wheels.json").is_file()


def test_a_new_project_imports_it_by_name_in_its_thread_and_in_a_worker(project: Path) -> None:
    runs = node_script(_SCRIPT % json.dumps(_START), project)
    native = _native()
    assert [(r["worker"], r["pyodide"]) for r in runs] == [(False, "here"), (True, None)]
    assert runs[0]["answers"] == native and runs[1]["answers"] == native
    # the move was played (and the greedy seat's answer after it): two actions
    assert native[3]["ok"] and native[3]["status"]["actions"] == 2


def test_a_worker_keeps_node_alive_only_while_it_works(project: Path) -> None:
    """The script ends without `terminate()`; a terminated worker refuses what is sent after."""
    script = """import { loadRagusa } from "ragusa";
const ragusa = await loadRagusa({ worker: true });
console.log(JSON.stringify(await ragusa.request({ op: "fly" })));
ragusa.terminate();
console.log(JSON.stringify(await ragusa.request({ op: "info" }).catch(error => error.message)));
const idle = await loadRagusa({ worker: true });
console.log(JSON.stringify(idle.version));
"""
    unknown, refused, version = node_script(script, project, timeout=120)
    assert unknown["ok"] is False and unknown["error"]["code"] == handle(MemoryStore(), {"op": "fly"})["error"]["code"]
    assert refused.startswith("ragusa: ") and version == __version__


def test_saved_games_dump_and_restore_in_a_worker_as_in_the_thread(project: Path) -> None:
    """`dump()` then `restore()` of another engine's games: the same view; in a worker both are promises."""
    script = """import { loadRagusa } from "ragusa";
const games = [];
for (const worker of [false, true]) {
  const first = await loadRagusa({ saved: "", worker });
  const started = await first.request({ op: "new_game", players: 2, seats: ["human", "greedy"], seed: 3 });
  const { legal } = await first.request({ op: "legal", game: "g1" });
  await first.request({ op: "apply", game: "g1", seat: 0, action: legal[0].action });
  const saved = await first.dump();
  const second = await loadRagusa({ saved: "", worker });
  const before = await second.request({ op: "view", game: "g1", seat: 0 });
  await second.restore(saved);
  const after = await second.request({ op: "view", game: "g1", seat: 0 });
  const view = await first.request({ op: "view", game: "g1", seat: 0 });
  games.push({ worker, before: before.ok, same: JSON.stringify(after) === JSON.stringify(view), actions: view.status.actions });
}
console.log(JSON.stringify(games));
"""
    (games,) = node_script(script, project)
    # seat 0's move and the greedy seat's answer: two actions, there after the restore and not before it
    assert games == [{"worker": w, "before": False, "same": True, "actions": 2} for w in (False, True)]


def test_the_npm_spelling_of_the_version() -> None:
    assert [npm_version(v) for v in ("0.2.0", "0.3.0.dev1", "1.0.0rc2", "1.0.0.post1")] == [
        "0.2.0",
        "0.3.0-dev.1",
        "1.0.0-rc.2",
        "1.0.0-post.1",
    ]
    with pytest.raises(ExportError, match="no npm spelling"):
        npm_version("1.0")


def test_typescript_reads_the_installed_package_by_name(project: Path) -> None:
    """A client in the project type-checks against the package's own types (its `exports` give them)."""
    from tests.embed_support import TSC

    (project / "client.ts").write_text(
        'import { loadRagusa } from "ragusa";\n'
        "const ragusa = await loadRagusa({ worker: true });\n"
        'const answer = await ragusa.request({ op: "new_game", players: 2 });\n'
        "const saved: Promise<string> = ragusa.dump();\n"
        "if (answer.ok) console.log(answer.status.game, saved);\n"
        'await ragusa.request({ op: "new_game", players: "2" });\n'
    )
    config = {
        "compilerOptions": {"strict": True, "noEmit": True, "target": "es2022", "module": "nodenext"},
        "files": ["client.ts"],
    }
    (project / "tsconfig.json").write_text(json.dumps(config))
    done = subprocess.run([str(TSC), "-p", str(project)], capture_output=True, text=True, timeout=300, check=False)
    # only the field of the wrong type is an error
    assert done.returncode != 0 and done.stdout.count("error TS") == 1 and "client.ts(6," in done.stdout, done.stdout
