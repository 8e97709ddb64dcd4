"""The TypeScript types of the protocol (`ragusa.d.ts`): a misspelled field in any request does not
compile, `status.phase` is the union of phases, and `Success` narrows an answer to its success shape.
(Tooling: no clause marker.)"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from ragusa.core.state import Phase
from ragusa.embed.typescript import shipped
from tests.embed_support import JS, TSC, need_node
from tests.test_protocol_strict import MINIMAL


def _tsc(tmp_path: Path, source: str) -> str:
    need_node()
    (tmp_path / "client.ts").write_text(source, encoding="utf-8")
    config = json.loads((JS / "tsconfig.json").read_text(encoding="utf-8"))
    config["compilerOptions"]["paths"]["ragusa"] = [str(shipped())]
    config["files"] = [str(tmp_path / "client.ts")]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    done = subprocess.run([str(TSC), "-p", str(tmp_path)], capture_output=True, text=True, timeout=300, check=False)
    return done.stdout


def test_every_request_refuses_a_misspelled_field_and_takes_its_own(tmp_path: Path) -> None:
    lines = ['import { loadRagusa } from "ragusa";', "const r = await loadRagusa();"]
    for op in sorted(MINIMAL):
        lines.append(f"await r.request({json.dumps(MINIMAL[op])});")  # fits: compiles
        lines.append(f"await r.request({json.dumps({**MINIMAL[op], 'zzz': 1})});")  # a field no op has
    out = _tsc(tmp_path, "\n".join(lines) + "\n")
    wrong = {int(line.split("(")[1].split(",")[0]) for line in out.splitlines() if "client.ts(" in line}
    assert wrong == {4 + 2 * i for i in range(len(MINIMAL))}, out


def test_the_phase_is_a_union_and_success_narrows_an_answer(tmp_path: Path) -> None:
    source = "\n".join(
        [
            'import { loadRagusa, type AnswerTo, type LegalRequest, type Success } from "ragusa";',
            "const r = await loadRagusa();",
            'const a = await r.request({ op: "legal", game: "g1", explain: true });',
            "if (a.ok) console.log(a.legal[0].explain, a.status.version);",  # narrowed: compiles
            "const s: Success<AnswerTo<LegalRequest>> | null = a.ok ? a : null; console.log(s?.legal.length);",
            'if (a.ok && a.status.phase === "nonsense") console.log("never");',  # line 6: no such phase
            "console.log(a.legal);",  # line 7: an error answer has no legal
        ]
    )
    out = _tsc(tmp_path, source + "\n")
    wrong = sorted({int(line.split("(")[1].split(",")[0]) for line in out.splitlines() if "client.ts(" in line})
    assert wrong == [6, 7], out
    assert all(f'"{p.value}"' in out for p in Phase)  # the error lists the union of phases
