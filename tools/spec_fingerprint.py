"""Write tests/data/spec_fingerprint.json: what the registry tests need to know of the rule sources.

The project's rule catalogue (SPEC.md) and the rulebook texts are not part of the repository. The
registry tests check that ``clauses.toml`` names every clause of the catalogue, keeps each of its
numbers, and copies no sentence of the catalogue or of the English rulebook. For that they need
only the clause IDs, the numbers of each clause, and fingerprints of the sentences (SHA-256 of the
normalised words), which this script extracts. No text of either source is stored.

    python tools/spec_fingerprint.py PATH/TO/SPEC.md PATH/TO/ragusa-1st-edition-2018-en.txt

Run it again whenever the catalogue changes; the tests then follow.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
from pathlib import Path

CLAUSE_ID = r"[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?"
OUTPUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "spec_fingerprint.json"
#: sentences shorter than this many words are too common to count as copies
MIN_WORDS = 8


def words(text: str) -> list[str]:
    """The text's words: lower case, runs of anything but letters and digits as separators."""
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).split()


def digest(seq: list[str]) -> str:
    return hashlib.sha256(" ".join(seq).encode("utf-8")).hexdigest()[:16]


def sentence_prints(text: str) -> list[tuple[int, str]]:
    """(word count, digest) of every sentence with at least MIN_WORDS words."""
    found: list[tuple[int, str]] = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        seq = words(sentence)
        if len(sentence.split()) >= MIN_WORDS and seq:
            found.append((len(seq), digest(seq)))
    return found


def numbers(text: str) -> list[str]:
    return sorted(set(re.findall(r"\d+", re.sub(CLAUSE_ID, "", text))), key=int)


def spec_clauses(spec: str) -> dict[str, str]:
    """Clause ID -> its text (list items, continuation lines, and the ED table rows)."""
    clauses: dict[str, str] = {}
    current: list[str] = []
    for line in spec.splitlines():
        item = re.match(rf"^- ({CLAUSE_ID}(?: / {CLAUSE_ID})*): (.*)$", line)
        row = re.match(rf"^\| ({CLAUSE_ID}) \| (.*) \|$", line)
        if item:
            current = item.group(1).split(" / ")
            for cid in current:
                clauses[cid] = item.group(2)
        elif row:
            current = []
            clauses[row.group(1)] = row.group(2).replace(" | ", "; ")
        elif current and line.startswith("  "):
            for cid in current:
                clauses[cid] += " " + line.strip()
        else:
            current = []
    return clauses


def fingerprint(spec: str, rulebook: str) -> dict[str, object]:
    clauses = {
        cid: {"whole": digest(words(text)), "numbers": numbers(text), "sentences": sentence_prints(text)}
        for cid, text in spec_clauses(spec).items()
    }
    return {"min_words": MIN_WORDS, "clauses": clauses, "rulebook_1st_en": sentence_prints(rulebook)}


def to_text(data: dict[str, object]) -> str:
    """JSON with one line per clause and per rulebook sentence, so that a change shows in a diff."""
    clauses: dict[str, object] = data["clauses"]  # type: ignore[assignment]
    book: list[object] = data["rulebook_1st_en"]  # type: ignore[assignment]
    lines = [f' "min_words": {data["min_words"]},', ' "clauses": {']
    lines += [f"  {json.dumps(cid)}: {json.dumps(v, sort_keys=True)}," for cid, v in sorted(clauses.items())]
    lines[-1] = lines[-1].rstrip(",")
    lines += [" },", ' "rulebook_1st_en": [']
    lines += [f"  {json.dumps(p)}," for p in book]
    lines[-1] = lines[-1].rstrip(",")
    return "{\n" + "\n".join(lines) + "\n ]\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("spec", type=Path)
    parser.add_argument("rulebook", type=Path)
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args()
    data = fingerprint(args.spec.read_text(encoding="utf-8"), args.rulebook.read_text(encoding="utf-8"))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(to_text(data), encoding="utf-8")
    print(f"{len(data['clauses'])} clauses -> {args.output}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
